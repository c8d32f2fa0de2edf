"""The pieces of an Armada state: fleets, their round's effects, officers, mines, debris and
sides, in a module of their own so that it can be compiled (``warbench.compiled``): the
compiled rules and the tactician read their fields natively, where a field of an
interpreted class costs compiled code a generic look-up (the state itself, a
``GameState``, stays interpreted). Plain slotted dataclasses either way, so the state
copies, pickles, hashes and serialises alike, compiled or pure.

Each class writes its ``__init__`` out (the dataclasses module's own runs interpreted) and
pickles as the call that makes it again (a compiled class's ``__new__`` runs its
``__init__``, so pickle's default, an empty object and then its fields, cannot make one).
:mod:`~.state` re-exports every name, where the rest of the ruleset imports them from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from warbench.core.hexgrid import Hex, HexPose

ACTIVE, DISABLED, DESTROYED = "active", "disabled", "destroyed"
STEADY, INSPIRED, SHAKEN, ROUTED = "steady", "inspired", "shaken", "routed"

#: Critical damage conditions, by d6 face (6 means roll twice).
CRITICALS: Final = ("auxiliary", "communications", "engines", "shields", "weapons")


@dataclass(slots=True, init=False)
class Officer:
    """An officer: role, officer bonus and the fleet (id) it is assigned to, its ranks skill
    by skill (lower-case name, ranks; none listed at 0) for the bonus of another role; what
    it may still do (resolve points, the round of its last order) and what was done to it."""

    name: str
    side: int
    role: str
    bonus: int
    fleet: int
    skills: tuple[tuple[str, int], ...] = ()
    base_attack_bonus: int = 0
    resolve: int = 0
    acted_round: int = 0
    role_round: int = 0
    jammed_round: int = -1
    incapacitated: bool = False
    taunted: list[int] = field(default_factory=list)
    dueled: int = -1
    duel_margin: int = 0

    def __init__(
        self,
        name: str,
        side: int,
        role: str,
        bonus: int,
        fleet: int,
        skills: tuple[tuple[str, int], ...] = (),
        base_attack_bonus: int = 0,
        resolve: int = 0,
        acted_round: int = 0,
        role_round: int = 0,
        jammed_round: int = -1,
        incapacitated: bool = False,
        taunted: list[int] | None = None,
        dueled: int = -1,
        duel_margin: int = 0,
    ) -> None:
        self.name = name
        self.side = side
        self.role = role
        self.bonus = bonus
        self.fleet = fleet
        self.skills = skills
        self.base_attack_bonus = base_attack_bonus
        self.resolve = resolve
        self.acted_round = acted_round
        self.role_round = role_round
        self.jammed_round = jammed_round
        self.incapacitated = incapacitated
        self.taunted = [] if taunted is None else taunted
        self.dueled = dueled
        self.duel_margin = duel_margin

    def __reduce__(self) -> tuple[Callable[..., Officer], tuple[object, ...]]:
        return Officer, (
            self.name,
            self.side,
            self.role,
            self.bonus,
            self.fleet,
            self.skills,
            self.base_attack_bonus,
            self.resolve,
            self.acted_round,
            self.role_round,
            self.jammed_round,
            self.incapacitated,
            self.taunted,
            self.dueled,
            self.duel_margin,
        )

    def silenced(self, round_: int) -> bool:
        """Whether the officer gives no benefit and no order in ``round_`` (jammed that
        round, or incapacitated)."""
        return self.incapacitated or self.jammed_round == round_


@dataclass(slots=True, init=False)
class Mine:
    """A gravity mine: its hex, the side and fleet that laid it, the round it was laid,
    and the hit points it has left."""

    q: int
    r: int
    side: int
    fleet: int
    laid_round: int
    hp: int

    def __init__(self, q: int, r: int, side: int, fleet: int, laid_round: int, hp: int) -> None:
        self.q = q
        self.r = r
        self.side = side
        self.fleet = fleet
        self.laid_round = laid_round
        self.hp = hp

    def __reduce__(self) -> tuple[Callable[..., Mine], tuple[object, ...]]:
        return Mine, (self.q, self.r, self.side, self.fleet, self.laid_round, self.hp)

    @property
    def hex(self) -> Hex:
        """The mine's hex."""
        return Hex(self.q, self.r)

    def active(self, round_: int, rounds: int) -> bool:
        """Whether the mine slows fleets in ``round_``: from the round after it was laid, for
        ``rounds`` rounds, while it has hit points."""
        return self.hp > 0 and self.laid_round < round_ <= self.laid_round + rounds


@dataclass(slots=True, init=False)
class Debris:
    """Conjured space debris in a hex and its neighbours until the end of the round."""

    q: int
    r: int
    damage: int

    def __init__(self, q: int, r: int, damage: int) -> None:
        self.q = q
        self.r = r
        self.damage = damage

    def __reduce__(self) -> tuple[Callable[..., Debris], tuple[object, ...]]:
        return Debris, (self.q, self.r, self.damage)

    def covers(self, hex_: Hex) -> bool:
        """Whether ``hex_`` lies in the debris (the hex or a neighbour)."""
        return Hex(self.q, self.r).distance(hex_) <= 1


@dataclass(slots=True, init=False)
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

    def __init__(
        self,
        rally_bonus: int = 0,
        encouraged: int = 0,
        range_bonus: int = 0,
        critical_from: int = 20,
        speed_bonus: int = 0,
        turn_bonus: int = 0,
        regain_bonus: int = 0,
        damage_bonus: int = 0,
        direct_gunnery: int = 0,
        direct_ac: int = 0,
        locks: list[int] | None = None,
        duel_target: int = -1,
        flyby_target: int = -1,
        ac_penalty: int = 0,
    ) -> None:
        self.rally_bonus = rally_bonus
        self.encouraged = encouraged
        self.range_bonus = range_bonus
        self.critical_from = critical_from
        self.speed_bonus = speed_bonus
        self.turn_bonus = turn_bonus
        self.regain_bonus = regain_bonus
        self.damage_bonus = damage_bonus
        self.direct_gunnery = direct_gunnery
        self.direct_ac = direct_ac
        self.locks = [] if locks is None else locks
        self.duel_target = duel_target
        self.flyby_target = flyby_target
        self.ac_penalty = ac_penalty

    def __reduce__(self) -> tuple[Callable[..., RoundEffects], tuple[object, ...]]:
        return RoundEffects, (
            self.rally_bonus,
            self.encouraged,
            self.range_bonus,
            self.critical_from,
            self.speed_bonus,
            self.turn_bonus,
            self.regain_bonus,
            self.damage_bonus,
            self.direct_gunnery,
            self.direct_ac,
            self.locks,
            self.duel_target,
            self.flyby_target,
            self.ac_penalty,
        )


#: The effects of a round in which nothing touched the fleet (never changed).
NO_EFFECTS = RoundEffects()


@dataclass(slots=True, init=False)
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
    repairs: list[tuple[str, int]] = field(default_factory=list)
    fleeting: list[tuple[str, int]] = field(default_factory=list)
    scanned: list[int] = field(default_factory=list)
    boarding: int = -1
    mines_laid: bool = False
    slowed_round: int = 0

    def __init__(
        self,
        id: int,
        side: int,
        name: str,
        tier: int,
        size: str,
        fleet_class: str,
        abilities: tuple[str, ...],
        hull_points: int,
        critical_threshold: int,
        hull: int,
        shield_max: int,
        shields: int,
        check_modifier: int,
        damage: str,
        speed: int,
        turn_distance: int,
        piloting_modifier: int,
        range: int,
        arcs: tuple[str, ...],
        cost: int,
        q: int = 0,
        r: int = 0,
        facing: int = 0,
        status: str = ACTIVE,
        morale: str = STEADY,
        morale_until: int = 0,
        routed_round: int = 0,
        morale_safe_round: int = 0,
        halved: bool = False,
        criticals: list[str] | None = None,
        suppressed_ability: str = "",
        superweapon_used_round: int = -10,
        rout_dc: int = 0,
        effects: RoundEffects | None = None,
        taunt_penalty: int = 0,
        taunt_round: int = 0,
        jammed_round: int = -1,
        repairs: list[tuple[str, int]] | None = None,
        fleeting: list[tuple[str, int]] | None = None,
        scanned: list[int] | None = None,
        boarding: int = -1,
        mines_laid: bool = False,
        slowed_round: int = 0,
    ) -> None:
        self.id = id
        self.side = side
        self.name = name
        self.tier = tier
        self.size = size
        self.fleet_class = fleet_class
        self.abilities = abilities
        self.hull_points = hull_points
        self.critical_threshold = critical_threshold
        self.hull = hull
        self.shield_max = shield_max
        self.shields = shields
        self.check_modifier = check_modifier
        self.damage = damage
        self.speed = speed
        self.turn_distance = turn_distance
        self.piloting_modifier = piloting_modifier
        self.range = range
        self.arcs = arcs
        self.cost = cost
        self.q = q
        self.r = r
        self.facing = facing
        self.status = status
        self.morale = morale
        self.morale_until = morale_until
        self.routed_round = routed_round
        self.morale_safe_round = morale_safe_round
        self.halved = halved
        self.criticals = [] if criticals is None else criticals
        self.suppressed_ability = suppressed_ability
        self.superweapon_used_round = superweapon_used_round
        self.rout_dc = rout_dc
        self.effects = effects
        self.taunt_penalty = taunt_penalty
        self.taunt_round = taunt_round
        self.jammed_round = jammed_round
        self.repairs = [] if repairs is None else repairs
        self.fleeting = [] if fleeting is None else fleeting
        self.scanned = [] if scanned is None else scanned
        self.boarding = boarding
        self.mines_laid = mines_laid
        self.slowed_round = slowed_round

    def __reduce__(self) -> tuple[Callable[..., Fleet], tuple[object, ...]]:
        return Fleet, (
            self.id,
            self.side,
            self.name,
            self.tier,
            self.size,
            self.fleet_class,
            self.abilities,
            self.hull_points,
            self.critical_threshold,
            self.hull,
            self.shield_max,
            self.shields,
            self.check_modifier,
            self.damage,
            self.speed,
            self.turn_distance,
            self.piloting_modifier,
            self.range,
            self.arcs,
            self.cost,
            self.q,
            self.r,
            self.facing,
            self.status,
            self.morale,
            self.morale_until,
            self.routed_round,
            self.morale_safe_round,
            self.halved,
            self.criticals,
            self.suppressed_ability,
            self.superweapon_used_round,
            self.rout_dc,
            self.effects,
            self.taunt_penalty,
            self.taunt_round,
            self.jammed_round,
            self.repairs,
            self.fleeting,
            self.scanned,
            self.boarding,
            self.mines_laid,
            self.slowed_round,
        )

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


@dataclass(slots=True, init=False)
class Side:
    """One armada: its name, tier, and the round its admiral foresaw (precognition)."""

    name: str
    tier: int
    precognition_round: int = 0

    def __init__(self, name: str, tier: int, precognition_round: int = 0) -> None:
        self.name = name
        self.tier = tier
        self.precognition_round = precognition_round

    def __reduce__(self) -> tuple[Callable[..., Side], tuple[object, ...]]:
        return Side, (self.name, self.tier, self.precognition_round)


def occupied_hexes(fleets: list[Fleet], exclude: int) -> set[Hex]:
    """Hexes where a fleet of ``fleets`` on the map stands (but fleet ``exclude``); what
    :meth:`~.state.ArmadaState.occupied` answers, compiled with the fleets it reads."""
    return {Hex(f.q, f.r) for f in fleets if f.status != DESTROYED and f.id != exclude}


def comms_down_of(fleet: Fleet) -> bool:
    """Whether the fleet's communications are down: the critical condition, lasting or
    passing (a duel's, an EMP's), and not held off by a repair."""
    return "communications" in fleet.criticals


def officer_bonus_of(officers: list[Officer], round_: int, fleet: Fleet, role: str) -> int:
    """The passive bonus the fleet's officer in ``role`` gives it in ``round_`` (0 without
    one, when communications are down, or while the officer is jammed or incapacitated)."""
    if comms_down_of(fleet):
        return 0
    for officer in officers:
        if officer.fleet == fleet.id and officer.role == role:
            return 0 if officer.silenced(round_) else officer.bonus
    return 0
