"""Ship design by the Fleet Book: the MASS each part takes and the points the ship costs.

A design is legal when the MASS of its parts adds up exactly to its total MASS, its hull
integrity takes at least the minimum share, and (when it states them) its points are the
points the cost rules give. :func:`design_problems` lists everything wrong with a design.

>>> from warbench.rulesets.full_thrust.library import load_library
>>> lib = load_library()
>>> sheet = cost_sheet(lib.design_records["picket"], lib.costs)
>>> sheet.mass_used, sheet.points
(10, 34)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from warbench.rulesets.full_thrust.arcs import ALL_ARCS, arc_count
from warbench.rulesets.full_thrust.data import (
    KRAVAK_WEAPONS,
    PHALON_WEAPONS,
    SAVASKU_WEAPONS,
    BeamRecord,
    CostTable,
    DesignRecord,
    KGunRecord,
    MkpRecord,
    NeedleBeamRecord,
    PlasmaLauncherRecord,
    PodLauncherRecord,
    PulserRecord,
    PulseTorpedoRecord,
    SalvoLauncherRecord,
    SalvoRackRecord,
    ScattergunRecord,
    SpiculeRecord,
    StingerRecord,
    SubmunitionRecord,
    WeaponRecord,
)


@dataclass(frozen=True, slots=True)
class CostSheet:
    """MASS and points of a design, part by part: ``lines`` is (part, MASS, points)."""

    lines: tuple[tuple[str, int, int], ...]

    @property
    def mass_used(self) -> int:
        """MASS taken by every part together."""
        return sum(mass for _, mass, _ in self.lines)

    @property
    def points(self) -> int:
        """The design's points value."""
        return sum(points for _, _, points in self.lines)


def _percent_of(mass: int, percent: int) -> int:
    """``percent`` of ``mass``, rounded up (exact integer arithmetic): for limits such as
    the least hull integrity."""
    return -(-mass * percent // 100)


def system_percent(mass: int, percent: int) -> int:
    """The MASS of a system sized as ``percent`` of the ship's ``mass``, as the Fleet Book
    and its errata round it: each system on its own to the nearest whole MASS, a half
    rounded up, never below 1 (0 when the system takes no share).

    >>> system_percent(85, 5), system_percent(85, 10), system_percent(30, 5), system_percent(10, 5)
    (4, 9, 2, 1)
    """
    if percent <= 0:
        return 0
    return max(1, (2 * mass * percent + 100) // 200)


def weapon_mass(weapon: WeaponRecord, costs: CostTable) -> int:
    """The MASS one weapon takes.

    >>> from warbench.rulesets.full_thrust.library import load_library
    >>> costs = load_library().costs
    >>> beam = BeamRecord(kind="beam", beam_class=3, arcs=("FP", "F", "FS"))
    >>> weapon_mass(beam, costs)
    6
    """
    arcs = arc_count(weapon.mask)
    if isinstance(weapon, BeamRecord):
        if weapon.beam_class == 1:
            return 1
        if weapon.beam_class == 2:
            few, many = costs.beam_class2_mass
            return few if arcs <= 3 else many
        base: int = 2 ** (weapon.beam_class - 1)
        return base + _percent_of(base * (arcs - 1), costs.beam_extra_arc_percent)
    if isinstance(weapon, PulseTorpedoRecord):
        return costs.pulse_torpedo_mass + costs.pulse_torpedo_extra_arc_mass * (arcs - 1)
    if isinstance(weapon, NeedleBeamRecord):
        return costs.needle_beam_mass
    if isinstance(weapon, SubmunitionRecord):
        return costs.defaults.submunition_mass
    if isinstance(weapon, SalvoLauncherRecord):
        return costs.salvo_launcher_mass + costs.magazine_mass_per_salvo * weapon.magazine
    if isinstance(weapon, SalvoRackRecord):
        return costs.salvo_rack_mass
    if isinstance(weapon, KGunRecord):
        if weapon.gun_class == 2 and arcs == 2:
            return costs.kgun_two_arc_mass
        return costs.kgun_mass[weapon.gun_class - 1]
    if isinstance(weapon, ScattergunRecord):
        return costs.scattergun_mass
    if isinstance(weapon, MkpRecord):
        return costs.defaults.mkp_mass
    if isinstance(weapon, PlasmaLauncherRecord):
        return costs.plasma_mass_per_class * weapon.bolt_class
    if isinstance(weapon, PulserRecord):
        return costs.pulser_mass_by_arcs[arcs - 1]
    if isinstance(weapon, StingerRecord):
        return costs.stinger_mass
    if isinstance(weapon, SpiculeRecord):
        return costs.spicule_mass
    if isinstance(weapon, PodLauncherRecord):
        return costs.pod_launcher_mass
    raise TypeError(f"no mass rule for {weapon!r}")


def weapon_points(weapon: WeaponRecord, costs: CostTable) -> int:
    """The points one weapon costs."""
    if isinstance(weapon, BeamRecord | PulseTorpedoRecord):
        return weapon_mass(weapon, costs) * costs.weapon_points_per_mass
    if isinstance(weapon, NeedleBeamRecord):
        return costs.needle_beam_points
    if isinstance(weapon, SubmunitionRecord):
        return costs.defaults.submunition_points
    if isinstance(weapon, SalvoLauncherRecord):
        magazine = costs.magazine_mass_per_salvo * weapon.magazine
        return costs.salvo_launcher_points + magazine * costs.defaults.magazine_points_per_mass
    if isinstance(weapon, KGunRecord):
        return weapon_mass(weapon, costs) * costs.kgun_points_per_mass
    if isinstance(weapon, ScattergunRecord):
        return costs.scattergun_points
    if isinstance(weapon, MkpRecord):
        return costs.defaults.mkp_points
    if isinstance(weapon, PlasmaLauncherRecord):
        return weapon_mass(weapon, costs) * costs.plasma_points_per_mass
    if isinstance(weapon, PulserRecord):
        return weapon_mass(weapon, costs) * costs.pulser_points_per_mass
    if isinstance(weapon, StingerRecord):
        return costs.defaults.stinger_points
    if isinstance(weapon, SpiculeRecord):
        return costs.defaults.spicule_points
    if isinstance(weapon, PodLauncherRecord):
        return costs.defaults.pod_launcher_points
    return costs.salvo_rack_points


def weapon_label(weapon: WeaponRecord) -> str:
    """A short name for a weapon, e.g. ``class-2 beam``."""
    if isinstance(weapon, BeamRecord):
        return f"class-{weapon.beam_class} beam"
    if isinstance(weapon, KGunRecord):
        return f"K{weapon.gun_class} gun"
    if isinstance(weapon, MkpRecord):
        return "MKP"
    if isinstance(weapon, PlasmaLauncherRecord):
        return f"class-{weapon.bolt_class} plasma launcher"
    if isinstance(weapon, PulserRecord):
        return f"pulser ({weapon.mode})"
    if isinstance(weapon, PodLauncherRecord):
        return f"{weapon.pod} pod launcher"
    return weapon.kind.replace("_", " ")


def screen_mass(design: DesignRecord, costs: CostTable) -> int:
    """MASS of the screen generators (0 without screens); Sa'Vasku screen nodes take 5% of
    MASS (at least 3) each."""
    if design.screens == 0:
        return 0
    if design.race == "savasku":
        node = max(costs.screen_node_min_mass,
                   system_percent(design.mass, costs.screen_node_percent))
        return node * design.screens
    level = design.screens - 1
    share = system_percent(design.mass, costs.screen_percent[level])
    return max(costs.screen_min_mass[level], share)


def shell_points(layers: tuple[int, ...], costs: CostTable) -> int:
    """Points of Phalon shell armour: each box costs its layer's number (1 outermost)
    times ``shell_points_per_layer``.

    >>> from warbench.rulesets.full_thrust.library import load_library
    >>> shell_points((3, 2), load_library().costs)  # 3 x 2 + 2 x 4
    14
    """
    return sum(
        boxes * (layer + 1) * costs.shell_points_per_layer for layer, boxes in enumerate(layers)
    )


def cost_sheet(design: DesignRecord, costs: CostTable) -> CostSheet:
    """Every part of ``design`` with its MASS and points."""
    engine = costs.engine_points_per_mass
    drive_points = (
        costs.advanced_drive_points_per_mass if design.drive == "advanced" else engine
    )
    drive = system_percent(design.mass, costs.drive_percent_per_thrust * design.thrust)
    if design.race == "savasku":
        drive = system_percent(design.mass, costs.drive_node_percent)
        drive_points = costs.defaults.drive_node_points_per_mass
    ftl = system_percent(design.mass, costs.ftl_percent) if design.ftl else 0
    streamlining = system_percent(design.mass, costs.streamlining_percent[design.streamlining])
    screens = screen_mass(design, costs)
    shroud = system_percent(design.mass, costs.shroud_percent) if design.shroud else 0
    lines: list[tuple[str, int, int]] = [
        ("basic hull", 0, design.mass * costs.basic_hull_points_per_mass),
        ("hull integrity", design.hull, design.hull * costs.hull_points_per_box),
        ("armour", design.armour, design.armour * costs.armour_points_per_box),
        (f"{'advanced' if design.drive == 'advanced' else 'main'} drive", drive,
         drive * drive_points),
        ("FTL drive", ftl, ftl * engine),
        ("streamlining", streamlining, streamlining * costs.defaults.streamlining_points_per_mass),
        ("screens", screens, screens * costs.screen_points_per_mass),
        ("vapour shroud", shroud, shroud * costs.shroud_points_per_mass),
        ("power generators", design.power * costs.generator_mass,
         design.power * costs.generator_points),
        ("biomass", design.biomass * costs.defaults.biomass_mass,
         design.biomass * costs.defaults.biomass_points),
        ("drone wombs", design.wombs * costs.womb_mass,
         design.wombs * costs.womb_mass * costs.defaults.womb_points_per_mass),
        ("shell armour", sum(design.armour_layers), shell_points(design.armour_layers, costs)),
        (
            "fire controls",
            design.fire_controls * costs.fire_control_mass,
            design.fire_controls * costs.fire_control_points,
        ),
        ("ADFC", design.adfc * costs.adfc_mass, design.adfc * costs.adfc_points),
        ("PDS", design.pds * costs.pds_mass, design.pds * costs.pds_points),
        (
            "hangars",
            design.hangars * costs.hangar_mass,
            design.hangars * costs.hangar_mass * costs.hangar_points_per_mass,
        ),
    ]
    for weapon in design.weapons:
        mass, points = weapon_mass(weapon, costs), weapon_points(weapon, costs)
        lines.append((weapon_label(weapon), mass, points))
    return CostSheet(tuple(line for line in lines if line[1] or line[2]))


def hull_descriptor(design: DesignRecord, costs: CostTable) -> str:
    """The hull's strength class by the share of MASS spent on hull integrity."""
    share = 100 * design.hull / design.mass
    for name, least in sorted(costs.hull_descriptors.items(), key=lambda item: -item[1]):
        if share >= least:
            return name
    return "fragile"


def hull_rows(boxes: int, rows: int = 4) -> tuple[int, ...]:
    """Hull boxes split into ``rows`` rows, the extra boxes in the upper rows.

    >>> hull_rows(10), hull_rows(4), hull_rows(3)
    ((3, 3, 2, 2), (1, 1, 1, 1), (1, 1, 1, 0))
    """
    base, extra = divmod(boxes, rows)
    return tuple(base + (1 if row < extra else 0) for row in range(rows))


def crew_factors(mass: int, costs: CostTable) -> int:
    """Crew factors: one per ``crew_mass`` MASS, rounded up."""
    return math.ceil(mass / costs.crew_mass)


def fitting_mass(design: DesignRecord, costs: CostTable) -> tuple[int, int] | None:
    """The MASS nearest the design's own that its parts fill exactly, and the points the
    design costs at it (a designer who adds hull boxes learns the MASS to write at once, the
    drive and FTL growing with it); ``None`` where no MASS up to twice the parts' fits.

    >>> from warbench.rulesets.full_thrust.library import load_library
    >>> lib = load_library()
    >>> tougher = lib.design_records["vorrun"].model_copy(update={"hull": 14})
    >>> fitting_mass(tougher, lib.costs)
    (44, 168)
    """
    most = 2 * max(design.mass, cost_sheet(design, costs).mass_used)
    fits = []
    for mass in range(1, most + 1):
        sheet = cost_sheet(design.model_copy(update={"mass": mass}), costs)
        if sheet.mass_used == mass:
            fits.append((abs(mass - design.mass), mass, sheet.points))
    if not fits:
        return None
    _, mass, points = min(fits)
    return mass, points


def design_problems(design: DesignRecord, costs: CostTable) -> list[tuple[str, str]]:
    """Everything that makes ``design`` illegal, as (key, reason) pairs; empty if legal."""
    problems: list[tuple[str, str]] = []
    sheet = cost_sheet(design, costs)
    if sheet.mass_used != design.mass:
        parts = ", ".join(f"{name} {mass}" for name, mass, _ in sheet.lines if mass)
        fit = fitting_mass(design, costs)
        hint = "" if fit is None else (
            f"; the same parts fill a ship of {fit[0]} MASS exactly ({fit[1]} points)")
        problems.append(
            (
                "mass",
                f"the parts take {sheet.mass_used} MASS but the ship has {design.mass} "
                f"({parts}){hint}",
            )
        )
    least = _percent_of(design.mass, costs.hull_min_percent)
    if design.hull < least:
        problems.append(
            ("hull", f"hull integrity {design.hull} is below {costs.hull_min_percent}% of MASS"
             f" ({least})")
        )
    for index, weapon in enumerate(design.weapons):
        arcs = arc_count(weapon.mask)
        if isinstance(weapon, BeamRecord) and weapon.beam_class == 1 and weapon.mask != ALL_ARCS:
            problems.append((f"weapons[{index}].arcs", "a class-1 beam covers all six arcs"))
        single = NeedleBeamRecord | SubmunitionRecord | SalvoRackRecord
        if isinstance(weapon, single) and arcs != 1:
            problems.append((f"weapons[{index}].arcs", f"a {weapon_label(weapon)} has one arc"))
        if isinstance(weapon, SalvoLauncherRecord) and arcs > 3:
            problems.append((f"weapons[{index}].arcs", "a salvo launcher covers at most 3 arcs"))
        if isinstance(weapon, KGunRecord):
            most = 2 if weapon.gun_class == 2 else 1
            if weapon.gun_class == 1 and weapon.mask != ALL_ARCS:
                problems.append((f"weapons[{index}].arcs", "a K1 gun covers all six arcs"))
            elif weapon.gun_class > 1 and arcs > most:
                problems.append(
                    (f"weapons[{index}].arcs", f"a {weapon_label(weapon)} has at most {most}"
                     f" arc{'s' if most > 1 else ''}")
                )
        if isinstance(weapon, MkpRecord) and arcs != 1:
            problems.append((f"weapons[{index}].arcs", "an MKP has one arc"))
        if isinstance(weapon, PlasmaLauncherRecord) and (arcs > 3 or not adjacent(weapon.mask)):
            problems.append((f"weapons[{index}].arcs", "a plasma launcher covers at most three "
                             "adjacent arcs"))
        if isinstance(weapon, ScattergunRecord) and arcs > costs.defaults.scattergun_max_arcs:
            problems.append((f"weapons[{index}].arcs", "a scattergun covers at most "
                             f"{costs.defaults.scattergun_max_arcs} arcs"))
    problems += _race_problems(design)
    if design.points is not None and design.points != sheet.points:
        at = "" if sheet.mass_used == design.mass else f" at {design.mass} MASS"
        problems.append(
            ("points", f"the design costs {sheet.points} points{at}, not {design.points}")
        )
    if design.fire_controls == 0 and any(
        not isinstance(w, SalvoLauncherRecord | SalvoRackRecord) for w in design.weapons
    ):
        problems.append(("fire_controls", "direct-fire weapons need at least one fire control"))
    return problems


#: The weapons each race mounts (human ships: every weapon no alien race owns).
RACE_WEAPONS = {"kravak": KRAVAK_WEAPONS, "phalon": PHALON_WEAPONS,
                "savasku": SAVASKU_WEAPONS}
RACE_NAMES = {"kravak": "Kra'Vak", "phalon": "Phalon", "savasku": "Sa'Vasku", "human": "human"}


def adjacent(mask: int) -> bool:
    """Whether the arcs of ``mask`` form one unbroken run around the ship.

    >>> adjacent(0b100011), adjacent(0b000101), adjacent(0b111111)
    (True, False, True)
    """
    if mask in (0, 0b111111):
        return True
    starts = sum(1 for i in range(6) if mask >> i & 1 and not mask >> ((i - 1) % 6) & 1)
    return starts == 1


def _race_problems(design: DesignRecord) -> list[tuple[str, str]]:
    """What a design may not carry for its race: Kra'Vak ships have advanced drives, no
    screens, PDS or ADFC, and mount only K-guns, scatterguns and MKPs; Phalon ships mount
    only pulsers and plasma launchers, no screens or PDS (vapour shrouds and shell armour
    instead); human ships none of those and no advanced drive."""
    problems: list[tuple[str, str]] = []
    race = design.race
    alien = {kind for kinds in RACE_WEAPONS.values() for kind in kinds}
    for index, weapon in enumerate(design.weapons):
        own = RACE_WEAPONS.get(race)
        allowed = weapon.kind in own if own else weapon.kind not in alien
        if not allowed:
            problems.append((f"weapons[{index}]", f"a {RACE_NAMES[race]} ship cannot mount a "
                             f"{weapon_label(weapon)}"))
    if race != "phalon":
        for key in ("shroud", "armour_layers"):
            if getattr(design, key):
                problems.append((key, f"only Phalon ships carry {key.replace('_', ' ')}"))
    if race != "savasku":
        for key, what in (("power", "power generators"), ("biomass", "biomass"),
                          ("wombs", "drone wombs")):
            if getattr(design, key):
                problems.append((key, f"only Sa'Vasku ships carry {what}"))
    if race == "savasku":
        return problems + _savasku_problems(design)
    if race == "phalon":
        for key in ("screens", "pds"):
            if getattr(design, key):
                problems.append((key, f"Phalon ships carry no {key}"))
        if design.hangars:  # engine default: the sources give the Phalon no fighters
            problems.append(("hangars", "Phalon ships carry no hangar bays (no Phalon "
                             "fighters are known)"))
        if design.drive == "advanced":
            problems.append(("drive", "advanced drives are Kra'Vak technology"))
        return problems
    kravak = race == "kravak"
    if kravak:
        if design.drive != "advanced":
            problems.append(("drive", "Kra'Vak ships have advanced drives"))
        for key in ("screens", "pds", "adfc"):
            if getattr(design, key):
                problems.append((key, f"Kra'Vak ships carry no {key}"))
    elif design.drive == "advanced":
        problems.append(("drive", "advanced drives are Kra'Vak technology"))
    return problems


def _savasku_problems(design: DesignRecord) -> list[tuple[str, str]]:
    """Sa'Vasku ships: power generators (at least one point), no PDS, ADFC, hangar bays
    (drone wombs instead) or advanced drive; stingers in up to three arcs, spicules all
    round, pod launchers in one arc and only with biomass to grow pods from."""
    problems: list[tuple[str, str]] = []
    if design.power < 1:
        problems.append(("power", "a Sa'Vasku ship needs power generators"))
    for key in ("pds", "adfc", "hangars"):
        if getattr(design, key):
            problems.append((key, f"Sa'Vasku ships carry no {key}"))
    if design.drive == "advanced":
        problems.append(("drive", "advanced drives are Kra'Vak technology"))
    for index, weapon in enumerate(design.weapons):
        arcs = arc_count(weapon.mask)
        if isinstance(weapon, StingerRecord) and arcs > 3:
            problems.append((f"weapons[{index}].arcs", "a stinger covers at most 3 arcs"))
        if isinstance(weapon, SpiculeRecord) and weapon.mask != ALL_ARCS:
            problems.append((f"weapons[{index}].arcs", "a spicule covers all six arcs"))
        if isinstance(weapon, PodLauncherRecord):
            if arcs != 1:
                problems.append((f"weapons[{index}].arcs", "a pod launcher has one arc"))
            if not design.biomass:
                problems.append((f"weapons[{index}]", "a pod launcher needs biomass to grow "
                                 "pods from"))
    return problems
