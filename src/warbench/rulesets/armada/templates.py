"""Fleet templates: every class, size and tier a fleet can have, as catalog records.

An army list names a fleet by its template id, ``<class>-<size>-t<tier>``; the template
carries the statistics the rules derive from those three (plus the abilities the class may
take and their costs). Officer roles are listed beside them under their role ids.

>>> templates = fleet_templates()
>>> dawn = templates["capital-large-t3"]
>>> dawn.hull_points, dawn.damage, dawn.cost, dawn.abilities["superweapon"]
(16, '1d12', 15, 3)
>>> template_id("fighter", "small", 12)
'fighter-small-t12'
"""

from __future__ import annotations

from functools import lru_cache

from warbench.core.catalog import Record
from warbench.rulesets.armada.data import (
    CLASSES,
    SIZES,
    FleetClass,
    FleetSpec,
    Size,
    Tables,
    shipped_tables,
)
from warbench.rulesets.armada.fleets import FLAGSHIP, fleet_stats

#: Template statistics that come from engine defaults rather than the rules source.
TEMPLATE_DEFAULTS = ("shield_points", "range", "arcs", "strong_against", "weak_against")


class FleetTemplate(Record):
    """A fleet of one class, size and tier: its statistics before abilities and officers."""

    name: str
    fleet_class: FleetClass
    size: Size
    tier: int
    cost: int
    hull_points: int
    critical_threshold: int
    shield_points: int
    check_modifier: int
    armor_class: int
    damage: str
    speed: int
    maneuverability: str
    turn_distance: int
    piloting_modifier: int
    range: int
    arcs: tuple[str, ...]
    strong_against: tuple[str, ...]
    weak_against: tuple[str, ...]
    abilities: dict[str, int]
    engine_defaults: tuple[str, ...] = TEMPLATE_DEFAULTS


def template_id(fleet_class: str, size: str, tier: int) -> str:
    """The catalog id of a template."""
    return f"{fleet_class}-{size}-t{tier}"


def _template(tables: Tables, fleet_class: FleetClass, size: Size, tier: int) -> FleetTemplate:
    spec = FleetSpec.model_validate(
        {"name": template_id(fleet_class, size, tier), "tier": tier, "size": size,
         "class": fleet_class}
    )
    stats = fleet_stats(spec, tables)
    klass = tables.classes[fleet_class]
    return FleetTemplate(
        name=f"{fleet_class.capitalize()} fleet, {size}, tier {tier}",
        fleet_class=fleet_class,
        size=size,
        tier=tier,
        cost=stats.cost,
        hull_points=stats.hull_points,
        critical_threshold=stats.critical_threshold,
        shield_points=stats.shield_points,
        check_modifier=stats.check_modifier,
        armor_class=stats.armor_class,
        damage=stats.damage,
        speed=stats.speed,
        maneuverability=klass.maneuverability,
        turn_distance=stats.turn_distance,
        piloting_modifier=stats.piloting_modifier,
        range=stats.range,
        arcs=stats.arcs,
        strong_against=klass.strong_against,
        weak_against=klass.weak_against,
        abilities={
            name: ability.cost
            for name, ability in tables.abilities.items()
            if name != FLAGSHIP and ability.allows(fleet_class)
        },
    )


@lru_cache(maxsize=4)
def fleet_templates(tables: Tables | None = None) -> dict[str, FleetTemplate]:
    """Every template, by id: the three classes x three sizes x tiers 1 to 20 (of ``tables``,
    the shipped ones by default)."""
    tables = tables or shipped_tables()
    return {
        template_id(fleet_class, size, row.tier): _template(tables, fleet_class, size, row.tier)
        for fleet_class in CLASSES
        for size in SIZES
        for row in tables.tiers
    }
