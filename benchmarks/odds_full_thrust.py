"""Full Thrust attack odds through warbench and through icepool, timed side by side.

Run: ``.venv/bin/python benchmarks/odds_full_thrust.py``. warbench answers with the
ruleset's own attack (``warbench odds full-thrust beam ...``: parsing the options, the
game's beam tables, the joint normal/penetrating distribution, the named outcomes), and
also with the bare distribution (``exact.rule_pool``). icepool builds the same total damage
with its exploding dice: the first roll read against the screens, a 6 adding a chain of
unscreened re-rolls exploded 20 deep (it then leaves out 6**-21 a die, the same accuracy as
warbench's 1e-15 bound), new dice each repeat (icepool caches sums on each die). Every pair
of answers is checked to agree to 1e-12 before any time is printed. Each time is the best
of several repeats (fast calls looped so that one repeat lasts at least 20 ms).
"""

from __future__ import annotations

from collections.abc import Callable

import icepool
from timing import best_seconds

from warbench.core.odds import Dist
from warbench.rulesets.full_thrust.exact import rule_pool, total_of
from warbench.rulesets.full_thrust.odds import attack_odds
from warbench.rulesets.full_thrust.scoring import beam_rule

TOLERANCE = 1e-12
REPEATS = 7
MIN_REPEAT_SECONDS = 0.02
DEPTH = 20
#: Beam die faces 1-6 against screens 0 and 2 (written out, not read from the code).
UNSCREENED = (0, 0, 0, 1, 1, 2)
SCREEN_2 = (0, 0, 0, 0, 1, 1)


def icepool_beam(dice: int) -> icepool.Die:
    """Total damage of ``dice`` beam dice against level-2 screens, with icepool."""
    again = icepool.Die(list(UNSCREENED)).explode([2], depth=DEPTH)
    die = icepool.d6.map(
        lambda face: SCREEN_2[5] + again if face == 6 else SCREEN_2[face - 1]
    )
    return dice @ die


def check_equal(ours: Dist, die: icepool.Die, name: str) -> None:
    total = die.denominator()
    expected = {int(outcome): quantity / total for outcome, quantity in die.items()}
    got = ours.to_dict()
    worst = max(abs(got.get(o, 0.0) - expected.get(o, 0.0)) for o in set(got) | set(expected))
    assert worst <= TOLERANCE, f"{name}: warbench and icepool differ by {worst:.3g}"


def report(name: str, ours: Callable[[], Dist], theirs: Callable[[], icepool.Die]) -> None:
    check_equal(ours(), theirs(), name)
    warbench_s, icepool_s = best_seconds(ours), best_seconds(theirs)
    print(
        f"{name:<52} warbench {warbench_s * 1e3:8.3f} ms, icepool {icepool_s * 1e3:9.3f} ms, "
        f"ratio {icepool_s / warbench_s:7.1f}"
    )


def main() -> None:
    print(f"icepool {icepool.__version__}")
    beam = attack_odds()["beam"]
    for batteries in (1, 10):
        words = ["beam_class=3", "range=6", "screens=2", f"batteries={batteries}"]
        dice = 3 * batteries
        report(
            f"class-3 beam x{batteries}, short range, screen 2: odds()",
            lambda words=words: beam.odds(beam.parse_options(words)).distribution,
            lambda dice=dice: icepool_beam(dice),
        )
        report(
            f"class-3 beam x{batteries}, short range, screen 2: distribution",
            lambda dice=dice: total_of(rule_pool(dice, beam_rule(2))),
            lambda dice=dice: icepool_beam(dice),
        )


if __name__ == "__main__":
    main()
