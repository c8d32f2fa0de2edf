"""The conformance kit: Duel passes it, and deliberately broken Duels are caught.

Each broken variant is a small subclass of Duel with one bug a real ruleset could have.
Its classes live at module level so that pickle (rollback, copies) can find them.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.duel import Activation, Duel, DuelState, Gamble, Round, WriteStances
from warbench import testing
from warbench.core.actions import Action
from warbench.core.engine import Game, IllegalAction
from warbench.core.plain import to_plain
from warbench.core.procedures import GameState, Procedure
from warbench.core.rng import RandomStream
from warbench.core.victory import Victory
from warbench.testing import ConformanceReport, assert_conforms, check_ruleset


def problems_about(report: ConformanceReport, words: str) -> list[str]:
    return [problem for problem in report.problems if words in problem]


# ----------------------------------------------------------------- the real Duel


def test_duel_conforms_for_two_to_four_players() -> None:
    report = assert_conforms(Duel(), games=12)
    assert report.ok and report.problems == []
    assert report.games == 12 and sum(report.outcomes.values()) == 12
    assert report.decisions > 12 * 10
    assert report.refusals_checked > 0 and report.views_checked > 0
    assert str(report).startswith(f"12 games, {report.decisions} decisions")


def test_every_player_count_is_played() -> None:
    counts: list[int] = []

    class CountingGame(Game):
        @classmethod
        def new(cls, *args: Any, **options: Any) -> Game:
            counts.append(options["players"])
            return Game.new(*args, **options)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(testing, "Game", CountingGame)
        assert check_ruleset(Duel(), games=6).ok
    assert sorted(set(counts)) == [2, 3, 4]


def test_the_kit_reports_instead_of_raising() -> None:
    report = check_ruleset(Duel(), games=2, setups=[{"armour": 1}])
    assert not report.ok and report.games == 2
    assert problems_about(report, "SetupError: setup: unknown key 'armour'")
    with pytest.raises(AssertionError, match=r"PROBLEM: game 0 .*SetupError"):
        assert_conforms(Duel(), games=1, setups=[{"armour": 1}])


def test_a_game_that_never_ends_is_reported() -> None:
    endless = [{"hp": 10**6, "rounds": 10**6}]
    report = check_ruleset(Duel(), games=1, setups=endless, max_decisions=40)
    assert problems_about(report, "no end after 40 decisions")


# ----------------------------------------------------------------- leaky views


class LeakyView(Duel):
    """Adds a summary of the stances written so far to every view, forgetting they are secret."""

    def view(self, state: DuelState, player: int) -> dict[str, Any]:
        view = super().view(state, player)
        frame = state.stack[-1] if state.stack else None
        written = frame.written if isinstance(frame, WriteStances) else {}
        view["stance_summary"] = {key: repr(order.value) for key, order in written.items()}
        return view


class OmniscientView(Duel):
    """Shows every player the referee's view: all secrets and the random stream."""

    def view(self, state: GameState, player: int) -> dict[str, Any]:
        view: dict[str, Any] = to_plain(state)
        return view


def test_a_view_that_leaks_secrets_is_caught() -> None:
    report = check_ruleset(LeakyView(), games=4, probe_every=1)
    assert not report.ok
    assert problems_about(report, "view changes with secrets they may not see")
    assert not problems_about(report, "random stream")


def test_a_view_that_shows_the_random_stream_is_caught() -> None:
    report = check_ruleset(OmniscientView(), games=2)
    assert problems_about(report, "view shows the random stream")


class ForgetfulStanding(Duel):
    """Names no secret field, so its observations keep the stances written, and its
    standing (``victory``) tells them: the view, redacted field by field, stays clean."""

    secret_fields = ()

    def victory(self, state: DuelState) -> Victory:
        frame = state.stack[-1] if state.stack else None
        written = frame.written if isinstance(frame, WriteStances) else {}
        return Victory(("The last duellist standing wins.",),
                       tuple(f"player {key}: {order.value!r}" for key, order in written.items()))


def test_a_standing_that_tells_secrets_is_caught() -> None:
    report = check_ruleset(ForgetfulStanding(), games=4, probe_every=1)
    assert problems_about(report, "the standing player 1 is told changes with secrets")
    assert not problems_about(report, "view changes")
    assert not problems_about(check_ruleset(Duel(), games=4, probe_every=1), "standing")


# ----------------------------------------------------------------- chance outside the state


@dataclass(slots=True)
class WindyRound(Round):
    """A round whose end-of-round gust draws from Python's global random: not replayable."""

    def step(self, game: Game) -> None:
        state = game.state
        assert isinstance(state, DuelState)
        if self.stage == "end":
            for player in state.alive():
                state.energy[player] = random.randint(0, 1)
        Round.step(self, game)


class WindyDuel(Duel):
    def new_state(self, setup: Mapping[str, Any], players: int, rng: RandomStream) -> GameState:
        state = super().new_state(setup, players, rng)
        state.stack[:] = [WindyRound()]
        return state


def test_chance_drawn_outside_the_game_stream_breaks_replay_and_is_caught() -> None:
    saved = random.getstate()
    try:
        report = check_ruleset(WindyDuel(), games=6)
    finally:
        random.setstate(saved)
    assert not report.ok
    assert problems_about(report, ": replay: step ")


# ----------------------------------------------------------------- changes rollback cannot undo


class Ledger:
    """Gamble money kept outside the state: pickling (so rollback and copies) shares it.

    A ruleset bug of a realistic kind: an object that is not plain data, here one whose
    pickled form is only a key into a module-global table.
    """

    __slots__ = ("key", "spent")

    def __init__(self, key: int) -> None:
        self.key = key
        self.spent = 0
        LEDGERS[key] = self

    def to_plain(self) -> dict[str, Any]:
        return {"spent": self.spent}

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (find_ledger, (self.key,))


LEDGERS: dict[int, Ledger] = {}
LEDGER_KEYS = itertools.count()


def find_ledger(key: int) -> Ledger:
    return LEDGERS[key]


@dataclass(slots=True)
class LedgerState(DuelState):
    ledger: Ledger = field(default_factory=lambda: Ledger(next(LEDGER_KEYS)))


@dataclass(slots=True)
class LedgerActivation(Activation):
    def act(self, game: Game, player: int, action: Action) -> None:
        state = game.state
        assert isinstance(state, LedgerState)
        if isinstance(action, Gamble):
            state.ledger.spent += 1  # before the die decides whether the gamble stands
        Activation.act(self, game, player, action)


@dataclass(slots=True)
class LedgerRound(Round):
    def activation(self, player: int) -> Procedure:
        return LedgerActivation(player)


class LedgerDuel(Duel):
    def new_state(self, setup: Mapping[str, Any], players: int, rng: RandomStream) -> GameState:
        base = super().new_state(setup, players, rng)
        fields = {item.name: getattr(base, item.name) for item in dataclasses.fields(base)}
        state = LedgerState(**fields)
        state.stack[:] = [LedgerRound()]
        return state


def test_the_ledger_duel_plays_like_duel_when_nothing_goes_wrong() -> None:
    game = Game.new(LedgerDuel(), seed=1)
    assert isinstance(game.state, LedgerState)
    assert to_plain(game.state)["ledger"] == {"spent": 0}


def test_a_late_refusal_that_rollback_cannot_undo_is_caught() -> None:
    report = check_ruleset(LedgerDuel(), games=12)
    assert not report.ok
    assert problems_about(report, "a late refusal of Gamble() changed the game")


def test_a_non_transactional_engine_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    class NonTransactionalGame(Game):
        @classmethod
        def new(cls, *args: Any, **options: Any) -> Game:
            return Game.new(*args, **options, transactional=False)

    monkeypatch.setattr(testing, "Game", NonTransactionalGame)
    report = check_ruleset(Duel(), games=12)
    assert problems_about(report, "a late refusal of Gamble() changed the game")


# ----------------------------------------------------------------- late refusals are legal


@dataclass(slots=True)
class HopelessActivation(Activation):
    """An activation whose gamble the rules always refuse, but only after its roll."""

    def act(self, game: Game, player: int, action: Action) -> None:
        if isinstance(action, Gamble):
            game.dice.faces(6, 1, label="gamble")
            raise IllegalAction("the gamble always fails, after its roll")
        Activation.act(self, game, player, action)


@dataclass(slots=True)
class HopelessRound(Round):
    """Starts at initiative, so the first decisions offer the hopeless gamble."""

    stage: str = "initiative"

    def activation(self, player: int) -> Procedure:
        return HopelessActivation(player)


class HopelessGambleDuel(Duel):
    def new_state(self, setup: Mapping[str, Any], players: int, rng: RandomStream) -> GameState:
        state = super().new_state(setup, players, rng)
        state.stack[:] = [HopelessRound()]
        return state


def test_actions_the_rules_refuse_after_a_roll_are_no_conformance_problem() -> None:
    """Random picks refused late are asked again in every check, the copy check included."""
    report = check_ruleset(HopelessGambleDuel(), games=6)
    assert report.ok, str(report)
    assert report.refusals_checked > 0


def test_the_kit_catches_a_late_refusal_the_ruleset_does_not_declare() -> None:
    class Undeclared(Duel):
        id = "undeclared-late-refusals"
        late_refusals = False  # yet Gamble is refused after its roll

    report = check_ruleset(Undeclared(), games=6)
    assert any("late_refusals = False" in problem for problem in report.problems)
