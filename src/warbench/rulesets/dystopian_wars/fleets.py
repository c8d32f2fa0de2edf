"""Fleet building: pricing army lists, the open, friendly and tournament formats.

Every format keeps the points cap and squadron sizes. Friendly games add the core force:
at least one small, one medium and one large or massive squadron of the fleet's type (its
domain: naval, aerial or land). Tournament games add the caps of FACTS.md: at most 70% of
the points on large, on massive and on medium models, 40% on small models, and 50% outside
the core force. Tiny flyer wings cost nothing: a fleet may field two free wings (one of
them reconnaissance at most) and as many more tokens as its carriers hold, each carrier
holding one reconnaissance plane at most.

>>> from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
>>> army = load_fleet(DATA_DIR / "fleets" / "britannia-1000.toml")
>>> report = DystopianWarsRuleset().validate_list(army, "tournament")
>>> report.ok, report.total_points
(True, 985)
"""

from __future__ import annotations

from warbench.core.lists import ArmyList, UnitInfo, Violation
from warbench.core.ruleset import ArmyRules
from warbench.rulesets.dystopian_wars.data import (
    DATA_DIR,
    RulesData,
    load_fleet,
)

#: Free wings a fleet may field without a carrier, and how many of them may be recon.
FREE_WINGS, FREE_RECON = 2, 1
FORMATS = ("open", "friendly", "tournament")

__all__ = ["DATA_DIR", "FORMATS", "army_rules", "fleet_type", "load_fleet", "wing_violations"]


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
    return ArmyRules(unit_lookup(army, data), data.formats[format_name])


def wing_violations(army: ArmyList, data: RulesData) -> list[Violation]:
    """Wings beyond the two free ones (one recon at most) and what carriers hold."""
    capacity = 0
    carriers = 0
    wings: list[tuple[int, int, bool]] = []
    for index, entry in enumerate(army.units):
        spec = data.models.get(entry.unit)
        if spec is None:
            continue
        if spec.carrier:
            capacity += spec.carrier * entry.count
            carriers += entry.count
        if spec.tiny:
            wings.append((index, entry.count, spec.wing == "recon"))
    problems: list[Violation] = []
    wings.sort(key=lambda wing: -wing[1])
    free = wings[:FREE_WINGS]
    carried = wings[FREE_WINGS:]
    free_recon = sum(1 for _, _, recon in free if recon)
    if free_recon > FREE_RECON:
        problems.append(
            Violation("units", "free recon wings", "only one of the two free wings may be recon")
        )
    tokens = sum(count for _, count, _ in carried)
    if tokens > capacity:
        problems.append(
            Violation(
                "units",
                "carrier capacity",
                f"{tokens} tiny flyer tokens beyond the two free wings, but the carriers hold "
                f"{capacity}",
            )
        )
    carried_recon = sum(1 for _, _, recon in carried if recon)
    if carried_recon > carriers:
        problems.append(
            Violation("units", "carrier recon", "each carrier carries one recon plane at most")
        )
    return problems

