"""Exact-odds queries through warbench.core.odds and through icepool, timed side by side.

Run: ``.venv/bin/python benchmarks/odds_core.py``. Each query is timed as the best of
several repeats (``time.perf_counter``; fast calls are looped so one repeat lasts at least
20 ms, calls over 0.2 s are repeated 3 times), building the dice from scratch each time.
Every pair of answers is checked to agree to 1e-12 before any time is printed.

icepool caches sums on each Die object, so each of its repeats builds new dice; its
multiset evaluators (keep-highest) keep a cache that new dice do not avoid, so there its
repeats are cache lookups and we print its first, uncached call as well. warbench caches
nothing: every call computes from scratch.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

import icepool

from warbench.core.faces import FaceOutcome, FaceTable
from warbench.core.odds import Dist, JointDist, keep_highest, pool_dist

TOLERANCE = 1e-12
REPEATS = 7
MIN_REPEAT_SECONDS = 0.02
#: Queries slower than this are timed over fewer repeats, each a single call.
SLOW_SECONDS = 0.2
SLOW_REPEATS = 3
#: icepool explodes at most this deep; a pool of n dice then misses n * 6**-22 of its mass,
#: under 1e-15 for the 60-dice pool (warbench's own default bound).
ICEPOOL_DEPTH = 21

T = TypeVar("T")

DW = FaceTable.counted(6, {(4, 5): 1, (6, 6): 2}, explode_on=(6,))
HITS_CRITS = FaceTable(
    6,
    (
        *[FaceOutcome((0, 0))] * 3,
        *[FaceOutcome((1, 0))] * 2,
        FaceOutcome((1, 1), explodes=True),
    ),
    ("hits", "crits"),
)


def best_seconds(query: Callable[[], object], one_call: float) -> float:
    """The best time of one call over several repeats; ``one_call`` is a first timing."""
    if one_call > SLOW_SECONDS:
        return min([one_call] + [first_call_seconds(query)[1] for _ in range(SLOW_REPEATS - 1)])
    loops = max(1, math.ceil(MIN_REPEAT_SECONDS / max(one_call, 1e-9)))
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        for _ in range(loops):
            query()
        best = min(best, (time.perf_counter() - start) / loops)
    return best


def first_call_seconds(query: Callable[[], T]) -> tuple[T, float]:
    start = time.perf_counter()
    result = query()
    return result, time.perf_counter() - start


def check_equal(ours: Dist | JointDist, die: icepool.Die, name: str) -> None:
    total = die.denominator()
    expected: dict[object, float] = {
        (tuple(o) if isinstance(o, icepool.Vector) else o): q / total for o, q in die.items()
    }
    got: dict[object, float] = {outcome: p for outcome, p in ours.items()}
    worst = max(abs(got.get(o, 0.0) - expected.get(o, 0.0)) for o in set(got) | set(expected))
    assert worst <= TOLERANCE, f"{name}: warbench and icepool differ by {worst:.3g}"


def dw_icepool(n: int) -> icepool.Die:
    return n @ icepool.d6.map({1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2}).explode(
        [2], depth=ICEPOOL_DEPTH
    )


def hits_crits_icepool(n: int) -> icepool.Die:
    faces = [icepool.Vector((0, 0))] * 3 + [icepool.Vector((1, 0))] * 2
    die = icepool.Die([*faces, icepool.Vector((1, 1))])
    return n @ die.explode([icepool.Vector((1, 1))], depth=ICEPOOL_DEPTH)


def report(
    name: str,
    ours: Callable[[], Dist | JointDist],
    theirs: Callable[[], icepool.Die],
    *,
    cached: bool = False,
) -> None:
    """Check the two answers agree, then print both times and their ratio."""
    their_answer, their_first = first_call_seconds(theirs)
    our_answer, our_first = first_call_seconds(ours)
    check_equal(our_answer, their_answer, name)
    warbench_s = best_seconds(ours, our_first)
    icepool_s = their_first if cached else best_seconds(theirs, their_first)
    line = (
        f"{name:<40} warbench {warbench_s * 1e3:8.3f} ms, icepool {icepool_s * 1e3:9.3f} ms, "
        f"ratio {icepool_s / warbench_s:7.1f}"
    )
    if cached:
        repeat_s = best_seconds(theirs, their_first)
        line += (
            f"  (icepool's first call; repeated from its cache {repeat_s * 1e3:.3f} ms, "
            f"ratio {repeat_s / warbench_s:.1f})"
        )
    print(line)


def main() -> None:
    print(f"icepool {icepool.__version__}; explosions to depth {ICEPOOL_DEPTH} in icepool")
    for n in (13, 60):
        report(
            f"(a) {n} Dystopian Wars dice, exploding",
            partial(pool_dist, n, DW),
            partial(dw_icepool, n),
        )
    report(
        "(b) 100d6",
        lambda: Dist.sum_of(Dist.die(6), 100),
        lambda: 100 @ icepool.Die(range(1, 7)),  # a new die: icepool caches sums per die
    )
    report(
        "(c) highest 3 of 4d6",
        lambda: keep_highest(Dist.die(6), 4, 3),
        lambda: icepool.d6.highest(4, 3),
        cached=True,
    )
    report(
        "(d) 13 dice of (hits, crits), exploding",
        lambda: pool_dist(13, HITS_CRITS),
        lambda: hits_crits_icepool(13),
    )
    hits = pool_dist(60, DW)
    print(f"warbench truncated_mass for 60 exploding dice: {hits.truncated_mass:.2e}")


if __name__ == "__main__":
    main()
