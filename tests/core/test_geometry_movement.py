"""Straight moves, turns after a straight run, turning templates and pivots."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.core.geometry import (
    IllegalMove,
    Pose,
    Step,
    Straight,
    Turn,
    TurnRule,
    advance,
    pivot,
    turn_on_template,
    validate_path,
)

SHIP = TurnRule(min_straight=2.0, max_turn=45.0, turn_cost=1.0, repeatable=True)
LARGE_SHIP = TurnRule(min_straight=2.0, max_turn=45.0, turn_cost=1.0, repeatable=False)


def test_advance_moves_straight_ahead() -> None:
    assert advance(Pose(0.0, 0.0, 0.0), 4.0) == Pose(0.0, 4.0, 0.0)


def test_a_legal_path_reports_pose_sweeps_and_spending() -> None:
    move = validate_path(
        Pose(0.0, 0.0, 0.0),
        [Straight(2.0), Turn(45.0), Straight(2.0), Turn(45.0), Straight(1.0)],
        SHIP,
        allowance=7.0,
        minimum=3.0,
    )
    assert move.spent == 7.0
    assert move.turns == 2
    assert move.final.heading == 90.0
    assert move.final.x == pytest.approx(math.sqrt(2.0) + 1.0)
    assert move.final.y == pytest.approx(2.0 + math.sqrt(2.0))
    assert [sweep.distance for sweep in move.sweeps] == [2.0, 2.0, 1.0]
    assert move.sweeps[0].start == Pose(0.0, 0.0, 0.0)
    assert move.sweeps[0].end == Pose(0.0, 2.0, 0.0)
    assert move.sweeps[1].start == Pose(0.0, 2.0, 45.0)
    assert move.sweeps[2].end == move.final


def test_straight_legs_add_up_before_a_turn() -> None:
    move = validate_path(Pose(0.0, 0.0), [Straight(1.0), Straight(1.0), Turn(-30.0)], SHIP, 4.0)
    assert move.final.heading == 330.0


def test_turning_too_soon_names_the_step() -> None:
    with pytest.raises(IllegalMove, match=r"turn 2: needs 2 inches straight first, only 0 made"):
        validate_path(Pose(0.0, 0.0), [Straight(2.0), Turn(10.0), Turn(10.0)], SHIP, 9.0)
    with pytest.raises(IllegalMove, match="turn 1"):
        validate_path(Pose(0.0, 0.0), [Turn(10.0)], SHIP, 9.0)


def test_turning_too_far() -> None:
    with pytest.raises(IllegalMove, match=r"turn 1: at most 45 degrees"):
        validate_path(Pose(0.0, 0.0), [Straight(3.0), Turn(-50.0)], SHIP, 9.0)


def test_large_models_turn_once() -> None:
    path: list[Step] = [Straight(2.0), Turn(45.0), Straight(2.0), Turn(45.0)]
    with pytest.raises(IllegalMove, match=r"turn 2: only one turn"):
        validate_path(Pose(0.0, 0.0), path, LARGE_SHIP, 9.0)
    assert validate_path(Pose(0.0, 0.0), path, SHIP, 9.0).turns == 2


def test_turn_costs_count_against_the_allowance() -> None:
    with pytest.raises(IllegalMove, match=r"spends 7 inches, more than the 6"):
        validate_path(Pose(0.0, 0.0), [Straight(2.0), Turn(20.0), Straight(4.0)], SHIP, 6.0)
    assert validate_path(Pose(0.0, 0.0), [Straight(2.0), Turn(20.0), Straight(3.0)], SHIP, 6.0)


def test_minimum_move() -> None:
    with pytest.raises(IllegalMove, match="less than the 4 inch minimum"):
        validate_path(Pose(0.0, 0.0), [Straight(3.0)], SHIP, 8.0, minimum=4.0)
    # a turn's cost counts as movement made
    move = validate_path(Pose(0.0, 0.0), [Straight(3.0), Turn(5.0)], SHIP, 8.0, minimum=4.0)
    assert move.spent == 4.0


def test_negative_legs_are_refused() -> None:
    with pytest.raises(IllegalMove, match=r"step 1 .*negative"):
        validate_path(Pose(0.0, 0.0), [Straight(-1.0)], SHIP, 8.0)


def test_free_turning_rule() -> None:
    free = TurnRule(min_straight=0.0, max_turn=180.0, turn_cost=0.0)
    move = validate_path(Pose(0.0, 0.0), [Turn(180.0), Straight(3.0)], free, 3.0)
    assert move.final == Pose(0.0, -3.0, 180.0)


def test_turning_template_to_starboard_and_port() -> None:
    right = turn_on_template(Pose(0.0, 0.0, 0.0), 3.0, 90.0, "starboard")
    assert (right.center.x, right.center.y) == (3.0, 0.0)
    assert (right.end.x, right.end.y, right.end.heading) == pytest.approx((3.0, 3.0, 90.0))
    assert right.length == pytest.approx(3.0 * math.pi / 2.0)
    left = turn_on_template(Pose(0.0, 0.0, 90.0), 2.0, 180.0, "port")
    assert (left.center.x, left.center.y) == pytest.approx((0.0, 2.0))
    assert (left.end.x, left.end.y, left.end.heading) == pytest.approx((0.0, 4.0, 270.0))
    assert left.length == pytest.approx(2.0 * math.pi)


def test_turning_template_refuses_bad_input() -> None:
    with pytest.raises(IllegalMove, match="radius"):
        turn_on_template(Pose(0.0, 0.0), 0.0, 45.0, "port")
    with pytest.raises(IllegalMove, match="0 to 360"):
        turn_on_template(Pose(0.0, 0.0), 2.0, -45.0, "port")


def test_pivot_limit() -> None:
    assert pivot(Pose(1.0, 1.0, 10.0), -45.0, 90.0) == Pose(1.0, 1.0, 325.0)
    with pytest.raises(IllegalMove, match="exceeds the 90 degree limit"):
        pivot(Pose(0.0, 0.0), 91.0, 90.0)


@settings(max_examples=200, deadline=None)
@given(
    st.floats(min_value=0.0, max_value=360.0),
    st.floats(min_value=0.5, max_value=10.0),
    st.floats(min_value=0.0, max_value=360.0),
    st.sampled_from(["port", "starboard"]),
)
def test_template_turn_keeps_the_radius(
    heading: float, radius: float, degrees: float, side: str
) -> None:
    start = Pose(2.0, -1.0, heading)
    turn = turn_on_template(start, radius, degrees, "port" if side == "port" else "starboard")
    assert turn.center.distance_to(start.point) == pytest.approx(radius)
    assert turn.center.distance_to(turn.end.point) == pytest.approx(radius)
    # the turning centre stays square to the model's heading on the turning side
    expected = 90.0 if side == "starboard" else -90.0
    assert turn.end.relative_bearing(turn.center) == pytest.approx(expected, abs=1e-6)
    chord = start.point.distance_to(turn.end.point)
    assert chord <= turn.length + 1e-9


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(min_value=2.0, max_value=4.0), min_size=1, max_size=4))
def test_spent_is_legs_plus_turn_costs(legs: list[float]) -> None:
    path: list[Step] = []
    for leg in legs:
        path += [Straight(leg), Turn(30.0)]
    move = validate_path(Pose(0.0, 0.0), path, SHIP, allowance=100.0)
    assert move.spent == pytest.approx(sum(legs) + len(legs))
    assert move.final.heading == pytest.approx((30.0 * len(legs)) % 360.0)
