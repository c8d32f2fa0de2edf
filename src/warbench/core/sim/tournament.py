"""Round robin tournaments: every table of lists plays a run; a win matrix and ratings result.

A table is ``players`` lists (2 by default: every pair). Table number ``t`` (in the order of
``itertools.combinations``: (0, 1), (0, 2), ..., (1, 2), ...) plays a run seeded
``seed_for(seed, t)``, so each table's games are fixed by the tournament seed alone; its
plan rotates the seats from game to game. Every list is checked, and every table's set-ups
built, before the first game.

A game of more than two players counts for each pair at its table: a winner beats every
loser, and two winners (or two losers) draw. With two players this is simply the game's
result, and the Bradley-Terry ratings are fitted from these pairwise results.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, NamedTuple

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

#: Called with (table number, table count, games done at the table, games per table).
PairProgress = Callable[[int, int, int, int], None]


class TooFewLists(ValueError):
    """A tournament needs at least two lists, and at least as many as a table seats."""


class Table(NamedTuple):
    """The lists (by index) meeting at one table, and the plan their games follow."""

    sides: tuple[int, ...]
    plan: GamePlan


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """Win and draw matrices (``wins[i, j]``: games side ``i`` won against ``j``), ratings,
    and each table's run."""

    labels: tuple[str, ...]
    wins: IntArray
    draws: IntArray
    ratings: tuple[Rating, ...]
    runs: tuple[RunResult, ...]

    def games(self, i: int, j: int) -> int:
        """Games in which sides ``i`` and ``j`` met."""
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


def table_plans(
    ruleset: Ruleset[Any, Any],
    sides: Sequence[Side],
    *,
    players: int,
    seed: int = 1,
    scenario: str | None = None,
    bots: Sequence[str] = (),
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    keep_journals: bool = False,
    list_format: str | None = None,
) -> list[Table]:
    """Every table of ``players`` lists with its plan; all lists are validated first.

    ``bots`` holds no name, one for all lists, or one per list; the lists are checked
    under ``list_format`` (``None``: the ruleset's own).
    """
    if len(sides) < max(2, players):
        needed = "two" if players <= 2 else str(players)
        raise TooFewLists(f"a tournament needs at least {needed} lists, got {len(sides)}")
    if len(bots) > 1 and len(bots) != len(sides):
        raise BadMatchup(f"give one bot for all lists or one per list ({len(sides)})")
    ruleset.check_players(players)
    check_lists(ruleset, sides, list_format)
    per_side = list(bots) if len(bots) > 1 else list(bots) * len(sides)
    tables = []
    for number, seated in enumerate(combinations(range(len(sides)), players)):
        plan = prepare(
            ruleset,
            [sides[i] for i in seated],
            seed=seed_for(seed, number),
            scenario=scenario,
            bots=[per_side[i] for i in seated] if per_side else (),
            max_decisions=max_decisions,
            keep_journals=keep_journals,
            list_format=list_format,
        )
        tables.append(Table(seated, plan))
    return tables


def pair_plans(
    ruleset: Ruleset[Any, Any],
    sides: Sequence[Side],
    *,
    seed: int = 1,
    scenario: str | None = None,
    bots: Sequence[str] = (),
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    keep_journals: bool = False,
    list_format: str | None = None,
) -> list[tuple[int, int, GamePlan]]:
    """Every pair ``(i, j)`` with its plan: :func:`table_plans` of two-player tables."""
    tables = table_plans(
        ruleset, sides, players=2, seed=seed, scenario=scenario, bots=bots,
        max_decisions=max_decisions, keep_journals=keep_journals, list_format=list_format,
    )
    return [(table.sides[0], table.sides[1], table.plan) for table in tables]


def round_robin(
    sides: Sequence[Side],
    plans: Sequence[Table | tuple[int, int, GamePlan]],
    games: int,
    *,
    backend: Backend | None = None,
    store: ResultStore | None = None,
    resume: bool = False,
    on_progress: PairProgress | None = None,
    resamples: int = 200,
    seed: int = 1,
) -> TournamentResult:
    """Play ``games`` games at each table of :func:`table_plans` (or pair of
    :func:`pair_plans`); fit Bradley-Terry ratings."""
    count = len(sides)
    wins = np.zeros((count, count), dtype=np.int64)
    draws = np.zeros((count, count), dtype=np.int64)
    runs = []
    for number, entry in enumerate(plans):
        seated, plan = entry if isinstance(entry, Table) else (entry[:2], entry[2])

        def report(done: int, total: int, number: int = number) -> None:
            if on_progress is not None:
                on_progress(number, len(plans), done, total)

        run = simulate(plan, games, backend=backend, store=store, resume=resume, on_progress=report)
        runs.append(run)
        for record in run.records:
            for a, b in combinations(range(len(seated)), 2):
                i, j = seated[a], seated[b]
                if (a in record.winners) == (b in record.winners):
                    draws[i, j] += 1
                    draws[j, i] += 1
                elif a in record.winners:
                    wins[i, j] += 1
                else:
                    wins[j, i] += 1
    labels = tuple(side.label for side in sides)
    ratings = rate(labels, wins, draws, resamples=resamples, seed=seed)
    return TournamentResult(labels, wins, draws, ratings, tuple(runs))
