"""The rulesets a server plays: each with its shipped data, and those that ``warbench serve
--data RULESET=FOLDER`` names with a player's data folder as well.

New games of such a ruleset play the player's data, so their journals record its digest (as
``simulate --data`` does). A stored game, a journal or a results file plays the data it
records: the shipped data, or the served folder when the digests agree; any other data is
refused, naming the ``serve --data`` that would play it.

A designer edits the folder while the server runs: each time a served ruleset is asked for
(a new game, the lobby, a card, a list check, a stored game resumed), its folder's digest is
taken again, and where the files changed they are read again, so new games play them. Games
already live go on with the data they began with; a stored game resumes only while the
folder still holds the data it was played with, and is otherwise refused saying so. A folder
that cannot be read after an edit refuses new games of its ruleset, naming the file and key,
until it is fixed.
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
    """The rulesets one server plays, and the player's data folder of some of them, read
    again whenever its files change."""

    def __init__(self, folders: Mapping[str, Path] | None = None) -> None:
        """Load each ruleset of ``folders`` with its folder; :class:`DataOptionError` names
        the option and what is wrong (an unknown ruleset, a missing folder, a bad file)."""
        self._folders = dict(folders or {})
        self._mine = {ruleset_id: _load(ruleset_id, folder)
                      for ruleset_id, folder in self._folders.items()}
        #: The digests of each folder this server played before its files changed.
        self._earlier: dict[str, set[str]] = {}
        #: Each folder's digest while its files cannot be read, with why.
        self._broken: dict[str, tuple[str | None, LobbyError]] = {}

    def served(self) -> list[Ruleset[Any, Any]]:
        """The rulesets played with a player's data folder, by id."""
        return [self._current(ruleset_id) for ruleset_id in sorted(self._mine)]

    def installed(self, ruleset_id: str) -> Ruleset[Any, Any]:
        """The ruleset new games of ``ruleset_id`` play (with its served data folder as it
        is now, if any); :class:`LobbyError` names the rulesets there are, or what is wrong
        with the folder since it changed."""
        if ruleset_id in self._mine:
            return self._current(ruleset_id)
        try:
            return find_ruleset(ruleset_id)
        except UnknownRuleset as error:
            raise LobbyError(str(error)) from None

    def _current(self, ruleset_id: str) -> Ruleset[Any, Any]:
        """The served ruleset of ``ruleset_id``, its folder read again if its files changed;
        :class:`LobbyError` where they cannot be read now."""
        rules = self._mine[ruleset_id]
        now = rules.data_folder.digest()
        if now == rules.data_digest:
            return rules
        broken = self._broken.get(ruleset_id)
        if broken is not None and broken[0] == now:
            raise broken[1]
        try:
            fresh = _load(ruleset_id, self._folders[ruleset_id])
        except DataOptionError as error:
            refusal = LobbyError(f"{error} (the folder changed while the server runs; new"
                                 f" {ruleset_id} games start again once it reads)")
            self._broken[ruleset_id] = (now, refusal)
            raise refusal from None
        self._broken.pop(ruleset_id, None)
        if rules.data_digest is not None:
            self._earlier.setdefault(ruleset_id, set()).add(rules.data_digest)
        self._mine[ruleset_id] = fresh
        return fresh

    def lobby(self) -> list[dict[str, Any]]:
        """Every installed ruleset for the lobby, each with the digest of the data folder
        its new games play (``None``: the shipped data); a served folder that cannot be read
        since it changed is listed with the digest it had and why (``data_error``)."""
        listed = []
        for ruleset_id in available_rulesets():
            try:
                rules = self.installed(ruleset_id)
                listed.append({**ruleset_info(rules), "data": rules.data_digest})
            except LobbyError as error:
                rules = self._mine[ruleset_id]
                listed.append({**ruleset_info(rules), "data": rules.data_digest,
                               "data_error": str(error)})
        return listed

    def for_data(self, ruleset_id: str, digest: str | None, what: str,
                 played_in: str | None = None) -> Ruleset[Any, Any]:
        """The ruleset that plays ``what`` (a journal, a stored game), played with the data
        of ``digest`` (``None``: the shipped data) from the folder ``played_in`` where that
        is known; :class:`DataMismatch` says which ``serve --data`` would play it, or that
        the served folder held that data earlier and has changed since."""
        if digest is None:
            return find_ruleset(ruleset_id)
        mine = None
        if ruleset_id in self._mine:
            try:
                mine = self._current(ruleset_id)
            except LobbyError as error:
                raise DataMismatch(f"{what} was played with a player's data folder (digest"
                                   f" {digest}), but {error}") from None
            if mine.data_digest == digest:
                return mine
            if digest in self._earlier.get(ruleset_id, ()):
                raise DataMismatch(
                    f"{what} was played with the data folder {self._folders[ruleset_id]} as"
                    f" it was earlier (digest {digest}); its files have changed since (digest"
                    f" {mine.data_digest} now): put them back as they were to go on with it")
        where = "" if played_in is None else f", {played_in}"
        served = "the shipped data" if mine is None else \
            f"another data folder (digest {mine.data_digest})"
        command = serve_command(ruleset_id, played_in or "FOLDER")
        raise DataMismatch(
            f"{what} was played with a player's data folder{where} (digest {digest}), but this"
            f" server plays {ruleset_id} with {served}: start the server with `{command}` to"
            " see it here")


def _load(ruleset_id: str, folder: Path) -> Ruleset[Any, Any]:
    """``ruleset_id`` with the player's ``folder``, its data read and checked;
    :class:`DataOptionError` names the option and what is wrong."""
    try:
        return load_ruleset(ruleset_id, folder)
    except ValueError as error:  # the folder's own errors begin `--data FOLDER: `
        said = str(error).removeprefix(f"--data {folder}: ").replace("\n", "; ")
        raise DataOptionError(f"--data {ruleset_id}={folder}: {said}") from None
