"""Points, poses and the angle convention of the table.

x runs to the right and y up the table, both in inches. A heading is in degrees, 0 pointing
along +y and growing clockwise (compass style), always normalised to ``[0, 360)``. A relative
bearing is an angle from a model's heading, also clockwise, in ``(-180, 180]``: positive is to
starboard (right), negative to port (left).

>>> Pose(0.0, 0.0, 90.0).moved(2.0)
Pose(x=2.0, y=0.0, heading=90.0)
>>> Pose(0.0, 0.0, 0.0).relative_bearing(Point(-1.0, 0.0))
-90.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from math import atan2, hypot
from typing import Final

TOLERANCE: Final = 1e-9
"""Lengths (inches) closer than this are treated as equal: touching, on an edge, in range."""

_DEGREES_PER_RADIAN: Final = 180.0 / math.pi
_RADIANS_PER_DEGREE: Final = math.pi / 180.0


def to_degrees(angle: float) -> float:
    """``to_degrees(angle)`` bit for bit (CPython multiplies by this very constant), as
    a native call in the compiled build, where ``math.degrees`` is looked up on the module
    and called with a boxed number.

    >>> to_degrees(math.pi / 2)
    90.0
    """
    return angle * _DEGREES_PER_RADIAN


def to_radians(angle: float) -> float:
    """``to_radians(angle)`` bit for bit, as :func:`to_degrees` is ``math.degrees``.

    >>> to_radians(180.0) == math.pi
    True
    """
    return angle * _RADIANS_PER_DEGREE


def normalize_heading(degrees: float) -> float:
    """``degrees`` folded into ``[0, 360)``.

    >>> normalize_heading(-90.0), normalize_heading(720.0)
    (270.0, 0.0)
    """
    folded = degrees % 360.0
    return 0.0 if folded >= 360.0 else folded


def signed_angle(degrees: float) -> float:
    """``degrees`` folded into ``(-180, 180]``.

    >>> signed_angle(270.0), signed_angle(-180.0)
    (-90.0, 180.0)
    """
    folded = degrees % 360.0
    return folded - 360.0 if folded > 180.0 else folded


def bearing(dx: float, dy: float) -> float:
    """The heading of the vector ``(dx, dy)``; 0.0 for the zero vector.

    >>> bearing(1.0, 0.0), bearing(0.0, -1.0)
    (90.0, 180.0)
    """
    if dx == 0.0 and dy == 0.0:
        return 0.0
    return normalize_heading(to_degrees(atan2(dx, dy)))


_QUARTER_VECTORS: Final = {
    0.0: (0.0, 1.0), 90.0: (1.0, 0.0), 180.0: (0.0, -1.0), 270.0: (-1.0, 0.0)
}


def heading_vector(heading: float) -> tuple[float, float]:
    """The unit vector ``(dx, dy)`` pointing along ``heading``; exact for multiples of 90.

    >>> heading_vector(90.0), heading_vector(-180.0)
    ((1.0, 0.0), (0.0, -1.0))
    """
    exact = _QUARTER_VECTORS.get(heading % 360.0)
    if exact is not None:
        return exact
    radians = to_radians(heading)
    return math.sin(radians), math.cos(radians)


@dataclass(frozen=True, slots=True, init=False)
class Point:
    """A position on the table, in inches."""

    x: float
    y: float

    def __init__(self, x: float, y: float) -> None:
        # written out so that it runs compiled, as Pose's is
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)

    def __reduce__(self) -> tuple[type[Point], tuple[float, float]]:
        """Pickled as the call that makes it again, as a pose is."""
        return Point, (self.x, self.y)

    def distance_to(self, other: Point) -> float:
        """Straight-line distance to ``other``."""
        return hypot(other.x - self.x, other.y - self.y)

    def bearing_to(self, other: Point) -> float:
        """Heading from here to ``other`` in ``[0, 360)``; 0.0 when they coincide."""
        return bearing(other.x - self.x, other.y - self.y)

    def toward(self, heading: float, distance: float) -> Point:
        """The point ``distance`` inches away along ``heading``.

        >>> Point(1.0, 1.0).toward(180.0, 1.0)
        Point(x=1.0, y=0.0)
        """
        dx, dy = heading_vector(heading)
        return Point(self.x + dx * distance, self.y + dy * distance)

    def translated(self, dx: float, dy: float) -> Point:
        """This point shifted by ``(dx, dy)``."""
        return Point(self.x + dx, self.y + dy)


@dataclass(frozen=True, slots=True, init=False)
class Pose:
    """A position and a heading; the heading is normalised to ``[0, 360)`` on creation."""

    x: float
    y: float
    heading: float = 0.0

    def __init__(self, x: float, y: float, heading: float = 0.0) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted);
        # a frozen class's fields are set through object.__setattr__, as that one does
        if not 0.0 <= heading < 360.0:
            heading = normalize_heading(heading)
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)
        object.__setattr__(self, "heading", heading)

    def __reduce__(self) -> tuple[type[Pose], tuple[float, float, float]]:
        """Pickled as the call that makes it again (a compiled class's ``__new__`` runs its
        ``__init__``, so pickle's empty pose could not be made)."""
        return Pose, (self.x, self.y, self.heading)

    @property
    def point(self) -> Point:
        """Where the pose stands."""
        return Point(self.x, self.y)

    def moved(self, distance: float) -> Pose:
        """The pose ``distance`` inches straight ahead (behind when negative)."""
        dx, dy = heading_vector(self.heading)
        return Pose(self.x + dx * distance, self.y + dy * distance, self.heading)

    def turned(self, degrees: float) -> Pose:
        """The same place, turned ``degrees`` clockwise (anticlockwise when negative).

        >>> Pose(0.0, 0.0, 350.0).turned(20.0).heading
        10.0
        """
        return Pose(self.x, self.y, self.heading + degrees)

    def bearing_to(self, point: Point) -> float:
        """Heading from this pose's position to ``point``, in ``[0, 360)``."""
        return bearing(point.x - self.x, point.y - self.y)

    def relative_bearing(self, point: Point) -> float:
        """Angle of ``point`` off this pose's heading, in ``(-180, 180]``; 0.0 if coincident.

        >>> Pose(0.0, 0.0, 90.0).relative_bearing(Point(-1.0, 0.0))
        180.0
        """
        dx = point.x - self.x
        dy = point.y - self.y
        if dx == 0.0 and dy == 0.0:
            return 0.0
        return signed_angle(to_degrees(atan2(dx, dy)) - self.heading)
