"""Procedures: the frames of the turn-structure stack, and the state that holds them.

The rules of a game read like its rulebook's own sequence: a turn frame pushes a phase
frame, a phase pushes one activation per squadron, an attack pushes the defender's
response. Each frame is a small dataclass holding plain data (which squadron, which stage);
its methods say what decisions it owes, how an answer changes the game, and how it steps on
when nobody owes anything. Because frames are data, a state can be copied, saved and hashed
at any point, even half-way through an activation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from warbench.core.rng import RandomStream

if TYPE_CHECKING:
    from warbench.core.actions import Action
    from warbench.core.decisions import Decision
    from warbench.core.engine import Game

#: A ruleset's state type (a :class:`GameState` subclass).
S = TypeVar("S", bound="GameState")
#: A ruleset's data type (its catalog and tables, loaded per ruleset instance).
D = TypeVar("D")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning players (none for a draw), scores and why."""

    winners: tuple[int, ...]
    scores: tuple[float, ...] = ()
    reason: str = ""

    @property
    def is_draw(self) -> bool:
        """No single side won."""
        return len(self.winners) != 1


@dataclass(slots=True)
class Procedure(Generic[S, D]):
    """A frame on the stack. Subclass it as a slotted dataclass of plain fields.

    The engine calls :meth:`decisions` on the top frame; if it owes none, :meth:`step`, which
    must make progress (change the frame, push or pop). An answer goes to :meth:`act`.
    A ruleset parameterises it with its state and data types
    (``class Turn(Procedure[MyState, MyData])``), so ``game.state`` and ``game.data`` are
    typed inside its methods.
    """

    def decisions(self, game: Game[S, D]) -> list[Decision]:
        """The choices this frame waits for; empty when it can step on by itself."""
        return []

    def act(self, game: Game[S, D], player: int, action: Action) -> None:
        """Carry out ``action`` by ``player``, which the engine has checked is legal here."""
        raise NotImplementedError(f"{type(self).__name__} takes no actions")

    def step(self, game: Game[S, D]) -> None:
        """Move on when no decision is owed: push, pop, or change this frame."""
        raise NotImplementedError(f"{type(self).__name__} cannot step on by itself")


@dataclass(slots=True)
class GameState:
    """The core of every ruleset's state: players, random stream, stack and outcome.

    Rulesets subclass it (as slotted dataclasses) to add their pieces. The random stream is
    referee-only: it counts in the hash but no player's view shows it.
    """

    players: int
    rng: RandomStream = field(metadata={"referee_only": True})
    stack: list[Procedure[Any, Any]] = field(default_factory=list)
    outcome: Outcome | None = None
