"""Order statistics: the highest of several results, and the sum of the highest few dice.

>>> round(maximum(Dist.die(20), 2).at_least(20), 12)  # advantage: 1 - (19/20)**2
0.0975
>>> round(keep_highest(Dist.die(6), 4, 3).mean, 4)
12.2446
"""

from __future__ import annotations

import math

import numpy as np

from warbench.core.odds._arrays import FloatArray, align, combined_loss, repeated_loss
from warbench.core.odds._lattice import InvalidOddsQuery
from warbench.core.odds.dist import Dist


def max_of(a: Dist, b: Dist) -> Dist:
    """The higher of two independent results (their CDFs multiply).

    >>> max_of(Dist.die(4), Dist.constant(3)).to_dict()
    {3: 0.75, 4: 0.25}
    """
    (pa, pb), (low,) = align([(a.probabilities, (a.offset,)), (b.probabilities, (b.offset,))])
    cdf = np.cumsum(pa) * np.cumsum(pb)
    probs = np.diff(cdf, prepend=0.0)
    return Dist._new(probs, (low,), combined_loss(a.truncated_mass, b.truncated_mass))


def maximum(d: Dist, n: int) -> Dist:
    """The highest of ``n`` independent copies of ``d`` (its CDF to the ``n``-th power)."""
    if n < 1:
        raise InvalidOddsQuery(f"the highest of {n} dice is undefined")
    probs = np.diff(np.cumsum(d.probabilities) ** n, prepend=0.0)
    return Dist._new(probs, (d.offset,), repeated_loss(d.truncated_mass, n))


def keep_highest(d: Dist, n: int, keep: int) -> Dist:
    """The sum of the ``keep`` highest of ``n`` independent copies of ``d``, exactly.

    Goes through the values from the top. Given that the dice not yet placed all lie at
    or below a value, how many of them show it is binomial; once ``keep`` dice are placed
    the kept sum is settled and the rest need no tracking. Nothing is sampled or cut, and
    the work grows with (number of values) x ``keep`` array steps, whatever ``n`` is.

    >>> keep_highest(Dist.die(2), 2, 1).to_dict()
    {1: 0.25, 2: 0.75}
    """
    if not 0 <= keep <= n:
        raise InvalidOddsQuery(f"cannot keep {keep} of {n} dice")
    if keep == n:
        return Dist.sum_of(d, n)
    loss = repeated_loss(d.truncated_mass, n)
    if keep == 0:
        return Dist._new(np.array([1.0 - loss]), (0,), loss)
    probs = d.probabilities
    at_most = np.cumsum(probs)  # above zero everywhere: probs[0] > 0 after trimming
    here = probs / at_most  # chance a die at or below a value shows it
    below = np.concatenate(([0.0], at_most[:-1])) / at_most
    remaining = n - np.arange(keep)  # dice not yet placed, by how many are placed
    counts = np.arange(keep)
    ways = np.array([[math.comb(int(r), c) for c in counts] for r in remaining], dtype=float)
    misses = np.maximum(remaining[:, None] - counts, 0)
    # chances[i, j, c]: with j dice placed above value i, exactly c of the rest show it.
    chances = ways * here[:, None, None] ** counts * below[:, None, None] ** misses
    still_open = counts < (keep - counts)[:, None]  # [j, c]: j + c dice still below keep
    finishing = np.maximum(1.0 - (chances * still_open).sum(axis=2), 0.0)
    width = keep * (len(probs) - 1) + 1
    # open_[j, s]: chance that j (< keep) dice are placed, adding up to s value steps
    # above the offset, and the other n - j all lie at or below the current value.
    open_: FloatArray = np.zeros((keep, width))
    open_[0, 0] = 1.0 - loss  # every die at or below the top value
    settled = np.zeros(width)
    # Flat targets: (j, c, s) moves to row j + c, step s + c * value; each value's update
    # is then one bincount. Entries that would land past the grid all hold zero.
    steps = np.arange(width)
    placed = counts[:, None, None] + counts[None, :, None]
    open_target = placed * width + steps
    shown = counts[None, :, None]  # c: dice showing this value, for each (j, c, s)
    kept_now = (keep - counts)[:, None]  # dice settled as kept when row j finishes
    transfer = chances * still_open
    for index in range(len(probs) - 1, -1, -1):
        if probs[index] == 0.0:
            continue
        moved = transfer[index][:, :, None] * open_[:, None, :]
        finished = finishing[index][:, None] * open_
        target = (open_target + shown * index).ravel()
        flat = np.bincount(target, moved.ravel(), keep * width).astype(np.float64, copy=False)
        open_ = flat[: keep * width].reshape(keep, width)
        landing = (steps + kept_now * index).ravel()
        settled += np.bincount(landing, finished.ravel(), width)[:width]
    return Dist._new(settled, (keep * d.offset,), loss)
