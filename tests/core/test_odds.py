"""Exact odds checked against icepool (exact rational arithmetic) to 1e-12."""

from __future__ import annotations

import math

import icepool
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from icepool import Vector, d6
from numpy.typing import NDArray

from warbench.core.dice import InvalidReroll
from warbench.core.faces import FaceOutcome, FaceTable
from warbench.core.odds import (
    Dist,
    InvalidDistribution,
    InvalidOddsQuery,
    JointDist,
    absorb,
    apply_attacks,
    keep_highest,
    max_of,
    maximum,
    mixture,
    opposed,
    pool_dist,
    reroll,
    subtract_clipped,
)

TOLERANCE = 1e-12
#: icepool explodes this deep: 6**-21 per die is far below the tolerance of the checks.
ICEPOOL_DEPTH = 20

DW = FaceTable.counted(6, {(4, 5): 1, (6, 6): 2}, explode_on=(6,))
DW_ICEPOOL = icepool.Die([0, 0, 0, 1, 1, 2]).explode([2], depth=ICEPOOL_DEPTH)
HITS_CRITS = FaceTable(
    6,
    (
        *[FaceOutcome((0, 0))] * 3,
        *[FaceOutcome((1, 0))] * 2,
        FaceOutcome((1, 1), explodes=True),
    ),
    ("hits", "crits"),
)
HITS_CRITS_FACES = [Vector((0, 0))] * 3 + [Vector((1, 0))] * 2 + [Vector((1, 1))]
HITS_CRITS_ICEPOOL = icepool.Die(HITS_CRITS_FACES).explode([Vector((1, 1))], depth=ICEPOOL_DEPTH)


def exact(die: icepool.Die) -> dict[object, float]:
    """icepool's probabilities as floats, tuples for vector outcomes."""
    total = die.denominator()
    return {
        (tuple(outcome) if isinstance(outcome, Vector) else outcome): quantity / total
        for outcome, quantity in die.items()
    }


def assert_matches(ours: Dist | JointDist, die: icepool.Die) -> None:
    expected = exact(die)
    got: dict[object, float] = {outcome: p for outcome, p in ours.items()}
    for outcome in set(expected) | set(got):
        difference = abs(got.get(outcome, 0.0) - expected.get(outcome, 0.0))
        assert difference <= TOLERANCE, (outcome, got.get(outcome), expected.get(outcome))


# --- sums and pools ----------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 5, 13, 40])
def test_sum_of_d6_matches_icepool(n: int) -> None:
    assert_matches(Dist.sum_of(Dist.die(6), n), n @ d6)


def test_plain_die_pool_is_a_sum_of_faces() -> None:
    assert pool_dist(3, 6) == Dist.sum_of(Dist.die(6), 3)


def test_sum_of_zero_dice_is_zero() -> None:
    assert Dist.sum_of(Dist.die(6), 0) == Dist.constant(0)
    with pytest.raises(InvalidOddsQuery):
        Dist.sum_of(Dist.die(6), -1)


@pytest.mark.parametrize("n", [1, 13])
def test_exploding_dystopian_wars_pool_matches_icepool(n: int) -> None:
    hits = pool_dist(n, DW)
    assert isinstance(hits, Dist)
    assert_matches(hits, n @ DW_ICEPOOL)


@pytest.mark.parametrize("n", [1, 13, 60, 300])
def test_truncated_mass_is_below_tolerance_and_accounts_for_the_missing_mass(n: int) -> None:
    hits = pool_dist(n, DW)
    assert 0.0 < hits.truncated_mass < 1e-15
    assert hits.mass + hits.truncated_mass == pytest.approx(1.0, abs=1e-13)
    assert hits.mean == pytest.approx(0.8 * n, rel=1e-12)  # (1/3 + 2/6) / (5/6) a die


def test_a_looser_tolerance_leaves_out_more_but_stays_within_it() -> None:
    hits, precise = pool_dist(13, DW, tolerance=1e-6), pool_dist(13, DW)
    assert isinstance(hits, Dist) and isinstance(precise, Dist)
    assert 1e-9 < hits.truncated_mass < 1e-6
    assert hits.close_to(precise, tolerance=1e-6)
    with pytest.raises(InvalidOddsQuery):
        pool_dist(13, DW, tolerance=0.0)


def test_a_table_without_explosions_is_exact() -> None:
    hits = pool_dist(20, FaceTable.threshold(6, 4))
    assert hits.truncated_mass == 0.0
    assert_matches(hits, 20 @ (d6 >= 4))


# --- rerolls -----------------------------------------------------------------------------


def test_reroll_once_matches_icepool() -> None:
    assert_matches(reroll(6, {1}), d6.reroll([1], depth=1))
    assert_matches(reroll(6, lambda face: face < 3), d6.reroll([1, 2], depth=1))


def test_reroll_until_it_changes_matches_icepool() -> None:
    assert_matches(reroll(6, {1, 2}, once=False), d6.reroll([1, 2], depth="inf"))
    with pytest.raises(InvalidReroll):
        reroll(6, range(1, 7), once=False)


def test_rerolled_exploding_pool_matches_icepool() -> None:
    # Misses are rolled again once; the dice explosions add are rolled plainly.
    first = d6.reroll([1, 2, 3], depth=1)
    per_die = first.map({1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2 + DW_ICEPOOL})
    hits = pool_dist(5, DW, reroll_on={1, 2, 3})
    assert_matches(hits, 5 @ per_die)
    assert_matches(reroll(DW, {1, 2, 3}), per_die)


# --- order statistics, opposed rolls, mixtures --------------------------------------------


def test_maximum_matches_icepool() -> None:
    assert_matches(maximum(Dist.die(6), 3), d6.highest(3))
    assert_matches(maximum(Dist.die(6) - 4, 2), (d6 - 4).highest(2))
    assert_matches(max_of(Dist.die(6), Dist.die(8)), icepool.highest(d6, icepool.d8))
    assert_matches(max_of(Dist.die(4) + 5, Dist.die(6)), icepool.highest(icepool.d4 + 5, d6))


@pytest.mark.parametrize(
    ("sides", "shift", "n", "keep"), [(6, 0, 4, 3), (6, 0, 10, 4), (8, -2, 5, 2)]
)
def test_keep_highest_matches_icepool(sides: int, shift: int, n: int, keep: int) -> None:
    ours = keep_highest(Dist.die(sides) + shift, n, keep)
    assert_matches(ours, (icepool.d(sides) + shift).highest(n, keep))


def test_keep_highest_and_maximum_of_exploding_dice_match_icepool() -> None:
    die = pool_dist(1, DW)
    assert isinstance(die, Dist)
    assert_matches(keep_highest(die, 4, 2), DW_ICEPOOL.highest(4, 2))
    assert_matches(maximum(die, 3), DW_ICEPOOL.highest(3))
    assert keep_highest(die, 4, 2).truncated_mass == pytest.approx(4 * die.truncated_mass)


def test_keep_highest_edge_counts() -> None:
    assert keep_highest(Dist.die(6), 3, 3) == Dist.sum_of(Dist.die(6), 3)
    assert keep_highest(Dist.die(6), 3, 0) == Dist.constant(0)
    with pytest.raises(InvalidOddsQuery):
        keep_highest(Dist.die(6), 3, 4)


def test_opposed_matches_icepool() -> None:
    cases = [(Dist.sum_of(Dist.die(6), 2), 2 @ d6, Dist.die(12), icepool.d12)]
    hits = pool_dist(6, DW)
    assert isinstance(hits, Dist)
    cases.append((hits, 6 @ DW_ICEPOOL, Dist.die(6) + 2, d6 + 2))
    for a, a_die, b, b_die in cases:
        odds = opposed(a, b)
        assert odds.win == pytest.approx(float((a_die > b_die).probability(True)), abs=TOLERANCE)
        assert odds.tie == pytest.approx(float((a_die == b_die).probability(True)), abs=TOLERANCE)
        assert odds.lose == pytest.approx(float((a_die < b_die).probability(True)), abs=TOLERANCE)


def test_mixture_matches_icepool() -> None:
    ours = mixture([(1, Dist.die(6)), (2, Dist.sum_of(Dist.die(4), 2) - 3)])
    assert_matches(ours, icepool.Die([d6, 2 @ icepool.d4 - 3], times=[1, 2]))
    with pytest.raises(InvalidOddsQuery):
        mixture([(0, Dist.die(6))])


# --- one-result algebra ------------------------------------------------------------------


def test_queries_on_two_d6() -> None:
    two = Dist.sum_of(Dist.die(6), 2)
    assert two.p(7) == pytest.approx(6 / 36)
    assert two.p(1) == two.p(13) == 0.0
    assert two.at_least(10) == pytest.approx(6 / 36)
    assert two.at_most(4) == pytest.approx(6 / 36)
    assert two.at_least(-5) == pytest.approx(1.0) and two.at_most(99) == pytest.approx(1.0)
    assert two.at_least(13) == 0.0 and two.at_most(1) == 0.0
    assert two.mean == pytest.approx(7.0)
    assert two.variance == pytest.approx(35 / 6)
    assert two.support == tuple(range(2, 13))


def test_map_clip_threshold_multiples_match_icepool() -> None:
    two = Dist.sum_of(Dist.die(6), 2)
    assert_matches(two.map(lambda v: v * v - 10), (2 @ d6).map(lambda v: v * v - 10))
    assert_matches(two.clip(4, 9), (2 @ d6).clip(4, 9))
    assert_matches(two.threshold(8), (2 @ d6 >= 8).map(lambda hit: int(hit)))
    assert_matches((two - 7).multiples(3), (2 @ d6 - 7) // 3)
    with pytest.raises(InvalidOddsQuery):
        two.multiples(0)
    with pytest.raises(InvalidOddsQuery):
        two.map(lambda v: v / 2)  # type: ignore[arg-type, return-value]


def test_negation_and_difference_match_icepool() -> None:
    assert_matches(Dist.die(6) - Dist.die(8), d6 - icepool.d8)
    assert_matches(10 - Dist.die(6), 10 - d6)


# --- several channels --------------------------------------------------------------------


def test_hits_and_crits_pool_matches_icepool_with_marginals() -> None:
    joint = pool_dist(5, HITS_CRITS)
    assert isinstance(joint, JointDist)
    assert joint.channels == ("hits", "crits")
    expected = 5 @ HITS_CRITS_ICEPOOL
    assert_matches(joint, expected)
    assert_matches(joint.marginal("hits"), expected.marginals[0])
    assert_matches(joint.marginal(1), expected.marginals[1])
    assert_matches(
        joint.map(lambda hits, crits: hits + 2 * crits), expected.map(lambda v: v[0] + 2 * v[1])
    )
    assert joint.mean == pytest.approx((5 * 0.6, 5 * 0.2), rel=1e-12)


def test_larger_two_channel_pool_matches_icepool() -> None:
    faces = [(0, 0)] * 3 + [(1, 0)] * 2 + [(1, 1)]
    plain = FaceTable(6, tuple(FaceOutcome(values) for values in faces), ("hits", "crits"))
    joint = pool_dist(30, plain)
    assert joint.truncated_mass == 0.0
    assert_matches(joint, 30 @ icepool.Die(HITS_CRITS_FACES))


def test_joint_queries_and_channel_checks() -> None:
    die = JointDist.from_mapping(
        {(0, 0): 0.5, (1, 0): 0.25, (1, 1): 0.25}, channels=("hits", "crits")
    )
    pair = die + die
    assert pair.p(2, 2) == pytest.approx(1 / 16)
    assert pair.p(0, 1) == 0.0 and pair.p(9, 9) == 0.0
    assert pair.at_least(1, 1) == pytest.approx(1 - 0.75**2)
    with pytest.raises(InvalidOddsQuery):
        pair.p(1)
    with pytest.raises(InvalidOddsQuery):
        pair.marginal("damage")
    with pytest.raises(InvalidOddsQuery):
        pair + JointDist.from_mapping({(0, 0): 1.0}, channels=("a", "b"))


# --- target state over several attacks -----------------------------------------------------


def test_apply_attacks_matches_icepool_state_by_state() -> None:
    damage = {0: 2, 1: 1, 3: 1}
    ours = apply_attacks(
        6, [subtract_clipped(Dist.from_mapping({k: v / 4 for k, v in damage.items()}))] * 10
    )
    state = icepool.Die([6])
    for _ in range(10):
        state = (state - icepool.Die(damage)).clip(0, None)
    assert_matches(ours, state)


def test_attacks_can_depend_on_the_state() -> None:
    # Shields (state above 3) stop a 1-damage hit; below that each hit lands.
    def hit(state: int) -> Dist:
        lands = Dist.constant(max(state - 1, 0))
        return (
            Dist.constant(state) if state > 3 else mixture([(1, lands), (1, Dist.constant(state))])
        )

    after = apply_attacks(Dist.from_mapping({3: 0.5, 4: 0.5}), [hit] * 3)
    assert after.p(4) == pytest.approx(0.5)
    assert after.p(0) == pytest.approx(0.5 / 8)
    assert absorb(after, hit) == apply_attacks(after, [hit])


def test_exploding_damage_carries_its_truncated_mass_into_the_state() -> None:
    hits = pool_dist(4, DW)
    assert isinstance(hits, Dist)
    after = apply_attacks(10, [subtract_clipped(hits)] * 2)
    assert 0.0 < after.truncated_mass < 1e-14
    assert after.mass + after.truncated_mass == pytest.approx(1.0, abs=1e-13)


# --- construction, checks, value behaviour ----------------------------------------------------


def test_from_mapping_checks_total_mass_and_signs() -> None:
    with pytest.raises(InvalidDistribution):
        Dist.from_mapping({1: 0.5, 2: 0.4})
    with pytest.raises(InvalidDistribution):
        Dist.from_mapping({1: 1.5, 2: -0.5})
    with pytest.raises(InvalidDistribution):
        Dist([0.5, 0.5], truncated_mass=0.1)
    with pytest.raises(InvalidDistribution):
        JointDist([[0.5, 0.5]], offsets=(0,))


def test_values_are_immutable_and_compare_by_value() -> None:
    d = Dist.die(6)
    with pytest.raises(ValueError, match="read-only"):
        d.probabilities[0] = 1.0
    assert Dist.die(6) == d and hash(Dist.die(6)) == hash(d)
    assert Dist.die(6) != Dist.die(6) + 1


def test_small_reprs_paste_back_and_large_ones_summarise() -> None:
    d = Dist.from_mapping({-1: 0.25, 2: 0.75})
    assert eval(repr(d)) == d
    joint = JointDist.from_mapping({(0, 0): 0.5, (1, 1): 0.5}, channels=("hits", "crits"))
    assert eval(repr(joint)) == joint
    assert repr(Dist.sum_of(Dist.die(6), 100)) == "<Dist 100..600, mean 350>"


# --- properties ----------------------------------------------------------------------------

weights = st.lists(st.floats(0.0, 1.0), min_size=1, max_size=8).filter(lambda w: sum(w) > 0.1)


@st.composite
def dists(draw: st.DrawFn) -> Dist:
    w = np.array(draw(weights))
    return Dist(w / w.sum(), offset=draw(st.integers(-5, 5)))


@settings(max_examples=200, deadline=None)
@given(dists(), dists())
def test_convolution_is_commutative_and_means_add(a: Dist, b: Dist) -> None:
    assert (a + b).close_to(b + a, tolerance=1e-15)
    assert (a + b).mean == pytest.approx(a.mean + b.mean, abs=1e-9)
    assert (a + b).mass == pytest.approx(1.0, abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(dists(), st.integers(1, 6), st.integers(0, 6))
def test_keep_highest_of_all_agrees_with_sum_and_max(d: Dist, n: int, keep: int) -> None:
    keep = min(keep, n)
    kept = keep_highest(d, n, keep)
    assert kept.mass == pytest.approx(1.0, abs=1e-12)
    if keep == 1:
        assert kept.close_to(maximum(d, n))
    if keep == n:
        assert kept.close_to(Dist.sum_of(d, n))


# --- sampling agrees with the exact distribution ----------------------------------------------


def chi_square_critical(df: int, z: float = 4.0) -> float:
    """Wilson-Hilferty: the chi-square quantile matching a normal deviate ``z`` (here ~3e-5)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def sample_pool(
    rng: np.random.Generator, samples: int, dice: int, face_values: NDArray[np.int64]
) -> NDArray[np.int64]:
    """Totals of ``samples`` pools of ``dice`` d6 read as ``face_values[face]``, exploding
    on 6 (simulated here independently of the odds code)."""
    faces = rng.integers(1, 7, size=(samples, dice))
    totals: NDArray[np.int64] = face_values[faces].sum(axis=1)
    exploding = (faces == 6).sum(axis=1)
    while exploding.any():
        new = rng.integers(1, 7, size=(samples, int(exploding.max())))
        rolled = np.arange(new.shape[1]) < exploding[:, None]
        totals += (face_values[new] * rolled).sum(axis=1)
        exploding = ((new == 6) & rolled).sum(axis=1)
    return totals


def test_sampled_pools_fit_the_exact_distribution() -> None:
    values = np.array([0, 0, 0, 0, 1, 1, 2])  # index = face
    totals = sample_pool(np.random.default_rng(20240601), 200_000, 6, values)
    exact_hits = pool_dist(6, DW)
    assert isinstance(exact_hits, Dist)
    observed = np.bincount(totals)
    bins_observed, bins_expected = [], []
    pending_observed, pending_expected = 0.0, 0.0
    for value in range(len(observed)):
        pending_observed += observed[value]
        pending_expected += len(totals) * exact_hits.p(value)
        if pending_expected >= 5:
            bins_observed.append(pending_observed)
            bins_expected.append(pending_expected)
            pending_observed, pending_expected = 0.0, 0.0
    bins_observed[-1] += pending_observed
    bins_expected[-1] += pending_expected + len(totals) * exact_hits.at_least(len(observed))
    o, e = np.array(bins_observed), np.array(bins_expected)
    statistic = float(((o - e) ** 2 / e).sum())
    assert statistic < chi_square_critical(len(o) - 1)
    assert len(o) > 10  # the test has power: many bins, not one lump
