"""Movement: what a model may do with its move and carrying it out (rams and collisions it
makes are rolled by :mod:`.rams`).

A model moves all its move before the next one starts. Naval and aerial models must make
their minimum move unless stopped by an all stop marker; a turn is at most 45 degrees, costs
1 inch and comes after the model's straight run (small models may chain turns). Land
models may instead turn on the spot (small and medium any amount, large and massive up to
180 degrees).

A surface model that touches another model of its level, or impassable terrain, stops
there; once the squadron has moved, each contact is resolved: a ram (an enemy met bow
first by a model with a ram rating) rolls RR dice against the target, which answers with
its remaining hull points in dice; a collision has both roll their remaining hull points
at once, and causes no critical hits. Terrain rolls 4, 8 or 12 dice (light, medium,
dense) against the model. Dice hit on 4+ (the 1.1 errata) and explode as usual.
Flyers and submerged models pass over and under everything, but flyers hit dense terrain.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from warbench.core.actions import Action
from warbench.core.decisions import DrawnSpace, ParamSpace
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
from warbench.core.geometry.movement import IllegalMove, Plan, TurnLimits, plan_path
from warbench.core.rng import RandomStream
from warbench.rulesets.dystopian_wars.actions import Move, Pivot
from warbench.rulesets.dystopian_wars.data import ModelSpec, RulesData
from warbench.rulesets.dystopian_wars.geometry import (
    MINE_TRIGGER,
    off_table,
    terrain_of,
)
from warbench.rulesets.dystopian_wars.rams import Contact, deep_ram_refusal
from warbench.rulesets.dystopian_wars.state import DWState, Mine, Model, Piece, body_of

#: How far a squadron doing nothing drifts, and how far a reversing model may go.
DRIFT, REVERSE_LIMIT = 2.0, 2.0
#: How much a base is shrunk (all round) to tell a move into a model it touches from a
#: move sliding along it or away from it.
TOUCH_SLACK = 0.02
LEVEL_CHOICES: dict[str, tuple[str, ...]] = {
    "diving": ("surface", "submerged"),
    "flying": ("flying", "obscured"),
}


def speed_bonus(state: DWState, data: RulesData, model: Model) -> int:
    """Extra inches from speed cards in force for this model's fleet or squadron."""
    bonus = 0
    for play in state.in_play:
        card = data.cards[play.card]
        if card.effect != "speed" or play.player != model.player:
            continue
        if play.squadron in (-1, model.squadron):
            bonus += card.value
    return bonus


def limits_for(
    state: DWState, data: RulesData, model: Model, *, backward: bool = False
) -> TurnLimits:
    """The model's movement and turning limits for this activation."""
    spec = data.models[model.cls]
    if backward:
        return TurnLimits(spec.turn, spec.repeat_turns, REVERSE_LIMIT, 0.0, can_turn=False)
    move = spec.mv + speed_bonus(state, data, model)
    minimum = spec.min_move
    if model.marker("half-mv"):
        move //= 2
        minimum //= 2
    return TurnLimits(
        spec.turn,
        spec.repeat_turns or spec.size == "small",
        float(move),
        float(minimum),
        can_turn=not model.marker("rudder-jammed"),
        disengage=bool(model.contact),
        turn_moves=True,
    )


def move_refusal(
    state: DWState, data: RulesData, model: Model, action: Move
) -> tuple[str | None, Plan | None]:
    """Why ``action`` is not a legal move for ``model`` now, or the plan it makes."""
    spec = data.models[model.cls]
    if action.level:
        allowed = LEVEL_CHOICES["diving"] if spec.diving else ()
        allowed = allowed + (LEVEL_CHOICES["flying"] if spec.flying else ())
        if action.level not in allowed:
            return f"{model.name} cannot move at level {action.level!r}", None
    if model.helm == "all_stop":
        return f"{model.name} is under all stop: give it a helm order instead", None
    if model.helm == "reverse" and not action.backward:
        return f"{model.name} has a direction arrow: it may only move backward", None
    if action.backward:
        if model.helm != "reverse" and spec.min_move > 0:
            return f"{model.name} must take a direction arrow before moving backward", None
        if "no-reverse" in spec.traits:
            return f"{model.name} cannot move backward", None
    if not action.ram and not spec.beast:
        return "only creatures and robots may touch a model without ramming it", None
    if action.ram_at != -1:
        reason = deep_ram_refusal(state, data, model, action)
        if reason is not None:
            return reason, None
    if action.all_stop and (spec.tiny or spec.category == "bomber"):
        return "bombers and aeroplanes cannot declare all stop", None
    if action.mine_at >= 0.0:
        if not any(mount.kind == "mines" for mount in spec.mounts):
            return f"{model.name} carries no mines", None
        if model.marker("chaos-and-disarray"):
            return f"{model.name} is in chaos and disarray: no mines", None
    limits = limits_for(state, data, model, backward=action.backward)
    start = model.pose().turned(180.0) if action.backward else model.pose()
    try:
        plan = plan_path(start, action.path, limits)
    except IllegalMove as error:
        return f"{model.name}: {error}", None
    straight = sum(length for _, length in plan.legs)
    if action.mine_at > straight + 1e-9:
        return f"the mine is dropped {action.mine_at:g} inches along a {straight:g} inch path", None
    level = action.level or model.level
    if level in ("flying", "obscured") and not spec.tiny:
        final = Body(plan.final, body_of(model, spec).base)
        for other in state.models:
            if other.uid == model.uid or not other.alive or other.level not in (
                "flying", "obscured"
            ):
                continue
            other_spec = data.models[other.cls]
            if not other_spec.tiny and overlaps(final, body_of(other, other_spec)):
                return f"{model.name} would end its move on {other.name}", None
    return None, plan


class MoveSpace(DrawnSpace):
    """The moves the models still to move in this activation part may make (a move it
    drew is not judged again when the agent and the engine check that very object)."""

    action_type = Move

    def __init__(self, state: DWState, data: RulesData, movers: list[int]) -> None:
        self._state = state
        self._data = data
        self.movers = movers
        self.description = "move a model: path = straight, turn, straight ... (inches, degrees)"

    def judge(self, action: Action) -> str | None:
        if not isinstance(action, Move):
            return f"expected {self.action_type.TAG!r}, got {action!r}"
        if action.model not in self.movers:
            return f"model {action.model} has no move to make now"
        model = self._state.models[action.model]
        reason, _ = move_refusal(self._state, self._data, model, action)
        return reason

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        found: list[Action] = []
        movable = [uid for uid in self.movers if self._state.models[uid].helm != "all_stop"]
        if not movable:
            return found
        for _ in range(count * 3):
            uid = movable[rng.choice_index(len(movable))]
            action = random_move(self._state, self._data, self._state.models[uid], rng)
            if self.judge(action) is None:
                found.append(action)
                if len(found) >= count:
                    break
        return self.drew(found)


def random_move(state: DWState, data: RulesData, model: Model, rng: RandomStream) -> Move:
    """A random move for ``model`` (legal by construction, bar ending on another flyer)."""
    spec = data.models[model.cls]
    backward = model.helm == "reverse"
    limits = limits_for(state, data, model, backward=backward)
    low, high = limits.minimum, limits.allowance
    distance = round(low + (high - low) * rng.random(), 2)
    path: tuple[float, ...] = (distance,)
    if not backward and limits.can_turn and rng.random() < 0.6:
        path = turning_path(limits, distance, rng.random() * 2 - 1, rng.random())
    level = ""
    choices = LEVEL_CHOICES["diving"] if spec.diving else ()
    choices = choices + (LEVEL_CHOICES["flying"] if spec.flying and not spec.tiny else ())
    if choices and rng.random() < 0.3:
        level = choices[rng.choice_index(len(choices))]
    all_stop = not (spec.tiny or spec.category == "bomber") and rng.random() < 0.05
    mine_at = -1.0
    if any(m.kind == "mines" for m in spec.mounts) and not model.marker("chaos-and-disarray"):
        mine_at = round(sum(path[0::2]) * rng.random(), 2) if rng.random() < 0.5 else -1.0
    return Move(model.uid, path, backward, level, all_stop, mine_at)


def turning_path(
    limits: TurnLimits, distance: float, side: float, where: float
) -> tuple[float, ...]:
    """A path of ``distance`` inches of movement with one turn (``side`` in -1..1 scales
    45 degrees; ``where`` in 0..1 places it along the legal stretch)."""
    if limits.straight_before <= 0.0:
        return (0.0, round(side * 180.0, 1), distance)
    first_low = limits.straight_before
    room = distance - 1.0 - first_low
    if room < 0.0:
        return (distance,)
    first = round(first_low + room * where, 2)
    second = round(max(0.0, distance - 1.0 - first), 2)
    turn = round(45.0 * side, 1)
    return (first, turn, second)


def pivot_refusal(data: RulesData, model: Model, action: Pivot) -> str | None:
    """Land models may turn on the spot instead of moving: small and medium ones to any
    facing, large and massive ones through 180 degrees (90 either way)."""
    spec = data.models[model.cls]
    if spec.domain != "land" or spec.flying:
        return f"only land models turn on the spot ({model.name} is {spec.domain})"
    if model.marker("rudder-jammed"):
        return f"{model.name} cannot turn (jammed)"
    limit = 180.0 if spec.rank <= 2 else 90.0
    if not math.isfinite(action.degrees) or abs(action.degrees) > limit + 1e-9:
        return f"{model.name} turns at most {limit:g} degrees either way on the spot"
    return None


class PivotSpace(ParamSpace):
    """Turns on the spot for the land models still to move."""

    action_type = Pivot

    def __init__(self, state: DWState, data: RulesData, movers: list[int]) -> None:
        self._state = state
        self._data = data
        self.movers = [
            uid for uid in movers if data.models[state.models[uid].cls].domain == "land"
            and not data.models[state.models[uid].cls].flying
        ]
        self.description = "turn a land model on the spot instead of moving"

    def validate(self, action: Action) -> str | None:
        if not isinstance(action, Pivot):
            return f"expected {self.action_type.TAG!r}, got {action!r}"
        if action.model not in self.movers:
            return f"model {action.model} has no move to make now"
        return pivot_refusal(self._data, self._state.models[action.model], action)

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        if not self.movers:
            return []
        found: list[Action] = []
        for _ in range(count):
            uid = self.movers[rng.choice_index(len(self.movers))]
            found.append(Pivot(uid, round(rng.random() * 180.0 - 90.0, 1)))
        return found


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
    for index, piece in enumerate(state.terrain):
        if blocks_movement(spec, level, piece):
            pieces.append((terrain_of(piece), index))
    return bodies, pieces


def blocks_movement(spec: ModelSpec, level: str, piece: Piece) -> bool:
    """Whether this terrain piece stops this model: naval models meet land (above or
    below the water), land models meet water and medium or dense terrain (under the
    ground, only water), flyers meet only dense terrain."""
    if level in ("flying", "obscured"):
        return piece.density == "dense" and piece.kind != "water"
    naval = spec.domain == "naval" or spec.category == "creature"
    if naval:
        return piece.kind != "water"
    if level == "submerged":
        return piece.kind == "water"
    return piece.kind == "water" or piece.density in ("medium", "dense")


def mine_distance(body: Body, spec: ModelSpec, start: Pose, length: float, mine: Point) -> float:
    """Closest approach of a base sliding ``length`` inches from ``start`` to a point."""
    across, along = Body(start, body.base).local(mine)
    half_w, half_l = spec.width / 2.0, spec.length / 2.0
    if spec.tiny:
        half_w = half_l = spec.width / 2.0
    gap_along = 0.0 if 0.0 <= along <= length else min(abs(along), abs(along - length))
    return math.hypot(max(abs(across) - half_w, 0.0), max(gap_along - half_l, 0.0))


@dataclass(frozen=True, slots=True)
class MoveResult:
    """What carrying out a move did: the final pose, a contact, mines set off, and the
    model it stopped against without a contact because they touched from the start."""

    final: Pose
    contact: Contact | None
    mines: tuple[int, ...]
    dropped: Point | None
    travelled: float
    held_by: int | None = None


def carry_out(
    state: DWState, data: RulesData, model: Model, plan: Plan, action: Move
) -> MoveResult:
    """Move ``model`` along ``plan``, stopping at its first contact."""
    spec = data.models[model.cls]
    level = action.level or model.level
    reach = 0.5 * math.hypot(spec.width, spec.length)
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
            for mine in state.mines:
                if mine.armed and mine.mid not in triggered and mine_distance(
                    mover, spec, pose, length, mine.point()
                ) <= MINE_TRIGGER + 1e-9:
                    triggered.append(mine.mid)
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
    return MoveResult(final, contact, tuple(triggered), dropped, travelled, held_by)


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
            else math.hypot(body.base.width, body.base.length)
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
    apart = math.hypot(second.pose.x - first.pose.x, second.pose.y - first.pose.y)
    if apart - _base_reach(first) - _base_reach(second) > 1e-6 + _SURELY:
        return False
    return edge_distance(first, second) <= 1e-6


#: Inches by which a bound on a distance must clear a limit for the bound to decide.
_SURELY = 1e-6


def _base_reach(body: Body) -> float:
    """How far from its centre a base reaches."""
    base = body.base
    if isinstance(base, CircleBase):
        return base.radius
    return 0.5 * math.hypot(base.width, base.length)


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


def treacherous(state: DWState, data: RulesData, model: Model, plan: Plan) -> list[Piece]:
    """Light terrain a land model's path crosses or ends in (treacherous terrain)."""
    spec = data.models[model.cls]
    if spec.domain != "land" or spec.flying or model.level != "surface":
        return []
    found = []
    for piece in state.terrain:
        if piece.density != "light" or piece.kind == "water":
            continue
        shape = terrain_of(piece)
        if shape.contains(plan.final.point) or any(
            shape.crossed_by(start.point, start.moved(length).point) for start, length in plan.legs
        ):
            found.append(piece)
    return found


def place_mine(state: DWState, data: RulesData, model: Model, where: Point) -> Mine:
    """Drop a mine at ``where`` (armed once the dropping squadron's activation ends)."""
    spec = data.models[model.cls]
    mount = next(mount for mount in spec.mounts if mount.kind == "mines")
    mine = Mine(state.next_mine, model.player, where.x, where.y, mount.ad[0], model.uid)
    state.next_mine += 1
    state.mines.append(mine)
    return mine


def leaves_table(state: DWState, model: Model) -> bool:
    """Whether the model's centre is off the table."""
    return off_table(model.point(), state.width, state.height)
