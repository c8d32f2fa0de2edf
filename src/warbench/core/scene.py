"""The scene: what to draw of the table for one seat, built from that seat's observation.

A ruleset describes its table once, as a :class:`~warbench.core.table.TablePicture`
(``Ruleset.table``); ``warbench render`` draws that picture, and the web table and the replay
viewer draw the :class:`Scene` made from it here. The scene is always made from a state
that one seat may know (``observation.state``), never from the true state, so nothing in
it can tell a seat another's secrets. Each shape carries what a page needs beyond the
picture: an index to select it by, the catalog id of the unit it shows, where the seat's
view names one, so a click can open the unit's card, the damage it carries, and the reach of
its weapons (arcs and range bands), where its ruleset says, drawn when the piece is selected.
A scene may also carry the attacks of one moment (:meth:`Scene.with_attacks`) and always
carries its labels placed so that no two overlap (:mod:`warbench.core.labels`): on a table
too crowded for every piece's label beside it, each piece's key, listed with its whole label
(:attr:`Scene.keys`).

>>> from warbench.core.table import Piece, TablePicture
>>> picture = TablePicture(48, 24, (Piece("Ajax", 10, 12, player=0, heading=90),), "turn 1")
>>> scene = Scene.from_picture(picture, units={"Ajax": "frigate"})
>>> scene.shapes[0].unit, scene.to_plain()["shapes"][0]["heading"]
('frigate', 90)
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from warbench.core.labels import Box, Label, LabelRequest, Segment, not_beside, place_labels
from warbench.core.table import Attack, TablePicture

#: Label text height as a fraction of the table's longer side.
LABEL_EM = 0.011
#: How far a piece's facing tick reaches from its centre, in lengths of its radius.
TICK_REACH = 1.4


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
    are in the table's units; ``heading`` in degrees, 0 up the table, clockwise. ``index``
    is its place in this scene alone (it shifts as pieces come and go); ``key`` the mark
    its ruleset names it by all game (:attr:`~warbench.core.table.Piece.key`), which a
    crowded table draws on it.
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
    damage: str = ""
    key: str = ""

    @property
    def label_text(self) -> str:
        """What its label says: the name, and the damage on a second line."""
        return "\n".join(part for part in (self.label, self.damage) if part)

    @property
    def piece(self) -> bool:
        """Whether it is a player's piece (not terrain, an area or a ring): what a crowded
        scene marks with its key."""
        return self.player is not None and self.kind not in ("polygon", "ring")

    @property
    def key_text(self) -> str:
        """Its mark on a crowded table: its key, else the number its label starts with,
        else its place in the scene (as the web table marks it).

        >>> Shape(3, "circle", "36 Ferrum rifleman", 0, 0, 0.5).key_text
        '36'
        """
        if self.key:
            return self.key
        first = self.label.split(" ", 1)[0]
        return first if first.isdigit() else str(self.index)

    @property
    def key_words(self) -> str:
        """Its whole label in one line, for a crowded table's legend: the name (less the key
        it starts with), then the damage.

        >>> Shape(3, "circle", "36 Ferrum rifleman", 0, 0, 0.5, damage="### L3").key_words
        'Ferrum rifleman · ### L3'
        """
        first, _, rest = self.label.partition(" ")
        name = rest if first == self.key_text and rest else self.label
        return " · ".join(part for part in (name, self.damage) if part)

    @property
    def radius(self) -> float:
        """How far the body reaches from its centre (0 for areas: polygons and rings)."""
        if self.kind in ("polygon", "ring"):
            return 0.0
        if self.kind == "rect":
            return max(self.size, self.length) / 2
        return self.size

    @property
    def tick(self) -> Segment | None:
        """The line drawn from its centre along its heading (``None``: no heading, or an
        area), which labels keep off.

        >>> Shape(0, "circle", "Ajax", 1.0, 2.0, 0.5, heading=90.0).tick
        (1.0, 2.0, 1.7, 2.0)
        """
        if self.heading is None or self.kind in ("polygon", "ring"):
            return None
        reach, heading = self.radius * TICK_REACH, math.radians(self.heading)
        return (self.x, self.y, round(self.x + reach * math.sin(heading), 12),
                round(self.y + reach * math.cos(heading), 12))

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
        if self.damage:
            plain["damage"] = self.damage
        if self.key:
            plain["key"] = self.key
        return plain


def attack_to_plain(attack: Attack) -> dict[str, Any]:
    """JSON-ready form of an attack mark."""
    return {
        "x": attack.x,
        "y": attack.y,
        "target_x": attack.target_x,
        "target_y": attack.target_y,
        "label": attack.label,
        "player": attack.player,
        "arc": [attack.arc_start, attack.arc_end],
        "band": [attack.near, attack.far],
        "hit": attack.hit,
    }


@dataclass(frozen=True, slots=True)
class KeyRow:
    """A piece a crowded scene marks with its ``key``: the label at ``label`` in
    :attr:`Scene.labels` is that key; ``words`` its whole label in one line (the legend's
    row), ``player`` its owner (the key's colour)."""

    label: int
    key: str
    words: str
    player: int | None


@dataclass(frozen=True, slots=True)
class Scene:
    """The table for one seat: its size and units, a title, the shapes to draw, the attacks
    of the moment shown, and every label placed (shapes' first, then attacks').

    A table too crowded for every piece's label beside it (troopers base to base) marks
    each piece with its key instead, as the web table does, and lists the keys with the
    whole labels (:attr:`keys`, for a legend under the picture); terrain and attacks keep
    their labels.
    """

    width: float
    height: float
    shapes: tuple[Shape, ...]
    title: str = ""
    units: str = "in"
    attacks: tuple[Attack, ...] = ()
    labels: tuple[Label, ...] = field(default=(), compare=False)
    ground: str = ""  # the table's ground, as TablePicture's
    keys: tuple[KeyRow, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if not self.labels and (self.shapes or self.attacks):
            labels, keys = self._place()
            object.__setattr__(self, "labels", labels)
            object.__setattr__(self, "keys", keys)

    @property
    def em(self) -> float:
        """Height of label text in the table's units."""
        return LABEL_EM * max(self.width, self.height)

    def with_attacks(self, attacks: tuple[Attack, ...], title: str | None = None) -> Scene:
        """This scene with ``attacks`` drawn (and, if given, a new title); labels re-placed."""
        return replace(self, attacks=attacks, title=self.title if title is None else title,
                       labels=(), keys=())

    def _place(self) -> tuple[tuple[Label, ...], tuple[KeyRow, ...]]:
        """Every label placed, each piece's key instead where the table is too crowded for
        a piece's whole label beside it (:func:`~warbench.core.labels.not_beside`)."""
        named = [shape for shape in self.shapes if shape.label_text]
        bodies = {
            s.index: Box(s.x - s.radius, s.y - s.radius, s.x + s.radius, s.y + s.radius)
            for s in named
            if s.radius > 0
        }
        requests = [LabelRequest(s.label_text, *_anchor(s), s.radius) for s in named]
        crowded = any(named[index].piece for index in not_beside(
            requests, self.width, self.height, self.em, list(bodies.values())))
        keys: list[KeyRow] = []
        if crowded:  # a key on each piece, where it is clear of the others and their ticks
            for place, shape in enumerate(named):
                if shape.piece:
                    requests[place] = LabelRequest(shape.key_text, shape.x, shape.y,
                                                   body=bodies.get(shape.index), tick=shape.tick)
                    keys.append(KeyRow(place, shape.key_text, shape.key_words, shape.player))
        requests += [
            LabelRequest(attack.label, (attack.x + attack.target_x) / 2,
                         (attack.y + attack.target_y) / 2)
            for attack in self.attacks
            if attack.label
        ]
        ticks = [shape.tick for shape in self.shapes if shape.tick is not None]
        labels = place_labels(requests, self.width, self.height, self.em,
                              list(bodies.values()), ticks)
        return labels, tuple(keys)

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
                damage=piece.damage,
                key=piece.key,
            )
            for index, piece in enumerate(picture.pieces)
        )
        return cls(picture.width, picture.height, shapes, picture.title, picture.units,
                   picture.attacks, ground=picture.ground)

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form, for the web page and replays."""
        return {
            "width": self.width,
            "height": self.height,
            "title": self.title,
            "units": self.units,
            "ground": self.ground,
            "shapes": [shape.to_plain() for shape in self.shapes],
            "attacks": [attack_to_plain(attack) for attack in self.attacks],
            "labels": [label.to_plain() for label in self.labels],
            "em": self.em,
        }


def _anchor(shape: Shape) -> tuple[float, float]:
    """Where a shape's label points: its centre; a ring's top edge; a polygon's first corner."""
    if shape.kind == "ring":
        return shape.x, shape.y + shape.size
    if shape.kind == "polygon" and shape.points:
        return shape.points[0]
    return shape.x, shape.y


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
