"""Table edges: which edge each player deploys along, and where on it.

Edges are numbered 0 south, 1 north, 2 west, 3 east; the opposite of an edge is the
other edge of its pair. By default each player keeps the edge of their seat (player 0 the
south edge, player 1 the north, then west and east); with alternate deployment the
winner of the deployment roll chooses (see :mod:`.deployment`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from warbench.rulesets.dystopian_wars.state import DWState

#: The edges' names, by number.
EDGE_NAMES: Final = ("south", "north", "west", "east")


def seat_edge(player: int, players: int) -> int:
    """The edge of a player's seat: 0 south, 1 north, 2 west, 3 east."""
    return player % 4 if players > 2 else player


def opposite(edge: int) -> int:
    """The edge across the table from ``edge``.

    >>> [opposite(edge) for edge in range(4)]
    [1, 0, 3, 2]
    """
    return edge ^ 1


def edge_of(state: DWState, player: int) -> int:
    """The edge the player deploys along: the chosen one, else the seat's."""
    if state.edges:
        return state.edges[player]
    return seat_edge(player, state.players)


def edge_point(
    edge: int, width: float, height: float, slot: float, depth: float
) -> tuple[float, float, float]:
    """A point ``slot`` inches along ``edge`` and ``depth`` inches in, and the heading
    facing into the table.

    >>> edge_point(1, 72.0, 48.0, 10.0, 4.0)
    (62.0, 44.0, 180.0)
    """
    if edge == 0:
        return slot, depth, 0.0
    if edge == 1:
        return width - slot, height - depth, 180.0
    if edge == 2:
        return depth, height - slot, 90.0
    return width - depth, slot, 270.0


def edge_span(edge: int, width: float, height: float) -> float:
    """How long ``edge`` is."""
    return width if edge < 2 else height


def abreast_centres(widths: Sequence[float], usable: float) -> list[float]:
    """Where along ``usable`` inches each of a row of squadrons ``widths`` wide is
    centred: equal gaps between them, or evenly spread when there is too little room.

    >>> abreast_centres([2.0, 4.0], 12.0)
    [3.0, 8.0]
    """
    total = sum(widths)
    slots = len(widths)
    if total >= usable:
        return [usable * (index + 0.5) / slots for index in range(slots)]
    gap = (usable - total) / (slots + 1)
    centres = []
    edge = 0.0
    for width in widths:
        edge += gap
        centres.append(edge + width / 2.0)
        edge += width
    return centres
