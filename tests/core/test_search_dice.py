"""Keyed dice for the search's sampled worlds (the budget's ``keyed`` option): the same roll
gets the same faces after every root candidate, and the faces are fair."""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

import pytest

import warbench
from warbench.core.botspec import make_bot
from warbench.core.engine import Game
from warbench.core.search import SearchBot
from warbench.core.search import bot as search_bot
from warbench.core.search.dice import KeyedDice

ARMADA = warbench.ruleset("armada")


def test_keyed_faces_are_fair() -> None:
    """Every face of a d6 and a d20 comes up about as often as the others (chi-square well
    under its 0.1% critical value), in single rolls and in pools."""
    for sides, critical in ((6, 20.5), (20, 43.8)):
        dice = KeyedDice(3)
        counts = Counter(face for n in range(4000)
                         for face in dice.faces(sides, 1 + n % 12, label=f"pool {n % 5}"))
        total = sum(counts.values())
        assert set(counts) == set(range(1, sides + 1))
        expected = total / sides
        assert sum((c - expected) ** 2 / expected for c in counts.values()) < critical


def test_a_roll_is_keyed_by_its_label_its_tick_and_how_many_came_before() -> None:
    ticks = iter([1, 1, 2])
    dice = KeyedDice(5, tick=lambda: next(ticks))
    first, again, next_round = (dice.faces(20, 2, label="Vanguard gunnery") for _ in range(3))
    other = KeyedDice(5, tick=lambda: 2)
    assert other.faces(20, 2, label="Vanguard gunnery") == next_round != first
    assert again != first  # the label's second roll in the same round: faces of its own
    assert KeyedDice(6, tick=lambda: 2).faces(20, 2, label="Vanguard gunnery") != next_round


def test_a_rolls_words_for_people_are_no_part_of_its_key() -> None:
    """A roll's words for people (``told``: a HORDES model's tag) draw no other faces: the
    key is the seed, the tick, the dice, how many rolls of that label came before and the
    label, as before words were given, so a search decides as it did (its worlds' dice are
    those of ``blake2b`` over that key, face by face)."""
    told, plain = KeyedDice(5, tick=lambda: 2), KeyedDice(5, tick=lambda: 2)
    for nth, tag in enumerate(("Mosshound 1", "Mosshound 3", "Mosshound 1")):
        got = told.faces(6, 2, label="damage on Mosshound", told=f"damage on {tag}")
        assert got == plain.faces(6, 2, label="damage on Mosshound")
        digest = hashlib.blake2b(f"5|2|6|2|{nth}|damage on Mosshound|0".encode()).digest()
        assert got == [int.from_bytes(digest[start:start + 8], "little") % 6 + 1
                       for start in (0, 8)]


def armada_move() -> tuple[Game, Any]:  # type: ignore[type-arg]
    """A close-quarters Armada battle played by the tactician up to the first helm move."""
    game = Game.new(ARMADA, setup={"armadas": ["vanguard-3", "raiders-3"], "distance": 8,
                                   "max_rounds": 5}, seed=3)
    tactician = make_bot(ARMADA, "tactician", seed=1)
    while not game.pending()[0].spaces:
        decision = game.pending()[0]
        game.apply(decision.player, tactician.choose(game.observe(decision.player), decision))
    return game, game.pending()[0]


@pytest.mark.parametrize(("option", "keyed"), [(",keyed=1", 1), (",keyed=0", 0), ("", 1)])
def test_keyed_worlds_roll_the_same_faces_for_the_same_roll_after_every_candidate(
    monkeypatch: pytest.MonkeyPatch, option: str, keyed: int
) -> None:
    """With ``keyed=1`` each sampled world rolls through keyed dice seeded by the world, so
    a roll made after two different root candidates (the same fleet's gunnery in the same
    round, the n-th of its kind) comes out the same; with ``keyed=0`` no world does. Armada's
    own budget keys them (ARM-BOT-SEARCH: no option given)."""
    rolled: dict[tuple[Any, ...], list[int]] = {}
    worlds: list[int] = []
    repeats: Counter[tuple[Any, ...]] = Counter()
    faces = KeyedDice.faces

    def spy(self: KeyedDice, sides: int, count: int, *, label: str = "", told: str = ""
            ) -> list[int]:
        seen = dict(self._seen)
        got = faces(self, sides, count, label=label, told=told)
        tick = 0 if self._tick is None else self._tick()
        key = (self._seed, tick, label, sides, count, seen.get((tick, label, sides, count), 0))
        assert rolled.setdefault(key, got) == got
        repeats[key] += 1
        return got

    monkeypatch.setattr(KeyedDice, "faces", spy)
    sample = search_bot.Observation.sample

    def sampled(observation: Any, seed: int) -> Game:  # type: ignore[type-arg]
        worlds.append(seed)
        return sample(observation, seed)

    monkeypatch.setattr(search_bot.Observation, "sample", sampled)
    game, decision = armada_move()
    bot = make_bot(ARMADA, f"search:iterations=3,depth=40,width=3,pilot=0{option}", 2)
    assert isinstance(bot, SearchBot)
    bot.choose(game.observe(decision.player), decision)
    assert len(worlds) >= 6  # several candidates played in each of the worlds
    if keyed:
        assert len({key[0] for key in rolled}) == len(set(worlds))  # one key seed a world
        assert any(key[2].endswith("gunnery") and repeats[key] > 1 for key in rolled)
    else:
        assert not rolled
