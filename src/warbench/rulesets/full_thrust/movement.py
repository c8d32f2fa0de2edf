"""Ship movement by written orders: cinematic (the default) and vector (an option).

Cinematic: a ship spends its thrust on speed changes and turns, one point of thrust per
point of speed or per clock point turned, and may turn at most half its thrust (rounded
down, but a ship with thrust 1 may still turn one point). It makes the first half of the
turn (the smaller half, when the turn is odd), moves half its new speed, makes the rest of
the turn and moves the rest.

Vector (Fleet Book 1): a ship faces one of the twelve clock directions but drifts along a
course of any direction at a whole-MU velocity. Each turn it first drifts its velocity
along its course; then its written orders apply in the order written: a rotation to any new
facing (one manoeuvre point whatever its size), a main drive burn of up to its thrust in MU
along its facing at that moment, and one push of a manoeuvre point per MU to port, to
starboard or astern (retro thrust) of its facing at that moment. The order says whether the
burn and the push come before the rotation (unwritten: after it). A ship has half its thrust
(rounded down, at least 1) in manoeuvre points on top of its main drive; an advanced drive
(Kra'Vak) has its whole thrust. The new velocity is the distance from start to finish,
rounded to a whole MU, and the new course lies along that line.

>>> cinematic_move(0.0, 0.0, 0, 4, 2, 2)  # speed 4 -> 6, turn two points to starboard
(4.098, 4.098, 2, 6)
"""

from __future__ import annotations

import math
from functools import lru_cache
from math import hypot
from typing import Final, Protocol

from warbench.core.geometry.vectors import to_radians
from warbench.core.rounding import round_to
from warbench.rulesets.full_thrust.arcs import FACINGS, heading_of

CINEMATIC: Final = "cinematic"
VECTOR: Final = "vector"
MOVEMENT_SYSTEMS: Final = (CINEMATIC, VECTOR)


def turn_allowance(thrust: int, advanced: bool = False) -> int:
    """The most clock points a ship may turn in cinematic movement, or its manoeuvre points
    in vector movement: half its thrust (rounded down, at least 1), all of it with an
    advanced drive.

    >>> [turn_allowance(t) for t in (0, 1, 2, 5, 8)], turn_allowance(5, advanced=True)
    ([0, 1, 1, 2, 4], 5)
    """
    if thrust <= 0:
        return 0
    return thrust if advanced else max(1, thrust // 2)


#: A written manoeuvre: (speed change or burn, turn or rotation, side push, retro push,
#: burn before the rotation, push before the rotation); the last two are vector movement's.
Manoeuvre = tuple[int, int, int, int, bool, bool]

#: Whether a burn or push may be written before the rotation, by whether the order has both
#: (only then does it change where the ship ends): after it, as unwritten, or before it too.
PLACES: Final = {False: (False,), True: (False, True)}


class Written(Protocol):
    """What a written order holds of its manoeuvre (an action or a stored order)."""

    @property
    def speed(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def side(self) -> int: ...
    @property
    def retro(self) -> int: ...
    @property
    def burn_before_turn(self) -> bool: ...
    @property
    def push_before_turn(self) -> bool: ...


def manoeuvre_of(order: Written) -> Manoeuvre:
    """The manoeuvre a written order makes."""
    return (order.speed, order.turn, order.side, order.retro, order.burn_before_turn,
            order.push_before_turn)


def order_refusal(
    movement: str,
    thrust: int,
    speed: int,
    order: Manoeuvre,
    advanced: bool = False,
) -> str | None:
    """Why ``order`` is illegal for a ship with this thrust and speed; ``None`` when it is
    legal. Side pushes are positive to starboard; pushes, and the order of rotation, burn
    and push, exist only in vector movement, where a burn or push is written before the
    rotation only when the order has both (otherwise the order changes nothing)."""
    change, turn, side, retro, burn_first, push_first = order
    allowance = turn_allowance(thrust, advanced)
    if movement == VECTOR:
        if burn_first and not (change and turn):
            return "a burn is written before the rotation only with both a burn and a rotation"
        if push_first and not ((side or retro) and turn):
            return "a push is written before the rotation only with both a push and a rotation"
        if change < 0 or retro < 0:
            return "the main drive and retro pushes only push one way: no negative thrust"
        if side and retro:
            return "a ship makes one push a turn: to one side or astern, not both"
        if not -5 <= turn <= 6:
            return f"a rotation of {turn} points: name the new facing as -5 to 6 clock points"
        if change > thrust:
            return f"a burn of {change} is more than the main drive's thrust of {thrust}"
        points = (1 if turn else 0) + abs(side) + retro
        if points > allowance:
            return f"the rotation and push need {points} manoeuvre points but it has {allowance}"
        return None
    if side or retro:
        return "pushes to the side or astern exist only in vector movement"
    if burn_first or push_first:
        return "the order of rotation, burn and push is written only in vector movement"
    if abs(turn) > allowance:
        return f"a turn of {abs(turn)} points is more than the allowance of {allowance}"
    if speed + change < 0:
        return f"speed {speed} cannot drop by {-change}"
    used = abs(change) + abs(turn)
    if used > thrust:
        return f"the order needs {used} thrust but the drive gives {thrust}"
    return None


def order_choices(
    movement: str, thrust: int, speed: int, advanced: bool = False
) -> list[Manoeuvre]:
    """Every legal order, slowest and straightest first.

    >>> order_choices(CINEMATIC, 1, 0)[:2]
    [(0, -1, 0, 0, False, False), (0, 0, 0, 0, False, False)]
    >>> len(order_choices(VECTOR, 1, 0))  # burn 0-1 x (still, a rotation, a 1 MU push)
    41

    (A vector burn of 1 with one of the 11 rotations is offered twice: before and after
    the rotation.)
    """
    return list(legal_manoeuvres(movement, thrust, speed, advanced))


@lru_cache(maxsize=1024)
def legal_manoeuvres(
    movement: str, thrust: int, speed: int, advanced: bool = False
) -> tuple[Manoeuvre, ...]:
    """:func:`order_choices` as a tuple, kept per ``(movement, thrust, speed, advanced)``:
    a pure function of its arguments, so nothing invalidates a kept answer."""
    allowance = turn_allowance(thrust, advanced)
    if movement == VECTOR:
        turns = range(-5, 7) if allowance else range(0, 1)
        pushes = [(0, 0)] + [
            push
            for size in range(1, allowance + 1)
            for push in ((-size, 0), (size, 0), (0, size))
        ]
        candidates = [
            (change, turn, side, retro, burn_first, push_first)
            for change in range(0, thrust + 1)
            for turn in turns
            for side, retro in pushes
            for burn_first in PLACES[bool(change and turn)]
            for push_first in PLACES[bool((side or retro) and turn)]
        ]
    else:
        candidates = [
            (change, turn, 0, 0, False, False)
            for change in range(-min(thrust, speed), thrust + 1)
            for turn in range(-allowance, allowance + 1)
        ]
    return tuple(
        o for o in candidates if order_refusal(movement, thrust, speed, o, advanced) is None
    )


#: Each clock facing's (sin, cos) of its heading: the same floats ``math.sin`` and
#: ``math.cos`` give for ``to_radians(heading_of(facing))``, worked out once.
_UNIT: Final = tuple(
    (math.sin(to_radians(heading_of(facing))), math.cos(to_radians(heading_of(facing))))
    for facing in range(FACINGS)
)


def heading_unit(facing: int) -> tuple[float, float]:
    """``(sin, cos)`` of the heading of clock ``facing`` (kept: the same floats)."""
    return _UNIT[facing % FACINGS]


def _step(x: float, y: float, facing: int, distance: float) -> tuple[float, float]:
    sin, cos = _UNIT[facing % FACINGS]
    return x + sin * distance, y + cos * distance


def cinematic_move(
    x: float, y: float, facing: int, speed: int, change: int, turn: int
) -> tuple[float, float, int, int]:
    """Where a ship ends: ``(x, y, facing, speed)``, rounded to 1/1000 MU.

    >>> cinematic_move(0.0, 0.0, 0, 4, 0, 1)  # odd turn: 2 MU straight, turn 1, 2 MU on
    (1.0, 3.732, 1, 4)
    """
    _, (x, y), facing, new_speed = cinematic_legs(x, y, facing, speed, change, turn)
    return round_to(x, 3), round_to(y, 3), facing, new_speed


def cinematic_legs(
    x: float, y: float, facing: int, speed: int, change: int, turn: int
) -> tuple[tuple[float, float], tuple[float, float], int, int]:
    """The two legs of a cinematic move, unrounded: ``(middle, end, facing, speed)``, the
    middle where the first half of the move ends and the rest of the turn is made."""
    new_speed = speed + change
    # the smaller half first (sign and size spelt out: compiled, abs() of an int and a
    # product with a negative factor are generic calls)
    first = turn // 2 if turn >= 0 else -(-turn // 2)
    facing = (facing + first) % FACINGS
    half = new_speed / 2
    sin, cos = _UNIT[facing]  # _step, inlined
    middle = x + sin * half, y + cos * half
    facing = (facing + turn - first) % FACINGS
    sin, cos = _UNIT[facing]
    return middle, (middle[0] + sin * half, middle[1] + cos * half), facing, new_speed


def vector_move(
    x: float, y: float, facing: int, vx: float, vy: float, order: Manoeuvre
) -> tuple[float, float, int, float, float]:
    """Where a ship ends: ``(x, y, facing, vx, vy)`` (the new velocity vector: a whole-MU
    length along the line from start to finish), rounded to 1/1000 MU.

    The burn and the push go along the facing at their place in the order: the old facing
    when written before the rotation, the new one otherwise.

    >>> vector_move(0.0, 0.0, 0, 0.0, 4.0, (2, 3, 0, 0, False, False))  # face 3, burn 2
    (2.0, 4.0, 3, 1.789, 3.578)
    >>> vector_move(0.0, 0.0, 0, 0.0, 4.0, (2, 3, 0, 0, True, False))  # burn 2, face 3
    (0.0, 6.0, 3, 0.0, 6.0)
    >>> vector_move(0.0, 0.0, 0, 0.0, 4.0, (0, 0, 0, 2, False, False))  # retro push 2 MU
    (0.0, 2.0, 0, 0.0, 2.0)
    """
    change, turn, side, retro, burn_first, push_first = order
    end_x, end_y = x + vx, y + vy
    new_facing = (facing + turn) % FACINGS
    end_x, end_y = _step(end_x, end_y, facing if burn_first else new_facing, change)
    pushed = facing if push_first else new_facing
    if side:
        end_x, end_y = _step(end_x, end_y, (pushed + (3 if side > 0 else 9)) % FACINGS, abs(side))
    if retro:
        end_x, end_y = _step(end_x, end_y, (pushed + 6) % FACINGS, retro)
    dx, dy = end_x - x, end_y - y
    length = hypot(dx, dy)
    velocity = round(length)
    if velocity == 0 or length == 0.0:
        new_vx = new_vy = 0.0
    else:
        new_vx = round_to(dx / length * velocity, 3) + 0.0
        new_vy = round_to(dy / length * velocity, 3) + 0.0
    return round_to(end_x, 3) + 0.0, round_to(end_y, 3) + 0.0, new_facing, new_vx, new_vy


def on_table(x: float, y: float, width: float, height: float) -> bool:
    """Whether a point lies on the table (edges included)."""
    return 0.0 <= x <= width and 0.0 <= y <= height
