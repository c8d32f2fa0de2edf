"""The HTML report of a list against a field: a table of the matchups, the list's units over
every game, then for each opponent what a run's report shows for that one matchup.

One self-contained page, built from the run report's pieces (:mod:`warbench.core.sim.report`)
and the unit tables of a list over several runs (:mod:`warbench.core.sim.unit_report`).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path

from warbench.core.charts import new_figure
from warbench.core.sim.field import FieldResult
from warbench.core.sim.html import (
    figure_html,
    html_page,
    html_table,
    percent,
    png_image,
    write_page,
)
from warbench.core.sim.report import data_words, report_parts
from warbench.core.sim.summary import Rate
from warbench.core.sim.unit_report import (
    LIST_UNIT_COLUMNS,
    list_table,
    units_by_list,
    units_words,
)


def demoted(parts: Sequence[str]) -> list[str]:
    """``parts`` with every heading one level down (``<h2>`` to ``<h3>``, ``<h3>`` to
    ``<h4>``), to sit under an opponent's ``<h2>``; text in the parts is escaped, so only
    the headings' own tags match.

    >>> demoted(["<h2>Units</h2>", "<h3>A</h3><table></table>"])
    ['<h3>Units</h3>', '<h4>A</h4><table></table>']
    """
    shifted = []
    for part in parts:
        for level in (3, 2):
            part = part.replace(f"<h{level}>", f"<h{level + 1}>")
            part = part.replace(f"</h{level}>", f"</h{level + 1}>")
        shifted.append(part)
    return shifted


def _settings(field: FieldResult, games: int) -> list[str]:
    plan = field.matchups[0].run.plan
    bots = [f"{field.mine.label}: {plan.bots[0]}"] + [
        f"{matchup.opponent.label}: {matchup.run.plan.bots[1]}" for matchup in field.matchups
    ]
    rows: list[tuple[str, object]] = [
        ("ruleset", f"{plan.ruleset.id} {plan.ruleset.version}"),
        ("list", f"{field.mine.label} ({field.mine.source})"),
        *((("against" if number == 0 else ""), f"{m.opponent.label} ({m.opponent.source})")
          for number, m in enumerate(field.matchups)),
        ("games per opponent", games),
        ("seed (every matchup)", plan.seed),
        ("scenario", plan.scenario or "default"),
        ("list format", plan.list_format or "the ruleset's own"),
        ("bots", ", ".join(bots)),
        ("data", data_words(plan)),
    ]
    return [html_table(["setting", "value"], rows, prose=True)]


def _matchup_plot(field: FieldResult) -> str:
    """The list's win rate against each opponent and over all, with 95% intervals."""
    rows: list[tuple[str, Rate]] = [
        (m.opponent.label, m.summary.sides[0].wins) for m in field.matchups
    ]
    rows.append(("overall", field.overall("win")))
    figure = new_figure(7, 0.6 + 0.45 * len(rows))
    axes = figure.subplots()
    for row, (_, rate) in enumerate(reversed(rows)):
        axes.barh(row, rate.value, height=0.5,
                  color="#999999" if row == 0 else "#009E73")
        axes.errorbar(rate.value, row, xerr=[[rate.value - rate.low], [rate.high - rate.value]],
                      color="black", capsize=3)
    axes.set_yticks(range(len(rows)), [label for label, _ in reversed(rows)])
    axes.axvline(0.5, color="#cccccc", linewidth=0.8, zorder=0)
    axes.set_xlim(0, 1)
    axes.set_xlabel(f"{field.mine.label}: share of games won (95% Wilson interval)")
    return png_image(figure)


def _matchups(field: FieldResult, score_meaning: str) -> list[str]:
    rows = []
    for matchup in field.matchups:
        mine, theirs = matchup.summary.sides
        rows.append((
            matchup.opponent.label,
            matchup.games,
            mine.wins.successes,
            mine.draws.successes,
            mine.losses.successes,
            percent(mine.wins),
            "-" if mine.scores is None else f"{mine.scores.mean:.2f}",
            "-" if theirs.scores is None else f"{theirs.scores.mean:.2f}",
        ))
    wins, draws, losses = (field.overall(kind) for kind in ("win", "draw", "loss"))
    rows.append(("overall", field.games, wins.successes, draws.successes, losses.successes,
                 percent(wins), "", ""))
    head = ["against", "games", "wins", "draws", "losses", "win rate [95%]",
            "mean score, yours", "mean score, theirs"]
    links = " · ".join(
        f'<a href="#against-{number}">{html.escape(matchup.opponent.label)}</a>'
        for number, matchup in enumerate(field.matchups, start=1)
    )
    parts = [
        "<h2>Matchups</h2>",
        f"<p>The wins, draws and losses of {html.escape(field.mine.label)} against each list,"
        " the two swapping seats from game to game; overall: every game against every"
        " opponent (each counted as many games as it was played).</p>",
        html_table(head, rows),
        figure_html(_matchup_plot(field), "Win rate against each opponent and overall, with"
                    " 95% Wilson intervals."),
        f"<p>Each matchup below: {links}.</p>",
    ]
    if score_meaning:
        parts.append(f"<p>A side's score: {html.escape(score_meaning)}.</p>")
    return parts


def _units(field: FieldResult) -> list[str]:
    seatings = [(0, number) for number in range(1, len(field.matchups) + 1)]
    runs = [matchup.run for matchup in field.matchups]
    mine = units_by_list(1 + len(field.matchups), seatings, runs)[0]
    table = list_table(f"{field.mine.label} ({mine.games} games)", mine, LIST_UNIT_COLUMNS)
    if not table:
        return []
    rules = runs[0].plan.ruleset
    return [
        f"<h2>Units of {html.escape(field.mine.label)} against the field</h2>",
        units_words(rules.points_destroyed_meaning,
                    f"its {mine.games} games against every opponent", "those games",
                    priced=True, recorded=mine.recorded()),
        *table,
    ]


def field_html(field: FieldResult, games: int, db: str | Path | None = None) -> str:
    """The report page of ``field`` (``games`` games against each opponent); ``db`` is the
    results file the runs are stored in, for the replay commands."""
    rules = field.matchups[0].run.plan.ruleset
    count = len(field.matchups)
    title = f"{rules.name}: {field.mine.label} against {count} {'list' if count == 1 else 'lists'}"
    parts = [
        f"<h1>{html.escape(title)}</h1>",
        *_settings(field, games),
        *_matchups(field, rules.score_meaning),
        *_units(field),
    ]
    for number, matchup in enumerate(field.matchups, start=1):
        stored = (f" Stored as run {matchup.run.run_id}." if matchup.run.run_id is not None
                  else "")
        parts += [
            f'<h2 id="against-{number}">Against {html.escape(matchup.opponent.label)}</h2>',
            f"<p>{matchup.games} games of {html.escape(field.mine.label)} against"
            f" {html.escape(matchup.opponent.label)}.{stored}</p>",
            *demoted(report_parts(matchup.run, matchup.summary, db=db)),
        ]
    return html_page(title, parts)


def write_field_report(
    path: str | Path, field: FieldResult, games: int, db: str | Path | None = None
) -> Path:
    """Write the field's report to ``path`` (an ``.html`` file); return the path."""
    return write_page(path, field_html(field, games, db))
