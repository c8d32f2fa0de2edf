"""What a seat knows: bots answer from observations, and old journals still replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from warbench.core.actions import Action
from warbench.core.agents import Agent, RandomAgent
from warbench.core.engine import Game
from warbench.core.journal import Journal
from warbench.core.plain import REDACTED
from warbench.core.replay import ReplayMismatch, replay, replay_steps
from warbench.rulesets.full_thrust.actions import WriteOrders
from warbench.rulesets.full_thrust.bots import AdmiralBot
from warbench.rulesets.full_thrust.context import FTGame
from warbench.rulesets.full_thrust.movement import order_choices
from warbench.rulesets.full_thrust.state import FullThrustState

from .helpers import RULES

KERNEL1_JOURNAL = Path(__file__).parent / "data" / "kernel1_vector_3_turns.json"


def seat_zero_writes(pick: int) -> FTGame:
    """A default battle in which seat 0 has written order number ``pick`` for every ship."""
    game = Game.new(RULES, RULES.default_setup(), seed=11)
    for decision in game.pending():
        if decision.player == 0:
            game.apply(0, decision.options[pick])
    return game


def seat_one_choices(game: FTGame, agent: Agent) -> list[Action]:
    """What ``agent`` writes for seat 1's ships, seeing only seat 1's observation."""
    seen = game.observe(1)
    return [agent.choose(seen, decision) for decision in seen.decisions]


@pytest.mark.parametrize("bot", [AdmiralBot, RandomAgent])
def test_bots_write_the_same_orders_whatever_the_enemy_wrote(bot: type[Agent]) -> None:
    """FT-SEQ-ORDERS: seat 1's bots choose exactly the same orders whether seat 0 wrote
    orders A or orders B: they are handed the observation, where those orders are
    redacted."""
    first, second = seat_zero_writes(0), seat_zero_writes(-1)
    assert first.state.orders != second.state.orders
    for game in (first, second):
        seen = game.observe(1).state
        for ship in game.state.fleet(0):
            written = seen.orders[ship.id]
            assert written is not None and written.value is REDACTED
    choices = seat_one_choices(first, bot(5))  # type: ignore[call-arg]
    assert choices and all(isinstance(choice, WriteOrders) for choice in choices)
    assert choices == seat_one_choices(second, bot(5))  # type: ignore[call-arg]


def test_a_sampled_game_fills_unseen_orders_with_legal_ones_reproducibly() -> None:
    """FT-SEQ-ORDERS: for search, enemy orders not yet revealed are drawn from the legal
    orders of each ship; the same seed draws the same; the seat's own orders stay."""
    game = seat_zero_writes(0)
    seen = game.observe(1)
    sampled = seen.sample(3)
    again = seen.sample(3)
    state: FullThrustState = sampled.state
    for ship in state.fleet(0):
        written = state.orders[ship.id]
        assert written is not None and not written.revealed and written.owner == 0
        thrust = RULES.data.designs[ship.design].thrust
        legal = order_choices(state.movement, thrust, ship.speed)
        assert (written.value.speed, written.value.turn) in legal
    assert sampled.hash() == again.hash()
    assert {decision.player for decision in sampled.pending()} == {1}


def test_a_journal_of_the_first_kernel_replays_with_every_hash() -> None:
    """FT-SEQ-PHASES: a vector battle journalled before kernel 2 (ruleset version 1)
    replays with every state hash matching."""
    journal = Journal.load(KERNEL1_JOURNAL)
    steps = sum(1 for _ in replay_steps(journal, rules=RULES))
    assert steps == len(journal.entries) + 1
    assert replay(journal, rules=RULES).outcome is not None


def test_a_journal_of_another_version_is_refused_naming_both_versions() -> None:
    """A journal whose recorded state no longer matches names both versions."""
    journal = Journal.load(KERNEL1_JOURNAL)
    journal.version = "0"
    journal.entries[3].hash = "0" * 32
    with pytest.raises(ReplayMismatch, match=r"full-thrust 0, replayed with 1"):
        replay(journal, rules=RULES)
