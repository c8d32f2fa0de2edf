"""Reading dice the Full Thrust way: beam dice, screens, re-rolls, point defence, torpedoes.

A beam die counts 1-3 as nothing, 4-5 as one point and 6 as two points plus a re-roll.
Screens spoil the first roll: level 1 turns a 4 into nothing, level 2 also makes a 6 worth
one point. Re-rolls ignore screens and armour (they are *penetrating*) and may themselves
re-roll. Modifiers (attack fighters, interceptors, shots at light fighters) add to each face
before it is read; a re-roll still needs a natural 6.

Each way of reading a die is a :class:`~warbench.core.faces.FaceTable` (indexed by the
natural face); a :class:`DiceRule` pairs the table of the first roll with the table of its
re-rolls. The game rolls through these tables (:func:`roll_points` and the functions below)
and the exact odds (:mod:`warbench.rulesets.full_thrust.exact`) read the very same tables,
so the two cannot drift apart. Every roll takes a dice source, so the same code runs
seeded, scripted or refereed.

>>> from warbench.core.dice import ScriptedDice
>>> beam_dice(ScriptedDice([6, 4, 2, 6, 5]), 3, screens=1)  # 6 re-rolls 6 (re-rolls 5)
Points(normal=2, penetrating=3)
>>> score(4, 0), score(4, 1), score(6, 2)
(1, 0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from warbench.core.dice import DiceSource
from warbench.core.faces import FaceOutcome, FaceTable

#: The die every Full Thrust roll uses.
SIDES = 6
#: The natural face that re-rolls (beams, point defence).
REROLL_FACE = 6


@dataclass(frozen=True, slots=True)
class Points:
    """Points scored by a roll: ``normal`` (stopped by armour) and ``penetrating``."""

    normal: int = 0
    penetrating: int = 0

    @property
    def total(self) -> int:
        """Both kinds together."""
        return self.normal + self.penetrating


@dataclass(frozen=True, slots=True)
class DiceRule:
    """How one die is read: ``first`` for its first roll, ``again`` for each re-roll.

    Both tables count one channel; an exploding face of either adds a die read by
    ``again``. First-roll points are normal damage, re-roll points penetrating.
    """

    first: FaceTable
    again: FaceTable


def score(value: int, screens: int = 0) -> int:
    """Points of one (modified) beam-style die against ``screens``."""
    if value <= 3:
        return 0
    if value == 4:
        return 0 if screens >= 1 else 1
    if value == 5:
        return 1
    return 1 if screens >= 2 else 2


@lru_cache(maxsize=64)
def beam_table(screens: int = 0, modifier: int = 0) -> FaceTable:
    """A beam-style die against ``screens`` with ``modifier`` on each face; 6 re-rolls.

    >>> [o.values[0] for o in beam_table(2).outcomes], beam_table(2).outcome(6).explodes
    ([0, 0, 0, 0, 1, 1], True)
    """
    return FaceTable(
        SIDES,
        tuple(
            FaceOutcome((score(face + modifier, screens),), face == REROLL_FACE)
            for face in range(1, SIDES + 1)
        ),
        ("points",),
    )


@lru_cache(maxsize=64)
def beam_rule(screens: int = 0, modifier: int = 0) -> DiceRule:
    """Beam dice: the first roll against the screens, the re-rolls past them."""
    return DiceRule(beam_table(screens, modifier), beam_table(0, modifier))


@lru_cache(maxsize=8)
def point_defence_beam_table(modifier: int = 0) -> FaceTable:
    """A class-1 beam firing as point defence: one kill on a (modified) 5 or 6; 6 re-rolls.

    >>> [o.values[0] for o in point_defence_beam_table(1).outcomes]
    [0, 0, 0, 1, 1, 1]
    """
    return FaceTable(
        SIDES,
        tuple(
            FaceOutcome((1 if face + modifier >= 5 else 0,), face == REROLL_FACE)
            for face in range(1, SIDES + 1)
        ),
        ("kills",),
    )


def point_defence_rule(*, beam: bool, armoured: bool = False, light: bool = False) -> DiceRule:
    """One point defence shot: a class-1 ``beam`` (kills on 5-6) or a PDS (read as a beam
    die), at a group that is ``armoured`` (heavy: like level-1 screens) or ``light`` (+1);
    at missiles both are false."""
    modifier = 1 if light else 0
    if beam:
        table = point_defence_beam_table(modifier)
        return DiceRule(table, table)
    return beam_rule(1 if armoured else 0, modifier)


def _read(table: FaceTable, faces: list[int]) -> tuple[int, int]:
    """Points of ``faces`` read through ``table``, and how many of them re-roll."""
    outcomes = table.outcomes
    points = rerolls = 0
    for face in faces:
        outcome = outcomes[face - 1]
        points += outcome.values[0]
        rerolls += outcome.explodes
    return points, rerolls


def roll_points(source: DiceSource, dice: int, rule: DiceRule, *, label: str) -> Points:
    """Roll ``dice`` dice read by ``rule``; re-rolls go on while they keep re-rolling.

    >>> from warbench.core.dice import ScriptedDice
    >>> roll_points(ScriptedDice([6, 6, 1]), 1, beam_rule(2), label="beam")
    Points(normal=1, penetrating=2)
    """
    if dice <= 0:
        return Points()
    normal, rerolls = _read(rule.first, source.faces(SIDES, dice, label=label))
    penetrating = 0
    while rerolls:
        points, rerolls = _read(
            rule.again, source.faces(SIDES, rerolls, label=f"{label} (re-roll)")
        )
        penetrating += points
    return Points(normal, penetrating)


def beam_dice(
    source: DiceSource, dice: int, *, screens: int = 0, modifier: int = 0, label: str = "beam"
) -> Points:
    """Roll ``dice`` beam-style dice; natural 6s re-roll without limit, ignoring screens."""
    return roll_points(source, dice, beam_rule(screens, modifier), label=label)


def beam_dice_at(beam_class: int, distance: float, band: float) -> int:
    """Dice a class-N beam rolls at ``distance``: N in the first band, one fewer a band.

    >>> beam_dice_at(3, 12.0, 12.0), beam_dice_at(3, 12.5, 12.0), beam_dice_at(2, 30.0, 12.0)
    (3, 2, 0)
    """
    if distance <= band:
        return beam_class
    lost = int(-(-distance // band)) - 1
    return max(0, beam_class - lost)


@lru_cache(maxsize=8)
def six_table(modifier: int = 0) -> FaceTable:
    """A die that kills one on a (modified) 6 and never re-rolls (attack fighters' dogfights).

    >>> [o.values[0] for o in six_table(1).outcomes]
    [0, 0, 0, 0, 1, 1]
    """
    return FaceTable(
        SIDES,
        tuple(FaceOutcome((1 if face + modifier >= 6 else 0,)) for face in range(1, SIDES + 1)),
        ("kills",),
    )


@lru_cache(maxsize=4)
def face_plus_table(bonus: int) -> FaceTable:
    """A die that counts its face plus ``bonus`` (interceptors' d6+1 kills of light fighters).

    >>> [o.values[0] for o in face_plus_table(1).outcomes]
    [2, 3, 4, 5, 6, 7]
    """
    return FaceTable(
        SIDES,
        tuple(FaceOutcome((face + bonus,)) for face in range(1, SIDES + 1)),
        ("kills",),
    )


def read_faces(source: DiceSource, dice: int, table: FaceTable, *, label: str) -> int:
    """Roll ``dice`` dice and add up what ``table`` gives their faces (no re-rolls)."""
    if dice <= 0:
        return 0
    outcomes = table.outcomes
    return sum(outcomes[face - 1].values[0] for face in source.faces(SIDES, dice, label=label))


@dataclass(frozen=True, slots=True)
class GroupDice:
    """How a fighter group's dice kill fighters or missiles: ``reading`` is a beam-style
    :class:`DiceRule` (6s re-roll) or a plain :class:`FaceTable`; the group rolls one die a
    fighter, or (``per_fighter`` false) one die in all; ``aside`` ends the roll's label."""

    reading: DiceRule | FaceTable
    per_fighter: bool = True
    aside: str = ""

    def dice(self, fighters: int) -> int:
        """Dice a group of ``fighters`` rolls."""
        return fighters if self.per_fighter else 1


def group_kills(source: DiceSource, fighters: int, dice: GroupDice, *, label: str) -> int:
    """Kills of a group of ``fighters`` rolling ``dice`` (before any cap by the target).

    >>> from warbench.core.dice import ScriptedDice
    >>> group_kills(ScriptedDice([6, 5, 1, 4]), 3, GroupDice(beam_rule(0, 1)), label="d")
    5
    >>> group_kills(ScriptedDice([3]), 8, GroupDice(face_plus_table(1), False), label="d")
    4
    """
    count = dice.dice(fighters)
    if isinstance(dice.reading, DiceRule):
        return roll_points(source, count, dice.reading, label=label + dice.aside).total
    return read_faces(source, count, dice.reading, label=label + dice.aside)


def point_defence(
    source: DiceSource, *, beam: bool, armoured: bool = False, light: bool = False, label: str
) -> int:
    """Kills of one point defence shot (see :func:`point_defence_rule`)."""
    rule = point_defence_rule(beam=beam, armoured=armoured, light=light)
    return roll_points(source, 1, rule, label=label).total


@lru_cache(maxsize=2)
def torpedo_table(armoured: bool) -> FaceTable:
    """A fighter's heavy torpedo: a 4, 5 or 6 does that much damage; against a ship with
    armour left, half of it (rounded down) strikes the armour and the rest the hull.

    >>> torpedo_table(True).outcome(5).values
    (2, 3)
    """
    outcomes = []
    for face in range(1, SIDES + 1):
        damage = face if face >= 4 else 0
        half = damage // 2 if armoured else damage
        outcomes.append(FaceOutcome((half, damage - half)))
    return FaceTable(SIDES, tuple(outcomes), ("normal", "penetrating"))


def torpedo_attack(source: DiceSource, fighters: int, *, armoured: bool, label: str) -> Points:
    """Torpedo fighters: one torpedo each (see :func:`torpedo_table`).

    >>> from warbench.core.dice import ScriptedDice
    >>> torpedo_attack(ScriptedDice([5, 3, 6]), 3, armoured=True, label="torpedo")
    Points(normal=5, penetrating=6)
    """
    if fighters <= 0:
        return Points()
    outcomes = torpedo_table(armoured).outcomes
    normal = penetrating = 0
    for face in source.faces(SIDES, fighters, label=label):
        values = outcomes[face - 1].values
        normal += values[0]
        penetrating += values[1]
    return Points(normal, penetrating)


def fighter_points(
    source: DiceSource,
    fighters: int,
    *,
    ship_attack: str,
    modifier: int,
    screens: int,
    armoured: bool,
    label: str,
) -> Points:
    """A fighter group's attack on a ship: torpedoes (``ship_attack == "torpedo"``) or one
    beam-style die per fighter with ``modifier``, against ``screens``."""
    if ship_attack == "torpedo":
        return torpedo_attack(source, fighters, armoured=armoured, label=label)
    return beam_dice(source, fighters, screens=screens, modifier=modifier, label=label)


@lru_cache(maxsize=8)
def hit_table(need: int) -> FaceTable:
    """One hit on ``need`` or more (``need`` above 6: never), as for a pulse torpedo."""
    return FaceTable.threshold(SIDES, need)


def pulse_torpedo(source: DiceSource, need: int, *, label: str) -> Points:
    """A pulse torpedo: a to-hit roll of ``need`` or more, then a d6 of normal damage.

    >>> from warbench.core.dice import ScriptedDice
    >>> pulse_torpedo(ScriptedDice([3, 5]), 3, label="torpedo")
    Points(normal=5, penetrating=0)
    """
    face = source.faces(SIDES, 1, label=f"{label} to hit")[0]
    if not hit_table(need).outcomes[face - 1].values[0]:
        return Points()
    return Points(source.faces(SIDES, 1, label=f"{label} damage")[0], 0)


#: A needle beam: 5 one penetrating point; 6 that and a system of the firer's choice.
NEEDLE_TABLE = FaceTable(
    SIDES,
    (*[FaceOutcome((0, 0))] * 4, FaceOutcome((1, 0)), FaceOutcome((1, 1))),
    ("penetrating", "system"),
)


def needle_beam(source: DiceSource, *, label: str) -> tuple[Points, bool]:
    """A needle beam shot: its points and whether it knocks out a chosen system.

    >>> from warbench.core.dice import ScriptedDice
    >>> needle_beam(ScriptedDice([6]), label="needle")
    (Points(normal=0, penetrating=1), True)
    """
    values = NEEDLE_TABLE.outcome(source.faces(SIDES, 1, label=label)[0]).values
    return Points(0, values[0]), bool(values[1])


def salvo_locks(face: int, missiles: int) -> int:
    """Missiles that lock on: the face of a d6, at most the missiles left."""
    return min(face, missiles)


def salvo_points(
    source: DiceSource, missiles: int, damage_die: int, *, label: str
) -> tuple[int, Points]:
    """A salvo strikes: a d6 of its ``missiles`` lock on, each doing a ``damage_die`` of
    normal damage. Returns the locks and the points.

    >>> from warbench.core.dice import ScriptedDice
    >>> salvo_points(ScriptedDice([5, 2, 6]), 2, 6, label="salvo")
    (2, Points(normal=8, penetrating=0))
    """
    locks = salvo_locks(source.faces(SIDES, 1, label=f"{label} locks")[0], missiles)
    damage = sum(source.faces(damage_die, locks, label=f"{label} damage")) if locks else 0
    return locks, Points(damage, 0)


def to_hit_number(distance: float, bands: tuple[tuple[float, int], ...]) -> int | None:
    """The value a range table gives at ``distance``, or ``None`` beyond its reach.

    >>> to_hit_number(13.0, ((6.0, 2), (12.0, 3), (18.0, 4)))
    4
    """
    for reach, value in bands:
        if distance <= reach + 1e-9:
            return value
    return None
