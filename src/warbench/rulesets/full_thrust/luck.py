"""Full Thrust's answers to luck queries: the exact odds of rolls that re-roll their 6s.

A beam-style roll reads its first roll and its re-rolls through different tables, and a
salvo rolls its locks before its damage, so their :class:`~warbench.core.events.RollEffect`
names a query answered here from the same odds as ``warbench odds full-thrust``
(:mod:`~warbench.rulesets.full_thrust.exact`, and for the alien weapons
:mod:`~.odds_kravak` and :mod:`~.odds_alien`).

>>> round(effect_odds("beam", (2, 0, 0)).mean, 6)  # two beam dice, no screens: 0.8 each
1.6
>>> odds = effect_odds("k_gun", (2, 6))  # a K2 at long range: a 6 to hit, then 4 on 1-2
>>> [round(odds.p(damage) * 36) for damage in (0, 2, 4)]
[30, 4, 2]
"""

from __future__ import annotations

from functools import lru_cache

from warbench.core.events import RollEffect
from warbench.core.faces import FaceOutcome, FaceTable
from warbench.core.luck import pool_effect
from warbench.core.odds import Dist
from warbench.rulesets.full_thrust.exact import (
    needle_hits,
    pulse_torpedo_damage,
    rule_pool,
    salvo_damage,
    torpedo_points,
    total_of,
)
from warbench.rulesets.full_thrust.odds_alien import interceptor_dist, strike_dist
from warbench.rulesets.full_thrust.odds_kravak import (
    k1_kill_dist,
    kgun_points,
    mkp_points,
    scattergun_kill_dist,
    scattergun_ship_dist,
)
from warbench.rulesets.full_thrust.phalon import scattergun_bolt_hits
from warbench.rulesets.full_thrust.pods import LANCE, LEECH
from warbench.rulesets.full_thrust.scoring import (
    REROLL_FACE,
    SIDES,
    DiceRule,
    beam_rule,
    point_defence_rule,
)

#: The queries, each with the meaning of its arguments.
QUERIES = {
    "beam": "damage of (dice, screens, modifier) beam-style dice",
    "torpedo": "damage of (fighters, armoured) heavy torpedoes",
    "pulse_torpedo": "damage of one pulse torpedo hitting on (need)",
    "salvo": "damage of a salvo of (missiles) with a (damage die)",
    "point_defence": "kills of one point defence shot: (beam, armoured target, light target)",
    "rule": "points of (dice) read by a rule: six first-roll values, six re-roll values",
    "needle": "penetrating points plus systems knocked out by one needle beam",
    "k_gun": "damage of one K-gun shot of (class) needing (need) to hit",
    "mkp": "damage of one MKP shot",
    "scattergun": "damage of one scattergun blast at a ship",
    "scattergun_kills": "kills of one scattergun among (heavy, light) attackers",
    "scattergun_bolt": "strength one scattergun takes off a plasma bolt",
    "k1_defence": "kills of one K1 gun as point defence at (light) attackers",
    "pod": "damage of one (lance) or leech pod hitting on (need) with a d(die)",
    "interceptor": "kills of one interceptor pod's d(die) among (heavy, light) attackers",
}


def rule_effect(
    player: int, purpose: str, effect: int, dice: int, reading: DiceRule | FaceTable, *,
    told: str = "",
) -> RollEffect:
    """The effect of ``dice`` dice read by a beam-style rule (6s re-roll through another
    table) or by a plain face table (``told``: the purpose in words for people, FT-NAMES)."""
    if isinstance(reading, FaceTable):
        return pool_effect(player, purpose, effect, dice, reading, told=told)
    values = tuple(o.values[0] for table in (reading.first, reading.again) for o in table.outcomes)
    return RollEffect(player, purpose, effect, dice, query="rule", args=(dice, *values),
                      told=told)


@lru_cache(maxsize=1024)
def effect_odds(query: str, args: tuple[int, ...]) -> Dist:
    """The distribution of the effect ``query`` names (see :data:`QUERIES`)."""
    if query == "beam" and len(args) == 3:
        dice, screens, modifier = args
        return total_of(rule_pool(dice, beam_rule(screens, modifier)))
    if query == "torpedo" and len(args) == 2:
        return total_of(torpedo_points(args[0], armoured=bool(args[1])))
    if query == "pulse_torpedo" and len(args) == 1:
        return pulse_torpedo_damage(args[0])
    if query == "salvo" and len(args) == 2:
        return salvo_damage(Dist.constant(args[0]), args[1])
    if query == "point_defence" and len(args) == 3:
        beam, armoured, light = (bool(arg) for arg in args)
        return total_of(rule_pool(1, point_defence_rule(beam=beam, armoured=armoured,
                                                        light=light)))
    if query == "rule" and len(args) == 1 + 2 * SIDES:
        first, again = (_rerolling(args[1 + k * SIDES : 1 + (k + 1) * SIDES]) for k in (0, 1))
        return total_of(rule_pool(args[0], DiceRule(first, again)))
    alien = _alien_odds(query, args)
    if alien is not None:
        return alien
    raise ValueError(f"full-thrust answers no luck query {query!r} {list(args)}: "
                     f"it knows {', '.join(QUERIES)}")


def _alien_odds(query: str, args: tuple[int, ...]) -> Dist | None:
    """The Kra'Vak, Phalon and Sa'Vasku queries (None: not one of them)."""
    flags = tuple(bool(arg) for arg in args)
    if query == "needle" and not args:
        return total_of(needle_hits(1))
    if query == "k_gun" and len(args) == 2:
        return total_of(kgun_points(args[0], need=args[1]))
    if query == "mkp" and not args:
        return total_of(mkp_points())
    if query == "scattergun" and not args:
        return total_of(scattergun_ship_dist())
    if query == "scattergun_kills" and len(args) == 2:
        return scattergun_kill_dist(heavy=flags[0], light=flags[1])
    if query == "scattergun_bolt" and not args:
        return Dist.die(SIDES).map(scattergun_bolt_hits)
    if query == "k1_defence" and len(args) == 1:
        return k1_kill_dist(flags[0])
    if query == "pod" and len(args) == 3:
        return total_of(strike_dist(args[1], args[2], LANCE if flags[0] else LEECH))
    if query == "interceptor" and len(args) == 3:
        return interceptor_dist(args[0], heavy=flags[1], light=flags[2])
    return None


def _rerolling(values: tuple[int, ...]) -> FaceTable:
    return FaceTable(SIDES, tuple(FaceOutcome((value,), face == REROLL_FACE)
                                  for face, value in enumerate(values, start=1)))
