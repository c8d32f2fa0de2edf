"""Reading dice the Full Thrust way: beam dice, screens, re-rolls, point defence, torpedoes.

A beam die counts 1-3 as nothing, 4-5 as one point and 6 as two points plus a re-roll.
Screens spoil the first roll: level 1 turns a 4 into nothing, level 2 also makes a 6 worth
one point. Re-rolls ignore screens and armour (they are *penetrating*) and may themselves
re-roll. Modifiers (attack fighters, interceptors, shots at light fighters) add to each face
before it is read; a re-roll still needs a natural 6.

Every function takes a dice source, so the same code runs seeded, scripted or refereed.

>>> from warbench.core.dice import ScriptedDice
>>> beam_dice(ScriptedDice([6, 4, 2, 6, 5]), 3, screens=1)  # 6 re-rolls 6 (re-rolls 5)
Points(normal=2, penetrating=3)
>>> score(4, 0), score(4, 1), score(6, 2)
(1, 0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from warbench.core.dice import DiceSource


@dataclass(frozen=True, slots=True)
class Points:
    """Points scored by a roll: ``normal`` (stopped by armour) and ``penetrating``."""

    normal: int = 0
    penetrating: int = 0

    @property
    def total(self) -> int:
        """Both kinds together."""
        return self.normal + self.penetrating


def score(value: int, screens: int = 0) -> int:
    """Points of one (modified) beam-style die against ``screens``."""
    if value <= 3:
        return 0
    if value == 4:
        return 0 if screens >= 1 else 1
    if value == 5:
        return 1
    return 1 if screens >= 2 else 2


def beam_dice(
    source: DiceSource, dice: int, *, screens: int = 0, modifier: int = 0, label: str = "beam"
) -> Points:
    """Roll ``dice`` beam-style dice; natural 6s re-roll without limit, ignoring screens."""
    if dice <= 0:
        return Points()
    faces = source.faces(6, dice, label=label)
    normal = sum(score(face + modifier, screens) for face in faces)
    rerolls = faces.count(6)
    penetrating = 0
    while rerolls:
        faces = source.faces(6, rerolls, label=f"{label} (re-roll)")
        penetrating += sum(score(face + modifier) for face in faces)
        rerolls = faces.count(6)
    return Points(normal, penetrating)


def beam_dice_at(beam_class: int, distance: float, band: float) -> int:
    """Dice a class-N beam rolls at ``distance``: N in the first band, one fewer a band.

    >>> beam_dice_at(3, 12.0, 12.0), beam_dice_at(3, 12.5, 12.0), beam_dice_at(2, 30.0, 12.0)
    (3, 2, 0)
    """
    if distance <= band:
        return beam_class
    lost = int(-(-distance // band)) - 1
    return max(0, beam_class - lost)


def six_kills(source: DiceSource, dice: int, *, modifier: int = 0, label: str) -> int:
    """Dice that kill one on a (modified) 6 and never re-roll (attack fighters' dogfights)."""
    if dice <= 0:
        return 0
    return sum(1 for face in source.faces(6, dice, label=label) if face + modifier >= 6)


def beam_point_defence(source: DiceSource, *, modifier: int = 0, label: str) -> int:
    """A class-1 beam firing as point defence: one kill on 5-6, natural 6s re-roll."""
    kills = 0
    dice = 1
    while dice:
        faces = source.faces(6, dice, label=label)
        kills += sum(1 for face in faces if face + modifier >= 5)
        dice = faces.count(6)
    return kills


def torpedo_attack(source: DiceSource, fighters: int, *, armoured: bool, label: str) -> Points:
    """Torpedo fighters: each rolls a d6 and a 4, 5 or 6 does that much damage; against a
    ship with armour left, half of each hit (rounded down) strikes the armour.

    >>> from warbench.core.dice import ScriptedDice
    >>> torpedo_attack(ScriptedDice([5, 3, 6]), 3, armoured=True, label="torpedo")
    Points(normal=5, penetrating=6)
    """
    normal = penetrating = 0
    for face in source.faces(6, fighters, label=label) if fighters > 0 else []:
        if face < 4:
            continue
        half = face // 2 if armoured else face
        normal += half
        penetrating += face - half
    return Points(normal, penetrating)


def to_hit_number(distance: float, bands: tuple[tuple[float, int], ...]) -> int | None:
    """The value a range table gives at ``distance``, or ``None`` beyond its reach.

    >>> to_hit_number(13.0, ((6.0, 2), (12.0, 3), (18.0, 4)))
    4
    """
    for reach, value in bands:
        if distance <= reach + 1e-9:
            return value
    return None
