"""The exact odds of a fire-control lock or a weapon's target offered in phase 9, before
either is declared.

Judged from the state the acting seat observes. Each usable direct-fire weapon of the
firing ship that bears on the target (in arc and in reach, at the real range) rolls as
:mod:`.fire` rolls it, read through the same dice counts and the odds modules' exact
distributions: beam-style dice against the target's working screens (beams, pulsers,
stingers with the attack power left to them; submunition packs past no screens), K-guns,
MKPs and scatterguns (:mod:`.odds_kravak`), pulse torpedoes, needle beams, lance and leech
pods. :func:`~.odds_target.damage_answer` reads the points against its armour and hull
left. A lock's odds assume every such weapon is then given its target; a weapon's odds are
its own. At a fighter group (optional rule) each weapon kills one on its face
(:func:`~.fire.fighter_kill_need`), before any dodge.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Sequence

from warbench.core.attacks import OddsAnswer
from warbench.core.odds import Dist, JointDist
from warbench.rulesets.full_thrust.actions import AssignWeapon, DeclareTarget
from warbench.rulesets.full_thrust.damage import armour_left, screens_of
from warbench.rulesets.full_thrust.declarations import FIGHTERS, SHIP
from warbench.rulesets.full_thrust.exact import as_normal, pulse_torpedo_damage, rule_pool
from warbench.rulesets.full_thrust.fire import (
    ShipFirePhase,
    can_reach,
    fighter_kill_need,
    range_table,
    usable_weapons,
)
from warbench.rulesets.full_thrust.library import Library, SystemSpec
from warbench.rulesets.full_thrust.odds_alien import pod_points
from warbench.rulesets.full_thrust.odds_kravak import (
    kgun_points,
    mkp_points,
    scattergun_ship_dist,
)
from warbench.rulesets.full_thrust.odds_target import Target, damage_answer
from warbench.rulesets.full_thrust.odds_weapons import needle_points
from warbench.rulesets.full_thrust.phalon import PULSER, pulser_dice
from warbench.rulesets.full_thrust.pods import POD_LAUNCHER, fed_in_turn, left_after
from warbench.rulesets.full_thrust.savasku import STINGER, stinger_dice
from warbench.rulesets.full_thrust.scoring import SIDES, beam_dice_at, beam_rule, to_hit_number
from warbench.rulesets.full_thrust.state import FullThrustState, Ship

#: The weapons whose dice are read beam-style against the target's screens.
BEAM_STYLE = ("beam", PULSER, STINGER)


def declared_odds(
    state: FullThrustState, lib: Library, lock: DeclareTarget
) -> OddsAnswer | None:
    """The odds of every usable weapon bearing on ``lock``'s target firing at it (``None``
    for a lock on nothing, or when no weapon bears)."""
    if not 0 <= lock.ship < len(state.ships):
        return None
    ship = state.ships[lock.ship]
    specs = lib.designs[ship.design].systems
    weapons = [specs[index] for index in usable_weapons(lib, ship)]
    return _odds(state, lib, ship, weapons, [], lock.kind, lock.target)


def assigned_odds(
    state: FullThrustState, lib: Library, aim: AssignWeapon
) -> OddsAnswer | None:
    """The odds of one weapon fired at the target ``aim`` gives it (``None`` for holding
    fire), after the weapons given targets before it in this ship's fire."""
    if not 0 <= aim.ship < len(state.ships):
        return None
    ship = state.ships[aim.ship]
    specs = lib.designs[ship.design].systems
    if not 0 <= aim.system < len(specs):
        return None
    frame = next((f for f in reversed(state.stack) if isinstance(f, ShipFirePhase)), None)
    assigned = frame.assignments if frame else []
    earlier = [(specs[system], kind == FIGHTERS) for system, kind, _ in assigned]
    return _odds(state, lib, ship, [specs[aim.system]], earlier, aim.kind, aim.target)


def _odds(
    state: FullThrustState, lib: Library, ship: Ship, weapons: Sequence[SystemSpec],
    earlier: list[tuple[SystemSpec, bool]], kind: str, target: int,
) -> OddsAnswer | None:
    """The odds of ``weapons`` of ``ship`` (those bearing) at a target."""
    if kind == SHIP and 0 <= target < len(state.ships):
        enemy = state.ships[target]
        x, y = enemy.x, enemy.y
    elif kind == FIGHTERS and 0 <= target < len(state.groups):
        group = state.groups[target]
        x, y = group.x, group.y
    else:
        return None
    bearing = [spec for spec in weapons if can_reach(lib, ship, spec, x, y)]
    if not bearing:
        return None
    distance = math.hypot(x - ship.x, y - ship.y)
    names = ", ".join(spec.label for spec in bearing)
    where = f"{names} at {distance:.1f} MU"
    if kind == FIGHTERS:
        return _at_fighters(lib, state, bearing, target, where)
    return _at_ship(state, lib, ship, bearing, earlier, target, distance, where)


def _at_ship(
    state: FullThrustState, lib: Library, ship: Ship, bearing: list[SystemSpec],
    earlier: list[tuple[SystemSpec, bool]], target: int, distance: float, where: str,
) -> OddsAnswer | None:
    """The damage ``bearing`` deal the ship ``target``."""
    enemy = state.ships[target]
    enemy_cls = lib.designs[enemy.design]
    screens = screens_of(enemy_cls, enemy)
    pools: dict[int, int] = {}  # beam-style dice, by the screens they are read against
    others: list[JointDist] = []
    needles = 0
    spent = list(earlier)
    for spec in bearing:
        if spec.kind == "needle_beam":
            needles += 1
        elif spec.kind in BEAM_STYLE or spec.kind == "submunition":
            dice = _beam_style_dice(lib, ship, spec, distance, spent)
            against = 0 if spec.kind == "submunition" else screens  # screens no help
            pools[against] = pools.get(against, 0) + dice
        else:
            points = _one_shot(lib, ship, spec, distance, spent)
            if points is not None:
                others.append(points)
        spent.append((spec, False))  # at the ship
    parts = [rule_pool(dice, beam_rule(against)) for against, dice in pools.items() if dice]
    extra: dict[str, float] = {}
    if needles:
        points, system = needle_points(needles)
        parts.append(points)
        extra["system knocked out"] = system
    parts += others
    if not parts:
        return None
    total = parts[0]
    for part in parts[1:]:
        total = total + part
    dice = sum(pools.values())
    note = f"{where}" + (f": {dice} dice read as beams against screens {screens}" if dice else "")
    aim = Target(screens, armour_left(enemy_cls, enemy), enemy_cls.hull, enemy.hull_hits)
    return damage_answer(lib, total, aim, "hull", (note,), extra)


def _beam_style_dice(
    lib: Library, ship: Ship, spec: SystemSpec, distance: float,
    earlier: list[tuple[SystemSpec, bool]],
) -> int:
    """The beam-style dice ``spec`` rolls at ``distance``, as :mod:`.fire` counts them."""
    weapons = lib.rules.weapons
    if spec.kind == "beam":
        return beam_dice_at(spec.level, distance, weapons.beam_band)
    if spec.kind == PULSER:
        return pulser_dice(lib, spec, distance)
    if spec.kind == STINGER:
        if not fed_in_turn(lib, ship, earlier, spec):
            return 0
        fed = copy.copy(ship)  # the power the stingers before it leave
        fed.attack_power = left_after(lib, ship, earlier)[0]
        return stinger_dice(lib, fed, distance)
    return to_hit_number(distance, range_table(weapons.submunition)) or 0


def _one_shot(
    lib: Library, ship: Ship, spec: SystemSpec, distance: float,
    earlier: list[tuple[SystemSpec, bool]],
) -> JointDist | None:
    """The damage of a weapon that rolls to hit: a K-gun, an MKP, a scattergun, a pulse
    torpedo, a lance or leech pod (``None``: a pod with nothing left to grow it)."""
    weapons = lib.rules.weapons
    if spec.kind == "k_gun":
        need = to_hit_number(distance, range_table(weapons.k_gun)) or SIDES + 1
        return kgun_points(spec.level, need=need)
    if spec.kind == "mkp":
        return mkp_points()
    if spec.kind == "scattergun":
        return scattergun_ship_dist()
    if spec.kind == "pulse_torpedo":
        need = to_hit_number(distance, range_table(weapons.pulse_torpedo)) or SIDES + 1
        return as_normal(pulse_torpedo_damage(need))
    if spec.kind == POD_LAUNCHER and fed_in_turn(lib, ship, earlier, spec):
        return pod_points(lib.rules.pods, spec.mode)
    return None


def _at_fighters(
    lib: Library, state: FullThrustState, bearing: list[SystemSpec], target: int, where: str
) -> OddsAnswer:
    """Fighters of the group ``target`` that ``bearing`` kill, one each on its face."""
    group = state.groups[target]
    need = fighter_kill_need(lib, group)
    one = Dist.from_mapping({0: (need - 1) / SIDES, 1: (SIDES + 1 - need) / SIDES})
    kills = Dist.sum_of(one, len(bearing)).clip(None, group.count)
    named = {"none": kills.p(0), "at least one": kills.at_least(1),
             "group wiped out": kills.at_least(group.count)}
    notes = (f"{where}: each kills a fighter on {need}+, before any dodge",)
    return OddsAnswer(kills, "fighters killed", named, notes)
