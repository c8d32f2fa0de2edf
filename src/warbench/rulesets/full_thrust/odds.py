"""Exact odds of Full Thrust attacks: ``warbench odds full-thrust ATTACK key=value ...``.

Each attack reads its dice through the tables and rule functions the game rolls with
(:mod:`~warbench.rulesets.full_thrust.scoring`, :mod:`~warbench.rulesets.full_thrust.damage`)
and the numbers of the ruleset's data files (range bands, salvo and threshold rules), via
:mod:`~warbench.rulesets.full_thrust.exact`. Damage is followed as normal and penetrating
points together, so armour, hull rows, threshold checks and destruction come out exactly.

>>> attacks = attack_odds(load_library())
>>> beam = attacks["beam"]
>>> answer = beam.odds(beam.parse_options(["beam_class=3", "range=6", "screens=2"]))
>>> round(answer.distribution.mean, 6), round(answer.named["none"], 6)
(1.4, 0.296296)
"""

from __future__ import annotations

from warbench.core.attacks import AttackOdds
from warbench.rulesets.full_thrust.library import Library, load_library
from warbench.rulesets.full_thrust.odds_alien import (
    PlasmaOdds,
    PodOdds,
    PulserOdds,
    StingerOdds,
)
from warbench.rulesets.full_thrust.odds_fighters import (
    DogfightOdds,
    FighterOdds,
    InterceptOdds,
    PdsOdds,
    SalvoOdds,
)
from warbench.rulesets.full_thrust.odds_kravak import KGunOdds, MkpOdds, ScattergunOdds
from warbench.rulesets.full_thrust.odds_target import ThresholdOdds
from warbench.rulesets.full_thrust.odds_weapons import (
    BeamOdds,
    NeedleOdds,
    PulseTorpedoOdds,
    SubmunitionOdds,
)


def attack_odds(lib: Library | None = None) -> dict[str, AttackOdds]:
    """Every Full Thrust attack whose odds are answered, by name."""
    lib = lib or load_library()
    attacks: list[AttackOdds] = [
        BeamOdds(lib), SubmunitionOdds(lib), PulseTorpedoOdds(lib), NeedleOdds(lib),
        PdsOdds(lib), FighterOdds(lib), SalvoOdds(lib), DogfightOdds(lib), InterceptOdds(lib),
        ThresholdOdds(lib), KGunOdds(lib), MkpOdds(lib), ScattergunOdds(lib),
        PlasmaOdds(lib), PulserOdds(lib), StingerOdds(lib), PodOdds(lib),
    ]
    return {attack.name: attack for attack in attacks}
