"""STAR cards: hidden hands, the four kinds and when each is played, countering.

Each player has a deck of 52 (engine-default designs in ``data/cards.toml``) and a hand
only they may see. At the start a player draws one card per squadron deployed, leaving out
tiny flyer wings and escorts, never more than 5. T cards are laid face down at the start of
a turn and revealed together; S cards are played as a squadron activates and reach only its
commanded models (:func:`card_reaches`); A cards on one model of the activated squadron
(not together with an S card); R cards when one of your models is attacked, one per
attack. A card may be countered by a counter card of equal or higher sturginium (a level-3
counter trashes it for the game). Broken models and tiny flyers take no cards. In the end
phase a player may discard cards, then draws back up to what their squadrons allow.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.plain import OMNISCIENT, Hidden
from warbench.core.procedures import Procedure
from warbench.core.words import player_name
from warbench.rulesets.dystopian_wars.actions import Decline, Discard, PlayCard
from warbench.rulesets.dystopian_wars.data import Card, RulesData
from warbench.rulesets.dystopian_wars.events import (
    CardCountered,
    CardDiscarded,
    CardLaid,
    CardPlayed,
    CardsDrawn,
    OwnCards,
)
from warbench.rulesets.dystopian_wars.state import CardPlay, DWGame, DWState, Model


def entitlement(state: DWState, data: RulesData, player: int) -> int:
    """Cards the player may hold: one per squadron in play, not counting tiny flyer wings
    and escorts, at most the hand limit (5)."""
    count = 0
    for squadron in state.squadrons:
        if squadron.player != player:
            continue
        models = state.squadron_models(squadron.sid)
        if models and not all(
            data.models[m.cls].tiny or "escort" in data.models[m.cls].traits for m in models
        ):
            count += 1
    return min(data.max_hand, count)


def new_deck(data: RulesData, player: int) -> Hidden[list[str]]:
    """A full deck, its order secret from every player (drawn at random)."""
    return Hidden(OMNISCIENT, list(data.deck))


def hand(state: DWState, player: int) -> list[str]:
    """The player's hand (the rules read it; views hide it)."""
    return state.hands[player].value


def draw(game: DWGame, state: DWState, player: int, count: int) -> list[str]:
    """Draw ``count`` cards at random from the player's deck (discards reshuffled when it
    runs out, an engine default). Only the drawer is told what came, by the cards' names,
    naming the player (a view that sees every seat's events, a referee's, tells whose)."""
    deck = state.decks[player].value
    drawn: list[str] = []
    for _ in range(count):
        if not deck and state.discards[player]:
            deck.extend(sorted(state.discards[player]))
            state.discards[player].clear()
        if not deck:
            break
        index = game.seeded_dice.faces(len(deck), 1)[0] - 1
        drawn.append(deck.pop(index))
    state.hands[player].value.extend(drawn)
    state.hands[player].value.sort()
    if drawn:
        game.emit(
            CardsDrawn(
                player=player,
                count=len(drawn),
                text=f"{player_name(player)} draws {len(drawn)} card"
                f"{'s' if len(drawn) > 1 else ''}",
            )
        )
        game.emit(
            OwnCards(
                cards=tuple(drawn),
                text=f"{player_name(player)} draws"
                f" {', '.join(game.data.cards[c].name for c in drawn)}",
                visible_to=frozenset([player]),
            )
        )
    return drawn


def deal_opening_hands(game: DWGame, state: DWState, data: RulesData) -> None:
    """Each player draws one card per squadron deployed (not wings or escorts), up to 5."""
    for player in range(state.players):
        draw(game, state, player, entitlement(state, data, player))


def initiative_bonus(state: DWState, data: RulesData) -> dict[int, int]:
    """Initiative bonuses from T cards in force."""
    bonus: dict[int, int] = {}
    for play in state.in_play:
        card = data.cards[play.card]
        if card.effect == "initiative":
            bonus[play.player] = bonus.get(play.player, 0) + card.value
    return bonus


def card_options(
    state: DWState, data: RulesData, sid: int, parts: list[list[int]]
) -> list[PlayCard]:
    """The cards squadron ``sid``, split into ``parts`` (the commanded part first), may
    take as it activates: S cards for the commanded part; A cards for one model of the
    squadron, in command or not (seed l.228 limits them only to one a squadron, never with
    an S card); none for wings or broken models (l.261), nor outside a card's categories."""
    if not state.cards_on or not parts:
        return []
    able = [
        state.models[uid] for part in parts for uid in part
        if not state.models[uid].broken and not data.models[state.models[uid].cls].tiny
    ]
    if not able:
        return []
    found: list[PlayCard] = []
    for card in sorted(set(hand(state, state.squadrons[sid].player))):
        design = data.cards[card]
        fits = [m for m in able if design.fits(data.models[m.cls])]
        fitting = {m.uid for m in fits}
        if design.kind == "S" and all(uid in fitting for uid in parts[0]):
            found.append(PlayCard(card))
        elif design.kind == "A":
            found.extend(PlayCard(card, m.uid) for m in fits)
    return found


def card_reaches(play: CardPlay, model: Model) -> bool:
    """Whether the card in force ``play`` reaches ``model``: an A or R card its one model,
    an S card the commanded models of the part it was played on (seed l.224: a model out
    of command gets nothing of it), a T card its player's whole fleet."""
    if play.model >= 0:
        return play.model == model.uid
    if play.squadron >= 0:
        return model.uid in play.reach
    return play.player == model.player


def expire_cards(state: DWState, until: str) -> None:
    """Cards whose effect ends now leave play."""
    state.in_play = [play for play in state.in_play if play.until != until]


def spend(state: DWState, player: int, card: str) -> None:
    """Take a card from the hand to the discard pile."""
    state.hands[player].value.remove(card)
    state.discards[player].append(card)


def counters_for(state: DWState, data: RulesData, player: int, level: int) -> list[str]:
    """The counter cards ``player`` holds able to cancel a card of sturginium ``level``."""
    return sorted(
        {
            key for key in hand(state, player)
            if data.cards[key].effect == "counter" and data.cards[key].sturginium >= level
        }
    )


def announce(game: DWGame, play: CardPlay, card: Card, on: str = "") -> None:
    """Tell everyone a card was played."""
    game.emit(
        CardPlayed(
            player=play.player,
            card=card.id,
            text=f"{player_name(play.player)} plays {card.name} ({card.kind}, sturginium "
            f"{card.sturginium}){' on ' + on if on else ''}",
        )
    )


@dataclass(slots=True)
class CounterWindow(Procedure[DWState, RulesData]):
    """After a card is played, each opponent in turn may counter it."""

    play: int
    asked: list[int] = field(default_factory=list)

    def waiting(self, state: DWState, data: RulesData) -> int | None:
        """The next opponent still to say whether they counter. Every opponent is asked,
        holding a counter card or not, so that nobody learns a hand from who is asked."""
        if self.play >= len(state.in_play):
            return None
        play = state.in_play[self.play]
        for other in state.opponents(play.player):
            if other not in self.asked and not state.conceded[other]:
                return other
        return None

    def decisions(self, game: DWGame) -> list[Decision]:
        state, data = game.state, game.data
        other = self.waiting(state, data)
        if other is None:
            return []
        play = state.in_play[self.play]
        level = data.cards[play.card].sturginium
        options: list[Action] = [PlayCard(key) for key in counters_for(state, data, other, level)]
        options.append(Decline())
        return [Decision(other, f"counter {data.cards[play.card].name}?", tuple(options))]

    def act(self, game: DWGame, player: int, action: Action) -> None:
        state, data = game.state, game.data
        self.asked.append(player)
        if not isinstance(action, PlayCard):
            return
        play = state.in_play[self.play]
        countered = data.cards[play.card]
        counter = data.cards[action.card]
        spend(state, player, action.card)
        del state.in_play[self.play]
        if counter.sturginium >= 3:
            state.discards[play.player].remove(play.card)
            state.trashed[play.player].append(play.card)
        game.emit(
            CardCountered(
                player=player,
                card=countered.id,
                counter=counter.id,
                text=f"{player_name(player)} counters {countered.name} with {counter.name}"
                + (" and trashes it" if counter.sturginium >= 3 else ""),
            )
        )
        self.play = len(state.in_play)

    def step(self, game: DWGame) -> None:
        game.pop()


def play_card(
    game: DWGame, player: int, key: str, *, squadron: int = -1, model: int = -1,
    until: str = "turn", event: int = -1, on: str = "", reach: list[int] | None = None,
) -> None:
    """Put a card into play and open the counter window (``reach``: the models an S card
    reaches)."""
    state, data = game.state, game.data
    spend(state, player, key)
    play = CardPlay(key, player, squadron, model, until, event, reach)
    state.in_play.append(play)
    announce(game, play, data.cards[key], on)
    game.push(CounterWindow(len(state.in_play) - 1))


@dataclass(slots=True)
class TurnCards(Procedure[DWState, RulesData]):
    """Phase 1: every player may lay one T card face down; all are revealed together.
    ``chosen`` holds one entry per player (None until they choose)."""

    chosen: list[Hidden[str] | None] = field(default_factory=list)
    revealed: bool = False
    counters: list[int] = field(default_factory=list)

    def t_cards(self, state: DWState, data: RulesData, player: int) -> list[str]:
        """The distinct T cards in the player's hand."""
        return sorted({key for key in hand(state, player) if data.cards[key].kind == "T"})

    def decisions(self, game: DWGame) -> list[Decision]:
        state, data = game.state, game.data
        if self.revealed:
            return []
        owed = []
        for player in range(state.players):
            if self.chosen[player] is not None or state.conceded[player]:
                continue
            cards = self.t_cards(state, data, player)
            if cards:
                options = (*(PlayCard(key) for key in cards), Decline())
                owed.append(Decision(player, "lay a turn card face down, or none", options))
        return owed

    def act(self, game: DWGame, player: int, action: Action) -> None:
        self.chosen[player] = Hidden(player, action.card if isinstance(action, PlayCard) else "")
        game.emit(CardLaid(player=player, text=f"{player_name(player)} has chosen"))

    def step(self, game: DWGame) -> None:
        state, data = game.state, game.data
        if self.revealed:
            game.pop()
            return
        self.revealed = True
        windows = []
        for player, choice in enumerate(self.chosen):
            if choice is None:
                continue
            choice.revealed = True
            if not choice.value:
                continue
            spend(state, player, choice.value)
            play = CardPlay(choice.value, player, until="turn")
            state.in_play.append(play)
            announce(game, play, data.cards[choice.value])
            windows.append(CounterWindow(len(state.in_play) - 1))
        # a countered card shifts the later ones down: counter the last played first
        game.push(*windows)


@dataclass(slots=True)
class EndPhaseCards(Procedure[DWState, RulesData]):
    """End phase: each player may discard cards (not those just drawn), then draws back
    up to what their squadrons allow."""

    player: int = 0
    kept: list[int] = field(default_factory=list)

    def decisions(self, game: DWGame) -> list[Decision]:
        state = game.state
        if self.player >= state.players or self.player in self.kept:
            return []
        cards = sorted(set(hand(state, self.player)))
        if not cards:
            return []
        options = (*(Discard(key) for key in cards), Decline())
        return [Decision(self.player, "discard a card, or keep your hand", options)]

    def act(self, game: DWGame, player: int, action: Action) -> None:
        state = game.state
        if isinstance(action, Discard):
            spend(state, player, action.card)
            game.emit(CardDiscarded(player=player, text=f"{player_name(player)} discards a card"))
        else:
            self.kept.append(player)

    def step(self, game: DWGame) -> None:
        state, data = game.state, game.data
        if self.player >= state.players:
            game.pop()
            return
        if not state.conceded[self.player]:
            room = entitlement(state, data, self.player) - len(hand(state, self.player))
            if room > 0:
                draw(game, state, self.player, room)
        self.player += 1
