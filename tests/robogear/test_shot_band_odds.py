"""RG-FIRE-BOUNDARY: a shot's exact odds take the range band as the game picks it: a target
on a band's edge (within the engine's tolerance of it) stands in the band worse for the
shooter, on the web table and from `warbench odds robogear shot` alike."""

from __future__ import annotations

from itertools import product

import pytest

from tests.robogear.helpers import RULES, army, battle, put, turn_of
from warbench.core.dice import ScriptedDice
from warbench.rulesets.robogear.actions import Shoot
from warbench.rulesets.robogear.events import Damaged
from warbench.rulesets.robogear.odds import ShotOdds


def test_rg_fire_boundary_a_shot_just_short_of_a_bands_edge_is_the_owners_band() -> None:
    """RG-FIRE-BOUNDARY: the tank's main cannon (6, 5, 3) at a walker 8 steps less a
    hair (within the engine's tolerance of the short band's edge): the game fires it at
    medium range (5 damage, -1 accuracy), and so do the odds, the table's and the
    command's, over every face of the accuracy die."""
    game = battle(army(("ferrum-tank", 1)), army(("verdant-walker", 1)))
    tank, walker = game.state.units[0], game.state.units[1]
    put(game, 0, 30, 15)
    put(game, 1, 30, 15 + tank.radius + walker.radius + 8.0 - 5e-7)
    turn_of(game, 0)
    action = Shoot(0, 0, 1)
    assert game.check(0, action) is None
    found: dict[int, float] = {}
    for (face,) in product(range(1, 7), repeat=1):
        trial = game.copy()
        script = ScriptedDice([face, *[1] * 5])
        trial.set_dice(script)
        before = len(trial.events)
        trial.apply(0, action)
        dealt = sum(e.amount for e in trial.events[before:] if isinstance(e, Damaged))
        found[dealt] = found.get(dealt, 0.0) + 1 / 6
    answer = RULES.action_odds(game.observe(0).state, action)
    assert answer is not None
    assert {v: p for v, p in answer.distribution.items() if p > 0} == pytest.approx(found)
    assert answer.notes[0].startswith("range band medium, 5 damage")
    odds = ShotOdds(RULES.data)
    asked = odds.odds(odds.parse_options(["distance=7.9999995"]))
    assert asked.notes[0].startswith("range band medium")
