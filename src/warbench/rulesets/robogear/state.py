"""ROBOGEAR's state: units on the table, squads, turn elements, terrain and the round.

Lengths are in steps (inches). A machine's or gun's ``damage`` is how many cells its slider
has moved down the armour scale; a trooper's is the lives it has lost. Plain slotted
dataclasses only, so the state copies, hashes and serialises like any other.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from warbench.core.procedures import GameState
from warbench.rulesets.robogear.data import UnitRecord
from warbench.rulesets.robogear.pieces import Block, Element, Squad, Unit


class Section(enum.IntEnum):
    """The coloured sections of an armour scale (or of a trooper's lives)."""

    GREEN = 0
    YELLOW = 1
    RED = 2


@dataclass(slots=True)
class RobogearState(GameState):
    """The whole battle."""

    units: list[Unit] = field(default_factory=list)
    squads: list[Squad] = field(default_factory=list)
    elements: list[Element] = field(default_factory=list)
    terrain: list[Block] = field(default_factory=list)
    craters: list[tuple[float, float]] = field(default_factory=list)
    teams: list[int] = field(default_factory=list)
    edges: list[str] = field(default_factory=list)
    edge_order: list[int] = field(default_factory=list)
    army_names: list[str] = field(default_factory=list)
    mission: str = "annihilation"
    width: float = 60.0
    height: float = 60.0
    round: int = 0
    max_rounds: int = 8
    order: list[int] = field(default_factory=list)
    eliminated: list[bool] = field(default_factory=list)
    held: int = -1

    def enemies(self, a: int, b: int) -> bool:
        """Whether players ``a`` and ``b`` fight each other (teams fight together)."""
        return a != b and self.teams[a] != self.teams[b]

    def living(self, player: int) -> list[Unit]:
        """The player's units still in the battle (on the table, carried or in reserve)."""
        return [unit for unit in self.units if unit.player == player and unit.alive]

    def __copy__(self) -> RobogearState:
        """What ``copy.copy`` gives (every field shared), cheaper: each observation is one.
        Read in Python, like a unit's copy."""
        return RobogearState(
            self.players, self.rng, self.stack, self.outcome, self.units, self.squads,
            self.elements, self.terrain, self.craters, self.teams, self.edges,
            self.edge_order, self.army_names, self.mission, self.width, self.height,
            self.round, self.max_rounds, self.order, self.eliminated, self.held,
        )


def section(record: UnitRecord, damage: int) -> Section:
    """The coloured section the slider (or the lives counter) stands in after ``damage``.

    >>> from warbench.rulesets.robogear.data import UnitRecord
    >>> tank = UnitRecord(name="t", faction="f", kind="machine", chassis="tracked", points=1,
    ...                   armour=(5, 4, 3, 2, 1), sections=(2, 2, 1))
    >>> section(tank, 0), section(tank, 2), section(tank, 4)
    (<Section.GREEN: 0>, <Section.YELLOW: 1>, <Section.RED: 2>)
    """
    green, yellow, _ = record.sections
    if damage < green:
        return Section.GREEN
    if damage < green + yellow:
        return Section.YELLOW
    return Section.RED


def armour_level(record: UnitRecord, damage: int) -> int:
    """The number in the cell the slider points at (0 past the end of the scale)."""
    if record.kind == "trooper":
        return max(0, record.wounds - damage)
    return record.armour[damage] if damage < len(record.armour) else 0


def resource(record: UnitRecord, unit: Unit) -> int:
    """The resource the unit acts with in a turn: its section's number, less drive tokens."""
    base = record.resource[section(record, unit.damage)]
    return max(1, base - unit.tokens.count("drive")) if base > 0 else 0
