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
from dataclasses import dataclass
from pathlib import Path

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
