"""Where things stand on a ROBOGEAR table: distances, range bands, sight, cover, paths.

Units are round bases (radius and height in steps); terrain pieces are boxes. Flyers stand
on tall stands: they fly over terrain and ground units, and terrain neither hides them nor
hides anything from them (engine default).
"""

from __future__ import annotations

import math
from itertools import pairwise
from math import hypot
from typing import Final

from warbench.core.geometry.bases import Body, CircleBase
from warbench.core.geometry.distance import length_side
from warbench.core.geometry.shapes import point_segment_distance
from warbench.core.geometry.templates import TeardropTemplate
from warbench.core.geometry.vectors import Pose, bearing, to_radians
from warbench.core.rounding import round_to
from warbench.rulesets.robogear.actions import ACTIONS_RULE
from warbench.rulesets.robogear.data import Measures, RobogearData, UnitRecord, steps
from warbench.rulesets.robogear.pieces import Block, Unit
from warbench.rulesets.robogear.sheets import book
from warbench.rulesets.robogear.state import RobogearState

#: Two bases closer than this (in steps) touch.
CONTACT: Final = 0.05


def gap(a: Unit, b: Unit) -> float:
    """Edge-to-edge distance between two bases (negative when they overlap)."""
    return hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius


def gap_at_most(dx: float, dy: float, first: float, second: float, limit: float) -> bool:
    """``hypot(dx, dy) - first - second <= limit`` (the gap between bases of radii
    ``first`` and ``second`` whose centres lie ``(dx, dy)`` apart), the same answer, without
    the square root where it is sure (:func:`.length_side`).

    >>> gap_at_most(3.0, 4.0, 1.0, 1.0, 3.0), gap_at_most(3.0, 4.0, 1.0, 1.0, 2.9)
    (True, False)
    """
    side = length_side(dx * dx + dy * dy, limit + first + second)
    return side < 0 if side else hypot(dx, dy) - first - second <= limit


def touching(a: Unit, b: Unit) -> bool:
    """Whether two bases touch (stand base to base)."""
    return gap(a, b) <= CONTACT


def flying(record: UnitRecord) -> bool:
    return record.chassis == "flyer"


def band(distance: float, edges: tuple[float, float, float]) -> int | None:
    """The range band of an edge-to-edge distance: 0 short, 1 medium, 2 long, None beyond
    (``edges``: the bands' far edges in steps, ``Measures.band_edges``, as
    :func:`.sheets.book` keeps them).

    On a boundary this gives the farther band; a shot asks :func:`owners_band`, where the
    target's owner has the choice.

    >>> m = Measures().band_edges
    >>> band(3.0, m), band(8.0, m), band(12.0, m), band(31.0, m), band(33.0, m)
    (0, 1, 1, 2, None)
    """
    short, medium, far = edges
    if distance < short:
        return 0
    if distance < medium:
        return 1
    if distance <= far:
        return 2
    return None


#: How near (steps) a band's edge a target counts as standing on it (RG-FIRE-BOUNDARY).
BOUNDARY_TOLERANCE: Final = 1e-6


def owners_band(distance: float, edges: tuple[float, float, float],
                damage: tuple[int, ...] | list[int],
                penalties: tuple[int, ...] | list[int]) -> int | None:
    """:func:`band` for a shot with a weapon doing ``damage`` by band: on the boundary of
    two bands the target's owner chooses (RG-FIRE-BOUNDARY); the engine chooses for them
    the band worse for the shooter (engine default): the one where the weapon does less
    damage, and on equal damage the one with the larger accuracy ``penalties``.

    >>> m = Measures().band_edges
    >>> owners_band(8.0, m, (0, 4, 3), (0, 1, 2)), owners_band(8.0, m, (6, 5, 3), (0, 1, 2))
    (0, 1)
    """
    for index in (0, 1):
        if abs(distance - edges[index]) <= BOUNDARY_TOLERANCE:
            return min((index + 1, index), key=lambda b: (damage[b], -penalties[b]))
    return band(distance, edges)


def band_of(dx: float, dy: float, first: float, second: float,
            edges: tuple[float, float, float]) -> int:
    """:func:`band` of the gap ``hypot(dx, dy) - first - second`` between bases of radii
    ``first`` and ``second`` whose centres lie ``(dx, dy)`` apart, with 3 beyond long range:
    the same answer, from the squared distance where that is sure (:func:`.length_side`).

    >>> m = Measures().band_edges
    >>> band_of(13.0, 0.0, 0.5, 0.5, m), band_of(40.0, 0.0, 0.5, 0.5, m)
    (1, 3)
    """
    squared, edge = dx * dx + dy * dy, first + second
    short, medium, far = edges
    side = length_side(squared, short + edge)
    if side < 0:
        return 0
    if side > 0:
        side = length_side(squared, medium + edge)
        if side < 0:
            return 1
        if side > 0:
            side = length_side(squared, far + edge)
            if side:
                return 2 if side < 0 else 3
    found = band(hypot(dx, dy) - first - second, edges)  # too near an edge to tell
    return 3 if found is None else found


def elevation(state: RobogearState, unit: Unit, record: UnitRecord) -> float:
    """How high the unit's base stands: on top of the tallest piece under its centre
    (a trooper inside a building stands on its floor)."""
    if flying(record):
        return 100.0
    if unit.inside >= 0:
        return 0.0
    top = 0.0
    for block in state.terrain:
        if block.height > top and block.contains(unit.x, unit.y):
            top = block.height
    return top


def slot_point(block: Block, slot: int) -> tuple[float, float, float, float]:
    """Where firing slot ``slot`` of a building is, and its wall's outward normal: the slots
    are spread evenly round the walls, the first in the middle of the south wall (engine
    default).

    >>> slot_point(Block(0.0, 0.0, 4.0, 2.0, 4.0, "house", slots=4), 1)
    (4.0, 1.0, 1.0, 0.0)
    """
    width, depth = block.x1 - block.x0, block.y1 - block.y0
    perimeter = 2 * (width + depth)
    along = (width / 2 + perimeter * slot / block.slots) % perimeter
    if along <= width:
        return block.x0 + along, block.y0, 0.0, -1.0
    along -= width
    if along <= depth:
        return block.x1, block.y0 + along, 1.0, 0.0
    along -= depth
    if along <= width:
        return block.x1 - along, block.y1, 0.0, 1.0
    return block.x0, block.y1 - (along - width), -1.0, 0.0


def _through_slot(state: RobogearState, inner: Unit, other: Unit) -> bool:
    """Whether ``other`` stands in front of the wall of ``inner``'s firing slot (a trooper
    inside sees, and is seen, only through its slot; engine default)."""
    x, y, nx, ny = slot_point(state.terrain[inner.inside], inner.slot)
    return (other.x - x) * nx + (other.y - y) * ny > 0.0


def _crosses(block: Block, x0: float, y0: float, x1: float, y1: float, pad: float) -> bool:
    """Whether the segment passes within ``pad`` of the box (Liang-Barsky clipping)."""
    return _clips(block.x0 - pad, block.y0 - pad, block.x1 + pad, block.y1 + pad,
                  x0, y0, x1, y1)


def _clips(bx0: float, by0: float, bx1: float, by1: float,
           x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether the segment (x0, y0)-(x1, y1) meets the box (Liang-Barsky clipping)."""
    dx, dy = x1 - x0, y1 - y0
    low, high = _clip_edge(-dx, x0 - bx0, 0.0, 1.0)
    if low > high:
        return False
    low, high = _clip_edge(dx, bx1 - x0, low, high)
    if low > high:
        return False
    low, high = _clip_edge(-dy, y0 - by0, low, high)
    if low > high:
        return False
    low, high = _clip_edge(dy, by1 - y0, low, high)
    return low <= high


def _clip_edge(p: float, q: float, low: float, high: float) -> tuple[float, float]:
    """One side of the box in :func:`_clips`: the segment's range ``low..high`` (of its
    parameter from 0 to 1) narrowed to where ``p * t <= q``; empty (low above high) when
    none of it is on the inner side. A pair of floats, not a tuple object, when compiled."""
    if p == 0.0:
        return (1.0, 0.0) if q < 0.0 else (low, high)
    t = q / p
    if p < 0.0:
        if t > low:
            low = t
    elif t < high:
        high = t
    return low, high


def hidden_share(
    state: RobogearState, data: RobogearData, shooter: Unit, target: Unit
) -> float:
    """The share of the target's silhouette hidden from the shooter (1.0: out of sight).

    Every screen across the line of fire, a piece of terrain or another machine or gun on
    the ground, hides the part of the target below the screen's top (a machine's top: the
    ground it stands on plus its height); a screen the shooter stands above, or whose top is
    not above the ground the target stands on, hides nothing (RG-FIRE-DEF). The largest
    share any screen hides counts. Troopers and flyers screen nothing (engine default); a
    trooper inside a building is seen only through its slot, at least ``slot_cover`` hidden.
    """
    return Sight(state, data).share(shooter, target)


class Sight:
    """Line of sight on one table as it stands: the terrain that can hide and the machines
    that can screen are listed once, so that many checks (a bot weighing spots, the options
    of a turn) are cheap. Build a new one after anything moves, is placed or is destroyed;
    it reads the units' positions when first asked (most sights built for a listing or a
    bot's decision are never asked: the screens are listed then, not when built) and their
    ``inside``/``slot`` at every check."""

    __slots__ = ("_screens", "data", "fly", "slot_cover", "state", "walls")

    def __init__(self, state: RobogearState, data: RobogearData) -> None:
        self.state, self.data = state, data
        #: Every piece taller than the ground (its fields read natively when compiled).
        self.walls = [block for block in state.terrain if block.height > 0]
        sheets = book(data)
        self.fly = sheets.flyers
        self.slot_cover = sheets.slot_cover
        self._screens: list[tuple[int, float, float, float, float]] | None = None

    def screens(self) -> list[tuple[int, float, float, float, float]]:
        """(id, x, y, radius, top) of every machine or gun on the ground that can be across
        a line of sight, listed when first asked; ``top``: how high its silhouette reaches
        (the ground under it, :meth:`_base`, plus its height)."""
        if self._screens is None:
            fly = self.fly
            self._screens = [
                (o.id, o.x, o.y, o.radius, self._base(o) + o.height) for o in self.state.units
                # o.on_table spelt out: a sight is built for every listing
                if o.kind != "trooper" and o.type not in fly and o.alive and not o.reserve
                and o.carried_by < 0
            ]
        return self._screens

    def _base(self, unit: Unit) -> float:
        """:func:`elevation` of a ground unit (not one inside a building): the top of the
        tallest piece under its centre."""
        x, y = unit.x, unit.y
        top = 0.0
        for wall in self.walls:
            if wall.height > top and wall.x0 <= x <= wall.x1 and wall.y0 <= y <= wall.y1:
                top = wall.height
        return top

    def share(self, shooter: Unit, target: Unit) -> float:
        """:func:`hidden_share` of the target from the shooter."""
        s_in, t_in = shooter.inside, target.inside
        if s_in >= 0 and not _through_slot(self.state, shooter, target):
            return 1.0
        if t_in >= 0 and not _through_slot(self.state, target, shooter):
            return 1.0
        fly = self.fly
        if shooter.type in fly or target.type in fly:
            return self.slot_cover if t_in >= 0 else 0.0
        sx, sy, tx, ty = shooter.x, shooter.y, target.x, target.y
        if sx < tx:
            low_x, high_x = sx, tx
        else:
            low_x, high_x = tx, sx
        if sy < ty:
            low_y, high_y = sy, ty
        else:
            low_y, high_y = ty, sy
        share = 0.0
        s_top = t_base = -1.0
        for wall in self.walls:
            x0, y0, x1, y1, height = wall.x0, wall.y0, wall.x1, wall.y1, wall.height
            # Only a piece whose box meets the line's box can hide anything (a quick reject).
            if x0 > high_x or x1 < low_x or y0 > high_y or y1 < low_y:
                continue
            if s_top < 0.0:
                s_top = 0.0 if s_in >= 0 else self._base(shooter)
                t_base = 0.0 if t_in >= 0 else self._base(target)
            if height <= s_top or height <= t_base:
                continue
            if (x0 <= sx <= x1 and y0 <= sy <= y1) or (x0 <= tx <= x1 and y0 <= ty <= y1):
                continue
            if _clips(x0, y0, x1, y1, sx, sy, tx, ty):
                share = max(share, min(1.0, (height - t_base) / target.height))
                if share >= 1.0:
                    return 1.0
        if t_in >= 0:
            share = max(share, self.slot_cover)
        s_id, t_id = shooter.id, target.id
        for screen, x, y, r, top in self.screens():
            # a base away from the segment's box cannot be across the line
            if x + r < low_x or x - r > high_x or y + r < low_y or y - r > high_y:
                continue
            if screen in (s_id, t_id) or point_segment_distance(x, y, sx, sy, tx, ty) >= r:
                continue
            if s_top < 0.0:
                s_top = 0.0 if s_in >= 0 else self._base(shooter)
                t_base = 0.0 if t_in >= 0 else self._base(target)
            # a machine hides what a wall as tall would (RG-FIRE-DEF)
            if top <= s_top or top <= t_base:
                continue
            share = max(share, min(1.0, (top - t_base) / target.height))
            if share >= 1.0:
                return 1.0
        return share


def aimed(shooter: Unit, target: Unit) -> bool:
    """Whether a fixed weapon points at the target: the line along the facing meets its base."""
    heading = to_radians(shooter.facing)
    fx, fy = math.sin(heading), math.cos(heading)
    dx, dy = target.x - shooter.x, target.y - shooter.y
    along = dx * fx + dy * fy
    if along <= 0:
        return False
    across = abs(dx * fy - dy * fx)
    return across <= target.radius


def heading_to(a: Unit, b: Unit) -> float:
    """The heading from a's centre to b's."""
    return bearing(b.x - a.x, b.y - a.y)


def teardrop(shooter: Unit, heading: float, measures: Measures) -> TeardropTemplate:
    """The flamer template laid from the shooter's base edge along ``heading``."""
    rad = to_radians(heading)
    x = shooter.x + math.sin(rad) * shooter.radius
    y = shooter.y + math.cos(rad) * shooter.radius
    return TeardropTemplate(
        Pose(x, y, heading), steps(measures.flame_length_cm), steps(measures.flame_head_cm)
    )


#: Slack (steps) of :func:`out_of_reach`'s quick test, far above any rounding.
REACH_SLACK: Final = 0.5


def out_of_reach(x: float, y: float, reach: float, unit: Unit) -> bool:
    """Whether the unit's base lies wholly (with :data:`REACH_SLACK` to spare) farther than
    ``reach`` from (x, y): a template reaching no farther from there cannot touch it, so
    its exact geometry need not be asked."""
    dx, dy, limit = unit.x - x, unit.y - y, reach + unit.radius + REACH_SLACK
    side = length_side(dx * dx + dy * dy, limit)
    return side > 0 if side else hypot(dx, dy) > limit


def body(unit: Unit) -> Body:
    """The unit's base as a core geometry body."""
    return Body(Pose(unit.x, unit.y, unit.facing), CircleBase(unit.radius))


def crossing_cost(
    state: RobogearState, data: RobogearData, unit: Unit, record: UnitRecord,
    x1: float, y1: float, forward: bool,
) -> int | str:
    """Extra resource to cross the terrain between the unit and (x1, y1), or why it cannot.

    What counts at each piece is the rise or drop at its edges that the path meets
    (:func:`_faces`): walking along a piece's top crosses nothing, stepping from one piece
    onto another meets only the difference of their heights. Tracked machines climb up
    to their track height and cross ditches up to half their chassis length (``size_cm``,
    the model's length); walkers (the spider is one) climb up to their knee and cross
    ditches up to 5 cm, only going straight ahead; wheeled machines and guns cross
    nothing; flyers ignore terrain; troopers climb 1 step free, 1-2 steps for 2 points,
    2-3 steps for 4 points (a piece gone up onto and down off in one move is paid once,
    for the larger of the two).
    """
    chassis = record.chassis or record.kind
    if chassis == "flyer":
        return 0
    x0, y0 = unit.x, unit.y
    met: list[tuple[int, Block, float, float]] = []
    for index, block in enumerate(state.terrain):
        low, high = _span(block, x0, y0, x1, y1)
        if low > high:
            continue
        if block.slots:
            return (f"the {block.name}'s walls stop ground units: go around (or enter by a slot, "
                    "RG-BLD-WALLS)")
        met.append((index, block, low, high))
    if not met:
        return 0
    extra = 0
    faces = _faces(met, x0, y0, x1, y1)
    for index, block, _, _ in met:
        size = faces.get(index, 0.0)
        if size <= 0.0:
            continue
        width = min(block.x1 - block.x0, block.y1 - block.y0)
        if chassis == "trooper":
            costs = data.tables.climb_costs
            if size > 3:
                return (f"the {block.name} rises or drops more than 3 steps: too much for a "
                        "trooper "
                        "(RG-INF-CLIMB)")
            extra += costs[0] if size <= 1 else costs[1] if size <= 2 else costs[2]
        elif chassis in ("wheeled", "gun"):
            rule = "RG-ART-CREW" if chassis == "gun" else "RG-MOVE-WHEEL-OBST"
            return f"a {chassis} unit cannot cross the {block.name}; go around it ({rule})"
        elif chassis == "tracked":
            limit = steps(record.climb_cm if block.height > 0 else record.size_cm / 2)
            if (size if block.height > 0 else width) > limit:
                what = "high" if block.height > 0 else "wide"
                return f"the {block.name} is too {what} for tracks (RG-MOVE-TRACK-OBST)"
        else:
            if not forward:
                return ("a walker (the spider too) crosses obstacles only walking forward "
                        "(RG-MOVE-WALK-OBST)")
            if block.height > 0 and size >= steps(record.climb_cm):
                return f"the {block.name} is not lower than the walker's knee (RG-MOVE-WALK-OBST)"
            if block.height < 0 and width > steps(data.measures.walker_ditch_cm):
                return (f"the {block.name} is wider than {data.measures.walker_ditch_cm:g} cm "
                        "(RG-MOVE-WALK-OBST)")
    return extra


def _span(block: Block, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float]:
    """The part of the segment (x0, y0)-(x1, y1) within the box, as a range of its
    parameter from 0 to 1 (empty: low above high; Liang-Barsky clipping)."""
    dx, dy = x1 - x0, y1 - y0
    low, high = _clip_edge(-dx, x0 - block.x0, 0.0, 1.0)
    low, high = _clip_edge(dx, block.x1 - x0, low, high)
    low, high = _clip_edge(-dy, y0 - block.y0, low, high)
    return _clip_edge(dy, block.y1 - y0, low, high)


def _ground(met: list[tuple[int, Block, float, float]], x: float, y: float) -> tuple[float, int]:
    """The ground's level at (x, y) among the pieces ``met`` (the top of the tallest one
    there, else the bottom of the deepest ditch, else 0) and that piece's index (-1: none)."""
    top, high, bottom, low = 0.0, -1, 0.0, -1
    for index, block, _, _ in met:
        if block.contains(x, y):
            if block.height > top:
                top, high = block.height, index
            elif block.height < bottom:
                bottom, low = block.height, index
    return (top, high) if high >= 0 else (bottom, low)


def _faces(met: list[tuple[int, Block, float, float]], x0: float, y0: float,
           x1: float, y1: float) -> dict[int, float]:
    """The largest rise or drop the straight path from (x0, y0) to (x1, y1) meets at each
    piece's edges, by the piece's index: the ground's level is read at the two ends and
    between each two edges the path crosses, and each change of level belongs to the
    piece on its taller side (a ditch's to the ditch): the face that is climbed."""
    cuts = sorted({t for _, _, low, high in met for t in (low, high) if 0.0 < t < 1.0})
    marks = [0.0, *cuts, 1.0]
    dx, dy = x1 - x0, y1 - y0
    levels = [_ground(met, x0, y0)]
    for a, b in pairwise(marks):
        middle = (a + b) / 2
        levels.append(_ground(met, x0 + dx * middle, y0 + dy * middle))
    levels.append(_ground(met, x1, y1))
    faces: dict[int, float] = {}
    for (before, left), (after, entered) in pairwise(levels):
        if before == after:
            continue
        owner = entered if abs(after) >= abs(before) else left
        faces[owner] = max(faces.get(owner, 0.0), abs(after - before))
    return faces


def path_blocker(
    state: RobogearState, data: RobogearData, unit: Unit, x1: float, y1: float,
    ignore: int = -1,
) -> str | None:
    """Why the base cannot slide from where it is to (x1, y1), or None.

    Flyers pass over ground units and ground units under flyers (engine default).
    """
    if not (0 <= x1 <= state.width and 0 <= y1 <= state.height):
        return f"the move leaves the table ({ACTIONS_RULE})"
    fly = book(data).flyers
    air = unit.type in fly
    # the path's box, worked out once (the same figures for every base)
    low_x, high_x, low_y, high_y = min(unit.x, x1), max(unit.x, x1), min(unit.y, y1), max(
        unit.y, y1)
    for other in state.units:
        # not other.on_table, spelt out: every move and charge checked asks this
        if (other is unit or other.id == ignore or not other.alive or other.reserve
                or other.carried_by >= 0):
            continue
        if (other.type in fly) != air:
            continue
        room = unit.radius + other.radius
        # a base whose centre is that far outside the path's box is clear of the path
        if (other.x < low_x - room or other.x > high_x + room
                or other.y < low_y - room or other.y > high_y + room):
            continue
        distance = point_segment_distance(other.x, other.y, unit.x, unit.y, x1, y1)
        if distance < unit.radius + other.radius - CONTACT:
            return f"{other.id} {data.units[other.type].name} is in the way (RG-MOVE-BASES)"
    return None


def free_spot(
    state: RobogearState, data: RobogearData, unit: Unit, around: Unit
) -> tuple[float, float] | None:
    """A place for ``unit``'s base touching ``around``'s, clear of other bases and on the
    table (searched behind ``around`` first, then round it; engine default)."""
    for ring in (0.1, 1.0, 2.0):
        reach = around.radius + unit.radius + ring
        for step in range(12):
            heading = to_radians(around.facing + 180.0 + 30.0 * step)
            x = around.x + math.sin(heading) * reach
            y = around.y + math.cos(heading) * reach
            if not (0 <= x <= state.width and 0 <= y <= state.height):
                continue
            if all(
                not other.on_table or other is unit or other is around
                or flying(data.units[other.type])
                or hypot(other.x - x, other.y - y) >= other.radius + unit.radius
                for other in state.units
            ):
                return round_to(x, 3), round_to(y, 3)
    return None
