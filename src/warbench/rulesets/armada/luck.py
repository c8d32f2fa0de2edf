"""The effects of Armada's rolls, recorded where they are rolled, for the luck report.

A gunnery check's effect is the damage it deals (0 on a miss); a pass-or-fail check's is
1 or 0; a morale check's the state it leaves (0 routed, 1 shaken, 2 steady, 3 inspired).
Gunnery and checks that may roll the d20 twice name a query answered by
:func:`warbench.rulesets.armada.odds.luck_odds` from the same odds as ``warbench odds``.
"""

from __future__ import annotations

from warbench.core.events import RollEffect
from warbench.rulesets.armada.combat import Gunnery, Shot, roll_gunnery
from warbench.rulesets.armada.context import ArmadaGame


def rolled_gunnery(
    game: ArmadaGame, side: int, gunnery: Gunnery, label: str, *, twice: bool = False
) -> Shot:
    """:func:`roll_gunnery` with ``side``'s dice, its damage recorded as the effect."""
    shot = roll_gunnery(game.dice_for(side), gunnery, label, twice=twice)
    args = (gunnery.modifier, gunnery.armor_class, gunnery.dice, gunnery.sides,
            gunnery.per_die, gunnery.bonus_damage, int(gunnery.halved), int(twice))
    game.emit(RollEffect(side, f"{label} gunnery", shot.damage, 1, sides=20, query="gunnery",
                         args=args))
    return shot


def check_effect(side: int, label: str, passed: bool, need: int, twice: bool) -> RollEffect:
    """A d20 check that passes on a natural ``need`` or more (the better of two with
    ``twice``)."""
    return RollEffect(side, label, int(passed), 1, sides=20, query="check",
                      args=(need, int(twice)))


def morale_effect(
    side: int, label: str, natural: int, modifier: int, dc: int, margin: int
) -> RollEffect:
    """A morale check: the state the natural d20 leaves the fleet in: 3 inspired (passed
    by ``margin`` or more), 2 steady, 1 shaken, 0 routed (failed by ``margin`` or more)."""
    values = tuple(_level(face + modifier - dc, margin) for face in range(1, 21))
    return RollEffect(side, label, values[natural - 1], 1, sides=20, values=values)


def _level(beats: int, margin: int) -> int:
    if beats >= margin:
        return 3
    if beats >= 0:
        return 2
    return 0 if beats <= -margin else 1
