"""Per unit type statistics, read from the events a ruleset emits.

A ruleset that wants survival and damage figures per unit type emits two kinds of event
(see ``docs/simulate.md``):

- ``unit_damaged`` with ``unit_type`` (the unit's id in army lists), ``player`` (the seat
  owning the damaged unit), ``amount`` (damage taken), and, when known, ``by_player`` and
  ``by_unit_type`` (who dealt it);
- ``unit_destroyed`` with ``unit_type`` and ``player``, once per model lost.

Rulesets that emit neither simply get no unit table.

>>> events = [Event("unit_damaged", {"unit_type": "frigate", "player": 1, "amount": 2,
...                                  "by_player": 0, "by_unit_type": "cruiser"}),
...           Event("unit_destroyed", {"unit_type": "frigate", "player": 1})]
>>> for tally in tally_units(events, seats=(1, 0), fielded=({"frigate": 3}, {"cruiser": 1})):
...     print(tally)
UnitTally(side=0, unit_type='frigate', fielded=3, lost=1, damage_taken=2.0, damage_dealt=0.0)
UnitTally(side=1, unit_type='cruiser', fielded=1, lost=0, damage_taken=0.0, damage_dealt=2.0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from warbench.core.events import Event

UNIT_DAMAGED = "unit_damaged"
UNIT_DESTROYED = "unit_destroyed"


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
        if event.kind not in (UNIT_DAMAGED, UNIT_DESTROYED):
            continue
        data = event.data
        owner = seats[int(data["player"])]
        unit_type = str(data["unit_type"])
        if event.kind == UNIT_DESTROYED:
            row(owner, unit_type)[0] += 1
            continue
        amount = float(data.get("amount", 0))
        row(owner, unit_type)[1] += amount
        if "by_player" in data and "by_unit_type" in data:
            row(seats[int(data["by_player"])], str(data["by_unit_type"]))[2] += amount
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
