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
from collections.abc import Sequence

from warbench.core.actions import Action
from warbench.core.decisions import DrawnSpace, ParamSpace
from warbench.core.geometry import (
    Body,
    Point,
    Pose,
    overlaps,
)
from warbench.core.geometry.movement import IllegalMove, Plan, TurnLimits, inches, plan_path
from warbench.core.rng import RandomStream
from warbench.core.words import one_of, player_name
from warbench.rulesets.dystopian_wars.actions import Move, Pivot
from warbench.rulesets.dystopian_wars.cards import card_reaches
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.geometry import (
    off_table,
    terrain_of,
)
from warbench.rulesets.dystopian_wars.rams import deep_ram_refusal
from warbench.rulesets.dystopian_wars.state import DWState, Mine, Model, Piece, body_of
from warbench.rulesets.dystopian_wars.surface import is_ground, piece_met
from warbench.rulesets.dystopian_wars.sweep import turned_onto

#: How far a squadron doing nothing drifts, and how far a reversing model may go.
DRIFT, REVERSE_LIMIT = 2.0, 2.0
#: The rule each limit of a planned path (:class:`IllegalMove` ``breaks``) comes from.
PATH_RULES: dict[str, str] = {
    "path": "DW-ACTIONS", "jammed": "DW-MK-DIRECTION", "one-turn": "DW-TURN",
    "disengage": "DW-DISENGAGE", "turn": "DW-TURN", "allowance": "DW-MV",
    "minimum": "DW-MIN-MOVE-ALL",
}
LEVEL_CHOICES: dict[str, tuple[str, ...]] = {
    "diving": ("surface", "submerged"),
    "flying": ("flying", "obscured"),
}


def level_choices(data: RulesData, model: Model) -> tuple[str, ...]:
    """The levels ``model`` may move at (a move's ``level``; "" keeps its own): a diving
    model's surface and submerged, a flyer's flying and obscured (DW-SUBMERGED,
    DW-OBSCURED)."""
    spec = data.models[model.cls]
    allowed = LEVEL_CHOICES["diving"] if spec.diving else ()
    return allowed + (LEVEL_CHOICES["flying"] if spec.flying else ())


def speed_bonus(state: DWState, data: RulesData, model: Model) -> int:
    """Extra inches from the speed cards in force that reach this model (a T card its
    fleet, an S card its squadron's commanded models)."""
    return sum(
        data.cards[play.card].value
        for play in state.in_play
        if data.cards[play.card].effect == "speed" and card_reaches(play, model)
    )


def limits_for(
    state: DWState, data: RulesData, model: Model, *, backward: bool = False
) -> TurnLimits:
    """The model's movement and turning limits for this activation.

    Backward, a model under a direction arrow goes at most 2 inches straight; a model with
    no minimum move that trades its forward move for a backward one keeps its whole move
    (DW-MIN0-BACKWARD)."""
    spec = data.models[model.cls]
    if backward and (model.helm == "reverse" or spec.min_move > 0):
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
    if action.level and action.level not in level_choices(data, model):
        rule = "DW-OBSCURED" if action.level in LEVEL_CHOICES["flying"] else "DW-SUBMERGED"
        return f"{model.name} cannot move at level {action.level!r} ({rule})", None
    if model.helm == "all_stop":
        return f"{model.name} is under all stop: give it a helm order instead (DW-ALL-STOP)", None
    if model.helm == "reverse" and not action.backward:
        return f"{model.name} has a direction arrow: it may only move backward (DW-REVERSE)", None
    if action.backward:
        if model.helm != "reverse" and spec.min_move > 0:
            return (f"{model.name} must take a direction arrow before moving backward "
                    "(DW-REVERSE)"), None
        if "no-reverse" in spec.traits:
            return f"{model.name} cannot move backward (DW-NO-REVERSE)", None
    if not action.ram and not spec.beast:
        return ("only creatures and robots may touch a model without ramming it "
                "(DW-BEAST-TOUCH)"), None
    if action.ram_at != -1:
        reason = deep_ram_refusal(state, data, model, action)
        if reason is not None:
            return reason, None
    if action.all_stop and (spec.tiny or spec.category == "bomber"):
        return "bombers and aeroplanes cannot declare all stop (DW-NO-ALL-STOP)", None
    if action.mine_at >= 0.0:
        if not any(mount.kind == "mines" for mount in spec.mounts):
            return f"{model.name} carries no mines (DW-MINES)", None
        if model.marker("chaos-and-disarray"):
            return f"{model.name} is in chaos and disarray: no mines (DW-MK-CHAOS)", None
    limits = limits_for(state, data, model, backward=action.backward)
    start = model.pose().turned(180.0) if action.backward else model.pose()
    try:
        plan = plan_path(start, action.path, limits)
    except IllegalMove as error:
        rule = PATH_RULES.get(error.breaks, "DW-ACTIONS")
        if rule == "DW-MV" and action.backward and (
            model.helm == "reverse" or spec.min_move > 0
        ):
            rule = "DW-REVERSE"  # 2 inches under a direction arrow
        return f"{model.name}: {error} ({rule})", None
    straight = sum(length for _, length in plan.legs)
    if action.mine_at > straight + 1e-9:
        return (f"the mine is dropped {inches(action.mine_at)} along a {straight:g} inch "
                "path (DW-MINES)"), None
    level = action.level or model.level
    if len(action.path) > 1 and action.path[0] == 0.0 and action.path[1] != 0.0:
        # a turn in place before any straight (a disengage turn, a free turner's turn)
        reason = turn_refusal(state, data, model, start.turned(action.path[1]), level)
        if reason is not None:
            return reason, None
    if level in ("flying", "obscured") and not spec.tiny:
        # a flyer ends on no other model, flying or not (seed l.328); wings of tiny
        # aeroplanes shift aside and submerged tokens lie below (l.329)
        final = Body(plan.final, body_of(model, spec).base)
        for other in state.models:
            if other.uid == model.uid or not other.alive or other.level == "submerged":
                continue
            other_spec = data.models[other.cls]
            if not other_spec.tiny and overlaps(final, body_of(other, other_spec)):
                return (f"{model.name} would end its move on {other.name}: a flyer may not "
                        "end its move on another model (DW-END-ON-MODELS)"), None
    return None, plan


class MoveSpace(DrawnSpace):
    """The moves the models still to move in this activation part may make (a move it
    drew is not judged again when the agent and the engine check that very object)."""

    action_type = Move

    def __init__(
        self, state: DWState, data: RulesData, movers: list[int], moved: Sequence[int] = ()
    ) -> None:
        self._state = state
        self._data = data
        self.movers = movers
        self.moved = tuple(moved)
        self.description = ("move a model: path = straight, turn, straight ... (inches, "
                            "degrees); the odds of a ram, collision or terrain it meets show "
                            "once a path is drawn: the path decides what it meets")

    def judge(self, action: Action) -> str | None:
        if not isinstance(action, Move):
            return f"expected {self.action_type.TAG!r}, got {action!r} (DW-ACTIONS)"
        if action.model not in self.movers:
            return self.unmoving(action.model)
        model = self._state.models[action.model]
        reason, _ = move_refusal(self._state, self._data, model, action)
        return reason

    def unmoving(self, uid: int) -> str:
        """Why model ``uid`` has no move to make now, with the clause that says so: one
        squadron acts at a time (DW-ALTERNATE, seed l.248), a model moves once, to the end
        (DW-MOVE-ONE-AT-A-TIME, l.331), the commanded part first (DW-CD-SPLIT, l.254)."""
        models = self._state.models
        if not 0 <= uid < len(models):
            return f"there is no model {uid} (DW-ACTIONS)"
        model, first = models[uid], models[self.movers[0]]
        squadron = self._state.squadrons[first.squadron]
        if model.alive and model.derelict:
            return f"{model.name} is a derelict: it drifts in the end phase (DW-DERELICT)"
        if not model.active or model.carried_by >= 0:
            return f"{model.name} is not on the table to move (DW-ACTIONS)"
        if model.player != squadron.player:
            return (f"{model.name} is {player_name(model.player)}'s:"
                    f" {player_name(squadron.player)} moves only the squadron activated now"
                    f" ({squadron.name}) (DW-ALTERNATE)")
        if model.squadron != squadron.sid:
            return (f"{model.name} is not in the squadron activated now ({squadron.name}):"
                    " a player activates one squadron at a time (DW-ALTERNATE)")
        left = one_of([models[mover].name for mover in self.movers], "and")
        if uid in self.moved:
            return (f"{model.name} has made its move: a model moves once, to the end, before"
                    f" the next starts ({left} still to move) (DW-MOVE-ONE-AT-A-TIME)")
        return (f"{model.name} is split from the part of {squadron.name} acting now ({left}):"
                " the commanded part acts first, then the rest (DW-CD-SPLIT)")

    def free(self) -> list[int]:
        """The movers not held by an all stop marker (DW-ALL-STOP)."""
        return [uid for uid in self.movers if self._state.models[uid].helm != "all_stop"]

    def listed(self) -> tuple[Action, ...] | None:
        """No move at all where every model left is under all stop (a form then says so
        instead of offering nothing); else ``None``: moves are drawn, not listed."""
        return None if self.free() else ()

    def unavailable(self) -> str | None:
        """Why no model may move now: each one left is under all stop (DW-ALL-STOP)."""
        held = [self._state.models[uid].name for uid in self.movers]
        if len(held) == 1:
            return (f"{held[0]} is under all stop: it stays put this activation and takes "
                    "one of the helm orders offered instead (DW-ALL-STOP)")
        return (f"{one_of(held, 'and')} are under all stop: they stay put this activation "
                "and each takes one of the helm orders offered instead (DW-ALL-STOP)")

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        found: list[Action] = []
        movable = self.free()
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
    """A random move for ``model`` (legal by construction, bar a flyer ending on another
    model and a turn in place onto one)."""
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


def pivot_refusal(state: DWState, data: RulesData, model: Model, action: Pivot) -> str | None:
    """Land models may turn on the spot instead of moving: small and medium ones to any
    facing, large and massive ones through 180 degrees (90 either way); never onto another
    model or terrain they may not enter."""
    spec = data.models[model.cls]
    if spec.domain != "land" or spec.flying:
        return f"only land models turn on the spot ({model.name} is {spec.domain}, DW-LAND-PIVOT)"
    if model.marker("rudder-jammed"):
        return f"{model.name} cannot turn (jammed, DW-MK-DIRECTION)"
    limit = 180.0 if spec.rank <= 2 else 90.0
    if not math.isfinite(action.degrees) or abs(action.degrees) > limit + 1e-9:
        return (f"{model.name} turns at most {limit:g} degrees either way on the spot "
                "(DW-LAND-PIVOT)")
    return turn_refusal(state, data, model, model.pose().turned(action.degrees), model.level)


def turn_refusal(
    state: DWState, data: RulesData, model: Model, pose: Pose, level: str
) -> str | None:
    """Why ``model`` may not turn in place to ``pose``: it would end on another model or
    on terrain it may not enter (seed l.328, DW-END-ON-MODELS), or None."""
    other = turned_onto(state, data, model, pose, level)
    if other is None:
        return None
    if other >= 0:
        return (f"{model.name} cannot turn onto {state.models[other].name}: a model may not "
                "end its move on another model (DW-END-ON-MODELS)")
    piece = piece_met(state.terrain, state.surface, other)
    return (f"{model.name} cannot turn onto {piece.name}: "
            "it may not stand on that terrain (DW-END-ON-MODELS)")


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
            return f"expected {self.action_type.TAG!r}, got {action!r} (DW-ACTIONS)"
        if action.model not in self.movers:
            return f"model {action.model} has no move to make now (DW-ACTIONS)"
        return pivot_refusal(self._state, self._data, self._state.models[action.model], action)

    def sample(self, rng: RandomStream, count: int) -> list[Action]:
        if not self.movers:
            return []
        found: list[Action] = []
        for _ in range(count):
            uid = self.movers[rng.choice_index(len(self.movers))]
            pivot = Pivot(uid, round(rng.random() * 180.0 - 90.0, 1))
            if self.validate(pivot) is None:  # never onto a model or forbidden terrain
                found.append(pivot)
        return found


def treacherous(state: DWState, data: RulesData, model: Model, plan: Plan) -> list[Piece]:
    """Light terrain a land model's path crosses or ends in (treacherous terrain; an island
    on a sea table is the ground itself, DW-TABLE-SURFACE)."""
    spec = data.models[model.cls]
    if spec.domain != "land" or spec.flying or model.level != "surface":
        return []
    found = []
    for piece in state.terrain:
        if piece.density != "light" or piece.kind == "water" or is_ground(piece, state.surface):
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
