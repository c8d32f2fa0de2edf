"""Seeds and seats: each game's depend on the run seed and its index alone."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.core.rng import seed_for
from warbench.core.sim.seeds import bot_seed, game_seed, seating


def test_game_seeds_are_the_rng_modules_seeds() -> None:
    assert [game_seed(7, index) for index in range(5)] == [seed_for(7, i) for i in range(5)]
    assert bot_seed(game_seed(7, 0), 0) != bot_seed(game_seed(7, 0), 1)


@given(st.integers(0, 10_000), st.integers(2, 6))
@settings(max_examples=200, deadline=None)
def test_every_side_sits_once_and_sides_take_turns(index: int, sides: int) -> None:
    seats = seating(index, sides)
    assert sorted(seats) == list(range(sides))
    assert seats.index(0) == index % sides  # army A sits in seat i % n
    assert seating(index + sides, sides) == seats


def test_two_sides_alternate_seat_zero() -> None:
    assert [seating(index, 2)[0] for index in range(4)] == [0, 1, 0, 1]
