"""Army lists, and constraints on them that report every violation at once.

An army list is a TOML file read with ``load_model(path, ArmyList)``::

    name = "Northern patrol"
    ruleset = "dystopian-wars"
    points = 1000                      # the agreed game size (optional)
    [[units]]
    unit = "dreadnought"               # an id in the ruleset's unit lookup
    count = 1                          # models in the unit or squadron
    role = "flagship"                  # optional
    options = ["shield-generator"]     # optional

The ruleset supplies a lookup ``{unit id: UnitInfo}`` with costs, tags and unit sizes.
Constraints are data too: a tournament format is a TOML file of ``[[constraints]]``
tables, each with a ``kind`` (read with ``load_model(path, ConstraintSet)``).
:func:`validate` prices the list and runs every constraint, collecting every
:class:`Violation` rather than stopping at the first. Violation paths use the same
key-path style as data file errors (``units[2].count``).

Constraints pick the units they count with selectors (:mod:`warbench.core.selectors`).

>>> lookup = {"frigate": UnitInfo(cost=30, tags=frozenset({"small"}), max_models=4)}
>>> army = ArmyList(name="Patrol", ruleset="demo", points=100,
...                 units=(UnitEntry(unit="frigate", count=4),))
>>> report = validate(army, [PointsCap()], lookup)
>>> report.ok, report.total_points
(False, 120)
>>> print(report.violations[0])
units: total 120 points exceeds the cap of 100 by 20 [points_cap]
"""

from __future__ import annotations

import difflib
import json
import math
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from warbench.core.catalog import DataModel, UnknownEntry, did_you_mean
from warbench.core.limits import MAX_LIST_ENTRIES, MAX_LIST_MODELS
from warbench.core.selectors import HasTag, IsUnit, Selector, names
from warbench.core.words import counted

# ---------------------------------------------------------------------------- army lists


class UnitEntry(DataModel):
    """One line of an army list: a unit (or squadron) of ``count`` models."""

    unit: str
    count: int = Field(default=1, ge=1, le=MAX_LIST_MODELS, strict=True)
    options: tuple[str, ...] = ()
    name: str | None = None
    role: str | None = None


class ArmyList(DataModel):
    """An army list as written in its TOML file; ``points`` is the agreed game size."""

    name: str
    ruleset: str
    faction: str | None = None
    points: int | None = Field(default=None, ge=0, strict=True)
    units: tuple[UnitEntry, ...] = Field(default=(), max_length=MAX_LIST_ENTRIES)

    @model_validator(mode="before")
    @classmethod
    def _an_army_list(cls, data: Any) -> Any:
        """A table with none of a list's keys (a data file given by mistake) is refused in
        one line rather than one unknown key per entry."""
        if isinstance(data, Mapping) and data and not {"name", "ruleset", "units"} & set(data):
            raise ValueError(
                "not an army list: it has no name, ruleset or units key (an army list names"
                " itself, its ruleset and its [[units]])"
            )
        return data

    def with_unit(self, entry: UnitEntry) -> ArmyList:
        """A copy of this list with one more entry at the end."""
        return self.model_copy(update={"units": (*self.units, entry)})


class UnitInfoError(ValueError):
    """A ruleset described a unit's list data inconsistently."""


@dataclass(frozen=True, slots=True)
class UnitInfo:
    """What list building needs to know about a unit; the ruleset supplies one per id.

    ``cost`` is per model when ``per_model`` (options too), otherwise for the whole unit.
    Costs are never negative, so adding a unit never lowers a list's total.
    """

    cost: int
    tags: frozenset[str] = frozenset()
    min_models: int = 1
    max_models: int = 1
    per_model: bool = True
    option_costs: Mapping[str, int] = field(default_factory=dict)
    #: Options the ruleset knows that this unit may not take, each with why (an ability
    #: its class may not have): named so, rather than as an option nobody knows.
    refused_options: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.cost < 0 or any(cost < 0 for cost in self.option_costs.values()):
            raise UnitInfoError(f"costs must not be negative: {self!r}")
        if not 1 <= self.min_models <= self.max_models:
            raise UnitInfoError(
                f"unit size must satisfy 1 <= min_models <= max_models, got "
                f"{self.min_models}..{self.max_models}"
            )

    def points(self, count: int, options: Iterable[str] = ()) -> int:
        """Points for ``count`` models with ``options``; unknown options cost nothing.

        >>> UnitInfo(cost=20, max_models=3, option_costs={"rockets": 5}).points(3, ["rockets"])
        75
        """
        each = self.cost + sum(self.option_costs.get(option, 0) for option in options)
        return each * count if self.per_model else each


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: where in the list (a key path; ``units`` for the whole), which rule,
    and what is wrong."""

    path: str
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message} [{self.rule}]"


@dataclass(frozen=True, slots=True)
class PricedEntry:
    """A list entry whose unit was found, with its points."""

    index: int
    entry: UnitEntry
    info: UnitInfo
    points: int

    @property
    def path(self) -> str:
        """The entry's key path in the list file."""
        return f"units[{self.index}]"

    def selected_by(self, selector: Selector) -> bool:
        """Whether ``selector`` picks this entry's unit."""
        return selector.matches(self.entry.unit, self.info.tags)


@dataclass(frozen=True, slots=True)
class PricedArmy:
    """An army list with every entry whose unit is known, priced."""

    army: ArmyList
    entries: tuple[PricedEntry, ...]

    @property
    def total_points(self) -> int:
        """Points of every priced entry."""
        return sum(entry.points for entry in self.entries)

    def selected(self, selector: Selector) -> list[PricedEntry]:
        """The entries ``selector`` picks."""
        return [entry for entry in self.entries if entry.selected_by(selector)]


def price(
    army: ArmyList,
    lookup: Mapping[str, UnitInfo],
    elsewhere: Mapping[str, str] | None = None,
) -> tuple[PricedArmy, list[Violation]]:
    """Price every entry; unknown units and options become violations naming the entry. A
    unit of ``elsewhere`` (known, but not for this list: another faction's) is named with
    why it is not this list's."""
    priced: list[PricedEntry] = []
    violations: list[Violation] = []
    for index, entry in enumerate(army.units):
        info = lookup.get(entry.unit)
        if info is None:
            path = f"units[{index}].unit"
            if elsewhere and entry.unit in elsewhere:
                message = f"{json.dumps(entry.unit)} is {elsewhere[entry.unit]}"
                violations.append(Violation(path, "other_faction", message))
                continue
            message = str(UnknownEntry("unit", entry.unit, lookup))
            violations.append(Violation(path, "unknown_unit", message))
            continue
        for position, option in enumerate(entry.options):
            if option in info.refused_options:
                violations.append(Violation(f"units[{index}].options[{position}]",
                                            "refused_option", info.refused_options[option]))
            elif option not in info.option_costs:
                close = difflib.get_close_matches(option, list(info.option_costs), n=3)
                message = (
                    f"unit {json.dumps(entry.unit)} has no option {json.dumps(option)}"
                    f"{did_you_mean(close) or options_taken(info)}"
                )
                path = f"units[{index}].options[{position}]"
                violations.append(Violation(path, "unknown_option", message))
        priced.append(PricedEntry(index, entry, info, info.points(entry.count, entry.options)))
    return PricedArmy(army, tuple(priced)), violations


# ---------------------------------------------------------------------------- constraints


class _Constraint(DataModel, ABC):
    """A rule a list must keep; ``name`` (shown in violations) defaults to the kind."""

    kind: str
    name: str | None = None

    @property
    def rule(self) -> str:
        """The label violations of this constraint carry."""
        return self.name or self.kind

    @abstractmethod
    def check(self, army: PricedArmy) -> list[Violation]:
        """Every violation of this constraint by ``army``."""


class PointsCap(_Constraint):
    """Total points at most ``max``; without ``max``, at most the list's own ``points``."""

    kind: Literal["points_cap"] = "points_cap"
    max: int | None = Field(default=None, ge=0)

    def cap(self, army: ArmyList) -> int | None:
        """The points ``army`` may spend under this constraint (``None``: it states none)."""
        return self.max if self.max is not None else army.points

    def check(self, army: PricedArmy) -> list[Violation]:
        cap = self.cap(army.army)
        if cap is None:
            return [Violation("points", self.rule, "the list must state its points size")]
        total = army.total_points
        if total <= cap:
            return []
        message = f"total {total} points exceeds the cap of {cap} by {total - cap}"
        return [Violation("units", self.rule, message)]


def _match(number: int, noun: str) -> str:
    return f"{counted(number, noun)} {'matches' if number == 1 else 'match'}"


class Count(_Constraint):
    """Between ``min`` and ``max`` units (or models, with ``per = "model"``) match.
    ``what`` names, in words, one of what is counted ("admiral", "fleet above tier 3"):
    given, messages say it instead of the selector."""

    kind: Literal["count"] = "count"
    selector: Selector
    min: int = Field(default=0, ge=0)
    max: int | None = Field(default=None, ge=0)
    per: Literal["unit", "model"] = "unit"
    what: str | None = None

    @model_validator(mode="after")
    def _min_not_above_max(self) -> Count:
        if self.max is not None and self.min > self.max:
            raise ValueError(f"min ({self.min}) is above max ({self.max})")
        return self

    def check(self, army: PricedArmy) -> list[Violation]:
        chosen = army.selected(self.selector)
        number = sum(e.entry.count for e in chosen) if self.per == "model" else len(chosen)
        if self.min <= number and (self.max is None or number <= self.max):
            return []
        if self.max is None:
            allowed = f"at least {self.min}"
        elif self.min == 0:
            allowed = f"at most {self.max}"
        elif self.min == self.max:
            allowed = f"exactly {self.min}"
        else:
            allowed = f"{self.min} to {self.max}"
        counts = (counted(number, self.what) if self.what is not None
                  else f"{_match(number, self.per)} {self.selector}")
        message = f"{counts}; allowed {allowed}"
        if self.max is None or number <= self.max:  # too few: no entry to point at
            return [Violation("units", self.rule, message)]
        # too many: the entry that goes past the limit, and every entry that counts
        running, past = 0, chosen[-1]
        for entry in chosen:
            running += entry.entry.count if self.per == "model" else 1
            if running > self.max:
                past = entry
                break
        rows = ", ".join(entry.path for entry in chosen)
        return [Violation(past.path, self.rule, f"{message} ({rows})")]


class UnitSize(_Constraint):
    """Every entry's model count lies within its unit's ``min_models..max_models``."""

    kind: Literal["unit_size"] = "unit_size"

    def check(self, army: PricedArmy) -> list[Violation]:
        violations = []
        for priced in army.entries:
            low, high, count = priced.info.min_models, priced.info.max_models, priced.entry.count
            if not low <= count <= high:
                size = str(low) if low == high else f"{low} to {high}"
                message = (
                    f"{counted(count, 'model')}, but {json.dumps(priced.entry.unit)} takes {size}"
                )
                violations.append(Violation(f"{priced.path}.count", self.rule, message))
        return violations


def _percent(value: Fraction) -> str:
    return f"{float(value):.4f}".rstrip("0").rstrip(".") + "%"


class PercentageCap(_Constraint):
    """Points on matching units at most ``max_percent`` of the list's ``points`` size, or of
    its total when the list states no size. Exact: 70% of 1000 allows 700, not 700.01."""

    kind: Literal["percentage_cap"] = "percentage_cap"
    selector: Selector
    max_percent: float = Field(ge=0, le=100)

    def check(self, army: PricedArmy) -> list[Violation]:
        spent = sum(entry.points for entry in army.selected(self.selector))
        base = army.army.points if army.army.points is not None else army.total_points
        limit = Fraction(str(self.max_percent))
        if spent * 100 <= limit * base:
            return []
        share = _percent(Fraction(spent * 100, base)) if base else "all"
        allowed = math.floor(limit * base / 100)
        message = (
            f"{spent} points on {self.selector} are {share} of {base}; at most "
            f"{_percent(limit)} allowed ({allowed} points)"
        )
        return [Violation("units", self.rule, message)]


class Required(_Constraint):
    """At least ``min`` units match the selector."""

    kind: Literal["required"] = "required"
    selector: Selector
    min: int = Field(default=1, ge=1)

    def check(self, army: PricedArmy) -> list[Violation]:
        number = len(army.selected(self.selector))
        if number >= self.min:
            return []
        found = "no unit matches" if number == 0 else _match(number, "unit")
        message = f"{found} {self.selector}; at least {self.min} required"
        return [Violation("units", self.rule, message)]


class UniqueRole(_Constraint):
    """At most one entry holds ``role`` (exactly one with ``exactly = true``)."""

    kind: Literal["unique_role"] = "unique_role"
    role: str
    exactly: bool = False

    def check(self, army: PricedArmy) -> list[Violation]:
        holders = [i for i, entry in enumerate(army.army.units) if entry.role == self.role]
        role = json.dumps(self.role)
        if not holders:
            if not self.exactly:
                return []
            message = f"no entry has the role {role}; exactly one required"
            return [Violation("units", self.rule, message)]
        first, *extra = holders
        return [
            Violation(
                f"units[{index}].role",
                self.rule,
                f"role {role} is already held by units[{first}]; only one allowed",
            )
            for index in extra
        ]


Constraint = Annotated[
    PointsCap | Count | UnitSize | PercentageCap | Required | UniqueRole,
    Field(discriminator="kind"),
]
"""Any constraint; in TOML the ``kind`` key picks which."""


class ConstraintSet(DataModel):
    """A named set of constraints, e.g. a tournament format, as read from TOML."""

    name: str | None = None
    constraints: tuple[Constraint, ...] = ()


# ---------------------------------------------------------------------------- validation


@dataclass(frozen=True, slots=True)
class ValidationReport:
    """Every violation of a list, with its priced entries and the points it may spend
    (``cap``: the least of its points caps; ``None`` without one)."""

    priced: PricedArmy
    violations: tuple[Violation, ...]
    cap: int | None = None

    @property
    def ok(self) -> bool:
        """Whether the list broke no rule."""
        return not self.violations

    @property
    def total_points(self) -> int:
        """Points of every entry whose unit is known."""
        return self.priced.total_points

    @property
    def points_by_tag(self) -> dict[str, int]:
        """Points spent on units carrying each tag, tags in alphabetical order."""
        totals: dict[str, int] = {}
        for entry in self.priced.entries:
            for tag in entry.info.tags:
                totals[tag] = totals.get(tag, 0) + entry.points
        return dict(sorted(totals.items()))

    def __str__(self) -> str:
        return self.described([str(violation) for violation in self.violations])

    def described(self, problems: Sequence[str], unread: int = 0) -> str:
        """The report in words: the list's points against its cap and its verdict, then
        ``problems`` (its violations in words) one to a line and its points by tag.
        ``unread``: the entries that could not be read and were left out of the check.

        >>> army = ArmyList(name="Patrol", ruleset="demo", points=100)
        >>> report = ValidationReport(PricedArmy(army, ()), ())
        >>> print(report.described(["units[1] (entry 2, ?).count: not a number"], 1))
        Patrol (demo): 0 of 100 points, 1 unreadable entry
          units[1] (entry 2, ?).count: not a number
        """
        army = self.priced.army
        size = f" of {army.points} points" if army.points is not None else " points"
        if self.cap is not None and self.cap != army.points:
            stated = "" if army.points is None else f"; the list states {army.points}"
            size = f" of {self.cap} points (the cap{stated})"
        counts = [counted(unread, "unreadable entry")] if unread else []
        if self.violations:
            counts.append(counted(len(self.violations), "violation"))
        verdict = ", ".join(counts) or "valid"
        lines = [f"{army.name} ({army.ruleset}): {self.total_points}{size}, {verdict}"]
        lines += [f"  {problem}" for problem in problems]
        if self.points_by_tag:
            tags = ", ".join(f"{tag} {points}" for tag, points in self.points_by_tag.items())
            lines.append(f"points by tag: {tags}")
        return "\n".join(lines)


def selector_problems(
    constraints: ConstraintSet, lookup: Mapping[str, UnitInfo]
) -> list[str]:
    """The tags and unit ids the constraints' selectors name that no unit of ``lookup``
    has: a misspelt ``tag:battleshp`` would select nothing and never complain.

    >>> rules = ConstraintSet(constraints=(Count(selector="tag:battleshp", max=1),))
    >>> selector_problems(rules, {"dread": UnitInfo(cost=1, tags=frozenset({"battleship"}))})
    ['constraints[0].selector: tag:battleshp: no unit has this tag, did you mean "battleship"?']
    """
    tags = {tag for info in lookup.values() for tag in info.tags}
    problems = []
    for index, constraint in enumerate(constraints.constraints):
        selector = getattr(constraint, "selector", None)
        for name in () if selector is None else names(selector):
            if isinstance(name, HasTag) and name.tag not in tags:
                close = difflib.get_close_matches(name.tag, sorted(tags), n=3)
                reason = f"no unit has this tag{did_you_mean(close)}"
            elif isinstance(name, IsUnit) and name.unit not in lookup:
                reason = str(UnknownEntry("unit", name.unit, lookup))
            else:
                continue
            problems.append(f"constraints[{index}].selector: {name}: {reason}")
    return problems


#: The most options an unknown option's message lists.
OPTIONS_LISTED = 6


def options_taken(info: UnitInfo) -> str:
    """What a unit takes, for a message about an option it does not: the shortest first.

    >>> options_taken(UnitInfo(cost=1, option_costs={"heavy": 5, "standard": 4,
    ...                                             "standard+ace": 5}))
    ' (it takes "heavy", "standard", "standard+ace")'
    >>> options_taken(UnitInfo(cost=1))
    ' (it takes no options)'
    """
    taken = sorted(info.option_costs, key=lambda name: (len(name), name))
    if not taken:
        return " (it takes no options)"
    more = len(taken) - OPTIONS_LISTED
    listed = ", ".join(json.dumps(name) for name in taken[:OPTIONS_LISTED])
    return f" (it takes {listed}" + (f" and {more} more)" if more > 0 else ")")


def faction_violations(army: ArmyList, factions: Sequence[str]) -> list[Violation]:
    """The list's ``faction`` if it is none of ``factions`` (empty: any faction goes).

    >>> army = ArmyList(name="A", ruleset="r", faction="atlantis")
    >>> [str(v) for v in faction_violations(army, ["britannia", "prussia"])]
    ['faction: unknown faction "atlantis" (factions: britannia, prussia) [unknown_faction]']
    """
    if not factions or army.faction is None or army.faction in factions:
        return []
    close = difflib.get_close_matches(army.faction, list(factions), n=3)
    message = (
        f"unknown faction {json.dumps(army.faction)}{did_you_mean(close)}"
        f" (factions: {', '.join(factions)})"
    )
    return [Violation("faction", "unknown_faction", message)]


def role_violations(army: ArmyList, roles: Sequence[str], game: str) -> list[Violation]:
    """Each entry whose ``role`` is none of ``roles`` (those ``game``'s lists give; empty:
    none), so that a misspelt role is not silently ignored.

    >>> army = ArmyList(name="A", ruleset="r", units=(UnitEntry(unit="x", role="flagshp"),))
    >>> print(*role_violations(army, ["flagship"], "Demo"))
    units[0].role: unknown role "flagshp" (a Demo list gives flagship), did you mean \
"flagship"? [roles]
    """
    given = ", ".join(roles) if roles else "no roles"
    found = []
    for index, entry in enumerate(army.units):
        if entry.role is None or entry.role in roles:
            continue
        close = difflib.get_close_matches(entry.role, list(roles), n=3)
        found.append(Violation(
            f"units[{index}].role", "roles",
            f"unknown role {json.dumps(entry.role)} (a {game} list gives {given})"
            f"{did_you_mean(close)}"))
    return found


def validate(
    army: ArmyList,
    constraints: Iterable[Constraint],
    lookup: Mapping[str, UnitInfo],
    elsewhere: Mapping[str, str] | None = None,
) -> ValidationReport:
    """Price ``army`` with ``lookup`` (and ``elsewhere``, see :func:`price`) and check every
    constraint, collecting all violations.

    Unknown units and options come first, in list order, then each constraint's
    violations in the order the constraints are given.
    """
    priced, violations = price(army, lookup, elsewhere)
    caps = []
    for constraint in constraints:
        violations.extend(constraint.check(priced))
        if isinstance(constraint, PointsCap) and (cap := constraint.cap(army)) is not None:
            caps.append(cap)
    return ValidationReport(priced, tuple(violations), min(caps, default=None))
