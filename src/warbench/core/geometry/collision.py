"""Swept collisions: the first thing a base meets when it moves straight ahead.

The moving body slides along its heading (no turning) for ``distance`` inches.
A *contact* is the first point where its base would start to overlap a body or a terrain
piece; sliding along or grazing past an obstacle it only touches is not a contact, and
an obstacle it already overlaps at the start is met at distance 0. At the reported
pose the bases touch but do not overlap (in the sense of
:func:`~warbench.core.geometry.distance.overlaps`), so the mover can stop there.

Every terrain piece passed in is treated as an obstacle; pass only the pieces that stop
movement.

>>> from warbench.core.geometry.bases import CircleBase
>>> ram = Body(Pose(0.0, 0.0, 90.0), CircleBase(1.0))
>>> target = Body(Pose(10.0, 0.0), CircleBase(1.0))
>>> contact = first_contact(ram, 12.0, [target])
>>> round(contact.distance, 6), contact.obstacle is target
(8.0, True)
>>> first_contact(ram, 7.0, [target]) is None
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from math import hypot
from typing import Final

from warbench.core.geometry.bases import Body
from warbench.core.geometry.shapes import (
    ConvexPolygon,
    Disc,
    Shape,
    edge_normals,
    polygon_signed_distance,
    projection,
)
from warbench.core.geometry.terrain import Terrain
from warbench.core.geometry.vectors import TOLERANCE, Point, Pose, heading_vector


class SweepDistanceError(ValueError):
    """A sweep was asked to run a negative distance."""


_DEPTH: Final = TOLERANCE / 2.0
"""Overlap depth at which a sweep stops: below the tolerance that counts as overlapping."""

_Window = tuple[float, float]
"""An open interval of travel ``(enter, leave)`` during which two shapes overlap."""

_NEVER: _Window = (math.inf, -math.inf)

_Box = tuple[float, float, float, float]
"""Bounds ``(min x, min y, max x, max y)``."""

_CLEAR: Final = 1e-6
"""How far apart (inches) the bounds of a sweep and of an obstacle must lie for the sweep to
skip the obstacle unmeasured: far above the rounding of any window worked out."""


@dataclass(frozen=True, slots=True, init=False)
class Contact:
    """Where a sweep first meets an obstacle: how far along the leg, the very obstacle object
    passed in, and the mover's pose at that moment."""

    distance: float
    obstacle: Body | Terrain
    pose: Pose

    def __init__(self, distance: float, obstacle: Body | Terrain, pose: Pose) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "distance", distance)
        object.__setattr__(self, "obstacle", obstacle)
        object.__setattr__(self, "pose", pose)

    def __reduce__(self) -> tuple[type[Contact], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return Contact, (self.distance, self.obstacle, self.pose)


def _linear_window(constraints: Iterable[tuple[float, float]]) -> _Window:
    """Travel ``t`` with ``a + b*t > 0`` for every ``(a, b)`` given."""
    enter = -math.inf
    leave = math.inf
    for a, b in constraints:
        if b > 0.0:
            enter = max(enter, -a / b)
        elif b < 0.0:
            leave = min(leave, -a / b)
        elif a <= 0.0:
            return _NEVER
    return enter, leave


def _disc_window(
    px: float, py: float, ux: float, uy: float, center: Point, reach: float
) -> _Window:
    """Travel during which ``p + t*u`` is strictly closer than ``reach`` to ``center``."""
    wx = px - center.x
    wy = py - center.y
    half_b = wx * ux + wy * uy
    discriminant = half_b * half_b - (wx * wx + wy * wy - reach * reach)
    if discriminant <= 0.0:
        return _NEVER
    root = math.sqrt(discriminant)
    return -half_b - root, -half_b + root


def _edge_window(
    px: float, py: float, ux: float, uy: float, a: Point, b: Point, reach: float
) -> _Window:
    """Travel during which ``p + t*u`` is within ``reach`` of edge ``a``-``b``, measured
    square to the edge and between its ends."""
    ex = b.x - a.x
    ey = b.y - a.y
    length = hypot(ex, ey)
    if length == 0.0:
        return _NEVER
    ex /= length
    ey /= length
    wx = px - a.x
    wy = py - a.y
    along = wx * ex + wy * ey
    speed_along = ux * ex + uy * ey
    side = wx * ey - wy * ex
    speed_side = ux * ey - uy * ex
    return _linear_window(
        (
            (along, speed_along),
            (length - along, -speed_along),
            (reach - side, -speed_side),
            (reach + side, speed_side),
        )
    )


def _earliest(windows: Iterable[_Window], distance: float) -> float | None:
    """The first travel in ``[0, distance]`` inside any of the open ``windows``."""
    best: float | None = None
    for enter, leave in windows:
        if enter < leave and leave > 0.0 and enter <= distance:
            start = max(enter, 0.0)
            if best is None or start < best:
                best = start
    return best


def _point_into_outline(
    point: Point,
    ux: float,
    uy: float,
    reach: float,
    edges: Iterable[tuple[Point, Point]],
    distance: float,
) -> float | None:
    """First travel at which ``point`` moving along ``u`` comes closer than ``reach`` to an
    outline, given as its edges (the caller has ruled out starting inside)."""
    windows: list[_Window] = []
    for a, b in edges:
        windows.append(_disc_window(point.x, point.y, ux, uy, a, reach))
        windows.append(_edge_window(point.x, point.y, ux, uy, a, b, reach))
    return _earliest(windows, distance)


def _polygon_edges(polygon: ConvexPolygon) -> list[tuple[Point, Point]]:
    vertices = polygon.vertices
    return [(vertices[i], vertices[(i + 1) % len(vertices)]) for i in range(len(vertices))]


def _own_axes(moving: ConvexPolygon) -> list[tuple[float, float, float, float]]:
    """The moving polygon's separating axes with its own projection on each: the part of
    :func:`_polygons_window` that is the same whatever it is swept against."""
    return [(nx, ny, *projection(moving.vertices, nx, ny)) for nx, ny in edge_normals(moving)]


def _polygons_window(
    moving: ConvexPolygon,
    ux: float,
    uy: float,
    still: ConvexPolygon,
    axes: list[tuple[float, float, float, float]] | None = None,
) -> _Window:
    """Travel during which ``moving`` (sliding along ``u``) overlaps ``still`` by more than
    the stopping depth on every separating axis (``axes``: :func:`_own_axes` of
    ``moving``, worked out once for many obstacles)."""
    constraints: list[tuple[float, float]] = []
    for nx, ny, low_moving, high_moving in _own_axes(moving) if axes is None else axes:
        low_still, high_still = projection(still.vertices, nx, ny)
        speed = ux * nx + uy * ny
        constraints.append((high_moving - low_still - _DEPTH, speed))
        constraints.append((high_still - low_moving - _DEPTH, -speed))
    for nx, ny in edge_normals(still):
        low_moving, high_moving = projection(moving.vertices, nx, ny)
        low_still, high_still = projection(still.vertices, nx, ny)
        speed = ux * nx + uy * ny
        constraints.append((high_moving - low_still - _DEPTH, speed))
        constraints.append((high_still - low_moving - _DEPTH, -speed))
    return _linear_window(constraints)


def _bounds(shape: Shape) -> _Box:
    """The smallest box holding ``shape``."""
    if isinstance(shape, Disc):
        x, y, radius = shape.center.x, shape.center.y, shape.radius
        return x - radius, y - radius, x + radius, y + radius
    first = shape.vertices[0]
    low_x = high_x = first.x
    low_y = high_y = first.y
    for vertex in shape.vertices:  # a plain loop: min() and max() of lists box each float
        x, y = vertex.x, vertex.y
        if x < low_x:
            low_x = x
        elif x > high_x:
            high_x = x
        if y < low_y:
            low_y = y
        elif y > high_y:
            high_y = y
    return low_x, low_y, high_x, high_y


def _clear(sweep: _Box, box: _Box) -> bool:
    """Whether two boxes lie more than :data:`_CLEAR` apart: a sweep whose box (the
    mover's bounds at the start and at the end of the leg, joined) lies clear of an
    obstacle's never meets it, so no window of it starts within the leg."""
    return (
        box[0] > sweep[2] + _CLEAR or sweep[0] > box[2] + _CLEAR
        or box[1] > sweep[3] + _CLEAR or sweep[1] > box[3] + _CLEAR
    )


def _body_contact(
    moving: Shape,
    axes: list[tuple[float, float, float, float]] | None,
    ux: float,
    uy: float,
    still: Shape,
    distance: float,
) -> float | None:
    if isinstance(moving, Disc):
        if isinstance(still, Disc):
            reach = moving.radius + still.radius - _DEPTH
            window = _disc_window(moving.center.x, moving.center.y, ux, uy, still.center, reach)
            return _earliest((window,), distance)
        reach = moving.radius - _DEPTH
        if polygon_signed_distance(still, moving.center) < reach:
            return 0.0
        return _point_into_outline(moving.center, ux, uy, reach, _polygon_edges(still), distance)
    if isinstance(still, Disc):
        reach = still.radius - _DEPTH
        if polygon_signed_distance(moving, still.center) < reach:
            return 0.0
        return _point_into_outline(still.center, -ux, -uy, reach, _polygon_edges(moving), distance)
    return _earliest((_polygons_window(moving, ux, uy, still, axes),), distance)


def _terrain_contact(
    moving: Shape,
    axes: list[tuple[float, float, float, float]] | None,
    ux: float,
    uy: float,
    terrain: Terrain,
    distance: float,
    sweep: _Box,
) -> float | None:
    if isinstance(moving, Disc):
        reach = moving.radius - _DEPTH
        if terrain.signed_distance(moving.center) < reach:
            return 0.0
        return _point_into_outline(moving.center, ux, uy, reach, terrain.edges(), distance)
    return _earliest(
        (
            _polygons_window(moving, ux, uy, piece, axes) for piece in terrain.pieces
            if not _clear(sweep, _bounds(piece))
        ),
        distance,
    )


def first_contact(
    mover: Body,
    distance: float,
    bodies: Iterable[Body] = (),
    terrain: Iterable[Terrain] = (),
) -> Contact | None:
    """The first obstacle ``mover`` meets moving ``distance`` inches ahead, or ``None``.

    ``bodies`` may include the mover itself; it is skipped. Ties go to the obstacle listed
    first, bodies before terrain.
    """
    if distance < 0.0:
        raise SweepDistanceError(
            f"a sweep runs ahead, so its distance cannot be negative, got {distance!r}; "
            "turn the mover round to sweep backwards"
        )
    bodies = [body for body in bodies if body is not mover and body != mover]
    terrain = list(terrain)
    if not bodies and not terrain:
        return None
    ux, uy = heading_vector(mover.pose.heading)
    moving = mover.shape()
    low_x, low_y, high_x, high_y = _bounds(moving)
    dx, dy = distance * ux, distance * uy
    sweep = (
        min(low_x, low_x + dx), min(low_y, low_y + dy),
        max(high_x, high_x + dx), max(high_y, high_y + dy),
    )
    axes: list[tuple[float, float, float, float]] | None = None
    best: float | None = None
    hit: Body | Terrain | None = None
    for body in bodies:
        still = body.shape()
        if _clear(sweep, _bounds(still)):
            continue  # cannot be met: found would be None
        if axes is None and not isinstance(moving, Disc):
            axes = _own_axes(moving)
        found = _body_contact(moving, axes, ux, uy, still, distance)
        if found is not None and (best is None or found < best):
            best, hit = found, body
    for piece in terrain:
        if _clear(sweep, piece.bounds):
            continue
        if axes is None and not isinstance(moving, Disc):
            axes = _own_axes(moving)
        found = _terrain_contact(moving, axes, ux, uy, piece, distance, sweep)
        if found is not None and (best is None or found < best):
            best, hit = found, piece
    if best is None or hit is None:
        return None
    return Contact(best, hit, mover.pose.moved(best))
