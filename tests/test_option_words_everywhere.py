"""Every choice a seat is offered reads in words: no option with fields, and no action the
search and the learning environment draw from a parameter space (moves, placements, orders),
falls back to the raw "type: field value" form (a player saw "play card: card
master-gunner, model 28"; a researcher's labels read "move: model 34, path (3.47, ...)")."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from warbench.core.agents import Agent, RandomAgent
from warbench.core.decisions import Decision
from warbench.core.match import play_match
from warbench.core.observation import Observation
from warbench.core.preview import action_words
from warbench.core.registry import available_rulesets, ruleset
from warbench.core.rng import RandomStream
from warbench.core.search import ruleset_generator
from warbench.rl.actions import action_slots


class _Reader(RandomAgent):
    """A random player that reads every option it is offered and keeps the raw ones."""

    def __init__(self, seed: int, rules: Any, raw: dict[str, str]) -> None:
        super().__init__(seed)
        self.rules, self.raw = rules, raw

    def choose(self, observation: Observation[Any, Any], decision: Decision) -> Any:
        drawn = action_slots(observation, decision, RandomStream.from_seed(len(self.raw)), 24,
                             ruleset_generator(self.rules))
        for option in [*decision.options[:80], *drawn]:
            words = self.rules.action_text(observation.state, option)
            if dataclasses.fields(option) and words == action_words(option):
                self.raw.setdefault(type(option).__name__, words)
        return super().choose(observation, decision)


@pytest.mark.parametrize("ruleset_id", available_rulesets())
def test_every_option_with_fields_reads_in_words(ruleset_id: str) -> None:
    rules = ruleset(ruleset_id)
    raw: dict[str, str] = {}
    players = rules.demo_players or rules.min_players
    for seed in range(2):
        agents: list[Agent] = [_Reader(seed * 10 + p, rules, raw) for p in range(players)]
        play_match(rules, agents, seed=seed, max_decisions=2500, record_hashes=False)
    assert raw == {}
