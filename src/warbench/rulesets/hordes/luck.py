"""HORDES' answers to luck queries (an attack roll hits, a damage roll marks boxes) and the
effects of the rolls no pool describes (life spiral branch, deviation, slam distance).

Both are answered from :mod:`~warbench.rulesets.hordes.exact`, the odds ``warbench odds
hordes`` gives, so an attack's luck counts all 1s missing and all 6s hitting as the rules
do.

>>> round(effect_odds("attack", (2, 6, 12)).p(1), 4)
0.7222
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from warbench.core.events import RollEffect
from warbench.core.odds import Dist
from warbench.rulesets.hordes.exact import attack_chances, boxes_dist
from warbench.rulesets.hordes.spiral import crippled, fill


@lru_cache(maxsize=1024)
def effect_odds(query: str, args: tuple[int, ...]) -> Dist:
    """``attack`` (dice, bonus, defence): 1 for a hit; ``damage`` (dice, power, arm): boxes."""
    if query == "attack" and len(args) == 3:
        hit, _ = attack_chances(*args)
        return Dist.from_mapping({0: 1.0 - hit, 1: hit})
    if query == "damage" and len(args) == 3:
        return Dist.from_mapping(boxes_dist(*args))
    raise ValueError(f"hordes answers no luck query {query!r} {list(args)}")


def spiral_effect(
    owner: int, marked: Sequence[int], sizes: Sequence[int], amount: int, branch: int
) -> RollEffect:
    """The life spiral branch a beast's damage starts in, rated for its owner by the aspects
    it newly cripples (fewer is better), each branch alike.

    Four boxes on an empty spiral of two-circle branches cripple an aspect (branches 1-2,
    3-4, 5-6) when they start at its first branch; two more boxes with branch 1 full cripple
    it from branch 2, or from branch 1 (full: they run on into 2):

    >>> spiral_effect(0, [0, 0, 0, 0, 0, 0], [2] * 6, 4, 1).values
    (1, 0, 1, 0, 1, 0)
    >>> spiral_effect(0, [2, 0, 0, 0, 0, 0], [2] * 6, 2, 2).values
    (1, 1, 0, 0, 0, 0)
    """
    before = crippled(marked, sizes)
    harms = []
    for start in range(1, 7):
        after = list(marked)
        fill(after, sizes, start, amount)
        harms.append(len(crippled(after, sizes) - before))
    values = tuple(harms)
    return RollEffect(owner, "life spiral", values[branch - 1], 1, values=values,
                      higher_is_better=False)


def deviation_effect(owner: int, distance: float, inches: int) -> RollEffect:
    """A missed AOE's deviation, rated for the attacker by how far the blast lands from its
    aim in half inches (the d6 inches, at most half the distance to the aim; the direction
    die moves it round the aim, no nearer or farther): nearer is better.

    >>> deviation_effect(0, 5.0, 4).values  # at most 2.5 inches: 5 half inches
    (2, 4, 5, 5, 5, 5)
    """
    values = tuple(round(2 * min(face, distance / 2)) for face in range(1, 7))
    return RollEffect(owner, "deviation", values[inches - 1], 1, values=values,
                      higher_is_better=False)


def slam_effect(owner: int, stopper_at: float | None, halved: bool, face: int) -> RollEffect:
    """A slam's distance, rated for the attacker by whether the slammed model meets a model
    of an equal or larger base or an obstruction (1: its damage roll gets an extra die):
    ``stopper_at`` is how far away the first one is (None: none within reach, the table
    edge coming first included).

    >>> slam_effect(0, 3.5, False, 4).values, slam_effect(0, 1.5, True, 4).values
    ((0, 0, 0, 1, 1, 1), (0, 0, 1, 1, 1, 1))
    """
    values = tuple(
        int(stopper_at is not None and stopper_at <= (f / 2 if halved else f) + 1e-9)
        for f in range(1, 7)
    )
    return RollEffect(owner, "slam distance", values[face - 1], 1, values=values)
