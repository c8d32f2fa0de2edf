"""HORDES' answers to luck queries: an attack roll hits, a damage roll marks boxes.

Both are answered from :mod:`~warbench.rulesets.hordes.exact`, the odds ``warbench odds
hordes`` gives, so an attack's luck counts all 1s missing and all 6s hitting as the rules
do.

>>> round(effect_odds("attack", (2, 6, 12)).p(1), 4)
0.7222
"""

from __future__ import annotations

from functools import lru_cache

from warbench.core.odds import Dist
from warbench.rulesets.hordes.exact import attack_chances, boxes_dist


@lru_cache(maxsize=1024)
def effect_odds(query: str, args: tuple[int, ...]) -> Dist:
    """``attack`` (dice, bonus, defence): 1 for a hit; ``damage`` (dice, power, arm): boxes."""
    if query == "attack" and len(args) == 3:
        hit, _ = attack_chances(*args)
        return Dist.from_mapping({0: 1.0 - hit, 1: hit})
    if query == "damage" and len(args) == 3:
        return Dist.from_mapping(boxes_dist(*args))
    raise ValueError(f"hordes answers no luck query {query!r} {list(args)}")
