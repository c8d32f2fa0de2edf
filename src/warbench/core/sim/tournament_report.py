"""The HTML report of a tournament: the win matrix, the ratings, and which units of each list
earn their points over every game the list played.

One self-contained page, as a run's report (:mod:`warbench.core.sim.report`) is, built
from the same pieces: a list builder reads which list wins, by how much, against whom, and
which of its ships did the work.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from warbench.core.charts import new_figure
from warbench.core.sim.html import (
    figure_html,
    html_page,
    html_table,
    percent,
    png_image,
    write_page,
)
from warbench.core.sim.report import data_words
from warbench.core.sim.summary import Rate
from warbench.core.sim.tournament import Table, TournamentResult
from warbench.core.sim.unit_report import (
    LIST_UNIT_COLUMNS,
    ListUnits,
    list_table,
    units_by_list,
    units_words,
)


def list_units(result: TournamentResult, tables: Sequence[Table]) -> list[ListUnits]:
    """Each list's units over every game it played, at every table it sat at (per-game means
    weighted by each table's games; survival over every model fielded)."""
    return units_by_list(len(result.labels), [table.sides for table in tables], result.runs)


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
    return [html_table(["setting", "value"], rows, prose=True)]


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
    lists = list_units(result, tables)
    parts = [
        "<h2>Units</h2>",
        units_words(
            tables[0].plan.ruleset.points_destroyed_meaning,
            "the games the list played in the tournament", "every game the list played",
            priced=True, recorded=all(mine.recorded() for mine in lists),
        ),
    ]
    for label, mine in zip(result.labels, lists, strict=True):
        parts += list_table(f"{label} ({mine.games} games)", mine, LIST_UNIT_COLUMNS)
    return parts


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
