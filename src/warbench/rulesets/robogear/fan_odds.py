"""The exact odds of a fan shot's sweep on the web table (RG-INF-FAN): every other trooper,
friend or foe, on the line of fire rolls its own defence against the shot's one accuracy
roll, and a hit deals the weapon's damage at that trooper's own band.

Each swept trooper gets a line of its own (``hit``, and ``killed`` where a hit kills it),
worked out as :func:`.shots._fan` rolls it: the troopers :func:`.fire.fan_line` finds, the
aimed shot's accuracy (the aimed target's band penalty, the weapon's bonus, the height
bonus against the aimed target), each trooper's cover row and hard-target bonus as
:func:`.shots.roll_defence` reads them. The lines are each trooper's own chances; the
troopers' hits are not independent of each other (one accuracy roll serves them all).
"""

from __future__ import annotations

from warbench.rulesets.robogear.chances import tables_hit_chance
from warbench.rulesets.robogear.data import RobogearData, WeaponRecord
from warbench.rulesets.robogear.fire import accuracy_bonus, fan_line, hard_target, spot
from warbench.rulesets.robogear.picture import unit_label
from warbench.rulesets.robogear.pieces import Unit
from warbench.rulesets.robogear.sheets import book
from warbench.rulesets.robogear.state import RobogearState
from warbench.rulesets.robogear.table import gap, hidden_share, owners_band


def swept_lines(
    data: RobogearData, state: RobogearState, unit: Unit, target: Unit, weapon: WeaponRecord,
) -> dict[str, dict[str, float]]:
    """A line for each trooper ``unit``'s fan shot at ``target`` sweeps, by its label:
    the chance the shot's accuracy beats its defence, and that the hit kills it."""
    if "fan" not in weapon.traits:
        return {}
    sheet = book(data)
    shooter, aim = spot(state, unit), spot(state, target)
    reach = owners_band(gap(shooter, aim), sheet.band_edges, weapon.damage, sheet.penalties)
    if reach is None:
        return {}
    bonus = weapon.bonus + accuracy_bonus(state, data, unit, aim)
    lines: dict[str, dict[str, float]] = {}
    for other in fan_line(state, data, unit, target, weapon):
        if not other.alive:
            continue
        band = owners_band(gap(shooter, other), sheet.band_edges, weapon.damage,
                           sheet.penalties) or 0
        share = hidden_share(state, data, shooter, other)
        hit = tables_hit_chance(sheet, reach, bonus, share, hard_target(data, unit, other,
                                                                        False))
        record = data.units[other.type]
        kills = "deadly" in weapon.traits or other.damage + weapon.damage[band] >= record.cells
        lines[f"{unit_label(data, other)}: swept by the fan"] = {
            "hit": hit, "killed": hit if kills else 0.0}
    return lines
