"""One list against a field: the list plays each expected opponent in turn, a run per opponent.

A list builder before a tournament asks how their list fares against each list expected
there, not how four lists fare at one table. :func:`field_plans` checks every list first (an
opponent's problems named ``--against FILE``), then prepares one two-player plan per
opponent, the list always side 0; :func:`play_field` plays ``games`` games of each, in
order, on one backend (and one results file, a run per opponent). Each plan is the plan
``simulate RULESET MINE THEIRS`` would play with the same seed, so the games against an
opponent are exactly those of that run: the same seeds, the seats alternating the same way.

The statistics of each matchup are the run's own (:func:`~warbench.core.sim.summary.summarize`),
read from the list's side; the overall line pools every game, each opponent counting as
many games as it was played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from warbench.core.ruleset import Ruleset
from warbench.core.sim.plan import (
    DEFAULT_MAX_DECISIONS,
    BadMatchup,
    GamePlan,
    Side,
    check_lists,
    prepare,
)
from warbench.core.sim.runner import Backend, RunResult, simulate
from warbench.core.sim.stats import Distribution
from warbench.core.sim.store import ResultStore
from warbench.core.sim.summary import Rate, RunSummary, summarize

#: Called with (opponent number, opponents, games done against it, games per opponent).
FieldProgress = Callable[[int, int, int, int], None]


class NoOpponent(ValueError):
    """A field run needs at least one opponent, and one list to play them."""


def field_plans(
    ruleset: Ruleset[Any, Any],
    mine: Side,
    opponents: Sequence[Side],
    *,
    seed: int = 1,
    scenario: str | None = None,
    bots: Sequence[str] = (),
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    keep_journals: bool = False,
    list_format: str | None = None,
) -> list[GamePlan]:
    """A two-player plan of ``mine`` (side 0) against each opponent; every list is checked
    (under ``list_format``) before any plan is built.

    ``bots`` holds no name, one for every list, or one per list: ``mine``'s first, then each
    opponent's. Every plan has the run seed ``seed``.
    """
    if not opponents:
        raise NoOpponent("--against: give at least one opponent's list")
    if len(bots) > 1 and len(bots) != 1 + len(opponents):
        raise BadMatchup(
            f"--bot: give one bot for every list or one per list ({1 + len(opponents)}: yours,"
            f" then each --against in order), not {len(bots)}"
        )
    ruleset.check_players(2)
    check_lists(  # every problem of every list at once, yours first
        ruleset, [mine, *(replace(side, source=f"--against {side.source}") for side in opponents)],
        list_format,
    )
    per_list = list(bots) if len(bots) > 1 else list(bots) * (1 + len(opponents))
    return [
        prepare(
            ruleset,
            [mine, opponent],
            seed=seed,
            scenario=scenario,
            bots=[per_list[0], per_list[number]] if per_list else (),
            max_decisions=max_decisions,
            keep_journals=keep_journals,
            list_format=list_format,
        )
        for number, opponent in enumerate(opponents, start=1)
    ]


@dataclass(frozen=True, slots=True)
class Matchup:
    """The list against one opponent: the run, its statistics, and the list's results."""

    run: RunResult
    summary: RunSummary

    @property
    def opponent(self) -> Side:
        """The side the list met."""
        return self.run.plan.sides[1]

    @property
    def games(self) -> int:
        """Games played against this opponent."""
        return self.summary.games

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form: the list's results, then the run's whole summary."""
        mine, theirs = self.summary.sides
        return {
            "label": theirs.label,
            "file": self.opponent.source,
            "bots": list(self.run.plan.bots),
            "run_id": self.run.run_id,
            "game_ids": [min(self.run.game_ids), max(self.run.game_ids)]
            if self.run.game_ids else None,
            "games": self.games,
            "wins": mine.wins.to_plain(),
            "draws": mine.draws.to_plain(),
            "losses": mine.losses.to_plain(),
            "mean_scores": None if mine.scores is None or theirs.scores is None
            else {"yours": mine.scores.mean, "theirs": theirs.scores.mean},
            "summary": self.summary.to_plain(),
        }


@dataclass(frozen=True, slots=True)
class FieldResult:
    """Every matchup of a field run, in the order the opponents were given."""

    mine: Side
    matchups: tuple[Matchup, ...]

    @property
    def games(self) -> int:
        """Games played in all."""
        return sum(matchup.games for matchup in self.matchups)

    def overall(self, result: str) -> Rate:
        """How often the list had ``result`` (``win``, ``draw``, ``loss``) over every game."""
        count = sum(
            record.result(0) == result
            for matchup in self.matchups for record in matchup.run.records
        )
        return Rate.of(count, self.games)

    @property
    def unfinished(self) -> int:
        """Games stopped at the decision limit, in all."""
        return sum(matchup.summary.unfinished for matchup in self.matchups)

    def length(self) -> Distribution | None:
        """Decisions per game over every game (``None``: no game)."""
        lengths = [float(record.length) for matchup in self.matchups
                   for record in matchup.run.records]
        return Distribution.of(lengths) if lengths else None

    @property
    def played(self) -> int:
        """Games this call played (not those resumed from the results file)."""
        return sum(matchup.run.played for matchup in self.matchups)

    @property
    def seconds(self) -> float:
        """Wall time this call played for."""
        return sum(matchup.run.seconds for matchup in self.matchups)

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form: each matchup, then the overall line."""
        length = self.length()
        return {
            "list": self.mine.label,
            "file": self.mine.source,
            "opponents": [matchup.to_plain() for matchup in self.matchups],
            "overall": {
                "games": self.games,
                "wins": self.overall("win").to_plain(),
                "draws": self.overall("draw").to_plain(),
                "losses": self.overall("loss").to_plain(),
                "unfinished": self.unfinished,
                "length": None if length is None else length.to_plain(),
            },
        }


def play_field(
    plans: Sequence[GamePlan],
    games: int,
    *,
    backend: Backend | None = None,
    store: ResultStore | None = None,
    resume: bool = False,
    on_progress: FieldProgress | None = None,
) -> FieldResult:
    """Play ``games`` games of each plan of :func:`field_plans`, in order; with a store,
    each opponent's games are a run of their own there (``resume`` continues each)."""
    if not plans:
        raise NoOpponent("--against: give at least one opponent's list")
    matchups = []
    for number, plan in enumerate(plans):

        def report(done: int, total: int, number: int = number) -> None:
            if on_progress is not None:
                on_progress(number, len(plans), done, total)

        run = simulate(plan, games, backend=backend, store=store, resume=resume,
                       on_progress=report)
        matchups.append(Matchup(run, summarize(plan.sides, run.records)))
    return FieldResult(plans[0].sides[0], tuple(matchups))
