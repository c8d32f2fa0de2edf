"""Where a missed AOE attack's template lands (HOR-AOE, engine default: the seed gives no
deviation), shared by the game and the odds: the template is aimed at the target's centre,
or at the range limit on the line to it when the target is out of range; a d6 gives the
direction (1 straight on along that line, then round clockwise by 60 degrees a face) and a
d6 the inches, at most half the distance from the attacker to the aim; the template stays
on the table. :func:`caught_chance` enumerates the 36 faces of the two dice: the exact
chance that the deviated template still covers some of the target's base (:func:`landings`
gives the template's centre on each face, for the other models under it too).

>>> aim = aim_at(Point(0.0, 0.0), Point(0.0, 6.0), reach=10.0)
>>> aim.distance, aim.heading
(6.0, 0.0)
>>> landing(aim, direction=4, inches=5, table=None)  # straight back, at most 3"
Point(x=0.0, y=3.0)
>>> caught_chance(aim, Point(0.0, 6.0), radius=0.6, aoe=3.0, table=None)  # within 2.1"
0.3333333333333333
"""

from __future__ import annotations

from dataclasses import dataclass
from math import hypot

from warbench.core.geometry import Point

#: The deviation's direction die turns the template this many degrees a face.
DEGREES_A_FACE = 60
FACES = range(1, 7)


@dataclass(frozen=True, slots=True)
class Aim:
    """Where a missed AOE deviates from: the point, its distance from the attacker's
    centre, and the heading from the attacker to it (the direction die's face 1)."""

    point: Point
    distance: float
    heading: float


def aim_at(start: Point, target: Point, reach: float) -> Aim:
    """The aim of an attack from ``start`` (the attacker's centre) at ``target`` (its
    centre): the target, or the point ``reach`` inches along the line to it where it is
    farther (``reach``: the weapon's range from the attacker's centre)."""
    distance = start.distance_to(target)
    heading = start.bearing_to(target)
    if distance > reach:
        return Aim(start.toward(heading, reach), reach, heading)
    return Aim(target, distance, heading)


def landing(aim: Aim, direction: int, inches: int, table: float | None) -> Point:
    """The template's centre after a deviation of ``direction`` and ``inches`` (the two
    d6), kept on a ``table`` inches square (``None``: no edge near)."""
    moved = min(float(inches), aim.distance / 2)
    centre = aim.point.toward(aim.heading + DEGREES_A_FACE * (direction - 1), moved)
    if table is None:
        return centre
    return Point(min(max(centre.x, 0.0), table), min(max(centre.y, 0.0), table))


def covers(centre: Point, aoe: float, at: Point, radius: float) -> bool:
    """Whether a template ``aoe`` inches across centred on ``centre`` covers some of a
    base of ``radius`` inches centred on ``at``."""
    return hypot(at.x - centre.x, at.y - centre.y) - radius <= aoe / 2


def landings(aim: Aim, table: float | None) -> tuple[Point, ...]:
    """The template's centre on each of the 36 faces of the direction and distance dice
    (direction 1 to 6, each with inches 1 to 6), kept on a ``table`` inches square."""
    return tuple(landing(aim, direction, inches, table)
                 for direction in FACES for inches in FACES)


def caught_chance(aim: Aim, target: Point, radius: float, aoe: float,
                  table: float | None) -> float:
    """The chance that a missed attack's deviated template still covers the base of
    ``radius`` inches at ``target``: of the 36 faces of the direction and distance dice,
    those whose landing covers it."""
    caught = sum(covers(centre, aoe, target, radius) for centre in landings(aim, table))
    return caught / len(FACES) ** 2
