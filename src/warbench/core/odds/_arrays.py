"""Array work shared by the odds types: n-D convolution, aligned sums, trimming.

A *measure* here is a float64 array of probabilities plus one offset per axis: the value
that index 0 stands for on that axis. Measures need not sum to one (the parts of a die that
stop or explode, a truncated pool).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

FloatArray = NDArray[np.float64]
Offsets = tuple[int, ...]


def convolve(a: FloatArray, b: FloatArray) -> FloatArray:
    """The distribution of the sum of independent ``a`` and ``b`` (index 0 + index 0 = 0).

    One axis goes straight to :func:`numpy.convolve`. More axes are laid out flat in rows
    wide enough for every sum (the Kronecker substitution), so one direct 1-D convolution
    does the n-D one: no FFT, hence no round-off noise beyond that of the products.

    >>> convolve(np.array([[0.5, 0.5]]), np.array([[0.5], [0.5]])).tolist()
    [[0.25, 0.25], [0.25, 0.25]]
    """
    if a.ndim == 1:
        return np.convolve(a, b)
    out_shape = tuple(x + y - 1 for x, y in zip(a.shape, b.shape, strict=True))
    flat_a = pad(a, (a.shape[0], *out_shape[1:])).ravel()
    flat_b = pad(b, (b.shape[0], *out_shape[1:])).ravel()
    return np.convolve(flat_a, flat_b)[: math.prod(out_shape)].reshape(out_shape)


def pad(array: FloatArray, shape: Sequence[int], start: Sequence[int] | None = None) -> FloatArray:
    """``array`` placed at ``start`` (default the origin) in zeros of ``shape``."""
    out = np.zeros(tuple(shape))
    first = start if start is not None else (0,) * array.ndim
    out[tuple(slice(s, s + n) for s, n in zip(first, array.shape, strict=True))] = array
    return out


def align(measures: Sequence[tuple[FloatArray, Offsets]]) -> tuple[list[FloatArray], Offsets]:
    """The measures padded with zeros onto one common grid, and that grid's offsets.

    >>> align([(np.array([1.0]), (2,)), (np.array([0.5, 0.5]), (0,))])
    ([array([0., 0., 1.]), array([0.5, 0.5, 0. ])], (0,))
    """
    low, shape = _box(measures)
    return [
        pad(probs, shape, tuple(o - lo for o, lo in zip(offsets, low, strict=True)))
        for probs, offsets in measures
    ], low


def _box(measures: Sequence[tuple[FloatArray, Offsets]]) -> tuple[Offsets, tuple[int, ...]]:
    """The offsets and shape of the smallest grid holding every measure."""
    ndim = measures[0][0].ndim
    low = tuple(min(offsets[axis] for _, offsets in measures) for axis in range(ndim))
    high = tuple(
        max(offsets[axis] + probs.shape[axis] for probs, offsets in measures)
        for axis in range(ndim)
    )
    return low, tuple(h - lo for h, lo in zip(high, low, strict=True))


def weighted_sum(parts: Sequence[tuple[float, FloatArray, Offsets]]) -> tuple[FloatArray, Offsets]:
    """``sum(weight * measure)`` over ``parts``, each measure placed by its offsets.

    >>> weighted_sum([(1.0, np.array([0.5, 0.5]), (0,)), (2.0, np.array([1.0]), (3,))])
    (array([0.5, 0.5, 0. , 2. ]), (0,))
    """
    low, shape = _box([(probs, offsets) for _, probs, offsets in parts])
    out = np.zeros(shape)
    for weight, probs, offsets in parts:
        place = tuple(
            slice(o - lo, o - lo + n) for o, lo, n in zip(offsets, low, probs.shape, strict=True)
        )
        out[place] += weight * probs
    return out, low


def trim_zero_edges(probs: FloatArray, offsets: Offsets) -> tuple[FloatArray, Offsets]:
    """Drop all-zero slices at both ends of each axis, moving the offsets to match.

    >>> trim_zero_edges(np.array([0.0, 0.5, 0.5, 0.0]), (2,))
    (array([0.5, 0.5]), (3,))
    """
    if not probs.any():
        return np.zeros((1,) * probs.ndim), offsets
    place = []
    new_offsets = []
    for axis in range(probs.ndim):
        others = tuple(i for i in range(probs.ndim) if i != axis)
        used = np.flatnonzero(probs.any(axis=others) if others else probs)
        first, last = int(used[0]), int(used[-1])
        place.append(slice(first, last + 1))
        new_offsets.append(offsets[axis] + first)
    return probs[tuple(place)], tuple(new_offsets)


def trim_upper_tails(probs: FloatArray, budget: float) -> tuple[FloatArray, float]:
    """Drop the highest slices of each axis while their mass stays within ``budget``.

    Returns the kept array (offsets unchanged) and the mass dropped.

    >>> trim_upper_tails(np.array([0.6, 0.4 - 1e-18, 1e-18]), 1e-17)
    (array([0.6, 0.4]), 1e-18)
    """
    dropped = 0.0
    for axis in range(probs.ndim):
        others = tuple(i for i in range(probs.ndim) if i != axis)
        marginal = probs.sum(axis=others) if others else probs
        tails = np.cumsum(marginal[::-1])[:-1]
        cut = int(np.searchsorted(tails, budget - dropped, side="right"))
        if cut:
            dropped += float(tails[cut - 1])
            probs = np.take(probs, np.arange(probs.shape[axis] - cut), axis=axis)
    return probs, dropped


def combined_loss(a: float, b: float) -> float:
    """Mass lost by a sum of two independent parts that lose ``a`` and ``b``."""
    return a + b - a * b


def repeated_loss(loss: float, count: int) -> float:
    """Mass lost by ``count`` independent parts that each lose ``loss``."""
    return -math.expm1(count * math.log1p(-loss)) if loss < 1.0 else 1.0
