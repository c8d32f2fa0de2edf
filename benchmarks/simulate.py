"""Batch simulation throughput: games per second with 1 and 2 workers, and Ray's overhead.

Run from the repository root::

    .venv/bin/python benchmarks/simulate.py [--seconds 10] [--no-ray] [RULESET ...]

For the test Duel game (with army lists) and every installed ruleset (its default set-up
and default bot), it plays the same games in this process and on 2 worker processes and
prints games per second for each (their ratio shows the scaling), then the extra wall time
per game of playing them as Ray tasks on a local 2-CPU Ray instance instead of on the 2
worker processes. The number of games per ruleset is sized to about ``--seconds`` of play in
this process. Pools and Ray are started and warmed up first; start-up is not counted.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for the test game

from tests.core.test_sim_plan import ListDuel, sides

from warbench.core.registry import available_rulesets, ruleset
from warbench.core.sim.local import LocalBackend
from warbench.core.sim.plan import GamePlan, default_sides, prepare
from warbench.core.sim.play import GameCrashed
from warbench.core.sim.runner import Backend, simulate

#: Games played on a backend before timing it: one per worker, so all have started.
WARM_UP_GAMES = 2


def timed(plan: GamePlan, games: int, backend: Backend | None = None) -> float:
    """Seconds to play ``games`` games of ``plan``, after a warm-up on the same backend."""
    simulate(plan, WARM_UP_GAMES, backend=backend)
    started = time.perf_counter()
    simulate(plan, games, backend=backend)
    return time.perf_counter() - started


def plans(names: list[str]) -> list[tuple[str, GamePlan | str]]:
    """The plans to measure: the test game, then each ruleset (or why it was skipped)."""
    chosen: list[tuple[str, GamePlan | str]] = [
        ("test-list-duel", prepare(ListDuel(), sides("veteran", "recruit"), seed=1))
    ]
    for name in names or available_rulesets():
        try:
            rules = ruleset(name)
            plan = prepare(rules, list(default_sides(rules)), seed=1)
        except ValueError as error:  # a ruleset under construction: report, do not stop
            chosen.append((name, f"skipped: {error}"))
            continue
        chosen.append((name, plan))
    return chosen


def games_for(plan: GamePlan, seconds: float, most: int) -> int:
    """About ``seconds`` of play in this process, judged from two games (at least 4)."""
    per_game = timed(plan, 2) / 2
    return max(4, min(most, int(seconds / max(per_game, 1e-9))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", help="ruleset ids (default: all installed)")
    parser.add_argument("--seconds", type=float, default=10.0, help="play time per measurement")
    parser.add_argument("--most", type=int, default=5000, help="games per measurement, at most")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray measurement")
    args = parser.parse_args()
    ray_backend = None
    if not args.no_ray:
        try:
            from warbench.core.sim.ray_backend import RayBackend, start_local_ray

            started = time.perf_counter()
            start_local_ray(cpus=2)
            print(f"Ray start-up: {time.perf_counter() - started:.1f} s (not counted below)")
            ray_backend = RayBackend()
        except ValueError as error:
            print(f"Ray skipped: {error}")
    print(
        f"{'ruleset':<16} {'games':>6} {'1 worker':>12} {'2 workers':>12} {'ratio':>6}"
        f" {'Ray extra/game':>15}"
    )
    with LocalBackend(2) as pool:
        for name, plan in plans(args.rulesets):
            if isinstance(plan, str):
                print(f"{name:<16} {plan}")
                continue
            try:
                games = games_for(plan, args.seconds, args.most)
                one = timed(plan, games)
                two = timed(plan, games, pool)
                ray_cost = "-"
                if ray_backend is not None:
                    on_ray = timed(plan, games, ray_backend)
                    ray_cost = f"{(on_ray - two) / games * 1000:+.2f} ms"
            except GameCrashed as error:  # a ruleset under construction: report, go on
                print(f"{name:<16} skipped: {error}")
                continue
            print(
                f"{name:<16} {games:>6} {games / one:>8.1f} g/s {games / two:>8.1f} g/s"
                f" {one / two:>6.2f} {ray_cost:>15}"
            )
    if ray_backend is not None:
        import ray

        ray.shutdown()


if __name__ == "__main__":
    main()
