"""Events of the alien races' own systems: Phalon shrouds and plasma bolts, Sa'Vasku power.

Registered with the others in :data:`warbench.rulesets.full_thrust.events.EVENT_TYPES`.
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.events import Event


@dataclass(frozen=True, slots=True)
class ShroudRaised(Event, tag="shroud_raised"):
    """A Phalon ship's written orders, revealed, raise its vapour shroud this turn."""

    ship: int


@dataclass(frozen=True, slots=True)
class BoltPlaced(Event, tag="bolt_placed"):
    """A plasma bolt launcher placed a bolt of ``strength`` dice at ``(x, y)``."""

    ship: int
    bolt: int
    x: float
    y: float
    strength: int


@dataclass(frozen=True, slots=True)
class BoltWeakened(Event, tag="bolt_weakened"):
    """Point defence took ``hits`` off a plasma bolt's strength."""

    bolt: int
    hits: int
    left: int


@dataclass(frozen=True, slots=True)
class PlasmaStrike(Event, tag="plasma_strike"):
    """A plasma bolt struck a ship within its burst."""

    bolt: int
    ship: int
    damage: int


@dataclass(frozen=True, slots=True)
class PowerAllocated(Event, tag="power_allocated"):
    """A Sa'Vasku ship's power shares, revealed with its orders."""

    ship: int
    screens: int
    attack: int
    repair: int = 0


ALIEN_EVENT_TYPES: tuple[type[Event], ...] = (
    ShroudRaised,
    BoltPlaced,
    BoltWeakened,
    PlasmaStrike,
    PowerAllocated,
)
