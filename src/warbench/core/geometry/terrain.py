"""Terrain pieces: simple polygons on the table.

A :class:`Terrain` is a simple polygon (convex or not) with a flag saying whether it blocks
line of sight and a free ``kind`` label ("island", "forest", "hill") that rule systems read.
Its outline is stored anticlockwise, from the first corner given, whatever the order given.

Crossing policy: a segment *crosses* a piece only if some part of it runs through the
polygon's interior. A segment that merely touches a corner or slides along an edge does not
cross it. The answer does not depend on which end the segment is drawn from.

>>> rock = Terrain((Point(0, 0), Point(2, 0), Point(2, 2), Point(0, 2)), kind="rock")
>>> rock.crossed_by(Point(-1, 1), Point(3, 1)), rock.crossed_by(Point(-1, -1), Point(1, 1))
(True, True)
>>> rock.crossed_by(Point(-1, 1), Point(1, 3)), rock.crossed_by(Point(0, -1), Point(0, 3))
(False, False)
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from math import hypot
from typing import Final

import shapely
from shapely.validation import explain_validity

from warbench.core.geometry.shapes import ConvexPolygon, point_segment_distance
from warbench.core.geometry.vectors import TOLERANCE, Point


class TerrainShapeError(ValueError):
    """A terrain outline is not a simple polygon with area."""


@dataclass(frozen=True, slots=True)
class Terrain:
    """A terrain piece: its outline, whether it blocks sight, and a label.

    ``bounds`` (min x, min y, max x, max y) and ``pieces`` (triangles tiling the outline,
    anticlockwise) are worked out on creation.
    """

    points: tuple[Point, ...]
    blocks_sight: bool = True
    kind: str = ""
    bounds: tuple[float, float, float, float] = field(init=False, repr=False, compare=False)
    pieces: tuple[ConvexPolygon, ...] = field(init=False, repr=False, compare=False)
    #: Each side as plain numbers ``(px, py, qx, qy)``, anticlockwise (what ``edges`` gives).
    sides: tuple[tuple[float, float, float, float], ...] = field(
        init=False, repr=False, compare=False
    )
    #: A circle around the outline: centre x, centre y, radius (for quick rejections).
    circle: tuple[float, float, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        points = tuple(self.points)
        if len(points) > 1 and points[0] == points[-1]:
            points = points[:-1]
        if len(points) < 3:
            raise TerrainShapeError(
                f"terrain {self.kind!r} needs at least 3 corners, got {len(points)}"
            )
        outline = shapely.Polygon([(p.x, p.y) for p in points])
        if not outline.is_valid or outline.area <= 0.0:
            raise TerrainShapeError(
                f"terrain {self.kind!r} is not a simple polygon with area: "
                f"{explain_validity(outline)}"
            )
        twice_area = sum(
            a.x * b.y - b.x * a.y for a, b in zip(points, points[1:] + points[:1], strict=True)
        )
        if twice_area < 0.0:
            points = (points[0], *points[:0:-1])
        object.__setattr__(self, "points", points)
        xs = [p.x for p in points]
        ys = [p.y for p in points]
        object.__setattr__(self, "bounds", (min(xs), min(ys), max(xs), max(ys)))
        object.__setattr__(self, "pieces", _triangles(outline))
        object.__setattr__(self, "sides", tuple(
            (a.x, a.y, b.x, b.y) for a, b in zip(points, points[1:] + points[:1], strict=True)
        ))
        middle_x = (min(xs) + max(xs)) / 2.0
        middle_y = (min(ys) + max(ys)) / 2.0
        radius = max(hypot(p.x - middle_x, p.y - middle_y) for p in points)
        object.__setattr__(self, "circle", (middle_x, middle_y, radius))

    def edges(self) -> Iterator[tuple[Point, Point]]:
        """Each side of the outline, anticlockwise."""
        points = self.points
        count = len(points)
        for index in range(count):
            yield points[index], points[(index + 1) % count]

    def signed_distance(self, point: Point) -> float:
        """Distance from ``point`` to the outline; negative when inside.

        >>> Terrain((Point(0, 0), Point(4, 0), Point(0, 4))).signed_distance(Point(1, 1))
        -1.0
        """
        return _signed_distance(self.sides, point.x, point.y)

    def contains(self, point: Point) -> bool:
        """True when ``point`` is inside the piece or on its outline (a point outside the
        bounds is not: quick rejection)."""
        low_x, low_y, high_x, high_y = self.bounds
        if not (low_x - TOLERANCE <= point.x <= high_x + TOLERANCE
                and low_y - TOLERANCE <= point.y <= high_y + TOLERANCE):
            return False
        return self.signed_distance(point) <= TOLERANCE

    def crossed_by(self, start: Point, end: Point) -> bool:
        """True when part of the segment ``start``-``end`` runs through the interior."""
        if (end.x, end.y) < (start.x, start.y):
            start, end = end, start
        low_x, low_y, high_x, high_y = self.bounds
        if (
            max(start.x, end.x) < low_x
            or min(start.x, end.x) > high_x
            or max(start.y, end.y) < low_y
            or min(start.y, end.y) > high_y
        ):
            return False
        ax = start.x
        ay = start.y
        centre_x, centre_y, radius = self.circle
        if point_segment_distance(centre_x, centre_y, ax, ay, end.x, end.y) > radius + _SLACK:
            return False  # the segment passes outside a circle holding the whole piece
        dx = end.x - ax
        dy = end.y - ay
        length = hypot(dx, dy)
        cuts = [0.0, 1.0]
        sides = self.sides
        if length > TOLERANCE:
            for px, py, qx, qy in sides:
                cuts.extend(_cuts(ax, ay, dx, dy, length, px, py, qx, qy))
        cuts.sort()
        for low, high in pairwise(cuts):
            middle = (low + high) / 2.0
            x = ax + middle * dx
            y = ay + middle * dy
            if (
                high - low > 0.0
                # a point outside the bounds is not inside the piece (quick rejection)
                and low_x - TOLERANCE <= x <= high_x + TOLERANCE
                and low_y - TOLERANCE <= y <= high_y + TOLERANCE
                and _signed_distance(sides, x, y) < -TOLERANCE
            ):
                return True
        return False


#: How far outside a piece's circle (inches) a segment must pass to miss the piece for
#: sure: far above the rounding of the distances involved.
_SLACK: Final = 1e-6


def _signed_distance(
    sides: tuple[tuple[float, float, float, float], ...], px: float, py: float
) -> float:
    """:meth:`Terrain.signed_distance` of the point ``(px, py)`` from the outline's sides."""
    inside = False
    nearest = math.inf
    for ax, ay, bx, by in sides:
        distance = point_segment_distance(px, py, ax, ay, bx, by)
        if distance < nearest:
            nearest = distance
        if (ay > py) != (by > py):
            cross_x = ax + (py - ay) * (bx - ax) / (by - ay)
            if px < cross_x:
                inside = not inside
    return -nearest if inside else nearest


def _cuts(
    ax: float, ay: float, dx: float, dy: float, length: float,
    px: float, py: float, qx: float, qy: float,
) -> list[float]:
    """Parameters ``t`` in [0, 1] where the segment ``a + t*d`` meets the edge ``p``-``q``."""
    ex = qx - px
    ey = qy - py
    wx = px - ax
    wy = py - ay
    denominator = dx * ey - dy * ex
    edge_length = hypot(ex, ey)
    if abs(denominator) <= 1e-12 * length * edge_length:
        if abs(wx * dy - wy * dx) > TOLERANCE * length:
            return []
        length_sq = length * length
        found = []
        for vx, vy in ((wx, wy), (qx - ax, qy - ay)):
            t = (vx * dx + vy * dy) / length_sq
            if 0.0 <= t <= 1.0:
                found.append(t)
        return found
    t = (wx * ey - wy * ex) / denominator
    u = (wx * dy - wy * dx) / denominator
    slack = 1e-12
    if -slack <= t <= 1.0 + slack and -slack <= u <= 1.0 + slack:
        return [min(max(t, 0.0), 1.0)]
    return []


def _triangles(outline: shapely.Polygon) -> tuple[ConvexPolygon, ...]:
    """Triangles, anticlockwise, that tile ``outline`` exactly."""
    triangles = []
    for triangle in shapely.constrained_delaunay_triangles(outline).geoms:
        a, b, c = (Point(x, y) for x, y in triangle.exterior.coords[:3])
        if (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) < 0.0:
            a, c = c, a
        triangles.append(ConvexPolygon((a, b, c)))
    return tuple(triangles)
