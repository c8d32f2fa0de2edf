"""Line of sight (HOR-LOS): who sees whom past bases and terrain, and the sight kept from
one decision to the next.

Line of sight runs centre to centre (the core's convention; engine default where the seed
says "any point of the base"). What terrain does to a line depends only on its two ends and
the layout, so that part is kept per layout and line (:func:`terrain_hides`); what bases do
to it is worked out afresh, since any model may have moved.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from warbench.core.geometry import TOLERANCE, Point
from warbench.core.geometry.shapes import point_segment_distance
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.space import (
    CLEAR,
    STEALTH_RANGE,
    Piece,
    Pieces,
    in_front_arc,
    misses_line,
    terrain,
)
from warbench.rulesets.hordes.state import HordesState, Model

#: Lines of sight through terrain kept per layout: the pieces (kept with their answers, so
#: the id cannot be reused while the entry lives), those of them that may hide a line
#: (obstructions and forests), and each line's answer, by its two ends.
_LINES: dict[int, tuple[Pieces, Pieces, dict[tuple[float, float, float, float], bool]]] = {}
#: Lines kept per layout at most; beyond it they start afresh (a bound on memory only).
MAX_LINES = 20_000
#: A model that may stand across a line of sight (living and standing): its uid, centre x
#: and y, base radius, and whether it is stealthy.
Blocker = tuple[int, float, float, float, bool]


def terrain_hides(layout: Pieces, sx: float, sy: float, ex: float, ey: float) -> bool:
    """Whether an obstruction or forest lies across the line between two centres (a forest
    either end stands in does not hide it). Both the answer and the tests it rests on do
    not depend on which end is which, so the line is kept under its ends in sorted order;
    the answer is a pure function of the layout and the ends, so nothing invalidates it."""
    key = (sx, sy, ex, ey) if (sx, sy) <= (ex, ey) else (ex, ey, sx, sy)
    entry = _LINES.get(id(layout))
    if entry is None or entry[0] is not layout or len(entry[2]) > MAX_LINES:
        if len(_LINES) > 64:
            _LINES.clear()
        hiding = tuple(piece for piece in layout if piece.kind in ("obstruction", "forest"))
        entry = _LINES[id(layout)] = (layout, hiding, {})
    kept = entry[2].get(key)
    if kept is None:
        kept = entry[2][key] = _crossed(entry[1], *key)
    return kept


def _crossed(hiding: Pieces, sx: float, sy: float, ex: float, ey: float) -> bool:
    for piece in hiding:
        if misses_line(piece, sx, sy, ex, ey):
            continue
        shape, start, end = piece.shape, Point(sx, sy), Point(ex, ey)
        if piece.kind == "forest" and (
            (_near_box(piece, sx, sy) and shape.contains(start))
            or (_near_box(piece, ex, ey) and shape.contains(end))
        ):
            continue  # a forest a model stands in does not hide it
        if shape.crossed_by(start, end):
            return True
    return False


def _near_box(piece: Piece, x: float, y: float) -> bool:
    """Whether ``(x, y)`` lies within a hair (``CLEAR``) of the piece's box: a point
    farther out lies farther than the hair from the piece itself, so the piece does not
    contain it (``contains`` allows only ``TOLERANCE``, far below the hair)."""
    x0, y0, x1, y1 = piece.box
    return x0 - CLEAR <= x <= x1 + CLEAR and y0 - CLEAR <= y <= y1 + CLEAR


def standing(data: HordesData, state: HordesState) -> tuple[Blocker, ...]:
    """The models of ``state`` that may block a line of sight (see :data:`Blocker`)."""
    radii, cards = data.radii, data.models
    return tuple(
        (m.uid, m.x, m.y, radii[m.card], "stealth" in cards[m.card].abilities)
        for m in state.models
        if m.alive and not m.knocked_down
    )


def can_see(data: HordesData, state: HordesState, viewer: Model, target: Model) -> bool:
    """Line of sight between two models of ``state``: the target in the front arc, no
    obstruction or forest across the line (a forest either model stands in does not hide
    it), no standing base at least as big as the target's across it (stealthy models
    beyond 5" do not block)."""
    return line_clear(data, state, viewer, target, standing(data, state))


def line_clear(
    data: HordesData,
    state: HordesState,
    viewer: Model,
    target: Model,
    blockers: tuple[Blocker, ...],
) -> bool:
    """:func:`can_see`, given the state's :func:`standing` models."""
    if not in_front_arc(data, viewer, target):
        return False
    radii = data.radii
    sx, sy, ex, ey = viewer.x, viewer.y, target.x, target.y
    least = 2 * radii[target.card] - TOLERANCE
    viewer_r = radii[viewer.card]
    low_x, high_x = min(sx, ex), max(sx, ex)
    low_y, high_y = min(sy, ey), max(sy, ey)
    seer, seen = viewer.uid, target.uid
    for uid, ox, oy, r, stealthy in blockers:
        if uid == seer or uid == seen or 2 * r < least:  # noqa: SIM109 (no tuple per model)
            continue
        if ox + r < low_x or ox - r > high_x or oy + r < low_y or oy - r > high_y:
            continue  # farther than r from the line's box, so from the line
        if point_segment_distance(ox, oy, sx, sy, ex, ey) >= r - TOLERANCE:
            continue
        if stealthy and math.hypot(ox - sx, oy - sy) - viewer_r - r > STEALTH_RANGE:
            continue
        return False
    return not terrain_hides(terrain(data, state), sx, sy, ex, ey)


class Sight:
    """Lines of sight (:func:`can_see`) of one state, each ordered pair of models worked
    out once, and what else is worked out from sight and places alone (the targets of a
    spell, :meth:`kept`). Kept in ``memo``, which holds only while everything they read
    is as it was: the places, cards, life, standing and owners of the models (see
    :func:`sight_of`)."""

    def __init__(
        self, data: HordesData, state: HordesState, memo: SightMemo | None = None
    ) -> None:
        self.data = data
        self.state = state
        self._memo = SightMemo() if memo is None else memo

    def sees(self, viewer: Model, target: Model) -> bool:
        """:func:`can_see` of ``viewer`` and ``target``."""
        memo = self._memo
        key = (viewer.uid, target.uid)
        answer = memo.seen.get(key)
        if answer is None:
            if memo.standing is None:
                memo.standing = standing(self.data, self.state)
            answer = line_clear(self.data, self.state, viewer, target, memo.standing)
            memo.seen[key] = answer
        return answer

    def kept(
        self, key: tuple[object, ...], work_out: Callable[[], tuple[int, ...]]
    ) -> tuple[int, ...]:
        """The uids ``work_out`` gives, worked out once per ``key``: only for answers that
        read nothing but sight and what :func:`sight_key` holds."""
        kept = self._memo.uids
        answer = kept.get(key)
        if answer is None:
            answer = kept[key] = work_out()
        return answer


@dataclass(slots=True)
class SightMemo:
    """What a :class:`Sight` has worked out: each ordered pair's line of sight, the
    state's :func:`standing` models once a line is asked, and uids kept by
    :meth:`Sight.kept`."""

    seen: dict[tuple[int, int], bool] = field(default_factory=dict)
    uids: dict[tuple[object, ...], tuple[int, ...]] = field(default_factory=dict)
    standing: tuple[Blocker, ...] | None = None


#: The sight last worked out: the data and sight key it holds for, and what it holds.
_last_sight: list[tuple[HordesData, tuple[object, ...], SightMemo]] = []


def sight_key(state: HordesState) -> tuple[object, ...]:
    """Everything of ``state`` that :func:`can_see` and the answers kept with it read: the
    layout, and each model's place, heading, card, life, standing (knocked down or not)
    and owner (fixed in a game; in the key so that no other game's answers are shared)."""
    return (
        state.layout,
        *[(m.x, m.y, m.heading, m.card, m.alive, m.knocked_down, m.owner) for m in state.models],
    )


def sight_of(data: HordesData, state: HordesState) -> Sight:
    """A :class:`Sight` of ``state`` that shares what was worked out for the last state
    with an equal :func:`sight_key` and the same data (the decisions of one activation
    between moves, casts that kill nobody, ...); any change of what the key holds starts
    afresh, so a kept answer is always the one worked out now would give."""
    key = sight_key(state)
    if _last_sight and _last_sight[0][0] is data and _last_sight[0][1] == key:
        return Sight(data, state, _last_sight[0][2])
    memo = SightMemo()
    _last_sight[:] = [(data, key, memo)]
    return Sight(data, state, memo)
