"""Playing one game between agents, to the end, and returning what happened."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from warbench.core.agents import Agent
from warbench.core.engine import EngineError, Game
from warbench.core.events import Event
from warbench.core.journal import Journal
from warbench.core.procedures import Outcome
from warbench.core.ruleset import Ruleset


@dataclass(slots=True)
class MatchResult:
    """The outcome (``None`` if the decision limit was reached), journal, events, count."""

    outcome: Outcome | None
    journal: Journal
    events: list[Event]
    decisions: int
    final_hash: str


def play_match(
    ruleset: Ruleset,
    agents: Sequence[Agent],
    *,
    setup: Mapping[str, Any] | None = None,
    seed: int = 0,
    max_decisions: int = 100_000,
    record_hashes: bool = True,
) -> MatchResult:
    """Play one game, seat ``i`` answered by ``agents[i]``, until it ends or hits the limit."""
    game = Game.new(
        ruleset, setup, seed=seed, players=len(agents), record_hashes=record_hashes
    )
    decisions = 0
    while not game.is_over and decisions < max_decisions:
        pending = game.pending()
        if not pending:
            raise EngineError(f"{ruleset.id}: the game is not over but nobody owes a decision")
        decision = pending[0]
        action = agents[decision.player].choose(game, decision)
        game.apply(decision.player, action)
        decisions += 1
    return MatchResult(game.outcome, game.journal, game.events, decisions, game.hash())
