"""Fire arcs, the boundary policy and the fixed channel."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from warbench.core.geometry import (
    AFT,
    FORE,
    PORT,
    QUADRANTS,
    STARBOARD,
    Arc,
    ArcWidthError,
    Body,
    CircleBase,
    Point,
    Pose,
    RectBase,
    base_in_arc,
    in_arc,
    in_channel,
)

headings = st.floats(min_value=0.0, max_value=360.0, allow_nan=False, exclude_max=True)
coords = st.floats(min_value=-20.0, max_value=20.0, allow_nan=False)


def at_bearing(pose: Pose, relative: float, distance: float = 5.0) -> Point:
    return pose.point.toward(pose.heading + relative, distance)


def test_quadrants_are_the_documented_intervals() -> None:
    assert (FORE.start, FORE.end) == (315.0, 45.0)
    assert (STARBOARD.start, STARBOARD.end) == (45.0, 135.0)
    assert (AFT.start, AFT.end) == (135.0, 225.0)
    assert (PORT.start, PORT.end) == (225.0, 315.0)
    assert QUADRANTS == (FORE, STARBOARD, AFT, PORT)


def test_point_on_45_degrees_is_in_fore_and_starboard() -> None:
    bow = Pose(0.0, 0.0, 0.0)
    diagonal = Point(3.0, 3.0)
    assert in_arc(bow, FORE, diagonal)
    assert in_arc(bow, STARBOARD, diagonal)
    assert not in_arc(bow, PORT, diagonal)
    assert not in_arc(bow, AFT, diagonal)


def test_arcs_turn_with_the_model() -> None:
    east = Pose(10.0, 10.0, 90.0)
    assert in_arc(east, FORE, Point(20.0, 10.0))
    assert in_arc(east, STARBOARD, Point(10.0, 0.0))
    assert in_arc(east, PORT, Point(10.0, 20.0))
    assert in_arc(east, AFT, Point(0.0, 10.0))
    assert not in_arc(east, FORE, Point(0.0, 10.0))


def test_centered_arcs_of_any_width() -> None:
    bow = Pose(0.0, 0.0, 0.0)
    assert Arc.centered(90.0) == FORE
    assert Arc.centered(90.0, offset=180.0) == AFT
    half = Arc.centered(180.0)
    assert in_arc(bow, half, at_bearing(bow, 90.0))
    assert not in_arc(bow, half, at_bearing(bow, 91.0))
    rear = Arc.centered(270.0, offset=180.0)  # everything but a 90-degree fore wedge
    assert in_arc(bow, rear, at_bearing(bow, 45.0))
    assert not in_arc(bow, rear, at_bearing(bow, 10.0))
    narrow = Arc.centered(45.0, offset=-90.0)
    assert in_arc(bow, narrow, at_bearing(bow, -70.0))
    assert not in_arc(bow, narrow, at_bearing(bow, -60.0))
    full = Arc.centered(360.0)
    assert all(in_arc(bow, full, at_bearing(bow, float(d))) for d in range(0, 360, 7))


def test_arc_width_must_be_sensible() -> None:
    with pytest.raises(ArcWidthError):
        Arc(0.0, 0.0)
    with pytest.raises(ArcWidthError):
        Arc(0.0, 400.0)
    with pytest.raises(ArcWidthError):
        Arc.between(10.0, 370.0)
    assert Arc.between(350.0, 10.0) == Arc(350.0, 20.0)


def test_base_in_arc_counts_any_part_of_the_base() -> None:
    bow = Pose(0.0, 0.0, 0.0)
    # Centre at relative bearing 90 (abeam), 4 inches away; radius 1 reaches 14.48 degrees.
    abeam = Body(Pose(4.0, 0.0), CircleBase(1.0))
    assert not in_arc(bow, FORE, abeam.center)
    assert not base_in_arc(bow, FORE, abeam)
    reach = math.degrees(math.asin(1.0 / 4.0))  # the half-angle the base subtends
    inside = disc_at(at_bearing(bow, 45.0 + reach - 1e-3, 4.0), 1.0)
    outside = disc_at(at_bearing(bow, 45.0 + reach + 1e-3, 4.0), 1.0)
    assert base_in_arc(bow, FORE, inside)
    assert not base_in_arc(bow, FORE, outside)


def disc_at(point: Point, radius: float) -> Body:
    return Body(Pose(point.x, point.y), CircleBase(radius))


def test_base_in_arc_with_rectangles() -> None:
    bow = Pose(0.0, 0.0, 0.0)
    # A long ship lying east-west at y = 2 from x = 1 to x = 9: its near end is at
    # bearing atan2(1, 2) = 26.6 degrees, inside the fore arc, though its centre is not.
    ship = Body(Pose(5.0, 2.0, 90.0), RectBase(width=0.5, length=8.0))
    assert not in_arc(bow, FORE, ship.center)
    assert base_in_arc(bow, FORE, ship)
    assert not base_in_arc(bow, PORT, ship)
    assert base_in_arc(bow, STARBOARD, ship)


def test_a_base_over_the_shooter_is_in_every_arc() -> None:
    bow = Pose(0.0, 0.0, 0.0)
    assert all(base_in_arc(bow, arc, Body(Pose(0.5, 0.0), CircleBase(1.0))) for arc in QUADRANTS)
    over = Body(Pose(0.0, 0.5, 30.0), RectBase(2.0, 2.0))
    assert all(base_in_arc(bow, arc, over) for arc in QUADRANTS)
    assert in_arc(bow, AFT, bow.point)


def test_fixed_channel_is_as_wide_as_the_base() -> None:
    ship = Body(Pose(0.0, 0.0, 0.0), RectBase(width=1.0, length=3.0))
    assert in_channel(ship, Body(Pose(0.0, 20.0), CircleBase(0.2)))
    assert in_channel(ship, Body(Pose(0.7, 20.0), CircleBase(0.2)))  # rim at 0.5: touching
    assert not in_channel(ship, Body(Pose(0.71, 20.0), CircleBase(0.2)))
    assert not in_channel(ship, Body(Pose(0.0, -5.0), CircleBase(0.2)))  # behind
    assert in_channel(ship, Body(Pose(0.0, 5.0), CircleBase(0.2)), width=3.0)
    assert in_channel(ship, Body(Pose(1.6, 5.0), CircleBase(0.2)), width=3.0)


def test_fixed_channel_with_a_rectangular_target() -> None:
    gun = Body(Pose(0.0, 0.0, 90.0), CircleBase(0.5))  # channel: y in [-0.5, 0.5], x >= 0
    slanted = Body(Pose(10.0, 1.6, 45.0), RectBase(width=0.5, length=3.0))
    assert in_channel(gun, slanted)  # its lower end reaches y = 1.6 - 1.06 - 0.18 < 0.5
    clear = Body(Pose(10.0, 2.5, 45.0), RectBase(width=0.5, length=3.0))
    assert not in_channel(gun, clear)
    behind = Body(Pose(-3.0, 0.0, 0.0), RectBase(1.0, 1.0))
    assert not in_channel(gun, behind)
    straddling = Body(Pose(-0.4, 0.0, 0.0), RectBase(1.0, 1.0))
    assert in_channel(gun, straddling)


@settings(max_examples=200, deadline=None)
@given(headings, headings, st.floats(min_value=0.5, max_value=30.0))
def test_quadrants_cover_the_circle(heading: float, relative: float, distance: float) -> None:
    pose = Pose(1.0, 2.0, heading)
    target = at_bearing(pose, relative, distance)
    assert sum(in_arc(pose, arc, target) for arc in QUADRANTS) >= 1


@settings(max_examples=200, deadline=None)
@given(
    st.integers(-10, 10),
    st.integers(-10, 10),
    st.sampled_from([0.0, 90.0, 180.0, 270.0]),
    st.sampled_from([(1, 1), (1, -1), (-1, -1), (-1, 1)]),
    st.floats(min_value=0.01, max_value=30.0),
)
def test_a_target_on_a_boundary_line_is_in_both_neighbours(
    x: int, y: int, heading: float, diagonal: tuple[int, int], reach: float
) -> None:
    pose = Pose(float(x), float(y), heading)
    target = Point(x + diagonal[0] * reach, y + diagonal[1] * reach)  # exactly 45 degrees off
    assert sum(in_arc(pose, arc, target) for arc in QUADRANTS) == 2
    assert sum(base_in_arc(pose, arc, disc_at(target, 1e-3)) for arc in QUADRANTS) == 2


def wedge(pose: Pose, arc: Arc) -> shapely.Polygon:
    steps = max(2, int(arc.width))
    rim = [
        pose.point.toward(pose.heading + arc.start + arc.width * i / steps, 200.0)
        for i in range(steps + 1)
    ]
    points = [(pose.x, pose.y)] + [(p.x, p.y) for p in rim]
    return shapely.Polygon(points) if arc.width < 360.0 else shapely.Point(0, 0).buffer(300.0)


@settings(max_examples=200, deadline=None)
@given(
    headings,
    headings,
    st.floats(min_value=5.0, max_value=360.0),
    coords,
    coords,
    headings,
    st.floats(min_value=0.3, max_value=3.0),
    st.floats(min_value=0.3, max_value=6.0),
)
def test_base_in_arc_agrees_with_the_drawn_wedge(
    heading: float,
    start: float,
    width: float,
    x: float,
    y: float,
    target_heading: float,
    target_width: float,
    target_length: float,
) -> None:
    pose = Pose(0.0, 0.0, heading)
    arc = Arc(start, width)
    target = Body(Pose(x, y, target_heading), RectBase(target_width, target_length))
    drawn = wedge(pose, arc)
    hull = shapely.Polygon([(c.x, c.y) for c in target.corners()])
    assume(drawn.boundary.distance(hull) > 1e-3 or drawn.contains(hull.centroid))
    assert base_in_arc(pose, arc, target) == drawn.intersects(hull)
    if in_arc(pose, arc, target.center):
        assert base_in_arc(pose, arc, target)
