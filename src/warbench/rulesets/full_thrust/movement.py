"""Ship movement by written orders: cinematic (the default) and vector (an option).

Cinematic: a ship spends its thrust on speed changes and turns, one point of thrust per
point of speed or per clock point turned, and may turn at most half its thrust (rounded
down, but a ship with thrust 1 may still turn one point). It makes the first half of the
turn (the smaller half, when the turn is odd), moves half its new speed, makes the rest of
the turn and moves the rest.

Vector: a ship keeps its velocity (a vector); it drifts by it, rotates (one thrust a clock
point, at most half its thrust) and burns its main drive along its new facing; the burn is
added to its velocity and to the move.

>>> cinematic_move(0.0, 0.0, 0, 4, 2, 2)  # speed 4 -> 6, turn two points to starboard
(4.098, 4.098, 2, 6)
"""

from __future__ import annotations

import math

from warbench.rulesets.full_thrust.arcs import FACINGS, heading_of

CINEMATIC = "cinematic"
VECTOR = "vector"
MOVEMENT_SYSTEMS = (CINEMATIC, VECTOR)


def turn_allowance(thrust: int) -> int:
    """The most clock points a ship may turn (or rotate) in a turn.

    >>> [turn_allowance(t) for t in (0, 1, 2, 5, 8)]
    [0, 1, 1, 2, 4]
    """
    if thrust <= 0:
        return 0
    return max(1, thrust // 2)


def order_refusal(movement: str, thrust: int, speed: int, change: int, turn: int) -> str | None:
    """Why an order (``change`` = speed change or burn, ``turn`` in clock points) is
    illegal for a ship with this thrust and speed; ``None`` when it is legal."""
    allowance = turn_allowance(thrust)
    if abs(turn) > allowance:
        return f"a turn of {abs(turn)} points is more than the allowance of {allowance}"
    if movement == VECTOR:
        if change < 0:
            return "the main drive only pushes forward: a burn cannot be negative"
        used = change + abs(turn)
    else:
        if speed + change < 0:
            return f"speed {speed} cannot drop by {-change}"
        used = abs(change) + abs(turn)
    if used > thrust:
        return f"the order needs {used} thrust but the drive gives {thrust}"
    return None


def order_choices(movement: str, thrust: int, speed: int) -> list[tuple[int, int]]:
    """Every legal (speed change or burn, turn) pair, slowest and straightest first.

    >>> order_choices(CINEMATIC, 1, 0)
    [(0, -1), (0, 0), (0, 1), (1, 0)]
    """
    allowance = turn_allowance(thrust)
    lowest = 0 if movement == VECTOR else -min(thrust, speed)
    return [
        (change, turn)
        for change in range(lowest, thrust + 1)
        for turn in range(-allowance, allowance + 1)
        if order_refusal(movement, thrust, speed, change, turn) is None
    ]


def _step(x: float, y: float, facing: int, distance: float) -> tuple[float, float]:
    radians = math.radians(heading_of(facing))
    return x + math.sin(radians) * distance, y + math.cos(radians) * distance


def cinematic_move(
    x: float, y: float, facing: int, speed: int, change: int, turn: int
) -> tuple[float, float, int, int]:
    """Where a ship ends: ``(x, y, facing, speed)``, rounded to 1/1000 MU.

    >>> cinematic_move(0.0, 0.0, 0, 4, 0, 1)  # odd turn: 2 MU straight, turn 1, 2 MU on
    (1.0, 3.732, 1, 4)
    """
    new_speed = speed + change
    first = abs(turn) // 2 * (1 if turn >= 0 else -1)  # the smaller half first
    facing = (facing + first) % FACINGS
    x, y = _step(x, y, facing, new_speed / 2)
    facing = (facing + turn - first) % FACINGS
    x, y = _step(x, y, facing, new_speed / 2)
    return round(x, 3), round(y, 3), facing, new_speed


def vector_move(
    x: float, y: float, facing: int, vx: float, vy: float, burn: int, turn: int
) -> tuple[float, float, int, float, float]:
    """Where a ship ends: ``(x, y, facing, vx, vy)``, rounded to 1/1000 MU.

    >>> vector_move(0.0, 0.0, 0, 0.0, 4.0, 2, 3)  # drifting up at 4, rotate to 3 o'clock
    (2.0, 4.0, 3, 2.0, 4.0)
    """
    facing = (facing + turn) % FACINGS
    radians = math.radians(heading_of(facing))
    vx = round(vx + math.sin(radians) * burn, 3)
    vy = round(vy + math.cos(radians) * burn, 3)
    return round(x + vx, 3), round(y + vy, 3), facing, vx, vy


def on_table(x: float, y: float, width: float, height: float) -> bool:
    """Whether a point lies on the table (edges included)."""
    return 0.0 <= x <= width and 0.0 <= y <= height
