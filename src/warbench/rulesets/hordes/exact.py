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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

import numpy as np
import numpy.typing as npt

from warbench.rulesets.hordes.rolls import attack_outcome, damage_boxes
from warbench.rulesets.hordes.spiral import crippled, fill, heal


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


@dataclass(frozen=True, slots=True)
class Blow:
    """One attack of a sequence: its ``(hit, critical)`` chances against the target
    standing and knocked down, the boxes a hit marks, and whether a hit (``knockdown``) or
    a critical hit (``critical_knockdown``) knocks the target down; ``boosted``: the boxes
    a hit marks with its damage roll boosted, while the attacker has boosts to pay for
    (see :func:`sequence_after`)."""

    standing: tuple[float, float]
    down: tuple[float, float]
    damage: Mapping[int, float]
    knockdown: bool = False
    critical_knockdown: bool = False
    boosted: Mapping[int, float] | None = None


#: A target during a sequence: its boxes marked (one per spiral branch, or one number for a
#: warlock's grid) and whether it is knocked down.
Standing = tuple[tuple[int, ...], bool]


#: One blow as :func:`sequence_after` keeps it: its fields, the boxes in the order given.
BlowKey = tuple[tuple[float, float], tuple[float, float], tuple[tuple[int, float], ...], bool,
                bool, tuple[tuple[int, float], ...] | None]


def sequence_after(
    blows: Sequence[Blow],
    sizes: Sequence[int],
    *,
    spiral: bool,
    tough_save: float = 0.0,
    down: bool = False,
    start: Sequence[int] = (),
    boosts: int = 0,
) -> dict[Standing, float]:
    """:func:`sequence_of`, kept for the same blows and target: the web table asks the
    same blows of a target for many options of one decision (a spell with and without its
    attack boosted, each model a blast may land on), about a quarter of them different.
    A blow's chances and boxes are kept in the order given, so a kept answer is the one
    worked out again, to the bit.

    >>> blow = Blow((0.5, 0.0), (1.0, 0.0), {2: 1.0})
    >>> sequence_after([blow], (3,), spiral=False) == sequence_of([blow], (3,), spiral=False)
    True
    """
    keys = tuple((blow.standing, blow.down, tuple(blow.damage.items()), blow.knockdown,
                  blow.critical_knockdown,
                  None if blow.boosted is None else tuple(blow.boosted.items()))
                 for blow in blows)
    return dict(_kept_sequence(keys, tuple(sizes), spiral, tough_save, down, tuple(start),
                               boosts))


@lru_cache(maxsize=256)
def _kept_sequence(
    keys: tuple[BlowKey, ...], sizes: tuple[int, ...], spiral: bool, tough_save: float,
    down: bool, start: tuple[int, ...], boosts: int,
) -> dict[Standing, float]:
    """:func:`sequence_of` of the blows ``keys`` describe (read only: shared)."""
    blows = [Blow(standing, knocked, dict(damage), knockdown, critical,
                  None if boosted is None else dict(boosted))
             for standing, knocked, damage, knockdown, critical, boosted in keys]
    return sequence_of(blows, sizes, spiral=spiral, tough_save=tough_save, down=down,
                       start=start, boosts=boosts)


def sequence_of(
    blows: Sequence[Blow],
    sizes: Sequence[int],
    *,
    spiral: bool,
    tough_save: float = 0.0,
    down: bool = False,
    start: Sequence[int] = (),
    boosts: int = 0,
) -> dict[Standing, float]:
    """Every state of the target after the blows in turn, with its chance, as the game plays
    them: a hit's knockdown lands before its damage; a beast's damage starts in a branch
    picked by a d6 (``spiral``; else ``sizes`` is one grid, marked in order); a model out of
    boxes stays on ``tough_save``, one box healed and knocked down, and is destroyed
    otherwise; a destroyed model takes nothing more. ``start`` is what is marked before
    the first blow (one number per branch, or the grid's one; default none). ``boosts``
    damage boosts are spent one a hit, in turn, on the blows that have ``boosted`` boxes
    (a boost is declared once the attack has hit: a miss spends none); once they are
    spent a hit marks its unboosted ``damage``. Every marking is one index of an array,
    so a sequence against a big spiral is a few array sums per attack (per boost left).

    >>> blow = Blow((0.5, 0.0), (1.0, 0.0), {2: 1.0}, knockdown=True)
    >>> after = sequence_of([blow, blow], (3,), spiral=False, tough_save=0.5)
    >>> sorted((marked, down, p) for (marked, down), p in after.items())
    [((0,), False, 0.25), ((2,), True, 0.5), ((3,), True, 0.25)]
    >>> boosted = Blow((0.5, 0.0), (0.5, 0.0), {1: 1.0}, boosted={2: 1.0})
    >>> after = sequence_of([boosted, boosted], (9,), spiral=False, boosts=1)
    >>> sorted((marked, p) for (marked, _), p in after.items())  # the first hit boosted
    [((0,), 0.25), ((2,), 0.5), ((3,), 0.25)]
    """
    dims = tuple(size + 1 for size in sizes)
    grid, alive = _markings(tuple(sizes))
    count = grid.shape[1]
    full = int(np.ravel_multi_index(tuple(sizes), dims))
    healed = list(sizes)
    if spiral:
        heal(healed, sizes, 1)
    else:
        healed[0] -= 1
    saved_at = int(np.ravel_multi_index(tuple(healed), dims))
    branches = 6 if spiral else 1

    def landing(support: npt.NDArray[np.intp], boxes: int) -> list[npt.NDArray[np.intp]]:
        return _landing(grid[:, support], sizes, dims, boxes, branches)

    levels = boosts + 1  # chances[left]: the target's states with ``left`` boosts unspent
    chances = np.zeros((levels, 2, count))
    first = 0
    if start:
        wrong = len(start) != len(sizes) or any(
            not 0 <= m <= n for m, n in zip(start, sizes, strict=False))
        if wrong:
            raise ValueError(f"start {list(start)}: one number per part of {list(sizes)}, "
                             "each from 0 to its size")
        first = int(np.ravel_multi_index(tuple(start), dims))
    chances[boosts, int(down), first] = 1.0
    for blow in blows:
        after = np.zeros((levels, 2, count))
        for left in range(levels):
            spends = left > 0 and blow.boosted is not None
            damage = blow.boosted if spends and blow.boosted is not None else blow.damage
            kept, landed = _struck(chances[left], blow, damage, alive, landing, branches)
            fresh = landed[:, full].sum()
            landed[:, full] *= 1.0 - tough_save
            landed[1, saved_at] += fresh * tough_save
            after[left] += kept
            after[left - 1 if spends else left] += landed
        chances = after
    totals = chances.sum(axis=0)
    found: dict[Standing, float] = {}
    for knocked in (0, 1):
        for index in np.flatnonzero(totals[knocked]):
            marked = tuple(int(v) for v in grid[:, index])
            found[(marked, bool(knocked))] = float(totals[knocked, index])
    return found


def _struck(
    chances: npt.NDArray[np.float64], blow: Blow, damage: Mapping[int, float],
    alive: npt.NDArray[np.bool_],
    landing: Callable[[npt.NDArray[np.intp], int], list[npt.NDArray[np.intp]]],
    branches: int,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """One blow on the target's states (``chances[knocked, marking]``): what it leaves as
    it was (a destroyed model, a miss) and what its hits mark with ``damage``, each
    ``[knocked, marking]`` (before any tough roll). Where the hits land is worked out for
    the living markings the target may be in alone (``support``: a few hundred after one
    blow where a big spiral has tens of thousands); the others carry no chance to move."""
    count = chances.shape[1]
    kept = np.zeros((2, count))
    landed = np.zeros((2, count))
    support = np.flatnonzero(alive & ((chances[0] != 0.0) | (chances[1] != 0.0)))
    targets: dict[int, list[npt.NDArray[np.intp]]] = {}
    for knocked in (0, 1):
        before = chances[knocked]
        kept[knocked] += np.where(alive, 0.0, before)
        hit, critical = blow.down if knocked else blow.standing
        living = np.where(alive, before, 0.0)
        kept[knocked] += living * (1.0 - hit)
        floored = bool(knocked) or blow.knockdown
        parts = ([(hit, floored)] if floored or not blow.critical_knockdown
                 else [(hit - critical, False), (critical, True)])
        for chance, layer in parts:
            for boxes, q in damage.items():
                weights = living * (chance * q)
                if boxes <= 0:
                    landed[int(layer)] += weights
                    continue
                if boxes not in targets:
                    targets[boxes] = landing(support, boxes)
                for target in targets[boxes]:
                    landed[int(layer)] += np.bincount(
                        target, weights=weights[support] / branches, minlength=count)
    return kept, landed


@lru_cache(maxsize=16)
def _markings(sizes: tuple[int, ...]) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]:
    """Every marking of a target of ``sizes`` boxes (a column each, in the order of
    ``np.ravel_multi_index``), and whether it leaves any box (read only: shared)."""
    dims = tuple(size + 1 for size in sizes)
    grid = np.indices(dims).reshape(len(dims), -1)
    alive = sum(sizes) - grid.sum(axis=0) > 0
    grid.flags.writeable = False
    alive.flags.writeable = False
    return grid, alive


def _landing(
    grid: npt.NDArray[np.intp], sizes: Sequence[int], dims: tuple[int, ...], boxes: int,
    branches: int,
) -> list[npt.NDArray[np.intp]]:
    """For each branch damage may start in, the marking each marking (a column of
    ``grid``) becomes with ``boxes`` more marked (as :func:`fill` marks them, one branch
    after another)."""
    found = []
    for branch in range(branches):
        marked = grid.copy()
        done = np.zeros(grid.shape[1], dtype=grid.dtype)
        index = branch
        for _ in range(len(sizes)):
            take = np.minimum(sizes[index] - marked[index], boxes - done)
            marked[index] += take
            done += take
            index = (index + 1) % len(sizes)
        found.append(np.ravel_multi_index(tuple(marked), dims))
    return found
