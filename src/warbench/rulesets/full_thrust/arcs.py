"""Clock-face facings and the six fire arcs of Full Thrust.

A ship faces one of twelve clock directions: facing 0 is twelve o'clock (heading 0 degrees,
up the table), each step is 30 degrees clockwise, so facing 3 points to the right. The six
fire arcs are 60 degrees wide, clockwise from the bow: F, FS, AS, A, AP, FP. They are the
core's closed arcs, so a target exactly on a boundary line lies in both neighbouring arcs
and the firer may use either.

Arcs are kept as a bit mask (``F`` = 1, ``FS`` = 2, ... ``FP`` = 32) so that a weapon's arcs
and a target's arcs meet with one ``&``.

>>> heading_of(3)
90.0
>>> arc_names(arcs_containing(0.0, 0.0, 0, 1.0, 5.0))
('F',)
>>> arc_names(arcs_containing(0.0, 0.0, 0, 5.0, 5.0 * 3 ** 0.5))
('F', 'FS')
"""

from __future__ import annotations

from math import atan2
from typing import Final

from warbench.core.geometry import ARC_EPSILON, Arc, signed_angle
from warbench.core.geometry.vectors import to_degrees

FACINGS: Final = 12
"""Clock directions a ship may face."""
DEGREES_PER_FACING: Final = 360.0 / FACINGS

ARC_NAMES: Final = ("F", "FS", "AS", "A", "AP", "FP")
"""The six fire arcs, clockwise from the bow."""
ARC_BITS: Final = {name: 1 << index for index, name in enumerate(ARC_NAMES)}
ALL_ARCS = (1 << len(ARC_NAMES)) - 1
_ARCS: Final = tuple(Arc.centered(60.0, 60.0 * index) for index in range(len(ARC_NAMES)))
#: Each arc's bit, start and the bounds :meth:`Arc.contains` tests the bearing past the
#: start against, worked out once (the same floats, so the same answers).
_SPANS: Final = tuple(
    (1 << index, arc.start, arc.width + ARC_EPSILON, 360.0 - ARC_EPSILON)
    for index, arc in enumerate(_ARCS)
)


#: How far (degrees) a bearing must lie from an arc boundary (30 degrees off the arcs'
#: centres) for :func:`arcs_containing` to name its one arc without testing each arc: far
#: beyond ``ARC_EPSILON`` and the rounding of the tests, so the answer is the same.
_CLEAR: Final = 1e-6


class UnknownArc(ValueError):
    """An arc name that is not one of F, FS, AS, A, AP, FP (or "all")."""


def heading_of(facing: int) -> float:
    """The compass heading, in degrees, of a clock facing."""
    return (facing % FACINGS) * DEGREES_PER_FACING


def arc_mask(names: str | tuple[str, ...] | list[str]) -> int:
    """The bit mask of arc names; ``"all"`` means all six.

    >>> arc_mask(["F", "FP", "FS"]), arc_mask("all")
    (35, 63)
    >>> arc_mask(["front"])
    Traceback (most recent call last):
    ...
    warbench.rulesets.full_thrust.arcs.UnknownArc: unknown arc 'front' (arcs: F, FS, AS, A, AP, FP)
    """
    if isinstance(names, str):
        names = [names]
    mask = 0
    for name in names:
        if name == "all":
            mask |= ALL_ARCS
        elif name in ARC_BITS:
            mask |= ARC_BITS[name]
        else:
            raise UnknownArc(f"unknown arc {name!r} (arcs: {', '.join(ARC_NAMES)})")
    return mask


def arc_names(mask: int) -> tuple[str, ...]:
    """The names of the arcs in ``mask``, clockwise from the bow."""
    return tuple(name for name in ARC_NAMES if mask & ARC_BITS[name])


def arc_count(mask: int) -> int:
    """How many arcs ``mask`` holds."""
    return bin(mask & ALL_ARCS).count("1")


def relative_bearing(x: float, y: float, facing: int, tx: float, ty: float) -> float:
    """Angle of ``(tx, ty)`` off the bow of a ship at ``(x, y)``, in ``(-180, 180]``."""
    dx, dy = tx - x, ty - y
    if dx == 0.0 and dy == 0.0:
        return 0.0
    return signed_angle(to_degrees(atan2(dx, dy)) - heading_of(facing))


def arcs_containing(x: float, y: float, facing: int, tx: float, ty: float) -> int:
    """The mask of every arc of a ship at ``(x, y)`` that holds the point ``(tx, ty)``.

    A point on the ship itself lies in every arc.
    """
    if tx == x and ty == y:
        return ALL_ARCS
    # relative_bearing and signed_angle, inlined (the same arithmetic)
    folded = (to_degrees(atan2(tx - x, ty - y)) - (facing % FACINGS) * DEGREES_PER_FACING
              ) % 360.0
    angle = folded - 360.0 if folded > 180.0 else folded
    past_boundary = (angle - 30.0) % 60.0
    if _CLEAR < past_boundary < 60.0 - _CLEAR:  # well inside one arc: that arc alone
        return 1 << int((angle + 30.0) % 360.0 // 60.0)
    return spans_containing(angle)


def spans_containing(angle: float) -> int:
    """The mask of every arc holding the bearing ``angle`` (degrees off the bow, in
    ``(-180, 180]``): :meth:`Arc.contains` of each arc, inlined."""
    mask = 0
    for bit, start, high, low in _SPANS:
        past_start = (angle - start) % 360.0
        if past_start <= high or past_start >= low:
            mask |= bit
    return mask
