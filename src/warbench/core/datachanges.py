"""A changes file: a player's data that says only what differs from a data file.

``models.changes.toml`` in a ``--data`` folder is merged over its base (the player's full
``models.toml`` if they have one, else the shipped file): tables key by key, at any depth;
any other value (a number, a string, an array, an array of tables written as an array)
replaces the base's whole. A key the base lacks is added (a new ship, a key the base left
at its default), and ``remove = ["id", ...]`` at the top drops entries of the base.

>>> base = {"cruiser": {"points": 60, "hp": 4}, "frigate": {"points": 30}, "dread": {}}
>>> merged, layer = merge_changes(
...     base, {"cruiser": {"points": 70}, "remove": ["frigate"]}, "m.changes.toml", "m.toml")
>>> merged
{'cruiser': {'points': 70, 'hp': 4}, 'dread': {}}

A problem found in the merged data is the changes file's when it lies in an entry (a
top-level key) the changes file touched, the base's otherwise:

>>> layer.owns("cruiser.hp"), layer.owns("dread.hp")
(True, False)

Where the base holds an array of tables whose items have a name (:data:`ITEM_KEYS`), a
table written in its place changes the items it names and adds those the base lacks;
problems in them are told at the key path the changes file wrote:

>>> base = {"cruiser": {"guns": [{"name": "turret", "ad": 6}, {"name": "broadside", "ad": 4}]}}
>>> merged, layer = merge_changes(
...     base, {"cruiser": {"guns": {"turret": {"ad": 7}, "flak": {}}}}, "m.changes.toml", "m.toml")
>>> merged["cruiser"]["guns"]
[{'name': 'turret', 'ad': 7}, {'name': 'broadside', 'ad': 4}, {'name': 'flak'}]
>>> layer.written("cruiser.guns[2].ad")
'cruiser.guns.flak.ad'
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
#: The keys that name an item of an array of tables, the first one the base's items have:
#: a weapon's, fleet's, officer's or ship's ``name``; an army's or list's ``unit`` (a model
#: id); an Armada tier's ``tier`` (a number, written as a key: ``[tiers.3]``).
ITEM_KEYS = ("name", "unit", "tier")


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
    likely), with the key and those close ones (written as the changes file wrote them);
    ``items``: the key path in the merged data of each array item it changed or added by
    name (``cruiser.guns[2]``), with the key path it wrote (``cruiser.guns.flak``).
    """

    source: str
    entries: frozenset[str]
    removed: Mapping[str, int] = field(default_factory=dict)
    near_misses: Mapping[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    base: str = ""
    items: Mapping[str, str] = field(default_factory=dict)

    def owns(self, where: str) -> bool:
        """Whether a problem at the key path ``where`` lies in an entry this file touched."""
        return any(_within(where, entry) for entry in self.entries)

    def written(self, where: str) -> str:
        """The key path ``where`` of the merged data as this file wrote it: an item it
        named by its name (``cruiser.guns.flak.ad``), not by its place in the array."""
        named = max((item for item in self.items if _within(where, item)), key=len, default=None)
        return where if named is None else self.items[named] + where[len(named):]

    def reworded(self, problems: Sequence[DataProblem]) -> list[DataProblem]:
        """``problems`` (this file's) at the key paths it wrote, those under a key it added
        where the base has a close one made one line each: which key of the base was likely
        meant, then what the key read as an addition has wrong."""
        problems = [DataProblem(self.written(one.where), one.reason) for one in problems]
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
        item = "item " if added in self.items.values() else ""
        return DataProblem(added, (
            f"{self.base} has no {item}{json.dumps(key)} to change{did_you_mean(close)}"
            f" (read as an addition: {what}{more})"))


def _within(where: str, key: str) -> bool:
    """Whether the key path ``where`` is ``key`` or lies under it."""
    return where == key or where.startswith((f"{key}.", f"{key}["))


def merge_changes(
    base: Mapping[str, Any], changes: Mapping[str, Any], source: str, base_name: str
) -> tuple[dict[str, Any], Layer]:
    """``changes`` (read from ``source``) merged over ``base`` (named ``base_name`` in
    messages), and what they set; a ``remove`` that cannot be done, an entry both removed
    and changed, or an array item named where the base's items cannot be told apart by
    name, is a :class:`DataFileError` naming ``source`` and the key."""
    removed = _removals(changes.get(REMOVE), base, source, base_name)
    clashes = [
        DataProblem(format_path((key,)), f"changed here and removed by remove[{removed[key]}]")
        for key in changes
        if key in removed
    ]
    if clashes:
        raise DataFileError(source, clashes)
    kept = {key: value for key, value in base.items() if key not in removed}
    wanted = {key: value for key, value in changes.items() if key != REMOVE}
    merge = _Merge(base_name)
    merged = merge.tables(kept, wanted, (), ())
    if merge.problems:
        raise DataFileError(source, merge.problems)
    entries = frozenset(format_path((key,)) for key in [*wanted, *removed])
    return merged, Layer(source, entries, removed, merge.near_misses, base_name, merge.items)


@dataclass
class _Merge:
    """One changes file being merged over its base (named ``base`` in messages): what it
    added near a key of the base, the array items it named, and what it got wrong."""

    base: str
    near_misses: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    items: dict[str, str] = field(default_factory=dict)
    problems: list[DataProblem] = field(default_factory=list)

    def tables(
        self, base: Mapping[str, Any], changes: Mapping[str, Any], loc: Loc, written: Loc
    ) -> dict[str, Any]:
        """A new table: ``base`` (at ``loc`` in the merged data) with ``changes`` (at
        ``written`` in the changes file) merged in: tables key by key, an array of named
        tables item by item where a table is written in its place, the rest replaced."""
        merged = dict(base)
        for key, value in changes.items():
            old = base.get(key)
            if key not in base:
                others = [other for other in base if other not in changes]
                self._near((*written, key), key, others)
                merged[key] = value
            elif isinstance(old, dict) and isinstance(value, dict):
                merged[key] = self.tables(old, value, (*loc, key), (*written, key))
            elif isinstance(old, list) and isinstance(value, dict) and _of_tables(old):
                merged[key] = self._items(old, value, (*loc, key), (*written, key))
            else:
                merged[key] = value
        return merged

    def _items(
        self, base: list[Any], changes: Mapping[str, Any], loc: Loc, written: Loc
    ) -> list[Any]:
        """A new array: ``base``'s items with those ``changes`` names changed (merged as
        tables are) and those it names that the base lacks added at the end."""
        found = self._named(base, written)
        if found is None:
            return list(base)
        key, places = found
        merged = list(base)
        for label, change in changes.items():
            where = (*written, label)
            if not isinstance(change, dict):
                self.problems.append(DataProblem(format_path(where), (
                    f"expected a table of changes to the item whose {key} is"
                    f" {json.dumps(label)}, got {a_value(change)}")))
                continue
            if key in change and _label(change[key]) != label:
                self.problems.append(DataProblem(format_path((*where, key)), (
                    f"differs from the {key} {json.dumps(label)} the item is written under;"
                    f" to rename an item, write {format_path(written)} whole")))
                continue
            index = places.get(label)
            if index is None:
                if not _numeral(label):  # tier 21 is no typo of tier 2
                    self._near(where, label, [name for name in places if name not in changes])
                merged.append({key: _key_value(label, base, key), **change})
                index = len(merged) - 1
            else:
                merged[index] = self.tables(base[index], change, (*loc, index), where)
            self.items[format_path((*loc, index))] = format_path(where)
        return merged

    def _named(self, base: list[Any], written: Loc) -> tuple[str, dict[str, int]] | None:
        """The key that names ``base``'s items and the place of each name; ``None``, with
        the problem noted, where the items cannot all be told apart by one."""
        whole = f"write {format_path(written)} whole (one [[{format_path(written)}]] per item)"
        if not base:
            self._refuse(written, f"is an empty array in {self.base}, with no item to change:"
                                  f" {whole}")
            return None
        key = next((key for key in ITEM_KEYS if any(key in item for item in base)), None)
        if key is None:
            keys = f"{', '.join(ITEM_KEYS[:-1])} or {ITEM_KEYS[-1]}"
            what = f"the items of this array in {self.base} have no {keys}"
            self._refuse(written, f"{what} to find one by: {whole}")
            return None
        places: dict[str, int] = {}
        for index, item in enumerate(base):
            label = _label(item.get(key))
            if label is None:
                self._refuse(written, (
                    f"item [{index}] of this array in {self.base} has no {key} (a string or"
                    f" an integer), so its items cannot be found by {key}: {whole}"))
                return None
            if label in places:
                self._refuse(written, (
                    f"{self.base} has two items whose {key} is {json.dumps(label)} here"
                    f" ([{places[label]}] and [{index}]), so a change cannot say which: {whole}"))
                return None
            places[label] = index
        return key, places

    def _refuse(self, written: Loc, reason: str) -> None:
        """Note that the array at ``written`` cannot be changed item by item, and why."""
        self.problems.append(DataProblem(format_path(written), reason))

    def _near(self, where: Loc, key: str, others: Sequence[str]) -> None:
        """Note ``key``, added at ``where``, where the base has a close one among ``others``."""
        close = tuple(difflib.get_close_matches(key, others, n=1))
        if close:
            self.near_misses[format_path(where)] = (key, close)


def _of_tables(value: list[Any]) -> bool:
    """Whether ``value`` is an array of tables (an empty one too: it has no items to name)."""
    return all(isinstance(item, dict) for item in value)


def _label(value: object) -> str | None:
    """An item's name as a key of a changes file writes it; ``None`` for a value that names
    nothing (absent, a table, a boolean, a float)."""
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return None


def _key_value(label: str, base: Sequence[Mapping[str, Any]], key: str) -> object:
    """The ``key`` of a new item written under ``label``: a number where the base's items
    are numbered by it (an Armada tier), the label itself otherwise."""
    numbered = all(isinstance(item[key], int) for item in base)
    return int(label) if numbered and _numeral(label) else label


def _numeral(label: str) -> bool:
    """Whether ``label`` is a whole number written in digits (``"3"``)."""
    return label.isascii() and label.isdigit()


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
