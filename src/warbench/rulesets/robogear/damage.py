"""Damage along the armour scale, critical tokens, pilots' lives and losses."""

from __future__ import annotations

from warbench.core.engine import Game
from warbench.core.events import RollEffect, UnitDamaged, UnitDestroyed
from warbench.core.rounding import round_to
from warbench.rulesets.robogear.data import RobogearData
from warbench.rulesets.robogear.events import Damaged, Destroyed, PilotHit, TokenPlaced
from warbench.rulesets.robogear.picture import unit_label
from warbench.rulesets.robogear.pieces import Unit
from warbench.rulesets.robogear.state import RobogearState, Section, armour_level, section
from warbench.rulesets.robogear.table import free_spot

RobogearGame = Game[RobogearState, RobogearData]


def damage(game: RobogearGame, unit: Unit, amount: int, by: Unit | None, *, crit: bool) -> None:
    """Move the slider ``amount`` cells down (or take lives); past the end the unit is lost.

    ``crit``: a hit that leaves a machine in its yellow or red section rolls a D6 for a
    critical token (seed: after a shot).
    """
    if amount <= 0 or not unit.alive:
        return
    record = game.data.units[unit.type]
    unit.damage = min(record.cells, unit.damage + amount)
    part = section(record, unit.damage)
    level = armour_level(record, unit.damage)
    game.emit(Damaged(unit.id, amount, level, int(part),
                      text=f"{unit.id} {record.name} takes {amount}: level {level}"))
    game.emit(UnitDamaged(unit.type, unit.player, float(amount),
                          None if by is None else by.player, None if by is None else by.type))
    if unit.damage >= record.cells:
        destroy(game, unit, by)
        return
    if crit and unit.kind == "machine" and part is not Section.GREEN:
        place_token(game, unit, part, by)


def place_token(game: RobogearGame, unit: Unit, part: Section, by: Unit | None) -> None:
    """Roll a D6 on the yellow or red token table and lay the token (engine default)."""
    tables = game.data.tables
    face = game.dice_for(unit.player).faces(6, 1, label="critical token")[0]
    table = tables.yellow_tokens if part is Section.YELLOW else tables.red_tokens
    spared = tuple(int(entry == "none") for entry in table)  # 1: no token, the owner's luck
    game.emit(RollEffect(unit.player, "critical token", spared[face - 1], 1, values=spared))
    token = table[face - 1]
    if token == "none":
        return
    words = f"{unit_label(game.data, unit)} gets a {token} token"
    game.emit(TokenPlaced(unit.id, token, text=words))
    if token == "pilot":
        wound_pilot(game, unit, 1)
    elif token == "jam":
        record = game.data.units[unit.type]
        working = [i for i in range(len(record.weapons)) if i not in unit.jammed]
        if working:
            best = max(working, key=lambda i: sum(record.weapons[i].damage))
            unit.jammed.append(best)
    else:
        unit.tokens.append(token)


def wound_pilot(game: RobogearGame, unit: Unit, amount: int) -> None:
    """The pilot loses lives; at none the machine stands still without a driver."""
    if unit.pilot <= 0:
        return
    unit.pilot = max(0, unit.pilot - amount)
    if unit.pilot == 0:
        for trooper in game.state.units:  # a trooper who drove it is lost with its lives
            if trooper.piloting == unit.id:
                trooper.piloting = -1
    game.emit(PilotHit(unit.id, unit.pilot, text=f"the pilot of {unit_label(game.data, unit)}"
                       f" has {unit.pilot} lives left"))


def destroy(game: RobogearGame, unit: Unit, by: Unit | None = None) -> None:
    """Remove the unit (destroyed by ``by``, when a unit did it); a machine leaves a crater
    and its carried troopers roll to live (those lost, lost to ``by`` too)."""
    state = game.state
    unit.alive = False
    unit.pilot = 0
    record = game.data.units[unit.type]
    game.emit(Destroyed(unit.id, text=f"{unit.id} {record.name} is destroyed"))
    game.emit(UnitDestroyed(unit.type, unit.player, points=float(record.points),
                            by_player=None if by is None else by.player,
                            by_unit_type=None if by is None else by.type))
    if unit.kind == "machine" and unit.carried_by < 0 and not unit.reserve:
        state.craters.append((round_to(unit.x, 3), round_to(unit.y, 3)))
    survive = game.data.measures.apc_survive
    for rider in state.units:
        if rider.alive and rider.carried_by == unit.id:
            face = game.dice_for(rider.player).faces(6, 1, label="carrier destroyed")[0]
            game.emit(RollEffect(rider.player, "carrier destroyed", int(face >= survive), 1,
                                 at_least=survive))
            rider.carried_by = -1
            spot = free_spot(state, game.data, rider, unit)
            if face < survive or spot is None:
                destroy(game, rider, by)
            else:
                rider.x, rider.y = spot
    for other in state.units:
        if other.piloting == unit.id:  # the trooper at its controls is lost with it
            other.piloting = -1
        if other.healing == unit.id:
            other.healing = -1
        if other.held_by == unit.id:
            other.held_by = -1
