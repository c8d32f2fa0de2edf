"""Pure rules arithmetic: range bands, arcs, AC, gunnery modifiers, damage per die.

These functions read a state and never roll; the phases roll and call them.
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.hexgrid import Arc, arc_of
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.state import INSPIRED, ROUTED, SHAKEN, ArmadaState, Fleet

#: Hexes within which point defense adds +1 to gunnery checks.
POINT_DEFENSE_REACH = 2
#: The superweapon's gunnery penalty.
SUPERWEAPON_PENALTY = -2


@dataclass(frozen=True, slots=True)
class Band:
    """A range band: its name and the gunnery penalty it brings."""

    name: str
    penalty: int


def range_band(tables: Tables, attacker: Fleet, target: Fleet) -> Band | None:
    """The band ``target`` lies in from ``attacker``, or ``None`` beyond extreme range."""
    bands = tables.fleets.range_bands
    distance = attacker.hex.distance(target.hex)
    reach = attacker.range
    if distance <= reach:
        return Band("short", bands.short_penalty)
    if distance <= reach * bands.long_multiple:
        return Band("long", bands.long_penalty)
    if distance <= reach * bands.extreme_multiple:
        return Band("extreme", bands.extreme_penalty)
    return None


def firing_arcs(attacker: Fleet, target: Fleet) -> frozenset[str]:
    """The attacker's weapon arcs that hold the target (two on a boundary line)."""
    arcs = arc_of(attacker.hex, attacker.facing, target.hex)
    return frozenset(arc.value for arc in arcs if arc.value in attacker.arcs)


def targeting_refusal(tables: Tables, attacker: Fleet, target: Fleet) -> str | None:
    """Why ``attacker`` may not fire at ``target`` now, or ``None`` if it may."""
    if target.side == attacker.side:
        return f"{target.name} is a friendly fleet"
    if target.status == "destroyed":
        return f"{target.name} is destroyed"
    if not firing_arcs(attacker, target):
        return f"{target.name} is in none of {attacker.name}'s firing arcs {list(attacker.arcs)}"
    if range_band(tables, attacker, target) is None:
        return f"{target.name} is beyond {attacker.name}'s extreme range"
    return None


def shielded_front(attacker: Fleet, target: Fleet) -> bool:
    """Whether the target's forward shields face the shot (the attacker only in its fore arc).

    On a boundary the attacker chooses the arc it shoots into, so it picks the side.
    """
    return target.shields > 0 and arc_of(target.hex, target.facing, attacker.hex) == {Arc.FORE}


def armor_class(state: ArmadaState, target: Fleet, attacker: Fleet | None = None) -> int:
    """AC: 10 + check modifier + chief spellcaster's bonus + forward shields (against
    ``attacker``'s gunnery), -1 with damaged engines."""
    ac = 10 + target.check_modifier
    if attacker is not None:
        ac += state.officer_bonus(target, "chief-spellcaster")
        if shielded_front(attacker, target):
            ac += 1
    if "engines" in target.criticals:
        ac -= 1
    return ac


def morale_modifier(fleet: Fleet) -> int:
    """What the fleet's morale adds to all its checks (+1 inspired, -1 shaken)."""
    if fleet.morale == INSPIRED:
        return 1
    if fleet.morale == SHAKEN:
        return -1
    return 0


def gunnery_modifier(
    state: ArmadaState,
    tables: Tables,
    attacker: Fleet,
    target: Fleet,
    *,
    superweapon: bool = False,
) -> int:
    """Everything added to the d20 of a gunnery check against ``target``."""
    band = range_band(tables, attacker, target)
    total = attacker.check_modifier + state.officer_bonus(attacker, "chief-technician")
    total += band.penalty if band is not None else 0
    total += morale_modifier(attacker)
    if attacker.morale == ROUTED:
        total += tables.rounds.rout.attack_penalty
    if attacker.has("bombers") and target.fleet_class == "capital":
        total += 1
    if attacker.has("point-defense") and attacker.hex.distance(target.hex) <= POINT_DEFENSE_REACH:
        total += 1
    if superweapon:
        total += SUPERWEAPON_PENALTY
    return total


def strong_against(tables: Tables, fleet: Fleet, other_class: str) -> bool:
    """Whether ``fleet`` is strong against fleets of ``other_class``. Interceptors trade
    strength against capitals for strength against fighters."""
    if fleet.has("interceptors") and other_class in ("capital", "fighter"):
        return other_class == "fighter"
    return other_class in tables.classes[fleet.fleet_class].strong_against


def matchup(tables: Tables, attacker: Fleet, target: Fleet) -> int:
    """+1 damage per die when the attacker is strong against the target, -1 when the
    target is strong against the attacker (so the attacker is the weak one)."""
    return int(strong_against(tables, attacker, target.fleet_class)) - int(
        strong_against(tables, target, attacker.fleet_class)
    )


def damage_per_die(tables: Tables, attacker: Fleet, target: Fleet) -> int:
    """The change to each damage die: matchup, damaged weapons, the damage threshold."""
    change = matchup(tables, attacker, target)
    if "weapons" in attacker.criticals:
        change -= 1
    if target.has("damage-threshold") and not attacker.has("bombers"):
        change -= 1
    return change
