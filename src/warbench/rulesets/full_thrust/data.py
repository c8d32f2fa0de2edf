"""The schema of Full Thrust's data files, read with the core catalog loader.

``data/`` holds five TOML files: ``designs.toml`` (ship classes), ``fighters.toml`` (fighter
group types), ``costs.toml`` (the Fleet Book's MASS and points rules), ``rules.toml`` (the
numbers the engine uses where the sources are silent) and ``fleets.toml`` (ready-made
fleets). Every file is validated with pydantic; a mistake names the file, the key path and
the reason. Ship designs are further checked against the cost rules by
:mod:`warbench.rulesets.full_thrust.design`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, field_validator

from warbench.core.catalog import DataModel, Record
from warbench.rulesets.full_thrust.arcs import UnknownArc, arc_mask

ArcList = tuple[str, ...]


class _Arced(Record):
    """A weapon that fires into a set of arcs (names F, FS, AS, A, AP, FP or "all")."""

    arcs: ArcList = ("F",)

    @field_validator("arcs", mode="before")
    @classmethod
    def _known_arcs(cls, value: object) -> object:
        if isinstance(value, str):
            value = (value,)
        if isinstance(value, list | tuple):
            if not value:
                raise ValueError("a weapon needs at least one arc")
            names = [name for name in value if isinstance(name, str)]
            try:
                arc_mask(names)  # a name that is no string is refused as one (strict str)
            except UnknownArc as error:
                raise ValueError(str(error)) from None
        return value

    @property
    def mask(self) -> int:
        """The arcs as a bit mask."""
        return arc_mask(list(self.arcs))


class BeamRecord(_Arced):
    """A beam battery of class 1 to 6; a class-1 battery always covers all six arcs."""

    model_config = ConfigDict(populate_by_name=True)
    kind: Literal["beam"]
    beam_class: int = Field(alias="class", ge=1, le=6)


class PulseTorpedoRecord(_Arced):
    """A pulse torpedo tube."""

    kind: Literal["pulse_torpedo"]


class NeedleBeamRecord(_Arced):
    """A needle beam, which snipes at one system."""

    kind: Literal["needle_beam"]


class SubmunitionRecord(_Arced):
    """A one-shot submunition pack."""

    kind: Literal["submunition"]


class SalvoLauncherRecord(_Arced):
    """A salvo missile launcher fed by a magazine of ``magazine`` salvos."""

    kind: Literal["salvo_launcher"]
    magazine: int = Field(ge=1)


class SalvoRackRecord(_Arced):
    """A one-shot salvo missile rack."""

    kind: Literal["salvo_rack"]


class KGunRecord(_Arced):
    """A Kra'Vak K-gun (kinetic gun) of class 1 to 6."""

    model_config = ConfigDict(populate_by_name=True)
    kind: Literal["k_gun"]
    gun_class: int = Field(alias="class", ge=1, le=6)


class ScattergunRecord(_Arced):
    """A Kra'Vak one-shot scattergun: point defence, or a short-range blast at a ship."""

    kind: Literal["scattergun"]


class MkpRecord(_Arced):
    """A Kra'Vak one-shot missile kinetic penetrator (MKP)."""

    kind: Literal["mkp"]


class PlasmaLauncherRecord(_Arced):
    """A Phalon plasma bolt launcher of class 1 to 6 (up to three adjacent arcs)."""

    model_config = ConfigDict(populate_by_name=True)
    kind: Literal["plasma_launcher"]
    bolt_class: int = Field(alias="class", ge=1, le=6)


class PulserRecord(_Arced):
    """A Phalon pulser, set before the battle to long, medium or close mode."""

    kind: Literal["pulser"]
    mode: Literal["long", "medium", "close"] = "medium"


class StingerRecord(_Arced):
    """A Sa'Vasku stinger node: beam dice bought with attack power (up to three arcs)."""

    kind: Literal["stinger"]


class SpiculeRecord(_Arced):
    """A Sa'Vasku spicule beam: point defence bought with attack power (all arcs)."""

    kind: Literal["spicule"]
    arcs: ArcList = ("all",)


class PodLauncherRecord(_Arced):
    """A Sa'Vasku pod launcher (one arc) growing one kind of pod from biomass: lance and
    leech pods strike ships in phase 9, interceptor pods meet attackers in phase 7 (which
    kind a launcher grows is set in its design: an engine default)."""

    kind: Literal["pod_launcher"]
    pod: Literal["lance", "leech", "interceptor"] = "lance"


#: Weapons only Kra'Vak ships mount (and the only weapons they mount).
KRAVAK_WEAPONS = ("k_gun", "scattergun", "mkp")
#: Weapons only Phalon ships mount (and the only weapons they mount).
PHALON_WEAPONS = ("plasma_launcher", "pulser")
#: Weapons only Sa'Vasku ships mount (and the only weapons they mount).
SAVASKU_WEAPONS = ("stinger", "spicule", "pod_launcher")

WeaponRecord = Annotated[
    BeamRecord
    | PulseTorpedoRecord
    | NeedleBeamRecord
    | SubmunitionRecord
    | SalvoLauncherRecord
    | SalvoRackRecord
    | KGunRecord
    | ScattergunRecord
    | MkpRecord
    | PlasmaLauncherRecord
    | PulserRecord
    | StingerRecord
    | SpiculeRecord
    | PodLauncherRecord,
    Field(discriminator="kind"),
]


class DesignRecord(Record):
    """A ship class: MASS, drives, hull and armour boxes, defences and weapons.

    ``points``, when given, must equal the points the Fleet Book's costs give the design.
    """

    id: str = ""
    name: str
    tags: tuple[str, ...] = ()
    mass: int = Field(ge=4, le=400)
    thrust: int = Field(ge=0, le=12)
    race: Literal["human", "kravak", "phalon", "savasku"] = "human"
    drive: Literal["standard", "advanced"] = "standard"
    ftl: bool = True
    streamlining: Literal["none", "partial", "full"] = "none"
    hull: int = Field(ge=1)
    armour: int = Field(default=0, ge=0)
    screens: int = Field(default=0, ge=0, le=2)
    fire_controls: int = Field(default=1, ge=0)
    adfc: int = Field(default=0, ge=0)
    pds: int = Field(default=0, ge=0)
    hangars: int = Field(default=0, ge=0)
    shroud: bool = False
    power: int = Field(default=0, ge=0)
    biomass: int = Field(default=0, ge=0)
    wombs: int = Field(default=0, ge=0)
    armour_layers: tuple[int, ...] = ()
    weapons: tuple[WeaponRecord, ...] = ()
    points: int | None = Field(default=None, ge=0)


class FighterRecord(Record):
    """A fighter group type: size, movement, endurance, how it attacks and is attacked."""

    id: str = ""
    name: str
    code: str = Field(min_length=1, max_length=3)
    size: int = Field(ge=1, le=12)
    move: int = Field(ge=1)
    reduced_move: int | None = Field(default=None, ge=1)
    endurance: int = Field(ge=1)
    points: int = Field(ge=0)
    ship_attack: Literal["beam", "torpedo", "none"] = "beam"
    ship_modifier: int = 0
    dogfight: Literal["beam", "six"] = "beam"
    dogfight_modifier: int = 0
    interceptor: bool = False
    armoured: bool = False
    light: bool = False
    roles: tuple[str, ...] = ()
    factions: tuple[str, ...] = ()
    races: tuple[str, ...] = ("human",)


class Band(DataModel):
    """One line of a range table: up to ``reach`` MU, ``value`` (dice or a to-hit number)."""

    reach: float = Field(gt=0)
    value: int = Field(ge=0)


class CostDefaults(Record):
    """Design costs the sources do not give."""

    submunition_mass: int
    submunition_points: int
    magazine_points_per_mass: int
    streamlining_points_per_mass: int
    mkp_mass: int
    mkp_points: int
    scattergun_max_arcs: int = Field(ge=1, le=6)
    drive_node_points_per_mass: int
    stinger_points: int
    spicule_points: int
    pod_launcher_points: int
    womb_points_per_mass: int
    biomass_mass: int
    biomass_points: int


class CostTable(Record):
    """The Fleet Book's design rules: MASS shares, MASS per system, points per MASS."""

    hull_min_percent: int = Field(ge=0, le=100)
    basic_hull_points_per_mass: int
    hull_points_per_box: int
    armour_points_per_box: int
    drive_percent_per_thrust: int
    ftl_percent: int
    streamlining_percent: dict[str, int]
    engine_points_per_mass: int
    screen_percent: tuple[int, int]
    screen_min_mass: tuple[int, int]
    screen_points_per_mass: int
    fire_control_mass: int
    fire_control_points: int
    adfc_mass: int
    adfc_points: int
    pds_mass: int
    pds_points: int
    hangar_mass: int
    hangar_points_per_mass: int
    weapon_points_per_mass: int
    beam_class2_mass: tuple[int, int]
    beam_extra_arc_percent: int
    pulse_torpedo_mass: int
    pulse_torpedo_extra_arc_mass: int
    needle_beam_mass: int
    needle_beam_points: int
    salvo_launcher_mass: int
    salvo_launcher_points: int
    magazine_mass_per_salvo: int
    salvo_rack_mass: int
    salvo_rack_points: int
    crew_mass: int
    hull_descriptors: dict[str, int]
    advanced_drive_points_per_mass: int
    kgun_mass: tuple[int, int, int, int, int, int]
    kgun_two_arc_mass: int
    kgun_points_per_mass: int
    scattergun_mass: int
    scattergun_points: int
    plasma_mass_per_class: int
    plasma_points_per_mass: int
    pulser_mass_by_arcs: tuple[int, int, int, int, int, int]
    pulser_points_per_mass: int
    shroud_percent: int
    shroud_points_per_mass: int
    shell_points_per_layer: int
    generator_mass: int
    generator_points: int
    drive_node_percent: int
    screen_node_percent: int
    screen_node_min_mass: int
    stinger_mass: int
    spicule_mass: int
    pod_launcher_mass: int
    womb_mass: int
    defaults: CostDefaults


class ThresholdRules(Record):
    """The face a threshold check fails on, for the end of hull rows 1, 2 and 3."""

    fail_on: tuple[int, int, int]
    extra_row_bonus: int


class SalvoRules(Record):
    """How salvo missiles fly and strike (the Fleet Book details are not in the sources)."""

    missiles: int = Field(ge=1)
    reach: float = Field(gt=0)
    attack_radius: float = Field(gt=0)
    damage_die: int = Field(ge=1)


class FighterRules(Record):
    """Fighter group movement and attack numbers shared by every type."""

    secondary_move: float = Field(gt=0)
    attack_range: float = Field(gt=0)
    launch_on_six: int
    relaunch_after: int
    lost_on: int


class FighterDefaults(Record):
    """Fighter rules the sources leave open."""

    attacks_use_screens: bool


class WeaponRules(Record):
    """Range tables of the direct-fire weapons."""

    beam_band: float = Field(gt=0)
    pulse_torpedo: tuple[Band, ...]
    needle_beam_reach: float = Field(gt=0)
    submunition: tuple[Band, ...]
    adfc_reach: float = Field(gt=0)
    k_gun: tuple[Band, ...]
    mkp_reach: float = Field(gt=0)


class PulserMode(DataModel):
    """One of a pulser's modes: dice it rolls and how far it reaches."""

    dice: int = Field(ge=1)
    reach: float = Field(gt=0)


class PhalonRules(Record):
    """Phalon numbers: pulser modes, plasma bolts (reach, burst radius, recharge)."""

    pulser: dict[str, PulserMode]
    plasma_reach: float = Field(gt=0)
    plasma_radius: float = Field(gt=0)
    plasma_recharge: int = Field(ge=1)


class SavaskuRules(Record):
    """Sa'Vasku numbers: thrust's power price, and what one attack power buys."""

    thrust_power_percent: int = Field(ge=1)
    damaged_drive_percent: int = Field(ge=1)
    stinger_reach: float = Field(gt=0)
    stinger_most_power: int = Field(ge=1)
    repair_on: int = Field(ge=1, le=6)


class PodRules(Record):
    """Sa'Vasku pods (engine defaults: the sources give no statistics): what a pod costs in
    attack power (and one biomass), how far lance and leech pods reach, what they need to
    hit and do, and how many attackers an interceptor pod kills (a d``interceptor_die``)."""

    power: dict[str, int]
    reach: float = Field(gt=0)
    hit_on: int = Field(ge=1, le=6)
    lance_die: int = Field(ge=1)
    leech_die: int = Field(ge=1)
    interceptor_die: int = Field(ge=1)


class KravakDefaults(Record):
    """Kra'Vak numbers the sources do not give: the scattergun's reach."""

    scattergun_reach: float = Field(gt=0)


class RepairRules(Record):
    """Damage control: what one party needs, what each further party takes off, and how
    many parties may work on one system (parties come from crew factors)."""

    repair_on: int = Field(ge=1, le=6)
    extra_party_bonus: int = Field(ge=0, le=5)
    max_parties: int = Field(ge=1)


class GameRules(Record):
    """The battle: table, deployment, turn limit, victory points."""

    width: float = Field(gt=0)
    height: float = Field(gt=0)
    deploy_depth: float = Field(gt=0)
    start_speed: int = Field(ge=0)
    turns: int = Field(ge=1)
    crippled_share: float = Field(ge=0, le=1)
    disengaged_share: float = Field(ge=0, le=1)


class RulesFile(DataModel):
    """``rules.toml``: every number the engine needs beyond ship and fighter data."""

    threshold: ThresholdRules
    salvo: SalvoRules
    fighters: FighterRules
    fighter_defaults: FighterDefaults
    weapons: WeaponRules
    repair: RepairRules
    game: GameRules
    kravak_defaults: KravakDefaults
    phalon: PhalonRules
    savasku: SavaskuRules
    pods: PodRules


class FleetShip(DataModel):
    """A ship of a ready-made fleet: its design, name and hangar load."""

    design: str
    name: str
    fighters: tuple[str, ...] = ()


class FleetRecord(Record):
    """A ready-made fleet."""

    id: str = ""
    name: str
    faction: str = ""
    ships: tuple[FleetShip, ...] = Field(min_length=1)
