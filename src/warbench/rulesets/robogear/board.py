"""ROBOGEAR on the web table: each unit's label, activations and regroupings named by the
units' numbers on the board, the unit an action aims at, where a move or a turn leaves a
unit (and the resource it spends), the move a drag means, a shot's odds.

Everything is judged by the rules' own functions (:func:`.moves.move_refusal`,
:func:`.moves.move_cost`, :func:`.moves.move_end`), so a ghost stands where the unit will.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from copy import copy
from dataclasses import replace
from math import isfinite
from typing import TYPE_CHECKING, Final

from warbench.core.actions import Action
from warbench.core.attacks import OddsAnswer
from warbench.core.decisions import Decision
from warbench.core.geometry.vectors import bearing, signed_angle, to_radians
from warbench.core.preview import Ghost, Preview
from warbench.core.rounding import round_to
from warbench.core.words import counted
from warbench.rulesets.robogear import moves
from warbench.rulesets.robogear.actions import (
    ACTIONS_RULE,
    Activate,
    Board,
    ChooseEdge,
    Deploy,
    Heal,
    Melee,
    Move,
    Ram,
    Regroup,
    RunOver,
    Shoot,
    Throw,
    Turn,
)
from warbench.rulesets.robogear.data import RobogearData, WeaponRecord, steps
from warbench.rulesets.robogear.fan_odds import swept_lines
from warbench.rulesets.robogear.fire import accuracy_bonus, spot
from warbench.rulesets.robogear.picture import unit_label
from warbench.rulesets.robogear.pieces import Unit
from warbench.rulesets.robogear.state import RobogearState
from warbench.rulesets.robogear.table import gap, heading_to, hidden_share, out_of_reach

if TYPE_CHECKING:
    from warbench.rulesets.robogear.flame_odds import Burnt, Room
    from warbench.rulesets.robogear.odds import BlastOptions

#: Directions a unit that moves only straight ahead, back or sideways may take.
SQUARE: Final = (0.0, 90.0, 180.0, 270.0)


def action_target(data: RobogearData, state: RobogearState, action: Action) -> str | None:
    """The unit a shot, throw, ram, run-over, fight or treatment aims at, or the machine
    boarded."""
    if isinstance(action, Shoot | Throw | Ram | RunOver | Melee | Heal):
        number = action.target
    elif isinstance(action, Board):
        number = action.machine
    else:
        return None
    if not 0 <= number < len(state.units) or not state.units[number].alive:
        return None
    return unit_label(data, state.units[number])


def element_words(state: RobogearState, element: int) -> str:
    """A squad or group that takes one turn, by its units' names and their numbers on the
    board: ``Anvil battle tank 31``, ``Ferrum rifleman 35, 36``, ``group A: Anvil battle
    tank 31; Strider walker 32``."""
    if not 0 <= element < len(state.elements):
        return f"element {element}"
    found = state.elements[element]
    squads = []
    for number in found.squads:
        squad = state.squads[number]
        ids = ", ".join(str(u) for u in squad.units if state.units[u].alive)
        squads.append(f"{squad.name} {ids}" if ids else squad.name)
    if len(squads) == 1:
        return squads[0]
    return f"{found.name}: {'; '.join(squads)}"


def action_text(data: RobogearData, state: RobogearState, action: Action) -> str | None:
    """A move in words with the resource it spends, an activation or a regrouping by the
    units' names and numbers, a shot by the weapon's name and what it aims at (the pilot
    only when the shot is at the pilot), the starting edge; ``None`` for other actions."""
    if isinstance(action, Shoot):
        return shot_text(data, state, action)
    if isinstance(action, ChooseEdge):
        return f"start from the {action.edge} edge"
    if isinstance(action, Activate):
        return f"activate {element_words(state, action.element)}"
    if isinstance(action, Regroup):
        if action.disband >= 0:
            return f"disband {element_words(state, action.disband)}"
        if action.join >= 0:
            return f"{element_words(state, action.join)} joins " \
                f"{element_words(state, action.into)}"
        return "pass: no more regrouping this round"
    if not isinstance(action, Move) or not 0 <= action.unit < len(state.units):
        return None
    unit = state.units[action.unit]
    cost = moves.move_cost(state, data, action) if isfinite(action.heading) else None
    way = moves.rate(moves.movement(data, data.units[unit.type]), action.heading - unit.facing)[1]
    spent = "" if cost is None else \
        f" for {cost} resource ({max(0, unit.points_left - cost)} left after it)"
    return f"{unit_label(data, unit)} moves {counted(action.distance, 'step')} {way}{spent}"


def shot_text(data: RobogearData, state: RobogearState, action: Shoot) -> str | None:
    """``3 Anvil battle tank fires its main cannon at the pilot of 13 Hare carrier``; a
    lobbing gun's indirect shot ``lobs`` it; ``None`` for a unit or weapon not there."""
    units = state.units
    if not (0 <= action.unit < len(units) and 0 <= action.target < len(units)):
        return None
    shooter, target = units[action.unit], units[action.target]
    weapons = data.units[shooter.type].weapons
    if not 0 <= action.weapon < len(weapons):
        return None
    aim = f"the pilot of {unit_label(data, target)}" if action.at_pilot else unit_label(
        data, target)
    verb = "lobs" if action.indirect else "fires"
    return f"{unit_label(data, shooter)} {verb} its {weapons[action.weapon].name} at {aim}"


def action_preview(data: RobogearData, state: RobogearState, action: Action) -> Preview:
    """Where a move, a turn or a placement leaves its unit, and the rules' reason if not."""
    if not isinstance(action, Move | Turn | Deploy) or not 0 <= action.unit < len(state.units):
        return Preview()
    unit = state.units[action.unit]
    label = unit_label(data, unit)
    if isinstance(action, Deploy):
        ghost = Ghost(label, action.x, action.y, unit.facing, size=unit.radius)
        return Preview((ghost,))
    if isinstance(action, Turn):
        refusal = moves.turn_refusal(state, data, action) if isfinite(action.facing) else (
            "a turn needs a facing")
        return Preview((Ghost(label, unit.x, unit.y, action.facing % 360.0),), refusal)
    if not isfinite(action.heading) or not isfinite(action.distance):
        return Preview(refusal=f"a move needs a positive distance and a heading ({ACTIONS_RULE})")
    x, y = moves.move_end(unit, action.heading, action.distance)
    return Preview((Ghost(label, x, y, unit.facing),), moves.move_refusal(state, data, action))


def dragged_move(
    data: RobogearData, state: RobogearState, decisions: Sequence[Decision], label: str,
    x: float, y: float,
) -> Move | None:
    """The straight move towards ``(x, y)`` of the unit ``label``, while it may move: along
    the bearing for a unit that moves any way, else along the nearest of ahead, back and
    sideways, as far as the point lies along it."""
    movers = {
        unit
        for decision in decisions
        for space in decision.spaces
        if isinstance(space, moves.MoveSpace)
        for unit in space.units
    }
    unit = next((state.units[u] for u in movers if unit_label(data, state.units[u]) == label),
                None)
    if unit is None:
        return None
    dx, dy = x - unit.x, y - unit.y
    heading = bearing(dx, dy)
    if not moves.movement(data, data.units[unit.type]).any_direction:
        off = min(SQUARE, key=lambda way: abs(signed_angle(heading - unit.facing - way)))
        heading = (unit.facing + off) % 360.0
    along = to_radians(heading)
    distance = dx * math.sin(along) + dy * math.cos(along)
    return Move(unit.id, round_to(heading, 2), round_to(max(distance, 0.01), 2))


def turned(
    data: RobogearData, state: RobogearState, decisions: Sequence[Decision], label: str,
    heading: float,
) -> Turn | None:
    """The turn on the spot of the unit ``label`` (while it may turn) to face ``heading``."""
    turning = {unit for decision in decisions for space in decision.spaces
               if isinstance(space, moves.TurnSpace) for unit in space.units}
    unit = next((state.units[u] for u in sorted(turning)
                 if unit_label(data, state.units[u]) == label), None)
    return None if unit is None else Turn(unit.id, round_to(heading % 360.0, 2))


def action_odds(data: RobogearData, state: RobogearState, action: Action) -> OddsAnswer | None:
    """The exact odds of an aimed shot at a unit or at the pilot of an open machine (the
    lives it loses: RG-PILOT-OPEN), from the shot calculator with the real distance, cover
    and the pilot's lives left, the aim from above and a rider's D6+2 as the game rolls
    them (against the carrier's place, RG-INF-APC), and a line for each trooper a fan shot
    sweeps (:func:`.fan_odds.swept_lines`, RG-INF-FAN); of a blast, aimed or lobbed, from the
    blast calculator (:func:`blast_odds`); of a flamer, from the game's own template
    (:func:`flame_odds`)."""
    from warbench.rulesets.robogear.odds import ShotOdds, ShotOptions

    if isinstance(action, Throw):
        return blast_odds(data, state, action)
    if not isinstance(action, Shoot):
        return None
    unit, target = state.units[action.unit], state.units[action.target]
    weapon = data.units[unit.type].weapons[action.weapon]
    if "flamer" in weapon.traits:
        return flame_odds(data, state, action)
    if action.indirect or {"blast", "indirect"} & set(weapon.traits):
        return blast_odds(data, state, action)
    if action.at_pilot and target.pilot <= 0:
        return None
    shooter, aim = spot(state, unit), spot(state, target)
    options = ShotOptions(
        shooter=unit.type, weapon=action.weapon, target=target.type,
        distance=max(0.0, gap(shooter, aim)),
        cover=min(1.0, hidden_share(state, data, shooter, aim)),
        above=accuracy_bonus(state, data, unit, aim) > 0, damage=target.damage,
        at_pilot=action.at_pilot, pilot=target.pilot if action.at_pilot else None,
        rider=target.carried_by >= 0,
    )
    try:
        answer = ShotOdds(data).odds(options)
    except ValueError:
        return None
    swept = swept_lines(data, state, unit, target, weapon)  # RG-INF-FAN
    return replace(answer, others=swept) if swept else answer


def flame_odds(data: RobogearData, state: RobogearState, action: Shoot) -> OddsAnswer:
    """The exact odds of a flamer shot (RG-FLAME, RG-ODDS-FLAME): the template laid as the
    game lays it (:class:`.FlamePlan`, :func:`.under_flame`), told by
    :func:`.flame_odds.flame_answer` over the units it reaches (:func:`flame_units`): the
    total damage; whether the aimed unit is under it (and what it takes); a line for each
    other unit reached, friend or foe. Withheld where an open machine is under it (the D6
    hits on its pilot and riders are not answered) or the shot is refused."""
    from warbench.rulesets.robogear.flame_odds import flame_answer
    from warbench.rulesets.robogear.flames import FlamePlan, swings, under_flame

    unit, target = state.units[action.unit], state.units[action.target]
    record = data.units[unit.type]
    weapon = record.weapons[action.weapon]
    laying, why = FlamePlan(state, data, unit, swings(unit, record, weapon)).choose(target)
    if laying is None:
        return OddsAnswer.withholding(why or "the flamer template cannot be laid")
    hit, inside = under_flame(state, data, unit, spot(state, unit), laying.heading)
    found = flame_units(data, state, hit, inside, weapon)
    if isinstance(found, str):
        return OddsAnswer.withholding(found)
    reached, units = found
    where = {other.id: number for number, other in enumerate(reached)}
    return flame_answer(data, weapon, units, where.get(target.id))


def flame_units(data: RobogearData, state: RobogearState, hit: list[Unit],
                inside: list[Unit], weapon: WeaponRecord) -> tuple[list[Unit], list[Burnt]] | str:
    """The units a flame of ``weapon`` reaches, as :func:`.flame_odds.flame_answer`
    takes them, in the game's order (:func:`.shots._flame`): those under the template
    (``hit``) and behind the slots it covers (``inside``), each by its label and damage
    (an open machine with its pilot's lives), then the riders of each open machine under
    it (RG-FLAME: D6 hits) or of a machine it destroys (thrown out, each with the room
    :func:`.table.free_spot` finds it beside its carrier as the game finds it). Or why not
    (two destroyed carriers throw riders out into the same room, or one does where a
    trooper behind a slot may live or die)."""
    from warbench.rulesets.robogear.flame_odds import Burnt

    reached: list[Unit] = [*hit, *inside]
    units = [Burnt(unit_label(data, other), data.units[other.type], other.damage,
                   other.inside >= 0, other.pilot) for other in reached]
    amount, deadly = weapon.damage[0], "deadly" in weapon.traits

    def left(other: Unit) -> int:
        return data.units[other.type].cells - other.damage

    gone = {other.id for other in hit if 0 < amount >= left(other)}
    # the troopers behind slots, burnt first: those one hit kills are gone (RG-FLAME-BUILDING)
    burnt = {other.id for other in inside if deadly or 0 < amount >= left(other)}
    thrown = 0
    for number, carrier in enumerate(hit):
        record = data.units[carrier.type]
        riders = [r for r in state.units if r.alive and r.carried_by == carrier.id]
        if not riders or (record.cockpit != "open" and carrier.id not in gone):
            continue
        if carrier.id in gone:
            thrown += 1
            before = burnt | {other.id for other in hit[:number] if other.id in gone}
            units[number] = replace(units[number], room=_room(data, state, carrier, riders,
                                                                before))
        for rider in riders:
            reached.append(rider)
            units.append(Burnt(unit_label(data, rider), data.units[rider.type], rider.damage,
                               rides=number))
    if thrown > 1:
        return ("two carriers the flame destroys throw their riders out into the room beside"
                " them, which the flame odds do not model")
    if thrown and any(other.id not in burnt and amount * 6 >= left(other) > 0
                      for other in inside):
        return ("a destroyed carrier throws its riders out beside a trooper behind a slot that"
                " may outlive the flame, which the flame odds do not model")
    return reached, units


def _room(data: RobogearData, state: RobogearState, carrier: Unit, riders: list[Unit],
          gone: set[int]) -> Room:
    """Who of ``carrier``'s riders, of those whose survival roll came up, finds room beside
    it when the flame destroys it (:func:`.damage.destroy`, :func:`.table.free_spot`): the
    table as it stands then, the units the flame destroyed before it (``gone``) and the
    carrier gone, each rider set down in turn."""
    from warbench.rulesets.robogear.table import free_spot

    def placed(rolled: tuple[bool, ...]) -> tuple[bool, ...]:
        units = [other.shallow_copy() for other in state.units]
        trial = copy(state)
        trial.units = units
        for number in (*gone, carrier.id):
            units[number].alive = False
        lives = []
        for rider, up in zip(riders, rolled, strict=True):
            mine = units[rider.id]
            mine.carried_by = -1
            where = free_spot(trial, data, mine, units[carrier.id])
            if not up or where is None:
                mine.alive = False
            else:
                mine.x, mine.y = where
            lives.append(mine.alive)
        return tuple(lives)

    return placed


def blast_options(data: RobogearData, state: RobogearState,
                  action: Shoot | Throw) -> BlastOptions | str:
    """The ``warbench odds robogear blast`` options of a blast shot (RG-BLAST; lobbed,
    RG-IND; a hand grenade, RG-GRENADE) as the game lays it: the shooter's weapon, the
    distance and cover of the aim, the aim as :func:`.shots.shoot` rolls it (from above,
    RG-INF-ABOVE; against a rider's D6+2; against an open machine's pilot, RG-PILOT-OPEN),
    the aim point and the line of fire on the table (a shell scattered off it does
    nothing), and every model on the table the marker could reach from its aim point (the
    models :func:`.shots._blast` asks, by the same :func:`.out_of_reach`) where it stands
    (``on_table``: each landing worked and each base tested as the game works and tests
    them). Or why the odds cannot be told."""
    from warbench.rulesets.robogear.odds import BlastOptions

    unit, target = state.units[action.unit], state.units[action.target]
    shooter, aim = spot(state, unit), spot(state, target)
    # a hand grenade (RG-GRENADE) is thrown at a unit on the table, never lobbed
    weapon, lobbed, at_pilot = ((0, False, False) if isinstance(action, Throw) else
                                (action.weapon, action.indirect, action.at_pilot))
    models = [f"{other.x!r},{other.y!r},{other.radius!r}"  # where they stand, exactly
              for other in within_reach(data, state, action)]
    if not models:
        return "no model stands where the marker can land"
    return BlastOptions(
        shooter=unit.type, weapon=weapon, grenade=isinstance(action, Throw),
        target=target.type, distance=max(0.0, gap(shooter, aim)),
        cover=min(1.0, hidden_share(state, data, shooter, target)),
        indirect=lobbed, models=";".join(models),
        above=not lobbed and accuracy_bonus(state, data, unit, aim) > 0,
        rider=not lobbed and target.carried_by >= 0,
        at_pilot=not lobbed and at_pilot and target.carried_by < 0,
        aim_x=aim.x, aim_y=aim.y, bearing=heading_to(shooter, aim), width=state.width,
        height=state.height, on_table=True,
    )


def within_reach(data: RobogearData, state: RobogearState,
                 action: Shoot | Throw) -> list[Unit]:
    """The units a blast shot's (or a hand grenade's) marker may land on: within its radius
    and the longest scatter (6 cm, 12 lobbed) of the aim point, by :func:`.out_of_reach`
    as :func:`.shots._blast` asks, in the table's order."""
    aim = spot(state, state.units[action.target])
    if isinstance(action, Throw):
        diameter, lobbed = data.measures.grenade_blast_cm, False
    else:
        weapon = data.units[state.units[action.unit].type].weapons[action.weapon]
        diameter, lobbed = weapon.blast_cm, action.indirect
    reach = steps(diameter) / 2 + steps(6.0 * (2 if lobbed else 1))
    return [other for other in state.units
            if other.on_table and not out_of_reach(aim.x, aim.y, reach, other)]


def blast_odds(data: RobogearData, state: RobogearState,
               action: Shoot | Throw) -> OddsAnswer | None:
    """The exact odds of a blast shot or a hand grenade (:func:`blast_options`), or why
    they are withheld:
    the total damage of every model under the marker, the chance the aimed model is, and
    a line for each other model the marker may land on, friend or foe."""
    from warbench.rulesets.robogear.odds import BlastOdds

    options = blast_options(data, state, action)
    if isinstance(options, str):
        return OddsAnswer.withholding(options)
    try:
        answer, under = BlastOdds(data).odds_by_model(options)
    except ValueError:
        return None
    reached = within_reach(data, state, action)
    chance = dict(zip((unit.id for unit in reached), under, strict=True))
    others = {unit_label(data, unit): {"under the marker": chance[unit.id]}
              for unit in reached if unit.id != action.target}
    named = {**answer.named, "target under the marker": chance.get(action.target, 0.0)}
    return replace(answer, named=named, others=others)
