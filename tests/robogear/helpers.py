"""Small ROBOGEAR battles for rule tests: chosen units, places and dice."""

from __future__ import annotations

from typing import Any

from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game
from warbench.rulesets.robogear import RobogearRuleset
from warbench.rulesets.robogear.actions import Activate, Regroup
from warbench.rulesets.robogear.data import RobogearData
from warbench.rulesets.robogear.groups import Regrouping
from warbench.rulesets.robogear.pieces import Unit
from warbench.rulesets.robogear.state import RobogearState
from warbench.rulesets.robogear.turn import Round

RULES = RobogearRuleset()
RGame = Game[RobogearState, RobogearData]


def army(*entries: tuple[str, int] | tuple[str, int, str]) -> dict[str, Any]:
    """An army set-up from (unit, count[, role]) entries."""
    return {"name": "test", "units": [
        {"unit": e[0], "count": e[1], "role": e[2] if len(e) > 2 else ""} for e in entries]}


def battle(*armies: dict[str, Any], **setup: Any) -> RGame:
    """A battle on an empty table, armies on the south and north edges (then east, west)."""
    edges = ["south", "north", "east", "west"][: len(armies)]
    full = {"armies": list(armies), "terrain": "none", "edges": edges, **setup}
    return Game.new(RULES, full, seed=3, players=len(armies))


def put(game: RGame, unit: int, x: float, y: float, facing: float = 0.0) -> Unit:
    """Stand a unit at (x, y) facing ``facing``."""
    u = game.state.units[unit]
    u.x, u.y, u.facing = x, y, facing
    return u


def turn_of(game: RGame, unit: int, dice: list[int] | None = None) -> None:
    """Give the turn to the element of ``unit`` (whatever the initiative said)."""
    state = game.state
    owner = state.units[unit].player
    element = next(e for e in state.elements
                   if any(unit in state.squads[s].units for s in e.squads))
    element.done = False
    for squad in element.squads:  # its own units have not had their turn (not its riders)
        for member in state.squads[squad].units:
            state.units[member].acted = False
    while isinstance(state.stack[-1], Regrouping):
        game.apply(game.pending()[0].player, Regroup())
    frame = state.stack[-1]
    assert isinstance(frame, Round)
    state.order = [owner] + [p for p in state.order if p != owner]
    frame.turns.turn = 0
    game._pending = None
    if dice is not None:
        game.set_dice(ScriptedDice(dice))
    game.apply(owner, Activate(element.id))
