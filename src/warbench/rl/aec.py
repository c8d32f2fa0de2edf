"""A PettingZoo AEC environment over one ruleset: seats as agents, engine decisions as steps.

The agent to act is the seat owing the first pending decision (in Full Thrust both seats
owe orders at once; they answer one after the other, neither seeing the other's). Its
observation is a dict: ``"observation"``, the fixed-shape vector of
:mod:`~warbench.rl.encoding`, and ``"action_mask"``, the filled slots of
:mod:`~warbench.rl.actions`. Rewards come at the end: 1 to each winner (a seat or a
team), -1 to each loser, 0 to all in a draw or when the step limit truncates the game;
with ``shaped > 0`` each step also pays the change of the search's damage-based value
(:mod:`~warbench.core.search.value`) times ``shaped``. An action the rules refuse only
after its roll leaves the game as it was and the same seat acts again, with
``infos[agent]["refused"]`` saying why.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from warbench.core.actions import Action
from warbench.core.engine import Game, IllegalAction
from warbench.core.observation import Observation
from warbench.core.registry import ruleset as load_ruleset
from warbench.core.rng import RandomStream, seed_for
from warbench.core.ruleset import Ruleset
from warbench.core.search import ruleset_generator
from warbench.core.search.value import cut_off_values, outcome_values
from warbench.rl.actions import action_slots, mask_of, slot_labels
from warbench.rl.encoding import ENCODING, LIMIT, SIZE, check_sizes, encode


class WarbenchEnv(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """One ruleset's games as an AEC environment (see the module's note)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"], "name": f"warbench_v{ENCODING}", "is_parallelizable": False
    }

    def __init__(
        self,
        ruleset: Ruleset[Any, Any],
        *,
        setup: Mapping[str, Any] | None = None,
        players: int | None = None,
        actions: int = 32,
        observation_size: int = SIZE,
        max_steps: int = 5000,
        shaped: float = 0.0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_sizes(actions, observation_size)
        if not isinstance(max_steps, int) or max_steps < 1:
            raise ValueError(f"max_steps={max_steps!r}: give a whole number of steps, at least 1")
        if not isinstance(shaped, int | float) or not 0 <= shaped < float("inf"):
            raise ValueError(f"shaped={shaped!r}: give a weight of 0 or more")
        ruleset.check_players(ruleset.min_players if players is None else players)
        self.ruleset = ruleset
        self.setup = None if setup is None else dict(setup)
        self.players = ruleset.min_players if players is None else players
        self.actions = actions
        self.observation_size = observation_size
        self.max_steps = max_steps
        self.shaped = shaped
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self._generator = ruleset_generator(ruleset)
        self._seed = 0
        self.game: Game[Any, Any] | None = None

    @cache  # noqa: B019 - one space object per agent, as PettingZoo asks
    def observation_space(self, agent: str) -> spaces.Dict:
        """The vector and the action mask."""
        return spaces.Dict({
            "observation": spaces.Box(-LIMIT, LIMIT, (self.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.actions,), np.int8),
        })

    @cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Discrete:
        """One index per slot of the decision owed (see :mod:`warbench.rl.actions`)."""
        return spaces.Discrete(self.actions)

    # ----------------------------------------------------------------- the AEC cycle

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes dice and slots (``None``: the last reset's seed plus
        one, so that resetting again plays a new game, and a run of resets is reproducible)."""
        if seed is not None:
            self._seed = seed
        else:
            self._seed += 1
        self.game = Game.new(
            self.ruleset, self.setup, seed=self._seed, players=self.players,
            record_hashes=False, transactional=self.ruleset.late_refusals,
        )
        self.steps = 0
        #: Decisions each seat has answered: the encoding's step slot (a seat knows it).
        self.answered = [0] * self.players
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._values = cut_off_values([], self.players)
        self._prepare()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's vector and mask (an empty mask when it owes nothing now)."""
        game = self._game()
        if agent not in self.possible_agents:
            raise ValueError(f"{agent!r} is not an agent of this environment")
        seat = self.possible_agents.index(agent)
        observation = game.observe(seat)
        owed = observation.decisions
        mask = mask_of(self._slots, self.actions) if agent == self.agent_selection and owed \
            else np.zeros(self.actions, np.int8)
        return {
            "observation": encode(observation, owed, self.answered[seat], self.observation_size),
            "action_mask": mask,
        }

    def action_labels(self, agent: str) -> list[str]:
        """What each legal index of ``agent``'s action mask means now: ``labels[i]`` is slot
        ``i``'s action in the words the web table shows, judged from the agent's own view
        (nothing it may not know); empty when it owes nothing now. Computed on request only,
        so :meth:`step` is no slower (see :func:`~warbench.rl.actions.slot_labels`)."""
        game = self._game()
        if agent not in self.possible_agents:
            raise ValueError(f"{agent!r} is not an agent of this environment")
        if agent != self.agent_selection or not self._slots:
            return []
        view = game.observe(self.possible_agents.index(agent)).state
        return slot_labels(self.ruleset, view, self._slots)

    def step(self, action: int | None) -> None:
        """The selected agent answers with slot ``action`` (a whole number in the mask)."""
        game = self._game()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if not isinstance(action, int | np.integer) or isinstance(action, bool):
            raise ValueError(f"{agent}: the action must be a slot number, not {action!r}")
        if not 0 <= action < len(self._slots):
            raise ValueError(f"{agent}: slot {action!r} is not in the action mask")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos[agent] = {}
        seat = self.possible_agents.index(agent)
        try:
            game.apply(seat, self._slots[int(action)])
        except IllegalAction as refusal:  # refused after its roll: nothing changed
            self.infos[agent] = {"refused": str(refusal)}
        self.steps += 1
        self.answered[seat] += 1
        self._reward()
        self._prepare()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The ruleset's one-line description of the state (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return self.ruleset.describe(self._game().state)

    def close(self) -> None:
        """Nothing to release."""

    # ----------------------------------------------------------------- inside

    def _game(self) -> Game[Any, Any]:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def _prepare(self) -> None:
        """Select the agent owing the first decision and fill its slots."""
        game = self._game()
        self._slots: list[Action] = []
        if game.is_over or self.steps >= self.max_steps:
            return
        decision = game.pending()[0]
        self.agent_selection = self.possible_agents[decision.player]
        observation: Observation[Any, Any] = game.observe(decision.player)
        rng = RandomStream.from_seed(seed_for(seed_for(self._seed, 7), self.steps))
        self._slots = action_slots(observation, decision, rng, self.actions, self._generator)

    def _reward(self) -> None:
        """Shaped step rewards; at the end, the outcome and every agent done."""
        game = self._game()
        if self.shaped > 0:
            values = cut_off_values(game.events, self.players)
            for seat, agent in enumerate(self.possible_agents):
                self.rewards[agent] = self.shaped * (values[seat] - self._values[seat])
            self._values = values
        outcome = game.outcome
        if outcome is not None:
            final = outcome_values(outcome.winners, self.players)
            for seat, agent in enumerate(self.possible_agents):
                self.rewards[agent] += 2.0 * final[seat] - 1.0
                self.terminations[agent] = True
        elif self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)


def env(ruleset_id: str, **options: Any) -> WarbenchEnv:
    """The AEC environment of an installed ruleset (options: see :class:`WarbenchEnv`)."""
    return WarbenchEnv(load_ruleset(ruleset_id), **options)
