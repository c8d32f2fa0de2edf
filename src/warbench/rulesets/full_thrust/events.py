"""The events of a Full Thrust battle: one registered dataclass per kind of happening.

Each is a frozen :class:`~warbench.core.events.Event` whose tag is the kind journals and
logs have always named it by; ``text`` carries the narrator's line. Damage to a ship is also
told with the core's :class:`~warbench.core.events.UnitDamaged` and
:class:`~warbench.core.events.UnitDestroyed`, which simulation tallies read.
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.events import Event
from warbench.rulesets.full_thrust.events_alien import ALIEN_EVENT_TYPES


@dataclass(frozen=True, slots=True)
class PhaseBegan(Event, tag="phase"):
    """A phase of the turn began (FT-SEQ-PHASES)."""

    turn: int
    phase: int

@dataclass(frozen=True, slots=True)
class OrdersWritten(Event, tag="orders_written"):
    """A ship's orders were written (everyone sees that, not what)."""

    ship: int
    player: int

@dataclass(frozen=True, slots=True)
class OwnOrders(Event, tag="own_orders"):
    """The orders a player wrote for a ship (only that player sees them)."""

    ship: int
    speed: int
    turn: int
    shroud: bool = False
    screens: int = 0
    attack: int = 0
    repair: int = 0

@dataclass(frozen=True, slots=True)
class InitiativeRolled(Event, tag="initiative"):
    """The initiative order of the turn, the winner first."""

    order: tuple[int, ...]

@dataclass(frozen=True, slots=True)
class OrdersRevealed(Event, tag="orders_revealed"):
    """Every written order revealed at once: ship id to (speed change, turn)."""

    orders: dict[str, tuple[int, int]]

@dataclass(frozen=True, slots=True)
class ShipMoved(Event, tag="ship_moved"):
    """A ship moved by its orders."""

    ship: int
    x: float
    y: float
    facing: int
    speed: int

@dataclass(frozen=True, slots=True)
class GroupLaunched(Event, tag="launch"):
    """A carrier launched a fighter group."""

    group: int
    ship: int

@dataclass(frozen=True, slots=True)
class GroupsMerged(Event, tag="merge"):
    """A fighter group merged into another."""

    group: int
    into: int

@dataclass(frozen=True, slots=True)
class GroupMoved(Event, tag="group_moved"):
    """A fighter group moved."""

    group: int
    x: float
    y: float

@dataclass(frozen=True, slots=True)
class GroupScreening(Event, tag="screen"):
    """A fighter group began screening a ship."""

    group: int
    ship: int

@dataclass(frozen=True, slots=True)
class GroupLanded(Event, tag="land"):
    """A fighter group landed on a carrier."""

    group: int
    ship: int

@dataclass(frozen=True, slots=True)
class GroupJumpedOut(Event, tag="jump_out"):
    """A fighter group jumped out of the battle."""

    group: int

@dataclass(frozen=True, slots=True)
class ScreenReleased(Event, tag="release"):
    """A fighter group stopped screening."""

    group: int

@dataclass(frozen=True, slots=True)
class GroupRearmed(Event, tag="rearm"):
    """A landed group rolled to re-arm: ready again on turn ``ready``."""

    group: int
    face: int
    ready: int

@dataclass(frozen=True, slots=True)
class SalvoLaunched(Event, tag="salvo_launched"):
    """A ship launched a salvo toward a point."""

    ship: int
    salvo: int
    x: float
    y: float

@dataclass(frozen=True, slots=True)
class SalvoHoming(Event, tag="salvo_target"):
    """A salvo homed on a ship."""

    salvo: int
    ship: int

@dataclass(frozen=True, slots=True)
class NoAttack(Event, tag="no_attack"):
    """A fighter group declared no attack."""

    group: int

@dataclass(frozen=True, slots=True)
class FighterTargetDeclared(Event, tag="fighter_target"):
    """A fighter group declared its target."""

    group: int
    target_kind: str
    target: int
    secondary: bool

@dataclass(frozen=True, slots=True)
class RoleChosen(Event, tag="role_chosen"):
    """A multi-role group's owner chose how it fights this turn."""

    group: int
    role: str

@dataclass(frozen=True, slots=True)
class Dogfight(Event, tag="dogfight"):
    """Two fighter groups dogfight."""

    groups: tuple[int, int]

@dataclass(frozen=True, slots=True)
class FightersLost(Event, tag="fighters_lost"):
    """A fighter group lost fighters; ``left`` remain."""

    group: int
    kills: int
    left: int

@dataclass(frozen=True, slots=True)
class Interception(Event, tag="interception"):
    """A fighter group shot down missiles of a salvo."""

    group: int
    salvo: int
    kills: int

@dataclass(frozen=True, slots=True)
class DefenceAllocated(Event, tag="defence_allocated"):
    """A point defence system was allocated to a threat."""

    ship: int
    system: int
    target_kind: str
    threat: int

@dataclass(frozen=True, slots=True)
class MissilesLost(Event, tag="missiles_lost"):
    """Missiles of a salvo were downed (by point defence or a plasma bolt)."""

    salvo: int
    kills: int

@dataclass(frozen=True, slots=True)
class MoraleBroken(Event, tag="morale_broken"):
    """A fighter group failed its morale test and broke off."""

    group: int
    face: int

@dataclass(frozen=True, slots=True)
class MoraleHeld(Event, tag="morale_held"):
    """A fighter group passed its morale test."""

    group: int
    face: int

@dataclass(frozen=True, slots=True)
class SalvoAttack(Event, tag="salvo_attack"):
    """Missiles of a salvo locked on a ship and struck."""

    salvo: int
    ship: int
    locks: int
    damage: int

@dataclass(frozen=True, slots=True)
class FighterAttack(Event, tag="fighter_attack"):
    """A fighter group attacked a ship."""

    group: int
    ship: int
    damage: int

@dataclass(frozen=True, slots=True)
class ShipFires(Event, tag="ship_fires"):
    """A ship opened fire (phase 9)."""

    ship: int

@dataclass(frozen=True, slots=True)
class TargetDeclared(Event, tag="target_declared"):
    """A fire control locked on a target."""

    ship: int
    target_kind: str
    target: int

@dataclass(frozen=True, slots=True)
class WeaponFired(Event, tag="weapon_fired"):
    """A weapon fired at a ship."""

    ship: int
    system: int
    target: int
    damage: int

@dataclass(frozen=True, slots=True)
class FireAtFighters(Event, tag="fire_at_fighters"):
    """A weapon fired at a fighter group (optional rule)."""

    ship: int
    group: int
    face: int

@dataclass(frozen=True, slots=True)
class ShipDamaged(Event, tag="damage"):
    """Damage a ship took: points scored, and boxes marked on armour and hull."""

    ship: int
    normal: int
    penetrating: int
    armour: int
    hull: int

@dataclass(frozen=True, slots=True)
class SystemDamaged(Event, tag="system_damaged"):
    """A system of a ship was knocked out (``level``: its damage now)."""

    ship: int
    system: int
    level: int

@dataclass(frozen=True, slots=True)
class ThresholdCheck(Event, tag="threshold"):
    """A ship checks thresholds for a row of its hull."""

    ship: int
    row: int
    bonus: int

@dataclass(frozen=True, slots=True)
class ShipDestroyed(Event, tag="destroyed"):
    """A ship was destroyed."""

    ship: int
    player: int

@dataclass(frozen=True, slots=True)
class ShipDisengaged(Event, tag="disengaged"):
    """A ship left the table and disengaged."""

    ship: int
    player: int

@dataclass(frozen=True, slots=True)
class SystemRepairRolled(Event, tag="repair"):
    """The one roll for a system worked on by ``parties`` damage control parties."""

    ship: int
    system: int
    face: int
    parties: int = 1
    need: int = 6

@dataclass(frozen=True, slots=True)
class SalvosRemoved(Event, tag="salvos_removed"):
    """Salvos that found no target were removed at the end of the turn."""

#: Every event type of the ruleset, for its codec.
EVENT_TYPES: tuple[type[Event], ...] = (
    PhaseBegan,
    OrdersWritten,
    OwnOrders,
    InitiativeRolled,
    OrdersRevealed,
    ShipMoved,
    GroupLaunched,
    GroupsMerged,
    GroupMoved,
    GroupScreening,
    GroupLanded,
    GroupJumpedOut,
    ScreenReleased,
    GroupRearmed,
    SalvoLaunched,
    SalvoHoming,
    NoAttack,
    FighterTargetDeclared,
    RoleChosen,
    Dogfight,
    FightersLost,
    Interception,
    DefenceAllocated,
    MissilesLost,
    MoraleBroken,
    MoraleHeld,
    SalvoAttack,
    FighterAttack,
    ShipFires,
    TargetDeclared,
    WeaponFired,
    FireAtFighters,
    ShipDamaged,
    SystemDamaged,
    ThresholdCheck,
    ShipDestroyed,
    ShipDisengaged,
    SystemRepairRolled,
    SalvosRemoved,
    *ALIEN_EVENT_TYPES,
)
