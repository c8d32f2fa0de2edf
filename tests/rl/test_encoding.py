"""The observation encoding: what a seat knows reaches its vector, what it may not see never
does, and docs/agents.md's slot table is the code's."""

from __future__ import annotations

from typing import Any

import numpy as np

import warbench.rl
from warbench.core.engine import Game
from warbench.core.registry import ruleset
from warbench.rl.encoding import ENCODING, encode


def _vector(game: Game[Any, Any], seat: int) -> np.ndarray:
    observation = game.observe(seat)
    return encode(observation, observation.decisions, 0, 4096)


def test_a_seats_own_cards_are_in_its_vector_and_the_others_are_not() -> None:
    """docs/agents.md: Dystopian Wars' hands are slots 24-28, the seat's own cards; a card
    is its index in the ruleset's deck, so another hand is another vector, while the other
    seat, which may not see the hand, gets the very same vector."""
    game = Game.new(ruleset("dystopian-wars"), seed=1)
    hand = game.state.hands[0].value
    cards = list(game.ruleset.observation_terms())
    before = [_vector(game, seat) for seat in (0, 1)]
    assert [before[0][24 + k] for k in range(3, 8)] == [cards.index(c) + 1 for c in hand]
    hand[:] = ["full-steam"] * len(hand)
    after = [_vector(game, seat) for seat in (0, 1)]
    assert not np.array_equal(before[0], after[0])
    assert np.array_equal(before[1], after[1])


def test_the_environment_names_the_encoding_it_gives() -> None:
    assert warbench.rl.env("hordes").metadata["name"] == f"warbench_v{ENCODING}" == "warbench_v1"
