"""Shooting, the rules that say whether a shot or a throw may be taken and what it aims at:
aimed shots, pilots, hard targets, fan lines, indirect fire, flamers and hand grenades
(:mod:`.shots` resolves them).

A shot hits when accuracy (D6 - the band's penalty + the weapon's bonus, +1 for a trooper
shooting from above) is greater than the target's defence (a roll by how much of it is
hidden, +1 for a hard target; D6+2 for troopers in a carrier).
"""

from __future__ import annotations

from math import hypot
from typing import Final

from warbench.core.geometry.templates import BlastTemplate
from warbench.core.geometry.vectors import Point
from warbench.rulesets.robogear.actions import ACTIONS_RULE, Shoot, Throw
from warbench.rulesets.robogear.data import RobogearData, UnitRecord, WeaponRecord, steps
from warbench.rulesets.robogear.flames import FlamePlan, swings
from warbench.rulesets.robogear.picture import unit_label
from warbench.rulesets.robogear.pieces import Unit, spending_rule
from warbench.rulesets.robogear.sheets import book
from warbench.rulesets.robogear.state import RobogearState
from warbench.rulesets.robogear.table import (
    BOUNDARY_TOLERANCE,
    CONTACT,
    Sight,
    aimed,
    band,
    body,
    elevation,
    flying,
    gap,
    hidden_share,
    out_of_reach,
    owners_band,
)


def spot(state: RobogearState, unit: Unit) -> Unit:
    """The base that stands for ``unit`` on the table: its carrier while it rides one."""
    return state.units[unit.carried_by] if unit.carried_by >= 0 else unit


#: Who may serve a gun (RG-ART-CREW), as the refusals put it.
FREE_CREW: Final = ("free to serve it (not one that did something else this round, a medic"
                    " treating or a trooper being treated)")


def crew_for(state: RobogearState, data: RobogearData, gun: Unit, count: int = 1) -> list[Unit]:
    """Troopers within a step of the gun free to serve it: of its player, and of the
    battery's crew squad if the gun belongs to a battery that has one; not busy with
    another action, nor a medic treating or a trooper being treated (RG-HEAL)."""
    crews = {s.id for s in state.squads if s.crew_of == gun.squad}
    free = [
        unit for unit in state.units
        if unit.kind == "trooper" and unit.player == gun.player and unit.on_table
        and not unit.busy and unit.healing < 0 and unit.held_by < 0
        and gap(unit, gun) <= 1.0 and (not crews or unit.squad in crews)
    ]
    return free[:count] if len(free) >= count else []


def shooting_block(state: RobogearState, data: RobogearData, unit: Unit,
                   enemies: list[Unit] | None = None) -> str | None:
    """Why the unit may not shoot at all right now, or None; ``enemies``: the player's
    enemies' units alive and not held back, in the table's order (``options.enemies_of``),
    if already listed: only they can be in contact (every unit is looked at otherwise)."""
    record = data.units[unit.type]
    others = state.units if enemies is None else enemies
    if unit.kind == "machine":
        if unit.pilot <= 0:
            return "a machine without a pilot can neither shoot nor move (RG-SETUP-PILOT)"
        if unit.pilot < data.measures.pilot_lives and unit.moved:
            return ("a machine with a wounded pilot either moves or shoots in a turn "
                    "(RG-PILOT-WOUND)")
        fly = book(data).flyers
        air = unit.type in fly
        teams, side = state.teams, state.teams[unit.player]
        x, y, radius = unit.x, unit.y, unit.radius
        for other in others:
            # other.on_table and touching(unit, other), spelt out: every listing asks this
            if (other.kind == "machine" and other.player != unit.player
                    and teams[other.player] != side and other.alive and not other.reserve
                    and other.carried_by < 0
                    and (other.type in fly) == air
                    and hypot(x - other.x, y - other.y) - radius - other.radius
                    <= CONTACT):
                return (f"{unit_label(data, unit)} touches enemy machine {unit_label(data, other)}:"
                        " back off to shoot (RG-FIRE-CONTACT)")
    elif unit.kind == "gun":
        if unit.carried_by >= 0:
            return "a gun aboard a carrier cannot fire (engine default, RG-INF-APC-GUN)"
        if unit.moved:
            return ("a gun either turns and fires or is moved by its crew in a turn, not both "
                    "(RG-ART-CREW)")
        if not (record.pilot_seat and unit.pilot > 0) and not crew_for(state, data, unit):
            seat = "a pilot in its seat or " if record.pilot_seat else ""
            return (f"a gun fires only with {seat}a trooper of its crew within a step {FREE_CREW} "
                    "(RG-ART-CREW)")
    else:
        if unit.crewing:
            return "a trooper serving a gun does nothing else this round (RG-ART-CREW)"
        if unit.healing >= 0 or unit.held_by >= 0:
            return "a medic and the trooper being treated do nothing else (RG-HEAL)"
        here = spot(state, unit)
        teams, side = state.teams, state.teams[unit.player]
        x, y, radius = here.x, here.y, here.radius
        for other in others:
            # other.on_table and touching(here, other), spelt out
            if (other.kind == "trooper" and other.player != unit.player
                    and teams[other.player] != side and other.alive and not other.reserve
                    and other.carried_by < 0
                    and hypot(x - other.x, y - other.y) - radius - other.radius
                    <= CONTACT):
                return (f"{unit_label(data, unit)} is in close combat with "
                        f"{unit_label(data, other)}: step away to shoot (RG-INF-FIRE-CONTACT)")
    return None


def shot_refusal(
    state: RobogearState, data: RobogearData, unit: Unit, action: Shoot
) -> str | None:
    """Why this shot is illegal (naming the rule), or None."""
    return shooting_block(state, data, unit) or shot_detail(state, data, unit, action)


def weapon_block(unit: Unit, weapon: WeaponRecord, index: int) -> str | None:
    """Why weapon ``index`` of the unit cannot fire now at any target, or None: a grenade
    thrown, jammed, fired its shots, out of ammunition, or the resource short."""
    if unit.threw:
        return "a hand grenade is thrown instead of the main weapon this turn (RG-GRENADE)"
    if index in unit.jammed:
        return f"the {weapon.name} is jammed (critical token, RG-FIRE-TOKEN)"
    shots = unit.fired.count(index)
    if unit.kind == "machine" and shots:
        return (f"each weapon of a machine fires once a turn; the {weapon.name} has fired "
                "(RG-FIRE-ONCE)")
    if unit.kind == "trooper" and shots >= weapon.shots:
        return f"the {weapon.name} fires {weapon.shots} time(s) a turn (RG-INF-FIRE-TIMES)"
    if unit.ammo[index] == 0:
        return f"the {weapon.name} is out of ammunition (RG-FIRE-AMMO)"
    cost = weapon.cost if unit.kind == "trooper" else 1
    if unit.points_left < cost:
        return f"a shot costs {cost} resource; {unit.points_left} left ({spending_rule(unit)})"
    return None


class Aim:
    """What a shot of one unit at one target needs to know of the table, whatever the
    weapon: the two bases, the gap and band between them, whether a fixed weapon points at
    the target, how much of it is hidden, whether a friendly spotter sees it, and what a
    blast marker or flame template laid there would touch. Each is worked out when first
    asked and kept: valid while nothing on the table changes (one listing, one check)."""

    __slots__ = ("_aimed", "_flames", "_markers", "_share", "_spotted", "aim", "data",
                 "distance", "plans", "reach", "shooter", "sight", "state", "target", "unit")

    def __init__(self, state: RobogearState, data: RobogearData, unit: Unit, target: Unit,
                 share: float | None = None, sight: Sight | None = None,
                 plans: dict[bool, FlamePlan] | None = None) -> None:
        self.state, self.data, self.unit, self.target = state, data, unit, target
        self.shooter = spot(state, unit)
        self.aim = spot(state, target)
        self.distance = gap(self.shooter, self.aim)
        self.reach = band(self.distance, book(data).band_edges)
        self.sight = sight
        self._share = share
        self._aimed: bool | None = None
        self._spotted: bool | None = None
        self._markers: dict[float, str | None] | None = None
        self._flames: dict[bool, str | None] | None = None
        #: The unit's flame plans (by whether its flamer swings), shared by the Aims of
        #: one listing: they do not depend on the target.
        self.plans = {} if plans is None else plans

    def aimed(self) -> bool:
        """:func:`aimed` from the shooter's base at the target's."""
        if self._aimed is None:
            self._aimed = aimed(self.shooter, self.aim)
        return self._aimed

    def share(self) -> float:
        """The target's hidden share from the shooter."""
        if self._share is None:
            self._share = (hidden_share(self.state, self.data, self.shooter, self.aim)
                           if self.sight is None else self.sight.share(self.shooter, self.aim))
        return self._share

    def spotted(self) -> bool:
        """Whether a friendly spotter or radar sees the target (for indirect fire)."""
        if self._spotted is None:
            state, units, aim = self.state, self.data.units, self.aim
            sight = self.sight = self.sight or Sight(state, self.data)
            player = self.unit.player
            self._spotted = any(
                eye.on_table and not state.enemies(eye.player, player)
                and (units[eye.type].spotter or units[eye.type].radar)
                and sight.share(eye, aim) < 1.0
                for eye in state.units
            )
        return self._spotted

    def marker(self, diameter_cm: float) -> str | None:
        """Why a blast marker of this size may not be laid over the target, or None."""
        markers = self._markers = self._markers or {}
        if diameter_cm not in markers:
            markers[diameter_cm] = _marker_refusal(
                self.state, self.data, self.unit, self.aim, diameter_cm)
        return markers[diameter_cm]

    def flame(self, weapon: WeaponRecord) -> str | None:
        """Why the flamer (swinging or fixed) may not be fired at the target, or None."""
        flames = self._flames = self._flames or {}
        free = swings(self.unit, self.data.units[self.unit.type], weapon)
        if free not in flames:
            flames[free] = self.plan(free).choose(self.target)[1]
        return flames[free]

    def plan(self, free: bool) -> FlamePlan:
        """The unit's :class:`.FlamePlan` for a swinging (``free``) or fixed flamer."""
        plan = self.plans.get(free)
        if plan is None:
            plan = self.plans[free] = FlamePlan(self.state, self.data, self.unit, free)
        return plan


def shot_detail(
    state: RobogearState, data: RobogearData, unit: Unit, action: Shoot,
    share: float | None = None, sight: Sight | None = None, view: Aim | None = None,
) -> str | None:
    """Why this shot is illegal, for a unit free to shoot (``shooting_block`` is None);
    ``share``: the target's hidden share from the shooter, if already known; ``sight``:
    the table's :class:`Sight` as it stands, if already built; ``view``: the unit's
    :class:`Aim` at the target, if already made (a listing asks it of every weapon)."""
    record = data.units[unit.type]
    if not 0 <= action.weapon < len(record.weapons):
        return f"{unit_label(data, unit)} has no weapon {action.weapon} ({ACTIONS_RULE})"
    if not 0 <= action.target < len(state.units):
        return f"there is no unit {action.target} ({ACTIONS_RULE})"
    weapon = record.weapons[action.weapon]
    target = state.units[action.target]
    if not target.alive or target.reserve:
        return f"{unit_label(data, target)} is not on the table ({ACTIONS_RULE})"
    if not state.enemies(unit.player, target.player):
        return f"only enemy units may be chosen as targets ({ACTIONS_RULE})"
    spent = weapon_block(unit, weapon, action.weapon)
    if spent:
        return spent
    return aim_refusal(state, data, unit, record, weapon, target, action,
                       view or Aim(state, data, unit, target, share, sight))


def aim_refusal(state: RobogearState, data: RobogearData, unit: Unit, record: UnitRecord,
                weapon: WeaponRecord, target: Unit, action: Shoot, view: Aim) -> str | None:
    """The rest of :func:`shot_detail`, once the weapon can fire and the target is an enemy
    on the table (a turn's listing knows both of every shot it lists): the carrier, the
    pilot, small arms, then range, arc, sight and template through ``view``."""
    t_record = data.units[target.type]
    if action.at_pilot and (t_record.cockpit != "open" or target.pilot <= 0):
        return "only the pilot of an open machine can be shot at (RG-PILOT-OPEN)"
    if target.kind != "trooper" and not action.at_pilot and unit.kind == "trooper" and (
        "armour_piercing" not in weapon.traits and "blast" not in weapon.traits
    ):
        return ("small arms cannot harm machines or guns; only armour-piercing weapons can "
                "(RG-INF-SMALLARMS)")
    if "flamer" in weapon.traits:
        return view.flame(weapon)
    sheet = book(data)
    reach = owners_band(view.distance, sheet.band_edges, weapon.damage, sheet.penalties)
    if reach is None:
        return (f"{unit_label(data, target)} is beyond long range "
                f"({view.distance:.1f} steps, RG-FIRE-BANDS)")
    if weapon.damage[reach] == 0:
        return f"the {weapon.name} is useless at that range (damage 0, RG-FIRE-BANDS)"
    if unit.kind != "trooper" and not (weapon.turret or record.turntable) and not view.aimed():
        return f"the {weapon.name} is fixed: turn to point it at the target first (RG-FIRE-AIM)"
    if action.indirect:
        if "indirect" not in weapon.traits:
            return f"the {weapon.name} cannot fire indirectly (RG-IND)"
        # a lobbing gun that sees its target lobs at the player's choice (RG-IND)
        if view.share() >= 1.0 and not view.spotted():
            return ("indirect fire at a target out of the gun's sight needs a friendly"
                    " spotter or radar that sees it (RG-IND)")
    elif view.share() >= 1.0:
        return f"{unit_label(data, target)} is out of sight (RG-FIRE-LOS)"
    if "blast" in weapon.traits or "indirect" in weapon.traits:
        farthest = max((b for b, d in enumerate(weapon.damage) if d > 0), default=0)
        return (hole_refusal(data, view.shooter, view.aim, sheet.band_edges[farthest],
                             weapon.name)
                or view.marker(weapon.blast_cm))
    return None


def hole_refusal(data: RobogearData, shooter: Unit, aim: Unit, reach: float,
                 what: str) -> str | None:
    """Why a blast marker laid over ``aim`` is out of reach, or None: its centre hole lies
    over the target's base (a machine's hull, its centre) and must be within ``reach``,
    the weapon's greatest range (RG-BLAST), measured from the shooter's base edge."""
    far = hypot(aim.x - shooter.x, aim.y - shooter.y) - shooter.radius
    if far > reach + BOUNDARY_TOLERANCE:
        return (f"the centre of the {what}'s marker over {unit_label(data, aim)} would lie "
                f"{far:.1f} steps away, beyond its greatest range of {reach:g} (RG-BLAST)")
    return None


def _marker_refusal(
    state: RobogearState, data: RobogearData, unit: Unit, aim: Unit, diameter_cm: float
) -> str | None:
    radius = steps(diameter_cm) / 2
    marker = BlastTemplate(Point(aim.x, aim.y), radius)
    for other in state.units:
        if other.on_table and not state.enemies(other.player, unit.player) and not (
                out_of_reach(aim.x, aim.y, radius, other)) and marker.touches(body(other)):
            return "a blast marker may not be placed touching a friendly model (RG-BLAST)"
    return None


def throw_refusal(
    state: RobogearState, data: RobogearData, unit: Unit, action: Throw
) -> str | None:
    """Why this grenade may not be thrown, or None."""
    if unit.kind != "trooper" or unit.grenades <= 0:
        return "this unit has no hand grenades left (RG-INF-GRENADE-ICON)"
    if unit.threw:
        return "no more than one grenade a turn (RG-GRENADE)"
    if unit.fired:
        return "a grenade is thrown instead of the main weapon: it has already fired (RG-GRENADE)"
    return shooting_block(state, data, unit) or throw_detail(state, data, unit, action)


def throw_detail(
    state: RobogearState, data: RobogearData, unit: Unit, action: Throw
) -> str | None:
    """Why this grenade may not be thrown, for a unit free to throw one."""
    if unit.points_left < 1:
        return "a throw costs 1 resource (RG-INF-ACT)"
    if not 0 <= action.target < len(state.units):
        return f"there is no unit {action.target} ({ACTIONS_RULE})"
    target = state.units[action.target]
    if not target.on_table or not state.enemies(unit.player, target.player):
        return "grenades are thrown at an enemy on the table (RG-BLAST)"
    shooter = spot(state, unit)
    if band(gap(shooter, target), book(data).band_edges) != 0:
        return "a grenade reaches short range only (engine default, RG-GRENADE)"
    if hidden_share(state, data, shooter, target) >= 1.0:
        return f"{unit_label(data, target)} is out of sight (RG-FIRE-LOS)"
    return (hole_refusal(data, shooter, target, book(data).band_edges[0], "hand grenade")
            or _marker_refusal(state, data, unit, target, data.measures.grenade_blast_cm))


def accuracy_bonus(state: RobogearState, data: RobogearData, unit: Unit, target: Unit) -> int:
    """+1 for a trooper shooting from at least a step above a trooper, or from above a
    machine's cabin; the seed names no other target, so none against a gun."""
    if unit.kind != "trooper" or target.kind == "gun":
        return 0
    record, t_record = data.units[unit.type], data.units[target.type]
    up = elevation(state, spot(state, unit), record)
    down = elevation(state, target, t_record)
    if target.kind == "trooper":
        return 1 if up >= down + 1.0 else 0
    return 1 if up > down + t_record.height else 0


def hard_target(data: RobogearData, unit: Unit, target: Unit, at_pilot: bool) -> int:
    """+1 defence: a trooper (or a pilot) against machines (armour and aircraft, not guns),
    a flyer against the ground; a trooper is an ordinary target for another trooper."""
    return hard_for(data.units[unit.type], data.units[target.type], at_pilot)


def hard_for(shooter: UnitRecord, target: UnitRecord, at_pilot: bool) -> int:
    """:func:`hard_target` by the two sheets (RG-FIRE-HARD): what the odds read too.

    >>> from warbench.rulesets.robogear.ruleset import RobogearRuleset
    >>> units = RobogearRuleset().data.units
    >>> tank, rover, rifleman = units["ferrum-tank"], units["verdant-rover"], units[
    ...     "ferrum-rifleman"]
    >>> hard_for(tank, rover, False), hard_for(tank, rover, True), hard_for(rifleman, rover, True)
    (0, 1, 0)
    """
    if (target.kind == "trooper" or at_pilot) and shooter.kind == "machine":
        return 1
    if flying(target) and not at_pilot and not flying(shooter):
        return 1
    return 0


def fan_line(state: RobogearState, data: RobogearData, unit: Unit, target: Unit,
             weapon: WeaponRecord) -> list[Unit]:
    """The troopers, friend or foe, other than the shooter and the target, that a fan shot
    at ``target`` sweeps (RG-INF-FAN): within a step of the line of fire, which runs from
    the shooter through the target out to the weapon's range, ahead of the shooter (engine
    default: not those beside or behind it) and where the weapon does damage."""
    from warbench.core.geometry.shapes import point_segment_distance

    shooter, aim = spot(state, unit), spot(state, target)
    sheet = book(data)
    reach = max((b for b in range(3) if weapon.damage[b] > 0), default=-1)
    if reach < 0:
        return []
    length = hypot(aim.x - shooter.x, aim.y - shooter.y)
    if length <= 0.0:
        return []
    ux, uy = (aim.x - shooter.x) / length, (aim.y - shooter.y) / length
    far = sheet.band_edges[reach] + shooter.radius + 1.0
    end_x, end_y = shooter.x + ux * far, shooter.y + uy * far
    swept = []
    for other in state.units:
        if other is target or other is unit or not other.on_table or other.kind != "trooper":
            continue
        if (other.x - shooter.x) * ux + (other.y - shooter.y) * uy <= shooter.radius:
            continue
        if point_segment_distance(other.x, other.y, shooter.x, shooter.y, end_x,
                                  end_y) > 1.0 + other.radius:
            continue
        other_band = owners_band(gap(shooter, other), sheet.band_edges, weapon.damage,
                                 sheet.penalties)
        if other_band is not None and weapon.damage[other_band] > 0:
            swept.append(other)
    return swept
