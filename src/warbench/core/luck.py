"""How lucky each side was: every roll's effect placed in its exact distribution.

Where a rule resolves a roll, the ruleset emits a :class:`RollEffect`: the seat the roll
helped or hurt, what it was for, what it did (hits landed, systems surviving a threshold
check, a test passed: 1 or 0) and the odds it had, as plain data. The report computes the
exact distribution of that effect with the odds engine (:func:`effect_distribution`,
cached by query) and rates the observed effect from the judged seat's point of view:

- its **percentile** is the mid-rank ``P(worse) + P(same) / 2``: 0.5 is an average result,
  0.99 a result better for the seat than 99% of what those dice could do;
- its **swing** is the effect minus its mean, in the effect's own units, and ``z`` the same
  in standard deviations, the common scale the report ranks rolls by (``deciding_rolls``);
- a side's **game luck** is ``Phi(sum(z) / sqrt(n))`` over its ``n`` rated rolls: each
  ``z`` has mean 0 and variance 1 exactly under its own dice, so the sum over the game,
  divided by ``sqrt(n)``, is close to a standard normal, and ``Phi`` (the normal
  distribution function) turns it into a percentile. A roll whose effect was certain has
  no luck in it and is left out.

A threshold check of two systems that each survive on 1-5 and fail on a 6, rolled 6, 6:
nothing survives, which happens once in 36 checks.

>>> check = RollEffect(0, "threshold", 0, 2, values=(1, 1, 1, 1, 1, 0))
>>> rated = luck_report([check]).rolls[0]
>>> round(rated.percentile, 4), round(rated.swing, 3), round(rated.z, 2)
(0.0139, -1.667, -3.16)

Two d6 tests of 4+ both passed: each is ``z = (1 - 0.5) / 0.5 = 1``, so the game's luck is
``Phi(2 / sqrt(2)) = Phi(1.414)``:

>>> test = RollEffect(1, "morale", 1, 1, at_least=4)
>>> round(luck_report([test, test]).sides[1].percentile, 4)
0.9214
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from warbench.core.events import Event, Roll, RollEffect
from warbench.core.faces import FaceTable
from warbench.core.odds import Dist, pool_dist
from warbench.core.words import roll_words

#: A ruleset's answer to a named luck query (``Ruleset.effect_odds`` with its data bound).
EffectOdds = Callable[[str, tuple[int, ...]], Dist]

#: The odds of a roll effect as a hashable key (the RollEffect fields after ``effect``).
EffectKey = tuple[
    int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int,
    int | None, int | None, int | None,
]


def pool_effect(
    player: int,
    purpose: str,
    effect: int,
    dice: int,
    table: FaceTable,
    *,
    reroll: Iterable[int] = (),
    modifier: int = 0,
    floor: int | None = None,
    at_least: int | None = None,
    higher_is_better: bool = True,
    visible_to: frozenset[int] | None = None,
    told: str = "",
) -> RollEffect:
    """The effect of ``dice`` dice read through a one-channel face ``table`` (with
    ``at_least``: whether their total reached it, 1 or 0); ``told``: its purpose in words
    for people, where they differ.

    >>> hits = FaceTable.counted(6, {(4, 5): 1, (6, 6): 2}, explode_on=(6,))
    >>> pool_effect(0, "attack", 3, 2, hits).explode
    (6,)
    """
    values, explode = _face_values(table)
    return RollEffect(
        player,
        purpose,
        effect,
        dice,
        table.sides,
        values,
        explode,
        tuple(reroll),
        modifier,
        floor,
        at_least,
        higher_is_better=higher_is_better,
        visible_to=visible_to,
        told=told,
    )


@lru_cache(maxsize=256)
def _face_values(table: FaceTable) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The value of each face of a one-channel table, and the faces that explode."""
    values = tuple(outcome.values[0] for outcome in table.outcomes)
    return values, tuple(face for face, o in enumerate(table.outcomes, start=1) if o.explodes)


def effect_key(effect: RollEffect) -> EffectKey:
    """The fields that fix an effect's distribution."""
    return (
        effect.dice, effect.sides, effect.values, effect.explode, effect.reroll,
        effect.modifier, effect.floor, effect.at_least, effect.at_most,
    )


def effect_distribution(effect: RollEffect, odds: EffectOdds | None = None) -> Dist:
    """The exact distribution of ``effect``'s result, from its odds fields, or from
    ``odds`` (its ruleset's answer) when it names a ``query``.

    >>> round(effect_distribution(RollEffect(0, "2d6 test", 1, 2, at_least=10)).p(1), 6)
    0.166667
    """
    if effect.query:
        if odds is None:
            raise ValueError(f"no ruleset given to answer the luck query {effect.query!r}")
        return odds(effect.query, effect.args)
    return _distribution(effect_key(effect))


@lru_cache(maxsize=4096)
def _distribution(key: EffectKey) -> Dist:
    dice, sides, values, explode, reroll, modifier, floor, at_least, at_most = key
    if values or explode:
        counted = values or tuple(range(1, sides + 1))
        table = FaceTable.counted(
            sides,
            {(face, face): value for face, value in enumerate(counted, start=1)},
            explode_on=explode,
        )
        total = pool_dist(dice, table, reroll_on=reroll)
    else:
        total = pool_dist(dice, sides, reroll_on=reroll)
    assert isinstance(total, Dist)  # one channel
    total = total + modifier
    if floor is not None:
        total = total.clip(low=floor)
    if at_least is None and at_most is None:
        return total
    low = -math.inf if at_least is None else at_least
    high = math.inf if at_most is None else at_most
    return total.map(lambda value: int(low <= value <= high))


def mid_rank(dist: Dist, value: int, higher_is_better: bool = True) -> float:
    """P(worse) + P(same) / 2: the percentile of ``value`` under ``dist`` for its seat.

    >>> mid_rank(Dist.die(6), 1)
    0.08333333333333333
    >>> round(mid_rank(Dist.die(6), 1, higher_is_better=False), 6)
    0.916667
    """
    worse = dist.at_most(value) if higher_is_better else dist.at_least(value)
    return worse - dist.p(value) / 2


def normal_cdf(z: float) -> float:
    """Phi(z), the standard normal distribution function.

    >>> normal_cdf(0.0)
    0.5
    """
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


@dataclass(frozen=True, slots=True)
class RatedRoll:
    """One roll's effect rated for the seat it helped or hurt; ``purpose`` says what it was
    for in words for people (:func:`~warbench.core.words.roll_words`)."""

    event_index: int
    player: int
    purpose: str
    effect: int
    mean: float
    percentile: float
    z: float

    @property
    def swing(self) -> float:
        """Effect minus its mean, in the effect's units (signed as the raw effect)."""
        return self.effect - self.mean


@dataclass(slots=True)
class SideLuck:
    """One seat's luck over the game: its rated rolls combined (see the module text)."""

    player: int
    rolls: int = 0
    z_sum: float = 0.0
    percentile_sum: float = 0.0

    @property
    def z(self) -> float:
        """sum(z) / sqrt(n): about standard normal when the dice are fair."""
        return self.z_sum / math.sqrt(self.rolls) if self.rolls else 0.0

    @property
    def percentile(self) -> float:
        """The seat's luck over the game as a percentile: Phi(z)."""
        return normal_cdf(self.z)

    @property
    def mean_percentile(self) -> float:
        """The average percentile of the seat's rated rolls."""
        return self.percentile_sum / self.rolls if self.rolls else 0.5


@dataclass(slots=True)
class LuckReport:
    """Every rated roll, each seat's luck, and the dice rolls no effect rated."""

    rolls: list[RatedRoll] = field(default_factory=list)
    sides: dict[int, SideLuck] = field(default_factory=dict)
    #: Rolls whose label no effect's purpose matches, by who rolled them and what for (in
    #: words for people), and how many: the rolls that help or hurt no side (initiative, a
    #: random pick).
    unrated: Counter[tuple[int | None, str]] = field(default_factory=Counter)

    def deciding_rolls(self, count: int = 5) -> list[RatedRoll]:
        """The rolls that swung the game most: largest ``|z|`` first, then the earliest."""
        return sorted(self.rolls, key=lambda roll: (-abs(roll.z), roll.event_index))[:count]


def rate(index: int, effect: RollEffect, odds: EffectOdds | None = None) -> RatedRoll | None:
    """``effect`` rated for its seat; None when its result was certain."""
    dist = effect_distribution(effect, odds)
    spread = math.sqrt(dist.variance)
    if spread < 1e-12:
        return None
    z = (effect.effect - dist.mean) / spread
    return RatedRoll(
        index,
        effect.player,
        roll_words(effect.purpose, effect.told),
        effect.effect,
        dist.mean,
        mid_rank(dist, effect.effect, effect.higher_is_better),
        z if effect.higher_is_better else -z,
    )


def luck_report(events: Iterable[Event], odds: EffectOdds | None = None) -> LuckReport:
    """Rate every :class:`RollEffect` among ``events`` (``odds`` answers the ruleset's
    queries); count the rolls no effect rates: a roll is rated by an effect whose purpose
    is its label, or its label's start ("salvo 3" rates "salvo 3 locks"). Both are matched
    by the rules' labels, and told by their words for people."""
    report = LuckReport()
    rolls: list[Roll] = []
    purposes: set[str] = set()
    for index, event in enumerate(events):
        if isinstance(event, Roll):
            rolls.append(event)
        elif isinstance(event, RollEffect):
            purposes.add(event.purpose)
            rated = rate(index, event, odds)
            if rated is None:
                continue
            report.rolls.append(rated)
            side = report.sides.setdefault(rated.player, SideLuck(rated.player))
            side.rolls += 1
            side.z_sum += rated.z
            side.percentile_sum += rated.percentile
    report.unrated.update(
        (roll.player, roll_words(roll.label, roll.told))
        for roll in rolls if not _rated(roll.label, purposes)
    )
    return report


def _rated(label: str, purposes: set[str]) -> bool:
    words = label.split(" ")
    return any(" ".join(words[:end]) in purposes for end in range(len(words), 0, -1))


def luck_by_seat(
    events: Iterable[Event], players: int, odds: EffectOdds | None = None
) -> tuple[float | None, ...]:
    """Each seat's game luck percentile (None for a seat with no rated roll)."""
    sides = luck_report(events, odds).sides
    return tuple(sides[seat].percentile if seat in sides else None for seat in range(players))

