"""Dystopian Wars on the core geometry: fire arcs by name, range bands, sight, paths.

Measuring (engine defaults where the source is silent): ranges for attacks, ack-ack,
concussion charges, boarding and mines run from base edge to base edge; command distance
runs centre to centre, as the source says. Range bands are 8 inches each, four of them.

A planned move is a flat tuple ``(straight, turn, straight, turn, straight, ...)``: inches
ahead, then degrees turned in place (clockwise positive), and so on; the core's free
movement (:func:`warbench.core.geometry.plan_path`) checks it against a model's
:class:`~warbench.core.geometry.TurnLimits` (see :func:`.movement.limits_for`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from math import hypot
from typing import Final, TypeVar

from warbench.core.geometry import (
    AFT,
    FORE,
    PORT,
    STARBOARD,
    Arc,
    Body,
    CircleBase,
    Point,
    RangeBands,
    RectBase,
    Terrain,
    base_wedge,
    edge_distance,
    in_channel,
    line_of_sight,
)
from warbench.rulesets.dystopian_wars.state import Piece

#: Four range bands of 8 inches.
BANDS = RangeBands((8.0, 16.0, 24.0, 32.0))
#: Command distance, centre to centre.
COMMAND_DISTANCE: Final = 6.0
#: Ack-ack, concussion charge and boarding ranges (tiny flyers: half).
AA_RANGE, CC_RANGE, BOARDING_RANGE = 8.0, 4.0, 4.0
#: How close (edge of base to centre) a model must come to set a mine off.
MINE_TRIGGER: Final = 1.0
#: The mine blast template's radius (a 4-inch template: engine default, 4 inches across).
MINE_BLAST_RADIUS: Final = 2.0

ARCS: dict[str, Arc] = {
    "fore": FORE,
    "aft": AFT,
    "port": PORT,
    "starboard": STARBOARD,
    "fore180": Arc.centered(180.0),
    "aft180": Arc.centered(180.0, 180.0),
    "fore270": Arc.centered(270.0),
    "aft270": Arc.centered(270.0, 180.0),
    "all": Arc.centered(360.0),
}


def in_weapon_arc(shooter: Body, arc: str, target: Body) -> bool:
    """Whether any part of ``target`` lies in the named arc (or fixed channel).

    >>> from warbench.core.geometry import CircleBase, Pose
    >>> ship = Body(Pose(0.0, 0.0, 0.0), CircleBase(0.5))
    >>> ahead = Body(Pose(0.0, 10.0), CircleBase(0.5))
    >>> in_weapon_arc(ship, "fore", ahead), in_weapon_arc(ship, "port", ahead)
    (True, False)
    >>> in_weapon_arc(ship, "channel", ahead), in_weapon_arc(ship, "aft-channel", ahead)
    (True, False)
    """
    key = (shape_key(shooter), arc, shape_key(target))
    found = _ARC_MEMO.get(key)
    if found is None:
        if len(_ARC_MEMO) >= MEMO_LIMIT:
            _ARC_MEMO.clear()
        found = _ARC_MEMO[key] = _in_weapon_arc(shooter, arc, target)
    return found


def _in_weapon_arc(shooter: Body, arc: str, target: Body) -> bool:
    if arc in CHANNELS:
        return in_channel_arc(shooter, arc, target)
    return arc_meets(arc, lambda: wedge_of(shooter, target))


#: The fixed channels among the arcs a weapon may have.
CHANNELS: Final = ("channel", "aft-channel")


def in_channel_arc(shooter: Body, arc: str, target: Body) -> bool:
    """Whether any part of ``target`` lies in the fixed channel ``arc`` (ahead or aft)."""
    if arc == "aft-channel":
        shooter = Body(shooter.pose.turned(180.0), shooter.base, shooter.size)
    return in_channel(shooter, target)


def wholly_in_channel(shooter: Body, arc: str, target: Body) -> bool:
    """Whether all of ``target``'s base lies in the fixed channel ``arc`` (ahead or aft):
    bombs at a target only partly in it roll half their dice (DW-BOMBS).

    >>> from warbench.core.geometry import CircleBase, Pose
    >>> ship = Body(Pose(0.0, 0.0, 0.0), CircleBase(0.5))
    >>> wholly_in_channel(ship, "channel", Body(Pose(0.0, 3.0), CircleBase(0.4)))
    True
    >>> wholly_in_channel(ship, "channel", Body(Pose(0.3, 3.0), CircleBase(0.4)))
    False
    """
    if arc == "aft-channel":
        shooter = Body(shooter.pose.turned(180.0), shooter.base, shooter.size)
    half = shooter.base.across / 2.0 + 1e-9
    base = target.base
    if isinstance(base, CircleBase):
        across, along = shooter.local(target.center)
        return abs(across) + base.radius <= half and along - base.radius >= -1e-9
    corners = [shooter.local_xy(x, y) for x, y in target.corner_coords()]
    return all(abs(across) <= half and along >= -1e-9 for across, along in corners)


def arc_meets(arc: str, wedge: Callable[[], tuple[float, float] | None]) -> bool:
    """Whether the named arc (not a channel) meets the bearings a base covers, as
    :func:`wedge_of` gives them (asked only when the arc is not all round)."""
    named = ARCS[arc]
    if named.width >= 360.0:
        return True
    found = wedge()
    return found is None or named.meets(*found)


def arc_sure(arc: str, bearing: float, half: float) -> bool | None:
    """Whether the named arc (not a channel) meets a base, when the bearing of its centre
    relative to the shooter's heading and a bound ``half`` on how far its bearings stray
    from it settle the question without :func:`wedge_of`: True when the centre lies in the
    arc, False when the whole bound lies outside it (each by a margin far above rounding);
    None when only the base's own bearings can tell."""
    named = ARCS[arc]
    if named.width >= 360.0:
        return True
    past = (bearing - named.start) % 360.0
    if _ARC_MARGIN <= past <= named.width - _ARC_MARGIN:
        return True  # the base covers its centre's bearing
    if past - half > named.width + _ARC_MARGIN and past + half < 360.0 - _ARC_MARGIN:
        return False
    return None


#: Degrees by which a bearing must clear an arc's edge for :func:`arc_sure` to decide.
_ARC_MARGIN: Final = 1e-6


def wedge_of(shooter: Body, target: Body) -> tuple[float, float] | None:
    """As :func:`base_in_arc` does, the bearings ``target`` covers from ``shooter``'s
    centre (:func:`base_wedge`), worked out once for every arc (kept in a memo)."""
    pose = shooter.pose
    key = (pose.x, pose.y, pose.heading, shape_key(target))
    if key in _WEDGE_MEMO:
        return _WEDGE_MEMO[key]
    if len(_WEDGE_MEMO) >= MEMO_LIMIT:
        _WEDGE_MEMO.clear()
    found = _WEDGE_MEMO[key] = base_wedge(pose, target)
    return found


def band_of(distance: float) -> int | None:
    """The range band (1-4) of a distance, or None beyond 32 inches.

    >>> band_of(8.0), band_of(8.5), band_of(33.0)
    (1, 2, None)
    """
    return BANDS.band(distance)


def gap(first: Body, second: Body) -> float:
    """Edge-to-edge distance between two bases (remembered: bases that have not moved
    are not measured again).

    >>> from warbench.core.geometry import CircleBase, Pose
    >>> gap(Body(Pose(0.0, 0.0), CircleBase(1.0)), Body(Pose(5.0, 0.0), RectBase(2.0, 2.0)))
    3.0
    """
    key = (shape_key(first), shape_key(second))
    found = _GAP_MEMO.get(key)
    if found is None:
        if len(_GAP_MEMO) >= MEMO_LIMIT:
            _GAP_MEMO.clear()
        found = _GAP_MEMO[key] = edge_distance(first, second)
    return found


def shape_key(body: Body) -> tuple[float, ...]:
    """What fixes a base on the table, as plain numbers: centre, heading and size
    (width and length of a rectangle, radius of a circle).

    >>> from warbench.core.geometry import Pose
    >>> shape_key(Body(Pose(1.0, 2.0, 90.0), RectBase(1.0, 3.0)))
    (1.0, 2.0, 90.0, 1.0, 3.0)
    """
    pose, base = body.pose, body.base
    if isinstance(base, RectBase):
        return (pose.x, pose.y, pose.heading, base.width, base.length)
    return (pose.x, pose.y, pose.heading, base.radius)


#: How many answers each memo of pure geometry keeps before it starts afresh.
MEMO_LIMIT: Final = 1 << 16
_GAP_MEMO: dict[tuple[tuple[float, ...], tuple[float, ...]], float] = {}
_ARC_MEMO: dict[tuple[tuple[float, ...], str, tuple[float, ...]], bool] = {}
#: The bearings a target's base covers from a shooter's pose (:func:`base_wedge`), by the
#: pose and the target's :func:`shape_key`: pure geometry, never stale.
_WEDGE_MEMO: dict[
    tuple[float, float, float, tuple[float, ...]], tuple[float, float] | None
] = {}


@lru_cache(maxsize=256)
def _terrain(points: tuple[tuple[float, float], ...], blocks: bool, kind: str) -> Terrain:
    return Terrain(tuple(Point(x, y) for x, y in points), blocks_sight=blocks, kind=kind)


def terrain_of(piece: Piece) -> Terrain:
    """The core terrain shape of a piece (built once, then cached).

    Found first by the piece's identity (the piece is kept with its shape, so its number
    is never another's), checked against the outline, kind and sight it was built from:
    hashing the outline for :func:`_terrain`'s cache costs more than comparing the very
    same points."""
    points = tuple(piece.points)
    found = _PIECE_SHAPES.get(id(piece))
    if (
        found is not None and found[0] is piece and found[1] == points
        and found[2] == piece.blocks_sight and found[3] == piece.kind
    ):
        return found[4]
    shape = _terrain(points, piece.blocks_sight, piece.kind)
    if len(_PIECE_SHAPES) >= MEMO_LIMIT:
        _PIECE_SHAPES.clear()
    _PIECE_SHAPES[id(piece)] = (piece, points, piece.blocks_sight, piece.kind, shape)
    return shape


#: Each piece's shape by the piece's identity, with what it was built from.
_PIECE_SHAPES: dict[
    int, tuple[Piece, tuple[tuple[float, float], ...], bool, str, Terrain]
] = {}


def sight_terrain(terrain: Iterable[Piece]) -> list[Terrain]:
    """The pieces that block sight, as core terrain shapes."""
    return [terrain_of(piece) for piece in terrain if piece.blocks_sight]


Screen = tuple[float, float, float, Body]
"""A base that may block sight, with its centre and the radius no part of it goes beyond."""


def screens(blockers: Iterable[Body]) -> list[Screen]:
    """Each blocking base with its centre and reach, for :func:`sees_past`."""
    return [(body.pose.x, body.pose.y, _radius(body), body) for body in blockers]


def sees_past(
    shooter: Body, target: Body, terrain: Sequence[Terrain], blockers: Sequence[Screen]
) -> bool:
    """Line of sight from centre to centre past sight-blocking ``terrain`` and bases
    (prepared once for many sight lines on one table by :func:`sight_terrain` and
    :func:`screens`); a base farther from the line than its reach cannot block it."""
    return line_of_sight(shooter, target, terrain, near_screens(shooter, target, blockers))


def near_screens(shooter: Body, target: Body, blockers: Sequence[Screen]) -> list[Body]:
    """The bases that may block the sight line between two centres: those no farther
    from the line than their reach (the others cannot touch it)."""
    return near_line(shooter.pose.x, shooter.pose.y, target.pose.x, target.pose.y, blockers)


Spot = TypeVar("Spot")


def near_line(
    sx: float, sy: float, tx: float, ty: float,
    spots: Iterable[tuple[float, float, float, Spot]],
) -> list[Spot]:
    """What stands near the segment from ``(sx, sy)`` to ``(tx, ty)``: of each
    ``(x, y, radius, item)``, the item whose centre is no farther from it than its radius,
    in the order given."""
    low_x, high_x = (sx, tx) if sx <= tx else (tx, sx)
    low_y, high_y = (sy, ty) if sy <= ty else (ty, sy)
    return [
        item for x, y, radius, item in spots
        if low_x <= x + radius and x - radius <= high_x
        and low_y <= y + radius and y - radius <= high_y
        and _segment_distance(x, y, sx, sy, tx, ty) <= radius
    ]


def _radius(body: Body) -> float:
    base = body.base
    if isinstance(base, RectBase):
        return 0.5 * hypot(base.width, base.length)
    return base.size / 2.0


def _segment_distance(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0.0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return hypot(px - ax - t * dx, py - ay - t * dy)


def off_table(point: Point, width: float, height: float) -> bool:
    """Whether a centre lies beyond the table's edge."""
    return not (0.0 <= point.x <= width and 0.0 <= point.y <= height)
