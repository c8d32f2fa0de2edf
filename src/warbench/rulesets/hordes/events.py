"""What happens in a HORDES game, as typed events (damage and losses also as the core's
``UnitDamaged`` / ``UnitDestroyed``)."""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.events import Event


@dataclass(frozen=True, slots=True)
class TurnBegins(Event, tag="hordes_turn"):
    player: int
    round: int


@dataclass(frozen=True, slots=True)
class FuryChanged(Event, tag="hordes_fury"):
    """Fury moved: ``reason`` is force, rile, leach, spend, reave, upkeep, clear or cap."""

    model: int
    fury: int
    reason: str


@dataclass(frozen=True, slots=True)
class Threshold(Event, tag="hordes_threshold"):
    model: int
    total: int
    thr: int
    frenzy: bool


@dataclass(frozen=True, slots=True)
class Moved(Event, tag="hordes_moved"):
    model: int
    x: float
    y: float
    heading: float
    how: str


@dataclass(frozen=True, slots=True)
class AttackRolled(Event, tag="hordes_attack"):
    attacker: int
    target: int
    style: str
    total: int
    needed: int
    hit: bool
    critical: bool
    weapon: str = ""  # the weapon's, spell's or power attack's name ("": not recorded)


@dataclass(frozen=True, slots=True)
class DamageRolled(Event, tag="hordes_damage"):
    target: int
    total: int
    arm: int
    boxes: int
    attacker: int = -1  # the model rolling it (-1: unknown)


@dataclass(frozen=True, slots=True)
class KnockedDown(Event, tag="hordes_knocked_down"):
    model: int
    down: bool


@dataclass(frozen=True, slots=True)
class Cripple(Event, tag="hordes_crippled"):
    model: int
    aspect: str


@dataclass(frozen=True, slots=True)
class SpellEffect(Event, tag="hordes_spell"):
    caster: int
    spell: str
    target: int


@dataclass(frozen=True, slots=True)
class Healed(Event, tag="hordes_healed"):
    model: int
    amount: int


EVENT_TYPES: tuple[type[Event], ...] = (
    TurnBegins,
    FuryChanged,
    Threshold,
    Moved,
    AttackRolled,
    DamageRolled,
    KnockedDown,
    Cripple,
    SpellEffect,
    Healed,
)
