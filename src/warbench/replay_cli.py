"""The ``warbench replay`` and ``warbench render`` commands: a journaled game (a file, or a
game of a results file) played again and verified, narrated, rated for luck, or drawn."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from warbench.cli_common import CommandError, DataOption, installed
from warbench.core.engine import Game
from warbench.core.journal import Journal
from warbench.core.luck import LuckReport, luck_report
from warbench.core.moments import scene_at
from warbench.core.outputs import check_output
from warbench.core.plain import OMNISCIENT
from warbench.core.render import render as render_picture
from warbench.core.replay import (
    DataMismatch,
    ReplayMismatch,
    every_hash,
    hashes_checked,
    replay_steps,
)
from warbench.core.ruleset import Ruleset
from warbench.core.sim.store import ResultStore, load_journal
from warbench.core.words import player_name

console = Console(soft_wrap=True)

#: Exit status when a replay does not reach the states its journal recorded.
VERIFY_FAILED = 1


def narrate(game: Game[Any, Any], first_event: int, viewer: int, step: int) -> None:
    """The events from ``first_event`` on that ``viewer`` sees, the first of them numbered
    with ``step``, the action after which ``render --at`` draws the table."""
    texts = [e.text for e in game.events[first_event:] if e.text and e.visible_to_player(viewer)]
    for number, text in enumerate(texts):
        console.print(f"{step if number == 0 else '':>6}  {text}", highlight=False, markup=False)


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
                narrate(game, 0 if steps == 0 else shown, viewer, steps)
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
        result = f"won by {winners(game.outcome.winners, sides)}"
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
        return journal, installed(path, journal.ruleset, data)
    if path is not None:
        raise CommandError("give either a JOURNAL file or --db with --game, not both")
    if db is None or game_id is None:
        raise CommandError("--db and --game go together")
    journal = load_journal(db, game_id, data)
    return journal, installed(f"{db} game {game_id}", journal.ruleset, data)


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
                f"  {player_name(roll.player)} {roll.purpose}: {roll.effect} against"
                f" a mean of {roll.mean:.2f} ({roll.swing:+.2f}; {abs(roll.z):.1f} sd {verdict}"
                f" for {player_name(roll.player)}, percentile {roll.percentile:.1%})",
                highlight=False,
            )
    if report.unrated:
        kinds = ", ".join(
            f"{words or 'roll'} ({'nobody' if who is None else player_name(who)}) x{count}"
            for (who, words), count in report.unrated.most_common(8)
        )
        more = len(report.unrated) - 8
        console.print(
            f"Rolls not rated by an effect: {kinds}"
            + (f" and {more} more" if more > 0 else ""),
            highlight=False,
        )


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


def winners(seats: Sequence[int], sides: Sequence[str]) -> str:
    """The winning seats in words, each with what it played where that is known.

    >>> winners((1,), ("Concord strike group", "Directorate carrier group"))
    'player 2 (Directorate carrier group)'
    >>> winners((), ("", ""))
    'nobody'
    """
    named = [player_name(seat) + (f" ({sides[seat]})" if seat < len(sides) and sides[seat]
                                 else "") for seat in seats]
    return ", ".join(named) or "nobody"


def _sides(journal: Journal, rules: Ruleset[Any, Any], db: Path | None,
           game_id: int | None) -> tuple[str, ...]:
    """What each seat played, in words: a stored game's lists by the names its run gave
    them, a journal's forces as its set-up names them (``""`` where it names none)."""
    if db is not None and game_id is not None:
        with ResultStore(db, readonly=True) as store:
            return store.seat_labels(game_id)
    return rules.side_names(journal.setup, journal.players)


def register(app: typer.Typer) -> None:
    """Add ``replay`` and ``render`` to the ``warbench`` command."""
    app.command("replay")(replay_command)
    app.command("render")(render_command)
