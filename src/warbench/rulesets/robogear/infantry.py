"""What only troopers do: close combat, a medic's treatment, boarding carriers and empty
machines, and infiltrators appearing out of sight."""

from __future__ import annotations

from typing import Final

from warbench.core.actions import Action
from warbench.core.decisions import DrawnSpace
from warbench.core.events import RollEffect
from warbench.core.rng import RandomStream
from warbench.core.rounding import round_to
from warbench.rulesets.robogear.actions import (
    ACTIONS_RULE,
    Board,
    Deploy,
    Disembark,
    Heal,
    Melee,
)
from warbench.rulesets.robogear.damage import RobogearGame, damage
from warbench.rulesets.robogear.data import RobogearData
from warbench.rulesets.robogear.events import Boarded, Deployed, Fought, Healed
from warbench.rulesets.robogear.fire import FREE_CREW, crew_for
from warbench.rulesets.robogear.moves import CREW_RULE, CREW_STAYS, battery_mates, crew_guns
from warbench.rulesets.robogear.picture import unit_label, unit_words
from warbench.rulesets.robogear.pieces import Unit
from warbench.rulesets.robogear.state import RobogearState, Section, section
from warbench.rulesets.robogear.table import Sight, flying, free_spot, gap, touching


def trooper_block(state: RobogearState, unit: Unit, rule: str) -> str | None:
    if unit.kind != "trooper":
        return f"only troopers do that ({rule})"
    if unit.crewing:
        return "a trooper serving a gun does nothing else this round (RG-ART-CREW)"
    if unit.healing >= 0 or unit.held_by >= 0:
        return "a medic and the trooper being treated do nothing else (RG-HEAL)"
    return None


def _other(state: RobogearState, index: int) -> Unit | None:
    return state.units[index] if 0 <= index < len(state.units) else None


def melee_refusal(state: RobogearState, data: RobogearData, action: Melee) -> str | None:
    """Close combat is trooper against trooper, one on one, base to base."""
    unit = state.units[action.unit]
    blocked = trooper_block(state, unit, "RG-CC-INF") or (
        "a trooper in a carrier cannot fight hand to hand (RG-INF-APC)"
        if unit.carried_by >= 0 else None)
    if blocked:
        return blocked
    target = _other(state, action.target)
    if target is None or not target.on_table or not state.enemies(unit.player, target.player):
        return "close combat needs an enemy on the table (RG-CC-INF)"
    if target.kind != "trooper":
        return "troopers fight only troopers in close combat, never machines (RG-CC-INF)"
    if unit.inside >= 0 or target.inside >= 0:
        return "no close combat through a building's firing slot (engine default, RG-BLD-SLOT)"
    if not touching(unit, target):
        return "close combat needs the two bases touching (RG-CC-INF)"
    if unit.points_left < data.tables.melee_cost:
        return f"close combat costs {data.tables.melee_cost} resource (RG-INF-ACT)"
    return None


def fight_total(game: RobogearGame, unit: Unit, foe: Unit) -> int:
    """D6 + lives left + the brawler bonus + 1 per friendly trooper within a step of the pair."""
    state, data = game.state, game.data
    record = data.units[unit.type]
    friends = sum(
        1 for other in state.units
        if other.on_table and other.kind == "trooper" and other is not unit
        and not state.enemies(other.player, unit.player)
        and (gap(other, unit) <= 1.0 or gap(other, foe) <= 1.0)
    )
    face = game.dice_for(unit.player).faces(6, 1, label="close combat")[0]
    modifier = (record.wounds - unit.damage) + record.brawler + friends
    game.emit(RollEffect(unit.player, "close combat", face + modifier, 1, modifier=modifier))
    return face + modifier


def melee(game: RobogearGame, action: Melee) -> None:
    """Both roll; the higher total wins and the loser loses lives (table: engine default)."""
    state, tables = game.state, game.data.tables
    unit, foe = state.units[action.unit], state.units[action.target]
    unit.points_left -= tables.melee_cost
    unit.busy = True
    mine, theirs = fight_total(game, unit, foe), fight_total(game, foe, unit)
    game.emit(Fought(unit.id, foe.id, mine, theirs,
                     text=f"trooper {unit.id} fights {foe.id}: {mine} against {theirs}"))
    if mine == theirs:
        return
    loser, winner = (foe, unit) if mine > theirs else (unit, foe)
    lost = tables.melee_win * (2 if abs(mine - theirs) >= tables.melee_crush_margin else 1)
    damage(game, loser, lost, winner, crit=False)


def heal_refusal(state: RobogearState, data: RobogearData, action: Heal) -> str | None:
    """A medic on the table with resource left treats an allied trooper in the red
    section, within a step."""
    unit = state.units[action.unit]
    blocked = trooper_block(state, unit, "RG-HEAL")
    if blocked:
        return blocked
    if not data.units[unit.type].medic:
        return "only medics heal (RG-INF-MEDIC)"
    if unit.carried_by >= 0:
        return "a medic riding a carrier gets off first: it treats from within a step (RG-HEAL)"
    if unit.points_left <= 0:
        return "a medic with no resource left stands frozen until its next turn (RG-HEAL)"
    target = _other(state, action.target)
    if target is None or not target.on_table or target is unit or target.kind != "trooper":
        return "a medic treats another trooper on the table (RG-HEAL)"
    if state.enemies(unit.player, target.player):
        return "a medic treats only allied troopers (RG-HEAL)"
    if section(data.units[target.type], target.damage) is not Section.RED:
        return "only a trooper in the red section can be brought back to yellow (RG-INF-MEDIC)"
    if gap(unit, target) > 1.0:
        return "the medic must be within a step of the trooper (RG-HEAL)"
    if target.healing >= 0 or target.held_by >= 0:
        return "that trooper is already busy with a treatment (RG-HEAL)"
    return None


def heal(game: RobogearGame, action: Heal) -> None:
    """The treatment starts: both stay put and do nothing else until the medic's next turn."""
    unit, target = game.state.units[action.unit], game.state.units[action.target]
    unit.healing, target.held_by = target.id, unit.id
    unit.points_left = 0
    unit.busy = True
    game.emit(Healed(unit.id, target.id, False, text=f"medic {unit.id} treats {target.id}"))


def finish_healing(game: RobogearGame, medic: Unit) -> None:
    """At the medic's next turn the patient moves from red to yellow if both are there."""
    state, data = game.state, game.data
    if medic.healing < 0:
        return
    patient = state.units[medic.healing]
    medic.healing, patient.held_by = -1, -1
    if medic.on_table and patient.on_table and gap(medic, patient) <= 1.0:
        record = data.units[patient.type]
        patient.damage = min(patient.damage, record.sections[0] + record.sections[1] - 1)
        game.emit(Healed(medic.id, patient.id, True, text=f"trooper {patient.id} is patched up"))


#: Places a gun takes in a carrier's hold (engine default; a trooper takes one).
GUN_PLACES: Final = 2


def _places(unit: Unit) -> int:
    return GUN_PLACES if unit.kind == "gun" else 1


def _gun_block(state: RobogearState, data: RobogearData, unit: Unit) -> str | None:
    if not data.units[unit.type].wheels:
        return "a gun without wheels cannot be loaded into a carrier (RG-INF-APC-GUN)"
    if battery_mates(state, unit):
        return (f"a battery's guns stand within {data.measures.battery_gap_steps:g} steps of"
                " a neighbour: one is not loaded away from the others (RG-ART-BATTERY)")
    if not crew_for(state, data, unit):
        return (f"loading a gun takes a trooper of its crew within a step {FREE_CREW} "
                "(RG-INF-APC-GUN)")
    return None


def board_refusal(state: RobogearState, data: RobogearData, action: Board) -> str | None:
    """Into a carrier's hold (room for the model; a gun with its crew beside it takes two
    places) or an empty driver's seat (a pilot for a cabin or a gun's pilot seat, any
    trooper for an operator's platform), touching the machine, for 1 resource."""
    unit = state.units[action.unit]
    loading = _gun_block(state, data, unit) if unit.kind == "gun" else trooper_block(
        state, unit, "RG-INF-APC")
    blocked = loading or (
        "the unit is already aboard (RG-INF-APC)" if unit.carried_by >= 0 else None)
    if blocked:
        return blocked
    if crew_guns(state, unit):
        return f"{CREW_STAYS}: it does not board ({CREW_RULE})"
    machine = _other(state, action.machine)
    seat = machine is not None and machine.kind == "gun" and data.units[machine.type].pilot_seat
    if machine is None or not machine.on_table or (machine.kind != "machine" and not seat):
        return "board a machine on the table (or a gun's pilot seat, RG-INF-APC)"
    if machine.player != unit.player:
        return "troopers board only their own machines (RG-INF-APC)"
    if not touching(unit, machine):
        return "the trooper must stand at the machine's door (touching it, RG-INF-APC)"
    if unit.points_left < data.tables.board_cost:
        return f"boarding costs {data.tables.board_cost} resource (RG-INF-APC)"
    record = data.units[machine.type]
    if machine.pilot <= 0 and unit.kind == "trooper":
        if record.cockpit == "closed" and data.units[unit.type].role != "pilot":
            return "only a pilot can drive a machine with a closed cabin (RG-MOVE-SIMPLE)"
        return None
    if record.transport <= 0:
        return "this machine carries no troopers and has its pilot (RG-PILOT-NEW)"
    aboard = sum(_places(o) for o in state.units if o.alive and o.carried_by == machine.id)
    if aboard + _places(unit) > record.transport:
        return (f"the carrier holds {record.transport} troopers (a gun takes {GUN_PLACES}, "
                "RG-INF-APC)")
    return None


def board(game: RobogearGame, action: Board) -> None:
    state, data = game.state, game.data
    unit, machine = state.units[action.unit], state.units[action.machine]
    unit.points_left -= data.tables.board_cost
    unit.busy = True
    if unit.kind == "gun":
        for crew in crew_for(state, data, unit):
            crew.crewing = True
    elif machine.pilot <= 0:
        lives = data.units[unit.type].wounds - unit.damage
        machine.pilot = min(data.measures.pilot_lives, lives)
        unit.alive = False
        unit.piloting = machine.id
        game.emit(Boarded(unit.id, machine.id, True,
                          text=f"trooper {unit.id} takes the controls of {machine.id}"))
        return
    unit.carried_by = machine.id
    words = f"{unit_label(data, unit)} boards {unit_label(data, machine)}"
    game.emit(Boarded(unit.id, machine.id, True, text=words))


def disembark_refusal(state: RobogearState, data: RobogearData, action: Disembark) -> str | None:
    unit = state.units[action.unit]
    if unit.carried_by < 0:
        return "the unit is not aboard a carrier (RG-INF-APC)"
    blocked = None if unit.kind == "gun" else trooper_block(state, unit, "RG-INF-APC")
    if blocked:
        return blocked
    if unit.points_left < data.tables.board_cost:
        return f"leaving a carrier costs {data.tables.board_cost} resource (RG-INF-APC)"
    if free_spot(state, data, unit, state.units[unit.carried_by]) is None:
        return "there is no room at the carrier's door (RG-INF-APC)"
    return None


def disembark(game: RobogearGame, action: Disembark) -> None:
    state, data = game.state, game.data
    unit = state.units[action.unit]
    carrier = state.units[unit.carried_by]
    spot = free_spot(state, data, unit, carrier)
    if spot is None:
        raise ValueError("no room at the door")
    unit.x, unit.y = spot
    unit.carried_by = -1
    unit.points_left -= data.tables.board_cost
    unit.busy = True
    game.emit(Boarded(unit.id, carrier.id, False, text=f"trooper {unit.id} leaves {carrier.id}"))


def deploy_refusal(state: RobogearState, data: RobogearData, action: Deploy,
                   sight: Sight | None = None) -> str | None:
    """Infiltrators appear anywhere on the table out of sight of every enemy unit;
    ``sight``: the table's :class:`Sight` as it stands, if already built."""
    unit = state.units[action.unit]
    if not unit.reserve or not unit.alive:
        return "only an infiltrator held back can be placed (RG-INF-INFILTRATE)"
    if not (unit.radius <= action.x <= state.width - unit.radius
            and unit.radius <= action.y <= state.height - unit.radius):
        return f"the place is off the table ({ACTIONS_RULE})"
    if any(block.slots and block.contains(action.x, action.y) for block in state.terrain):
        return "the place is inside a building: enter it by a slot (RG-BLD-TOWN)"
    placed = unit.shallow_copy()  # as dataclasses.replace would make it, far cheaper
    placed.x, placed.y, placed.reserve = action.x, action.y, False
    sight = sight or Sight(state, data)
    for other in state.units:
        if other is unit or not other.on_table:
            continue
        if not flying(data.units[other.type]) and gap(placed, other) < 0:
            return f"the place overlaps {unit_label(data, other)} (RG-INF-INFILTRATE)"
        if state.enemies(other.player, unit.player) and sight.share(other, placed) < 1.0:
            return (f"enemy {unit_label(data, other)} would see the infiltrator there "
                    "(RG-INF-INFILTRATE)")
    return None


def deploy(game: RobogearGame, action: Deploy) -> None:
    unit = game.state.units[action.unit]
    unit.x, unit.y, unit.reserve = action.x, action.y, False
    game.emit(Deployed(unit.id, action.x, action.y,
                       text=f"infiltrator {unit.id} appears at ({action.x:.1f}, {action.y:.1f})"))


class DeploySpace(DrawnSpace):
    """Places out of enemy sight for the infiltrators whose turn it is."""

    action_type = Deploy

    def __init__(self, state: RobogearState, data: RobogearData, units: list[int]) -> None:
        self._state = state
        self._data = data
        self.units = tuple(units)
        self.description = "place an infiltrator out of every enemy's sight: x, y in steps"

    def judge(self, action: Action, sight: Sight | None = None) -> str | None:
        if not isinstance(action, Deploy):
            return f"{action!r} is not a deployment ({ACTIONS_RULE})"
        if action.unit not in self.units:
            return (f"{unit_words(self._state, self._data, action.unit)} does not have the turn "
                    f"({ACTIONS_RULE})")
        return deploy_refusal(self._state, self._data, action, sight)

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        found: list[Action] = []
        state = self._state
        sight = Sight(state, self._data)  # nothing moves while sampling
        for _ in range(count * 20):
            unit = self.units[rng.choice_index(len(self.units))]
            x = round_to(1.0 + rng.random() * (state.width - 2.0), 3)
            y = round_to(1.0 + rng.random() * (state.height - 2.0), 3)
            action = Deploy(unit, x, y)
            if self.judge(action, sight) is None:
                found.append(action)
                if len(found) >= count:
                    break
        return self.drew(found)
