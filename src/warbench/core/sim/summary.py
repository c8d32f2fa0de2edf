"""What a run's games say: results per side, scores, lengths, the seat effect, unit figures.

:func:`summarize` turns game records into a :class:`RunSummary`; :func:`compare` asks whether
each side's win rate differs significantly between two runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from warbench.core.sim.plan import Side
from warbench.core.sim.play import GameRecord
from warbench.core.sim.stats import (
    Distribution,
    MeanInterval,
    ProportionTest,
    proportion_test,
    two_proportion_test,
    wilson_interval,
)


@dataclass(frozen=True, slots=True)
class Rate:
    """A proportion with its 95% Wilson interval."""

    successes: int
    trials: int
    low: float
    high: float

    @classmethod
    def of(cls, successes: int, trials: int) -> Rate:
        """The rate of ``successes`` in ``trials`` (an empty rate spans [0, 1])."""
        low, high = wilson_interval(successes, trials) if trials else (0.0, 1.0)
        return cls(successes, trials, low, high)

    @property
    def value(self) -> float:
        """The observed proportion (0 for no trials)."""
        return self.successes / self.trials if self.trials else 0.0

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "count": self.successes,
            "of": self.trials,
            "rate": self.value,
            "interval": [self.low, self.high],
        }


@dataclass(frozen=True, slots=True)
class SideSummary:
    """One side's results; ``by_seat[k]`` is its win rate when sitting in seat k."""

    label: str
    hash: str
    games: int
    wins: Rate
    draws: Rate
    losses: Rate
    scores: Distribution | None
    by_seat: tuple[Rate, ...]

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "label": self.label,
            "hash": self.hash,
            "games": self.games,
            "wins": self.wins.to_plain(),
            "draws": self.draws.to_plain(),
            "losses": self.losses.to_plain(),
            "scores": None if self.scores is None else self.scores.to_plain(),
            "wins_by_seat": [rate.to_plain() for rate in self.by_seat],
        }


@dataclass(frozen=True, slots=True)
class UnitSummary:
    """One unit type of one side over the run. ``fielded``, ``lost``, ``damage_taken``,
    ``damage_dealt`` and ``points_lost`` are means per game (models, models, damage,
    damage, points); ``survival`` is the whole run's: the models not destroyed out of every
    model fielded in it. ``points_destroyed`` is the mean per game of the points the type
    scored off enemy models its attacks destroyed, with its bootstrap interval over the
    games, and ``destroyed_by_game`` those points game by game (both ``None`` for games
    stored before the tallies counted points)."""

    side: int
    unit_type: str
    fielded: float
    lost: float
    survival: Rate | None
    damage_taken: float
    damage_dealt: float
    points_lost: float | None = None
    points_destroyed: MeanInterval | None = None
    destroyed_by_game: tuple[float, ...] | None = None

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "side": self.side,
            "unit_type": self.unit_type,
            "fielded_per_game": self.fielded,
            "lost_per_game": self.lost,
            "survival": None if self.survival is None else self.survival.to_plain(),
            "damage_taken_per_game": self.damage_taken,
            "damage_dealt_per_game": self.damage_dealt,
            "points_lost_per_game": self.points_lost,
            "points_destroyed_per_game": (
                None if self.points_destroyed is None else self.points_destroyed.to_plain()
            ),
        }


def per_game(models: float) -> str:
    """A mean count of models per game in a unit table: a whole number as it is, else to two
    decimals (``2``, ``0.50``)."""
    return f"{models:.0f}" if float(models).is_integer() else f"{models:.2f}"


@dataclass(frozen=True, slots=True)
class RunSummary:
    """Every statistic of a run.

    ``seats[k]`` is how often whoever sat in seat k won; ``seat_test`` asks whether seat 0
    wins more (or less) often than its fair share of the decisive games.
    """

    games: int
    unfinished: int
    sides: tuple[SideSummary, ...]
    seats: tuple[Rate, ...]
    seat_test: ProportionTest | None
    length: Distribution | None
    units: tuple[UnitSummary, ...]
    decisive: int = 0

    def seat_share(self) -> tuple[float, float] | None:
        """Seat 0's share of the decisive games and its fair share (a team win counts for
        each partner, so in 2 v 2 the fair share is a half, not a quarter)."""
        if self.seat_test is None or not self.decisive:
            return None
        share = self.seats[0].successes / self.decisive
        return share, share - self.seat_test.difference

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "games": self.games,
            "unfinished": self.unfinished,
            "sides": [side.to_plain() for side in self.sides],
            "seats": [rate.to_plain() for rate in self.seats],
            "seat_test": None if self.seat_test is None else self.seat_test.to_plain(),
            "decisive": self.decisive,
            "length": None if self.length is None else self.length.to_plain(),
            "units": [unit.to_plain() for unit in self.units],
        }


def summarize(sides: Sequence[Side], records: Sequence[GameRecord]) -> RunSummary:
    """The statistics of ``records`` (any order) for ``sides``."""
    count = len(sides)
    games = len(records)
    side_summaries = tuple(_side(sides[side], side, count, records) for side in range(count))
    seat_wins = [0] * count
    decisive = 0
    shares = 0.0  # seat 0's fair share of the decisive games: a team win has several seats
    for record in records:
        if record.decisive:
            decisive += 1
            shares += len(record.winners) / count
            for winner in record.winners:
                seat_wins[record.seats.index(winner)] += 1
    seat_test = (
        proportion_test(seat_wins[0], decisive, shares / decisive) if decisive else None
    )
    lengths = [float(record.length) for record in records]
    return RunSummary(
        games=games,
        unfinished=sum(not record.finished for record in records),
        sides=side_summaries,
        seats=tuple(Rate.of(wins, games) for wins in seat_wins),
        seat_test=seat_test,
        length=Distribution.of(lengths) if lengths else None,
        units=_units(records, games),
        decisive=decisive,
    )


def _side(side: Side, index: int, count: int, records: Sequence[GameRecord]) -> SideSummary:
    results = [record.result(index) for record in records]
    games = len(records)
    scores = [record.scores[index] for record in records if record.scores]
    by_seat = []
    for seat in range(count):
        here = [record for record in records if record.seats[seat] == index]
        by_seat.append(Rate.of(sum(r.result(index) == "win" for r in here), len(here)))
    return SideSummary(
        label=side.label,
        hash=side.hash,
        games=games,
        wins=Rate.of(results.count("win"), games),
        draws=Rate.of(results.count("draw"), games),
        losses=Rate.of(results.count("loss"), games),
        scores=Distribution.of(scores) if scores else None,
        by_seat=tuple(by_seat),
    )


def _units(records: Sequence[GameRecord], games: int) -> tuple[UnitSummary, ...]:
    totals: dict[tuple[int, str], list[float]] = {}
    destroyed: dict[tuple[int, str], list[float]] = {}
    counted = all(  # older results files did not count points
        tally.points_destroyed is not None for record in records for tally in record.units
    )
    for number, record in enumerate(records):
        for tally in record.units:
            key = (tally.side, tally.unit_type)
            row = totals.setdefault(key, [0, 0, 0.0, 0.0, 0.0])
            row[0] += tally.fielded
            row[1] += tally.lost
            row[2] += tally.damage_taken
            row[3] += tally.damage_dealt
            row[4] += tally.points_lost or 0.0
            # a game where the type has no tally destroyed nothing
            destroyed.setdefault(key, [0.0] * len(records))[number] = (
                tally.points_destroyed or 0.0
            )
    summaries = []
    for key, (fielded, lost, taken, dealt, points_lost) in sorted(totals.items()):
        exposed = int(fielded)
        survival = Rate.of(max(exposed - int(lost), 0), exposed) if exposed else None
        per_game = games or 1
        by_game = tuple(destroyed[key]) if counted else None
        summaries.append(
            UnitSummary(
                *key,
                fielded / per_game,
                lost / per_game,
                survival,
                taken / per_game,
                dealt / per_game,
                points_lost / per_game if counted else None,
                MeanInterval.of(by_game) if by_game else None,
                by_game,
            )
        )
    return tuple(summaries)


@dataclass(frozen=True, slots=True)
class Comparison:
    """One side's win rate in two runs, and whether they differ significantly."""

    label: str
    this: Rate
    other: Rate
    test: ProportionTest
    #: The side's name in the other run (sides are paired by position, and a variant's
    #: list may be named otherwise).
    other_label: str = ""

    def paired(self, other_run: str) -> str:
        """The side in words: its label, and its name in ``other_run`` when that differs.

        >>> rate = Rate.of(1, 2)
        >>> test = two_proportion_test(1, 2, 1, 2)
        >>> Comparison("Lions", rate, rate, test, "Lions").paired("run 1")
        'Lions'
        >>> Comparison("Lions B", rate, rate, test, "Lions").paired("run 1")
        'Lions B (run 1: Lions)'
        """
        if self.other_label in ("", self.label):
            return self.label
        return f"{self.label} ({other_run}: {self.other_label})"

    def verdict(self, other_run: str) -> str:
        """The comparison in one sentence: which way the win rate moved, by how much, and
        whether that is more than chance would do.

        >>> from textwrap import fill
        >>> test = two_proportion_test(28, 40, 37, 40)
        >>> print(fill(Comparison("Lions", Rate.of(28, 40), Rate.of(37, 40), test)
        ...            .verdict("run 1"), 80))
        Lions wins 22.5 points less often than in run 1 (70.0% against 92.5%): p =
        0.0099, a difference chance alone gives less than 5% of the time (significant).
        >>> test = two_proportion_test(20, 40, 19, 40)
        >>> print(fill(Comparison("Lions", Rate.of(20, 40), Rate.of(19, 40), test)
        ...            .verdict("run 1"), 80))
        Lions wins 2.5 points more often than in run 1 (50.0% against 47.5%): p = 0.82,
        no more than chance would give (not significant; more games would tell).
        """
        points = abs(self.test.difference) * 100
        way = "more" if self.test.difference > 0 else "less"
        moved = (f"wins {points:.3g} points {way} often than" if points
                 else "wins as often as")
        why = ("a difference chance alone gives less than 5% of the time (significant)"
               if self.test.significant()
               else "no more than chance would give (not significant; more games would tell)")
        return (f"{self.label} {moved} in {other_run} ({self.this.value:.1%} against"
                f" {self.other.value:.1%}): p = {self.test.p_value:.2g}, {why}.")

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "label": self.label,
            "other_label": self.other_label or self.label,
            "this": self.this.to_plain(),
            "other": self.other.to_plain(),
            "test": self.test.to_plain(),
        }


def compare(this: RunSummary, other: RunSummary) -> tuple[Comparison, ...]:
    """Side by side (by position), this run's win rate against the other's, z-tested."""
    comparisons = []
    for mine, theirs in zip(this.sides, other.sides, strict=False):
        if mine.games and theirs.games:
            test = two_proportion_test(
                mine.wins.successes, mine.games, theirs.wins.successes, theirs.games
            )
            comparisons.append(
                Comparison(mine.label, mine.wins, theirs.wins, test, theirs.label)
            )
    return tuple(comparisons)
