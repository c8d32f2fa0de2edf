"""Carrying out a Dystopian Wars move: what stops a model at its level, and where along its
path it first meets a base or terrain (compiled: every move a player or bot makes, and each
candidate move the commodore weighs, sweeps the table here; :mod:`.movement` reads and
checks the move itself).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import hypot, sqrt
from typing import Final

from warbench.core.geometry import (
    Body,
    CircleBase,
    Point,
    Pose,
    RectBase,
    Terrain,
    edge_distance,
    first_contact,
    overlaps,
)
from warbench.core.geometry.collision import Contact as CoreContact
from warbench.core.geometry.movement import Plan
from warbench.rulesets.dystopian_wars.actions import Move
from warbench.rulesets.dystopian_wars.data import ModelSpec, RulesData
from warbench.rulesets.dystopian_wars.geometry import MINE_TRIGGER, terrain_of
from warbench.rulesets.dystopian_wars.rams import Contact
from warbench.rulesets.dystopian_wars.state import DWState, Model, Piece, body_of
from warbench.rulesets.dystopian_wars.surface import (
    is_ground,
    is_naval,
    open_table,
    open_table_stops,
)

#: How much a base is shrunk (all round) to tell a move into a model it touches from a
#: move sliding along it or away from it.
TOUCH_SLACK: Final = 0.02


def obstacles(
    state: DWState,
    data: RulesData,
    model: Model,
    level: str,
    within: tuple[float, float, float, float] | None = None,
) -> tuple[list[tuple[Body, int]], list[tuple[Terrain, int]]]:
    """The bodies and terrain that stop this model at this level (only the models some
    part of which may lie ``within`` x and y bounds, when given)."""
    spec = data.models[model.cls]
    bodies: list[tuple[Body, int]] = []
    if level == "surface":
        for other in state.models:
            if other.uid == model.uid or not other.alive or other.level != "surface":
                continue
            other_spec = data.models[other.cls]
            if other.carried_by >= 0 or other_spec.tiny:
                continue
            if within is not None:
                radius = other_spec.reach
                low_x, low_y, high_x, high_y = within
                if not (
                    low_x <= other.x + radius and other.x - radius <= high_x
                    and low_y <= other.y + radius and other.y - radius <= high_y
                ):
                    continue
            bodies.append((body_of(other, other_spec), other.uid))
    pieces: list[tuple[Terrain, int]] = []
    surface = state.surface
    for index, piece in enumerate(state.terrain):
        if blocks_movement(spec, level, piece, surface):
            pieces.append((terrain_of(piece), index))
    if open_table_stops(spec, level, surface):
        # the open table, one past the last piece (DW-TABLE-SURFACE)
        beyond = len(state.terrain)
        for triangle in open_table(state.terrain, surface, state.width, state.height):
            pieces.append((triangle, beyond))
    return bodies, pieces


def blocks_movement(spec: ModelSpec, level: str, piece: Piece, surface: str) -> bool:
    """Whether this terrain piece stops this model: naval models meet land (above or
    below the water), land models meet water and medium or dense terrain (under the
    ground, only water), flyers meet only dense terrain; on a sea table an island is the
    ground land models stand on, never in their way (DW-TABLE-SURFACE; the open table
    itself: :func:`.surface.open_table_stops`)."""
    if level in ("flying", "obscured"):
        return piece.density == "dense" and piece.kind != "water"
    if is_naval(spec):
        return piece.kind != "water"
    if level == "submerged":
        return piece.kind == "water"
    if is_ground(piece, surface):
        return False
    return piece.kind == "water" or piece.density in ("medium", "dense")


def mine_trigger(body: Body, spec: ModelSpec, start: Pose, length: float, mine: Point) -> float:
    """How far a base sliding ``length`` inches from ``start`` goes before it first comes
    within 1 inch of a mine's centre (:data:`MINE_TRIGGER`), measured from the edge of
    its base, or -1 when it never does (DW-MINES: the mine goes off there, with the model
    there). A base coming straight at a mine 5 inches ahead of its centre, 3
    inches long, sets it off after 2.5 inches: its bow is then 1 inch short of it."""
    across, along = Body(start, body.base).local(mine)
    half_w, half_l = _half_sizes(spec)
    side = max(abs(across) - half_w, 0.0)
    if side > MINE_TRIGGER + 1e-9:
        return -1.0
    ahead = half_l + sqrt(max(MINE_TRIGGER * MINE_TRIGGER - side * side, 0.0))
    first, last = along - ahead, along + ahead
    if first > length + 1e-9 or last < -1e-9:
        return -1.0
    return min(max(first, 0.0), length)


def _half_sizes(spec: ModelSpec) -> tuple[float, float]:
    """Half the width and half the length of a model's base (a tiny flyer's round token:
    its radius both ways)."""
    if spec.tiny:
        return spec.width / 2.0, spec.width / 2.0
    return spec.width / 2.0, spec.length / 2.0


@dataclass(frozen=True, slots=True, init=False)
class MoveResult:
    """What carrying out a move did: the final pose, a contact, mines set off (in the
    order the model met them, each with the pose it set the mine off at and the inches it
    had moved by then), and the model it stopped against without a contact because they
    touched from the start."""

    final: Pose
    contact: Contact | None
    mines: tuple[int, ...]
    triggers: tuple[tuple[Pose, float], ...]
    dropped: Point | None
    travelled: float
    held_by: int | None = None

    def __init__(
        self, final: Pose, contact: Contact | None, mines: tuple[int, ...],
        triggers: tuple[tuple[Pose, float], ...], dropped: Point | None, travelled: float,
        held_by: int | None = None,
    ) -> None:
        # written out so that it runs compiled (the dataclasses module's runs interpreted)
        object.__setattr__(self, "final", final)
        object.__setattr__(self, "contact", contact)
        object.__setattr__(self, "mines", mines)
        object.__setattr__(self, "triggers", triggers)
        object.__setattr__(self, "dropped", dropped)
        object.__setattr__(self, "travelled", travelled)
        object.__setattr__(self, "held_by", held_by)

    def __reduce__(self) -> tuple[type[MoveResult], tuple[object, ...]]:
        # pickled as the call that makes it again (a compiled class's __new__ runs __init__)
        return MoveResult, (
            self.final, self.contact, self.mines, self.triggers, self.dropped, self.travelled,
            self.held_by,
        )


def carry_out(
    state: DWState, data: RulesData, model: Model, plan: Plan, action: Move
) -> MoveResult:
    """Move ``model`` along ``plan``, stopping at its first contact; note each armed mine
    the base comes within 1 inch of, and where it is then (DW-MINES: the mine goes off
    there, and the model then completes its move)."""
    spec = data.models[model.cls]
    level = action.level or model.level
    reach = 0.5 * hypot(spec.width, spec.length)
    # nothing beyond the reach of the base anywhere along the path can be met (a margin
    # of an inch more keeps the bounds generous)
    xs = [pose.x for pose in plan.poses]
    ys = [pose.y for pose in plan.poses]
    margin = reach + 1.0
    within = (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)
    bodies, pieces = obstacles(state, data, model, level, within)
    if action.ram_at >= 0:
        rammed = state.models[action.ram_at]
        bodies.append((body_of(rammed, data.models[rammed.cls]), rammed.uid))
    base = body_of(model, spec).base
    # the move starts in contact with whatever the base touches now (and what it rammed or
    # collided with): meeting those again is no ram or collision
    here = Body(model.pose(), base)
    touching_here = [(body, uid) for body, uid in bodies if _touches(here, body)]
    started_against = set(model.contact) | {uid for _, uid in touching_here}
    at_start = [body for body, _ in touching_here]
    travelled = 0.0
    triggered: list[int] = []
    triggers: list[tuple[Pose, float]] = []
    dropped: Point | None = None
    contact: Contact | None = None
    held_by: int | None = None
    pose = plan.poses[0]
    for start, value in plan.legs:
        pose = start
        mover = Body(pose, base)
        near_bodies, near_pieces = _near_leg(pose, value, reach, bodies, pieces)
        touching = _leg_touching(mover, near_bodies, here, at_start)
        apart = [body for body in near_bodies if all(body is not t for t in touching)]
        hit = first_contact(mover, value, apart, near_pieces)
        if touching:
            # a base touching another meets it only by moving into it: sliding along it
            # or away from it goes on (a contact kept from the start is no glue)
            inner = first_contact(_shrunk(mover), value, touching)
            if inner is not None and inner.distance <= 2 * TOUCH_SLACK + 1e-9:
                # heading into it: met where it stands
                inner = CoreContact(0.0, inner.obstacle, mover.pose)
            if inner is not None and (hit is None or inner.distance < hit.distance):
                hit = inner
        length = value if hit is None else hit.distance
        if level in ("surface", "submerged"):
            met: list[tuple[float, int]] = []
            for mine in state.mines:
                if mine.armed and mine.mid not in triggered:
                    along = mine_trigger(mover, spec, pose, length, mine.point())
                    if along >= 0.0:
                        met.append((along, mine.mid))
            met.sort()
            for along, mid in met:
                there = pose.moved(along)
                triggered.append(mid)
                triggers.append(
                    (there.turned(180.0) if action.backward else there, travelled + along)
                )
        if dropped is None and 0.0 <= action.mine_at <= travelled + length + 1e-9:
            stern = pose.moved(max(0.0, action.mine_at - travelled))
            dropped = stern.point.toward(stern.heading + 180.0, spec.length / 2.0)
        travelled += length
        pose = pose.moved(length)
        if hit is not None:
            other = _obstacle_id(hit.obstacle, bodies, pieces)
            if other in started_against:
                held_by = other
            else:
                contact = Contact(model.uid, other, not action.backward)
            break
    else:
        pose = plan.final
    final = pose.turned(180.0) if action.backward else pose
    return MoveResult(
        final, contact, tuple(triggered), tuple(triggers), dropped, travelled, held_by
    )


def turned_onto(
    state: DWState, data: RulesData, model: Model, pose: Pose, level: str
) -> int | None:
    """What ``model``'s base, turned in place to ``pose``, would stand on at ``level``: a
    model (its uid) or a piece of terrain that stops it (``-1 - index``), or None. Only
    what the base does not overlap where it stands counts (DW-END-ON-MODELS)."""
    spec = data.models[model.cls]
    here = body_of(model, spec)
    there = Body(pose, here.base)
    margin = _base_reach(here) + 1.0
    within = (pose.x - margin, pose.y - margin, pose.x + margin, pose.y + margin)
    bodies, pieces = obstacles(state, data, model, level, within)
    for body, uid in bodies:
        if overlaps(there, body) and not overlaps(here, body):
            return uid
    for terrain, index in pieces:
        if _stands_on(there, terrain) and not _stands_on(here, terrain):
            return -1 - index
    return None


def _stands_on(body: Body, terrain: Terrain) -> bool:
    """Whether the base overlaps the terrain piece (met at once, going nowhere)."""
    return first_contact(body, 0.0, (), (terrain,)) is not None


def _near_leg(
    start: Pose,
    length: float,
    reach: float,
    bodies: list[tuple[Body, int]],
    pieces: list[tuple[Terrain, int]],
) -> tuple[list[Body], list[Terrain]]:
    """The obstacles a leg could possibly touch (a cheap test on centres and bounds)."""
    end = start.moved(length)
    low_x, high_x = min(start.x, end.x) - reach, max(start.x, end.x) + reach
    low_y, high_y = min(start.y, end.y) - reach, max(start.y, end.y) + reach
    near_bodies = []
    for body, _ in bodies:
        size = 0.5 * (
            body.base.size * 2.0 if isinstance(body.base, CircleBase)
            else hypot(body.base.width, body.base.length)
        )
        if low_x - size <= body.pose.x <= high_x + size and (
            low_y - size <= body.pose.y <= high_y + size
        ):
            near_bodies.append(body)
    near_pieces = []
    for terrain, _ in pieces:
        x0, y0, x1, y1 = terrain.bounds
        if x0 <= high_x and x1 >= low_x and y0 <= high_y and y1 >= low_y:
            near_pieces.append(terrain)
    return near_bodies, near_pieces


def _leg_touching(mover: Body, near: list[Body], here: Body, at_start: list[Body]) -> list[Body]:
    """The ``near`` bases ``mover`` touches: from where the model stood (``here``), those
    already found touching it there (``at_start``), without measuring them again."""
    if mover.pose == here.pose:
        return [body for body in near if any(body is t for t in at_start)]
    return [body for body in near if _touches(mover, body)]


def touching(state: DWState, data: RulesData, model: Model) -> bool:
    """Whether the model's base touches another model at its level now."""
    spec = data.models[model.cls]
    here = body_of(model, spec)
    reach = spec.width + spec.length
    for other in state.models:
        if other.uid == model.uid or not other.alive or other.level != model.level:
            continue
        if other.carried_by >= 0 or data.models[other.cls].tiny:
            continue
        if abs(other.x - model.x) > reach + 6.0 or abs(other.y - model.y) > reach + 6.0:
            continue
        if _touches(here, body_of(other, data.models[other.cls])):
            return True
    return False


def _touches(first: Body, second: Body) -> bool:
    """Whether two bases touch (1e-6 inch or less edge to edge); bases whose centres lie
    farther apart than their reaches allow are not measured (with a margin for rounding)."""
    apart = hypot(second.pose.x - first.pose.x, second.pose.y - first.pose.y)
    if apart - _base_reach(first) - _base_reach(second) > 1e-6 + _SURELY:
        return False
    return edge_distance(first, second) <= 1e-6


#: Inches by which a bound on a distance must clear a limit for the bound to decide.
_SURELY: Final = 1e-6


def _base_reach(body: Body) -> float:
    """How far from its centre a base reaches."""
    base = body.base
    if isinstance(base, CircleBase):
        return base.radius
    return 0.5 * hypot(base.width, base.length)


def _shrunk(mover: Body) -> Body:
    """The mover's base made :data:`TOUCH_SLACK` smaller all round."""
    base = mover.base
    if isinstance(base, CircleBase):
        return Body(mover.pose, CircleBase(max(base.radius - TOUCH_SLACK, TOUCH_SLACK)))
    return Body(
        mover.pose,
        RectBase(
            max(base.width - 2 * TOUCH_SLACK, TOUCH_SLACK),
            max(base.length - 2 * TOUCH_SLACK, TOUCH_SLACK),
        ),
    )


def _obstacle_id(
    obstacle: Body | Terrain, bodies: list[tuple[Body, int]], pieces: list[tuple[Terrain, int]]
) -> int:
    for body, uid in bodies:
        if body is obstacle:
            return uid
    for terrain, index in pieces:
        if terrain is obstacle:
            return -1 - index
    raise AssertionError("the contact names no known obstacle")
