"""Loading the data files once, checking them, and turning them into plain rule objects.

The game's hot path reads :class:`ShipClass`, :class:`SystemSpec` and :class:`FighterType`:
small frozen dataclasses built once from the validated pydantic records, never pydantic
itself.

>>> lib = load_library()
>>> lib.designs["picket"].hull_rows
(1, 1, 1, 0)
>>> lib.fighters["heavy"].armoured
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from warbench.core.catalog import Catalog, DataFileError
from warbench.core.data_errors import DataProblem, format_path
from warbench.core.datafolder import DataFolder
from warbench.rulesets.full_thrust.arcs import ALL_ARCS
from warbench.rulesets.full_thrust.data import (
    BeamRecord,
    CostTable,
    DesignRecord,
    FighterRecord,
    FleetRecord,
    KGunRecord,
    PlasmaLauncherRecord,
    PodLauncherRecord,
    PulserRecord,
    RulesFile,
    SalvoLauncherRecord,
    WeaponRecord,
)
from warbench.rulesets.full_thrust.design import (
    cost_sheet,
    crew_factors,
    design_problems,
    hull_descriptor,
    hull_rows,
    screen_mass,
    weapon_label,
    weapon_mass,
)

DATA_DIR = Path(__file__).parent / "data"
FIGHTER_FLAGS = ("ace", "green", "ftl", "aboard")
"""Marks a hangar entry may carry after its type: ``"standard+ace"``, ``"heavy+ftl"``;
``aboard`` (with ``ftl`` only) starts an FTL group in its bay instead of on the table."""


@dataclass(frozen=True, slots=True)
class SystemSpec:
    """One system of a ship class, in the order threshold checks and damage list them.

    ``level`` is a beam's class or the screens' level; ``arcs`` a bit mask; ``ammo`` the
    shots it holds (-1: no limit); ``mode`` a Phalon pulser's mode or the pod a Sa'Vasku
    launcher grows; ``mass`` the MASS it takes (what a Sa'Vasku repair costs in power).
    """

    kind: str
    label: str
    level: int = 0
    arcs: int = ALL_ARCS
    ammo: int = -1
    mode: str = ""
    mass: int = 0


@dataclass(frozen=True, slots=True)
class ShipClass:
    """A ship design, ready for play."""

    id: str
    name: str
    mass: int
    thrust: int
    race: str
    advanced: bool
    hull: int
    hull_rows: tuple[int, ...]
    armour: int
    screens: int
    systems: tuple[SystemSpec, ...]
    points: int
    crew: int
    hangars: int
    descriptor: str
    tags: tuple[str, ...]
    power_rows: tuple[int, ...] = ()
    biomass: int = 0

    def indices(self, kind: str) -> tuple[int, ...]:
        """Indices of the systems of one kind."""
        return tuple(i for i, system in enumerate(self.systems) if system.kind == kind)


#: Each design's systems by kind, kept per design object (see :func:`kind_indices`).
_KINDS: dict[int, tuple[ShipClass, dict[str, tuple[int, ...]]]] = {}


def kind_indices(cls: ShipClass) -> Mapping[str, tuple[int, ...]]:
    """The indices of each kind of system of ``cls``, in order (:meth:`ShipClass.indices`
    of every kind at once). Kept per design object: a design is frozen, so nothing
    invalidates its entry, which holds the design so that its id is not reused."""
    entry = _KINDS.get(id(cls))
    if entry is None or entry[0] is not cls:
        if len(_KINDS) >= 4096:
            _KINDS.clear()
        kinds: dict[str, tuple[int, ...]] = {}
        for index, system in enumerate(cls.systems):
            kinds[system.kind] = (*kinds.get(system.kind, ()), index)
        entry = _KINDS[id(cls)] = (cls, kinds)
    return entry[1]


@dataclass(frozen=True, slots=True)
class FighterType:
    """A fighter group type, ready for play."""

    id: str
    name: str
    code: str
    size: int
    move: int
    reduced_move: int
    endurance: int
    points: int
    ship_attack: str
    ship_modifier: int
    dogfight: str
    dogfight_modifier: int
    interceptor: bool
    armoured: bool
    light: bool
    roles: tuple[str, ...]
    factions: tuple[str, ...]
    races: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HangarEntry:
    """One fighter group in a hangar list: its type and its flags."""

    kind: str
    ace: bool = False
    green: bool = False
    ftl: bool = False
    aboard: bool = False


@dataclass(frozen=True, slots=True)
class Library:
    """Every data file of the ruleset, validated, with the plain objects built from them."""

    design_records: Catalog[DesignRecord]
    fighter_records: Catalog[FighterRecord]
    fleet_records: Catalog[FleetRecord]
    costs: CostTable
    rules: RulesFile
    designs: Mapping[str, ShipClass]
    fighters: Mapping[str, FighterType]


class FleetDataError(ValueError):
    """A hangar entry that names no fighter type or carries an unknown flag."""


def parse_hangar_entry(text: str, fighters: Mapping[str, FighterType]) -> HangarEntry:
    """Read ``"type+flag+flag"`` (flags: ace, green, ftl, and with ftl aboard).

    >>> lib = load_library()
    >>> parse_hangar_entry("heavy+ace", lib.fighters)
    HangarEntry(kind='heavy', ace=True, green=False, ftl=False, aboard=False)
    >>> parse_hangar_entry("hevy", lib.fighters)
    Traceback (most recent call last):
    ...
    warbench.rulesets.full_thrust.library.FleetDataError: unknown fighter type "hevy", did you \
mean "heavy"?
    """
    kind, *flags = text.split("+")
    if kind not in fighters:
        from warbench.core.catalog import UnknownEntry

        raise FleetDataError(str(UnknownEntry("fighter type", kind, fighters)))
    unknown = [flag for flag in flags if flag not in FIGHTER_FLAGS]
    if unknown:
        raise FleetDataError(
            f"unknown fighter flag {unknown[0]!r} in {text!r} (flags: {', '.join(FIGHTER_FLAGS)})"
        )
    if "ace" in flags and "green" in flags:
        raise FleetDataError(f"{text!r}: a group cannot have an ace and be green at once")
    if "aboard" in flags and "ftl" not in flags:
        raise FleetDataError(f"{text!r}: only FTL groups may start on the table, so only "
                             "they need '+aboard' to start in their bay")
    return HangarEntry(kind, "ace" in flags, "green" in flags, "ftl" in flags,
                       "aboard" in flags)


def _systems(design: DesignRecord, costs: CostTable) -> tuple[SystemSpec, ...]:
    sheet = cost_sheet(design, costs)
    drive = next((mass for name, mass, _ in sheet.lines if name.endswith("drive")
                  and name != "FTL drive"), 0)
    screen = screen_mass(design, costs) // max(1, design.screens)
    systems = [SystemSpec("drive", "main drive", mass=drive)]
    systems += [SystemSpec("fire_control", "fire control",
                           mass=costs.fire_control_mass)] * design.fire_controls
    systems += [SystemSpec("adfc", "area defence fire control",
                           mass=costs.adfc_mass)] * design.adfc
    # each screen level is a system of its own at threshold checks (FT-SCREENS)
    systems += [SystemSpec("screen", "screen generator", 1, mass=screen)] * design.screens
    systems += [SystemSpec("shroud", "vapour shroud")] * design.shroud
    systems += [SystemSpec("pds", "point defence system", mass=costs.pds_mass)] * design.pds
    systems += [SystemSpec("hangar", "hangar bay", mass=costs.hangar_mass)] * design.hangars
    # a Sa'Vasku drone womb holds its group of drones as a hangar bay does (FT-SV-PODS)
    systems += [SystemSpec("hangar", "drone womb", mass=costs.womb_mass)] * design.wombs
    systems += [replace(_weapon_system(weapon), mass=weapon_mass(weapon, costs))
                for weapon in design.weapons]
    return tuple(systems)


def _weapon_system(weapon: WeaponRecord) -> SystemSpec:
    label = weapon_label(weapon)
    if isinstance(weapon, BeamRecord):
        return SystemSpec("beam", label, weapon.beam_class, weapon.mask)
    if isinstance(weapon, KGunRecord):
        return SystemSpec("k_gun", label, weapon.gun_class, weapon.mask)
    if isinstance(weapon, SalvoLauncherRecord):
        return SystemSpec(weapon.kind, label, 0, weapon.mask, weapon.magazine)
    if isinstance(weapon, PlasmaLauncherRecord):
        return SystemSpec(weapon.kind, label, weapon.bolt_class, weapon.mask)
    if isinstance(weapon, PulserRecord):
        return SystemSpec(weapon.kind, label, 0, weapon.mask, mode=weapon.mode)
    if isinstance(weapon, PodLauncherRecord):
        return SystemSpec(weapon.kind, label, 0, weapon.mask, mode=weapon.pod)
    ammo = 1 if weapon.kind in ("submunition", "salvo_rack", "scattergun", "mkp") else -1
    return SystemSpec(weapon.kind, label, 0, weapon.mask, ammo)


#: Factions whose fleets are of an alien race; every other faction fields human ships.
ALIEN_FACTIONS = {"kravak": "kravak", "phalon": "phalon", "savasku": "savasku"}


def race_of_faction(faction: str) -> str:
    """The race whose designs a fleet of ``faction`` fields.

    >>> race_of_faction("kravak"), race_of_faction("concord")
    ('kravak', 'human')
    """
    return ALIEN_FACTIONS.get(faction, "human")


def known_factions(library: Library) -> tuple[str, ...]:
    """The factions a fleet list may name: ``human``, the alien races, and every faction the
    data's fleets and fighter types name (a player's data folder may add its own).

    >>> known_factions(load_library())
    ('concord', 'directorate', 'human', 'ij', 'kravak', 'phalon', 'savasku')
    """
    named = {"human", *ALIEN_FACTIONS}
    named.update(fleet.faction for fleet in library.fleet_records.values())
    named.update(faction for kind in library.fighters.values() for faction in kind.factions)
    return tuple(sorted(named))


def compile_design(design: DesignRecord, costs: CostTable) -> ShipClass:
    """The plain ship class of a (legal) design record."""
    return ShipClass(
        id=design.id,
        name=design.name,
        mass=design.mass,
        thrust=design.thrust,
        race=design.race,
        advanced=design.drive == "advanced",
        hull=design.hull,
        hull_rows=hull_rows(design.hull),
        armour=design.armour + sum(design.armour_layers),
        screens=design.screens,
        systems=_systems(design, costs),
        points=cost_sheet(design, costs).points,
        crew=crew_factors(design.mass, costs),
        hangars=design.hangars + design.wombs,
        descriptor=hull_descriptor(design, costs),
        tags=design.tags,
        power_rows=hull_rows(design.power) if design.power else (),
        biomass=design.biomass,
    )


def compile_fighter(record: FighterRecord) -> FighterType:
    """The plain fighter type of a record."""
    return FighterType(
        id=record.id,
        name=record.name,
        code=record.code,
        size=record.size,
        move=record.move,
        reduced_move=record.reduced_move or record.move,
        endurance=record.endurance,
        points=record.points,
        ship_attack=record.ship_attack,
        ship_modifier=record.ship_modifier,
        dogfight=record.dogfight,
        dogfight_modifier=record.dogfight_modifier,
        interceptor=record.interceptor,
        armoured=record.armoured,
        light=record.light,
        roles=record.roles,
        factions=record.factions,
        races=record.races,
    )


def check_designs(designs: Catalog[DesignRecord], costs: CostTable) -> None:
    """Raise one :class:`DataFileError` listing every illegal design."""
    problems = [
        DataProblem(format_path((key, *field.split("."))), reason)
        for key, design in designs.items()
        for field, reason in design_problems(design, costs)
    ]
    if problems:
        raise DataFileError(designs.source, problems)


def check_fleets(
    fleets: Catalog[FleetRecord],
    designs: Mapping[str, ShipClass],
    fighters: Mapping[str, FighterType],
) -> None:
    """Raise one :class:`DataFileError` for fleets naming unknown designs or fighters."""
    problems: list[DataProblem] = []
    for key, fleet in fleets.items():
        for index, ship in enumerate(fleet.ships):
            where = (key, "ships", index)
            problems += [
                DataProblem(format_path((*where, *field)), reason)
                for field, reason in fleet_ship_problems(
                    ship.design, ship.fighters, fleet.faction, designs, fighters
                )
            ]
    if problems:
        raise DataFileError(fleets.source, problems)


def fleet_ship_problems(
    design: str,
    hangar: tuple[str, ...] | list[str],
    faction: str,
    designs: Mapping[str, ShipClass],
    fighters: Mapping[str, FighterType],
) -> list[tuple[tuple[str | int, ...], str]]:
    """Why a ship of a fleet cannot be fielded: unknown design, bad or too many fighters."""
    from warbench.core.catalog import UnknownEntry

    if design not in designs:
        return [(("design",), str(UnknownEntry("design", design, designs)))]
    problems: list[tuple[tuple[str | int, ...], str]] = []
    ship = designs[design]
    if len(hangar) > ship.hangars:
        problems.append(
            (("fighters",), f"{len(hangar)} fighter groups but {ship.name} has "
             f"{ship.hangars} hangar bays")
        )
    for index, text in enumerate(hangar):
        try:
            entry = parse_hangar_entry(text, fighters)
        except FleetDataError as error:
            problems.append((("fighters", index), str(error)))
            continue
        allowed = fighters[entry.kind].factions
        race = race_of_faction(faction)
        if race not in fighters[entry.kind].races:
            problems.append(
                (("fighters", index), f"{race} carriers do not field {entry.kind} fighters")
            )
        elif allowed and faction not in allowed:
            problems.append(
                (("fighters", index), f"{entry.kind} fighters are only for {', '.join(allowed)}")
            )
    return problems


def load_library(directory: str | os.PathLike[str] | None = None) -> Library:
    """Read and check every data file: a player's ``directory`` first, then the shipped."""
    return library_from(DataFolder(DATA_DIR, None if directory is None else Path(directory)))


def library_from(folder: DataFolder) -> Library:
    """Read and check every data file of ``folder`` (the shipped files are read once),
    through ``folder.load``: a problem names the file that set its key, and a file of the
    player's never read (an example list) is refused."""
    if folder.user is None and folder.shipped == DATA_DIR:
        return _shipped_library()
    return folder.load(_load)


@lru_cache(maxsize=1)
def _shipped_library() -> Library:
    """The shipped data files, read and checked once."""
    return _load(DataFolder(DATA_DIR))


def _load(folder: DataFolder) -> Library:
    costs = folder.read_model("costs.toml", CostTable)
    rules = folder.read_model("rules.toml", RulesFile)
    design_records = folder.read_catalog("designs.toml", DesignRecord, kind="design")
    check_designs(design_records, costs)
    fighter_records = folder.read_catalog("fighters.toml", FighterRecord, kind="fighter type")
    fighters = {key: compile_fighter(record) for key, record in fighter_records.items()}
    _check_roles(fighter_records, fighters)
    designs = {key: compile_design(record, costs) for key, record in design_records.items()}
    fleet_records = folder.read_catalog("fleets.toml", FleetRecord, kind="fleet")
    ships = [((key, "ships", index), ship) for key, fleet in fleet_records.items()
             for index, ship in enumerate(fleet.ships)]
    folder.check_references("fleets.toml", "designs.toml", "design", (
        ((*where, "design"), ship.design) for where, ship in ships), designs, lost_only=True)
    folder.check_references("fleets.toml", "fighters.toml", "fighter type", (
        ((*where, "fighters", index), text.split("+")[0])
        for where, ship in ships for index, text in enumerate(ship.fighters)), fighters,
        lost_only=True)  # other unknown ids: check_fleets, with every other problem
    check_fleets(fleet_records, designs, fighters)
    return Library(
        design_records, fighter_records, fleet_records, costs, rules, designs, fighters
    )


def _check_roles(records: Catalog[FighterRecord], fighters: Mapping[str, FighterType]) -> None:
    problems = [
        DataProblem(format_path((key, "roles", index)), f"no fighter type {role!r} to fight as")
        for key, record in records.items()
        for index, role in enumerate(record.roles)
        if role not in fighters or fighters[role].roles
    ]
    if problems:
        raise DataFileError(records.source, problems)
