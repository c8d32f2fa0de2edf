"""Where a flamer's teardrop template is laid (RG-FLAME).

The seed lays the template with its narrow end on the shooter's base so that it covers as
many enemy units as possible without touching a friendly one; at a machine, so that it
covers as much of that machine as possible. A fixed flamer has one way to lay it, along the
facing; a turreted one (or a turntable's, or a trooper's) may be swung all round. The
engine's reading of "as many as possible" tries these headings: toward the centre of each
enemy in reach (a trooper inside a building: its firing slot), the headings at which the
template just still touches each side of an enemy's base, and those at which it just stops
touching each side of a friend's. Every count the template can reach is met at one of them
(the count changes only where the template starts or stops touching some base), so the
best of them is the best placing.
"""

from __future__ import annotations

from typing import Final

from warbench.core.geometry.bases import Body
from warbench.core.geometry.templates import TeardropTemplate
from warbench.core.geometry.vectors import Point, bearing
from warbench.rulesets.robogear.data import RobogearData, UnitRecord, WeaponRecord, steps
from warbench.rulesets.robogear.pieces import Unit
from warbench.rulesets.robogear.state import RobogearState
from warbench.rulesets.robogear.table import body, out_of_reach, slot_point, teardrop

#: Halvings of the search for a base's edge heading: 180 degrees / 2**20 (about 3e-5 of a
#: step across at the template's far end).
EDGE_STEPS: Final = 20


def swings(unit: Unit, record: UnitRecord, weapon: WeaponRecord) -> bool:
    """Whether the flamer may be laid at any heading (turret, turntable or trooper), not
    only along the facing."""
    return weapon.turret or record.turntable or unit.kind == "trooper"


def _turn(heading: float, by: float) -> float:
    return (heading + by) % 360.0


def _off(heading: float, centre: float) -> float:
    """How far (degrees, 0-180) ``heading`` lies from ``centre``."""
    return abs((heading - centre + 180.0) % 360.0 - 180.0)


#: A unit the template may reach: the unit, the point it is aimed at, and its base (None
#: for a trooper inside a building: the template must cover its firing slot, the point).
Mark = tuple[Unit, Point, Body | None]


def _on(template: TeardropTemplate, mark: Mark) -> bool:
    """Whether the template lays on the marked unit."""
    base = mark[2]
    return template.covers(mark[1]) if base is None else template.touches(base)


class Laying:
    """One way to lay the template: its heading and the enemy units it hits (the bases
    under it; troopers inside buildings whose firing slot it covers)."""

    __slots__ = ("heading", "hits")

    def __init__(self, heading: float, hits: frozenset[int]) -> None:
        self.heading, self.hits = heading, hits


class FlamePlan:
    """The ways one unit's flamer may lay its template on the table as it stands: those
    that touch no friendly model, and the most enemy units any of them hits."""

    def __init__(self, state: RobogearState, data: RobogearData, unit: Unit,
                 free: bool) -> None:
        shooter = state.units[unit.carried_by] if unit.carried_by >= 0 else unit
        self.state, self.data, self.shooter, self.free = state, data, shooter, free
        reach = shooter.radius + steps(data.measures.flame_length_cm)
        x, y = shooter.x, shooter.y
        self.enemies: list[Mark] = []
        self.friends: list[Mark] = []
        for other in state.units:
            if not other.on_table or other is unit or other is shooter:
                continue
            enemy = state.enemies(other.player, unit.player)
            if enemy and other.inside >= 0:
                sx, sy = slot_point(state.terrain[other.inside], other.slot)[:2]
                if (sx - x) ** 2 + (sy - y) ** 2 <= reach * reach:
                    self.enemies.append((other, Point(sx, sy), None))
            elif not out_of_reach(x, y, reach, other):
                mark = (other, Point(other.x, other.y), body(other))
                (self.enemies if enemy else self.friends).append(mark)
        headings = [shooter.facing] if not free else self._candidates()
        self.layings = [lay for lay in (self._lay(h) for h in headings) if lay is not None]
        self.best = max((len(lay.hits) for lay in self.layings), default=0)

    def _template(self, heading: float) -> TeardropTemplate:
        return teardrop(self.shooter, heading, self.data.measures)

    def centre(self, point: Point) -> float:
        """The heading from the shooter's centre to ``point``."""
        return bearing(point.x - self.shooter.x, point.y - self.shooter.y)

    def _candidates(self) -> list[float]:
        if len(self.enemies) + len(self.friends) <= 1:
            # nothing to share the template with: straight at the one enemy, if any
            return [self.centre(mark[1]) for mark in self.enemies]
        found: list[float] = []
        for marks, enemy in ((self.enemies, True), (self.friends, False)):
            for mark in marks:
                centre = self.centre(mark[1])
                if not _on(self._template(centre), mark):
                    continue  # out of the template's reach at every heading
                if enemy:
                    found.append(centre)
                for side in (1.0, -1.0):
                    edge = self._edge(mark, centre, side)
                    if edge is not None:
                        found.append(edge[0] if enemy else edge[1])
        return found

    def _edge(self, mark: Mark, centre: float, side: float) -> tuple[float, float] | None:
        """(the last heading that still touches, the first that does not) swinging from
        ``centre`` to ``side``; None if the template touches it all round."""
        low, high = 0.0, 180.0
        if _on(self._template(_turn(centre, side * high)), mark):
            return None
        for _ in range(EDGE_STEPS):
            middle = (low + high) / 2
            if _on(self._template(_turn(centre, side * middle)), mark):
                low = middle
            else:
                high = middle
        return _turn(centre, side * low), _turn(centre, side * high)

    def _lay(self, heading: float) -> Laying | None:
        """The template along ``heading`` and the enemies it hits, or None if it touches a
        friendly model."""
        template = self._template(heading)
        if any(_on(template, mark) for mark in self.friends):
            return None
        return Laying(heading, frozenset(
            mark[0].id for mark in self.enemies if _on(template, mark)))

    def _reaches(self, target: Unit) -> bool:
        """Whether some heading open to this flamer lays the template on the target."""
        mark = next((m for m in self.enemies if m[0] is target), None)
        if mark is None:
            return False
        heading = self.centre(mark[1]) if self.free else self.shooter.facing
        return _on(self._template(heading), mark)

    def choose(self, target: Unit) -> tuple[Laying | None, str | None]:
        """The laying a shot at ``target`` gets, or None and why the shot is refused: at a
        machine, the one covering the most of it (nearest its centre); at any other unit,
        one of those hitting the most enemies, the nearest the target's centre among those
        that hit it."""
        aim = self.state.units[target.carried_by] if target.carried_by >= 0 else target
        over = [lay for lay in self.layings if aim.id in lay.hits]
        if not over:
            if not self._reaches(aim):
                label = f"{aim.id} {self.data.units[aim.type].name}"  # picture.unit_label
                if aim.inside >= 0:
                    return None, (f"the flamer template does not reach {label}'s firing slot "
                                    "(RG-FLAME-BUILDING)")
                return None, f"the flamer template does not reach {label} (RG-FLAME)"
            return None, "the flamer template may not touch a friendly model"
        if aim.kind != "machine":
            most = max(len(lay.hits) for lay in over)
            if most < self.best:
                return None, (
                    f"the flamer template must cover as many enemy units as possible: "
                    f"laid elsewhere it covers {self.best}, over unit {target.id} at most "
                    f"{most}")
            over = [lay for lay in over if len(lay.hits) == most]
        mark = next(m for m in self.enemies if m[0] is aim)
        centre = self.centre(mark[1])
        return min(over, key=lambda lay: _off(lay.heading, centre)), None


def under_flame(state: RobogearState, data: RobogearData, unit: Unit, shooter: Unit,
                heading: float) -> tuple[list[Unit], list[Unit]]:
    """The units a flame of ``unit`` (firing from ``shooter``'s base) laid along
    ``heading`` hits, in the table's order: those on the table whose base it touches, and
    the living troopers inside buildings whose firing slot it covers (RG-FLAME,
    RG-FLAME-BUILDING). The game's :func:`.shots._flame` and the web table's flame odds
    both ask it."""
    template = teardrop(shooter, heading, data.measures)
    origin, length = template.origin, template.length
    hit = [o for o in state.units if o.on_table and o is not unit and o is not shooter
           and o.inside < 0
           and not out_of_reach(origin.x, origin.y, length, o) and template.touches(body(o))]
    inside = [o for o in state.units if o.alive and o.inside >= 0 and template.covers(
        Point(*slot_point(state.terrain[o.inside], o.slot)[:2]))]
    return hit, inside
