"""Armada attack odds through warbench and through icepool, timed side by side.

Run: ``.venv/bin/python benchmarks/odds_armada.py``. warbench answers each query with the
ruleset's own attack odds (``warbench odds armada ...``: building the fleets, asking the
rules for the check's numbers, then the exact distribution); icepool builds the same
distribution from the same numbers, with new dice each repeat (it caches sums per die).
Every pair of answers is checked to agree to 1e-12 before any time is printed. Each time is
the best of several repeats (fast calls looped so a repeat lasts at least 20 ms).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import icepool
from timing import best_seconds

from warbench.core.odds import Dist
from warbench.rulesets.armada.odds import (
    GunneryOdds,
    GunneryOptions,
    Scene,
    VolleyOdds,
    VolleyOptions,
)

TOLERANCE = 1e-12
REPEATS = 5
MIN_REPEAT_SECONDS = 0.02
T = TypeVar("T")

#: Tier-10 large capitals (5d10, strong against destroyers) firing at a tier-10 destroyer.
ATTACK: dict[str, Any] = {
    "attacker_class": "capital", "attacker_size": "large", "attacker_tier": 10,
    "target_class": "destroyer", "target_size": "large", "target_tier": 10,
}


def icepool_attack(options: GunneryOptions, shields: int) -> icepool.Die:
    """One attack's damage past ``shields`` (0: all of it), from the rules' numbers."""
    gunnery = Scene(options).gunnery()
    die = (icepool.Die(range(1, gunnery.sides + 1)) + gunnery.per_die).clip(0, None)
    damage = (gunnery.dice @ die + gunnery.bonus_damage).map(gunnery.finish)
    hull = (damage - shields).clip(0, None)
    return icepool.Die(range(1, 21)).map(
        lambda natural: hull if natural + gunnery.modifier >= gunnery.armor_class else 0
    )


def check_equal(ours: Dist, die: icepool.Die, name: str) -> None:
    total = die.denominator()
    expected = {outcome: quantity / total for outcome, quantity in die.items()}
    got = ours.to_dict()
    worst = max(abs(got.get(o, 0.0) - expected.get(o, 0.0)) for o in set(got) | set(expected))
    assert worst <= TOLERANCE, f"{name}: warbench and icepool differ by {worst:.3g}"


def report(name: str, ours: Callable[[], Dist], theirs: Callable[[], icepool.Die]) -> None:
    check_equal(ours(), theirs(), name)
    warbench_s, icepool_s = best_seconds(ours), best_seconds(theirs)
    print(
        f"{name:<46} warbench {warbench_s * 1e3:8.3f} ms, icepool {icepool_s * 1e3:9.3f} ms, "
        f"ratio {icepool_s / warbench_s:6.1f}"
    )


def main() -> None:
    print(f"icepool {icepool.__version__}")
    gunnery = GunneryOptions(**ATTACK)
    shields = Scene(gunnery).target.shields
    report(
        "one gunnery check: hull damage",
        lambda: GunneryOdds().odds(gunnery).distribution,
        lambda: icepool_attack(gunnery, shields),
    )
    volley = VolleyOptions(attacks=10, **ATTACK)
    hull = Scene(volley).target.hull
    points = Scene(volley).target.hull_points
    report(
        "the damage of 10 attacks: hull left",
        lambda: VolleyOdds().odds(volley).distribution,
        lambda: (10 @ icepool_attack(gunnery, 0)).map(
            lambda total: max(hull - max(0, total - shields), -points - 1)
        ),
    )


if __name__ == "__main__":
    main()
