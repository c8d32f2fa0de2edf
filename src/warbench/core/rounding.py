"""``round(x, digits)`` for floats, the same value bit for bit, without the decimal detour.

CPython rounds a float to ``digits`` decimals by writing its exact binary value out in
decimal (correctly rounded, half to even) and reading that back: exact, and a few thousand
machine instructions a call. The positions, headings and distances the rulesets keep are
rounded that way many times a decision, so :func:`round_to` does it in floating point where
that is sure to give the same answer: ``x * 10**digits`` is within half a unit in its last
place of the exact product, so unless that product lies within a few such units of a
halfway point, its nearest integer ``n`` is the exact one's, and ``n / 10**digits`` (two
exact operands, one correctly rounded division) is the double nearest ``n`` times
``10**-digits``, as CPython's read-back gives. Near a halfway point, for huge values, NaN
and infinities it asks ``round`` itself. Compiled (``warbench.compiled``) this is a few
dozen instructions; ``tests/core/test_rounding.py`` holds it to ``round``.

>>> round_to(2.675, 2), round(2.675, 2)
(2.67, 2.67)
>>> round_to(-0.0004, 3)
-0.0
"""

from __future__ import annotations

import math
from typing import Final

#: ``10.0 ** digits``, each exact in binary floating point (powers of ten to 1e22 are).
_SCALES: tuple[float, ...] = (1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
                  1e13, 1e14, 1e15)
#: Scaled values beyond this go to ``round``: below it the integer part and the fraction of
#: a float are exact, and so is the integer as a float.
_LIMIT: Final = 2.0 ** 50
#: How near (relative to the scaled value) a halfway point must lie for ``round`` to decide:
#: sixteen times the most the scaled product can be off the exact one.
_MARGIN: Final = 2.0 ** -48


def round_to(x: float, digits: int) -> float:
    """``round(x, digits)`` for a float ``x`` and ``0 <= digits <= 15``, the same double."""
    if 0 <= digits < len(_SCALES):
        scale = _SCALES[digits]
        y = x * scale
        if -_LIMIT < y < _LIMIT:
            whole = float(math.floor(y))
            part = y - whole
            if abs(part - 0.5) > abs(y) * _MARGIN:
                nearest = whole + 1.0 if part > 0.5 else whole
                if nearest != 0.0:
                    return nearest / scale
                return math.copysign(0.0, x)
    return round(x, digits)
