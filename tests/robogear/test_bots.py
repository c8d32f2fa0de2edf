"""The ROBOGEAR bots: legal, decide from their observation, beat random play (RG-BOT-*).

The long checks (``make long``) play 200 three-player games each.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.robogear.helpers import RULES
from warbench.core.agents import Agent, RandomAgent
from warbench.core.botspec import make_bot
from warbench.core.match import play_match
from warbench.core.sim.stats import wilson_interval
from warbench.rulesets.robogear.bots import CommanderBot
from warbench.testing import chi_square_critical


def _three(bot_seat: int, seed: int, bot: str = "commander") -> list[Agent]:
    agents: list[Agent] = [RandomAgent(seed * 7 + s) for s in range(3)]
    agents[bot_seat] = make_bot(RULES, bot, seed)
    return agents


def _against_two_random(bot: str, games: int = 200) -> tuple[int, str]:
    """The RG-BOT-STRENGTH series: ``bot`` in seat ``i mod 3`` of game ``i`` against two
    random players; its wins and a line with the rate and its 95% Wilson interval."""
    wins = 0
    for seed in range(games):
        seat = seed % 3
        result = play_match(RULES, _three(seat, seed, bot), seed=10_000 + seed,
                            record_hashes=False, transactional=False)
        assert result.outcome is not None
        wins += result.outcome.winners == (seat,)
    low, high = wilson_interval(wins, games)
    return wins, (f"{bot} vs two random: {wins}/{games} = {wins / games:.1%} "
                  f"(95% {low:.1%}-{high:.1%})")


def test_bots_are_offered_and_play_legal_games() -> None:
    """RG-BOT-LEGAL: the commander plays whole 3-player games with random opponents."""
    assert set(RULES.bots()) == {"random", "commander", "search"}
    for seed in range(2):
        result = play_match(RULES, _three(seed % 3, seed), seed=seed)
        assert result.outcome is not None


@pytest.mark.long
def test_search_beats_two_random_players_nine_times_in_ten() -> None:
    """RG-BOT-STRENGTH: over 200 three-player games (the bot in each seat in turn) the
    `search` bot (the commander looking ahead, valuing play-outs by the share race the last
    round scores) wins at least 90% against two random players."""
    wins, line = _against_two_random("search")
    print(line)
    assert wins >= 180


@pytest.mark.long
def test_commander_beats_two_random_players() -> None:
    """RG-BOT-STRENGTH: the commander alone (no look-ahead) wins far more than the fair
    third: the win rate's 95% interval lies above 60% (it is about 82%)."""
    wins, line = _against_two_random("commander")
    print(line)
    assert wilson_interval(wins, 200)[0] > 0.6


@pytest.mark.long
def test_commander_mirror_is_fair_to_every_seat() -> None:
    """RG-BOT-MIRROR: three commanders with the same army: seat wins fit a fair share
    (chi-square at p = 0.001)."""
    games = 200
    wins: Counter[int] = Counter()
    setup = {"armies": ["ferrum", "ferrum", "ferrum"]}
    for seed in range(games):
        agents: list[Agent] = [CommanderBot(seed * 3 + s) for s in range(3)]
        result = play_match(RULES, agents, setup=setup, seed=20_000 + seed,
                            record_hashes=False, transactional=False)
        assert result.outcome is not None
        if len(result.outcome.winners) == 1:
            wins[result.outcome.winners[0]] += 1
    decisive = sum(wins.values())
    stat = sum((wins[s] - decisive / 3) ** 2 / (decisive / 3) for s in range(3))
    print(f"mirror seat wins {dict(sorted(wins.items()))} of {decisive} decisive, "
          f"chi-square {stat:.2f} (critical {chi_square_critical(2):.2f})")
    assert stat < chi_square_critical(2)
