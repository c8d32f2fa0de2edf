"""What a seat may know of the STAR cards, its own hand in words, and dealing the unseen
ones for a search.

A player sees their own hand; everyone sees how many cards each player holds and has
left in their deck (they lie on the table), the discards and the trashed cards. Nobody
sees an order in a deck. A search plays on a sample: the cards a seat cannot see (the
other players' hands and every deck) are dealt again at random from what those players
can still hold, keeping each hand's and each deck's size.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from warbench.core.plain import REDACTED, Hidden
from warbench.core.redaction import blank_stream
from warbench.core.rng import RandomStream
from warbench.core.words import counted, player_name
from warbench.rulesets.dystopian_wars.cards import TurnCards
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.state import DWState

_STATE_FIELDS = tuple(item.name for item in dataclasses.fields(DWState))
#: Reads every field of a state at once, in :data:`_STATE_FIELDS` order (one C call: an
#: observation is made at almost every decision).
_READ_STATE = attrgetter(*_STATE_FIELDS)
#: Where the fields an observation replaces stand in that order.
_RNG, _HANDS, _DECKS, _STACK = (_STATE_FIELDS.index(name)
                                for name in ("rng", "hands", "decks", "stack"))


@dataclass(slots=True)
class ObservedState(DWState):
    """The state as one seat knows it, with the sizes of every hand and deck."""

    hand_sizes: list[int] = field(default_factory=list)
    deck_sizes: list[int] = field(default_factory=list)


def observed_state(state: DWState, seat: int) -> ObservedState:
    """``state`` as ``seat`` may know it: the other hands and every deck ``REDACTED``,
    turn cards laid by others hidden, a blank dice stream, and the sizes of every hand
    and deck. Everything else is shared with ``state`` (read it, never change it)."""
    fields: list[Any] = list(_READ_STATE(state))
    fields[_RNG] = blank_stream()
    fields[_HANDS] = [_as_seen(hand, seat) for hand in state.hands]
    fields[_DECKS] = [_as_seen(deck, seat) for deck in state.decks]
    fields[_STACK] = [
        _turn_cards_seen(frame, seat) if isinstance(frame, TurnCards) else frame
        for frame in state.stack
    ]
    fields.append([len(hand.value) for hand in state.hands])  # hand_sizes
    fields.append([len(deck.value) for deck in state.decks])  # deck_sizes
    return ObservedState(*fields)


def _turn_cards_seen(frame: TurnCards, seat: int) -> TurnCards:
    """The turn-card frame as ``seat`` knows it: a copy whose laid cards are copies too (a
    reveal later changes nothing the seat was shown), those others laid face down
    ``REDACTED``; its other fields shared, as the state's are."""
    chosen: list[Hidden[Any] | None] = [
        None if laid is None
        else Hidden(laid.owner, laid.value if laid.visible_to(seat) else REDACTED, laid.revealed)
        for laid in frame.chosen
    ]
    return dataclasses.replace(frame, chosen=chosen)


def _as_seen(secret: Hidden[list[str]], seat: int) -> Hidden[list[str]]:
    if secret.visible_to(seat):
        return secret
    unseen: Hidden[Any] = Hidden(secret.owner, REDACTED, secret.revealed)
    return unseen


def deal_unseen_cards(state: DWState, seat: int, data: RulesData, rng: RandomStream) -> None:
    """Fill, in place, every hand and deck ``seat`` cannot see in an observed ``state``.

    Each other player's unseen cards (their deck's cards less their discards and trashed
    cards) are dealt at random into their hand, the rest into their deck (kept sorted, as
    drawing keeps it); the seat's own deck is what is left of its cards. A turn card
    another player has laid face down is taken back, so the sample asks for it again.
    """
    if not state.hands:
        return
    hand_sizes, deck_sizes = _sizes(state)
    for player in range(state.players):
        pool = Counter(data.deck)
        pool.subtract(state.discards[player])
        pool.subtract(state.trashed[player])
        hand = state.hands[player]
        if _unseen(hand.value):
            cards = sorted(pool.elements())
            dealt = [cards.pop(rng.choice_index(len(cards))) for _ in range(hand_sizes[player])]
            hand.value = sorted(dealt)
            rest = cards
        else:
            pool.subtract(hand.value)
            rest = sorted(pool.elements())
        deck = state.decks[player]
        if _unseen(deck.value):
            deck.value = rest[: deck_sizes[player]]
    for frame in state.stack:
        if isinstance(frame, TurnCards):
            for player, choice in enumerate(frame.chosen):
                if choice is not None and _unseen(choice.value):
                    frame.chosen[player] = None


def _unseen(value: object) -> bool:
    """Whether an observed secret's value was taken out (``REDACTED``)."""
    return value is REDACTED


def _sizes(state: DWState) -> tuple[list[int], list[int]]:
    """The hand and deck sizes an observed state records (a true state's own sizes)."""
    if isinstance(state, ObservedState):
        return state.hand_sizes, state.deck_sizes
    return [len(hand.value) for hand in state.hands], [len(deck.value) for deck in state.decks]


def hand_words(data: RulesData, state: DWState) -> str:
    """The one hand ``state`` lets its viewer read, in words, with how many cards each
    other player holds (they lie on the table); '' where it shows no hand (a spectator's)
    or every hand (the true state), so it says only a seat its own (DW-CARDS-HIDDEN).

    >>> from warbench.rulesets.dystopian_wars.data import load_data
    >>> state = DWState(players=2, rng=blank_stream(),
    ...                 hands=[Hidden(0, ["sea-mist", "hard-to-port", "sea-mist"]),
    ...                        Hidden(1, ["sea-mist"])])
    >>> hand_words(load_data(), observed_state(state, 0))
    'your hand: Hard to port, Sea mist ×2 · player 2 holds 1 card'
    >>> hand_words(load_data(), state), hand_words(load_data(), observed_state(state, -2))
    ('', '')
    """
    seen = [player for player, hand in enumerate(state.hands) if not _unseen(hand.value)]
    if len(seen) != 1:
        return ""
    names = Counter(data.cards[key].name for key in state.hands[seen[0]].value)
    cards = ", ".join(f"{name} ×{count}" if count > 1 else name
                      for name, count in sorted(names.items()))
    sizes, _ = _sizes(state)
    others = [f"{player_name(player)} holds {counted(size, 'card')}"
              for player, size in enumerate(sizes) if player != seen[0]]
    return " · ".join([f"your hand: {cards or 'no cards'}", *others])
