"""Per unit type statistics, read from the unit events a ruleset emits.

A ruleset that wants survival, damage and points figures per unit type emits the core's
unit events (see ``docs/simulate.md``): :class:`~warbench.core.events.UnitDamaged` (unit
type, owning seat, damage taken, and, when known, who dealt it),
:class:`~warbench.core.events.UnitDestroyed`, once per model lost (with what its loss
scores and, when known, whose attack destroyed it), and
:class:`~warbench.core.events.PointsScored` for points scored off a model already lost.
Rulesets that emit none get no unit table.

>>> events = [UnitDamaged("frigate", 1, 2, by_player=0, by_unit_type="cruiser"),
...           UnitDestroyed("frigate", 1, points=30, by_player=0, by_unit_type="cruiser")]
>>> for tally in tally_units(events, seats=(1, 0), fielded=({"frigate": 3}, {"cruiser": 1})):
...     print(tally)  # doctest: +NORMALIZE_WHITESPACE
UnitTally(side=0, unit_type='frigate', fielded=3, lost=1, damage_taken=2.0, damage_dealt=0.0,
          points_lost=30.0, points_destroyed=0.0)
UnitTally(side=1, unit_type='cruiser', fielded=1, lost=0, damage_taken=0.0, damage_dealt=2.0,
          points_lost=0.0, points_destroyed=30.0)

Damage or a loss a side's own units caused it (friendly fire, or a team mate's) is taken
but never credited, so each side's dealt equals the other sides' taken less what nobody, or
their own side, dealt, and its points destroyed the other sides' points lost less the same:

>>> own_goal = UnitDestroyed("frigate", 1, points=30, by_player=1, by_unit_type="cruiser")
>>> tally_units([own_goal], seats=(0, 1), fielded=({}, {"cruiser": 1}))[0].points_destroyed
0.0

Units fielded come from a side's army list, or, in the default set-up, from the ruleset's
count of the units on the table (:meth:`~warbench.core.ruleset.Ruleset.fielded`, built with
:func:`count_units`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from warbench.core.events import Event, PointsScored, UnitDamaged, UnitDestroyed


@dataclass(frozen=True, slots=True)
class UnitTally:
    """One game's figures for one unit type of one side.

    ``points_lost``: what the other sides scored off its models lost; ``points_destroyed``:
    what it scored off the enemy models its attacks destroyed (``None``: a game stored
    before the tallies counted points).
    """

    side: int
    unit_type: str
    fielded: int = 0
    lost: int = 0
    damage_taken: float = 0.0
    damage_dealt: float = 0.0
    points_lost: float | None = 0.0
    points_destroyed: float | None = 0.0

    def to_plain(self) -> list[Any]:
        """A compact JSON row: ``[side, unit_type, fielded, lost, taken, dealt, points
        lost, points destroyed]``."""
        return [
            self.side,
            self.unit_type,
            self.fielded,
            self.lost,
            self.damage_taken,
            self.damage_dealt,
            self.points_lost,
            self.points_destroyed,
        ]

    @classmethod
    def from_plain(cls, row: Sequence[Any]) -> UnitTally:
        """The tally :meth:`to_plain` wrote; a row of six, stored before the tallies counted
        points, has ``None`` for them.

        >>> UnitTally.from_plain([0, "frigate", 4, 1, 2.0, 1.0]).points_destroyed is None
        True
        """
        side, unit_type, fielded, lost, taken, dealt = row[:6]
        points = [None if value is None else float(value) for value in row[6:8]]
        lost_points, destroyed = points if len(points) == 2 else (None, None)
        return cls(int(side), str(unit_type), int(fielded), int(lost), float(taken),
                   float(dealt), lost_points, destroyed)


#: A tally's running sums: models lost, damage taken and dealt, points lost and destroyed.
_LOST, _TAKEN, _DEALT, _POINTS_LOST, _DESTROYED = range(5)


def tally_units(
    events: Iterable[Event], seats: Sequence[int], fielded: Sequence[Mapping[str, int]]
) -> tuple[UnitTally, ...]:
    """Sum one game's unit events by (side, unit type); ``seats[k]`` is the side in seat k.

    ``fielded[side]`` gives the models of each type the side's list fields; every fielded
    type gets a tally even if nothing happened to it. Sorted by side, then unit type.
    """
    rows: dict[tuple[int, str], list[float]] = {}

    def row(side: int, unit_type: str) -> list[float]:
        return rows.setdefault((side, unit_type), [0.0] * 5)

    def credit(event: UnitDamaged | UnitDestroyed | PointsScored, index: int,
               amount: float) -> None:
        """Credit ``amount`` to the unit that caused ``event``, unless it is of the side
        that took it (friendly fire is taken, never dealt: docs/simulate.md)."""
        if (
            event.by_player is not None
            and event.by_unit_type is not None
            and seats[event.by_player] != seats[event.player]
        ):
            row(seats[event.by_player], event.by_unit_type)[index] += amount

    for event in events:
        if isinstance(event, UnitDestroyed):
            points = event.points or 0.0
            mine = row(seats[event.player], event.unit_type)
            mine[_LOST] += 1
            mine[_POINTS_LOST] += points
            credit(event, _DESTROYED, points)
        elif isinstance(event, PointsScored):
            row(seats[event.player], event.unit_type)[_POINTS_LOST] += event.points
            credit(event, _DESTROYED, event.points)
        elif isinstance(event, UnitDamaged):
            row(seats[event.player], event.unit_type)[_TAKEN] += event.amount
            credit(event, _DEALT, event.amount)
    for side, counts in enumerate(fielded):
        for unit_type in counts:
            row(side, unit_type)
    return tuple(
        UnitTally(
            side,
            unit_type,
            fielded[side].get(unit_type, 0) if side < len(fielded) else 0,
            int(sums[_LOST]),
            sums[_TAKEN],
            sums[_DEALT],
            sums[_POINTS_LOST],
            sums[_DESTROYED],
        )
        for (side, unit_type), sums in sorted(rows.items())
    )


def count_units(players: int, units: Iterable[tuple[int, str]]) -> tuple[dict[str, int], ...]:
    """Per player, how many of ``units`` (each its player and its unit type) are of each type.

    >>> count_units(2, [(0, "frigate"), (1, "cruiser"), (0, "frigate")])
    ({'frigate': 2}, {'cruiser': 1})
    """
    counts: tuple[dict[str, int], ...] = tuple({} for _ in range(players))
    for player, unit_type in units:
        counts[player][unit_type] = counts[player].get(unit_type, 0) + 1
    return counts
