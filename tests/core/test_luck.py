"""Luck reports: every roll placed in its exact distribution."""

from __future__ import annotations

import pytest

from tests.duel import Duel
from warbench.core.agents import RandomAgent
from warbench.core.events import Event, Roll
from warbench.core.luck import luck_report, mid_rank
from warbench.core.match import play_match
from warbench.core.odds import Dist


def roll(faces: list[int], player: int | None, sides: int = 6) -> Event:
    return Roll(sides, tuple(faces), "test", player)


def test_an_average_roll_sits_at_the_middle() -> None:
    assert mid_rank(Dist.sum_of(Dist.die(6), 2), 7) == pytest.approx(0.5)


def test_each_side_is_scored_on_all_its_dice_together() -> None:
    report = luck_report([roll([6, 6], 0), roll([1], 1), roll([3, 4], None)])
    assert report.sides[0].dice == 2 and report.sides[0].total == 12
    assert report.sides[0].percentile == pytest.approx(1 - 0.5 / 36)
    assert report.sides[1].percentile == pytest.approx(0.5 / 6)
    assert len(report.rolls) == 3 and None not in report.sides


def test_several_rolls_combine_exactly() -> None:
    report = luck_report([roll([1], 0), roll([6], 0)])  # 7 on 2d6 from two rolls
    assert report.sides[0].percentile == pytest.approx(0.5)
    assert report.sides[0].expected_total == pytest.approx(7.0)


def test_the_deciding_rolls_are_the_most_extreme() -> None:
    report = luck_report([roll([3, 4], 0), roll([1, 1, 1], 1), roll([5], 0)])
    assert report.deciding_rolls(1)[0].faces == (1, 1, 1)


def test_a_played_game_names_who_rolled() -> None:
    result = play_match(Duel(), [RandomAgent(1), RandomAgent(2)], seed=4)
    report = luck_report(result.events)
    assert report.rolls and set(report.sides) <= {0, 1}
    assert all(0.0 <= side.percentile <= 1.0 for side in report.sides.values())
