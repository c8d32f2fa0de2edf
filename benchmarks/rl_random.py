"""Random masked agents through the PettingZoo environment of each ruleset: steps per second.

    python benchmarks/rl_random.py [RULESET ...] [--steps N]

Each agent picks uniformly among the slots its action mask allows; no learning. Prints,
per ruleset, the steps played, the games finished and the steps per second.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import warbench.rl

RULESETS = ("full-thrust", "hordes", "dystopian-wars", "armada", "robogear")


def run(ruleset_id: str, steps: int, seed: int = 1) -> tuple[int, int, float]:
    """Play ``steps`` steps with random masked agents: (steps, games finished, seconds)."""
    env = warbench.rl.env(ruleset_id)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    played = finished = 0
    started = time.perf_counter()
    while played < steps:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                finished += 1
                env.reset()
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        played += 1
    return played, finished, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", default=RULESETS)
    parser.add_argument("--steps", type=int, default=2000)
    args = parser.parse_args()
    for ruleset_id in args.rulesets:
        played, finished, seconds = run(ruleset_id, args.steps)
        print(f"{ruleset_id:15} {played} steps, {finished} games finished,"
              f" {played / seconds:,.0f} steps/s")


if __name__ == "__main__":
    main()
