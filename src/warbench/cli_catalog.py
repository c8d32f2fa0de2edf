"""The catalog as a list builder reads it: one row per entry, its side and its points in
their own columns, and only the statistics that say something.

Every ruleset's catalog entries are pydantic records with different fields; the columns are
found by name (the side an entry belongs to: ``faction``, ``nation`` or ``race``, or for an
entry several sides may field, such as Full Thrust's fighters, the plural of that field;
its price: ``points`` or ``cost``), so a ruleset needs no code of its own.

>>> from pydantic import BaseModel
>>> class Ship(BaseModel):
...     name: str
...     nation: str
...     points: int
...     hp: int
...     capital: bool = False
...     wing: str | None = None
>>> columns = catalog_columns({"frigate": Ship(name="Frigate", nation="north", points=30, hp=2)})
>>> (columns.side, columns.price)
('nation', 'points')
>>> statistics(Ship(name="Flagship", nation="north", points=90, hp=8, capital=True), columns)
'hp 8, capital'
>>> statistics(Ship(name="Hulk", nation="north", points=5, hp=0), columns)
''
>>> class Wing(BaseModel):
...     name: str
...     nations: list[str]
>>> entry_sides(Wing(name="Wing", nations=["north", "south"]), columns)
('north', 'south')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pydantic import BaseModel
from rich.table import Table

#: The fields that name the side an entry belongs to, in the order they are looked for.
SIDE_FIELDS = ("faction", "nation", "race")
#: The fields that give an entry's price.
PRICE_FIELDS = ("points", "cost")
#: The least width of the name column, in characters.
NAME_WIDTH = 14
#: Fields never repeated in the statistics (the row's own columns, where it came from, and
#: the sides that may field it).
NOT_STATISTICS = frozenset({"id", "name", "source", *(f"{side}s" for side in SIDE_FIELDS)})


@dataclass(frozen=True)
class CatalogColumns:
    """Which of the records' fields fill the side and price columns (``None``: no such
    column for this ruleset)."""

    side: str | None
    price: str | None


def catalog_columns(entries: Mapping[str, BaseModel]) -> CatalogColumns:
    """The side and price fields of a catalog's records (a catalog may hold records of
    several kinds, such as Armada's fleets and officers' roles: any record's fields count)."""
    fields = {name for record in entries.values() for name in type(record).model_fields}
    side = next((name for name in SIDE_FIELDS if name in fields), None)
    price = next((name for name in PRICE_FIELDS if name in fields), None)
    return CatalogColumns(side, price)


def statistics(record: BaseModel, columns: CatalogColumns) -> str:
    """An entry's plain fields other than its own columns, leaving out what is absent
    (``None``, ``False``, zero, an empty text) and naming a flag that is set by its name
    alone."""
    shown = []
    skipped = NOT_STATISTICS | {columns.side, columns.price}
    for key, value in record.model_dump(mode="json").items():
        if key in skipped or isinstance(value, dict | list) or value in (None, False, 0, ""):
            continue
        shown.append(key if value is True else f"{key} {value}")
    return ", ".join(shown)


def field_text(record: BaseModel, name: str | None) -> str:
    """One field of an entry as text ('' when the catalog or this kind of record has none)."""
    return "" if name is None else str(getattr(record, name, ""))


def entry_sides(record: BaseModel, columns: CatalogColumns) -> tuple[str, ...]:
    """The sides an entry belongs to: its own side, else every side its plural field
    (``races`` beside ``race``) names; none for an entry of no side."""
    own = field_text(record, columns.side)
    if own or columns.side is None:
        return (own,) if own else ()
    return tuple(str(side) for side in getattr(record, f"{columns.side}s", None) or ())


def catalog_table(
    title: str,
    entries: Mapping[str, BaseModel],
    side: str | None = None,
    list_factions: Sequence[str] = (),
    fielded_by: str | None = None,
) -> Table:
    """The catalog as a table, only the entries of ``side`` when one is given; with
    ``fielded_by`` (a list's faction of that side) only those its lists may take: an entry
    that names its ``factions`` (a Full Thrust fighter of one faction) leaves out the others.

    Raises ``ValueError`` naming the sides there are (and ``list_factions``, the factions
    army lists may name, where the ruleset maps them to those sides) when ``side`` is none
    of them."""
    columns = catalog_columns(entries)
    if side is not None:
        sides = sorted({name for record in entries.values()
                        for name in entry_sides(record, columns)})
        if not sides:
            raise ValueError("--faction: this catalog's entries belong to no faction")
        if side not in sides:
            lists = sorted(set(list_factions) - set(sides))
            also = f", or a list's faction: {', '.join(lists)}" if lists else ""
            raise ValueError(
                f"--faction: no {columns.side} {side!r} in this catalog; there are"
                f" {', '.join(sides)}{also}"
            )
    headers = ["id", "name"] + [name for name in (columns.side, columns.price) if name]
    table = Table(title=title)
    for header in headers:
        # the name is what a list builder scans for: it keeps room for a short name a line
        # (long ones wrap), and the statistics wrap rather than squeeze it
        table.add_column(header, no_wrap=header != "name",
                         min_width=NAME_WIDTH if header == "name" else None)
    table.add_column("statistics", ratio=1, min_width=20)
    for entry_id, record in entries.items():
        if side is not None and side not in entry_sides(record, columns):
            continue
        only = getattr(record, "factions", None)
        if fielded_by is not None and only and fielded_by not in only:
            continue
        cells = [entry_id, field_text(record, "name")]
        if columns.side:
            cells.append(", ".join(entry_sides(record, columns)))
        if columns.price:
            cells.append(field_text(record, columns.price))
        table.add_row(*cells, statistics(record, columns))
    return table
