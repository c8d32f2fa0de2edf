"""Exact odds of Full Thrust attacks: ``warbench odds full-thrust ATTACK key=value ...``.

Each attack reads its dice through the tables and rule functions the game rolls with
(:mod:`~warbench.rulesets.full_thrust.scoring`, :mod:`~warbench.rulesets.full_thrust.damage`)
and the numbers of the ruleset's data files (range bands, salvo and threshold rules), via
:mod:`~warbench.rulesets.full_thrust.exact`. Damage is followed as normal and penetrating
points together, so armour, hull rows, threshold checks and destruction come out exactly.

>>> attacks = attack_odds(load_library())
>>> beam = attacks["beam"]
>>> answer = beam.odds(beam.parse_options(["beam_class=3", "range=6", "screens=2"]))
>>> round(answer.distribution.mean, 6), round(answer.named["none"], 6)
(1.4, 0.296296)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

import pydantic
from pydantic import ConfigDict, Field

from warbench.core.attacks import AttackOdds, AttackOptionsError, OddsAnswer
from warbench.core.catalog import UnknownEntry
from warbench.core.odds import Dist, JointDist
from warbench.rulesets.full_thrust.damage import (
    check_owed,
    hull_and_armour,
    rows_marked,
    threshold_table,
)
from warbench.rulesets.full_thrust.defence import dogfight_dice
from warbench.rulesets.full_thrust.design import hull_rows
from warbench.rulesets.full_thrust.exact import (
    as_normal,
    fails,
    group_kill_odds,
    joint_mixture,
    needle_hits,
    point_defence_kills,
    pulse_torpedo_damage,
    rule_pool,
    salvo_damage,
    torpedo_points,
    total_of,
)
from warbench.rulesets.full_thrust.fire import range_table
from warbench.rulesets.full_thrust.library import FighterType, Library, load_library
from warbench.rulesets.full_thrust.scoring import (
    DiceRule,
    GroupDice,
    Points,
    beam_dice_at,
    beam_rule,
    to_hit_number,
)

Show = Literal["total", "normal", "penetrating", "hull"]
MISSILES = "missiles"


class _Options(pydantic.BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _target() -> Any:
    return Field(None, description="a ship design of the catalog (e.g. citadel): its armour "
                 "and hull (and screens), unless given below")


def _screens() -> Any:
    return Field(None, ge=0, le=2, description="the target's working screen level, 0-2 "
                 "(default: the design's, else 0)")


def _armour() -> Any:
    return Field(None, ge=0, description="armour boxes left (default: the design's, else 0)")


def _hull() -> Any:
    return Field(None, ge=1, description="hull boxes (default: the design's); with it come "
                 "the odds of a threshold check and of destruction")


def _hull_hits() -> Any:
    return Field(0, ge=0, description="hull boxes already marked")


def _show() -> Any:
    return Field("total", description="what the distribution counts: total, normal or "
                 "penetrating damage, or hull (damage reaching the hull past the armour)")


def _pds(default: int = 0) -> Any:
    return Field(default, ge=0, description="point defence systems firing at them first")


def _pd_beams() -> Any:
    return Field(0, ge=0, description="class-1 beams firing as point defence at them first")


class BeamOptions(_Options):
    """Beam batteries of one class firing at one ship."""

    beam_class: int = Field(2, description="the beam's class, 1 to 6: its dice in the first "
                            "12 MU")
    range: float = Field(6.0, ge=0, description="MU to the target: one die fewer each 12 MU")
    batteries: int = Field(1, ge=1, description="batteries of this class firing together")
    screens: int | None = _screens()
    target: str | None = _target()
    armour: int | None = _armour()
    hull: int | None = _hull()
    hull_hits: int = _hull_hits()
    show: Show = _show()


class SubmunitionOptions(_Options):
    """Submunition packs fired at one ship."""

    range: float = Field(4.0, ge=0, description="MU to the target: 3, 2, 1 dice by 6 MU band")
    packs: int = Field(1, ge=1, description="packs fired together")
    screens: int | None = _screens()
    target: str | None = _target()
    armour: int | None = _armour()
    hull: int | None = _hull()
    hull_hits: int = _hull_hits()
    show: Show = _show()


class PulseTorpedoOptions(_Options):
    """Pulse torpedo tubes fired at one ship (screens are no help against them)."""

    range: float = Field(10.0, ge=0, description="MU to the target: hits on 2+ to 6 by "
                         "6 MU band, out to 30 MU")
    tubes: int = Field(1, ge=1, description="tubes fired together")
    target: str | None = _target()
    armour: int | None = _armour()
    hull: int | None = _hull()
    hull_hits: int = _hull_hits()
    show: Show = _show()


class NeedleOptions(_Options):
    """Needle beams fired at one ship (past screens and armour)."""

    range: float = Field(6.0, ge=0, description="MU to the target (needle beams reach 12)")
    beams: int = Field(1, ge=1, description="needle beams fired together")
    target: str | None = _target()
    armour: int | None = _armour()
    hull: int | None = _hull()
    hull_hits: int = _hull_hits()
    show: Show = _show()


class PdsOptions(_Options):
    """Point defence at one fighter group or salvo."""

    pds: int = Field(1, ge=0, description="point defence systems firing")
    beams: int = Field(0, ge=0, description="class-1 beams firing as point defence")
    against: str = Field(
        "standard", description="a fighter type (standard, heavy, light ...) or 'missiles'"
    )
    count: int | None = Field(
        None, ge=1, description="fighters in the group or missiles in the salvo (default: "
        "a full group or salvo)"
    )


class FighterOptions(_Options):
    """A fighter group attacking a ship, after the ship's point defence (if any)."""

    type: str = Field("standard", description="the fighter type (standard, attack, "
                      "torpedo, heavy, light ...)")
    count: int | None = Field(None, ge=1, description="fighters in the group (default: full)")
    role: str | None = Field(None, description="multi-role fighters: the role they fight in")
    pds: int = _pds()
    beams: int = _pd_beams()
    screens: int | None = _screens()
    target: str | None = _target()
    armour: int | None = _armour()
    hull: int | None = _hull()
    hull_hits: int = _hull_hits()
    show: Show = _show()


class SalvoOptions(_Options):
    """A salvo striking a ship, after the ship's point defence (if any)."""

    missiles: int | None = Field(
        None, ge=1, description="missiles in the salvo (default: a full salvo)"
    )
    pds: int = _pds()
    beams: int = _pd_beams()
    target: str | None = _target()
    armour: int | None = _armour()
    hull: int | None = _hull()
    hull_hits: int = _hull_hits()
    show: Show = _show()


class DogfightOptions(_Options):
    """Two fighter groups in a dogfight: both roll at once, the losses land together."""

    type: str = Field("standard", description="your group's fighter type (standard, "
                      "interceptor, attack, heavy, light ...)")
    count: int | None = Field(None, ge=1, description="fighters in your group (default: full)")
    role: str | None = Field(None, description="multi-role fighters: the role you fight in")
    enemy: str = Field("standard", description="the enemy group's fighter type")
    enemy_count: int | None = Field(
        None, ge=1, description="fighters in the enemy group (default: full)"
    )
    enemy_role: str | None = Field(None, description="multi-role fighters: the enemy's role")
    show: Literal["kills", "losses"] = Field(
        "kills", description="what the distribution counts: enemy fighters your group shoots "
        "down (kills) or fighters it loses (losses)"
    )


class InterceptOptions(_Options):
    """A fighter group shooting at a salvo before point defence fires."""

    type: str = Field("interceptor", description="the fighter type (interceptor, standard, "
                      "attack ...)")
    count: int | None = Field(None, ge=1, description="fighters in the group (default: full)")
    role: str | None = Field(None, description="multi-role fighters: the role they fight in")
    missiles: int | None = Field(
        None, ge=1, description="missiles in the salvo (default: a full salvo)"
    )
    show: Literal["kills", "left"] = Field(
        "kills", description="what the distribution counts: missiles shot down (kills) or "
        "missiles left to strike (left)"
    )


class ThresholdOptions(_Options):
    """Threshold checks: one at a row, or those a run of hull damage calls for."""

    row: int | None = Field(
        None, ge=1, description="the row whose end calls the check, 1-3 (default 1)"
    )
    rows: int = Field(1, ge=1, description="rows finished at once (+1 a row beyond the first)")
    damage: str = Field(
        "", description="instead of row: hull damage of successive attacks, e.g. '3,4' "
        "(each followed by its check; needs the hull)"
    )
    systems: int = Field(1, ge=1, description="working systems that roll")
    target: str | None = Field(None, description="a ship design of the catalog: its hull")
    hull: int | None = _hull()
    hull_hits: int = _hull_hits()


#: Options of the attacks that damage a ship.
DamageOptions = (
    BeamOptions | SubmunitionOptions | PulseTorpedoOptions | NeedleOptions | FighterOptions
    | SalvoOptions
)


@dataclass(frozen=True, slots=True)
class Target:
    """The ship's numbers that matter to damage: screens, armour left, hull."""

    screens: int
    armour: int
    hull: int | None
    hull_hits: int


def _design_numbers(lib: Library, design: str | None) -> tuple[int, int, int | None]:
    if design is None:
        return 0, 0, None
    if design not in lib.designs:
        raise AttackOptionsError(f"target: {UnknownEntry('design', design, lib.designs)}")
    cls = lib.designs[design]
    return cls.screens, cls.armour, cls.hull


def _checked_hull(hull: int | None, hull_hits: int) -> int | None:
    if hull is None:
        if hull_hits:
            raise AttackOptionsError("hull_hits: give the target's hull (hull= or target=)")
        return None
    if hull_hits >= hull:
        raise AttackOptionsError(
            f"hull_hits: {hull_hits} of {hull} hull boxes marked: the ship is already destroyed"
        )
    return hull


def resolve_target(lib: Library, options: DamageOptions) -> Target:
    """The target the options describe: the design's numbers, overridden one by one."""
    screens, armour, hull = _design_numbers(lib, options.target)
    given_screens = getattr(options, "screens", None)
    return Target(
        screens if given_screens is None else given_screens,
        armour if options.armour is None else options.armour,
        _checked_hull(hull if options.hull is None else options.hull, options.hull_hits),
        options.hull_hits,
    )


def _hull_damage(points: JointDist, armour: int) -> Dist:
    return points.map(lambda normal, pen: hull_and_armour(Points(normal, pen), armour)[1])


def _target_outcomes(lib: Library, points: JointDist, target: Target) -> dict[str, float]:
    """Threshold check, a system lost to it, destruction: from the hull damage."""
    if target.hull is None:
        return {}
    rules = lib.rules.threshold
    rows = hull_rows(target.hull)
    before = rows_marked(rows, target.hull_hits)
    check = lost = destroyed = 0.0
    for damage, chance in _hull_damage(points, target.armour).items():
        hits = min(target.hull, target.hull_hits + damage)
        if hits >= target.hull:
            destroyed += chance
            continue
        owed = check_owed(before, rows_marked(rows, hits), rules)
        if owed is not None:
            check += chance
            lost += chance * fails(threshold_table(*owed, rules))
    return {"threshold check": check, "a given system knocked out": lost, "destroyed": destroyed}


SHOWN: Mapping[Show, tuple[str, Callable[[JointDist, Target], Dist]]] = {
    "total": ("damage", lambda points, _: total_of(points)),
    "normal": ("normal damage", lambda points, _: points.marginal("normal")),
    "penetrating": ("penetrating damage", lambda points, _: points.marginal("penetrating")),
    "hull": ("hull damage", lambda points, target: _hull_damage(points, target.armour)),
}


def damage_answer(
    lib: Library,
    points: JointDist,
    target: Target,
    show: Show,
    notes: tuple[str, ...],
    extra: Mapping[str, float] | None = None,
) -> OddsAnswer:
    """The answer for an attack dealing ``points`` to ``target``."""
    total = total_of(points)
    named = {
        "none": total.p(0),
        "damage": total.at_least(1),
        "normal damage": points.marginal("normal").at_least(1),
        "penetrating damage": points.marginal("penetrating").at_least(1),
        **(extra or {}),
        **_target_outcomes(lib, points, target),
    }
    normal, penetrating = points.mean
    label, view = SHOWN[show]
    means = f"mean normal damage {normal:.4f}, penetrating {penetrating:.4f}"
    shown = total if show == "total" else view(points, target)
    return OddsAnswer(shown, label, named, (*notes, means))


def _reach_error(what: str, reach: float, distance: float) -> AttackOptionsError:
    return AttackOptionsError(f"range: {what} reaches {reach:g} MU; {distance:g} MU is out of "
                              "reach")


class _LibraryOdds(AttackOdds):
    """An attack answered from a ruleset's library (its data files)."""

    def __init__(self, lib: Library) -> None:
        self.lib = lib


class BeamOdds(_LibraryOdds):
    """Beam batteries: dice by class and range, read against the target's screens."""

    name = "beam"
    summary = "damage of beam batteries by class and range against screens (re-rolls penetrate)"
    options_model = BeamOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        assert isinstance(options, BeamOptions)
        if not 1 <= options.beam_class <= 6:
            raise AttackOptionsError(
                f"beam_class: beams are class 1 to 6, not {options.beam_class}"
            )
        band = self.lib.rules.weapons.beam_band
        dice = beam_dice_at(options.beam_class, options.range, band)
        if dice == 0:
            raise _reach_error(f"a class-{options.beam_class} beam",
                               options.beam_class * band, options.range)
        target = resolve_target(self.lib, options)
        points = rule_pool(dice * options.batteries, beam_rule(target.screens))
        note = (f"class {options.beam_class} at {options.range:g} MU: {dice} dice a battery, "
                f"{dice * options.batteries} in all, against screens {target.screens}")
        return damage_answer(self.lib, points, target, options.show, (note,))


class SubmunitionOdds(_LibraryOdds):
    """Submunition packs: beam dice by range band."""

    name = "submunition"
    summary = "damage of submunition packs (beam dice by 6 MU band) against screens"
    options_model = SubmunitionOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        assert isinstance(options, SubmunitionOptions)
        bands = range_table(self.lib.rules.weapons.submunition)
        dice = to_hit_number(options.range, bands)
        if not dice:
            raise _reach_error("a submunition pack", bands[-1][0], options.range)
        target = resolve_target(self.lib, options)
        points = rule_pool(dice * options.packs, beam_rule(target.screens))
        note = f"{dice} dice a pack at {options.range:g} MU, against screens {target.screens}"
        return damage_answer(self.lib, points, target, options.show, (note,))


class PulseTorpedoOdds(_LibraryOdds):
    """Pulse torpedoes: a to-hit number by range band, a d6 of damage, screens no help."""

    name = "pulse-torpedo"
    summary = "damage of pulse torpedoes: to hit by range band, then a d6 (screens no help)"
    options_model = PulseTorpedoOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        assert isinstance(options, PulseTorpedoOptions)
        bands = range_table(self.lib.rules.weapons.pulse_torpedo)
        need = to_hit_number(options.range, bands)
        if need is None:
            raise _reach_error("a pulse torpedo", bands[-1][0], options.range)
        target = resolve_target(self.lib, options)
        points = as_normal(Dist.sum_of(pulse_torpedo_damage(need), options.tubes))
        note = f"at {options.range:g} MU each tube hits on {need}+ and does a d6"
        return damage_answer(self.lib, points, target, options.show, (note,))


class NeedleOdds(_LibraryOdds):
    """Needle beams: 5 one penetrating point, 6 that and a system of the firer's choice."""

    name = "needle"
    summary = "needle beams: one penetrating point on 5-6, a chosen system knocked out on 6"
    options_model = NeedleOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        assert isinstance(options, NeedleOptions)
        reach = self.lib.rules.weapons.needle_beam_reach
        if options.range > reach + 1e-9:
            raise _reach_error("a needle beam", reach, options.range)
        target = resolve_target(self.lib, options)
        hits = needle_hits(options.beams)
        penetrating = hits.marginal("penetrating")
        points = JointDist(
            penetrating.probabilities[None, :], (0, penetrating.offset),
            ("normal", "penetrating"), penetrating.truncated_mass,
        )
        systems = {"system hit": hits.marginal("system").at_least(1)}
        note = "each needle beam: 5 one penetrating point; 6 that and a chosen system"
        return damage_answer(self.lib, points, target, options.show, (note,), systems)


def _fighter_type(lib: Library, key: str, option: str) -> FighterType:
    if key not in lib.fighters:
        raise AttackOptionsError(f"{option}: {UnknownEntry('fighter type', key, lib.fighters)}")
    return lib.fighters[key]


def _fighting(lib: Library, kind: FighterType, role: str | None, option: str) -> FighterType:
    """How a group of ``kind`` fights: its type, or for multi-role fighters the ``role``
    chosen (by default the first, as the game does)."""
    if not kind.roles:
        if role is not None:
            raise AttackOptionsError(f"{option}: {kind.name.lower()} have no roles to choose")
        return kind
    chosen = role or kind.roles[0]
    if chosen not in kind.roles:
        raise AttackOptionsError(
            f"{option}: {kind.name.lower()} fight as {' or '.join(kind.roles)}, not {chosen!r}"
        )
    return lib.fighters[chosen]


def _group_size(kind: FighterType, count: int | None, option: str) -> int:
    if count is None:
        return kind.size
    if count > kind.size:
        raise AttackOptionsError(f"{option}: a {kind.id} group has at most {kind.size} fighters")
    return count


def _reading(dice: GroupDice, fighters: int) -> str:
    """What a group's dice do, face by face, read from the rule the game rolls with."""
    if isinstance(dice.reading, DiceRule):
        faces = [o.values[0] for o in dice.reading.first.outcomes]
        again = [o.values[0] for o in dice.reading.again.outcomes]
        scores = "/".join(map(str, faces))
        rerolls = "" if again == faces else f" (re-rolls {'/'.join(map(str, again))})"
        return f"{fighters} dice score {scores} by face, a 6 re-rolling{rerolls}"
    kills = "/".join(str(o.values[0]) for o in dice.reading.outcomes)
    if not dice.per_fighter:
        return f"one die for the group kills {kills} by face"
    return f"{fighters} dice kill {kills} by face, no re-roll"


def _defence(
    options: FighterOptions | SalvoOptions,
    most: int,
    *,
    armoured: bool = False,
    light: bool = False,
) -> Dist:
    """How many of ``most`` fighters or missiles point defence leaves."""
    kills = point_defence_kills(options.pds, options.beams, armoured=armoured, light=light,
                                most=most)
    return most - kills


class PdsOdds(_LibraryOdds):
    """Point defence: PDS and class-1 beams at a fighter group or a salvo."""

    name = "pds"
    summary = "kills by point defence (PDS, class-1 beams) of fighters or missiles"
    options_model = PdsOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        assert isinstance(options, PdsOptions)
        if options.pds + options.beams == 0:
            raise AttackOptionsError("pds, beams: at least one system must fire")
        armoured = light = False
        if options.against == MISSILES:
            most = self.lib.rules.salvo.missiles
            what, group = "missiles", "a salvo"
        else:
            kind = _fighter_type(self.lib, options.against, "against")
            fighting = self.lib.fighters[kind.roles[0]] if kind.roles else kind
            armoured, light, most = fighting.armoured, fighting.light, kind.size
            what, group = kind.name.lower(), f"a {kind.id} group"
        count = most if options.count is None else options.count
        if count > most:
            raise AttackOptionsError(f"count: {group} has at most {most} {what}")
        kills = point_defence_kills(
            options.pds, options.beams, armoured=armoured, light=light, most=count
        )
        named = {"none": kills.p(0), "at least one": kills.at_least(1),
                 "all": kills.at_least(count)}
        notes = [f"{count} {what}"]
        if armoured:
            notes.append("armoured: PDS read as against level-1 screens")
        if light:
            notes.append("light: +1 to each die")
        return OddsAnswer(kills, "kills", named, tuple(notes))


class FighterOdds(_LibraryOdds):
    """A fighter group's attack on a ship, by type, after any point defence."""

    name = "fighters"
    summary = "damage of a fighter group's attack on a ship, by type, after point defence"
    options_model = FighterOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        assert isinstance(options, FighterOptions)
        kind = _fighter_type(self.lib, options.type, "type")
        fighting = _fighting(self.lib, kind, options.role, "role")
        if fighting.ship_attack == "none":
            raise AttackOptionsError(f"type: {fighting.name.lower()} cannot attack ships")
        count = _group_size(kind, options.count, "count")
        target = resolve_target(self.lib, options)
        screened = self.lib.rules.fighter_defaults.attacks_use_screens
        screens = target.screens if screened else 0

        def attack(fighters: int) -> JointDist:
            if fighting.ship_attack == "torpedo":
                return torpedo_points(fighters, armoured=target.armour > 0)
            return rule_pool(fighters, beam_rule(screens, fighting.ship_modifier))

        left = _defence(options, count, armoured=fighting.armoured, light=fighting.light)
        points = joint_mixture([(chance, attack(n)) for n, chance in left.items()])
        notes = [f"{count} {kind.name.lower()} attacking"]
        if fighting.ship_attack == "torpedo":
            notes.append("torpedoes: 4-6 does that much; against armour half of it strikes the "
                         "armour")
        else:
            modifier = f", {fighting.ship_modifier:+d} a die" if fighting.ship_modifier else ""
            notes.append(f"beam-style dice against screens {screens}{modifier}")
        extra = {}
        if options.pds or options.beams:
            notes.append(f"mean fighters left after point defence {left.mean:.4f}")
            extra["group wiped out"] = left.p(0)
        return damage_answer(self.lib, points, target, options.show, tuple(notes), extra)


class SalvoOdds(_LibraryOdds):
    """A salvo of missiles striking a ship, after any point defence."""

    name = "salvo"
    summary = "damage of a salvo: a d6 of its missiles lock on, a die of damage each"
    options_model = SalvoOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        assert isinstance(options, SalvoOptions)
        rules = self.lib.rules.salvo
        missiles = rules.missiles if options.missiles is None else options.missiles
        target = resolve_target(self.lib, options)
        left = _defence(options, missiles)
        points = as_normal(salvo_damage(left, rules.damage_die))
        notes = [f"{missiles} missiles; a d6 of them lock on, each doing a d{rules.damage_die}"]
        extra = {}
        if options.pds or options.beams:
            notes.append(f"mean missiles left after point defence {left.mean:.4f}")
            extra["salvo shot down"] = left.p(0)
        return damage_answer(self.lib, points, target, options.show, tuple(notes), extra)


class DogfightOdds(_LibraryOdds):
    """A dogfight between two fighter groups: each rolls at the other at once."""

    name = "dogfight"
    summary = "a dogfight between two fighter groups: kills and losses, rolled at once"
    options_model = DogfightOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        assert isinstance(options, DogfightOptions)
        mine = _fighter_type(self.lib, options.type, "type")
        theirs = _fighter_type(self.lib, options.enemy, "enemy")
        count = _group_size(mine, options.count, "count")
        enemy_count = _group_size(theirs, options.enemy_count, "enemy_count")
        fighting = _fighting(self.lib, mine, options.role, "role")
        enemy_fighting = _fighting(self.lib, theirs, options.enemy_role, "enemy_role")
        ours = dogfight_dice(fighting, enemy_fighting)
        their = dogfight_dice(enemy_fighting, fighting)
        kills = group_kill_odds(count, ours, enemy_count)
        losses = group_kill_odds(enemy_count, their, count)
        enemy_gone, we_are_gone = kills.p(enemy_count), losses.p(count)
        named = {
            "no kills": kills.p(0),
            "no losses": losses.p(0),
            "enemy wiped out": enemy_gone,
            "own group wiped out": we_are_gone,
            "both wiped out": enemy_gone * we_are_gone,
            "more kills than losses": (kills - losses).at_least(1),
        }
        notes = (
            f"yours: {count} {fighting.name.lower()}, {_reading(ours, count)}",
            f"enemy: {enemy_count} {enemy_fighting.name.lower()}, "
            f"{_reading(their, enemy_count)}",
            f"mean kills {kills.mean:.4f}, mean losses {losses.mean:.4f}",
        )
        if options.show == "losses":
            return OddsAnswer(losses, "fighters lost", named, notes)
        return OddsAnswer(kills, "enemy fighters shot down", named, notes)


class InterceptOdds(_LibraryOdds):
    """A fighter group shooting down the missiles of a salvo."""

    name = "intercept"
    summary = "missiles of a salvo a fighter group shoots down before point defence"
    options_model = InterceptOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        assert isinstance(options, InterceptOptions)
        kind = _fighter_type(self.lib, options.type, "type")
        count = _group_size(kind, options.count, "count")
        fighting = _fighting(self.lib, kind, options.role, "role")
        most = self.lib.rules.salvo.missiles
        missiles = most if options.missiles is None else options.missiles
        if missiles > most:
            raise AttackOptionsError(f"missiles: a salvo has at most {most} missiles")
        dice = dogfight_dice(fighting, None)
        kills = group_kill_odds(count, dice, missiles)
        named = {"none": kills.p(0), "at least one": kills.at_least(1),
                 "salvo shot down": kills.p(missiles)}
        notes = (
            f"{count} {fighting.name.lower()} at {missiles} missiles: {_reading(dice, count)}",
            f"mean missiles left {missiles - kills.mean:.4f}",
        )
        if options.show == "left":
            return OddsAnswer(missiles - kills, "missiles left", named, notes)
        return OddsAnswer(kills, "missiles shot down", named, notes)


class ThresholdOdds(_LibraryOdds):
    """Threshold checks: the chance systems come through working."""

    name = "threshold"
    summary = "systems that survive threshold checks at a row, or after hull damage"
    options_model = ThresholdOptions

    def odds(self, options: pydantic.BaseModel) -> OddsAnswer:
        assert isinstance(options, ThresholdOptions)
        rules = self.lib.rules.threshold
        checks = self._checks(options) if options.damage else [self._row_check(options)]
        survives = 1.0
        notes = []
        for row, bonus in checks:
            fail = fails(threshold_table(row, bonus, rules))
            survives *= 1.0 - fail
            plus = f" +{bonus}" if bonus else ""
            face = rules.fail_on[row - 1]
            notes.append(f"check at row {row}{plus}: fails on {face}{'+' if face < 6 else ''} "
                         f"({fail:.4%})")
        if not checks:
            notes.append("the damage finishes no row with a check")
        one = Dist([1.0 - survives, survives]) if survives < 1.0 else Dist.constant(1)
        working = Dist.sum_of(one, options.systems)
        named = {"survives": survives, "all survive": working.p(options.systems),
                 "none survive": working.p(0)}
        return OddsAnswer(working, "systems working", named, tuple(notes))

    def _row_check(self, options: ThresholdOptions) -> tuple[int, int]:
        if options.target is not None or options.hull is not None or options.hull_hits:
            raise AttackOptionsError("target, hull, hull_hits: they go with damage=, not row=")
        checked = len(self.lib.rules.threshold.fail_on)
        row = 1 if options.row is None else options.row
        if row > checked:
            raise AttackOptionsError(
                f"row: threshold checks come at the end of rows 1 to {checked}, not row {row}"
            )
        if options.rows > row:
            raise AttackOptionsError(
                f"rows: {options.rows} rows finished at once cannot end at row {row}"
            )
        owed = check_owed(row - options.rows, row, self.lib.rules.threshold)
        assert owed is not None
        return owed

    def _checks(self, options: ThresholdOptions) -> list[tuple[int, int]]:
        if options.row is not None or options.rows != 1:
            raise AttackOptionsError("row, rows: give them or damage=, not both")
        try:
            damage = [int(part) for part in options.damage.split(",")]
        except ValueError:
            raise AttackOptionsError(
                f"damage: {options.damage!r} is not whole numbers separated by commas"
            ) from None
        if any(d < 0 for d in damage):
            raise AttackOptionsError("damage: hull damage cannot be negative")
        _, _, design_hull = _design_numbers(self.lib, options.target)
        given = design_hull if options.hull is None else options.hull
        hull = _checked_hull(given, options.hull_hits)
        if hull is None:
            raise AttackOptionsError("damage: give the target's hull (hull= or target=)")
        rows = hull_rows(hull)
        hits = options.hull_hits
        checks = []
        for amount in damage:
            before = rows_marked(rows, hits)
            hits += amount
            if hits >= hull:
                raise AttackOptionsError(
                    f"damage: {hits} hull damage destroys a ship of {hull} hull boxes"
                )
            owed = check_owed(before, rows_marked(rows, hits), self.lib.rules.threshold)
            if owed is not None:
                checks.append(owed)
        return checks


def attack_odds(lib: Library | None = None) -> dict[str, AttackOdds]:
    """Every Full Thrust attack whose odds are answered, by name."""
    lib = lib or load_library()
    attacks: list[AttackOdds] = [
        BeamOdds(lib), SubmunitionOdds(lib), PulseTorpedoOdds(lib), NeedleOdds(lib),
        PdsOdds(lib), FighterOdds(lib), SalvoOdds(lib), DogfightOdds(lib), InterceptOdds(lib),
        ThresholdOdds(lib),
    ]
    return {attack.name: attack for attack in attacks}
