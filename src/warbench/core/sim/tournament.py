"""Round robin tournaments: every pair of lists plays a run; a win matrix and ratings result.

Pair number ``p`` (pairs in order (0, 1), (0, 2), ..., (1, 2), ...) plays a run seeded
``seed_for(seed, p)``, so each pair's games are fixed by the tournament seed alone. Every
list is checked, and every pair's set-ups built, before the first game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from warbench.core.rng import seed_for
from warbench.core.ruleset import Ruleset
from warbench.core.sim.plan import (
    DEFAULT_MAX_DECISIONS,
    BadMatchup,
    GamePlan,
    Side,
    check_lists,
    prepare,
)
from warbench.core.sim.ratings import Rating, rate
from warbench.core.sim.runner import Backend, RunResult, simulate
from warbench.core.sim.store import ResultStore

IntArray = npt.NDArray[np.int64]

#: Called with (pair number, pair count, games done in the pair, games per pair).
PairProgress = Callable[[int, int, int, int], None]


class TooFewLists(ValueError):
    """A tournament needs at least two lists."""


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """Win and draw matrices (``wins[i, j]``: games side ``i`` won against ``j``), ratings,
    and each pair's run."""

    labels: tuple[str, ...]
    wins: IntArray
    draws: IntArray
    ratings: tuple[Rating, ...]
    runs: tuple[RunResult, ...]

    def games(self, i: int, j: int) -> int:
        """Games played between sides ``i`` and ``j``."""
        return int(self.wins[i, j] + self.wins[j, i] + self.draws[i, j])

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "lists": list(self.labels),
            "wins": self.wins.tolist(),
            "draws": self.draws.tolist(),
            "ratings": [rating.to_plain() for rating in self.ratings],
            "runs": [run.run_id for run in self.runs],
        }


def pair_plans(
    ruleset: Ruleset[Any, Any],
    sides: Sequence[Side],
    *,
    seed: int = 1,
    scenario: str | None = None,
    bots: Sequence[str] = (),
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    keep_journals: bool = False,
) -> list[tuple[int, int, GamePlan]]:
    """Every pair ``(i, j)`` with its plan; all lists are validated first, together.

    ``bots`` holds no name, one for all lists, or one per list.
    """
    if len(sides) < 2:
        raise TooFewLists(f"a tournament needs at least two lists, got {len(sides)}")
    if len(bots) > 1 and len(bots) != len(sides):
        raise BadMatchup(f"give one bot for all lists or one per list ({len(sides)})")
    check_lists(ruleset, sides)
    per_side = list(bots) if len(bots) > 1 else list(bots) * len(sides)
    plans = []
    for number, (i, j) in enumerate(combinations(range(len(sides)), 2)):
        plan = prepare(
            ruleset,
            [sides[i], sides[j]],
            seed=seed_for(seed, number),
            scenario=scenario,
            bots=[per_side[i], per_side[j]] if per_side else (),
            max_decisions=max_decisions,
            keep_journals=keep_journals,
        )
        plans.append((i, j, plan))
    return plans


def round_robin(
    sides: Sequence[Side],
    plans: Sequence[tuple[int, int, GamePlan]],
    games: int,
    *,
    backend: Backend | None = None,
    store: ResultStore | None = None,
    resume: bool = False,
    on_progress: PairProgress | None = None,
    resamples: int = 200,
    seed: int = 1,
) -> TournamentResult:
    """Play ``games`` games for each pair of :func:`pair_plans`; fit Bradley-Terry ratings."""
    count = len(sides)
    wins = np.zeros((count, count), dtype=np.int64)
    draws = np.zeros((count, count), dtype=np.int64)
    runs = []
    for number, (i, j, plan) in enumerate(plans):

        def report(done: int, total: int, number: int = number) -> None:
            if on_progress is not None:
                on_progress(number, len(plans), done, total)

        run = simulate(plan, games, backend=backend, store=store, resume=resume, on_progress=report)
        runs.append(run)
        for record in run.records:
            outcome = record.result(0)
            if outcome == "win":
                wins[i, j] += 1
            elif outcome == "loss":
                wins[j, i] += 1
            else:
                draws[i, j] += 1
                draws[j, i] += 1
    labels = tuple(side.label for side in sides)
    ratings = rate(labels, wins, draws, resamples=resamples, seed=seed)
    return TournamentResult(labels, wins, draws, ratings, tuple(runs))
