"""Full Thrust's answers to luck queries: the exact odds of rolls that re-roll their 6s.

A beam-style roll reads its first roll and its re-rolls through different tables, and a
salvo rolls its locks before its damage, so their :class:`~warbench.core.events.RollEffect`
names a query answered here from the same odds as ``warbench odds full-thrust``
(:mod:`~warbench.rulesets.full_thrust.exact`).

>>> round(effect_odds("beam", (2, 0, 0)).mean, 6)  # two beam dice, no screens: 0.8 each
1.6
"""

from __future__ import annotations

from functools import lru_cache

from warbench.core.odds import Dist
from warbench.rulesets.full_thrust.exact import (
    pulse_torpedo_damage,
    rule_pool,
    salvo_damage,
    torpedo_points,
    total_of,
)
from warbench.rulesets.full_thrust.scoring import beam_rule, point_defence_rule

#: The queries, each with the meaning of its arguments.
QUERIES = {
    "beam": "damage of (dice, screens, modifier) beam-style dice",
    "torpedo": "damage of (fighters, armoured) heavy torpedoes",
    "pulse_torpedo": "damage of one pulse torpedo hitting on (need)",
    "salvo": "damage of a salvo of (missiles) with a (damage die)",
    "point_defence": "kills of one point defence shot: (beam, armoured target, light target)",
}


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
    raise ValueError(f"full-thrust answers no luck query {query!r} {list(args)}: "
                     f"it knows {', '.join(QUERIES)}")
