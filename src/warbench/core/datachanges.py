"""A changes file: a player's data that says only what differs from a data file.

``models.changes.toml`` in a ``--data`` folder is merged over its base (the player's full
``models.toml`` if they have one, else the shipped file): tables key by key, at any depth;
any other value (a number, a string, an array, an array of tables written as an array)
replaces the base's whole. A key inside an entry that the base lacks is added (one the base
left at its default); a new entry (a top-level table the base lacks) or a new array item is
added only where ``add = [...]`` at the top names it, so that a misspelt id is refused, not
read as a new ship; ``remove = [...]`` at the top drops entries, keys inside them and array
items of the base (``"frigate"``, ``"cruiser.hp"``, ``'cruiser.guns."bow gun"'``).

>>> base = {"cruiser": {"points": 60, "hp": 4}, "frigate": {"points": 30}, "dread": {}}
>>> merged, layer = merge_changes(base, {
...     "cruiser": {"points": 70}, "monitor": {"points": 50}, "add": ["monitor"],
...     "remove": ["frigate", "cruiser.hp"]}, "m.changes.toml", "m.toml")
>>> merged
{'cruiser': {'points': 70}, 'dread': {}, 'monitor': {'points': 50}}

A problem found in the merged data is the changes file's when it lies in an entry (a
top-level key) the changes file touched, the base's otherwise:

>>> layer.owns("cruiser.hp"), layer.owns("dread.hp")
(True, False)

Where the base holds an array of tables whose items have a name (:data:`ITEM_KEYS`), a
table written in its place changes the items it names and adds those the base lacks that
``add`` names; problems in them are told at the key path the changes file wrote:

>>> base = {"cruiser": {"guns": [{"name": "turret", "ad": 6}, {"name": "broadside", "ad": 4}]}}
>>> merged, layer = merge_changes(base, {"cruiser": {"guns": {"turret": {"ad": 7}, "flak": {}}},
...     "add": ["cruiser.guns.flak"]}, "m.changes.toml", "m.toml")
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
from warbench.core.data_errors import DataProblem, Loc, a_value, format_path, parse_path

#: How a changes file's name ends: ``NAME.changes.toml`` changes ``NAME.toml``.
CHANGES_SUFFIX = ".changes.toml"
#: The top-level key of a changes file listing what to drop from the base: entries' ids,
#: and key paths of keys inside them and of array items (written as errors write them).
REMOVE = "remove"
#: The top-level key of a changes file naming what it adds that the base lacks: new entries'
#: ids and key paths of new array items (a table it writes under one of those is added).
ADD = "add"
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
    added inside an entry that the base lacks while the base has a close one beside it (a
    typo, most likely), with the key and those close ones (written as the changes file
    wrote them); ``items``: the key path in the merged data of each array item it changed
    or added by name (``cruiser.guns[2]``), with the key path it wrote
    (``cruiser.guns.flak``); ``dropped``: the key path in the merged data of each key its
    ``remove`` dropped, with its index there and the key path it wrote.
    """

    source: str
    entries: frozenset[str]
    removed: Mapping[str, int] = field(default_factory=dict)
    near_misses: Mapping[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    base: str = ""
    items: Mapping[str, str] = field(default_factory=dict)
    dropped: Mapping[str, tuple[int, str]] = field(default_factory=dict)

    def owns(self, where: str) -> bool:
        """Whether a problem at the key path ``where`` lies in an entry this file touched."""
        return any(_within(where, entry) for entry in self.entries)

    def written(self, where: str) -> str:
        """The key path ``where`` of the merged data as this file wrote it: an item it
        named by its name (``cruiser.guns.flak.ad``), not by its place in the array."""
        named = max((item for item in self.items if _within(where, item)), key=len, default=None)
        return where if named is None else self.items[named] + where[len(named):]

    def reworded(self, problems: Sequence[DataProblem]) -> list[DataProblem]:
        """``problems`` (this file's) at the key paths it wrote: one at a key it removed
        (a key the entry cannot do without) told at that ``remove[i]``, those under a key
        it added where the base has a close one made one line each: which key of the base
        was likely meant, then what the key read as an addition has wrong."""
        problems = [self._at_removal(one) or DataProblem(self.written(one.where), one.reason)
                    for one in problems]
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

    def _at_removal(self, problem: DataProblem) -> DataProblem | None:
        """``problem`` told at the ``remove[i]`` that dropped its key; ``None`` if none did."""
        if problem.where not in self.dropped:
            return None
        index, written = self.dropped[problem.where]
        return DataProblem(format_path((REMOVE, index)), (
            f"removes {written}, which cannot be left out: {problem.reason}; write the value"
            " you want instead"))

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
    messages), and what they set; a ``remove`` or ``add`` that cannot be done, a key both
    removed and changed, a new entry or item that ``add`` does not name, or an array item
    named where the base's items cannot be told apart by name, is a :class:`DataFileError`
    naming ``source`` and the key."""
    removals = _listed(changes, REMOVE, base, source)
    additions = _listed(changes, ADD, changes, source)
    problems = _removal_problems(removals, base, base_name)
    problems += [
        DataProblem(format_path(keys[:depth]), f"changed here and removed by remove[{index}]")
        for index, keys in removals.items()
        if (depth := _written_to(changes, keys))
    ]
    if problems:
        raise DataFileError(source, problems)
    kept: Mapping[str, Any] = base
    for keys in removals.values():
        kept = _without(kept, keys)
    wanted = {key: value for key, value in changes.items() if key not in (REMOVE, ADD)}
    merge = _Merge(base_name, {keys: index for index, keys in additions.items()})
    merged = merge.tables(kept, wanted, (), ())
    merge.problems += [
        DataProblem(format_path((ADD, index)), merge.unused(keys, base))
        for index, keys in additions.items()
        if index not in merge.used
    ]
    if merge.problems:
        raise DataFileError(source, merge.problems)
    entries = frozenset(format_path((key,)) for key in
                        [*wanted, *(keys[0] for keys in removals.values())])
    removed = {keys[0]: index for index, keys in removals.items() if len(keys) == 1}
    dropped = {}
    for index, keys in removals.items():
        parent = _walk(merged, keys[:-1])
        if parent is not None and isinstance(parent[1], dict):
            dropped[format_path((*parent[0], keys[-1]))] = (index, format_path(keys))
    return merged, Layer(source, entries, removed, merge.near_misses, base_name, merge.items,
                         dropped)


@dataclass
class _Merge:
    """One changes file being merged over its base (named ``base`` in messages): the new
    entries and items it may add (each with its index in ``add``), what it added near a key
    of the base, the array items it named, and what it got wrong."""

    base: str
    additions: Mapping[Loc, int]
    used: set[int] = field(default_factory=set)
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
                if not loc and isinstance(value, dict) and not self._added((key,), list(base)):
                    continue
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
        tables are) and those it names that the base lacks, where ``add`` names them,
        added at the end."""
        found = _places(base, self.base, "change")
        if isinstance(found, str):
            self.problems.append(DataProblem(format_path(written), f"{found}: {_whole(written)}"))
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
                if not self._added(where, list(places), item=True):
                    continue
                merged.append({key: _key_value(label, base, key), **change})
                index = len(merged) - 1
            else:
                merged[index] = self.tables(base[index], change, (*loc, index), where)
            self.items[format_path((*loc, index))] = format_path(where)
        return merged

    def _added(self, where: Loc, known: list[str], *, item: bool = False) -> bool:
        """Whether ``add`` names the new entry or item written at ``where``; if not, the
        problem is noted: which of the base's ``known`` ids was likely meant, and how to add
        one (a tier, numbered, has no likely one: tier 21 is no typo of tier 2)."""
        index = self.additions.get(where)
        if index is not None:
            self.used.add(index)
            return True
        label = str(where[-1])
        close = [] if _numeral(label) else difflib.get_close_matches(label, known, n=1)
        what = "item" if item else "entry"
        self.problems.append(DataProblem(format_path(where), (
            f"{self.base} has no {what} {json.dumps(label)} to change{did_you_mean(close)}"
            f" (to add a new {what}, name it at the top of this file: add ="
            f" [{json.dumps(format_path(where))}])")))
        return False

    def unused(self, keys: tuple[str, ...], base: Mapping[str, Any]) -> str:
        """Why ``add`` names ``keys`` though no new entry or item was added there."""
        path = json.dumps(format_path(keys))
        if isinstance((_walk(base, keys) or (None, None))[1], dict):
            return (f"{self.base} already has {path}: add names only new entries and items;"
                    " leave it out of add to change it")
        return (f"this file writes no new entry or array item at {path} (add names the ids of"
                " new entries and the key paths of new array items that this file writes)")

    def _near(self, where: Loc, key: str, others: Sequence[str]) -> None:
        """Note ``key``, added at ``where``, where the base has a close one among ``others``."""
        close = tuple(difflib.get_close_matches(key, others, n=1))
        if close:
            self.near_misses[format_path(where)] = (key, close)


def _places(base: list[Any], base_name: str, verb: str) -> tuple[str, dict[str, int]] | str:
    """The key that names ``base``'s items (an array in ``base_name``) and the place of each
    name; why not, where the items cannot all be told apart by one so as to ``verb`` one."""
    if not base:
        return f"is an empty array in {base_name}, with no item to {verb}"
    key = next((key for key in ITEM_KEYS if any(key in item for item in base)), None)
    if key is None:
        keys = f"{', '.join(ITEM_KEYS[:-1])} or {ITEM_KEYS[-1]}"
        return f"the items of this array in {base_name} have no {keys} to find one by"
    places: dict[str, int] = {}
    for index, item in enumerate(base):
        label = _label(item.get(key))
        if label is None:
            return (f"item [{index}] of this array in {base_name} has no {key} (a string or"
                    f" an integer), so its items cannot be found by {key}")
        if label in places:
            act = "a change" if verb == "change" else "a removal"
            return (f"{base_name} has two items whose {key} is {json.dumps(label)} here"
                    f" ([{places[label]}] and [{index}]), so {act} cannot say which")
        places[label] = index
    return key, places


def _whole(written: Loc) -> str:
    """How to write the array at ``written`` instead of naming one of its items."""
    return f"write {format_path(written)} whole (one [[{format_path(written)}]] per item)"


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


def _listed(
    changes: Mapping[str, Any], name: str, within: Mapping[str, Any], source: str
) -> dict[int, tuple[str, ...]]:
    """The keys of each id or key path listed at ``name`` (``remove`` or ``add``), by its
    index there: an id ``within`` has at its top (whatever its characters), else the key
    path it writes (``cruiser.guns."bow gun"``)."""
    listed = changes.get(name)
    if listed is None:
        return {}
    if not isinstance(listed, list) or not all(isinstance(text, str) for text in listed):
        got = a_value(listed) if not isinstance(listed, list) else "an array of other values"
        what = "ids and key paths to remove" if name == REMOVE else \
            "ids of new entries and key paths of new array items"
        raise DataFileError(source, [DataProblem(name, f"expected an array of the {what},"
                                                       f" got {got}")])
    found: dict[int, tuple[str, ...]] = {}
    first: dict[tuple[str, ...], int] = {}
    problems = []
    for index, text in enumerate(listed):
        where = format_path((name, index))
        keys = (text,) if text in within else parse_path(text)
        if keys is None:
            problems.append(DataProblem(where, (
                f"expected an id or a key path (such as {_EXAMPLE}), got {json.dumps(text)}")))
        elif keys in first:
            problems.append(DataProblem(where, f"{json.dumps(text)} is already at"
                                               f" {name}[{first[keys]}]"))
        else:
            found[index], first[keys] = keys, index
    if problems:
        raise DataFileError(source, problems)
    return found


#: A key path as ``remove`` and ``add`` take one, for messages.
_EXAMPLE = 'cruiser.guns."bow gun"'


def _removal_problems(
    removals: Mapping[int, tuple[str, ...]], base: Mapping[str, Any], base_name: str
) -> list[DataProblem]:
    """What is wrong with each removal: a key or item the base lacks, one inside another
    removal."""
    problems = []
    for index, keys in removals.items():
        reason = _missing(base, keys, base_name)
        outer = next((other for other, wider in removals.items()
                      if len(wider) < len(keys) and keys[:len(wider)] == wider), None)
        if reason is None and outer is not None:
            reason = (f"{format_path(keys)} is removed already with"
                      f" {format_path(removals[outer])} by remove[{outer}]")
        if reason is not None:
            problems.append(DataProblem(format_path((REMOVE, index)), reason))
    return problems


def _missing(data: Any, keys: tuple[str, ...], base_name: str) -> str | None:
    """Why ``keys`` names nothing of ``data`` (``base_name``) to remove; ``None`` if it does."""
    for depth, key in enumerate(keys):
        here = keys[:depth]
        if isinstance(data, dict):
            names: dict[str, Any] = {name: name for name in data if isinstance(name, str)}
            item = ""
        elif isinstance(data, list) and _of_tables(data):
            found = _places(data, base_name, "remove")
            if isinstance(found, str):
                return f"{format_path(here)}: {found}: to remove an item, {_whole(here)}"
            names, data, item = found[1], dict(enumerate(data)), "item "
        else:
            return (f"{format_path(here)} is {a_value(data)} in {base_name}, with no key"
                    f" {json.dumps(key)} to remove")
        if key not in names:
            close = difflib.get_close_matches(key, list(names))
            return (f"{base_name} has no {item}{json.dumps(format_path((*here, key)))} to"
                    f" remove{did_you_mean([format_path((*here, name)) for name in close])}")
        data = data[names[key]]
    return None


def _walk(data: Any, keys: tuple[str, ...]) -> tuple[Loc, Any] | None:
    """The key path (array items by their place) and the value of what ``keys`` names in
    ``data``, tables by key and arrays of named tables by name; ``None`` if nothing."""
    loc: Loc = ()
    for key in keys:
        if isinstance(data, list) and _of_tables(data):
            found = _places(data, "", "find")
            if isinstance(found, str) or key not in found[1]:
                return None
            loc, data = (*loc, found[1][key]), data[found[1][key]]
        elif isinstance(data, dict) and key in data:
            loc, data = (*loc, key), data[key]
        else:
            return None
    return loc, data


def _written_to(changes: Mapping[str, Any], keys: tuple[str, ...]) -> int:
    """How many of ``keys`` lead to what ``changes`` writes at or over them (a change
    of a removed key, or of a table or array holding it written whole); 0 if it writes
    nothing there."""
    node: Any = changes
    for depth, key in enumerate(keys):
        if not isinstance(node, dict):
            return depth
        if key not in node:
            return 0
        node = node[key]
    return len(keys)


def _without(data: Any, keys: tuple[str, ...]) -> Any:
    """A copy of ``data`` without what ``keys`` names (it is there): a key of a table, an
    item of an array by its name; ``data`` itself untouched."""
    key, rest = keys[0], keys[1:]
    if isinstance(data, dict):
        if not rest:
            return {name: value for name, value in data.items() if name != key}
        return {**data, key: _without(data[key], rest)}
    found = _places(data, "", "remove")
    assert not isinstance(found, str)
    index = found[1][key]
    kept = [] if not rest else [_without(data[index], rest)]
    return [*data[:index], *kept, *data[index + 1:]]


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
