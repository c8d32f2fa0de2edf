"""The HTML report of a tournament: the win matrix, the ratings, and which units of each list
earn their points over every game the list played.

One self-contained page, as a run's report (:mod:`warbench.core.sim.report`) is, built
from the same pieces: a list builder reads which list wins, by how much, against whom, and
which of its ships did the work.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from warbench.core.charts import new_figure
from warbench.core.sim.report import (
    UNIT_COLUMNS,
    data_words,
    figure_html,
    html_page,
    html_table,
    per_hundred,
    percent,
    png_image,
    unit_points,
    write_page,
)
from warbench.core.sim.runner import RunResult
from warbench.core.sim.summary import Rate, per_game, summarize
from warbench.core.sim.tournament import Table, TournamentResult

#: The unit table's columns: a run's, with survival over every game the list played.
TOURNAMENT_UNIT_COLUMNS = tuple(
    "survival, all its games [95%]" if column.startswith("survival") else column
    for column in UNIT_COLUMNS
)


@dataclass
class UnitTally:
    """One unit type of one list over all its tables: totals over the games it played."""

    games: int = 0
    fielded: float = 0.0
    lost: float = 0.0
    taken: float = 0.0
    dealt: float = 0.0
    survived: int = 0
    exposed: int = 0
    points: int | None = None

    def per_game(self, total: float) -> float:
        """A total as a mean per game of the list."""
        return total / self.games if self.games else 0.0


@dataclass
class ListUnits:
    """A list's unit types (by name) and the games it played."""

    games: int = 0
    units: dict[str, UnitTally] = field(default_factory=dict)


def list_units(result: TournamentResult, tables: Sequence[Table]) -> list[ListUnits]:
    """Each list's units over every game it played, at every table it sat at (per-game means
    weighted by each table's games; survival over every model fielded)."""
    return units_by_list(len(result.labels), [table.sides for table in tables], result.runs)


def units_by_list(
    lists_count: int, seatings: Sequence[Sequence[int]], runs: Sequence[RunResult]
) -> list[ListUnits]:
    """Each of ``lists_count`` lists' units over every run it played: ``seatings[r][k]`` is
    the list playing side ``k`` of ``runs[r]`` (a tournament's tables, or a list against a
    field)."""
    lists = [ListUnits() for _ in range(lists_count)]
    for seated, run in zip(seatings, runs, strict=True):
        summary = summarize(run.plan.sides, run.records)
        spent = unit_points(run.plan)
        for position, index in enumerate(seated):
            mine = lists[index]
            mine.games += summary.games
            for unit in summary.units:
                if unit.side != position:
                    continue
                tally = mine.units.setdefault(unit.unit_type, UnitTally())
                tally.fielded += unit.fielded * summary.games
                tally.lost += unit.lost * summary.games
                tally.taken += unit.damage_taken * summary.games
                tally.dealt += unit.damage_dealt * summary.games
                if unit.survival is not None:
                    tally.survived += unit.survival.successes
                    tally.exposed += unit.survival.trials
                tally.points = spent[position].get(unit.unit_type, tally.points)
    for mine in lists:
        for tally in mine.units.values():
            tally.games = mine.games
    return lists


def _run_section(result: TournamentResult, tables: Sequence[Table], games: int) -> list[str]:
    plan = tables[0].plan
    bots = [""] * len(result.labels)
    for table in tables:
        for position, index in enumerate(table.sides):
            bots[index] = table.plan.bots[position]
    rows: list[tuple[str, object]] = [
        ("ruleset", f"{plan.ruleset.id} {plan.ruleset.version}"),
        ("lists", len(result.labels)),
        ("tables", f"{len(tables)} ({len(tables[0].sides)} lists at each)"),
        ("games per table", games),
        ("seed of the first table", plan.seed),
        ("scenario", plan.scenario or "default"),
        ("bots", ", ".join(f"{label}: {bot}" for label, bot in zip(result.labels, bots,
                                                                    strict=True))),
        ("list format", plan.list_format or "the ruleset's own"),
        ("data", data_words(plan)),
    ]
    return [html_table(["tournament", ""], rows)]


def _matrix_plot(result: TournamentResult) -> str:
    """The share of games each row list won against each column list, as a heat map."""
    count = len(result.labels)
    share = np.full((count, count), np.nan)
    for i in range(count):
        for j in range(count):
            if i != j and result.games(i, j):
                share[i, j] = result.wins[i, j] / result.games(i, j)
    figure = new_figure(1.6 + 1.1 * count, 0.8 + 0.7 * count)
    axes = figure.subplots()
    image = axes.imshow(share, cmap="RdYlGn", vmin=0.0, vmax=1.0)
    for i in range(count):
        for j in range(count):
            if i != j:
                axes.text(j, i, f"{result.wins[i, j]}/{result.games(i, j)}", ha="center",
                          va="center", fontsize=9)
    axes.set_xticks(range(count), result.labels, rotation=30, ha="right")
    axes.set_yticks(range(count), result.labels)
    axes.set_xlabel("against")
    figure.colorbar(image, ax=axes, label="share of games won")
    return png_image(figure)


def _results_section(result: TournamentResult, score_meaning: str) -> list[str]:
    count = len(result.labels)
    rows = []
    for i, label in enumerate(result.labels):
        cells: list[str] = []
        for j in range(count):
            met = result.games(i, j)
            won = Rate.of(int(result.wins[i, j]), met)
            cells.append("-" if i == j or not met else percent(won))
        rows.append((label, *cells))
    parts = [
        "<h2>Win matrix</h2>",
        "<p>Each cell: the share of their games the row's list won against the column's, with"
        " its 95% interval (a draw is a game not won).</p>",
        html_table(["won against", *result.labels], rows),
        figure_html(_matrix_plot(result), "Games won by the row's list against the column's."),
    ]
    ranked = sorted(result.ratings, key=lambda item: -item.rating)
    parts += [
        "<h2>Ratings</h2>",
        "<p>Bradley-Terry ratings on the Elo scale (a list 100 above another wins about 64% of"
        " their games), with 95% bootstrap intervals.</p>",
        html_table(
            ["list", "rating", "95% interval"],
            [(r.label, f"{r.rating:+.0f}", f"{r.low:+.0f} to {r.high:+.0f}") for r in ranked],
        ),
        figure_html(_ratings_plot(result), "Ratings with their 95% intervals."),
    ]
    if score_meaning:
        parts.append(f"<p>A side's score in these games: {html.escape(score_meaning)}.</p>")
    return parts


def _ratings_plot(result: TournamentResult) -> str:
    ranked = sorted(result.ratings, key=lambda item: item.rating)
    figure = new_figure(7, 0.6 + 0.45 * len(ranked))
    axes = figure.subplots()
    for row, rating in enumerate(ranked):
        axes.errorbar(
            rating.rating, row, xerr=[[rating.rating - rating.low], [rating.high - rating.rating]],
            fmt="o", color="#0072B2", capsize=3,
        )
    axes.axvline(0.0, color="#999999", linewidth=0.8)
    axes.set_yticks(range(len(ranked)), [rating.label for rating in ranked])
    axes.set_xlabel("rating (Elo scale)")
    return png_image(figure)


def _unit_section(result: TournamentResult, tables: Sequence[Table]) -> list[str]:
    parts = [
        "<h2>Units</h2>",
        "<p>Each list's unit types over every game it played in the tournament. Per game: the"
        " mean over those games (models fielded and lost, damage taken and dealt). Survival:"
        " the models not destroyed out of every model fielded. Damage dealt per game for"
        " every 100 points the list spends on the type shows which units earn their"
        " points.</p>",
    ]
    for label, mine in zip(result.labels, list_units(result, tables), strict=True):
        rows = unit_rows(mine)
        if rows:
            parts += [f"<h3>{html.escape(label)} ({mine.games} games)</h3>",
                      html_table(TOURNAMENT_UNIT_COLUMNS, rows)]
    return parts


def unit_rows(mine: ListUnits) -> list[tuple[object, ...]]:
    """A list's unit types as rows of :data:`TOURNAMENT_UNIT_COLUMNS`."""
    return [
        (
            unit_type,
            per_game(tally.per_game(tally.fielded)) if tally.fielded else "-",
            "-" if tally.points is None else tally.points,
            per_game(tally.per_game(tally.lost)),
            percent(Rate.of(tally.survived, tally.exposed)) if tally.exposed else "-",
            f"{tally.per_game(tally.taken):.2f}",
            f"{tally.per_game(tally.dealt):.2f}",
            per_hundred(tally.per_game(tally.dealt), tally.points),
        )
        for unit_type, tally in sorted(mine.units.items())
    ]


def tournament_html(result: TournamentResult, tables: Sequence[Table], games: int) -> str:
    """The report page of a tournament played at ``tables``, ``games`` games each."""
    rules = tables[0].plan.ruleset
    title = f"{rules.name}: a tournament of {len(result.labels)} lists"
    parts = [
        f"<h1>{html.escape(title)}</h1>",
        *_run_section(result, tables, games),
        *_results_section(result, rules.score_meaning),
        *_unit_section(result, tables),
    ]
    return html_page(title, parts)


def write_tournament_report(
    path: str | Path, result: TournamentResult, tables: Sequence[Table], games: int
) -> Path:
    """Write the tournament's report to ``path`` (an ``.html`` file); return the path."""
    return write_page(path, tournament_html(result, tables, games))
