"""The turn: card phase, 2D6 initiative, alternating squadron activations, end phase.

1. Turn cards: each player may lay a T card face down; they are revealed together and
   resolved in initiative order (:mod:`.cards`).
2. Initiative: each player rolls 2D6; the highest activates first (ties roll again, an
   engine default).
3. Activations: players take turns activating one squadron each, in initiative order,
   until every squadron has acted; a player with none left waits while the others finish.
4. End phase: raging fires burn, derelicts drift, wings burn fuel, cards are discarded and
   drawn, and the game may end (:mod:`.victory`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.procedures import Procedure
from warbench.rulesets.dystopian_wars.actions import Activate, Concede, Move
from warbench.rulesets.dystopian_wars.activation import Activation, burn
from warbench.rulesets.dystopian_wars.cards import (
    EndPhaseCards,
    TurnCards,
    deal_opening_hands,
    expire_cards,
    initiative_bonus,
)
from warbench.rulesets.dystopian_wars.damage import destroy
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.deployment import Deployment
from warbench.rulesets.dystopian_wars.events import (
    BattleOrder,
    Conceded,
    DerelictDrift,
    InitiativeOrder,
    InitiativeRoll,
    TurnBegins,
)
from warbench.rulesets.dystopian_wars.flyers import refuel_and_land
from warbench.rulesets.dystopian_wars.geometry import PathError, TurnLimits, plan_path
from warbench.rulesets.dystopian_wars.movement import carry_out, leaves_table
from warbench.rulesets.dystopian_wars.state import DWGame, DWState
from warbench.rulesets.dystopian_wars.victory import BATTLE_ORDERS, judge, standing


def roll_initiative(game: DWGame, players: list[int], bonus: dict[int, int]) -> list[int]:
    """Each player rolls 2D6 (plus card bonuses); highest first, ties rolled again."""
    if len(players) <= 1:
        return list(players)
    totals: dict[int, list[int]] = {}
    for player in players:
        faces = game.dice.faces(6, 2, label=f"initiative, player {player}")
        total = sum(faces) + bonus.get(player, 0)
        totals.setdefault(total, []).append(player)
        game.emit(
            InitiativeRoll(
                player=player,
                total=total,
                text=f"player {player} rolls {faces[0]}+{faces[1]}"
                + (f"+{bonus[player]}" if bonus.get(player) else "")
                + f" = {total} for initiative",
            )
        )
    order: list[int] = []
    for total in sorted(totals, reverse=True):
        tied = totals[total]
        order.extend(roll_initiative(game, tied, {}) if len(tied) > 1 else tied)
    return order


@dataclass(slots=True)
class Battle(Procedure[DWState, RulesData]):
    """The whole game: battle orders and opening hands, then turn after turn."""

    stage: str = "open"

    def step(self, game: DWGame) -> None:
        state, data = game.state, game.data
        if self.stage == "open":
            self.stage = "orders"
            if state.deployment == "alternate":
                game.push(Deployment())
            return
        if self.stage == "orders":
            if state.orders:
                for player in range(state.players):
                    state.orders[player] = game.dice.faces(6, 1, label="battle order")[0]
                    game.emit(
                        BattleOrder(
                            player=player,
                            order=state.orders[player],
                            text=f"player {player}'s battle order: {BATTLE_ORDERS[state.orders[player]]}",
                        )
                    )
            if state.cards_on:
                deal_opening_hands(game, state, data)
            self.stage = "turn"
            return
        outcome = judge(state, data, last_turn=state.turn >= state.max_turns)
        if state.turn and outcome is not None:
            game.end(outcome)
            return
        state.turn += 1
        game.emit(TurnBegins(turn=state.turn, text=f"turn {state.turn} begins"))
        game.push(Turn())


@dataclass(slots=True)
class Turn(Procedure[DWState, RulesData]):
    """One turn's four phases."""

    stage: str = "cards"

    def step(self, game: DWGame) -> None:
        state, data = game.state, game.data
        if self.stage == "cards":
            self.stage = "initiative"
            if state.cards_on:
                game.push(TurnCards([None] * state.players))
        elif self.stage == "initiative":
            players = [p for p in range(state.players) if not state.conceded[p]]
            state.initiative = roll_initiative(game, players, initiative_bonus(state, data))
            game.emit(
                InitiativeOrder(
                    order=tuple(state.initiative),
                    text="activation order: " + ", ".join(f"player {p}" for p in state.initiative),
                )
            )
            for squadron in state.squadrons:
                squadron.activated = False
            self.stage = "activations"
            game.push(Activations())
        elif self.stage == "activations":
            self.stage = "end"
            game.push(EndPhase())
        else:
            game.pop()


def ready_squadrons(state: DWState, player: int) -> list[int]:
    """The player's squadrons still to activate this turn."""
    found = []
    for squadron in state.squadrons:
        if squadron.player != player or squadron.activated:
            continue
        models = state.squadron_models(squadron.sid)
        if any(m.carried_by < 0 and m.ready_turn <= state.turn for m in models):
            found.append(squadron.sid)
    return found


@dataclass(slots=True)
class Activations(Procedure[DWState, RulesData]):
    """Players alternate activating squadrons, in initiative order, until all have acted."""

    turn_index: int = 0

    def current(self, state: DWState) -> int | None:
        """The player who activates next, or None when every squadron has acted."""
        order = [p for p in state.initiative if not state.conceded[p]]
        for offset in range(len(order)):
            player = order[(self.turn_index + offset) % len(order)]
            if ready_squadrons(state, player):
                return player
        return None

    def decisions(self, game: DWGame) -> list[Decision]:
        state = game.state
        if game.is_over:
            return []
        player = self.current(state)
        if player is None:
            return []
        options: list[Action] = [Activate(sid) for sid in ready_squadrons(state, player)]
        if state.allow_concession:
            options.append(Concede())
        return [Decision(player, "activate a squadron", tuple(options))]

    def act(self, game: DWGame, player: int, action: Action) -> None:
        state = game.state
        order = [p for p in state.initiative if not state.conceded[p]]
        if isinstance(action, Concede):
            state.conceded[player] = True
            game.emit(Conceded(player=player, text=f"player {player} concedes"))
            if sum(1 for p in range(state.players) if standing(state, p)) <= 1:
                outcome = judge(state, game.data, last_turn=True)
                assert outcome is not None
                game.end(outcome)
            return
        assert isinstance(action, Activate)
        self.turn_index = (order.index(player) + 1) % len(order)
        game.push(Activation(action.squadron))

    def step(self, game: DWGame) -> None:
        state = game.state
        standing = [p for p in range(state.players) if not state.conceded[p]]
        if len(standing) <= 1:
            game.pop()
            return
        game.pop()


@dataclass(slots=True)
class EndPhase(Procedure[DWState, RulesData]):
    """Fires, drifting derelicts, wings' fuel, cards, then the next turn."""

    stage: str = "fires"
    drifted: list[int] = field(default_factory=list)

    def step(self, game: DWGame) -> None:
        state, data = game.state, game.data
        if self.stage == "fires":
            burn(game, state)
            self.stage = "derelicts"
        elif self.stage == "derelicts":
            drift_derelicts(game, state)
            self.stage = "flyers"
        elif self.stage == "flyers":
            refuel_and_land(game, state, data)
            self.stage = "cards"
        elif self.stage == "cards":
            self.stage = "done"
            expire_cards(state, "turn")
            if state.cards_on:
                game.push(EndPhaseCards())
        else:
            for player in range(state.players):
                state.reroll_used[player] = False
            game.pop()


def drift_derelicts(game: DWGame, state: DWState) -> None:
    """Derelicts without a prize crew drift their minimum move straight ahead."""
    data = game.data
    for model in state.models:
        if not (model.alive and model.derelict) or model.prize_ap > 0:
            continue
        spec = data.models[model.cls]
        if spec.min_move <= 0:
            continue
        try:
            plan = plan_path(model.pose(), (float(spec.min_move),),
                             TurnLimits(0.0, True, float(spec.min_move)))
        except PathError:
            continue
        result = carry_out(state, data, model, plan, Move(model.uid, (float(spec.min_move),)))
        model.place(result.final)
        game.emit(DerelictDrift(model=model.uid, text=f"the derelict {model.name} drifts"))
        if leaves_table(state, model):
            destroy(game, model, "destroyed", "drifted off the table")
