"""The state of a Dystopian Wars game: models, squadrons, mines, terrain, cards, markers.

Everything is plain data (slotted dataclasses of ints, floats, strings, lists and dicts),
so a game can be copied, saved and hashed at any moment, even in the middle of an
activation. A model keeps only what changes during play; its statistics are looked up in
the catalog by its class id (:attr:`Model.cls`).

Levels: ``surface`` (ships, land models, surfaced divers), ``submerged`` (a diving model
under the water or the ground), ``flying`` and ``obscured`` (a flyer up in the clouds).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

from warbench.core.engine import EngineError, Game
from warbench.core.plain import Hidden
from warbench.core.procedures import GameState, Procedure
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.pieces import (
    REPAIRABLE,
    CardPlay,
    Locked,
    Mine,
    Model,
    Piece,
    Squadron,
    body_of,
    ranked_body_of,
)

#: The pieces (:mod:`~.pieces`, a module of their own so that it can be compiled) are named
#: here too, where the ruleset imports them from.
__all__ = [
    "LEVELS", "REPAIRABLE", "CardPlay", "DWGame", "DWState", "Locked", "Mine", "Model",
    "Piece", "Squadron", "body_of", "frame_below", "ranked_body_of",
]

LEVELS = ("surface", "submerged", "flying", "obscured")


@dataclass(slots=True)
class DWState(GameState):
    """The whole game."""

    width: float = 72.0
    height: float = 48.0
    terrain: list[Piece] = field(default_factory=list)
    models: list[Model] = field(default_factory=list)
    squadrons: list[Squadron] = field(default_factory=list)
    mines: list[Mine] = field(default_factory=list)
    boardings: list[Locked] = field(default_factory=list)
    turn: int = 0
    phase_no: int = 0
    max_turns: int = 6
    initiative: list[int] = field(default_factory=list)
    commodore: list[int] = field(default_factory=list)
    commodore_lost: list[bool] = field(default_factory=list)
    commodore_tested: list[bool] = field(default_factory=list)
    reroll_used: list[bool] = field(default_factory=list)
    orders: list[int] = field(default_factory=list)
    deployed: list[int] = field(default_factory=list)
    conceded: list[bool] = field(default_factory=list)
    fallen: list[int] = field(default_factory=list)
    commodore_fell: list[int] = field(default_factory=list)
    cards_on: bool = True
    hands: list[Hidden[list[str]]] = field(default_factory=list)
    decks: list[Hidden[list[str]]] = field(default_factory=list)
    discards: list[list[str]] = field(default_factory=list)
    trashed: list[list[str]] = field(default_factory=list)
    in_play: list[CardPlay] = field(default_factory=list)
    next_mine: int = 0
    deck_ops: dict[str, int] = field(default_factory=dict)
    allow_concession: bool = False
    deployment: str = "auto"
    #: Each player's deployment edge (0 south, 1 north, 2 west, 3 east) once the winner of
    #: the deployment roll has chosen; empty: every player keeps the edge of their seat.
    edges: list[int] = field(default_factory=list)
    #: The table's surface, ``sea`` or ``land`` (DW-TABLE-SURFACE).
    surface: str = "sea"

    def squadron_models(self, sid: int) -> list[Model]:
        """The squadron's models still in play (alive and not derelict)."""
        models = self.models
        return [models[uid] for uid in self.squadrons[sid].models if models[uid].active]

    def fleet(self, player: int) -> list[Model]:
        """The player's models still in play."""
        return [model for model in self.models if model.player == player and model.active]

    def mine(self, mid: int) -> Mine | None:
        """The mine with id ``mid``, while it is on the table."""
        return next((mine for mine in self.mines if mine.mid == mid), None)

    def opponents(self, player: int) -> list[int]:
        """Every other player (all players are enemies of each other)."""
        return [other for other in range(self.players) if other != player]


#: A game of Dystopian Wars: its state and rules data reach procedures typed.
DWGame = Game[DWState, RulesData]

F = TypeVar("F", bound=Procedure[Any, Any])


def frame_below(game: DWGame, kind: type[F], depth: int = 2) -> F:
    """The frame ``depth`` from the top of the stack (1: the top), which must be a ``kind``
    (an answer frame reaches the attack or boarding it answers)."""
    frame = game.state.stack[-depth]
    if not isinstance(frame, kind):
        raise EngineError(f"{kind.__name__} expected {depth} deep on the stack, found {frame!r}")
    return frame
