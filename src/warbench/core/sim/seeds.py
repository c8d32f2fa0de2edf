"""Seeds and seats of the games of a run: each depends on the run seed and the game index alone.

Game ``i`` of a run seeded ``s`` rolls its dice from :func:`game_seed` ``(s, i)``; the bot in
seat ``k`` draws from :func:`bot_seed` ``(game seed, k)``. Sides take turns in the seats: side
``j`` sits in seat ``(j + i) % n``, so with two sides army A is in seat ``i % 2``. Nothing here
depends on how games are split among workers, so a run gives the same games on one process,
many, or a cluster.

>>> seating(0, 2), seating(1, 2), seating(2, 3)
((0, 1), (1, 0), (1, 2, 0))
"""

from __future__ import annotations

from warbench.core.rng import seed_for


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index``'s dice: :func:`warbench.core.rng.seed_for`."""
    return seed_for(run_seed, index)


def bot_seed(seed_of_game: int, seat: int) -> int:
    """The seed of the bot in ``seat``, apart from the game's dice and the other seats."""
    return seed_for(seed_of_game, seat)


def seating(index: int, sides: int) -> tuple[int, ...]:
    """The side sitting in each seat in game ``index``: seat ``k`` holds ``(k - index) % n``."""
    return tuple((seat - index) % sides for seat in range(sides))
