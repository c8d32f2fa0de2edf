"""Fleet building: pricing army lists, the open, friendly and tournament formats.

Every format keeps the points cap and squadron sizes. Friendly games add the core force:
at least one small, one medium and one large squadron of the fleet's type (its
domain: naval, aerial or land; a massive squadron is no large one). Tournament games add
the caps of FACTS.md: at most 70% of the points on large, on massive and on medium
models, 40% on small models, and 50% outside the core force. Tiny flyer wings cost
nothing: a fleet may field two free wings (one of them reconnaissance at most) and as
many more tokens as its carriers hold, each carrier holding one reconnaissance plane at
most.

>>> from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
>>> army = load_fleet(DATA_DIR / "fleets" / "britannia-1000.toml")
>>> report = DystopianWarsRuleset().validate_list(army, "tournament")
>>> report.ok, report.total_points
(True, 985)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import get_args

from warbench.core.lists import ArmyList, UnitInfo, Violation
from warbench.core.ruleset import ArmyRules
from warbench.core.words import counted
from warbench.rulesets.dystopian_wars.data import (
    DATA_DIR,
    Nation,
    RulesData,
    load_fleet,
)

#: The nations a fleet may name as its faction. Its models may be of any nation: the seed
#: lets existing models stand for other factions, mercenaries or allies (l.15).
NATIONS: tuple[str, ...] = get_args(Nation)
#: Free wings a fleet may field without a carrier, and how many of them may be recon.
FREE_WINGS, FREE_RECON = 2, 1
FORMATS = ("open", "friendly", "tournament")
#: The one role a Dystopian Wars list gives an entry: the squadron that leads the fleet
#: (any other is refused, naming the entry: ``ArmyRules.roles``).
COMMODORE = "commodore"

__all__ = [
    "DATA_DIR", "FORMATS", "Wing", "army_rules", "fleet_type", "free_wings", "load_fleet",
    "wing_violations",
]


def fleet_type(army: ArmyList, data: RulesData) -> str:
    """The fleet's type: the domain of its first entry that is not a tiny flyer wing."""
    for entry in army.units:
        spec = data.models.get(entry.unit)
        if spec is not None and not spec.tiny:
            return spec.domain
    return "naval"


def unit_lookup(army: ArmyList, data: RulesData) -> dict[str, UnitInfo]:
    """UnitInfo for every model class, tagged for this army's fleet type."""
    kind = fleet_type(army, data)
    lookup = {}
    for key, spec in data.models.items():
        tags = {spec.size, spec.domain, spec.category, spec.nation}
        if spec.capital:
            tags.add("capital")
        if spec.tiny:
            tags.add("wing")
            tags.add(spec.wing or "")
        elif spec.domain == kind:
            tags.add("core")
        tags |= set(spec.traits)
        low, high = spec.squadron
        lookup[key] = UnitInfo(
            cost=spec.points, tags=frozenset(tags), min_models=low, max_models=high
        )
    return lookup


def army_rules(army: ArmyList, data: RulesData, format_name: str = "tournament") -> ArmyRules:
    """The lookup (``data``'s models, a player's own ones included) and constraints of one
    format (tournament unless another is named)."""
    if format_name not in data.formats:
        raise ValueError(f"unknown fleet format {format_name!r} (known: {', '.join(FORMATS)})")
    return ArmyRules(unit_lookup(army, data), data.formats[format_name], factions=NATIONS,
                     roles=(COMMODORE,))


@dataclass(frozen=True, slots=True)
class Wing:
    """One wing of tiny flyers, as the wing rules see it: who it is, its tokens, recon."""

    key: int
    tokens: int
    recon: bool


def free_wings(wings: Sequence[Wing], capacity: int, carriers: int) -> tuple[Wing, ...] | None:
    """The wings flying free in the first legal choice, in the order of ``wings``: two at
    most, one recon at most, the rest within the carriers' ``capacity`` in tokens and one
    recon plane a carrier (DW-WINGS-FREE, DW-CARRIER-CAPACITY); ``None`` when none is.

    >>> wings = [Wing(0, 5, False), Wing(1, 5, False), Wing(2, 4, False), Wing(3, 1, True),
    ...          Wing(4, 1, True)]
    >>> [wing.key for wing in free_wings(wings, 10, 1)]
    [0, 3]
    """
    total = sum(wing.tokens for wing in wings)
    recon = sum(wing.recon for wing in wings)
    for free in _choices(wings):
        carried_recon = recon - sum(wing.recon for wing in free)
        if carried_recon <= carriers and total - sum(w.tokens for w in free) <= capacity:
            return free
    return None


def _choices(wings: Sequence[Wing]) -> Iterator[tuple[Wing, ...]]:
    """Every choice of free wings (two, one or none; one recon at most), in order."""
    for size in range(min(FREE_WINGS, len(wings)), -1, -1):
        for free in combinations(wings, size):
            if sum(wing.recon for wing in free) <= FREE_RECON:
                yield free


def commodore_violations(army: ArmyList, data: RulesData) -> list[Violation]:
    """The commodore's role on a model that may not lead the fleet (DW-COMMODORE-ICON: only
    an Icon, never a creature or robot); other roles are refused as unknown (``ROLES``)."""
    problems = []
    for index, entry in enumerate(army.units):
        spec = data.models.get(entry.unit)
        if entry.role == COMMODORE and spec is not None and not spec.may_lead:
            problems.append(Violation(
                f"units[{index}].role", "commodore icon",
                f"{spec.name} cannot lead the fleet: only an Icon, never a creature or robot,"
                " may be named commodore",
            ))
    return problems


def wing_violations(army: ArmyList, data: RulesData) -> list[Violation]:
    """Wings no choice of the two free ones (one recon at most) lets the carriers hold."""
    capacity = 0
    carriers = 0
    wings: list[Wing] = []
    for index, entry in enumerate(army.units):
        spec = data.models.get(entry.unit)
        if spec is None:
            continue
        if spec.carrier:
            capacity += spec.carrier * entry.count
            carriers += entry.count
        if spec.tiny:
            wings.append(Wing(index, entry.count, spec.wing == "recon"))
    wings.sort(key=lambda wing: -wing.tokens)
    if free_wings(wings, capacity, carriers) is not None:
        return []
    fleet = (f"the list has {counted(carriers, 'carrier')}" if carriers
             else "the list has no carrier")
    held = f"its carriers hold {capacity} tokens" if carriers else "the list has no carrier"
    problems: list[Violation] = []
    recons = sorted(wing.key for wing in wings if wing.recon)
    if len(recons) > FREE_RECON + carriers:
        problems.append(Violation(
            f"units[{recons[0]}]", "carrier recon",
            f"{counted(len(recons), 'recon wing')} ({_rows(recons)}): one may fly free and"
            f" each carrier carries one, but {fleet}",
        ))
    best = max(_choices(wings), key=lambda free: sum(wing.tokens for wing in free))
    carried = sorted(wing.key for wing in wings if wing not in best)
    least = sum(wing.tokens for wing in wings if wing not in best)
    if least > capacity:
        free = sorted(wing.key for wing in best)
        problems.append(Violation(
            f"units[{carried[0]}]", "carrier capacity",
            f"{_rows(carried)} ({counted(least, 'tiny flyer token')}) fly beyond the free"
            f" {'wing' if len(free) == 1 else 'wings'} ({_rows(free)}), but {held}",
        ))
    if not problems:
        problems.append(Violation(
            "units", "carrier capacity",
            f"no choice of the two free wings among {_rows(sorted(w.key for w in wings))}"
            f" (one recon at most) leaves the rest to the carriers: {held}, one recon"
            " plane each",
        ))
    return problems


def _rows(keys: Sequence[int]) -> str:
    return ", ".join(f"units[{key}]" for key in keys)
