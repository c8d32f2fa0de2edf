"""What :class:`~warbench.core.odds.Dist` and :class:`~warbench.core.odds.JointDist` share:
probabilities on a grid of integers, the sum of independent parts, and equality."""

from __future__ import annotations

from typing import Self

import numpy as np

from warbench.core.odds._arrays import (
    FloatArray,
    Offsets,
    combined_loss,
    convolve,
    trim_upper_tails,
    trim_zero_edges,
    weighted_sum,
)

#: How far the probabilities plus the truncated mass may stray from one when checked.
MASS_TOLERANCE = 1e-9


class InvalidDistribution(ValueError):
    """Probabilities given for a distribution are negative, not finite, or do not sum to 1."""


class InvalidOddsQuery(ValueError):
    """An odds operation was asked for something it cannot do (a negative dice count)."""


def checked_probabilities(probabilities: object, ndim: int, truncated_mass: float) -> FloatArray:
    """A private float64 copy of ``probabilities``, checked as anything a user passes in."""
    probs = np.array(probabilities, dtype=np.float64)
    if probs.ndim != ndim or probs.size == 0:
        raise InvalidDistribution(
            f"expected a non-empty {ndim}-D array of probabilities, got shape {probs.shape}"
        )
    if not np.all(np.isfinite(probs)) or np.any(probs < 0):
        raise InvalidDistribution("probabilities must be finite and not negative")
    if not 0.0 <= truncated_mass < 1.0:
        raise InvalidDistribution(f"truncated mass {truncated_mass} is not in [0, 1)")
    total = float(probs.sum())
    if abs(total + truncated_mass - 1.0) > MASS_TOLERANCE:
        raise InvalidDistribution(
            f"probabilities sum to {total!r} and {truncated_mass!r} is truncated; "
            "together they should make 1"
        )
    return probs


class LatticeDist:
    """Probabilities on a grid of integers: an array, one offset per axis (the value of
    index 0), and the mass left out when an infinite series was cut short.

    Immutable: every operation returns a new object and the array is read-only.
    """

    __slots__ = ("_offsets", "_probs", "_truncated_mass")

    _probs: FloatArray
    _offsets: Offsets
    _truncated_mass: float

    @classmethod
    def _new(cls, probs: FloatArray, offsets: Offsets, truncated_mass: float) -> Self:
        new = object.__new__(cls)
        new._fill(probs, offsets, truncated_mass)
        return new

    def _fill(self, probs: FloatArray, offsets: Offsets, truncated_mass: float) -> None:
        probs, offsets = trim_zero_edges(probs, offsets)
        probs.flags.writeable = False
        self._probs = probs
        self._offsets = offsets
        self._truncated_mass = truncated_mass

    def _with(self, probs: FloatArray, offsets: Offsets, truncated_mass: float) -> Self:
        """A new object of this kind (and labels) holding ``probs``."""
        return self._new(probs, offsets, truncated_mass)

    @property
    def probabilities(self) -> FloatArray:
        """The probabilities, read-only; index 0 stands for the offset(s)."""
        return self._probs

    @property
    def truncated_mass(self) -> float:
        """Probability left out by cutting an infinite series (explosions) short.

        Every probability reported is at most this much below the true one; it is 0.0 for
        distributions that were computed in full.
        """
        return self._truncated_mass

    @property
    def mass(self) -> float:
        """The sum of the probabilities held: one, less :attr:`truncated_mass`."""
        return float(self._probs.sum())

    def _plus(self, other: Self) -> Self:
        offsets = tuple(a + b for a, b in zip(self._offsets, other._offsets, strict=True))
        loss = combined_loss(self._truncated_mass, other._truncated_mass)
        return self._with(convolve(self._probs, other._probs), offsets, loss)

    def _trimmed(self, budget: float) -> Self:
        if budget <= 0.0:
            return self
        probs, dropped = trim_upper_tails(self._probs, budget)
        if not dropped:
            return self
        return self._with(probs, self._offsets, self._truncated_mass + dropped)

    @classmethod
    def sum_of(cls, d: Self, n: int, *, tolerance: float = 0.0) -> Self:
        """The sum of ``n`` independent copies of ``d``, by repeated squaring.

        With ``tolerance`` > 0, upper tails holding at most that much mass in all are
        dropped along the way (added to :attr:`truncated_mass`) to keep arrays small.
        A tail dropped from a partial sum of ``2**k`` dice is lost again by each of the
        ``n / 2**k`` copies that go into the total, so its share shrinks to match.
        """
        if n < 0:
            raise InvalidOddsQuery(f"cannot add up {n} dice")
        if n == 0:
            ndim = d._probs.ndim
            return d._with(np.ones((1,) * ndim), (0,) * ndim, 0.0)
        levels = n.bit_length()
        per_total = tolerance / 2 / n.bit_count()
        result: Self | None = None
        base = d
        for level in range(levels):
            if level:
                per_square = tolerance / 2 / levels * 2**level / n
                base = base._plus(base)._trimmed(per_square)
            if n >> level & 1:
                result = base if result is None else result._plus(base)._trimmed(per_total)
        assert result is not None
        return result

    def close_to(self, other: Self, tolerance: float = 1e-12) -> bool:
        """Whether no probability differs from ``other``'s by more than ``tolerance``."""
        if self._probs.ndim != other._probs.ndim:
            return False
        difference, _ = weighted_sum(
            [(1.0, self._probs, self._offsets), (-1.0, other._probs, other._offsets)]
        )
        return bool(np.max(np.abs(difference)) <= tolerance)

    def _key(self) -> tuple[object, ...]:
        return (self._offsets, self._probs.shape, self._probs.tobytes(), self._truncated_mass)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, LatticeDist)
            and type(other) is type(self)
            and self._key() == other._key()
        )

    def __hash__(self) -> int:
        return hash(self._key())
