"""The HTML report: tables, embedded plots and the table picture of a typical game."""

from __future__ import annotations

import dataclasses
import html
from pathlib import Path

import pytest

from tests.core.test_sim_plan import ListDuel, sides
from warbench.core.sim.notable import notable_games
from warbench.core.sim.plan import prepare
from warbench.core.sim.report import typical_game, write_report
from warbench.core.sim.runner import simulate
from warbench.core.sim.stats import MeanInterval
from warbench.core.sim.store import ResultStore
from warbench.core.sim.summary import Rate, compare, per_game, summarize


def test_the_report_is_one_page_with_tables_plots_and_the_table(tmp_path: Path) -> None:
    plan = prepare(ListDuel(), sides("veteran", "recruit"), seed=4)
    result = simulate(plan, 12)
    summary = summarize(plan.sides, result.records)
    comparisons = compare(summary, summary)
    page = write_report(tmp_path / "out.html", result, summary, comparisons).read_text()
    assert page.startswith("<!DOCTYPE html>")
    assert "Duel with army lists (test game): veteran vs recruit" in page
    assert page.count('src="data:image/png;base64,') == 4  # wins, scores, length, survival
    assert "<svg" in page and "<?xml" not in page  # the table picture, inline
    typical = typical_game(result.records)
    assert typical is not None and f"end of game index {typical.index} " in page
    for heading in ("Results", "Seats", "Scores", "Game length", "Units", "Against the other"):
        assert f"<h2>{heading}" in page
    assert "<h3>recruit</h3>\n<table class=\"names\">" in page  # a table of units per side
    assert "<td>recruit</td><td>1</td>" in page  # unit type, fielded
    # the run's settings read as a list of sentences, each named, not as figures
    settings = '<table class="prose"><tr><th>setting</th><th>value</th></tr>'
    assert f"{settings}<tr><td>ruleset</td>" in page


def test_the_report_needs_an_existing_folder(tmp_path: Path) -> None:
    plan = prepare(ListDuel(), sides("veteran", "recruit"))
    result = simulate(plan, 1)
    with pytest.raises(FileNotFoundError, match="does not exist"):
        write_report(tmp_path / "no" / "out.html", result, summarize(plan.sides, result.records))


def test_each_unit_type_shows_the_points_it_destroyed_per_hundred_points_spent(
    tmp_path: Path,
) -> None:
    """Which units earn their points: the list's points on the type and the points of the
    enemy models it destroyed, per game and per 100 points spent, each with its bootstrap
    interval over the games (a veteran costs 15 in the test game's lists, a recruit 10)."""
    plan = prepare(ListDuel(), sides("veteran", "recruit"), seed=4)
    result = simulate(plan, 12)
    summary = summarize(plan.sides, result.records)
    page = write_report(tmp_path / "out.html", result, summary).read_text()
    assert "<th>points spent</th>" in page
    assert "<th>points destroyed / game [95%]</th>" in page
    assert "<th>per 100 points spent [95%]</th>" in page
    veteran = next(unit for unit in summary.units if unit.unit_type == "veteran")
    recruit = next(unit for unit in summary.units if unit.unit_type == "recruit")
    # each recruit the veteran destroyed is worth 10 points to it, game by game
    assert veteran.destroyed_by_game == tuple(
        10.0 * next(t.lost for t in record.units if t.unit_type == "recruit")
        for record in result.records
    )
    destroyed = MeanInterval.of(veteran.destroyed_by_game)
    assert 0 <= destroyed.low < destroyed.mean < destroyed.high
    per_hundred = destroyed.scaled(100 / 15)
    assert veteran.lost == 0  # no recruit sank it: the row says so
    assert "<td>veteran<br><small>never lost</small></td><td>1</td><td>15</td><td>0</td>" in page
    assert (f"<td>{destroyed.mean:.1f}<br><small>[{destroyed.low:.1f}, {destroyed.high:.1f}]"
            f"</small></td><td>{per_hundred.mean:.1f}<br><small>[{per_hundred.low:.1f},"
            f" {per_hundred.high:.1f}]</small></td></tr>") in page
    assert recruit.points_lost == pytest.approx(veteran.points_destroyed.mean)
    words = html.unescape(page)
    assert ("Points destroyed: the points of the enemy models its attacks destroyed, at their"
            " cost; a loss the unit's own side caused counts for nobody.") in words
    assert "Per 100 points spent: those points for every 100 the list spends" in words
    assert "(a bootstrap: the games drawn again 2,000 times)" in words
    assert "These, not the damage, say which units earn their points" in words


def test_a_type_never_lost_is_named_as_how_the_bots_played(tmp_path: Path) -> None:
    """A unit type no game ever took out (the commodore bot's battleships) reads as the
    bots' play, not as a ship that cannot be sunk: its row says so and a note explains."""
    plan = prepare(ListDuel(), sides("champion", "recruit"), seed=4)
    result = simulate(plan, 6)
    summary = summarize(plan.sides, result.records)
    champion = next(unit for unit in summary.units if unit.unit_type == "champion")
    assert champion.lost == 0  # the champion outlasts a recruit in every one of these games
    page = html.unescape(write_report(tmp_path / "out.html", result, summary).read_text())
    assert "<td>champion<br><small>never lost</small></td>" in page
    assert "<td>recruit</td>" in page  # lost in some game: no note
    assert "Never lost in any of its 6 games: champion. Their figures say how the bots" in page


def test_the_unit_table_says_per_game_or_whole_run_and_its_counts_are_per_game(
    tmp_path: Path,
) -> None:
    """Which ships earn their points: the unit table showed models fielded per game beside
    models lost in the whole run (a veteran "fielded 1, lost 7" over 12 games). Every count
    is now a mean per game, and each header says per game or whole run."""
    plan = prepare(ListDuel(), sides("veteran", "recruit"), seed=4)
    result = simulate(plan, 12)
    summary = summarize(plan.sides, result.records)
    page = write_report(tmp_path / "out.html", result, summary).read_text()
    head = "".join(f"<th>{html.escape(cell)}</th>" for cell in (
        "unit type", "fielded / game", "points spent", "lost / game",
        "survival, whole run [95%]", "damage taken / game", "damage dealt / game",
        "points destroyed / game [95%]", "per 100 points spent [95%]",
    ))
    assert f'<table class="names"><tr>{head}</tr>' in page
    assert "Per game: the mean over the run's 12 games" in page
    tallies = [t for r in result.records for t in r.units if t.unit_type == "recruit"]
    lost = sum(tally.lost for tally in tallies)
    assert lost > 1  # a whole-run count that differs from the mean per game
    row = (f"<td>recruit</td><td>1</td><td>10</td><td>{per_game(lost / 12)}</td>"
           f"<td>{100 * (12 - lost) / 12:.1f}%")
    assert row in page
    taken = sum(tally.damage_taken for tally in tallies)
    assert f"<td>{taken / 12:.2f}</td>" in page


def test_a_mean_count_per_game_reads_whole_or_to_two_decimals() -> None:
    assert [per_game(value) for value in (2.0, 0.5, 7 / 12)] == ["2", "0.50", "0.58"]


def test_a_stored_run_names_its_games_by_the_id_replay_takes(tmp_path: Path) -> None:
    """Run 2's games are ids 4 to 6: the report named them by index (the replay table's
    "game 2" beside `--game 6`, "the end of game 1" for id 5)."""
    plan = prepare(ListDuel(), sides("veteran", "recruit"), seed=4)
    db = tmp_path / "r.sqlite"
    with ResultStore(db) as store:
        simulate(plan, 3, store=store)
        result = simulate(plan, 3, store=store)
    assert result.game_ids == (4, 5, 6)
    summary = summarize(plan.sides, result.records)
    page = write_report(tmp_path / "out.html", result, summary, db=db).read_text()
    typical = typical_game(result.records)
    assert typical is not None and f"end of game {typical.index + 4} (seed" in page
    for game in notable_games(result.records, ["veteran", "recruit"], result.game_ids):
        assert f"<td>game {game.game_id}</td><td>{game.seed}</td>" in page
        assert f"--game {game.game_id}</td>" in page
    assert "warbench play" not in page  # no such command
    assert "warbench render --db FILE --game ID --at N --out t.svg" in page


def test_the_games_worth_replaying_read_left_aligned_as_sentences(tmp_path: Path) -> None:
    """Journey 5: the "why" sentences and replay commands were right-aligned like figures,
    ragged on the left and hard to read; that table now aligns every column left and keeps
    "game 13" on one line."""
    plan = prepare(ListDuel(), sides("veteran", "recruit"), seed=4)
    result = simulate(plan, 4)
    page = write_report(tmp_path / "out.html", result, summarize(plan.sides, result.records))
    replay = page.read_text().split("<h2>Games worth replaying</h2>")[1]
    assert replay.lstrip().startswith('<table class="prose"><tr><th>game</th>')
    assert "table.prose th, table.prose td { text-align: left;" in page.read_text()
    assert "table.prose td:first-child { white-space: nowrap; }" in page.read_text()


def test_the_win_chart_draws_draw_bars_only_when_a_game_was_drawn(tmp_path: Path) -> None:
    """A run without draws shows no empty draw bars and says no game was drawn; the same
    run with a drawn game shows win and draw rates."""
    plan = prepare(ListDuel(), sides("veteran", "recruit"), seed=4)
    result = simulate(plan, 6)
    decisive = summarize(plan.sides, result.records)
    decisive = dataclasses.replace(
        decisive, sides=tuple(dataclasses.replace(s, draws=Rate.of(0, 6)) for s in decisive.sides)
    )
    page = write_report(tmp_path / "a.html", result, decisive).read_text()
    assert "Win rates with 95% Wilson intervals (no game of the run was drawn)." in page
    drawn = dataclasses.replace(
        decisive, sides=tuple(dataclasses.replace(s, draws=Rate.of(1, 6)) for s in decisive.sides)
    )
    page_drawn = write_report(tmp_path / "b.html", result, drawn).read_text()
    assert "Win and draw rates with 95% Wilson intervals." in page_drawn
    marker = 'src="data:image/png;base64,'
    charts = [text.split(marker)[1].split('"')[0] for text in (page, page_drawn)]
    assert charts[0] != charts[1]  # the drawn run's chart has the draw bars


def test_the_typical_games_picture_has_a_legend_of_the_sides_in_their_seats(
    tmp_path: Path,
) -> None:
    """The table picture showed each side's models in its seat's colour with nothing saying
    which list was which; its legend names the side in each seat of that game (the lists
    swap seats from game to game)."""
    plan = prepare(ListDuel(), sides("veteran", "recruit"), seed=4)
    result = simulate(plan, 6)
    page = write_report(tmp_path / "out.html", result,
                        summarize(plan.sides, result.records)).read_text()
    typical = typical_game(result.records)
    assert typical is not None
    seated = [plan.sides[side].label for side in typical.seats]
    picture = page[page.index("<svg"):]
    assert f"{seated[0]} (player 1)" in picture and f"{seated[1]} (player 2)" in picture


def test_a_stored_games_seats_name_the_sides_sitting_there(tmp_path: Path) -> None:
    """`render --db` draws its legend from the run's labels in the game's seats: the second
    game of a run of lists has them swapped."""
    plan = prepare(ListDuel(), sides("veteran", "recruit"), seed=4)
    with ResultStore(tmp_path / "r.sqlite") as store:
        simulate(plan, 2, store=store)
        assert store.seat_labels(1) == ("veteran", "recruit")
        assert store.seat_labels(2) == ("recruit", "veteran")
