"""Armada catalog entries as stat cards: fleet templates and officer roles."""

from __future__ import annotations

from warbench.core.cards import CardWeapon, UnitCard
from warbench.core.catalog import Record
from warbench.rulesets.armada.data import OfficerRole, Tables
from warbench.rulesets.armada.templates import FleetTemplate


def _bands(template: FleetTemplate, tables: Tables) -> tuple[tuple[str, str], ...]:
    """The short, long and extreme bands of the fleet's range, in hexes, with penalties."""
    rule = tables.fleets.range_bands
    short, long, extreme = (
        template.range,
        template.range * rule.long_multiple,
        template.range * rule.extreme_multiple,
    )
    return (
        (f"short ≤{short}", f"{rule.short_penalty:+d}"),
        (f"long {short + 1}-{long}", f"{rule.long_penalty:+d}"),
        (f"extreme {long + 1}-{extreme}", f"{rule.extreme_penalty:+d}"),
    )


def _template_card(unit_id: str, template: FleetTemplate, tables: Tables) -> UnitCard:
    stats = (
        ("HP", str(template.hull_points)),
        ("CT", str(template.critical_threshold)),
        ("shields", str(template.shield_points)),
        ("AC", str(template.armor_class)),
        ("checks", f"{template.check_modifier:+d}"),
        ("speed", str(template.speed)),
        ("turn", str(template.turn_distance)),
        ("piloting", f"{template.piloting_modifier:+d}"),
    )
    gunnery = CardWeapon(
        "gunnery",
        ", ".join(template.arcs),
        _bands(template, tables),
        f"{template.damage} damage",
    )
    traits = (
        ("maneuverability", template.maneuverability),
        ("strong against", ", ".join(template.strong_against) or "-"),
        ("weak against", ", ".join(template.weak_against) or "-"),
        (
            "may take",
            ", ".join(
                f"{tables.abilities[name].name} (+{cost})"
                for name, cost in template.abilities.items()
            ),
        ),
    )
    notes = (
        "Range bands in hexes; each gives the gunnery check's modifier there.",
        f"Engine defaults: {', '.join(template.engine_defaults)}.",
    )
    return UnitCard(
        unit_id,
        template.name,
        f"{template.fleet_class} fleet, {template.size}, tier {template.tier}",
        template.cost,
        stats=stats,
        weapons=(gunnery,),
        traits=traits,
        notes=notes,
    )


def _role_card(unit_id: str, role: OfficerRole) -> UnitCard:
    return UnitCard(
        unit_id,
        role.name,
        "officer role",
        None,
        traits=(
            ("skills", ", ".join(role.skills)),
            ("bonus to", role.passive),
            ("orders", ", ".join(role.orders)),
        ),
    )


def armada_card(unit_id: str, record: Record, tables: Tables) -> UnitCard:
    """The card of a fleet template (``capital-large-t3``) or an officer role."""
    if isinstance(record, FleetTemplate):
        return _template_card(unit_id, record, tables)
    if isinstance(record, OfficerRole):
        return _role_card(unit_id, record)
    raise TypeError(f"armada has no card for a {type(record).__name__}")
