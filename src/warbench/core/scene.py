"""The scene: what to draw of the table for one seat, built from that seat's observation.

A ruleset describes its table once, as a :class:`~warbench.core.table.TablePicture`
(``Ruleset.table``); ``warbench render`` draws that picture, and the web table and the replay
viewer draw the :class:`Scene` made from it here. The scene is always made from a state
that one seat may know (``observation.state``), never from the true state, so nothing in
it can tell a seat another's secrets. Each shape carries what a page needs beyond the
picture: an index to select it by, the catalog id of the unit it shows, where the seat's
view names one, so a click can open the unit's card, and the reach of its weapons (arcs and
range bands), where its ruleset says, drawn when the piece is selected.

>>> from warbench.core.table import Piece, TablePicture
>>> picture = TablePicture(48, 24, (Piece("Ajax", 10, 12, player=0, heading=90),), "turn 1")
>>> scene = Scene.from_picture(picture, units={"Ajax": "frigate"})
>>> scene.shapes[0].unit, scene.to_plain()["shapes"][0]["heading"]
('frigate', 90)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from warbench.core.table import TablePicture


@dataclass(frozen=True, slots=True)
class Reach:
    """How far a piece reaches in one arc: out to ``radius``, between the bearings ``start``
    and ``end`` (degrees clockwise from up the table, ``end`` after ``start``), with a line at
    every ``band`` (0: none).

    >>> Reach(24.0, -30.0, 30.0, 12.0, "F").to_plain()["band"]
    12.0
    """

    radius: float
    start: float = 0.0
    end: float = 360.0
    band: float = 0.0
    label: str = ""

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "radius": self.radius,
            "start": self.start,
            "end": self.end,
            "band": self.band,
            "label": self.label,
        }


@dataclass(frozen=True, slots=True)
class Shape:
    """One thing drawn: a piece of the picture, numbered, with its unit when known.

    ``kind`` is the picture's shape (``circle``, ``rect``, ``hex``, ``polygon``); sizes
    are in the table's units; ``heading`` in degrees, 0 up the table, clockwise.
    """

    index: int
    kind: str
    label: str
    x: float
    y: float
    size: float
    length: float = 0.0
    heading: float | None = None
    player: int | None = None
    points: tuple[tuple[float, float], ...] = ()
    faded: bool = False
    unit: str | None = None
    reach: tuple[Reach, ...] = ()

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form; empty optional fields are left out."""
        plain: dict[str, Any] = {
            "index": self.index,
            "kind": self.kind,
            "label": self.label,
            "x": self.x,
            "y": self.y,
            "size": self.size,
        }
        if self.length:
            plain["length"] = self.length
        if self.heading is not None:
            plain["heading"] = self.heading
        if self.player is not None:
            plain["player"] = self.player
        if self.points:
            plain["points"] = [list(point) for point in self.points]
        if self.faded:
            plain["faded"] = True
        if self.unit is not None:
            plain["unit"] = self.unit
        if self.reach:
            plain["reach"] = [reach.to_plain() for reach in self.reach]
        return plain


@dataclass(frozen=True, slots=True)
class Scene:
    """The table for one seat: its size and units, a title, and the shapes to draw."""

    width: float
    height: float
    shapes: tuple[Shape, ...]
    title: str = ""
    units: str = "in"

    @classmethod
    def from_picture(
        cls,
        picture: TablePicture | None,
        units: Mapping[str, str] | None = None,
        reach: Mapping[str, tuple[Reach, ...]] | None = None,
    ) -> Scene:
        """The scene of a ruleset's picture (an empty 1 x 1 table for ``None``).

        ``units`` maps a piece's label to the catalog id of the unit it shows (where the
        piece does not say it), ``reach`` to the reach of its weapons.
        """
        if picture is None:
            return cls(1.0, 1.0, (), "this ruleset draws no table yet")
        known = units or {}
        reaches = reach or {}
        shapes = tuple(
            Shape(
                index=index,
                kind=piece.shape,
                label=piece.label,
                x=piece.x,
                y=piece.y,
                size=piece.size,
                length=piece.length,
                heading=piece.heading,
                player=piece.player,
                points=piece.points,
                faded=piece.faded,
                unit=piece.unit or known.get(piece.label),
                reach=reaches.get(piece.label, ()),
            )
            for index, piece in enumerate(picture.pieces)
        )
        return cls(picture.width, picture.height, shapes, picture.title, picture.units)

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form, for the web page and replays."""
        return {
            "width": self.width,
            "height": self.height,
            "title": self.title,
            "units": self.units,
            "shapes": [shape.to_plain() for shape in self.shapes],
        }


def units_by_label(view: Any, catalog: Mapping[str, Any] | None) -> dict[str, str]:
    """Which catalog unit each named thing in a seat's ``view`` is.

    Any object of the view that has a ``name`` and a string field holding a catalog id
    (``design``, ``unit``, ``type``...) maps that name to the id.

    >>> units_by_label({"ships": [{"name": "Ajax", "design": "frigate"}]}, {"frigate": 1})
    {'Ajax': 'frigate'}
    """
    if not catalog:
        return {}
    found: dict[str, str] = {}
    for node in _objects(view):
        name = node.get("name")
        if not isinstance(name, str) or name in found:
            continue
        for key, value in node.items():
            if key != "name" and isinstance(value, str) and value in catalog:
                found[name] = value
                break
    return found


def _objects(node: Any) -> Iterator[dict[str, Any]]:
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, dict):
            yield current
            stack.extend(current.values())
        elif isinstance(current, list | tuple):
            stack.extend(current)
