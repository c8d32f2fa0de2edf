"""Range bands with inclusive upper edges."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.core.geometry import RangeBands, RangeBandsError


def test_upper_edges_are_inclusive() -> None:
    bands = RangeBands((8.0, 16.0, 24.0, 32.0))
    assert bands.band(0.0) == 1
    assert bands.band(8.0) == 1
    assert bands.band(8.0001) == 2
    assert bands.band(16.0) == 2
    assert bands.band(23.9) == 3
    assert bands.band(32.0) == 4
    assert bands.band(32.0001) is None
    assert bands.reach == 32.0


def test_rounding_noise_stays_on_the_edge() -> None:
    bands = RangeBands((8.0, 16.0))
    assert bands.band(8.0 + 1e-12) == 1
    assert bands.band(16.0 + 1e-12) == 2


def test_default_edges() -> None:
    assert RangeBands().edges == (8.0, 16.0, 24.0, 32.0)


def test_bad_edges_and_distances_are_refused() -> None:
    with pytest.raises(RangeBandsError, match="increasing"):
        RangeBands((8.0, 8.0))
    with pytest.raises(RangeBandsError, match="increasing"):
        RangeBands((0.0, 8.0))
    with pytest.raises(RangeBandsError, match="at least one"):
        RangeBands(())
    with pytest.raises(RangeBandsError, match="negative"):
        RangeBands().band(-1.0)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.floats(min_value=0.5, max_value=100.0), min_size=1, max_size=6, unique=True),
    st.floats(min_value=0.0, max_value=120.0),
)
def test_band_holds_the_distance(edges: list[float], distance: float) -> None:
    bands = RangeBands(tuple(sorted(edges)))
    band = bands.band(distance)
    if band is None:
        assert distance > bands.reach
    else:
        assert distance <= bands.edges[band - 1] + 1e-9
        assert band == 1 or distance > bands.edges[band - 2]
