"""The conformance kit, whole games with bots, replays, and the bot's strength (long)."""

from __future__ import annotations

import math

import pytest

from warbench.core.agents import Agent, RandomAgent
from warbench.core.engine import Game
from warbench.core.match import play_match
from warbench.core.registry import register
from warbench.core.replay import replay
from warbench.core.rng import seed_for
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.bots import CommodoreBot
from warbench.rulesets.dystopian_wars.setup import DEPLOY_DEPTH
from warbench.testing import assert_conforms

RULES = DystopianWarsRuleset()


def skirmish() -> dict:  # type: ignore[type-arg]
    """The demo table with each fleet cut to two squadrons and four turns (a quick game)."""
    setup = RULES.default_setup()
    for fleet in setup["fleets"]:
        fleet["squadrons"] = fleet["squadrons"][:2]
    setup["turns"] = 4
    return setup


def test_conformance_kit_on_the_demo_table() -> None:
    """DW-CONFORMANCE: random games of two to four players reach their end; replays, saves,
    refusals, copies and hidden hands all behave."""
    report = assert_conforms(RULES, games=3, setups=[skirmish()])
    assert report.games == 3


def test_conformance_with_alternate_deployment_and_rolled_terrain() -> None:
    """DW-DEPLOY-ALTERNATE, DW-TERRAIN-ROLL: squadrons placed one at a time on a table
    whose terrain was rolled for, concession allowed."""
    setup = skirmish()
    setup.update(deployment="alternate", terrain="random", concession=True, turns=3)
    assert_conforms(RULES, games=2, setups=[setup], player_counts=[2])


def test_a_bot_game_replays_to_the_same_state() -> None:
    """DW-CONFORMANCE: the journal of a bot battle on a table with rolled terrain replays
    bit for bit."""
    register(DystopianWarsRuleset)
    setup = RULES.default_setup()
    setup["terrain"] = "random"
    result = play_match(RULES, [CommodoreBot(1), CommodoreBot(2)], setup=setup, seed=3)
    assert result.outcome is not None
    assert replay(result.journal).hash() == result.final_hash


@pytest.mark.long
def test_the_commodore_bot_beats_the_random_agent() -> None:
    """DW-BOT: over 200 seeded games on the demo table (1000 points a side), alternating
    seats, the bot wins at least 90%."""
    wins = 0
    games = 200
    for index in range(games):
        seed = seed_for(2024, index)
        seat = index % 2
        agents: list[Agent] = [RandomAgent(seed + 1), RandomAgent(seed + 2)]
        agents[seat] = CommodoreBot(seed)
        result = play_match(RULES, agents, seed=seed % 2**32, record_hashes=False)
        assert result.outcome is not None
        wins += result.outcome.winners == (seat,)
    print(f"commodore bot beat the random agent in {wins} of {games} games")
    assert wins >= 0.9 * games


@pytest.mark.long
def test_bot_mirror_matches_are_balanced() -> None:
    """DW-BOT: in 200 bot-against-bot games on the demo table (1000 points a side) neither
    seat wins more than 60%."""
    games = 200
    seats = [0, 0]
    for index in range(games):
        seed = seed_for(99, index)
        result = play_match(
            RULES, [CommodoreBot(seed), CommodoreBot(seed + 1)], seed=seed % 2**32,
            record_hashes=False,
        )
        assert result.outcome is not None
        if len(result.outcome.winners) == 1:
            seats[result.outcome.winners[0]] += 1
    print(f"mirror matches: seat 0 won {seats[0]}, seat 1 won {seats[1]} of {games}")
    assert max(seats) <= 0.6 * games


def test_quick_terrain_puts_an_eight_inch_island_in_each_quarter() -> None:
    """DW-TERRAIN-QUICK: the quick idea cuts the table into four sections with one 8-inch
    island in each, kept out of the deployment zones (placement: engine default)."""
    setup = RULES.default_setup()
    setup["terrain"] = "quick"
    for seed in range(5):
        game = Game.new(RULES, setup, seed=seed)
        pieces = game.state.terrain  # type: ignore[attr-defined]
        quarters = set()
        for piece in pieces:
            xs, ys = [x for x, _ in piece.points], [y for _, y in piece.points]
            assert max(xs) - min(xs) == pytest.approx(8.0 * math.cos(math.radians(22.5)), abs=0.01)
            assert min(ys) >= DEPLOY_DEPTH and max(ys) <= 48.0 - DEPLOY_DEPTH
            cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
            quarters.add((cx > 36.0, cy > 24.0))
        assert len(pieces) == 4 and len(quarters) == 4
