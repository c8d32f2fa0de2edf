"""The state of an Armada battle: fleets on the hex map, officers, sides, the round.

Everything here is plain data (ints, strings, tuples, lists), so a state copies, saves and
hashes cheaply; the rules read derived statistics from the fields copied in at set-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from warbench.core.hexgrid import Hex, HexPose
from warbench.core.procedures import GameState

ACTIVE, DISABLED, DESTROYED = "active", "disabled", "destroyed"
STEADY, INSPIRED, SHAKEN, ROUTED = "steady", "inspired", "shaken", "routed"

#: Critical damage conditions, by d6 face (6 means roll twice).
CRITICALS = ("auxiliary", "communications", "engines", "shields", "weapons")


@dataclass(slots=True)
class Officer:
    """An officer: role, officer bonus and the fleet (id) it is assigned to."""

    name: str
    side: int
    role: str
    bonus: int
    fleet: int


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

    @property
    def hex(self) -> Hex:
        """The hex the fleet stands on."""
        return Hex(self.q, self.r)

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
        return ability in self.abilities and ability != self.suppressed_ability

    @property
    def hull_damage(self) -> int:
        """Damage taken to hull points so far."""
        return self.hull_points - self.hull


@dataclass(slots=True)
class Side:
    """One armada: its name and tier."""

    name: str
    tier: int


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

    def fleets_of(self, side: int) -> list[Fleet]:
        """The fleets of ``side`` that are still on the map (not destroyed)."""
        return [f for f in self.fleets if f.side == side and f.status != DESTROYED]

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

    def officer_bonus(self, fleet: Fleet, role: str) -> int:
        """The passive bonus the fleet's officer in ``role`` gives it (0 without one, or when
        communications are down)."""
        if "communications" in fleet.criticals:
            return 0
        for officer in self.officers:
            if officer.fleet == fleet.id and officer.role == role:
                return officer.bonus
        return 0

    def admiral(self, side: int) -> Officer | None:
        """The side's admiral, if its fleet is still on the map."""
        for officer in self.officers:
            if (
                officer.side == side
                and officer.role == "admiral"
                and self.fleets[officer.fleet].status != DESTROYED
            ):
                return officer
        return None
