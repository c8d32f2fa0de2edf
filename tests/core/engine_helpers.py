"""What the engine's tests compare before and after an action the engine must leave alone."""

from __future__ import annotations

from warbench.core.engine import Game
from warbench.core.events import Event


def snapshot(game: Game) -> tuple[str, list[Event], str]:
    """Everything a refused action must leave alone: state hash, events, journal."""
    return game.hash(), list(game.events), game.journal.dumps()
