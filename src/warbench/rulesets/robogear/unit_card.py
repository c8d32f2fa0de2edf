"""A ROBOGEAR army sheet (machine, trooper or gun) as a stat card, in steps (2.5 cm)."""

from __future__ import annotations

from warbench.core.cards import CardWeapon, UnitCard
from warbench.rulesets.robogear.data import Measures, UnitRecord, WeaponRecord

#: What each weapon trait and sheet rule does (docs/rules/robogear.md).
RULES = {
    "armour_piercing": "can harm machines (RG-INF-AP)",
    "deadly": "a hit always destroys the target (RG-INF-DEADLY)",
    "fan": "troopers near the line of fire roll defence too (RG-INF-FAN)",
    "blast": "bursts hit or miss, scattered by the dice (RG-INF-BLAST-ICON)",
    "flamer": "a flame template from the muzzle",
    "indirect": "lobs at a target it sees, or one a spotter or radar sees (RG-IND)",
    "medic": "brings allied troopers back from red to yellow (RG-INF-MEDIC)",
    "spotter": "marks aiming points for lobbing guns (RG-INF-SPOTTER)",
    "infiltrate": "deploys later, anywhere out of enemy sight (RG-INF-INFILTRATE)",
}


def _bands(measures: Measures) -> tuple[str, ...]:
    edges = (0.0, *measures.band_edges)
    names = ("short", "medium", "long")
    return tuple(
        f"{name} {low:g}-{high:g}"
        for name, low, high in zip(names, edges, edges[1:], strict=False)
    )


def _weapon(weapon: WeaponRecord, measures: Measures) -> CardWeapon:
    bands = tuple(
        (head, str(damage) if damage else "-")
        for head, damage in zip(_bands(measures), weapon.damage, strict=True)
    )
    notes = [f"ammo {weapon.ammo}"] if weapon.ammo else []
    notes += [f"{weapon.shots} shots"] if weapon.shots > 1 else []
    notes += [f"+{weapon.bonus} to hit"] if weapon.bonus else []
    notes += [f"cost {weapon.cost}"] if weapon.cost > 1 else []
    notes += [trait.replace("_", "-") for trait in weapon.traits]
    notes += [f"blast {weapon.blast_cm:g} cm"] if weapon.blast_cm else []
    arcs = "turret" if weapon.turret else "ahead"
    return CardWeapon(weapon.name, arcs, bands, ", ".join(notes))


def unit_card(unit_id: str, unit: UnitRecord, measures: Measures) -> UnitCard:
    """The card of one army sheet: armour or wounds, resource by section, weapons, rules."""
    if unit.kind == "trooper":
        stats = [("wounds", str(unit.wounds))]
    else:
        stats = [("armour", " ".join(map(str, unit.armour)))]
    stats.append(("sections", "/".join(map(str, unit.sections))))
    stats.append(("resource", "/".join(map(str, unit.resource))))
    if unit.chassis is not None:
        stats.append(("chassis", unit.chassis))
    if unit.kind == "machine":
        stats.append(("cockpit", unit.cockpit))
    stats += [(label, str(value)) for label, value in (
        ("grenades", unit.grenades), ("transport", unit.transport), ("brawler", unit.brawler)
    ) if value]
    traits = [(name, RULES[name]) for name in ("medic", "spotter", "infiltrate")
              if getattr(unit, name)]
    traits += [(f"melee: {melee.name}", f"power {melee.power} in a ram (RG-CC-WEAPON)")
               for melee in unit.melee]
    used = {trait for weapon in unit.weapons for trait in weapon.traits}
    traits += [(trait.replace("_", "-"), RULES[trait]) for trait in sorted(used)]
    if unit.role:
        traits.append(("role", unit.role))
    return UnitCard(
        unit_id,
        unit.name,
        f"{unit.faction} {unit.kind}",
        unit.points,
        stats=tuple(stats),
        weapons=tuple(_weapon(weapon, measures) for weapon in unit.weapons),
        traits=tuple(traits),
        notes=("Ranges in steps (2.5 cm); each band gives the weapon's damage there.",),
    )
