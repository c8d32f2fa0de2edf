"""How HORDES bot mirrors end: a warlock destroyed (and in which round) or the turn limit.

Run: ``.venv/bin/python benchmarks/endings_hordes.py [--games N]``. Seeds 0..N-1, the two
shipped pairings alternating sides on the standard layout, as in the long mirror test.
"""

from __future__ import annotations

import argparse
from collections import Counter

from warbench.core.match import play_match
from warbench.rulesets.hordes import HordesRuleset
from warbench.rulesets.hordes.bots import WarlockBot
from warbench.rulesets.hordes.events import TurnBegins

RULES = HordesRuleset()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="bot mirrors to play")
    args = parser.parse_args()
    endings: Counter[str] = Counter()
    rounds: Counter[int] = Counter()
    seat0 = 0
    for seed in range(args.games):
        armies = ["thornwood-maelis", "ashen-vesk"][:: 1 if seed % 2 else -1]
        result = play_match(
            RULES,
            [WarlockBot(seed), WarlockBot(seed + 7)],
            seed=seed,
            setup={"armies": armies, "layout": "standard"},
            record_hashes=False,
        )
        outcome = result.outcome
        assert outcome is not None, "a battle did not end"
        limit = "turn limit" in outcome.reason
        endings["turn limit" if limit else "warlock destroyed"] += 1
        if not limit:
            rounds[max(e.round for e in result.events if isinstance(e, TurnBegins))] += 1
        seat0 += outcome.winners == (0,)
    print(f"{args.games} bot mirrors: " + ", ".join(f"{k} {v}" for k, v in endings.items()))
    print(
        "rounds of the assassinations: " + ", ".join(f"{r}: {n}" for r, n in sorted(rounds.items()))
    )
    print(f"seat 0 won {seat0} of {args.games}")


if __name__ == "__main__":
    main()
