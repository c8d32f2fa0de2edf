"""Moving models: straight advances, turns after a straight run, turning templates, pivots.

A planned move is a sequence of :class:`Straight` legs and :class:`Turn` steps (positive
degrees turn clockwise, to starboard). :func:`validate_path` checks it against a
:class:`TurnRule` and the model's movement allowance, and returns where the model ends up
together with the straight legs it swept, or raises :class:`IllegalMove` naming the step.

Accounting: every turn spends ``turn_cost`` inches of movement. The allowance caps
straight distance plus turn costs, and the minimum move is met by the same total, so a
turn's cost counts as movement made. Turns happen in place; only straight legs sweep.

>>> rule = TurnRule(min_straight=2.0, max_turn=45.0, turn_cost=1.0)
>>> move = validate_path(Pose(0.0, 0.0), [Straight(2.0), Turn(45.0), Straight(3.0)], rule, 6.0)
>>> move.spent, move.final.heading
(6.0, 45.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from warbench.core.geometry.vectors import TOLERANCE, Point, Pose

ANGLE_TOLERANCE = 1e-9
"""Degrees by which a turn may exceed its limit and still be legal (rounding noise)."""


class IllegalMove(ValueError):
    """A planned move breaks a movement rule; the message names the step and the rule."""


@dataclass(frozen=True, slots=True)
class Straight:
    """Move ``distance`` inches straight ahead."""

    distance: float


@dataclass(frozen=True, slots=True)
class Turn:
    """Turn in place by ``degrees``: positive clockwise (starboard), negative to port."""

    degrees: float


Step = Straight | Turn


@dataclass(frozen=True, slots=True)
class TurnRule:
    """How a model may turn: up to ``max_turn`` degrees, each turn after at least
    ``min_straight`` inches straight (since the start or the last turn), each costing
    ``turn_cost`` inches of movement; only one turn per move unless ``repeatable``."""

    min_straight: float = 2.0
    max_turn: float = 45.0
    turn_cost: float = 1.0
    repeatable: bool = True


@dataclass(frozen=True, slots=True)
class Sweep:
    """One straight leg: the pose where it starts and how far it runs."""

    start: Pose
    distance: float

    @property
    def end(self) -> Pose:
        """The pose at the end of the leg."""
        return self.start.moved(self.distance)


@dataclass(frozen=True, slots=True)
class PlannedMove:
    """A checked move: the final pose, the straight legs swept, movement spent, turns made."""

    final: Pose
    sweeps: tuple[Sweep, ...]
    spent: float
    turns: int


def advance(pose: Pose, distance: float) -> Pose:
    """``pose`` moved ``distance`` inches straight ahead."""
    return pose.moved(distance)


def validate_path(
    start: Pose,
    steps: Sequence[Step],
    rule: TurnRule,
    allowance: float,
    minimum: float = 0.0,
) -> PlannedMove:
    """Check ``steps`` from ``start``; raise :class:`IllegalMove` at the first broken rule.

    >>> try:
    ...     validate_path(Pose(0.0, 0.0), [Straight(1.5), Turn(30.0)], TurnRule(), 6.0)
    ... except IllegalMove as error:
    ...     print(error)
    step 2 (Turn(degrees=30.0)): only 1.5 inches straight since the start or the last turn; 2 needed
    """
    pose = start
    sweeps: list[Sweep] = []
    spent = 0.0
    straight_run = 0.0
    turns = 0
    for number, step in enumerate(steps, start=1):
        where = f"step {number} ({step!r})"
        if isinstance(step, Straight):
            if step.distance < 0.0:
                raise IllegalMove(f"{where}: a straight leg cannot be negative")
            sweeps.append(Sweep(pose, step.distance))
            pose = pose.moved(step.distance)
            straight_run += step.distance
            spent += step.distance
        else:
            if turns and not rule.repeatable:
                raise IllegalMove(f"{where}: only one turn is allowed per move")
            if abs(step.degrees) > rule.max_turn + ANGLE_TOLERANCE:
                raise IllegalMove(f"{where}: turns at most {rule.max_turn:g} degrees at a time")
            if straight_run < rule.min_straight - TOLERANCE:
                raise IllegalMove(
                    f"{where}: only {straight_run:g} inches straight since the start or the "
                    f"last turn; {rule.min_straight:g} needed"
                )
            pose = pose.turned(step.degrees)
            straight_run = 0.0
            spent += rule.turn_cost
            turns += 1
        if spent > allowance + TOLERANCE:
            raise IllegalMove(
                f"{where}: the move spends {spent:g} inches, more than the {allowance:g} allowed"
            )
    if spent < minimum - TOLERANCE:
        raise IllegalMove(
            f"the move spends {spent:g} inches, less than the {minimum:g} inch minimum"
        )
    return PlannedMove(pose, tuple(sweeps), spent, turns)


@dataclass(frozen=True, slots=True)
class TemplateTurn:
    """The result of turning along a template: end pose, path length, turning centre."""

    end: Pose
    length: float
    center: Point


def turn_on_template(
    pose: Pose, radius: float, degrees: float, side: Literal["port", "starboard"]
) -> TemplateTurn:
    """Follow a turning template: the centre runs along a circle of ``radius`` inches,
    turning ``degrees`` (0 to 360) toward ``side``.

    >>> turn = turn_on_template(Pose(0.0, 0.0, 0.0), 2.0, 90.0, "starboard")
    >>> turn.end, round(turn.length, 6), turn.center
    (Pose(x=2.0, y=2.0, heading=90.0), 3.141593, Point(x=2.0, y=0.0))
    """
    if not radius > 0.0:
        raise IllegalMove(f"a turning template needs a positive radius, got {radius!r}")
    if not 0.0 <= degrees <= 360.0:
        raise IllegalMove(f"a template turn must be 0 to 360 degrees, got {degrees!r}")
    sign = 1.0 if side == "starboard" else -1.0
    side_heading = pose.heading + 90.0 * sign
    center = pose.point.toward(side_heading, radius)
    end_point = center.toward(side_heading + 180.0 + degrees * sign, radius)
    return TemplateTurn(
        Pose(end_point.x, end_point.y, pose.heading + degrees * sign),
        radius * math.radians(degrees),
        center,
    )


def pivot(pose: Pose, degrees: float, limit: float) -> Pose:
    """Rotate in place by ``degrees`` (clockwise positive), at most ``limit`` either way.

    >>> pivot(Pose(1.0, 1.0, 0.0), -90.0, 90.0)
    Pose(x=1.0, y=1.0, heading=270.0)
    """
    if abs(degrees) > limit + ANGLE_TOLERANCE:
        raise IllegalMove(f"a pivot of {degrees:g} degrees exceeds the {limit:g} degree limit")
    return pose.turned(degrees)
