"""The tournament's HTML report: win matrix, ratings, and each list's units over every game it
played (journey 3: a list builder sees which ships earn their points)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.test_sim_plan import ListDuel, sides
from warbench.core.sim.summary import summarize
from warbench.core.sim.tournament import round_robin, table_plans
from warbench.core.sim.tournament_report import list_units, write_tournament_report


def test_the_report_shows_the_matrix_the_ratings_and_each_lists_units(tmp_path: Path) -> None:
    contenders = sides("recruit", "champion", "veteran")
    tables = table_plans(ListDuel(), contenders, players=2, seed=3)
    result = round_robin(contenders, tables, 8, resamples=20, seed=3)
    page = write_tournament_report(tmp_path / "t.html", result, tables, 8).read_text()
    assert page.startswith("<!DOCTYPE html>")
    assert "Duel with army lists (test game): a tournament of 3 lists" in page
    for heading in ("Win matrix", "Ratings", "Units"):
        assert f"<h2>{heading}</h2>" in page
    assert page.count('src="data:image/png;base64,') == 2  # the heat map and the ratings
    won = int(result.wins[1, 0])
    assert f"<td>{won / 8:.1%} [" in page  # champion against recruit, 8 games met
    for rating in result.ratings:
        assert f"<td>{rating.label}</td><td>{rating.rating:+.0f}</td>" in page
    for label in ("recruit", "champion", "veteran"):
        assert f"<h3>{label} (16 games)</h3>" in page  # two tables of 8 games each


def test_a_lists_units_are_the_mean_over_every_game_it_played(tmp_path: Path) -> None:
    """Per-game means from each table are weighted by its games; survival pools every model
    fielded; a list's units are only its own (recruit sits in seat 0 and in seat 1)."""
    contenders = sides("recruit", "champion", "veteran")
    tables = table_plans(ListDuel(), contenders, players=2, seed=4)
    result = round_robin(contenders, tables, 6, resamples=10, seed=4)
    units = list_units(result, tables)
    expected_dealt = 0.0
    expected_lost = 0.0
    for table, run in zip(tables, result.runs, strict=True):
        summary = summarize(run.plan.sides, run.records)
        for unit in summary.units:
            if table.sides[unit.side] == 0:
                assert unit.unit_type == "recruit"
                expected_dealt += unit.damage_dealt * summary.games
                expected_lost += unit.lost * summary.games
    recruit = units[0].units["recruit"]
    assert set(units[0].units) == {"recruit"} and units[0].games == 12
    assert recruit.per_game(recruit.dealt) == expected_dealt / 12
    assert recruit.per_game(recruit.lost) == expected_lost / 12
    assert recruit.exposed == 12  # one recruit fielded in each of its 12 games


def test_a_lists_points_destroyed_pool_every_game_it_played_with_an_interval(
    tmp_path: Path,
) -> None:
    """Journey 3: a list's points destroyed per 100 points spent over the whole tournament
    are the mean of its games at every table, game by game (so the bootstrap interval is
    over all of them), and the page says what is measured."""
    contenders = sides("recruit", "champion", "veteran")
    tables = table_plans(ListDuel(), contenders, players=2, seed=4)
    result = round_robin(contenders, tables, 6, resamples=10, seed=4)
    champion = list_units(result, tables)[1].units["champion"]
    by_game = champion.destroyed_by_game()
    assert by_game is not None and len(by_game) == 12
    expected = []
    for table, run in zip(tables, result.runs, strict=True):
        if 1 in table.sides:
            summary = summarize(run.plan.sides, run.records)
            unit = next(u for u in summary.units if u.unit_type == "champion")
            assert unit.destroyed_by_game is not None
            expected += unit.destroyed_by_game
    assert sorted(by_game) == sorted(expected) and sum(by_game) > 0
    per_hundred = champion.per_hundred()
    assert per_hundred is not None and champion.points == 20
    assert per_hundred.mean == pytest.approx(100 * sum(by_game) / 12 / 20)
    page = write_tournament_report(tmp_path / "t.html", result, tables, 6).read_text()
    assert (f"{per_hundred.mean:.1f}<br><small>[{per_hundred.low:.1f},"
            f" {per_hundred.high:.1f}]</small>") in page
    assert "<th>per 100 points spent [95%]</th>" in page
    assert '<table class="prose"><tr><th>setting</th><th>value</th></tr>' in page
    assert "Points destroyed: the points of the enemy models its attacks destroyed" in page
