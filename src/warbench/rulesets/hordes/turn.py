"""The battle: the starting roll, deployment, rounds of two whole turns, each turn's
maintenance, control and activation phases, and the end by the turn limit."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import IllegalAction
from warbench.core.procedures import Outcome
from warbench.core.turns import roll_off, roll_off_die
from warbench.core.words import player_name
from warbench.rulesets.hordes.actions import ACTIVATE, DONE, Activate, Done, GoFirst
from warbench.rulesets.hordes.activation import new_activation
from warbench.rulesets.hordes.control import ControlPhase, maintenance
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.deployment import Deployment
from warbench.rulesets.hordes.events import TurnBegins
from warbench.rulesets.hordes.game import HordesGame, HordesProcedure
from warbench.rulesets.hordes.profile import boxes_left_by_side
from warbench.rulesets.hordes.refusals import Refusals
from warbench.rulesets.hordes.state import HordesState


class BattleStage(enum.StrEnum):
    ROLL = "roll"
    CHOOSE = "choose"
    TURNS = "turns"


@dataclass(slots=True)
class Battle(HordesProcedure):
    """The whole battle; ``turn`` counts the turns played in the current round."""

    stage: BattleStage = BattleStage.ROLL
    winner: int = -1
    turn: int = 0

    def decisions(self, game: HordesGame) -> list[Decision]:
        if self.stage is not BattleStage.CHOOSE:
            return []
        return [
            Decision(
                self.winner,
                "you won the starting roll: who deploys and plays first?",
                (GoFirst(self.winner), GoFirst(1 - self.winner)),
            )
        ]

    def act(self, game: HordesGame, player: int, action: Action) -> None:
        if not isinstance(action, GoFirst):
            raise IllegalAction(f"{action!r} does not choose who goes first")
        game.state.first = action.player
        self.stage = BattleStage.TURNS
        if game.state.unplaced:  # the first player deploys first (HOR-DEPLOY)
            game.push(Deployment(1 - action.player), Deployment(action.player))

    def step(self, game: HordesGame) -> None:
        state = game.state
        if self.stage is BattleStage.ROLL:
            order = roll_off([0, 1], lambda p: roll_off_die(game, p, "starting roll"))
            self.winner, self.stage = order[0], BattleStage.CHOOSE
            return
        if self.turn == 2:
            self.turn = 0
            state.round += 1
            if state.round > game.data.settings.rounds:
                end_by_score(game)
                return
        player = state.first if self.turn == 0 else 1 - state.first
        self.turn += 1
        game.push(Turn(player))


def end_by_score(game: HordesGame) -> None:
    """Engine default: after the last round the side with more unmarked boxes wins."""
    game.end(score_outcome(game.data, game.state))


def score_outcome(data: HordesData, state: HordesState) -> Outcome:
    """How the game ends at the turn limit (HOR-TURN-LIMIT): the side with more unmarked
    boxes and circles wins, equal is a draw."""
    scores = boxes_left_by_side(data, state)
    winners = () if scores[0] == scores[1] else ((0,) if scores[0] > scores[1] else (1,))
    return Outcome(winners, scores, "the turn limit is reached: unmarked boxes decide")


class TurnStage(enum.StrEnum):
    START = "start"
    ACTIVATE = "activate"


@dataclass(slots=True)
class Turn(HordesProcedure):
    """One player's turn: maintenance, control, then activating models one at a time."""

    player: int
    stage: TurnStage = TurnStage.START

    def decisions(self, game: HordesGame) -> list[Decision]:
        if self.stage is not TurnStage.ACTIVATE:
            return []
        ready = ready_models(game.state, self.player)
        prompt = "activate a model or end your turn"
        options = (*(ACTIVATE(uid) for uid in ready), DONE())
        return [Decision(self.player, prompt, options, (Refusals(prompt),))]

    def act(self, game: HordesGame, player: int, action: Action) -> None:
        if isinstance(action, Done):
            game.pop()
        elif isinstance(action, Activate):
            game.push(new_activation(game, game.state.models[action.model]))
        else:
            raise IllegalAction(f"{action!r} is not an activation")

    def step(self, game: HordesGame) -> None:
        state = game.state
        state.active = self.player
        self.stage = TurnStage.ACTIVATE
        game.emit(
            TurnBegins(
                self.player, state.round,
                text=f"round {state.round}: {player_name(self.player)}'s turn",
            )
        )
        maintenance(game, self.player)
        game.push(ControlPhase(self.player))


def ready_models(state: HordesState, player: int) -> list[int]:
    """The player's living models that have not activated this turn."""
    return [m.uid for m in state.living(player) if not m.activated]
