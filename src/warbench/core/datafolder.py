"""A ruleset's data: the files it ships, and a player's own folder that replaces or
changes them.

Players own the real stat lines of their fleets; the catalogs and tables a ruleset ships
are engine defaults. A :class:`DataFolder` finds each data file in the player's folder
first and in the shipped folder otherwise; a player's ``NAME.changes.toml`` holds only what
differs and is merged over that file (:mod:`warbench.core.datachanges`). Rulesets read
every data file through :meth:`~DataFolder.load_toml` (or :meth:`~DataFolder.read_model`,
:meth:`~DataFolder.read_catalog`), and :meth:`~DataFolder.load` names the file that set a
key in each problem found. Its :meth:`~DataFolder.digest` names the player's files, so a
journal can record which data a game was played with.

>>> folder = DataFolder(Path("shipped"))
>>> folder.path("ships.toml")
PosixPath('shipped/ships.toml')
>>> folder.digest() is None
True
"""

from __future__ import annotations

import difflib
import hashlib
import json
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from warbench.core.catalog import (
    Catalog,
    DataFileError,
    DataFilesError,
    UnknownEntry,
    did_you_mean,
    load_toml,
    parse_model,
)
from warbench.core.data_errors import DataProblem, Loc, format_path
from warbench.core.datachanges import (
    CHANGES_SUFFIX,
    Layer,
    blame,
    changed_name,
    changes_name,
    merge_changes,
)

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")

#: Files a data folder may hold (data, and notes a player keeps beside it).
DATA_SUFFIXES = (".toml", ".json")
#: The largest data file read, in bytes: a data file is a few hundred kilobytes at most.
MAX_DATA_FILE_BYTES = 16 * 1024 * 1024


class DataFolderError(ValueError):
    """A player's data folder that cannot be used: missing, or holding unknown files."""


@dataclass(frozen=True, slots=True)
class DataFolder:
    """Where a ruleset reads its data files: ``user`` first, then ``shipped``.

    A player's copy of a file replaces the shipped one whole, except the files named in
    ``by_entry``, whose top-level entries it adds or replaces one by one (Dystopian Wars'
    ``models.toml``: a player's file holds only their own ships).
    """

    shipped: Path
    user: Path | None = None
    by_entry: frozenset[str] = frozenset()
    #: The data files asked for so far, each with whether it was read with the player's
    #: changes merged in (:meth:`load_toml`) or found whole (:meth:`path`), so that
    #: :meth:`load` can refuse a player's file the ruleset never reads.
    _read: dict[str, bool] = field(default_factory=dict, init=False, repr=False,
                                   compare=False)
    #: One mark per :meth:`load` under way: a player's files are read only inside one.
    _loading: list[bool] = field(default_factory=list, init=False, repr=False, compare=False)

    def path(self, name: str) -> Path:
        """The file ``name`` (relative to the folder): the player's copy if they have one.

        It is the file errors about ``name`` are raised against (:meth:`source`); read it
        with :meth:`load_toml`, which merges the player's changes file over it."""
        self._read.setdefault(name, False)
        if self.user is not None:
            mine = self.user / name
            if mine.is_file():
                return mine
        return self.shipped / name

    def source(self, name: str) -> str:
        """What errors about the data file ``name`` name: :meth:`path`, as text."""
        return str(self.path(name))

    def is_mine(self, name: str) -> bool:
        """Whether the file ``name`` is read from the player's folder (a full copy)."""
        return self.user is not None and (self.user / name).is_file()

    def changes_path(self, name: str) -> Path | None:
        """The player's changes file of ``name`` (``NAME.changes.toml``), if they wrote one."""
        if self.user is None:
            return None
        changes = self.user / changes_name(name)
        return changes if changes.is_file() else None

    def load_toml(self, name: str) -> dict[str, Any]:
        """The TOML data file ``name`` as the rules read it: the player's copy or the shipped
        file, with the player's ``NAME.changes.toml`` merged over it. Errors in either file
        name it; a new dictionary each call, the files' own data untouched."""
        return self._merged(name)[0]

    def read_model(self, name: str, model: type[M]) -> M:
        """The data file ``name`` (:meth:`load_toml`) validated as ``model``."""
        return parse_model(self.load_toml(name), model, self.source(name))

    def read_catalog(self, name: str, model: type[M], *, kind: str = "entry") -> Catalog[M]:
        """The catalog file ``name`` (:meth:`load_toml`), each entry validated as ``model``."""
        return Catalog.from_data(self.load_toml(name), model, self.source(name), kind=kind)

    def load(self, loader: Callable[[DataFolder], T]) -> T:
        """``loader(self)``: a ruleset's data read from this folder. Each problem it raises
        about a file the player changed is named against the file that set its key: the
        changes file where it lies in an entry the changes file touched, else the base; a
        file of the player's that it never read is refused (:class:`DataFolderError`).

        This is the one way a player's folder is read: every ruleset's public loader goes
        through it, and a loader run inside another's ``load`` leaves the checks to the
        outer one (the whole data must have been read before a file is called unread)."""
        if self._loading:
            return loader(self)
        self._loading.append(True)
        try:
            loaded = loader(self)
        except DataFileError as error:
            raise self._blame(error) from None
        except DataFilesError as errors:
            raise DataFilesError([
                one for error in errors.errors for one in _each(self._blame(error))
            ]) from None
        finally:
            self._loading.pop()
        self._check_all_read()
        return loaded

    def _check_all_read(self) -> None:
        """Raise :class:`DataFolderError` for a file of the player's that the load never
        read (an example list the ruleset takes from the package), or a changes file of a
        file it read whole (a ruleset reading ``path(name)`` itself): it would be ignored."""
        if self.user is None:
            return
        for file in self.user_files():
            changed = changed_name(str(file))
            name = changed or str(file)
            if name not in self._read:
                raise DataFolderError(
                    f"{self.user / file}: this ruleset does not read {name!r} from a data"
                    f" folder, so it would be ignored (it reads {', '.join(sorted(self._read))});"
                    " name a list of your own on the command line instead")
            if changed is not None and not self._read[name]:
                raise DataFolderError(
                    f"{self.user / file}: this ruleset reads {name} whole, so its changes"
                    f" would be ignored; copy {name} into {self.user} and change it there")

    def _merged(self, name: str) -> tuple[dict[str, Any], list[Layer]]:
        """The data of ``name`` with every file of the player merged in, and what each set;
        a player's folder read outside :meth:`load` is a programming error (its problems
        would name the wrong file, and a file it never reads would go unseen)."""
        if self.user is not None and not self._loading:
            raise RuntimeError(f"{self.user}: a player's data folder is read only through"
                               " DataFolder.load (Ruleset.data does it)")
        self._read[name] = True
        layers: list[Layer] = []
        if name in self.by_entry and self.is_mine(name):
            mine = load_toml(self.path(name))
            data = {**load_toml(self.shipped / name), **mine}
            layers.append(Layer(self.source(name), frozenset(format_path((k,)) for k in mine)))
        else:
            data = load_toml(self.path(name))
        changes = self.changes_path(name)
        if changes is not None:
            data, layer = merge_changes(data, load_toml(changes), str(changes), self._named(name))
            layers.append(layer)
        return data, layers

    def _named(self, name: str) -> str:
        """The base of ``name``'s changes, as a message names it."""
        if not self.is_mine(name):
            return f"the shipped {name}"
        return f"the shipped {name} with yours" if name in self.by_entry else f"your {name}"

    def _blame(self, error: DataFileError) -> DataFileError | DataFilesError:
        """``error`` with each problem named against the file that set its key."""
        for name in self._layered():
            if error.source == self.source(name):
                try:
                    layers = self._merged(name)[1]
                except DataFileError:  # the file itself cannot be read: the error says so
                    return error
                base = str(self.shipped / name) if name in self.by_entry else error.source
                return blame(error, base, layers)
        return error

    def _layered(self) -> list[str]:
        """The data files the player changed, or added entries to."""
        names = [changed_name(str(file)) for file in self.user_files()]
        return [name for name in names if name is not None] + [
            name for name in self.by_entry if self.is_mine(name)]

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
        self._check_removed(referrer, target, kind, bad)
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
            f" name, or copy {referrer} into {self.user} as well and change it there (or write"
            f" only the change, in {changes_name(referrer)})"))

    def _check_removed(
        self, referrer: str, target: str, kind: str, bad: list[tuple[str, str]]
    ) -> None:
        """Raise :class:`DataFileError` at the ``remove`` of ``target``'s changes file for
        each id it removes that ``referrer`` still names (``bad``: key path, id)."""
        if self.changes_path(target) is None:
            return
        removed = self._merged(target)[1][-1].removed
        first: dict[str, str] = {}
        for place, key in bad:
            first.setdefault(key, place)
        problems = [
            DataProblem(f"remove[{removed[key]}]", (
                f"removes the {kind} {json.dumps(key)}, which {self._named(referrer)} names"
                f" (first at {place}): keep it, or change {referrer} too"))
            for key, place in first.items()
            if key in removed
        ]
        if problems:
            raise DataFileError(str(self.changes_path(target)), problems)

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
        every one replaces or changes a shipped one (``NAME.changes.toml`` changes
        ``NAME.toml``; a JSON file is changed only by a whole copy).

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
            _check_name(self.user / name, str(name), shipped)
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


def _check_name(path: Path, name: str, shipped: list[str]) -> None:
    """Raise :class:`DataFolderError` unless the player's file ``name`` (at ``path``) is a
    copy of one of the ``shipped`` files or a changes file of one of their TOML files."""
    files = f"its files: {', '.join(shipped)}; NAME{CHANGES_SUFFIX} changes NAME.toml"
    changed = changed_name(name)
    if changed is None and name.endswith(".changes.json"):
        changed = name.removesuffix(".changes.json") + ".toml"
        raise DataFolderError(f"{path}: a changes file is TOML: name it {changes_name(changed)}")
    if changed is None:
        if name not in shipped:
            raise DataFolderError(
                f"{path}: this ruleset has no data file {name!r}{_likely(name, shipped)} ({files})"
            )
        return
    if changed in shipped:
        return
    as_json = changed.removesuffix(".toml") + ".json"
    if as_json in shipped:
        raise DataFolderError(
            f"{path}: {as_json} is JSON, and a changes file changes a TOML data file only;"
            f" copy {as_json} into {path.parent} whole and change it there"
        )
    raise DataFolderError(
        f"{path}: this ruleset has no data file {changed!r} to change"
        f"{_likely(changed, shipped)} ({files})"
    )


def _likely(name: str, shipped: list[str]) -> str:
    """``, did you mean "models.toml"?`` for a misspelt data file's name, else nothing."""
    return did_you_mean(difflib.get_close_matches(name, shipped, n=1))


def _each(error: DataFileError | DataFilesError) -> tuple[DataFileError, ...]:
    """The error of each file in ``error``."""
    return error.errors if isinstance(error, DataFilesError) else (error,)
