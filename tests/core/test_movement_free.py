"""Free movement of a base (core ``geometry.plan_path``): allowance, turns, minimum."""

from __future__ import annotations

import math

import pytest

from warbench.core.geometry import IllegalMove, Pose, TurnLimits, plan_path

START = Pose(0.0, 0.0, 0.0)
#: A ship: 2 inches straight before each 45-degree turn, a turn costs 1 inch.
SHIP = TurnLimits(straight_before=2.0, repeat=False, allowance=8.0)


def test_a_path_reports_every_pose_its_legs_and_what_it_spent() -> None:
    plan = plan_path(START, (2.0, 45.0, 3.0), SHIP)
    assert plan.spent == 6.0
    assert plan.turns == 1
    assert [pose.heading for pose in plan.poses] == [0.0, 0.0, 45.0, 45.0]
    assert plan.legs == ((START, 2.0), (Pose(0.0, 2.0, 45.0), 3.0))
    assert plan.final.x == pytest.approx(3.0 / math.sqrt(2.0))


def test_turns_need_the_straight_run_first_unless_chained() -> None:
    with pytest.raises(IllegalMove, match="turn 2: needs 2 inches straight first, only 0 made"):
        plan_path(START, (2.0, 45.0, 0.0, 45.0, 1.0), SHIP)
    small = TurnLimits(2.0, repeat=True, allowance=8.0)
    assert plan_path(START, (2.0, 45.0, 0.0, 45.0, 1.0), small).final.heading == 90.0


def test_turns_are_limited_in_angle_and_cost_movement() -> None:
    with pytest.raises(IllegalMove, match="turn 1: at most 45 degrees at a time"):
        plan_path(START, (2.0, 50.0, 0.0), SHIP)
    with pytest.raises(IllegalMove, match="spends 9 inches, more than the 8 allowed"):
        plan_path(START, (2.0, 45.0, 6.0), SHIP)
    wide = TurnLimits(1.0, False, 8.0, max_turn=90.0, turn_cost=0.5)
    assert plan_path(START, (1.0, 90.0, 1.0), wide).spent == 2.5


def test_a_base_with_no_straight_run_turns_freely() -> None:
    free = TurnLimits(0.0, True, 3.0)
    plan = plan_path(START, (0.0, 180.0, 3.0), free)
    assert plan.spent == 3.0 and plan.final.heading == 180.0


def test_the_minimum_move_counts_turns() -> None:
    hasty = TurnLimits(2.0, False, 8.0, minimum=4.0)
    with pytest.raises(IllegalMove, match="less than the 4 inch minimum"):
        plan_path(START, (3.0,), hasty)
    assert plan_path(START, (3.0, 10.0, 0.0), hasty).spent == 4.0


def test_jammed_rudders_one_turn_and_disengaging() -> None:
    with pytest.raises(IllegalMove, match="rudder is jammed"):
        plan_path(START, (2.0, 10.0, 1.0), TurnLimits(2.0, False, 8.0, can_turn=False))
    once = TurnLimits(2.0, False, 8.0, one_turn=True)
    with pytest.raises(IllegalMove, match="turn 2: only one turn"):
        plan_path(START, (2.0, 10.0, 2.0, 10.0, 0.0), once)
    backing_off = TurnLimits(2.0, False, 8.0, disengage=True)
    plan = plan_path(START, (0.0, 90.0, 2.0), backing_off)
    assert plan.spent == 2.0 and plan.final.heading == 90.0
    with pytest.raises(IllegalMove, match="disengages by at most 90 degrees"):
        plan_path(START, (0.0, 100.0, 2.0), backing_off)


def test_malformed_paths_are_refused() -> None:
    with pytest.raises(IllegalMove, match="ends straight"):
        plan_path(START, (2.0, 10.0), SHIP)
    with pytest.raises(IllegalMove, match="finite"):
        plan_path(START, (math.nan,), SHIP)
    with pytest.raises(IllegalMove, match="leg 1: a straight leg cannot be negative"):
        plan_path(START, (-1.0,), SHIP)


def test_a_turn_made_while_moving_travels_its_cost() -> None:
    """With ``turn_moves`` a 45-degree turn costing 1 inch runs half an inch ahead, turns,
    and runs half an inch on the new heading: the inch is travelled, not spent in place."""
    moving = TurnLimits(2.0, repeat=False, allowance=8.0, turn_moves=True)
    plan = plan_path(START, (2.0, 45.0, 1.0), moving)
    assert plan.spent == 4.0 and plan.turns == 1
    half = 0.5 / math.sqrt(2.0)
    assert plan.legs == (
        (START, 2.0),
        (Pose(0.0, 2.0, 0.0), 0.5),
        (Pose(0.0, 2.5, 45.0), 0.5),
        (Pose(half, 2.5 + half, 45.0), 1.0),
    )
    assert sum(length for _, length in plan.legs) == pytest.approx(plan.spent)
    assert plan.final.x == pytest.approx(1.5 / math.sqrt(2.0))
    assert plan.final.y == pytest.approx(2.5 + 1.5 / math.sqrt(2.0))
    in_place = plan_path(START, (2.0, 45.0, 1.0), SHIP)
    assert in_place.final.y == pytest.approx(2.0 + 1.0 / math.sqrt(2.0))
    with pytest.raises(IllegalMove, match="spends 9 inches, more than the 8 allowed"):
        plan_path(START, (2.0, 45.0, 6.0), moving)
    # free turners and a disengaging turn still turn in place, at no cost
    free = TurnLimits(0.0, repeat=True, allowance=4.0, turn_moves=True)
    assert plan_path(START, (0.0, 90.0, 1.0), free).legs == ((Pose(0.0, 0.0, 90.0), 1.0),)


def test_one_inch_is_said_in_the_singular() -> None:
    """A path of one inch spends "1 inch", never "1 inches" (every ruleset's moves say it
    through this one check)."""
    slow = TurnLimits(1.0, repeat=False, allowance=8.0, minimum=2.0)
    with pytest.raises(IllegalMove, match=r"the path spends 1 inch, less than the 2 inch minimum"):
        plan_path(START, (1.0,), slow)
    short = TurnLimits(1.0, repeat=False, allowance=0.5)
    with pytest.raises(IllegalMove, match=r"the path spends 1 inch, more than the 0\.5 allowed"):
        plan_path(START, (1.0,), short)
    with pytest.raises(IllegalMove, match=r"turn 1: needs 1 inch straight first, only 0\.5 made"):
        plan_path(START, (0.5, 45.0, 1.0), TurnLimits(1.0, repeat=False, allowance=8.0))
