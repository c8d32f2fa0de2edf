"""ROBOGEAR battles per second: three-player battles played to the end by the bots, and
where the time goes.

Run: ``.venv/bin/python benchmarks/battles_robogear.py [--games N] [--repeats N]
[--no-profile]``. Each pairing plays the same seeded three-player battles of the shipped
armies (Ferrum, Verdant, Ashen; 8 rounds at most) with ``play_match`` and no state hash
after each action (``record_hashes=False``); each figure is the best of the repeats.
The digest of the games' final state hashes comes last: an optimisation that changes no rule
and no bot choice leaves it as it was.

Then one pass of every pairing runs under cProfile; the summary gives the share of the time
spent in each module (own time) and the functions with the most time, own and cumulative.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import time
from collections import defaultdict
from collections.abc import Callable

from warbench.core.agents import Agent, RandomAgent
from warbench.core.match import play_match
from warbench.rulesets.robogear import RobogearRuleset
from warbench.rulesets.robogear.bots import CommanderBot

RULES = RobogearRuleset()
SETUP = {"armies": ["ferrum", "verdant", "ashen"]}
PAIRINGS: dict[str, Callable[[int], list[Agent]]] = {
    "3 commanders": lambda seed: [CommanderBot(seed + k * 1000) for k in range(3)],
    "commander vs 2 random": lambda seed: [
        CommanderBot(seed), RandomAgent(seed + 1000), RandomAgent(seed + 2000)],
}
#: Lines of each profile table.
TOP = 14


def play(pairing: Callable[[int], list[Agent]], games: int) -> tuple[float, int, list[str]]:
    """Seconds for ``games`` battles, the decisions they took and their final hashes."""
    decisions = 0
    hashes = []
    start = time.perf_counter()
    for seed in range(games):
        result = play_match(RULES, pairing(seed), setup=SETUP, seed=seed, record_hashes=False)
        assert result.outcome is not None, "a battle did not end"
        decisions += result.decisions
        hashes.append(result.final_hash)
    return time.perf_counter() - start, decisions, hashes


def speed(games: int, repeats: int) -> str:
    """Print battles and decisions per second for each pairing; return the hashes' digest."""
    digest = hashlib.sha256()
    for name, pairing in PAIRINGS.items():
        runs = [play(pairing, games) for _ in range(repeats)]
        seconds, decisions, hashes = min(runs)
        assert all(run[2] == hashes for run in runs), "the same seeds gave different games"
        digest.update("".join(hashes).encode())
        print(
            f"{name:<24} {games / seconds:6.2f} battles/s, {decisions / seconds:6.0f} "
            f"decisions/s ({decisions / games:.0f} a battle, {seconds / games * 1000:.0f} ms)"
        )
    return digest.hexdigest()[:16]


def profile(games: int) -> None:
    """Profile one pass of every pairing and print where the time goes: own time as a share
    of all own time, cumulative time as a share of the profiled wall time."""
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.enable()
    for pairing in PAIRINGS.values():
        play(pairing, games)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="battles per pairing")
    parser.add_argument("--repeats", type=int, default=3, help="repeats (best one counts)")
    parser.add_argument("--no-profile", action="store_true", help="skip the cProfile summary")
    args = parser.parse_args()
    digest = speed(args.games, args.repeats)
    print(f"final hashes of the {len(PAIRINGS) * args.games} battles: digest {digest}")
    if not args.no_profile:
        profile(max(1, args.games // 2))


if __name__ == "__main__":
    main()
