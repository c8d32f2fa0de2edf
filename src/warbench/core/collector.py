"""CPython's cyclic garbage collector, paced for playing games.

The collector examines its youngest generation every 700 new container objects by default.
A game makes and drops millions of small tuples and records, nearly all freed at once by
their reference counts, so those collections find almost nothing while costing 5-15% of a
battle's time (docs/performance.md, "The garbage collector's pacing"). :func:`paced_collection`
raises that count for a block of play and puts the old one back after it; nothing in a
game's results depends on when cycles are collected.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

#: New container objects between two collections of the youngest generation while playing.
PLAYING_THRESHOLD: Final = 50_000


@contextmanager
def paced_collection(threshold: int = PLAYING_THRESHOLD) -> Iterator[None]:
    """Collect the youngest generation every ``threshold`` new objects inside the block
    (never more often than before); the older generations keep their own pacing.

    >>> before = gc.get_threshold()
    >>> with paced_collection(20_000):
    ...     gc.get_threshold()[0]
    20000
    >>> gc.get_threshold() == before
    True
    """
    previous = gc.get_threshold()
    if previous[0] >= threshold or previous[0] == 0:
        yield  # already paced as slowly (or automatic collection switched off)
        return
    gc.set_threshold(threshold, *previous[1:])
    try:
        yield
    finally:
        if gc.get_threshold()[0] == threshold:  # unless the block set its own since
            gc.set_threshold(*previous)
