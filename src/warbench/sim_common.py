"""What ``simulate``, its field mode and ``tournament`` share: the console, option errors,
the progress bar, reading the lists, checking outputs, the unit table and the games worth
replaying."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Column, Table
from rich.text import Text

from warbench.core.catalog import DataFileError, DataFilesError
from warbench.core.list_reading import ReadList, read_list_files
from warbench.core.outputs import check_output
from warbench.core.sim.html import Stacked
from warbench.core.sim.notable import NotableGame
from warbench.core.sim.plan import Side, unique_labels
from warbench.core.sim.runner import check_games
from warbench.core.sim.stats import MeanInterval
from warbench.core.sim.summary import Rate, UnitSummary, per_game
from warbench.core.sim.unit_report import spread

console = Console(soft_wrap=True)


class SimulateOptionError(ValueError):
    """Options of ``simulate`` or ``tournament`` that do not go together."""


def played_words(games: int, seconds: float, where: str = "") -> str:
    """How many games were played (``where``: at which tables, against whom) and how fast,
    for the closing line of a run.

    >>> played_words(200, 10.0)
    '200 games in 10.0 s (20.0 games/s)'
    >>> played_words(1, 28.34, "at 1 table")
    '1 game at 1 table in 28.3 s (28.3 s a game)'
    """
    count = f"{games} {'game' if games == 1 else 'games'}{f' {where}' if where else ''}"
    count += f" in {seconds:.1f} s"
    if games and seconds > games:  # slower than a game a second: the seconds a game say more
        return f"{count} ({seconds / games:.1f} s a game)"
    rate = games / seconds if seconds > 0 else 0.0
    return f"{count} ({rate:.1f} games/s)"


class GamesPerSecond(ProgressColumn):
    """Games finished per second, as rich measures it."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text(f"{speed:.1f} games/s" if speed else "- games/s", style="progress.data.speed")


@contextmanager
def progress_bar(enabled: bool) -> Iterator[Progress]:
    """Rich's bar on stderr, with games per second and the time left (off: nothing shown)."""
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=not enabled,
    )
    with bar:
        yield bar


def load_sides(paths: Sequence[Path]) -> list[Side]:
    """A side per list file; a file whose list cannot be read at all stops the run, naming
    every one. A list with entries that cannot be read is read without them, for
    :func:`~warbench.core.sim.plan.check_lists` to name them with the rules the rest breaks."""
    reads = read_list_files(paths)
    broken = [read for read in reads if isinstance(read, DataFileError)]
    if broken:
        raise DataFilesError(broken)
    armies = [read for read in reads if isinstance(read, ReadList)]
    labels = unique_labels([read.army.name for read in armies])
    return [
        Side(label, read.army, str(path), read=read)
        for label, path, read in zip(labels, paths, armies, strict=True)
    ]


def check_paths(db: Path | None, resume: bool, report: Path | None, games: int) -> None:
    """Refuse options that cannot work before any game is played: outputs that cannot be
    written, a run beyond the games limit."""
    if resume and db is None:
        raise SimulateOptionError("--resume needs --db, the results file of the run to resume")
    check_games(games)
    if report is not None:
        check_output(report, "--report", (".html", ".htm"))
    if db is not None:
        check_output(db, "--db")


#: The unit table's columns after the unit type, each saying whether it is per game.
UNIT_HEADERS = (
    "fielded/game", "lost/game", "survival, whole run [95%]", "taken/game", "dealt/game"
)


def percent(rate: Rate) -> str:
    """A rate with its 95% interval: ``50.0% [30.0%, 70.0%]``."""
    return f"{rate.value:.1%} [{rate.low:.1%}, {rate.high:.1%}]"


def units_table(
    label: str, rows: Sequence[UnitSummary], games: str = "the run's games",
    whole: str = "whole run",
) -> Table:
    """One side's unit types, every count a mean per game (of ``games``) and survival over
    the ``whole`` run's; the ids are never cut, as a cut id could name two units."""
    headers = [header.replace("whole run", whole) for header in UNIT_HEADERS]
    units = Table(
        Column("unit type", no_wrap=True),
        # "dealt / game", not "dealt/game": on a narrow terminal a header wraps at its
        # spaces, and one word too long for its column would be cut short
        # the survival's interval, on a line of its own, wraps at its comma: "[51.0%,"
        *(Column(header.replace("/", " / "), min_width=7 if "[95%]" in header else None)
          for header in headers),
        title=f"{label}: units (per game: mean of {games})", title_justify="left",
    )
    for unit in rows:
        units.add_row(
            unit.unit_type,
            per_game(unit.fielded) if unit.fielded else "-",  # "-": nothing counts it
            per_game(unit.lost),
            "-" if unit.survival is None else percent(unit.survival).replace(" [", "\n[", 1),
            f"{unit.damage_taken:.2f}",
            f"{unit.damage_dealt:.2f}",
        )
    return units


def points_table(
    label: str, rows: Sequence[UnitSummary], spent: Mapping[str, int],
    games: str = "the run's games",
) -> Table | None:
    """Which of one side's unit types earn their points: the points of enemy models each
    destroyed per game (of ``games``), and per 100 of the points its list spends on it
    (``spent``, by unit type: ``-`` without a list), each over its 95% bootstrap interval
    (:mod:`warbench.core.sim.unit_report`). ``None`` when no game counted them (results
    stored before they were). A table of its own, so both fit an 80-column terminal."""
    if all(unit.points_destroyed is None for unit in rows):
        return None
    table = Table(
        Column("unit type", no_wrap=True), "points spent", "points destroyed / game [95%]",
        "per 100 points spent [95%]",
        title=f"{label}: which units earn their points (per game: mean of {games})",
        title_justify="left",
    )
    for unit in rows:
        points = spent.get(unit.unit_type)
        table.add_row(
            unit.unit_type,
            "-" if points is None else str(points),
            _two_lines(spread(unit.points_destroyed)),
            _two_lines(spread(_per_hundred(unit, points))),
        )
    return table


def _two_lines(cell: Stacked) -> str:
    """A figure over its interval, as the HTML report stacks them, to keep the table narrow."""
    return f"{cell.main}\n{cell.below}" if cell.below else str(cell.main)


def _per_hundred(unit: UnitSummary, points: int | None) -> MeanInterval | None:
    """The points ``unit`` destroyed per game for every 100 of the ``points`` spent on it."""
    if unit.points_destroyed is None or not points:
        return None
    return unit.points_destroyed.scaled(100.0 / points)


def print_notable(
    notable: Sequence[NotableGame],
    db: Path | None,
    data: Path | None,
    heading: str = "Games worth replaying:",
    hint: bool = True,
) -> None:
    """The games worth replaying, each with the command that steps through it (``hint``:
    how to store them when they are not)."""
    if not notable:
        return
    console.print(heading, highlight=False, markup=False)
    indent = " " * (len(heading) - len(heading.lstrip()) + 2)
    for game in notable:
        command = game.replay_command(db, data)
        where = f"`{command}`" if command else f"{game.name} (seed {game.seed})"
        console.print(f"{indent}{where}: {game.why}", highlight=False, markup=False)
    if db is None and hint:
        console.print(
            "  Store the run with --db FILE to replay these games step by step.",
            highlight=False,
        )
