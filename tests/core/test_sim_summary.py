"""Summaries of records: results by side, seats, scores, lengths, units, comparisons."""

from __future__ import annotations

import pytest

from warbench.core.sim.plan import Side
from warbench.core.sim.play import GameRecord
from warbench.core.sim.summary import compare, summarize
from warbench.core.sim.units import UnitTally

SIDES = [Side("Red"), Side("Blue")]


def record(
    index: int,
    winners: tuple[int, ...],
    scores: tuple[float, ...] = (),
    length: int = 10,
    units: tuple[UnitTally, ...] = (),
    finished: bool = True,
) -> GameRecord:
    seats = (0, 1) if index % 2 == 0 else (1, 0)
    return GameRecord(index, index, seats, winners, scores, length, finished, "", "", units)


def test_results_by_side_and_by_seat() -> None:
    # games 0, 2, 4 (Red in seat 0): Red, Red, Blue win; games 1, 3, 5 (Blue in seat 0):
    # Blue wins, a draw, Red wins.
    records = [
        record(0, (0,)),
        record(1, (1,)),
        record(2, (0,)),
        record(3, ()),
        record(4, (1,)),
        record(5, (0,)),
    ]
    summary = summarize(SIDES, records)
    red, blue = summary.sides
    assert (red.wins.successes, red.draws.successes, red.losses.successes) == (3, 1, 2)
    assert (blue.wins.successes, blue.draws.successes, blue.losses.successes) == (2, 1, 3)
    assert red.wins.value == pytest.approx(0.5)
    assert [rate.successes for rate in red.by_seat] == [2, 1]  # seat 0: 2 of 3; seat 1: 1 of 3
    assert [rate.trials for rate in red.by_seat] == [3, 3]
    # seat 0 won games 0, 1, 2: 3 of 5 decisive games, against a fair 1/2
    assert [rate.successes for rate in summary.seats] == [3, 2]
    assert summary.seat_test is not None
    assert summary.seat_test.difference == pytest.approx(0.1)
    assert not summary.seat_test.significant()


def test_scores_lengths_and_unfinished_games() -> None:
    records = [
        record(0, (0,), (5.0, 1.0), length=8),
        record(1, (), (), length=30, finished=False),
        record(2, (1,), (2.0, 4.0), length=12),
    ]
    summary = summarize(SIDES, records)
    red = summary.sides[0]
    assert red.scores is not None and red.scores.mean == pytest.approx(3.5)
    assert red.scores.count == 2  # the unfinished game has no scores
    assert summary.unfinished == 1
    assert summary.length is not None and summary.length.median == 12.0


def test_units_are_summed_over_games() -> None:
    records = [
        record(i, (0,), units=(UnitTally(1, "frigate", 4, lost, lost * 2.0, 1.0),))
        for i, lost in enumerate([1, 3])
    ]
    (unit,) = summarize(SIDES, records).units
    # per game: 4 fielded in each game, (1 + 3) / 2 lost; survival over the whole run
    assert (unit.side, unit.unit_type, unit.fielded, unit.lost) == (1, "frigate", 4.0, 2.0)
    assert unit.survival is not None
    assert (unit.survival.successes, unit.survival.trials) == (4, 8)
    assert unit.damage_taken == pytest.approx(4.0)  # (2 + 6) / 2 games
    assert unit.damage_dealt == pytest.approx(1.0)


def test_to_plain_has_the_documented_shape() -> None:
    plain = summarize(SIDES, [record(0, (0,), (1.0, 0.0)), record(1, (0,), (2.0, 0.0))])
    data = plain.to_plain()
    assert set(data) == {
        "games", "unfinished", "sides", "seats", "seat_test", "decisive", "length", "units"
    }
    red = data["sides"][0]
    assert red["label"] == "Red" and red["wins"]["count"] == 2 and red["wins"]["of"] == 2
    assert red["wins"]["interval"][1] == 1.0
    units = summarize(SIDES, [record(0, (0,), units=(UnitTally(1, "frigate", 4, 1, 2.0, 1.0),))])
    assert set(units.to_plain()["units"][0]) == {
        "side", "unit_type", "fielded_per_game", "lost_per_game", "survival",
        "damage_taken_per_game", "damage_dealt_per_game", "points_lost_per_game",
        "points_destroyed_per_game",
    }
    assert set(red["scores"]) == {"count", "mean", "std", "min", "q1", "median", "q3", "max"}


def test_comparing_runs_flags_only_real_differences() -> None:
    def run(red_wins: int, games: int = 100) -> list[GameRecord]:
        return [record(i, (0,) if i < red_wins else (1,)) for i in range(games)]

    strong, weak, close = (summarize(SIDES, run(n)) for n in (70, 40, 68))
    red_change = compare(strong, weak)[0]
    assert red_change.label == "Red" and red_change.test.significant()
    assert red_change.test.difference == pytest.approx(0.3)
    assert not compare(strong, close)[0].test.significant()


def test_a_team_win_is_a_win_for_each_partner_and_a_shared_top_is_a_draw() -> None:
    """RG-WIN-TEAMS: in a 2 v 2 game won by sides 1 and 3 both partners win and the others
    lose; a result naming every side is a draw. The seat test weighs a team win as two
    seats of four."""
    four = [Side(name) for name in ("Ash", "Brass", "Coal", "Dust")]
    records = [
        GameRecord(0, 0, (0, 1, 2, 3), (1, 3), (), 10, True, "", ""),
        GameRecord(1, 1, (1, 2, 3, 0), (0, 2), (), 10, True, "", ""),
        GameRecord(2, 2, (0, 1, 2, 3), (0, 1, 2, 3), (), 10, True, "", ""),
    ]
    summary = summarize(four, records)
    assert [side.wins.successes for side in summary.sides] == [1, 1, 1, 1]
    assert [side.losses.successes for side in summary.sides] == [1, 1, 1, 1]
    assert [side.draws.successes for side in summary.sides] == [1, 1, 1, 1]
    # game 0: sides 1, 3 sat in seats 1, 3; game 1: sides 0, 2 sat in seats 3, 1
    assert [rate.successes for rate in summary.seats] == [0, 2, 0, 2]
    assert summary.seat_test is not None and summary.seat_test.difference == pytest.approx(-0.5)
    # what simulate prints: seat 0 won none of the 2 decisive games, its fair share a half
    # (not a negative share from 1/4 minus the difference)
    assert summary.decisive == 2
    assert summary.seat_share() == pytest.approx((0.0, 0.5))
