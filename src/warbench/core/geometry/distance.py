"""Distances between bodies: centre to centre, and edge to edge (the gap between bases).

Each rule system says which it measures. The edge distance is exact for every pair of
circle and rectangle bases and is 0.0 once bases touch or overlap. These are hot paths:
they work on plain floats in each base's own frame and build no shapes.

>>> from warbench.core.geometry.vectors import Pose
>>> a = Body(Pose(0.0, 0.0), CircleBase(1.0))
>>> b = Body(Pose(5.0, 0.0), RectBase(width=2.0, length=2.0))
>>> center_distance(a, b), edge_distance(a, b)
(5.0, 3.0)
"""

from __future__ import annotations

import math
from math import hypot
from typing import Final

from warbench.core.geometry.bases import Body, CircleBase, RectBase
from warbench.core.geometry.vectors import TOLERANCE, heading_vector

#: How far apart, relatively, a squared length and a squared limit must lie for
#: :func:`length_side` to answer without the square root: far beyond every rounding of the
#: squares, of ``math.hypot`` and of the sums and differences a caller compares.
SURE_MARGIN: Final = 1e-9


def length_side(squared: float, limit: float) -> int:
    """Which side of ``limit`` the length whose square is ``squared`` (``dx * dx + dy *
    dy``) lies, where that is sure without the square root: 1 longer, -1 shorter, 0 too
    close to tell (ask ``math.hypot``). A comparison of ``hypot(dx, dy)``, less or
    plus other lengths, with a limit gives the same answer whenever this one is not 0.

    >>> length_side(25.0, 4.0), length_side(25.0, 6.0), length_side(25.0, 5.0)
    (1, -1, 0)
    """
    if limit <= 0.0:
        return 0
    bound = limit * limit
    if squared > bound * (1.0 + SURE_MARGIN):
        return 1
    if squared < bound * (1.0 - SURE_MARGIN):
        return -1
    return 0


def center_distance(first: Body, second: Body) -> float:
    """Distance between the centres of two bodies."""
    return hypot(second.pose.x - first.pose.x, second.pose.y - first.pose.y)


def rect_signed_gap(body: Body, base: RectBase, x: float, y: float) -> float:
    """Distance from ``(x, y)`` to the outline of ``body``'s rectangular ``base``; negative
    inside, by the depth to the nearest side."""
    across, along = body.local_xy(x, y)
    gap_across = abs(across) - base.width / 2.0
    gap_along = abs(along) - base.length / 2.0
    if gap_across <= 0.0 and gap_along <= 0.0:
        return max(gap_across, gap_along)
    return hypot(max(gap_across, 0.0), max(gap_along, 0.0))


def _least_rect_overlap(
    first: Body, first_base: RectBase, second: Body, second_base: RectBase
) -> float:
    """Smallest overlap of the two rectangles over their four side directions (negative:
    a gap along that direction, so the rectangles are apart)."""
    least = math.inf
    for frame, frame_base, other in ((first, first_base, second), (second, second_base, first)):
        half_width = frame_base.width / 2.0
        half_length = frame_base.length / 2.0
        fx, fy = heading_vector(frame.pose.heading)
        ox = frame.pose.x
        oy = frame.pose.y
        across, along = _overlaps(other.corner_coords(), ox, oy, fx, fy, half_width, half_length)
        least = _least(_least(least, across), along)
    return least


def edge_distance(first: Body, second: Body) -> float:
    """Shortest gap between the two bases; 0.0 when they touch or overlap."""
    first_base = first.base
    second_base = second.base
    if isinstance(first_base, CircleBase):
        if isinstance(second_base, CircleBase):
            gap = (
                hypot(second.pose.x - first.pose.x, second.pose.y - first.pose.y)
                - first_base.radius
                - second_base.radius
            )
        else:
            gap = rect_signed_gap(second, second_base, first.pose.x, first.pose.y)
            gap -= first_base.radius
    elif isinstance(second_base, CircleBase):
        gap = rect_signed_gap(first, first_base, second.pose.x, second.pose.y) - second_base.radius
    else:
        gap = _rect_gap(first, first_base, second, second_base)
    return gap if gap > 0.0 else 0.0


def _rect_gap(first: Body, first_base: RectBase, second: Body, second_base: RectBase) -> float:
    """The gap between two rectangles (0.0 when they overlap): the least
    :func:`rect_signed_gap` of any corner of one to the other, each heading's vector and
    each corner worked out once (the same arithmetic, so the same floats)."""
    first_corners = first.corner_coords()
    second_corners = second.corner_coords()
    frames = (
        (first.pose, first_base, heading_vector(first.pose.heading), second_corners),
        (second.pose, second_base, heading_vector(second.pose.heading), first_corners),
    )
    least = math.inf
    for pose, base, (fx, fy), corners in frames:
        across, along = _overlaps(
            corners, pose.x, pose.y, fx, fy, base.width / 2.0, base.length / 2.0
        )
        least = _least(_least(least, across), along)
    if least >= 0.0:
        return 0.0
    gaps = []
    for pose, base, (fx, fy), corners in frames:
        ox, oy = pose.x, pose.y
        half_width = base.width / 2.0
        half_length = base.length / 2.0
        for x, y in corners:
            dx = x - ox
            dy = y - oy
            gap_across = abs(dx * fy - dy * fx) - half_width
            gap_along = abs(dx * fx + dy * fy) - half_length
            if gap_across <= 0.0 and gap_along <= 0.0:
                gaps.append(max(gap_across, gap_along))
            else:
                gaps.append(hypot(max(gap_across, 0.0), max(gap_along, 0.0)))
    least = gaps[0]
    for gap in gaps:
        least = _least(least, gap)
    return least


def _overlaps(
    corners: tuple[tuple[float, float], ...], ox: float, oy: float, fx: float, fy: float,
    half_width: float, half_length: float,
) -> tuple[float, float]:
    """How far the corners' spread across and along the frame at ``(ox, oy)`` heading
    ``(fx, fy)`` overlaps a rectangle of those half sides there (negative: a gap): each
    ``min(max(values), half) - max(min(values), -half)``, the same floats, worked out in
    one loop without the builtins' boxing."""
    low_across = high_across = low_along = high_along = 0.0
    for index, (x, y) in enumerate(corners):
        across = (x - ox) * fy - (y - oy) * fx
        along = (x - ox) * fx + (y - oy) * fy
        if index == 0:
            low_across = high_across = across
            low_along = high_along = along
            continue
        low_across = _least(low_across, across)
        high_across = _most(high_across, across)
        low_along = _least(low_along, along)
        high_along = _most(high_along, along)
    return (
        _least(high_across, half_width) - _most(low_across, -half_width),
        _least(high_along, half_length) - _most(low_along, -half_length),
    )


def _least(first: float, other: float) -> float:
    """``min(first, other)``: ``first`` unless ``other`` is smaller (the builtin's tie)."""
    return other if other < first else first


def _most(first: float, other: float) -> float:
    """``max(first, other)``: ``first`` unless ``other`` is larger (the builtin's tie)."""
    return other if other > first else first


def in_contact(first: Body, second: Body) -> bool:
    """True when the bases touch or overlap (gap within :data:`TOLERANCE`)."""
    return edge_distance(first, second) <= TOLERANCE


def overlaps(first: Body, second: Body) -> bool:
    """True when the bases share area, more than :data:`TOLERANCE` deep; touching is not enough.

    >>> from warbench.core.geometry.vectors import Pose
    >>> a = Body(Pose(0.0, 0.0), CircleBase(1.0))
    >>> overlaps(a, Body(Pose(2.0, 0.0), CircleBase(1.0)))
    False
    >>> overlaps(a, Body(Pose(1.5, 0.0), CircleBase(1.0)))
    True
    """
    first_base = first.base
    second_base = second.base
    if isinstance(first_base, CircleBase):
        if isinstance(second_base, CircleBase):
            reach = first_base.radius + second_base.radius - TOLERANCE
            return hypot(second.pose.x - first.pose.x, second.pose.y - first.pose.y) < reach
        gap = rect_signed_gap(second, second_base, first.pose.x, first.pose.y)
        return gap < first_base.radius - TOLERANCE
    if isinstance(second_base, CircleBase):
        gap = rect_signed_gap(first, first_base, second.pose.x, second.pose.y)
        return gap < second_base.radius - TOLERANCE
    return _least_rect_overlap(first, first_base, second, second_base) > TOLERANCE
