"""Terrain outlines and line of sight."""

from __future__ import annotations

import itertools
import math

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.core.geometry import (
    Body,
    CircleBase,
    Point,
    Pose,
    RectBase,
    Terrain,
    TerrainShapeError,
    base_crossed_by,
    line_of_sight,
    terrain_blocks,
)
from warbench.core.geometry.terrain import _cuts

SQUARE = Terrain((Point(0, 0), Point(2, 0), Point(2, 2), Point(0, 2)), kind="island")
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
    ),
)
TRIANGLE = Terrain((Point(5, 5), Point(9, 5), Point(7, 8)), kind="rock")
SHIFTED_NOTCH = Terrain(tuple(p.translated(-6.0, 0.0) for p in NOTCHED.points))
PIECES = (SQUARE, SHIFTED_NOTCH, TRIANGLE)


def disc(x: float, y: float, radius: float = 0.5, size: float | None = None) -> Body:
    return Body(Pose(x, y), CircleBase(radius), size)


def test_terrain_is_stored_anticlockwise() -> None:
    clockwise = Terrain((Point(0, 0), Point(0, 2), Point(2, 2), Point(2, 0)))
    assert clockwise.points == SQUARE.points
    assert clockwise.bounds == (0.0, 0.0, 2.0, 2.0)
    assert Terrain((*SQUARE.points, SQUARE.points[0])).points == SQUARE.points


def test_terrain_must_be_a_simple_polygon() -> None:
    with pytest.raises(TerrainShapeError, match="3 corners"):
        Terrain((Point(0, 0), Point(1, 1)))
    with pytest.raises(TerrainShapeError, match="simple polygon"):
        Terrain((Point(0, 0), Point(2, 2), Point(2, 0), Point(0, 2)), kind="bowtie")
    with pytest.raises(TerrainShapeError, match="simple polygon"):
        Terrain((Point(0, 0), Point(1, 1), Point(2, 2)))


def test_terrain_distances() -> None:
    assert SQUARE.signed_distance(Point(1.0, 1.5)) == -0.5
    assert SQUARE.signed_distance(Point(5.0, 6.0)) == 5.0
    assert SQUARE.contains(Point(2.0, 1.0))
    assert not NOTCHED.contains(Point(2.0, 3.0))
    assert NOTCHED.contains(Point(0.5, 3.0))


def test_crossing_policy() -> None:
    assert SQUARE.crossed_by(Point(-1, 1), Point(3, 1))  # straight through
    assert SQUARE.crossed_by(Point(1, 1), Point(5, 5))  # starts inside
    assert not SQUARE.crossed_by(Point(-1, 1), Point(1, 3))  # touches the corner (0, 2)
    assert not SQUARE.crossed_by(Point(-1, 0), Point(3, 0))  # slides along the bottom edge
    assert not SQUARE.crossed_by(Point(-1, 0), Point(-1, 5))
    assert SQUARE.crossed_by(Point(-1, -1), Point(3, 3))  # the diagonal, corner to corner
    assert not NOTCHED.crossed_by(Point(2, 1.5), Point(2, 10))  # up the notch
    assert NOTCHED.crossed_by(Point(-1, 3), Point(5, 3))  # across both arms


def test_terrain_blocks_only_when_it_blocks_sight() -> None:
    shallows = Terrain(SQUARE.points, blocks_sight=False)
    assert terrain_blocks(Point(-1, 1), Point(3, 1), [SQUARE])
    assert not terrain_blocks(Point(-1, 1), Point(3, 1), [shallows])
    assert line_of_sight(disc(-1, 1), disc(3, 1), [shallows])
    assert not line_of_sight(disc(-1, 1), disc(3, 1), [shallows, SQUARE])


def test_bases_block_targets_no_larger_than_themselves() -> None:
    shooter = disc(0, 0, 0.5)
    small_target = disc(10, 0, 0.5)
    large_target = disc(10, 0, 1.0)
    between = disc(5, 0.3, 0.5)
    assert not line_of_sight(shooter, small_target, blockers=[between])  # equal size blocks
    assert line_of_sight(shooter, large_target, blockers=[between])  # a larger target shows
    assert line_of_sight(shooter, small_target, blockers=[disc(5, 0.5, 0.5)])  # tangent
    assert line_of_sight(shooter, small_target, blockers=[disc(5, 0.3, 0.4)])  # smaller base
    assert not line_of_sight(shooter, large_target, blockers=[disc(5, 0.3, 0.4, size=5.0)])


def test_shooter_and_target_never_block_themselves() -> None:
    shooter = disc(0, 0, 1.0)
    target = disc(10, 0, 1.0)
    assert line_of_sight(shooter, target, blockers=[shooter, target])
    # equal bases built apart are the shooter and the target too
    assert line_of_sight(shooter, target, blockers=[disc(0, 0, 1.0), disc(10, 0, 1.0)])
    assert not line_of_sight(shooter, target, blockers=[disc(0.5, 0, 1.0)])


def test_rectangular_blockers() -> None:
    hull = Body(Pose(5.0, 0.0, 90.0), RectBase(width=1.0, length=4.0))  # y in [-0.5, 0.5]
    assert base_crossed_by(hull, Point(0, 0), Point(10, 0))
    assert base_crossed_by(hull, Point(5, -3), Point(5, 3))
    assert not base_crossed_by(hull, Point(0, 0.5), Point(10, 0.5))  # along an edge
    assert not base_crossed_by(hull, Point(0, 2), Point(10, 2))
    assert not base_crossed_by(hull, Point(0, 0), Point(2, 0))  # stops short
    target = disc(10, 0, 0.5)
    assert not line_of_sight(disc(0, 0), target, blockers=[hull])


xs = st.integers(-8, 10)
ys = st.integers(-2, 10)


@settings(max_examples=300, deadline=None)
@given(xs, ys, xs, ys)
def test_terrain_sight_is_symmetric_and_matches_shapely(ax: int, ay: int, bx: int, by: int) -> None:
    a = Point(float(ax), float(ay))
    b = Point(float(bx), float(by))
    assert terrain_blocks(a, b, PIECES) == terrain_blocks(b, a, PIECES)
    assert line_of_sight(disc(ax, ay), disc(bx, by), PIECES) == line_of_sight(
        disc(bx, by), disc(ax, ay), PIECES
    )
    segment = shapely.LineString([(ax, ay), (bx, by)]) if a != b else shapely.Point(ax, ay)
    for piece in PIECES:
        outline = shapely.Polygon([(p.x, p.y) for p in piece.points])
        expected = segment.relate_pattern(outline, "T********")
        assert piece.crossed_by(a, b) == expected, piece


coords = st.floats(min_value=-10.0, max_value=12.0, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(coords, coords, coords, coords)
def test_terrain_sight_is_symmetric_for_any_floats(
    ax: float, ay: float, bx: float, by: float
) -> None:
    a = Point(ax, ay)
    b = Point(bx, by)
    assert terrain_blocks(a, b, PIECES) == terrain_blocks(b, a, PIECES)


def _crossed_cut_by_cut(piece: Terrain, start: Point, end: Point) -> bool:
    """The crossing test without quick rejections: every stretch of the segment between
    two cuts of the outline is inside when its middle is (the definition the quick
    rejections of :meth:`Terrain.crossed_by` must agree with)."""
    if (end.x, end.y) < (start.x, start.y):
        start, end = end, start
    dx, dy = end.x - start.x, end.y - start.y
    length = math.hypot(dx, dy)
    cuts = [0.0, 1.0]
    if length > 1e-9:
        for px, py, qx, qy in piece.sides:
            cuts.extend(_cuts(start.x, start.y, dx, dy, length, px, py, qx, qy))
    cuts.sort()
    return any(
        high - low > 0.0
        and piece.signed_distance(Point(start.x + (low + high) / 2.0 * dx,
                                        start.y + (low + high) / 2.0 * dy)) < -1e-9
        for low, high in itertools.pairwise(cuts)
    )


OCTAGON = Terrain(tuple(
    Point(3.0 + 2.0 * math.cos(math.radians(22.5 + 45 * k)),
          4.0 + 2.0 * math.sin(math.radians(22.5 + 45 * k)))
    for k in range(8)
))


@settings(max_examples=400, deadline=None)
@given(coords, coords, coords, coords)
def test_quick_rejections_give_the_cut_by_cut_crossing(
    ax: float, ay: float, bx: float, by: float
) -> None:
    """A segment missing a piece's circle or bounds is refused before any cut is worked
    out: the answer is the cut-by-cut one, grazing segments included."""
    a, b = Point(ax, ay), Point(bx, by)
    for piece in (*PIECES, OCTAGON):
        assert piece.crossed_by(a, b) == _crossed_cut_by_cut(piece, a, b), piece

    # a side's line, moved a hair outwards or inwards: grazing, missing, crossing
    stretch = abs(ax) / 10.0
    for first, second in itertools.pairwise((*OCTAGON.points, OCTAGON.points[0])):
        along_x, along_y = second.x - first.x, second.y - first.y
        for shift in (0.0, 1e-12, 1e-7, 1e-6, -1e-12, -1e-7):
            out_x, out_y = shift * along_y, -shift * along_x
            p = Point(first.x - stretch * along_x + out_x, first.y - stretch * along_y + out_y)
            q = Point(second.x + stretch * along_x + out_x, second.y + stretch * along_y + out_y)
            assert OCTAGON.crossed_by(p, q) == _crossed_cut_by_cut(OCTAGON, p, q)


def test_circle_holds_every_corner() -> None:
    for piece in (*PIECES, OCTAGON):
        x, y, radius = piece.circle
        assert all(math.hypot(p.x - x, p.y - y) <= radius for p in piece.points)


@settings(max_examples=300, deadline=None)
@given(coords, coords, coords, coords, st.sampled_from([0.0, 1e-12, -1e-12, 1e-7, -1e-7]))
def test_pieces_the_segments_box_misses_are_passed_over_as_crossed_by_would(
    ax: float, ay: float, bx: float, by: float, hair: float
) -> None:
    """``terrain_blocks`` skips the pieces whose bounds the segment's box misses before
    asking ``crossed_by``: the answer is asking every piece, for any segment and for
    segments ending a hair either side of a piece's bounds."""
    hidden = Terrain(TRIANGLE.points, blocks_sight=False)
    pieces = (*PIECES, OCTAGON, hidden)
    a, b = Point(ax, ay), Point(bx, by)
    plain = any(piece.blocks_sight and piece.crossed_by(a, b) for piece in pieces)
    assert terrain_blocks(a, b, pieces) == plain
    for piece in pieces:
        x0, y0, x1, y1 = piece.bounds
        for end in (Point(x0 - hair, ay), Point(x1 + hair, ay), Point(ax, y0 - hair),
                    Point(ax, y1 + hair), Point(x1 + hair, y1 + hair)):
            plain = any(p.blocks_sight and p.crossed_by(a, end) for p in pieces)
            assert terrain_blocks(a, end, pieces) == plain
