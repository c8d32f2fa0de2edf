"""Stat cards: one unit of a catalog as a player reads it, and its one rich rendering.

A ruleset describes a catalog entry as a :class:`UnitCard` (its statistics, weapons with
arcs and range bands, traits and points, already in words); :func:`card_renderable` draws
every ruleset's card the same way. ``warbench catalog RULESET --unit ID`` prints it, and
the web table draws the same card from :meth:`UnitCard.to_plain`.

>>> card = UnitCard("gunboat", "Gunboat", "naval escort", 30,
...                 stats=(("hull", "3"),),
...                 weapons=(CardWeapon("gun", "fore", (("0-8\\"", "3"), ("8-16\\"", "2"))),),
...                 traits=(("fast", "moves far"),))
>>> card.band_heads()
('0-8"', '8-16"')
>>> card.to_plain()["weapons"][0]["bands"][1]
['8-16"', '2']
>>> import io
>>> from rich.console import Console
>>> console = Console(file=io.StringIO(), width=60, record=True, color_system=None)
>>> console.print(card_renderable(card))
>>> text = console.export_text()
>>> "Gunboat — 30 points" in text and "moves far" in text
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text


@dataclass(frozen=True, slots=True)
class CardWeapon:
    """One weapon: its name, the arcs it fires into, and its value in each range band.

    ``bands`` pairs a band (``'0-8"'``) with what the weapon has there (attack dice, a
    to-hit number, damage); ``notes`` says the rest (kind, one shot, qualities).
    """

    name: str
    arcs: str
    bands: tuple[tuple[str, str], ...] = ()
    notes: str = ""


@dataclass(frozen=True, slots=True)
class UnitCard:
    """A catalog entry in words: the ruleset fills it in, :func:`card_renderable` draws it.

    ``kind`` is a short line under the name (faction, class, size); ``stats`` the profile as
    (label, value) pairs in the rulebook's order; ``traits`` the special rules as (name,
    what it does) pairs; ``points`` its cost, ``None`` where it has none.
    """

    unit_id: str
    name: str
    kind: str
    points: int | None
    stats: tuple[tuple[str, str], ...] = ()
    weapons: tuple[CardWeapon, ...] = ()
    traits: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()

    def band_heads(self) -> tuple[str, ...] | None:
        """The range bands as column heads when every weapon has the same bands, else None."""
        heads = {tuple(band for band, _ in weapon.bands) for weapon in self.weapons}
        if len(heads) != 1:
            return None
        (shared,) = heads
        return shared if shared else None

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready form: the same card for the web table as for the terminal."""
        return {
            "unit_id": self.unit_id,
            "name": self.name,
            "kind": self.kind,
            "points": self.points,
            "stats": [list(pair) for pair in self.stats],
            "weapons": [
                {
                    "name": weapon.name,
                    "arcs": weapon.arcs,
                    "bands": [list(pair) for pair in weapon.bands],
                    "notes": weapon.notes,
                }
                for weapon in self.weapons
            ],
            "band_heads": None if (heads := self.band_heads()) is None else list(heads),
            "traits": [list(pair) for pair in self.traits],
            "notes": list(self.notes),
        }


#: Statistics per row of the profile, so that a card fits an 80-column terminal.
STATS_PER_ROW = 8


def _stats_tables(card: UnitCard) -> list[Table]:
    tables = []
    for start in range(0, len(card.stats), STATS_PER_ROW):
        chunk = card.stats[start : start + STATS_PER_ROW]
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), show_edge=False)
        for label, _ in chunk:
            table.add_column(label, justify="center")
        table.add_row(*(value for _, value in chunk))
        tables.append(table)
    return tables


def _weapons_table(card: UnitCard) -> Table:
    heads = card.band_heads()
    table = Table(
        box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), title="Weapons", title_justify="left"
    )
    table.add_column("weapon")
    table.add_column("arcs")
    if heads is not None:
        for head in heads:
            table.add_column(head, justify="center")
    else:
        table.add_column("range bands")
    table.add_column("notes")
    for weapon in card.weapons:
        if heads is not None:
            bands = [value for _, value in weapon.bands]
        else:
            bands = ["\n".join(f"{band}: {value}" for band, value in weapon.bands) or "-"]
        table.add_row(weapon.name, weapon.arcs, *bands, weapon.notes)
    return table


def _traits_table(card: UnitCard) -> Table:
    table = Table(
        box=None, pad_edge=False, show_header=False, title="Traits", title_justify="left"
    )
    table.add_column("trait", style="bold", no_wrap=True)
    table.add_column("what it does")
    for name, text in card.traits:
        table.add_row(name, text)
    return table


def card_renderable(card: UnitCard) -> RenderableType:
    """The card as a rich panel: name and points, kind, statistics, weapons, traits."""
    parts: list[RenderableType] = [Text(card.kind, style="italic"), Text("")]
    if card.stats:
        parts.extend(_stats_tables(card))
    if card.weapons:
        parts += [Text(""), _weapons_table(card)]
    if card.traits:
        parts += [_traits_table(card)] if card.weapons else [Text(""), _traits_table(card)]
    if card.notes:
        parts += [Text(""), *(Text(note, style="dim") for note in card.notes)]
    points = "" if card.points is None else f" — {card.points} points"
    return Panel(
        Group(*parts),
        title=f"[bold]{card.name}[/bold]{points}",
        subtitle=card.unit_id,
        title_align="left",
        subtitle_align="right",
        expand=False,
    )
