"""Discs and convex polygons, and the exact distances between them.

Every base and template is built from these two pieces, so one set of plain float formulas
answers "how far apart", "touching" and "overlapping" for all of them. Polygons list their
vertices anticlockwise (x right, y up).

>>> square = ConvexPolygon((Point(0, 0), Point(2, 0), Point(2, 2), Point(0, 2)))
>>> shape_distance(Disc(Point(5, 1), 1.0), square)
2.0
>>> shapes_overlap(Disc(Point(2.5, 1), 1.0), square)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from math import hypot

from warbench.core.geometry.vectors import TOLERANCE, Point


@dataclass(frozen=True, slots=True, init=False)
class Disc:
    """A filled circle; radius 0 is a single point."""

    center: Point
    radius: float

    def __init__(self, center: Point, radius: float) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "center", center)
        object.__setattr__(self, "radius", radius)

    def __reduce__(self) -> tuple[type[Disc], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return Disc, (self.center, self.radius)


@dataclass(frozen=True, slots=True, init=False)
class ConvexPolygon:
    """A filled convex polygon, vertices anticlockwise."""

    vertices: tuple[Point, ...]

    def __init__(self, vertices: tuple[Point, ...]) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "vertices", vertices)

    def __reduce__(self) -> tuple[type[ConvexPolygon], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return ConvexPolygon, (self.vertices,)


Shape = Disc | ConvexPolygon


def point_segment_distance(
    px: float, py: float, ax: float, ay: float, bx: float, by: float
) -> float:
    """Distance from point ``p`` to the segment ``a``-``b``.

    >>> point_segment_distance(0.0, 1.0, -1.0, 0.0, 1.0, 0.0)
    1.0
    """
    ex = bx - ax
    ey = by - ay
    length_sq = ex * ex + ey * ey
    if length_sq == 0.0:
        return hypot(px - ax, py - ay)
    t = ((px - ax) * ex + (py - ay) * ey) / length_sq
    t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
    return hypot(px - (ax + t * ex), py - (ay + t * ey))


def polygon_signed_distance(polygon: ConvexPolygon, point: Point) -> float:
    """Distance from ``point`` to the polygon's outline; negative when strictly inside."""
    vertices = polygon.vertices
    px = point.x
    py = point.y
    count = len(vertices)
    inside = True
    nearest = math.inf
    for index in range(count):
        a = vertices[index]
        b = vertices[(index + 1) % count]
        if (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x) < 0.0:
            inside = False
        nearest = min(nearest, point_segment_distance(px, py, a.x, a.y, b.x, b.y))
    return -nearest if inside else nearest


def edge_normals(polygon: ConvexPolygon) -> list[tuple[float, float]]:
    """The unit outward normal of each edge, skipping edges of no length.

    These are the polygon's separating axes: two convex polygons are apart exactly when
    their projections on one of the axes of either do not overlap.

    >>> edge_normals(ConvexPolygon((Point(0, 0), Point(2, 0), Point(2, 2), Point(0, 2))))
    [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)]
    """
    vertices = polygon.vertices
    count = len(vertices)
    normals = []
    for index in range(count):
        a = vertices[index]
        b = vertices[(index + 1) % count]
        nx = b.y - a.y
        ny = a.x - b.x
        length = hypot(nx, ny)
        if length != 0.0:
            normals.append((nx / length, ny / length))
    return normals


def projection(vertices: tuple[Point, ...], nx: float, ny: float) -> tuple[float, float]:
    """The lowest and highest value of ``vertices`` projected on the axis ``(nx, ny)``.

    >>> projection((Point(0, 0), Point(2, 1)), 1.0, 0.0)
    (0.0, 2.0)
    """
    first = vertices[0]
    low = high = first.x * nx + first.y * ny
    for vertex in vertices:  # a plain loop: min() and max() of a list compare boxed floats
        value = vertex.x * nx + vertex.y * ny
        if value < low:
            low = value
        elif value > high:
            high = value
    return low, high


def _least_overlap(first: ConvexPolygon, second: ConvexPolygon) -> float:
    """Smallest overlap of the two projections over every edge normal (negative: a gap)."""
    least = math.inf
    for polygon in (first, second):
        for nx, ny in edge_normals(polygon):
            low_a, high_a = projection(first.vertices, nx, ny)
            low_b, high_b = projection(second.vertices, nx, ny)
            least = min(least, min(high_a, high_b) - max(low_a, low_b))
    return least


def _outline_distance(first: ConvexPolygon, second: ConvexPolygon) -> float:
    """Least distance between the outlines, as vertex-to-edge distances both ways."""
    nearest = math.inf
    for points, polygon in ((first.vertices, second), (second.vertices, first)):
        edges = polygon.vertices
        count = len(edges)
        for point in points:
            for index in range(count):
                a = edges[index]
                b = edges[(index + 1) % count]
                nearest = min(nearest, point_segment_distance(point.x, point.y, a.x, a.y, b.x, b.y))
    return nearest


def shape_distance(first: Shape, second: Shape) -> float:
    """Gap between two shapes; 0.0 when they touch or overlap."""
    if isinstance(first, Disc):
        if isinstance(second, Disc):
            gap = first.center.distance_to(second.center) - first.radius - second.radius
        else:
            gap = polygon_signed_distance(second, first.center) - first.radius
    elif isinstance(second, Disc):
        gap = polygon_signed_distance(first, second.center) - second.radius
    elif _least_overlap(first, second) >= 0.0:
        gap = 0.0
    else:
        gap = _outline_distance(first, second)
    return gap if gap > 0.0 else 0.0


def shapes_overlap(first: Shape, second: Shape) -> bool:
    """True when the shapes share area: more than :data:`TOLERANCE` deep, not just touching."""
    if isinstance(first, Disc):
        if isinstance(second, Disc):
            reach = first.radius + second.radius
            return first.center.distance_to(second.center) < reach - TOLERANCE
        return polygon_signed_distance(second, first.center) < first.radius - TOLERANCE
    if isinstance(second, Disc):
        return polygon_signed_distance(first, second.center) < second.radius - TOLERANCE
    return _least_overlap(first, second) > TOLERANCE


def shape_covers(shape: Shape, point: Point) -> bool:
    """True when ``point`` lies in the shape or on its outline (within :data:`TOLERANCE`)."""
    if isinstance(shape, Disc):
        return shape.center.distance_to(point) <= shape.radius + TOLERANCE
    return polygon_signed_distance(shape, point) <= TOLERANCE
