"""The events of an Armada battle: one registered, frozen dataclass per kind of happening.

Fleets and officers are named by their index in the state (``fleet``, ``officer``); the
narration is in ``text``. Hull damage and lost fleets are also reported with the core's
:class:`~warbench.core.events.UnitDamaged` and :class:`~warbench.core.events.UnitDestroyed`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from warbench.core.events import Event


@dataclass(frozen=True, slots=True)
class RoundBegins(Event, tag="round"):
    """A new round begins."""

    round: int


@dataclass(frozen=True, slots=True)
class Deployed(Event, tag="deployed"):
    """The armadas deploy ``distance`` hexes apart; ``positions``: fleet to [q, r, facing]."""

    distance: int
    positions: dict[int, tuple[int, int, int]]


@dataclass(frozen=True, slots=True)
class Initiative(Event, tag="initiative"):
    """The helm phase's movement order, sides first to last."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HelmChecked(Event, tag="helm-check"):
    """Side ``side``'s helm check came to ``total`` (its d20, or d6 with no admiral, is the
    ``natural``); told to that side alone (the admiral's bonus is the enemy's to learn by a
    scan, ARM-OFF-SCAN)."""

    side: int
    natural: int
    total: int


@dataclass(frozen=True, slots=True)
class HelmTied(Event, tag="helm-tie"):
    """The helm checks of ``sides`` tied: they check again (ARM-HELM-TIES). Public; the
    totals are not (each side hears its own, :class:`HelmChecked`)."""

    sides: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ShieldsRegained(Event, tag="shields"):
    """A fleet regains shield points in engineering (``shields``: now)."""

    fleet: int
    shields: int


@dataclass(frozen=True, slots=True)
class Drifted(Event, tag="drift"):
    """A disabled fleet drifts ahead to ``to`` (q, r)."""

    fleet: int
    to: tuple[int, int]


@dataclass(frozen=True, slots=True)
class StuntFailed(Event, tag="stunt_failed"):
    """A stunt's piloting check failed."""

    fleet: int
    check: int
    dc: int


@dataclass(frozen=True, slots=True)
class Moved(Event, tag="moved"):
    """A fleet moved to ``to`` (q, r, facing), with a stunt if ``stunt`` is set."""

    fleet: int
    to: tuple[int, int, int]
    stunt: str = ""


@dataclass(frozen=True, slots=True)
class Boarders(Event, tag="boarders"):
    """Boarders cross to ``target``, strike it for ``damage``, or (no damage) are captured."""

    fleet: int
    target: int
    damage: int | None = None


@dataclass(frozen=True, slots=True)
class Missed(Event, tag="miss"):
    """A gunnery check that missed: the natural d20, the check and the AC; the firing arc
    it went through (``""``: any, at 1 hex), its range band and that band's reach in hexes
    (beyond the first number, out to the second)."""

    attacker: int
    target: int
    natural: int
    check: int
    ac: int
    arc: str = ""
    band: str = "close"
    hexes: tuple[int, int] = (0, 1)


@dataclass(frozen=True, slots=True)
class Hit(Event, tag="hit"):
    """A gunnery check that hit, and the damage rolled (landing later in gunnery); the arc
    and band as for :class:`Missed`."""

    attacker: int
    target: int
    natural: int
    check: int
    ac: int
    damage: int
    arc: str = ""
    band: str = "close"
    hexes: tuple[int, int] = (0, 1)


@dataclass(frozen=True, slots=True)
class DebrisStrikes(Event, tag="debris"):
    """A fleet ends its move in conjured debris and takes ``damage``."""

    fleet: int
    damage: int


@dataclass(frozen=True, slots=True)
class MinesLaid(Event, tag="mines"):
    """A fleet lays gravity mines in ``hexes`` (q, r)."""

    fleet: int
    hexes: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class HeldFire(Event, tag="hold_fire"):
    """A fleet holds its fire this gunnery phase."""

    fleet: int


@dataclass(frozen=True, slots=True)
class MineShot(Event, tag="mine_shot"):
    """An attack on the gravity mine ``mine`` (``damage`` 0 on a miss)."""

    attacker: int
    mine: int
    damage: int


@dataclass(frozen=True, slots=True)
class Damaged(Event, tag="damage"):
    """Damage lands on a fleet: its shields and hull after it."""

    fleet: int
    shields: int
    hull: int


@dataclass(frozen=True, slots=True)
class Destroyed(Event, tag="destroyed"):
    """A fleet is destroyed."""

    fleet: int


@dataclass(frozen=True, slots=True)
class Disabled(Event, tag="disabled"):
    """A fleet is disabled (by damage, or after fleeing too long)."""

    fleet: int


@dataclass(frozen=True, slots=True)
class MineDestroyed(Event, tag="mine_destroyed"):
    """The gravity mine at ``hex`` (q, r) is destroyed."""

    hex: tuple[int, int]


@dataclass(frozen=True, slots=True)
class SelfDestructed(Event, tag="self_destruct"):
    """A disabled fleet self-destructs (``destroyed``), attacking ``target`` if a fleet was
    next to it, or stays adrift."""

    fleet: int
    target: int | None = None
    destroyed: bool = False


@dataclass(frozen=True, slots=True)
class Duel(Event, tag="duel"):
    """A won duel cuts ``fleet``'s communications or incapacitates one of its officers."""

    fleet: int


@dataclass(frozen=True, slots=True)
class Critical(Event, tag="critical"):
    """A fleet suffers critical damage to ``condition``."""

    fleet: int
    condition: str


@dataclass(frozen=True, slots=True)
class MoraleTested(Event, tag="morale"):
    """A morale check (or a rally's) against ``dc``, and the fleet's morale after it."""

    fleet: int
    check: int
    dc: int
    morale: str


@dataclass(frozen=True, slots=True)
class Experience(Event, tag="experience"):
    """The XP ``side`` earns for defeating ``enemy``, shared by its officers."""

    side: int
    enemy: int
    difficulty: str
    challenge_rating: int
    xp: int
    officers: int
    xp_each: int


@dataclass(frozen=True, slots=True)
class OrderChecked(Event, tag="order"):
    """An officer's order check against its DC or AC."""

    officer: int
    order: str
    check: int
    dc: int


@dataclass(frozen=True, slots=True)
class RoleChanged(Event, tag="role"):
    """An officer takes up a new role."""

    officer: int
    role: str


@dataclass(frozen=True, slots=True)
class OrderEffect(Event, tag="order_effect"):
    """What an order did: the fleet it affected, a fleet it aimed at, a hex, a choice."""

    fleet: int | None = None
    target: int | None = None
    hex: tuple[int, int] | None = None
    boost: str | None = None
    condition: str | None = None


@dataclass(frozen=True, slots=True)
class Scanned(Event, tag="scan"):
    """A scan: what the scanning armada (alone) learns about ``fleet``."""

    fleet: int
    learned: tuple[str, ...]
    statistics: dict[str, Any] | None = None
    abilities: tuple[str, ...] | None = None
    officers: tuple[tuple[str, str], ...] | None = None
    #: With its abilities: the fleet classes it is strong against, and those strong against it.
    strong_against: tuple[str, ...] | None = None
    weak_against: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class ResolveSpent(Event, tag="resolve_spent"):
    """Officer ``officer`` spends a resolve point on a check of ``fleet`` rolled between
    decisions: its d20 rolls twice, the better kept."""

    officer: int
    fleet: int


EVENT_TYPES: tuple[type[Event], ...] = (
    RoundBegins, Deployed, Initiative, HelmChecked, HelmTied, ShieldsRegained, Drifted,
    StuntFailed, Moved, Boarders,
    Missed, Hit, DebrisStrikes, MinesLaid, HeldFire, MineShot, Damaged, Destroyed, Disabled,
    MineDestroyed, SelfDestructed, Duel, Critical, MoraleTested, Experience, OrderChecked,
    RoleChanged, OrderEffect, Scanned, ResolveSpent,
)
