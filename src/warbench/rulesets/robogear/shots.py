"""Resolving shots and throws (RG-FIRE-HIT, RG-INF-FAN, RG-BLAST, RG-FLAME, RG-GRENADE):
the shooter pays, rolls accuracy against the target's defence, and the hit, the fan's
sweep, the blast's scatter or the flame's teardrop deals damage. Whether a shot may be
taken at all is :mod:`.fire`'s question.
"""

from __future__ import annotations

import math

from warbench.core.events import RollEffect
from warbench.core.geometry.templates import BlastTemplate
from warbench.core.geometry.vectors import Point, to_radians
from warbench.core.rounding import round_to
from warbench.rulesets.robogear.actions import Shoot, Throw
from warbench.rulesets.robogear.damage import RobogearGame, damage, destroy, wound_pilot
from warbench.rulesets.robogear.data import UnitRecord, WeaponRecord, steps
from warbench.rulesets.robogear.events import BlastLanded, ShotResolved
from warbench.rulesets.robogear.fire import (
    accuracy_bonus,
    crew_for,
    fan_line,
    hard_target,
    spot,
)
from warbench.rulesets.robogear.flames import FlamePlan, swings, under_flame
from warbench.rulesets.robogear.picture import unit_label
from warbench.rulesets.robogear.pieces import Unit
from warbench.rulesets.robogear.sheets import book
from warbench.rulesets.robogear.table import (
    body,
    gap,
    heading_to,
    hidden_share,
    out_of_reach,
    owners_band,
)


def roll_defence(game: RobogearGame, unit: Unit, target: Unit, at_pilot: bool = False) -> int:
    """The target's defence: D6+2 in a carrier, else a roll by cover, +1 if hard."""
    state, data = game.state, game.data
    dice = game.dice_for(target.player)
    if target.carried_by >= 0:
        bonus = data.measures.apc_defence_bonus
        value = dice.faces(6, 1, label="defence")[0] + bonus
        game.emit(RollEffect(target.player, "defence", value, 1, modifier=bonus))
        return value
    share = hidden_share(state, data, spot(state, unit), target)
    value = 0
    hard = hard_target(data, unit, target, at_pilot)
    for row in data.tables.cover:
        if share >= row.share:
            if row.dice:
                value = sum(dice.faces(row.sides, row.dice, label="defence")) + row.plus
                # the defence is the effect, higher better for the target's player
                game.emit(RollEffect(target.player, "defence", value + hard, row.dice,
                                     sides=row.sides, modifier=row.plus + hard))
            break
    return value + hard


def shoot(game: RobogearGame, unit: Unit, action: Shoot) -> None:
    """Fire: pay, then resolve by the weapon's kind."""
    state, data = game.state, game.data
    record = data.units[unit.type]
    weapon = record.weapons[action.weapon]
    unit.points_left -= weapon.cost if unit.kind == "trooper" else 1
    unit.fired.append(action.weapon)
    unit.shot = True
    if unit.ammo[action.weapon] > 0:
        unit.ammo[action.weapon] -= 1
    if unit.kind == "gun":
        unit.served = True
        if not (record.pilot_seat and unit.pilot > 0):
            for crew in crew_for(state, data, unit):
                crew.crewing = True
    target = state.units[action.target]
    if "flamer" in weapon.traits:
        _flame(game, unit, target, weapon)
        return
    aim = spot(state, target)
    sheet = book(data)
    reach = owners_band(gap(spot(state, unit), aim), sheet.band_edges, weapon.damage,
                        sheet.penalties) or 0
    if action.indirect:
        _blast(game, unit, aim, weapon.damage[reach], weapon.blast_cm, scatter_dice=2)
        return
    accuracy = _accuracy(game, unit, target, weapon.bonus, reach)
    defence = roll_defence(game, unit, target, action.at_pilot)
    hit = accuracy > defence
    outcome = "a hit (it beats the defence)" if hit else "a miss (it must beat the defence)"
    game.emit(ShotResolved(unit.id, target.id, weapon.name, accuracy, defence, hit,
                           text=f"{unit_label(data, unit)} fires the {weapon.name} at "
                           f"{unit_label(data, target)}: accuracy {accuracy} against "
                           f"defence {defence}, {outcome}"))
    if "blast" in weapon.traits or "indirect" in weapon.traits:  # every lobbing gun bursts
        _blast(game, unit, aim, weapon.damage[reach], weapon.blast_cm,
               scatter_dice=0 if hit else 1)
        return
    if hit:
        _hit(game, unit, target, weapon.damage[reach], weapon, action.at_pilot)
    if "fan" in weapon.traits:
        _fan(game, unit, target, weapon, accuracy)


def _accuracy(game: RobogearGame, unit: Unit, target: Unit, bonus: int, reach: int) -> int:
    data = game.data
    face = game.dice_for(unit.player).faces(6, 1, label="accuracy")[0]
    above = accuracy_bonus(game.state, data, unit, spot(game.state, target))
    modifier = bonus + above - data.tables.accuracy_penalty[reach]
    game.emit(RollEffect(unit.player, "accuracy", face + modifier, 1, modifier=modifier))
    return face + modifier


def _hit(game: RobogearGame, unit: Unit, target: Unit, amount: int, weapon: WeaponRecord,
         at_pilot: bool) -> None:
    if at_pilot:
        wound_pilot(game, target, target.pilot if "deadly" in weapon.traits else amount)
    elif "deadly" in weapon.traits:  # a deadly hit destroys any target (RG-INF-DEADLY)
        destroy(game, target, unit)
    else:
        damage(game, target, amount, unit, crit=True)


def _fan(game: RobogearGame, unit: Unit, target: Unit, weapon: WeaponRecord,
         accuracy: int) -> None:
    """Every other trooper, friend or foe, on the line of fire rolls defence
    (:func:`fan_line`); the same accuracy hits it for its own band's damage."""
    state, data = game.state, game.data
    sheet = book(data)
    shooter = spot(state, unit)
    for other in fan_line(state, data, unit, target, weapon):
        if not other.alive:
            continue
        other_band = owners_band(gap(shooter, other), sheet.band_edges, weapon.damage,
                                 sheet.penalties) or 0
        defence = roll_defence(game, unit, other)
        hit = accuracy > defence
        game.emit(ShotResolved(unit.id, other.id, weapon.name, accuracy, defence, hit,
                               text=f"fan fire sweeps unit {other.id}"))
        if hit:
            _hit(game, unit, other, weapon.damage[other_band], weapon, False)


def _blast(game: RobogearGame, unit: Unit, aim: Unit, amount: int, diameter_cm: float,
           *, scatter_dice: int) -> None:
    """Lay a blast marker over ``aim``, scatter it ``scatter_dice`` D6 cm, hit all under it."""
    state, data = game.state, game.data
    x, y = aim.x, aim.y
    moved = 0.0
    if scatter_dice:
        dice = game.dice_for(unit.player)
        way = dice.faces(6, 1, label="scatter direction")[0]
        cm = sum(dice.faces(6, scatter_dice, label="scatter distance"))
        # RG-LUCK: the blast lands ``cm`` from its aim whatever the direction: nearer is better
        game.emit(RollEffect(unit.player, "scatter", cm, scatter_dice, higher_is_better=False))
        moved = steps(cm)
        shooter = spot(state, unit)
        heading = to_radians(heading_to(shooter, aim) + data.tables.scatter_degrees[way - 1])
        x += math.sin(heading) * moved
        y += math.cos(heading) * moved
    if not (0 <= x <= state.width and 0 <= y <= state.height):
        game.emit(BlastLanded(unit.id, round_to(x, 3), round_to(y, 3), moved, (),
                              text="the shell scatters off the table"))
        return
    radius = steps(diameter_cm) / 2
    marker = BlastTemplate(Point(x, y), radius)
    hit = [other for other in state.units if other.on_table
           and not out_of_reach(x, y, radius, other) and marker.touches(body(other))]
    game.emit(BlastLanded(unit.id, round_to(x, 3), round_to(y, 3), moved,
                          tuple(other.id for other in hit),
                          text=f"a blast lands over {len(hit)} unit(s)"))
    for other in hit:
        damage(game, other, amount, unit, crit=True)


def _flame(game: RobogearGame, unit: Unit, target: Unit, weapon: WeaponRecord) -> None:
    """Lay the teardrop as the rule wants (:class:`.FlamePlan`); every model under it is
    hit; the pilot of an open machine and troopers in an open carrier under it, and a
    trooper inside a building whose firing slot it covers, take D6 hits, each for the
    flamer's damage (RG-FLAME-BUILDING)."""
    state, data = game.state, game.data
    shooter = spot(state, unit)
    free = swings(unit, data.units[unit.type], weapon)
    laying = FlamePlan(state, data, unit, free).choose(target)[0]
    assert laying is not None, "a flame shot is checked before it is fired"
    hit, inside = under_flame(state, data, unit, shooter, laying.heading)
    game.emit(BlastLanded(unit.id, round_to(target.x, 3), round_to(target.y, 3), 0.0,
                          tuple(o.id for o in hit + inside),
                          text=f"flames wash over {len(hit) + len(inside)} unit(s)"))
    amount = weapon.damage[0]  # a flame reaches no farther than short range
    for other in inside:
        hits = game.dice_for(unit.player).faces(6, 1, label="flame through a slot")[0]
        _hits(game, unit, other, hits, amount, weapon, False)
    for other in hit:
        record: UnitRecord = data.units[other.type]
        damage(game, other, amount, unit, crit=True)
        if record.cockpit == "open" and other.alive:
            hits = game.dice_for(unit.player).faces(6, 1, label="flame inside")[0]
            game.emit(RollEffect(unit.player, "flame inside", hits, 1))  # hits on the crew
            _hits(game, unit, other, hits, amount, weapon, True)
            for rider in state.units:
                if rider.alive and rider.carried_by == other.id:
                    _hits(game, unit, rider, hits, amount, weapon, False)


def _hits(game: RobogearGame, unit: Unit, target: Unit, count: int, amount: int,
          weapon: WeaponRecord, at_pilot: bool) -> None:
    """``count`` hits of the weapon on the target (its pilot if ``at_pilot``), each dealing
    ``amount`` as an aimed hit does (seed: a weapon's power is the damage of one hit)."""
    for _ in range(count):
        if not target.alive or (at_pilot and target.pilot <= 0):
            return
        _hit(game, unit, target, amount, weapon, at_pilot)


def throw(game: RobogearGame, unit: Unit, action: Throw) -> None:
    """A hand grenade: accuracy against defence; a miss scatters 1D6 cm; it always bursts."""
    state, data = game.state, game.data
    record = data.units[unit.type]
    unit.points_left -= 1
    unit.grenades -= 1
    unit.threw = True
    target = state.units[action.target]
    accuracy = _accuracy(game, unit, target, 0, 0)
    defence = roll_defence(game, unit, target)
    hit = accuracy > defence
    game.emit(ShotResolved(unit.id, target.id, "hand grenade", accuracy, defence, hit,
                           text=f"{unit_label(data, unit)} throws a grenade at"
                           f" {unit_label(data, target)}"))
    _blast(game, unit, target, record.grenade_damage, data.measures.grenade_blast_cm,
           scatter_dice=0 if hit else 1)
