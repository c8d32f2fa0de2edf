"""The Armada data files: tier tables, sizes and classes, abilities, rounds, demo armadas.

Each TOML file under ``data/`` is validated with pydantic; any problem raises
:class:`~warbench.core.catalog.DataFileError` naming the file and the key path. Values the
rules source leaves open carry ``source = "engine default"``.

>>> tables = shipped_tables()
>>> tables.tier(6).armada_build_points, tables.tier(6).damage["heavy"]
(144, '3d10')
>>> tables.classes["fighter"].turn_distance
0
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from warbench.core.catalog import (
    Catalog,
    DataFileError,
    DataModel,
    Record,
)
from warbench.core.data_errors import DataProblem
from warbench.core.datafolder import DataFolder
from warbench.core.dice import DiceExpr, DiceExpressionError

DATA_DIR = Path(__file__).parent / "data"

Size = Literal["small", "medium", "large"]
FleetClass = Literal["capital", "destroyer", "fighter"]
DamageWeight = Literal["light", "medium", "heavy"]
Role = Literal["admiral", "chief-spellcaster", "chief-engineer", "chief-technician", "commander"]
Difficulty = Literal["easy", "average", "challenging", "hard", "epic"]
ArcName = Literal["fore", "aft", "port", "starboard"]

SIZES: tuple[Size, ...] = ("small", "medium", "large")
DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "average", "challenging", "hard", "epic")
CLASSES: tuple[FleetClass, ...] = ("capital", "destroyer", "fighter")
#: The special abilities the engine plays: what an ability does is code, so
#: ``abilities.toml`` may set the name, cost and classes of these alone.
ABILITY_NAMES: tuple[str, ...] = (
    "boarders", "flagship", "self-destruct", "array", "bombers", "point-defense", "emp",
    "interceptors", "gravity-mines", "damage-threshold", "superweapon",
)
#: The officer orders the engine carries out (``orders.EFFECTS``): an order's effect is
#: code, so ``orders.toml`` may set the role, phase, check and target of these alone.
ORDER_NAMES: tuple[str, ...] = (
    "rally", "encourage", "taunt", "conjure", "enchant", "precognition", "boost", "repair",
    "jam", "scan", "target", "direct", "duel", "transfer",
)


def _check_dice(text: str) -> str:
    try:
        DiceExpr.parse(text)
    except DiceExpressionError as error:
        raise ValueError(str(error)) from None
    return text


class TierRow(DataModel):
    """One row of the tier tables."""

    tier: int = Field(ge=1, le=20)
    armada_build_points: int = Field(ge=1)
    fleet_cost: dict[Size, int]
    damage: dict[DamageWeight, str]

    @field_validator("damage")
    @classmethod
    def _dice(cls, value: dict[DamageWeight, str]) -> dict[DamageWeight, str]:
        for text in value.values():
            _check_dice(text)
        return value


class TierFile(DataModel):
    """``tiers.toml``: rows for tiers 1 to 20, in order, and the challenge table."""

    tiers: tuple[TierRow, ...]
    challenge: dict[Difficulty, int]

    @model_validator(mode="after")
    def _complete(self) -> TierFile:
        numbers = [row.tier for row in self.tiers]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError(f"tiers must run 1, 2, 3 ... in order, got {numbers}")
        return self


class SizeRow(DataModel):
    """What a fleet size sets: hull points per tier and the damage column."""

    hull_per_tier: int = Field(ge=1)
    damage: DamageWeight


class ShieldRule(Record):
    """Maximum shield points = hull points // ``hull_divisor``."""

    hull_divisor: int = Field(ge=1)


class RangeBands(Record):
    """How a class's range becomes the short, long and extreme bands, and their penalties."""

    long_multiple: int = Field(ge=1)
    extreme_multiple: int = Field(ge=1)
    short_penalty: int
    long_penalty: int
    extreme_penalty: int


class ClassRow(DataModel):
    """One fleet class: movement, piloting, range, matchups, firing arcs."""

    speed: int = Field(ge=0)
    maneuverability: str
    piloting_modifier: int
    turn_distance: int = Field(ge=0)
    range: int = Field(ge=1)
    range_source: str = "rules"
    strong_against: tuple[FleetClass, ...] = ()
    weak_against: tuple[FleetClass, ...] = ()
    matchup_source: str = "rules"
    arcs: tuple[ArcName, ...] = ("fore",)
    arcs_source: str = "rules"


class FleetFile(DataModel):
    """``fleets.toml``."""

    base_hull_points: int = Field(ge=0)
    base_check_modifier: int
    sizes: dict[Size, SizeRow]
    shields: ShieldRule
    range_bands: RangeBands
    classes: dict[FleetClass, ClassRow]

    @model_validator(mode="after")
    def _every_key(self) -> FleetFile:
        missing: list[str] = [s for s in SIZES if s not in self.sizes]
        missing += [c for c in CLASSES if c not in self.classes]
        if missing:
            raise ValueError(f"missing entries for {missing}")
        for name, row in self.classes.items():
            for other in CLASSES:
                weak = other in row.weak_against
                if weak != (name in self.classes[other].strong_against):
                    raise ValueError(
                        f"classes.{name}.weak_against must list exactly the classes strong "
                        f"against {name} ({other!r} disagrees)"
                    )
        return self


class Ability(DataModel):
    """A special ability: display name, build-point cost, classes that may take it."""

    name: str
    cost: int = Field(ge=0)
    classes: tuple[Literal["any", "capital", "destroyer", "fighter"], ...]

    def allows(self, fleet_class: str) -> bool:
        """Whether a fleet of ``fleet_class`` may take this ability."""
        return "any" in self.classes or fleet_class in self.classes


class OfficerRole(Record):
    """An officer role: the skills behind its bonus, what the bonus improves, its orders."""

    name: str
    skills: tuple[str, ...]
    passive: str
    orders: tuple[str, ...]


class OrderRule(DataModel):
    """An officer order: its role, phase, check and target (see ``orders.toml``)."""

    role: Role | Literal["any"]
    phase: Literal["engineering", "helm", "gunnery", "any"]
    check: Literal["none", "dc", "ac"]
    dc: int = 0
    bonus: int = 0
    ac_offset: int = 0
    reach: int = Field(default=0, ge=0)
    target: Literal["fleet", "ally", "enemy", "own", "hex", "enemy-and-ally", "none"]


class RegainRow(DataModel):
    """Shield regain: fleets whose maximum shield points are at most ``max_shields``."""

    max_shields: int = Field(ge=1)
    dice: str

    _dice = field_validator("dice")(_check_dice)


class RoundLimit(Record):
    """The engine's last round."""

    rounds: int = Field(ge=1)


class Drift(Record):
    """A disabled fleet drifts ahead at speed // ``speed_divisor``."""

    speed_divisor: int = Field(ge=1)


class RoutRule(DataModel):
    """Rout: rounds of fleeing before disablement, allied test radius, attack penalty."""

    rounds_before_disabled: int = Field(ge=1)
    allied_test_radius: int = Field(ge=0)
    attack_penalty: int


class MineRule(DataModel):
    """The gravity mines ability's numbers (see ``rounds.toml``)."""

    hexes: int = Field(ge=1)
    reach: int = Field(ge=0)
    rounds: int = Field(ge=1)
    entry_cost: int = Field(ge=1)
    armor_class: int
    hp_divisor: int = Field(ge=1)


class RoundFile(DataModel):
    """``rounds.toml``."""

    setup_distance: str
    round_limit: RoundLimit
    shield_regain: tuple[RegainRow, ...]
    drift: Drift
    rout: RoutRule
    gravity_mines: MineRule

    _dice = field_validator("setup_distance")(_check_dice)

    @model_validator(mode="after")
    def _ascending(self) -> RoundFile:
        bounds = [row.max_shields for row in self.shield_regain]
        if not bounds or bounds != sorted(set(bounds)):
            raise ValueError(f"shield_regain bands must rise strictly, got {bounds}")
        return self


class NoAward(DataModel):
    """Encounters too easy to earn anything."""

    below_party_level_by: int = Field(ge=0)


class ExperienceFile(Record):
    """``experience.toml``: the starship-combat XP rules the source refers to (difficulty to
    CR, CR to total XP), used to reward the officers of an armada that wins a battle."""

    difficulty_cr: dict[Difficulty, int]
    no_award: NoAward
    xp_by_cr: dict[int, int]

    @model_validator(mode="after")
    def _complete(self) -> ExperienceFile:
        missing = [d for d in DIFFICULTIES if d not in self.difficulty_cr]
        if missing:
            raise ValueError(f"difficulty_cr: missing {missing}")
        ratings = list(self.xp_by_cr)
        if ratings != list(range(1, len(ratings) + 1)):
            raise ValueError(f"xp_by_cr: CRs must run 1, 2, 3 ... in order, got {ratings}")
        awards = list(self.xp_by_cr.values())
        if any(low >= high for low, high in pairwise(awards)):
            raise ValueError(f"xp_by_cr: awards must rise with the CR, got {awards}")
        return self

    def encounter(
        self, challenge: Mapping[Difficulty, int], party_level: int, enemy_tier: int
    ) -> tuple[str, int]:
        """The difficulty and CR of beating an armada of ``enemy_tier`` for a party of
        ``party_level`` (the allied armada's tier), ``challenge`` giving each difficulty's
        tier offset; beyond the table, one CR per tier past its nearest end.

        >>> tables = shipped_tables()
        >>> [tables.experience.encounter(tables.challenge, 10, enemy) for enemy in (9, 5, 13)]
        [('challenging', 11), ('below easy', 7), ('above epic', 15)]
        """
        offset = enemy_tier - party_level
        for difficulty, tiers in challenge.items():
            if tiers == offset:
                return difficulty, party_level + self.difficulty_cr[difficulty]
        easiest = min(challenge, key=challenge.__getitem__)
        hardest = max(challenge, key=challenge.__getitem__)
        if offset < challenge[easiest]:
            past, label = easiest, f"below {easiest}"
        else:
            past, label = hardest, f"above {hardest}"
        return label, party_level + self.difficulty_cr[past] + offset - challenge[past]

    def total_xp(self, challenge_rating: int, party_level: int) -> int:
        """The party's XP for an encounter of ``challenge_rating`` (none when it is more than
        ``no_award`` below the party level).

        >>> tables = shipped_tables()
        >>> [tables.experience.total_xp(cr, 12) for cr in (1, 2, 5)]
        [0, 600, 1600]
        """
        if challenge_rating < party_level - self.no_award.below_party_level_by:
            return 0
        return self.xp_by_cr[challenge_rating]


class FleetSpec(DataModel):
    """A fleet as written in an armada file."""

    name: str
    tier: int = Field(ge=1, le=20)
    size: Size
    fleet_class: FleetClass = Field(alias="class")
    abilities: tuple[str, ...] = ()


class OfficerSpec(DataModel):
    """An officer as written in an armada file: role, skill ranks, assigned fleet (by name).

    ``ranks`` are its ranks in each skill of its starting role; ``skills`` gives ranks skill
    by skill (any role's skill, named in any case), over ``ranks``, for the other roles it
    may take up (ARM-OFF-ROLE-CHANGE)."""

    name: str
    role: Role
    ranks: int = Field(default=0, ge=0)
    skills: dict[str, Annotated[int, Field(ge=0)]] = Field(default_factory=dict)
    base_attack_bonus: int = Field(default=0, ge=0)
    resolve: int = Field(default=0, ge=0)
    fleet: str


class ArmadaSpec(DataModel):
    """An armada: tier, fleets, officers."""

    name: str
    tier: int = Field(ge=1, le=20)
    gm_allows_higher_tiers: bool = False
    fleets: tuple[FleetSpec, ...]
    officers: tuple[OfficerSpec, ...] = ()


class Tables:
    """Every rules table, validated, with quick look-ups."""

    __slots__ = (
        "abilities", "challenge", "classes", "experience", "fleets", "orders", "roles",
        "rounds", "skills", "tiers",
    )

    def __init__(
        self,
        tiers: TierFile,
        fleets: FleetFile,
        abilities: Catalog[Ability],
        rounds: RoundFile,
        roles: Catalog[OfficerRole],
        orders: Catalog[OrderRule],
        experience: ExperienceFile,
    ) -> None:
        self.tiers = tiers.tiers
        self.challenge = tiers.challenge
        self.fleets = fleets
        self.classes: dict[str, ClassRow] = {str(k): v for k, v in fleets.classes.items()}
        self.abilities = abilities
        self.rounds = rounds
        self.roles = roles
        self.orders = orders
        self.experience = experience
        #: Every role's skills, lower-case, sorted.
        self.skills = sorted({skill.lower() for role in roles.values() for skill in role.skills})

    def tier(self, tier: int) -> TierRow:
        """The row of ``tier`` (1-based)."""
        return self.tiers[tier - 1]

    def skill_ranks(self, officer: OfficerSpec) -> tuple[tuple[str, int], ...]:
        """The officer's ranks skill by skill (lower-case, sorted, none at 0): ``ranks`` in
        each skill of its starting role, ``skills`` over them.

        >>> spec = OfficerSpec(name="A", role="admiral", ranks=3, fleet="x",
        ...                    skills={"Diplomacy": 12, "engineering": 4})
        >>> shipped_tables().skill_ranks(spec)
        (('bluff', 3), ('diplomacy', 12), ('engineering', 4), ('intimidate', 3))
        """
        ranks = {skill.lower(): officer.ranks for skill in self.roles[officer.role].skills}
        ranks |= {skill.lower(): count for skill, count in officer.skills.items()}
        return tuple(sorted((skill, count) for skill, count in ranks.items() if count))

    def unknown_skills(self, officer: OfficerSpec) -> list[tuple[str, str]]:
        """Each key of the officer's ``skills`` that no role has: its key path and why."""
        return [
            (f"skills.{skill}", f"{officer.name}: no role has the skill {skill!r} "
             f"(skills: {', '.join(self.skills)})")
            for skill in officer.skills
            if skill.lower() not in self.skills
        ]

    def regain_dice(self, max_shields: int) -> str | None:
        """The dice a fleet with ``max_shields`` regains each engineering phase (none at 0).

        >>> [shipped_tables().regain_dice(n) for n in (0, 5, 6, 21)]
        [None, '1d4', '1d6', '1d12']
        """
        if max_shields <= 0:
            return None
        for row in self.rounds.shield_regain:
            if max_shields <= row.max_shields:
                return row.dice
        return self.rounds.shield_regain[-1].dice


def _known(path: Path, entries: Mapping[str, object], known: tuple[str, ...], what: str) -> None:
    """Refuse entries whose effect the engine has no code for (``what``: "carries out no
    order"), naming the file, each entry and the names it knows."""
    problems = [
        DataProblem(name, f"the engine {what} {name!r} (it knows {', '.join(known)})")
        for name in entries
        if name not in known
    ]
    if problems:
        raise DataFileError(str(path), problems)


def read_tables(folder: Path = DATA_DIR) -> Tables:
    """Read and validate the rules tables of ``folder``, a folder of whole data files with
    no player's files over them (a player's folder is read by :func:`load_data`)."""
    return _tables(DataFolder(folder))


def _tables(folder: DataFolder) -> Tables:
    """The rules tables of ``folder`` (inside ``folder.load`` where a player's files are)."""
    abilities = folder.read_catalog("abilities.toml", Ability, kind="ability")
    _known(folder.path("abilities.toml"), abilities, ABILITY_NAMES, "plays no ability")
    tiers = folder.read_model("tiers.toml", TierFile)
    if len(tiers.tiers) != 20:
        problem = DataProblem("tiers", f"expected 20 tiers, got {len(tiers.tiers)}")
        raise DataFileError(str(folder.path("tiers.toml")), [problem])
    roles = folder.read_catalog("officers.toml", OfficerRole, kind="officer role")
    orders = folder.read_catalog("orders.toml", OrderRule, kind="order")
    _known(folder.path("orders.toml"), orders, ORDER_NAMES, "carries out no order")
    folder.check_references("officers.toml", "orders.toml", "order", (
        ((role_id, "orders", index), name)
        for role_id, role in roles.items() for index, name in enumerate(role.orders)), orders)
    problems = [
        DataProblem(f"{role_id}.orders", f"the order {name!r} is the {orders[name].role}'s in"
                    " orders.toml, not this role's")
        for role_id, role in roles.items()
        for name in role.orders
        if orders[name].role != role_id
    ]
    if problems:
        raise DataFileError(str(folder.path("officers.toml")), problems)
    experience = folder.read_model("experience.toml", ExperienceFile)
    highest = len(experience.xp_by_cr)
    needed = max(
        experience.encounter(tiers.challenge, party, enemy)[1]
        for party in range(1, 21)
        for enemy in range(1, 21)
    )
    if needed > highest:
        problem = DataProblem(
            "xp_by_cr", f"stops at CR {highest} but a battle between tiers 1-20 reaches CR {needed}"
        )
        raise DataFileError(str(folder.path("experience.toml")), [problem])
    return Tables(
        tiers,
        folder.read_model("fleets.toml", FleetFile),
        abilities,
        folder.read_model("rounds.toml", RoundFile),
        roles,
        orders,
        experience,
    )


@lru_cache(maxsize=1)
def shipped_tables() -> Tables:
    """The tables shipped with the ruleset, for list tools and odds asked without a game
    (a game reads its own tables from ``game.data``)."""
    return read_tables(DATA_DIR)


@dataclass(frozen=True, slots=True)
class ArmadaData:
    """Everything an Armada game reads from its data folder: the rules tables and the
    ready-made armadas."""

    tables: Tables
    armadas: Catalog[ArmadaSpec]


def load_data(folder: DataFolder) -> ArmadaData:
    """The tables and armadas of ``folder`` (a player's files first, then the shipped); an
    officer's skill that no role has is refused naming its key. Read through
    ``folder.load``: a problem names the file that set its key, and a file of the player's
    never read (an example list) is refused."""
    return folder.load(_load)


def _load(folder: DataFolder) -> ArmadaData:
    tables = _tables(folder)
    armadas = folder.read_catalog("armadas.toml", ArmadaSpec, kind="armada")
    folder.check_references("armadas.toml", "officers.toml", "officer role", (
        ((armada_id, "officers", index, "role"), officer.role)
        for armada_id, armada in armadas.items()
        for index, officer in enumerate(armada.officers)), tables.roles)
    problems = [
        DataProblem(f"{armada_id}.officers[{index}].{key}", reason)
        for armada_id, armada in armadas.items()
        for index, officer in enumerate(armada.officers)
        for key, reason in tables.unknown_skills(officer)
    ]
    if problems:
        raise DataFileError(folder.source("armadas.toml"), problems)
    return ArmadaData(tables, armadas)

