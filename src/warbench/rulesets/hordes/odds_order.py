"""An attack's damage rolls on several models followed in the game's order, for the web
table's odds of an AOE (:mod:`.odds_blast`) and a spray (:mod:`.odds_spray`).

The game makes the rolls one after another, each once the damage of the one before has
landed, so a roll's odds hang on the rolls before it: the attacking warlock boosts each
while its fury lasts (HOR-BOOST); a warbeast under its own template may cripple its own
body, each roll after it one die short (HOR-AOE); and a roll that destroys a warlock, the
enemy's or the attacker's own side's, ends the game at once (HOR-VICTORY, the game's
``destroy`` then ``Game.end``, which empties the stack): the rolls after it are never made.
:func:`follow` walks each way the attack may land through those rolls and says, for each
model, how likely its roll is made each way (:data:`Made`), or not made, the game over.

>>> from warbench.rulesets.hordes.data import DATA_DIR, DataFolder, load_data
>>> data = load_data(DataFolder(DATA_DIR))
>>> vesk = Model(0, 0, "vesk", False, 0.0, 0.0, 0.0)
>>> maelis = Model(1, 1, "maelis", False, 0.0, 6.0, 0.0, damage=16)  # one box left
>>> hound = Model(2, 1, "mosshound", True, 1.0, 6.0, 0.0, spiral=[0] * 6)
>>> made = follow(data, vesk, Strike("magic", 10, 8.0, 3), [Landing(1.0, ((maelis, 1.0),
...                                                                 (hound, 1.0)))], fury=0)
>>> made[1]  # Maelis's roll is always made, unboosted, no die short
{(False, False): 1.0}
>>> round(made[2][None], 4)  # not made where her roll (2d6 + 10, ARM 14) destroyed her
0.8333
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from warbench.core.attacks import OddsAnswer
from warbench.core.odds import Dist
from warbench.rulesets.hordes.combat import Strike, strike_power
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.odds_others import BOOSTED, damage_outcomes
from warbench.rulesets.hordes.odds_target import damage_roll_odds, marks
from warbench.rulesets.hordes.profile import is_crippled, stat
from warbench.rulesets.hordes.rolls import dice_count
from warbench.rulesets.hordes.state import Model

#: How a model's damage roll is made: ``(boosted, one die short)`` (the die short for the
#: attacker's crippled body); ``None``: not made, a warlock's death having ended the game.
Made = tuple[bool, bool] | None
#: Said of a model whose damage roll may come after a roll that destroys a warlock.
GAME_MAY_END = "the game may end before its roll"
#: How the lines count the rolls a warlock's death leaves unmade (HOR-VICTORY).
ENDS_NOTE = ("destroying a warlock, the enemy's or the attacker's own side's, ends the game "
             "at once (HOR-VICTORY): the damage rolls after that one are not made, so a line "
             f"saying '{GAME_MAY_END}' counts its outcomes only where no earlier roll "
             "destroyed a warlock")


@dataclass(frozen=True, slots=True)
class Landing:
    """One way the attack may land, with chance ``weight``: the models its damage rolls
    are owed on, in the game's order, each with the chance that its roll is owed (1 under
    a template; its own attack roll's hit chance in a spray's strip)."""

    weight: float
    rolls: tuple[tuple[Model, float], ...]


def follow(data: HordesData, me: Model, strike: Strike, landings: Sequence[Landing],
           fury: int) -> dict[int, dict[Made, float]]:
    """For each model uid, the chance that ``me``'s ``strike`` makes its damage roll each
    way (:data:`Made`, ``None``: the game ended first) over ``landings``, the warlock
    boosting each roll while ``fury`` lasts (0: none boosted)."""
    odds: dict[tuple[int, bool, bool], dict[str, float]] = {}

    def outcome(model: Model, boosted: bool, weak: bool) -> dict[str, float]:
        key = (model.uid, boosted, weak)
        if key not in odds:
            odds[key] = damage_outcomes(data, me, model, strike, boosted=boosted, weak=weak)
        return odds[key]

    made: dict[int, dict[Made, float]] = {}
    for landing in landings:
        # the chance of each (fury left, body crippled) with the game still going on; the
        # attacker as a spell's effects leave it where it is under its own template
        hurt = next((model for model, _ in landing.rolls if model.uid == me.uid), me)
        going = {(fury, is_crippled(data, hurt, "body")): 1.0}
        ended = 0.0
        for model, owed in landing.rolls:
            mine = made.setdefault(model.uid, {})
            _add(mine, None, landing.weight * owed * ended)
            after: dict[tuple[int, bool], float] = {}
            for (left, weak), p in going.items():
                how = (left > 0, weak)
                _add(mine, how, landing.weight * owed * p)
                rolled = outcome(model, *how)
                end = 0.0 if model.beast else rolled["destroyed"]
                harm = rolled.get("body crippled", 0.0) if model.uid == me.uid else 0.0
                _add(after, (left, weak), p * (1.0 - owed))
                _add(after, (max(0, left - 1), weak), p * owed * (1.0 - end - harm))
                _add(after, (max(0, left - 1), True), p * owed * harm)
                ended += p * owed * end
            going = after
    return made


def _add(into: dict[Any, float], key: Any, p: float) -> None:
    """Add ``p`` to ``into[key]`` (nothing where ``p`` is 0)."""
    if p > 0.0:
        into[key] = into.get(key, 0.0) + p


def outcomes(data: HordesData, me: Model, model: Model, strike: Strike,
             made: Mapping[Made, float], suffix: str = "") -> dict[str, float]:
    """What ``me``'s attack leaves of ``model`` (destroyed, each aspect crippled), its roll
    ``made`` as :func:`follow` says; each outcome named with ``suffix``."""
    named: dict[str, float] = {}
    for how, p in made.items():
        if how is not None:
            for key, q in damage_outcomes(data, me, model, strike, boosted=how[0],
                                          weak=how[1]).items():
                named[key + suffix] = named.get(key + suffix, 0.0) + p * q
    return named or {key + suffix: 0.0 for key in damage_outcomes(
        data, me, model, strike, boosted=False, weak=False)}


def short(made: Mapping[Made, float]) -> bool:
    """Whether the fury may run out before the roll (some share of it made unboosted)."""
    return any(how is not None and not how[0] for how in made)


def as_made(answer: OddsAnswer, data: HordesData, me: Model, target: Model, strike: Strike,
            plain: Mapping[Made, float], boosted: Mapping[Made, float] | None,
            before: int | None = None) -> OddsAnswer:
    """``answer``, the target's odds counting its damage roll made in full where the attack
    reaches it (unboosted; ``... (damage boosted)`` boosted), with each share of ``plain``
    (``boosted``: of the boosted outcomes) made another way, or not made, counted so;
    ``target`` as its roll finds it, its boxes counted from ``before`` (a spell's effects
    landed first, :mod:`.odds_effects`; default: what is marked on it)."""
    crippled = is_crippled(data, me, "body")
    start = marks(target)
    down = target.knocked_down or ("knockdown" in strike.qualities and not strike.power_attack)
    power, arm = strike_power(data, me, strike), stat(data, target, "arm")

    def rolled(how: Made) -> OddsAnswer:
        dice = dice_count(strike.boost_damage or bool(how and how[0]), bool(how and how[1]))
        return damage_roll_odds(data, target.card, start, power=power, arm=arm, down=down,
                                dice=dice, made=how is not None, before=before)

    named, totals = dict(answer.named), answer.distribution.to_dict()
    for shares, base, suffix in ((plain, (False, crippled), ""),
                                 (boosted or {}, (True, crippled), BOOSTED)):
        full = rolled(base)
        for how, p in shares.items():
            if how == base:
                continue
            other = rolled(how)
            for key, q in full.named.items():
                if key + suffix in named:
                    now = other.named.get(key, float(f"{key} already" in other.facts))
                    named[key + suffix] += p * (now - q)
            if not suffix:
                for boxes in set(full.distribution.to_dict()) | set(
                        other.distribution.to_dict()):
                    totals[boxes] = totals.get(boxes, 0.0) + p * (
                        other.distribution.p(boxes) - full.distribution.p(boxes))
    return dataclasses.replace(answer, named=named, distribution=Dist.from_mapping(totals))
