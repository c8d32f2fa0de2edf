"""Range bands: which band of a weapon's range a distance falls in.

Upper edges are inclusive: with edges ``(8, 16, 24, 32)`` a distance of exactly 8 is band 1
and 8.5 is band 2; beyond the last edge there is no band. A distance within
:data:`~warbench.core.geometry.vectors.TOLERANCE` of an edge counts as on it, so rounding
noise in a measured distance never pushes a target into the next band.

>>> bands = RangeBands((8.0, 16.0, 24.0, 32.0))
>>> bands.band(8.0), bands.band(8.5), bands.band(32.0), bands.band(32.5)
(1, 2, 4, None)
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from warbench.core.geometry.vectors import TOLERANCE


class RangeBandsError(ValueError):
    """Range band edges were not positive and strictly increasing, or a distance was negative."""


@dataclass(frozen=True, slots=True)
class RangeBands:
    """Band ``i`` (1-based) covers distances above ``edges[i-2]`` up to ``edges[i-1]``."""

    edges: tuple[float, ...] = (8.0, 16.0, 24.0, 32.0)

    def __post_init__(self) -> None:
        if not self.edges:
            raise RangeBandsError("range bands need at least one edge")
        previous = 0.0
        for edge in self.edges:
            if not edge > previous:
                raise RangeBandsError(
                    f"range band edges must be positive and increasing, got {self.edges!r}"
                )
            previous = edge

    @property
    def reach(self) -> float:
        """The longest distance in any band: the last edge."""
        return self.edges[-1]

    def band(self, distance: float) -> int | None:
        """The 1-based band holding ``distance``, or ``None`` beyond the last edge."""
        if distance < 0.0:
            raise RangeBandsError(f"a distance cannot be negative, got {distance!r}")
        index = bisect_left(self.edges, distance - TOLERANCE)
        return index + 1 if index < len(self.edges) else None
