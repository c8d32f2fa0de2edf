"""Places on the hex map in words a player can find on the web table: a facing as a
direction, a hex by its distance and bearing from a fleet on the board (the ruler measures
from a selected fleet in hexes), a gravity mine by the key the board marks it with.

>>> facing_words(3)
'south'
>>> hex_from(Hex(0, 0), Hex(0, -2), "Dawnbreaker")
'2 hexes north of Dawnbreaker'
>>> hex_from(Hex(0, 0), Hex(2, -1), "Dawnbreaker")
'2 hexes east of Dawnbreaker'
>>> hex_from(Hex(0, 0), Hex(0, 0), "Dawnbreaker")
"in Dawnbreaker's own hex"
"""

from __future__ import annotations

import math

from warbench.core.hexgrid import Hex
from warbench.core.words import counted

#: Each facing (0 north, clockwise, one hex side each) as a direction.
FACINGS = ("north", "north-east", "south-east", "south", "south-west", "north-west")
#: The eight points of the compass, clockwise from north, for a bearing between hexes.
COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west",
           "north-west")


def facing_words(facing: int) -> str:
    """A facing (0 north, clockwise) as the direction it points."""
    return FACINGS[facing % 6]


def bearing_words(start: Hex, end: Hex) -> str:
    """The compass point nearest the bearing from ``start``'s centre to ``end``'s (north
    up the board)."""
    x0, y0 = start.to_pixel(1.0)
    x1, y1 = end.to_pixel(1.0)
    degrees = math.degrees(math.atan2(x1 - x0, y0 - y1)) % 360.0  # screen y runs down
    return COMPASS[int((degrees + 22.5) // 45.0) % 8]


def hex_from(origin: Hex, place: Hex, name: str) -> str:
    """``place`` as its distance in hexes and compass bearing from ``origin``, the hex of
    the piece called ``name``."""
    distance = origin.distance(place)
    if distance == 0:
        return f"in {name}'s own hex"
    return f"{counted(distance, 'hex')} {bearing_words(origin, place)} of {name}"


def mine_key(index: int) -> str:
    """A gravity mine's mark on the board and its name in words (its place among the mines
    on the table, as the rules count them: ``m0`` the first)."""
    return f"m{index}"


def mine_name(index: int) -> str:
    """A gravity mine in words, by the key the board marks it with.

    >>> mine_name(0)
    'mine m0'
    """
    return f"mine {mine_key(index)}"
