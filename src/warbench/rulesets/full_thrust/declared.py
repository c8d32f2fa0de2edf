"""The exact odds of a fire-control lock offered in phase 9, before it is declared.

Judged from the state the acting seat observes: every usable beam battery of the firing
ship that bears on the target (in arc and in reach, at the real range between them) rolls
its dice by range band against the target's working screens, and
:func:`~.odds_target.damage_answer` reads the points against its armour and hull left.
The odds assume every such battery is then given this target; other weapons are left out.
"""

from __future__ import annotations

import math

from warbench.core.attacks import OddsAnswer
from warbench.rulesets.full_thrust.actions import DeclareTarget
from warbench.rulesets.full_thrust.damage import armour_left, screens_of
from warbench.rulesets.full_thrust.declarations import SHIP
from warbench.rulesets.full_thrust.exact import rule_pool
from warbench.rulesets.full_thrust.fire import can_reach, usable_weapons
from warbench.rulesets.full_thrust.library import Library
from warbench.rulesets.full_thrust.odds_target import Target, damage_answer
from warbench.rulesets.full_thrust.scoring import beam_dice_at, beam_rule
from warbench.rulesets.full_thrust.state import FullThrustState


def declared_odds(
    state: FullThrustState, lib: Library, lock: DeclareTarget
) -> OddsAnswer | None:
    """The damage the beams bearing on ``lock``'s target would deal it (``None`` for a lock
    on nothing or on fighters, or when no beam bears)."""
    if lock.kind != SHIP or not 0 <= lock.target < len(state.ships):
        return None
    if not 0 <= lock.ship < len(state.ships):
        return None
    ship, enemy = state.ships[lock.ship], state.ships[lock.target]
    cls, enemy_cls = lib.designs[ship.design], lib.designs[enemy.design]
    distance = math.hypot(enemy.x - ship.x, enemy.y - ship.y)
    band = lib.rules.weapons.beam_band
    batteries = [
        cls.systems[index]
        for index in usable_weapons(lib, ship)
        if cls.systems[index].kind == "beam"
        and can_reach(lib, ship, cls.systems[index], enemy.x, enemy.y)
    ]
    dice = sum(beam_dice_at(spec.level, distance, band) for spec in batteries)
    if not dice:
        return None
    screens = screens_of(enemy_cls, enemy)
    target = Target(screens, armour_left(enemy_cls, enemy), enemy_cls.hull, enemy.hull_hits)
    points = rule_pool(dice, beam_rule(screens))
    classes = ", ".join(f"class {spec.level}" for spec in batteries)
    note = (f"{len(batteries)} beam batteries bear ({classes}) at {distance:.1f} MU: "
            f"{dice} dice against screens {screens}")
    return damage_answer(lib, points, target, "hull", (note,))
