"""Engine errors and the opening's dice, through one-player rulesets whose opening stack
each test builds: a procedure that never makes progress, a stack that runs empty, rolls
made before the first decision."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from tests.core.engine_helpers import snapshot
from warbench.core import engine
from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.dice import ScriptedDice
from warbench.core.engine import EngineError, Game
from warbench.core.events import Event
from warbench.core.procedures import GameState, Outcome, Procedure
from warbench.core.replay import replay
from warbench.core.rng import RandomStream
from warbench.core.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Go(Action, tag="go"):
    pass


@dataclass(slots=True)
class CounterState(GameState):
    moves: int = 0


@dataclass(slots=True)
class Stuck(Procedure):
    """Steps forever without changing anything: a ruleset bug."""

    def step(self, game: Game) -> None:
        pass


@dataclass(slots=True)
class Vanish(Procedure):
    """Pops itself without ending the game: a ruleset bug."""

    def step(self, game: Game) -> None:
        game.pop()


@dataclass(slots=True)
class Deploy(Procedure):
    """Rolls before anyone decides anything, then gets out of the way."""

    dice: int

    def step(self, game: Game) -> None:
        game.dice.faces(6, self.dice, label="deployment")
        game.pop()


@dataclass(frozen=True, slots=True)
class Went(Event, tag="went"):
    """Player 0 went."""


@dataclass(slots=True)
class AskToGo(Procedure):
    """Waits for player 0 to say go; counts a move, rolls, then is ``then`` (stuck or end)."""

    then: str = "stuck"

    def decisions(self, game: Game) -> list[Decision]:
        return [Decision(0, "go", (Go(),))]

    def act(self, game: Game, player: int, action: Action) -> None:
        state = game.state
        assert isinstance(state, CounterState)
        state.moves += 1
        game.emit(Went(text="player 0 went"))
        game.dice.faces(6, 1, label="go")
        if self.then == "stuck":
            game.push(Stuck())
        else:
            game.end(Outcome((0,), reason="went"))


class Broken(Ruleset):
    """A one-player ruleset whose opening stack is chosen by the test (last runs first)."""

    id = "test-broken"
    name = "Broken (test ruleset)"
    version = "1"
    min_players = 1
    max_players = 1
    action_types = (Go,)

    def __init__(self, *frames: Procedure) -> None:
        self.frames = frames

    def new_state(self, setup: Mapping[str, Any], players: int, rng: RandomStream) -> GameState:
        return CounterState(players, rng, copy.deepcopy(list(self.frames)))


def test_a_procedure_that_makes_no_progress_is_an_engine_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(engine, "MAX_STEPS_WITHOUT_DECISION", 50)
    with pytest.raises(EngineError, match="test-broken: Stuck keeps stepping without a decision"):
        Game.new(Broken(Stuck()))


def test_a_stack_that_runs_empty_without_an_outcome_is_an_engine_error() -> None:
    with pytest.raises(EngineError, match="test-broken: the stack ran empty with no outcome"):
        Game.new(Broken(Vanish()))


def test_an_engine_error_inside_apply_leaves_the_game_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(engine, "MAX_STEPS_WITHOUT_DECISION", 50)
    game = Game.new(Broken(AskToGo()))
    before = snapshot(game)
    with pytest.raises(EngineError, match="Stuck"):
        game.apply(0, Go())
    assert snapshot(game) == before
    assert isinstance(game.state, CounterState) and game.state.moves == 0


def test_referee_rolls_before_the_first_decision_are_opening_faces() -> None:
    rules = Broken(AskToGo("end"), Deploy(2))
    game = Game.new(rules, dice=ScriptedDice([4, 3, 6]))
    game.apply(0, Go())
    assert game.is_over and game.outcome == Outcome((0,), reason="went")
    assert game.journal.opening_faces == [4, 3]
    assert game.journal.entries[0].faces == [6]
    assert replay(game.journal, rules=rules).hash() == game.hash()
