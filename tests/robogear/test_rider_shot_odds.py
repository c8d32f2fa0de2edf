"""RG-INF-APC, RG-INF-ABOVE: the exact odds of an aimed shot at a trooper riding a carrier,
on the web table and from `warbench odds robogear shot rider=true`: its defence is D6+2
whatever the cover (no hard target), and a trooper's aim from above is judged against the
carrier it rides, as the game rolls them over every face of the dice."""

from __future__ import annotations

from itertools import product

import pytest

from tests.robogear.helpers import RULES, RGame, army, battle, put, turn_of
from warbench.core.dice import ScriptedDice
from warbench.core.events import Roll
from warbench.rulesets.robogear.actions import Shoot
from warbench.rulesets.robogear.events import Damaged
from warbench.rulesets.robogear.odds import ShotOdds
from warbench.rulesets.robogear.pieces import Block

ROVER, RIDER = 1, 2


def _hit_by_the_game(game: RGame, action: Shoot) -> float:
    """The chance the shot damages the rider, over every face of every die it rolls."""
    trial = game.copy()
    trial.set_dice(ScriptedDice([1] * 20))
    before = len(trial.events)
    trial.apply(0, action)
    dice = [e.sides for e in trial.events[before:] if isinstance(e, Roll) for _ in e.faces]
    assert len(dice) == 2  # accuracy, and the rider's D6
    found = 0.0
    for faces in product(*(range(1, sides + 1) for sides in dice)):
        trial = game.copy()
        trial.set_dice(ScriptedDice(faces))
        before = len(trial.events)
        trial.apply(0, action)
        if any(isinstance(e, Damaged) and e.unit == RIDER for e in trial.events[before:]):
            found += 1 / 36
    return found


def _game(shooter: str) -> RGame:
    game = battle(army((shooter, 1)), army(("verdant-rover", 1), ("verdant-rifleman", 1)))
    put(game, 0, 30, 15, 0.0)
    put(game, ROVER, 30.5, 27, 90.0)
    rider = put(game, RIDER, 5.0, 5.0)  # where it boarded: no matter, it rides the rover
    rider.carried_by = ROVER
    turn_of(game, 0)
    return game


def test_rg_inf_apc_the_tables_odds_of_a_shot_at_a_rider_are_d6_plus_2() -> None:
    """RG-INF-APC: the walker's autocannon at medium range at a rifleman riding a rover:
    D6 - 1 must beat D6 + 2 (3 of the 36 pairs), not the open ground's nothing with +1
    for a hard target (which would give 4 in 6): the table's odds are the game's."""
    game = _game("ferrum-walker")
    action = Shoot(0, 0, RIDER)
    assert game.check(0, action) is None
    answer = RULES.action_odds(game.observe(0).state, action)
    assert answer is not None and not answer.withheld
    assert answer.named["hit"] == pytest.approx(_hit_by_the_game(game, action), abs=1e-12)
    assert answer.named["hit"] == pytest.approx(3 / 36)
    odds = ShotOdds(RULES.data)
    asked = odds.odds(odds.parse_options(["shooter=ferrum-walker", "target=verdant-rifleman",
                                          "distance=10", "rider=true"]))
    assert asked.named["hit"] == pytest.approx(3 / 36)


def test_rg_inf_above_a_rider_is_shot_from_above_its_carrier_or_not_at_all() -> None:
    """RG-INF-ABOVE, RG-INF-APC: a rifleman on a hill 2 steps high shoots a rider: the
    game judges the height against the carrier the rider is in (its cabin 2.4 steps up:
    no bonus), not against a trooper on the ground (a step below: +1); the table's odds
    are the game's."""
    game = _game("ferrum-rifleman")
    game.state.terrain.append(Block(28.0, 13.0, 32.0, 17.0, 2.0, "hill"))
    action = Shoot(0, 0, RIDER)
    assert game.check(0, action) is None
    answer = RULES.action_odds(game.observe(0).state, action)
    assert answer is not None and not answer.withheld
    assert answer.named["hit"] == pytest.approx(_hit_by_the_game(game, action), abs=1e-12)
    assert answer.named["hit"] == pytest.approx(3 / 36)  # D6 - 1 beats D6 + 2
