"""How well a search standing's weights predict the end of a battle (docs/agents.md).

Run: ``.venv/bin/python benchmarks/standing_fit.py armada --games 1200``
(or ``full-thrust --games 800``).

Plays heuristic mirror games (Armada on the five-round close quarters the strength test
used when the weights were fitted, Full Thrust on its default battle), records at sampled
states the three parts of each side's loss that the ruleset's ``bots_standing.losses`` adds
up (beaten, hull gone, threat to come, read by calling it with one weight at a time), and
fits the result (1 seat 0 won, 0 seat 1 won, a half for a draw) by logistic regression on
``beaten + h * hull + t * threat`` over a grid of ``h`` and ``t``, with one intercept per
round or turn. It prints the log-likelihood per state of each pair, the best first, with the
scale (points per tanh unit) it implies.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any, NamedTuple

import numpy as np

from warbench.core.engine import Game
from warbench.core.match import play_next_decision
from warbench.core.registry import ruleset


class Settings(NamedTuple):
    """A ruleset's standing module, heuristic and set-up; the state field that counts its
    rounds or turns; which states to sample (by the game and the decision's index), and
    whether only the first of them in each round or turn."""

    standing: str
    heuristic: str
    setup: dict[str, Any] | None
    turn_field: str
    sampled: Callable[[Any, int], bool]
    once_a_turn: bool


SETTINGS: dict[str, Settings] = {
    "armada": Settings(
        "warbench.rulesets.armada.bots_standing", "tactician",
        {"armadas": ["vanguard-3", "raiders-3"], "distance": 8, "max_rounds": 5},
        "round", lambda game, index: index % 7 == 3, once_a_turn=False,
    ),
    "full-thrust": Settings(  # where the search's play-outs stop: the ships have moved
        "warbench.rulesets.full_thrust.bots_standing", "admiral", None,
        "turn", lambda game, index: game.state.phase in (6, 7, 8, 9), once_a_turn=True,
    ),
}
GRID_HULL = (0.0, 0.1, 0.25, 0.5)
GRID_THREAT = (0.0, 0.1, 0.25, 0.5, 0.75, 1.0)


@contextmanager
def weights(module: ModuleType, hull: float, threat: float) -> Iterator[None]:
    """The standing module with its two weights set for a moment."""
    kept = module.HULL_WEIGHT, module.THREAT_WEIGHT
    module.HULL_WEIGHT, module.THREAT_WEIGHT = hull, threat
    try:
        yield
    finally:
        module.HULL_WEIGHT, module.THREAT_WEIGHT = kept


def parts(module: ModuleType, game: Any) -> list[float]:
    """Seat 1's loss less seat 0's, part by part: beaten, hull gone, threat."""
    with weights(module, 0.0, 0.0):
        beaten = module.losses(game)
    with weights(module, 1.0, 0.0):
        hull = [a - b for a, b in zip(module.losses(game), beaten, strict=True)]
    with weights(module, 0.0, 1.0):
        threat = [a - b for a, b in zip(module.losses(game), beaten, strict=True)]
    return [beaten[1] - beaten[0], hull[1] - hull[0], threat[1] - threat[0]]


def record(ruleset_id: str, games: int, first: int) -> np.ndarray:
    """Rows of (beaten, hull, threat, round, result) from ``games`` mirror games."""
    settings = SETTINGS[ruleset_id]
    module = importlib.import_module(settings.standing)
    rules = ruleset(ruleset_id)
    bot = rules.bots()[settings.heuristic]
    rows = []
    for seed in range(first, first + games):
        game = Game.new(rules, seed=seed, players=2, setup=settings.setup,
                        record_hashes=False)
        agents = [bot(seed * 10), bot(seed * 10 + 1)]
        states, seen, index = [], set(), 0
        while not game.is_over:
            turn = getattr(game.state, settings.turn_field)
            if settings.sampled(game, index) and not (settings.once_a_turn and turn in seen):
                seen.add(turn)
                states.append([*parts(module, game), turn])
            play_next_decision(game, agents)
            index += 1
        assert game.outcome is not None
        winners = game.outcome.winners
        result = 1.0 if winners == (0,) else 0.0 if winners == (1,) else 0.5
        rows += [[*state, result] for state in states]
    return np.array(rows)


def fit(features: np.ndarray, result: np.ndarray) -> tuple[np.ndarray, float]:
    """Logistic regression by Newton's method: weights and log-likelihood per row."""
    w = np.zeros(features.shape[1])
    for _ in range(60):
        p = 1 / (1 + np.exp(-np.clip(features @ w, -30, 30)))
        hessian = features.T @ (features * (p * (1 - p) + 1e-9)[:, None])
        w += np.linalg.solve(hessian + 1e-6 * np.eye(len(w)), features.T @ (result - p))
    p = 1 / (1 + np.exp(-np.clip(features @ w, -30, 30)))
    likelihood = result * np.log(p + 1e-12) + (1 - result) * np.log(1 - p + 1e-12)
    return w, float(np.mean(likelihood))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset", choices=sorted(SETTINGS))
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--first", type=int, default=1000)
    args = parser.parse_args()
    rows = record(args.ruleset, args.games, args.first)
    rounds = np.column_stack([rows[:, 3] == r for r in sorted(set(rows[:, 3]))]).astype(float)
    print(f"{args.ruleset}: {len(rows)} states from {args.games} games")
    found = []
    for hull in GRID_HULL:
        for threat in GRID_THREAT:
            margin = rows[:, 0] + hull * rows[:, 1] + threat * rows[:, 2]
            w, likelihood = fit(np.column_stack([rounds, margin]), rows[:, 4])
            found.append((likelihood, hull, threat, 2 / w[-1]))
    for likelihood, hull, threat, scale in sorted(found, reverse=True):
        print(f"hull {hull:<5} threat {threat:<5} log-likelihood {likelihood:.4f}"
              f"  scale {scale:.1f} points")


if __name__ == "__main__":
    main()
