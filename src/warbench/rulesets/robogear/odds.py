"""Exact odds of ROBOGEAR attacks: a shot through accuracy, defence and cover, and where
it leaves the target's armour scale and resource; a blast (or a hand grenade) over the
models under it; a flamer's template (:mod:`.flame_odds`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import pydantic

from warbench.core.attacks import AttackOdds, AttackOptionsError, OddsAnswer
from warbench.core.geometry.bases import Body, CircleBase
from warbench.core.geometry.templates import BlastTemplate
from warbench.core.geometry.vectors import Point, Pose, to_radians
from warbench.core.odds import Dist
from warbench.core.words import counted
from warbench.rulesets.robogear.chances import hit_chance, tables_hit_chance
from warbench.rulesets.robogear.data import (
    SECTIONS,
    RobogearData,
    UnitRecord,
    WeaponRecord,
    steps,
)
from warbench.rulesets.robogear.fire import hard_for
from warbench.rulesets.robogear.flame_odds import FlameOdds
from warbench.rulesets.robogear.sheets import book
from warbench.rulesets.robogear.state import armour_level, section
from warbench.rulesets.robogear.table import band, owners_band


class ShotOptions(pydantic.BaseModel):
    shooter: str = pydantic.Field(default="ferrum-tank", description="shooter's sheet id")
    weapon: int = pydantic.Field(default=0, ge=0, description="weapon number on the sheet")
    target: str = pydantic.Field(default="verdant-walker", description="target's sheet id")
    distance: float = pydantic.Field(default=10.0, ge=0, description="edge to edge, steps")
    cover: float = pydantic.Field(default=0.0, ge=0, le=1, description="share hidden (0-1)")
    above: bool = pydantic.Field(default=False, description="trooper shooting from above")
    damage: int = pydantic.Field(default=0, ge=0, description="cells the target has lost")
    at_pilot: bool = pydantic.Field(default=False, description=(
        "shoot the pilot of an open machine (RG-PILOT-OPEN)"))
    pilot: int | None = pydantic.Field(default=None, ge=1, description=(
        "lives the pilot has left, with at_pilot= (default: all of them)"))
    rider: bool = pydantic.Field(default=False, description=(
        "the target is a trooper riding a carrier: its defence is D6+2 (RG-INF-APC)"))


class ShotOdds(AttackOdds):
    name = "shot"
    summary = ("damage of one aimed shot, and where it leaves the target's armour scale; "
               "at_pilot=true: the lives the pilot of an open machine loses")
    options_model = ShotOptions

    def __init__(self, data: RobogearData) -> None:
        self.data = data

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, ShotOptions):
            raise AttackOptionsError("shot takes ShotOptions")
        data = self.data
        shooter, target = data.units[options.shooter], data.units[options.target]
        if options.weapon >= len(shooter.weapons):
            raise AttackOptionsError(f"weapon: {shooter.name} has {len(shooter.weapons)} weapons")
        if options.damage >= target.cells:
            raise AttackOptionsError(f"damage: {target.name} has only {target.cells} cells")
        weapon = shooter.weapons[options.weapon]
        refusal = not_aimed(options, shooter, weapon)
        if refusal is not None:
            raise AttackOptionsError(refusal)
        sheet = book(data)
        # the band as the game picks it (RG-FIRE-BOUNDARY: the owner's choice on an edge)
        reach = owners_band(options.distance, sheet.band_edges, weapon.damage, sheet.penalties)
        if reach is None or weapon.damage[reach] == 0:
            raise AttackOptionsError("distance: the weapon is useless at that range")
        if options.at_pilot:
            return self._at_pilot(options, shooter, target, weapon, reach)
        if options.pilot is not None:
            raise AttackOptionsError("pilot: the pilot's lives count only with at_pilot=true")
        if shooter.kind == "trooper" and target.kind != "trooper" and (
                "armour_piercing" not in weapon.traits):
            raise AttackOptionsError("target: small arms cannot harm machines or guns")
        p = self._chance(options, shooter, target, weapon, reach)
        amount = weapon.damage[reach]
        if "deadly" in weapon.traits and target.kind == "trooper":
            amount = target.cells - options.damage
        after = min(target.cells, options.damage + amount)
        named: dict[str, float] = {"miss": 1 - p, "hit": p}
        notes = [f"range band {('short', 'medium', 'long')[reach]}, {amount} damage on a hit"]
        if after >= target.cells:
            named["destroyed"] = p
        else:
            part = section(target, after)
            named[f"{SECTIONS[part]} section after"] = p
            notes.append(f"after a hit: armour level {armour_level(target, after)}, "
                         f"resource {target.resource[part]}, {SECTIONS[part]} section")
        dist = Dist.from_mapping({0: 1 - p, amount: p} if amount else {0: 1.0})
        return OddsAnswer(dist, "damage", named, tuple(notes))

    def _chance(self, options: ShotOptions, shooter: UnitRecord, target: UnitRecord,
                weapon: WeaponRecord, reach: int) -> float:
        """P(accuracy > defence), as :mod:`.shots` rolls them: the band's penalty, the
        weapon's bonus, +1 for a trooper above (RG-INF-ABOVE: above a trooper or a
        machine's cabin; never against a gun), the cover row, and +1 defence for a hard
        target (RG-FIRE-HARD: the pilot of an open machine too, against machines); a
        rider's D6+2 in place of the last two (RG-INF-APC)."""
        above = options.above and shooter.kind == "trooper" and target.kind != "gun"
        bonus = weapon.bonus + (1 if above else 0)
        if options.rider:  # D6+2 aboard, whatever the cover, no hard target (RG-INF-APC)
            if options.at_pilot or target.kind != "trooper":
                raise AttackOptionsError("rider: only a trooper rides a carrier")
            tables = self.data.tables
            return hit_chance(tables.accuracy_penalty[reach], bonus, 0.0, hard=0,
                              cover=tables.cover, carrier=self.data.measures.apc_defence_bonus)
        hard = hard_for(shooter, target, options.at_pilot)
        return tables_hit_chance(book(self.data), reach, bonus, options.cover, hard)

    def _at_pilot(self, options: ShotOptions, shooter: UnitRecord, target: UnitRecord,
                  weapon: WeaponRecord, reach: int) -> OddsAnswer:
        """A shot at the pilot of an open machine (RG-PILOT-OPEN): a hit takes the weapon's
        damage at the band off the pilot's lives (all of them for a deadly weapon,
        RG-INF-DEADLY), never the machine's armour; small arms may fire (RG-INF-SMALLARMS
        covers the machine, not its pilot). A marker or template weapon is no pilot shot
        (:func:`not_aimed`): the game lays it over the machine."""
        lives = self.data.measures.pilot_lives
        if target.cockpit != "open":
            raise AttackOptionsError(f"target: {target.name} has a closed cabin: only the pilot"
                                     " of an open machine can be shot at (RG-PILOT-OPEN)")
        left = lives if options.pilot is None else options.pilot
        if left > lives:
            raise AttackOptionsError(f"pilot: a pilot has at most {lives} lives (RG-PILOT-LIVES)")
        p = self._chance(options, shooter, target, weapon, reach)
        deadly = "deadly" in weapon.traits
        lost = left if deadly else min(left, weapon.damage[reach])
        after = left - lost
        named: dict[str, float] = {"miss": 1 - p, "hit": p}
        if after == 0:
            named["pilot killed"] = p
        else:
            named[f"pilot wounded: {counted(after, 'life')} left of {lives}"] = p
        band_name = ("short", "medium", "long")[reach]
        taken = "them all (deadly)" if deadly else counted(weapon.damage[reach], "life")
        notes = [f"range band {band_name}, the pilot has {counted(left, 'life')} of {lives};"
                 f" a hit takes {taken}"]
        if hard_for(shooter, target, True):
            notes.append("the pilot is a hard target for a machine: +1 defence (RG-FIRE-HARD)")
        notes.append("after a hit: no pilot, the machine stands still until a free pilot takes"
                     " its seat (RG-PILOT-STILL, RG-PILOT-NEW)" if after == 0 else
                     f"after a hit: {counted(after, 'life')} left, the machine either moves or"
                     " shoots in a turn (RG-PILOT-WOUND)")
        dist = Dist.from_mapping({0: 1 - p, lost: p})
        return OddsAnswer(dist, "pilot lives lost", named, tuple(notes))


def not_aimed(options: ShotOptions, shooter: UnitRecord, weapon: WeaponRecord) -> str | None:
    """Why ``weapon`` fires no aimed shot, and what answers for it instead; None if it does.
    The game lays a blast marker (RG-BLAST; a lobbing gun's too, RG-IND) that may scatter
    onto other models, the odds ``blast`` answers (the command given, with the options of
    the shot it takes); a flamer rolls no aim at all, its template hitting every model under
    it (RG-FLAME). At a pilot, either is laid over the machine (RG-PILOT-OPEN)."""
    what = f"the {shooter.name}'s {weapon.name}"
    over = " over the machine rather than at its pilot" if options.at_pilot else ""
    if "flamer" in weapon.traits:
        laid = f", laid{over}," if over else ""
        units = f" units={options.target}" if "target" in options.model_fields_set else ""
        return (f"weapon: {what} is a flamer: it rolls no aim, and its template{laid} hits"
                f" every model it touches for {weapon.damage[0]} damage (RG-FLAME): ask"
                f" `warbench odds robogear flame shooter={options.shooter}"
                f" weapon={options.weapon}{units}`, listing the units under the template")
    if {"blast", "indirect"} & set(weapon.traits):
        given = [f"{key}={getattr(options, key)}" for key in ("target", "distance", "cover")
                 if key in options.model_fields_set]
        command = " ".join(["warbench odds robogear blast", f"shooter={options.shooter}",
                            f"weapon={options.weapon}", *given])
        return (f"weapon: {what} lays a blast marker{over}, which may scatter onto other"
                f" models (RG-BLAST): ask `{command}`")
    return None


class BlastOptions(pydantic.BaseModel):
    shooter: str | None = pydantic.Field(default=None, description=(
        "shooter's sheet id: its blast weapon gives the hit chance, damage and marker"))
    weapon: int = pydantic.Field(default=0, ge=0, description="weapon number on the sheet")
    target: str | None = pydantic.Field(default=None, description=(
        "the aimed-at unit's sheet id (a hard target, with shooter=)"))
    distance: float = pydantic.Field(default=10.0, ge=0, description=(
        "to the target, edge to edge, steps (with shooter=)"))
    cover: float = pydantic.Field(default=0.0, ge=0, le=1, description=(
        "share of the target hidden, 0-1 (with shooter=)"))
    damage: int | None = pydantic.Field(default=None, ge=1, description=(
        "damage to each model hit (default: the weapon's at that range, else 4)"))
    diameter_cm: float | None = pydantic.Field(default=None, gt=0, description=(
        "marker diameter (default: the weapon's, else 10)"))
    hit: float | None = pydantic.Field(default=None, ge=0, le=1, description=(
        "chance the aim roll hits, no scatter (default: from shooter=, else 0.5)"))
    indirect: bool = pydantic.Field(default=False, description="lobbed: always 2D6 cm scatter")
    models: str = pydantic.Field(default="0,0;2,0;0,3", description=(
        "models as dx,dy in steps from the aim point (line of fire along +dy), ';' apart;"
        " dx,dy,r gives that model its own base radius r"))
    radius: float = pydantic.Field(default=0.5, gt=0, description=(
        "model base radius, steps (of each model not given its own)"))
    above: bool = pydantic.Field(default=False, description=(
        "a trooper aiming from above (RG-INF-ABOVE): +1 accuracy (with shooter=)"))
    rider: bool = pydantic.Field(default=False, description=(
        "the aimed trooper rides a carrier: its defence is D6+2, the marker laid over the"
        " carrier (with shooter=)"))
    at_pilot: bool = pydantic.Field(default=False, description=(
        "aimed at an open machine's pilot: the pilot's defence, the marker over the"
        " machine (RG-PILOT-OPEN; with shooter= and target=)"))
    aim_x: float | None = pydantic.Field(default=None, description=(
        "the aim point's x on the table, steps: with aim_y=, a shell landing off the"
        " table does nothing"))
    aim_y: float | None = pydantic.Field(default=None, description=(
        "the aim point's y on the table, steps (with aim_x=)"))
    bearing: float = pydantic.Field(default=0.0, description=(
        "the line of fire's bearing on the table, degrees (with aim_x=, aim_y=)"))
    width: float = pydantic.Field(default=60.0, gt=0, description=(
        "the table's width, steps (with aim_x=, aim_y=)"))
    height: float = pydantic.Field(default=60.0, gt=0, description=(
        "the table's depth, steps (with aim_x=, aim_y=)"))
    grenade: bool = pydantic.Field(default=False, description=(
        "the shooter's hand grenade in place of weapon= (RG-GRENADE): short range only, no"
        " bonus, its sheet's grenade damage, a 5 cm marker"))
    on_table: bool = pydantic.Field(default=False, description=(
        "models= gives each model's x,y on the table, not dx,dy off the aim point (with"
        " aim_x=, aim_y=, bearing=)"))


class BlastOdds(AttackOdds):
    name = "blast"
    summary = ("total damage of a blast (or a hand grenade, grenade=true) over the models"
               " near its aim point, scatter included")
    options_model = BlastOptions

    def __init__(self, data: RobogearData) -> None:
        self.data = data

    def _weapon(self, options: BlastOptions) -> tuple[float, int, float, str]:
        """The hit chance, damage and marker diameter of ``options``' shooter's blast
        weapon at its distance (RG-BLAST: the aim is one accuracy/defence roll, as a shot's),
        and a note saying where they came from."""
        data = self.data
        if options.shooter is None:
            hit = 0.5 if options.hit is None else options.hit
            damage = 4 if options.damage is None else options.damage
            diameter = 10.0 if options.diameter_cm is None else options.diameter_cm
            given = "" if options.hit is not None else \
                "; hit 0.5 is a default: give shooter= (and target=, distance=) or hit="
            return hit, damage, diameter, f"aim roll hits {hit:.4g}{given}"
        shooter = data.units[options.shooter]
        if options.grenade:
            return self._grenade(options, shooter)
        if options.weapon >= len(shooter.weapons):
            raise AttackOptionsError(f"weapon: {shooter.name} has {len(shooter.weapons)} weapons")
        weapon = shooter.weapons[options.weapon]
        if not {"blast", "indirect"} & set(weapon.traits):
            raise AttackOptionsError(f"weapon: the {weapon.name} lays no blast marker (ask"
                                     " `shot` for it)")
        sheet = book(data)
        # the band as the game picks it (RG-FIRE-BOUNDARY: the owner's choice on an edge)
        reach = owners_band(options.distance, sheet.band_edges, weapon.damage, sheet.penalties)
        if reach is None or weapon.damage[reach] == 0:
            raise AttackOptionsError("distance: the weapon is useless at that range")
        target = None if options.target is None else data.units[options.target]
        hit = options.hit if options.hit is not None else self._aim(
            options, shooter, target, weapon.bonus, reach)
        damage = weapon.damage[reach] if options.damage is None else options.damage
        diameter = weapon.blast_cm if options.diameter_cm is None else options.diameter_cm
        band_name = ("short", "medium", "long")[reach]
        return hit, damage, diameter, (f"{shooter.name}'s {weapon.name} at {band_name} range:"
                                       f" aim roll hits {hit:.4g}, {damage} damage a model")

    def _grenade(self, options: BlastOptions,
                 shooter: UnitRecord) -> tuple[float, int, float, str]:
        """:meth:`_weapon` for a hand grenade (RG-GRENADE, :func:`.shots.throw`): thrown
        at short range only, the aim rolled with no bonus, the sheet's grenade damage under
        a 5 cm marker; never at a rider or a pilot (only at a unit on the table)."""
        data = self.data
        if shooter.kind != "trooper" or shooter.grenades <= 0:
            raise AttackOptionsError(f"grenade: the {shooter.name} carries no hand grenades")
        if options.rider or options.at_pilot or options.indirect:
            raise AttackOptionsError("grenade: thrown at a unit on the table, never lobbed")
        if band(options.distance, book(data).band_edges) != 0:
            raise AttackOptionsError("distance: a grenade reaches short range only (RG-GRENADE)")
        target = None if options.target is None else data.units[options.target]
        hit = options.hit if options.hit is not None else self._aim(
            options, shooter, target, 0, 0)
        damage = shooter.grenade_damage if options.damage is None else options.damage
        diameter = (data.measures.grenade_blast_cm if options.diameter_cm is None
                    else options.diameter_cm)
        return hit, damage, diameter, (f"{shooter.name}'s hand grenade: aim roll hits"
                                       f" {hit:.4g}, {damage} damage a model")

    def _aim(self, options: BlastOptions, shooter: UnitRecord, target: UnitRecord | None,
             weapon_bonus: int, reach: int) -> float:
        """P(the aim roll hits), as :func:`.shots.shoot` rolls it: the accuracy with the
        band's penalty, the weapon's bonus and +1 for a trooper above (RG-INF-ABOVE: not
        against a gun), against a rider's D6+2 (RG-INF-APC) or else the cover row with +1
        for a hard target (RG-FIRE-HARD; the pilot of an open machine, RG-PILOT-OPEN)."""
        data = self.data
        above = options.above and shooter.kind == "trooper" and (
            target is None or target.kind != "gun")
        bonus = weapon_bonus + (1 if above else 0)
        if options.rider:
            if options.at_pilot or (target is not None and target.kind != "trooper"):
                raise AttackOptionsError("rider: only a trooper rides a carrier")
            return hit_chance(data.tables.accuracy_penalty[reach], bonus, 0.0, hard=0,
                              cover=data.tables.cover, carrier=data.measures.apc_defence_bonus)
        if options.at_pilot and (target is None or target.cockpit != "open"):
            raise AttackOptionsError("at_pilot: give target= an open machine (RG-PILOT-OPEN)")
        hard = 0 if target is None else hard_for(shooter, target, options.at_pilot)
        return tables_hit_chance(book(data), reach, bonus, options.cover, hard)

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        if not isinstance(options, BlastOptions):
            raise AttackOptionsError("blast takes BlastOptions")
        return self.odds_by_model(options)[0]

    def odds_by_model(self, options: BlastOptions) -> tuple[OddsAnswer, list[float]]:
        """The answer, and the chance each model (in the order of ``models``) ends under
        the marker."""
        models = parse_models(options.models)
        hit, damage, diameter, note = self._weapon(options)
        radius = steps(diameter) / 2
        degrees = self.data.tables.scatter_degrees
        mass: dict[int, float] = {}
        under = [0.0] * len(models)
        lands = _landing(options)
        bases = [Body(Pose(mx, my, 0.0), CircleBase(options.radius if mr is None else mr))
                 for mx, my, mr in models]
        for weight, x, y, way, cm in scatter_points(hit, options.indirect, degrees):
            place = lands(x, y, way, cm)
            if place is None:  # RG-BLAST: off the table the shell does nothing
                mass[0] = mass.get(0, 0.0) + weight
                continue
            marker = BlastTemplate(Point(*place), radius)  # as shots._blast tests a base
            struck = [number for number, base in enumerate(bases) if marker.touches(base)]
            for number in struck:
                under[number] += weight
            total = len(struck) * damage
            mass[total] = mass.get(total, 0.0) + weight
        dist = Dist.from_mapping(mass)
        answer = OddsAnswer(dist, "damage", {"nothing": mass.get(0, 0.0)},
                            (f"{len(models)} models, marker {diameter:g} cm", note))
        return answer, under


#: Where a shell lands, in the models' coordinates, from its place off the aim point (the
#: line of fire along +y), the scatter's direction (degrees) and cm; None off the table.
Landing = Callable[[float, float, float, int], tuple[float, float] | None]


def _landing(options: BlastOptions) -> Landing:
    """Where a shell scattered ``cm`` at ``way`` degrees off the line of fire lands: given
    the aim point, worked on the table as :func:`.shots._blast` works it from the aim
    point and the line of fire's bearing (None where its centre is off the table), and
    told on the table where the models are given there (``on_table``); else the place
    off the aim point."""
    x0, y0 = options.aim_x, options.aim_y
    if x0 is None or y0 is None:
        if (x0 is None) != (y0 is None) or options.on_table:
            raise AttackOptionsError("aim_x, aim_y: give both (neither, without on_table)")
        return lambda x, y, way, cm: (x, y)
    width, height, on_table = options.width, options.height, options.on_table

    def lands(dx: float, dy: float, way: float, cm: int) -> tuple[float, float] | None:
        x, y = x0, y0
        if cm:
            moved = steps(cm)
            heading = to_radians(options.bearing + way)
            x += math.sin(heading) * moved
            y += math.cos(heading) * moved
        if not (0 <= x <= width and 0 <= y <= height):
            return None
        return (x, y) if on_table else (dx, dy)

    return lands


def parse_models(text: str) -> list[tuple[float, float, float | None]]:
    """``"dx,dy;dx,dy,r"`` as points, each with its own base radius where given.

    >>> parse_models("0,0; 1.5,-2,0.75")
    [(0.0, 0.0, None), (1.5, -2.0, 0.75)]
    """
    points: list[tuple[float, float, float | None]] = []
    for part in text.split(";"):
        try:
            values = [float(v) for v in part.split(",")]
        except ValueError:
            values = []
        if len(values) not in (2, 3) or (len(values) == 3 and values[2] <= 0):
            raise AttackOptionsError(f"models: {part.strip()!r} is not dx,dy or dx,dy,r")
        points.append((values[0], values[1], values[2] if len(values) == 3 else None))
    return points


def scatter_points(
    hit: float, indirect: bool, degrees: tuple[float, ...]
) -> list[tuple[float, float, float, float, int]]:
    """Every place the marker may land, with its chance: no scatter on a hit, else a D6
    direction and 1D6 cm (2D6 cm lobbed); each as its place off the aim point (the line
    of fire along +y) and the direction (degrees off the line of fire) and cm rolled."""
    found: list[tuple[float, float, float, float, int]] = []
    scatter = 1.0 if indirect else 1.0 - hit
    if not indirect and hit > 0:
        found.append((hit, 0.0, 0.0, 0.0, 0))
    if scatter <= 0:
        return found
    count = 2 if indirect else 1
    distances: dict[int, float] = {0: 1.0}
    for _ in range(count):
        distances = _add_die(distances)
    for way in degrees:
        rad = math.radians(way)
        for cm, p in distances.items():
            far = steps(cm)
            found.append((scatter * p / 6, math.sin(rad) * far, math.cos(rad) * far, way, cm))
    return found


def _add_die(sums: dict[int, float]) -> dict[int, float]:
    out: dict[int, float] = {}
    for total, p in sums.items():
        for face in range(1, 7):
            out[total + face] = out.get(total + face, 0.0) + p / 6
    return out


def attack_odds(data: RobogearData) -> Mapping[str, AttackOdds]:
    return {"shot": ShotOdds(data), "blast": BlastOdds(data), "flame": FlameOdds(data)}
