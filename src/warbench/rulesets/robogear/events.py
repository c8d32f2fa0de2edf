"""What happens in a ROBOGEAR battle, as registered events (the narrator reads ``text``).

Damage and losses are also emitted as the core's ``UnitDamaged`` and ``UnitDestroyed``,
which simulation tables read.
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.events import Event


@dataclass(frozen=True, slots=True)
class EdgeChosen(Event, tag="rg-edge-chosen"):
    player: int
    edge: str


@dataclass(frozen=True, slots=True)
class EdgeOrder(Event, tag="rg-edge-order"):
    """The edge roll-off's result: who chooses an edge first, and after whom."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Initiative(Event, tag="rg-initiative"):
    round: int
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TurnBegins(Event, tag="rg-turn-begins"):
    player: int
    element: int


@dataclass(frozen=True, slots=True)
class Moved(Event, tag="rg-moved"):
    unit: int
    x: float
    y: float
    facing: float
    cost: int


@dataclass(frozen=True, slots=True)
class ShotResolved(Event, tag="rg-shot"):
    unit: int
    target: int
    weapon: str
    accuracy: int
    defence: int
    hit: bool


@dataclass(frozen=True, slots=True)
class BlastLanded(Event, tag="rg-blast"):
    unit: int
    x: float
    y: float
    scattered: float
    hits: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Damaged(Event, tag="rg-damaged"):
    unit: int
    amount: int
    level: int
    section: int


@dataclass(frozen=True, slots=True)
class Destroyed(Event, tag="rg-destroyed"):
    unit: int


@dataclass(frozen=True, slots=True)
class TokenPlaced(Event, tag="rg-token"):
    unit: int
    token: str


@dataclass(frozen=True, slots=True)
class PilotHit(Event, tag="rg-pilot-hit"):
    unit: int
    lives: int


@dataclass(frozen=True, slots=True)
class Rammed(Event, tag="rg-rammed"):
    unit: int
    target: int
    power: int
    target_power: int


@dataclass(frozen=True, slots=True)
class RanOver(Event, tag="rg-ran-over"):
    unit: int
    target: int
    escaped: bool


@dataclass(frozen=True, slots=True)
class Fought(Event, tag="rg-fought"):
    unit: int
    target: int
    total: int
    target_total: int


@dataclass(frozen=True, slots=True)
class Healed(Event, tag="rg-healed"):
    unit: int
    target: int
    done: bool


@dataclass(frozen=True, slots=True)
class Boarded(Event, tag="rg-boarded"):
    unit: int
    machine: int
    aboard: bool


@dataclass(frozen=True, slots=True)
class Occupied(Event, tag="rg-occupied"):
    unit: int
    building: int
    inside: bool


@dataclass(frozen=True, slots=True)
class Deployed(Event, tag="rg-deployed"):
    unit: int
    x: float
    y: float


EVENT_TYPES: tuple[type[Event], ...] = (
    EdgeChosen, EdgeOrder, Initiative, TurnBegins, Moved, ShotResolved, BlastLanded, Damaged,
    Destroyed, TokenPlaced, PilotHit, Rammed, RanOver, Fought, Healed, Boarded, Occupied,
    Deployed,
)
