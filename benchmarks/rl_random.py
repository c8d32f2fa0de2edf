"""Random masked agents through the PettingZoo environment of each ruleset: steps per second.

    python benchmarks/rl_random.py [RULESET ...] [--steps N] [--labels]

Each agent picks uniformly among the slots its action mask allows; no learning. Prints,
per ruleset, the steps played, the games finished and the steps per second. With
``--labels`` each step also asks for the words of every legal slot (``action_labels``),
to show what a researcher pays for reading them.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import warbench.rl

RULESETS = ("full-thrust", "hordes", "dystopian-wars", "armada", "robogear")


def run(
    ruleset_id: str, steps: int, seed: int = 1, labels: bool = False
) -> tuple[int, int, float]:
    """Play ``steps`` steps with random masked agents: (steps, games finished, seconds);
    with ``labels``, reading each decision's slot labels first."""
    env = warbench.rl.env(ruleset_id)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    played = finished = 0
    started = time.perf_counter()
    while played < steps:
        agent = env.agent_selection
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                finished += 1
                env.reset()
            continue
        if labels:
            env.action_labels(agent)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        played += 1
    return played, finished, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", default=RULESETS)
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--labels", action="store_true", help="read each slot's label too")
    args = parser.parse_args()
    for ruleset_id in args.rulesets:
        played, finished, seconds = run(ruleset_id, args.steps, labels=args.labels)
        print(f"{ruleset_id:15} {played} steps, {finished} games finished,"
              f" {played / seconds:,.0f} steps/s")


if __name__ == "__main__":
    main()
