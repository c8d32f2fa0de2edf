"""Kra'Vak weapons read the Fleet Book 2 way: K-guns, scatterguns and MKPs.

A K-gun of any class hits on 2+, 3+, 4+, 5+ or 6 by 6 MU band (out to 30 MU); a hit rolls
a second die: above the gun's class it does the class in damage, at or below it double
that, and a natural 6 always the single class. Each hit puts its first point on armour (a
normal point) and the rest into the hull (penetrating). Screens are no help. A K1 gun may
fire as point defence instead: a 5 or 6 kills one fighter or missile, no re-roll.

A scattergun (one shot) fired at attackers kills a d6 fighters or missiles (half, rounded
down, of heavy fighters; a d6+1 of light ones); fired at a ship it does 1 point on a 4 or 5
and 2 on a 6. An MKP (one shot, 12 MU) rolls one die: 4 or 5 one hit, 6 two hits, each of
4 damage (1 on armour, 3 into the hull).

>>> from warbench.core.dice import ScriptedDice
>>> kgun_shot(ScriptedDice([3, 2]), 3, need=3, label="k")  # hit; 2 <= class 3: double
Points(normal=1, penetrating=5)
>>> kgun_shot(ScriptedDice([3, 6]), 3, need=3, label="k")  # a natural 6: single
Points(normal=1, penetrating=2)
>>> mkp_shot(ScriptedDice([6]), label="m"), scattergun_at_ship(ScriptedDice([5]), label="s")
(Points(normal=2, penetrating=6), Points(normal=1, penetrating=0))
"""

from __future__ import annotations

from warbench.core.dice import DiceSource
from warbench.core.faces import FaceOutcome, FaceTable
from warbench.rulesets.full_thrust.scoring import SIDES, Points

#: Damage of one MKP hit, and how much of it armour can stop.
MKP_DAMAGE = 4
#: Light fighters lose this many more to a scattergun (the seed: a d6+1).
LIGHT_BONUS = 1


def kgun_damage(gun_class: int, face: int) -> int:
    """Damage of one K-gun hit whose damage die shows ``face``.

    >>> [kgun_damage(2, face) for face in range(1, 7)]
    [4, 4, 2, 2, 2, 2]
    >>> [kgun_damage(6, face) for face in range(1, 7)]
    [12, 12, 12, 12, 12, 6]
    """
    if face == SIDES or face > gun_class:
        return gun_class
    return 2 * gun_class


def hit_points(damage: int) -> Points:
    """One hit's damage: its first point normal (armour takes it), the rest penetrating."""
    return Points(min(1, damage), max(0, damage - 1))


def kgun_shot(source: DiceSource, gun_class: int, *, need: int, label: str) -> Points:
    """One K-gun shot needing ``need`` to hit."""
    face = source.faces(SIDES, 1, label=f"{label} to hit")[0]
    if face < need:
        return Points()
    damage = source.faces(SIDES, 1, label=f"{label} damage")[0]
    return hit_points(kgun_damage(gun_class, damage))


def k1_defence_table(light: bool = False) -> FaceTable:
    """A K1 gun as point defence: a kill on 5-6 (4-6 against light fighters), no re-roll."""
    need = 4 if light else 5
    return FaceTable(
        SIDES, tuple(FaceOutcome((1 if face >= need else 0,)) for face in range(1, SIDES + 1))
    )


def mkp_hits(face: int) -> int:
    """MKP hits for the one die: 4-5 one, 6 two."""
    return 2 if face == SIDES else 1 if face >= 4 else 0


def mkp_shot(source: DiceSource, *, label: str) -> Points:
    """One MKP at a ship in reach."""
    hits = mkp_hits(source.faces(SIDES, 1, label=label)[0])
    one = hit_points(MKP_DAMAGE)
    return Points(one.normal * hits, one.penetrating * hits)


def scattergun_ship_points(face: int) -> int:
    """A scattergun blast at a ship: 1 point on 4-5, 2 on a 6."""
    return 2 if face == SIDES else 1 if face >= 4 else 0


def scattergun_at_ship(source: DiceSource, *, label: str) -> Points:
    """A scattergun fired at a ship (normal damage)."""
    return Points(scattergun_ship_points(source.faces(SIDES, 1, label=label)[0]))


def scattergun_kill_count(face: int, *, heavy: bool = False, light: bool = False) -> int:
    """Fighters (or missiles) a scattergun kills for its d6.

    >>> [scattergun_kill_count(f) for f in (1, 6)], scattergun_kill_count(5, heavy=True)
    ([1, 6], 2)
    >>> scattergun_kill_count(6, light=True)
    7
    """
    if heavy:
        return face // 2
    return face + (LIGHT_BONUS if light else 0)


def scattergun_kills(
    source: DiceSource, *, heavy: bool = False, light: bool = False, label: str
) -> int:
    """A scattergun's kills among attackers."""
    face = source.faces(SIDES, 1, label=label)[0]
    return scattergun_kill_count(face, heavy=heavy, light=light)
