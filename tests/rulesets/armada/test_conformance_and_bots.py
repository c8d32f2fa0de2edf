"""The conformance kit, the registry entry, and the bots (ARM-BOT-*)."""

from __future__ import annotations

import pytest

from warbench.core.agents import Agent, RandomAgent
from warbench.core.match import play_match
from warbench.core.registry import register, ruleset
from warbench.rulesets.armada import ArmadaRuleset
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.testing import assert_conforms


def test_armada_conforms() -> None:
    """Random games end, replay bit for bit, refuse cleanly and keep views honest."""
    report = assert_conforms(ArmadaRuleset(), games=10)
    assert report.games == 10 and report.decisions > 0


def test_armada_registers_and_offers_both_bots() -> None:
    """ARM-BOT-RANDOM, ARM-BOT-TACTICIAN: the ruleset is found by id and names its bots."""
    register(ArmadaRuleset)
    rules = ruleset("armada")
    assert set(rules.bots()) == {"random", "tactician"}


def test_tactician_plays_a_whole_game() -> None:
    """ARM-BOT-TACTICIAN: the tactician finishes a battle against itself."""
    rules = ArmadaRuleset()
    result = play_match(rules, [TacticianAgent(1), TacticianAgent(2)], seed=5)
    assert result.outcome is not None


@pytest.mark.long
def test_tactician_beats_random() -> None:
    """ARM-BOT-TACTICIAN: over 12 seeded games in both seats the tactician wins most."""
    rules = ArmadaRuleset()
    wins = 0
    for game in range(12):
        seat = game % 2
        agents: list[Agent] = [RandomAgent(game), RandomAgent(game + 100)]
        agents[seat] = TacticianAgent(game)
        result = play_match(rules, agents, seed=game)
        assert result.outcome is not None
        wins += result.outcome.winners == (seat,)
    assert wins >= 9
