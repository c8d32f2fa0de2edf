"""Statistics for batch results: Wilson intervals, proportion tests, distributions.

>>> low, high = wilson_interval(8, 10)
>>> round(low, 4), round(high, 4)
(0.4902, 0.9433)
>>> round(two_proportion_test(60, 100, 45, 100).p_value, 4)
0.0337
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


class EmptySample(ValueError):
    """A statistic was asked of no trials or no values."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and is sound near 0 and 1.

    >>> wilson_interval(0, 10)[1] == Z95**2 / (10 + Z95**2)
    True
    """
    if trials < 1:
        raise EmptySample("a proportion needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must lie between 0 and {trials}, got {successes}")
    share = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (share + z2 / (2 * trials)) / denominator
    margin = z * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials)) / denominator
    # the interval always holds the observed share; clamping keeps rounding from hiding it
    return max(0.0, min(centre - margin, share)), min(1.0, max(centre + margin, share))


def normal_p_value(z: float) -> float:
    """The two-sided p-value of a standard normal score ``z``: ``erfc(|z| / sqrt 2)``."""
    return math.erfc(abs(z) / math.sqrt(2))


@dataclass(frozen=True, slots=True)
class ProportionTest:
    """A z-test on proportions: the difference seen, its score and two-sided p-value."""

    difference: float
    z: float
    p_value: float

    def significant(self, alpha: float = 0.05) -> bool:
        """Whether the difference is significant at level ``alpha``."""
        return self.p_value < alpha

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form, with the verdict at 5%."""
        return {
            "difference": self.difference,
            "z": self.z,
            "p_value": self.p_value,
            "significant": self.significant(),
        }


def two_proportion_test(
    successes_a: int, trials_a: int, successes_b: int, trials_b: int
) -> ProportionTest:
    """Whether two proportions from independent samples differ (pooled two-proportion z-test)."""
    if trials_a < 1 or trials_b < 1:
        raise EmptySample("both samples need at least one trial")
    share_a, share_b = successes_a / trials_a, successes_b / trials_b
    pooled = (successes_a + successes_b) / (trials_a + trials_b)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / trials_a + 1 / trials_b))
    difference = share_a - share_b
    if spread == 0:
        return ProportionTest(difference, 0.0, 1.0)
    z = difference / spread
    return ProportionTest(difference, z, normal_p_value(z))


def proportion_test(successes: int, trials: int, expected: float) -> ProportionTest:
    """Whether a proportion differs from ``expected`` (one-sample z-test).

    >>> round(proportion_test(60, 100, 0.5).z, 6)
    2.0
    """
    if trials < 1:
        raise EmptySample("a proportion needs at least one trial")
    if not 0 < expected < 1:
        raise ValueError(f"the expected proportion must lie strictly between 0 and 1: {expected}")
    difference = successes / trials - expected
    z = difference / math.sqrt(expected * (1 - expected) / trials)
    return ProportionTest(difference, z, normal_p_value(z))


@dataclass(frozen=True, slots=True)
class Distribution:
    """Summary of a sample: count, mean, standard deviation, quartiles, extremes."""

    count: int
    mean: float
    std: float
    minimum: float
    q1: float
    median: float
    q3: float
    maximum: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Distribution:
        """Summarise ``values`` (sample standard deviation; 0 for a single value).

        >>> Distribution.of([1, 2, 3, 4, 5]).median
        3.0
        """
        if not values:
            raise EmptySample("a distribution needs at least one value")
        array = np.asarray(values, dtype=float)
        q1, median, q3 = (float(q) for q in np.percentile(array, [25, 50, 75]))
        std = float(array.std(ddof=1)) if len(array) > 1 else 0.0
        return cls(
            len(array),
            float(array.mean()),
            std,
            float(array.min()),
            q1,
            median,
            q3,
            float(array.max()),
        )

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "count": self.count,
            "mean": self.mean,
            "std": self.std,
            "min": self.minimum,
            "q1": self.q1,
            "median": self.median,
            "q3": self.q3,
            "max": self.maximum,
        }


#: Resamples of a bootstrap interval, and the fixed seed they are drawn from (the same
#: games always give the same interval, so a report is reproducible).
BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = 0
#: Most values drawn at once while resampling (keeps memory bounded for long runs).
_BOOTSTRAP_CHUNK = 1_000_000


@dataclass(frozen=True, slots=True)
class MeanInterval:
    """The mean of per-game values with its 95% percentile bootstrap interval: the games
    are drawn again with replacement :data:`BOOTSTRAP_RESAMPLES` times, and the interval
    spans the middle 95% of the resampled means. With one game it is that game's value.

    >>> spread = MeanInterval.of([0.0, 0.0, 30.0, 60.0, 0.0, 30.0])
    >>> spread.mean, spread.low <= spread.mean <= spread.high, spread.low >= 0.0
    (20.0, True, True)
    >>> MeanInterval.of([5.0] * 4)
    MeanInterval(count=4, mean=5.0, low=5.0, high=5.0)
    >>> MeanInterval.of([40.0, 0.0]).scaled(0.5).high <= 20.0
    True
    """

    count: int
    mean: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> MeanInterval:
        """The mean of ``values`` (one per game) and its bootstrap interval."""
        if not values:
            raise EmptySample("a mean needs at least one value")
        array = np.asarray(values, dtype=float)
        count = len(array)
        mean = float(array.mean())
        if count == 1 or float(array.min()) == float(array.max()):
            return cls(count, mean, mean, mean)
        rng = np.random.default_rng(BOOTSTRAP_SEED)
        batch = max(1, _BOOTSTRAP_CHUNK // count)
        means: list[np.ndarray] = []
        for start in range(0, BOOTSTRAP_RESAMPLES, batch):
            size = min(batch, BOOTSTRAP_RESAMPLES - start)
            means.append(array[rng.integers(0, count, size=(size, count))].mean(axis=1))
        low, high = np.percentile(np.concatenate(means), [2.5, 97.5])
        # the interval always holds the observed mean; clamping keeps rounding from hiding it
        return cls(count, mean, min(float(low), mean), max(float(high), mean))

    def scaled(self, factor: float) -> MeanInterval:
        """The mean and interval of the values times ``factor`` (a positive number)."""
        return MeanInterval(self.count, self.mean * factor, self.low * factor,
                            self.high * factor)

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"games": self.count, "mean": self.mean, "interval": [self.low, self.high]}
