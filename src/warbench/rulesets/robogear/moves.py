"""Movement by chassis, turning, ramming and running troopers over.

A machine pays 1 resource for every 2 steps, a trooper 1 a step; which directions a unit
may take and what a turn costs come from ``tables.toml``'s movement rows (seed where it
speaks, engine default for walkers going back or sideways).
"""

from __future__ import annotations

import math
from math import hypot, isfinite
from typing import Final

from warbench.core.actions import Action
from warbench.core.decisions import DrawnSpace
from warbench.core.events import RollEffect
from warbench.core.geometry.vectors import signed_angle, to_radians
from warbench.core.rng import RandomStream
from warbench.core.rounding import round_to
from warbench.core.words import counted
from warbench.rulesets.robogear.actions import ACTIONS_RULE, Move, Ram, RunOver, Turn
from warbench.rulesets.robogear.damage import RobogearGame, damage, destroy
from warbench.rulesets.robogear.data import RobogearData, UnitRecord, steps
from warbench.rulesets.robogear.events import Moved, Rammed, RanOver
from warbench.rulesets.robogear.fire import FREE_CREW, crew_for
from warbench.rulesets.robogear.picture import unit_label, unit_words
from warbench.rulesets.robogear.pieces import Unit, spending_rule
from warbench.rulesets.robogear.sheets import Gait, book
from warbench.rulesets.robogear.state import RobogearState, armour_level, resource
from warbench.rulesets.robogear.table import (
    crossing_cost,
    flying,
    gap,
    heading_to,
    path_blocker,
)

#: Headings closer than this (degrees) count as the same direction.
ANGLE_TOLERANCE: Final = 0.01


def movement(data: RobogearData, record: UnitRecord) -> Gait:
    """The movement row of the unit's chassis (troopers and guns have their own), as its
    compiled copy."""
    return book(data).gaits[record.chassis or record.kind]


def rate(row: Gait, relative: float) -> tuple[float, str]:
    """Steps per resource point along a heading ``relative`` to the facing, and its name.

    >>> from warbench.rulesets.robogear.data import Movement
    >>> rate(Gait(Movement(forward=2.0, back=1.0, side=1.0)), -90.0)
    (1.0, 'sideways')
    """
    if row.any_direction:
        return row.forward, "any direction"
    off = abs(signed_angle(relative))
    if off <= ANGLE_TOLERANCE:
        return row.forward, "forward"
    if abs(off - 180.0) <= ANGLE_TOLERANCE:
        return row.back, "back"
    if abs(off - 90.0) <= ANGLE_TOLERANCE:
        return row.side, "sideways"
    return 0.0, "at an angle"


def move_block(state: RobogearState, data: RobogearData, unit: Unit) -> str | None:
    """Why the unit may not move or turn at all now, or None."""
    if unit.carried_by >= 0:
        return "a unit riding a carrier moves with it (disembark first, RG-INF-APC)"
    if unit.kind == "machine":
        if unit.pilot <= 0:
            return "a machine without a pilot can neither shoot nor move (RG-SETUP-PILOT)"
        if unit.pilot < data.measures.pilot_lives and unit.shot:
            return ("a machine with a wounded pilot either moves or shoots in a turn "
                    "(RG-PILOT-WOUND)")
    if unit.kind == "trooper" and unit.crewing:
        return "a trooper serving a gun does nothing else this round (RG-ART-CREW)"
    if unit.healing >= 0 or unit.held_by >= 0:
        return "a medic and the trooper being treated do nothing else (RG-HEAL)"
    return None


def gait_rule(row: Gait) -> str:
    """The row saying which ways a chassis of this gait moves: flyers forward only,
    walkers sideways too, wheels and tracks forward and back."""
    if row.forward_only:
        return "RG-MOVE-FLY"
    return "RG-MOVE-WALK" if row.side > 0 else "RG-MOVE-WHEEL"


def charge_rule(action: Ram | RunOver) -> str:
    """The row of a ram or of a run-over."""
    return "RG-RAM-TOUCH" if isinstance(action, Ram) else "RG-RUNOVER"


def step_cost(row: Gait, relative: float, distance: float) -> int | str:
    """Resource for a straight move, or why the chassis cannot move that way."""
    speed, way = rate(row, relative)
    if speed <= 0:
        return f"this chassis cannot move {way} ({gait_rule(row)})"
    return max(1, math.ceil(distance / speed - 1e-9))


def move_refusal(state: RobogearState, data: RobogearData, action: Move) -> str | None:
    """Why this move is illegal (naming the rule), or None."""
    unit = state.units[action.unit]
    record = data.units[unit.type]
    blocked = move_block(state, data, unit)
    if blocked:
        return blocked
    if unit.inside >= 0:
        return "a trooper inside a building leaves it by its slot first (rg-leave, RG-BLD-LEAVE)"
    if not (0.0 < action.distance < 1000.0) or not isfinite(action.heading):
        return f"a move needs a positive distance and a heading ({ACTIONS_RULE})"
    row = movement(data, record)
    relative = action.heading - unit.facing
    cost = step_cost(row, relative, action.distance)
    if isinstance(cost, str):
        return cost
    budget = unit.points_left
    if unit.kind == "gun":
        if not record.wheels:
            return "this gun has no wheels and cannot be moved (RG-ART-CREW)"
        if unit.served:
            return ("a gun either turns and fires or is moved by its crew in a turn, not both "
                    "(RG-ART-CREW)")
        crew = crew_for(state, data, unit, 2)
        if len(crew) < 2:
            return f"moving a gun takes two troopers within a step of it {FREE_CREW} (RG-ART-CREW)"
        budget = push_budget(data, unit, crew)
    x1, y1 = move_end(unit, action.heading, action.distance)
    forward = is_forward(row, relative)
    extra = crossing_cost(state, data, unit, record, x1, y1, forward)
    if isinstance(extra, str):
        return extra
    if cost + extra > budget:
        if unit.kind == "gun":
            return (f"the crew push the gun {budget} step(s) more this turn, "
                    f"not {cost + extra} (RG-ART-CREW)")
        return (f"the move costs {cost + extra} resource; {unit.points_left} left "
                f"({spending_rule(unit)})")
    return (path_blocker(state, data, unit, x1, y1)
            or _group_refusal(state, data, unit, x1, y1)
            or _battery_refusal(state, data, unit, x1, y1)
            or _crew_refusal(state, unit, x1, y1))


def push_budget(data: RobogearData, gun: Unit, crew: list[Unit]) -> int:
    """Points of movement the crew still give the gun this turn (RG-ART-CREW: two troopers
    move it as far as the crew can move): the first push opens the lesser of the two crew
    troopers' full resource, kept in the gun's points (a moved gun neither turns nor fires,
    so its own energy has no other use that turn)."""
    if gun.moved:
        return gun.points_left
    return min(resource(data.units[c.type], c) for c in crew)


def is_forward(row: Gait, relative: float) -> bool:
    """Whether a heading ``relative`` to the facing is straight ahead (a spider's or a
    trooper's move in any other direction is not, RG-MOVE-WALK-OBST)."""
    if row.any_direction:
        return abs(signed_angle(relative)) <= ANGLE_TOLERANCE
    return rate(row, relative)[1] == "forward"


#: Why a battery's crew may not go (RG-ART-BATTERY-CREW).
CREW_STAYS: Final = "a battery's crew may not leave its guns while a gun and ammunition last"
#: The row of :data:`CREW_STAYS`, the words ending each refusal made of them.
CREW_RULE: Final = "RG-ART-BATTERY-CREW"


def crew_guns(state: RobogearState, unit: Unit) -> list[Unit]:
    """The guns the unit may not leave: those of the battery its squad crews that are
    alive with ammunition left (none for any other unit)."""
    battery = state.squads[unit.squad].crew_of
    if battery < 0:
        return []
    guns = [state.units[g] for g in state.squads[battery].units]
    return [g for g in guns if g.alive and any(a != 0 for a in g.ammo)]


def battery_mates(state: RobogearState, unit: Unit) -> list[Unit]:
    """The other living guns of the gun's battery (none for a gun attached to a squad)."""
    if unit.kind != "gun":
        return []
    return [state.units[u] for u in state.squads[unit.squad].units
            if u != unit.id and state.units[u].kind == "gun" and state.units[u].alive]


def _crew_refusal(state: RobogearState, unit: Unit, x: float, y: float) -> str | None:
    """A battery's crew stays within a step of its guns while a gun with ammunition is
    left."""
    live = crew_guns(state, unit)
    if live and all(hypot(g.x - x, g.y - y) - g.radius - unit.radius > 1.0 for g in live):
        return f"{CREW_STAYS} ({CREW_RULE})"
    return None


def _battery_refusal(
    state: RobogearState, data: RobogearData, unit: Unit, x: float, y: float
) -> str | None:
    """A gun of a battery stays within ``battery_gap_steps`` (4) of another gun of it."""
    mates = battery_mates(state, unit)
    if not mates:
        return None
    reach = data.measures.battery_gap_steps
    if all(hypot(m.x - x, m.y - y) - m.radius - unit.radius > reach for m in mates):
        return f"a battery's guns stand within {reach:g} steps of a neighbour (RG-ART-BATTERY)"
    return None


def _group_refusal(
    state: RobogearState, data: RobogearData, unit: Unit, x: float, y: float
) -> str | None:
    """Squads of a group stay within ``group_gap_cm`` (40) of each other (troopers measured from the
    squad's leader, its first living model)."""
    squad = state.squads[unit.squad]
    if not squad.group:
        return None
    leader = next((u for u in squad.units if state.units[u].alive), unit.id)
    if leader != unit.id:
        return None
    limit = steps(data.measures.group_gap_cm)
    for other in state.squads:
        if other.group != squad.group or other.player != squad.player or other is squad:
            continue
        lead = next((state.units[u] for u in other.units if state.units[u].on_table), None)
        if lead is not None and hypot(lead.x - x, lead.y - y) > limit:
            return (f"squads of group {squad.group} must stay within"
                    f" {data.measures.group_gap_cm:g} cm of each other (RG-GROUP-TRAITS)")
    return None


def move_end(unit: Unit, heading: float, distance: float) -> tuple[float, float]:
    """Where a straight move of ``distance`` steps along ``heading`` takes the unit."""
    rad = to_radians(heading)
    return (round_to(unit.x + math.sin(rad) * distance, 4),
            round_to(unit.y + math.cos(rad) * distance, 4))


def move_cost(state: RobogearState, data: RobogearData, action: Move) -> int | None:
    """The resource ``action`` spends (straight run and terrain crossed), or ``None`` when
    the chassis cannot move that way at all."""
    unit = state.units[action.unit]
    record = data.units[unit.type]
    row = movement(data, record)
    relative = action.heading - unit.facing
    cost = step_cost(row, relative, action.distance)
    x1, y1 = move_end(unit, action.heading, action.distance)
    extra = crossing_cost(state, data, unit, record, x1, y1, is_forward(row, relative))
    if isinstance(cost, str) or isinstance(extra, str):
        return None
    return cost + extra


def move(game: RobogearGame, action: Move) -> None:
    """Carry out a legal move (guns drag their two crew along)."""
    state, data = game.state, game.data
    unit = state.units[action.unit]
    record = data.units[unit.type]
    row = movement(data, record)
    relative = action.heading - unit.facing
    cost = step_cost(row, relative, action.distance)
    x1, y1 = move_end(unit, action.heading, action.distance)
    extra = crossing_cost(state, data, unit, record, x1, y1, is_forward(row, relative))
    if isinstance(cost, str) or isinstance(extra, str):
        raise ValueError(cost if isinstance(cost, str) else extra)
    if unit.kind == "gun":
        crew = crew_for(state, data, unit, 2)
        unit.points_left = push_budget(data, unit, crew)  # paid from the crew's move
        for trooper in crew:
            trooper.crewing = True
            trooper.x, trooper.y = trooper.x + x1 - unit.x, trooper.y + y1 - unit.y
    unit.x, unit.y = x1, y1
    way = rate(row, relative)[1]
    _pay(game, unit, cost + extra, did=f"moves {counted(action.distance, 'step')} {way}")


def _pay(game: RobogearGame, unit: Unit, cost: int, moved: bool = True, did: str = "moves"
         ) -> None:
    """Spend ``cost``; ``moved``: the unit counts as having moved (a gun's turn on the spot
    does not: it serves the gun, see ``Unit.served``); ``did``: what it did, for the log."""
    unit.points_left -= cost
    unit.moved = unit.moved or moved
    if unit.kind == "trooper":
        unit.busy = True
    spent = f"for {cost} resource ({unit.points_left} left)" if cost else "free"
    game.emit(Moved(unit.id, unit.x, unit.y, unit.facing, cost,
                    text=f"{unit_label(game.data, unit)} {did}, {spent}: now at"
                    f" ({unit.x:.1f}, {unit.y:.1f}) facing {unit.facing:g}°"))


def turn_refusal(state: RobogearState, data: RobogearData, action: Turn) -> str | None:
    """Why this turn on the spot is illegal, or None."""
    unit = state.units[action.unit]
    record = data.units[unit.type]
    blocked = move_block(state, data, unit)
    if blocked:
        return blocked
    if not isfinite(action.facing):
        return f"a turn needs a facing ({ACTIONS_RULE})"
    if unit.spun:  # engine default: else a free turner could turn on the spot for ever
        return (f"{unit_label(data, unit)} has just turned on the spot: one free turn sets any"
                " facing, so it does something else first (RG-INF-MOVE)")
    row = movement(data, record)
    off = abs(signed_angle(action.facing - unit.facing))
    if off <= ANGLE_TOLERANCE:
        return f"{unit_label(data, unit)} already faces that way ({ACTIONS_RULE})"
    if off > row.max_turn + ANGLE_TOLERANCE:
        return f"a flyer turns at most {row.max_turn:.0f} degrees at a time (RG-MOVE-FLY)"
    cost = 0 if record.turntable else row.turn_cost
    if unit.kind == "gun" and unit.moved:
        return ("a gun either turns and fires or is moved by its crew in a turn, not both "
                "(RG-ART-CREW)")
    seated = record.pilot_seat and unit.pilot > 0
    if unit.kind == "gun" and not seated and not crew_for(state, data, unit):
        seat = "a pilot in its seat or " if record.pilot_seat else ""
        return f"turning a gun takes {seat}a trooper within a step of it {FREE_CREW} (RG-ART-CREW)"
    if cost > unit.points_left:
        return f"a turn costs {cost} resource; {unit.points_left} left ({spending_rule(unit)})"
    return None


def turn(game: RobogearGame, action: Turn) -> None:
    state, data = game.state, game.data
    unit = state.units[action.unit]
    record = data.units[unit.type]
    cost = 0 if record.turntable else movement(data, record).turn_cost
    if unit.kind == "gun":
        unit.served = True
        if not (record.pilot_seat and unit.pilot > 0):
            for crew in crew_for(state, data, unit):
                crew.crewing = True
    unit.facing = round_to(action.facing % 360.0, 4)
    _pay(game, unit, cost, moved=unit.kind != "gun", did="turns on the spot")
    unit.spun = cost == 0


def charge_refusal(
    state: RobogearState, data: RobogearData, action: Ram | RunOver
) -> str | None:
    """Why this ram or run-over is illegal, or None."""
    unit = state.units[action.unit]
    record = data.units[unit.type]
    if unit.kind != "machine":
        return f"only machines ram or run troopers over ({charge_rule(action)})"
    blocked = move_block(state, data, unit)
    if blocked:
        return blocked
    if not 0 <= action.target < len(state.units):
        return f"there is no unit {action.target} ({ACTIONS_RULE})"
    target = state.units[action.target]
    t_record = data.units[target.type]
    if not target.on_table or not state.enemies(unit.player, target.player):
        return f"the target must be an enemy on the table ({charge_rule(action)})"
    if isinstance(action, Ram):
        if target.kind != "machine":
            return "a ram is made against an enemy machine (RG-RAM-TOUCH)"
        if flying(t_record) and record.chassis in ("tracked", "walker", "spider"):
            return "tracked and walking machines (the spider too) cannot ram flyers (RG-RAM-FLY)"
    else:
        if target.kind != "trooper":
            return "only troopers are run over (RG-RUNOVER)"
        if target.inside >= 0:
            return "a trooper inside a building cannot be run over (RG-BLD-SLOT)"
        if flying(record):
            return "only ground machines run troopers over (RG-RUNOVER)"
    heading = heading_to(unit, target)
    row = movement(data, record)
    run = max(0.0, gap(unit, target))
    cost = step_cost(row, heading - unit.facing, max(run, 0.01))
    if isinstance(cost, str):
        way = rate(row, heading - unit.facing)[1]
        return f"this chassis cannot charge {way}: face the target first ({gait_rule(row)})"
    if cost > unit.points_left:
        return f"the charge costs {cost} resource; {unit.points_left} left ({spending_rule(unit)})"
    x1, y1 = move_end(unit, heading, run)
    extra = crossing_cost(state, data, unit, record, x1, y1, is_forward(row, heading - unit.facing))
    if isinstance(extra, str):
        return extra
    return (path_blocker(state, data, unit, x1, y1, ignore=target.id)
            or _group_refusal(state, data, unit, x1, y1))


def charge(game: RobogearGame, action: Ram | RunOver) -> None:
    """Drive into contact, then resolve the ram or the run-over."""
    state, data = game.state, game.data
    unit = state.units[action.unit]
    target = state.units[action.target]
    record = data.units[unit.type]
    heading = heading_to(unit, target)
    run = max(0.0, gap(unit, target))
    cost = step_cost(movement(data, record), heading - unit.facing, max(run, 0.01))
    if isinstance(cost, str):
        raise ValueError(cost)
    unit.x, unit.y = move_end(unit, heading, run)
    _pay(game, unit, cost, did=f"drives {run:.1f} steps into {unit_label(data, target)}")
    if isinstance(action, RunOver):
        face = game.dice_for(target.player).faces(6, 1, label="run over")[0]
        escaped = face >= data.measures.run_over_escape
        game.emit(RollEffect(target.player, "run over", int(escaped), 1,
                             at_least=data.measures.run_over_escape))
        game.emit(RanOver(unit.id, target.id, escaped,
                          text=f"trooper {target.id} {'dodges' if escaped else 'is crushed'}"))
        if not escaped:
            destroy(game, target, unit)
        return
    ram(game, unit, target, run)


def ram_power(data: RobogearData, unit: Unit) -> int:
    """A machine's ram strength before the die: armour level + close-combat weapons."""
    record = data.units[unit.type]
    return armour_level(record, unit.damage) + sum(m.power for m in record.melee)


def ram_roll(game: RobogearGame, unit: Unit) -> int:
    """``unit``'s player rolls D6 + its ram power; the total is the roll's effect."""
    power = ram_power(game.data, unit)
    total = game.dice_for(unit.player).faces(6, 1, label="ram")[0] + power
    game.emit(RollEffect(unit.player, "ram", total, 1, modifier=power))
    return total


def ram(game: RobogearGame, unit: Unit, target: Unit, run: float) -> None:
    """Both roll D6 + armour level + close-combat power; the table (engine default) gives
    the damage; a flyer in a ram is destroyed; a run under 4 steps does no damage."""
    data = game.data
    tables = data.tables
    mine = ram_roll(game, unit)
    theirs = ram_roll(game, target)
    game.emit(Rammed(unit.id, target.id, mine, theirs,
                     text=f"{unit_label(data, unit)} rams {unit_label(data, target)}:"
                     f" {mine} against {theirs}"))
    if run < data.measures.ram_min_steps:
        return
    if mine == theirs:
        hurt = (tables.ram_draw, tables.ram_draw)
    elif mine > theirs:
        hurt = (tables.ram_winner, tables.ram_loser_base + mine - theirs)
    else:
        hurt = (tables.ram_loser_base + theirs - mine, tables.ram_winner)
    for victim, amount, by in ((unit, hurt[0], target), (target, hurt[1], unit)):
        if flying(data.units[victim.type]):
            destroy(game, victim, by)
        else:
            damage(game, victim, amount, by, crit=False)


class MoveSpace(DrawnSpace):
    """Straight moves of the units whose turn it is."""

    action_type = Move

    def __init__(self, state: RobogearState, data: RobogearData, units: list[int]) -> None:
        self._state = state
        self._data = data
        self.units = tuple(units)
        self.description = "move a unit straight: heading in degrees, distance in steps"

    def judge(self, action: Action) -> str | None:
        if not isinstance(action, Move):
            return f"{action!r} is not a move ({ACTIONS_RULE})"
        if action.unit not in self.units:
            return (f"{unit_words(self._state, self._data, action.unit)} does not have the turn "
                    f"({ACTIONS_RULE})")
        return move_refusal(self._state, self._data, action)

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        found: list[Action] = []
        for _ in range(count * 4):
            unit = self._state.units[self.units[rng.choice_index(len(self.units))]]
            row = movement(self._data, self._data.units[unit.type])
            if row.any_direction:
                heading = rng.random() * 360.0
            else:
                heading = unit.facing + (0.0, 180.0, 90.0, 270.0)[rng.choice_index(4)]
            speed = rate(row, heading - unit.facing)[0]
            if speed <= 0 or unit.points_left <= 0:
                continue
            distance = round_to(0.5 + rng.random() * (unit.points_left * speed - 0.5), 3)
            action = Move(unit.id, round_to(heading % 360.0, 4), max(0.5, distance))
            if self.judge(action) is None:
                found.append(action)
                if len(found) >= count:
                    break
        return self.drew(found)


class TurnSpace(DrawnSpace):
    """Turns on the spot of the units whose turn it is."""

    action_type = Turn

    def __init__(self, state: RobogearState, data: RobogearData, units: list[int]) -> None:
        self._state = state
        self._data = data
        self.units = tuple(units)
        self.description = "turn a unit on the spot to a facing in degrees"

    def judge(self, action: Action) -> str | None:
        if not isinstance(action, Turn):
            return f"{action!r} is not a turn ({ACTIONS_RULE})"
        if action.unit not in self.units:
            return (f"{unit_words(self._state, self._data, action.unit)} does not have the turn "
                    f"({ACTIONS_RULE})")
        return turn_refusal(self._state, self._data, action)

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        found: list[Action] = []
        for _ in range(count * 4):
            unit = self._state.units[self.units[rng.choice_index(len(self.units))]]
            row = movement(self._data, self._data.units[unit.type])
            swing = (rng.random() * 2.0 - 1.0) * min(row.max_turn, 180.0)
            action = Turn(unit.id, round_to((unit.facing + swing) % 360.0, 4))
            if self.judge(action) is None:
                found.append(action)
                if len(found) >= count:
                    break
        return self.drew(found)
