"""HORDES on the web table: where a leg or a placement leaves a model, and the leg a drag
means (an advance while the leg fits the advance left, else a run where one is allowed).

The ghost stands where the rules put the model: a leg ends at its point facing its
heading (HOR-MOVE-ADVANCE, HOR-MOVE-RUN); the verdict is the parameter space's own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.geometry import Point
from warbench.core.geometry.vectors import bearing
from warbench.core.preview import Ghost, Preview
from warbench.rulesets.hordes.actions import Move, Place
from warbench.rulesets.hordes.data import HordesData
from warbench.rulesets.hordes.movement import MoveSpace
from warbench.rulesets.hordes.names import model_label
from warbench.rulesets.hordes.space import leg_cost
from warbench.rulesets.hordes.state import HordesState, Model


def mover(state: HordesState) -> Model | None:
    """The model whose activation is under way (the innermost on the procedure stack)."""
    from warbench.rulesets.hordes.activation import Activation

    for procedure in reversed(state.stack):
        if isinstance(procedure, Activation) and 0 <= procedure.model < len(state.models):
            return state.models[procedure.model]
    return None


def action_preview(data: HordesData, state: HordesState, action: Action) -> Preview:
    """The ghost of the active model at the end of a leg, or of a model placed."""
    if isinstance(action, Place) and 0 <= action.model < len(state.models):
        placed = state.models[action.model]
        return Preview((Ghost(model_label(data, state.models, placed), action.x, action.y,
                              action.heading % 360, size=data.radii[placed.card]),))
    model = mover(state)
    if isinstance(action, Move) and model is not None:
        return Preview((Ghost(model_label(data, state.models, model), action.x, action.y,
                              action.heading % 360),))
    return Preview()


def action_text(data: HordesData, state: HordesState, action: Action) -> str | None:
    """A leg in words: advance or run, its length and the movement it costs."""
    model = mover(state)
    if not isinstance(action, Move) or model is None:
        return None
    if not all(math.isfinite(v) for v in (action.x, action.y)):
        return None
    start, end = Point(model.x, model.y), Point(action.x, action.y)
    cost = leg_cost(data, state, start, end)
    how = "run" if action.run else "advance"
    length = math.hypot(action.x - model.x, action.y - model.y)
    label = model_label(data, state.models, model)
    return f'{label}: {how} {length:.1f}" (costs {cost:.1f}")'


def _labelled(data: HordesData, state: HordesState, uid: int, label: str) -> bool:
    """Whether the board labels model ``uid`` ``label`` (a name shared told apart)."""
    return model_label(data, state.models, state.models[uid]) == label


def dragged_leg(
    data: HordesData, state: HordesState, decisions: Sequence[Decision], label: str,
    x: float, y: float,
) -> Move | None:
    """The straight leg of the model ``label`` to ``(x, y)``, facing the way it goes, while
    it may move: an advance if the leg's cost fits the advance left, else a run where a run
    is allowed (else the advance, which the page shows refused with the reason)."""
    space = next(
        (
            space
            for decision in decisions
            for space in decision.spaces
            if isinstance(space, MoveSpace)
            and _labelled(data, state, space.model, label)
        ),
        None,
    )
    if space is None:
        return None
    model = state.models[space.model]
    cost = leg_cost(data, state, Point(model.x, model.y), Point(x, y))
    run = not (False in space.allowances and cost <= space.allowances[False] + 1e-9)
    if run and True not in space.allowances:
        run = False
    heading = bearing(x - model.x, y - model.y) if (x, y) != (model.x, model.y) else model.heading
    return Move(round(x, 2), round(y, 2), round(heading % 360, 1), run)


def turned_leg(
    data: HordesData, state: HordesState, decisions: Sequence[Decision], label: str,
    heading: float,
) -> Move | None:
    """The model ``label``, while it may move, turned on the spot: a leg of no length
    (costing nothing) that ends facing ``heading``; a run only where no advance is left."""
    space = next((space for decision in decisions for space in decision.spaces
                  if isinstance(space, MoveSpace)
                  and _labelled(data, state, space.model, label)), None)
    if space is None:
        return None
    model = state.models[space.model]
    return Move(model.x, model.y, round(heading % 360, 1), False not in space.allowances)
