"""A picture of the table as plain shapes, which any ruleset can describe and any renderer draw.

A ruleset turns its state into a :class:`TablePicture`: the table's size and a list of
:class:`Piece` shapes (models on circle or rectangle bases, hexes, terrain polygons, markers).
The renderer (``warbench.core.render``) draws it; the web table will read the same data.

>>> picture = TablePicture(48, 48, (Piece("Ajax", 10, 12, player=0, heading=90),))
>>> picture.pieces[0].shape
'circle'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Piece:
    """One thing on the table.

    ``shape`` is ``circle`` (``size`` = radius), ``ring`` (an area's edge: a control or
    command range, ``size`` = radius), ``rect`` (``size`` = width, ``length``
    along the heading), ``hex`` (a hex at x, y with ``size`` = centre-to-corner) or
    ``polygon`` (``points``). ``player`` colours it (``None`` for terrain and markers);
    ``heading`` (degrees, 0 up the table, clockwise) draws a facing tick; ``unit`` is the
    catalog id of the unit it shows, where the ruleset knows it.
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


@dataclass(frozen=True, slots=True)
class TablePicture:
    """The whole table: width and height in the ruleset's units, the pieces, a title."""

    width: float
    height: float
    pieces: tuple[Piece, ...]
    title: str = ""
    units: str = "in"
