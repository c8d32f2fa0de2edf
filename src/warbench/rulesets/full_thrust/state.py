"""The state of a Full Thrust battle: ships, fighter groups, salvo markers, written orders.

Everything is plain slotted data. A ship's design is named by its id; the rule objects
(:class:`~warbench.rulesets.full_thrust.library.ShipClass`) come from the ruleset's library,
so the state stays small. Written orders are :class:`~warbench.core.plain.Hidden` from the
moment they are written until the ships move.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from warbench.core.plain import Hidden
from warbench.core.procedures import GameState

ACTIVE = "active"
DESTROYED = "destroyed"
DISENGAGED = "disengaged"

IN_HANGAR = "hangar"
IN_SPACE = "space"
SCREENING = "screening"
LOST = "lost"
JUMPED = "jumped"
MERGED = "merged"


@dataclass(slots=True)
class Order:
    """A ship's written order: speed change (thrust in vector movement) and turn, the
    fighter groups a carrier launches this turn, vector movement's push and whether the
    burn and the push come before the rotation, whether a Phalon ship raises its
    vapour shroud this turn, and a Sa'Vasku ship's power shares: screen levels powered,
    attack power and repair power (its drive takes what the manoeuvre costs).

    ``turn`` counts clock points, positive to starboard.
    """

    speed: int
    turn: int
    launch: list[int] = field(default_factory=list)
    side: int = 0
    retro: int = 0
    burn_before_turn: bool = False
    push_before_turn: bool = False
    shroud: bool = False
    power_screens: int = 0
    power_attack: int = 0
    power_repair: int = 0


@dataclass(slots=True)
class Ship:
    """One ship on the table and its damage.

    Systems are numbered as in its class. ``damage`` has one entry per system (0 working;
    1 damaged; a drive can reach 2); ``used`` is a bit mask of the systems that fired or
    defended this turn; ``wrecked`` a bit mask of the systems lost for good (a needle beam's
    hit: no damage control party can repair them); ``ammo`` holds the shots left of the
    systems with limited shots (others are not listed); ``recharge`` the turn from which a
    system that fires every other turn (a plasma launcher) is ready again; ``shrouded``
    whether a vapour shroud raised by this turn's revealed orders is up;
    ``attack_power``, ``powered_screens`` and ``repair_power`` a Sa'Vasku ship's revealed
    power shares (attack power left to spend, screen levels powered, repair power left),
    ``biomass`` the biomass it has left (FT-SV-PODS). Small values keep
    the state cheap to copy and hash.
    """

    id: int
    player: int
    name: str
    design: str
    x: float
    y: float
    facing: int
    speed: int
    damage: list[int]
    used: int = 0
    ammo: dict[int, int] = field(default_factory=dict)
    vx: float = 0.0
    vy: float = 0.0
    hull_hits: int = 0
    armour_hits: int = 0
    status: str = ACTIVE
    fired: bool = False
    recovered: int = 0
    covering: int = -1
    wrecked: int = 0
    shrouded: bool = False
    recharge: dict[int, int] = field(default_factory=dict)
    attack_power: int = 0
    powered_screens: int = 0
    repair_power: int = 0
    biomass: int = 0

    @property
    def active(self) -> bool:
        """Still in the battle."""
        return self.status == ACTIVE

    def is_used(self, system: int) -> bool:
        """Whether ``system`` has fired or defended this turn."""
        return bool(self.used >> system & 1)

    def use(self, system: int) -> None:
        """Mark ``system`` as fired or defended this turn, spending a shot if it counts
        them."""
        self.used |= 1 << system
        if system in self.ammo:
            self.ammo[system] -= 1

    def has_shots(self, system: int) -> bool:
        """Whether ``system`` has a shot left (systems without a limit always have)."""
        return self.ammo.get(system, 1) > 0


@dataclass(slots=True)
class FighterGroup:
    """A fighter group, in a hangar bay or out on the table as a marker."""

    id: int
    player: int
    name: str
    kind: str
    count: int
    endurance: int
    carrier: int
    bay: int
    status: str = IN_HANGAR
    x: float = 0.0
    y: float = 0.0
    ready_turn: int = 1
    ace: bool = False
    green: bool = False
    ftl: bool = False
    torpedoes_spent: bool = False
    launched: bool = False
    moved: bool = False
    screening: int = -1
    target_kind: str = ""
    target: int = -1
    role: str = ""
    losses: int = 0
    engaged: bool = False
    broken: bool = False

    @property
    def in_play(self) -> bool:
        """Out on the table (flying free or screening a ship)."""
        return self.status in (IN_SPACE, SCREENING) and self.count > 0


@dataclass(slots=True)
class Salvo:
    """A salvo missile marker placed this turn."""

    id: int
    player: int
    ship: int
    x: float
    y: float
    missiles: int
    target: int = -1


@dataclass(slots=True)
class Bolt:
    """A Phalon plasma bolt placed this turn; ``strength`` is its dice left."""

    id: int
    player: int
    ship: int
    x: float
    y: float
    strength: int


@dataclass(slots=True)
class FullThrustState(GameState):
    """A whole battle."""

    turn: int = 1
    max_turns: int = 12
    phase: int = 0
    movement: str = "cinematic"
    options: dict[str, bool] = field(default_factory=dict)
    width: float = 72.0
    height: float = 48.0
    ships: list[Ship] = field(default_factory=list)
    groups: list[FighterGroup] = field(default_factory=list)
    salvos: list[Salvo] = field(default_factory=list)
    bolts: list[Bolt] = field(default_factory=list)
    orders: list[Hidden[Order] | None] = field(default_factory=list)
    initiative: list[int] = field(default_factory=list)
    fleet_names: list[str] = field(default_factory=list)

    def fleet(self, player: int) -> list[Ship]:
        """The ships of ``player`` still in the battle."""
        return [ship for ship in self.ships if ship.player == player and ship.status == ACTIVE]

    def enemies(self, player: int) -> list[Ship]:
        """Every ship in the battle that is not ``player``'s."""
        return [ship for ship in self.ships if ship.player != player and ship.status == ACTIVE]

    def option(self, name: str) -> bool:
        """Whether the optional rule ``name`` is in play."""
        return self.options.get(name, False)

    @property
    def loser_first(self) -> list[int]:
        """Players from the initiative loser to the winner."""
        return list(reversed(self.initiative))
