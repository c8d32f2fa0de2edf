"""The PettingZoo environments: the API test per ruleset, masks, seeds, rewards."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

import warbench.rl
from tests.duel import Duel
from warbench.rl import PolicyAgent, WarbenchEnv

RULESETS = ["full-thrust", "hordes", "dystopian-wars", "armada", "robogear"]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_ruleset_passes_the_pettingzoo_api_test(ruleset_id: str) -> None:
    env = warbench.rl.env(ruleset_id, actions=8)
    with warnings.catch_warnings():  # dict observations with a mask warn, as in chess
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=5)


def test_robogear_with_three_and_four_seats_passes_the_api_test() -> None:
    """ROBOGEAR seats two to four players: one agent per seat."""
    for players in (3, 4):
        env = warbench.rl.env("robogear", players=players, actions=8)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            api_test(env, num_cycles=5)
        assert env.possible_agents == [f"player_{seat}" for seat in range(players)]


def test_robogear_slots_hold_moves_not_only_repeated_options() -> None:
    """The ruleset's own generator fills the slots: the shots and fights it lists as options
    and again as rule-judged spaces take one slot each, the rest go to moves and turns."""
    env = warbench.rl.env("robogear", players=3, actions=16)
    env.reset(seed=1)
    moves = []
    for _agent in env.agent_iter(60):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        kinds = [type(action).__name__ for action in env._slots]
        moves.append(kinds.count("Move"))
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert max(moves) >= 4


@pytest.mark.parametrize("ruleset_id", ["hordes", "dystopian-wars", "armada"])
def test_no_listed_option_is_left_out_while_a_slot_is_empty(ruleset_id: str) -> None:
    """The slots hold the listed options first, all of them when they fit: a parameter
    space that samples nothing (HORDES' refusals) no longer keeps its share of the slots
    empty while options such as a warlock's feat or its only spell at the enemy went
    unoffered."""
    from warbench.core.search.candidates import action_key

    env = warbench.rl.env(ruleset_id)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _agent in env.agent_iter(300):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        shown = {action_key(action) for action in env._slots}
        if len(shown) < env.actions:  # the slots are the first pending decision's
            decision = env.game.pending()[0]
            assert all(action_key(option) in shown for option in decision.options)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def play_masked(env: warbench.rl.WarbenchEnv, seed: int, steps: int) -> list[np.ndarray]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = []
    for _agent in env.agent_iter(steps):
        observation, _, terminated, truncated, _ = env.last()
        seen.append(observation["observation"])
        mask = observation["action_mask"]
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(mask))))
    return seen


def test_the_same_seed_gives_the_same_observations() -> None:
    first = play_masked(warbench.rl.env("hordes", actions=8), seed=3, steps=30)
    second = play_masked(warbench.rl.env("hordes", actions=8), seed=3, steps=30)
    assert all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))


def test_observations_have_a_fixed_shape_and_the_mask_marks_legal_slots() -> None:
    env = warbench.rl.env("full-thrust", actions=8, observation_size=512)
    env.reset(seed=1)
    observation = env.observe(env.agent_selection)
    assert observation["observation"].shape == (512,)
    assert observation["observation"].dtype == np.float32
    assert observation["action_mask"].dtype == np.int8 and observation["action_mask"].any()


def test_a_finished_game_pays_one_to_the_winner_and_minus_one_to_the_loser() -> None:
    env = warbench.rl.env("hordes", actions=8)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(20_000):
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        mask = observation["action_mask"]
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(mask))))
    assert env.game is not None and env.game.outcome is not None
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_shaped_reward_pays_during_the_game() -> None:
    env = warbench.rl.env("hordes", actions=8, shaped=1.0, max_steps=400)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    paid = 0.0
    for _agent in env.agent_iter(400):
        observation, reward, terminated, truncated, _ = env.last()
        paid += abs(reward)
        mask = observation["action_mask"]
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(mask))))
    assert paid > 0


def test_an_action_refused_after_its_roll_leaves_the_same_agent_to_act_again() -> None:
    """The duel fixture refuses a gamble after its roll: the env must survive that."""
    env = WarbenchEnv(Duel(), actions=8, observation_size=64)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=20)
    refused = 0
    for seed in range(5):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter(500):
            observation, _, terminated, truncated, info = env.last()
            refused += "refused" in info
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            if "refused" in env.infos.get(agent, {}):
                assert env.agent_selection == agent
    assert refused > 0


def test_a_team_win_pays_both_partners() -> None:
    """ROBOGEAR 2 v 2: seats 0 and 2 play against 1 and 3; a team's win pays both."""
    setup = {"armies": ["ferrum", "verdant", "ashen", "ferrum"], "teams": [0, 1, 0, 1],
             "mission": "annihilation", "rounds": 2}
    env = warbench.rl.env("robogear", setup=setup, players=4, actions=8)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(20_000):
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        mask = observation["action_mask"]
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(mask))))
    assert env.game is not None and env.game.outcome is not None
    winners = env.game.outcome.winners
    assert len(winners) == 2 and set(winners) in ({0, 2}, {1, 3})
    assert [totals[f"player_{seat}"] for seat in range(4)] == [
        1.0 if seat in winners else -1.0 for seat in range(4)
    ]


def test_the_environments_arguments_are_checked_with_clear_errors() -> None:
    """Sizes too small, no action slots, a seat count the ruleset does not take: refused
    when the environment is made, not as an IndexError at reset or a game stuck forever."""
    for options, message in [
        ({"observation_size": 4}, "observation_size=4: the header takes 8 slots"),
        ({"observation_size": 8}, "observation_size=8: the header takes 8 slots"),
        ({"actions": 0}, "actions=0: there must be at least one action slot"),
        ({"actions": 2.5}, "actions=2.5"),
        ({"max_steps": 0}, "max_steps=0"),
        ({"shaped": -1.0}, "shaped=-1.0"),
    ]:
        with pytest.raises(ValueError, match=re.escape(message)):
            warbench.rl.env("hordes", **options)
    with pytest.raises(ValueError, match="hordes is played by 2 players, not 3"):
        warbench.rl.env("hordes", players=3)
    with pytest.raises(ValueError, match="actions=0"):
        PolicyAgent("hordes", lambda observation: 0, seed=1, actions=0)
    env = warbench.rl.env("hordes")
    env.reset(seed=3)
    with pytest.raises(ValueError, match="'player_9' is not an agent of this environment"):
        env.observe("player_9")
    first = env.observe("player_0")["observation"]
    env.reset()  # no seed: the last one's plus one, a new game
    again = warbench.rl.env("hordes")
    again.reset(seed=4)
    assert np.array_equal(env.observe("player_0")["observation"],
                          again.observe("player_0")["observation"])
    assert first.shape == again.observe("player_0")["observation"].shape


def test_a_step_before_reset_or_with_no_slot_number_is_refused_clearly() -> None:
    env = warbench.rl.env("hordes", actions=8)
    with pytest.raises(RuntimeError, match=re.escape("call reset() before using the environment")):
        env.step(0)
    env.reset(seed=1)
    agent = env.agent_selection
    for action in ("1", True, 1.0, None):
        with pytest.raises(ValueError, match="the action must be a slot number, not"):
            env.step(action)  # type: ignore[arg-type]
    assert env.agent_selection == agent and env.steps == 0
    env.step(np.int64(0))  # a numpy whole number, as a policy gives it, is a slot number
    assert env.steps == 1
