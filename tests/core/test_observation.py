"""Observations: an agent sees only what its seat may know (issue 10, Kernel 2)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

import warbench
from tests.duel import (
    Duel,
    DuelState,
    RoundStage,
    Stance,
    WriteStances,
)
from warbench.core.actions import Action
from warbench.core.agents import Agent, RandomAgent
from warbench.core.decisions import Decision
from warbench.core.engine import Game
from warbench.core.observation import Observation
from warbench.core.plain import REDACTED, Hidden
from warbench.core.redaction import blank_stream
from warbench.testing import check_ruleset


def new_duel(players: int = 2, seed: int = 0) -> Game[DuelState, None]:
    return Game.new(Duel(), seed=seed, players=players)


def stance_frame(state: DuelState) -> WriteStances:
    frame = state.stack[-1]
    assert isinstance(frame, WriteStances)
    return frame


def test_an_observation_hides_orders_other_seats_wrote() -> None:
    game = new_duel(3)
    game.apply(0, Stance("aggressive"))
    mine = stance_frame(game.observe(0).state).written["0"]
    theirs = stance_frame(game.observe(1).state).written["0"]
    assert mine.value == Stance("aggressive")
    assert theirs == Hidden(0, REDACTED)
    assert "aggressive" not in repr(game.observe(2).state)


def test_an_observation_holds_no_dice_stream_of_the_game() -> None:
    game = new_duel()
    observed = game.observe(0).state
    twin = game.copy()
    assert observed.rng.faces(6, 20) != twin.state.rng.faces(6, 20)


@pytest.mark.parametrize("ruleset_id", ["dystopian-wars", "armada"])
def test_every_observation_holds_its_own_blank_stream(ruleset_id: str) -> None:
    """Dystopian Wars' observations (its own, with card counts) and the core's alike: the
    same blank numbers in each, and a bot drawing from one leaves the next as it was."""
    game = Game.new(warbench.ruleset(ruleset_id), seed=5, players=2)
    first, second = game.observe(0).state.rng, game.observe(1).state.rng
    drawn = first.faces(6, 20)
    assert second.faces(6, 20) == drawn == blank_stream().faces(6, 20)
    assert drawn != game.state.rng.copy().faces(6, 20)


def test_the_observation_offers_exactly_the_seats_decisions_and_checks_like_the_game() -> None:
    game = new_duel(3)
    game.apply(1, Stance("guarded"))
    for seat in range(3):
        observation = game.observe(seat)
        assert list(observation.decisions) == game.pending_for(seat)
        assert observation.check(Stance("guarded")) == game.check(seat, Stance("guarded"))
    assert game.observe(1).check(Stance("guarded")) is not None  # seat 1 already wrote


def test_changing_an_observed_state_changes_nothing_in_the_game() -> None:
    game = new_duel()
    before = game.hash()
    observed = game.observe(0).state
    stance_frame(observed).written["9"] = Hidden(0, Stance("aggressive"))
    assert game.hash() == before


def test_a_sample_withdraws_unseen_orders_and_is_reproducible() -> None:
    game = new_duel(3)
    game.apply(0, Stance("aggressive"))
    game.apply(1, Stance("guarded"))
    observation = game.observe(2)
    first, second = observation.sample(7), observation.sample(7)
    assert first.hash() == second.hash()
    assert stance_frame(first.state).written == {}  # seat 2 saw neither order
    assert sorted(decision.player for decision in first.pending()) == [0, 1, 2]
    first.apply(0, Stance("guarded"))  # a sample is a game of its own
    assert game.pending_for(0) == []


def test_a_sample_keeps_the_seats_own_orders() -> None:
    game = new_duel()
    game.apply(0, Stance("aggressive"))
    sample = game.observe(0).sample(3)
    assert stance_frame(sample.state).written["0"].value == Stance("aggressive")
    assert sample.state.stack[0].stage is RoundStage.INITIATIVE


class Peeker:
    """A cheat: it reads the real game through a leak and writes the opposite stance."""

    name = "peeker"

    def __init__(self, leaks: dict[int, Game[DuelState, None]]) -> None:
        self.leaks = leaks

    def choose(self, observation: Observation[Any, Any], decision: Decision) -> Action:
        frame = self.leaks[id(observation)].state.stack[-1]
        if isinstance(frame, WriteStances):
            for order in frame.written.values():
                if order.value == Stance("aggressive"):
                    return Stance("guarded")
            return Stance("aggressive")
        return RandomAgent(0).choose(observation, decision)


def test_the_conformance_kit_catches_a_bot_that_reads_other_seats_secrets() -> None:
    leaks: dict[int, Game[DuelState, None]] = {}

    class LeakyDuel(Duel):
        def bots(self) -> Mapping[str, Callable[[int], Agent]]:
            return {"peeker": lambda seed: Peeker(leaks)}

    original_observe = Game.observe

    def observe_and_leak(self: Game[Any, Any], player: int) -> Observation[Any, Any]:
        observation = original_observe(self, player)
        leaks[id(observation)] = self
        return observation

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Game, "observe", observe_and_leak)
        report = check_ruleset(LeakyDuel(), games=3, probe_every=1, agent_probe_factor=1)
    assert any("bot 'peeker'" in problem for problem in report.problems)


def test_honest_bots_pass_the_agent_check() -> None:
    report = check_ruleset(Duel(), games=4, probe_every=1, agent_probe_factor=1)
    assert report.ok, str(report)
    assert report.agents_checked > 0


def test_an_observation_works_out_its_state_view_and_events_once() -> None:
    """A bot reads ``observation.state`` many times a decision; redacting the state (a copy
    of it) again at every read made the compiled build pay for it each time."""
    calls = {"state": 0, "view": 0, "events": 0}

    def counted(name: str, value: Any) -> Callable[[], Any]:
        def answer() -> Any:
            calls[name] += 1
            return value
        return answer

    observation: Observation[Any, None] = Observation(
        Duel(), 0, [], observed=counted("state", "the state"), view=counted("view", {}),
        events=counted("events", []), check=lambda action: None)
    for _ in range(3):
        assert observation.state == "the state"
        assert observation.view == {}
        assert observation.events == ()
    assert calls == {"state": 1, "view": 1, "events": 1}
