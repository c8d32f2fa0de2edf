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

Every problem in words, one to a line, each entry named after its path in the file (the
paths count from 0, as the file's keys do; a person counts from 1): the entries left out,
a line saying the rules were checked without them, then the rules the rest breaks. The web
lobby and every command that reads a list for people word them so.

>>> for line in read.problems([Violation("units[1].unit", "unknown_unit", "no rover")]):
...     print(line)
units[1] (entry 2, tank).count: expected an integer, got the string "two"
units: the rules were checked without entry 2, which could not be read: its points are not counted
units[2] (entry 3, rover).unit: no rover [unknown_unit]
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from warbench.core.catalog import DataFileError, load_toml, parse_model
from warbench.core.data_errors import DataProblem, validation_problems
from warbench.core.lists import ArmyList, UnitEntry, ValidationReport, Violation
from warbench.core.words import one_of

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

    @classmethod
    def whole(cls, army: ArmyList) -> ReadList:
        """A list every entry of which was read."""
        labels = tuple(entry.name or entry.unit or "?" for entry in army.units)
        return cls(army, tuple(range(len(army.units))), (), labels)

    @property
    def left_out(self) -> tuple[int, ...]:
        """The file's index of each entry left out."""
        return tuple(index for index in range(len(self.labels)) if index not in self.kept)

    def file_path(self, path: str) -> str:
        """A key path into :attr:`army` (``units[1].count``) as a path into the file."""
        match = _ENTRY.match(path)
        if match is None or int(match.group(1)) >= len(self.kept):
            return path
        return f"units[{self.kept[int(match.group(1))]}]{path[match.end():]}"

    def problems(self, violations: Iterable[Violation]) -> list[str]:
        """Every problem of the list, one to a line: each entry left out with what is
        wrong, the line saying the rules were checked without them, then ``violations``
        (the rules :attr:`army` breaks), each at its path in the file, its entry named."""
        lines = [self.entry_named(problem.where, problem.reason) for problem in self.unread]
        if self.unread:
            lines.append(self._checked_without())
        lines += [self.entry_named(self.file_path(violation.path),
                                   f"{violation.message} [{violation.rule}]")
                  for violation in violations]
        return lines

    def described(self, report: ValidationReport) -> str:
        """``report`` on :attr:`army` in words, headed by the list's points and verdict, its
        lines :meth:`problems` (what ``warbench list validate`` prints for a list)."""
        return report.described(self.problems(report.violations), len(self.left_out))

    def entry_named(self, path: str, message: str) -> str:
        """A problem at ``path`` in the file (``units[1].count``), the entry it starts at
        named after the path.

        >>> read = read_list({"name": "A", "ruleset": "x", "units": [{"unit": "scout"},
        ...                   {"unit": "tank", "name": "Bulwark"}]}, "a list")
        >>> read.entry_named("units[1].count", "too many [unit_size]")
        'units[1] (entry 2, Bulwark).count: too many [unit_size]'
        >>> read.entry_named("units", "over the cap [points_cap]")
        'units: over the cap [points_cap]'
        """
        match = _ENTRY.match(path)
        if match is None or int(match.group(1)) >= len(self.labels):
            return f"{path}: {message}"
        label = f"entry {int(match.group(1)) + 1}, {self.labels[int(match.group(1))]}"
        return f"{match.group(0)} ({label}){path[match.end():]}: {message}"

    def _checked_without(self) -> str:
        """The line saying which entries the rules were checked without (``entries 1 and 3``)."""
        left = [str(index + 1) for index in self.left_out]
        if len(left) == 1:
            return (f"units: the rules were checked without entry {left[0]}, which could not"
                    " be read: its points are not counted")
        return (f"units: the rules were checked without entries {one_of(left, 'and')}, which"
                " could not be read: their points are not counted")


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


def read_list_files(paths: Iterable[str | os.PathLike[str]]) -> list[ReadList | DataFileError]:
    """Read every army list file as far as it can be: each one's :class:`ReadList`, or the
    error naming every problem of a file whose list cannot be read at all (its TOML, its own
    keys), so one broken file hides nothing of the others."""
    results: list[ReadList | DataFileError] = []
    for path in paths:
        try:
            results.append(read_list(load_toml(path), str(path)))
        except DataFileError as error:
            results.append(error)
    return results


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
