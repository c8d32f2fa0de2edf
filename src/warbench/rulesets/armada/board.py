"""Starfinder Armada on the web table: each fleet's label (:mod:`.names`), the fleet an
attack aims at, where a move ends (hex and facing, through the hexes it enters), and the
move a drag to a hex means.

Moves are judged and planned by the rules' own :func:`.moves.plan_move` and
:func:`.moves.ordinary_moves`, so the ghost stands on the hex the fleet will.
"""

from __future__ import annotations

from collections.abc import Sequence

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.geometry.vectors import bearing, signed_angle
from warbench.core.hexgrid import Hex, HexPose, IllegalHexMove
from warbench.core.preview import Ghost, Preview
from warbench.rulesets.armada.actions import Fire, Move
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.helm import MoveSpace
from warbench.rulesets.armada.moves import ordinary_moves, plan_move
from warbench.rulesets.armada.names import fleet_label, fleet_labels
from warbench.rulesets.armada.picture import hex_at, hex_centre
from warbench.rulesets.armada.state import ArmadaState, Fleet

#: The longest path a drag beyond a fleet's reach is walked along (hexes and turns).
WALK_LIMIT = 24


def action_target(state: ArmadaState, action: Action) -> str | None:
    """The fleet an attack (its first target) or a flyby aims at."""
    aims = (isinstance(action, Fire) and action.mine < 0) or (
        isinstance(action, Move) and action.stunt == "flyby")
    if not aims:
        return None
    target: int = action.target  # type: ignore[attr-defined]
    return fleet_labels(state.fleets)[target] if 0 <= target < len(state.fleets) else None


def action_preview(state: ArmadaState, tables: Tables, action: Action) -> Preview:
    """Where a move (if it succeeds) leaves the fleet, through the hexes it enters; an
    illegal ordinary move is drawn as far as its steps go, with the rules' reason."""
    if not isinstance(action, Move) or not 0 <= action.fleet < len(state.fleets):
        return Preview()
    fleet = state.fleets[action.fleet]
    try:
        plan = plan_move(state, tables, fleet, action)
        end, path, refusal = plan.end, plan.path, None
    except IllegalHexMove as error:
        end, path = _walk(fleet.pose, action.steps if not action.stunt else "")
        refusal = f"{fleet_label(state, fleet)}: {error}"
    x, y = hex_centre(state, end.hex)
    points = tuple(hex_centre(state, hex_) for hex_ in path[:-1])
    return Preview((Ghost(fleet_label(state, fleet), x, y, 60.0 * end.facing, points),), refusal)


def _walk(pose: HexPose, steps: str) -> tuple[HexPose, tuple[Hex, ...]]:
    """Where ``F``/``L``/``R`` steps lead with no limit applied, and the hexes entered."""
    path: list[Hex] = []
    for step in steps[:WALK_LIMIT]:
        if step == "F":
            pose = pose.forward()
            path.append(pose.hex)
        elif step in "LR":
            pose = pose.turned(1 if step == "R" else -1)
    return pose, tuple(path)


def dragged_move(
    state: ArmadaState, tables: Tables, decisions: Sequence[Decision], label: str, x: float,
    y: float,
) -> Move | None:
    """The ordinary move of the fleet ``label`` (while it may move) to the hex under
    ``(x, y)``, ending faced as near the way it went as its moves allow; a hex beyond its
    reach gets the straightest path there, which the page shows refused with the reason."""
    movable = {f for d in decisions for s in d.spaces if isinstance(s, MoveSpace) for f in s.fleets}
    labels = fleet_labels(state.fleets)
    fleet = next((state.fleets[f] for f in movable if labels[f] == label), None)
    if fleet is None:
        return None
    goal = hex_at(state, x, y)
    if goal == fleet.hex:
        return None
    start_x, start_y = hex_centre(state, fleet.hex)
    way = bearing(x - start_x, y - start_y)
    ends = [(pose, steps) for pose, steps in ordinary_moves(state, tables, fleet).items()
            if pose.hex == goal]
    if ends:
        _, steps = min(ends, key=lambda end: (abs(signed_angle(60.0 * end[0].facing - way)),
                                              len(end[1])))
        return Move(fleet.id, steps)
    return Move(fleet.id, _straightest(state, fleet, goal))


def _straightest(state: ArmadaState, fleet: Fleet, goal: Hex) -> str:
    """Steps ahead while that nears ``goal``, else a turn towards it."""
    pose, steps = fleet.pose, ""
    goal_x, goal_y = hex_centre(state, goal)
    while pose.hex != goal and len(steps) < WALK_LIMIT:
        if pose.forward().hex.distance(goal) < pose.hex.distance(goal):
            pose, steps = pose.forward(), steps + "F"
            continue
        here_x, here_y = hex_centre(state, pose.hex)
        off = signed_angle(bearing(goal_x - here_x, goal_y - here_y) - 60.0 * pose.facing)
        pose, steps = pose.turned(1 if off > 0 else -1), steps + ("R" if off > 0 else "L")
    return steps
