"""Bradley-Terry ratings from win matrices."""

from __future__ import annotations

import math

import numpy as np
import pytest

from warbench.core.sim.ratings import bradley_terry, elo_scale, rate


def test_two_sides_get_the_closed_form_strengths() -> None:
    # with one pair, the maximum-likelihood ratio p_a / p_b is wins_a / wins_b = 3
    strength = bradley_terry(np.array([[0, 30], [10, 0]]), prior=0.0)
    assert strength[0] / strength[1] == pytest.approx(3.0)
    assert math.prod(strength) == pytest.approx(1.0)
    ratings = elo_scale(strength)
    assert ratings[0] - ratings[1] == pytest.approx(400 * math.log10(3))
    assert ratings.sum() == pytest.approx(0.0)


def test_three_sides_are_ordered_by_strength() -> None:
    true = np.array([4.0, 2.0, 1.0])
    games = 1000
    wins = np.array(
        [
            [0 if i == j else games * true[i] / (true[i] + true[j]) for j in range(3)]
            for i in range(3)
        ]
    )
    fitted = bradley_terry(wins, prior=0.0)
    assert fitted / fitted[2] == pytest.approx(true / true[2], rel=1e-6)


def test_a_side_that_never_wins_gets_a_finite_rating() -> None:
    ratings = elo_scale(bradley_terry(np.array([[0, 10], [0, 0]])))
    assert np.isfinite(ratings).all() and ratings[0] > ratings[1]


def test_bootstrap_intervals_hold_the_estimates_and_repeat_with_the_seed() -> None:
    wins = np.array([[0, 15, 18], [5, 0, 12], [2, 8, 0]])
    draws = np.zeros((3, 3))
    first = rate(["a", "b", "c"], wins, draws, resamples=100, seed=4)
    assert [r.label for r in sorted(first, key=lambda r: -r.rating)] == ["a", "b", "c"]
    for rating in first:
        assert rating.low <= rating.rating <= rating.high
    assert rate(["a", "b", "c"], wins, draws, resamples=100, seed=4) == first
    assert first[0].to_plain()["interval"] == [first[0].low, first[0].high]


def test_draws_count_half_a_win_each_way() -> None:
    wins = np.zeros((2, 2))
    draws = np.array([[0, 10], [10, 0]])
    (a, b) = rate(["a", "b"], wins, draws, resamples=20)
    assert a.rating == pytest.approx(0.0) and b.rating == pytest.approx(0.0)


def test_a_pair_won_every_time_in_few_games_gets_a_wide_interval() -> None:
    """Two wins out of two do not show the lists differ; twenty out of twenty do. Redrawing
    the observed results (always 2-0) gave an interval of zero width."""
    few = rate(["a", "b"], np.array([[0, 2], [0, 0]]), np.zeros((2, 2)), resamples=400)
    many = rate(["a", "b"], np.array([[0, 20], [0, 0]]), np.zeros((2, 2)), resamples=400)
    assert few[0].low <= 0.0 < few[0].rating <= few[0].high  # equal lists are not ruled out
    assert few[0].high - few[0].low > 100
    assert 0.0 < many[0].low <= many[0].rating <= many[0].high


def test_interval_widths_shrink_with_more_games_per_pair() -> None:
    shares = np.array([[0, 3], [1, 0]])
    widths = [
        rate(["a", "b"], shares * n, np.zeros((2, 2)), resamples=300)[0]
        for n in (2, 50)
    ]
    assert widths[0].high - widths[0].low > 2 * (widths[1].high - widths[1].low)
