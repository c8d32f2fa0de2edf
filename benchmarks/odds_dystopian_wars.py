"""Dystopian Wars gunnery odds through warbench and through icepool, timed side by side.

Run: ``.venv/bin/python benchmarks/odds_dystopian_wars.py``. warbench answers with the
ruleset's own attack (``warbench odds dystopian-wars gunnery dice=N dr=6 cr=10``: parsing
the options, the number needed from the game's hit table, the pool in closed form, the
named outcomes none, damage and critical and the critical table rolls per multiple of CR),
and also with the bare pool (``exact.pool_hits``). icepool builds the same pool from a die
exploding on the 6 (20 deep: it then leaves out 6**-21 a die, about warbench's 1e-15
bound), sums it, and reads the same outcomes off it (below DR, from DR, from CR, the
distribution of hits // CR), new dice each repeat (icepool caches sums on each die). Every
pair of answers is checked to agree to 1e-12 before any time is printed. Each time is the
best of several repeats (fast calls looped so one repeat lasts at least 20 ms; calls over
0.2 s timed once a repeat, 3 repeats).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import icepool
from timing import best_seconds

from warbench.core.odds import Dist
from warbench.rulesets.dystopian_wars.exact import pool_hits
from warbench.rulesets.dystopian_wars.odds import attack_odds

TOLERANCE = 1e-12
REPEATS = 7
SLOW_SECONDS = 0.2
SLOW_REPEATS = 3
MIN_REPEAT_SECONDS = 0.02
DEPTH = 20
DR, CR = 6, 10
#: Faces 1-6 needing 4+, written out: 1-3 nothing, 4-5 one hit, 6 two hits and again.
FACES = (0, 0, 0, 1, 1, 2)


def icepool_hits(dice: int) -> icepool.Die:
    """``dice`` exploding dice needing 4+, with icepool (a new die each call)."""
    return dice @ icepool.Die(list(FACES)).explode([2], depth=DEPTH)


def icepool_gunnery(dice: int) -> tuple[icepool.Die, dict[str, Any], icepool.Die]:
    """The hits, none/damage/critical and the critical table rolls, with icepool."""
    hits = icepool_hits(dice)
    named = {
        "none": hits.probability("<", DR),
        "damage": hits.probability(">=", DR) - hits.probability(">=", CR),
        "critical": hits.probability(">=", CR),
    }
    rolls = hits.map(lambda h: h // CR if h >= CR else 0)
    return hits, named, rolls


def check_equal(ours: Dist, die: icepool.Die, name: str) -> None:
    total = die.denominator()
    expected = {int(outcome): quantity / total for outcome, quantity in die.items()}
    got = ours.to_dict()
    worst = max(abs(got.get(o, 0.0) - expected.get(o, 0.0)) for o in set(got) | set(expected))
    assert worst <= TOLERANCE, f"{name}: warbench and icepool differ by {worst:.3g}"


def report(name: str, ours: Callable[[], object], theirs: Callable[[], object]) -> float:
    warbench_s, icepool_s = best_seconds(ours), best_seconds(theirs)
    ratio = icepool_s / warbench_s
    print(
        f"{name:<46} warbench {warbench_s * 1e3:8.3f} ms, icepool {icepool_s * 1e3:9.3f} ms, "
        f"ratio {ratio:8.1f}"
    )
    return ratio


def main() -> None:
    print(f"icepool {icepool.__version__}; explosions {DEPTH} deep in icepool")
    gunnery = attack_odds()["gunnery"]
    for dice in (13, 60):
        words = [f"dice={dice}", f"dr={DR}", f"cr={CR}"]

        def ours(words: list[str] = words) -> Any:
            return gunnery.odds(gunnery.parse_options(words))

        answer = ours()
        hits, named, _ = icepool_gunnery(dice)
        check_equal(answer.distribution, hits, f"{dice} dice")
        for key, chance in named.items():
            assert abs(answer.named[key] - float(chance)) <= TOLERANCE, key
        check_equal(pool_hits(dice, 4), icepool_hits(dice), f"{dice} dice, pool")
        report(f"{dice} exploding dice vs DR {DR}/CR {CR}: odds()", ours,
               partial(icepool_gunnery, dice))
        report(f"{dice} exploding dice: the pool alone", partial(pool_hits, dice, 4),
               partial(icepool_hits, dice))
    print(f"warbench truncated_mass for 60 dice: {pool_hits(60, 4).truncated_mass:.2e}")


if __name__ == "__main__":
    main()
