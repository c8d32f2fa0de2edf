"""A ruleset's data: the files it ships, and a player's own folder that replaces them.

Players own the real stat lines of their fleets; the catalogs and tables a ruleset ships
are engine defaults. A :class:`DataFolder` finds each data file in the player's folder
first and in the shipped folder otherwise, and its :meth:`~DataFolder.digest` names the
player's files, so a journal can record which data a game was played with.

>>> folder = DataFolder(Path("shipped"))
>>> folder.path("ships.toml")
PosixPath('shipped/ships.toml')
>>> folder.digest() is None
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path

from warbench.core.catalog import DataFileError, UnknownEntry
from warbench.core.data_errors import DataProblem, Loc, format_path

#: Files a data folder may hold (data, and notes a player keeps beside it).
DATA_SUFFIXES = (".toml", ".json")
#: The largest data file read, in bytes: a data file is a few hundred kilobytes at most.
MAX_DATA_FILE_BYTES = 16 * 1024 * 1024


class DataFolderError(ValueError):
    """A player's data folder that cannot be used: missing, or holding unknown files."""


@dataclass(frozen=True, slots=True)
class DataFolder:
    """Where a ruleset reads its data files: ``user`` first, then ``shipped``."""

    shipped: Path
    user: Path | None = None

    def path(self, name: str) -> Path:
        """The file ``name`` (relative to the folder): the player's copy if they have one."""
        if self.user is not None:
            mine = self.user / name
            if mine.is_file():
                return mine
        return self.shipped / name

    def is_mine(self, name: str) -> bool:
        """Whether the file ``name`` is read from the player's folder."""
        return self.user is not None and (self.user / name).is_file()

    def check_references(
        self,
        referrer: str,
        target: str,
        kind: str,
        references: Iterable[tuple[Loc, str]],
        known: Collection[str],
        *,
        kinds: str = "",
        lost_only: bool = False,
    ) -> None:
        """Raise :class:`DataFileError` for every ``(key path, id)`` of the file ``referrer``
        whose id is not among the ``known`` ids of the file ``target`` (``kind``: "unit";
        ``kinds``: its plural, if not ``kind`` + "s").

        Where the player's ``target`` replaces the shipped one but ``referrer`` is the
        shipped file, the player's file is the one at fault: the error names it, the shipped
        file's key path, and what to do (keep every id, or copy ``referrer`` too). With
        ``lost_only`` only that case is raised, other unknown ids left to the caller's checks.
        """
        bad = [(format_path(loc), key) for loc, key in references if key not in known]
        if not bad:
            return
        if self.is_mine(target) and not self.is_mine(referrer):
            lost = self._lost(referrer, target, (kind, kinds or f"{kind}s"), bad)
            raise DataFileError(str(self.path(target)), [lost])
        if lost_only:
            return
        problems = [DataProblem(place, str(UnknownEntry(kind, key, known))) for place, key in bad]
        raise DataFileError(str(self.path(referrer)), problems)

    def _lost(
        self, referrer: str, target: str, kind: tuple[str, str], bad: list[tuple[str, str]]
    ) -> DataProblem:
        """The player's ``target`` lacks ids the shipped ``referrer`` names (``bad``: key path
        in ``referrer``, id): which, where the first is named, and what to do."""
        (one, many), ids = kind, list(dict.fromkeys(key for _, key in bad))
        if len(ids) == 1:
            what = f"the {one} {json.dumps(ids[0])}, which"
        else:
            shown = ", ".join(json.dumps(key) for key in ids[:4])
            more = f" and {len(ids) - 4} more" if len(ids) > 4 else ""
            what = f"{len(ids)} {many} ({shown}{more}) that"
        return DataProblem("", (
            f"lacks {what} the shipped {referrer} names (first at {bad[0][0]}); your {target}"
            f" replaces the shipped one whole, so it must hold every {one} the shipped files"
            f" name, or copy {referrer} into {self.user} as well and change it there"))

    def user_files(self) -> list[Path]:
        """The player's data files, relative to their folder, sorted."""
        if self.user is None:
            return []
        return sorted(
            item.relative_to(self.user)
            for item in self.user.rglob("*")
            if item.is_file() and item.suffix in DATA_SUFFIXES
        )

    def check(self) -> None:
        """Raise :class:`DataFolderError` unless the player's folder holds data files and
        every one replaces a shipped one.

        A file with a name the ruleset does not ship would be silently ignored, which is
        worse than an error (a typo in ``shps.toml`` would play the shipped ships); so would
        a folder with none (a wrong path would play the shipped data as if it were yours).
        """
        if self.user is None:
            return
        if self.user.is_file():
            raise DataFolderError(
                f"--data {self.user}: is a file; --data takes the folder that holds your data"
                f" files (--data {self.user.parent})"
            )
        if not self.user.is_dir():
            raise DataFolderError(f"--data {self.user}: no such folder")
        shipped = sorted(
            str(item.relative_to(self.shipped))
            for item in self.shipped.rglob("*")
            if item.is_file() and item.suffix in DATA_SUFFIXES
        )
        files = self.user_files()
        if not files:
            raise DataFolderError(
                f"--data {self.user}: holds no data file (.toml or .json) of this ruleset"
                f" (its files: {', '.join(shipped)})"
            )
        for name in files:
            if str(name) not in shipped:
                raise DataFolderError(
                    f"{self.user / name}: this ruleset has no data file {str(name)!r}"
                    f" (its files: {', '.join(shipped)})"
                )
            if (self.user / name).stat().st_size > MAX_DATA_FILE_BYTES:
                raise DataFolderError(
                    f"{self.user / name}: larger than {MAX_DATA_FILE_BYTES} bytes"
                )

    def digest(self) -> str | None:
        """A digest of the player's files (names and bytes); ``None`` with shipped data only."""
        files = self.user_files()
        if self.user is None or not files:
            return None
        hasher = hashlib.sha256()
        for name in files:
            hasher.update(str(name).encode() + b"\0")
            hasher.update((self.user / name).read_bytes() + b"\0")
        return hasher.hexdigest()[:32]
