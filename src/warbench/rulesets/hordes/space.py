"""HORDES geometry on the 48" table: round bases, the front arc, melee range and
engagement, terrain pieces, the control area, and straight legs of movement (line of sight
is in :mod:`warbench.rulesets.hordes.sight`).

Distances between models are edge to edge (base to base).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from math import atan2, hypot
from typing import Final, NamedTuple

import shapely

from warbench.core.geometry import (
    Body,
    CircleBase,
    Point,
    Pose,
    Terrain,
    first_contact,
    heading_vector,
)
from warbench.core.geometry.shapes import point_segment_distance
from warbench.core.geometry.vectors import to_degrees
from warbench.rulesets.hordes.data import HordesData, ModelRecord, TerrainRecord, Weapon
from warbench.rulesets.hordes.refusals import ACTIONS_RULE
from warbench.rulesets.hordes.state import HordesState, Model

#: Melee range of most weapons, and of weapons with reach (the seed).
MELEE_RANGE: Final = 0.5
REACH_RANGE: Final = 2.0
#: Beyond this distance a stealthy model is missed by ranged and magic attacks.
STEALTH_RANGE: Final = 5.0
#: The hair by which a base or piece may stand off a leg and still be swept against it (a
#: margin far above rounding, so that those left out surely could not stop the leg).
NEAR: Final = 0.01
#: How far (inches) every corner of a piece must lie to one side of a line for the line to
#: be taken as clear of it without exact geometry (see :func:`misses`).
CLEAR: Final = 1e-6


def radius(data: HordesData, model: Model) -> float:
    """Base radius in inches."""
    return data.radii[model.card]


def body(data: HordesData, model: Model) -> Body:
    """The model's base at its pose, for the core geometry."""
    return _body(model.x, model.y, model.heading, radius(data, model))


@lru_cache(maxsize=1024)
def _body(x: float, y: float, heading: float, r: float) -> Body:
    """A round base of radius ``r`` at a pose, kept per argument tuple: a body is frozen and
    a pure function of them, so nothing invalidates a kept one (most models stand still
    between the many sweeps and sight lines of a decision)."""
    return Body(Pose(x, y, heading), CircleBase(r))


def gap(data: HordesData, first: Model, second: Model) -> float:
    """Edge-to-edge distance between two models' bases."""
    centre = hypot(second.x - first.x, second.y - first.y)
    return centre - radius(data, first) - radius(data, second)


def in_front_arc(data: HordesData, viewer: Model, target: Model) -> bool:
    """Whether some of ``target``'s base lies in ``viewer``'s 180-degree front arc."""
    dx, dy = heading_vector(viewer.heading)
    return (target.x - viewer.x) * dx + (target.y - viewer.y) * dy >= -radius(data, target)


def weapon_reach(weapon: Weapon) -> float:
    """Melee range of a weapon: 2" with reach, else 0.5"."""
    return REACH_RANGE if "reach" in weapon.qualities else MELEE_RANGE


def melee_reach(data: HordesData, model: Model) -> float:
    """The longest melee range the model has (0 when it has no melee weapon)."""
    record = data.models[model.card]
    kept = _REACHES.get(id(record))
    if kept is None or kept[0] is not record:
        if len(_REACHES) > 4096:
            _REACHES.clear()
        reaches = [weapon_reach(w) for w in record.weapons if w.kind == "melee"]
        kept = _REACHES[id(record)] = (record, max(reaches, default=0.0))
    return kept[1]


#: :func:`melee_reach` of each card, by the card record's id (the record is kept with it,
#: so the id cannot be reused while the entry lives); records are frozen, so nothing
#: invalidates an entry.
_REACHES: dict[int, tuple[ModelRecord, float]] = {}


def in_melee_range(data: HordesData, attacker: Model, target: Model, reach: float) -> bool:
    """``target`` lies within ``reach`` of ``attacker``'s front arc, and the attacker
    stands (a knocked-down model has no melee range)."""
    if attacker.knocked_down or not attacker.alive or not target.alive:
        return False
    return gap(data, attacker, target) <= reach + 1e-9 and in_front_arc(data, attacker, target)


def threatens(data: HordesData, enemy: Model, model: Model) -> bool:
    """``enemy`` engages ``model``: ``model`` is in its melee range and both stand."""
    if model.knocked_down or enemy.owner == model.owner:
        return False
    return in_melee_range(data, enemy, model, melee_reach(data, enemy))


def out_of_reach(data: HordesData, first: Model, second: Model) -> bool:
    """Whether the bases stand surely farther apart than any melee range (2" and a hair,
    ``NEAR``, far above rounding): then neither model threatens the other."""
    centre = hypot(second.x - first.x, second.y - first.y)
    return centre - data.radii[first.card] - data.radii[second.card] > REACH_RANGE + NEAR


def engaged(data: HordesData, state: HordesState, model: Model) -> bool:
    """The model engages an enemy or is engaged by one (in melee)."""
    if model.knocked_down:
        return False
    for other in state.models:
        if (
            other.alive
            and other.owner != model.owner
            and not other.knocked_down
            and not out_of_reach(data, model, other)
            and (threatens(data, other, model) or threatens(data, model, other))
        ):
            return True
    return False


class Piece(NamedTuple):
    """A terrain piece: its kind, its core shape (sight, contact), its shapely polygon
    (lengths through it) and its bounding box ``(x0, y0, x1, y1)`` for quick rejection."""

    kind: str
    shape: Terrain
    polygon: shapely.Polygon
    box: tuple[float, float, float, float]


Pieces = tuple[Piece, ...]
#: Built pieces of each layout met, by the layout tuple's id (the tuple is kept with them,
#: so the id cannot be reused while the entry lives).
_BUILT: dict[int, tuple[tuple[TerrainRecord, ...], Pieces]] = {}


def pieces(layout: tuple[TerrainRecord, ...]) -> Pieces:
    """The layout's pieces as core terrain (sight) and shapely polygons (rough lengths)."""
    entry = _BUILT.get(id(layout))
    if entry is not None and entry[0] is layout:
        return entry[1]
    built = []
    for record in layout:
        points = tuple(Point(x, y) for x, y in record.points)
        blocks = record.kind in ("obstruction", "forest")
        xs = [x for x, _ in record.points]
        ys = [y for _, y in record.points]
        built.append(
            Piece(
                record.kind,
                Terrain(points, blocks, record.kind),
                shapely.Polygon(record.points),
                (min(xs), min(ys), max(xs), max(ys)),
            )
        )
    if len(_BUILT) > 64:
        _BUILT.clear()
    _BUILT[id(layout)] = (layout, tuple(built))
    return tuple(built)


def _apart(
    box: tuple[float, float, float, float], ax: float, ay: float, bx: float, by: float
) -> bool:
    """Whether the segment ``(ax, ay)``-``(bx, by)`` lies wholly outside the box (so
    misses the piece)."""
    x0, y0, x1, y1 = box
    return max(ax, bx) < x0 or min(ax, bx) > x1 or max(ay, by) < y0 or min(ay, by) > y1


def misses(piece: Piece, a: Point, b: Point) -> bool:
    """Whether the segment ``a``-``b`` surely passes clear of ``piece``: it lies outside
    the piece's box, or every corner lies more than a hair (``CLEAR``, far above rounding)
    to one side of its line. Such a segment meets no point of the piece, inside or on the
    outline, so no crossing, sight or rough-ground test can find one."""
    return misses_line(piece, a.x, a.y, b.x, b.y)


def misses_line(piece: Piece, ax: float, ay: float, bx: float, by: float) -> bool:
    """:func:`misses` of the segment ``(ax, ay)``-``(bx, by)`` given by its ends' numbers."""
    if _apart(piece.box, ax, ay, bx, by):
        return True
    dx, dy = bx - ax, by - ay
    margin = CLEAR * hypot(dx, dy)
    if margin == 0.0:
        return False
    sides = [(p.x - ax) * dy - (p.y - ay) * dx for p in piece.shape.points]
    return min(sides) > margin or max(sides) < -margin


def terrain(data: HordesData, state: HordesState) -> Pieces:
    """The pieces of the game's layout."""
    return pieces(data.layouts[state.layout])


def in_forest(data: HordesData, state: HordesState, model: Model) -> bool:
    """Whether the model's centre stands in a forest (concealment)."""
    point = Point(model.x, model.y)
    return any(
        kind == "forest" and piece.contains(point) for kind, piece, _, _ in terrain(data, state)
    )


def in_control_area(data: HordesData, warlock: Model, model: Model, fury: int) -> bool:
    """Whether some of ``model``'s base lies within 2 x ``fury`` inches of the warlock."""
    centre = hypot(model.x - warlock.x, model.y - warlock.y)
    return centre - radius(data, model) <= 2 * fury + 1e-9


def rough_length(data: HordesData, state: HordesState, start: Point, end: Point) -> float:
    """How much of the segment runs through rough ground or forest."""
    if start == end:
        return 0.0
    near = [
        piece.polygon
        for piece in terrain(data, state)
        if piece.kind in ("rough", "forest") and not misses(piece, start, end)
    ]
    if not near:
        return 0.0
    line = shapely.LineString([(start.x, start.y), (end.x, end.y)])
    return sum(float(polygon.intersection(line).length) for polygon in near)


def leg_cost(data: HordesData, state: HordesState, start: Point, end: Point) -> float:
    """Movement spent on a straight leg: rough ground and forest cost double."""
    rough = rough_length(data, state, start, end)
    return start.distance_to(end) + (data.settings.rough_cost - 1.0) * rough


def obstacles(
    data: HordesData, state: HordesState, mover: Model, heading: float, x: float, y: float
) -> tuple[list[Body], list[Terrain]]:
    """Bases and impassable terrain a model moving along ``heading``, at most to
    ``(x, y)``, must not pass over (bases and terrain far from the leg are left out). A
    base the mover already touches blocks it only if the move heads into it: stepping away
    from base contact is free (HOR-MOVE-BASES).

    A base whose centre lies farther than both radii and a hair (``NEAR``) from the leg
    stays clear of the mover all along it, so the sweep would not meet it: leaving it out
    changes no answer of :func:`~warbench.core.geometry.first_contact`. A centre farther
    than both radii and two hairs from the leg's box, along x or y, is such a base for
    sure (the hair is far above the rounding of the exact distance), and is passed over
    before that distance is measured."""
    dx, dy = heading_vector(heading)
    radii = data.radii
    r = radii[mover.card]
    low_x, high_x = min(mover.x, x), max(mover.x, x)
    low_y, high_y = min(mover.y, y), max(mover.y, y)
    bodies = []
    for other in state.models:
        if not other.alive or other is mover:
            continue
        reach = r + radii[other.card]
        far = reach + 2 * NEAR
        if (
            other.x < low_x - far
            or other.x > high_x + far
            or other.y < low_y - far
            or other.y > high_y + far
        ):
            continue
        ox, oy = other.x - mover.x, other.y - mover.y
        touching = hypot(ox, oy) <= reach + 1e-6
        if touching and ox * dx + oy * dy <= 0.0:
            continue
        if point_segment_distance(other.x, other.y, mover.x, mover.y, x, y) > reach + NEAR:
            continue
        bodies.append(body(data, other))
    return bodies, _walls_near(data, state, mover, x, y, r)


def leg_problem(
    data: HordesData, state: HordesState, mover: Model, x: float, y: float
) -> str | None:
    """``None`` if ``mover`` may run straight to ``(x, y)``, else why not."""
    size = data.settings.table
    r = radius(data, mover)
    if not (r <= x <= size - r and r <= y <= size - r):
        return f'({x:.2f}, {y:.2f}) puts the base off the {size:g}" table ({ACTIONS_RULE})'
    length = hypot(x - mover.x, y - mover.y)
    if length < 1e-9:
        return None
    heading = to_degrees(atan2(x - mover.x, y - mover.y))
    sweeper = Body(Pose(mover.x, mover.y, heading), CircleBase(r))
    bodies, walls = obstacles(data, state, mover, heading, x, y)
    contact = first_contact(sweeper, length, bodies, walls)
    if contact is not None and contact.distance < length - 1e-6:
        what = "an obstruction" if isinstance(contact.obstacle, Terrain) else "another model's base"
        return f'the move would pass over {what} after {contact.distance:.2f}" (HOR-MOVE-BASES)'
    return None


def _walls_near(
    data: HordesData, state: HordesState, mover: Model, x: float, y: float, r: float
) -> list[Terrain]:
    """The obstructions a base of radius ``r`` could touch on the leg from ``mover`` to
    ``(x, y)``: those whose box, grown by ``r`` (and a hair), meets the leg's. A piece
    touched on the leg lies within ``r`` of it, so the others cannot stop the move."""
    grow = r + NEAR
    sx, sy = mover.x, mover.y
    return [
        piece for kind, piece, _, (x0, y0, x1, y1) in terrain(data, state)
        if kind == "obstruction" and not _apart((x0 - grow, y0 - grow, x1 + grow, y1 + grow),
                                               sx, sy, x, y)
    ]


def run_out(
    data: HordesData,
    state: HordesState,
    mover: Model,
    heading: float,
    budget: float,
    ignore: Model | None = None,
) -> tuple[float, Body | Terrain | None]:
    """How far ``mover`` gets straight along ``heading`` with ``budget`` inches of
    movement (rough ground costing double), and what stops it (``None``: the budget)."""
    r = radius(data, mover)
    sweeper = Body(Pose(mover.x, mover.y, heading), CircleBase(r))
    reach = Point(mover.x, mover.y).toward(heading, budget)
    bodies, walls = obstacles(data, state, mover, heading, reach.x, reach.y)
    if ignore is not None:
        skip = body(data, ignore)
        bodies = [b for b in bodies if b != skip]
    contact = first_contact(sweeper, budget, bodies, walls)
    limit = budget if contact is None else contact.distance
    limit = min(limit, edge_limit(mover.x, mover.y, heading, r, data.settings.table))
    start = Point(mover.x, mover.y)
    low, high = 0.0, limit
    if leg_cost(data, state, start, start.toward(heading, limit)) <= budget + 1e-9:
        low = limit
    else:
        within = _within_budget(data, state, start, heading, limit, budget)
        for _ in range(30):
            middle = (low + high) / 2
            if within(middle):
                low = middle
            else:
                high = middle
    stopped = contact.obstacle if contact is not None and low >= contact.distance - 1e-6 else None
    return low, stopped


#: How far (inches of movement) an estimated leg cost must lie from the budget for
#: :func:`_within_budget` to answer from it: far above the rounding of either figure.
SURE: Final = 1e-7


def _within_budget(
    data: HordesData, state: HordesState, start: Point, heading: float, limit: float,
    budget: float,
) -> Callable[[float], bool]:
    """``leg_cost(start, start.toward(heading, d)) <= budget`` for ``0 < d <= limit``, as
    a function of ``d``: the stretches of rough ground along the whole leg are worked out
    once, and each answer comes from them unless the cost they give lies within ``SURE``
    of the budget, when the exact :func:`leg_cost` decides. The stretches give each
    prefix's rough length to within rounding (a piece the whole leg misses has nothing on
    any part of it; a leg grazing a corner or running along an edge is left to
    :func:`leg_cost` throughout), so every answer is the one :func:`leg_cost` gives."""
    end = start.toward(heading, limit)
    dx, dy = end.x - start.x, end.y - start.y
    length = hypot(dx, dy)
    line = shapely.LineString([(start.x, start.y), (end.x, end.y)])
    stretches = []
    for piece in terrain(data, state):
        if piece.kind not in ("rough", "forest") or misses(piece, start, end):
            continue
        if not _crossed_cleanly(piece, start, dx, dy, length):
            return lambda distance: (
                leg_cost(data, state, start, start.toward(heading, distance)) <= budget
            )
        for part in shapely.get_parts(piece.polygon.intersection(line)):
            if not isinstance(part, shapely.LineString) or part.length == 0.0:
                continue
            along = [((x - start.x) * dx + (y - start.y) * dy) / length for x, y in part.coords]
            stretches.append((min(along), max(along)))
    extra = data.settings.rough_cost - 1.0

    def within(distance: float) -> bool:
        stop = start.toward(heading, distance)
        rough = sum(max(0.0, min(high, distance) - low) for low, high in stretches)
        cost = start.distance_to(stop) + extra * rough
        if cost <= budget - SURE:
            return True
        if cost > budget + SURE:
            return False
        return leg_cost(data, state, start, stop) <= budget

    return within


def _crossed_cleanly(piece: Piece, start: Point, dx: float, dy: float, length: float) -> bool:
    """Whether every edge of ``piece`` that comes within a hair (``CLEAR``) of the line
    through ``start`` along ``(dx, dy)`` crosses it cleanly: both ends more than the hair
    off it and at an angle whose sine is at least 1e-3, so that where the line enters and
    leaves the piece is found to within far less than ``SURE``."""
    corners = piece.shape.points
    sides = [((p.x - start.x) * dy - (p.y - start.y) * dx) / length for p in corners]
    for index, side in enumerate(sides):
        other = sides[index - 1]
        if min(side, other) > CLEAR or max(side, other) < -CLEAR:
            continue
        if abs(side) <= CLEAR or abs(other) <= CLEAR:
            return False
        ex, ey = corners[index].x - corners[index - 1].x, corners[index].y - corners[index - 1].y
        if abs(ex * dy - ey * dx) < 1e-3 * hypot(ex, ey) * length:
            return False
    return True


def edge_limit(x: float, y: float, heading: float, r: float, size: float) -> float:
    dx, dy = heading_vector(heading)
    limit = math.inf
    for position, step in ((x, dx), (y, dy)):
        if step > 1e-12:
            limit = min(limit, (size - r - position) / step)
        elif step < -1e-12:
            limit = min(limit, (r - position) / step)
    return max(0.0, limit)
