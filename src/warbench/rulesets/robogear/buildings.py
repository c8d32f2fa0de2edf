"""Buildings troopers occupy: entering by a firing slot, shooting and being shot through
it, and leaving (RG-BLD-*; flames through a slot are in fire.py, RG-FLAME-BUILDING).

The seed says only that small arms cannot harm buildings and that flames reaching a
building's firing slot give the unit inside D6 hits; how troopers get in and out, how many
fit and how a slot hides them are engine defaults (docs/rules/robogear.md).
"""

from __future__ import annotations

from math import hypot
from typing import Final

from warbench.core.rounding import round_to
from warbench.rulesets.robogear.actions import ACTIONS_RULE, Enter, Leave
from warbench.rulesets.robogear.damage import RobogearGame
from warbench.rulesets.robogear.data import RobogearData
from warbench.rulesets.robogear.events import Occupied
from warbench.rulesets.robogear.infantry import trooper_block
from warbench.rulesets.robogear.moves import CREW_RULE, CREW_STAYS, crew_guns
from warbench.rulesets.robogear.pieces import Block, Unit
from warbench.rulesets.robogear.state import RobogearState
from warbench.rulesets.robogear.table import CONTACT, flying, slot_point

#: How far (in steps) outside its wall a trooper leaving by a slot stands clear of it.
DOORSTEP: Final = 0.1


def wall_gap(unit: Unit, block: Block) -> float:
    """Distance from the unit's base edge to the building's walls (0 or less: touching)."""
    dx = max(block.x0 - unit.x, 0.0, unit.x - block.x1)
    dy = max(block.y0 - unit.y, 0.0, unit.y - block.y1)
    return hypot(dx, dy) - unit.radius


def occupants(state: RobogearState, building: int) -> list[Unit]:
    """The troopers inside a building."""
    return [u for u in state.units if u.alive and u.inside == building]


def _free_slots(state: RobogearState, building: int) -> list[int]:
    taken = {u.slot for u in occupants(state, building)}
    return [s for s in range(state.terrain[building].slots) if s not in taken]


def enter_refusal(state: RobogearState, data: RobogearData, action: Enter) -> str | None:
    """A trooper touching a building with a free slot, held by no enemy, enters for the
    boarding cost."""
    unit = state.units[action.unit]
    blocked = trooper_block(state, unit, "RG-BLD-ENTER")
    if blocked:
        return blocked
    if unit.inside >= 0 or unit.carried_by >= 0:
        return "the trooper is already inside a building or a carrier (RG-BLD-ENTER)"
    if crew_guns(state, unit):
        return f"{CREW_STAYS}: it does not go into a building ({CREW_RULE})"
    if not 0 <= action.building < len(state.terrain) or not state.terrain[action.building].slots:
        return (f"terrain piece {action.building} is not a building with firing slots "
                f"({ACTIONS_RULE})")
    block = state.terrain[action.building]
    if wall_gap(unit, block) > CONTACT:
        return f"the trooper must touch the {block.name}'s wall to enter it (RG-BLD-ENTER)"
    if any(state.enemies(u.player, unit.player) for u in occupants(state, action.building)):
        return f"the enemy holds the {block.name} (RG-BLD-ENTER)"
    if not _free_slots(state, action.building):
        return f"every firing slot of the {block.name} is taken ({block.slots}, RG-BLD-SLOT)"
    if unit.points_left < data.tables.board_cost:
        return f"entering a building costs {data.tables.board_cost} resource (RG-BLD-ENTER)"
    return None


def enter(game: RobogearGame, action: Enter) -> None:
    """The trooper takes the free slot nearest to it and stands there, inside."""
    state = game.state
    unit = state.units[action.unit]
    block = state.terrain[action.building]
    slot = min(_free_slots(state, action.building),
               key=lambda s: hypot(slot_point(block, s)[0] - unit.x,
                                        slot_point(block, s)[1] - unit.y))
    unit.x, unit.y = slot_point(block, slot)[:2]
    unit.inside, unit.slot = action.building, slot
    unit.points_left -= game.data.tables.board_cost
    game.emit(Occupied(unit.id, action.building, True,
                       text=f"trooper {unit.id} takes a firing slot in the {block.name}"))


def _doorstep(state: RobogearState, data: RobogearData, unit: Unit) -> tuple[float, float] | None:
    """Where the trooper stands after leaving: outside its slot, if the place is free."""
    x, y, nx, ny = slot_point(state.terrain[unit.inside], unit.slot)
    x, y = x + nx * (unit.radius + DOORSTEP), y + ny * (unit.radius + DOORSTEP)
    if not (unit.radius <= x <= state.width - unit.radius
            and unit.radius <= y <= state.height - unit.radius):
        return None
    for other in state.units:
        if other is unit or not other.on_table or flying(data.units[other.type]):
            continue
        if hypot(other.x - x, other.y - y) < other.radius + unit.radius - CONTACT:
            return None
    return round_to(x, 3), round_to(y, 3)


def leave_refusal(state: RobogearState, data: RobogearData, action: Leave) -> str | None:
    """A trooper inside steps out beside its slot for the boarding cost."""
    unit = state.units[action.unit]
    if unit.inside < 0:
        return "the trooper is not inside a building (RG-BLD-LEAVE)"
    blocked = trooper_block(state, unit, "RG-BLD-LEAVE")
    if blocked:
        return blocked
    if unit.points_left < data.tables.board_cost:
        return f"leaving a building costs {data.tables.board_cost} resource (RG-BLD-LEAVE)"
    if _doorstep(state, data, unit) is None:
        return "the place outside the slot is taken or off the table (RG-BLD-LEAVE)"
    return None


def leave(game: RobogearGame, action: Leave) -> None:
    state = game.state
    unit = state.units[action.unit]
    place = _doorstep(state, game.data, unit)
    if place is None:
        raise ValueError("no room outside the slot")
    building = unit.inside
    unit.x, unit.y = place
    unit.inside, unit.slot = -1, -1
    unit.points_left -= game.data.tables.board_cost
    game.emit(Occupied(unit.id, building, False,
                       text=f"trooper {unit.id} leaves the {state.terrain[building].name}"))
