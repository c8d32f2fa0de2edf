"""JointDist: the exact distribution of several counts rolled together.

Some tables count more than one thing per die: hits and criticals, normal and penetrating
damage. Their totals are not independent, so they are kept as one n-D array.

>>> die = JointDist.from_mapping(
...     {(0, 0): 0.5, (1, 0): 1 / 3, (1, 1): 1 / 6}, channels=("hits", "crits"))
>>> pair = die + die
>>> round(pair.p(2, 1), 6), round(pair.marginal("crits").mean, 6)
(0.111111, 0.333333)
>>> round(pair.map(lambda hits, crits: hits + crits).at_least(3), 6)
0.138889
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Self

import numpy as np
from numpy.typing import ArrayLike

from warbench.core.odds._arrays import FloatArray
from warbench.core.odds._lattice import (
    InvalidDistribution,
    InvalidOddsQuery,
    LatticeDist,
    checked_probabilities,
)
from warbench.core.odds.dist import REPR_VALUES, Dist


class JointDist(LatticeDist):
    """A finite distribution over tuples of integers, one entry per named channel.

    ``probabilities[i, j, ...]`` is the chance of ``(offsets[0] + i, offsets[1] + j, ...)``.
    """

    __slots__ = ("_channels",)

    _channels: tuple[str, ...]

    def __init__(
        self,
        probabilities: ArrayLike,
        offsets: Sequence[int],
        channels: Sequence[str] | None = None,
        truncated_mass: float = 0.0,
    ) -> None:
        probs = checked_probabilities(probabilities, len(offsets), truncated_mass)
        self._fill(probs, tuple(offsets), truncated_mass)
        self._channels = _channel_names(channels, len(offsets))

    @classmethod
    def _labelled(
        cls,
        probs: FloatArray,
        offsets: tuple[int, ...],
        channels: Sequence[str] | None,
        truncated_mass: float,
    ) -> JointDist:
        new = cls._new(probs, offsets, truncated_mass)
        new._channels = _channel_names(channels, len(offsets))
        return new

    def _with(self, probs: FloatArray, offsets: tuple[int, ...], truncated_mass: float) -> Self:
        new = super()._with(probs, offsets, truncated_mass)
        new._channels = self._channels
        return new

    @classmethod
    def from_mapping(
        cls, mapping: Mapping[tuple[int, ...], float], channels: Sequence[str] | None = None
    ) -> JointDist:
        """From ``{(value, value, ...): probability}``; the probabilities must sum to 1."""
        if not mapping:
            raise InvalidDistribution("a distribution needs at least one outcome")
        ndim = len(next(iter(mapping)))
        if any(len(key) != ndim for key in mapping):
            raise InvalidDistribution(f"every outcome needs {ndim} values, one per channel")
        low = tuple(min(key[axis] for key in mapping) for axis in range(ndim))
        high = tuple(max(key[axis] for key in mapping) for axis in range(ndim))
        probs = np.zeros(tuple(h - lo + 1 for h, lo in zip(high, low, strict=True)))
        for key, probability in mapping.items():
            probs[tuple(v - lo for v, lo in zip(key, low, strict=True))] = probability
        return cls(probs, low, channels)

    @property
    def channels(self) -> tuple[str, ...]:
        """The name of each channel, in the order of the values."""
        return self._channels

    @property
    def offsets(self) -> tuple[int, ...]:
        """The values that index ``(0, 0, ...)`` of :attr:`probabilities` stands for."""
        return self._offsets

    def _axis(self, channel: int | str) -> int:
        if isinstance(channel, str):
            if channel not in self._channels:
                raise InvalidOddsQuery(f"no channel {channel!r}, only {self._channels}")
            return self._channels.index(channel)
        if not 0 <= channel < len(self._channels):
            raise InvalidOddsQuery(f"no channel {channel}: there are {len(self._channels)}")
        return channel

    def _index(self, values: Sequence[int]) -> tuple[int, ...]:
        if len(values) != len(self._offsets):
            raise InvalidOddsQuery(
                f"expected {len(self._offsets)} values {self._channels}, got {len(values)}"
            )
        return tuple(v - o for v, o in zip(values, self._offsets, strict=True))

    def p(self, *values: int) -> float:
        """The chance of exactly ``values`` (one per channel)."""
        index = self._index(values)
        if any(not 0 <= i < n for i, n in zip(index, self._probs.shape, strict=True)):
            return 0.0
        return float(self._probs[index])

    def at_least(self, *values: int) -> float:
        """The chance that every channel reaches its value."""
        index = self._index(values)
        return float(self._probs[tuple(slice(max(i, 0), None) for i in index)].sum())

    def marginal(self, channel: int | str) -> Dist:
        """The distribution of one channel on its own."""
        axis = self._axis(channel)
        others = tuple(i for i in range(self._probs.ndim) if i != axis)
        return Dist._new(self._probs.sum(axis=others), (self._offsets[axis],), self._truncated_mass)

    @property
    def mean(self) -> tuple[float, ...]:
        """The expected value of each channel."""
        return tuple(self.marginal(axis).mean for axis in range(len(self._channels)))

    def items(self) -> list[tuple[tuple[int, ...], float]]:
        """``(values, probability)`` for each outcome with a chance above zero."""
        return [
            (
                tuple(int(i) + o for i, o in zip(index, self._offsets, strict=True)),
                float(self._probs[tuple(index)]),
            )
            for index in np.argwhere(self._probs)
        ]

    def to_dict(self) -> dict[tuple[int, ...], float]:
        """``{values: probability}`` for each outcome with a chance above zero."""
        return dict(self.items())

    def map(self, function: Callable[..., int]) -> Dist:
        """The distribution of ``function(*values)``, a whole number (or bool)."""
        used = np.argwhere(self._probs)
        results = np.asarray([function(*(int(v) for v in row)) for row in used + self._offsets])
        if results.dtype.kind not in "iub":
            raise InvalidOddsQuery(f"map must give whole numbers, got {results.dtype} values")
        values = results.astype(np.int64)
        low = int(values.min())
        weights = self._probs[tuple(used.T)]
        counts = np.bincount(values - low, weights=weights).astype(np.float64, copy=False)
        return Dist._new(counts, (low,), self._truncated_mass)

    def __add__(self, other: JointDist) -> JointDist:
        """The sum of independent results, channel by channel."""
        if not isinstance(other, JointDist):
            return NotImplemented
        if other._channels != self._channels:
            raise InvalidOddsQuery(
                f"cannot add channels {other._channels} to channels {self._channels}"
            )
        return self._plus(other)

    def _key(self) -> tuple[object, ...]:
        return (*super()._key(), self._channels)

    def __repr__(self) -> str:
        outcomes = self.to_dict()
        if len(outcomes) <= REPR_VALUES and not self._truncated_mass:
            return f"JointDist.from_mapping({outcomes!r}, channels={self._channels!r})"
        ranges = " x ".join(
            f"{name} {o}..{o + n - 1}"
            for name, o, n in zip(self._channels, self._offsets, self._probs.shape, strict=True)
        )
        lost = f", truncated {self._truncated_mass:.1e}" if self._truncated_mass else ""
        means = ", ".join(f"{m:.6g}" for m in self.mean)
        return f"<JointDist {ranges}, mean ({means}){lost}>"


def _channel_names(channels: Sequence[str] | None, ndim: int) -> tuple[str, ...]:
    names = tuple(channels) if channels is not None else tuple(f"c{i}" for i in range(ndim))
    if len(names) != ndim:
        raise InvalidDistribution(f"{len(names)} channel names for {ndim} channels")
    return names
