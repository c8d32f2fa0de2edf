"""Moves on the web table: where an order takes a ship, the order a drag of a ship means,
a fighter group's move a drag of the group means, and where a group's secondary move out
of defensive arcs takes it.

Both run phase 5's own movement (:func:`.movement.cinematic_legs`, :func:`.movement.vector_move`)
on the state the writing seat knows, so the ghost a person sees is where the ship will end
(FT-MOVE-CINEMATIC, FT-MOVE-VECTOR), and judge the order by the rules' own test
(:func:`.movement.order_refusal`), so an illegal course shows the clause it breaks before
it is committed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from math import hypot
from typing import Final

from warbench.core.decisions import Decision
from warbench.core.preview import Ghost, Preview
from warbench.core.rounding import round_to
from warbench.rulesets.full_thrust.actions import FighterTarget, MoveGroup, WriteOrders
from warbench.rulesets.full_thrust.arc_escape import escape_point
from warbench.rulesets.full_thrust.damage import thrust_of
from warbench.rulesets.full_thrust.declarations import escape_refusal
from warbench.rulesets.full_thrust.library import Library
from warbench.rulesets.full_thrust.movement import (
    PLACES,
    VECTOR,
    Manoeuvre,
    cinematic_legs,
    manoeuvre_of,
    order_refusal,
    turn_allowance,
    vector_move,
)
from warbench.rulesets.full_thrust.names import group_label, ship_label, ship_labels
from warbench.rulesets.full_thrust.state import FullThrustState, Ship
from warbench.rulesets.full_thrust.words import drive_words

#: Beyond what a ship may do, how much further a drag still names an order (shown refused).
OVERREACH: Final = 3
#: Ends closer together than this (MU) count as equally near: a legal order is preferred.
NEAR: Final = 0.5


def order_preview(state: FullThrustState, lib: Library, action: WriteOrders) -> Preview:
    """Where ``action`` takes its ship: the ghost at the end of phase 5's move (through
    the middle of a cinematic move, or the end of a vector drift), and why the order is
    illegal for that ship, if it is."""
    if not 0 <= action.ship < len(state.ships):
        return Preview(refusal=f"there is no ship {action.ship}")
    ship = state.ships[action.ship]
    cls = lib.designs[ship.design]
    manoeuvre = manoeuvre_of(action)
    refusal = order_refusal(state.movement, thrust_of(cls, ship), ship.speed, manoeuvre,
                            cls.advanced)
    if refusal is not None and ship.damage[0]:
        refusal = f"{refusal} ({drive_words(cls, ship)})"  # why the drive gives so little
    if state.movement == VECTOR:
        x, y, facing, _, _ = vector_move(ship.x, ship.y, ship.facing, ship.vx, ship.vy,
                                         manoeuvre)
        path = ((ship.x + ship.vx, ship.y + ship.vy),)
    else:
        middle, (x, y), facing, _ = cinematic_legs(ship.x, ship.y, ship.facing, ship.speed,
                                                   action.speed, action.turn)
        path = (middle,)
    ghost = Ghost(ship_label(state, ship), round_to(x, 3), round_to(y, 3), facing * 30.0, path)
    return Preview((ghost,), refusal)


def dragged_order(
    state: FullThrustState,
    lib: Library,
    decisions: Sequence[Decision],
    label: str,
    x: float,
    y: float,
) -> WriteOrders | None:
    """The order whose move ends nearest ``(x, y)`` for the ship ``label``, while its
    orders are owed: among the orders its drive allows and a little beyond (so a drag too
    far names an order the page shows refused, with the reason). Ends within :data:`NEAR`
    of each other count as equally near; among those a legal order goes first, then the one
    using the least thrust. ``None`` when no orders are owed for it."""
    labels = ship_labels(state.ships)
    ship = next((s for s in state.ships if labels[s.id] == label and s.active), None)
    if ship is None:
        return None
    offered = [
        option
        for decision in decisions
        for option in decision.options
        if isinstance(option, WriteOrders) and option.ship == ship.id
    ]
    if not offered:
        return None
    cls = lib.designs[ship.design]
    thrust = thrust_of(cls, ship)

    def key(manoeuvre: Manoeuvre) -> tuple[float, bool, int]:
        end_x, end_y = _end(state.movement, ship, manoeuvre)
        refused = order_refusal(state.movement, thrust, ship.speed, manoeuvre, cls.advanced)
        effort = abs(manoeuvre[0]) + abs(manoeuvre[1]) + abs(manoeuvre[2]) + manoeuvre[3]
        distance = round(hypot(end_x - x, end_y - y) / NEAR)
        return distance, refused is not None, effort

    best = min(_candidates(state.movement, ship, thrust, cls.advanced), key=key)
    same = [option for option in offered if manoeuvre_of(option) == best]
    return same[0] if same else dataclasses.replace(
        offered[0], speed=best[0], turn=best[1], side=best[2], retro=best[3],
        burn_before_turn=best[4], push_before_turn=best[5],
    )


def _end(movement: str, ship: Ship, manoeuvre: Manoeuvre) -> tuple[float, float]:
    if movement == VECTOR:
        return vector_move(ship.x, ship.y, ship.facing, ship.vx, ship.vy, manoeuvre)[:2]
    return cinematic_legs(ship.x, ship.y, ship.facing, ship.speed, *manoeuvre[:2])[1]


def _candidates(movement: str, ship: Ship, thrust: int, advanced: bool) -> list[Manoeuvre]:
    """Every manoeuvre a drag may name: what the drive allows and :data:`OVERREACH` more
    (in vector movement a burn or push before or after a rotation, FT-MOVE-VECTOR)."""
    reach = turn_allowance(thrust, advanced) + 1
    if movement == VECTOR:
        pushes = [(0, 0)] + [
            push for size in range(1, reach + 1) for push in ((-size, 0), (size, 0), (0, size))
        ]
        return [
            (burn, turn, side, retro, burn_first, push_first)
            for burn in range(0, thrust + OVERREACH + 1)
            for turn in range(-5, 7)
            for side, retro in pushes
            for burn_first in PLACES[bool(burn and turn)]
            for push_first in PLACES[bool((side or retro) and turn)]
        ]
    return [
        (change, turn, 0, 0, False, False)
        for change in range(-ship.speed, thrust + OVERREACH + 1)
        for turn in range(-6, 7)
    ]


def dragged_group(
    state: FullThrustState, decisions: Sequence[Decision], label: str, x: float, y: float
) -> MoveGroup | None:
    """The fighter group ``label`` (as the board labels it), dragged while its move is
    owed: a move to the point (the rules judge its length). ``None`` otherwise."""
    owed = {
        option.group
        for decision in decisions
        for option in decision.options
        if isinstance(option, MoveGroup)
    }
    for group in state.groups:
        if group.id in owed and f"{group_label(state, group)} ({group.count})" == label:
            return MoveGroup(group.id, round_to(x, 3), round_to(y, 3))
    return None


def group_preview(state: FullThrustState, action: MoveGroup) -> Preview:
    """Where a fighter group's move ends (its length the engine's check judges)."""
    if not 0 <= action.group < len(state.groups):
        return Preview(refusal=f"there is no fighter group {action.group}")
    group = state.groups[action.group]
    return Preview((Ghost(f"{group_label(state, group)} ({group.count})", action.x, action.y),))



def escape_preview(state: FullThrustState, lib: Library, action: FighterTarget) -> Preview:
    """Where a fighter group's secondary move out of defensive arcs in phase 6 ends
    (FT-SEQ-TARGETS), or the rules' reason when that move is not open to it."""
    refusal = escape_refusal(state, lib, action)
    if refusal is not None or not action.out_of_arcs:
        return Preview(refusal=refusal)
    group = state.groups[action.group]
    place = escape_point(state, lib, group, state.ships[action.target])
    if place is None:
        return Preview()
    return Preview((Ghost(f"{group_label(state, group)} ({group.count})", *place),))
