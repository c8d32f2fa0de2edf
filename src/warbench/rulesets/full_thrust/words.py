"""Full Thrust's options in words: ships, systems, fighter groups and salvos by name.

What the web table shows on each option's button, and any other reader of
``Ruleset.action_text``: a ship by its name, a system by its label (numbered where a
design has several alike, as ``K2 gun 2``), a fighter group by its board label (name and
fighters left), a target with its distance.

>>> from warbench.rulesets.full_thrust.library import load_library
>>> cls = load_library().designs["drakhan"]
>>> system_name(cls, 5), system_name(cls, 6), system_name(cls, 0)
('K2 gun 1', 'K2 gun 2', 'main drive')
"""

from __future__ import annotations

import math

from warbench.core.actions import Action
from warbench.core.preview import action_words
from warbench.rulesets.full_thrust.actions import (
    AssignWeapon,
    ChooseRole,
    DeclareTarget,
    Dodge,
    FireShip,
    WriteOrders,
)
from warbench.rulesets.full_thrust.declarations import FIGHTERS, SHIP
from warbench.rulesets.full_thrust.library import Library, ShipClass
from warbench.rulesets.full_thrust.orders import describe_order
from warbench.rulesets.full_thrust.state import FullThrustState, Order, Ship


def system_name(cls: ShipClass, index: int) -> str:
    """A system's label, numbered among the systems of its design labelled alike."""
    systems = cls.systems
    if not 0 <= index < len(systems):
        return f"system {index}"
    label = systems[index].label
    alike = [number for number, spec in enumerate(systems) if spec.label == label]
    return label if len(alike) == 1 else f"{label} {alike.index(index) + 1}"


def group_name(state: FullThrustState, group: int) -> str:
    """A fighter group as the board labels it: its name and the fighters left."""
    if not 0 <= group < len(state.groups):
        return f"group {group}"
    found = state.groups[group]
    return f"{found.name} ({found.count})"


def target_name(state: FullThrustState, kind: str, target: int) -> str:
    """A ship or a fighter group aimed at, by name."""
    if kind == SHIP and 0 <= target < len(state.ships):
        return state.ships[target].name
    if kind == FIGHTERS:
        return group_name(state, target)
    return f"{kind} {target}"


def _distance(ship: Ship, state: FullThrustState, kind: str, target: int) -> str:
    """`` (12.3 MU)``: how far a target is from ``ship`` ('' when it is unknown)."""
    if kind == SHIP and 0 <= target < len(state.ships):
        other = state.ships[target]
        return f" ({math.hypot(other.x - ship.x, other.y - ship.y):.1f} MU)"
    if kind == FIGHTERS and 0 <= target < len(state.groups):
        group = state.groups[target]
        return f" ({math.hypot(group.x - ship.x, group.y - ship.y):.1f} MU)"
    return ""


def action_text(state: FullThrustState, lib: Library, action: Action) -> str:
    """``action`` in words (:func:`~warbench.core.preview.action_words` for one this
    module does not name)."""
    ships = state.ships
    ship_field = getattr(action, "ship", None)
    if isinstance(ship_field, int) and not 0 <= ship_field < len(ships):
        return action_words(action)
    if isinstance(action, WriteOrders):
        ship = ships[action.ship]
        order = Order(action.speed, action.turn, side=action.side, retro=action.retro,
                      burn_before_turn=action.burn_before_turn,
                      push_before_turn=action.push_before_turn,
                      shroud=action.shroud, power_screens=action.screens,
                      power_attack=action.attack)
        return f"{ship.name}: {describe_order(state.movement, ship.speed, order)}"
    if isinstance(action, FireShip):
        return f"{ships[action.ship].name} fires next"
    if isinstance(action, DeclareTarget):
        ship = ships[action.ship]
        control = system_name(lib.designs[ship.design], action.control)
        if action.target < 0:
            return f"{ship.name}: {control} locks on nothing"
        where = _distance(ship, state, action.kind, action.target)
        return f"{ship.name}: {control} locks on " \
            f"{target_name(state, action.kind, action.target)}{where}"
    if isinstance(action, AssignWeapon):
        ship = ships[action.ship]
        weapon = system_name(lib.designs[ship.design], action.system)
        if action.target < 0:
            return f"{ship.name}: {weapon} holds fire"
        where = _distance(ship, state, action.kind, action.target)
        return f"{ship.name}: {weapon} fires at " \
            f"{target_name(state, action.kind, action.target)}{where}"
    groups = state.groups
    if isinstance(action, Dodge) and 0 <= action.group < len(groups):
        group = groups[action.group].name
        if action.spend:
            return f"{group} spends an endurance point to dodge the hit"
        return f"{group} takes the hit (loses a fighter)"
    if isinstance(action, ChooseRole) and 0 <= action.group < len(groups):
        return f"{groups[action.group].name} fights as {action.role} fighters this turn"
    return action_words(action)
