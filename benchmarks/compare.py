"""Every speed figure of issue 16 for two commits, measured in one run, as ratios.

Run: ``.venv/bin/python benchmarks/compare.py BASE [--scale 1] [--rounds 2] [--only ID]
[--players N]``.
``BASE`` is any commit; it is checked out into a temporary worktree, and the working tree
is the head. For each figure both trees are measured alternately, each in a fresh process
with its own ``src`` first on the import path, and the best round counts:

* bot-mirror battles per second of each ruleset (its first bot other than random against
  itself, default set-up, no state hashes), on one core (CPU time), and the decisions per
  second of the same battles (the issue's measure where rule fixes made the games longer
  or shorter since the base), over ``RULESETS`` seeded games, the ruleset's data
  loaded before the clock starts (a one-off cost that weighed up to a quarter of a
  two-game measurement and nothing in a long run), and the full garbage collection those
  loaded objects are due made then too (else it lands inside one tree's games and not the
  other's: 15-20 ms, a quarter of ten HORDES random games);
* random-play decisions per second of each ruleset (random agents in every seat), over
  ``RANDOM_GAMES`` games (random battles are short, and two HORDES games, about 25 ms of
  play, read anywhere from 2.5x to 3.0x between runs);
  both with the ruleset's fewest players, or ``--players N`` (ROBOGEAR's three-player
  battles: ``--only robogear --players 3``);
* the cost of one state hash of a 1000-point Dystopian Wars battle (the default set-up, 60
  decisions of the commodore mirror in), in microseconds;
* ``simulate`` with 2 worker processes against 1 (in-process), wall time after the pool
  has started, for each ruleset's default bot mirror.

Each tree runs its compiled build where it has one that matches its sources (see
``warbench.compiled``; a base checked out here has none, so ``compare.py HEAD`` measures what
the build buys, unless ``--compile-base`` builds it too, a few minutes, to compare two
compiled trees); the first lines say which. The machine is shared and noisy, so the ratios
are the figures to read. ``--scale``
multiplies the number of games of every measurement.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: Each ruleset, and the games of one bot-mirror measurement. Which seeds are played moves
#: the ratio as much as the code does where rule fixes changed the games since the base: one
#: Armada mirror (seed 0) read 5.2x against ``b7f9942`` where thirty read 8.6x (seed 0 is
#: the base's cheapest game per decision), so each measurement plays a second or more of the
#: base's battles (ROBOGEAR's are short: four of them read anywhere from 0.7x to 1.3x).
RULESETS = {"dystopian-wars": 10, "armada": 20, "full-thrust": 24, "hordes": 8, "robogear": 32}
#: The games of one random-play measurement. Random battles are short (two HORDES games are
#: about 260 decisions, 25 ms of play at head), and which few seeds are played moved the
#: ratio more than the code did: against ``b7f9942``, HORDES read 2.50x and 3.00x in two runs
#: at 2 games, 3.21x and 3.36x at 20; Armada 4.42x at 1 game and 6.36x at 10
#: (docs/performance.md).
RANDOM_GAMES = {"dystopian-wars": 20, "armada": 10, "full-thrust": 60, "hordes": 20,
                "robogear": 160}
#: Games of one simulate measurement, per ruleset: a few seconds of play in one process
#: (ROBOGEAR's two-player battles took about 60 ms: at 16 games the last task's few
#: games, played by one worker while the other waits, weighed about a tenth of the run).
#: Kept at about a second of the head's play or more as the battles got faster (December
#: 2026: Armada's four took a third of a second, and the pool's start-up and hand-over
#: moved its row by a tenth between runs).
SIMULATE_GAMES = {
    "dystopian-wars": 16, "armada": 16, "full-thrust": 64, "hordes": 48, "robogear": 96,
}

#: Plays battles in a child process; prints {"seconds": cpu, "games": n, "decisions": n}.
BATTLES = """
import gc, json, sys, time
from warbench.core.registry import ruleset
from warbench.core.match import play_match
rules = ruleset(sys.argv[1])
games, mirror = int(sys.argv[2]), sys.argv[3] == "mirror"
players = int(sys.argv[4]) if len(sys.argv) > 4 and int(sys.argv[4]) else rules.min_players
bots = rules.bots()
name = next(n for n in bots if n != "random") if mirror else "random"
from warbench.core.engine import Game
Game.new(rules, seed=0, players=players)  # the ruleset's data loads before the clock starts
gc.collect()  # the full collection the loaded objects are due falls before the clock too
start, decisions = time.process_time(), 0
for seed in range(games):
    agents = [bots[name](seed * 10 + seat) for seat in range(players)]
    decisions += play_match(rules, agents, seed=seed, record_hashes=False).decisions
print(json.dumps({"seconds": time.process_time() - start, "games": games,
                  "decisions": decisions, "bot": name}))
"""

#: Times the state hash of a DW battle state; prints {"seconds": per hash}.
HASH = """
import json, time
from warbench.core.engine import Game
from warbench.core.match import play_next_decision
from warbench.core.plain import state_hash
from warbench.core.registry import ruleset
rules = ruleset("dystopian-wars")
bot = rules.bots()["commodore"]
agents = [bot(1), bot(2)]
game = Game.new(rules, seed=3, players=2, record_hashes=False, transactional=False)
for _ in range(60):
    play_next_decision(game, agents)
best = float("inf")
for _ in range(7):
    start = time.process_time()
    for _ in range(40):
        state_hash(game.state)
    best = min(best, (time.process_time() - start) / 40)
print(json.dumps({"seconds": best}))
"""

#: Times simulate with 1 worker and with 2; prints {"one": s, "two": s} (wall seconds).
SIMULATE = """
import json, sys, time
from warbench.core.registry import ruleset
from warbench.core.sim.local import LocalBackend
from warbench.core.sim.plan import prepare
try:  # the sides of the default set-up: default_sides, called mirror_sides before
    from warbench.core.sim.plan import default_sides as sides_of
except ImportError:
    from warbench.core.sim.plan import mirror_sides as sides_of
from warbench.core.sim.runner import simulate
rules = ruleset(sys.argv[1])
games = int(sys.argv[2])
plan = prepare(rules, list(sides_of(rules)), seed=1)
simulate(plan, 1)
start = time.perf_counter()
simulate(plan, games)
one = time.perf_counter() - start
with LocalBackend(2) as pool:
    simulate(plan, 2, backend=pool)  # both workers started and warm
    start = time.perf_counter()
    simulate(plan, games, backend=pool)
    two = time.perf_counter() - start
print(json.dumps({"one": one, "two": two}))
"""


def child(tree: Path, script: str, *args: object) -> dict[str, Any]:
    """Run ``script`` with ``tree``'s sources, at low priority; its JSON answer."""
    done = subprocess.run(
        ["nice", "-n", "10", sys.executable, "-c", script, *map(str, args)],
        env={"PYTHONPATH": str(tree / "src"), "PATH": os.environ.get("PATH", "/usr/bin:/bin")},
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{tree.name}: {done.stderr.strip().splitlines()[-1:]}")
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def best_of(
    trees: tuple[Path, Path], rounds: int, run: Callable[[Path], float], *, lowest: bool
) -> tuple[float, float]:
    """The best figure of each tree over ``rounds`` alternating rounds."""
    base, head = best_pairs(trees, rounds, lambda tree: (run(tree), 0.0), lowest=lowest)
    return base[0], head[0]


def best_pairs(
    trees: tuple[Path, Path], rounds: int, run: Callable[[Path], tuple[float, float]], *,
    lowest: bool,
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The best of each of two figures of each tree over ``rounds`` alternating rounds."""
    figures: tuple[list[tuple[float, float]], list[tuple[float, float]]] = ([], [])
    for _ in range(rounds):
        for number, tree in enumerate(trees):
            figures[number].append(run(tree))
    pick = min if lowest else max
    base, head = figures
    return ((pick(f[0] for f in base), pick(f[1] for f in base)),
            (pick(f[0] for f in head), pick(f[1] for f in head)))


def compile_tree(tree: Path) -> None:
    """Build ``tree``'s compiled modules into its own ``build/`` (``make compiled`` there)."""
    subprocess.run(
        [sys.executable, "-m", "warbench.compile"], cwd=tree, check=True, capture_output=True,
        env={**os.environ, "PYTHONPATH": str(tree / "src")},
    )


def build_in_use(tree: Path) -> str:
    """Whether the tree runs its compiled build (warbench.compiled), in its own words."""
    script = ("try:\n    from warbench import compiled\nexcept ImportError:\n"
              "    print('pure Python (no compiled build at this commit)')\n"
              "else:\n    print(compiled.status().reason)")
    env = {"PYTHONPATH": str(tree / "src"), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    run = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    return run.stdout.strip() or run.stderr.strip().splitlines()[-1]


def row(label: str, base: float, head: float, unit: str) -> None:
    """One line of the table: both figures and head over base."""
    ratio = head / base if base else float("nan")
    print(f"{label:<44} {base:>10.2f} {head:>10.2f} {ratio:>7.2f}x  {unit}")


def battle_rates(ruleset_id: str, count: int, kind: str, players: int,
                 tree: Path) -> tuple[float, float]:
    """Battles and decisions per CPU second of ``count`` ``mirror`` or ``random`` battles,
    played by ``tree`` with ``players`` seats (0: the ruleset's fewest)."""
    answer = child(tree, BATTLES, ruleset_id, count, kind, players)
    seconds = float(answer["seconds"])
    return float(answer["games"]) / seconds, float(answer["decisions"]) / seconds


def hash_cost(tree: Path) -> float:
    """Microseconds per state hash of the DW battle state, hashed by ``tree``."""
    return float(child(tree, HASH)["seconds"]) * 1e6


def simulate_speedup(ruleset_id: str, games: int, tree: Path) -> float:
    """Wall time of ``games`` games on 1 worker over their time on 2, played by ``tree``."""
    answer = child(tree, SIMULATE, ruleset_id, games)
    return float(answer["one"]) / float(answer["two"])


def measure(trees: tuple[Path, Path], scale: int, rounds: int, only: list[str],
            players: int = 0) -> None:
    """Print every figure for base and head (of the rulesets in ``only``, if any), battles
    with ``players`` seats (0: each ruleset's fewest)."""
    seats = f" {players} players" if players else ""
    print(f"{'measure':<44} {'base':>10} {'head':>10} {'head/base':>8}")
    for ruleset_id, games in RULESETS.items():
        if only and ruleset_id not in only:
            continue
        bot = str(child(trees[1], BATTLES, ruleset_id, 0, "mirror", players)["bot"])
        for kind in ("mirror", "random"):
            try:
                base_rates, head_rates = best_pairs(
                    trees, rounds,
                    partial(battle_rates, ruleset_id,
                            (games if kind == "mirror" else RANDOM_GAMES[ruleset_id]) * scale,
                            kind, players),
                    lowest=False,
                )
            except RuntimeError as error:
                print(f"{ruleset_id} {kind}: not measured ({error})")
                continue
            if kind == "mirror":
                label = f"{ruleset_id} {bot} mirror{seats}"
                row(label, base_rates[0], head_rates[0], "battles/s per core")
                row(label, base_rates[1], head_rates[1], "decisions/s per core")
            else:
                row(f"{ruleset_id} random play{seats}", base_rates[1], head_rates[1],
                    "decisions/s")
    if not only or "dystopian-wars" in only:
        base, head = best_of(trees, max(rounds, 3), hash_cost, lowest=True)
        row("state hash, 1000-point DW battle", base, head, "microseconds (lower is better)")
    for ruleset_id, games in SIMULATE_GAMES.items():
        if only and ruleset_id not in only:
            continue
        try:
            base, head = best_of(
                trees, rounds, partial(simulate_speedup, ruleset_id, games * scale), lowest=False
            )
        except RuntimeError as error:
            print(f"simulate {ruleset_id}: not measured ({error})")
            continue
        row(f"simulate {ruleset_id}, 2 workers vs 1", base, head, "speed-up")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("base", help="the commit to compare the working tree against")
    parser.add_argument("--scale", type=int, default=1, help="multiplies every game count")
    parser.add_argument("--rounds", type=int, default=2, help="alternating rounds (best counts)")
    parser.add_argument(
        "--only", action="append", default=[], choices=list(RULESETS), metavar="RULESET",
        help="measure only this ruleset's rows (repeatable; the DW hash row goes with DW)",
    )
    parser.add_argument(
        "--players", type=int, default=0, metavar="N",
        help="seats in the mirror and random-play battles (default: each ruleset's fewest)",
    )
    parser.add_argument(
        "--compile-base", action="store_true",
        help="build the base's compiled modules too (minutes): compiled against compiled",
    )
    options = parser.parse_args()
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()
    print(f"base {options.base}, head {head} (+ working tree); load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as scratch:
        base_tree = Path(scratch) / "base"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base_tree), options.base],
            check=True, capture_output=True,
        )
        if options.compile_base:
            compile_tree(base_tree)
        print(f"base: {build_in_use(base_tree)}\nhead: {build_in_use(ROOT)}")
        try:
            measure((base_tree, ROOT), options.scale, options.rounds, options.only,
                    options.players)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base_tree)],
                check=True, capture_output=True,
            )


if __name__ == "__main__":
    main()
