"""The actions a ROBOGEAR player hands to the engine.

Actions inside a turn name the ``unit`` that acts: a squad or group turns as one, and any
of its units may act, each from its own resource.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from warbench.core.actions import Action

#: The row the engine's own checks name (no such unit, not its turn, a malformed value).
ACTIONS_RULE: Final = "RG-ACTIONS"


@dataclass(frozen=True, slots=True)
class ChooseEdge(Action, tag="rg-edge"):
    """Pick the table edge the army starts from (north, east, south or west)."""

    edge: str


@dataclass(frozen=True, slots=True)
class Activate(Action, tag="rg-activate"):
    """Give the turn to one of your squads or groups that has not had it this round."""

    element: int


@dataclass(frozen=True, slots=True)
class EndTurn(Action, tag="rg-end-turn"):
    """End the current turn; resource not spent is lost."""


@dataclass(frozen=True, slots=True)
class Move(Action, tag="rg-move"):
    """Move ``unit`` straight along ``heading`` (degrees, 0 up the table) for ``distance``."""

    unit: int
    heading: float
    distance: float


@dataclass(frozen=True, slots=True)
class Turn(Action, tag="rg-turn"):
    """Turn ``unit`` on the spot to ``facing`` (degrees)."""

    unit: int
    facing: float


@dataclass(frozen=True, slots=True)
class Deploy(Action, tag="rg-deploy"):
    """Place an infiltrating trooper out of every enemy's sight."""

    unit: int
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Shoot(Action, tag="rg-shoot"):
    """Fire weapon ``weapon`` of ``unit`` at ``target`` (its pilot if ``at_pilot``);
    ``indirect``: a lobbing gun lobs its shell, at a target it sees or one a spotter sees."""

    unit: int
    weapon: int
    target: int
    at_pilot: bool = False
    indirect: bool = False


@dataclass(frozen=True, slots=True)
class Throw(Action, tag="rg-throw"):
    """Throw a hand grenade at ``target``."""

    unit: int
    target: int


@dataclass(frozen=True, slots=True)
class Ram(Action, tag="rg-ram"):
    """Drive ``unit`` straight into enemy machine ``target``."""

    unit: int
    target: int


@dataclass(frozen=True, slots=True)
class RunOver(Action, tag="rg-run-over"):
    """Drive ground machine ``unit`` onto trooper ``target``."""

    unit: int
    target: int


@dataclass(frozen=True, slots=True)
class Melee(Action, tag="rg-melee"):
    """Trooper ``unit`` fights trooper ``target``, base to base."""

    unit: int
    target: int


@dataclass(frozen=True, slots=True)
class Heal(Action, tag="rg-heal"):
    """Medic ``unit`` starts treating ``target`` (done at the medic's next turn)."""

    unit: int
    target: int


@dataclass(frozen=True, slots=True)
class Board(Action, tag="rg-board"):
    """Trooper ``unit`` climbs into ``machine``: a carrier's hold or an empty driver's seat."""

    unit: int
    machine: int


@dataclass(frozen=True, slots=True)
class Disembark(Action, tag="rg-disembark"):
    """Trooper ``unit`` leaves its carrier by the nearest free spot at its door."""

    unit: int


@dataclass(frozen=True, slots=True)
class Enter(Action, tag="rg-enter"):
    """Trooper ``unit``, touching building ``building`` (its terrain index), takes a free
    firing slot inside."""

    unit: int
    building: int


@dataclass(frozen=True, slots=True)
class Leave(Action, tag="rg-leave"):
    """Trooper ``unit`` steps out of its building beside its firing slot."""

    unit: int


@dataclass(frozen=True, slots=True)
class Regroup(Action, tag="rg-regroup"):
    """At the start of a round: the squad of element ``join`` joins element ``into`` (a
    squad or a group), or group ``disband`` breaks up; with neither, pass."""

    join: int = -1
    into: int = -1
    disband: int = -1


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseEdge, Activate, EndTurn, Move, Turn, Deploy, Shoot, Throw, Ram, RunOver, Melee,
    Heal, Board, Disembark, Enter, Leave, Regroup,
)
