"""`WarbenchEnv.action_labels`: what each legal index of the action mask means."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import warbench.rl
from warbench.core.plain import to_plain
from warbench.core.preview import action_words

RULESETS = ["full-thrust", "hordes", "dystopian-wars", "armada", "robogear"]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_legal_index_has_a_label_and_different_actions_read_differently(
    ruleset_id: str,
) -> None:
    """A researcher reads the meaning of each legal slot: one label per index the mask
    allows, in the ruleset's words, and no two slots (different actions by construction)
    share a label; an agent that owes nothing now gets none."""
    env = warbench.rl.env(ruleset_id, actions=16)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    checked = 0
    for agent in env.agent_iter(120):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        labels = env.action_labels(agent)
        legal = np.flatnonzero(observation["action_mask"])
        assert list(legal) == list(range(len(labels)))
        assert all(isinstance(label, str) and label for label in labels)
        assert len(set(labels)) == len(labels), labels
        others = [other for other in env.possible_agents if other != agent]
        assert all(env.action_labels(other) == [] for other in others)
        checked += 1
        env.step(int(rng.choice(legal)))
    assert checked > 20


def test_moves_whose_words_read_alike_are_told_apart_by_their_fields() -> None:
    """HORDES words a short advance by its distance only ("advance 0.1\\""), so two
    advances to different spots read alike; such labels add the action's fields."""
    env = warbench.rl.env("hordes", actions=32)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    for agent in env.agent_iter(200):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        view = env.game.observe(seat).state
        words = [env.ruleset.action_text(view, action) for action in env._slots]
        if len(set(words)) < len(words):
            labels = env.action_labels(agent)
            repeated = next(word for word in words if words.count(word) > 1)
            index = words.index(repeated)
            assert labels[index] == f"{repeated} ({action_words(env._slots[index])})"
            assert len(set(labels)) == len(labels)
            return
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    pytest.fail("no two HORDES slots read alike in 200 steps")


def test_labels_are_judged_from_the_seats_own_view_and_change_nothing() -> None:
    """Dystopian Wars hides each seat's hand of cards: the words are judged from the seat's
    view, never the whole state, and asking for them changes neither the game nor the
    slots that follow (the same seed plays the same either way)."""
    env = warbench.rl.env("dystopian-wars", actions=8)
    seen: list[Any] = []
    original = env.ruleset.action_text

    def spy(state: Any, action: Any) -> str:
        seen.append(state)
        return original(state, action)

    env.ruleset.action_text = spy  # type: ignore[method-assign]
    try:
        played = [_play(env, seed=4, labels=True), _play(env, seed=4, labels=False)]
        env.reset(seed=4)
        seat = env.possible_agents.index(env.agent_selection)
        seen.clear()
        env.action_labels(env.agent_selection)
    finally:
        del env.ruleset.action_text
    assert played[0] == played[1]
    view = to_plain(env.game.observe(seat).state)
    assert view != to_plain(env.game.state)  # the other seat's hand is hidden
    assert seen and all(to_plain(state) == view for state in seen)


def _play(env: warbench.rl.WarbenchEnv, seed: int, labels: bool) -> list[list[float]]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    observations = []
    for agent in env.agent_iter(40):
        observation, _, terminated, truncated, _ = env.last()
        observations.append(observation["observation"].tolist())
        if terminated or truncated:
            env.step(None)
            continue
        if labels:
            env.action_labels(agent)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return observations
