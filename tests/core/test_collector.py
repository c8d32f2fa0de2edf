"""The garbage collector's pacing while games are played (issue 16): a block of play
collects less often, puts the old pacing back whatever happens, and changes no result."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

import warbench
from warbench.core.agents import RandomAgent
from warbench.core.collector import PLAYING_THRESHOLD, paced_collection
from warbench.core.engine import Game
from warbench.core.match import play_match, play_next_decision


@pytest.fixture(autouse=True)
def default_pacing() -> Iterator[None]:
    """Each test starts from CPython's own thresholds and leaves them as they were."""
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def test_the_block_collects_less_often_and_restores_the_pacing() -> None:
    with paced_collection():
        assert gc.get_threshold() == (PLAYING_THRESHOLD, 10, 10)
    assert gc.get_threshold() == (700, 10, 10)


def test_the_pacing_comes_back_after_an_error() -> None:
    with pytest.raises(KeyError), paced_collection(30_000):
        raise KeyError("a bug in the block")
    assert gc.get_threshold() == (700, 10, 10)


def test_a_slower_pacing_or_a_switched_off_collector_is_left_alone() -> None:
    gc.set_threshold(200_000, 5, 5)
    with paced_collection():
        assert gc.get_threshold() == (200_000, 5, 5)
    gc.set_threshold(0, 10, 10)  # automatic collection off: stays off
    with paced_collection():
        assert gc.get_threshold() == (0, 10, 10)
    assert gc.get_threshold() == (0, 10, 10)


def test_nested_blocks_restore_the_outer_pacing() -> None:
    with paced_collection(30_000):
        with paced_collection(60_000):
            assert gc.get_threshold()[0] == 60_000
        assert gc.get_threshold()[0] == 30_000
    assert gc.get_threshold()[0] == 700


@pytest.mark.parametrize("ruleset_id", ["armada", "full-thrust"])
def test_a_paced_match_plays_exactly_as_an_unpaced_one(ruleset_id: str) -> None:
    """Same seed and agents, same game bit for bit: ``play_match`` (paced) against the same
    decisions played one by one at CPython's default pacing."""
    rules = warbench.ruleset(ruleset_id)
    paced = play_match(rules, [RandomAgent(3), RandomAgent(4)], seed=11, max_decisions=400)
    assert gc.get_threshold() == (700, 10, 10)  # play_match put the pacing back
    game = Game.new(rules, None, seed=11, players=2,
                    transactional=rules.late_refusals)
    agents = [RandomAgent(3), RandomAgent(4)]
    decisions = 0
    while not game.is_over and decisions < 400:
        play_next_decision(game, agents)
        decisions += 1
    assert (decisions, game.hash()) == (paced.decisions, paced.final_hash)
