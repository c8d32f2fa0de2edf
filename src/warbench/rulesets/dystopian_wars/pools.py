"""Every Dystopian Wars face table, in one place, and the pools the rules roll with them.

The game's one dice mechanic is a pool of d6 read face by face: below the number needed
nothing, at or above it one success, and a natural 6 two successes and a die rolled again.
A natural 1 always fails, and a 6 reached only through a modifier neither doubles nor
explodes (here a modifier moves the number needed, so only a real 6 is a six).

The tables are built by :func:`hit_table` and friends and cached, so the roller
(:func:`warbench.core.dice.pool`) and the exact odds (:mod:`warbench.core.odds`) read the
very same objects::

    >>> hit_table(4).outcome(6)
    FaceOutcome(values=(2,), explodes=True)
    >>> [hit_table(2).outcome(face).values[0] for face in range(1, 7)]
    [0, 1, 1, 1, 1, 2]
    >>> [TEST_TABLE.outcome(face).values[0] for face in range(1, 7)]
    [0, 0, 0, 1, 1, 2]
"""

from __future__ import annotations

from functools import cache
from typing import Any

from warbench.core.dice import DiceSource, pool
from warbench.core.engine import Game
from warbench.core.faces import FaceOutcome, FaceTable
from warbench.core.luck import pool_effect

#: The easiest and hardest numbers a die can need: a natural 1 never succeeds.
EASIEST, HARDEST = 2, 6


def clamp_needed(needed: int) -> int:
    """The number needed on a d6, kept between 2 (1 always fails) and 6.

    >>> clamp_needed(1), clamp_needed(4), clamp_needed(9)
    (2, 4, 6)
    """
    return min(HARDEST, max(EASIEST, needed))


@cache
def hit_table(needed: int, *, explode: bool = True) -> FaceTable:
    """Success on ``needed``+ (one each), a natural 6 two successes that rolls again.

    Attack dice, ack-ack and concussion charges cancelling hits, melee dice and ram dice
    all read this table; ``explode=False`` gives the same counts without the extra die.
    """
    needed = clamp_needed(needed)
    outcomes = []
    for face in range(1, 7):
        if face == 6:
            outcomes.append(FaceOutcome((2,), explode))
        elif face >= needed:
            outcomes.append(FaceOutcome((1,), False))
        else:
            outcomes.append(FaceOutcome((0,), False))
    return FaceTable(6, tuple(outcomes))


#: Command, rout and bravery tests: 3D6, 4-5 one hit, 6 two hits, no die rolled again.
TEST_TABLE = hit_table(4, explode=False)

#: Against a wing of tiny flyers, each 6 removes a token (and still rolls again); a 4 or 5
#: (the number needed, in general) only forces an abort. Two channels: kills and aborts.
@cache
def wing_table(needed: int) -> FaceTable:
    """Two channels against tiny flyers: ``kills`` (natural 6, rolling again) and ``aborts``.

    >>> wing_table(4).outcome(6), wing_table(4).outcome(4).values
    (FaceOutcome(values=(1, 0), explodes=True), (0, 1))
    """
    needed = clamp_needed(needed)
    outcomes = []
    for face in range(1, 7):
        if face == 6:
            outcomes.append(FaceOutcome((1, 0), True))
        elif face >= needed:
            outcomes.append(FaceOutcome((0, 1), False))
        else:
            outcomes.append(FaceOutcome((0, 0), False))
    return FaceTable(6, tuple(outcomes), ("kills", "aborts"))


def roll_hits(
    source: DiceSource, dice: int, needed: int, *, label: str, told: str = ""
) -> tuple[int, tuple[int, ...]]:
    """Roll ``dice`` d6 needing ``needed``: ``(successes, every face rolled)`` (``told``:
    the label in words for people, where they differ).

    >>> from warbench.core.dice import ScriptedDice
    >>> roll_hits(ScriptedDice([6, 5, 1, 3]), 3, 5, label="guns")
    (3, (6, 5, 1, 3))
    """
    if dice <= 0:
        return 0, ()
    result = pool(source, dice, hit_table(needed), label=label, told=told)
    return result.totals[0], result.faces


def roll_test(source: DiceSource, dice: int, *, label: str) -> tuple[int, tuple[int, ...]]:
    """A command, rout or bravery test of ``dice`` d6: ``(hits, faces)``."""
    if dice <= 0:
        return 0, ()
    result = pool(source, dice, TEST_TABLE, label=label)
    return result.totals[0], result.faces


def roll_against_wing(
    source: DiceSource, dice: int, needed: int, *, label: str
) -> tuple[int, int, tuple[int, ...]]:
    """Dice at a wing of tiny flyers: ``(tokens killed, abort hits, faces)``."""
    if dice <= 0:
        return 0, 0, ()
    result = pool(source, dice, wing_table(needed), label=label)
    return result.totals[0], result.totals[1], result.faces


def rolled_hits(
    game: Game[Any, Any],
    player: int,
    dice: int,
    needed: int,
    *,
    label: str,
    higher_is_better: bool = True,
) -> int:
    """:func:`roll_hits` with ``player``'s dice; the successes are recorded as the roll's
    effect for the luck report (more is better for ``player`` unless it says otherwise)."""
    hits, _ = roll_hits(game.dice_for(player), dice, needed, label=label)
    if dice > 0:
        game.emit(pool_effect(player, label, hits, dice, hit_table(needed),
                              higher_is_better=higher_is_better))
    return hits


def rolled_faces(
    game: Game[Any, Any],
    player: int,
    dice: int,
    needed: int,
    *,
    label: str,
    told: str = "",
    higher_is_better: bool = True,
) -> tuple[int, ...]:
    """:func:`rolled_hits`, giving every face rolled (for a roll read at several numbers
    needed, as a mine's against each model under it: see :func:`hits_in`)."""
    hits, faces = roll_hits(game.dice_for(player), dice, needed, label=label, told=told)
    if dice > 0:
        game.emit(pool_effect(player, label, hits, dice, hit_table(needed),
                              higher_is_better=higher_is_better, told=told))
    return faces


def hits_in(faces: tuple[int, ...], needed: int) -> int:
    """The successes ``faces`` score at ``needed``+ (a natural 6 two); the faces are the
    same whatever the number, since only a natural 6 rolls again.

    >>> hits_in((6, 5, 4, 1), 4), hits_in((6, 5, 4, 1), 6)
    (4, 2)
    """
    table = hit_table(needed)
    return sum(table.outcome(face).values[0] for face in faces)


def rolled_test(
    game: Game[Any, Any], player: int, dice: int, needed: int, *, label: str
) -> tuple[int, tuple[int, ...]]:
    """:func:`roll_test` with ``player``'s dice; passing (``needed`` hits or more) is
    recorded as the roll's effect."""
    hits, faces = roll_test(game.dice_for(player), dice, label=label)
    if dice > 0:
        game.emit(pool_effect(player, label, int(hits >= needed), dice, TEST_TABLE,
                              at_least=needed))
    return hits, faces


def rolled_against_wing(
    game: Game[Any, Any], player: int, dice: int, needed: int, *, label: str
) -> tuple[int, int]:
    """:func:`roll_against_wing` with ``player``'s dice: ``(kills, aborts)``; the tokens
    killed are recorded as the roll's effect (aborts are not rated)."""
    kills, aborts, _ = roll_against_wing(game.dice_for(player), dice, needed, label=label)
    if dice > 0:
        game.emit(pool_effect(player, label, kills, dice, kill_table(needed)))
    return kills, aborts


@cache
def kill_table(needed: int) -> FaceTable:
    """The ``kills`` channel of :func:`wing_table` alone."""
    outcomes = wing_table(needed).outcomes
    return FaceTable(6, tuple(FaceOutcome(o.values[:1], o.explodes) for o in outcomes))
