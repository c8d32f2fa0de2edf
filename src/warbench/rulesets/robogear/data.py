"""The schema of ROBOGEAR's data files, read with the core catalog loader.

``data/`` holds four TOML files: ``units.toml`` (army sheets of machines, troopers and guns),
``rules.toml`` (the seed's measures in centimetres and steps, and the round limit),
``tables.toml`` (the tables the seed refers to but does not give: engine defaults) and
``armies.toml`` (ready-made armies). Lengths are written in centimetres or steps, as the
seed gives them, and converted once here to the engine's unit, the inch (one step, 2.5 cm).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from math import hypot
from typing import Annotated, Literal

from pydantic import Field, model_validator

from warbench.core.catalog import (
    Catalog,
    DataFileError,
    DataModel,
    Record,
    ValueNames,
)
from warbench.core.data_errors import DataProblem
from warbench.core.datafolder import DataFolder

#: One step is 2.5 cm (one inch), the engine's unit of length (seed, "game terms").
CM_PER_STEP = 2.5

Trait = Literal["armour_piercing", "deadly", "fan", "blast", "flamer", "indirect"]
#: The sections of an army sheet's scale, which ``sections`` and ``resource`` follow.
SECTIONS = ("green", "yellow", "red")
Chassis = Literal["wheeled", "tracked", "walker", "spider", "flyer"]


def steps(cm: float) -> float:
    """Centimetres as steps (inches), the engine's unit.

    >>> steps(40.0)
    16.0
    """
    return cm / CM_PER_STEP


class WeaponRecord(DataModel):
    """A weapon on an army sheet: damage at short, medium and long range (0: useless)."""

    name: str
    damage: Annotated[tuple[int, int, int], ValueNames("short", "medium", "long")]
    bonus: int = Field(default=0, ge=0, le=3)
    ammo: int = Field(default=0, ge=0)
    shots: int = Field(default=1, ge=1, le=4)
    cost: int = Field(default=1, ge=1, le=4)
    turret: bool = False
    traits: tuple[Trait, ...] = ()
    blast_cm: float = Field(default=0.0, ge=0.0)

    @model_validator(mode="after")
    def _blast_has_size(self) -> WeaponRecord:
        if ("blast" in self.traits or "indirect" in self.traits) and self.blast_cm <= 0:
            raise ValueError("a blast or indirect weapon needs blast_cm (marker diameter)")
        if any(value < 0 for value in self.damage):
            raise ValueError("damage values must be 0 or more")
        return self


class MeleeRecord(DataModel):
    """A machine's close-combat weapon (saw, claw, dozer blade) and its power."""

    name: str
    power: int = Field(ge=1, le=6)


class UnitRecord(Record):
    """One army sheet: a machine, a trooper type (one sheet per squad) or a gun."""

    id: str = ""
    name: str
    faction: str
    kind: Literal["machine", "trooper", "gun"]
    points: int = Field(ge=1)
    chassis: Chassis | None = None
    cockpit: Literal["closed", "open"] = "closed"
    armour: tuple[int, ...] = ()
    sections: Annotated[tuple[int, int, int], ValueNames(*SECTIONS)] = (1, 0, 0)
    resource: Annotated[tuple[int, int, int], ValueNames(*SECTIONS)] = Field(default=(1, 1, 1))
    wounds: int = Field(default=0, ge=0)
    weapons: tuple[WeaponRecord, ...] = ()
    melee: tuple[MeleeRecord, ...] = ()
    grenades: int = Field(default=0, ge=0)
    grenade_damage: int = Field(default=3, ge=1)
    role: Literal["rifle", "sniper", "machine-gun", "missile", "pilot", ""] = ""
    medic: bool = False
    spotter: bool = False
    radar: bool = False
    infiltrate: bool = False
    brawler: int = Field(default=0, ge=0, le=3)
    transport: int = Field(default=0, ge=0)
    turntable: bool = False
    wheels: bool = False
    pilot_seat: bool = False
    size_cm: float = Field(default=2.5, gt=0)
    height_cm: float = Field(default=5.0, gt=0)
    climb_cm: float = Field(default=0.0, ge=0)

    @model_validator(mode="after")
    def _consistent(self) -> UnitRecord:
        cells = self.wounds if self.kind == "trooper" else len(self.armour)
        if cells < 1:
            need = "wounds" if self.kind == "trooper" else "armour"
            raise ValueError(f"a {self.kind} needs {need}")
        if sum(self.sections) != cells:
            raise ValueError(f"sections {self.sections} must add up to the {cells} cells")
        if self.sections[0] < 1:
            raise ValueError("the first (green) section needs at least one cell")
        if self.kind != "trooper" and list(self.armour) != sorted(self.armour, reverse=True):
            raise ValueError("the armour scale runs from its highest value down")
        if self.kind == "machine" and self.chassis is None:
            raise ValueError("a machine needs a chassis")
        return self

    @property
    def cells(self) -> int:
        """Cells of the armour scale (machines, guns) or wounds (troopers)."""
        return self.wounds if self.kind == "trooper" else len(self.armour)

    @property
    def radius(self) -> float:
        """Base radius in steps."""
        return steps(self.size_cm) / 2

    @property
    def height(self) -> float:
        """Height in steps."""
        return steps(self.height_cm)


class Measures(Record):
    """The seed's lengths and numbers (in cm where it gives cm)."""

    short_cm: float = 20.0
    medium_cm: float = 40.0
    long_cm: float = 80.0
    deploy_gap_cm: float = 40.0
    ram_min_steps: float = 4.0
    grenade_blast_cm: float = 5.0
    flame_length_cm: float = 20.0
    flame_head_cm: float = 5.0
    walker_ditch_cm: float = 5.0
    group_gap_cm: float = 40.0
    battery_gap_steps: float = 4.0
    run_over_escape: int = 5
    apc_defence_bonus: int = 2
    apc_survive: int = 5
    pilot_lives: int = 3

    @cached_property
    def band_edges(self) -> tuple[float, float, float]:
        """The far edges of the short, medium and long bands, in steps."""
        return steps(self.short_cm), steps(self.medium_cm), steps(self.long_cm)


class Game(Record):
    """Engine defaults for the table and the length of a battle."""

    table_cm: float = Field(default=150.0, gt=0)
    rounds: int = Field(default=8, ge=1)
    deploy_band_cm: float = Field(default=40.0, gt=0)
    deploy_depth_cm: float = Field(default=20.0, gt=0)
    objective_cm: float = Field(default=7.5, gt=0)

    def zone_gaps(self) -> tuple[float, float]:
        """How far apart (cm, edge to edge) the deployment zones of two armies on opposite
        and on adjacent edges are: each zone a band ``deploy_band_cm`` wide at the middle
        of its edge and ``deploy_depth_cm`` deep, on a square table.

        >>> Game().zone_gaps()
        (110.0, 49.5)
        """
        opposite = self.table_cm - 2 * self.deploy_depth_cm
        # Adjacent edges: the zones' nearest corners, as far apart along both axes.
        apart = max(0.0, self.table_cm / 2 - self.deploy_depth_cm - self.deploy_band_cm / 2)
        return max(0.0, opposite), round(hypot(apart, apart), 1)


class Rules(DataModel):
    """``rules.toml``."""

    measures: Measures
    game: Game

    @model_validator(mode="after")
    def _armies_start_apart(self) -> Rules:
        """RG-SETUP-GAP: armies start at least ``deploy_gap_cm`` apart whichever edges they
        take, so the table and the deployment zones must leave that much between zones."""
        game, gap = self.game, self.measures.deploy_gap_cm
        if game.deploy_band_cm > game.table_cm or 2 * game.deploy_depth_cm >= game.table_cm:
            raise ValueError(
                f"game: a deployment zone of {game.deploy_band_cm:g} x "
                f"{game.deploy_depth_cm:g} cm does not fit a {game.table_cm:g} cm table")
        opposite, adjacent = game.zone_gaps()
        for closest, edges in ((opposite, "opposite"), (adjacent, "adjacent")):
            if closest < gap:
                raise ValueError(
                    f"game: armies on {edges} edges would deploy {closest:g} cm apart (table_cm "
                    f"{game.table_cm:g}, deploy_band_cm {game.deploy_band_cm:g}, "
                    f"deploy_depth_cm {game.deploy_depth_cm:g}); measures.deploy_gap_cm asks "
                    f"at least {gap:g}")
        return self


class Movement(Record):
    """Steps per resource point by direction, and the cost of a turn, for one chassis."""

    forward: float
    back: float = 0.0
    side: float = 0.0
    any_direction: bool = False
    turn_cost: int = 1
    max_turn: float = 180.0

    @property
    def forward_only(self) -> bool:
        """Whether the chassis moves only forward (a flyer): to go any other way it turns
        on the spot first."""
        return not (self.any_direction or self.back or self.side)


class CoverBand(Record):
    """Defence from cover: covered share of the silhouette at least ``share``."""

    share: float = Field(ge=0, le=1)
    dice: int = Field(ge=0, le=2)
    sides: int = Field(default=6, ge=1)
    plus: int = 0


class Tables(DataModel):
    """``tables.toml``: the tables the seed refers to but does not give."""

    accuracy_penalty: tuple[int, int, int]
    cover: tuple[CoverBand, ...]
    slot_cover: float = Field(ge=0, le=1)
    movement: dict[str, Movement]
    ram_winner: int = Field(ge=0)
    ram_draw: int = Field(ge=0)
    ram_loser_base: int = Field(ge=0)
    yellow_tokens: tuple[str, str, str, str, str, str]
    red_tokens: tuple[str, str, str, str, str, str]
    scatter_degrees: tuple[float, float, float, float, float, float]
    melee_cost: int = Field(ge=1)
    melee_win: int = Field(ge=1)
    melee_crush_margin: int = Field(ge=1)
    board_cost: int = Field(ge=1)
    climb_costs: tuple[int, int, int]
    source: str = ""


class ArmyEntry(DataModel):
    """One line of a ready-made army: a sheet and how many models."""

    unit: str
    count: int = Field(default=1, ge=1)
    role: str | None = None
    name: str | None = None


class Army(Record):
    """A ready-made army (its entries read like a list file's units)."""

    id: str = ""
    name: str
    faction: str
    units: tuple[ArmyEntry, ...]


@dataclass(frozen=True, slots=True)
class RobogearData:
    """Everything ROBOGEAR reads from its data folder."""

    units: Catalog[UnitRecord]
    armies: Catalog[Army]
    rules: Rules
    tables: Tables

    @property
    def measures(self) -> Measures:
        return self.rules.measures


def load_data(folder: DataFolder) -> RobogearData:
    """Read and check the four data files (a player's copy of each replaces the shipped,
    a player's changes file changes it), through ``folder.load``: a problem names the file
    that set its key, and a file never read is refused."""
    return folder.load(_load)


def _load(folder: DataFolder) -> RobogearData:
    units = folder.read_catalog("units.toml", UnitRecord, kind="unit")
    armies = folder.read_catalog("armies.toml", Army, kind="army")
    folder.check_references("armies.toml", "units.toml", "unit", (
        ((army_id, "units", index, "unit"), entry.unit)
        for army_id, army in armies.items()
        for index, entry in enumerate(army.units)
    ), units)
    rules = folder.read_model("rules.toml", Rules)
    tables = folder.read_model("tables.toml", Tables)
    lacking = [DataProblem("movement", f"no row for {chassis!r}")
               for chassis in ("wheeled", "tracked", "walker", "spider", "flyer", "trooper", "gun")
               if chassis not in tables.movement]
    if lacking:
        raise DataFileError(folder.source("tables.toml"), lacking)
    return RobogearData(units, armies, rules, tables)
