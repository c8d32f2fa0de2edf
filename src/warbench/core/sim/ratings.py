"""Bradley-Terry ratings from a round robin, with bootstrap intervals.

In the Bradley-Terry model side ``i`` beats side ``j`` with probability
``p_i / (p_i + p_j)``. :func:`bradley_terry` fits the strengths ``p`` with Hunter's MM
algorithm; a draw counts as half a win for each side. Ratings are shown on the Elo scale,
``400 * log10(p)``, centred on 0: a side rated 200 above another is expected to win about
76% of their games.

>>> wins = np.array([[0, 30], [10, 0]])
>>> round(float(elo_scale(bradley_terry(wins, prior=0.0))[0]), 1)
95.4
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]

#: Virtual games added between every pair that met (half a win each way), so that a side
#: that never won still gets a finite rating.
DEFAULT_PRIOR = 1.0


def bradley_terry(
    wins: npt.ArrayLike,
    *,
    prior: float = DEFAULT_PRIOR,
    tolerance: float = 1e-10,
    max_iterations: int = 10_000,
) -> FloatArray:
    """Strengths ``p`` (geometric mean 1) from ``wins[i, j]``: games ``i`` won against ``j``.

    Draws enter as half a win each way. ``prior`` virtual games, split evenly, are added
    between every pair that played at least once.
    """
    table = np.asarray(wins, dtype=float)
    played = table + table.T
    met = played > 0
    table = table + np.where(met, prior / 2, 0.0)
    played = table + table.T
    won = table.sum(axis=1)
    strength = np.ones(len(table))
    for _ in range(max_iterations):
        pair_sums = strength[:, None] + strength[None, :]
        denominator = np.where(met, played / pair_sums, 0.0).sum(axis=1)
        updated = np.where(denominator > 0, won / np.where(denominator > 0, denominator, 1), 1.0)
        updated = np.maximum(updated, 1e-300)
        updated /= math.exp(float(np.log(updated).mean()))
        if float(np.abs(updated - strength).max()) < tolerance:
            return updated
        strength = updated
    return strength


def elo_scale(strength: FloatArray) -> FloatArray:
    """Strengths on the Elo scale, centred on 0."""
    ratings: FloatArray = 400 * np.log10(strength)
    centred: FloatArray = ratings - ratings.mean()
    return centred


@dataclass(frozen=True, slots=True)
class Rating:
    """One side's Elo-scale rating and its 95% bootstrap interval."""

    label: str
    rating: float
    low: float
    high: float

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"label": self.label, "rating": self.rating, "interval": [self.low, self.high]}


def rate(
    labels: Sequence[str],
    wins: npt.ArrayLike,
    draws: npt.ArrayLike,
    *,
    resamples: int = 200,
    seed: int = 0,
    prior: float = DEFAULT_PRIOR,
) -> tuple[Rating, ...]:
    """Ratings from ``wins[i, j]`` (i beat j) and symmetric ``draws[i, j]``.

    Intervals come from ``resamples`` bootstrap tournaments drawn from the fitted model
    (a parametric bootstrap): each pair plays its number of games again, drawing as often as
    it did and splitting the other games by the fitted chance ``p_i / (p_i + p_j)``, and the
    ratings are refitted. Redrawing each pair's observed results instead would never change
    a pair that one side won every time, so a few games a pair would give falsely narrow
    intervals.
    """
    won = np.asarray(wins, dtype=float)
    drawn = np.asarray(draws, dtype=float)
    strength = bradley_terry(won + drawn / 2, prior=prior)
    estimate = elo_scale(strength)
    rng = np.random.default_rng(seed)
    samples = np.empty((resamples, len(labels)))
    for sample in range(resamples):
        fake_wins = np.zeros_like(won)
        fake_draws = np.zeros_like(won)
        for i in range(len(labels)):
            for j in range(i + 1, len(labels)):
                games = int(won[i, j] + won[j, i] + drawn[i, j])
                if games == 0:
                    continue
                decisive = 1 - drawn[i, j] / games
                chance = strength[i] / (strength[i] + strength[j])
                shares = np.array([decisive * chance, decisive * (1 - chance), 1 - decisive])
                a_wins, b_wins, ties = rng.multinomial(games, shares)
                fake_wins[i, j], fake_wins[j, i] = a_wins, b_wins
                fake_draws[i, j] = fake_draws[j, i] = ties
        samples[sample] = elo_scale(bradley_terry(fake_wins + fake_draws / 2, prior=prior))
    low, high = np.percentile(samples, [2.5, 97.5], axis=0)
    return tuple(
        Rating(label, float(estimate[k]), float(low[k]), float(high[k]))
        for k, label in enumerate(labels)
    )
