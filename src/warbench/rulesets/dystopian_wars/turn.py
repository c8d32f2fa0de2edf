"""The turn: card phase, 2D6 initiative, alternating squadron activations, end phase.

1. Turn cards: each player may lay a T card face down; they are revealed together and
   resolved in initiative order (:mod:`.cards`).
2. Initiative: each player rolls 2D6; the highest activates first (ties roll again, an
   engine default).
3. Activations: players take turns activating one squadron each, in initiative order,
   until every squadron has acted; a player with none left waits while the others finish.
4. End phase: raging fires burn, derelicts drift (prize crews then declare all stop or
   not: :mod:`.prizes`), wings burn fuel, cards are discarded and drawn, and the game may
   end (:mod:`.victory`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import EngineError, IllegalAction
from warbench.core.events import RollEffect
from warbench.core.geometry.movement import IllegalMove, TurnLimits, plan_path
from warbench.core.procedures import Procedure
from warbench.core.turns import Alternation, roll_off
from warbench.core.words import player_name, possessive
from warbench.rulesets.dystopian_wars.actions import Activate, Concede, Move
from warbench.rulesets.dystopian_wars.activation import MOVED, Activation, release
from warbench.rulesets.dystopian_wars.cards import (
    EndPhaseCards,
    TurnCards,
    deal_opening_hands,
    expire_cards,
    initiative_bonus,
)
from warbench.rulesets.dystopian_wars.command import RoutTests
from warbench.rulesets.dystopian_wars.contacts import resolve_contact
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
from warbench.rulesets.dystopian_wars.luck import order_effect, order_words
from warbench.rulesets.dystopian_wars.mines import set_off_mines
from warbench.rulesets.dystopian_wars.movement import leaves_table
from warbench.rulesets.dystopian_wars.prizes import PrizeCrews, crews_to_ask, holds_still
from warbench.rulesets.dystopian_wars.rams import Contact
from warbench.rulesets.dystopian_wars.repairs import burn
from warbench.rulesets.dystopian_wars.state import DWGame, DWState
from warbench.rulesets.dystopian_wars.sweep import carry_out
from warbench.rulesets.dystopian_wars.victory import BATTLE_ORDERS, end_battle, judge, standing


def roll_initiative(game: DWGame, players: list[int], bonus: dict[int, int]) -> list[int]:
    """Each player rolls 2D6 (plus card bonuses, which count once); highest first, ties
    rolled again."""

    def roll(player: int, extra: int, again: bool = False) -> int:
        # a roll after a tie says so: a referee typing the dice sees why it is asked again;
        # the label names the seat by index (a search keys its dice on it, so it stays as
        # it is), its words for people count players from 1 and read as a phrase
        label = f"initiative, player {player}" + (", again after a tie" if again else "")
        told = f"{possessive(player_name(player))} initiative" + (
            " (again, after a tie)" if again else "")
        faces = game.dice_for(player).faces(6, 2, label=label, told=told)
        total = sum(faces) + extra
        game.emit(RollEffect(player, label, total, 2, modifier=extra, told=told))  # highest first
        game.emit(
            InitiativeRoll(
                player=player,
                total=total,
                text=f"{player_name(player)} rolls {faces[0]}+{faces[1]}"
                + (f"+{extra}" if extra else "")
                + f" = {total} for initiative" + (" (again after a tie)" if again else ""),
            )
        )
        return total

    return roll_off(
        players, lambda player: roll(player, bonus.get(player, 0)),
        lambda player: roll(player, 0, again=True),
    )


class BattleStage(StrEnum):
    """The battle's steps: set-up, battle orders and hands, then turns."""

    OPEN = "open"
    ORDERS = "orders"
    TURN = "turn"


@dataclass(slots=True)
class Battle(Procedure[DWState, RulesData]):
    """The whole game: battle orders and opening hands, then turn after turn."""

    stage: BattleStage = BattleStage.OPEN

    def step(self, game: DWGame) -> None:
        state, data = game.state, game.data
        if self.stage is BattleStage.OPEN:
            self.stage = BattleStage.ORDERS
            if state.deployment == "alternate":
                game.push(Deployment())
            return
        if self.stage is BattleStage.ORDERS:
            if state.orders:
                for player in range(state.players):
                    state.orders[player] = game.dice_for(player).faces(
                        6, 1, label="battle order", told=order_words(player))[0]
                    game.emit(order_effect(state, data, player, state.orders[player]))
                    game.emit(
                        BattleOrder(
                            player=player,
                            order=state.orders[player],
                            text=f"{player_name(player)}'s battle order: "
                            f"{BATTLE_ORDERS[state.orders[player]]}",
                        )
                    )
            if state.cards_on:
                deal_opening_hands(game, state, data)
            self.stage = BattleStage.TURN
            return
        outcome = judge(state, data, last_turn=state.turn >= state.max_turns)
        if state.turn and outcome is not None:
            end_battle(game, outcome)
            return
        state.turn += 1
        game.emit(TurnBegins(turn=state.turn, text=f"turn {state.turn} begins"))
        game.push(Turn())


class TurnStage(StrEnum):
    """The four phases of a turn."""

    CARDS = "cards"
    INITIATIVE = "initiative"
    ACTIVATIONS = "activations"
    END = "end"


@dataclass(slots=True)
class Turn(Procedure[DWState, RulesData]):
    """One turn's four phases."""

    stage: TurnStage = TurnStage.CARDS

    def step(self, game: DWGame) -> None:
        state, data = game.state, game.data
        if self.stage is TurnStage.CARDS:
            self.stage = TurnStage.INITIATIVE
            if state.cards_on:
                game.push(TurnCards([None] * state.players))
        elif self.stage is TurnStage.INITIATIVE:
            players = [p for p in range(state.players) if not state.conceded[p]]
            state.initiative = roll_initiative(game, players, initiative_bonus(state, data))
            game.emit(
                InitiativeOrder(
                    order=tuple(state.initiative),
                    text="activation order: " + ", ".join(player_name(p) for p in state.initiative),
                )
            )
            for squadron in state.squadrons:
                squadron.activated = False
            self.stage = TurnStage.ACTIVATIONS
            game.push(Activations())
        elif self.stage is TurnStage.ACTIVATIONS:
            self.stage = TurnStage.END
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
    """Players alternate activating squadrons, in initiative order, until all have acted
    (a player with squadrons left goes on alone): :class:`~warbench.core.turns.Alternation`,
    its turn kept in ``turn_index``."""

    turn_index: int = 0

    def current(self, state: DWState) -> int | None:
        """The player who activates next, or None when every squadron has acted."""
        return Alternation(self.turn_index).current(
            standing_order(state), lambda player: bool(ready_squadrons(state, player))
        )

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
        if isinstance(action, Concede):
            state.conceded[player] = True
            game.emit(Conceded(player=player, text=f"{player_name(player)} concedes"))
            if sum(1 for p in range(state.players) if standing(state, p)) <= 1:
                outcome = judge(state, game.data, last_turn=True)
                if outcome is None:
                    raise EngineError("one fleet is left standing, but no outcome")
                end_battle(game, outcome)
            return
        if not isinstance(action, Activate):
            raise IllegalAction(f"activations: {action!r} activates no squadron (DW-ACTIONS)")
        turns = Alternation(self.turn_index)
        turns.activated(standing_order(state), player)
        self.turn_index = turns.turn
        game.push(Activation(action.squadron))

    def step(self, game: DWGame) -> None:
        game.pop()


def standing_order(state: DWState) -> list[int]:
    """The initiative order of the players who have not conceded."""
    return [player for player in state.initiative if not state.conceded[player]]


class EndStage(StrEnum):
    """The end phase's steps, in order."""

    FIRES = "fires"
    DERELICTS = "derelicts"
    FLYERS = "flyers"
    CARDS = "cards"
    DONE = "done"


@dataclass(slots=True)
class EndPhase(Procedure[DWState, RulesData]):
    """Fires, drifting derelicts, wings' fuel, rout tests for the losses, cards, then the
    next turn."""

    stage: EndStage = EndStage.FIRES
    #: Never read, always empty: kept because it is part of every state hash recorded in
    #: the end phase, so that journals played before it went out of use still replay.
    drifted: list[int] = field(default_factory=list)

    def step(self, game: DWGame) -> None:
        state, data = game.state, game.data
        if self.stage is EndStage.FIRES:
            burn(game, state)
            self.stage = EndStage.DERELICTS
        elif self.stage is EndStage.DERELICTS:
            drift_derelicts(game, state)
            self.stage = EndStage.FLYERS
            crews = crews_to_ask(state, data)
            if crews:
                game.push(PrizeCrews(crews))  # DW-DERELICT: all stop, or drift on
        elif self.stage is EndStage.FLYERS:
            refuel_and_land(game, state, data)
            self.stage = EndStage.CARDS
            if state.fallen or state.commodore_fell:
                # DW-ROUT-TEST: losses to fires and drifting derelicts are tested as the
                # phase they came in ends (seed l.303), not after the next activation
                game.push(RoutTests())
        elif self.stage is EndStage.CARDS:
            self.stage = EndStage.DONE
            expire_cards(state, "turn")
            if state.cards_on:
                game.push(EndPhaseCards())
        else:
            for player in range(state.players):
                state.reroll_used[player] = False
            game.pop()


def drift_derelicts(game: DWGame, state: DWState) -> None:
    """Derelicts drift their minimum move straight ahead, save prizes whose crews declared
    all stop in an end phase before (DW-DERELICT, :mod:`.prizes`), setting off the mines
    they come within 1 inch of on the way (DW-MINES: any model moving). A derelict that
    meets a model or terrain stops there, and once all have drifted each such collision
    is rolled, as for a squadron drifting (DW-CONTACT-STOPS)."""
    data = game.data
    contacts: list[Contact] = []
    for model in state.models:
        if not (model.alive and model.derelict) or holds_still(model):
            continue
        spec = data.models[model.cls]
        if spec.min_move <= 0:
            continue
        try:
            plan = plan_path(model.pose(), (float(spec.min_move),),
                             TurnLimits(0.0, True, float(spec.min_move)))
        except IllegalMove:
            continue
        result = carry_out(state, data, model, plan, Move(model.uid, (float(spec.min_move),)))
        kind = "prize" if model.prize_ap > 0 else "derelict"
        game.emit(DerelictDrift(model=model.uid, text=f"the {kind} {model.name} drifts"))
        sunk = set_off_mines(game, state, data, model, result)
        if (result.travelled if sunk is None else sunk[1]) > MOVED:
            release(state, model)
        if sunk is not None:
            model.place(sunk[0])  # lost to a mine on the way
            continue
        model.place(result.final)
        if result.contact is not None:
            contacts.append(Contact(model.uid, result.contact.other, False))
        if leaves_table(state, model):
            destroy(game, model, "destroyed", "drifted off the table")
    for contact in contacts:
        resolve_contact(game, state, data, contact)
