"""The ``warbench`` command.

User mistakes (a missing file, malformed JSON or TOML, an unknown ruleset, a bad flag) print
one line starting ``warbench: error:`` and exit with status 2; they never show a traceback.
"""

from __future__ import annotations

import difflib
import inspect
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from warbench import odds_cli, sim_cli
from warbench.cli_catalog import catalog_table
from warbench.cli_common import DataOption, FormatOption, load_ruleset
from warbench.core.agents import Agent
from warbench.core.botspec import make_bot
from warbench.core.cards import card_renderable
from warbench.core.catalog import DataFileError, load_model
from warbench.core.engine import Game
from warbench.core.journal import Journal
from warbench.core.list_reading import ReadList, read_list_files
from warbench.core.lists import ArmyList, ConstraintSet, ValidationReport
from warbench.core.luck import LuckReport, luck_report
from warbench.core.match import play_next_decision
from warbench.core.moments import LastAttacks, scene_at
from warbench.core.outputs import check_output
from warbench.core.plain import OMNISCIENT
from warbench.core.registry import UnknownRuleset, available_rulesets, ruleset
from warbench.core.render import render as render_picture
from warbench.core.replay import (
    DataMismatch,
    ReplayMismatch,
    every_hash,
    hashes_checked,
    replay_steps,
)
from warbench.core.rng import seed_for
from warbench.core.ruleset import ConstraintsError, Ruleset, SetupError
from warbench.core.sim.plan import ArmyListRejected
from warbench.core.sim.store import ResultStore, load_journal
from warbench.core.words import as_told, player_name
from warbench.server import command as serve_cli

app = typer.Typer(
    name="warbench",
    help="Play, check and study tabletop miniature wargames.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(soft_wrap=True)

#: Exit status for mistakes in what the user typed or the files they gave.
USAGE_ERROR = 2
#: Exit status when a replay does not reach the states its journal recorded.
VERIFY_FAILED = 1


class CommandError(ValueError):
    """A command that cannot run as asked; the message says why, in one line."""


def _narrate(game: Game[Any, Any], first_event: int, viewer: int, step: int) -> None:
    """The events from ``first_event`` on that ``viewer`` sees, the first of them numbered
    with ``step``, the action after which ``render --at`` draws the table."""
    texts = [e.text for e in game.events[first_event:] if e.text and e.visible_to_player(viewer)]
    for number, text in enumerate(texts):
        console.print(f"{step if number == 0 else '':>6}  {text}", highlight=False, markup=False)


@app.command("rulesets")
def rulesets_command() -> None:
    """List the rule systems that are installed."""
    ids = available_rulesets()
    if not ids:
        console.print("No ruleset is installed yet.")
        return
    table = Table("id", "name", "version", "players")
    for ruleset_id in ids:
        rules = ruleset(ruleset_id)
        players = (
            str(rules.min_players)
            if rules.min_players == rules.max_players
            else f"{rules.min_players}-{rules.max_players}"
        )
        table.add_row(rules.id, rules.name, rules.version, players)
    console.print(table)


def _installed(
    source: str | Path, ruleset_id: str, data: Path | None = None
) -> Ruleset[Any, Any]:
    """The ruleset a file names; if it is not installed, the error names the file and key."""
    try:
        return load_ruleset(ruleset_id, data)
    except UnknownRuleset as error:
        raise CommandError(f"{source}: ruleset: {error}") from None


def _bot(rules: Ruleset[Any, Any], name: str, seed: int) -> Agent:
    """The bot ``name`` (options allowed: ``search:ms=200``); a bad one is a one-line error."""
    return make_bot(rules, name, seed)


def _best_bot(rules: Ruleset[Any, Any]) -> str:
    """The first bot a ruleset lists other than the random one (else random)."""
    return next((name for name in rules.bots() if name != "random"), "random")


@app.command("demo")
def demo_command(
    ruleset_id: Annotated[
        str | None, typer.Argument(metavar="[RULESET]", help="Ruleset id (default: each).")
    ] = None,
    seed: Annotated[int, typer.Option(min=0, help="Seed for dice and bots.")] = 1,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            help="Bot that plays every seat (default: the ruleset's best bot); options"
            " after a colon: search:iterations=64. Once per seat for a bot each,"
            " player 1's first."
        ),
    ] = None,
    out: Annotated[
        Path, typer.Option(help="Folder for the journal and the table picture.")
    ] = Path("out"),
    quiet: Annotated[bool, typer.Option(help="Print only the result.")] = False,
    players: Annotated[
        int | None,
        typer.Option(help="Number of players (default: the ruleset's demo count)."),
    ] = None,
    scenario: Annotated[
        str | None,
        typer.Option(help="Scenario the ruleset offers (robogear: 2v2, a mission, or both"
                     " joined by a comma)."),
    ] = None,
    data: DataOption = None,
) -> None:
    """Play a bot-against-bot game, narrate it, save its journal and a table picture."""
    if ruleset_id is None and (players is not None or scenario is not None):
        raise CommandError("--players and --scenario need a RULESET")
    ids = [ruleset_id] if ruleset_id is not None else available_rulesets()
    if not ids:
        console.print(
            "No ruleset is installed yet: the engine core is ready, but there is no game to "
            "show. `warbench rulesets` lists what is installed."
        )
        return
    if out.exists() and not out.is_dir():
        raise CommandError(f"--out {out}: not a folder")
    out.mkdir(parents=True, exist_ok=True)
    for current in ids:
        rules = load_ruleset(current, data)
        count, setup = _demo_setup(rules, players, scenario)
        chosen = _seat_bots(bot or [_best_bot(rules)], count)
        agents = [_bot(rules, name, seed_for(seed, seat)) for seat, name in enumerate(chosen)]
        game = Game.new(rules, setup, seed=seed, players=count)
        game.journal.played_by = chosen
        names = chosen[0] if len(set(chosen)) == 1 else " vs ".join(chosen)
        console.rule(f"{rules.name} — {names} bots, seed {seed}")
        shown, trail = 0, LastAttacks(rules)
        while not game.is_over:
            play_next_decision(game, agents)
            if not quiet:
                _narrate(game, shown, OMNISCIENT, len(game.journal.entries))
            trail.saw(game.state, len(game.journal.entries), game.events[shown:])
            shown = len(game.events)
        outcome = game.outcome
        assert outcome is not None
        sides = rules.side_names(setup, count)
        console.print(f"[bold]Result:[/bold] {_winners(outcome.winners, sides)}:"
                      f" {as_told(outcome.reason)}")
        stem = _demo_stem(rules.id, seed, players, scenario)
        journal_path = out / f"{stem}.json"
        game.journal.save(journal_path)
        console.print(f"Journal: {journal_path} ({len(game.journal.entries)} actions)")
        if rules.table(game.state) is not None:
            scene = trail.scene(game.state, len(game.journal.entries))
            console.print(f"Table:   {render_picture(scene, out / f'{stem}.svg', sides)}")


def _demo_setup(
    rules: Ruleset[Any, Any], players: int | None, scenario: str | None
) -> tuple[int, dict[str, Any]]:
    """The player count and set-up of a demo; a count or scenario the ruleset does not
    offer is a one-line error naming the option."""
    count = players if players is not None else rules.demo_players or rules.min_players
    try:
        rules.check_players(count)
    except SetupError as error:
        raise CommandError(f"--players {count}: {error}") from None
    if scenario is None:
        return count, rules.default_setup()
    try:
        return count, rules.default_setup_with(scenario.split(","), count)
    except SetupError as error:
        raise CommandError(f"--scenario {scenario}: {error}") from None


def _seat_bots(bots: list[str], count: int) -> list[str]:
    """The bot of each of ``count`` seats: one ``--bot`` for all, or one per seat.

    >>> _seat_bots(["search"], 2), _seat_bots(["search", "random"], 2)
    (['search', 'search'], ['search', 'random'])
    """
    if len(bots) == 1:
        return bots * count
    if len(bots) != count:
        raise CommandError(f"--bot was given {len(bots)} times for {count} seats: give it once"
                           f" (every seat) or once per seat")
    return list(bots)


def _demo_stem(ruleset_id: str, seed: int, players: int | None, scenario: str | None) -> str:
    """File name (without suffix) of a demo's journal and picture: the options chosen
    are in it, so a 2v2 demo does not overwrite the plain one."""
    stem = f"{ruleset_id}-seed{seed}"
    if players is not None:
        stem += f"-{players}p"
    if scenario is not None:
        stem += "-" + "-".join(word.strip() for word in scenario.split(",") if word.strip())
    return stem


@app.command("replay")
def replay_command(
    journal_path: Annotated[
        Path | None, typer.Argument(metavar="[JOURNAL]", help="A journal file.")
    ] = None,
    db: Annotated[
        Path | None, typer.Option(help="A results file of `warbench simulate` (with --game).")
    ] = None,
    game_id: Annotated[
        int | None, typer.Option("--game", help="The stored game to replay (with --db).")
    ] = None,
    player: Annotated[
        int | None,
        typer.Option(help="Narrate only what this seat may see (seats count from 0: 0 is"
                     " player 1)."),
    ] = None,
    quiet: Annotated[bool, typer.Option(help="Verify only; do not narrate.")] = False,
    luck: Annotated[
        bool, typer.Option(help="Rate every roll against its exact odds; report each side.")
    ] = False,
    save: Annotated[
        Path | None,
        typer.Option(help="Write the verified journal here, a state hash after every action"
                     " (a stored game as a file to publish)."),
    ] = None,
    strict: Annotated[
        bool, typer.Option(help="Fail (exit 1) unless the journal records the hash of every"
                           " state: a published journal (`--save` writes them all).")
    ] = False,
    data: DataOption = None,
) -> None:
    """Re-run a journal, verify every recorded state hash, and narrate the game."""
    try:
        journal, rules = _journal_to_replay("replay", journal_path, db, game_id, data)
    except DataMismatch as error:  # refused before any step: a mistake, nothing verified
        raise CommandError(str(error)) from None
    except ReplayMismatch as error:  # a stored game that, played again, ends elsewhere
        console.print(f"[red]verification failed:[/red] {error}", highlight=False)
        raise typer.Exit(VERIFY_FAILED) from None
    viewer = OMNISCIENT if player is None else player
    if player is not None and not 0 <= player < journal.players:
        raise CommandError(f"--player {player}: the game has seats 0 to {journal.players - 1}"
                           f" (--player 0 is {player_name(0)})")
    if journal.version != rules.version:
        console.print(
            f"note: the journal was written by {journal.ruleset} {journal.version}; replaying"
            f" with {rules.version}",
            highlight=False,
        )
    steps = shown = 0
    game: Game[Any, Any] | None = None
    if not quiet:
        console.print("  step  what happened (render --at STEP draws the table after it)",
                      highlight=False, markup=False)
    try:
        for steps, game in replay_steps(journal, rules=rules):
            if not quiet:
                _narrate(game, 0 if steps == 0 else shown, viewer, steps)
            shown = len(game.events)
    except DataMismatch as error:
        raise CommandError(str(error)) from None
    except ReplayMismatch as error:
        console.print(f"[red]verification failed:[/red] {error}", highlight=False)
        raise typer.Exit(VERIFY_FAILED) from None
    assert game is not None
    sides = _sides(journal, rules, db, game_id)
    result = "in progress"
    if game.outcome is not None:
        result = f"won by {_winners(game.outcome.winners, sides)}"
    console.print(f"Replayed {steps} actions of {journal.ruleset}: {hashes_checked(journal)};"
                  f" {result}.", highlight=False)
    if journal.played_by is not None or any(sides):
        bots = journal.played_by or [""] * journal.players
        seats = ", ".join(
            player_name(seat) + (f" {bot}" if bot else "") + (f" ({side})" if side else "")
            for seat, (bot, side) in enumerate(zip(bots, sides, strict=False))
        )
        # a journal file's record of its players: no hash covers it (anyone may write it)
        claimed = "" if db is not None else " (as the journal records it; the hashes check" \
            " the moves, not who chose them)"
        console.print(f"Played by{claimed}: {seats}.", highlight=False)
    if strict and not every_hash(journal):
        console.print(f"[red]verification failed:[/red] --strict: {hashes_checked(journal)}",
                      highlight=False)
        raise typer.Exit(VERIFY_FAILED)
    if save is not None:
        try:
            game.journal.save(save)
        except OSError as error:
            raise CommandError(f"--save {save}: cannot write it: {error.strerror}") from None
        console.print(f"Journal written to {save}.", highlight=False)
    if luck:
        _print_luck(
            luck_report((e for e in game.events if e.visible_to_player(viewer)), game.luck_odds)
        )


def _journal_to_replay(
    command: str, path: Path | None, db: Path | None, game_id: int | None, data: Path | None
) -> tuple[Journal, Ruleset[Any, Any]]:
    """The journal ``command`` (replay, render) asks for, from a file or a results store,
    and its ruleset."""
    if db is None and game_id is None:
        if path is None:
            raise CommandError(f"{command} needs a JOURNAL file, or --db FILE --game ID")
        journal = Journal.load(path)
        return journal, _installed(path, journal.ruleset, data)
    if path is not None:
        raise CommandError("give either a JOURNAL file or --db with --game, not both")
    if db is None or game_id is None:
        raise CommandError("--db and --game go together")
    journal = load_journal(db, game_id, data)
    return journal, _installed(f"{db} game {game_id}", journal.ruleset, data)


def _print_luck(report: LuckReport) -> None:
    if not report.rolls:
        console.print("No roll was rated by its effect.")
    else:
        table = Table(
            "side", "rolls rated", "mean roll percentile", "z", "game luck percentile",
            title="Luck by outcome",
        )
        for player, side in sorted(report.sides.items()):
            table.add_row(
                player_name(player),
                str(side.rolls),
                f"{side.mean_percentile:.1%}",
                f"{side.z:+.2f}",
                f"{side.percentile:.1%}",
            )
        console.print(table)
        console.print("Rolls that swung the game most (standard deviations from the mean):")
        for roll in report.deciding_rolls():
            verdict = "better" if roll.z > 0 else "worse"
            console.print(
                f"  {player_name(roll.player)} {as_told(roll.purpose)}: {roll.effect} against"
                f" a mean of {roll.mean:.2f} ({roll.swing:+.2f}; {abs(roll.z):.1f} sd {verdict}"
                f" for {player_name(roll.player)}, percentile {roll.percentile:.1%})",
                highlight=False,
            )
    if report.unrated:
        kinds = ", ".join(
            f"{as_told(label) or 'roll'} ({'nobody' if who is None else player_name(who)})"
            f" x{count}"
            for (who, label), count in report.unrated.most_common(8)
        )
        more = len(report.unrated) - 8
        console.print(
            f"Rolls not rated by an effect: {kinds}"
            + (f" and {more} more" if more > 0 else ""),
            highlight=False,
        )


@app.command("render")
def render_command(
    out: Annotated[Path, typer.Option("--out", help="Picture to write (.svg or .png).")],
    journal_path: Annotated[
        Path | None, typer.Argument(metavar="[JOURNAL]", help="A journal file.")
    ] = None,
    db: Annotated[
        Path | None, typer.Option(help="A results file of `warbench simulate` (with --game).")
    ] = None,
    game_id: Annotated[
        int | None, typer.Option("--game", help="The stored game to draw (with --db).")
    ] = None,
    at: Annotated[
        int | None,
        typer.Option(help="Draw the table after this step (action) with the attacks made in"
                     " it (default: the end, with the last attacks of the game)."),
    ] = None,
    data: DataOption = None,
) -> None:
    """Draw the table of a journaled game.

    The picture shows the pieces with their damage, and attacks with the arcs and range bands
    they used."""
    check_output(out, "--out", (".svg", ".png"))
    journal, rules = _journal_to_replay("render", journal_path, db, game_id, data)
    scene = scene_at(journal, rules, at)
    if not scene.shapes:
        raise CommandError(f"{journal.ruleset} does not draw its table yet")
    sides = _sides(journal, rules, db, game_id)
    console.print(f"Wrote {render_picture(scene, out, sides)} ({scene.title}).", highlight=False)


def _winners(winners: Sequence[int], sides: Sequence[str]) -> str:
    """The winning seats in words, each with what it played where that is known.

    >>> _winners((1,), ("Concord strike group", "Directorate carrier group"))
    'player 2 (Directorate carrier group)'
    >>> _winners((), ("", ""))
    'nobody'
    """
    named = [player_name(seat) + (f" ({sides[seat]})" if seat < len(sides) and sides[seat]
                                 else "") for seat in winners]
    return ", ".join(named) or "nobody"


def _sides(journal: Journal, rules: Ruleset[Any, Any], db: Path | None,
           game_id: int | None) -> tuple[str, ...]:
    """What each seat played, in words: a stored game's lists by the names its run gave
    them, a journal's forces as its set-up names them (``""`` where it names none)."""
    if db is not None and game_id is not None:
        with ResultStore(db, readonly=True) as store:
            return store.seat_labels(game_id)
    return rules.side_names(journal.setup, journal.players)


odds_cli.register(app)
sim_cli.register(app)
serve_cli.register(app)

list_app = typer.Typer(help="Army lists: check them against a ruleset's rules.")
app.add_typer(list_app, name="list")


@list_app.command("validate")
def list_validate_command(
    list_paths: Annotated[
        list[Path],
        typer.Argument(
            metavar="[RULESET] LIST...",
            help="Army lists (.toml); a ruleset id first checks that every list is for it.",
        ),
    ],
    list_format: FormatOption = None,
    constraints: Annotated[
        Path | None,
        typer.Option(help="A constraint set (.toml) to use instead of the format's own."),
    ] = None,
    data: DataOption = None,
) -> None:
    """Price army lists and report every rule each breaks (exit 1 if any list breaks one).

    Every file is read and checked before any report is printed. An entry that cannot be
    read (`count = "two"`, a key entries do not take) is named with its problem in its
    list's report, the rules are checked on the list's other entries all the same, and the
    list is not legal (exit 1). A list that cannot be checked at all (unreadable TOML, a
    wrong type in the list's own keys, another ruleset's list) gets one error line naming
    its file and key, every other list still gets its report, and the exit status is 2.
    """
    expected = None
    if list_paths and not list_paths[0].exists() and list_paths[0].suffix != ".toml":
        expected = ruleset(str(list_paths[0])).id
        list_paths = list_paths[1:]
    if not list_paths:
        raise CommandError("list validate needs at least one LIST file")
    chosen = None if constraints is None else load_model(constraints, ConstraintSet)
    results: list[tuple[ReadList, ValidationReport] | str] = []
    for list_path, read in zip(list_paths, read_list_files(list_paths), strict=True):
        if isinstance(read, DataFileError):
            results.append(read.one_line())
            continue
        try:
            report = _validated(list_path, read.army, expected, list_format, chosen, data)
        except ConstraintsError as error:
            raise CommandError(f"{constraints}: {error}") from None
        except CommandError as error:
            results.append(str(error))
        except SetupError as error:
            results.append(f"{list_path}: {error}")
        else:
            results.append((read, report))
    reported = False
    for list_path, result in zip(list_paths, results, strict=True):
        if isinstance(result, str):
            print(f"warbench: error: {result}", file=sys.stderr)
            continue
        if reported:  # a blank line between reports, none before the first
            console.print()
        console.print(f"{list_path}: {result[0].described(result[1])}", highlight=False,
                      markup=False)
        reported = True
    if any(isinstance(result, str) for result in results):
        raise typer.Exit(USAGE_ERROR)
    if not all(isinstance(result, tuple) and result[1].ok and not result[0].unread
               for result in results):
        raise typer.Exit(1)


def _validated(
    list_path: Path,
    army: ArmyList,
    expected: str | None,
    list_format: str | None,
    constraints: ConstraintSet | None,
    data: Path | None,
) -> ValidationReport:
    """The report on one list; :class:`CommandError` (naming the file) for a list for
    another ruleset than ``expected`` or one not installed."""
    if expected is not None and army.ruleset != expected:
        raise CommandError(f"{list_path}: ruleset: a list for {army.ruleset}, not {expected}")
    rules = _installed(list_path, army.ruleset, data)
    return rules.validate_list(army, list_format, constraints)


@app.command("catalog")
def catalog_command(
    ruleset_id: Annotated[str, typer.Argument(metavar="RULESET", help="Ruleset id.")],
    unit: Annotated[str | None, typer.Option(help="Show one entry's stat card.")] = None,
    faction: Annotated[
        str | None,
        typer.Option(help="List only one side's entries (its faction, nation or race)."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="With --unit: print the entry's data as JSON.")
    ] = False,
    data: DataOption = None,
) -> None:
    """List a ruleset's unit catalog, or show one unit's stat card."""
    rules = load_ruleset(ruleset_id, data)
    entries = rules.catalog()
    if entries is None:
        raise CommandError(f"{rules.id} has no unit catalog yet")
    if unit is not None:
        if unit not in entries:
            close = difflib.get_close_matches(unit, list(entries), n=3)
            hint = f"; did you mean {' or '.join(map(repr, close))}?" if close else ""
            raise CommandError(
                f"--unit: {rules.id} has no unit {unit!r}{hint} (`warbench catalog"
                f" {rules.id}` lists them)"
            )
        card = None if as_json else rules.unit_card(unit)
        if card is None:
            console.print_json(data=entries[unit].model_dump(mode="json"))
        else:
            console.print(card_renderable(card))
        return
    if as_json:
        plain = {key: record.model_dump(mode="json") for key, record in entries.items()}
        console.print_json(data=plain)
        return
    title = f"{rules.name} catalog"
    side = None if faction is None else rules.catalog_side(faction)
    if faction is not None and side != faction:  # a list's faction, of a wider side
        title += f": a {faction} list fields the {side} entries"
    table = catalog_table(title, entries, side, rules.list_factions(),
                          fielded_by=faction if faction != side else None)
    console.print(table)


def one_line_paragraphs(text: str) -> str:
    r"""``text`` with each paragraph on one line.

    Typer keeps the line breaks of a help's later paragraphs, so a docstring wrapped at the
    source's width broke mid-sentence in every terminal; joined, the terminal wraps them.

    >>> one_line_paragraphs("First.\n\nA long\n    sentence.")
    'First.\n\nA long sentence.'
    """
    return "\n\n".join(" ".join(part.split()) for part in inspect.cleandoc(text).split("\n\n"))


def _reflow_help(commands: typer.Typer) -> None:
    """Give every command of ``commands`` (and of its groups) its docstring as help, each
    paragraph on one line."""
    for info in commands.registered_commands:
        doc = info.help or (inspect.getdoc(info.callback) if info.callback else None)
        if doc:
            info.help = one_line_paragraphs(doc)
    for group in commands.registered_groups:
        if group.typer_instance is not None:
            _reflow_help(group.typer_instance)


_reflow_help(app)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; user mistakes print one line and return exit status 2 (the rules
    a list breaks: a line each, under a count)."""
    try:
        status = app(args=argv, standalone_mode=False, prog_name="warbench")
    except typer.Exit as done:
        return done.exit_code
    except typer.Abort:
        print("warbench: aborted", file=sys.stderr)
        return 130
    except typer.TyperException as error:
        if type(error).__name__ == "NoArgsIsHelpError":  # typer has printed the help
            return 0
        print(f"warbench: error: {error.format_message()}", file=sys.stderr)
        return USAGE_ERROR
    except ArmyListRejected as error:  # every broken rule of every list, one to a line
        problems = str(error).splitlines()
        if len(problems) == 1:
            print(f"warbench: error: {problems[0]}", file=sys.stderr)
        else:
            print(f"warbench: error: {len(problems)} problems in the lists:", file=sys.stderr)
            print("\n".join(f"  {problem}" for problem in problems), file=sys.stderr)
        return USAGE_ERROR
    except (ValueError, OSError) as error:
        message = str(error).replace("\n", "; ")
        print(f"warbench: error: {message}", file=sys.stderr)
        return USAGE_ERROR
    return status if isinstance(status, int) else 0
