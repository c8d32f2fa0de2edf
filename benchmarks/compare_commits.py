"""Bot battles per second of two commits, measured in one run, as ratios.

Run: ``.venv/bin/python benchmarks/compare_commits.py OLD [--games 4] [--rounds 3]``.
``OLD`` is any commit; it is checked out into a temporary worktree. For each ruleset both
commits play the same seeded battles (the ruleset's best bot in a mirror, and random
agents), alternately, each in a fresh process with its own ``src`` first on the import
path; the figure is the best CPU time of the rounds. The machine is shared and noisy, so
only the ratio (new over old speed) is reported, with the decisions per second behind it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("dystopian-wars", "armada", "full-thrust")

#: Plays the battles in a child process and prints {"seconds": cpu, "decisions": n}.
CHILD = """
import json, sys, time
from warbench.core.registry import ruleset
from warbench.core.match import play_match
rules = ruleset(sys.argv[1])
bot, games = sys.argv[2], int(sys.argv[3])
factory = rules.bots()[bot]
start, decisions = time.process_time(), 0
for seed in range(games):
    result = play_match(rules, [factory(seed), factory(seed + 100)], seed=seed,
                        record_hashes=False)
    decisions += result.decisions
print(json.dumps({"seconds": time.process_time() - start, "decisions": decisions}))
"""


def measure(tree: Path, ruleset_id: str, bot: str, games: int) -> tuple[float, int]:
    """CPU seconds and decisions of ``games`` battles played by the code in ``tree``."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, ruleset_id, bot, str(games)],
        env={"PYTHONPATH": str(tree / "src"), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return float(figures["seconds"]), int(figures["decisions"])


def best_bot(tree: Path, ruleset_id: str) -> str:
    """The ruleset's first bot other than random, as the code in ``tree`` lists it."""
    code = (
        "import sys; from warbench.core.registry import ruleset;"
        "print(next(n for n in ruleset(sys.argv[1]).bots() if n != 'random'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, ruleset_id],
        env={"PYTHONPATH": str(tree / "src"), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, check=True,
    )
    return done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", help="the commit to compare the working tree against")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        old_tree = Path(scratch) / "old"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(old_tree), options.old],
            check=True, capture_output=True,
        )
        try:
            print(f"{'ruleset':16} {'bots':12} {'old dec/s':>10} {'new dec/s':>10} {'new/old':>8}")
            for ruleset_id in RULESETS:
                for bot in (best_bot(ROOT, ruleset_id), "random"):
                    old, new = [], []
                    for _ in range(options.rounds):
                        old.append(measure(old_tree, ruleset_id, bot, options.games))
                        new.append(measure(ROOT, ruleset_id, bot, options.games))
                    old_rate = old[0][1] / min(seconds for seconds, _ in old)
                    new_rate = new[0][1] / min(seconds for seconds, _ in new)
                    print(
                        f"{ruleset_id:16} {bot:12} {old_rate:10.0f} {new_rate:10.0f}"
                        f" {new_rate / old_rate:8.2f}"
                    )
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old_tree)],
                check=True, capture_output=True,
            )


if __name__ == "__main__":
    main()
