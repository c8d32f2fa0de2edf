"""Long statistical checks of the HORDES bot (``make long``)."""

from __future__ import annotations

import pytest

from warbench.core.agents import RandomAgent
from warbench.core.match import play_match
from warbench.rulesets.hordes import HordesRuleset
from warbench.rulesets.hordes.bots import WarlockBot

RULES = HordesRuleset()
GAMES = 200


@pytest.mark.long
def test_bot_beats_random() -> None:
    """The warlock bot wins at least 90% of 200 games against the random agent."""
    wins = 0
    for seed in range(GAMES):
        seat = seed % 2
        agents = [WarlockBot(seed), RandomAgent(seed + 1)]
        if seat:
            agents.reverse()
        result = play_match(RULES, agents, seed=seed, record_hashes=False)
        wins += result.outcome is not None and result.outcome.winners == (seat,)
    print(f"warlock bot beat random in {wins} of {GAMES} games")
    assert wins >= 0.9 * GAMES


@pytest.mark.long
def test_mirror_is_balanced() -> None:
    """Bot against bot, sides alternating lists: neither seat wins more than 60%."""
    firsts = 0
    for seed in range(GAMES):
        armies = (
            ["thornwood-maelis", "ashen-vesk"] if seed % 2 else ["ashen-vesk", "thornwood-maelis"]
        )
        result = play_match(
            RULES,
            [WarlockBot(seed), WarlockBot(seed + 7)],
            seed=seed,
            setup={"armies": armies, "layout": "standard"},
            record_hashes=False,
        )
        firsts += result.outcome is not None and result.outcome.winners == (0,)
    print(f"seat 0 won {firsts} of {GAMES} mirror games")
    assert 0.4 * GAMES <= firsts <= 0.6 * GAMES
