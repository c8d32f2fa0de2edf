"""A picture of the table as plain shapes, which any ruleset can describe and any renderer draw.

A ruleset turns its state into a :class:`TablePicture`: the table's size and a list of
:class:`Piece` shapes (models on circle or rectangle bases, hexes, terrain polygons, markers),
each with the damage it carries. The attacks of a moment (``Ruleset.attacks_drawn``) are
:class:`Attack` marks: a line from shooter to target, the firing arc and the range band used.
The scene (``warbench.core.scene``) numbers the pieces and places the labels; ``warbench
render`` and the web table both draw it.

>>> picture = TablePicture(48, 48, (Piece("Ajax", 10, 12, player=0, heading=90),))
>>> picture.pieces[0].shape
'circle'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from warbench.core.geometry import Arc, RangeBands


@dataclass(frozen=True, slots=True)
class Piece:
    """One thing on the table.

    ``shape`` is ``circle`` (``size`` = radius), ``ring`` (an area's edge: a control or
    command range, ``size`` = radius), ``rect`` (``size`` = width, ``length``
    along the heading), ``hex`` (a hex at x, y with ``size`` = centre-to-corner) or
    ``polygon`` (``points``). ``player`` colours it (``None`` for terrain and markers);
    ``heading`` (degrees, 0 up the table, clockwise) draws a facing tick; ``unit`` is the
    catalog id of the unit it shows, where the ruleset knows it; ``damage`` says in a few
    words what damage it carries, in the ruleset's own terms (``hull 3/6``, ``boxes 12/28``);
    ``key`` is the short mark that names the piece all game (its own number in the state,
    which forms and words use too), drawn on it where the table is too crowded for labels:
    it never changes as other pieces come and go (empty: none given).
    """

    label: str
    x: float
    y: float
    shape: str = "circle"
    size: float = 0.5
    length: float = 0.0
    heading: float | None = None
    player: int | None = None
    points: tuple[tuple[float, float], ...] = ()
    faded: bool = False
    unit: str | None = None
    damage: str = ""
    key: str = ""


@dataclass(frozen=True, slots=True)
class Attack:
    """One attack to draw: a line from the shooter at ``(x, y)`` to the target at
    ``(target_x, target_y)``, the firing arc used (absolute bearings from ``arc_start``
    clockwise to ``arc_end``, degrees, 0 up the table) and the range band used (from ``near``
    out to ``far``; ``far`` 0: none drawn), a ``label`` (weapon, band, result), the
    shooter's ``player`` for its colour, and whether it ``hit``.

    >>> mark = Attack.fired((0, 0), 90, (10, 0), arc=Arc.centered(90), bands=RangeBands((6, 12)))
    >>> mark.arc_start, mark.arc_end, mark.near, mark.far
    (45.0, 135.0, 6, 12)
    """

    x: float
    y: float
    target_x: float
    target_y: float
    label: str = ""
    player: int | None = None
    arc_start: float = 0.0
    arc_end: float = 360.0
    near: float = 0.0
    far: float = 0.0
    hit: bool = True

    @classmethod
    def fired(
        cls,
        shooter: tuple[float, float],
        heading: float,
        target: tuple[float, float],
        *,
        arc: Arc | None = None,
        bands: RangeBands | None = None,
        band: int | None = None,
        label: str = "",
        player: int | None = None,
        hit: bool = True,
    ) -> Attack:
        """The mark of a shot from ``shooter`` facing ``heading`` at ``target``: ``arc`` is
        relative to the heading (``None``: all round); the band drawn is ``band`` (1-based)
        of ``bands``, or where not given the one holding the centre-to-centre distance (the
        last band when beyond)."""
        start, end = 0.0, 360.0
        if arc is not None and arc.width < 360.0:
            start = (heading + arc.start) % 360.0
            end = start + arc.width
        near = far = 0.0
        if bands is not None:
            if band is None:
                band = bands.band(math.dist(shooter, target)) or len(bands.edges)
            band = min(max(band, 1), len(bands.edges))
            near, far = (bands.edges[band - 2] if band > 1 else 0.0), bands.edges[band - 1]
        return cls(*shooter, *target, label, player, start, end, near, far, hit)


@dataclass(frozen=True, slots=True)
class TablePicture:
    """The whole table: width and height in the ruleset's units, the pieces, a title, the
    attacks drawn on it (none unless a moment of the game is asked for), and what the table
    is (``ground``: ``""`` the ruleset's usual one, a sea or space; ``"land"`` drawn green)."""

    width: float
    height: float
    pieces: tuple[Piece, ...]
    title: str = ""
    units: str = "in"
    attacks: tuple[Attack, ...] = ()
    ground: str = ""
