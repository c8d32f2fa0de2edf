"""How lucky each side was: every roll of a game placed in its exact distribution.

Each ``roll`` event (sides, faces, and the player who rolled, where the ruleset says so) is
scored by the mid-rank percentile of its total among all totals of the same dice: 0.5 is an
average roll, 0.95 a roll better than 95% of what those dice can show. A side's overall luck
is the percentile of the sum of all its faces against the exact distribution of that sum.

>>> roll = Roll(6, (6, 6), player=0)
>>> report = luck_report([roll])
>>> round(report.sides[0].percentile, 4)
0.9861
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from warbench.core.events import Event, Roll
from warbench.core.odds import Dist


@dataclass(frozen=True, slots=True)
class ScoredRoll:
    """One roll: which event, who rolled, what, and its percentile."""

    event_index: int
    player: int | None
    label: str
    sides: int
    faces: tuple[int, ...]
    percentile: float


@dataclass(slots=True)
class SideLuck:
    """One player's luck over the whole game."""

    player: int
    dice: int = 0
    total: int = 0
    percentile: float = 0.5
    expected_total: float = 0.0


@dataclass(slots=True)
class LuckReport:
    """Every scored roll, each side's luck, and the rolls furthest from average."""

    rolls: list[ScoredRoll] = field(default_factory=list)
    sides: dict[int, SideLuck] = field(default_factory=dict)

    def deciding_rolls(self, count: int = 5) -> list[ScoredRoll]:
        """The rolls furthest from an average result, the most extreme first."""
        ranked = sorted(
            self.rolls, key=lambda r: (-abs(r.percentile - 0.5) * len(r.faces), r.event_index)
        )
        return ranked[:count]


def mid_rank(dist: Dist, value: int) -> float:
    """P(X < value) + P(X = value) / 2: the percentile of ``value`` under ``dist``.

    >>> mid_rank(Dist.die(6), 1)
    0.08333333333333333
    """
    return dist.at_most(value) - dist.p(value) / 2


def luck_report(events: Iterable[Event]) -> LuckReport:
    """Score every roll event; rolls owned by no player count only in ``rolls``."""
    report = LuckReport()
    totals: dict[int, Dist] = {}
    for index, event in enumerate(events):
        if not isinstance(event, Roll) or not event.faces:
            continue
        sides, faces, player = event.sides, event.faces, event.player
        dice = Dist.sum_of(Dist.die(sides), len(faces))
        report.rolls.append(
            ScoredRoll(
                index,
                player,
                event.label,
                sides,
                faces,
                mid_rank(dice, sum(faces)),
            )
        )
        if player is None:
            continue
        side = report.sides.setdefault(player, SideLuck(player))
        side.dice += len(faces)
        side.total += sum(faces)
        totals[player] = totals[player] + dice if player in totals else dice
    for player, side in report.sides.items():
        side.percentile = mid_rank(totals[player], side.total)
        side.expected_total = totals[player].mean
    return report
