"""Firing arcs of a ship on the hex grid: fore, aft, port and starboard.

The ship faces one hex side. Two straight lines through the centre of its hex and through
the two corners of its front side (and so, beyond the centre, through the two corners of its
back side) cut the map into four wedges, as in Starfinder starship combat, which the Armada
Combat rules use for arcs:

* **fore**: the 60-degree wedge beyond the front side;
* **aft**: the 60-degree wedge beyond the back side;
* **starboard** (right) and **port** (left): the 120-degree wedges beyond the two side pairs.

A hex belongs to an arc when its centre lies inside the wedge or on its edge. The lines run
through the centres of every second hex along them (at distance 2, 4, 6 ...); such a hex is
in **both** arcs the line separates, and the attacker chooses which of them it shoots
through. The shooter's own hex is in no arc. The decision is exact integer arithmetic.

Ship ``@`` facing 0 (north), out to distance 4: ``F`` fore, ``A`` aft, ``P`` port, ``S``
starboard, two letters for a boundary hex that is in both (layout as in :mod:`.hexes`: a
column shares ``q``, each column sits half a hex below the one on its left)::

                        F
                   F         F
              FP        F         FS
         P         F         F         S
    P         P         F         S         S
         P         FP        FS        S
    P         P         F         S         S
         P         P         S         S
    P         P         @         S         S
         P         P         S         S
    P         P         A         S         S
         P         AP        AS        S
    P         P         A         S         S
         P         A         A         S
              AP        A         AS
                   A         A
                        A

Other facings turn the whole picture clockwise by 60 degrees per step.

>>> sorted(arc.value for arc in arc_of(Hex(0, 0), 0, Hex(1, -2)))
['fore', 'starboard']
>>> arc_of(Hex(0, 0), 3, Hex(0, 1)) == {Arc.FORE}
True
"""

from __future__ import annotations

import enum
from typing import Final

from warbench.core.hexgrid.hexes import Hex, check_facing


class Arc(enum.Enum):
    """One of the four firing arcs (and shield quadrants) of a ship."""

    FORE = "fore"
    AFT = "aft"
    PORT = "port"
    STARBOARD = "starboard"


def _boundary_coefficients(facing: int) -> tuple[int, int, int, int]:
    """``(aq, ar, bq, br)`` such that, for an offset ``(q, r)`` from a ship with ``facing``,
    ``aq*q + ar*r`` and ``bq*q + br*r`` tell on which side of each boundary line it lies.

    For facing 0 the offset is used as is: ``a = 2q + r`` is zero on the line through the
    front-right and back-left corners, ``b = r - q`` on the line through the front-left and
    back-right corners. Other facings first turn the offset back anticlockwise to facing 0.
    """
    coefficients = []
    for basis in (Hex(1, 0), Hex(0, 1)):
        turned = basis.rotated(Hex(0, 0), -facing)
        coefficients.append((2 * turned.q + turned.r, turned.r - turned.q))
    (aq, bq), (ar, br) = coefficients
    return aq, ar, bq, br


_COEFFICIENTS: Final = tuple(_boundary_coefficients(facing) for facing in range(6))

_FORE, _AFT, _PORT, _STARBOARD = Arc.FORE, Arc.AFT, Arc.PORT, Arc.STARBOARD

#: The arcs for each pair of signs (sign of a, sign of b), each shifted from -1..1 to 0..2.
_ARCS_BY_SIGNS: tuple[tuple[frozenset[Arc], ...], ...] = (
    (frozenset({_FORE}), frozenset({_FORE, _PORT}), frozenset({_PORT})),
    (frozenset({_FORE, _STARBOARD}), frozenset(), frozenset({_AFT, _PORT})),
    (frozenset({_STARBOARD}), frozenset({_AFT, _STARBOARD}), frozenset({_AFT})),
)


def arc_of(shooter: Hex, facing: int, target: Hex) -> frozenset[Arc]:
    """The arcs of a ship on ``shooter`` with ``facing`` that hold ``target``.

    One arc, or two for a hex on a boundary line, or none for the shooter's own hex.

    >>> arc_of(Hex(0, 0), 0, Hex(0, -1)) == {Arc.FORE}
    True
    >>> arc_of(Hex(0, 0), 0, Hex(1, 1)) == {Arc.AFT, Arc.STARBOARD}
    True
    """
    aq, ar, bq, br = _COEFFICIENTS[check_facing(facing)]
    q = target.q - shooter.q
    r = target.r - shooter.r
    a = aq * q + ar * r
    b = bq * q + br * r
    return _ARCS_BY_SIGNS[(a > 0) - (a < 0) + 1][(b > 0) - (b < 0) + 1]
