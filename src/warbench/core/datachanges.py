"""A changes file: a player's data that says only what differs from a data file.

``models.changes.toml`` in a ``--data`` folder is merged over its base (the player's full
``models.toml`` if they have one, else the shipped file): tables key by key, at any depth;
any other value (a number, a string, an array, an array of tables) replaces the base's
whole. A key the base lacks is added (a new ship, a key the base left at its default), and
``remove = ["id", ...]`` at the top drops entries of the base.

>>> base = {"cruiser": {"points": 60, "hp": 4}, "frigate": {"points": 30}, "dread": {}}
>>> merged, layer = merge_changes(
...     base, {"cruiser": {"points": 70}, "remove": ["frigate"]}, "m.changes.toml", "m.toml")
>>> merged
{'cruiser': {'points': 70, 'hp': 4}, 'dread': {}}

A problem found in the merged data is the changes file's when it lies in an entry (a
top-level key) the changes file touched, the base's otherwise:

>>> layer.owns("cruiser.hp"), layer.owns("dread.hp")
(True, False)
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from warbench.core.catalog import DataFileError, DataFilesError, did_you_mean
from warbench.core.data_errors import DataProblem, Loc, a_value, format_path

#: How a changes file's name ends: ``NAME.changes.toml`` changes ``NAME.toml``.
CHANGES_SUFFIX = ".changes.toml"
#: The top-level key of a changes file listing the base's entries to drop.
REMOVE = "remove"


def changed_name(name: str) -> str | None:
    """The data file a changes file changes; ``None`` for any other file.

    >>> changed_name("lists/ashen.changes.toml"), changed_name("models.toml")
    ('lists/ashen.toml', None)
    """
    if not name.endswith(CHANGES_SUFFIX):
        return None
    return name[: -len(CHANGES_SUFFIX)] + ".toml"


def changes_name(name: str) -> str:
    """The changes file of the data file ``name`` (``models.toml``: ``models.changes.toml``)."""
    return name.removesuffix(".toml") + CHANGES_SUFFIX


@dataclass(frozen=True, slots=True)
class Layer:
    """What one file put into a merged data file, so that a problem found in the merged
    data names the file that set its key.

    ``entries``: the top-level keys it touched (written as key paths); ``removed``: each
    entry its ``remove`` dropped, with its index there; ``near_misses``: each key path it
    added that the base lacks while the base has a close one beside it (a typo, most
    likely), with the key and those close ones.
    """

    source: str
    entries: frozenset[str]
    removed: Mapping[str, int] = field(default_factory=dict)
    near_misses: Mapping[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    base: str = ""

    def owns(self, where: str) -> bool:
        """Whether a problem at the key path ``where`` lies in an entry this file touched."""
        return any(_within(where, entry) for entry in self.entries)

    def reworded(self, problems: Sequence[DataProblem]) -> list[DataProblem]:
        """``problems`` (this file's), those under a key it added where the base has a close
        one made one line each: which key of the base was likely meant, then what the key
        read as an addition has wrong."""
        result: list[DataProblem] = []
        told: set[str] = set()
        for problem in problems:
            added = next((key for key in self.near_misses if _within(problem.where, key)), None)
            if added is None:
                result.append(problem)
            elif added not in told:
                told.add(added)
                result.append(self._near_miss(added, [
                    other for other in problems if _within(other.where, added)]))
        return result

    def _near_miss(self, added: str, problems: list[DataProblem]) -> DataProblem:
        first = problems[0]
        where = first.where[len(added):].lstrip(".")
        what = f"{where}: {first.reason}" if where else first.reason
        more = f" and {len(problems) - 1} more" if len(problems) > 1 else ""
        key, close = self.near_misses[added]
        return DataProblem(added, (
            f"{self.base} has no {json.dumps(key)} to change{did_you_mean(close)}"
            f" (read as an addition: {what}{more})"))


def _within(where: str, key: str) -> bool:
    """Whether the key path ``where`` is ``key`` or lies under it."""
    return where == key or where.startswith((f"{key}.", f"{key}["))


def merge_changes(
    base: Mapping[str, Any], changes: Mapping[str, Any], source: str, base_name: str
) -> tuple[dict[str, Any], Layer]:
    """``changes`` (read from ``source``) merged over ``base`` (named ``base_name`` in
    messages), and what they set; a ``remove`` that cannot be done, or an entry both
    removed and changed, is a :class:`DataFileError` naming ``source`` and the key."""
    removed = _removals(changes.get(REMOVE), base, source, base_name)
    clashes = [
        DataProblem(format_path((key,)), f"changed here and removed by remove[{removed[key]}]")
        for key in changes
        if key in removed
    ]
    if clashes:
        raise DataFileError(source, clashes)
    kept = {key: value for key, value in base.items() if key not in removed}
    near_misses: dict[str, tuple[str, tuple[str, ...]]] = {}
    wanted = {key: value for key, value in changes.items() if key != REMOVE}
    merged = _overlay(kept, wanted, (), near_misses)
    entries = frozenset(format_path((key,)) for key in [*wanted, *removed])
    return merged, Layer(source, entries, removed, near_misses, base_name)


def _overlay(
    base: Mapping[str, Any],
    changes: Mapping[str, Any],
    loc: Loc,
    near_misses: dict[str, tuple[str, tuple[str, ...]]],
) -> dict[str, Any]:
    """A new table: ``base`` with ``changes`` merged in (tables key by key, the rest
    replaced), noting each added key with a close key of the base beside it."""
    merged = dict(base)
    for key, value in changes.items():
        old = base.get(key)
        if key not in base:
            others = [other for other in base if other not in changes]
            close = tuple(difflib.get_close_matches(key, others, n=1))
            if close:
                near_misses[format_path((*loc, key))] = (key, close)
            merged[key] = value
        elif isinstance(old, dict) and isinstance(value, dict):
            merged[key] = _overlay(old, value, (*loc, key), near_misses)
        else:
            merged[key] = value
    return merged


def _removals(
    listed: object, base: Mapping[str, Any], source: str, base_name: str
) -> dict[str, int]:
    """The entries ``remove`` drops, each with its index there."""
    if listed is None:
        return {}
    if not isinstance(listed, list) or not all(isinstance(key, str) for key in listed):
        got = a_value(listed) if not isinstance(listed, list) else "an array of other values"
        reason = f"expected an array of the ids of entries to remove, got {got}"
        raise DataFileError(source, [DataProblem(REMOVE, reason)])
    removed: dict[str, int] = {}
    problems = []
    for index, key in enumerate(listed):
        where = format_path((REMOVE, index))
        if key in removed:
            problems.append(DataProblem(where, f"{json.dumps(key)} is already at"
                                               f" remove[{removed[key]}]"))
        elif key not in base:
            close = difflib.get_close_matches(key, [k for k in base if isinstance(k, str)])
            problems.append(DataProblem(where, f"{base_name} has no {json.dumps(key)} to"
                                               f" remove{did_you_mean(close)}"))
        else:
            removed[key] = index
    if problems:
        raise DataFileError(source, problems)
    return removed


def blame(
    error: DataFileError, base: str, layers: Sequence[Layer]
) -> DataFileError | DataFilesError:
    """``error`` (about a merged data file) with each problem named against the last of
    ``layers`` that owns its key, else against ``base`` (the file under them all)."""
    owned: dict[str, list[DataProblem]] = {}
    for problem in error.problems:
        owner = next((layer for layer in reversed(layers) if layer.owns(problem.where)), None)
        owned.setdefault(base if owner is None else owner.source, []).append(problem)
    by_source = {layer.source: layer for layer in layers}
    errors = [
        DataFileError(source, by_source[source].reworded(problems) if source in by_source
                      else problems)
        for source, problems in owned.items()
    ]
    return errors[0] if len(errors) == 1 else DataFilesError(errors)
