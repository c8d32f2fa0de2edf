"""Moving models: straight advances, turns after a straight run, turning templates, pivots.

Free movement of a base: :func:`plan_path` checks a flat path ``(straight, turn,
straight, ...)`` against :class:`TurnLimits` (distance allowance, turns by angle after a
straight run, their cost, a minimum move) and returns the poses it passes through, or
raises :class:`IllegalMove` naming the step; parameter spaces of moves validate with it.
:func:`validate_path` is the same check for a sequence of :class:`Straight` legs and
:class:`Turn` steps (positive degrees turn clockwise, to starboard) and a :class:`TurnRule`.

Accounting: every turn spends ``turn_cost`` inches of movement. The allowance caps
straight distance plus turn costs, and the minimum move is met by the same total, so a
turn's cost counts as movement made. Turns happen in place, unless the limits say a turn
is made while moving (``turn_moves``: half its cost run before the turn and half after, as
swept legs); only straight legs sweep.

>>> rule = TurnRule(min_straight=2.0, max_turn=45.0, turn_cost=1.0)
>>> move = validate_path(Pose(0.0, 0.0), [Straight(2.0), Turn(45.0), Straight(3.0)], rule, 6.0)
>>> move.spent, move.final.heading
(6.0, 45.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import isfinite
from typing import Final, Literal

from warbench.core.geometry.vectors import TOLERANCE, Point, Pose, to_radians

ANGLE_TOLERANCE: Final = 1e-9
"""Degrees by which a turn may exceed its limit and still be legal (rounding noise)."""


def inches(distance: float) -> str:
    """A distance in words, ``1 inch`` but ``1.5 inches``, as every movement rule says it.

    >>> inches(1.0), inches(2.5), inches(0)
    ('1 inch', '2.5 inches', '0 inches')
    """
    return f"{distance:g} inch" if f"{distance:g}" == "1" else f"{distance:g} inches"


class IllegalMove(ValueError):
    """A planned move breaks a movement rule; the message names the step and the rule, and
    ``breaks`` which limit, for a ruleset to name its rule: ``path`` (malformed),
    ``jammed``, ``one-turn``, ``disengage``, ``turn`` (degrees, or the straight run
    before a turn), ``allowance`` (too far) or ``minimum`` (too short)."""

    def __init__(self, message: str, breaks: str = "path") -> None:
        super().__init__(message)
        self.breaks = breaks


@dataclass(frozen=True, slots=True, init=False)
class Straight:
    """Move ``distance`` inches straight ahead."""

    distance: float

    def __init__(self, distance: float) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "distance", distance)

    def __reduce__(self) -> tuple[type[Straight], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return Straight, (self.distance,)


@dataclass(frozen=True, slots=True, init=False)
class Turn:
    """Turn in place by ``degrees``: positive clockwise (starboard), negative to port."""

    degrees: float

    def __init__(self, degrees: float) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "degrees", degrees)

    def __reduce__(self) -> tuple[type[Turn], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return Turn, (self.degrees,)


Step = Straight | Turn


@dataclass(frozen=True, slots=True, init=False)
class TurnRule:
    """How a model may turn: up to ``max_turn`` degrees, each turn after at least
    ``min_straight`` inches straight (since the start or the last turn), each costing
    ``turn_cost`` inches of movement; only one turn per move unless ``repeatable``."""

    min_straight: float = 2.0
    max_turn: float = 45.0
    turn_cost: float = 1.0
    repeatable: bool = True

    def __init__(
        self, min_straight: float = 2.0, max_turn: float = 45.0, turn_cost: float = 1.0,
        repeatable: bool = True,
    ) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "min_straight", min_straight)
        object.__setattr__(self, "max_turn", max_turn)
        object.__setattr__(self, "turn_cost", turn_cost)
        object.__setattr__(self, "repeatable", repeatable)

    def __reduce__(self) -> tuple[type[TurnRule], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return TurnRule, (self.min_straight, self.max_turn, self.turn_cost, self.repeatable)


@dataclass(frozen=True, slots=True, init=False)
class Sweep:
    """One straight leg: the pose where it starts and how far it runs."""

    start: Pose
    distance: float

    def __init__(self, start: Pose, distance: float) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "distance", distance)

    def __reduce__(self) -> tuple[type[Sweep], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return Sweep, (self.start, self.distance)

    @property
    def end(self) -> Pose:
        """The pose at the end of the leg."""
        return self.start.moved(self.distance)


@dataclass(frozen=True, slots=True, init=False)
class PlannedMove:
    """A checked move: the final pose, the straight legs swept, movement spent, turns made."""

    final: Pose
    sweeps: tuple[Sweep, ...]
    spent: float
    turns: int

    def __init__(self, final: Pose, sweeps: tuple[Sweep, ...], spent: float, turns: int) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "final", final)
        object.__setattr__(self, "sweeps", sweeps)
        object.__setattr__(self, "spent", spent)
        object.__setattr__(self, "turns", turns)

    def __reduce__(self) -> tuple[type[PlannedMove], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return PlannedMove, (self.final, self.sweeps, self.spent, self.turns)


def advance(pose: Pose, distance: float) -> Pose:
    """``pose`` moved ``distance`` inches straight ahead."""
    return pose.moved(distance)


@dataclass(frozen=True, slots=True, init=False)
class TurnLimits:
    """How one base may move freely now.

    ``allowance``: inches of movement it may spend (turns cost ``turn_cost`` each);
    ``minimum``: inches it must spend. ``straight_before``: inches straight ahead before
    each turn, since the start or the last turn (0: it turns freely, any angle, at no
    cost); ``repeat``: once that run is made, turns may follow each other with no
    straight between; ``one_turn``: at most one turn a move. ``can_turn`` False: no turn
    at all (a jammed rudder). ``disengage``: a first turn in place, before any straight,
    of up to ``disengage_turn`` degrees at no cost (a base backing off a contact).
    ``turn_moves``: a costed turn is made while moving, not in place: the base runs half
    the turn's cost straight ahead, turns, and runs the other half on its new heading
    (both halves are swept legs), so the inches a turn costs are inches travelled.
    """

    straight_before: float
    repeat: bool
    allowance: float
    minimum: float = 0.0
    can_turn: bool = True
    disengage: bool = False
    max_turn: float = 45.0
    turn_cost: float = 1.0
    disengage_turn: float = 90.0
    one_turn: bool = False
    turn_moves: bool = False

    def __init__(
        self, straight_before: float, repeat: bool, allowance: float, minimum: float = 0.0,
        can_turn: bool = True, disengage: bool = False, max_turn: float = 45.0,
        turn_cost: float = 1.0, disengage_turn: float = 90.0, one_turn: bool = False,
        turn_moves: bool = False,
    ) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "straight_before", straight_before)
        object.__setattr__(self, "repeat", repeat)
        object.__setattr__(self, "allowance", allowance)
        object.__setattr__(self, "minimum", minimum)
        object.__setattr__(self, "can_turn", can_turn)
        object.__setattr__(self, "disengage", disengage)
        object.__setattr__(self, "max_turn", max_turn)
        object.__setattr__(self, "turn_cost", turn_cost)
        object.__setattr__(self, "disengage_turn", disengage_turn)
        object.__setattr__(self, "one_turn", one_turn)
        object.__setattr__(self, "turn_moves", turn_moves)

    def __reduce__(self) -> tuple[type[TurnLimits], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return TurnLimits, (
            self.straight_before, self.repeat, self.allowance, self.minimum, self.can_turn,
            self.disengage, self.max_turn, self.turn_cost, self.disengage_turn, self.one_turn,
            self.turn_moves,
        )


@dataclass(frozen=True, slots=True, init=False)
class Plan:
    """A checked free move: the pose after each step, the straight legs (start pose and
    length), movement spent, the final pose, and the turns made."""

    poses: tuple[Pose, ...]
    legs: tuple[tuple[Pose, float], ...]
    spent: float
    final: Pose
    turns: int = 0

    def __init__(
        self, poses: tuple[Pose, ...], legs: tuple[tuple[Pose, float], ...], spent: float,
        final: Pose, turns: int = 0,
    ) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "poses", poses)
        object.__setattr__(self, "legs", legs)
        object.__setattr__(self, "spent", spent)
        object.__setattr__(self, "final", final)
        object.__setattr__(self, "turns", turns)

    def __reduce__(self) -> tuple[type[Plan], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return Plan, (self.poses, self.legs, self.spent, self.final, self.turns)


def plan_path(start: Pose, path: Sequence[float], limits: TurnLimits) -> Plan:
    """Check a free move of a base and work out where it goes; raise :class:`IllegalMove`
    naming the first broken rule.

    ``path`` is flat: ``(straight, turn, straight, turn, ..., straight)``, inches ahead
    and degrees turned in place (clockwise positive); a turn of 0 is no turn.

    >>> plan = plan_path(Pose(0.0, 0.0, 0.0), (2.0, 45.0, 3.0), TurnLimits(2.0, False, 6.0))
    >>> plan.spent, plan.final.heading, plan.turns
    (6.0, 45.0, 1)
    >>> try:
    ...     plan_path(Pose(0.0, 0.0), (1.0, 45.0, 1.0), TurnLimits(2.0, False, 6.0))
    ... except IllegalMove as error:
    ...     print(error)
    turn 1: needs 2 inches straight first, only 1 made
    """
    if len(path) % 2 != 1:
        raise IllegalMove("a path alternates straight, turn, straight ... and ends straight")
    for value in path:
        if not isfinite(value):
            raise IllegalMove(f"path values must be finite numbers, got {value!r}")
    pose = start
    poses = [pose]
    legs: list[tuple[Pose, float]] = []
    spent = 0.0
    run = 0.0
    turns = 0
    turned_since_run = False
    free = limits.straight_before <= 0.0
    for index, value in enumerate(path):
        if index % 2 == 0:
            if value < 0.0:
                raise IllegalMove(f"leg {index // 2 + 1}: a straight leg cannot be negative")
            if value > 0.0:
                legs.append((pose, value))
                pose = pose.moved(value)
                spent += value
                run += value
                turned_since_run = False
        elif value != 0.0:
            number = index // 2 + 1
            if not limits.can_turn:
                raise IllegalMove(f"turn {number}: the rudder is jammed, the model cannot turn",
                                  "jammed")
            if turns and limits.one_turn:
                raise IllegalMove(f"turn {number}: only one turn is allowed per move", "one-turn")
            disengaging = limits.disengage and index == 1 and path[0] == 0.0
            if disengaging:
                if abs(value) > limits.disengage_turn + ANGLE_TOLERANCE:
                    raise IllegalMove(
                        f"turn {number}: a model disengages by at most "
                        f"{limits.disengage_turn:g} degrees", "disengage"
                    )
            elif not free:
                if abs(value) > limits.max_turn + ANGLE_TOLERANCE:
                    raise IllegalMove(
                        f"turn {number}: at most {limits.max_turn:g} degrees at a time", "turn"
                    )
                chained = limits.repeat and turned_since_run
                if not chained and run < limits.straight_before - TOLERANCE:
                    raise IllegalMove(
                        f"turn {number}: needs {inches(limits.straight_before)} straight "
                        f"first, only {run:g} made", "turn"
                    )
                spent += limits.turn_cost
                run = 0.0
                turned_since_run = True
                if limits.turn_moves:
                    half = limits.turn_cost / 2.0
                    legs.append((pose, half))
                    pose = pose.moved(half).turned(value)
                    legs.append((pose, half))
                    pose = pose.moved(half)
                    turns += 1
                    poses.append(pose)
                    if spent > limits.allowance + TOLERANCE:
                        raise IllegalMove(
                            f"the path spends {inches(spent)}, more than the "
                            f"{limits.allowance:g} allowed", "allowance"
                        )
                    continue
            pose = pose.turned(value)
            turns += 1
        poses.append(pose)
        if spent > limits.allowance + TOLERANCE:
            raise IllegalMove(
                f"the path spends {inches(spent)}, more than the {limits.allowance:g} allowed",
                "allowance",
            )
    if spent < limits.minimum - TOLERANCE:
        raise IllegalMove(
            f"the path spends {inches(spent)}, less than the {limits.minimum:g} inch minimum",
            "minimum",
        )
    return Plan(tuple(poses), tuple(legs), spent, pose, turns)


def validate_path(
    start: Pose,
    steps: Sequence[Step],
    rule: TurnRule,
    allowance: float,
    minimum: float = 0.0,
) -> PlannedMove:
    """Check ``steps`` from ``start`` with :func:`plan_path`; raise :class:`IllegalMove` at
    the first broken rule. A rule with no straight run before turns turns freely.

    >>> try:
    ...     validate_path(Pose(0.0, 0.0), [Straight(1.5), Turn(30.0)], TurnRule(), 6.0)
    ... except IllegalMove as error:
    ...     print(error)
    turn 1: needs 2 inches straight first, only 1.5 made
    """
    path = [0.0]
    for number, step in enumerate(steps, start=1):
        if isinstance(step, Straight):
            if step.distance < 0.0:
                raise IllegalMove(f"step {number} ({step!r}): a straight leg cannot be negative")
            path[-1] += step.distance
        else:
            path += [step.degrees, 0.0]
    limits = TurnLimits(
        rule.min_straight, False, allowance, minimum, max_turn=rule.max_turn,
        turn_cost=rule.turn_cost, one_turn=not rule.repeatable,
    )
    plan = plan_path(start, path, limits)
    sweeps = tuple(Sweep(pose, distance) for pose, distance in plan.legs)
    return PlannedMove(plan.final, sweeps, plan.spent, plan.turns)


@dataclass(frozen=True, slots=True, init=False)
class TemplateTurn:
    """The result of turning along a template: end pose, path length, turning centre."""

    end: Pose
    length: float
    center: Point

    def __init__(self, end: Pose, length: float, center: Point) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "length", length)
        object.__setattr__(self, "center", center)

    def __reduce__(self) -> tuple[type[TemplateTurn], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return TemplateTurn, (self.end, self.length, self.center)


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
        radius * to_radians(degrees),
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
