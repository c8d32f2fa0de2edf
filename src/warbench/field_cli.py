"""``warbench simulate RULESET MINE.toml --against A.toml --against B.toml``: one list against
each list expected at an event, in one run.

``simulate`` hands its options here when ``--against`` is given. The list plays ``--games``
games against each opponent (:mod:`warbench.core.sim.field`), on one backend with one
progress bar; the output is a row per opponent (games, wins, draws, losses, the win rate with
its 95% interval) and an overall line, in the terminal, in ``--json``, in ``--db`` (a run per
opponent, every game replayable) and in the ``--report`` page
(:mod:`warbench.core.sim.field_report`).
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from warbench.core.ruleset import Ruleset
from warbench.core.sim.field import FieldResult, Matchup, field_plans, play_field
from warbench.core.sim.field_report import write_field_report
from warbench.core.sim.luck import luck_summary
from warbench.core.sim.notable import notable_games, on_the_board, replay_command
from warbench.core.sim.plan import GamePlan, Side
from warbench.core.sim.runner import make_backend
from warbench.core.sim.store import ResultStore
from warbench.core.sim.summary import UnitSummary
from warbench.core.sim.unit_report import ListUnits, units_by_list
from warbench.sim_common import (
    SimulateOptionError,
    console,
    load_sides,
    percent,
    played_words,
    points_table,
    print_notable,
    progress_bar,
    units_table,
)


def check_field_options(
    mine: list[Path], against: list[Path], players: int | None, compare_run: int | None
) -> None:
    """Refuse, in one line naming the option, what a field run cannot do."""
    if not mine:
        raise SimulateOptionError(
            "--against plays your list against each opponent: give your list too"
            " (simulate RULESET MINE.toml --against THEIRS.toml ...)"
        )
    if len(mine) > 1:
        raise SimulateOptionError(
            f"--against plays one list against each opponent: give one list (LIST or --army),"
            f" not {len(mine)}, and each opponent with --against"
        )
    if players is not None:
        raise SimulateOptionError(
            f"--players {players} cannot go with --against: every game is your list against"
            " one opponent (2 players)"
        )
    if compare_run is not None:
        raise SimulateOptionError(
            f"--compare {compare_run} cannot go with --against: it tests one matchup against"
            " another run of it; compare one opponent's run with `simulate RULESET MINE.toml"
            " THEIRS.toml --db FILE --compare N`"
        )


def simulate_field(
    rules: Ruleset[Any, Any],
    mine: list[Path],
    against: list[Path],
    *,
    games: int,
    seed: int,
    scenario: str | None,
    list_format: str | None,
    workers: int,
    backend: str,
    ray_address: str | None,
    bots: list[str],
    db: Path | None,
    resume: bool,
    journals: bool,
    report: Path | None,
    max_decisions: int,
    json_output: bool,
    data: Path | None,
) -> None:
    """Play the list ``mine`` against every list ``against`` and report each matchup."""
    sides = load_sides([*mine, *against])  # labels numbered apart across the whole field
    plans = field_plans(
        rules, sides[0], sides[1:], seed=seed, scenario=scenario, bots=bots,
        max_decisions=max_decisions, keep_journals=journals, list_format=list_format,
    )
    note = points_note(sides)
    if note and not json_output:
        console.print(note, highlight=False)
    chosen = make_backend(backend, workers=workers, address=ray_address)
    with ExitStack() as stack:
        store = stack.enter_context(ResultStore(db)) if db is not None else None
        stack.callback(chosen.close)
        bar = stack.enter_context(progress_bar(not json_output and console.is_terminal))
        task = bar.add_task("against", total=games * len(plans))

        def advance(number: int, count: int, done: int, total: int) -> None:
            bar.update(
                task,
                description=f"against {plans[number].sides[1].label} ({number + 1}/{count})",
                completed=number * total + done,
                total=count * total,
            )

        field = play_field(plans, games, backend=chosen, store=store, resume=resume,
                           on_progress=advance)
    if report is not None:
        write_field_report(report, field, games, db)
    mine_units = _units_over_field(field)
    if json_output:
        typer.echo(json.dumps(_plain(rules, plans, field, mine_units, games, db, report), indent=2))
        return
    _print_field(rules, plans, field, mine_units, games, data)
    data_dir = rules.data_dir
    for matchup in field.matchups:
        labels = [side.label for side in matchup.run.plan.sides]
        notable = notable_games(matchup.run.records, labels, matchup.run.game_ids)
        print_notable(notable, db, data_dir, f"Games worth replaying against"
                      f" {matchup.opponent.label}:", hint=False)
    if db is None:
        console.print("Store the runs with --db FILE to replay these games step by step.",
                      highlight=False)
    else:
        _print_stored(field, db, data_dir)
        console.print(on_the_board(rules.id, db, data_dir), highlight=False)
    if report is not None:
        console.print(f"Report: {report}", highlight=False)


def points_note(sides: list[Side]) -> str:
    """A line naming the opponents whose lists are built to other points than the first
    list (empty when all agree or a list names none): a field of another size is seldom
    what a list builder means to meet.

    >>> from warbench.core.lists import ArmyList
    >>> def side(name, points):
    ...     return Side(name, ArmyList(name=name, ruleset="r", points=points))
    >>> points_note([side("Mine", 1000), side("A", 1000), side("B", 500)])
    'Note: B is a list of 500 points, yours of 1000.'
    """
    mine = sides[0].army.points if sides[0].army is not None else None
    other = [
        f"{side.label} is a list of {side.army.points} points"
        for side in sides[1:]
        if side.army is not None and None not in (mine, side.army.points)
        and side.army.points != mine
    ]
    return f"Note: {'; '.join(other)}, yours of {mine}." if other else ""


def _units_over_field(field: FieldResult) -> ListUnits:
    """The list's unit types over every game against every opponent."""
    seatings = [(0, number) for number in range(1, len(field.matchups) + 1)]
    runs = [matchup.run for matchup in field.matchups]
    return units_by_list(1 + len(field.matchups), seatings, runs)[0]


def _unit_rows(units: ListUnits) -> list[UnitSummary]:
    return [pool.summary(0, unit_type) for unit_type, pool in sorted(units.units.items())]


def _bots_words(plans: list[GamePlan]) -> str:
    """The bots in words: one for all, or the list's and each opponent's."""
    named = [plans[0].bots[0], *(plan.bots[1] for plan in plans)]
    if len(set(named)) == 1:
        return f"bot {named[0]}"
    return "bots " + ", ".join(
        [f"{plans[0].sides[0].label}: {named[0]}"]
        + [f"{plan.sides[1].label}: {plan.bots[1]}" for plan in plans]
    )


def _score(matchup: Matchup) -> str:
    mine, theirs = matchup.summary.sides
    if mine.scores is None or theirs.scores is None:
        return "-"
    return f"{mine.scores.mean:.2f} to {theirs.scores.mean:.2f}"


def _print_field(
    rules: Ruleset[Any, Any],
    plans: list[GamePlan],
    field: FieldResult,
    units: ListUnits,
    games: int,
    data: Path | None,
) -> None:
    plan = plans[0]
    mine = field.mine.label
    count = len(field.matchups)
    console.print(
        f"[bold]{rules.id}[/bold]: {mine} against {count} {'list' if count == 1 else 'lists'}"
        f" — {games} {'game' if games == 1 else 'games'} each, seed {plan.seed},"
        f" {_bots_words(plans)}"
        + ("" if plan.scenario is None else f", scenario {plan.scenario}")
        + ("" if plan.list_format is None else f", format {plan.list_format}")
        + ("" if data is None else f", data {data}"),
        highlight=False,
    )
    table = Table("against", "games", "wins", "draws", "losses", "win rate [95%]",
                  "mean score (yours to theirs)", title=f"{mine}: results against each list",
                  title_justify="left")
    for matchup in field.matchups:
        side = matchup.summary.sides[0]
        table.add_row(matchup.opponent.label, str(matchup.games), str(side.wins.successes),
                      str(side.draws.successes), str(side.losses.successes),
                      percent(side.wins), _score(matchup))
    table.add_section()
    wins, draws, losses = (field.overall(kind) for kind in ("win", "draw", "loss"))
    table.add_row("overall", str(field.games), str(wins.successes), str(draws.successes),
                  str(losses.successes), percent(wins), "")
    console.print(table)
    console.print(
        f"Wins, draws and losses: those of {mine}, which swaps seats with its opponent every"
        " game. Overall: every game against every list.",
        highlight=False,
    )
    if rules.score_meaning:
        console.print(f"A side's score: {rules.score_meaning}.", highlight=False)
    length = field.length()
    if length is not None:
        console.print(
            f"Game length: median {length.median:g} decisions (quartiles {length.q1:g} to"
            f" {length.q3:g}, longest {length.maximum:g}); {field.unfinished} unfinished.",
            highlight=False,
        )
    rows = _unit_rows(units)
    if rows:
        over = f"its {units.games} games against the field"
        console.print(units_table(mine, rows, over, "all its games"))
        spent = {name: pool.points for name, pool in units.units.items() if pool.points}
        points = points_table(mine, rows, spent, over)
        if points is not None:
            console.print(points)
    against = f"against {count} {'list' if count == 1 else 'lists'}"
    console.print(f"Played {played_words(field.played, field.seconds, against)}.",
                  highlight=False)


def _print_stored(field: FieldResult, db: Path, data: Path | None) -> None:
    """Where each opponent's games are stored, and how to replay one."""
    console.print(f"Stored in {db} ({replay_command(db, 'ID', data)}):", highlight=False)
    for matchup in field.matchups:
        ids = matchup.run.game_ids
        games = f"games {min(ids)} to {max(ids)}" if ids else "no games"
        console.print(
            f"  run {matchup.run.run_id}: {field.mine.label} vs {matchup.opponent.label}, {games}",
            highlight=False,
        )


def _plain(
    rules: Ruleset[Any, Any],
    plans: list[GamePlan],
    field: FieldResult,
    units: ListUnits,
    games: int,
    db: Path | None,
    report: Path | None,
) -> dict[str, Any]:
    plain = field.to_plain()
    for item, matchup in zip(plain["opponents"], field.matchups, strict=True):
        run = matchup.run
        labels = [side.label for side in run.plan.sides]
        item["luck"] = luck_summary(run.records, 2).to_plain()
        item["notable"] = [game.to_plain(db, rules.data_dir) for game in
                           notable_games(run.records, labels, run.game_ids)]
    plain["units"] = [unit.to_plain() for unit in _unit_rows(units)]
    return {
        "ruleset": rules.id,
        "version": rules.version,
        "mode": "field",
        "seed": plans[0].seed,
        "scenario": plans[0].scenario,
        "list_format": plans[0].list_format,
        "games_per_opponent": games,
        "played": field.played,
        "seconds": field.seconds,
        "db": None if db is None else str(db),
        "report": None if report is None else str(report),
        **plain,
    }
