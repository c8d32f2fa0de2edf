"""The commander bot's choice of where to stand (RG-BOT-COVER): cover and range."""

from __future__ import annotations

import math
from dataclasses import replace

from tests.robogear.helpers import army, battle, put
from warbench.rulesets.robogear.pieces import Block
from warbench.rulesets.robogear.positions import best_move, hurt, spot_value
from warbench.rulesets.robogear.table import hidden_share


def test_a_trooper_under_a_tanks_gun_steps_behind_a_ruin() -> None:
    """RG-BOT-COVER (with RG-COVER): a rifleman that cannot hurt a tank moves where the ruin
    hides it from the tank's gun, instead of standing in the open."""
    game = battle(army(("ferrum-rifleman", 1)), army(("verdant-tank", 1)))
    state, data = game.state, game.data
    state.terrain.append(Block(27.0, 24.0, 33.0, 26.0, 3.0, "ruin"))
    trooper = put(game, 0, 36.0, 21.0)
    tank = put(game, 1, 30.0, 40.0, facing=180.0)
    trooper.points_left = 4
    assert hidden_share(state, data, tank, trooper) == 0.0
    assert hurt(state, data, tank, trooper) > 0.0
    found = best_move(state, data, trooper, [tank], [1.0, 1.0], 200.0, lambda h, d: True)
    assert found is not None
    heading, distance = found
    rad = math.radians(heading)
    there = replace(trooper, x=trooper.x + math.sin(rad) * distance,
                    y=trooper.y + math.cos(rad) * distance)
    assert hidden_share(state, data, tank, there) >= 0.5
    assert hurt(state, data, tank, there) < hurt(state, data, tank, trooper)


def test_a_unit_already_safe_and_in_reach_stays() -> None:
    """RG-BOT-COVER: a tank that already hits the enemy tank and cannot do better keeps its
    resource (no move is worth it)."""
    game = battle(army(("ferrum-tank", 1)), army(("verdant-rifleman", 1)))
    state, data = game.state, game.data
    tank = put(game, 0, 30.0, 20.0)
    trooper = put(game, 1, 30.0, 24.0, facing=180.0)
    tank.points_left = 5
    assert best_move(state, data, tank, [trooper], [1.0, 1.0], 0.0, lambda h, d: True) is None


def test_a_flyer_under_a_tanks_gun_turns_to_fly_off() -> None:
    """RG-BOT-COVER: a flyer (it moves only forward) facing a tank close by weighs turning
    90 degrees and flying off sideways, not only flying on over the tank."""
    game = battle(army(("ferrum-flyer", 1)), army(("verdant-tank", 1)))
    state, data = game.state, game.data
    flyer = put(game, 0, 30.0, 20.0, facing=0.0)
    tank = put(game, 1, 30.0, 27.0, facing=180.0)
    flyer.points_left = 9
    found = best_move(state, data, flyer, [tank], [1.0, 1.0], 0.0, lambda h, d: True)
    assert found is not None
    assert found[0] in (90.0, 270.0)


def test_a_spot_under_a_mortars_shells_counts_the_risk_out_of_its_sight() -> None:
    """RG-BOT-COVER (with RG-IND): a lobbing gun needs no sight of its target, so a spot in
    an enemy mortar's reach costs the trooper standing there even where a ruin hides it
    from the mortar; out of the mortar's reach it costs nothing. (The mortar's shells did
    most of the damage the commander's flyers took while the spot weighing counted direct
    fire only.)"""
    game = battle(army(("ferrum-rifleman", 1)), army(("verdant-mortar", 1)))
    state, data = game.state, game.data
    state.terrain.append(Block(20.0, 30.0, 40.0, 31.0, 5.0, "ruin"))
    trooper = put(game, 0, 30.0, 20.0)
    mortar = put(game, 1, 30.0, 42.0, facing=180.0)
    assert hidden_share(state, data, mortar, trooper) >= 1.0
    assert spot_value(state, data, trooper, [mortar], [1.0, 1.0], True) < 0.0
    far = replace(trooper, y=2.0)
    assert spot_value(state, data, far, [mortar], [1.0, 1.0], True) == 0.0
