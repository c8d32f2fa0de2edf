"""What every command that plays or validates shares: the ruleset, with a player's data.

``--data DIR`` names a player's own data folder: its files replace the ruleset's shipped
files of the same name (catalog, tables, cards), so a designer plays their own stat lines.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from warbench.core.registry import UnknownRuleset, ruleset
from warbench.core.ruleset import Ruleset


class CommandError(ValueError):
    """A command that cannot run as asked; the message says why, in one line."""


#: The ``--data`` option, the same on every command that plays or validates.
DataOption = Annotated[
    Path | None,
    typer.Option(
        "--data",
        help="Your own data folder: its files replace the ruleset's shipped files of the"
        " same name, and a NAME.changes.toml says only what differs from NAME.toml.",
    ),
]

#: The ``--format`` option of the commands that check army lists (``list validate``,
#: ``simulate``, ``tournament``).
FormatOption = Annotated[
    str | None,
    typer.Option(
        "--format",
        help="The list-building format the lists are checked under (e.g. open, friendly,"
        " tournament); default: the ruleset's own (dystopian-wars: tournament).",
    ),
]


def load_ruleset(ruleset_id: str, data: Path | None = None) -> Ruleset[Any, Any]:
    """The ruleset ``ruleset_id``, reading ``data`` first when given.

    Errors (an unknown id, a missing folder, a file the ruleset does not ship, a data file
    that does not validate) are ``ValueError``s naming what is wrong; the CLI prints them
    in one line.
    """
    rules = ruleset(ruleset_id, data_dir=data)
    if data is not None:
        _ = rules.data  # load now, so a bad file is reported before any work
    return rules


def installed(
    source: str | Path, ruleset_id: str, data: Path | None = None
) -> Ruleset[Any, Any]:
    """The ruleset a file names; if it is not installed, the error names the file and key."""
    try:
        return load_ruleset(ruleset_id, data)
    except UnknownRuleset as error:
        raise CommandError(f"{source}: ruleset: {error}") from None
