"""Typed events: registered dataclasses with the actions' strict JSON codec (issue 10)."""

from __future__ import annotations

import pytest

from tests.duel import EVENT_TYPES, Damage, Duel
from warbench.core.agents import RandomAgent
from warbench.core.events import EventCodec, EventFormatError, GameOver, Roll
from warbench.core.match import play_match
from warbench.core.turns import roll_off


def test_every_event_of_a_game_round_trips_through_the_codec() -> None:
    rules = Duel()
    result = play_match(rules, [RandomAgent(1), RandomAgent(2)], seed=5)
    kinds = {type(event) for event in result.events}
    assert {Roll, GameOver, Damage} <= kinds
    for event in result.events:
        assert rules.event_codec.decode(event.to_plain()) == event


def test_the_event_codec_is_strict_and_names_what_is_wrong() -> None:
    codec = EventCodec(EVENT_TYPES)
    with pytest.raises(EventFormatError, match="unknown event type 'damag'; did you mean"):
        codec.decode({"type": "damag"})
    with pytest.raises(EventFormatError, match="event 'damage'"):
        codec.decode({"type": "damage", "target": True, "hits": 1})
    with pytest.raises(EventFormatError, match="has no field colour"):
        codec.decode({"type": "damage", "target": 1, "hits": 1, "colour": "red"})


def test_a_roll_off_rolls_ties_again_until_none_is_left() -> None:
    # 0, 1, 2 tie on 5 and roll again (3, 3, 4): 2 goes first, 0 and 1 tie again and
    # roll 6 and 1; player 3 rolled 2 and goes last.
    rolls = iter([5, 5, 5, 2, 3, 3, 4, 6, 1])
    assert roll_off([0, 1, 2, 3], lambda player: next(rolls)) == [2, 0, 1, 3]


def test_a_roll_off_rerolls_without_the_bonus_that_counts_once() -> None:
    faces = iter([3, 5, 4, 1])
    first = roll_off(
        [0, 1], lambda p: next(faces) + (2 if p == 0 else 0), reroll=lambda p: next(faces)
    )
    assert first == [0, 1]  # 3 + 2 ties 5; the reroll (4 against 1) has no bonus
