"""``round_to`` gives ``round(x, digits)`` bit for bit (the speed work must not change games)."""

from __future__ import annotations

import math
import struct

from hypothesis import given
from hypothesis import strategies as st

from warbench.core.rounding import round_to


def _bits(value: float) -> bytes:
    return struct.pack("<d", value)


def _same(x: float, digits: int) -> None:
    expected, got = round(x, digits), round_to(x, digits)
    assert isinstance(got, float)
    if math.isnan(expected):
        assert math.isnan(got)
    else:
        assert _bits(got) == _bits(expected), (x, digits, got, expected)


def test_halfway_and_signed_zero_cases_match_round() -> None:
    """Decimal halves that binary cannot hold, exact halves, signs of zero, extremes."""
    cases = [2.675, 1.005, 0.125, 0.375, -0.125, 2.5, 3.5, -2.5, 0.5, -0.5, 1.5,
             -0.0004, 0.0004, -0.0, 0.0, 1e-300, -1e-300, 5e-324, 123456.7895,
             1e15, -1e15, 2.0 ** 52, 1e300, math.inf, -math.inf, math.nan,
             359.99995, 0.1 + 0.2, 7.0 / 3.0, -7.0 / 3.0, 45.00005, 89.99999999]
    for x in cases:
        for digits in range(0, 16):
            _same(x, digits)


@given(st.floats(allow_nan=True, allow_infinity=True), st.integers(0, 15))
def test_any_float_matches_round(x: float, digits: int) -> None:
    _same(x, digits)


@given(st.integers(-10 ** 9, 10 ** 9), st.integers(1, 6))
def test_decimal_halves_match_round(units: int, digits: int) -> None:
    """Values written as n + 1/2 in the last kept decimal: where float rounding is tested."""
    _same((units + 0.5) / 10.0 ** digits, digits)


@given(st.floats(-1e6, 1e6), st.integers(0, 6))
def test_table_scale_values_match_round(x: float, digits: int) -> None:
    _same(x, digits)


def test_digits_beyond_the_fast_range_still_match_round() -> None:
    for digits in (16, 20, -1, -3):
        _same(123.456789, digits)
