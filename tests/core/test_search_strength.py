"""How strong the search bot is: against each ruleset's heuristic bot, seats alternated.

``make long`` plays ``WARBENCH_SEARCH_GAMES`` games per ruleset (200 by default, as issue 17
asks; games 0-199 of the seeded series, or from ``WARBENCH_SEARCH_FIRST`` on, to measure
games no budget was chosen on) at the ruleset's :data:`BUDGETS` entry (or
``WARBENCH_SEARCH_BUDGET``) on its :data:`SETUPS` entry and prints the win rate with its 95%
Wilson interval and the cost per searched decision, next to what the heuristic itself wins
in the same seats on the same seeds (:func:`baseline`), in all and seat by seat. The target
of the issue is a win rate of at least 65%. ROBOGEAR is measured two-handed, search against
one commander. Each ruleset runs alone with ``pytest -m long -k <ruleset>
tests/core/test_search_strength.py``; ``docs/agents.md`` gives the time each takes.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pytest

import warbench
from warbench.core.botspec import make_bot
from warbench.core.match import play_match
from warbench.core.rng import seed_for
from warbench.core.search import SearchBot
from warbench.core.sim.stats import wilson_interval
from warbench.rulesets.dystopian_wars.data import DATA_DIR as DW_DATA
from warbench.rulesets.dystopian_wars.data import load_fleet

HEURISTICS = {
    "full-thrust": "admiral",
    "hordes": "warlock",
    "dystopian-wars": "commodore",
    "armada": "tactician",
    "robogear": "commander",
}
#: The fixed iteration budget each ruleset is measured at (HORDES and Full Thrust without
#: the pilot and Dystopian Wars and Armada with it, their root candidates the heuristic's
#: choice and its two next-best lines (Full Thrust's three: its best course of each other
#: turn; Armada's four: each free fleet's best move), up to six more worlds where the root
#: is close and the paired test at one standard error (all but Full Thrust's and ROBOGEAR's
#: dice keyed; Full Thrust with twelve worlds; see docs/agents.md).
BUDGETS = {
    "full-thrust": (
        "search:iterations=12,depth=200,width=4,pilot=0,alternatives=3,extend=6,paired=1,"
        "margin=0.005,turns=5"
    ),
    "hordes": (
        "search:iterations=6,depth=20,width=3,pilot=0,alternatives=2,extend=6,paired=1,keyed=1"
    ),
    "dystopian-wars": (
        "search:iterations=6,depth=20,width=3,pilot=2,alternatives=2,extend=6,paired=1,keyed=1"
    ),
    "armada": "search:iterations=6,depth=10,width=5,alternatives=4,extend=6,paired=1,keyed=1",
    "robogear": "search:iterations=6,depth=20,width=3,pilot=0,alternatives=2,extend=6,paired=1",
}
TARGET = 0.65


def patrols() -> dict[str, Any]:
    """Dystopian Wars: the shipped 500-point Britannian and Blazing Sun patrols on the demo
    table (a game of about 350 decisions where the 1000-point demo takes 750)."""
    rules = warbench.ruleset("dystopian-wars")
    fleets = ("britannia-patrol-500.toml", "blazing-sun-patrol-500.toml")
    return rules.setup_for([load_fleet(DW_DATA / "fleets" / name) for name in fleets])


def close_quarters() -> dict[str, Any]:
    """Armada: the demo armadas set 8 hexes apart (the least of the source's 3d6+5), at the
    engine's default round limit of ten. (Until December 2026 the limit was five rounds, which
    ended every battle at the limit on a few volleys' dice: docs/agents.md, "Armada: close
    quarters at the default round limit".)"""
    return {"armadas": ["vanguard-3", "raiders-3"], "distance": 8}


#: The set-up each ruleset is measured on (``None``: the ruleset's default game).
SETUPS: dict[str, Callable[[], Mapping[str, Any]] | None] = {
    "full-thrust": None,
    "hordes": None,
    "dystopian-wars": patrols,
    "armada": close_quarters,
    "robogear": None,
}


@dataclass(frozen=True, slots=True)
class Strength:
    """Games the search won of those played, and a line of figures for people."""

    wins: int
    games: int
    line: str
    #: Games the heuristic itself won in the search's seats, on the same seeds (both seats
    #: played by the heuristic): what the search's wins are to be read against.
    baseline: int = 0


def _agents(ruleset_id: str, rules: Any, seat: int, seed: int, first: str) -> list[Any]:
    """The two bots of game ``seed``: ``first`` (a bot spec) in ``seat``, seeded as the
    search is, against the ruleset's heuristic."""
    own = make_bot(rules, first, seed_for(seed, 1))
    heuristic = make_bot(rules, HEURISTICS[ruleset_id], seed_for(seed, 2))
    return [own, heuristic] if seat == 0 else [heuristic, own]


def baseline(ruleset_id: str, games: int, first: int = 0) -> tuple[int, int]:
    """Games of the seeded series that the heuristic wins in the seats the search takes
    (seat ``i % 2``), playing both seats, in seat 0 and in seat 1: the score the search is
    to improve on. The set-ups are rarely even (Full Thrust's default battle goes to seat 1
    three times in four between equal bots), so alternating seats is what makes the sum
    about one half."""
    rules = warbench.ruleset(ruleset_id)
    make_setup = SETUPS[ruleset_id]
    setup = None if make_setup is None else make_setup()
    wins = [0, 0]
    for game in range(first, first + games):
        seed = seed_for(17, game)
        seat = game % 2
        agents = _agents(ruleset_id, rules, seat, seed, HEURISTICS[ruleset_id])
        result = play_match(rules, agents, setup=setup, seed=seed, record_hashes=False,
                            transactional=rules.late_refusals)
        assert result.outcome is not None
        wins[seat] += result.outcome.winners == (seat,)
    return wins[0], wins[1]


def strength(
    ruleset_id: str,
    games: int,
    budget: str | None = None,
    progress: Callable[[str], None] | None = None,
    first: int = 0,
) -> Strength:
    """Play ``games`` seeded games, search in seat ``i % 2``, against the heuristic.

    ``budget`` defaults to the ruleset's :data:`BUDGETS` entry; ``progress`` hears one line
    per game (for watching long runs); ``first`` skips that many games of the seeded series
    (to measure it in pieces).
    """
    rules = warbench.ruleset(ruleset_id)
    budget = BUDGETS[ruleset_id] if budget is None else budget
    make_setup = SETUPS[ruleset_id]
    setup = None if make_setup is None else make_setup()
    draws = decisions = iterations = playouts = settled = overruled = extended = 0
    seat_wins = [0, 0]
    seconds = 0.0
    started, cpu = time.perf_counter(), time.process_time()
    for game in range(first, first + games):
        seed = seed_for(17, game)
        seat = game % 2
        agents = _agents(ruleset_id, rules, seat, seed, budget)
        search = agents[seat]
        result = play_match(rules, agents, setup=setup, seed=seed, record_hashes=False,
                            transactional=rules.late_refusals)
        assert isinstance(search, SearchBot) and result.outcome is not None
        seat_wins[seat] += result.outcome.winners == (seat,)
        draws += len(result.outcome.winners) != 1
        if progress is not None:
            progress(f"{ruleset_id} game {game}: search in seat {seat},"
                     f" winners {result.outcome.winners}")
        decisions += search.cost.decisions
        iterations += search.cost.iterations
        playouts += search.cost.playouts
        settled += search.cost.settled
        overruled += search.cost.overruled
        extended += search.cost.extended
        seconds += search.cost.seconds
    wins = sum(seat_wins)
    low, high = wilson_interval(wins, games)
    searched = max(1, decisions)
    where = "" if make_setup is None else f" on {make_setup.__name__}"
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    own = baseline(ruleset_id, games, first)
    return Strength(wins, games, baseline=sum(own), line=(
        f"{ruleset_id}{where}: search ({budget}) vs {HEURISTICS[ruleset_id]}:"
        f" won {wins}/{games} (games {first}-{first + games - 1})"
        f" = {wins / games:.0%} (95% {low:.0%}-{high:.0%}), {draws} drawn"
        f" ({HEURISTICS[ruleset_id]} itself in those seats: {sum(own)}/{games});"
        f" in seat 0 {seat_wins[0]} ({HEURISTICS[ruleset_id]} {own[0]}),"
        f" in seat 1 {seat_wins[1]} ({HEURISTICS[ruleset_id]} {own[1]});"
        f" per searched decision {seconds / searched * 1000:.0f} ms,"
        f" {iterations / searched:.1f} iterations, {playouts / searched:.1f} play-outs"
        f" ({settled / searched:.0%} settled by the pilot, {overruled / searched:.0%} overruled,"
        f" {extended / searched:.0%} extended);"
        f" {elapsed:.0f} s in all ({cpu:.0f} s of CPU)"
    ))


@pytest.mark.parametrize("ruleset_id", list(HEURISTICS))
def test_the_search_bot_plays_the_measured_budget_unless_told_otherwise(ruleset_id: str) -> None:
    """``--bot search`` with no options is the search whose strength is measured here: each
    ruleset lists its search bot with its :data:`BUDGETS` entry as its own budget."""
    rules = warbench.ruleset(ruleset_id)
    plain, measured = make_bot(rules, "search", 1), make_bot(rules, BUDGETS[ruleset_id], 1)
    assert isinstance(plain, SearchBot) and isinstance(measured, SearchBot)
    assert plain.budget == measured.budget


@pytest.mark.long
@pytest.mark.parametrize("ruleset_id", list(HEURISTICS))
def test_search_beats_the_heuristic_bot(ruleset_id: str) -> None:
    games = int(os.environ.get("WARBENCH_SEARCH_GAMES", "200"))
    first = int(os.environ.get("WARBENCH_SEARCH_FIRST", "0"))
    measured = strength(ruleset_id, games, os.environ.get("WARBENCH_SEARCH_BUDGET"), first=first)
    print(measured.line)
    assert measured.wins / measured.games >= TARGET, measured.line
