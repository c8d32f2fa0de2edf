"""Axial hexes on a flat-topped grid, the six facings, and lines between hex centres.

Conventions (one set, used by every hex ruleset):

* **Flat-topped hexes.** Each hex has a side at the top of the map, so a ship facing a hex
  side can face straight "up" (north), as on the usual starship maps.
* **Axial coordinates** ``(q, r)`` with the cube coordinate ``s = -q - r``. ``q`` grows
  towards the lower right (south-east), ``r`` grows downward (south).
* **Facings / directions 0..5**, clockwise from north: 0 north, 1 north-east, 2 south-east,
  3 south, 4 south-west, 5 north-west. ``Hex.neighbor(d)`` is the hex across side ``d``,
  and a ship with facing ``d`` moves forward into ``neighbor(d)``.
* **Pixels** are screen pixels: x grows to the right, y grows downward, so north is smaller y.
  ``size`` is the hex's circumradius (centre to corner).

Here are the origin and its six neighbours, ``q,r`` with the direction in brackets. Hexes
in one column share ``q``; each column sits half a hex lower than the one to its left::

                 0,-1 [0]
      -1,0 [5]             1,-1 [1]
                 0,0
      -1,1 [4]             1,0 [2]
                 0,1 [3]

>>> Hex(0, 0).neighbor(0), Hex(0, 0).neighbor(2)
(Hex(q=0, r=-1), Hex(q=1, r=0))
>>> Hex(0, 0).distance(Hex(2, -3))
3
>>> hex_line(Hex(0, 0), Hex(3, 0))
(Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=0), Hex(q=3, r=0))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final

_SQRT3 = math.sqrt(3.0)


class InvalidFacing(ValueError):
    """A facing or direction outside 0..5."""


class InvalidHexData(ValueError):
    """Plain data that does not describe a hex (or a pose)."""


def offset_distance(dq: int, dr: int) -> int:
    """Hexes to walk across the axial offset ``(dq, dr)``: the distance between two hexes
    that differ by it, for callers that hold coordinates rather than hexes.

    >>> offset_distance(2, -3), offset_distance(-1, -1)
    (3, 2)
    """
    ds = dq + dr
    # the absolute values spelt out: compiled, abs() of an int is a generic call
    return ((dq if dq >= 0 else -dq) + (dr if dr >= 0 else -dr) + (ds if ds >= 0 else -ds)) // 2


def check_facing(facing: object) -> int:
    """Return ``facing`` if it is one of 0..5, else raise :class:`InvalidFacing` (``True``
    too: typed ``object`` so that compiled code sees the value as given, not as an int)."""
    if type(facing) is not int or not 0 <= facing < 6:
        raise InvalidFacing(f"a facing is an int from 0 to 5, got {facing!r}")
    return facing


def turn(facing: int, steps: int) -> int:
    """The facing after ``steps`` hex sides of turning: positive clockwise, negative anticlockwise.

    >>> turn(0, 1), turn(0, -1), turn(5, 2), turn(2, 6)
    (1, 5, 1, 2)
    """
    return (check_facing(facing) + steps) % 6


#: A hex hashes to ``(q + HASH_OFFSET) << 16 | (r + HASH_OFFSET)``: distinct for any two
#: hexes within 32,768 of the origin, by shifts and ors of non-negative numbers (compiled,
#: a product with a negative factor takes mypyc's slow path).
HASH_OFFSET: Final = 1 << 15


@dataclass(frozen=True, slots=True, init=False)
class Hex:
    """One hex in axial coordinates; ``s`` is the third cube coordinate."""

    q: int
    r: int

    def __init__(self, q: int, r: int) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted);
        # a frozen class's fields are set through object.__setattr__, as that one does
        object.__setattr__(self, "q", q)
        object.__setattr__(self, "r", r)

    def __reduce__(self) -> tuple[type[Hex], tuple[int, int]]:
        """Pickled as the call that makes it again (a compiled class's ``__new__`` runs its
        ``__init__``, so pickle's empty hex could not be made)."""
        return Hex, (self.q, self.r)

    # Equality and hash written out so that they run compiled (the dataclasses module's are
    # interpreted functions, and hexes and poses key many dictionaries); the hash is plain
    # integer arithmetic, no tuple (see HASH_OFFSET). No set of hexes is ever iterated in an
    # order that matters (only asked whether it holds one), so its value is free to choose.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hex) or other.__class__ is not self.__class__:
            return NotImplemented
        return self.q == other.q and self.r == other.r

    def __hash__(self) -> int:
        return (self.q + HASH_OFFSET) << 16 | (self.r + HASH_OFFSET)

    @property
    def s(self) -> int:
        """The cube coordinate ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q - other.q, self.r - other.r)

    def neighbor(self, direction: object) -> Hex:
        """The hex across side ``direction`` (0 north, clockwise).

        >>> Hex(2, 3).neighbor(1)
        Hex(q=3, r=2)
        """
        dq, dr = _DIRECTION_STEPS[check_facing(direction)]
        return Hex(self.q + dq, self.r + dr)

    def neighbors(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in direction order 0..5."""
        q, r = self.q, self.r
        return tuple(Hex(q + dq, r + dr) for dq, dr in _DIRECTION_STEPS)

    def distance(self, other: Hex) -> int:
        """Hexes to walk from here to ``other`` (0 for the same hex)."""
        return offset_distance(self.q - other.q, self.r - other.r)

    def rotated(self, center: Hex, steps: int) -> Hex:
        """This hex turned about ``center`` by ``steps`` x 60 degrees, positive clockwise.

        >>> Hex(0, -1).rotated(Hex(0, 0), 1)
        Hex(q=1, r=-1)
        """
        q, r = self.q - center.q, self.r - center.r
        for _ in range(steps % 6):
            q, r = -r, q + r
        return Hex(center.q + q, center.r + r)

    def ring(self, radius: int) -> tuple[Hex, ...]:
        """The hexes exactly ``radius`` away: clockwise from the one due north.

        A radius of 0 gives this hex alone; a negative radius gives no hexes.

        >>> Hex(0, 0).ring(1) == tuple(Hex(0, 0).neighbor(d) for d in range(6))
        True
        """
        if radius <= 0:
            return (self,) if radius == 0 else ()
        q, r = self.q, self.r - radius
        ring: list[Hex] = []
        for side in range(6):
            dq, dr = _DIRECTION_STEPS[(side + 2) % 6]
            for _ in range(radius):
                ring.append(Hex(q, r))
                q, r = q + dq, r + dr
        return tuple(ring)

    def within(self, radius: int) -> tuple[Hex, ...]:
        """Every hex at most ``radius`` away (this one included), ordered by ``q`` then ``r``.

        >>> len(Hex(5, 5).within(2))
        19
        """
        area: list[Hex] = []
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, radius - dq) + 1):
                area.append(Hex(self.q + dq, self.r + dr))
        return tuple(area)

    def to_pixel(self, size: float) -> tuple[float, float]:
        """The centre in screen pixels (y down) for hexes of circumradius ``size``.

        >>> Hex(2, -1).to_pixel(10.0)
        (30.0, 0.0)
        """
        return (size * 1.5 * self.q, size * _SQRT3 * (self.r + self.q / 2))

    @classmethod
    def from_pixel(cls, x: float, y: float, size: float) -> Hex:
        """The hex holding screen point ``(x, y)`` for hexes of circumradius ``size``.

        >>> Hex.from_pixel(14.0, -7.0, 10.0)
        Hex(q=1, r=-1)
        """
        q = (2.0 / 3.0) * x / size
        r = (-x / 3.0 + _SQRT3 / 3.0 * y) / size
        return _round_cube(q, r, -q - r)

    def to_plain(self) -> list[int]:
        """The JSON-ready form ``[q, r]``."""
        return [self.q, self.r]

    @classmethod
    def from_plain(cls, plain: Any) -> Hex:
        """The hex a ``[q, r]`` list (or tuple) describes.

        >>> Hex.from_plain([3, -1])
        Hex(q=3, r=-1)
        """
        if (
            not isinstance(plain, list | tuple)
            or len(plain) != 2
            or any(type(value) is not int for value in plain)
        ):
            raise InvalidHexData(f"a hex is written [q, r] with two ints, got {plain!r}")
        return cls(plain[0], plain[1])


#: (dq, dr) across each side, indexed by direction 0 (north) .. 5, clockwise.
_DIRECTION_STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))

#: The neighbour offsets as hexes, indexed by direction (``DIRECTIONS[d] == origin.neighbor(d)``).
DIRECTIONS: tuple[Hex, ...] = tuple(Hex(dq, dr) for dq, dr in _DIRECTION_STEPS)


def _round_cube(q: float, r: float, s: float) -> Hex:
    """The hex nearest a fractional cube point (used for pixel look-ups)."""
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(rq, rr)


#: Infinitesimal cube offsets added to every point of a hex line (they sum to zero). They break
#: the ties where the line runs along a hex edge or through a corner, always the same way.
_NUDGE: Final = (1, 2, -3)


def hex_line(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """The hexes whose centres are nearest the straight line from ``a``'s centre to ``b``'s.

    There are ``a.distance(b) + 1`` of them, from ``a`` to ``b``, each a neighbour of the
    last. Points are sampled on the cube-coordinate segment and rounded with exact integer
    arithmetic; ties (the line along an edge) are broken by shifting the whole segment by an
    infinitesimal fixed offset. Because both ends shift alike, the line is symmetric:
    ``hex_line(b, a)`` is exactly ``hex_line(a, b)`` reversed.

    >>> hex_line(Hex(0, 0), Hex(2, -1))
    (Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=-1))
    """
    n = a.distance(b)
    if n == 0:
        return (a,)
    return tuple(
        _round_scaled(
            a.q * (n - i) + b.q * i, a.r * (n - i) + b.r * i, a.s * (n - i) + b.s * i, n
        )
        for i in range(n + 1)
    )


def _round_scaled(q_scaled: int, r_scaled: int, s_scaled: int, n: int) -> Hex:
    """The hex nearest the cube point ``(q, r, s) / n`` shifted by ``_NUDGE`` times an
    epsilon.

    Each coordinate is rounded half up, and its error kept exactly as a pair (multiple of
    ``1/n``, multiple of epsilon), compared in that order. If the three do not sum to zero,
    the one with the largest error is recomputed from the other two, as in the usual cube
    rounding. An exact half whose nudge is negative should have rounded down; rounded up
    instead, it has the largest error of all, so it is the one recomputed, and the hex is
    the same. (The nudges differ in size, so no two errors are ever equal.)
    """
    q, q_error, q_nudge = _rounded(q_scaled, n, _NUDGE[0])
    r, r_error, r_nudge = _rounded(r_scaled, n, _NUDGE[1])
    s, s_error, s_nudge = _rounded(s_scaled, n, _NUDGE[2])
    if q + r + s != 0:
        if _larger(q_error, q_nudge, r_error, r_nudge) and _larger(
            q_error, q_nudge, s_error, s_nudge
        ):
            q = -r - s
        elif _larger(r_error, r_nudge, s_error, s_nudge):
            r = -q - s
    return Hex(q, r)


def _rounded(scaled: int, n: int, nudge: int) -> tuple[int, int, int]:
    """``scaled / n`` rounded half up, with its error: the multiple of ``1/n`` (size) and
    of epsilon (signed) that the rounding moved it by."""
    nearest = (2 * scaled + n) // (2 * n)
    gap = nearest * n - scaled
    return nearest, abs(gap), -nudge if gap > 0 else nudge


def _larger(error: int, nudge: int, other_error: int, other_nudge: int) -> bool:
    """Whether the error ``(error, nudge)`` is the larger, compared as pairs."""
    return error > other_error or (error == other_error and nudge > other_nudge)
