"""How strong the search bot is: against each ruleset's heuristic bot, seats alternated.

``make long`` plays ``WARBENCH_SEARCH_GAMES`` games per ruleset (200 by default, as issue
17 asks) at ``STRENGTH_BUDGET`` (or ``WARBENCH_SEARCH_BUDGET``) and prints the win rate with
its 95% Wilson interval and the cost per searched decision. The target of the issue is a
win rate of at least 65%. ROBOGEAR is measured two-handed, search against one commander.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest

import warbench
from warbench.core.botspec import make_bot
from warbench.core.match import play_match
from warbench.core.rng import seed_for
from warbench.core.search import SearchBot
from warbench.core.sim.stats import wilson_interval

STRENGTH_BUDGET = "search:iterations=6,depth=20,width=3"
HEURISTICS = {
    "full-thrust": "admiral",
    "hordes": "warlock",
    "dystopian-wars": "commodore",
    "armada": "tactician",
    "robogear": "commander",
}
TARGET = 0.65


@dataclass(frozen=True, slots=True)
class Strength:
    """Games the search won of those played, and a line of figures for people."""

    wins: int
    games: int
    line: str


def strength(
    ruleset_id: str,
    games: int,
    budget: str = STRENGTH_BUDGET,
    progress: Callable[[str], None] | None = None,
    first: int = 0,
) -> Strength:
    """Play ``games`` seeded games, search in seat ``i % 2``, against the heuristic.

    ``progress`` hears one line per game (for watching long runs); ``first`` skips that
    many games of the seeded series (to measure it in pieces).
    """
    rules = warbench.ruleset(ruleset_id)
    wins = draws = decisions = iterations = 0
    seconds = 0.0
    started, cpu = time.perf_counter(), time.process_time()
    for game in range(first, first + games):
        seed = seed_for(17, game)
        search = make_bot(rules, budget, seed_for(seed, 1))
        heuristic = make_bot(rules, HEURISTICS[ruleset_id], seed_for(seed, 2))
        seat = game % 2
        agents = [search, heuristic] if seat == 0 else [heuristic, search]
        result = play_match(rules, agents, seed=seed, record_hashes=False,
                            transactional=rules.late_refusals)
        assert isinstance(search, SearchBot) and result.outcome is not None
        wins += result.outcome.winners == (seat,)
        draws += len(result.outcome.winners) != 1
        if progress is not None:
            progress(f"{ruleset_id} game {game}: search in seat {seat},"
                     f" winners {result.outcome.winners}")
        decisions += search.cost.decisions
        iterations += search.cost.iterations
        seconds += search.cost.seconds
    low, high = wilson_interval(wins, games)
    return Strength(wins, games, (
        f"{ruleset_id}: search ({budget}) vs {HEURISTICS[ruleset_id]}: won {wins}/{games}"
        f" = {wins / games:.0%} (95% {low:.0%}-{high:.0%}), {draws} drawn;"
        f" {seconds / max(1, decisions) * 1000:.0f} ms and"
        f" {iterations / max(1, decisions):.0f} iterations per searched decision;"
        f" {time.perf_counter() - started:.0f} s in all"
        f" ({time.process_time() - cpu:.0f} s of CPU)"
    ))


@pytest.mark.long
@pytest.mark.parametrize("ruleset_id", list(HEURISTICS))
def test_search_beats_the_heuristic_bot(ruleset_id: str) -> None:
    games = int(os.environ.get("WARBENCH_SEARCH_GAMES", "200"))
    measured = strength(ruleset_id, games, os.environ.get("WARBENCH_SEARCH_BUDGET",
                                                          STRENGTH_BUDGET))
    print(measured.line)
    assert measured.wins / measured.games >= TARGET, measured.line
