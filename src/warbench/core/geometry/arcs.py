"""Fire arcs relative to a model's facing, and the fixed channel straight ahead.

An :class:`Arc` is an interval of relative bearings, measured clockwise from the heading:
it starts at ``start`` and sweeps ``width`` degrees clockwise. The four quadrants are
:data:`FORE` (315..45), :data:`STARBOARD` (45..135), :data:`AFT` (135..225) and
:data:`PORT` (225..315).

Boundary policy, the same for every arc: arcs are closed intervals widened by
:data:`ARC_EPSILON` degrees, so a target exactly on a boundary line is in both neighbouring
arcs, and the four quadrants together cover the whole circle.

Two tests are offered: :func:`in_arc` asks about one point (usually the target's centre);
:func:`base_in_arc` asks whether any part of the target's base lies inside the wedge drawn
from the shooter's centre.

>>> bow = Pose(0.0, 0.0, 0.0)
>>> in_arc(bow, FORE, Point(1.0, 1.0)), in_arc(bow, STARBOARD, Point(1.0, 1.0))
(True, True)
>>> in_arc(bow, FORE, Point(1.1, 1.0))
False
>>> base_in_arc(bow, FORE, Body(Pose(1.1, 1.0), CircleBase(0.5)))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from math import asin, atan2, hypot
from typing import Final

from warbench.core.geometry.bases import Body, CircleBase
from warbench.core.geometry.distance import rect_signed_gap
from warbench.core.geometry.vectors import (
    TOLERANCE,
    Point,
    Pose,
    bearing,
    normalize_heading,
    signed_angle,
    to_degrees,
)

ARC_EPSILON: Final = 1e-9
"""Degrees by which every arc is widened on both sides (see the boundary policy)."""


class ArcWidthError(ValueError):
    """An arc was given a width outside ``(0, 360]`` degrees."""


@dataclass(frozen=True, slots=True)
class Arc:
    """Relative bearings from ``start`` sweeping ``width`` degrees clockwise (closed)."""

    start: float
    width: float

    def __post_init__(self) -> None:
        if not 0.0 < self.width <= 360.0:
            raise ArcWidthError(f"an arc's width must be in (0, 360] degrees, got {self.width!r}")
        if not 0.0 <= self.start < 360.0:
            object.__setattr__(self, "start", normalize_heading(self.start))

    @classmethod
    def centered(cls, width: float, offset: float = 0.0) -> Arc:
        """An arc ``width`` degrees wide centred on relative bearing ``offset``.

        >>> Arc.centered(90.0), Arc.centered(180.0, offset=180.0)
        (Arc(start=315.0, width=90.0), Arc(start=90.0, width=180.0))
        """
        return cls(offset - width / 2.0, width)

    @classmethod
    def between(cls, start: float, end: float) -> Arc:
        """The arc sweeping clockwise from ``start`` to ``end`` (which must differ).

        >>> Arc.between(225.0, 315.0)
        Arc(start=225.0, width=90.0)
        """
        width = normalize_heading(end - start)
        if width == 0.0:
            raise ArcWidthError(
                f"an arc from {start!r} to {end!r} has no width; use Arc.centered(360.0)"
            )
        return cls(start, width)

    @property
    def end(self) -> float:
        """The relative bearing where the arc stops, in ``[0, 360)``."""
        return normalize_heading(self.start + self.width)

    def contains(self, relative_bearing: float) -> bool:
        """True when ``relative_bearing`` is inside the arc or on a boundary.

        >>> FORE.contains(45.0), FORE.contains(-45.0), FORE.contains(46.0)
        (True, True, False)
        """
        past_start = (relative_bearing - self.start) % 360.0
        return past_start <= self.width + ARC_EPSILON or past_start >= 360.0 - ARC_EPSILON

    def meets(self, start: float, width: float) -> bool:
        """True when the closed interval sweeping ``width`` clockwise from ``start`` shares a
        bearing with this arc."""
        if self.contains(start):
            return True
        past_start = (self.start - start) % 360.0
        return past_start <= width + ARC_EPSILON or past_start >= 360.0 - ARC_EPSILON


FORE = Arc(315.0, 90.0)
STARBOARD = Arc(45.0, 90.0)
AFT = Arc(135.0, 90.0)
PORT = Arc(225.0, 90.0)
QUADRANTS: Final = (FORE, STARBOARD, AFT, PORT)
"""The four quadrant arcs, clockwise from the bow."""


def in_arc(shooter: Pose, arc: Arc, target: Point) -> bool:
    """True when ``target`` is inside ``arc`` of ``shooter``; a point at the shooter's own
    centre is in every arc."""
    dx = target.x - shooter.x
    dy = target.y - shooter.y
    if dx == 0.0 and dy == 0.0:
        return True
    return arc.contains(to_degrees(atan2(dx, dy)) - shooter.heading)


def base_in_arc(shooter: Pose, arc: Arc, target: Body) -> bool:
    """True when any part of ``target``'s base lies in the wedge of ``arc`` drawn from the
    shooter's centre (a base over the shooter's centre is in every arc)."""
    if arc.width >= 360.0:
        return True
    wedge = base_wedge(shooter, target)
    return wedge is None or arc.meets(*wedge)


def base_wedge(shooter: Pose, target: Body) -> tuple[float, float] | None:
    """The bearings ``target``'s base covers seen from the shooter's centre, relative to its
    heading, as ``(start, width)`` (clockwise); ``None`` when the base is over the centre
    (in every arc). Worked out once, it answers :func:`base_in_arc` for every arc."""
    dx = target.pose.x - shooter.x
    dy = target.pose.y - shooter.y
    distance = hypot(dx, dy)
    base = target.base
    if isinstance(base, CircleBase):
        if distance <= base.radius + TOLERANCE:
            return None
        half = to_degrees(asin(base.radius / distance))
        center = bearing(dx, dy) - shooter.heading
        return center - half, 2.0 * half
    if rect_signed_gap(target, base, shooter.x, shooter.y) <= TOLERANCE:
        return None
    center = bearing(dx, dy)
    offsets = [
        signed_angle(bearing(x - shooter.x, y - shooter.y) - center)
        for x, y in target.corner_coords()
    ]
    low = min(offsets)
    return center - shooter.heading + low, max(offsets) - low


def _clip(
    polygon: list[tuple[float, float]], nx: float, ny: float, limit: float
) -> list[tuple[float, float]]:
    """The part of ``polygon`` where ``nx*x + ny*y <= limit`` (one Sutherland-Hodgman pass)."""
    kept: list[tuple[float, float]] = []
    count = len(polygon)
    for index in range(count):
        ax, ay = polygon[index]
        bx, by = polygon[(index + 1) % count]
        a_value = nx * ax + ny * ay - limit
        b_value = nx * bx + ny * by - limit
        if a_value <= 0.0:
            kept.append((ax, ay))
        if (a_value < 0.0 < b_value) or (b_value < 0.0 < a_value):
            t = a_value / (a_value - b_value)
            kept.append((ax + t * (bx - ax), ay + t * (by - ay)))
    return kept


def in_channel(shooter: Body, target: Body, width: float | None = None) -> bool:
    """True when any part of ``target``'s base is in the fixed channel of ``shooter``.

    The channel is a strip ``width`` inches wide (by default as wide as the shooter's base
    across its heading), centred on the shooter's heading and running ahead without end from
    the line through the shooter's centre. Touching the strip's edge counts as inside.

    >>> gun = Body(Pose(0.0, 0.0), CircleBase(0.5))
    >>> in_channel(gun, Body(Pose(0.9, 10.0), CircleBase(0.4))), in_channel(
    ...     gun, Body(Pose(1.0, 10.0), CircleBase(0.4)))
    (True, False)
    """
    half = (shooter.base.across if width is None else width) / 2.0
    base = target.base
    if isinstance(base, CircleBase):
        across, along = shooter.local(target.center)
        gap_across = abs(across) - half
        gap_along = -along
        return hypot(max(gap_across, 0.0), max(gap_along, 0.0)) <= base.radius + TOLERANCE
    polygon = [shooter.local_xy(x, y) for x, y in target.corner_coords()]
    for nx, ny, limit in ((1.0, 0.0, half), (-1.0, 0.0, half), (0.0, -1.0, 0.0)):
        polygon = _clip(polygon, nx, ny, limit + TOLERANCE)
        if not polygon:
            return False
    return True
