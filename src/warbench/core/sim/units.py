"""Per unit type statistics, read from the unit events a ruleset emits.

A ruleset that wants survival and damage figures per unit type emits the core's two unit
events (see ``docs/simulate.md``): :class:`~warbench.core.events.UnitDamaged` (unit type,
owning seat, damage taken, and, when known, who dealt it) and
:class:`~warbench.core.events.UnitDestroyed`, once per model lost. Rulesets that emit
neither simply get no unit table.

>>> events = [UnitDamaged("frigate", 1, 2, by_player=0, by_unit_type="cruiser"),
...           UnitDestroyed("frigate", 1)]
>>> for tally in tally_units(events, seats=(1, 0), fielded=({"frigate": 3}, {"cruiser": 1})):
...     print(tally)
UnitTally(side=0, unit_type='frigate', fielded=3, lost=1, damage_taken=2.0, damage_dealt=0.0)
UnitTally(side=1, unit_type='cruiser', fielded=1, lost=0, damage_taken=0.0, damage_dealt=2.0)

Damage a side's own units dealt it (friendly fire, or a team mate's) is taken but never
credited as dealt, so each side's dealt equals the other sides' taken less what nobody, or
their own side, dealt:

>>> own_goal = UnitDamaged("frigate", 1, 2, by_player=1, by_unit_type="cruiser")
>>> tally_units([own_goal], seats=(0, 1), fielded=({}, {"cruiser": 1}))[0]
UnitTally(side=1, unit_type='cruiser', fielded=1, lost=0, damage_taken=0.0, damage_dealt=0.0)

Units fielded come from a side's army list, or, in the default set-up, from the ruleset's
count of the units on the table (:meth:`~warbench.core.ruleset.Ruleset.fielded`, built with
:func:`count_units`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from warbench.core.events import Event, UnitDamaged, UnitDestroyed


@dataclass(frozen=True, slots=True)
class UnitTally:
    """One game's figures for one unit type of one side."""

    side: int
    unit_type: str
    fielded: int = 0
    lost: int = 0
    damage_taken: float = 0.0
    damage_dealt: float = 0.0

    def to_plain(self) -> list[Any]:
        """A compact JSON row: ``[side, unit_type, fielded, lost, taken, dealt]``."""
        return [
            self.side,
            self.unit_type,
            self.fielded,
            self.lost,
            self.damage_taken,
            self.damage_dealt,
        ]

    @classmethod
    def from_plain(cls, row: Sequence[Any]) -> UnitTally:
        """The tally :meth:`to_plain` wrote."""
        side, unit_type, fielded, lost, taken, dealt = row
        return cls(int(side), str(unit_type), int(fielded), int(lost), float(taken), float(dealt))


def tally_units(
    events: Iterable[Event], seats: Sequence[int], fielded: Sequence[Mapping[str, int]]
) -> tuple[UnitTally, ...]:
    """Sum one game's unit events by (side, unit type); ``seats[k]`` is the side in seat k.

    ``fielded[side]`` gives the models of each type the side's list fields; every fielded
    type gets a tally even if nothing happened to it. Sorted by side, then unit type.
    """
    rows: dict[tuple[int, str], list[float]] = {}

    def row(side: int, unit_type: str) -> list[float]:
        return rows.setdefault((side, unit_type), [0.0, 0.0, 0.0])

    for event in events:
        if isinstance(event, UnitDestroyed):
            row(seats[event.player], event.unit_type)[0] += 1
        elif isinstance(event, UnitDamaged):
            row(seats[event.player], event.unit_type)[1] += event.amount
            if (
                event.by_player is not None
                and event.by_unit_type is not None
                and seats[event.by_player] != seats[event.player]
            ):  # friendly fire is taken, never dealt (docs/simulate.md)
                row(seats[event.by_player], event.by_unit_type)[2] += event.amount
    for side, counts in enumerate(fielded):
        for unit_type in counts:
            row(side, unit_type)
    return tuple(
        UnitTally(
            side,
            unit_type,
            fielded[side].get(unit_type, 0) if side < len(fielded) else 0,
            int(lost),
            taken,
            dealt,
        )
        for (side, unit_type), (lost, taken, dealt) in sorted(rows.items())
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
