"""Attack and damage rolls as the seed counts them, shared by the game and the odds.

>>> attack_outcome([1, 1], bonus=20, defence=5)
(False, False)
>>> attack_outcome([6, 6], bonus=0, defence=30)
(True, True)
>>> attack_outcome([3, 4, 4], bonus=6, defence=17)
(True, True)
>>> damage_boxes([5, 4], power=16, arm=18)
7
"""

from __future__ import annotations

from collections.abc import Sequence


def dice_count(boosted: bool, crippled: bool) -> int:
    """2d6, one more when boosted, one fewer for a crippled mind (attack) or body (damage)."""
    return 2 + int(boosted) - int(crippled)


def attack_outcome(faces: Sequence[int], bonus: int, defence: int) -> tuple[bool, bool]:
    """``(hit, critical)``: all 1s miss; with two or more dice all 6s hit; else the total
    plus ``bonus`` must reach ``defence``. A critical is a hit with two dice alike."""
    if all(face == 1 for face in faces):
        return False, False
    hit = (len(faces) >= 2 and all(face == 6 for face in faces)) or sum(faces) + bonus >= defence
    critical = hit and len(set(faces)) < len(faces)
    return hit, critical


def damage_boxes(faces: Sequence[int], power: int, arm: int) -> int:
    """Boxes marked: what the roll plus ``power`` exceeds ``arm`` by."""
    return max(0, sum(faces) + power - arm)
