"""What every ``battles_*.py`` benchmark shares: playing seeded bot battles, timing them,
and profiling where the time goes.

A ruleset's script names its ruleset, set-up and pairings in a :class:`Bench` and calls
:func:`main`, which reads ``--games``, ``--repeats`` and ``--no-profile``.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import time
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from warbench.core.agents import Agent
from warbench.core.match import play_match
from warbench.core.ruleset import Ruleset

#: Seats' agents for one seed.
Pairing = Callable[[int], list[Agent]]


@dataclass(frozen=True)
class Bench:
    """A ruleset, the set-up its battles start from, and the pairings to time."""

    rules: Ruleset[Any, Any]
    setup: Mapping[str, Any]
    pairings: Mapping[str, Pairing]


#: Lines of each profile table.
TOP = 14


def play(bench: Bench, pairing: Pairing, games: int) -> tuple[float, int, list[str]]:
    """Seconds for ``games`` battles, the decisions they took and their final hashes."""
    decisions = 0
    hashes = []
    start = time.perf_counter()
    for seed in range(games):
        result = play_match(
            bench.rules, pairing(seed), setup=bench.setup, seed=seed, record_hashes=False
        )
        assert result.outcome is not None, "a battle did not end"
        decisions += result.decisions
        hashes.append(result.final_hash)
    return time.perf_counter() - start, decisions, hashes


def speed(bench: Bench, games: int, repeats: int) -> str:
    """Print battles and decisions per second for each pairing; return the hashes' digest."""
    digest = hashlib.sha256()
    for name, pairing in bench.pairings.items():
        runs = [play(bench, pairing, games) for _ in range(repeats)]
        seconds, decisions, hashes = min(runs)
        assert all(run[2] == hashes for run in runs), "the same seeds gave different games"
        digest.update("".join(hashes).encode())
        print(
            f"{name:<24} {games / seconds:6.2f} battles/s, {decisions / seconds:6.0f} "
            f"decisions/s ({decisions / games:.0f} a battle, {seconds / games * 1000:.0f} ms)"
        )
    return digest.hexdigest()[:16]


def profile(bench: Bench, games: int) -> None:
    """Profile one pass of every pairing and print where the time goes: own time as a share
    of all own time, cumulative time as a share of the profiled wall time."""
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.enable()
    for pairing in bench.pairings.values():
        play(bench, pairing, games)
    profiler.disable()
    wall = time.perf_counter() - start
    raw = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    own_total = sum(entry[2] for entry in raw.values())
    by_module: dict[str, float] = defaultdict(float)
    functions = []
    for (path, line, function), (_, calls, own, cumulative, _) in raw.items():
        module = path.split("/src/")[-1] if "/src/" in path else path.rsplit("/", 1)[-1]
        by_module[module] += own
        functions.append((own, cumulative, calls, f"{module}:{line}({function})"))
    print(f"\nprofile of {games} battles per pairing: {wall:.2f} s under the profiler")
    print("own time by module:")
    for module, own in sorted(by_module.items(), key=lambda item: -item[1])[:TOP]:
        print(f"  {own / own_total:6.1%}  {module}")
    print("functions by own time:")
    for own, _, calls, where in sorted(functions, reverse=True)[:TOP]:
        print(f"  {own / own_total:6.1%}  {calls:>9} calls  {where}")
    print("functions by cumulative time (share of the wall time):")
    for _, cumulative, calls, where in sorted(functions, key=lambda f: -f[1])[:TOP]:
        print(f"  {cumulative / wall:6.1%}  {calls:>9} calls  {where}")


def main(description: str, bench: Bench) -> None:
    """Time every pairing, print the final hashes' digest, then profile (unless told not)."""
    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="battles per pairing")
    parser.add_argument("--repeats", type=int, default=3, help="repeats (best one counts)")
    parser.add_argument("--no-profile", action="store_true", help="skip the cProfile summary")
    args = parser.parse_args()
    digest = speed(bench, args.games, args.repeats)
    print(f"final hashes of the {len(bench.pairings) * args.games} battles: digest {digest}")
    if not args.no_profile:
        profile(bench, max(1, args.games // 2))
