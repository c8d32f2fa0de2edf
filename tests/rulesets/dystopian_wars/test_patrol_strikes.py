"""Several patrol wings strike back at one attacker (DW-CAP-AD): the web table's
``attacker ...`` odds apply each wing's strike on its own, as the game applies them,
checked against icepool (the odds reference) and the game's own rolls."""

from __future__ import annotations

import copy
import itertools

import icepool
import pytest

from tests.rulesets.dystopian_wars.helpers import (
    RULES,
    model,
    play,
    refresh,
    scripted,
    seeded,
    setup,
    squadron,
    state,
)
from tests.rulesets.dystopian_wars.test_odds import EXTRA, dw_die, left_after
from warbench.core.engine import Game
from warbench.core.odds import Dist
from warbench.rulesets.dystopian_wars.actions import Activate, CeaseFire, Decline, Fire, Move
from warbench.rulesets.dystopian_wars.attack_rolls import Attack, patrol_counters
from warbench.rulesets.dystopian_wars.combat import shot_refusal
from warbench.rulesets.dystopian_wars.damage import apply_hits
from warbench.rulesets.dystopian_wars.events import CriticalHit, HullDamage
from warbench.testing import chi_square

TOLERANCE = 1e-12


def struck_back(
    strikes: list[icepool.Die], dr: int, cr: int, starting: int, hp: int
) -> dict[str, float]:
    """The attacker's none / damage / critical / destroyed, worked out by hand: each
    strike's hits meet DR and CR on their own, one after another (CR or more a critical
    hit: 2 hull points and a table roll, each 8 one more, per multiple of CR; DR or more
    one point); a strike at a model already gone does nothing; the table is rolled after
    them all."""
    found = dict.fromkeys(("none", "damage", "critical", "destroyed"), 0.0)
    chances = [{int(h): q / die.denominator() for h, q in die.items()} for die in strikes]
    for rolled in itertools.product(*(chance.items() for chance in chances)):
        points = rolls = 0
        critical = False
        for hits, _ in rolled:
            if points >= hp:
                break
            if hits >= cr:
                points, critical = points + 2, True
                rolls += 0 if starting <= 2 else hits // cr
            elif hits >= dr:
                points += 1
        chance = 1.0
        for _, p in rolled:
            chance *= p
        outcome = "critical" if critical else "damage" if points else "none"
        found[outcome] += chance
        found["destroyed"] += chance * (rolls @ EXTRA + points).probability(">=", hp)
    return found


def _patrolled(attacker: str, at: float, seed: int | None = None) -> Game:
    """A British battleship patrolled by two fighter wings, of three tokens and of two,
    and ``attacker`` (alone in its fleet) moved ``at`` inches to within their reach."""
    table = setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
         squadron("britannia-fighter-wing", (36.0, 17.0, 0.0), count=3),
         squadron("britannia-fighter-wing", (38.0, 17.0, 0.0), count=2)],
        [squadron(attacker, (36.0, 24.0, 180.0), name="Striker")],
    )
    game = seeded(table, seed) if seed is not None else scripted(table, (1, 1, 6, 6,
                                                                          *([1] * 60)))
    model(game, 1).cap_with = model(game, 2).cap_with = 0
    refresh(game)
    play(game, Activate(3), Move(3, (at,)))
    return game


@pytest.mark.parametrize(("attacker", "at", "weapon", "damage", "shield"), [
    ("blazing-sun-gyro", 4.0, "rockets", 0, 0),
    ("blazing-sun-gyro", 4.0, "rockets", 3, 0),
    ("prussia-battleship", 2.0, "torpedoes", 0, 1),
])
def test_dw_cap_ad_two_patrol_wings_strike_back_one_by_one(
    attacker: str, at: float, weapon: str, damage: int, shield: int
) -> None:
    """DW-CAP-AD, DW-ODDS-ANSWERED, DW-GENERATORS: two fighter wings (3 and 2 dice on 4+)
    patrol the battleship attacked: the attack offered and the decline show each strike
    back less the attacker's shields meeting its DR and CR on its own, as the game applies
    them (two strikes short of DR do nothing, where their sum would reach it; a gyro at its
    last hull point sunk by the first is not struck by the second), as icepool counts it."""
    game = _patrolled(attacker, at)
    model(game, 3).damage = damage
    spec = RULES.data.models[attacker]
    assert spec.shield == shield
    fire = Fire(((3, weapon),), 0)
    strikes = [left_after(dice @ dw_die(4), shield @ dw_die(4)) for dice in (3, 2)]
    expected = struck_back(strikes, spec.dr, spec.cr, spec.hp, spec.hp - damage)
    summed = struck_back([strikes[0] + strikes[1]], spec.dr, spec.cr, spec.hp,
                         spec.hp - damage)
    assert abs(summed["none"] - expected["none"]) > 0.05  # adding them first is wrong
    offered = RULES.action_odds(game.observe(1).state, fire)
    play(game, fire, CeaseFire())
    declined = RULES.action_odds(game.observe(0).state, Decline())
    assert offered is not None and declined is not None
    for answer in (offered, declined):
        assert sum("(DW-CAP-AD)" in note for note in answer.notes) == 2
        for name, chance in expected.items():
            assert answer.named[f"attacker {name}"] == pytest.approx(chance, abs=TOLERANCE)


def test_dw_cap_ad_two_patrol_wings_fit_the_games_strikes_back() -> None:
    """DW-ODDS-GAME, DW-CAP-AD: two fighter wings strike back at a gyro left with one hull
    point, 3000 times by the game (`patrol_counters`, then `apply_hits` for each wing): how
    often it takes no damage, damage or a critical hit fits the web table's odds."""
    game = _patrolled("blazing-sun-gyro", 4.0, seed=23)
    model(game, 3).damage = 3
    table = state(game)
    shown = RULES.action_odds(game.observe(1).state, Fire(((3, "rockets"),), 0))
    assert shown is not None
    exact = Dist.from_mapping({number: shown.named[f"attacker {name}"] for number, name
                               in enumerate(("none", "damage", "critical"))})
    lead, target = table.models[3], table.models[0]
    _, shot = shot_refusal(table, RULES.data, lead, "rockets", target)
    assert shot is not None
    attack = Attack([(3, "rockets")], 0, shot.dice, shot.needed, shot.kind, shot.band)
    saved, depth = [copy.deepcopy(m) for m in table.models], len(table.stack)
    outcomes = []
    for _ in range(3000):
        struck = patrol_counters(game, table, RULES.data, attack, lead, target)
        assert len(struck) == 2
        for wing, hits in struck:
            apply_hits(game, lead, hits, by_model=wing, cause="combat air patrol")
        seen = [type(event) for event in game.events if getattr(event, "model", -1) == 3]
        outcomes.append(2 if CriticalHit in seen else 1 if HullDamage in seen else 0)
        table.models[:] = [copy.deepcopy(m) for m in saved]
        del table.stack[depth:]
        game.events.clear()
        lead, target = table.models[3], table.models[0]
    stat, critical = chi_square(outcomes, exact)
    assert stat < critical, (stat, critical)
