"""A shore for a squadron with nowhere to stand (DW-TABLE-SURFACE, engine default).

The seed has both players agree on the table's terrain (l.202), and in its quick idea the
player deploying in a section places its piece (l.203); a sea table's land is islands and
land masses. So a player who brings land models to a naval battle brings land for them.
When the automatic deployment finds no place in its zone for a squadron kept off the open
table (a land one on a sea table, a naval one on a land table), the engine lays that
ground under the squadron's place in the line: a land mass on a sea table, water on a land
table, from the table edge :data:`SHORE_DEPTH` inches in (the zone and some way beyond it),
reaching :data:`SHORE_REACH` inches past the squadron's line on each side but never within
:data:`SEA_ROOM` of a neighbouring squadron's line that keeps to the open table. The set-up
key ``"shore": false`` turns this off (the set-up is then refused, naming the squadron).

>>> piece = shore_piece("sea", 0, 72.0, 48.0, (10.0, 14.0), (0.0, 20.0), "Ironside's shore")
>>> piece.kind, piece.points
('island', [(7.0, 0.0), (17.0, 0.0), (17.0, 12.0), (7.0, 12.0)])
>>> shore_piece("land", 1, 72.0, 48.0, (10.0, 14.0), (9.0, 15.0), "bay").points
[(62.5, 48.0), (57.5, 48.0), (57.5, 36.0), (62.5, 36.0)]
"""

from __future__ import annotations

from warbench.rulesets.dystopian_wars.edges import edge_point
from warbench.rulesets.dystopian_wars.state import Piece

#: How far in from the table edge a laid shore reaches: the 8-inch zone and 4 inches more,
#: so the squadron has ground to move on.
SHORE_DEPTH = 12.0
#: How far past the squadron's line, on each side, a laid shore reaches where there is room.
SHORE_REACH = 3.0
#: The open table kept between a laid shore and a neighbouring squadron's line.
SEA_ROOM = 0.5


def shore_piece(
    surface: str,
    edge: int,
    width: float,
    height: float,
    line: tuple[float, float],
    room: tuple[float, float],
    name: str,
) -> Piece:
    """The ground laid along ``edge`` for a squadron whose line runs from ``line[0]`` to
    ``line[1]`` inches along it, its neighbours' lines leaving it ``room`` (from, to): a
    dense island on a sea table, water on a land table."""
    low = min(line[0], max(room[0] + SEA_ROOM, line[0] - SHORE_REACH))
    high = max(line[1], min(room[1] - SEA_ROOM, line[1] + SHORE_REACH))
    corners = ((low, 0.0), (high, 0.0), (high, SHORE_DEPTH), (low, SHORE_DEPTH))
    points = [edge_point(edge, width, height, slot, depth)[:2] for slot, depth in corners]
    if surface == "sea":
        return Piece(name, "island", "dense", points)
    return Piece(name, "water", "dense", points, blocks_sight=False)
