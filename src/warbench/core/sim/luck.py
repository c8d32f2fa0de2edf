"""Luck of winners and losers over a run: did the dice decide the games?

Each game record carries every side's game luck percentile (``warbench.core.luck``: the
effects of its rolls against their exact odds). Over the decisive games (one winner, every
side with rated rolls) this compares the winners' luck with the losers' and counts how often
the luckiest side won: near 50% for two sides means skill and set-up, not dice, decided.

>>> from warbench.core.sim.play import GameRecord
>>> def game(winner: int, luck: tuple[float, float]) -> GameRecord:
...     return GameRecord(0, 0, (0, 1), (winner,), (), 10, True, "", "", luck=luck)
>>> summary = luck_summary([game(0, (0.9, 0.3)), game(1, (0.6, 0.4))], 2)
>>> round(summary.winners, 2), round(summary.losers, 2), summary.luckiest_won.successes
(0.65, 0.45, 1)
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from warbench.core.sim.play import GameRecord
from warbench.core.sim.summary import Rate


@dataclass(frozen=True, slots=True)
class LuckSummary:
    """Mean game luck of winners and losers, by side, and how often the luckiest won."""

    decisive: int
    winners: float | None
    losers: float | None
    luckiest_won: Rate
    by_side: tuple[float | None, ...]

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "decisive_games": self.decisive,
            "winners_mean_luck": self.winners,
            "losers_mean_luck": self.losers,
            "luckiest_won": self.luckiest_won.to_plain(),
            "mean_luck_by_side": list(self.by_side),
        }


def _mean(values: Sequence[float]) -> float | None:
    return statistics.fmean(values) if values else None


def luck_summary(records: Sequence[GameRecord], sides: int) -> LuckSummary:
    """The luck figures of ``records`` (games of ``sides`` sides)."""
    winners: list[float] = []
    losers: list[float] = []
    luckiest = 0
    decisive = 0
    for record in records:
        luck = record.luck
        if not record.decisive or len(luck) != sides or any(v is None for v in luck):
            continue
        known = [value for value in luck if value is not None]
        decisive += 1
        winners += [known[side] for side in record.winners]
        losers += [value for side, value in enumerate(known) if side not in record.winners]
        luckiest += any(known[side] == max(known) for side in record.winners)
    by_side = tuple(
        _mean([v for record in records if len(record.luck) == sides
               for v in (record.luck[side],) if v is not None])
        for side in range(sides)
    )
    return LuckSummary(
        decisive, _mean(winners), _mean(losers), Rate.of(luckiest, decisive), by_side
    )
