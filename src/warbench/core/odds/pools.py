"""Dice pools read through a :class:`~warbench.core.faces.FaceTable`, exactly.

An exploding face adds a new die, read through the same table, so one die's total is an
infinite series: with ``stop`` (faces that end the die) and ``go`` (faces that roll again)
it is ``stop + go * stop + go**2 * stop + ...`` (``*`` convolving). The series is summed
until the chains of explosions left out hold less mass than the tolerance asks; that mass
is reported as ``truncated_mass``. Re-rolls change the first roll of each die only; the dice
that explosions add roll plainly (as :func:`warbench.core.dice.pool` rolls them).

>>> dw = FaceTable.counted(6, {(4, 5): 1, (6, 6): 2}, explode_on=(6,))
>>> hits = pool_dist(13, dw)
>>> round(hits.mean, 9), round(hits.at_least(10), 6), hits.truncated_mass < 1e-15
(10.4, 0.553987, True)
"""

from __future__ import annotations

import math

import numpy as np

from warbench.core.dice import FaceMatch, InvalidReroll, matching_faces
from warbench.core.faces import FaceOutcome, FaceTable
from warbench.core.odds._arrays import FloatArray, Offsets, convolve, weighted_sum
from warbench.core.odds._lattice import InvalidOddsQuery
from warbench.core.odds.dist import Dist
from warbench.core.odds.joint import JointDist

#: Default bound on the probability a pool's result may leave out.
TOLERANCE = 1e-15

Measure = tuple[FloatArray, Offsets]


def pool_dist(
    count: int,
    table: FaceTable | int,
    *,
    reroll_on: FaceMatch = (),
    reroll_once: bool = True,
    tolerance: float = TOLERANCE,
) -> Dist | JointDist:
    """The totals of ``count`` dice read through ``table`` (a plain ``int`` is a die
    counting its face), re-rolling faces ``reroll_on`` takes on each die's first roll.

    A one-channel table gives a :class:`Dist`, a table of several channels a
    :class:`JointDist`. At most ``tolerance`` of the mass is left out (explosions only);
    half of it goes to cutting each die's series, half to trimming the pool's upper tail.
    A boosted roll (one die more) is ``pool_dist(count + 1, ...)``.

    >>> pool_dist(2, FaceTable.threshold(6, 4)).to_dict()
    {0: 0.25, 1: 0.5, 2: 0.25}
    >>> pool_dist(1, 6, reroll_on={1}).p(1)  # a 1 stands only if it comes up twice
    0.027777777777777776
    """
    if count < 0:
        raise InvalidOddsQuery(f"cannot roll {count} dice")
    die = reroll(table, reroll_on, once=reroll_once, tolerance=tolerance / 2 / max(count, 1))
    budget = tolerance / 2 if die.truncated_mass else 0.0
    if isinstance(die, JointDist):
        return JointDist.sum_of(die, count, tolerance=budget)
    return Dist.sum_of(die, count, tolerance=budget)


def reroll(
    table: FaceTable | int,
    faces: FaceMatch,
    *,
    once: bool = True,
    tolerance: float = TOLERANCE,
) -> Dist | JointDist:
    """One die of ``table`` whose first roll is rolled again when ``faces`` takes it: once
    (the new face stands), or until it shows a face ``faces`` does not take.

    >>> reroll(6, {1, 2, 3}).at_least(4)  # 1/2 + 1/2 * 1/2
    0.75
    >>> reroll(6, {1, 2, 3}, once=False).at_least(4)
    1.0
    """
    table = _as_table(table)
    taken = matching_faces(table.sides, faces)
    sides = table.sides
    again = np.array([face in taken for face in range(1, sides + 1)])
    if once:
        weights = np.where(again, 0.0, 1.0 / sides) + len(taken) / sides / sides
    elif len(taken) >= sides:
        raise InvalidReroll(f"re-rolling every face of a d{sides} until it changes never ends")
    else:
        weights = np.where(again, 0.0, 1.0 / (sides - len(taken)))
    return _one_die(table, weights, tolerance)


def _as_table(table: FaceTable | int) -> FaceTable:
    if isinstance(table, FaceTable):
        return table
    outcomes = tuple(FaceOutcome((face,)) for face in range(1, table + 1))
    return FaceTable(table, outcomes, ("value",))


def _split(table: FaceTable, weights: FloatArray) -> tuple[Measure, Measure, float]:
    """The faces that stop and those that explode, weighted; and the chance of exploding."""
    channels = len(table.channels)
    low = tuple(min(o.values[c] for o in table.outcomes) for c in range(channels))
    high = tuple(max(o.values[c] for o in table.outcomes) for c in range(channels))
    shape = tuple(h - lo + 1 for h, lo in zip(high, low, strict=True))
    stop, go = np.zeros(shape), np.zeros(shape)
    for outcome, weight in zip(table.outcomes, weights, strict=True):
        index = tuple(v - lo for v, lo in zip(outcome.values, low, strict=True))
        (go if outcome.explodes else stop)[index] += weight
    return (stop, low), (go, low), float(go.sum())


def _then(go: Measure, rest: Measure) -> Measure:
    """``go`` followed by a further die ``rest``: their convolution."""
    offsets = tuple(a + b for a, b in zip(go[1], rest[1], strict=True))
    return convolve(go[0], rest[0]), offsets


def _one_die(table: FaceTable, first_weights: FloatArray, tolerance: float) -> Dist | JointDist:
    """One die: its first roll faces ``first_weights``, each explosion a plain die.

    Chains of more than ``depth`` explosions are left out; they hold
    ``first_explode * explode**depth``, the smallest depth that keeps within ``tolerance``.
    """
    first_stop, first_go, first_explode = _split(table, first_weights)
    stop, go, explode = _split(table, np.full(table.sides, 1.0 / table.sides))
    result = first_stop
    lost = 0.0
    if first_explode and tolerance <= 0.0:
        raise InvalidOddsQuery("exploding dice need a tolerance above zero to be summed")
    if first_explode > tolerance:
        depth = math.ceil(math.log(tolerance / first_explode) / math.log(explode))
        while first_explode * explode**depth > tolerance:
            depth += 1
        lost = first_explode * explode**depth
        rest = stop  # a plain die and at most depth - 1 more explosions
        for _ in range(depth - 1):
            rest = weighted_sum([(1.0, *stop), (1.0, *_then(go, rest))])
        result = weighted_sum([(1.0, *first_stop), (1.0, *_then(first_go, rest))])
    elif first_explode:
        lost = first_explode
    if len(table.channels) == 1:
        return Dist._new(result[0], result[1], lost)
    return JointDist._labelled(result[0], result[1], table.channels, lost)
