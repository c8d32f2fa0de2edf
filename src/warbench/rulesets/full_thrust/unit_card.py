"""Full Thrust catalog entries as stat cards: ship designs (their SSD in words) and fighters.

Ranges are in MU; each weapon's bands come from ``rules.toml``, as the rules read them.
"""

from __future__ import annotations

from warbench.core.cards import CardWeapon, UnitCard
from warbench.core.catalog import Record
from warbench.rulesets.full_thrust.data import Band, DesignRecord, FighterRecord, WeaponRecord
from warbench.rulesets.full_thrust.library import Library

#: Weapon kinds in words.
WEAPON_NAMES = {
    "beam": "beam battery",
    "pulse_torpedo": "pulse torpedo",
    "needle_beam": "needle beam",
    "submunition": "submunition pack",
    "salvo_launcher": "salvo launcher",
    "salvo_rack": "salvo rack",
    "k_gun": "K-gun",
    "scattergun": "scattergun",
    "mkp": "MKP",
    "plasma_launcher": "plasma launcher",
    "pulser": "pulser",
    "stinger": "stinger node",
    "spicule": "spicule beam",
    "pod_launcher": "pod launcher",
}
#: Weapons that fire once a battle.
ONE_SHOT = ("submunition", "salvo_rack", "scattergun", "mkp")


def _table(table: tuple[Band, ...], value: str) -> tuple[tuple[str, str], ...]:
    """Bands of a range table (``value`` formats each entry, e.g. ``'{}+'``)."""
    edges = (0.0, *(band.reach for band in table))
    return tuple(
        (f"{low:g}-{high:g}", value.format(band.value))
        for low, high, band in zip(edges, edges[1:], table, strict=False)
    )


def _reach(reach: float, value: str) -> tuple[tuple[str, str], ...]:
    return ((f"0-{reach:g}", value),)


def weapon_bands(weapon: WeaponRecord, lib: Library) -> tuple[tuple[str, str], ...]:
    """What one weapon does in each range band (dice, a to-hit number, a reach)."""
    rules = lib.rules
    step = rules.weapons.beam_band
    match weapon.kind:
        case "beam":
            level = weapon.beam_class
            return tuple(
                (f"{step * band:g}-{step * (band + 1):g}", f"{level - band}d")
                for band in range(level)
            )
        case "pulse_torpedo":
            return _table(rules.weapons.pulse_torpedo, "hit {}+")
        case "k_gun":
            return _table(rules.weapons.k_gun, "hit {}+")
        case "submunition":
            return _table(rules.weapons.submunition, "{}d")
        case "needle_beam":
            return _reach(rules.weapons.needle_beam_reach, "1 shot")
        case "mkp":
            return _reach(rules.weapons.mkp_reach, "1 shot")
        case "scattergun":
            return _reach(rules.kravak_defaults.scattergun_reach, "1 shot")
        case "salvo_launcher" | "salvo_rack":
            return _reach(rules.salvo.reach, f"{rules.salvo.missiles} missiles")
        case "plasma_launcher":
            return _reach(rules.phalon.plasma_reach, f"class {weapon.bolt_class} bolt")
        case "pulser":
            mode = rules.phalon.pulser[weapon.mode]
            return _reach(mode.reach, f"{mode.dice}d ({weapon.mode})")
        case "stinger":
            return _reach(rules.savasku.stinger_reach, "power dice")
    return ()  # the spicule beam: point defence, no range of its own


def _weapon(weapon: WeaponRecord, lib: Library) -> CardWeapon:
    name = WEAPON_NAMES[weapon.kind]
    level = getattr(weapon, "beam_class", None) or getattr(weapon, "gun_class", None)
    if level is not None:
        name = f"class-{level} {name}"
    notes = []
    if weapon.kind in ONE_SHOT:
        notes.append("one shot")
    if weapon.kind == "salvo_launcher":
        notes.append(f"magazine {weapon.magazine}")
    if weapon.kind == "spicule":
        notes.append("point defence")
    if weapon.kind == "pod_launcher":
        notes.append(f"{weapon.pod} pods" + (", point defence" if weapon.pod == "interceptor"
                                             else ""))
    return CardWeapon(name, " ".join(weapon.arcs), weapon_bands(weapon, lib), ", ".join(notes))


def _design_card(unit_id: str, design: DesignRecord, lib: Library) -> UnitCard:
    stats = [
        ("MASS", str(design.mass)),
        ("thrust", f"{design.thrust}{' adv' if design.drive == 'advanced' else ''}"),
        ("hull", str(design.hull)),
        ("armour", str(design.armour)),
        ("screens", str(design.screens)),
        ("FCS", str(design.fire_controls)),
        ("PDS", str(design.pds)),
    ]
    stats += [(label, str(value)) for label, value in (
        ("ADFC", design.adfc), ("hangars", design.hangars), ("power", design.power),
        ("biomass", design.biomass), ("drone wombs", design.wombs)
    ) if value]
    traits = [("race", design.race), ("FTL", "yes" if design.ftl else "no")]
    if design.streamlining != "none":
        traits.append(("streamlining", design.streamlining))
    if design.shroud:
        traits.append(("shroud", "yes"))
    if design.armour_layers:
        traits.append(("armour layers", ", ".join(map(str, design.armour_layers))))
    traits += [(tag, "") for tag in design.tags]
    compiled = lib.designs.get(unit_id)
    return UnitCard(
        unit_id,
        design.name,
        f"{design.race} ship, MASS {design.mass}",
        compiled.points if compiled is not None else design.points,
        stats=tuple(stats),
        weapons=tuple(_weapon(weapon, lib) for weapon in design.weapons),
        traits=tuple(traits),
        notes=("Ranges in MU; beams roll the dice shown, the others hit on the number shown.",),
    )


def _fighter_card(unit_id: str, fighter: FighterRecord) -> UnitCard:
    stats = (
        ("size", str(fighter.size)),
        ("move", str(fighter.move)),
        ("endurance", str(fighter.endurance)),
        ("code", fighter.code),
    )
    traits = [
        ("against ships", f"{fighter.ship_attack} {fighter.ship_modifier:+d}"),
        ("dogfight", f"{fighter.dogfight} {fighter.dogfight_modifier:+d}"),
    ]
    traits += [
        (flag, "") for flag in ("interceptor", "armoured", "light") if getattr(fighter, flag)
    ]
    traits += [("roles", ", ".join(fighter.roles))] if fighter.roles else []
    return UnitCard(
        unit_id,
        fighter.name,
        f"fighter group ({', '.join(fighter.races)})",
        fighter.points,
        stats=stats,
        traits=tuple(traits),
    )


def full_thrust_card(unit_id: str, record: Record, lib: Library) -> UnitCard:
    """The card of a ship design or (``fighters/<id>``) a fighter group type."""
    if isinstance(record, DesignRecord):
        return _design_card(unit_id, record, lib)
    if isinstance(record, FighterRecord):
        return _fighter_card(unit_id, record)
    raise TypeError(f"full-thrust has no card for a {type(record).__name__}")
