"""The Dystopian Wars data files, validated, and the plain specs the rules read.

``data/models.toml`` holds the model classes (the FIGs), ``data/criticals.toml`` the
critical hit table, ``data/cards.toml`` the STAR deck, ``data/formats.toml`` the fleet
building formats and ``data/fleets/*.toml`` example fleets (army lists). The source gives
no stat lines, no critical table and no card texts, so every such record says
``source = "engine default"``.

Records are pydantic models (errors name the file and key path); the game itself reads the
frozen dataclasses they are turned into once, at load time, so the hot path never touches
pydantic.

>>> data = load_data()
>>> spec = data.models["britannia-battleship"]
>>> spec.size, spec.capital, spec.hp, [m.name for m in spec.mounts][:2]
('large', True, 8, ['fore turret', 'aft turret'])
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from warbench.core.catalog import (
    Catalog,
    DataFileError,
    DataModel,
    Record,
    load_model,
)
from warbench.core.data_errors import DataProblem
from warbench.core.datafolder import DataFolder
from warbench.core.lists import ArmyList, ConstraintSet
from warbench.rulesets.dystopian_wars.specs import BEASTS as BEASTS
from warbench.rulesets.dystopian_wars.specs import SIZE_RANK as SIZE_RANK
from warbench.rulesets.dystopian_wars.specs import ModelSpec as ModelSpec
from warbench.rulesets.dystopian_wars.specs import Mount as Mount

DATA_DIR = Path(__file__).parent / "data"

Size = Literal["tiny", "small", "medium", "large", "massive"]
Domain = Literal["naval", "aerial", "land"]
Category = Literal[
    # naval
    "fleet-carrier", "dreadnought", "battleship", "submarine", "gunship", "cruiser",
    "destroyer", "frigate", "escort", "corvette",
    # aerial
    "sky-fortress", "airship", "gyro", "rotor", "bomber", "aeroplane",
    # land
    "mobile-airfield", "land-ship", "burrower", "troop-transport", "bombard", "tank",
    "heavy-walker",
    # further categories
    "creature", "robot", "fortification",
]
WeaponKind = Literal["gunnery", "rockets", "torpedoes", "bombs", "mines"]
Grade = Literal["primary", "secondary"]
ArcName = Literal[
    "fore", "aft", "port", "starboard", "fore180", "aft180", "fore270", "aft270", "all",
    "channel", "aft-channel",
]
Trait = Literal[
    "icon", "diving", "flying", "creature", "robot", "fortification", "escort", "spotter",
    "covered-decks", "double-decker", "fast", "elusive", "no-reverse", "amphibious",
]
WingType = Literal["fighter", "dive-bomber", "torpedo-bomber", "recon"]
Nation = Literal["britannia", "prussia", "blazing-sun", "federated-states"]



class WeaponRecord(DataModel):
    """One weapon system of a FIG: its kind, grade, arcs and attack dice per range band.

    A weapon listed on several arcs (port and starboard broadsides, "P/S") fires from each
    of them with its whole AD.
    """

    name: str
    kind: WeaponKind = "gunnery"
    grade: Grade = "secondary"
    arcs: tuple[ArcName, ...] = Field(min_length=1)
    ad: tuple[int, int, int, int]
    tesla: bool = False
    indirect: bool = False

    @model_validator(mode="after")
    def _sensible(self) -> WeaponRecord:
        if any(value < 0 for value in self.ad):
            raise ValueError(f"attack dice cannot be negative, got {list(self.ad)}")
        if not any(self.ad):
            raise ValueError("a weapon needs attack dice in at least one range band")
        if len(set(self.arcs)) != len(self.arcs):
            raise ValueError(f"arcs repeat: {list(self.arcs)}")
        return self


class ModelRecord(Record):
    """A model class: the statistics its Fleet Information Guide (FIG) lists."""

    name: str
    nation: Nation
    category: Category
    domain: Domain
    size: Size
    capital: bool = False
    traits: tuple[Trait, ...] = ()
    points: int = Field(ge=0)
    squadron: tuple[int, int] = (1, 1)
    hp: int = Field(ge=1)
    dr: int = Field(ge=1)
    cr: int = Field(ge=1)
    mv: int = Field(ge=0)
    min_move: int = Field(default=2, ge=0)
    turn: float = Field(default=2.0, ge=0.0)
    repeat_turns: bool = False
    aa: int = Field(default=0, ge=0)
    cc: int = Field(default=0, ge=0)
    ap: int = Field(default=0, ge=0)
    rr: int = Field(default=0, ge=0)
    shield: int = Field(default=0, ge=0)
    carrier: int = Field(default=0, ge=0)
    wing: WingType | None = None
    base: tuple[float, float]
    weapons: tuple[WeaponRecord, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> ModelRecord:
        low, high = self.squadron
        if not 1 <= low <= high:
            raise ValueError(f"squadron size must be 1 <= min <= max, got {[low, high]}")
        if self.dr > self.cr:
            raise ValueError(f"dr {self.dr} is above cr {self.cr}")
        if self.min_move > self.mv:
            raise ValueError(f"min_move {self.min_move} is above mv {self.mv}")
        if (self.size == "tiny") != (self.wing is not None):
            raise ValueError("tiny flyers (and only they) name their wing type")
        if self.base[0] <= 0 or self.base[1] <= 0:
            raise ValueError(f"base must be positive width and length, got {list(self.base)}")
        names = [weapon.name for weapon in self.weapons]
        if len(set(names)) != len(names):
            raise ValueError(f"weapon names repeat: {names}")
        return self


class CriticalRecord(Record):
    """One row of the critical hit table (rolled on a die of ``table.sides`` faces)."""

    roll: int = Field(ge=1)
    name: str
    marker: str = ""
    extra_damage: int = Field(default=0, ge=0)
    starred: bool = True
    text: str


class CriticalTable(Record):
    """The critical hit table: one row per face."""

    sides: int = Field(ge=2)
    rows: tuple[CriticalRecord, ...]

    @model_validator(mode="after")
    def _one_row_per_face(self) -> CriticalTable:
        faces = [row.roll for row in self.rows]
        if faces != list(range(1, self.sides + 1)):
            raise ValueError(f"rows must cover faces 1..{self.sides} in order, got {faces}")
        return self


class CriticalFile(DataModel):
    """``criticals.toml``."""

    table: CriticalTable


CardKind = Literal["S", "T", "A", "R"]
#: Model categories a card may be restricted to.
CardCategory = Literal["capital", "creature", "robot", "fortification"]
CardEffect = Literal[
    "initiative", "speed", "gunnery", "steady-aim", "repair", "shields", "evasion",
    "boarding", "bravery", "fog", "counter",
]


#: The effects a card of each kind may carry: where the engine plays that kind, the
#: effects it reads there (a T card is laid before initiative for the whole fleet, an S
#: card on a squadron, an A card on one model, an R card against one attack or card).
KIND_EFFECTS: dict[str, tuple[str, ...]] = {
    "T": ("initiative", "speed", "fog"),
    "S": ("gunnery", "speed", "repair", "boarding", "bravery"),
    "A": ("gunnery", "steady-aim", "repair"),
    "R": ("shields", "evasion", "counter"),
}


class CardRecord(Record):
    """One STAR card design; ``copies`` of it go in a deck."""

    name: str
    kind: CardKind
    sturginium: int = Field(ge=1, le=3)
    effect: CardEffect
    value: int = Field(default=1, ge=0)
    copies: int = Field(default=1, ge=1)
    only: list[CardCategory] = Field(default_factory=list)
    text: str

    @model_validator(mode="after")
    def _effect_of_its_kind(self) -> CardRecord:
        allowed = KIND_EFFECTS[self.kind]
        if self.effect not in allowed:
            raise ValueError(f"a card of kind {self.kind} carries one of {', '.join(allowed)},"
                             f" not {self.effect!r}")
        return self


class CardFile(DataModel):
    """``cards.toml``: the deck (52 cards in all)."""

    deck_size: int = 52
    max_hand: int = 5
    cards: dict[str, CardRecord]

    @model_validator(mode="after")
    def _full_deck(self) -> CardFile:
        total = sum(card.copies for card in self.cards.values())
        if total != self.deck_size:
            raise ValueError(f"the cards' copies add up to {total}, not {self.deck_size}")
        return self


class FormatFile(DataModel):
    """``formats.toml``: one constraint set per fleet format."""

    formats: dict[str, ConstraintSet]


# ---------------------------------------------------------------------------- plain specs


def spec_from_record(key: str, record: ModelRecord) -> ModelSpec:
    """The plain spec of one catalog record; several-arc weapons become one mount per arc."""
    mounts = []
    for weapon in record.weapons:
        for arc in weapon.arcs:
            name = weapon.name if len(weapon.arcs) == 1 else f"{weapon.name} ({arc})"
            mounts.append(
                Mount(
                    name, weapon.name, weapon.kind, weapon.grade, arc, weapon.ad,
                    weapon.tesla, weapon.indirect,
                )
            )
    traits = set(record.traits)
    if record.domain == "aerial":
        traits.add("flying")
    if record.category in ("submarine", "burrower"):
        traits.add("diving")
    return ModelSpec(
        id=key,
        name=record.name,
        nation=record.nation,
        category=record.category,
        domain=record.domain,
        size=record.size,
        capital=record.capital,
        traits=frozenset(traits),
        points=record.points,
        squadron=record.squadron,
        hp=record.hp,
        dr=record.dr,
        cr=record.cr,
        mv=record.mv,
        min_move=record.min_move,
        turn=record.turn,
        repeat_turns=record.repeat_turns,
        aa=record.aa,
        cc=record.cc,
        ap=record.ap,
        rr=record.rr,
        shield=record.shield,
        carrier=record.carrier,
        wing=record.wing,
        width=record.base[0],
        length=record.base[1],
        mounts=tuple(mounts),
        engine_default=record.source == "engine default",
    )


@dataclass(frozen=True, slots=True)
class Critical:
    """A critical hit result, plain."""

    roll: int
    name: str
    marker: str
    extra_damage: int
    starred: bool
    text: str


@dataclass(frozen=True, slots=True)
class Card:
    """A STAR card design, plain."""

    id: str
    name: str
    kind: str
    sturginium: int
    effect: str
    value: int
    text: str
    only: tuple[str, ...] = ()

    def fits(self, spec: ModelSpec) -> bool:
        """Whether the card may be played on a model of ``spec`` (a card restricted to
        some categories fits only models of one of them)."""
        if not self.only:
            return True
        return any(
            spec.capital if category == "capital" else category in spec.traits
            for category in self.only
        )


@dataclass(frozen=True, slots=True)
class RulesData:
    """Everything the rules read from data: models, critical table, deck, formats."""

    catalog: Catalog[ModelRecord]
    models: dict[str, ModelSpec]
    critical_sides: int
    criticals: tuple[Critical, ...]
    cards: dict[str, Card]
    deck: tuple[str, ...]
    max_hand: int
    formats: dict[str, ConstraintSet]


def check_catalog(catalog: Catalog[ModelRecord]) -> None:
    """Cross-record checks: carriers' capacity, icon models being capital ships."""
    problems = []
    for key, record in catalog.items():
        if "icon" in record.traits and not record.capital:
            problems.append(DataProblem(f"{key}.traits", "only capital models may be Icons"))
        if "icon" in record.traits and {"creature", "robot"} & set(record.traits):
            problems.append(
                DataProblem(f"{key}.traits", "creatures and robots may not be Icons")
            )
    if problems:
        raise DataFileError(catalog.source, problems)


def build_data(
    catalog: Catalog[ModelRecord],
    criticals: CriticalFile,
    cards: CardFile,
    formats: FormatFile,
) -> RulesData:
    """Turn validated records into the plain data the rules read."""
    check_catalog(catalog)
    deck: list[str] = []
    for key, card in cards.cards.items():
        deck.extend([key] * card.copies)
    return RulesData(
        catalog=catalog,
        models={key: spec_from_record(key, record) for key, record in catalog.items()},
        critical_sides=criticals.table.sides,
        criticals=tuple(
            Critical(row.roll, row.name, row.marker, row.extra_damage, row.starred, row.text)
            for row in criticals.table.rows
        ),
        cards={
            key: Card(key, c.name, c.kind, c.sturginium, c.effect, c.value, c.text, tuple(c.only))
            for key, c in cards.cards.items()
        },
        deck=tuple(sorted(deck)),
        max_hand=cards.max_hand,
        formats=dict(formats.formats),
    )


def load_data(folder: DataFolder | None = None) -> RulesData:
    """Load and check every data file from ``folder`` (default: the shipped files, loaded
    once).

    A player's ``models.toml`` replaces or adds model classes of the shipped catalog
    (``DystopianWarsRuleset.data_by_entry``); a player's critical table, deck or formats
    file replaces the shipped one; a ``NAME.changes.toml`` changes any of them key by key.
    A player's folder is read through ``folder.load``: a problem names the file that set its
    key, and a file never read (an example fleet) is refused.
    """
    if folder is None or folder.user is None:
        return shipped_data()
    return folder.load(_read)


@lru_cache(maxsize=1)
def shipped_data() -> RulesData:
    """The shipped data files, loaded and checked once."""
    return _read(DataFolder(DATA_DIR))


def _read(folder: DataFolder) -> RulesData:
    """The data files of ``folder``, read and checked (inside ``folder.load``)."""
    return build_data(
        folder.read_catalog("models.toml", ModelRecord, kind="model class"),
        folder.read_model("criticals.toml", CriticalFile),
        folder.read_model("cards.toml", CardFile),
        folder.read_model("formats.toml", FormatFile),
    )


def fleet_paths() -> list[Path]:
    """The example fleet lists shipped in ``data/fleets``."""
    return sorted((DATA_DIR / "fleets").glob("*.toml"))


def load_fleet(path: str | os.PathLike[str]) -> ArmyList:
    """An army list file."""
    return load_model(path, ArmyList)
