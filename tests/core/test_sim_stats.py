"""Wilson intervals, proportion tests, distributions and bootstrap intervals of a mean,
against numbers worked by hand or by the normal approximation."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.core.sim.stats import (
    Z95,
    Distribution,
    EmptySample,
    MeanInterval,
    normal_p_value,
    proportion_test,
    two_proportion_test,
    wilson_interval,
)


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # centre (p + z²/2n) / (1 + z²/n), half-width z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n)
        (8, 10, 0.49016, 0.94332),  # centre 0.71674, half-width 0.22658
        (50, 100, 0.40383, 0.59617),  # centre 0.5, half-width 0.09617
        (0, 10, 0.0, 0.27754),  # upper bound z² / (n + z²) = 3.8415 / 13.8415
        (10, 10, 0.72246, 1.0),
        (1, 1, 0.20654, 1.0),  # z² / (1 + z²) = 0.79346 below 1
    ],
)
def test_wilson_intervals_match_hand_computed_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    got = wilson_interval(successes, trials)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_rejects_impossible_counts() -> None:
    with pytest.raises(EmptySample):
        wilson_interval(0, 0)
    with pytest.raises(ValueError, match="between 0 and 10"):
        wilson_interval(11, 10)


@given(st.integers(1, 5000), st.data())
@settings(max_examples=200, deadline=None)
def test_the_interval_holds_the_observed_rate_inside_zero_one(
    trials: int, data: st.DataObject
) -> None:
    successes = data.draw(st.integers(0, trials))
    low, high = wilson_interval(successes, trials)
    assert 0 <= low <= successes / trials <= high <= 1


def test_intervals_narrow_as_games_grow() -> None:
    widths = [wilson_interval(n // 2, n) for n in (10, 100, 1000)]
    assert [high - low for low, high in widths] == sorted(
        (high - low for low, high in widths), reverse=True
    )


def test_two_proportion_test_matches_hand_computed_values() -> None:
    # 60/100 against 45/100: pooled 0.525, se = sqrt(0.525·0.475·0.02) = 0.070622,
    # z = 0.15 / 0.070622 = 2.1240, p = erfc(2.1240 / sqrt 2) = 0.03367
    test = two_proportion_test(60, 100, 45, 100)
    assert test.difference == pytest.approx(0.15)
    assert test.z == pytest.approx(2.12398, abs=1e-4)
    assert test.p_value == pytest.approx(0.03367, abs=1e-4)
    assert test.significant()
    assert not two_proportion_test(52, 100, 50, 100).significant()
    assert two_proportion_test(0, 10, 0, 20).p_value == 1.0


def test_one_sample_test_and_the_normal_tail() -> None:
    # 60 of 100 against 0.5: z = 0.1 / sqrt(0.25 / 100) = 2, p = 0.0455
    test = proportion_test(60, 100, 0.5)
    assert test.z == pytest.approx(2.0)
    assert test.p_value == pytest.approx(0.0455, abs=1e-4)
    assert normal_p_value(Z95) == pytest.approx(0.05)
    assert normal_p_value(0.0) == 1.0
    assert normal_p_value(-3.0) == normal_p_value(3.0) == pytest.approx(math.erfc(3 / 2**0.5))


def test_distributions_summarise_a_sample() -> None:
    summary = Distribution.of([2, 4, 4, 4, 5, 5, 7, 9])
    assert summary.mean == 5.0
    assert summary.std == pytest.approx(2.13809, abs=1e-5)  # sample sd: sqrt(32 / 7)
    assert (summary.minimum, summary.median, summary.maximum) == (2.0, 4.5, 9.0)
    assert summary.to_plain()["q1"] == 4.0
    assert Distribution.of([3.0]).std == 0.0
    with pytest.raises(EmptySample):
        Distribution.of([])


def test_a_bootstrap_interval_of_many_games_matches_the_normal_one() -> None:
    """Points destroyed per game (docs/simulate.md): with many games the percentile
    bootstrap agrees with mean ± 1.96 standard errors."""
    values = np.random.default_rng(7).normal(40.0, 25.0, size=600)
    spread = MeanInterval.of(list(values))
    error = values.std(ddof=1) / math.sqrt(len(values))
    assert spread.mean == pytest.approx(values.mean())
    assert spread.low == pytest.approx(values.mean() - Z95 * error, abs=0.15 * error)
    assert spread.high == pytest.approx(values.mean() + Z95 * error, abs=0.15 * error)


def test_a_bootstrap_interval_holds_the_true_mean_about_95_times_in_100() -> None:
    """Runs of 30 games drawn from a known, skewed spread of points: the interval holds
    the true mean in about 95% of runs (the percentile bootstrap runs a little short on
    small skewed samples, never far)."""
    rng = np.random.default_rng(11)
    held = sum(
        spread.low <= 40.0 <= spread.high
        for spread in (MeanInterval.of(list(rng.exponential(40.0, size=30)))
                       for _ in range(300))
    )
    assert 0.88 <= held / 300 <= 0.99


def test_a_bootstrap_interval_is_reproducible_and_stays_in_the_sample() -> None:
    """The same games give the same interval (a fixed seed: a report can be made again),
    never outside the values seen, and a single game, or games all alike, give no spread."""
    games = [0.0, 0.0, 25.0, 160.0, 0.0, 50.0, 25.0]
    first, again = MeanInterval.of(games), MeanInterval.of(list(games))
    assert first == again
    assert 0.0 <= first.low < first.mean < first.high <= 160.0
    assert MeanInterval.of([30.0]) == MeanInterval(1, 30.0, 30.0, 30.0)
    assert MeanInterval.of([0.0] * 5) == MeanInterval(5, 0.0, 0.0, 0.0)
    assert MeanInterval.of([10.0, 30.0]).scaled(10.0).mean == pytest.approx(200.0)
    with pytest.raises(EmptySample):
        MeanInterval.of([])
