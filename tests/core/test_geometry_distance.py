"""Bases, bodies and the distances between them."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.core.geometry import (
    BaseSizeError,
    Body,
    CircleBase,
    Point,
    Pose,
    RectBase,
    center_distance,
    edge_distance,
    heading_vector,
    in_contact,
    overlaps,
)
from warbench.core.geometry.distance import _least_rect_overlap, rect_signed_gap

coords = st.floats(min_value=-20.0, max_value=20.0, allow_nan=False)
headings = st.floats(min_value=0.0, max_value=360.0, allow_nan=False)
circle_bases = st.builds(CircleBase, st.floats(min_value=0.2, max_value=3.0))
rect_bases = st.builds(
    RectBase, st.floats(min_value=0.2, max_value=3.0), st.floats(min_value=0.2, max_value=6.0)
)
bodies = st.builds(
    Body, st.builds(Pose, coords, coords, headings), st.one_of(circle_bases, rect_bases)
)


def disc(x: float, y: float, radius: float) -> Body:
    return Body(Pose(x, y), CircleBase(radius))


def test_bases_refuse_non_positive_sizes() -> None:
    with pytest.raises(BaseSizeError, match="radius"):
        CircleBase(0.0)
    with pytest.raises(BaseSizeError, match="width=-1"):
        RectBase(-1.0, 2.0)


def test_rect_length_runs_along_the_heading() -> None:
    ship = Body(Pose(0.0, 0.0, 90.0), RectBase(width=1.0, length=4.0))
    xs = sorted(corner.x for corner in ship.corners())
    ys = sorted(corner.y for corner in ship.corners())
    assert (xs[0], xs[-1]) == (-2.0, 2.0)
    assert (ys[0], ys[-1]) == (-0.5, 0.5)
    assert ship.contains(Point(2.0, 0.5))
    assert not ship.contains(Point(0.0, 0.51))


def test_blocking_size_defaults_to_the_base() -> None:
    assert disc(0.0, 0.0, 0.6).blocking_size == pytest.approx(1.2)
    assert Body(Pose(0.0, 0.0), RectBase(1.0, 3.0)).blocking_size == 3.0
    assert Body(Pose(0.0, 0.0), CircleBase(0.6), size=50.0).blocking_size == 50.0


def test_circle_to_circle() -> None:
    a = disc(0.0, 0.0, 1.0)
    b = disc(3.0, 4.0, 1.5)
    assert center_distance(a, b) == 5.0
    assert edge_distance(a, b) == 2.5
    assert not in_contact(a, b)


def test_circle_to_rect_face_and_corner() -> None:
    rect = Body(Pose(0.0, 0.0), RectBase(width=2.0, length=4.0))  # x in [-1,1], y in [-2,2]
    assert edge_distance(disc(4.0, 0.0, 1.0), rect) == 2.0
    assert edge_distance(rect, disc(4.0, 6.0, 1.0)) == 4.0  # corner (1, 2): 3-4-5 triangle
    assert edge_distance(disc(0.0, 0.0, 0.5), rect) == 0.0


def test_rect_to_rect_rotated() -> None:
    square = Body(Pose(0.0, 0.0), RectBase(2.0, 2.0))
    # A 2-inch square turned 45 degrees: its left corner sits sqrt(2) left of its centre.
    diamond = Body(Pose(2.0 + math.sqrt(2.0), 0.0, 45.0), RectBase(2.0, 2.0))
    assert edge_distance(square, diamond) == pytest.approx(1.0)
    corner_to_corner = Body(Pose(5.0, 6.0), RectBase(2.0, 2.0))
    assert edge_distance(square, corner_to_corner) == pytest.approx(5.0)


def test_touching_is_contact_but_not_overlap() -> None:
    a = disc(0.0, 0.0, 1.0)
    b = disc(2.0, 0.0, 1.0)
    assert edge_distance(a, b) == 0.0
    assert in_contact(a, b)
    assert not overlaps(a, b)
    square = Body(Pose(0.0, 0.0), RectBase(2.0, 2.0))
    neighbour = Body(Pose(2.0, 0.5), RectBase(2.0, 2.0))
    assert in_contact(square, neighbour) and not overlaps(square, neighbour)
    assert overlaps(square, Body(Pose(1.9, 0.5), RectBase(2.0, 2.0)))
    assert overlaps(square, disc(1.5, 0.0, 0.6))
    assert not overlaps(square, disc(1.5, 0.0, 0.5))


def test_a_base_inside_another_overlaps() -> None:
    big = Body(Pose(0.0, 0.0), RectBase(10.0, 10.0))
    assert overlaps(big, Body(Pose(1.0, 1.0, 30.0), RectBase(1.0, 1.0)))
    assert overlaps(disc(0.0, 0.0, 5.0), Body(Pose(1.0, 1.0, 30.0), RectBase(1.0, 1.0)))


def footprint(body: Body) -> shapely.Geometry:
    if isinstance(body.base, CircleBase):
        return shapely.Point(body.pose.x, body.pose.y)
    return shapely.Polygon([(c.x, c.y) for c in body.corners()])


def radius(body: Body) -> float:
    return body.base.radius if isinstance(body.base, CircleBase) else 0.0


@settings(max_examples=200, deadline=None)
@given(bodies, bodies)
def test_edge_distance_matches_shapely(a: Body, b: Body) -> None:
    expected = max(0.0, footprint(a).distance(footprint(b)) - radius(a) - radius(b))
    assert edge_distance(a, b) == pytest.approx(expected, abs=1e-9)


@settings(max_examples=200, deadline=None)
@given(bodies, bodies)
def test_distances_are_symmetric_and_edge_is_shorter(a: Body, b: Body) -> None:
    assert center_distance(a, b) == center_distance(b, a)
    assert edge_distance(a, b) == pytest.approx(edge_distance(b, a), abs=1e-12)
    assert edge_distance(a, b) <= center_distance(a, b)
    assert overlaps(a, b) == overlaps(b, a)
    if overlaps(a, b):
        assert edge_distance(a, b) == 0.0


rect_bodies = st.builds(Body, st.builds(Pose, coords, coords, headings), rect_bases)


@given(rect_bodies, rect_bodies)
def test_rect_gap_is_the_corner_by_corner_gap_bit_for_bit(a: Body, b: Body) -> None:
    """The rectangle-to-rectangle gap works out each heading and corner once; it must give
    the very floats of measuring every corner against the other base (games replay on it)."""
    assert isinstance(a.base, RectBase) and isinstance(b.base, RectBase)
    if _least_rect_overlap(a, a.base, b, b.base) >= 0.0:
        expected = 0.0
    else:
        expected = min(
            *(rect_signed_gap(b, b.base, x, y) for x, y in a.corner_coords()),
            *(rect_signed_gap(a, a.base, x, y) for x, y in b.corner_coords()),
        )
    assert edge_distance(a, b) == (expected if expected > 0.0 else 0.0)


def reference_overlap(first: Body, second: Body) -> float:
    """The rectangles' least overlap as ``min`` and ``max`` of every projected corner give
    it (what ``_least_rect_overlap`` works out in plain loops)."""
    least = math.inf
    for frame, other in ((first, second), (second, first)):
        assert isinstance(frame.base, RectBase)
        half_width, half_length = frame.base.width / 2.0, frame.base.length / 2.0
        fx, fy = heading_vector(frame.pose.heading)
        ox, oy = frame.pose.x, frame.pose.y
        corners = other.corner_coords()
        acrosses = [(x - ox) * fy - (y - oy) * fx for x, y in corners]
        alongs = [(x - ox) * fx + (y - oy) * fy for x, y in corners]
        least = min(
            least,
            min(max(acrosses), half_width) - max(min(acrosses), -half_width),
            min(max(alongs), half_length) - max(min(alongs), -half_length),
        )
    return least


@given(rect_bodies, rect_bodies)
def test_the_least_rect_overlap_is_min_and_maxs_bit_for_bit(a: Body, b: Body) -> None:
    """The overlap test of two rectangles (touching, overlapping, apart) runs in plain
    loops; it must give the very float the builtins give."""
    assert isinstance(a.base, RectBase) and isinstance(b.base, RectBase)
    assert repr(_least_rect_overlap(a, a.base, b, b.base)) == repr(reference_overlap(a, b))


# ``length_side``: comparisons of a square root decided without it, the same answers.

lengths = st.floats(min_value=-500.0, max_value=500.0, allow_nan=False)
radii = st.floats(min_value=0.0, max_value=5.0, allow_nan=False)


@given(lengths, lengths, radii, radii, st.floats(min_value=-10.0, max_value=600.0))
def test_length_side_agrees_with_hypot_less_two_radii(
    dx: float, dy: float, first: float, second: float, limit: float
) -> None:
    """Whenever it answers, ``hypot(dx, dy) - first - second <= limit`` says the same."""
    from warbench.core.geometry.distance import length_side

    side = length_side(dx * dx + dy * dy, limit + first + second)
    exact = math.hypot(dx, dy) - first - second
    if side > 0:
        assert exact > limit
    elif side < 0:
        assert exact < limit


def test_length_side_defers_on_and_near_the_limit() -> None:
    from warbench.core.geometry.distance import length_side

    assert length_side(25.0, 5.0) == 0
    assert length_side(25.0 * (1 + 1e-12), 5.0) == 0
    assert length_side(1.0, 0.0) == 0  # no positive limit: ask hypot
    assert (length_side(24.0, 5.0), length_side(26.0, 5.0)) == (-1, 1)
