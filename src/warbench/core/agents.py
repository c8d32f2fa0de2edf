"""Agents: anything that answers decisions. The protocol, and a random agent.

An agent is asked for one decision at a time and answers with an action. It reads only the
:class:`~warbench.core.observation.Observation` of its seat (the observed state, the view,
the decisions owed, ``check``); a bot that searches plays ahead on ``observation.sample``,
never on the real game.
"""

from __future__ import annotations

from typing import Any, Protocol

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.observation import Observation
from warbench.core.rng import RandomStream


class AgentError(RuntimeError):
    """An agent found no legal action to answer a decision."""


class Agent(Protocol):
    """Answers decisions for one seat."""

    name: str

    def choose(self, observation: Observation[Any, Any], decision: Decision) -> Action:
        """An action answering ``decision``, one of ``observation.decisions``."""
        ...


class RandomAgent:
    """Picks uniformly among the listed actions and one sample from each parameter space.

    Its own seeded stream keeps it reproducible and apart from the game's dice.
    """

    name = "random"

    def __init__(self, seed: int = 0, attempts: int = 20) -> None:
        self.rng = RandomStream.from_seed(seed)
        self.attempts = attempts

    def choose(self, observation: Observation[Any, Any], decision: Decision) -> Action:
        """A legal action drawn at random (samples are re-checked with ``check``)."""
        buckets = len(decision.options) + len(decision.spaces)
        if buckets == 0:
            raise AgentError(f"decision {decision.prompt!r} offers nothing to choose")
        for _ in range(self.attempts):
            pick = self.rng.choice_index(buckets)
            if pick < len(decision.options):
                return decision.options[pick]
            space = decision.spaces[pick - len(decision.options)]
            for candidate in space.sample(self.rng, 1):
                if observation.check(candidate) is None:
                    return candidate
        if decision.options:
            return decision.options[self.rng.choice_index(len(decision.options))]
        raise AgentError(
            f"no legal sample for {decision.prompt!r} after {self.attempts} attempts"
        )
