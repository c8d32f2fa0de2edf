"""Full Thrust battles per second: the admiral bot and the random agent, to the end.

Run: ``.venv/bin/python benchmarks/battles_full_thrust.py``. Each pairing plays the same
seeded default battles (the Concord strike group against the Directorate, 12 turns at
most) with ``play_match``, once without and once with a state hash after every action (as
replays and the conformance kit record them). Each figure is the best of three repeats.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from warbench.core.agents import Agent, RandomAgent
from warbench.core.match import play_match
from warbench.rulesets.full_thrust import FullThrustRuleset
from warbench.rulesets.full_thrust.bots import AdmiralBot

REPEATS = 3
GAMES = 10
RULES = FullThrustRuleset()
PAIRINGS: dict[str, Callable[[int], list[Agent]]] = {
    "admiral vs admiral": lambda seed: [AdmiralBot(seed), AdmiralBot(seed + 1)],
    "admiral vs random": lambda seed: [AdmiralBot(seed), RandomAgent(seed)],
    "random vs random": lambda seed: [RandomAgent(seed), RandomAgent(seed + 1)],
}


def play(pairing: Callable[[int], list[Agent]], record_hashes: bool) -> tuple[float, int]:
    """Seconds for :data:`GAMES` battles, and the decisions they took."""
    decisions = 0
    start = time.perf_counter()
    for seed in range(GAMES):
        result = play_match(RULES, pairing(seed), seed=seed, record_hashes=record_hashes)
        assert result.outcome is not None, "a battle did not end"
        decisions += result.decisions
    return time.perf_counter() - start, decisions


def main() -> None:
    for name, pairing in PAIRINGS.items():
        for record_hashes in (False, True):
            seconds, decisions = min(play(pairing, record_hashes) for _ in range(REPEATS))
            hashes = "with hashes" if record_hashes else "no hashes"
            print(
                f"{name:<20} {hashes:<12} {GAMES / seconds:7.2f} battles/s, "
                f"{decisions / seconds:8.0f} decisions/s ({decisions / GAMES:.0f} a battle)"
            )


if __name__ == "__main__":
    main()
