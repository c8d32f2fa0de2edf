"""How the admiral values a fighter group's target in phase 6 (FT-SEQ-TARGETS): a ship before
a salvo before other fighters, a damaged ship before a whole one, and a secondary move only
where it pays for its endurance point, such as a move out of point defence arcs that keeps
the pulsers watching the ship from firing at the group (FT-PH-PULSER-PD).
"""

from __future__ import annotations

from warbench.rulesets.full_thrust.actions import FighterTarget
from warbench.rulesets.full_thrust.arc_escape import dash_point, in_arcs
from warbench.rulesets.full_thrust.declarations import NONE, SALVO, SHIP
from warbench.rulesets.full_thrust.defence_reach import arc_watchers
from warbench.rulesets.full_thrust.library import Library
from warbench.rulesets.full_thrust.state import FullThrustState, Ship

#: What spending an endurance point on a secondary move costs the group, in the values'
#: scale (an attack on a ship is worth about 3).
ENDURANCE_COST = 0.5
#: What each point defence die a move keeps from firing at the group is worth: a die kills
#: about two thirds of a fighter (4-5 one, 6 two), a ninth of a group of six's attack.
DIE_KEPT_OFF = 0.35


def hull_fraction_lost(lib: Library, ship: Ship) -> float:
    """Share of the hull already gone."""
    return ship.hull_hits / lib.designs[ship.design].hull


def target_value(state: FullThrustState, lib: Library, option: FighterTarget) -> float:
    """How much the admiral wants ``option`` (the highest is chosen)."""
    if option.kind == NONE:
        return 0.0
    cost = ENDURANCE_COST if option.secondary else 0.0
    if option.kind == SHIP:
        target = state.ships[option.target]
        role = 0.3 if option.role == "attack" else 0.0
        kept_off = _dice_kept_off(state, lib, option) if option.out_of_arcs else 0
        return 3.0 + hull_fraction_lost(lib, target) + role - cost + DIE_KEPT_OFF * kept_off
    if option.kind == SALVO:
        salvo = state.salvos[option.target]
        return 1.5 + salvo.missiles / 6 - cost if salvo.target >= 0 else 0.1
    enemy = state.groups[option.target]
    attacking = 1.0 if enemy.target_kind == SHIP else 0.0
    role = 0.5 if option.role == "interceptor" else 0.0
    return 1.0 + attacking + role + enemy.count / 12 - cost


def _dice_kept_off(state: FullThrustState, lib: Library, option: FighterTarget) -> int:
    """The arc-limited point defence systems that could fire at the group where its attack
    would otherwise leave it (one die each), which the move out of their arcs avoids."""
    group = state.groups[option.group]
    target = state.ships[option.target]
    x, y = dash_point(lib, group, target.x, target.y)
    return sum(1 for watcher in arc_watchers(state, lib, target) if in_arcs([watcher], x, y))
