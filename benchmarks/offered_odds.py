"""The web table's exact odds of every option offered, for two commits in one run.

Run: ``.venv/bin/python benchmarks/offered_odds.py BASE [--ruleset hordes] [--games 2]
[--every 4] [--rounds 2]``.
``BASE`` is checked out into a temporary worktree, the working tree is the head (as in
``compare.py``, whose helpers this uses). Each tree plays the ruleset's bot mirror from the
same seeds and, at every ``--every``-th decision, works out the odds of every option the
deciding seat is offered from its observation (``Ruleset.action_odds``, what the web table
shows beside each option), however many options the decision has. The CPU seconds of those
odds alone are counted, best of ``--rounds`` alternating rounds; a digest of every answer
(outcome, mean, named chances, other pieces' lines, facts, or why none) says whether the
two trees give the same odds to the bit.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
from pathlib import Path

from compare import ROOT, best_pairs, build_in_use, child, row

#: Plays a bot mirror in a child process and times the odds offered at its decisions;
#: prints {"seconds", "options", "decisions", "digest"}.
OFFERED = """
import hashlib, json, sys, time
from warbench.core.engine import Game
from warbench.core.match import play_next_decision
from warbench.core.registry import ruleset
rules = ruleset(sys.argv[1])
games, every = int(sys.argv[2]), int(sys.argv[3])
name = next(n for n in rules.bots() if n != "random")
digest, seconds, options, decisions, step = hashlib.sha256(), 0.0, 0, 0, 0
for seed in range(games):
    agents = [rules.bots()[name](seed * 10 + seat) for seat in range(rules.min_players)]
    game = Game.new(rules, seed=seed, players=rules.min_players, record_hashes=False)
    while not game.is_over:
        step += 1
        if step % every == 0:
            decision = game.pending()[0]
            state = game.observe(decision.player).state
            start = time.process_time()
            answers = [rules.action_odds(state, option) for option in decision.options]
            seconds += time.process_time() - start
            decisions += 1
            options += len(answers)
            for answer in answers:
                plain = None if answer is None else (
                    answer.withheld, answer.outcome, answer.distribution.mean,
                    sorted(answer.named.items()),
                    sorted((k, sorted(v.items())) for k, v in answer.others.items()),
                    list(answer.facts))
                digest.update(repr(plain).encode())
        play_next_decision(game, agents)
print(json.dumps({"seconds": seconds, "options": options, "decisions": decisions,
                  "digest": digest.hexdigest()[:16]}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("base", help="the commit to compare the working tree against")
    parser.add_argument("--ruleset", default="hordes", help="the ruleset (default hordes)")
    parser.add_argument("--games", type=int, default=2, help="seeded bot mirrors played")
    parser.add_argument("--every", type=int, default=4, help="odds at every Nth decision")
    parser.add_argument("--rounds", type=int, default=2, help="alternating rounds (best counts)")
    options = parser.parse_args()
    print(f"base {options.base}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as scratch:
        base_tree = Path(scratch) / "base"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base_tree), options.base],
            check=True, capture_output=True,
        )
        print(f"base: {build_in_use(base_tree)}\nhead: {build_in_use(ROOT)}")
        found: dict[str, dict[str, object]] = {}

        def run(tree: Path) -> tuple[float, float]:
            answer = child(tree, OFFERED, options.ruleset, options.games, options.every)
            found[str(tree)] = answer
            return float(answer["seconds"]), 0.0

        try:
            (base, _), (head, _) = best_pairs((base_tree, ROOT), options.rounds, run,
                                              lowest=True)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base_tree)],
                check=True, capture_output=True,
            )
    mine, theirs = found[str(ROOT)], found[str(base_tree)]
    print(f"{mine['decisions']} decisions, {mine['options']} options offered; odds digest "
          f"base {theirs['digest']}, head {mine['digest']} "
          f"({'the same' if mine['digest'] == theirs['digest'] else 'DIFFERENT'})")
    row(f"{options.ruleset} odds of the options offered", base, head, "CPU seconds")


if __name__ == "__main__":
    main()
