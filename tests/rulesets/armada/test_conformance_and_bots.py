"""The conformance kit, the registry entry, and the bots (ARM-BOT-*)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from warbench.core.agents import Agent, RandomAgent
from warbench.core.catalog import load_model
from warbench.core.lists import ArmyList
from warbench.core.match import play_match
from warbench.core.registry import register, ruleset
from warbench.rulesets.armada import ArmadaRuleset
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.rulesets.armada.data import DATA_DIR
from warbench.testing import assert_conforms

RULES = ArmadaRuleset()


def list_setup() -> dict[str, Any]:
    """The two shipped army lists: arrays, mines, boarders, self-destruct, officers."""
    lists = [load_model(DATA_DIR / "lists" / name, ArmyList)
             for name in ("comet-corsairs.toml", "vanguard-picket.toml")]
    return RULES.setup_for(lists)


def test_armada_conforms() -> None:
    """Random games end, replay bit for bit, refuse cleanly and keep views honest, with the
    demo armadas and with the shipped lists (every ability and officer role in play)."""
    report = assert_conforms(RULES, games=8, setups=[RULES.default_setup(), list_setup()])
    assert report.games == 8 and report.decisions > 0


def test_armada_registers_and_offers_both_bots() -> None:
    """ARM-BOT-RANDOM, ARM-BOT-TACTICIAN: the ruleset is found by id and names its bots."""
    register(ArmadaRuleset)
    rules = ruleset("armada")
    assert set(rules.bots()) == {"random", "tactician", "search"}


def test_tactician_plays_a_whole_game_giving_orders() -> None:
    """ARM-BOT-TACTICIAN: the tactician finishes a battle against itself, its officers
    giving orders (boosts, directions, locks, taunts ...)."""
    result = play_match(RULES, [TacticianAgent(1), TacticianAgent(2)], setup=list_setup(),
                        seed=5)
    assert result.outcome is not None
    given = Counter(event.data["order"] for event in result.events if event.kind == "order")
    assert len(given) >= 3, given


@pytest.mark.long
def test_tactician_beats_random() -> None:
    """ARM-BOT-TACTICIAN: over 200 seeded games, seats alternating, the tactician beats the
    random agent at least 90% of the time."""
    wins = 0
    for game in range(200):
        seat = game % 2
        agents: list[Agent] = [RandomAgent(game), RandomAgent(game + 1000)]
        agents[seat] = TacticianAgent(game)
        result = play_match(RULES, agents, seed=game, record_hashes=False)
        assert result.outcome is not None
        wins += result.outcome.winners == (seat,)
    print(f"tactician beat random in {wins} of 200 games")
    assert wins >= 180


@pytest.mark.long
def test_tactician_mirror_is_seat_fair() -> None:
    """ARM-BOT-TACTICIAN: the tactician against itself with the same armada on both sides:
    over 100 games neither seat wins more than 60%."""
    setup = {"armadas": ["vanguard-3", "vanguard-3"]}
    seats: Counter[str] = Counter()
    for game in range(100):
        agents: list[Agent] = [TacticianAgent(game), TacticianAgent(game + 1000)]
        result = play_match(RULES, agents, setup=setup, seed=game, record_hashes=False)
        assert result.outcome is not None
        seats["draw" if not result.outcome.winners else str(result.outcome.winners[0])] += 1
    print(f"mirror matches: {dict(seats)}")
    assert seats["0"] <= 60 and seats["1"] <= 60
