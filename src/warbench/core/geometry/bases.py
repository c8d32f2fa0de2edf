"""Model bases and bodies: a base shape standing at a pose.

A :class:`CircleBase` is round; a :class:`RectBase` is a rectangle whose ``length`` runs
along the heading and ``width`` across it (a ship's hull). A :class:`Body` puts a base at a
pose and carries the ``size`` that line of sight compares when bases block one another.

>>> ship = Body(Pose(0.0, 0.0, 90.0), RectBase(width=1.0, length=4.0))
>>> ship.contains(Point(1.9, 0.4)), ship.contains(Point(0.0, 0.6))
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.geometry.shapes import ConvexPolygon, Disc, Shape, shape_covers
from warbench.core.geometry.vectors import Point, Pose, heading_vector


class BaseSizeError(ValueError):
    """A base was given a size that is not a positive number of inches."""


@dataclass(frozen=True, slots=True, init=False)
class CircleBase:
    """A round base of ``radius`` inches."""

    radius: float

    def __init__(self, radius: float) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        if not radius > 0.0:
            raise BaseSizeError(f"a circle base needs a positive radius, got {radius!r}")
        object.__setattr__(self, "radius", radius)

    def __reduce__(self) -> tuple[type[CircleBase], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return CircleBase, (self.radius,)

    @property
    def size(self) -> float:
        """The base's nominal size: its diameter."""
        return 2.0 * self.radius

    @property
    def across(self) -> float:
        """Width across the heading: the diameter."""
        return 2.0 * self.radius


@dataclass(frozen=True, slots=True, init=False)
class RectBase:
    """A rectangular base, ``length`` along the heading and ``width`` across it."""

    width: float
    length: float

    def __init__(self, width: float, length: float) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        if not (width > 0.0 and length > 0.0):
            raise BaseSizeError(
                f"a rectangular base needs positive width and length, "
                f"got width={width!r}, length={length!r}"
            )
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "length", length)

    def __reduce__(self) -> tuple[type[RectBase], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return RectBase, (self.width, self.length)

    @property
    def size(self) -> float:
        """The base's nominal size: its longer side."""
        return max(self.width, self.length)

    @property
    def across(self) -> float:
        """Width across the heading."""
        return self.width


Base = CircleBase | RectBase


@dataclass(frozen=True, slots=True, init=False)
class Body:
    """A base standing at a pose.

    ``size`` ranks bodies for blocking line of sight; when left ``None`` the base's nominal
    size is used (a circle's diameter, a rectangle's longer side).
    """

    pose: Pose
    base: Base
    size: float | None = None

    def __init__(self, pose: Pose, base: Base, size: float | None = None) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "pose", pose)
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "size", size)

    def __reduce__(self) -> tuple[type[Body], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return Body, (self.pose, self.base, self.size)

    @property
    def center(self) -> Point:
        """The centre of the base."""
        return Point(self.pose.x, self.pose.y)

    @property
    def blocking_size(self) -> float:
        """The size compared when this body stands between two others."""
        return self.base.size if self.size is None else self.size

    def corners(self) -> tuple[Point, ...]:
        """A rectangular base's corners, anticlockwise from front-left; a circle has none.

        >>> Body(Pose(0.0, 0.0), RectBase(2.0, 4.0)).corners()
        (Point(x=-1.0, y=2.0), Point(x=-1.0, y=-2.0), Point(x=1.0, y=-2.0), Point(x=1.0, y=2.0))
        """
        return tuple(Point(x, y) for x, y in self.corner_coords())

    def corner_coords(self) -> tuple[tuple[float, float], ...]:
        """:meth:`corners` as plain ``(x, y)`` pairs, for hot paths."""
        base = self.base
        if isinstance(base, CircleBase):
            return ()
        fx, fy = heading_vector(self.pose.heading)
        half_length = base.length / 2.0
        half_width = base.width / 2.0
        ax = fx * half_length
        ay = fy * half_length
        rx = fy * half_width
        ry = -fx * half_width
        x = self.pose.x
        y = self.pose.y
        return (
            (x + ax - rx, y + ay - ry),
            (x - ax - rx, y - ay - ry),
            (x - ax + rx, y - ay + ry),
            (x + ax + rx, y + ay + ry),
        )

    def shape(self) -> Shape:
        """The area the base covers on the table."""
        base = self.base
        if isinstance(base, CircleBase):
            return Disc(self.center, base.radius)
        return ConvexPolygon(self.corners())

    def local_xy(self, px: float, py: float) -> tuple[float, float]:
        """:meth:`local` for a plain ``(x, y)`` pair."""
        fx, fy = heading_vector(self.pose.heading)
        dx = px - self.pose.x
        dy = py - self.pose.y
        return dx * fy - dy * fx, dx * fx + dy * fy

    def local(self, point: Point) -> tuple[float, float]:
        """``point`` in this body's frame: ``(across, along)``, starboard and ahead positive.

        >>> Body(Pose(0.0, 0.0, 90.0), CircleBase(1.0)).local(Point(3.0, -1.0))
        (1.0, 3.0)
        """
        return self.local_xy(point.x, point.y)

    def contains(self, point: Point) -> bool:
        """True when ``point`` is on the base or its rim."""
        return shape_covers(self.shape(), point)
