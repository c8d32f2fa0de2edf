"""Fleet statistics derived from tier, size and class; armada validation; challenge tiers.

>>> stats = fleet_stats(FleetSpec.model_validate(
...     {"name": "Wall", "tier": 5, "size": "medium", "class": "destroyer"}))
>>> stats.hull_points, stats.critical_threshold, stats.check_modifier, stats.armor_class
(21, 10, 3, 13)
>>> stats.damage, stats.cost, stats.shield_points
('2d8', 20, 7)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from warbench.core.lists import Violation
from warbench.rulesets.armada.data import (
    ArmadaSpec,
    Difficulty,
    FleetSpec,
    Tables,
    shipped_tables,
)
from warbench.rulesets.armada.state import Fleet

#: The ability that marks an armada's flagship.
FLAGSHIP = "flagship"


class UnknownDifficulty(ValueError):
    """A challenge difficulty that the table does not list."""


@dataclass(frozen=True, slots=True)
class FleetStats:
    """Everything the rules derive from a fleet's tier, size, class and abilities."""

    name: str
    tier: int
    size: str
    fleet_class: str
    abilities: tuple[str, ...]
    hull_points: int
    critical_threshold: int
    shield_points: int
    check_modifier: int
    armor_class: int
    damage: str
    speed: int
    turn_distance: int
    piloting_modifier: int
    range: int
    arcs: tuple[str, ...]
    cost: int


def check_modifier(tier: int, base: int = 1) -> int:
    """+1 at tier 1, and one more for each odd tier above the first (3, 5, 7 ...).

    >>> [check_modifier(t) for t in (1, 2, 3, 4, 5, 20)]
    [1, 1, 2, 2, 3, 10]
    """
    return base + (tier - 1) // 2


def abilities_cost(tables: Tables, abilities: tuple[str, ...]) -> int:
    """The build points ``abilities`` add to a fleet (ARM-ABILITY-COST)."""
    return sum(tables.abilities[name].cost for name in abilities if name in tables.abilities)


def fleet_stats(spec: FleetSpec, tables: Tables | None = None) -> FleetStats:
    """The statistics of ``spec``; the flagship gains hull points equal to its tier."""
    tables = tables or shipped_tables()
    size = tables.fleets.sizes[spec.size]
    row = tables.tier(spec.tier)
    klass = tables.classes[spec.fleet_class]
    hull = tables.fleets.base_hull_points + size.hull_per_tier * spec.tier
    if FLAGSHIP in spec.abilities:
        hull += spec.tier
    modifier = check_modifier(spec.tier, tables.fleets.base_check_modifier)
    ability_cost = abilities_cost(tables, spec.abilities)
    return FleetStats(
        name=spec.name,
        tier=spec.tier,
        size=spec.size,
        fleet_class=spec.fleet_class,
        abilities=spec.abilities,
        hull_points=hull,
        critical_threshold=hull // 2,
        shield_points=hull // tables.fleets.shields.hull_divisor,
        check_modifier=modifier,
        armor_class=10 + modifier,
        damage=row.damage[size.damage],
        speed=klass.speed,
        turn_distance=klass.turn_distance,
        piloting_modifier=klass.piloting_modifier,
        range=klass.range,
        arcs=klass.arcs,
        cost=row.fleet_cost[spec.size] + ability_cost,
    )


def new_fleet(fleet_id: int, side: int, spec: FleetSpec, tables: Tables | None = None) -> Fleet:
    """A fleet for the battle state, at full hull and shields, not yet placed."""
    stats = fleet_stats(spec, tables)
    return Fleet(
        id=fleet_id,
        side=side,
        name=stats.name,
        tier=stats.tier,
        size=stats.size,
        fleet_class=stats.fleet_class,
        abilities=stats.abilities,
        hull_points=stats.hull_points,
        critical_threshold=stats.critical_threshold,
        hull=stats.hull_points,
        shield_max=stats.shield_points,
        shields=stats.shield_points,
        check_modifier=stats.check_modifier,
        damage=stats.damage,
        speed=stats.speed,
        turn_distance=stats.turn_distance,
        piloting_modifier=stats.piloting_modifier,
        range=stats.range,
        arcs=stats.arcs,
        cost=stats.cost,
    )


def armada_cost(spec: ArmadaSpec, tables: Tables | None = None) -> int:
    """Build points the armada's fleets and abilities cost."""
    tables = tables or shipped_tables()
    return sum(fleet_stats(fleet, tables).cost for fleet in spec.fleets)


def validate_armada(spec: ArmadaSpec, tables: Tables | None = None) -> list[Violation]:
    """Every rule the armada breaks (none when it is legal), each with its key path."""
    tables = tables or shipped_tables()
    found: list[Violation] = []
    if not spec.fleets:
        found.append(Violation("fleets", "no_fleets", "an armada needs at least one fleet"))
    names = Counter(fleet.name for fleet in spec.fleets)
    for index, fleet in enumerate(spec.fleets):
        path = f"fleets[{index}]"
        if names[fleet.name] > 1:
            found.append(
                Violation(f"{path}.name", "unique_names", f"two fleets are named {fleet.name!r}")
            )
        if not spec.gm_allows_higher_tiers and fleet.tier > spec.tier + 1:
            found.append(
                Violation(
                    f"{path}.tier",
                    "fleet_tier_cap",
                    f"{fleet.name} is tier {fleet.tier}, above the armada's tier {spec.tier} + 1",
                )
            )
        found.extend(_ability_violations(fleet, path, tables))
    flagships = [fleet.name for fleet in spec.fleets if FLAGSHIP in fleet.abilities]
    if len(flagships) != 1:
        found.append(
            Violation(
                "fleets",
                "one_flagship",
                f"an armada needs exactly one flagship, it has {len(flagships)}"
                + (f" ({', '.join(flagships)})" if flagships else ""),
            )
        )
    budget = tables.tier(spec.tier).armada_build_points
    total = sum(fleet_stats(fleet, tables).cost for fleet in spec.fleets)
    if total > budget:
        found.append(
            Violation(
                "fleets",
                "build_points",
                f"the fleets cost {total} build points, {total - budget} over the tier-"
                f"{spec.tier} budget of {budget}",
            )
        )
    found.extend(_officer_violations(spec, tables))
    return found


def _ability_violations(fleet: FleetSpec, path: str, tables: Tables) -> list[Violation]:
    found: list[Violation] = []
    for position, name in enumerate(fleet.abilities):
        where = f"{path}.abilities[{position}]"
        if name not in tables.abilities:
            found.append(Violation(where, "unknown_ability", f"no special ability {name!r}"))
        elif not tables.abilities[name].allows(fleet.fleet_class):
            found.append(
                Violation(
                    where,
                    "ability_class",
                    f"a {fleet.fleet_class} fleet may not take {name!r}",
                )
            )
        if name in fleet.abilities[:position]:
            found.append(Violation(where, "duplicate_ability", f"{name!r} is taken twice"))
    return found


def _officer_violations(spec: ArmadaSpec, tables: Tables) -> list[Violation]:
    found: list[Violation] = []
    fleet_names = {fleet.name for fleet in spec.fleets}
    admirals = [officer.name for officer in spec.officers if officer.role == "admiral"]
    if len(admirals) > 1:
        found.append(
            Violation(
                "officers", "one_admiral", f"an armada has one admiral, not {', '.join(admirals)}"
            )
        )
    seen: set[tuple[str, str]] = set()
    for index, officer in enumerate(spec.officers):
        found.extend(
            Violation(f"officers[{index}].{key}", "unknown_skill", reason)
            for key, reason in tables.unknown_skills(officer)
        )
        if officer.fleet not in fleet_names:
            found.append(
                Violation(
                    f"officers[{index}].fleet",
                    "officer_fleet",
                    f"{officer.name} is assigned to {officer.fleet!r}, not a fleet of the armada",
                )
            )
        key = (officer.fleet, officer.role)
        if key in seen:
            found.append(
                Violation(
                    f"officers[{index}].role",
                    "one_role_per_fleet",
                    f"{officer.fleet} already has its {officer.role}",
                )
            )
        seen.add(key)
    return found


def challenge_tier(allied_tier: int, difficulty: Difficulty, tables: Tables | None = None) -> int:
    """The suggested enemy armada tier for a battle of ``difficulty`` (at least 1).

    >>> challenge_tier(6, "easy"), challenge_tier(6, "epic"), challenge_tier(2, "easy")
    (3, 7, 1)
    """
    tables = tables or shipped_tables()
    if difficulty not in tables.challenge:
        raise UnknownDifficulty(
            f"unknown difficulty {difficulty!r}; choose from {', '.join(tables.challenge)}"
        )
    return min(20, max(1, allied_tier + tables.challenge[difficulty]))


def check_challenge(
    allied: ArmadaSpec, enemy: ArmadaSpec, difficulty: Difficulty, tables: Tables | None = None
) -> list[Violation]:
    """The enemy's own violations, plus one if its tier does not match ``difficulty``."""
    tables = tables or shipped_tables()
    found = validate_armada(enemy, tables)
    wanted = challenge_tier(allied.tier, difficulty, tables)
    if enemy.tier != wanted:
        found.append(
            Violation(
                "tier",
                "challenge",
                f"a {difficulty} battle against a tier-{allied.tier} armada wants an enemy of "
                f"tier {wanted}, not {enemy.tier}",
            )
        )
    return found
