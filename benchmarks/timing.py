"""Shared timing for the benchmarks: the best of several repeats, fast calls looped.

A call under ``slow`` seconds is looped so that each repeat lasts at least ``min_repeat``
seconds, and the best repeat's time per call is kept; a slower call is timed once per
repeat, ``slow_repeats`` times. Best-of is the least noisy figure on a shared machine.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable


def best_seconds(
    query: Callable[[], object],
    *,
    repeats: int = 7,
    min_repeat: float = 0.02,
    slow: float = 0.2,
    slow_repeats: int = 3,
) -> float:
    """Seconds per call of ``query``: the best of several repeats."""
    start = time.perf_counter()
    query()
    one_call = time.perf_counter() - start
    if one_call > slow:
        times = [one_call]
        for _ in range(slow_repeats - 1):
            start = time.perf_counter()
            query()
            times.append(time.perf_counter() - start)
        return min(times)
    loops = max(1, math.ceil(min_repeat / max(one_call, 1e-9)))
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(loops):
            query()
        best = min(best, (time.perf_counter() - start) / loops)
    return best
