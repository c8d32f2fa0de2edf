"""Playing one game between agents, to the end, and returning what happened."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from warbench.core.agents import Agent, AgentError
from warbench.core.collector import paced_collection
from warbench.core.engine import EngineError, Game, IllegalAction
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


#: How often an agent may be refused in a row (late, by the rules) before it is a bug.
MAX_REFUSALS = 100


def play_next_decision(game: Game[Any, Any], agents: Sequence[Agent]) -> list[Event]:
    """Let the agent owing the first pending decision answer it; return the events.

    Some refusals only show once dice are rolled; the game is then rolled back and the
    agent asked again, up to :data:`MAX_REFUSALS` times.
    """
    for _ in range(MAX_REFUSALS):
        # Read the decision afresh each time: a rollback replaces the state it was built on.
        pending = game.pending()
        if not pending:
            raise EngineError(
                f"{game.ruleset.id}: the game is not over but nobody owes a decision"
            )
        decision = pending[0]
        agent = agents[decision.player]
        try:
            return game.apply(
                decision.player, agent.choose(game.observe(decision.player), decision)
            )
        except IllegalAction:
            continue
    raise AgentError(f"{agent.name} was refused {MAX_REFUSALS} times on {decision.prompt!r}")


def play_match(
    ruleset: Ruleset[Any, Any],
    agents: Sequence[Agent],
    *,
    setup: Mapping[str, Any] | None = None,
    seed: int = 0,
    max_decisions: int = 100_000,
    record_hashes: bool = True,
    transactional: bool | None = None,
) -> MatchResult:
    """Play one game, seat ``i`` answered by ``agents[i]``, until it ends or hits the limit.

    ``transactional`` (default: the ruleset's ``late_refusals``) snapshots the state before
    each action so that a late refusal can be rolled back. The garbage collector runs at
    the pace of :func:`~warbench.core.collector.paced_collection` meanwhile.
    """
    with paced_collection():
        return _play_to_end(ruleset, agents, setup, seed, max_decisions, record_hashes,
                            transactional)


def _play_to_end(
    ruleset: Ruleset[Any, Any],
    agents: Sequence[Agent],
    setup: Mapping[str, Any] | None,
    seed: int,
    max_decisions: int,
    record_hashes: bool,
    transactional: bool | None,
) -> MatchResult:
    game = Game.new(
        ruleset,
        setup,
        seed=seed,
        players=len(agents),
        record_hashes=record_hashes,
        transactional=ruleset.late_refusals if transactional is None else transactional,
    )
    game.journal.played_by = [agent.name for agent in agents]
    decisions = 0
    while not game.is_over and decisions < max_decisions:
        play_next_decision(game, agents)
        decisions += 1
    return MatchResult(game.outcome, game.journal, game.events, decisions, game.hash())
