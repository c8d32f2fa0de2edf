"""Who acts: the elements that may still take a turn this round and the units of an
element's turn, sorted by what they can still do. Compiled (``warbench.compiled``): the
turn's procedures, which stay interpreted, ask at every decision, and reading the compiled
pieces' fields from interpreted code costs a generic look-up each.
"""

from __future__ import annotations

from warbench.rulesets.robogear.pieces import Element, Unit
from warbench.rulesets.robogear.state import RobogearState


def in_battle(state: RobogearState, player: int) -> bool:
    """Whether the player still has a unit and has not been eliminated."""
    return not state.eliminated[player] and any(
        unit.alive and unit.player == player for unit in state.units)


def element_units(state: RobogearState, element: Element) -> list[Unit]:
    """The units acting in an element's turn: its squads' units and their passengers."""
    units = state.units
    members = [units[u] for s in element.squads for u in state.squads[s].units]
    ids = {u.id for u in members}
    riders = [u for u in units
              if u.carried_by >= 0 and u.alive and u.carried_by in ids and u.id not in ids]
    return [u for u in members if u.alive] + riders


def ready(state: RobogearState, element: Element) -> bool:
    """Whether the element may still take a turn this round: a unit of it on the table has
    not had its turn yet (riders go with their carrier; RG-ROUND-ONCE)."""
    if element.done or state.eliminated[element.player]:
        return False
    units, squads = state.units, state.squads
    for s in element.squads:
        for u in squads[s].units:
            unit = units[u]
            if unit.alive and unit.carried_by < 0 and not unit.acted:
                return True
    return False


def free_elements(state: RobogearState) -> list[Element]:
    """The elements that may still take a turn this round; a spent or emptied element (every
    join and disband leaves one) is not among them."""
    return [e for e in state.elements if e.squads and not e.done and ready(state, e)]


class Roster:
    """An element's units in its turn, by what each can still do."""

    __slots__ = ("able", "acting", "hidden", "mobile")

    def __init__(self, units: list[Unit]) -> None:
        #: On the table with resource left: they may move or turn.
        self.mobile = [u.id for u in units if u.on_table and u.points_left > 0]
        #: Infiltrators still off the table.
        self.hidden = [u.id for u in units if u.reserve and u.alive]
        #: Deployed (on the table or riding) with resource left: they have options.
        self.able = [u for u in units if u.alive and not u.reserve and u.points_left > 0]
        #: Every unit of the turn still alive.
        self.acting = [u.id for u in units if u.alive]
