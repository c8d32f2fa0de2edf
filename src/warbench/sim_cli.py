"""The ``warbench simulate`` and ``warbench tournament`` commands.

:func:`register` adds both to the main ``warbench`` app. Mistakes (a bad list, an unknown
bot or scenario, a missing file) raise ``ValueError`` subclasses before any game starts,
which the main command prints as one line.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from warbench.cli_common import DataOption, FormatOption, load_ruleset
from warbench.core.ruleset import Ruleset, SetupError
from warbench.core.sim.luck import luck_summary
from warbench.core.sim.notable import notable_games, on_the_board, replay_command
from warbench.core.sim.plan import (
    DEFAULT_MAX_DECISIONS,
    Side,
    default_sides,
    is_mirror,
    matchup,
    prepare,
)
from warbench.core.sim.report import (
    compared_run_words,
    data_words,
    free_for_all,
    free_for_all_words,
    write_report,
)
from warbench.core.sim.runner import Backend, RunResult, make_backend, simulate
from warbench.core.sim.store import ResultStore, RunInfo
from warbench.core.sim.summary import Comparison, RunSummary, compare, summarize
from warbench.core.sim.tournament import Table as TableOfLists
from warbench.core.sim.tournament import TournamentResult, round_robin, table_plans
from warbench.core.sim.tournament_report import write_tournament_report
from warbench.core.sim.unit_report import unit_points
from warbench.core.words import player_name
from warbench.field_cli import check_field_options, simulate_field
from warbench.sim_common import (
    SimulateOptionError,
    check_paths,
    console,
    load_sides,
    percent,
    played_words,
    points_table,
    print_notable,
    progress_bar,
    units_table,
)


def _print_summary(
    rules: Ruleset[Any, Any],
    result: RunResult,
    summary: RunSummary,
    comparisons: Sequence[Comparison],
    data: Path | None = None,
    other: RunInfo | None = None,
) -> None:
    plan = result.plan
    console.print(
        f"[bold]{rules.id}[/bold]: {matchup(plan.sides, plan.side_teams())}"
        f" — {summary.games} games, seed"
        f" {plan.seed}, bots {', '.join(plan.bots)}"
        + ("" if plan.scenario is None else f", scenario {plan.scenario}")
        + ("" if plan.list_format is None else f", format {plan.list_format}")
        + ("" if data is None else f", data {data}"),
        highlight=False,
    )
    table = Table("side", "wins", "draws", "losses", "win rate [95%]", "score (mean ± sd)")
    for side in summary.sides:
        score = "-" if side.scores is None else f"{side.scores.mean:.2f} ± {side.scores.std:.2f}"
        table.add_row(
            side.label,
            str(side.wins.successes),
            str(side.draws.successes),
            str(side.losses.successes),
            percent(side.wins),
            score,
        )
    console.print(table)
    if rules.score_meaning:
        console.print(f"A side's score: {rules.score_meaning}.", highlight=False)
    if plan.fixed_seats:
        console.print(
            "Each side keeps its seat (the default set-up ties each force to a seat): the"
            " win rates hold the seat's advantage as well as the force's.",
            highlight=False,
        )
    elif summary.seat_test is not None and (shares := summary.seat_share()) is not None:
        test = summary.seat_test
        verdict = "significant" if test.significant() else "not significant"
        console.print(
            f"The first seat ({player_name(0)}) wins {shares[0]:.1%} of decisive games,"
            f" fair share {shares[1]:.1%}"
            f" (p = {test.p_value:.3g}, {verdict}).",
            highlight=False,
        )
    if summary.length is not None:
        length = summary.length
        console.print(
            f"Game length: median {length.median:g} decisions (quartiles {length.q1:g} to"
            f" {length.q3:g}, longest {length.maximum:g}); {summary.unfinished} unfinished.",
            highlight=False,
        )
    spent = unit_points(plan)
    for number, side in enumerate(summary.sides):
        rows = [unit for unit in summary.units if unit.side == number]
        if rows:
            console.print(units_table(side.label, rows))
            points = points_table(side.label, rows, spent[number])
            if points is not None:
                console.print(points)
    if comparisons and other is not None:
        this = "this run" if result.run_id is None else f"this run ({result.run_id})"
        versus = Table(
            "side", this, f"run {other.id}", "difference", "p-value", "significant",
            title=f"Win rates against run {other.id}", title_justify="left",
        )
        for item in comparisons:
            versus.add_row(
                item.paired(f"run {other.id}"),
                percent(item.this),
                percent(item.other),
                f"{item.test.difference:+.1%}",
                f"{item.test.p_value:.3g}",
                "yes" if item.test.significant() else "no",
            )
        console.print(versus)
        for item in comparisons:
            console.print(item.verdict(f"run {other.id}"), highlight=False)
        console.print(f"{compared_run_words(other)}.", highlight=False)
    console.print(f"Played {played_words(result.played, result.seconds)}.", highlight=False)


def check_comparable(
    other: RunInfo, rules: Ruleset[Any, Any], sides: int, db: Path | None
) -> None:
    """Refuse a ``--compare`` run of another ruleset or with another number of sides: their
    win rates do not pair up (they were compared by position, silently)."""
    where = f"--compare {other.id}: run {other.id} in {db}"
    if other.ruleset != rules.id:
        raise SimulateOptionError(f"{where} is a run of {other.ruleset}, not {rules.id}")
    if len(other.sides) != sides:
        raise SimulateOptionError(
            f"{where} has {len(other.sides)} sides, this run {sides}; compare runs with as"
            " many sides"
        )


def simulate_command(
    ruleset_id: Annotated[str, typer.Argument(metavar="RULESET", help="Ruleset id.")],
    lists: Annotated[
        list[Path] | None,
        typer.Argument(
            metavar="[LIST]...",
            help="Army lists (.toml), one per side, as `tournament` takes them (the same as"
            " --army). None: the default set-up.",
            show_default=False,
        ),
    ] = None,
    army: Annotated[
        list[Path] | None,
        typer.Option(help="An army list (.toml); give one per side. None: the default set-up."),
    ] = None,
    against: Annotated[
        list[Path] | None,
        typer.Option(help="An opponent's list (.toml): your one list plays --games games"
                     " against each --against, a matchup at a time (not all at one table)."),
    ] = None,
    scenario: Annotated[str | None, typer.Option(help="Scenario the ruleset offers.")] = None,
    list_format: FormatOption = None,
    players: Annotated[
        int | None,
        typer.Option(help="Players of the default set-up (without --army: one per list)."),
    ] = None,
    games: Annotated[
        int, typer.Option(help="Games to play (with --against: against each opponent).")
    ] = 100,
    seed: Annotated[int, typer.Option(help="Run seed: game i's seed comes from it and i.")] = 1,
    workers: Annotated[int, typer.Option(help="Worker processes (Ray: local CPUs).")] = 1,
    backend: Annotated[str, typer.Option(help="Where to play: local or ray.")] = "local",
    ray_address: Annotated[
        str | None, typer.Option(help="Address of a running Ray cluster (with --backend ray).")
    ] = None,
    bot: Annotated[
        list[str] | None, typer.Option(
            help="Bot for every side, or give one per side (with --against: yours, then each"
            " opponent's; options: search:iterations=64)."
        )
    ] = None,
    db: Annotated[Path | None, typer.Option(help="SQLite results file to store games in.")] = None,
    resume: Annotated[
        bool, typer.Option(help="Continue the last run of the same plan stored in --db.")
    ] = False,
    journals: Annotated[bool, typer.Option(help="Store every game's journal in --db.")] = False,
    report: Annotated[Path | None, typer.Option(help="Write an HTML report here.")] = None,
    compare_run: Annotated[
        int | None, typer.Option("--compare", help="Test the win rates against run N in --db.")
    ] = None,
    max_decisions: Annotated[
        int, typer.Option(help="Stop a game after this many decisions (counted unfinished).")
    ] = DEFAULT_MAX_DECISIONS,
    json_output: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = (
        False
    ),
    data: DataOption = None,
) -> None:
    """Play many bot-against-bot games and report who wins, how often, and why.

    Several lists play at one table (a free-for-all where the ruleset seats more than two);
    with --against, your one list plays each opponent in turn, --games games each."""
    check_paths(db, resume, report, games)
    paths = list(lists or []) + list(army or [])
    if against:
        check_field_options(paths, list(against), players, compare_run)
    if compare_run is not None and db is None:
        raise SimulateOptionError("--compare needs --db, the results file holding that run")
    rules = load_ruleset(ruleset_id, data)
    if against:
        return simulate_field(
            rules, paths, list(against), games=games, seed=seed, scenario=scenario,
            list_format=list_format, workers=workers, backend=backend, ray_address=ray_address,
            bots=list(bot or []), db=db, resume=resume, journals=journals, report=report,
            max_decisions=max_decisions, json_output=json_output, data=data,
        )
    if len(paths) == 1:
        raise SimulateOptionError(
            "give at least two army lists (LIST... or --army), one with --against THEIRS.toml"
            " for each opponent, or none for the default set-up"
        )
    if paths and players is not None and players != len(paths):
        raise SimulateOptionError(f"--players {players}: {len(paths)} lists make {len(paths)}"
                                  " players; give one list per player")
    if players is not None:
        try:
            rules.check_players(players)
        except SetupError as error:
            raise SimulateOptionError(f"--players {players}: {error}") from None
    sides = load_sides(paths) if paths else list(default_sides(rules, players))
    if len(paths) > rules.max_players:
        raise SimulateOptionError(
            f"{len(paths)} lists would play at one table, and {rules.id} seats at most"
            f" {rules.max_players}; for one list against each, use --against"
        )
    plan = prepare(
        rules,
        sides,
        seed=seed,
        scenario=scenario,
        bots=list(bot or []),
        max_decisions=max_decisions,
        keep_journals=journals,
        list_format=list_format,
    )
    if free_for_all(plan) and not json_output:  # said first: the games may take minutes
        console.print(f"{free_for_all_words(len(plan.sides))}.", highlight=False)
    chosen = make_backend(backend, workers=workers, address=ray_address)
    with ExitStack() as stack:
        store = stack.enter_context(ResultStore(db)) if db is not None else None
        other: RunSummary | None = None
        info: RunInfo | None = None
        if store is not None and compare_run is not None:
            info = store.run(compare_run)
            check_comparable(info, rules, len(plan.sides), db)
            other = summarize(info.sides, store.records(compare_run))
        stack.callback(chosen.close)
        bar = stack.enter_context(progress_bar(not json_output and console.is_terminal))
        task = bar.add_task(f"{rules.id}", total=games)
        result = simulate(
            plan,
            games,
            backend=chosen,
            store=store,
            resume=resume,
            on_progress=lambda done, total: bar.update(task, completed=done, total=total),
        )
    summary = summarize(plan.sides, result.records)
    comparisons = compare(summary, other) if other is not None else ()
    notable = notable_games(
        result.records, [side.label for side in plan.sides], result.game_ids
    )
    if report is not None:
        write_report(report, result, summary, comparisons, db=db, other=info)
    if json_output:
        plain = _run_plain(result, summary, comparisons, db, report)
        if info is not None:
            plain["compared_run"] = {"id": info.id, "data": info.data_words(),
                                     "verdicts": [item.verdict(f"run {info.id}")
                                                  for item in comparisons]}
        plain["notable"] = [game.to_plain(db, rules.data_dir) for game in notable]
        typer.echo(json.dumps(plain, indent=2))
        return
    _print_summary(rules, result, summary, comparisons, data, info)
    print_notable(notable, db, rules.data_dir)
    if db is not None and result.game_ids:
        console.print(
            f"Stored as run {result.run_id} in {db}: games {min(result.game_ids)} to"
            f" {max(result.game_ids)} ({replay_command(db, 'ID', rules.data_dir)}).",
            highlight=False,
        )
        console.print(on_the_board(rules.id, db, rules.data_dir), highlight=False)
    if report is not None:
        console.print(f"Report: {report}", highlight=False)


def _run_plain(
    result: RunResult,
    summary: RunSummary,
    comparisons: Sequence[Comparison],
    db: Path | None,
    report: Path | None,
) -> dict[str, Any]:
    plan = result.plan
    return {
        "ruleset": plan.ruleset.id,
        "version": plan.ruleset.version,
        "seed": plan.seed,
        "scenario": plan.scenario,
        "bots": list(plan.bots),
        "matchup": matchup(plan.sides, plan.side_teams()),
        "mirror": is_mirror(plan.sides),
        "free_for_all": free_for_all(plan),
        "fixed_seats": plan.fixed_seats,
        "played": result.played,
        "seconds": result.seconds,
        "data": data_words(plan),
        "db": None if db is None else str(db),
        "run_id": result.run_id,
        "game_ids": [min(result.game_ids), max(result.game_ids)] if result.game_ids else None,
        "report": None if report is None else str(report),
        "summary": summary.to_plain(),
        "luck": luck_summary(result.records, len(summary.sides)).to_plain(),
        "comparison": [item.to_plain() for item in comparisons],
    }


def _bots_by_list(sides: Sequence[Side], plans: Sequence[TableOfLists]) -> list[str]:
    """The bot each list played, as the plans seated it."""
    bots = [""] * len(sides)
    for table in plans:
        for number, side in enumerate(table.sides):
            bots[side] = table.plan.bots[number]
    return bots


def signed(value: float) -> str:
    """A rating in whole points with its sign, never ``-0``.

    >>> signed(-0.3), signed(163.6), signed(-12.5)
    ('+0', '+164', '-12')
    """
    return f"{round(value):+d}"


def _print_tournament(outcome: TournamentResult, bots: Sequence[str]) -> None:
    labels = outcome.labels
    played = ", ".join(f"{label} ({bot})" for label, bot in zip(labels, bots, strict=True))
    console.print(f"Bots: {played}", highlight=False)
    if len(set(bots)) > 1:  # lists played by different bots: each named with its bot
        labels = tuple(f"{label} ({bot})" for label, bot in zip(labels, bots, strict=True))
    named = dict(zip(outcome.labels, labels, strict=True))
    matrix = Table("wins (row beat column)", *labels, title="Win matrix")
    for i, label in enumerate(labels):
        cells = [
            "-" if i == j else f"{outcome.wins[i, j]}/{outcome.games(i, j)}"
            for j in range(len(labels))
        ]
        matrix.add_row(label, *cells)
    console.print(matrix)
    ratings = Table("list", "rating", "95% interval", title="Bradley-Terry ratings (Elo scale)")
    for rating in sorted(outcome.ratings, key=lambda item: -item.rating):
        interval = f"{signed(rating.low)} to {signed(rating.high)}"
        ratings.add_row(named[rating.label], signed(rating.rating), interval)
    console.print(ratings)
    games = sum(run.played for run in outcome.runs)
    seconds = sum(run.seconds for run in outcome.runs)
    tables = len(outcome.runs)
    at = f"at {tables} {'table' if tables == 1 else 'tables'}"
    console.print(f"Played {played_words(games, seconds, at)}.", highlight=False)


def _print_stored_tables(
    outcome: TournamentResult,
    plans: Sequence[TableOfLists],
    sides: Sequence[Side],
    db: Path,
    data: Path | None,
) -> None:
    """Where each table's games are stored, and how to replay one."""
    console.print(f"Stored in {db} ({replay_command(db, 'ID', data)}):", highlight=False)
    for table, run in zip(plans, outcome.runs, strict=True):
        names = " vs ".join(sides[i].label for i in table.sides)
        games = (f"games {min(run.game_ids)} to {max(run.game_ids)}" if run.game_ids
                 else "no games")
        console.print(f"  run {run.run_id}: {names}, {games}", highlight=False)


def tournament_command(
    ruleset_id: Annotated[str, typer.Argument(metavar="RULESET", help="Ruleset id.")],
    lists: Annotated[list[Path], typer.Argument(metavar="LIST...", help="Army lists (.toml).")],
    games: Annotated[int, typer.Option(help="Games per table (pair) of lists.")] = 100,
    players: Annotated[
        int | None,
        typer.Option(help="Lists per game (default: the ruleset's demo player count, at "
                     "most the number of lists)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="Tournament seed.")] = 1,
    scenario: Annotated[str | None, typer.Option(help="Scenario the ruleset offers.")] = None,
    list_format: FormatOption = None,
    workers: Annotated[int, typer.Option(help="Worker processes (Ray: local CPUs).")] = 1,
    backend: Annotated[str, typer.Option(help="Where to play: local or ray.")] = "local",
    ray_address: Annotated[
        str | None, typer.Option(help="Address of a running Ray cluster (with --backend ray).")
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(help="Bot for every list, or give one per list (search:iterations=64)."),
    ] = None,
    db: Annotated[Path | None, typer.Option(help="SQLite results file to store games in.")] = None,
    resume: Annotated[bool, typer.Option(help="Continue the pairs' runs stored in --db.")] = False,
    journals: Annotated[
        bool, typer.Option(help="Store every game's journal in --db (for `warbench replay`).")
    ] = False,
    report: Annotated[
        Path | None,
        typer.Option(help="Write an HTML report here: win matrix, ratings, each list's units."),
    ] = None,
    max_decisions: Annotated[
        int, typer.Option(help="Stop a game after this many decisions (counted unfinished).")
    ] = DEFAULT_MAX_DECISIONS,
    json_output: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = (
        False
    ),
    data: DataOption = None,
) -> None:
    """Play every table of lists and rank them: a win matrix and a rating per list.

    Every pair of lists meets at a table of two players (with --players N, every group of N
    lists) and plays --games games there."""
    check_paths(db, resume, report, games)
    if journals and db is None:
        raise SimulateOptionError("--journals needs --db, the results file to keep them in")
    rules = load_ruleset(ruleset_id, data)
    sides = load_sides(lists)
    if players is None:
        players = max(rules.min_players, min(len(sides), rules.demo_players or rules.min_players))
    plans = table_plans(
        rules,
        sides,
        players=players,
        seed=seed,
        scenario=scenario,
        bots=list(bot or []),
        max_decisions=max_decisions,
        keep_journals=journals,
        list_format=list_format,
    )
    chosen: Backend = make_backend(backend, workers=workers, address=ray_address)
    with ExitStack() as stack:
        store = stack.enter_context(ResultStore(db)) if db is not None else None
        stack.callback(chosen.close)
        bar = stack.enter_context(progress_bar(not json_output and console.is_terminal))
        task = bar.add_task("tables", total=games * len(plans))

        def advance(pair: int, pairs: int, done: int, total: int) -> None:
            names = " vs ".join(sides[i].label for i in plans[pair].sides)
            bar.update(
                task,
                description=f"table {pair + 1}/{pairs}: {names}",
                completed=pair * total + done,
                total=pairs * total,
            )

        outcome = round_robin(
            sides,
            plans,
            games,
            backend=chosen,
            store=store,
            resume=resume,
            on_progress=advance,
            seed=seed,
        )
    written = None if report is None else write_tournament_report(report, outcome, plans, games)
    if json_output:
        typer.echo(json.dumps(outcome.to_plain(), indent=2))
        return
    _print_tournament(outcome, _bots_by_list(sides, plans))
    if db is not None:
        _print_stored_tables(outcome, plans, sides, db, rules.data_dir)
        console.print(on_the_board(rules.id, db, rules.data_dir), highlight=False)
    if written is not None:
        console.print(f"Report: {written}", highlight=False)


def register(app: typer.Typer) -> None:
    """Add ``simulate`` and ``tournament`` to the ``warbench`` app."""
    app.command("simulate")(simulate_command)
    app.command("tournament")(tournament_command)


__all__ = ["register", "simulate_command", "tournament_command"]
