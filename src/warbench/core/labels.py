"""Placing text labels on a table picture so that no two of them overlap.

Each label asks to sit near an anchor (a piece's centre, an attack line's middle) and clear
of the body it names. The pass is greedy and deterministic: labels are placed in the order
given; each takes the first free spot among candidates on rings of growing radius around its
anchor (eight directions, right of the anchor first), preferring spots that also cover no
piece and cross no line drawn over the pieces (their facing ticks). Label sizes come from a
monospace character cell (``em`` high, ``CHAR_WIDTH * em`` wide per character), so the
renderer's text fills the same box the pass reserved.

>>> a, b = place_labels([LabelRequest("Ajax", 5, 5), LabelRequest("Brutus", 5, 5)], 20, 20, 1)
>>> a.box.overlaps(b.box)
False
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

#: Width of one monospace character, in units of the font's height (``em``).
CHAR_WIDTH = 0.62
#: Height of one line of text, in ``em``.
LINE_HEIGHT = 1.25
#: Blank margin around the text inside its box, in ``em``.
PADDING = 0.2
#: Directions tried on each ring, as multiples of 45 degrees clockwise from the right.
_DIRECTIONS = (0, 2, 6, 4, 1, 7, 3, 5)
#: Rings tried beside the piece; then further out (its leader line shows whose it is)
#: before a label may cover a piece; then before it may leave the table.
_NEAR_RINGS, _FAR_RINGS, _MAX_RINGS = 6, 16, 400

#: A line segment ``(x1, y1, x2, y2)`` that labels keep off.
Segment = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle: lower-left ``(x0, y0)``, upper-right ``(x1, y1)``."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Box) -> bool:
        """Whether the two boxes share any area (touching edges do not count).

        >>> Box(0, 0, 1, 1).overlaps(Box(1, 0, 2, 1)), Box(0, 0, 2, 2).overlaps(Box(1, 1, 3, 3))
        (False, True)
        """
        return (
            self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1
        )

    def inside(self, width: float, height: float) -> bool:
        """Whether the box lies within the table ``[0, width] x [0, height]``."""
        return self.x0 >= 0 and self.y0 >= 0 and self.x1 <= width and self.y1 <= height

    def crossed_by(self, segment: Segment) -> bool:
        """Whether the segment runs through the box's inside (along an edge does not count).

        >>> box = Box(0, 0, 2, 2)
        >>> box.crossed_by((1, -1, 1, 3)), box.crossed_by((3, 0, 0, 3))
        (True, True)
        >>> box.crossed_by((2, 0, 2, 2)), box.crossed_by((3, 0, 2.5, 3))
        (False, False)
        >>> box.crossed_by((1, 1, 1, 1))
        True
        """
        x1, y1, x2, y2 = segment
        low, high = 0.0, 1.0  # the part of the segment inside, as fractions of its length
        for start, step, edge0, edge1 in ((x1, x2 - x1, self.x0, self.x1),
                                          (y1, y2 - y1, self.y0, self.y1)):
            if step == 0:
                if not edge0 < start < edge1:
                    return False
                continue
            enter, leave = sorted(((edge0 - start) / step, (edge1 - start) / step))
            low, high = max(low, enter), min(high, leave)
        return low < high


@dataclass(frozen=True, slots=True)
class LabelRequest:
    """A label to place: its ``text`` (lines split on ``\\n``), its anchor, and ``clear``,
    the radius around the anchor that the label should leave free (the piece's body);
    ``body`` and ``tick``, the box and facing tick of the piece it names, which it may cover
    though it avoids the others' (a piece's key, marked on the piece itself, over its tick)."""

    text: str
    x: float
    y: float
    clear: float = 0.0
    body: Box | None = None
    tick: Segment | None = None


@dataclass(frozen=True, slots=True)
class Label:
    """A placed label: its text, centre ``(x, y)``, box, and the anchor it names."""

    text: str
    x: float
    y: float
    box: Box
    anchor: tuple[float, float]

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form (the web table draws the same boxes)."""
        return {
            "text": self.text,
            "x": self.x,
            "y": self.y,
            "box": [self.box.x0, self.box.y0, self.box.x1, self.box.y1],
            "anchor": list(self.anchor),
        }


def text_size(text: str, em: float) -> tuple[float, float]:
    """Width and height of the box ``text`` needs at font height ``em``.

    >>> text_size("abc\\nde", 1.0)
    (2.26, 2.9)
    """
    lines = text.split("\n")
    width = max(len(line) for line in lines) * CHAR_WIDTH * em + 2 * PADDING * em
    height = len(lines) * LINE_HEIGHT * em + 2 * PADDING * em
    return round(width, 9), round(height, 9)


def place_labels(
    requests: Sequence[LabelRequest],
    width: float,
    height: float,
    em: float,
    bodies: Sequence[Box] = (),
    lines: Sequence[Segment] = (),
) -> tuple[Label, ...]:
    """Place every request (in order) so that no two label boxes overlap.

    A spot must stay on the ``width`` x ``height`` table and should cover none of
    ``bodies`` (the pieces' boxes) and cross none of ``lines`` (their facing ticks): beside
    the anchor if it can, else further out; when the table is too crowded for that, the
    first spot that only avoids other labels is taken, then one off the table.
    """
    placed: list[Label] = []
    table, gap = (width, height), PADDING * em  # a line along a box's edge would touch its text
    for request in requests:
        w, h = text_size(request.text, em)
        taken = [label.box for label in placed]
        others, crossed = _others(bodies, request), _other_lines(lines, request)
        chosen = (
            _first(_spots(request, w, h, em, _NEAR_RINGS), taken, others, crossed, table, gap)
            or _first(_spots(request, w, h, em, _FAR_RINGS), taken, others, crossed, table, gap)
            or _first(_spots(request, w, h, em, _MAX_RINGS), taken, (), (), table)
            or _first(_spots(request, w, h, em, _MAX_RINGS), taken, (), (), None)
        )
        if chosen is None:  # pragma: no cover - the rings reach far beyond any table
            raise ValueError(f"no room for the label {request.text!r}")
        placed.append(
            Label(
                request.text,
                (chosen.x0 + chosen.x1) / 2,
                (chosen.y0 + chosen.y1) / 2,
                chosen,
                (request.x, request.y),
            )
        )
    return tuple(placed)


def not_beside(
    requests: Sequence[LabelRequest],
    width: float,
    height: float,
    em: float,
    bodies: Sequence[Box] = (),
) -> tuple[int, ...]:
    """The requests (by their place) that find no spot beside their anchor, when each in
    order takes the first it finds: on the first rings round it, on the table, clear of the
    labels placed before and of ``bodies``. Any: the table is too crowded to say every label
    beside its piece (:class:`~warbench.core.scene.Scene` then marks the pieces with keys).
    The facing ticks are not counted: a label that crosses one beside its piece still says
    whose it is, and :func:`place_labels` then keeps it off the ticks where it finds room.

    >>> two = [LabelRequest("Ajax", 5, 5, 1.0), LabelRequest("Brutus", 5, 5, 1.0)]
    >>> not_beside(two, 20, 20, 1.0), not_beside(two, 6, 6, 1.0)
    ((), (1,))
    """
    taken: list[Box] = []
    missed = []
    for index, request in enumerate(requests):
        w, h = text_size(request.text, em)
        spot = _first(_spots(request, w, h, em, _NEAR_RINGS), taken, _others(bodies, request),
                      (), (width, height))
        if spot is None:
            missed.append(index)
        else:
            taken.append(spot)
    return tuple(missed)


def _others(bodies: Sequence[Box], request: LabelRequest) -> Sequence[Box]:
    """The ``bodies`` a label must keep off: all but the one of the piece it names."""
    if request.body is None:
        return bodies
    return [box for box in bodies if box != request.body]


def _other_lines(lines: Sequence[Segment], request: LabelRequest) -> Sequence[Segment]:
    """The ``lines`` a label must keep off: all but the tick of the piece it names."""
    if request.tick is None:
        return lines
    return [line for line in lines if line != request.tick]


def _spots(request: LabelRequest, w: float, h: float, em: float, rings: int) -> Iterator[Box]:
    """Candidate boxes: centred on the anchor (a bare point), then on ``rings`` rings."""
    if request.clear == 0:
        yield _box_at(request.x, request.y, w, h)
    for ring in range(rings):
        radius = request.clear + (0.5 + ring) * em
        for direction in _DIRECTIONS:
            angle = math.radians(45.0 * direction)
            dx, dy = round(math.cos(angle), 12), round(math.sin(angle), 12)
            # Push the box out so its near edge, not its centre, sits at the radius.
            cx = request.x + dx * (radius + w / 2 * abs(dx) / max(abs(dx), abs(dy)))
            cy = request.y + dy * (radius + h / 2 * abs(dy) / max(abs(dx), abs(dy)))
            yield _box_at(cx, cy, w, h)
            if dx == 0 or (dy != 0 and abs(dx) < 1):  # above, below or diagonal: slid sideways
                yield _box_at(cx + w / 2, cy, w, h)
                yield _box_at(cx - w / 2, cy, w, h)


def _box_at(cx: float, cy: float, w: float, h: float) -> Box:
    return Box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def _first(
    spots: Iterable[Box],
    taken: Sequence[Box],
    bodies: Sequence[Box],
    lines: Sequence[Segment],
    table: tuple[float, float] | None,
    gap: float = 0.0,
) -> Box | None:
    """The first spot on the ``table`` (``None``: anywhere) that covers no box given and
    comes no nearer than ``gap`` to any of ``lines``."""
    for spot in spots:
        if table is not None and not spot.inside(*table):
            continue
        if any(spot.overlaps(box) for box in taken) or any(spot.overlaps(b) for b in bodies):
            continue
        if lines:
            near = Box(spot.x0 - gap, spot.y0 - gap, spot.x1 + gap, spot.y1 + gap)
            if any(near.crossed_by(line) for line in lines):
                continue
        return spot
    return None
