"""Phase 1 hidden orders, phase 2 initiative, phase 5 movement (cinematic and vector)."""

from __future__ import annotations

import math

import pytest

from warbench.core.actions import ActionCodec
from warbench.core.engine import IllegalAction
from warbench.core.events import Roll
from warbench.rulesets.full_thrust.actions import ACTION_TYPES, WriteOrders
from warbench.rulesets.full_thrust.context import FTGame
from warbench.rulesets.full_thrust.events import OrdersRevealed, OwnOrders, ShipMoved
from warbench.rulesets.full_thrust.movement import (
    cinematic_move,
    order_choices,
    order_refusal,
    turn_allowance,
    vector_move,
)

from .helpers import battle, orders, ship


def far_apart() -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    """Two lone ships out of each other's reach."""
    return [ship("lancer", "Sabre", 10.0, 10.0)], [ship("lancer", "Pike", 60.0, 40.0, facing=6)]


def order_pairs(game: FTGame) -> set[tuple[int, int]]:
    """The (speed change, turn) orders player 0's first ship may write."""
    return {
        (option.speed, option.turn)
        for option in game.pending_for(0)[0].options
        if isinstance(option, WriteOrders)
    }


def test_every_player_owes_an_order_for_every_ship_at_once() -> None:
    """FT-SEQ-ORDERS: phase 1 asks both players for all their ships at the same time."""
    game, _ = battle(
        [ship("lancer", "A", 10, 10), ship("picket", "B", 20, 10)],
        [ship("lancer", "C", 60, 40, facing=6)],
    )
    owed = [(d.player, d.prompt) for d in game.pending()]
    assert owed == [
        (0, "write orders for A"), (0, "write orders for B"), (1, "write orders for C")
    ]
    game.apply(1, WriteOrders(2, 1, 0))
    assert [(d.player, d.prompt) for d in game.pending()][-1] == (0, "write orders for B")


def test_orders_stay_hidden_from_the_other_player_until_ships_move() -> None:
    """FT-SEQ-ORDERS: views and events keep a written order secret until phase 5."""
    game, feed = battle(
        [ship("sentinel", "Watch", 30.0, 10.0)], [ship("lancer", "Pike", 30.0, 30.0, facing=6)]
    )
    game.apply(0, WriteOrders(0, 2, -1))
    mine, theirs = game.view(0)["orders"][0], game.view(1)["orders"][0]
    assert mine["value"]["speed"] == 2 and mine["value"]["turn"] == -1
    assert theirs == {"hidden": True, "owner": 0}
    secret = [e for e in game.events if isinstance(e, OwnOrders)]
    assert secret[0].visible_to == frozenset({0})
    assert all("speed" not in e.data and "port" not in e.text for e in game.events_for(1))
    feed.add(6, 1)  # initiative; then the sentinel's two fire controls ask for targets
    game.apply(1, WriteOrders(1, 0, 0))
    assert game.state.phase == 9
    assert game.view(1)["orders"][0]["value"] == {"@": "Order", "speed": 2, "turn": -1,
                                                  "launch": [], "side": 0, "retro": 0,
                                                  "burn_before_turn": False,
                                                  "push_before_turn": False,
                                                  "shroud": False, "power_screens": 0,
                                                  "power_attack": 0, "power_repair": 0}
    revealed = next(e for e in game.events if isinstance(e, OrdersRevealed))
    assert revealed.visible_to is None and "Watch speed 0 -> 2, 1 point to port" in revealed.text


def test_illegal_orders_are_refused_and_change_nothing() -> None:
    """FT-MOVE-CINEMATIC: thrust, turn allowance and speed limits; one's own ships only."""
    game, _ = battle(*far_apart())
    before = game.hash()
    for player, action, reason in [
        (0, WriteOrders(0, 7, 0), "is not a legal answer"),
        (0, WriteOrders(0, 0, 4), "is not a legal answer"),
        (0, WriteOrders(0, -1, 0), "is not a legal answer"),
        (0, WriteOrders(1, 0, 0), "is not a legal answer"),
    ]:
        assert reason in (game.check(player, action) or "")
        with pytest.raises(IllegalAction):
            game.apply(player, action)
    assert game.hash() == before and not game.journal.entries


def test_thrust_pays_for_speed_changes_and_turns_up_to_half_thrust() -> None:
    """FT-MOVE-CINEMATIC: thrust 4 turns at most 2 and the total stays within 4."""
    assert turn_allowance(4) == 2 and turn_allowance(1) == 1 and turn_allowance(0) == 0
    choices = {(change, turn) for change, turn, *_ in order_choices("cinematic", 4, 3)}
    assert (1, 2) in choices and (2, 2) in choices
    assert (3, 2) not in choices and (0, 3) not in choices and (-4, 0) not in choices
    assert (-3, 1) in choices
    assert all(order[2:] == (0, 0, False, False) for order in order_choices("cinematic", 4, 3))


def test_a_cinematic_move_turns_half_moves_half_turns_the_rest() -> None:
    """FT-MOVE-CINEMATIC, FT-MOVE-FACING: speed 4 -> 6 with a 3-point turn to port: one
    point (the smaller half), 3 MU, two points, 3 MU."""
    x, y, facing, speed = cinematic_move(0.0, 0.0, 0, 4, 2, -3)
    assert (facing, speed) == (9, 6)
    first = (-3 * math.sin(math.radians(30)), 3 * math.cos(math.radians(30)))
    assert x == pytest.approx(first[0] - 3.0, abs=1e-3)
    assert y == pytest.approx(first[1], abs=1e-3)


def test_ft_move_cinematic_an_odd_turn_makes_the_smaller_half_first() -> None:
    """FT-MOVE-CINEMATIC: a 1-point turn at speed 4 goes 2 MU straight on, turns, then
    2 MU on the new course (the larger half of the turn comes at the midpoint); in a game
    the ship ends there."""
    game, _ = battle([ship("lancer", "Sabre", 10.0, 10.0, speed=4)],
                     [ship("lancer", "Pike", 60.0, 40.0, facing=6)], 4, 2)
    orders(game, Sabre=(0, 1))
    sabre = game.state.ships[0]
    assert sabre.facing == 1
    assert sabre.x == pytest.approx(10.0 + 2 * math.sin(math.radians(30)), abs=1e-3)
    assert sabre.y == pytest.approx(10.0 + 2 + 2 * math.cos(math.radians(30)), abs=1e-3)


def test_ships_move_at_once_by_their_orders() -> None:
    """FT-SEQ-SHIP-MOVE: after the reveal every ship moves by its own order."""
    game, _ = battle(*far_apart(), 4, 2)
    orders(game, Sabre=(5, 0), Pike=(3, 1))
    state = game.state
    sabre, pike = state.ships
    assert (sabre.x, sabre.y, sabre.facing, sabre.speed) == (10.0, 15.0, 0, 5)
    assert (pike.facing, pike.speed) == (7, 3)
    assert pike.y == pytest.approx(40.0 - 1.5 - 1.5 * math.cos(math.radians(30)), abs=1e-3)
    moved = [e.ship for e in game.events if isinstance(e, ShipMoved)]
    assert moved == [0, 1]


def test_initiative_ties_are_rolled_again() -> None:
    """FT-SEQ-INITIATIVE: a d6 each, highest wins, ties rolled again."""
    game, _ = battle(*far_apart(), 4, 4, 2, 5)
    orders(game)
    assert game.state.initiative == [1, 0]
    labels = [e.label for e in game.events if isinstance(e, Roll)]
    assert labels == ["initiative"] * 4


def test_a_ship_that_leaves_the_table_disengages_and_can_end_the_battle() -> None:
    """FT-MOVE-TABLE, FT-END-FLEET: off the table the ship is out; a fleet gone ends it."""
    game, _ = battle([ship("lancer", "Sabre", 10.0, 45.0, speed=4)],
                     [ship("lancer", "Pike", 60.0, 10.0, facing=6)], 1, 6)
    orders(game)
    state = game.state
    assert state.ships[0].status == "disengaged"
    assert game.outcome is not None and game.outcome.winners == (1,)
    assert "holds the field" in game.outcome.reason


def test_a_damaged_drive_halves_thrust_and_a_wrecked_one_stops_all_manoeuvre() -> None:
    """FT-DAMAGED-SYSTEMS: drive damage halves thrust (rounded down), twice leaves none."""
    game, _ = battle(*far_apart())
    state = game.state
    state.ships[0].damage[0] = 1
    assert max(abs(s) + abs(t) for s, t in order_pairs(game.copy())) == 3
    state.ships[0].damage[0] = 2
    assert order_pairs(game.copy()) == {(0, 0)}


def test_ft_move_vector_drift_rotate_burn_push_and_a_whole_mu_velocity() -> None:
    """FT-MOVE-VECTOR: the ship drifts its velocity along its course, rotates to any new
    clock facing, burns its main drive along the new facing, pushes; its new velocity is
    the start-to-finish distance rounded to a whole MU, along that line."""
    # drift 4 MU up, rotate to 3 o'clock, burn 3: finish (3, 4) away: velocity 5 along it
    assert vector_move(10.0, 10.0, 0, 0.0, 4.0, (3, 3, 0, 0, False, False)) == (
        13.0, 14.0, 3, 3.0, 4.0)
    # a push of 2 MU to port while facing 12 o'clock, at rest: 2 MU to the left, velocity 2
    assert vector_move(10.0, 10.0, 0, 0.0, 0.0, (0, 0, -2, 0, False, False)) == (
        8.0, 10.0, 0, -2.0, 0.0)
    # retro thrust: a push astern brakes a ship drifting forward
    assert vector_move(10.0, 10.0, 0, 0.0, 5.0, (0, 0, 0, 2, False, False)) == (
        10.0, 13.0, 0, 0.0, 3.0)
    # a burn of 1 at right angles to a drift of 4: sqrt(17) = 4.12 rounds to velocity 4
    x, y, _, vx, vy = vector_move(0.0, 0.0, 3, 0.0, 4.0, (1, 0, 0, 0, False, False))
    assert (x, y) == (1.0, 4.0) and math.hypot(vx, vy) == pytest.approx(4.0, abs=1e-3)


def test_ft_move_vector_manoeuvre_points_are_half_thrust_on_top_of_the_main_drive() -> None:
    """FT-MOVE-VECTOR: thrust 4 burns 0-4 MU and has 2 manoeuvre points on top: a rotation
    of any size costs 1, a push 1 a MU (port, starboard or astern), one push a turn."""
    choices = {order[:4] for order in order_choices("vector", 4, 9)}
    assert (4, 6, 1, 0) in choices  # full burn, turn about, and a 1 MU push to starboard
    assert (4, -5, 0, 1) in choices  # a 5-point rotation costs no more than a 1-point one
    assert (0, 0, 0, 2) in choices and (0, 0, -2, 0) in choices
    assert (0, 1, 2, 0) not in choices  # rotation + 2 MU push: 3 points
    assert (5, 0, 0, 0) not in choices and (0, 0, 1, 1) not in choices
    assert all(burn >= 0 and retro >= 0 for burn, _, _, retro in choices)
    advanced = {order[:4] for order in order_choices("vector", 4, 0, advanced=True)}
    assert (4, 3, 0, 3) in advanced and (4, 3, 0, 3) not in choices
    game, _ = battle(*far_apart(), 3, 1, movement="vector")
    orders(game, Sabre=(2, 1), Pike=(0, 0))
    sabre = game.state.ships[0]
    assert (sabre.facing, sabre.vx, sabre.x) == (1, 1.0, 11.0)
    assert sabre.vy == pytest.approx(1.732, abs=1e-3)
    assert sabre.y == pytest.approx(11.732, abs=1e-3)


def test_ft_move_vector_orders_apply_in_the_written_order() -> None:
    """FT-MOVE-VECTOR: after the drift the written orders apply in the order written: a
    ship at rest facing 12 o'clock that burns 2 then rotates 3 ends 2 MU up the table,
    facing 3 o'clock; one that rotates then burns (an order written without the new field,
    as before) ends 2 MU to the right. A push follows its place too; writing a burn before
    the rotation of an order without one is refused and never offered."""
    assert vector_move(0.0, 0.0, 0, 0.0, 0.0, (2, 3, 0, 0, True, False))[:3] == (0.0, 2.0, 3)
    assert vector_move(0.0, 0.0, 0, 0.0, 0.0, (2, 3, 0, 0, False, False))[:3] == (2.0, 0.0, 3)
    # a 1 MU push to starboard before the rotation goes right; after it, down the table
    assert vector_move(0.0, 0.0, 0, 0.0, 0.0, (0, 3, 1, 0, False, True))[:2] == (1.0, 0.0)
    assert vector_move(0.0, 0.0, 0, 0.0, 0.0, (0, 3, 1, 0, False, False))[:2] == (0.0, -1.0)
    game, _ = battle(*far_apart(), 3, 1, movement="vector")
    burn_first = WriteOrders(0, 2, 3, burn_before_turn=True)
    assert burn_first in game.pending()[0].options
    assert WriteOrders(0, 2, 0, burn_before_turn=True) not in game.pending()[0].options
    assert order_refusal("vector", 6, 0, (2, 0, 0, 0, True, False)) == (
        "a burn is written before the rotation only with both a burn and a rotation")
    game.apply(0, burn_first)
    unwritten = ActionCodec(ACTION_TYPES).decode(
        {"type": "ft-orders", "ship": 1, "speed": 2, "turn": 3})  # the old form: rotate first
    game.apply(1, unwritten)
    sabre, pike = game.state.ships
    assert (sabre.x, sabre.y, sabre.facing, sabre.vx, sabre.vy) == (10.0, 12.0, 3, 0.0, 2.0)
    assert (pike.x, pike.y, pike.facing, pike.vx, pike.vy) == (58.0, 40.0, 9, -2.0, 0.0)
    moved = " ".join(e.text for e in game.events if isinstance(e, OrdersRevealed))
    assert "Sabre burn 2, then 3 points to starboard" in moved
    assert "Pike 3 points to starboard, then burn 2" in moved
