"""An army list read as far as it can be: entries that cannot be read are left out and
named, and the rest is a list whose rules can still be checked, so a person sees every
problem of the list at once (``count = "two"`` in one entry no longer hides an unknown unit
in another).

>>> read = read_list({"name": "A", "ruleset": "x", "units": [
...     {"unit": "scout"}, {"unit": "tank", "count": "two"}, {"unit": "rover"}]}, "a.toml")
>>> [entry.unit for entry in read.army.units], read.kept
(['scout', 'rover'], (0, 2))
>>> [problem.line("a.toml") for problem in read.unread]
['a.toml: units[1].count: expected an integer, got the string "two"']
>>> read.file_path("units[1].options[0]")
'units[2].options[0]'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from warbench.core.catalog import DataFileError, parse_model
from warbench.core.data_errors import DataProblem, validation_problems
from warbench.core.lists import ArmyList, UnitEntry

_ENTRY = re.compile(r"units\[(\d+)\]")


@dataclass(frozen=True, slots=True)
class ReadList:
    """A list read without its unreadable entries (none, when it all reads)."""

    #: The list of the entries that read.
    army: ArmyList
    #: The file's index of each of ``army``'s entries.
    kept: tuple[int, ...]
    #: What is wrong with each entry left out, at its path in the file.
    unread: tuple[DataProblem, ...]
    #: Each of the file's entries in words: its ``name``, else its ``unit``, else ``?``.
    labels: tuple[str, ...]

    def file_path(self, path: str) -> str:
        """A key path into :attr:`army` (``units[1].count``) as a path into the file."""
        match = _ENTRY.match(path)
        if match is None or int(match.group(1)) >= len(self.kept):
            return path
        return f"units[{self.kept[int(match.group(1))]}]{path[match.end():]}"


def read_list(data: Any, source: str) -> ReadList:
    """Read ``data`` (a parsed TOML table) as an army list, leaving out the entries that
    cannot be read; :class:`DataFileError` (every problem) when the list's own keys cannot
    be read, or when nothing but its entries is wrong and none of them is."""
    labels = _labels(data)
    try:
        army = parse_model(data, ArmyList, source)
    except DataFileError as whole:
        units = data.get("units") if isinstance(data, Mapping) else None
        if not isinstance(units, list):
            raise
        kept: list[int] = []
        unread: list[DataProblem] = []
        for index, entry in enumerate(units):
            try:
                UnitEntry.model_validate(entry)
            except ValidationError as error:
                unread += validation_problems(error, entry, ("units", index))
            else:
                kept.append(index)
        if not unread:
            raise
        try:
            army = parse_model({**data, "units": [units[i] for i in kept]}, ArmyList, source)
        except DataFileError:
            raise whole from None
        return ReadList(army, tuple(kept), tuple(unread), labels)
    return ReadList(army, tuple(range(len(army.units))), (), labels)


def _labels(data: Any) -> tuple[str, ...]:
    """Each entry of a raw list in words, readable or not."""
    units = data.get("units") if isinstance(data, Mapping) else None
    if not isinstance(units, list):
        return ()
    words = []
    for entry in units:
        fields = entry if isinstance(entry, Mapping) else {}
        label = next((fields[key] for key in ("name", "unit") if isinstance(fields.get(key), str)
                      and fields[key]), "?")
        words.append(str(label))
    return tuple(words)
