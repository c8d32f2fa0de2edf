"""HORDES data files: models (warlocks and warbeasts), spells, feats, terrain and the
engine's own settings, validated with pydantic.

Every stat line is original (no published card): names and numbers in the scale of
``FACTS.md``. Values the seed does not give carry ``source = "engine default"``. A player's
``--data`` folder replaces any of these files, the example battlegroups under ``lists/``
too, or changes them key by key (``NAME.changes.toml``).

>>> data = load_data(DataFolder(DATA_DIR))
>>> data.models["oakhide-brute"].role, data.models["oakhide-brute"].spiral
('warbeast', (4, 5, 5, 5, 5, 4))
>>> data.spells["bark-skin"].up
True
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, model_validator

from warbench.core.catalog import (
    Catalog,
    DataFileError,
    DataModel,
    Record,
    did_you_mean,
)
from warbench.core.data_errors import DataProblem, KeyProblem, Loc, format_path
from warbench.core.datafolder import DataFolder
from warbench.core.lists import ArmyList

DATA_DIR = Path(__file__).parent / "data"

Role = Literal["warlock", "warbeast"]
Weight = Literal["light", "heavy"]
Quality = Literal["reach", "knockdown", "critical_knockdown", "spray"]
Ability = Literal["tough", "stealth"]
Stat = Literal["spd", "str", "mat", "rat", "def", "arm"]
EffectKind = Literal["stat", "heal", "knockdown", "fury"]
Scope = Literal["target", "self", "friendly_ctrl", "enemy_ctrl"]
#: Base sizes the seed's models stand on (mm), with their radius in inches.
BASE_RADIUS = {30: 30 / 25.4 / 2, 40: 40 / 25.4 / 2, 50: 50 / 25.4 / 2}


class Weapon(DataModel):
    """A weapon line: melee (POW, P+S at use) or ranged (RNG, ROF, AOE)."""

    name: str
    kind: Literal["melee", "ranged"]
    pow: int = Field(ge=0, le=20)
    rng: float = Field(default=0.5, ge=0.5, le=24)
    rof: int = Field(default=1, ge=1, le=5)
    aoe: int = Field(default=0, ge=0, le=5)
    qualities: tuple[Quality, ...] = ()


class Effect(DataModel):
    """What a spell, animus or feat does: a stat change for a while, healing, knockdown,
    or fury for the caster."""

    kind: EffectKind
    stat: Stat | None = None
    amount: int = 0
    scope: Scope = "target"

    @model_validator(mode="after")
    def _fits_its_kind(self) -> Effect:
        if (self.kind == "stat") != (self.stat is not None):
            raise ValueError("a 'stat' effect names its stat, other effects do not")
        if self.kind == "fury" and (self.scope != "self" or self.amount <= 0):
            raise ValueError("a 'fury' effect gives the caster fury: scope 'self', amount 1 or"
                             " more")
        return self


class SpellRecord(Record):
    """A spell or an animus: COST, RNG (inches, or SELF), AOE (inches, or CTRL: every
    model in the caster's control area), POW, UP, OFF."""

    name: str
    cost: int = Field(ge=0, le=5)
    rng: float | Literal["SELF"]
    aoe: Annotated[int, Field(ge=0, le=5)] | Literal["CTRL"] = 0
    pow: int = Field(default=0, ge=0, le=18)
    up: bool = False
    off: bool = False
    effects: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _ctrl_is_cast_on_self(self) -> SpellRecord:
        # engine default: a CTRL spell is cast on the caster (RNG SELF) and makes no
        # magic attack, as the seed gives no offensive CTRL spell a target
        if self.aoe == "CTRL" and (self.rng != "SELF" or self.off):
            raise ValueError("an AOE CTRL spell has RNG SELF and is not offensive")
        for effect in self.effects:
            # its RNG and AOE choose the models a spell or animus reaches, not the scope
            if effect.kind != "fury" and effect.scope != "target":
                raise ValueError(
                    f"a spell's or animus's {effect.kind} effect reaches the models its RNG and"
                    f" AOE choose (scope 'target'), not {effect.scope!r}: scopes are for feats")
        return self

    @property
    def ctrl(self) -> bool:
        """Whether the spell affects every model in the caster's control area."""
        return self.aoe == "CTRL"

    @property
    def template(self) -> int:
        """The AOE diameter in inches (0 for none or CTRL)."""
        return self.aoe if isinstance(self.aoe, int) else 0


class FeatRecord(Record):
    """A warlock's feat: once a game, during its activation."""

    name: str
    effects: tuple[Effect, ...]


class ModelRecord(Record):
    """One model's card: the stat line, weapons, abilities, damage and fury economy."""

    name: str
    faction: str
    role: Role
    weight: Weight | None = None
    base: Literal[30, 40, 50]
    spd: int = Field(ge=1, le=10)
    str_: int = Field(alias="str", ge=1, le=14)
    mat: int = Field(ge=1, le=9)
    rat: int = Field(ge=1, le=9)
    def_: int = Field(alias="def", ge=5, le=18)
    arm: int = Field(ge=8, le=22)
    fury: int = Field(ge=1, le=8)
    thr: int = Field(default=0, ge=0, le=12)
    damage: int = Field(default=0, ge=0, le=30)
    spiral: tuple[int, ...] = ()
    points: int = Field(ge=0, le=20)
    warbeast_points: int = Field(default=0, ge=0, le=10)
    weapons: tuple[Weapon, ...] = ()
    abilities: tuple[Ability, ...] = ()
    spells: tuple[str, ...] = ()
    feat: str | None = None
    animus: str | None = None

    model_config = ConfigDict(
        populate_by_name=True, serialize_by_alias=True, extra="forbid", frozen=True
    )

    @model_validator(mode="after")
    def _role_fields(self) -> ModelRecord:
        role, name = self.role, self.name
        if role == "warlock":
            wrong = [("damage", "a warlock has damage boxes (1 or more)", self.damage < 1),
                     ("spiral", "a warlock has damage boxes, no life spiral", bool(self.spiral)),
                     ("feat", "a warlock needs a feat", self.feat is None)]
        else:
            spiral = (f"a warbeast's life spiral has six branches of 1 or more circles; {name}'s"
                      f" has {len(self.spiral)} ({list(self.spiral)})")
            wrong = [("spiral", spiral, len(self.spiral) != 6 or min(self.spiral, default=0) < 1),
                     ("damage", "a warbeast has a life spiral, no damage boxes", self.damage > 0),
                     ("weight", "a warbeast needs a weight (light or heavy)", not self.weight),
                     ("thr", "a warbeast has a THR of 1 or more", self.thr < 1),
                     ("animus", "a warbeast needs an animus", self.animus is None)]
        for key, reason, is_wrong in wrong:
            if is_wrong:
                raise KeyProblem(key, reason)
        return self

    @property
    def radius(self) -> float:
        """Base radius in inches."""
        return BASE_RADIUS[self.base]

    @property
    def boxes(self) -> int:
        """Damage boxes in all (warlock) or circles of the life spiral (warbeast)."""
        return self.damage if self.role == "warlock" else sum(self.spiral)


class TerrainRecord(Record):
    """A terrain piece: an outline and its kind (obstruction, forest, rough, hill)."""

    kind: Literal["obstruction", "forest", "rough", "hill"]
    points: tuple[tuple[float, float], ...] = Field(min_length=3)


class Settings(DataModel):
    """The engine's choices where the seed is silent (all ``engine default``)."""

    source: str = "engine default"
    table: float = Field(default=48.0, ge=24)
    deploy_depth: float = Field(default=10.0, ge=1)
    rounds: int = Field(default=7, ge=1, le=30)
    max_legs: int = Field(default=10, ge=1, le=50)
    concealment: int = Field(default=2, ge=0)
    rough_cost: float = Field(default=2.0, ge=1)


class TerrainFile(DataModel):
    """``terrain.toml``: named layouts of terrain pieces."""

    layouts: dict[str, tuple[TerrainRecord, ...]]


@dataclass(frozen=True, slots=True)
class HordesData:
    """Everything a game reads: models, spells (and animi), feats, terrain, settings."""

    models: Catalog[ModelRecord]
    spells: Catalog[SpellRecord]
    feats: Catalog[FeatRecord]
    layouts: dict[str, tuple[TerrainRecord, ...]]
    settings: Settings
    #: Base radius in inches of each model id (read on every distance: kept at hand).
    radii: dict[str, float] = field(default_factory=dict)
    #: The example battlegroups by name (``lists/NAME.toml`` of the data folder).
    lists: dict[str, ArmyList] = field(default_factory=dict)


def load_data(folder: DataFolder) -> HordesData:
    """Read and cross-check every data file from ``folder`` (through ``folder.load``, so a
    problem names the file that set its key and a file never read is refused)."""
    return folder.load(_load)


def _load(folder: DataFolder) -> HordesData:
    models = folder.read_catalog("models.toml", ModelRecord, kind="model")
    spells = folder.read_catalog("spells.toml", SpellRecord, kind="spell or animus")
    feats = folder.read_catalog("feats.toml", FeatRecord, kind="feat")
    terrain = folder.read_model("terrain.toml", TerrainFile)
    settings = folder.read_model("settings.toml", Settings)
    _check_factions(models)
    spell_refs: list[tuple[Loc, str]] = [
        ((key, "spells", index), spell)
        for key, model in models.items()
        for index, spell in enumerate(model.spells)
    ]
    spell_refs += [((key, "animus"), model.animus) for key, model in models.items()
                   if model.animus is not None]
    folder.check_references("models.toml", "spells.toml", "spell or animus", spell_refs, spells,
                            kinds="spells or animi")
    folder.check_references("models.toml", "feats.toml", "feat", (
        ((key, "feat"), model.feat) for key, model in models.items() if model.feat is not None
    ), feats)
    radii = {key: model.radius for key, model in models.items()}
    return HordesData(models, spells, feats, dict(terrain.layouts), settings, radii,
                      _example_lists(folder, models))


def _example_lists(folder: DataFolder, models: Catalog[ModelRecord]) -> dict[str, ArmyList]:
    """The example battlegroups the ruleset ships under ``lists/``, each read from the data
    folder (a player's ``lists/NAME.toml`` replaces the shipped one), every model it names
    checked against the models read."""
    found = {}
    for shipped in sorted((folder.shipped / "lists").glob("*.toml")):
        where = f"lists/{shipped.name}"
        army = folder.read_model(where, ArmyList)
        folder.check_references(where, "models.toml", "model", (
            (("units", index, "unit"), entry.unit) for index, entry in enumerate(army.units)
        ), models)
        found[shipped.stem] = army
    return found


def _check_factions(models: Catalog[ModelRecord]) -> None:
    """Factions are free text, fixed by the warlocks: a warbeast of a faction no warlock has
    could never join a battlegroup, so its faction is refused (most likely a typo)."""
    factions = sorted({model.faction for model in models.values() if model.role == "warlock"})
    problems = [
        DataProblem(format_path((key, "faction")), (
            f"no warlock is of faction {json.dumps(model.faction)}, so this warbeast could never"
            f" join a battlegroup (warlocks' factions: {', '.join(map(json.dumps, factions))})"
            + did_you_mean(difflib.get_close_matches(model.faction, factions, n=1))))
        for key, model in models.items()
        if model.role == "warbeast" and model.faction not in factions
    ]
    if problems:
        raise DataFileError(models.source, problems)
