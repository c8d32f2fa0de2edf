"""Blast, strip and teardrop templates."""

from __future__ import annotations

import dataclasses
import math
import pickle

import pytest
import shapely
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from warbench.core.geometry import (
    BlastTemplate,
    Body,
    CircleBase,
    Point,
    Pose,
    RectBase,
    StripTemplate,
    TeardropTemplate,
    TemplateSizeError,
    touched_bodies,
)

coords = st.floats(min_value=-20.0, max_value=20.0, allow_nan=False)
headings = st.floats(min_value=0.0, max_value=360.0, allow_nan=False)


def disc(x: float, y: float, radius: float = 0.5) -> Body:
    return Body(Pose(x, y), CircleBase(radius))


def test_blast_touches_any_part_of_a_base() -> None:
    blast = BlastTemplate(Point(0.0, 0.0), 1.5)
    assert blast.covers(Point(1.5, 0.0))
    assert not blast.covers(Point(1.1, 1.1))
    assert blast.touches(disc(2.0, 0.0, 0.5))  # rims touch
    assert not blast.touches(disc(2.01, 0.0, 0.5))
    ship = Body(Pose(0.0, 3.0, 90.0), RectBase(width=3.0, length=6.0))  # y from 1.5 up
    assert blast.touches(ship)
    assert not BlastTemplate(Point(0.0, 0.0), 1.4).touches(ship)


def test_touched_bodies_keeps_order() -> None:
    crowd = [disc(4.0, 0.0), disc(0.0, 0.0), disc(0.0, 9.0), disc(-2.4, 0.0)]
    hit = touched_bodies(BlastTemplate(Point(0.0, 0.0), 2.0), crowd)
    assert hit == [crowd[1], crowd[3]]


def test_strip_runs_from_its_origin() -> None:
    spray = StripTemplate(Pose(0.0, 0.0, 90.0), length=6.0)  # x in [0, 6], y in [-0.5, 0.5]
    assert spray.covers(Point(0.0, 0.0))
    assert spray.covers(Point(6.0, 0.5))
    assert not spray.covers(Point(-0.1, 0.0))
    assert not spray.covers(Point(3.0, 0.6))
    assert spray.touches(disc(3.0, 1.0, 0.5))
    assert not spray.touches(disc(3.0, 1.1, 0.5))
    assert spray.touches(disc(6.5, 0.0, 0.5))
    assert not spray.touches(disc(-0.6, 0.0, 0.5))


def test_strip_between_points() -> None:
    strip = StripTemplate.between(Point(1.0, 1.0), Point(4.0, 5.0), width=2.0)
    assert strip.length == 5.0
    assert strip.covers(Point(2.5, 3.0))
    assert strip.covers(Point(4.0, 5.0))
    assert not strip.covers(Point(4.0, 1.0))


def test_teardrop_default_dimensions() -> None:
    flame = TeardropTemplate(Pose(0.0, 0.0, 0.0))
    assert (flame.length, flame.wide_diameter, flame.narrow_diameter) == (8.0, 2.0, 0.0)
    assert flame.covers(Point(0.0, 0.0))  # the narrow tip
    assert flame.covers(Point(0.0, 8.0))  # the far end
    assert not flame.covers(Point(0.0, 8.01))
    assert not flame.covers(Point(0.0, -0.01))
    assert flame.covers(Point(1.0, 7.0)) and flame.covers(Point(-1.0, 7.0))  # widest
    # Sides tangent from the tip to the 1-inch circle at y = 7: half-angle asin(1/7).
    half_angle = math.asin(1.0 / 7.0)
    tangent = math.sqrt(48.0)  # distance from tip to tangent point
    side = Point(math.sin(half_angle) * tangent, math.cos(half_angle) * tangent)
    assert flame.covers(side)
    assert not flame.covers(Point(side.x + 0.01, side.y))
    halfway = Point(math.tan(half_angle) * 3.5, 3.5)
    assert flame.covers(halfway) and not flame.covers(Point(halfway.x + 0.01, 3.5))


def test_teardrop_with_a_round_narrow_end() -> None:
    flame = TeardropTemplate(
        Pose(0.0, 0.0, 90.0), length=6.0, wide_diameter=2.0, narrow_diameter=1.0
    )
    assert flame.covers(Point(0.0, 0.0))
    assert flame.covers(Point(0.5, 0.5))  # top of the narrow circle
    assert not flame.covers(Point(0.5, 0.55))
    assert flame.covers(Point(5.0, 1.0))  # top of the wide circle
    assert flame.touches(disc(0.5, 1.0, 0.5))  # rests on the narrow circle
    assert not flame.touches(disc(0.0, 1.0, 0.5))
    assert not flame.touches(disc(-0.6, 0.0, 0.1))
    # The upper side runs from (0.444, 0.497) to (4.889, 0.994): y = 0.783 at x = 3 and
    # 0.839 at x = 3.5. A box over x in [2.5, 3.5] reaching down to y = 0.75 dips under it.
    assert flame.touches(Body(Pose(3.0, 2.0, 0.0), RectBase(1.0, 2.5)))
    assert not flame.touches(Body(Pose(3.0, 2.0, 0.0), RectBase(1.0, 2.0)))


def test_template_sizes_are_checked() -> None:
    with pytest.raises(TemplateSizeError):
        BlastTemplate(Point(0.0, 0.0), 0.0)
    with pytest.raises(TemplateSizeError):
        StripTemplate(Pose(0.0, 0.0), length=0.0)
    with pytest.raises(TemplateSizeError, match="narrow_diameter"):
        TeardropTemplate(Pose(0.0, 0.0), narrow_diameter=3.0)
    with pytest.raises(TemplateSizeError):
        TeardropTemplate(Pose(0.0, 0.0), length=2.0, wide_diameter=2.0)


def test_templates_are_frozen_keep_their_defaults_and_pickle_whole() -> None:
    """Written-out constructors (they run compiled) keep the dataclass's fields, defaults,
    equality and immutability; a template pickles as the call that makes it again."""
    flame = TeardropTemplate(Pose(1.0, 2.0, 370.0))
    assert (flame.length, flame.wide_diameter, flame.narrow_diameter) == (8.0, 2.0, 0.0)
    assert flame.origin.heading == 10.0
    assert StripTemplate(Pose(0.0, 0.0), 3.0).width == 1.0
    for template in (flame, StripTemplate(Pose(0.0, 1.0, 45.0), 3.0, 2.0),
                     BlastTemplate(Point(1.0, 1.0), 1.5)):
        assert pickle.loads(pickle.dumps(template)) == template
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(template, dataclasses.fields(template)[0].name, None)


@settings(max_examples=200, deadline=None)
@given(coords, coords, headings, st.floats(min_value=0.1, max_value=10.0))
def test_templates_cover_their_own_centre(x: float, y: float, heading: float, size: float) -> None:
    pose = Pose(x, y, heading)
    assert BlastTemplate(pose.point, size).covers(pose.point)
    strip = StripTemplate(pose, length=size)
    assert strip.covers(pose.moved(size / 2.0).point)
    flame = TeardropTemplate(pose, length=size + 1.0, wide_diameter=1.0)
    assert flame.covers(pose.moved(size + 0.5).point)  # centre of the wide end
    assert flame.covers(pose.point)


def teardrop_outline(flame: TeardropTemplate) -> shapely.Geometry:
    narrow = flame.narrow_diameter / 2.0
    wide = flame.wide_diameter / 2.0
    near = flame.origin.moved(narrow).point
    far = flame.origin.moved(flame.length - wide).point
    far_end = shapely.Point(far.x, far.y).buffer(wide, 256)
    near_end = shapely.Point(near.x, near.y)
    ends = far_end.union(near_end.buffer(narrow, 256) if narrow > 0 else near_end)
    return ends.convex_hull


@settings(max_examples=200, deadline=None)
@given(
    headings,
    st.floats(min_value=3.0, max_value=10.0),
    st.floats(min_value=0.5, max_value=2.5),
    st.one_of(st.just(0.0), st.floats(min_value=0.1, max_value=1.0)),
    st.floats(min_value=-3.0, max_value=12.0),
    st.floats(min_value=-4.0, max_value=4.0),
)
def test_teardrop_agrees_with_a_drawn_hull(
    heading: float, length: float, wide: float, narrow_share: float, along: float, across: float
) -> None:
    flame = TeardropTemplate(Pose(1.0, -2.0, heading), length, wide, wide * narrow_share)
    point = flame.origin.moved(along).point.toward(heading + 90.0, across)
    drawn = teardrop_outline(flame)
    spot = shapely.Point(point.x, point.y)
    assume(drawn.boundary.distance(spot) > 1e-3)
    assert flame.covers(point) == drawn.contains(spot)
