"""Exact chances of ROBOGEAR's rolls: accuracy against defence, shared by odds and bots.

>>> round(hit_chance(0, 0, 0.0, hard=0), 4)   # short range in the open: always a hit
1.0
>>> round(hit_chance(2, 0, 0.5, hard=1), 4)   # long range, half hidden, hard target
0.0833
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from warbench.rulesets.robogear.data import CoverBand
from warbench.rulesets.robogear.sheets import Book

#: The cover rows used when no data is at hand (the shipped tables.toml's).
DEFAULT_COVER: Final = (
    CoverBand(share=0.75, dice=1, sides=6, plus=1),
    CoverBand(share=0.5, dice=1, sides=6, plus=0),
    CoverBand(share=0.25, dice=1, sides=3, plus=0),
    CoverBand(share=0.0, dice=0, sides=6, plus=0),
)


def cover_row(share: float, cover: tuple[CoverBand, ...] = DEFAULT_COVER) -> CoverBand:
    """The row of the cover table for a hidden share of the silhouette."""
    for row in cover:
        if share >= row.share:
            return row
    return cover[-1]


def _sums(dice: int, sides: int) -> dict[int, float]:
    found = {0: 1.0}
    for _ in range(dice):
        step: dict[int, float] = {}
        for total, p in found.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, 0.0) + p / sides
        found = step
    return found


def defence_chances(row: CoverBand, hard: int, carrier: int | None = None) -> dict[int, float]:
    """Defence values and their chances (``carrier``: the D6+bonus of troopers aboard)."""
    if carrier is not None:
        return {face + carrier + hard: 1 / 6 for face in range(1, 7)}
    return {total + row.plus + hard: p for total, p in _sums(row.dice, row.sides).items()}


@lru_cache(maxsize=4096)
def _hit(modifier: int, dice: int, sides: int, plus: int, hard: int, carrier: int) -> float:
    row = CoverBand(share=0.0, dice=dice, sides=sides, plus=plus)
    defence = defence_chances(row, hard, None if carrier < 0 else carrier)
    return sum(
        p / 6 for value, p in defence.items() for face in range(1, 7) if face + modifier > value
    )


def hit_chance(
    penalty: int, bonus: int, share: float, *, hard: int,
    cover: tuple[CoverBand, ...] = DEFAULT_COVER, carrier: int | None = None,
) -> float:
    """P(accuracy > defence) for a D6 - ``penalty`` + ``bonus`` shot."""
    row = cover_row(share, cover)
    return _hit(bonus - penalty, row.dice, row.sides, row.plus, hard,
                -1 if carrier is None else carrier)


def tables_hit_chance(sheets: Book, band: int, bonus: int, share: float, hard: int) -> float:
    """``hit_chance`` with a data folder's tables, as its book keeps them in plain numbers
    (the bot asks it for every spot it weighs).

    >>> from warbench.rulesets.robogear.ruleset import RobogearRuleset
    >>> from warbench.rulesets.robogear.sheets import book
    >>> data = RobogearRuleset().data
    >>> tables_hit_chance(book(data), 2, 1, 0.5, 1) == hit_chance(
    ...     data.tables.accuracy_penalty[2], 1, 0.5, hard=1, cover=data.tables.cover)
    True
    """
    rows = sheets.cover
    chosen = rows[-1]  # cover_row, spelt out over the plain rows
    for row in rows:
        if share >= row[0]:
            chosen = row
            break
    return _hit(bonus - sheets.penalties[band], chosen[1], chosen[2], chosen[3], hard, -1)
