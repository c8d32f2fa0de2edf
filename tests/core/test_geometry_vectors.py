"""Angle convention, points and poses."""

from __future__ import annotations

import copy
import dataclasses
import math
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.core.geometry import (
    Point,
    Pose,
    bearing,
    heading_vector,
    normalize_heading,
    signed_angle,
)
from warbench.core.geometry.vectors import to_degrees, to_radians

angles = st.floats(min_value=-1e4, max_value=1e4, allow_nan=False)
coords = st.floats(min_value=-100.0, max_value=100.0, allow_nan=False)


def test_heading_zero_points_up_the_table_and_grows_clockwise() -> None:
    assert heading_vector(0.0) == (0.0, 1.0)
    assert heading_vector(90.0) == (1.0, 0.0)
    assert heading_vector(180.0) == (0.0, -1.0)
    assert heading_vector(270.0) == (-1.0, 0.0)
    dx, dy = heading_vector(45.0)
    assert dx == pytest.approx(math.sqrt(0.5)) and dy == pytest.approx(math.sqrt(0.5))


def test_bearings_of_the_compass_points() -> None:
    origin = Point(0.0, 0.0)
    assert origin.bearing_to(Point(0.0, 5.0)) == 0.0
    assert origin.bearing_to(Point(5.0, 0.0)) == 90.0
    assert origin.bearing_to(Point(0.0, -5.0)) == 180.0
    assert origin.bearing_to(Point(-5.0, 0.0)) == 270.0
    assert origin.bearing_to(Point(-1.0, 1.0)) == pytest.approx(315.0)
    assert origin.bearing_to(origin) == 0.0


def test_pose_normalises_its_heading() -> None:
    assert Pose(0.0, 0.0, -90.0) == Pose(0.0, 0.0, 270.0)
    assert Pose(0.0, 0.0, 360.0).heading == 0.0
    assert Pose(0.0, 0.0, 725.0).heading == pytest.approx(5.0)
    assert Pose(0.0, 0.0, -1e-20).heading == 0.0


def test_pose_moves_along_its_heading() -> None:
    assert Pose(1.0, 2.0, 0.0).moved(3.0) == Pose(1.0, 5.0, 0.0)
    assert Pose(1.0, 2.0, 270.0).moved(3.0) == Pose(-2.0, 2.0, 270.0)
    assert Pose(1.0, 2.0, 90.0).moved(-1.0) == Pose(0.0, 2.0, 90.0)
    diagonal = Pose(0.0, 0.0, 135.0).moved(math.sqrt(2.0))
    assert (diagonal.x, diagonal.y) == (pytest.approx(1.0), pytest.approx(-1.0))


def test_turned_is_clockwise_for_positive_degrees() -> None:
    assert Pose(0.0, 0.0, 10.0).turned(-20.0).heading == 350.0
    assert Pose(0.0, 0.0, 300.0).turned(90.0).heading == 30.0


def test_relative_bearing_is_positive_to_starboard() -> None:
    east = Pose(0.0, 0.0, 90.0)
    assert east.relative_bearing(Point(5.0, 0.0)) == 0.0
    assert east.relative_bearing(Point(0.0, -5.0)) == 90.0
    assert east.relative_bearing(Point(0.0, 5.0)) == -90.0
    assert east.relative_bearing(Point(-5.0, 0.0)) == 180.0
    assert east.relative_bearing(Point(0.0, 0.0)) == 0.0


def test_signed_angle_range_is_half_open_at_minus_180() -> None:
    assert signed_angle(180.0) == 180.0
    assert signed_angle(-180.0) == 180.0
    assert signed_angle(181.0) == -179.0
    assert signed_angle(-1e-20) == pytest.approx(0.0)


def test_point_helpers() -> None:
    assert Point(1.0, 1.0).distance_to(Point(4.0, 5.0)) == 5.0
    assert Point(1.0, 1.0).translated(2.0, -1.0) == Point(3.0, 0.0)
    assert Point(1.0, 1.0).toward(90.0, 2.0) == Point(3.0, 1.0)


def test_repr_pastes_back() -> None:
    pose = Pose(1.5, -2.0, 45.0)
    assert eval(repr(pose)) == pose
    assert eval(repr(Point(0.25, 3.0))) == Point(0.25, 3.0)


@settings(max_examples=200, deadline=None)
@given(angles)
def test_normalised_ranges(degrees: float) -> None:
    assert 0.0 <= normalize_heading(degrees) < 360.0
    assert -180.0 < signed_angle(degrees) <= 180.0
    assert math.isclose(
        math.cos(math.radians(signed_angle(degrees))),
        math.cos(math.radians(degrees)),
        abs_tol=1e-9,
    )


@settings(max_examples=200, deadline=None)
@given(coords, coords, angles, st.floats(min_value=0.1, max_value=50.0))
def test_a_point_moved_ahead_lies_dead_ahead(
    x: float, y: float, heading: float, distance: float
) -> None:
    pose = Pose(x, y, heading)
    ahead = pose.moved(distance).point
    assert pose.point.distance_to(ahead) == pytest.approx(distance)
    assert abs(pose.relative_bearing(ahead)) < 1e-6
    assert abs(signed_angle(bearing(ahead.x - x, ahead.y - y) - pose.heading)) < 1e-6


def test_a_pose_normalises_its_heading_stays_frozen_and_pickles_whole() -> None:
    """Pose's written-out __init__ (it runs compiled) does what the dataclass's did: the
    heading in [0, 360), the fields frozen, equal poses equal; a state holding poses pickles
    and copies them whole (a compiled class's __new__ runs that __init__)."""
    pose = Pose(1.5, -2.0, -30.0)
    assert (pose.x, pose.y, pose.heading) == (1.5, -2.0, 330.0)
    assert Pose(0.0, 0.0, 720.0).heading == 0.0
    assert Pose(3.0, 4.0) == Pose(3.0, 4.0, 0.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        pose.x = 9.0  # type: ignore[misc]
    assert pickle.loads(pickle.dumps([pose])) == [pose]
    assert copy.deepcopy(pose) == pose and copy.copy(pose) == pose


def test_a_point_stays_frozen_and_pickles_whole() -> None:
    """Point's written-out __init__ (it runs compiled) keeps it frozen, equal by value and
    whole through pickling and copying."""
    point = Point(2.5, -1.0)
    assert (point.x, point.y) == (2.5, -1.0) and point == Point(2.5, -1.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.y = 0.0  # type: ignore[misc]
    assert pickle.loads(pickle.dumps([point])) == [point]
    assert copy.deepcopy(point) == point and copy.copy(point) == point


@given(st.floats(allow_nan=False) | st.floats(-10.0, 400.0))
def test_to_degrees_and_to_radians_are_maths_own_bit_for_bit(angle: float) -> None:
    """The compiled rules turn angles with ``to_degrees`` and ``to_radians`` (a native
    multiplication, where ``math.degrees`` is a call through the module): every game
    depends on their being ``math.degrees`` and ``math.radians`` to the last bit."""
    assert repr(to_degrees(angle)) == repr(math.degrees(angle))
    assert repr(to_radians(angle)) == repr(math.radians(angle))
