"""Random agents and whole matches: reproducible play, and journals that replay exactly."""

from __future__ import annotations

import contextlib

import pytest

from tests.duel import Duel, DuelState, Gamble, Pass, Shoot, Stance
from warbench.core import match
from warbench.core.actions import Action
from warbench.core.agents import AgentError, RandomAgent
from warbench.core.decisions import Decision, ParamSpace
from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game, IllegalAction
from warbench.core.match import play_match, play_next_decision
from warbench.core.replay import replay
from warbench.core.rng import RandomStream


def choices(agent_seed: int, game_seed: int = 7, players: int = 3) -> list[Action]:
    """Every action a random agent picks, seat after seat, in one whole game."""
    game = Game.new(Duel(), seed=game_seed, players=players)
    agent = RandomAgent(agent_seed)
    picked = []
    while not game.is_over:
        decision = game.pending()[0]
        action = agent.choose(game.observe(decision.player), decision)
        picked.append(action)
        assert game.check(decision.player, action) is None  # always a legal pick
        with contextlib.suppress(IllegalAction):  # a gamble may still fail on its die
            game.apply(decision.player, action)
    return picked


def test_random_agent_is_reproducible_by_seed() -> None:
    assert choices(agent_seed=5) == choices(agent_seed=5)
    assert choices(agent_seed=5) != choices(agent_seed=6)


def test_random_agent_uses_both_options_and_parameter_spaces() -> None:
    picked = choices(agent_seed=1, players=4)
    kinds = {type(action).__name__ for action in picked}
    assert {"Stance", "Shoot", "Respond"} <= kinds


class NeverLegal(ParamSpace):
    """Samples shots that the game always refuses."""

    action_type = Shoot

    def validate(self, action: Action) -> str | None:
        return "never"

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        return [Shoot(target=0, bearing=0.0)] * count


def test_random_agent_falls_back_to_an_option_when_samples_fail() -> None:
    game = Game.new(Duel())
    decision = Decision(0, "aim or pass", (Pass(),), (NeverLegal(),))
    assert RandomAgent(0, attempts=3).choose(game.observe(0), decision) == Pass()


def test_random_agent_with_nothing_to_choose_raises_agent_error() -> None:
    game = Game.new(Duel())
    with pytest.raises(AgentError, match="offers nothing to choose"):
        RandomAgent(0).choose(game.observe(0), Decision(0, "empty"))
    with pytest.raises(AgentError, match="no legal sample for 'aim' after 4 attempts"):
        RandomAgent(0, attempts=4).choose(game.observe(0), Decision(0, "aim", (), (NeverLegal(),)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_match_finishes_and_its_journal_replays(players: int) -> None:
    result = play_match(Duel(), [RandomAgent(seat) for seat in range(players)], seed=players)
    assert result.outcome is not None
    assert result.decisions == len(result.journal.entries) > 0
    assert result.journal.players == players and result.journal.seed == players
    assert result.events[-1].kind == "game_over"
    assert result.events[-1].data["winners"] == list(result.outcome.winners)
    assert len(result.outcome.scores) == players
    assert replay(result.journal, rules=Duel()).hash() == result.final_hash


def test_play_match_is_reproducible() -> None:
    def run() -> str:
        return play_match(Duel(), [RandomAgent(1), RandomAgent(2)], seed=11).final_hash

    assert run() == run()


def test_play_match_stops_at_the_decision_limit() -> None:
    result = play_match(Duel(), [RandomAgent(0), RandomAgent(1)], max_decisions=3)
    assert result.outcome is None and result.decisions == 3
    assert len(result.journal.entries) == 3
    assert replay(result.journal, rules=Duel()).hash() == result.final_hash


def test_play_match_without_hashes_still_replays_to_the_final_state() -> None:
    result = play_match(Duel(), [RandomAgent(0), RandomAgent(1)], seed=4, record_hashes=False)
    assert all(entry.hash is None for entry in result.journal.entries)
    assert replay(result.journal, rules=Duel()).hash() == result.final_hash


class Gambler:
    """Gambles whenever it may, else passes; ``stubborn`` gambles again after a refusal."""

    name = "gambler"

    def __init__(self, stubborn: bool) -> None:
        self.stubborn = stubborn
        self.asked = 0

    def choose(self, game: Game, decision: Decision) -> Action:
        self.asked += 1
        if decision.prompt == "write your stance":
            return Stance("guarded")
        return Gamble() if self.stubborn or self.asked == 1 else Pass()


def to_aim_with_failing_gambles(agents: list[Gambler]) -> Game:
    # Initiative 6 against 2 puts player 0 first; every gamble die after that shows 1.
    game = Game.new(Duel(), dice=ScriptedDice([6, 2] + [1] * 20))
    game.apply(0, Stance("guarded"))
    game.apply(1, Stance("guarded"))
    agents[0].asked = 0
    return game


def test_a_late_refusal_makes_the_match_ask_the_agent_again() -> None:
    agents = [Gambler(stubborn=False), Gambler(stubborn=False)]
    game = to_aim_with_failing_gambles(agents)
    play_next_decision(game, agents)
    assert agents[0].asked == 2
    assert game.journal.entries[-1].action == {"type": "pass"}


def test_an_agent_refused_too_often_is_an_agent_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(match, "MAX_REFUSALS", 5)
    agents = [Gambler(stubborn=True), Gambler(stubborn=True)]
    game = to_aim_with_failing_gambles(agents)
    before = game.hash()
    with pytest.raises(AgentError, match="gambler was refused 5 times on 'aim or pass'"):
        play_next_decision(game, agents)
    assert game.hash() == before and len(game.journal.entries) == 2


class GambleThenAim:
    """Gambles first; asked again, aims with a sample from the decision it is handed."""

    name = "gamble-then-aim"

    def __init__(self) -> None:
        self.rng = RandomStream.from_seed(0)
        self.asked = 0

    def choose(self, game: Game, decision: Decision) -> Action:
        self.asked += 1
        if self.asked == 1:
            return Gamble()
        return decision.spaces[0].sample(self.rng, 1)[0]


def test_after_a_late_refusal_the_agent_sees_the_rolled_back_state() -> None:
    game = Game.new(Duel(), dice=ScriptedDice([6, 2, 1, 4, 4]))
    game.apply(0, Stance("guarded"))
    game.apply(1, Stance("guarded"))
    state = game.state
    assert isinstance(state, DuelState)
    state.energy[0] = 1
    agent = GambleThenAim()
    play_next_decision(game, [agent, agent])
    assert agent.asked == 2
    assert game.journal.entries[-1].action["type"] == "shoot"
