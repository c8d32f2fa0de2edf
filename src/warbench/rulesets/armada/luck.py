"""The effects of Armada's rolls, recorded where they are rolled, for the luck report.

A gunnery check's effect is the damage it deals (0 on a miss); a pass-or-fail check's is
1 or 0; a morale check's the state it leaves (0 routed, 1 shaken, 2 steady, 3 inspired;
the better of two d20 with resolve, the ``morale`` query);
a critical damage roll's the conditions it adds; a random pick's the worth of what it picks
(an auxiliary system's build points, a dueled or jammed officer's bonus).
Each takes the words for people its dice were rolled with (``told``, ARM-NAMES) beside
their label, as the luck report shows them.
Gunnery and checks that may roll the d20 twice name a query answered by
:func:`warbench.rulesets.armada.odds.luck_odds` from the same odds as ``warbench odds``.
"""

from __future__ import annotations

from warbench.core.events import RollEffect
from warbench.core.odds import Dist
from warbench.rulesets.armada.combat import Gunnery, Shot, roll_gunnery
from warbench.rulesets.armada.context import ArmadaGame
from warbench.rulesets.armada.state import CRITICALS


def rolled_gunnery(
    game: ArmadaGame, side: int, gunnery: Gunnery, label: str, *, twice: bool = False,
    told: str = "",
) -> Shot:
    """:func:`roll_gunnery` with ``side``'s dice, its damage recorded as the effect."""
    shot = roll_gunnery(game.dice_for(side), gunnery, label, twice=twice, told=told)
    args = (gunnery.modifier, gunnery.armor_class, gunnery.dice, gunnery.sides,
            gunnery.per_die, gunnery.bonus_damage, int(gunnery.halved), int(twice))
    game.emit(RollEffect(side, f"{label} gunnery", shot.damage, 1, sides=20, query="gunnery",
                         args=args, told=f"{told} gunnery" if told else ""))
    return shot


def check_effect(
    side: int, label: str, passed: bool, need: int, twice: bool, *, told: str = ""
) -> RollEffect:
    """A d20 check that passes on a natural ``need`` or more (the better of two with
    ``twice``)."""
    return RollEffect(side, label, int(passed), 1, sides=20, query="check",
                      args=(need, int(twice)), told=told)


def morale_effect(
    side: int, label: str, natural: int, modifier: int, dc: int, margin: int,
    twice: bool = False, *, told: str = "",
) -> RollEffect:
    """A morale check: the state the natural d20 leaves the fleet in: 3 inspired (passed
    by ``margin`` or more), 2 steady, 1 shaken, 0 routed (failed by ``margin`` or more).
    With ``twice`` (resolve spent: the better of two d20) the odds are the ``morale`` query's
    (:func:`morale_odds`)."""
    values = tuple(_level(face + modifier - dc, margin) for face in range(1, 21))
    if twice:
        return RollEffect(side, label, values[natural - 1], 1, sides=20, query="morale",
                          args=(modifier, dc, margin, 1), told=told)
    return RollEffect(side, label, values[natural - 1], 1, sides=20, values=values, told=told)


def morale_odds(modifier: int, dc: int, margin: int, natural: Dist) -> Dist:
    """The morale level a natural roll distributed as ``natural`` leaves (as
    :func:`morale_effect` rates it).

    >>> morale_odds(2, 12, 5, Dist.die(20)).p(0)  # routed on a natural 1 to 5
    0.25
    """
    return natural.map(lambda face: _level(face + modifier - dc, margin))


def _level(beats: int, margin: int) -> int:
    if beats >= margin:
        return 3
    if beats >= 0:
        return 2
    return 0 if beats <= -margin else 1


def critical_effect(
    roller: int, fleet_side: int, held: tuple[int, ...], new: int, purpose: str, *,
    told: str = "",
) -> RollEffect:
    """A roll on the critical damage table, rated by the conditions it adds that the fleet
    did not suffer already (``held``: 1 for each of ``CRITICALS`` it did): more is better
    for an enemy roller (:func:`critical_odds`)."""
    return RollEffect(roller, purpose, new, 1, query="critical", args=held,
                      higher_is_better=roller != fleet_side, told=told)


def critical_odds(held: tuple[int, ...]) -> Dist:
    """The new conditions of one critical damage roll: faces 1-5 name one condition each, a
    6 rolls twice ignoring 6s and repeats, so two distinct conditions, every pair alike.

    >>> critical_odds((0, 0, 0, 0, 0)).p(2)  # a 6: two new conditions
    0.16666666666666666
    >>> round(critical_odds((1, 1, 1, 0, 0)).p(0), 6)  # 3/6 + 1/6 x (3 x 2) / 20
    0.55
    """
    if len(held) != len(CRITICALS):
        raise ValueError(f"armada's critical luck query takes {len(CRITICALS)} flags, "
                         f"not {list(held)}")
    fresh = len(CRITICALS) - sum(held)
    pairs = len(CRITICALS) * (len(CRITICALS) - 1)
    one = Dist.from_mapping({0: sum(held) / len(CRITICALS), 1: fresh / len(CRITICALS)})
    two = Dist.from_mapping({
        0: (len(CRITICALS) - fresh) * (len(CRITICALS) - fresh - 1) / pairs,
        1: 2 * fresh * (len(CRITICALS) - fresh) / pairs,
        2: fresh * (fresh - 1) / pairs,
    })
    mixed = {value: 5 / 6 * one.p(value) + 1 / 6 * two.p(value) for value in (0, 1, 2)}
    return Dist.from_mapping({value: p for value, p in mixed.items() if p > 0})


def pick_effect(
    picker: int, purpose: str, worth: tuple[int, ...], pick: int, *, higher_is_better: bool,
    told: str = "",
) -> RollEffect:
    """A random pick among ``len(worth)`` things, each alike, rated by the ``worth`` of the
    one picked (an ability's build points, an officer's bonus)."""
    return RollEffect(picker, purpose, worth[pick - 1], 1, sides=len(worth), values=worth,
                      higher_is_better=higher_is_better, told=told)
