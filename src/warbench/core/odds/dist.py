"""The exact distribution of one integer result, and the algebra players need on it.

>>> two_d6 = Dist.die(6) + Dist.die(6)
>>> round(two_d6.p(7), 6), round(two_d6.at_least(10), 6)
(0.166667, 0.166667)
>>> (two_d6 + 1).support[:3]
(3, 4, 5)
>>> round(opposed(two_d6, Dist.die(12)).win, 6)
0.5
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from warbench.core.odds._arrays import align, weighted_sum
from warbench.core.odds._lattice import (
    InvalidDistribution,
    InvalidOddsQuery,
    LatticeDist,
    checked_probabilities,
)

#: How many values a distribution may have and still print as a pasteable expression.
REPR_VALUES = 8


class Dist(LatticeDist):
    """A finite distribution over integers: probabilities from :attr:`offset` upwards.

    >>> Dist.from_mapping({0: 0.25, 2: 0.75})
    Dist.from_mapping({0: 0.25, 2: 0.75})
    >>> Dist([0.5, 0.5], offset=-1).to_dict()
    {-1: 0.5, 0: 0.5}
    """

    __slots__ = ()

    def __init__(
        self, probabilities: ArrayLike, offset: int = 0, truncated_mass: float = 0.0
    ) -> None:
        probs = checked_probabilities(probabilities, 1, truncated_mass)
        self._fill(probs, (offset,), truncated_mass)

    @classmethod
    def die(cls, sides: int) -> Dist:
        """A fair die numbered ``1..sides``.

        >>> Dist.die(4).mean
        2.5
        """
        if sides < 1:
            raise InvalidOddsQuery(f"a die needs at least one side, got {sides}")
        return cls._new(np.full(sides, 1.0 / sides), (1,), 0.0)

    @classmethod
    def constant(cls, value: int) -> Dist:
        """Always ``value``."""
        return cls._new(np.ones(1), (value,), 0.0)

    @classmethod
    def from_mapping(cls, mapping: Mapping[int, float]) -> Dist:
        """From ``{value: probability}``; the probabilities must sum to 1."""
        if not mapping:
            raise InvalidDistribution("a distribution needs at least one value")
        low = min(mapping)
        probs = np.zeros(max(mapping) - low + 1)
        for value, probability in mapping.items():
            probs[value - low] = probability
        return cls(probs, low)

    @property
    def offset(self) -> int:
        """The value that index 0 of :attr:`probabilities` stands for."""
        return self._offsets[0]

    @property
    def values(self) -> NDArray[np.int64]:
        """The value of each index of :attr:`probabilities`."""
        return np.arange(self.offset, self.offset + len(self._probs), dtype=np.int64)

    @property
    def support(self) -> tuple[int, ...]:
        """The values with a chance above zero, lowest first."""
        return tuple(int(v) for v in np.flatnonzero(self._probs) + self.offset)

    def p(self, value: int) -> float:
        """The chance of exactly ``value``."""
        index = value - self.offset
        return float(self._probs[index]) if 0 <= index < len(self._probs) else 0.0

    def at_least(self, value: int) -> float:
        """The chance of ``value`` or more.

        >>> Dist.die(6).at_least(5)
        0.3333333333333333
        """
        return float(self._probs[max(value - self.offset, 0) :].sum())

    def at_most(self, value: int) -> float:
        """The chance of ``value`` or less."""
        return float(self._probs[: max(value - self.offset + 1, 0)].sum())

    @property
    def mean(self) -> float:
        """The expected value (over the mass held, if truncated)."""
        return float(np.dot(self.values, self._probs) / self._probs.sum())

    @property
    def variance(self) -> float:
        """The variance (over the mass held, if truncated).

        >>> round(Dist.die(6).variance, 12)
        2.916666666667
        """
        centred = self.values - self.mean
        return float(np.dot(centred * centred, self._probs) / self._probs.sum())

    def items(self) -> list[tuple[int, float]]:
        """``(value, probability)`` for each value with a chance above zero."""
        used = np.flatnonzero(self._probs)
        return [(int(i) + self.offset, float(self._probs[i])) for i in used]

    def to_dict(self) -> dict[int, float]:
        """``{value: probability}`` for each value with a chance above zero."""
        return dict(self.items())

    def __add__(self, other: Dist | int) -> Dist:
        """The sum of independent results, or this one moved by a constant."""
        if isinstance(other, int):
            return self._with(self._probs, (self.offset + other,), self._truncated_mass)
        if isinstance(other, Dist):
            return self._plus(other)
        return NotImplemented

    __radd__ = __add__

    def __neg__(self) -> Dist:
        offset = -(self.offset + len(self._probs) - 1)
        return self._with(self._probs[::-1].copy(), (offset,), self._truncated_mass)

    def __sub__(self, other: Dist | int) -> Dist:
        return self + (-other)

    def __rsub__(self, other: int) -> Dist:
        return -self + other

    def map(self, function: Callable[[int], int]) -> Dist:
        """The distribution of ``function(value)``: it must give a whole number (or bool).

        >>> Dist.die(6).map(lambda face: (face + 1) // 2) == Dist.die(3)  # a D3 read off a d6
        True
        """
        used = np.flatnonzero(self._probs)
        results = np.asarray([function(int(v)) for v in used + self.offset])
        if results.dtype.kind not in "iub":
            raise InvalidOddsQuery(f"map must give whole numbers, got {results.dtype} values")
        return self._gathered(results.astype(np.int64), self._probs[used])

    def _gathered(self, values: NDArray[np.int64], weights: NDArray[np.float64]) -> Dist:
        low = int(values.min())
        counts = np.bincount(values - low, weights=weights).astype(np.float64, copy=False)
        return self._with(counts, (low,), self._truncated_mass)

    def threshold(self, target: int) -> Dist:
        """1 when the value is ``target`` or more, else 0.

        >>> Dist.die(6).threshold(5).p(1)
        0.3333333333333333
        """
        return self._gathered((self.values >= target).astype(np.int64), self._probs)

    def clip(self, low: int | None = None, high: int | None = None) -> Dist:
        """Values below ``low`` read as ``low``, above ``high`` as ``high``.

        >>> Dist.die(6).clip(2, 4).to_dict()[4]
        0.5
        """
        if low is not None and high is not None and low > high:
            raise InvalidOddsQuery(f"cannot clip to {low}..{high}: the low end is above the high")
        return self._gathered(np.clip(self.values, low, high), self._probs)

    def multiples(self, step: int) -> Dist:
        """How many whole multiples of ``step`` the value reaches: ``floor(value / step)``.

        >>> (Dist.constant(11).multiples(4), Dist.constant(-1).multiples(4))
        (Dist.from_mapping({2: 1.0}), Dist.from_mapping({-1: 1.0}))
        """
        if step < 1:
            raise InvalidOddsQuery(f"multiples need a step of 1 or more, got {step}")
        return self._gathered(self.values // step, self._probs)

    def __repr__(self) -> str:
        support = self.support
        if len(support) <= REPR_VALUES and not self._truncated_mass:
            return f"Dist.from_mapping({self.to_dict()!r})"
        lost = f", truncated {self._truncated_mass:.1e}" if self._truncated_mass else ""
        return f"<Dist {support[0]}..{support[-1]}, mean {self.mean:.6g}{lost}>"


def mixture(parts: Iterable[tuple[float, Dist]]) -> Dist:
    """One of several distributions, picked with chances proportional to the weights.

    >>> mixture([(1, Dist.constant(0)), (3, Dist.constant(10))]).to_dict()
    {0: 0.25, 10: 0.75}
    """
    parts = list(parts)
    if not parts:
        raise InvalidOddsQuery("a mixture needs at least one part")
    if any(weight < 0 for weight, _ in parts):
        raise InvalidOddsQuery("mixture weights must not be negative")
    total = float(sum(weight for weight, _ in parts))
    if total <= 0:
        raise InvalidOddsQuery("mixture weights must not all be zero")
    probs, offsets = weighted_sum([(w / total, d.probabilities, (d.offset,)) for w, d in parts])
    lost = sum(w * d.truncated_mass for w, d in parts) / total
    return Dist._new(probs, offsets, lost)


class OpposedOdds(NamedTuple):
    """Chances that the first side rolls higher, the same, or lower than the second."""

    win: float
    tie: float
    lose: float


def opposed(a: Dist, b: Dist) -> OpposedOdds:
    """How ``a`` fares against an independent ``b``.

    >>> odds = opposed(Dist.die(6), Dist.constant(4))
    >>> round(odds.win, 6), round(odds.tie, 6), round(odds.lose, 6)
    (0.333333, 0.166667, 0.5)
    """
    (pa, pb), _ = align([(a.probabilities, (a.offset,)), (b.probabilities, (b.offset,))])
    b_at_most = np.cumsum(pb)
    win = float(np.dot(pa, b_at_most - pb))
    tie = float(np.dot(pa, pb))
    lose = float(np.dot(pa, np.maximum(b.mass - b_at_most, 0.0)))
    return OpposedOdds(win, tie, lose)
