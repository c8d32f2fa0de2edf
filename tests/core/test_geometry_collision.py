"""Swept collisions along a straight leg."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from warbench.core.geometry import (
    Body,
    CircleBase,
    Point,
    Pose,
    RectBase,
    SweepDistanceError,
    Terrain,
    collision,
    first_contact,
    in_contact,
    overlaps,
)
from warbench.core.geometry.shapes import ConvexPolygon, Disc, projection
from warbench.core.geometry.vectors import heading_vector

SQUARE = Terrain((Point(0, 0), Point(2, 0), Point(2, 2), Point(0, 2)))
NOTCHED = Terrain(  # a U open to the top: the notch is x in (1, 3), y in (1, 4)
    (
        Point(0, 0),
        Point(4, 0),
        Point(4, 4),
        Point(3, 4),
        Point(3, 1),
        Point(1, 1),
        Point(1, 4),
        Point(0, 4),
    )
)


def disc(x: float, y: float, radius: float, heading: float = 0.0) -> Body:
    return Body(Pose(x, y, heading), CircleBase(radius))


def box(x: float, y: float, heading: float, width: float, length: float) -> Body:
    return Body(Pose(x, y, heading), RectBase(width, length))


def distance_of(
    mover: Body, leg: float, *obstacles: Body, terrain: tuple[Terrain, ...] = ()
) -> float | None:
    contact = first_contact(mover, leg, obstacles, terrain)
    return None if contact is None else contact.distance


def test_circles_head_on_and_offset() -> None:
    ram = disc(0.0, 0.0, 1.0, heading=90.0)
    assert distance_of(ram, 20.0, disc(10.0, 0.0, 1.0)) == pytest.approx(8.0)
    assert distance_of(ram, 20.0, disc(10.0, 1.0, 1.0)) == pytest.approx(10.0 - math.sqrt(3.0))
    assert distance_of(ram, 20.0, disc(10.0, 2.0, 1.0)) is None  # grazes past
    assert distance_of(ram, 20.0, disc(10.0, 1.99, 1.0)) is not None
    assert distance_of(ram, 7.9, disc(10.0, 0.0, 1.0)) is None  # stops short


def test_contact_reports_obstacle_and_pose() -> None:
    ram = disc(0.0, 0.0, 1.0, heading=90.0)
    near = disc(6.0, 0.0, 1.0)
    far = disc(10.0, 0.0, 1.0)
    contact = first_contact(ram, 20.0, [far, near, ram])
    assert contact is not None
    assert contact.obstacle is near
    assert contact.pose.x == pytest.approx(4.0) and contact.pose.heading == 90.0
    stopped = Body(contact.pose, ram.base)
    assert not overlaps(stopped, near)
    assert overlaps(Body(contact.pose.moved(1e-6), ram.base), near)


def test_circle_against_a_rectangle() -> None:
    hull = box(0.0, 10.0, 90.0, width=1.0, length=4.0)  # x in [-2, 2], y in [9.5, 10.5]
    assert distance_of(disc(0.0, 0.0, 0.5), 20.0, hull) == pytest.approx(9.0)
    # passing the corner (2, 9.5) 0.3 inches out: contact when 9.5 - y = 0.4
    assert distance_of(disc(2.3, 0.0, 0.5), 20.0, hull) == pytest.approx(9.1)
    assert distance_of(disc(2.5, 0.0, 0.5), 20.0, hull) is None


def test_rectangle_against_rectangles_and_circles() -> None:
    mover = box(0.0, 0.0, 0.0, width=1.0, length=3.0)  # bow at y = 1.5
    assert distance_of(mover, 20.0, box(0.0, 10.0, 0.0, 2.0, 2.0)) == pytest.approx(7.5)
    diamond = box(0.0, 10.0, 45.0, 2.0, 2.0)  # lowest corner at 10 - sqrt(2)
    assert distance_of(mover, 20.0, diamond) == pytest.approx(8.5 - math.sqrt(2.0))
    # bow corner (0.5, 1.5 + s) meets a 1-inch circle at (1.1, 10): 8.5 - s = 0.8
    assert distance_of(mover, 20.0, disc(1.1, 10.0, 1.0)) == pytest.approx(7.7)
    assert distance_of(mover, 20.0, disc(1.5, 10.0, 1.0)) is None  # rim touches the side


def test_touching_neighbours() -> None:
    mover = box(0.0, 0.0, 0.0, width=1.0, length=3.0)
    alongside = box(1.5, 3.0, 0.0, 2.0, 2.0)  # its left side is the mover's right side
    assert distance_of(mover, 10.0, alongside) is None
    ahead = box(0.0, 2.5, 0.0, 2.0, 2.0)  # touching the bow
    assert distance_of(mover, 10.0, ahead) == pytest.approx(0.0, abs=1e-9)
    behind = disc(0.0, -2.5, 1.0)  # touching the stern
    assert distance_of(mover, 10.0, behind) is None
    inside = disc(0.0, 0.0, 0.2)
    assert distance_of(mover, 10.0, inside) == pytest.approx(0.0, abs=1e-9)


def test_terrain_contacts() -> None:
    assert distance_of(disc(1.0, -5.0, 0.5), 10.0, terrain=(SQUARE,)) == pytest.approx(4.5)
    assert distance_of(disc(3.0, -5.0, 0.5), 10.0, terrain=(SQUARE,)) is None
    assert distance_of(disc(1.0, 1.0, 0.5), 10.0, terrain=(SQUARE,)) == 0.0


def test_the_notch_in_a_concave_piece() -> None:
    # Moving down the table (heading 180) into the U from above.
    narrow = box(2.0, 10.0, 180.0, width=1.0, length=2.0)  # bow at y = 9 - s
    assert distance_of(narrow, 20.0, terrain=(NOTCHED,)) == pytest.approx(8.0)
    snug = box(2.0, 10.0, 180.0, width=2.0, length=2.0)  # slides along both arms
    assert distance_of(snug, 20.0, terrain=(NOTCHED,)) == pytest.approx(8.0)
    wide = box(2.0, 10.0, 180.0, width=2.2, length=2.0)
    assert distance_of(wide, 20.0, terrain=(NOTCHED,)) == pytest.approx(5.0)
    round_ship = disc(2.0, 10.0, 0.9, heading=180.0)
    assert distance_of(round_ship, 20.0, terrain=(NOTCHED,)) == pytest.approx(8.1)
    fat = disc(2.0, 10.0, 1.1, heading=180.0)  # catches the inner corners (1, 4) and (3, 4)
    assert distance_of(fat, 20.0, terrain=(NOTCHED,)) == pytest.approx(
        10.0 - 4.0 - math.sqrt(1.1**2 - 1.0)
    )


def test_a_sweep_cannot_run_backwards() -> None:
    with pytest.raises(SweepDistanceError, match="negative"):
        first_contact(disc(0.0, 0.0, 1.0), -1.0)


def test_bodies_win_ties_listed_first() -> None:
    mover = disc(0.0, 0.0, 1.0)
    first = disc(-0.5, 5.0, 1.0)
    second = disc(0.5, 5.0, 1.0)
    contact = first_contact(mover, 10.0, [first, second])
    assert contact is not None and contact.obstacle is first


def footprint(body: Body) -> shapely.Geometry:
    if isinstance(body.base, CircleBase):
        return shapely.Point(body.pose.x, body.pose.y).buffer(body.base.radius, 64)
    return shapely.Polygon([(c.x, c.y) for c in body.corners()])


coords = st.floats(min_value=-8.0, max_value=8.0, allow_nan=False)
headings = st.floats(min_value=0.0, max_value=360.0, allow_nan=False)
bases = st.one_of(
    st.builds(CircleBase, st.floats(min_value=0.3, max_value=1.5)),
    st.builds(
        RectBase, st.floats(min_value=0.3, max_value=2.0), st.floats(min_value=0.5, max_value=4.0)
    ),
)
bodies = st.builds(Body, st.builds(Pose, coords, coords, headings), bases)
LANDSCAPE = (
    Terrain(tuple(p.translated(-12.0, -2.0) for p in NOTCHED.points)),
    Terrain((Point(9, 0), Point(12, 1), Point(10, 4))),
)


@settings(max_examples=150, deadline=None)
@given(bodies, st.lists(bodies, max_size=4), st.floats(min_value=0.5, max_value=20.0))
@example(  # a disc glancing off a thin box's corner, clear of it again 0.05 further on
    disc(2.255859375, 0.0, 0.5031343115894866, heading=334.6171875),
    [box(-0.150390625, 1.6171875, 0.0, 0.30078125, 3.9296875)],
    5.0,
)
def test_the_swept_contact_is_first_and_not_inside_anything(
    mover: Body, others: list[Body], leg: float
) -> None:
    start = footprint(mover)
    assume(all(not overlaps(mover, other) for other in others))
    assume(all(start.intersection(footprint_of(piece)).area < 1e-9 for piece in LANDSCAPE))
    contact = first_contact(mover, leg, others, LANDSCAPE)
    reach = leg if contact is None else contact.distance
    for step in range(41):
        travelled = reach * step / 40
        moved = Body(mover.pose.moved(travelled), mover.base)
        assert not any(overlaps(moved, other) for other in others)
        shape = footprint(moved)
        assert all(shape.intersection(footprint_of(p)).area < 1e-6 for p in LANDSCAPE)
    if contact is not None:
        assert 0.0 <= contact.distance <= leg
        assert contact.pose == mover.pose.moved(contact.distance)
        # The obstacle named is touched where the move stops. (Not necessarily a little
        # further on: a glancing blow on a corner may be clear of it again 0.05 later.)
        at = Body(contact.pose, mover.base)
        touched = contact.obstacle
        if isinstance(touched, Body):
            assert in_contact(at, touched)
        elif isinstance(mover.base, CircleBase):
            assert touched.signed_distance(at.center) <= mover.base.radius + 1e-6
        else:
            assert footprint(at).distance(footprint_of(touched)) <= 1e-6


def footprint_of(piece: Terrain) -> shapely.Polygon:
    return shapely.Polygon([(p.x, p.y) for p in piece.points])


def plain_contact(
    mover: Body, leg: float, obstacles: list[Body], terrain: tuple[Terrain, ...]
) -> tuple[float, Body | Terrain] | None:
    """The sweep measuring every obstacle and every triangle of the terrain (nothing skipped
    for lying clear of the sweep): the first distance and what it meets."""
    everywhere = (-math.inf, -math.inf, math.inf, math.inf)
    ux, uy = heading_vector(mover.pose.heading)
    moving = mover.shape()
    axes = None if isinstance(moving, Disc) else collision._own_axes(moving)
    best: tuple[float, Body | Terrain] | None = None
    for body in obstacles:
        if body == mover:
            continue  # first_contact skips the mover itself
        found = collision._body_contact(moving, axes, ux, uy, body.shape(), leg)
        if found is not None and (best is None or found < best[0]):
            best = (found, body)
    for piece in terrain:
        found = collision._terrain_contact(moving, axes, ux, uy, piece, leg, everywhere)
        if found is not None and (best is None or found < best[0]):
            best = (found, piece)
    return best


@settings(max_examples=300, deadline=None)
@given(
    bodies,
    st.lists(bodies, max_size=5),
    st.floats(min_value=0.0, max_value=20.0),
    st.sampled_from([0.0, 1e-7, -1e-7, 1e-5, -1e-5, 0.5]),
)
def test_obstacles_clear_of_the_sweep_are_skipped_without_changing_the_contact(
    mover: Body, others: list[Body], leg: float, hair: float
) -> None:
    """``first_contact`` passes over bodies and terrain triangles whose bounds lie clear of
    the sweep's (``collision._clear``): the contact is the one measuring every obstacle
    gives, bit for bit, for obstacles placed anywhere and for one whose box lies a hair
    either side of the sweep's box."""
    end = Body(mover.pose.moved(leg), mover.base)
    _, low_y, _, high_y = collision._bounds(mover.shape())
    high_x = max(collision._bounds(mover.shape())[2], collision._bounds(end.shape())[2])
    # a disc whose box lies a hair either side of the sweep's box, beside its far side
    grazing = disc(high_x + 0.5 + hair, (low_y + high_y) / 2.0, 0.5)
    obstacles = [*others, grazing]
    contact = first_contact(mover, leg, obstacles, LANDSCAPE)
    plain = plain_contact(mover, leg, obstacles, LANDSCAPE)
    if contact is None or plain is None:
        assert contact is None and plain is None
    else:
        assert contact.distance == plain[0] and contact.obstacle is plain[1]


COORDINATES = st.floats(-50.0, 50.0, allow_nan=False) | st.sampled_from((0.0, -0.0, 1.5))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(COORDINATES, COORDINATES), min_size=1, max_size=8),
    st.sampled_from(((1.0, 0.0), (0.0, 1.0), (0.6, 0.8), (-0.8, 0.6), (-0.0, -1.0))),
)
def test_projections_and_boxes_are_the_least_and_greatest_values(
    corners: list[tuple[float, float]], axis: tuple[float, float]
) -> None:
    """A sweep's separating-axis test (``shapes.projection``) and its box check
    (``collision._bounds``) run as plain loops: each gives what ``min`` and ``max`` of all
    the values give, ties, signed zeros and repeated corners included."""
    vertices = tuple(Point(x, y) for x, y in corners)
    nx, ny = axis
    values = [vertex.x * nx + vertex.y * ny for vertex in vertices]
    assert repr(projection(vertices, nx, ny)) == repr((min(values), max(values)))
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    assert repr(collision._bounds(ConvexPolygon(vertices))) == repr(
        (min(xs), min(ys), max(xs), max(ys))
    )
