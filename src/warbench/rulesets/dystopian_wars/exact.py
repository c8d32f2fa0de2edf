"""Exact distributions of Dystopian Wars rolls, read from the tables the game rolls with.

A Dystopian Wars pool reads each d6 through :func:`~.pools.hit_table`: below the number
needed nothing, from it one, a natural 6 two and another die. However long a die's chain of
sixes, it ends on a face that does not roll again, so ``dice`` dice score ``2 * S + X``:
``S``, the sixes rolled, is negative binomial (``dice`` dice each stopping with chance 5/6),
and ``X``, the faces the dice stop on, is a sum of ``dice`` plain dice read through the
faces that stop. Both are summed in closed form; only the far tail of ``S`` is cut, where
less than 1e-15 is left out, and that bound is kept as ``truncated_mass``.

Damage follows with the game's own :func:`~.damage.hit_damage` applied to every number of
hits, the critical table's extra damage read from the data, and boarding with
:func:`~.boarding_rules.melee_dice` and :func:`~.boarding_rules.assault_outcome`.

>>> hits = pool_hits(13, 4)
>>> round(hits.mean, 9), round(hits.at_least(10), 6), hits.truncated_mass <= 1e-15
(10.4, 0.553987, True)
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

import numpy as np

from warbench.core.faces import FaceTable
from warbench.core.odds import Dist, InvalidOddsQuery, mixture
from warbench.rulesets.dystopian_wars.boarding_rules import (
    BOARDER_NEEDED,
    MELEE_NEEDED,
    REPELLED,
    assault_outcome,
    melee_dice,
    party_losses,
)
from warbench.rulesets.dystopian_wars.damage import HitDamage, hit_damage
from warbench.rulesets.dystopian_wars.data import Critical
from warbench.rulesets.dystopian_wars.obscured import answering_needed
from warbench.rulesets.dystopian_wars.pools import hit_table

#: The most probability a pool here may leave out (the far tail of its sixes).
TOLERANCE = 1e-15


def pool_hits(dice: int, needed: int, tolerance: float = TOLERANCE) -> Dist:
    """Successes of ``dice`` d6 needing ``needed``, as :func:`~.pools.roll_hits` rolls them.

    >>> [round(pool_hits(1, 4).p(hits), 12) for hits in (0, 1, 2)]  # 1-3; 4-5; 6 then 1-3
    [0.5, 0.333333333333, 0.083333333333]
    """
    return table_pool(dice, hit_table(needed), tolerance)


def table_pool(dice: int, table: FaceTable, tolerance: float = TOLERANCE) -> Dist:
    """The total of ``dice`` dice read through a one-channel ``table`` whose rolling-again
    faces all count the same.

    >>> from warbench.rulesets.dystopian_wars.pools import TEST_TABLE
    >>> table_pool(3, TEST_TABLE).to_dict()[6]  # three sixes, which do not roll again
    0.004629629629629629
    """
    if dice < 0:
        raise InvalidOddsQuery(f"cannot roll {dice} dice")
    if len(table.channels) != 1:
        raise InvalidOddsQuery("a pool of hits needs a table of one channel")
    again = {o.values[0] for o in table.outcomes if o.explodes}
    if len(again) > 1:
        raise InvalidOddsQuery("the faces that roll again must all count the same")
    stopped = stopped_sum(dice, Counter(o.values[0] for o in table.outcomes if not o.explodes))
    if not again or dice == 0:
        return stopped
    step = again.pop()
    if step < 0:
        raise InvalidOddsQuery("the faces that roll again must not count below zero")
    sixes, lost = explosions(dice, table.explode_chance, tolerance)
    spread = np.zeros(step * (len(sixes) - 1) + 1)
    np.add.at(spread, step * np.arange(len(sixes)), sixes)
    probs = np.convolve(spread, stopped.probabilities)
    return Dist(probs, stopped.offset, lost)


def stopped_sum(dice: int, faces: Counter[int]) -> Dist:
    """The sum of the faces ``dice`` dice stop on, ``faces`` counting how many faces show
    each value: a binomial in closed form when there are two values, else repeated sums.

    >>> stopped = stopped_sum(2, Counter({0: 3, 1: 2}))  # two dice, 2 faces in 5 hit
    >>> [round(stopped.p(hits), 12) for hits in (0, 1, 2)]
    [0.36, 0.48, 0.16]
    """
    total = sum(faces.values())
    if len(faces) != 2 or dice == 0:
        return Dist.sum_of(Dist.from_mapping({v: n / total for v, n in faces.items()}), dice)
    low, high = sorted(faces)
    chance = faces[high] / total
    k = np.arange(dice + 1, dtype=np.float64)
    ratios = (dice - k[:-1]) / (k[:-1] + 1.0) * (chance / (1.0 - chance))
    logs = np.concatenate(([dice * math.log1p(-chance)], np.log(ratios)))
    binomial = np.exp(np.cumsum(logs))
    spread = np.zeros((high - low) * dice + 1)
    spread[:: high - low] = binomial
    return Dist(spread, low * dice)


def explosions(dice: int, chance: float, tolerance: float = TOLERANCE) -> tuple[np.ndarray, float]:
    """How many times ``dice`` dice roll again in all, each again with ``chance``: the
    negative binomial probabilities of 0, 1, 2 ... and a bound on the tail left out.

    ``p(s + 1) / p(s) = chance * (dice + s) / (s + 1)`` falls as ``s`` grows, so once it is
    below one the tail from ``k`` is at most ``p(k) / (1 - ratio(k))``; the series stops at
    the first ``k`` where that bound is within ``tolerance``.

    >>> probs, lost = explosions(1, 1 / 6)
    >>> round(float(probs[1]), 12), lost <= 1e-15  # one die: geometric
    (0.138888888889, True)
    """
    if not 0.0 < chance < 1.0:
        raise InvalidOddsQuery(f"a die rolls again with chance in (0, 1), not {chance}")
    mean = dice * chance / (1.0 - chance)
    length = int(mean + 10.0 * math.sqrt(mean + 1.0) / (1.0 - chance) + 40)
    while True:
        s = np.arange(length, dtype=np.float64)
        ratios = chance * (dice + s) / (s + 1.0)
        logs = np.concatenate(([dice * math.log1p(-chance)], np.log(ratios[:-1])))
        probs = np.exp(np.cumsum(logs))
        bound = probs / np.maximum(1.0 - ratios, 1e-300)
        within = np.flatnonzero((ratios < 1.0) & (bound <= tolerance))
        if len(within):
            cut = int(within[0])
            return probs[:cut], float(bound[cut])
        length *= 2


def cancel_hits(hits: Dist, cancelled: Dist) -> Dist:
    """Hits left once ``cancelled`` of them are taken away (never fewer than none), as
    :func:`~.attack_rolls.resolve_attack` takes answers and shields off an attack.

    >>> cancel_hits(Dist.constant(3), Dist.from_mapping({1: 0.5, 5: 0.5})).to_dict()
    {0: 0.5, 2: 0.5}
    """
    return (hits - cancelled).clip(0, None)


def extra_damage_die(rows: Sequence[Critical]) -> Dist:
    """The extra hull damage of one roll on the critical table (each row equally likely)."""
    counts = Counter(row.extra_damage for row in rows)
    return Dist.from_mapping({extra: n / len(rows) for extra, n in counts.items()})


@dataclass(frozen=True, slots=True)
class DamageOdds:
    """What an attack's hits do to one model: the chance of no damage, of one hull point,
    of a critical hit; the critical table rolls owed; the hull points lost (with the
    table's extra damage, up to the hull left) when the hull left is known."""

    none: float
    damage: float
    critical: float
    rolls: Dist
    hull: Dist | None
    hull_left: int | None

    def named(self, prefix: str = "") -> dict[str, float]:
        """The named outcomes, ``destroyed`` when the hull left is known."""
        found = {
            f"{prefix}none": self.none,
            f"{prefix}damage": self.damage,
            f"{prefix}critical": self.critical,
        }
        if self.hull is not None and self.hull_left is not None:
            found[f"{prefix}destroyed"] = self.hull.at_least(self.hull_left)
        return found


def hit_groups(
    hits: Dist, dr: int, cr: int, starting_hp: int, *, criticals: bool = True
) -> dict[HitDamage, float]:
    """The chance of each damage :func:`~.damage.hit_damage` deals over every number of
    ``hits``, fewest hull points first."""
    results = [
        hit_damage(value, dr, cr, starting_hp, criticals=criticals)
        for value in range(hits.offset, hits.offset + len(hits.probabilities))
    ]
    keys = sorted(set(results))
    index = {key: number for number, key in enumerate(keys)}
    weights = np.bincount([index[r] for r in results], hits.probabilities, len(keys))
    return {key: float(weight) for key, weight in zip(keys, weights, strict=True)}


def damage_odds(
    hits: Dist,
    dr: int,
    cr: int,
    starting_hp: int,
    *,
    hull_left: int | None,
    extra: Dist,
    criticals: bool = True,
) -> DamageOdds:
    """:func:`~.damage.hit_damage` over every number of ``hits``; ``extra`` is one critical
    table roll's extra hull damage. A critical's table rolls stop once the model is gone,
    which leaves the capped hull loss the same, so the loss is ``min(hull_left, points +
    extra of each roll)``.

    >>> one = Dist.constant(0)
    >>> odds = damage_odds(Dist.from_mapping({2: 0.5, 6: 0.25, 12: 0.25}), 4, 6, 5,
    ...                    hull_left=5, extra=one)
    >>> odds.none, odds.damage, odds.critical, odds.rolls.to_dict()
    (0.5, 0.0, 0.5, {0: 0.5, 1: 0.25, 2: 0.25})
    """
    groups = hit_groups(hits, dr, cr, starting_hp, criticals=criticals)
    return _damage_of(groups, hull_left, extra, hits.truncated_mass)


def strikes_damage_odds(
    strikes: Sequence[Dist], dr: int, cr: int, starting_hp: int, *, hull_left: int | None,
    extra: Dist,
) -> DamageOdds:
    """:func:`damage_odds` of several strikes' ``hits`` at one model, applied one by one as
    :func:`~.damage.apply_hits` applies each (every patrol wing's strike back, DW-CAP-AD):
    each compared with DR and CR on its own, the hull points they cost adding up, a strike
    doing nothing once the model is gone, and the table rolls of every critical hit after
    them all. ``none``: no strike did damage; ``critical``: one was a critical hit. One
    strike gives :func:`damage_odds` of its hits.

    >>> two = [Dist.constant(2), Dist.constant(2)]  # each short of DR 3: no damage at all
    >>> strikes_damage_odds(two, 3, 5, 4, hull_left=4, extra=Dist.constant(0)).none
    1.0
    >>> odds = strikes_damage_odds([Dist.constant(3), Dist.constant(5)], 3, 5, 4,
    ...                            hull_left=1, extra=Dist.constant(0))
    >>> odds.damage, odds.critical  # the first strike sinks it: the second strikes nothing
    (1.0, 0.0)
    """
    landed = _landed(strikes, dr, cr, starting_hp, hull_left)
    return _damage_of(landed, hull_left, extra, sum(hits.truncated_mass for hits in strikes))


def _landed(
    strikes: Sequence[Dist], dr: int, cr: int, starting_hp: int, hull_left: int | None
) -> dict[HitDamage, float]:
    """The chance of each damage several strikes' ``hits`` deal one model, applied one by
    one as :func:`~.damage.apply_hits` applies each (nothing once the model is gone): the
    hull points they cost before any critical table roll, the table rolls owed, and
    whether one was a critical hit."""
    landed: dict[HitDamage, float] = {HitDamage(0, 0, False): 1.0}
    for hits in strikes:
        groups = hit_groups(hits, dr, cr, starting_hp)
        after: dict[HitDamage, float] = defaultdict(float)
        for done, chance in landed.items():
            if hull_left is not None and done.points >= hull_left:
                after[done] += chance  # the model is gone: apply_hits does nothing
                continue
            for hit, p_hit in groups.items():
                after[HitDamage(done.points + hit.points, done.rolls + hit.rolls,
                                done.critical or hit.critical)] += chance * p_hit
        landed = after
    return landed


def _damage_of(
    groups: dict[HitDamage, float], hull_left: int | None, extra: Dist, lost: float
) -> DamageOdds:
    """The :class:`DamageOdds` of the chance of each damage dealt (``lost``: the chance the
    hits left out)."""
    keys = list(groups)
    none = damage = critical = 0.0
    rolls = np.zeros(max(key.rolls for key in keys) + 1)
    for key, chance in groups.items():
        if key.critical:
            critical += chance
        elif key.points:
            damage += chance
        else:
            none += chance
        rolls[key.rolls] += chance
    hull = None
    if hull_left is not None:
        parts = [
            (chance, (Dist.sum_of(extra, count) + points).clip(None, hull_left))
            for (points, count, _), chance in groups.items()
            if chance
        ]
        hull = carrying(mixture(parts), lost)
    rolls_dist = Dist(rolls, 0, lost)
    return DamageOdds(none, damage, critical, rolls_dist, hull, hull_left)


def carrying(dist: Dist, lost: float) -> Dist:
    """``dist`` with ``lost`` more mass reported as left out (by the parts it was built
    from, whose chances it renormalised)."""
    if not lost:
        return dist
    return Dist(dist.probabilities, dist.offset, dist.truncated_mass + lost)


@dataclass(frozen=True, slots=True)
class AssaultOdds:
    """A boarding assault: the chance of each way it ends, the defenders' points lost and
    the boarders' points lost (to the answering fire and in the melee)."""

    outcomes: dict[str, float]
    defenders_lost: Dist
    boarders_lost: Dist


def boarding_odds(
    points: int, defenders: int, answer: int, *, rammed: bool, obscured_answer: int = 0
) -> AssaultOdds:
    """``points`` boarders against ``defenders``: ``answer`` ack-ack (or charge) dice kill
    boarders on 5+ first (``obscured_answer`` dice of obscured models on 6 only,
    DW-OBSCURED), then both sides roll melee dice on 4+ at once, each hit one point of the
    other side (one party: :func:`assault_odds`).

    >>> odds = boarding_odds(1, 0, 0, rammed=False)  # nobody aboard to fight back
    >>> round(odds.outcomes["captured"], 12), round(odds.defenders_lost.p(0), 12)
    (1.0, 1.0)
    """
    killed = pool_hits(answer, BOARDER_NEEDED) + pool_hits(
        obscured_answer, answering_needed(BOARDER_NEEDED, obscured=True))
    return assault_odds([(0, points)], defenders, killed,
                        lambda left: sum(melee_dice(ap, rammed) for _, ap in left))


def assault_odds(
    parties: Sequence[tuple[int, int]],
    defenders: int,
    killed: Dist,
    melee: Callable[[list[tuple[int, int]]], int],
) -> AssaultOdds:
    """Boarding ``parties`` (``(model, points)`` each) against ``defenders``: ``killed``
    boarding points fall to the answer first, taken as the game takes them
    (:func:`~.boarding_rules.party_losses`); then the parties left roll ``melee`` of them
    in dice and the defenders their points, both on 4+ at once, each hit one point of the
    other side; :func:`~.boarding_rules.assault_outcome` says how it ends.

    >>> two = assault_odds([(1, 1), (2, 1)], 0, Dist.constant(1), lambda left: 1)
    >>> round(two.outcomes["captured"], 12), round(two.boarders_lost.p(1), 12)
    (1.0, 1.0)
    """
    points = sum(ap for _, ap in parties)
    reach: dict[tuple[tuple[int, int], ...], float] = defaultdict(float)
    for kills, chance in killed.items():
        reach[tuple(party_losses(list(parties), min(kills, points)))] += chance
    return _reached_odds(points, reach, defenders, melee, killed.truncated_mass)


def _reached_odds(
    points: int,
    reach: dict[tuple[tuple[int, int], ...], float],
    defenders: int,
    melee: Callable[[list[tuple[int, int]]], int],
    lost: float,
) -> AssaultOdds:
    """The assault of boarders ``points`` strong once the answer has left the parties of
    each key of ``reach`` (``(model, points)`` each, none left: repelled) with its
    chance: both sides' melee on 4+ at once (``lost``: the chance the answer left out)."""
    defence = pool_hits(defenders, MELEE_NEEDED)
    outcomes: dict[str, float] = defaultdict(float)
    defenders_parts: list[tuple[float, Dist]] = []
    boarders_parts: list[tuple[float, Dist]] = []
    for left, chance in reach.items():
        boarders = sum(ap for _, ap in left)
        if boarders == 0:  # none reach the target: the assault is over before the melee
            outcomes[REPELLED] += chance
            defenders_parts.append((chance, Dist.constant(0)))
            boarders_parts.append((chance, Dist.constant(points)))
            continue
        attack = pool_hits(melee(list(left)), MELEE_NEEDED)
        defenders_left = attack.map(partial(_left, defenders))
        boarders_left = defence.map(partial(_left, boarders))
        for kept, p_kept in defenders_left.items():
            for alive, p_alive in boarders_left.items():
                outcomes[assault_outcome(kept, alive)] += chance * p_kept * p_alive
        defenders_parts.append((chance, defenders - defenders_left))
        boarders_parts.append((chance, points - boarders_left))
    return AssaultOdds(
        dict(outcomes),
        carrying(mixture(defenders_parts), lost),
        carrying(mixture(boarders_parts), lost),
    )


def struck_assault_odds(
    parties: Sequence[tuple[int, int]],
    defenders: int,
    struck: int,
    strikes: Sequence[Dist],
    *,
    dr: int,
    cr: int,
    starting_hp: int,
    hull_left: int,
    extra: Dist,
    melee: Callable[[list[tuple[int, int]]], int],
) -> tuple[AssaultOdds, DamageOdds]:
    """Boarding ``parties`` whose answer strikes the hull of model ``struck``, a creature
    or robot among them (DW-BOARD-ANSWER, seed l.559), as
    :meth:`~.boarding.Boarding.answer_fire` rolls it: each of ``strikes`` (one answering
    roll's hits) meets its DR and CR on its own, in turn (:func:`strikes_damage_odds`), and
    no party loses a point to the answer. Where the strikes leave it no hull it never
    reaches the target: the other parties fight without it (:func:`assault_odds`; none
    left: repelled), its points lost; else every party fights with all its points. The
    critical table is rolled after the melee, so its extra damage changes only the hull
    lost (the :class:`DamageOdds`, whose ``destroyed`` counts it), never the assault.

    >>> sure = [Dist.constant(6)]  # 6 hits at DR 3, CR 6: a critical, 2 of 2 hull points
    >>> fight, hull = struck_assault_odds([(7, 4)], 1, 7, sure, dr=3, cr=6, starting_hp=8,
    ...                                   hull_left=2, extra=Dist.constant(0),
    ...                                   melee=lambda left: 4)
    >>> fight.outcomes, fight.boarders_lost.to_dict(), hull.critical
    ({'repelled': 1.0}, {4: 1.0}, 1.0)
    """
    landed = _landed(strikes, dr, cr, starting_hp, hull_left)
    lost = sum(hits.truncated_mass for hits in strikes)
    gone = sum(chance for done, chance in landed.items() if done.points >= hull_left)
    stays = sum(landed.values()) - gone
    parts: list[tuple[float, AssaultOdds, int]] = []
    if stays > 0:
        parts.append((stays, assault_odds(parties, defenders, Dist.constant(0), melee), 0))
    if gone > 0:
        others = [party for party in parties if party[0] != struck]
        points = sum(ap for uid, ap in parties if uid == struck)
        parts.append((gone, assault_odds(others, defenders, Dist.constant(0), melee), points))
    total = stays + gone
    outcomes: dict[str, float] = defaultdict(float)
    for weight, fight, _ in parts:
        for name, chance in fight.outcomes.items():
            outcomes[name] += weight / total * chance
    fight = AssaultOdds(
        dict(outcomes),
        carrying(mixture([(weight, odds.defenders_lost) for weight, odds, _ in parts]), lost),
        carrying(mixture([(weight, odds.boarders_lost + points)
                          for weight, odds, points in parts]), lost),
    )
    return fight, _damage_of(landed, hull_left, extra, lost)


@dataclass(frozen=True, slots=True)
class Hull:
    """A boarding creature's or robot's hull as an answer meets it: DR, CR, its class's
    hull points, those left, and one critical table roll's extra damage."""

    dr: int
    cr: int
    starting_hp: int
    left: int
    extra: Dist


def divided_assault_odds(
    parties: Sequence[tuple[int, int]],
    defenders: int,
    kills: Mapping[int, Dist],
    strikes: Mapping[int, tuple[Sequence[Dist], Hull]],
    melee: Callable[[list[tuple[int, int]]], int],
) -> tuple[AssaultOdds, dict[int, DamageOdds]]:
    """Boarding ``parties`` whose answer is divided among them (DW-MULTI-ASSAULT), as
    :meth:`~.boarding.Boarding.answer_fire` rolls it: the ``kills`` of the rolls at a
    crew's party fall on that party alone (none beyond its points); the ``strikes`` at a
    creature or robot meet its :class:`Hull` one by one (:func:`strikes_damage_odds`),
    and one left no hull never reaches the target, its points lost; then the parties left
    fight (:func:`assault_odds`). Also the damage to each hull struck, by model.

    >>> sure = {7: ([Dist.constant(6)], Hull(3, 6, 8, 2, Dist.constant(0)))}
    >>> fight, hulls = divided_assault_odds([(7, 4), (8, 2)], 0, {8: Dist.constant(5)},
    ...                                     sure, lambda left: 1)
    >>> fight.outcomes, fight.boarders_lost.to_dict(), hulls[7].critical
    ({'repelled': 1.0}, {6: 1.0}, 1.0)
    """
    reach: dict[tuple[tuple[int, int], ...], float] = {(): 1.0}
    hulls: dict[int, DamageOdds] = {}
    lost = 0.0
    for uid, ap in parties:
        left: dict[int, float] = defaultdict(float)
        if uid in strikes:
            rolls, hull = strikes[uid]
            landed = _landed(rolls, hull.dr, hull.cr, hull.starting_hp, hull.left)
            mass = sum(hits.truncated_mass for hits in rolls)
            hulls[uid] = _damage_of(landed, hull.left, hull.extra, mass)
            total = sum(landed.values())
            for done, chance in landed.items():
                left[0 if done.points >= hull.left else ap] += chance / total
            lost += mass
        elif uid in kills:
            for killed, chance in kills[uid].items():
                left[max(0, ap - killed)] += chance
            lost += kills[uid].truncated_mass
        else:
            left[ap] = 1.0
        after: dict[tuple[tuple[int, int], ...], float] = defaultdict(float)
        for kept, chance in reach.items():
            for points, p_points in left.items():
                after[(*kept, (uid, points)) if points else kept] += chance * p_points
        reach = after
    points = sum(ap for _, ap in parties)
    return _reached_odds(points, reach, defenders, melee, lost), hulls


def _left(points: int, losses: int) -> int:
    """Points left after ``losses`` (never below none)."""
    return max(0, points - losses)
