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
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from warbench.core.actions import Action
from warbench.core.preview import action_words, unnamed
from warbench.core.words import possessive
from warbench.rulesets.full_thrust.actions import (
    AssignWeapon,
    ChooseRole,
    ChooseSystem,
    DeclareTarget,
    DefenceDone,
    DefendWith,
    Dodge,
    FighterTarget,
    FireShip,
    HoldSalvos,
    JumpOut,
    KeepScreening,
    LandGroup,
    Launch,
    LaunchesDone,
    LaunchSalvo,
    MergeGroups,
    MoveGroup,
    Repair,
    SalvoTarget,
    ScreenShip,
    WriteOrders,
)
from warbench.rulesets.full_thrust.arc_escape import escape_point
from warbench.rulesets.full_thrust.damage import DRIVE_WRECKED, thrust_of
from warbench.rulesets.full_thrust.declarations import FIGHTERS, SALVO, SHIP
from warbench.rulesets.full_thrust.defence import PLASMA
from warbench.rulesets.full_thrust.fighters import APPROACH_GAP, group_reach, toward
from warbench.rulesets.full_thrust.library import Library, ShipClass
from warbench.rulesets.full_thrust.movement import VECTOR, turn_allowance
from warbench.rulesets.full_thrust.names import group_label, ship_label, ship_labels
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
    return f"{group_label(state, found)} ({found.count})"


def target_name(state: FullThrustState, kind: str, target: int) -> str:
    """A ship, fighter group, salvo or plasma bolt aimed at, by name."""
    if kind == FIGHTERS:
        return group_name(state, target)
    return _named_target(state, kind, target) or f"{kind} {target}"


def _named_target(state: FullThrustState, kind: str, target: int) -> str | None:
    """:func:`target_name`, or ``None`` where ``target`` is no such thing on the table."""
    if kind == SHIP and 0 <= target < len(state.ships):
        return ship_labels(state.ships)[target]
    if kind == FIGHTERS and 0 <= target < len(state.groups):
        return group_name(state, target)
    if kind == SALVO and 0 <= target < len(state.salvos):
        return f"salvo {target} ({state.salvos[target].missiles} missiles)"
    if kind == PLASMA and 0 <= target < len(state.bolts):
        return f"plasma bolt {target} (strength {state.bolts[target].strength})"
    return None


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
        text = f"{ship_label(state, ship)}: {describe_order(state.movement, ship.speed, order)}"
        if ship.damage[0]:  # why the orders offered are so few
            text += f" ({drive_words(lib.designs[ship.design], ship)})"
        return text
    if isinstance(action, FireShip):
        return f"{ship_labels(ships)[action.ship]} fires next"
    if isinstance(action, DeclareTarget):
        ship = ships[action.ship]
        control = system_name(lib.designs[ship.design], action.control)
        if action.target < 0:
            return f"{ship_label(state, ship)}: {control} locks on nothing"
        where = _distance(ship, state, action.kind, action.target)
        return f"{ship_label(state, ship)}: {control} locks on " \
            f"{target_name(state, action.kind, action.target)}{where}"
    if isinstance(action, AssignWeapon):
        ship = ships[action.ship]
        weapon = system_name(lib.designs[ship.design], action.system)
        if action.target < 0:
            return f"{ship_label(state, ship)}: {weapon} holds fire"
        where = _distance(ship, state, action.kind, action.target)
        return f"{ship_label(state, ship)}: {weapon} fires at " \
            f"{target_name(state, action.kind, action.target)}{where}"
    if isinstance(action, DefendWith | ChooseSystem | Repair | LaunchSalvo):
        return _system_text(state, lib, action)
    if isinstance(action, LaunchesDone):
        return f"{ship_labels(ships)[action.ship]}: launch no more fighter groups this turn"
    if isinstance(action, HoldSalvos):
        return f"{ship_labels(ships)[action.ship]} launches no more salvos this turn"
    if isinstance(action, DefenceDone):
        return "no more point defence this turn"
    if isinstance(action, SalvoTarget):
        return f"{target_name(state, SALVO, action.salvo)} strikes " \
            f"{target_name(state, SHIP, action.ship)}"
    groups = state.groups
    group_field = getattr(action, "group", None)
    if isinstance(group_field, int) and not 0 <= group_field < len(groups):
        return action_words(action)
    if isinstance(action, Launch | MergeGroups | MoveGroup | ScreenShip | LandGroup
                  | KeepScreening | JumpOut | FighterTarget):
        return _group_text(state, lib, action)
    if isinstance(action, Dodge) and 0 <= action.group < len(groups):
        group = group_label(state, groups[action.group])
        if action.spend:
            return f"{group} spends an endurance point to dodge the hit"
        return f"{group} takes the hit (loses a fighter)"
    if isinstance(action, ChooseRole) and 0 <= action.group < len(groups):
        group = group_label(state, groups[action.group])
        return f"{group} fights as {action.role} fighters this turn"
    return action_words(action)


def _system_text(
    state: FullThrustState, lib: Library,
    action: DefendWith | ChooseSystem | Repair | LaunchSalvo,
) -> str:
    """A choice of one of a ship's systems, in words."""
    ship = state.ships[action.ship]
    system = system_name(lib.designs[ship.design], action.system)
    if isinstance(action, DefendWith):
        threat = target_name(state, action.kind, action.threat)
        aimed = _threat_aim(state, action.kind, action.threat)
        return f"{possessive(ship_label(state, ship))} {system} fires at {threat}{aimed}"
    if isinstance(action, ChooseSystem):
        return f"the needle beam knocks out {possessive(ship_label(state, ship))} {system}"
    if isinstance(action, Repair):
        if action.system < 0:
            return f"{possessive(ship_label(state, ship))} damage control stands down"
        return f"{possessive(ship_label(state, ship))} damage control works on the {system}"
    distance = math.hypot(action.x - ship.x, action.y - ship.y)
    return f"{possessive(ship_label(state, ship))} {system} places its marker at " \
        f"({action.x:.1f}, {action.y:.1f}), {distance:.1f} MU away"


def _threat_aim(state: FullThrustState, kind: str, threat: int) -> str:
    """`` attacking Bulwark``: the ship a fighter group or salvo is about to attack."""
    target = -1
    if kind == FIGHTERS and 0 <= threat < len(state.groups):
        target = state.groups[threat].target
    elif kind == SALVO and 0 <= threat < len(state.salvos):
        target = state.salvos[threat].target
    if 0 <= target < len(state.ships):
        return f" attacking {ship_labels(state.ships)[target]}"
    return ""


def _group_text(
    state: FullThrustState, lib: Library,
    action: Launch | MergeGroups | MoveGroup | ScreenShip | LandGroup | KeepScreening
    | JumpOut | FighterTarget,
) -> str:
    """A fighter group's choice, in words."""
    group = state.groups[action.group]
    name = group_name(state, action.group)
    if isinstance(action, Launch):
        carrier = ship_labels(state.ships)[group.carrier] if 0 <= group.carrier < len(state.ships) \
            else "its carrier"
        return f"{carrier} launches {name}: {lib.fighters[group.kind].name.lower()}"
    if isinstance(action, MergeGroups):
        return f"merge {name} into {group_name(state, action.into)}"
    if isinstance(action, MoveGroup):
        return _move_text(state, lib, action)
    if isinstance(action, ScreenShip | LandGroup):
        ship = target_name(state, SHIP, action.ship)
        return f"{name} screens {ship}" if isinstance(action, ScreenShip) \
            else f"{name} lands on {ship}"
    if isinstance(action, KeepScreening):
        ship = target_name(state, SHIP, group.screening)
        return f"{name} stops screening {ship}" if action.release \
            else f"{name} keeps screening {ship}"
    if isinstance(action, JumpOut):
        return f"{name} jumps out of the battle on its own drive"
    if action.kind == "none" or action.target < 0:
        return f"{name} attacks nothing this turn"
    verb = {FIGHTERS: "dogfights", SALVO: "intercepts"}.get(action.kind, "attacks")
    text = f"{name} {verb} {target_name(state, action.kind, action.target)}"
    if action.role:
        text += f" as {action.role} fighters"
    if action.out_of_arcs and action.kind == SHIP and 0 <= action.target < len(state.ships):
        place = escape_point(state, lib, group, state.ships[action.target])
        where = f", to ({place[0]:.1f}, {place[1]:.1f})" if place else ""
        text += f", after a secondary move out of the point defence arcs{where} " \
            "(an endurance point)"
    elif action.secondary:
        text += ", after a secondary move (an endurance point)"
    return text


def _move_text(state: FullThrustState, lib: Library, action: MoveGroup) -> str:
    """A group's move: holding its place, closing on an enemy ship, or to a point."""
    group = state.groups[action.group]
    name = group_name(state, action.group)
    if (action.x, action.y) == (group.x, group.y):
        return f"{name} holds its place"
    reach = group_reach(state, lib, group)
    for ship in state.enemies(group.player):
        if toward(group.x, group.y, ship.x, ship.y, reach, APPROACH_GAP) == (action.x, action.y):
            return f"{name} closes on {ship_label(state, ship)}"
    distance = math.hypot(action.x - group.x, action.y - group.y)
    return f"{name} moves {distance:.1f} MU to ({action.x:.1f}, {action.y:.1f})"


def aimed_piece(state: FullThrustState, lib: Library, action: Action) -> str | None:
    """The board label of the piece ``action`` aims at: the target of a lock, a weapon, a
    salvo or a fighter group's attack, the ship a group's move closes on, the threat a
    point defence shot fires at (a click on that piece picks the option)."""
    if isinstance(action, SalvoTarget):
        kind, target = SHIP, action.ship
    elif isinstance(action, DeclareTarget | AssignWeapon | FighterTarget):
        kind, target = action.kind, action.target
    elif isinstance(action, DefendWith):
        kind, target = action.kind, action.threat
    elif isinstance(action, MoveGroup) and 0 <= action.group < len(state.groups):
        text = _move_text(state, lib, action)
        closing = " closes on "
        return text.split(closing, 1)[1] if closing in text else None
    else:
        return None
    if kind == SHIP and 0 <= target < len(state.ships):
        return ship_labels(state.ships)[target]
    if kind == FIGHTERS and 0 <= target < len(state.groups):
        return group_name(state, target)
    if kind == SALVO and 0 <= target < len(state.salvos):
        return f"salvo {target}"
    return None


def _points(turn: int, unit: str = "point") -> str:
    """``2 points to port``, ``straight on``."""
    if turn == 0:
        return "straight on"
    side = "starboard" if turn > 0 else "port"
    return f"{abs(turn)} {unit}{'s' if abs(turn) > 1 else ''} to {side}"


def drive_words(cls: ShipClass, ship: Ship) -> str:
    """The thrust a ship's drive gives now, and why it is less than the design's."""
    return _drive(thrust_of(cls, ship), ship.damage[0])


def _drive(thrust: int, damage: int) -> str:
    """:func:`drive_words` of a drive giving ``thrust`` with ``damage`` marked on it."""
    if damage >= DRIVE_WRECKED or (damage and not thrust):
        return "no thrust: the main drive is knocked out"
    if damage:
        return f"thrust {thrust}: the main drive is damaged"
    return f"thrust {thrust}"


def order_fields(
    state: FullThrustState, lib: Library, action: Action
) -> Mapping[str, tuple[str, str]]:
    """Each setting of written orders as a form lists it: its caption, with the thrust and
    the turn the ship's drive allows now (and why none), and its value in words."""
    if not isinstance(action, WriteOrders) or not 0 <= action.ship < len(state.ships):
        return {}
    ship = state.ships[action.ship]
    cls = lib.designs[ship.design]
    return _order_fields(action, state.movement, ship.speed, thrust_of(cls, ship),
                         ship.damage[0], cls.advanced)


@lru_cache(maxsize=4096)
def _order_fields(
    action: WriteOrders, movement: str, speed: int, thrust: int, damage: int, advanced: bool
) -> Mapping[str, tuple[str, str]]:
    """:func:`order_fields` of all they depend on, kept (every snapshot asks for each order
    offered; the answer is read only)."""
    drive = _drive(thrust, damage)
    allowance = turn_allowance(thrust, advanced)
    if not allowance:
        most = "none: the main drive is knocked out" if damage else "none"
    else:
        most = f"at most {allowance} point{'s' if allowance > 1 else ''}"
    after = "before the rotation", "after the rotation"
    fields = {
        "side": ("side push", _points(action.side, "MU").replace("straight on", "none")),
        "retro": ("retro push", f"{action.retro} MU astern" if action.retro else "none"),
        "burn_before_turn": ("burn", after[0] if action.burn_before_turn else after[1]),
        "push_before_turn": ("push", after[0] if action.push_before_turn else after[1]),
        "shroud": ("vapour shroud", "raised" if action.shroud else "down"),
        "screens": ("power to screens", f"{action.screens} levels"),
        "attack": ("attack power", str(action.attack)),
        "repair": ("repair power", str(action.repair)),
    }
    if movement == VECTOR:
        fields["speed"] = (f"main drive burn ({drive})", f"{action.speed} MU")
        points = f"{allowance} manoeuvre point{'s' if allowance != 1 else ''}"
        fields["turn"] = (f"rotation ({points})", _points(action.turn))
        return MappingProxyType(fields)
    change = action.speed
    after_change = speed + change
    fields["speed"] = (f"speed change ({drive})", f"no change (speed {after_change})"
                       if not change else f"{change:+d} (to {after_change})")
    fields["turn"] = (f"turn ({most})", _points(action.turn))
    return MappingProxyType(fields)


def field_value_words(
    state: FullThrustState, lib: Library, action: Action, field: str
) -> str | None:
    """A ship, system (a weapon, fire control, launcher or point defence of the action's
    ship, by its label in the design), fighter group, salvo or target named by
    ``action``'s ``field``, in words (one naming nothing on the table says so; ``None``
    for other fields)."""
    value = getattr(action, field, None)
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    ships = state.ships
    if field == "ship":
        return ship_labels(ships)[value] if 0 <= value < len(ships) else unnamed("ship", value)
    if field in ("system", "control"):
        ship = getattr(action, "ship", -1)
        if value < 0:
            return "none"
        if not isinstance(ship, int) or not 0 <= ship < len(ships):
            return unnamed("system", value, f"ship {ship} is not on the table")
        design = lib.designs[ships[ship].design]
        if not value < len(design.systems):
            return unnamed("system", value, f"not a system of {ship_labels(ships)[ship]}")
        return system_name(design, value)
    if field in ("group", "into"):
        return group_name(state, value) if 0 <= value < len(state.groups) else unnamed(
            "group", value)
    if field == "salvo":
        return _named_target(state, SALVO, value) or unnamed("salvo", value)
    if field in ("target", "threat"):
        kind = getattr(action, "kind", SHIP)
        if value < 0:
            return "none"
        return _named_target(state, kind, value) or unnamed(str(kind), value)
    return None
