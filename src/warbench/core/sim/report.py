"""The HTML report of a run: one self-contained page of tables and matplotlib plots.

Plots are embedded as base64 PNG (:mod:`warbench.core.sim.html`), the picture of the table
at the end of a typical game as inline SVG, so the page can be mailed or archived as one
file; the unit tables come from :mod:`warbench.core.sim.unit_report`.
"""

from __future__ import annotations

import html
import statistics
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from warbench.core.charts import chart_figure, legend_above, new_figure, sample_chart
from warbench.core.render import render as render_picture
from warbench.core.sim.html import (
    figure_html,
    html_page,
    html_table,
    percent,
    png_image,
    write_page,
)
from warbench.core.sim.luck import luck_summary
from warbench.core.sim.notable import notable_games, serve_command
from warbench.core.sim.plan import GamePlan, matchup
from warbench.core.sim.play import GameRecord, play_to_end
from warbench.core.sim.runner import RunResult
from warbench.core.sim.store import RunInfo
from warbench.core.sim.summary import Comparison, RunSummary
from warbench.core.sim.unit_report import unit_section
from warbench.core.words import player_name


def typical_game(records: Sequence[GameRecord]) -> GameRecord | None:
    """A game that looks like most: the commonest result, of about the median length.

    >>> from warbench.core.sim.play import GameRecord
    >>> games = [GameRecord(i, 0, (0, 1), w, (), n, True, "", "") for i, w, n in
    ...          [(0, (0,), 9), (1, (1,), 5), (2, (0,), 30), (3, (0,), 12)]]
    >>> typical_game(games).index
    3
    """
    if not records:
        return None
    commonest = Counter(record.winners for record in records).most_common(1)[0][0]
    alike = [record for record in records if record.winners == commonest]
    middle = statistics.median(record.length for record in alike)
    return min(alike, key=lambda record: (abs(record.length - middle), record.index))


def _win_plot(summary: RunSummary) -> str:
    """Each side's win rate with its interval, and its draw rate beside it when any game of
    the run was drawn (a run without draws shows no empty draw bars)."""
    drawn = any(side.draws.value > 0 for side in summary.sides)
    kinds = [("win", "#009E73")] + ([("draw", "#999999")] if drawn else [])
    figure = new_figure(7, 0.6 + 0.5 * len(summary.sides))
    axes = figure.subplots()
    labels = [side.label for side in summary.sides]
    for row, side in enumerate(summary.sides):
        rates = {"win": side.wins, "draw": side.draws}
        for name, colour in kinds:
            rate = rates[name]
            offset = 0.0 if not drawn else (-0.15 if name == "win" else 0.15)
            axes.barh(
                row + offset,
                rate.value,
                height=0.3 if drawn else 0.5,
                color=colour,
                label=name if row == 0 else None,
            )
            axes.errorbar(
                rate.value,
                row + offset,
                xerr=[[rate.value - rate.low], [rate.high - rate.value]],
                color="black",
                capsize=3,
            )
    axes.set_yticks(range(len(labels)), labels)
    axes.set_xlim(0, 1)
    axes.set_xlabel("share of games (95% Wilson interval)")
    legend_above(axes, len(kinds))
    return png_image(figure)


def _win_caption(summary: RunSummary) -> str:
    """The win chart's caption, saying when no game was drawn (so no draw bars are drawn)."""
    if any(side.draws.value > 0 for side in summary.sides):
        return "Win and draw rates with 95% Wilson intervals."
    return "Win rates with 95% Wilson intervals (no game of the run was drawn)."


def _histograms(values: Sequence[Sequence[float]], labels: Sequence[str], axis: str) -> str:
    """Sampled values per series in the chart style of ``odds --plot`` (core/charts.py)."""
    return png_image(chart_figure(sample_chart(list(zip(labels, values, strict=True)), axis)))


def _table_picture(result: RunResult) -> str:
    typical = typical_game(result.records)
    if typical is None:
        return ""
    game = play_to_end(result.plan, typical.index)
    picture = result.plan.ruleset.table(game.state)
    winners = ", ".join(result.plan.sides[side].label for side in typical.winners) or "nobody"
    stored = dict(zip((record.index for record in result.records), result.game_ids, strict=False))
    name = f"game {stored[typical.index]}" if typical.index in stored else (
        f"game index {typical.index}")
    caption = (
        f"The table at the end of {name} (seed {typical.seed}), a typical game:"
        f" won by {winners} after {typical.length} decisions."
    )
    if picture is None:
        return f"<p>{html.escape(result.plan.ruleset.id)} draws no table picture.</p>"
    with tempfile.TemporaryDirectory() as folder:
        seated = [result.plan.sides[side].label for side in typical.seats]
        # each side in the colour its charts give it, whichever seat it sat in
        svg = render_picture(picture, Path(folder) / "table.svg", seated,
                             typical.seats).read_text(encoding="utf-8")
    return figure_html(svg[svg.index("<svg") :], caption)


def _run_section(result: RunResult, summary: RunSummary) -> list[str]:
    plan = result.plan
    bots = ", ".join(
        f"{side.label}: {bot}" for side, bot in zip(summary.sides, plan.bots, strict=True)
    )
    rows: list[tuple[str, object]] = [
        ("ruleset", f"{plan.ruleset.id} {plan.ruleset.version}"),
        ("games", summary.games),
        ("unfinished (decision limit)", summary.unfinished),
        ("seed", plan.seed),
        ("scenario", plan.scenario or "default"),
        ("bots", bots),
        ("data", data_words(plan)),
    ]
    if any(side.army is not None for side in plan.sides):
        rows.insert(5, ("list format", plan.list_format or "the ruleset's own"))
    return [html_table(["setting", "value"], rows, prose=True)]


def data_words(plan: GamePlan) -> str:
    """The data a run was played with, in words: ``--data FOLDER`` and its digest, or the
    shipped data."""
    rules = plan.ruleset
    if rules.data_dir is None:
        return "the shipped data"
    return f"--data {rules.data_dir} (digest {rules.data_digest or 'none: no file of its own'})"


def compared_run_words(other: RunInfo) -> str:
    """The run ``--compare`` names, in words: its sides, games, seed, bots and data, and
    how its sides meet this run's."""
    return (
        f"Run {other.id}: {' vs '.join(side.label for side in other.sides)}, {other.games}"
        f" games, seed {other.seed}, scenario {other.scenario or 'default'}, bots"
        f" {', '.join(other.bots)}, data: {other.data_words()}; each side is compared with"
        " the side in the same place in that run"
    )


def _results_section(
    summary: RunSummary,
    comparisons: Sequence[Comparison],
    other: RunInfo | None,
    score_meaning: str = "",
) -> list[str]:
    rows = [
        (
            side.label,
            side.wins.successes,
            side.draws.successes,
            side.losses.successes,
            percent(side.wins),
            "-" if side.scores is None else f"{side.scores.mean:.2f} ± {side.scores.std:.2f}",
            "-" if side.scores is None else f"{side.scores.median:g}",
        )
        for side in summary.sides
    ]
    head = ["side", "wins", "draws", "losses", "win rate [95%]", "mean score", "median score"]
    parts = ["<h2>Results</h2>", html_table(head, rows)]
    if score_meaning:
        parts.append(f"<p>A side's score: {html.escape(score_meaning)}.</p>")
    parts.append(figure_html(_win_plot(summary), _win_caption(summary)))
    if comparisons:
        name = "the other run" if other is None else f"run {other.id}"
        versus = [
            (
                item.paired(name),
                percent(item.this),
                percent(item.other),
                f"{item.test.difference:+.1%}",
                f"{item.test.p_value:.3g}",
                "yes" if item.test.significant() else "no",
            )
            for item in comparisons
        ]
        head = ["side", "this run", name, "difference", "p-value", "significant at 5%"]
        parts += [f"<h2>Against {name}</h2>", html_table(head, versus)]
        parts += [f"<p>{html.escape(item.verdict(name))}</p>" for item in comparisons]
        if other is not None:
            parts.append(f"<p>{html.escape(compared_run_words(other))}.</p>")
    return parts


def _seat_section(summary: RunSummary, fixed_seats: bool) -> list[str]:
    if fixed_seats:
        return [
            "<h2>Seats</h2>",
            "<p>Each side keeps its seat (the default set-up ties each force to a seat): the"
            " win rates hold the seat's advantage as well as the force's.</p>",
        ]
    rows = [(player_name(seat), rate.successes, percent(rate))
            for seat, rate in enumerate(summary.seats)]
    parts = ["<h2>Seats</h2>", html_table(["seat", "wins", "win rate [95%]"], rows)]
    test = summary.seat_test
    shares = summary.seat_share()
    if test is not None and shares is not None:
        verdict = "a significant" if test.significant() else "no significant"
        parts.append(
            f"<p>The first seat ({player_name(0)}) wins {shares[0]:.1%} of decisive games"
            f" (fair share {shares[1]:.1%}):"
            f" {verdict} seat effect (z = {test.z:.2f}, p = {test.p_value:.3g}).</p>"
        )
    return parts


def _distribution_section(result: RunResult, summary: RunSummary) -> list[str]:
    parts = []
    labels = [side.label for side in summary.sides]
    scored = [record.scores for record in result.records if record.scores]
    if scored:
        series = [[scores[side] for scores in scored] for side in range(len(labels))]
        parts += ["<h2>Scores</h2>", figure_html(_histograms(series, labels, "score"), "Scores.")]
    length = summary.length
    if length is not None:
        row = (
            "",
            f"{length.mean:.1f}",
            f"{length.std:.1f}",
            f"{length.minimum:g}",
            f"{length.median:g}",
            f"{length.maximum:g}",
        )
        lengths = [[float(record.length) for record in result.records]]
        parts += [
            "<h2>Game length</h2>",
            html_table(["decisions", "mean", "sd", "min", "median", "max"], [row]),
            figure_html(_histograms(lengths, ["all games"], "decisions"), "Game length."),
        ]
    return parts


def _luck_section(result: RunResult, summary: RunSummary) -> list[str]:
    luck = luck_summary(result.records, len(summary.sides))
    if luck.decisive == 0:
        return []

    def shown(value: float | None) -> str:
        return "-" if value is None else f"{value:.1%}"

    rows = [
        (f"{side.label}, all games", shown(value))
        for side, value in zip(summary.sides, luck.by_side, strict=True)
    ]
    rows += [("winners", shown(luck.winners)), ("losers", shown(luck.losers))]
    return [
        "<h2>Luck of winners and losers</h2>",
        html_table(["", "mean game luck percentile"], rows),
        f"<p>Over {luck.decisive} decisive games the luckiest side won"
        f" {percent(luck.luckiest_won)}. A game's luck is each roll's effect against its"
        " exact odds, combined over the game (docs/architecture.md, luck by outcome).</p>",
    ]


def _notable_section(result: RunResult, db: str | Path | None) -> list[str]:
    labels = [side.label for side in result.plan.sides]
    notable = notable_games(result.records, labels, result.game_ids)
    if not notable:
        return []
    rows = []
    serve = serve_command(result.plan.ruleset.id, result.plan.ruleset.data_dir)
    for game in notable:
        command = game.replay_command(db, result.plan.ruleset.data_dir)
        rows.append((game.name, game.seed, game.why, command or "not stored (no --db)"))
    return [
        "<h2>Games worth replaying</h2>",
        html_table(["game", "seed", "why", "step through it"], rows, prose=True),
        "<p>The replay narrates every action; the table after any step N is drawn by"
        " <code>warbench render --db FILE --game ID --at N --out t.svg</code> (with the"
        " run's <code>--data</code>, if any), or from a journal file saved by"
        " <code>warbench replay --save</code> or <code>warbench demo</code>; on the board,"
        f" <code>{html.escape(serve)}</code> and its replay viewer (<code>/replay</code>)"
        " step through a stored game.</p>",
    ]


def report_html(
    result: RunResult,
    summary: RunSummary,
    comparisons: Sequence[Comparison] = (),
    db: str | Path | None = None,
    other: RunInfo | None = None,
) -> str:
    """The report page of ``result`` as HTML text; ``db`` is the results file it is
    stored in, for the replay commands; ``other`` the run ``comparisons`` compare with."""
    title = f"{result.plan.ruleset.name}: {matchup(result.plan.sides, result.plan.side_teams())}"
    parts = [f"<h1>{html.escape(title)}</h1>"]
    if free_for_all(result.plan):
        parts.append(f"<p>{html.escape(free_for_all_words(len(result.plan.sides)))}.</p>")
    parts += report_parts(result, summary, comparisons, db, other)
    return html_page(title, parts)


def free_for_all(plan: GamePlan) -> bool:
    """Whether the plan seats more than two lists at one table, each playing for itself."""
    return (len(plan.sides) > 2 and not plan.fixed_seats and plan.side_teams() is None)


def free_for_all_words(lists: int) -> str:
    r"""What a free-for-all of lists is, and how to play one list against each instead.

    >>> print(free_for_all_words(4).replace("; ", ";\n"))
    A free-for-all of 4 lists: all 4 play at one table in every game;
    for one list against each, use --against
    """
    return (
        f"A free-for-all of {lists} lists: all {lists} play at one table in every game; for"
        " one list against each, use --against"
    )


def report_parts(
    result: RunResult,
    summary: RunSummary,
    comparisons: Sequence[Comparison] = (),
    db: str | Path | None = None,
    other: RunInfo | None = None,
) -> list[str]:
    """The sections of a run's report, under ``<h2>`` headings (the page's, or a field
    report's section for one opponent)."""
    return [
        *_run_section(result, summary),
        *_results_section(summary, comparisons, other, result.plan.ruleset.score_meaning),
        *_seat_section(summary, result.plan.fixed_seats),
        *_distribution_section(result, summary),
        *unit_section(result, summary),
        *_luck_section(result, summary),
        *_notable_section(result, db),
        "<h2>A typical game</h2>",
        _table_picture(result),
    ]


def write_report(
    path: str | Path,
    result: RunResult,
    summary: RunSummary,
    comparisons: Sequence[Comparison] = (),
    *,
    db: str | Path | None = None,
    other: RunInfo | None = None,
) -> Path:
    """Write the report of ``result`` to ``path`` (an ``.html`` file); return the path."""
    return write_page(path, report_html(result, summary, comparisons, db, other))
