"""The state of an Armada battle: fleets on the hex map, officers, sides, the round.

Everything here is plain data (ints, strings, tuples, lists), so a state copies, saves and
hashes cheaply; the rules read derived statistics from the fields copied in at set-up.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from warbench.core.hexgrid import Hex, HexPose
from warbench.core.procedures import GameState

ACTIVE, DISABLED, DESTROYED = "active", "disabled", "destroyed"
STEADY, INSPIRED, SHAKEN, ROUTED = "steady", "inspired", "shaken", "routed"

class Phase(enum.StrEnum):
    """The phase of the round (before the first round: ``SETUP``); orders name theirs."""

    SETUP = ""
    ENGINEERING = "engineering"
    HELM = "helm"
    GUNNERY = "gunnery"


#: Critical damage conditions, by d6 face (6 means roll twice).
CRITICALS = ("auxiliary", "communications", "engines", "shields", "weapons")


@dataclass(slots=True)
class Officer:
    """An officer: role, officer bonus and the fleet (id) it is assigned to; what it may
    still do (resolve points, the round of its last order) and what was done to it."""

    name: str
    side: int
    role: str
    bonus: int
    fleet: int
    ranks: int = 0
    base_attack_bonus: int = 0
    resolve: int = 0
    acted_round: int = 0
    role_round: int = 0
    jammed_round: int = -1
    incapacitated: bool = False
    taunted: list[int] = field(default_factory=list)
    dueled: int = -1

    def silenced(self, round_: int) -> bool:
        """Whether the officer gives no benefit and no order in ``round_`` (jammed that
        round, or incapacitated)."""
        return self.incapacitated or self.jammed_round == round_


@dataclass(slots=True)
class Mine:
    """A gravity mine: its hex, the side and fleet that laid it, the round it was laid,
    and the hit points it has left."""

    q: int
    r: int
    side: int
    fleet: int
    laid_round: int
    hp: int

    @property
    def hex(self) -> Hex:
        """The mine's hex."""
        return Hex(self.q, self.r)

    def active(self, round_: int, rounds: int) -> bool:
        """Whether the mine slows fleets in ``round_``: from the round after it was laid, for
        ``rounds`` rounds, while it has hit points."""
        return self.hp > 0 and self.laid_round < round_ <= self.laid_round + rounds


@dataclass(slots=True)
class Debris:
    """Conjured space debris in a hex and its neighbours until the end of the round."""

    q: int
    r: int
    damage: int

    def covers(self, hex_: Hex) -> bool:
        """Whether ``hex_`` lies in the debris (the hex or a neighbour)."""
        return Hex(self.q, self.r).distance(hex_) <= 1


@dataclass(slots=True)
class RoundEffects:
    """What orders and stunts did to a fleet this round; all of it ends with the round."""

    rally_bonus: int = 0
    encouraged: int = 0
    range_bonus: int = 0
    critical_from: int = 20
    speed_bonus: int = 0
    turn_bonus: int = 0
    regain_bonus: int = 0
    damage_bonus: int = 0
    direct_gunnery: int = 0
    direct_ac: int = 0
    locks: list[int] = field(default_factory=list)
    duel_target: int = -1
    flyby_target: int = -1
    ac_penalty: int = 0


#: The effects of a round in which nothing touched the fleet (never changed).
NO_EFFECTS = RoundEffects()


@dataclass(slots=True)
class Fleet:
    """One fleet: its derived statistics, position and everything that happened to it."""

    id: int
    side: int
    name: str
    tier: int
    size: str
    fleet_class: str
    abilities: tuple[str, ...]
    hull_points: int
    critical_threshold: int
    hull: int
    shield_max: int
    shields: int
    check_modifier: int
    damage: str
    speed: int
    turn_distance: int
    piloting_modifier: int
    range: int
    arcs: tuple[str, ...]
    cost: int
    q: int = 0
    r: int = 0
    facing: int = 0
    status: str = ACTIVE
    morale: str = STEADY
    morale_until: int = 0
    routed_round: int = 0
    morale_safe_round: int = 0
    halved: bool = False
    criticals: list[str] = field(default_factory=list)
    suppressed_ability: str = ""
    superweapon_used_round: int = -10
    rout_dc: int = 0
    effects: RoundEffects | None = None
    taunt_penalty: int = 0
    taunt_round: int = 0
    jammed_round: int = -1
    comms_until: int = -1
    repairs: list[tuple[str, int]] = field(default_factory=list)
    fleeting: list[tuple[str, int]] = field(default_factory=list)
    scanned: list[int] = field(default_factory=list)
    boarding: int = -1
    mines_laid: bool = False
    slowed_round: int = 0

    @property
    def hex(self) -> Hex:
        """The hex the fleet stands on."""
        return Hex(self.q, self.r)

    def now(self) -> RoundEffects:
        """This round's effects on the fleet, to change them (made on first use)."""
        if self.effects is None:
            self.effects = RoundEffects()
        return self.effects

    @property
    def this_round(self) -> RoundEffects:
        """This round's effects on the fleet, to read them."""
        return self.effects or NO_EFFECTS

    @property
    def pose(self) -> HexPose:
        """Hex and facing."""
        return HexPose(Hex(self.q, self.r), self.facing)

    def place(self, pose: HexPose) -> None:
        """Put the fleet on ``pose``."""
        self.q, self.r, self.facing = pose.hex.q, pose.hex.r, pose.facing

    @property
    def active(self) -> bool:
        """Neither disabled nor destroyed."""
        return self.status == ACTIVE

    def has(self, ability: str) -> bool:
        """Whether the fleet has ``ability`` and critical damage has not knocked it out."""
        if ability not in self.abilities:
            return False
        return ability != self.suppressed_ability or "auxiliary" not in self.criticals

    @property
    def hull_damage(self) -> int:
        """Damage taken to hull points so far."""
        return self.hull_points - self.hull


@dataclass(slots=True)
class Side:
    """One armada: its name, tier, and the round its admiral foresaw (precognition)."""

    name: str
    tier: int
    precognition_round: int = 0


@dataclass(slots=True)
class ArmadaState(GameState):
    """A whole battle."""

    sides: list[Side] = field(default_factory=list)
    fleets: list[Fleet] = field(default_factory=list)
    officers: list[Officer] = field(default_factory=list)
    round: int = 0
    max_rounds: int = 10
    distance: int = 0
    placements: list[list[list[int]]] | None = None
    phase: Phase = Phase.SETUP
    debris: list[Debris] = field(default_factory=list)
    mines: list[Mine] = field(default_factory=list)

    def active_fleets(self, side: int) -> list[Fleet]:
        """The fleets of ``side`` that can still act."""
        return [f for f in self.fleets if f.side == side and f.status == ACTIVE]

    def enemies_of(self, fleet: Fleet) -> list[Fleet]:
        """Every enemy fleet still on the map."""
        return [f for f in self.fleets if f.side != fleet.side and f.status != DESTROYED]

    def occupied(self, exclude: int = -1) -> set[Hex]:
        """Hexes where a fleet on the map stands (but fleet ``exclude``)."""
        return {
            Hex(f.q, f.r) for f in self.fleets if f.status != DESTROYED and f.id != exclude
        }

    def comms_down(self, fleet: Fleet) -> bool:
        """Whether the fleet's communications are down (critical damage, or a duel's
        effect lasting to the end of round ``comms_until``)."""
        return "communications" in fleet.criticals or fleet.comms_until >= self.round

    def officer_bonus(self, fleet: Fleet, role: str) -> int:
        """The passive bonus the fleet's officer in ``role`` gives it (0 without one, when
        communications are down, or while the officer is jammed or incapacitated)."""
        if self.comms_down(fleet):
            return 0
        for officer in self.officers:
            if officer.fleet == fleet.id and officer.role == role:
                return 0 if officer.silenced(self.round) else officer.bonus
        return 0

    def officers_on(self, fleet: Fleet) -> list[Officer]:
        """The officers aboard ``fleet``."""
        return [officer for officer in self.officers if officer.fleet == fleet.id]

    def admiral(self, side: int) -> Officer | None:
        """The side's admiral, if its fleet is still on the map and it is not incapacitated."""
        for officer in self.officers:
            if (
                officer.side == side
                and officer.role == "admiral"
                and not officer.incapacitated
                and self.fleets[officer.fleet].status != DESTROYED
            ):
                return officer
        return None
