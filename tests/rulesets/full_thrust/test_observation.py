"""What a seat knows: bots answer from observations, and old journals still replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from warbench.cli import main
from warbench.core.actions import Action
from warbench.core.agents import Agent, RandomAgent
from warbench.core.engine import Game
from warbench.core.journal import Journal
from warbench.core.match import play_match
from warbench.core.plain import REDACTED
from warbench.core.replay import ReplayMismatch, replay, replay_steps
from warbench.rulesets.full_thrust.actions import WriteOrders
from warbench.rulesets.full_thrust.bots import AdmiralBot
from warbench.rulesets.full_thrust.context import FTGame
from warbench.rulesets.full_thrust.movement import manoeuvre_of, order_choices
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
        value = written.value
        assert manoeuvre_of(value) in legal
    assert sampled.hash() == again.hash()
    owed = sorted((d.player, d.prompt) for d in sampled.pending())
    assert owed == sorted((d.player, d.prompt) for d in game.pending())
    assert all("launch fighter groups" in prompt for player, prompt in owed if player == 0)


def test_a_journal_of_ruleset_version_1_is_refused_with_both_versions_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """FT-SEQ-PHASES: a vector battle journalled by ruleset version 1 (before the rule
    fixes of version 2: damage control, odd turns, launches in the orders, design rounding;
    the Sa'Vasku pods and repair of version 3; the fighter fixes of version 4; the weapons
    held at fire and several Sa'Vasku repairs of version 5; the Sa'Vasku weapons left
    without power not asked of version 6; stingers and pods paying at fighters and salvos
    closing on their targets of version 7; fighters flying out of a pulser's arcs of
    version 8; list names of version 9; groups without endurance neither testing morale
    nor closing of version 10) no longer replays to the same states;
    replay refuses it at once, naming both versions, and `warbench replay` says so and
    exits with status 1 rather than narrating another game."""
    journal = Journal.load(KERNEL1_JOURNAL)
    assert (journal.version, RULES.version) == ("1", "10")
    refusal = r"full-thrust 1, replayed with 10: the rules changed.*opening state"
    with pytest.raises(ReplayMismatch, match=refusal):
        replay(journal, rules=RULES)
    assert main(["replay", str(KERNEL1_JOURNAL), "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "the journal was written by full-thrust 1; replaying with 10" in out
    assert "verification failed: journal written by full-thrust 1, replayed with 10" in out
    assert "(the opening state differs from the journal's)" in out


def test_a_journal_of_this_version_replays_with_every_hash() -> None:
    """FT-SEQ-PHASES: a vector battle journalled now replays with every state hash."""
    result = play_match(RULES, [RandomAgent(2), RandomAgent(3)], seed=4,
                        setup={"fleets": ["patrol", "escort"], "movement": "vector"})
    journal = result.journal
    assert journal.version == RULES.version
    steps = sum(1 for _ in replay_steps(journal, rules=RULES))
    assert steps == len(journal.entries) + 1
    assert replay(journal, rules=RULES).hash() == result.journal.entries[-1].hash
