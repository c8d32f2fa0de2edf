"""Templates laid on the table: blast circles, straight strips and teardrops.

Every template answers :meth:`covers` (is this point under it, outline included) and
:meth:`touches` (is any part of this body's base under it, touching included).

The teardrop (a flame template) has its narrow end at ``origin`` and points along the
origin's heading. Its outline hugs two circles: a ``narrow_diameter`` circle whose back
touches the origin and a ``wide_diameter`` circle whose far side lies ``length`` inches
ahead, joined by straight sides tangent to both. With the defaults (length 8, wide end 2,
narrow end 0) it is a point widening to a 2-inch round end 8 inches away.

>>> from warbench.core.geometry.bases import CircleBase
>>> flame = TeardropTemplate(Pose(0.0, 0.0, 90.0))
>>> flame.covers(Point(8.0, 0.0)), flame.covers(Point(7.0, 1.0)), flame.covers(Point(1.0, 1.0))
(True, True, False)
>>> BlastTemplate(Point(0.0, 0.0), 1.5).touches(Body(Pose(2.0, 0.0), CircleBase(0.5)))
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from warbench.core.geometry.bases import Body, RectBase
from warbench.core.geometry.shapes import ConvexPolygon, Disc, Shape, shape_covers, shape_distance
from warbench.core.geometry.vectors import TOLERANCE, Point, Pose, heading_vector


class TemplateSizeError(ValueError):
    """A template was given dimensions it cannot have."""


class Template(Protocol):
    """What every template answers."""

    def covers(self, point: Point) -> bool:
        """True when ``point`` is under the template or on its outline."""
        ...

    def touches(self, body: Body) -> bool:
        """True when any part of ``body``'s base is under the template."""
        ...


def _covers(pieces: tuple[Shape, ...], point: Point) -> bool:
    return any(shape_covers(piece, point) for piece in pieces)


def _touches(pieces: tuple[Shape, ...], body: Body) -> bool:
    shape = body.shape()
    return any(shape_distance(piece, shape) <= TOLERANCE for piece in pieces)


@dataclass(frozen=True, slots=True, init=False)
class BlastTemplate:
    """A circle of ``radius`` inches centred on ``center``."""

    center: Point
    radius: float

    def __init__(self, center: Point, radius: float) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        if not radius > 0.0:
            raise TemplateSizeError(f"a blast needs a positive radius, got {radius!r}")
        object.__setattr__(self, "center", center)
        object.__setattr__(self, "radius", radius)

    def __reduce__(self) -> tuple[type[BlastTemplate], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return BlastTemplate, (self.center, self.radius)

    def covers(self, point: Point) -> bool:
        """True when ``point`` is under the blast or on its rim."""
        return self.center.distance_to(point) <= self.radius + TOLERANCE

    def touches(self, body: Body) -> bool:
        """True when any part of ``body``'s base is under the blast."""
        return _touches((Disc(self.center, self.radius),), body)


@dataclass(frozen=True, slots=True, init=False)
class StripTemplate:
    """A strip ``width`` inches wide starting at ``origin`` and running ``length`` inches
    along its heading, centred on that line (a 1-inch spray strip by default)."""

    origin: Pose
    length: float
    width: float = 1.0

    def __init__(self, origin: Pose, length: float, width: float = 1.0) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        if not (length > 0.0 and width > 0.0):
            raise TemplateSizeError(
                f"a strip needs positive length and width, "
                f"got length={length!r}, width={width!r}"
            )
        object.__setattr__(self, "origin", origin)
        object.__setattr__(self, "length", length)
        object.__setattr__(self, "width", width)

    def __reduce__(self) -> tuple[type[StripTemplate], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return StripTemplate, (self.origin, self.length, self.width)

    @classmethod
    def between(cls, start: Point, end: Point, width: float = 1.0) -> StripTemplate:
        """The strip from ``start`` to ``end``.

        >>> StripTemplate.between(Point(0.0, 0.0), Point(3.0, 0.0))
        StripTemplate(origin=Pose(x=0.0, y=0.0, heading=90.0), length=3.0, width=1.0)
        """
        return cls(Pose(start.x, start.y, start.bearing_to(end)), start.distance_to(end), width)

    def outline(self) -> ConvexPolygon:
        """The strip's rectangle, anticlockwise."""
        middle = self.origin.moved(self.length / 2.0)
        return ConvexPolygon(Body(middle, RectBase(self.width, self.length)).corners())

    def covers(self, point: Point) -> bool:
        """True when ``point`` is on the strip or its edge."""
        return _covers((self.outline(),), point)

    def touches(self, body: Body) -> bool:
        """True when any part of ``body``'s base is on the strip."""
        return _touches((self.outline(),), body)


@dataclass(frozen=True, slots=True, init=False)
class TeardropTemplate:
    """A flame-style teardrop: narrow end at ``origin``, ``length`` inches long along its
    heading, ending in a round end ``wide_diameter`` across."""

    origin: Pose
    length: float = 8.0
    wide_diameter: float = 2.0
    narrow_diameter: float = 0.0

    def __init__(self, origin: Pose, length: float = 8.0, wide_diameter: float = 2.0,
                 narrow_diameter: float = 0.0) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted:
        # a flamer's laying makes a few hundred of these a shot, RG-FLAME)
        if not (0.0 <= narrow_diameter <= wide_diameter < length):
            raise TemplateSizeError(
                "a teardrop needs 0 <= narrow_diameter <= wide_diameter < length, got "
                f"narrow_diameter={narrow_diameter!r}, "
                f"wide_diameter={wide_diameter!r}, length={length!r}"
            )
        object.__setattr__(self, "origin", origin)
        object.__setattr__(self, "length", length)
        object.__setattr__(self, "wide_diameter", wide_diameter)
        object.__setattr__(self, "narrow_diameter", narrow_diameter)

    def __reduce__(self) -> tuple[type[TeardropTemplate], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return TeardropTemplate, (self.origin, self.length, self.wide_diameter,
                                  self.narrow_diameter)

    def pieces(self) -> tuple[Shape, ...]:
        """The two end circles and the convex body joining them."""
        narrow = self.narrow_diameter / 2.0
        wide = self.wide_diameter / 2.0
        near = narrow
        far = self.length - wide
        slope = -(wide - narrow) / (far - near)
        normal_across = math.sqrt(1.0 - slope * slope)
        fx, fy = heading_vector(self.origin.heading)
        x = self.origin.x
        y = self.origin.y

        def place(across: float, along: float) -> Point:
            return Point(x + along * fx + across * fy, y + along * fy - across * fx)

        near_offset = narrow * normal_across
        far_offset = wide * normal_across
        near_along = near + narrow * slope
        far_along = far + wide * slope
        corners = [
            place(near_offset, near_along),
            place(far_offset, far_along),
            place(-far_offset, far_along),
        ]
        if narrow > 0.0:
            corners.append(place(-near_offset, near_along))
        return (
            Disc(place(0.0, near), narrow),
            Disc(place(0.0, far), wide),
            ConvexPolygon(tuple(corners)),
        )

    def covers(self, point: Point) -> bool:
        """True when ``point`` is under the teardrop or on its outline."""
        return _covers(self.pieces(), point)

    def touches(self, body: Body) -> bool:
        """True when any part of ``body``'s base is under the teardrop."""
        return _touches(self.pieces(), body)


def touched_bodies(template: Template, bodies: Iterable[Body]) -> list[Body]:
    """The bodies, in the order given, with any part of their base under ``template``.

    >>> from warbench.core.geometry.bases import CircleBase
    >>> crowd = [Body(Pose(float(x), 0.0), CircleBase(0.5)) for x in range(5)]
    >>> [b.pose.x for b in touched_bodies(BlastTemplate(Point(0.0, 0.0), 1.5), crowd)]
    [0.0, 1.0, 2.0]
    """
    return [body for body in bodies if template.touches(body)]
