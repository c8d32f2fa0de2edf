"""The rulesets a server plays: each with its shipped data, and those that ``warbench serve
--data RULESET=FOLDER`` names with a player's data folder as well.

New games of such a ruleset play the player's data, so their journals record its digest (as
``simulate --data`` does). A stored game, a journal or a results file plays the data it
records: the shipped data, or the served folder when the digests agree; any other data is
refused, naming the ``serve --data`` that would play it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from warbench.cli_common import load_ruleset
from warbench.core.registry import UnknownRuleset, available_rulesets
from warbench.core.registry import ruleset as find_ruleset
from warbench.core.replay import DataMismatch
from warbench.core.ruleset import Ruleset
from warbench.core.sim.notable import serve_command
from warbench.server.lobby import LobbyError, ruleset_info


class DataOptionError(ValueError):
    """A ``--data RULESET=FOLDER`` the server cannot play; the message names it."""


def parse_data_options(values: Sequence[str]) -> dict[str, Path]:
    """``RULESET=FOLDER`` words as a folder per ruleset id; :class:`DataOptionError` names a
    word that is no such pair (a bare folder, as other commands take), or a ruleset given
    twice.

    >>> parse_data_options(["full-thrust=my-data", "hordes=../hordes data"])
    {'full-thrust': PosixPath('my-data'), 'hordes': PosixPath('../hordes data')}
    """
    folders: dict[str, Path] = {}
    for value in values:
        ruleset_id, equals, folder = value.partition("=")
        if not equals or not ruleset_id or not folder:
            shape = f"RULESET={value}" if not equals else \
                f"{ruleset_id or 'RULESET'}={folder or 'FOLDER'}"
            raise DataOptionError(
                f"--data {value}: serve takes the ruleset a folder is for and the folder,"
                f" --data {shape} (rulesets: {', '.join(available_rulesets())})")
        if ruleset_id in folders:
            raise DataOptionError(f"--data {value}: {ruleset_id} is given a data folder twice"
                                  f" ({folders[ruleset_id]} and {folder}); give it one")
        folders[ruleset_id] = Path(folder)
    return folders


class Rulebook:
    """The rulesets one server plays, and the player's data folder of some of them."""

    def __init__(self, folders: Mapping[str, Path] | None = None) -> None:
        """Load each ruleset of ``folders`` with its folder; :class:`DataOptionError` names
        the option and what is wrong (an unknown ruleset, a missing folder, a bad file)."""
        self._mine: dict[str, Ruleset[Any, Any]] = {}
        for ruleset_id, folder in (folders or {}).items():
            option = f"--data {ruleset_id}={folder}"
            try:
                rules = load_ruleset(ruleset_id, folder)
            except ValueError as error:  # the folder's own errors begin `--data FOLDER: `
                said = str(error).removeprefix(f"--data {folder}: ").replace("\n", "; ")
                raise DataOptionError(f"{option}: {said}") from None
            _ = rules.data_digest  # the digest of the files as the server read them
            self._mine[ruleset_id] = rules

    def served(self) -> list[Ruleset[Any, Any]]:
        """The rulesets played with a player's data folder, by id."""
        return [self._mine[ruleset_id] for ruleset_id in sorted(self._mine)]

    def installed(self, ruleset_id: str) -> Ruleset[Any, Any]:
        """The ruleset new games of ``ruleset_id`` play (with its served data folder, if
        any); :class:`LobbyError` names the rulesets there are."""
        if ruleset_id in self._mine:
            return self._mine[ruleset_id]
        try:
            return find_ruleset(ruleset_id)
        except UnknownRuleset as error:
            raise LobbyError(str(error)) from None

    def lobby(self) -> list[dict[str, Any]]:
        """Every installed ruleset for the lobby, each with the digest of the data folder
        its new games play (``None``: the shipped data)."""
        return [{**ruleset_info(rules), "data": rules.data_digest}
                for rules in map(self.installed, available_rulesets())]

    def for_data(self, ruleset_id: str, digest: str | None, what: str,
                 played_in: str | None = None) -> Ruleset[Any, Any]:
        """The ruleset that plays ``what`` (a journal, a stored game), played with the data
        of ``digest`` (``None``: the shipped data) from the folder ``played_in`` where that
        is known; :class:`DataMismatch` says which ``serve --data`` would play it."""
        if digest is None:
            return find_ruleset(ruleset_id)
        mine = self._mine.get(ruleset_id)
        if mine is not None and mine.data_digest == digest:
            return mine
        where = "" if played_in is None else f", {played_in}"
        served = "the shipped data" if mine is None else \
            f"another data folder (digest {mine.data_digest})"
        command = serve_command(ruleset_id, played_in or "FOLDER")
        raise DataMismatch(
            f"{what} was played with a player's data folder{where} (digest {digest}), but this"
            f" server plays {ruleset_id} with {served}: start the server with `{command}` to"
            " see it here")
