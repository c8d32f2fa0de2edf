"""Exact distributions of HORDES rolls: an attack's hit and critical chances, the boxes a
damage roll marks, and the life spiral after a sequence of attacks (no public calculator
does the spiral: every branch roll is followed exactly).

>>> hit, critical = attack_chances(dice=2, bonus=6, defence=12)  # a critical: doubles that hit
>>> round(hit, 4), round(critical, 4)
(0.7222, 0.1111)
>>> round(boxes_dist(2, 16, 18)[0], 4)
0.0278
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import product

from warbench.rulesets.hordes.rolls import attack_outcome, damage_boxes
from warbench.rulesets.hordes.spiral import crippled, fill


@lru_cache(maxsize=64)
def _faces(dice: int) -> tuple[tuple[int, ...], ...]:
    return tuple(product(range(1, 7), repeat=dice))


def attack_chances(dice: int, bonus: int, defence: int) -> tuple[float, float]:
    """Chance to hit and to hit critically with ``dice`` d6 + ``bonus`` against ``defence``."""
    rolls = _faces(dice)
    hits = crits = 0
    for faces in rolls:
        hit, critical = attack_outcome(faces, bonus, defence)
        hits += hit
        crits += critical
    return hits / len(rolls), crits / len(rolls)


def boxes_dist(dice: int, power: int, arm: int) -> dict[int, float]:
    """Boxes marked by a damage roll of ``dice`` d6 + ``power`` against ``arm``."""
    rolls = _faces(dice)
    found: dict[int, float] = {}
    for faces in rolls:
        boxes = damage_boxes(faces, power, arm)
        found[boxes] = found.get(boxes, 0.0) + 1 / len(rolls)
    return found


def attack_boxes(hit: float, damage: Mapping[int, float]) -> dict[int, float]:
    """Boxes marked by one attack: a miss marks none."""
    found = {0: 1.0 - hit}
    for boxes, p in damage.items():
        found[boxes] = found.get(boxes, 0.0) + hit * p
    return found


def spiral_after(
    sizes: Sequence[int], attacks: Sequence[Mapping[int, float]], start: Sequence[int] = ()
) -> dict[tuple[int, ...], float]:
    """Every marking of the life spiral after the attacks in turn, with its chance.

    Each attack's boxes start in a branch picked by a d6 (as the game rolls it)."""
    states: dict[tuple[int, ...], float] = {tuple(start) if start else (0,) * 6: 1.0}
    for boxes_of in attacks:
        after: dict[tuple[int, ...], float] = {}
        for marked, p in states.items():
            for boxes, q in boxes_of.items():
                if boxes == 0 or sum(marked) == sum(sizes):
                    after[marked] = after.get(marked, 0.0) + p * q
                    continue
                for branch in range(1, 7):
                    new = list(marked)
                    fill(new, sizes, branch, boxes)
                    key = tuple(new)
                    after[key] = after.get(key, 0.0) + p * q / 6
        states = after
    return states


def spiral_outcomes(
    sizes: Sequence[int], states: Mapping[tuple[int, ...], float]
) -> dict[str, float]:
    """Chance each aspect is crippled, and the beast destroyed (every circle marked)."""
    named = {"mind crippled": 0.0, "body crippled": 0.0, "spirit crippled": 0.0, "destroyed": 0.0}
    total = sum(sizes)
    for marked, p in states.items():
        for aspect in crippled(marked, sizes):
            named[f"{aspect} crippled"] += p
        if sum(marked) >= total:
            named["destroyed"] += p
    return named


def total_boxes(attacks: Sequence[Mapping[int, float]], cap: int) -> dict[int, float]:
    """Boxes marked by all the attacks together, capped at ``cap`` (the model's boxes)."""
    found = {0: 1.0}
    for boxes_of in attacks:
        after: dict[int, float] = {}
        for done, p in found.items():
            for boxes, q in boxes_of.items():
                key = min(cap, done + boxes)
                after[key] = after.get(key, 0.0) + p * q
        found = after
    return found
