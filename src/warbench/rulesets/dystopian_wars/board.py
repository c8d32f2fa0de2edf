"""Dystopian Wars on the web table: each model's label, the model an attack aims at, where a
move, a pivot or a deployment leaves a model, and the move a drag means.

A move is judged and walked by the rules' own functions (:func:`.movement.move_refusal`,
:func:`.sweep.carry_out`: the straight run before each turn, the inch a turn uses, the
minimum move, stopping at the first contact), so a ghost stands where the model will.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.geometry import Pose
from warbench.core.geometry.movement import TurnLimits
from warbench.core.geometry.vectors import bearing, signed_angle
from warbench.core.preview import Ghost, Preview
from warbench.core.words import counted
from warbench.rulesets.dystopian_wars.actions import Deploy, Fire, Move, Pivot
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.movement import (
    MoveSpace,
    PivotSpace,
    limits_for,
    move_refusal,
    pivot_refusal,
)
from warbench.rulesets.dystopian_wars.rams import TERRAIN_DICE, is_ram
from warbench.rulesets.dystopian_wars.state import DWState, Model
from warbench.rulesets.dystopian_wars.surface import piece_met
from warbench.rulesets.dystopian_wars.sweep import MoveResult, carry_out

#: Spacing (inches) of the points along the straight run where a dragged move may turn.
TURN_STEP = 0.25
#: Ends at most this much (inches) farther from the pointer than the nearest count as
#: equally near: of those a legal move goes first, then one with fewer turns.
NEAR = 0.5


def model_label(data: RulesData, model: Model) -> str:
    """The model's label on the table: its name, and its tokens for a wing of flyers."""
    return model.name + (f" x{model.tokens}" if data.models[model.cls].tiny else "")


def model_key(uid: int) -> str:
    """A model's key on a crowded table: its id, fixed all game, the number a form's
    ``model`` or ``target`` holds for it (a mine dropped or a wing launched never shifts it).

    >>> model_key(7)
    '7'
    """
    return str(uid)


def mine_key(mid: int) -> str:
    """A mine's key on a crowded table: ``m`` and its id, fixed while it lies there.

    >>> mine_key(2)
    'm2'
    """
    return f"m{mid}"


def action_target(data: RulesData, state: DWState, action: Action) -> str | None:
    """The model an attack aims at."""
    if isinstance(action, Fire) and 0 <= action.target < len(state.models):
        return model_label(data, state.models[action.target])
    return None


def action_preview(data: RulesData, state: DWState, action: Action) -> Preview:
    """Where a move, a pivot or a deployment leaves the model, and why it is illegal."""
    if isinstance(action, Deploy):
        if not 0 <= action.squadron < len(state.squadrons):
            return Preview()
        lead = next(m for m in state.models if m.squadron == action.squadron)
        spec = data.models[lead.cls]
        return Preview((Ghost(model_label(data, lead), action.x, action.y, action.heading % 360,
                              size=spec.length / 2),))
    if not isinstance(action, Move | Pivot) or not 0 <= action.model < len(state.models):
        return Preview()
    model = state.models[action.model]
    label = model_label(data, model)
    if isinstance(action, Pivot):
        refusal = pivot_refusal(state, data, model, action)
        heading = (model.heading + action.degrees) % 360 if math.isfinite(action.degrees) else (
            model.heading)
        return Preview((Ghost(label, model.x, model.y, heading),), refusal)
    reason, plan = move_refusal(state, data, model, action)
    if plan is None:
        limits = limits_for(state, data, model, backward=action.backward)
        poses = list(_walk(model, action, _turn_run(limits)))
        final = poses[-1]
        meets = ""
    else:
        result = carry_out(state, data, model, plan, action)
        final, meets = result.final, met_words(data, state, model, result)
        poses = [pose.turned(180.0) if action.backward else pose for pose in plan.poses]
    path = tuple((round(p.x, 3), round(p.y, 3)) for p in poses[1:-1])
    ghost = Ghost(label, round(final.x, 3), round(final.y, 3), round(final.heading, 3), path,
                  meets=meets)
    return Preview((ghost,), reason)


def met_words(data: RulesData, state: DWState, model: Model, result: MoveResult) -> str:
    """What stops ``model``'s move where it ends and what the rules roll for it, in words
    ('' for nothing): a ram of an enemy met bow first by a model with a ram rating
    (DW-RAM), else a collision (DW-COLLIDE), terrain's dice (DW-COLLIDE-TERRAIN), or a
    model it touched from the start, held with no dice (DW-RAM-START)."""
    contact = result.contact
    if contact is None:
        if result.held_by is None:
            return ""
        return (f"held against {state.models[result.held_by].name}, touched from the start: "
                "no dice (DW-RAM-START)")
    if contact.other < 0:
        piece = piece_met(state.terrain, state.surface, contact.other)
        return (f"runs into {piece.name} ({piece.density}): "
                f"{counted(TERRAIN_DICE[piece.density], 'die')} at it (DW-COLLIDE-TERRAIN)")
    other = state.models[contact.other]
    rr = data.models[model.cls].rr
    if is_ram(data, model, other, contact.forward):
        return (f"rams {other.name}: {counted(rr, 'die')}, then {other.name} answers with "
                "its hull left (DW-RAM)")
    return (f"collides with {other.name}: both roll their hull left at once, no critical "
            "hits (DW-COLLIDE)")


def _turn_run(limits: TurnLimits) -> float:
    """How far a base runs on each side of a turn (half the turn's cost, where a turn is
    made while moving)."""
    return limits.turn_cost / 2.0 if limits.turn_moves else 0.0


def _walk(model: Model, action: Move, half: float) -> Iterator[Pose]:
    """The poses along ``action``'s path with no limit applied (to draw an illegal one),
    running ``half`` before and after each turn."""
    pose = model.pose().turned(180.0) if action.backward else model.pose()
    yield pose
    for index, value in enumerate(action.path):
        if not math.isfinite(value):
            return
        if index % 2 == 0:
            pose = pose.moved(value)
        elif value:
            pose = pose.moved(half).turned(value).moved(half)
        yield pose.turned(180.0) if action.backward else pose


def dragged_move(
    data: RulesData, state: DWState, decisions: Sequence[Decision], label: str, x: float,
    y: float,
) -> Move | None:
    """The move of ``label`` (while it has one to make) whose end lies nearest ``(x, y)``:
    straight on, or straight then one turn towards the point (the turn as sharp as the
    model may make, the run before it as long as the rules ask); an end within :data:`NEAR`
    of the nearest counts as equally near, a legal move first, then a straight one (a turn
    costs part of the move). A model with a direction arrow moves backward."""
    movers = {
        uid
        for decision in decisions
        for space in decision.spaces
        if isinstance(space, MoveSpace)
        for uid in space.movers
    }
    model = next((state.models[u] for u in movers if model_label(data, state.models[u]) == label),
                 None)
    if model is None:
        return None
    backward = model.helm == "reverse"
    limits = limits_for(state, data, model, backward=backward)
    start = model.pose().turned(180.0) if backward else model.pose()
    half = _turn_run(limits)
    candidates = [_straight(start, x, y)]
    if limits.can_turn and not backward:
        sharpest = 180.0 if limits.straight_before <= 0.0 else limits.max_turn
        first = limits.straight_before
        corners = int((limits.allowance - first) / TURN_STEP) + 1
        candidates += [_turning(start, first + k * TURN_STEP, half, sharpest, x, y)
                       for k in range(max(corners, 1))]

    def judged(path: tuple[float, ...]) -> tuple[float, bool, int, tuple[float, ...]]:
        action = Move(model.uid, path, backward)
        refused, plan = move_refusal(state, data, model, action)
        end = plan.final if plan is not None else list(_walk(model, action, half))[-1]
        return math.hypot(end.x - x, end.y - y), refused is not None, len(path), path

    scored = [judged(path) for path in candidates]
    nearest = min(away for away, *_ in scored)
    near = [entry for entry in scored if entry[0] <= nearest + NEAR]
    _, _, _, path = min(near, key=lambda entry: (entry[1], entry[2], entry[0]))
    return Move(model.uid, path, backward)


def drag_refusal(
    data: RulesData, state: DWState, decisions: Sequence[Decision], label: str
) -> str | None:
    """Why the model ``label`` on the table, dragged, makes no move now, while a squadron
    moves (``None`` at any other step, or for a label no model has)."""
    space = next((space for decision in decisions for space in decision.spaces
                  if isinstance(space, MoveSpace)), None)
    model = next((m for m in state.models if m.active and m.carried_by < 0
                  and model_label(data, m) == label), None)
    if space is None or model is None or model.uid in space.movers:
        return None
    return space.unmoving(model.uid)


def turned(
    data: RulesData, state: DWState, decisions: Sequence[Decision], label: str, heading: float
) -> Pivot | None:
    """The pivot of the land model ``label`` (while it may turn on the spot instead of
    moving) to face ``heading``: the signed turn of least size, left negative."""
    pivoting = {uid for decision in decisions for space in decision.spaces
                if isinstance(space, PivotSpace) for uid in space.movers}
    model = next((state.models[u] for u in sorted(pivoting)
                  if model_label(data, state.models[u]) == label), None)
    if model is None:
        return None
    return Pivot(model.uid, round(signed_angle(heading - model.heading), 2))


def _straight(start: Pose, x: float, y: float) -> tuple[float, ...]:
    along = math.radians(start.heading)
    run = (x - start.x) * math.sin(along) + (y - start.y) * math.cos(along)
    return (round(max(run, 0.0), 2),)


def _turning(start: Pose, first: float, half: float, sharpest: float, x: float, y: float
             ) -> tuple[float, ...]:
    corner = start.moved(first + half)
    turn = signed_angle(bearing(x - corner.x, y - corner.y) - corner.heading)
    turn = max(-sharpest, min(sharpest, turn))
    then = corner.turned(turn).moved(half)
    along = math.radians(then.heading)
    run = (x - then.x) * math.sin(along) + (y - then.y) * math.cos(along)
    return (round(first, 2), round(turn, 1), round(max(run, 0.0), 2))
