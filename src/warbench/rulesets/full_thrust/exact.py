"""Exact distributions of Full Thrust rolls, read from the tables the game rolls with.

Every function here takes the same :class:`~warbench.rulesets.full_thrust.scoring.DiceRule`
or :class:`~warbench.core.faces.FaceTable` (and the same small rule functions) as the game's
rolls in :mod:`~warbench.rulesets.full_thrust.scoring`, so the odds follow any change to
the rules. Damage is a :class:`~warbench.core.odds.JointDist` over ``(normal,
penetrating)``: the two are not independent (only a first-roll 6 re-rolls), and armour
stops only normal damage.

>>> from warbench.rulesets.full_thrust.scoring import beam_rule
>>> points = rule_pool(3, beam_rule(screens=2))
>>> round(total_of(points).mean, 6), points.truncated_mass < 1e-15
(1.4, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial

import numpy as np

from warbench.core.faces import FaceTable
from warbench.core.odds import Dist, InvalidOddsQuery, JointDist, mixture, pool_dist
from warbench.rulesets.full_thrust.scoring import (
    NEEDLE_TABLE,
    REROLL_FACE,
    SIDES,
    DiceRule,
    GroupDice,
    hit_table,
    point_defence_rule,
    salvo_locks,
    torpedo_table,
)

FACES = range(1, SIDES + 1)

#: The two kinds of damage, in the order of a damage :class:`JointDist`.
CHANNELS = ("normal", "penetrating")
#: The most probability a distribution here may leave out (chains of re-rolls).
TOLERANCE = 1e-15


def reroll_chain(table: FaceTable, tolerance: float = TOLERANCE) -> Dist:
    """The points of one re-roll read by ``table`` and of the re-rolls its natural 6s give.

    Only the 6 re-rolls, so a chain of ``k`` re-rolls after this one adds ``k`` times the
    6's value with chance ``(1/6)**k`` to a last die showing 1-5: the series is a sum of
    shifted copies, cut after the fewest terms that leave out at most ``tolerance`` (the
    chains of that many re-rolls or more), which is reported as the truncated mass.

    >>> from warbench.rulesets.full_thrust.scoring import beam_table
    >>> chain = reroll_chain(beam_table())
    >>> round(chain.mean, 12), chain.truncated_mass < 1e-15  # (4/6) / (5/6)
    (0.8, True)
    """
    share = 1.0 / table.sides
    if [o.explodes for o in table.outcomes] != [face == REROLL_FACE for face in FACES]:
        raise InvalidOddsQuery("a re-roll chain needs a table where only the 6 re-rolls")
    step = table.outcome(REROLL_FACE).values[0]
    last = [o.values[0] for o in table.outcomes[: REROLL_FACE - 1]]
    depth = math.ceil(math.log(tolerance) / math.log(share))
    low = min(last)
    stop = np.bincount(np.asarray(last) - low) * share
    rerolls = np.arange(depth)
    places = rerolls[:, None] * step + np.arange(len(stop))
    probs = np.bincount(places.ravel(), (share**rerolls[:, None] * stop).ravel())
    return Dist(probs, low, share**depth)


def rule_die(rule: DiceRule, tolerance: float = TOLERANCE) -> JointDist:
    """One die read by ``rule``: its first roll's points (normal) and the points of the
    chain of re-rolls it starts (penetrating), cut where less than ``tolerance`` is lost.

    >>> from warbench.rulesets.full_thrust.scoring import beam_rule
    >>> die = rule_die(beam_rule(screens=1))
    >>> round(die.p(0, 0), 6), round(die.p(2, 0), 6)  # 1-4; a 6 re-rolling 1-3
    (0.666667, 0.083333)
    """
    again = reroll_chain(rule.again, tolerance)
    values = [outcome.values[0] for outcome in rule.first.outcomes]
    low = min(values)
    exploding = [outcome.explodes for outcome in rule.first.outcomes]
    width = again.offset + len(again.probabilities) if any(exploding) else 1
    probs = np.zeros((max(values) - low + 1, width))
    share = 1.0 / rule.first.sides
    for value, explodes in zip(values, exploding, strict=True):
        if explodes:
            probs[value - low, again.offset :] += share * again.probabilities
        else:
            probs[value - low, 0] += share
    lost = sum(exploding) * share * again.truncated_mass
    return JointDist(probs, (low, 0), CHANNELS, lost)


def rule_pool(dice: int, rule: DiceRule, tolerance: float = TOLERANCE) -> JointDist:
    """The points of ``dice`` dice read by ``rule``, at most ``tolerance`` left out."""
    die = rule_die(rule, tolerance / 2 / max(dice, 1))
    budget = tolerance / 2 if die.truncated_mass else 0.0
    return JointDist.sum_of(die, dice, tolerance=budget)


def as_normal(damage: Dist) -> JointDist:
    """Normal damage only, as a damage :class:`JointDist`."""
    return JointDist(
        damage.probabilities[:, None], (damage.offset, 0), CHANNELS, damage.truncated_mass
    )


def joint_mixture(parts: Sequence[tuple[float, JointDist]]) -> JointDist:
    """One of several damage distributions, picked with the given chances (summing to 1).

    >>> none, one = as_normal(Dist.constant(0)), as_normal(Dist.constant(1))
    >>> joint_mixture([(0.25, none), (0.75, one)]).p(1, 0)
    0.75
    """
    low = [min(d.offsets[axis] for _, d in parts) for axis in range(2)]
    high = [
        max(d.offsets[axis] + d.probabilities.shape[axis] for _, d in parts)
        for axis in range(2)
    ]
    probs = np.zeros((high[0] - low[0], high[1] - low[1]))
    lost = 0.0
    for weight, dist in parts:
        rows, cols = dist.probabilities.shape
        top, left = dist.offsets[0] - low[0], dist.offsets[1] - low[1]
        probs[top : top + rows, left : left + cols] += weight * dist.probabilities
        lost += weight * dist.truncated_mass
    return JointDist(probs, tuple(low), CHANNELS, lost)


def total_of(points: JointDist) -> Dist:
    """Normal and penetrating damage together."""
    probs = points.probabilities
    rows, cols = probs.shape
    out = np.zeros(rows + cols - 1)
    for row in range(rows):
        out[row : row + cols] += probs[row]
    return Dist(out, sum(points.offsets), points.truncated_mass)


def point_defence_kills(
    pds: int, beams: int, *, armoured: bool = False, light: bool = False, most: int
) -> Dist:
    """Kills of ``pds`` PDS and ``beams`` class-1 beams firing as point defence at one
    fighter group or salvo of ``most`` fighters or missiles (kills beyond it are lost)."""
    kills = total_of(rule_pool(pds, point_defence_rule(beam=False, armoured=armoured,
                                                         light=light)))
    kills = kills + total_of(rule_pool(beams, point_defence_rule(beam=True, light=light)))
    return kills.clip(None, most)


def group_kill_odds(fighters: int, dice: GroupDice, most: int) -> Dist:
    """Kills of a group of ``fighters`` rolling ``dice`` at ``most`` fighters or missiles
    (kills beyond them are lost), the way :func:`~.scoring.group_kills` rolls them.

    >>> from warbench.rulesets.full_thrust.scoring import six_table
    >>> group_kill_odds(2, GroupDice(six_table()), most=6).to_dict()[2] == 1 / 36
    True
    """
    count = dice.dice(fighters)
    if isinstance(dice.reading, DiceRule):
        kills = total_of(rule_pool(count, dice.reading))
    else:
        kills = _one_channel(pool_dist(count, dice.reading))
    return kills.clip(None, most)


def torpedo_points(fighters: int, *, armoured: bool) -> JointDist:
    """The damage of ``fighters`` torpedo fighters' torpedoes."""
    return _channels(pool_dist(fighters, torpedo_table(armoured)))


def pulse_torpedo_damage(need: int) -> Dist:
    """One pulse torpedo: a hit on ``need`` or more, then a d6 of damage."""
    hits = sum(outcome.values[0] for outcome in hit_table(need).outcomes)
    if hits == 0:
        return Dist.constant(0)
    return mixture([(SIDES - hits, Dist.constant(0)), (hits, Dist.die(SIDES))])


def needle_hits(beams: int) -> JointDist:
    """``beams`` needle beam shots: ``(penetrating, system)`` points."""
    return _channels(pool_dist(beams, NEEDLE_TABLE))


def salvo_damage(missiles: Dist, damage_die: int) -> Dist:
    """A salvo's damage when ``missiles`` of it are left to strike (a distribution)."""
    parts = []
    for left, chance in missiles.items():
        locks = Dist.die(SIDES).map(partial(salvo_locks, missiles=left))
        damage = mixture(
            (p, Dist.sum_of(Dist.die(damage_die), count)) for count, p in locks.items()
        )
        parts.append((chance, damage))
    return mixture(parts)


def fails(table: FaceTable) -> float:
    """The chance one roll on a threshold table knocks the system out."""
    return sum(outcome.values[0] for outcome in table.outcomes) / table.sides


def _one_channel(pool: Dist | JointDist) -> Dist:
    """The pool of a one-channel table, as the :class:`Dist` it is."""
    if isinstance(pool, Dist):
        return pool
    raise TypeError("a one-channel face table gave a joint distribution")


def _channels(pool: Dist | JointDist) -> JointDist:
    """The pool of a several-channel table, as the :class:`JointDist` it is."""
    if isinstance(pool, JointDist):
        return pool
    raise TypeError("a several-channel face table gave a single distribution")
