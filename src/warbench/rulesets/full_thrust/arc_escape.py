"""Phase 6: where a fighter group's secondary move takes it (FT-SEQ-TARGETS).

The seed's phase 6 lets a group spend an endurance point on a secondary move; its footnote
adds that markers stay where they are (turned to their targets) so that a defensive system
with limited arcs can tell whether an attacker lies in them, and that a group may fly out
of such arcs, paying an endurance point for it.

Engine defaults. A secondary move to reach a target beyond attack range flies straight at
it, to :data:`DASH_GAP` short of attack range. A move out of the arcs is offered to a group
attacking a ship when the place its attack would leave its marker (where it is, or the end
of that straight dash) lies in the arcs of working point defence with limited arcs that
could defend the ship (:func:`~.defence_reach.arc_watchers`: a pulser of the ship, or of an
ADFC neighbour). The group goes to the nearest point to where it is that is within one
secondary move, within attack range of the target, on the table, at least
:data:`STANDOFF` MU from the target and from every ship whose arcs it leaves (a marker is
not put on a ship), and at least :data:`MARGIN` degrees outside every such arc (so no edge
of an arc still holds it).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

from warbench.rulesets.full_thrust.arcs import ARC_NAMES, heading_of
from warbench.rulesets.full_thrust.defence_reach import arc_watchers, covers
from warbench.rulesets.full_thrust.fighters import toward
from warbench.rulesets.full_thrust.library import Library, SystemSpec
from warbench.rulesets.full_thrust.movement import on_table
from warbench.rulesets.full_thrust.state import FighterGroup, FullThrustState, Ship

#: How far short of attack range a straight secondary move stops (MU).
DASH_GAP = 1.0
#: How far (degrees, seen from the defending ship) a move out of the arcs ends past their edge.
MARGIN = 0.5
#: How close (MU) to the target, or to a ship whose arcs it leaves, the move may end.
STANDOFF = 1.0
#: How far inside the limits of the move its candidates are put (MU), so that rounding to
#: thousandths keeps them inside.
INSIDE = 0.01

Point = tuple[float, float]
Ray = tuple[Point, Point]  # a start and a unit direction


def dash_point(lib: Library, group: FighterGroup, x: float, y: float) -> Point:
    """Where a group attacking a point at ``(x, y)`` leaves its marker: where it is when
    within attack range, else at the end of a straight secondary move toward it."""
    rules = lib.rules.fighters
    if math.hypot(x - group.x, y - group.y) <= rules.attack_range + 1e-9:
        return group.x, group.y
    return toward(group.x, group.y, x, y, rules.secondary_move, rules.attack_range - DASH_GAP)


def in_arcs(watchers: list[tuple[Ship, SystemSpec]], x: float, y: float) -> bool:
    """Whether any of ``watchers`` can fire at a marker at ``(x, y)``."""
    return any(covers(ship, spec, x, y) for ship, spec in watchers)


def escape_point(
    state: FullThrustState, lib: Library, group: FighterGroup, target: Ship
) -> Point | None:
    """Where ``group``'s move out of the arcs watching ``target`` ends, or ``None`` when its
    attack would not leave it in such arcs or no point of the move is clear of them."""
    watchers = arc_watchers(state, lib, target)
    if not watchers or not in_arcs(watchers, *dash_point(lib, group, target.x, target.y)):
        return None
    rules = lib.rules.fighters
    here = (group.x, group.y)
    centre = (target.x, target.y)
    ships = list(dict.fromkeys([centre, *((ship.x, ship.y) for ship, _ in watchers)]))
    circles = [(centre, rules.attack_range - INSIDE), (here, rules.secondary_move - INSIDE)]
    circles += [(ship, STANDOFF + INSIDE) for ship in ships]
    rays = [ray for ship, spec in watchers for ray in _edges(ship, spec)]
    best: tuple[float, Point] | None = None
    for x, y in _candidates(here, rays, circles):
        point = (round(x, 3), round(y, 3))
        moved = math.dist(point, here)
        if (
            moved <= rules.secondary_move + 1e-9
            and math.dist(point, centre) <= rules.attack_range + 1e-9
            and all(math.dist(point, ship) >= STANDOFF for ship in ships)
            and on_table(*point, state.width, state.height)
            and not in_arcs(watchers, *point)
            and (best is None or (moved, point) < best)
        ):
            best = (moved, point)
    return None if best is None else best[1]


def _candidates(
    here: Point, rays: list[Ray], circles: list[tuple[Point, float]]
) -> Iterator[Point]:
    """The points the nearest point to ``here`` bounded by ``rays`` and ``circles`` may
    be: ``here`` projected onto each of them, and where any two cross."""
    for ray in rays:
        yield _project(ray, here)
        for circle in circles:
            yield from _ray_circle(ray, *circle)
    for first, second in itertools.combinations(rays, 2):
        yield from _ray_ray(first, second)
    for (centre, radius) in circles:
        away = math.dist(here, centre)
        if away > 0.0:
            scale = radius / away
            yield (centre[0] + (here[0] - centre[0]) * scale,
                   centre[1] + (here[1] - centre[1]) * scale)
    for one, other in itertools.combinations(circles, 2):
        yield from _circle_circle(*one, *other)


def _edges(ship: Ship, spec: SystemSpec) -> Iterator[Ray]:
    """Each edge between an arc ``spec`` fires into and one it does not, from the ship,
    turned :data:`MARGIN` degrees toward the arc it does not cover."""
    count = len(ARC_NAMES)
    for index in range(count):
        before = bool(spec.arcs & (1 << index))
        after = bool(spec.arcs & (1 << (index + 1) % count))
        if before == after:
            continue
        edge = heading_of(ship.facing) + 60.0 * index + 30.0
        angle = math.radians(edge + (MARGIN if before else -MARGIN))
        yield (ship.x, ship.y), (math.sin(angle), math.cos(angle))


def _project(ray: Ray, point: Point) -> Point:
    """The point of ``ray`` nearest ``point``."""
    (sx, sy), (dx, dy) = ray
    along = max(0.0, (point[0] - sx) * dx + (point[1] - sy) * dy)
    return sx + dx * along, sy + dy * along


def _ray_circle(ray: Ray, centre: Point, radius: float) -> Iterator[Point]:
    """Where ``ray`` crosses the circle."""
    (sx, sy), (dx, dy) = ray
    fx, fy = sx - centre[0], sy - centre[1]
    half = fx * dx + fy * dy
    rest = half * half - (fx * fx + fy * fy - radius * radius)
    if rest < 0.0:
        return
    for along in (-half - math.sqrt(rest), -half + math.sqrt(rest)):
        if along >= 0.0:
            yield sx + dx * along, sy + dy * along


def _ray_ray(first: Ray, second: Ray) -> Iterator[Point]:
    """Where two rays cross (none if parallel)."""
    (ax, ay), (adx, ady) = first
    (bx, by), (bdx, bdy) = second
    cross = adx * bdy - ady * bdx
    if abs(cross) < 1e-12:
        return
    along = ((bx - ax) * bdy - (by - ay) * bdx) / cross
    other = ((bx - ax) * ady - (by - ay) * adx) / cross
    if along >= 0.0 and other >= 0.0:
        yield ax + adx * along, ay + ady * along


def _circle_circle(
    first: Point, first_radius: float, second: Point, second_radius: float
) -> Iterator[Point]:
    """Where two circles cross."""
    gap = math.dist(first, second)
    if gap == 0.0 or gap > first_radius + second_radius or gap < abs(first_radius - second_radius):
        return
    along = (first_radius ** 2 - second_radius ** 2 + gap ** 2) / (2 * gap)
    side = math.sqrt(max(0.0, first_radius ** 2 - along ** 2))
    ux, uy = (second[0] - first[0]) / gap, (second[1] - first[1]) / gap
    mx, my = first[0] + ux * along, first[1] + uy * along
    yield mx - uy * side, my + ux * side
    yield mx + uy * side, my - ux * side
