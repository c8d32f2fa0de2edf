"""The ``warbench`` command.

User mistakes (a missing file, malformed JSON or TOML, an unknown ruleset, a bad flag) print
one line starting ``warbench: error:`` and exit with status 2; they never show a traceback.
"""

from __future__ import annotations

import difflib
import inspect
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from warbench import odds_cli, replay_cli, sim_cli
from warbench.cli_catalog import catalog_table
from warbench.cli_common import CommandError, DataOption, FormatOption, installed, load_ruleset
from warbench.core.agents import Agent
from warbench.core.botspec import make_bot
from warbench.core.cards import card_renderable
from warbench.core.catalog import DataFileError, load_model
from warbench.core.engine import Game
from warbench.core.list_reading import ReadList, read_list_files
from warbench.core.lists import ArmyList, ConstraintSet, ValidationReport
from warbench.core.match import play_next_decision
from warbench.core.moments import LastAttacks
from warbench.core.plain import OMNISCIENT
from warbench.core.registry import available_rulesets, ruleset
from warbench.core.render import render as render_picture
from warbench.core.rng import seed_for
from warbench.core.ruleset import ConstraintsError, Ruleset, SetupError
from warbench.core.sim.plan import ArmyListRejected
from warbench.replay_cli import VERIFY_FAILED as VERIFY_FAILED  # tests read it here
from warbench.replay_cli import narrate, winners
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
                narrate(game, shown, OMNISCIENT, len(game.journal.entries))
            trail.saw(game.state, len(game.journal.entries), game.events[shown:])
            shown = len(game.events)
        outcome = game.outcome
        assert outcome is not None
        sides = rules.side_names(setup, count)
        console.print(f"[bold]Result:[/bold] {winners(outcome.winners, sides)}:"
                      f" {rules.outcome_text(game.state)}")
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


replay_cli.register(app)
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
    rules = installed(list_path, army.ruleset, data)
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
