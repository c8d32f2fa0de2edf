"""The unit sheets as the commander and the hottest rules read them: copied once per data
folder into compiled records (``warbench.compiled``), with the facts worked out from them.
A field of a pydantic record read from compiled code goes through pydantic's attribute hook
and CPython's generic look-up (several hundred instructions); a field of these is read
natively. Only what those readers need is copied; the records in :mod:`.data` stay the
source of every value.

>>> from warbench.rulesets.robogear.ruleset import RobogearRuleset
>>> data = RobogearRuleset().data
>>> sheet = book(data).units["ferrum-rifleman"]
>>> (sheet.points, sheet.cells) == (data.units["ferrum-rifleman"].points,
...                                 data.units["ferrum-rifleman"].cells)
True
"""

from __future__ import annotations

from typing import Final

from warbench.rulesets.robogear.data import Movement, RobogearData, UnitRecord, WeaponRecord


class WeaponSheet:
    """One weapon: damage by band, traits, the resource a shot costs."""

    name: str
    damage: tuple[int, int, int]
    traits: tuple[str, ...]
    cost: int
    bonus: int
    turret: bool
    #: Its traits as flags: a flamer's template, lobbed shells, armour piercing.
    flamer: bool
    lobbed: bool
    piercing: bool

    def __init__(self, record: WeaponRecord) -> None:
        self.name = record.name
        self.damage = record.damage
        self.traits = tuple(record.traits)
        self.cost = record.cost
        self.bonus = record.bonus
        self.turret = record.turret
        self.flamer = "flamer" in record.traits
        self.lobbed = "indirect" in record.traits
        self.piercing = "armour_piercing" in record.traits


class Gait:
    """A chassis' row of the movement table (:class:`.data.Movement`): steps per resource
    point forward, back and sideways, whether it moves any way, and its turns."""

    forward: float
    back: float
    side: float
    any_direction: bool
    turn_cost: int
    max_turn: float
    #: It moves only forward (a flyer): to go any other way it turns on the spot first.
    forward_only: bool

    def __init__(self, row: Movement) -> None:
        self.forward, self.back, self.side = row.forward, row.back, row.side
        self.any_direction = row.any_direction
        self.turn_cost, self.max_turn = row.turn_cost, row.max_turn
        self.forward_only = row.forward_only


class Sheet:
    """One unit type: its points, cells (armour or lives), kind, whether it flies, whether
    its guns sit on a turntable, its gait and its weapons."""

    points: int
    cells: int
    kind: str
    flyer: bool
    turntable: bool
    gait: Gait
    weapons: list[WeaponSheet]

    def __init__(self, record: UnitRecord, gait: Gait) -> None:
        self.points = record.points
        self.cells = record.cells
        self.kind = record.kind
        self.flyer = record.chassis == "flyer"
        self.turntable = record.turntable
        self.gait = gait
        self.weapons = [WeaponSheet(weapon) for weapon in record.weapons]


class Book:
    """Every unit type's sheet, every chassis' gait, the range bands' far edges in steps,
    and the tables the hit chance and the sight read."""

    units: dict[str, Sheet]
    gaits: dict[str, Gait]
    band_edges: tuple[float, float, float]
    #: The ids of the unit types that fly.
    flyers: frozenset[str]
    #: The share of a trooper inside a building its firing slot hides (the table's number).
    slot_cover: float
    #: The accuracy penalty of each band, and (share, dice, sides, plus) of each cover row
    #: in the table's order.
    penalties: tuple[int, int, int]
    cover: list[tuple[float, int, int, int]]
    #: Facts the commander and the group rules work out as they first need them, kept
    #: with the sheets they derive from: a shooter type's best damage by band against a
    #: kind of target (``positions``), a squad's type for its units' types (``group_rules``).
    best_damage: dict[tuple[str, bool, bool], tuple[int, int, int]]
    squad_types: dict[tuple[str, ...], str]

    def __init__(self, data: RobogearData) -> None:
        self.gaits = {key: Gait(row) for key, row in data.tables.movement.items()}
        self.units = {key: Sheet(record, self.gaits[record.chassis or record.kind])
                      for key, record in data.units.items()}
        self.band_edges = data.measures.band_edges
        self.flyers = frozenset(key for key, sheet in self.units.items() if sheet.flyer)
        self.slot_cover = data.tables.slot_cover
        self.penalties = data.tables.accuracy_penalty
        self.cover = [(row.share, row.dice, row.sides, row.plus) for row in data.tables.cover]
        self.best_damage = {}
        self.squad_types = {}


#: id of a data folder's object -> (that object, its book). A fresh object, even one at the
#: address of a dead one, is recognised by identity and gets a book of its own.
_BOOKS: dict[int, tuple[RobogearData, Book]] = {}
#: More data objects than this at once (tests loading data again and again): start afresh.
_MOST: Final = 64


class _Last:
    """The data object asked last and its book: one comparison answers the hot code's
    repeated asks (it holds the object, so its address cannot be reused meanwhile)."""

    data: RobogearData | None = None
    book: Book | None = None


_LAST: Final = _Last()


def book(data: RobogearData) -> Book:
    """The sheets of ``data``, copied on first asking."""
    last = _LAST.book
    if _LAST.data is data and last is not None:
        return last
    entry = _BOOKS.get(id(data))
    if entry is None or entry[0] is not data:
        if len(_BOOKS) > _MOST:
            _BOOKS.clear()
        entry = (data, Book(data))
        _BOOKS[id(data)] = entry
    _LAST.data, _LAST.book = data, entry[1]
    return entry[1]
