"""Boarding events: assaults declared, boarders shot, melee rounds, boarders lost,
captures, and boardings that carry on into later activations."""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.events import Event


@dataclass(frozen=True, slots=True)
class BoardingDeclared(Event, tag="boarding_declared"):
    """``model`` sends ``ap`` assault points to board ``target``."""

    model: int
    target: int
    ap: int


@dataclass(frozen=True, slots=True)
class BoardingRepelled(Event, tag="boarding_repelled"):
    """The boarders never reached ``target``."""

    target: int


@dataclass(frozen=True, slots=True)
class BoardersShot(Event, tag="boarders_shot"):
    """``killed`` boarding points fell to the defenders' fire."""

    killed: int


@dataclass(frozen=True, slots=True)
class Melee(Event, tag="melee"):
    """Boarding ``target``: the boarders scored ``hits``, the defenders ``answer``."""

    target: int
    hits: int
    answer: int


@dataclass(frozen=True, slots=True)
class BoardersLost(Event, tag="boarders_lost"):
    """The melee left none of the boarders of ``target``, and ``defenders`` assault points
    of its crew: the assault failed (none left on either side: nobody takes it)."""

    target: int
    defenders: int


@dataclass(frozen=True, slots=True)
class Prize(Event, tag="prize"):
    """``model`` is held as a prize by ``ap`` assault points."""

    model: int
    ap: int


@dataclass(frozen=True, slots=True)
class Derelict(Event, tag="derelict"):
    """``model`` is left a derelict."""

    model: int


@dataclass(frozen=True, slots=True)
class BoardingGoesOn(Event, tag="boarding_goes_on"):
    """Neither side of the boarding of ``target`` is wiped out: ``boarders`` assault points
    stay locked aboard it against ``defenders``, for another round later."""

    target: int
    boarders: int
    defenders: int



@dataclass(frozen=True, slots=True)
class BoardingReinforced(Event, tag="boarding_reinforced"):
    """``model`` sent ``ap`` assault points aboard ``target``, a friendly model being
    boarded, to join its defenders."""

    model: int
    target: int
    ap: int
