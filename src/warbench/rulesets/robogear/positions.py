"""Where a bot's unit wants to stand: in range of the enemy worth hurting, in cover from
the rest (the commander bot's moves; it reads only the state and data it is shown).

A spot is worth the damage the unit can expect to deal from it (weighted by whose army it
hurts) less the damage it can expect to take there: each enemy's best shot at it, through
whatever cover the spot gives.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from warbench.rulesets.robogear.chances import tables_hit_chance
from warbench.rulesets.robogear.data import RobogearData
from warbench.rulesets.robogear.moves import movement, rate, step_cost
from warbench.rulesets.robogear.state import RobogearState, Unit
from warbench.rulesets.robogear.table import band, flying, gap, hidden_share

#: How much a point of expected loss counts against a point of expected gain.
CAUTION = 0.6
#: How much better than staying a spot must be to be worth the resource.
MARGIN = 0.5


def _hard(data: RobogearData, shooter: Unit, target: Unit) -> int:
    """The +1 defence of a trooper against machines and of a flyer against the ground."""
    if target.kind == "trooper" and shooter.kind != "trooper":
        return 1
    return 1 if flying(data.units[target.type]) and not flying(data.units[shooter.type]) else 0


def hurt(state: RobogearState, data: RobogearData, shooter: Unit, target: Unit) -> float:
    """The expected share of the target's remaining life that one best shot takes."""
    reach = band(gap(shooter, target), data.measures)
    if reach is None:
        return 0.0
    best = 0
    for weapon in data.units[shooter.type].weapons:
        if "flamer" in weapon.traits or "indirect" in weapon.traits:
            continue
        if shooter.kind == "trooper" and target.kind != "trooper" and (
                "armour_piercing" not in weapon.traits):
            continue
        best = max(best, weapon.damage[reach])
    if best == 0:
        return 0.0
    share = hidden_share(state, data, shooter, target)
    if share >= 1.0:
        return 0.0
    chance = tables_hit_chance(data.tables, reach, 0, share, _hard(data, shooter, target))
    left = data.units[target.type].cells - target.damage
    return chance * min(1.0, best / max(1, left))


def spot_value(state: RobogearState, data: RobogearData, unit: Unit, foes: list[Unit],
               weights: list[float], armed: bool) -> float:
    """Gain less caution times loss for ``unit`` standing where it says; ``armed``: it can
    still shoot this turn from there (else the gain counts half, a promise for later)."""
    gain = 0.0
    loss = 0.0
    for foe in foes:
        worth = hurt(state, data, unit, foe) * data.units[foe.type].points
        gain = max(gain, worth * weights[foe.player])
        loss += hurt(state, data, foe, unit)
    return gain * (1.0 if armed else 0.5) - CAUTION * loss * data.units[unit.type].points


def _moved(state: RobogearState, unit: Unit, heading: float, distance: float) -> Unit | None:
    """A copy of the unit after a straight move, or None off the table."""
    rad = math.radians(heading)
    x, y = unit.x + math.sin(rad) * distance, unit.y + math.cos(rad) * distance
    if not (unit.radius <= x <= state.width - unit.radius
            and unit.radius <= y <= state.height - unit.radius):
        return None
    return replace(unit, x=x, y=y)


def best_move(state: RobogearState, data: RobogearData, unit: Unit, foes: list[Unit],
              weights: list[float], aim: float,
              legal: Callable[[float, float], bool]) -> tuple[float, float] | None:
    """The (heading, distance) of the unit's best straight move, or None if staying is as
    good. Headings tried: toward ``aim`` and around it (any-direction chassis), else
    forward, back and sideways; lengths: all, half or one point of its resource."""
    record = data.units[unit.type]
    row = movement(data, record)
    shot = min((w.cost for w in record.weapons), default=99)
    here = spot_value(state, data, unit, foes, weights, unit.points_left >= shot)
    if row.any_direction:
        headings = [(aim + turn) % 360 for turn in (0, 45, -45, 90, -90, 135, -135, 180)]
    else:
        headings = [unit.facing % 360, (unit.facing + 180) % 360,
                    (unit.facing + 90) % 360, (unit.facing - 90) % 360]
    best, value = None, here + MARGIN * record.points / 10
    for heading in headings:
        speed = rate(row, heading - unit.facing)[0]
        if speed <= 0:
            continue
        for points in sorted({unit.points_left, max(1, unit.points_left // 2), 1}):
            distance = round(points * speed, 3)
            cost = step_cost(row, heading - unit.facing, distance)
            there = _moved(state, unit, heading, distance)
            if isinstance(cost, str) or there is None:
                continue
            worth = spot_value(state, data, there, foes, weights,
                               unit.points_left - cost >= shot)
            if worth > value and legal(round(heading, 4), distance):
                best, value = (round(heading, 4), distance), worth
    return best
