"""A policy trained on the environment, playing as an agent wherever a bot name is taken.

The environment hands a learner ``{"observation": vector, "action_mask": mask}`` and takes
back a slot index; :class:`PolicyAgent` does the same outside it, from the seat's
observation only: it encodes the observation as the environment does, fills the slots
with the same candidate generator, asks the policy for a slot and plays that action.
So a trained policy enters ``warbench tournament``, ``simulate`` or ``demo`` through a
factory file (see :mod:`warbench.core.botspec`)::

    # my_agents.py
    from warbench.rl import PolicyAgent
    def make_agent(seed):
        return PolicyAgent("full-thrust", my_trained_policy, seed)

    $ warbench tournament full-thrust a.toml b.toml --bot my_agents.py:make_agent --bot search

The slots hold the same kinds of candidates as in training (listed options first, then
seeded samples of each parameter space); samples are drawn from the agent's own seeded
stream, so they are reproducible for a seed but not the environment's draws.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.observation import Observation
from warbench.core.registry import ruleset as load_ruleset
from warbench.core.rng import RandomStream, seed_for
from warbench.core.search import ruleset_generator
from warbench.rl.actions import action_slots, mask_of
from warbench.rl.encoding import SIZE, check_sizes, encode

#: What a policy is given (the environment's observation dict) and what it answers (a slot).
Policy = Callable[[dict[str, np.ndarray]], int]


class PolicyAgent:
    """Plays ``policy`` for one seat, from that seat's observation (see the module's note)."""

    def __init__(
        self,
        ruleset_id: str,
        policy: Policy,
        seed: int,
        *,
        actions: int = 32,
        observation_size: int = SIZE,
    ) -> None:
        check_sizes(actions, observation_size)
        self.name = f"policy:{ruleset_id}"
        self.ruleset_id = ruleset_id
        self.policy = policy
        self.seed = seed
        self.actions = actions
        self.observation_size = observation_size
        self.answered = 0
        self._generator = ruleset_generator(load_ruleset(ruleset_id))

    def choose(self, observation: Observation[Any, Any], decision: Decision) -> Action:
        """The action in the slot the policy picks; a slot outside the mask, or a game of
        another ruleset than the policy's, is an error."""
        if observation.ruleset.id != self.ruleset_id:
            raise ValueError(f"{self.name} plays {self.ruleset_id}, not {observation.ruleset.id}:"
                             " its observations and slots are that ruleset's")
        rng = RandomStream.from_seed(seed_for(self.seed, self.answered))
        slots = action_slots(observation, decision, rng, self.actions, self._generator)
        vector = encode(observation, observation.decisions, self.answered, self.observation_size)
        self.answered += 1
        chosen = int(self.policy({"observation": vector,
                                  "action_mask": mask_of(slots, self.actions)}))
        if not 0 <= chosen < len(slots):
            raise ValueError(f"{self.name}: slot {chosen} is not in the action mask "
                             f"({len(slots)} filled)")
        return slots[chosen]
