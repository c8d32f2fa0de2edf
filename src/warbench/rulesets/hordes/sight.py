"""Line of sight (HOR-LOS): who sees whom past bases and terrain, and the sight kept from
one decision to the next.

The seed gives sight when an unobstructed straight line runs from the viewer's base to any
point of the target's base in the viewer's front arc. The engine tries five such lines (a
documented approximation of "any"): centre to centre first (most lines are clear, and then
nothing more is worked out), then the four lines tangent to both bases, the two outer ones
along their sides and the two that cross between them (:func:`tangents`). A line counts
only where it ends on the target's base in the front arc. Any clear one is a line the seed
allows; a clear line none of the five finds (through a narrow gap between blockers) is
missed. What terrain does to a line depends only on its ends, the centres of the two
models and the layout, so that part is kept per layout and line (:func:`terrain_hides`);
what bases do to it is worked out afresh, since any model may have moved.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from warbench.core.geometry import TOLERANCE, Point, heading_vector
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
#: (obstructions and forests), and each line's answer, by its two ends (and by the centres
#: of the two models it joins, for a line between base edges).
_LINES: dict[int, tuple[Pieces, Pieces, dict[tuple[float, ...], bool]]] = {}
#: Lines kept per layout at most; beyond it they start afresh (a bound on memory only).
MAX_LINES = 20_000
#: A model that may stand across a line of sight (living and standing): its uid, centre x
#: and y, base radius, and whether it is stealthy.
Blocker = tuple[int, float, float, float, bool]


def terrain_hides(
    layout: Pieces,
    sx: float,
    sy: float,
    ex: float,
    ey: float,
    centres: tuple[float, float, float, float] | None = None,
) -> bool:
    """Whether an obstruction or forest lies across the line from ``(sx, sy)`` to ``(ex,
    ey)``, joining the bases of two models whose centres are ``centres`` (by default the
    line's own ends): a forest holding either centre does not hide it. Neither the answer
    nor the tests it rests on depend on which end is which, so the line is kept under its
    ends in sorted order; the answer is a pure function of the layout, the ends and the
    centres, so nothing invalidates it."""
    key: tuple[float, ...]
    if centres is None:
        key = (sx, sy, ex, ey) if (sx, sy) <= (ex, ey) else (ex, ey, sx, sy)
    else:
        first, second = (sx, sy, centres[0], centres[1]), (ex, ey, centres[2], centres[3])
        key = first + second if first <= second else second + first
    entry = _LINES.get(id(layout))
    if entry is None or entry[0] is not layout or len(entry[2]) > MAX_LINES:
        if len(_LINES) > 64:
            _LINES.clear()
        hiding = tuple(piece for piece in layout if piece.kind in ("obstruction", "forest"))
        entry = _LINES[id(layout)] = (layout, hiding, {})
    kept = entry[2].get(key)
    if kept is None:
        if len(key) == 4:
            kept = _crossed(entry[1], *key, *key)
        else:
            ax, ay, acx, acy, bx, by, bcx, bcy = key
            kept = _crossed(entry[1], ax, ay, bx, by, acx, acy, bcx, bcy)
        entry[2][key] = kept
    return kept


def _crossed(
    hiding: Pieces,
    sx: float,
    sy: float,
    ex: float,
    ey: float,
    scx: float,
    scy: float,
    ecx: float,
    ecy: float,
) -> bool:
    """Whether a piece hides the line ``(sx, sy)``-``(ex, ey)`` whose models' centres are
    ``(scx, scy)`` and ``(ecx, ecy)``."""
    for piece in hiding:
        if misses_line(piece, sx, sy, ex, ey):
            continue
        shape, start, end = piece.shape, Point(sx, sy), Point(ex, ey)
        if piece.kind == "forest" and (
            (_near_box(piece, scx, scy) and shape.contains(Point(scx, scy)))
            or (_near_box(piece, ecx, ecy) and shape.contains(Point(ecx, ecy)))
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
    """Line of sight between two models of ``state``: some of the target's base in the
    front arc, and one of the lines of the module docstring clear: no obstruction or forest
    across it (a forest either model stands in does not hide it), no standing base at least
    as big as the target's across it (stealthy models beyond 5" do not block)."""
    return line_clear(data, state, viewer, target, standing(data, state))


def line_clear(
    data: HordesData,
    state: HordesState,
    viewer: Model,
    target: Model,
    blockers: tuple[Blocker, ...],
) -> bool:
    """:func:`can_see`, given the state's :func:`standing` models: the centre line, then
    the tangent lines ending in the front arc, until one is clear."""
    if not in_front_arc(data, viewer, target):
        return False
    radii = data.radii
    vx, vy, tx, ty = viewer.x, viewer.y, target.x, target.y
    viewer_r, target_r = radii[viewer.card], radii[target.card]
    hx, hy = heading_vector(viewer.heading)
    layout = terrain(data, state)
    look = (viewer.uid, target.uid, vx, vy, viewer_r, 2 * target_r - TOLERANCE)
    if (
        (tx - vx) * hx + (ty - vy) * hy >= -TOLERANCE
        and _bases_clear(blockers, look, vx, vy, tx, ty)
        and not terrain_hides(layout, vx, vy, tx, ty)
    ):
        return True
    centres = (vx, vy, tx, ty)
    for sx, sy, ex, ey in tangents(vx, vy, viewer_r, tx, ty, target_r):
        if (ex - vx) * hx + (ey - vy) * hy < -TOLERANCE:
            continue  # it ends on the part of the base behind the viewer's front arc
        if _bases_clear(blockers, look, sx, sy, ex, ey) and not terrain_hides(
            layout, sx, sy, ex, ey, centres
        ):
            return True
    return False


#: One look: the viewer's and target's uids, the viewer's centre and base radius, and the
#: least base diameter that blocks (the target's, less a hair).
Look = tuple[int, int, float, float, float, float]


def _bases_clear(
    blockers: tuple[Blocker, ...], look: Look, sx: float, sy: float, ex: float, ey: float
) -> bool:
    """Whether no standing base that blocks the look lies across the segment."""
    seer, seen, vx, vy, viewer_r, least = look
    low_x, high_x = min(sx, ex), max(sx, ex)
    low_y, high_y = min(sy, ey), max(sy, ey)
    for uid, ox, oy, r, stealthy in blockers:
        if uid == seer or uid == seen or 2 * r < least:  # noqa: SIM109 (no tuple per model)
            continue
        if ox + r < low_x or ox - r > high_x or oy + r < low_y or oy - r > high_y:
            continue  # farther than r from the line's box, so from the line
        if point_segment_distance(ox, oy, sx, sy, ex, ey) >= r - TOLERANCE:
            continue
        if stealthy and math.hypot(ox - vx, oy - vy) - viewer_r - r > STEALTH_RANGE:
            continue
        return False
    return True


def tangents(
    vx: float, vy: float, vr: float, tx: float, ty: float, tr: float
) -> list[tuple[float, float, float, float]]:
    """The segments between the touching points of the lines tangent to two bases (centres
    and radii): the two outer tangents along their sides, then the two crossing between
    them (none for bases in contact). A tangent with unit normal ``m`` lies ``rho1`` from
    the first centre and ``rho2`` from the second (signed), so ``m`` has the component
    ``(rho2 - rho1) / d`` along the centre line, and touches each base at ``centre - rho *
    m``."""
    dx, dy = tx - vx, ty - vy
    d = math.hypot(dx, dy)
    lines: list[tuple[float, float, float, float]] = []
    if d <= TOLERANCE:
        return lines
    ux, uy = dx / d, dy / d
    for rho1, rho2 in ((vr, tr), (vr, -tr)):
        c = (rho2 - rho1) / d
        if abs(c) >= 1.0 - TOLERANCE:
            continue
        s = math.sqrt(1.0 - c * c)
        for side in (s, -s):
            mx, my = c * ux - side * uy, c * uy + side * ux
            lines.append((vx - rho1 * mx, vy - rho1 * my, tx - rho2 * mx, ty - rho2 * my))
    return lines


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
