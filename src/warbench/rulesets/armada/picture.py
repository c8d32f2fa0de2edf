"""The hex map as a :class:`~warbench.core.table.TablePicture` for the renderer.

Every fleet still on the map is a hex in its side's colour, with its facing and a label
(name, hull points); the rest of the area around the fleets is drawn as empty hexes;
gravity mines are small circles in their side's colour, conjured debris grey circles. The
picture's units are hex radii, with north up.
"""

from __future__ import annotations

import math

from warbench.core.hexgrid import Hex
from warbench.core.table import Piece, TablePicture
from warbench.rulesets.armada.state import ACTIVE, DESTROYED, ArmadaState, Fleet

#: Hexes of empty map drawn around the fleets.
MARGIN_HEXES = 2
#: Centre-to-corner size of a hex in the picture.
HEX_SIZE = 1.0
#: Radius of a mine marker (debris markers are twice as large).
MARKER_SIZE = 0.3


def _rows(q: int, low_y: float, high_y: float) -> range:
    """Rows ``r`` of column ``q`` whose centres lie between ``low_y`` and ``high_y``."""
    step = math.sqrt(3.0) * HEX_SIZE
    return range(math.ceil(low_y / step - q / 2), math.floor(high_y / step - q / 2) + 1)


def _bounds(state: ArmadaState) -> tuple[float, float, float, float]:
    """The map's extent in hex pixels (x low, x high, y low, y high): the fleets still on
    it and a margin around them."""
    fleets = [fleet for fleet in state.fleets if fleet.status != DESTROYED] or state.fleets
    centres = [fleet.hex.to_pixel(HEX_SIZE) for fleet in fleets] or [(0.0, 0.0)]
    pad = MARGIN_HEXES * math.sqrt(3.0) * HEX_SIZE
    return (min(x for x, _ in centres) - pad, max(x for x, _ in centres) + pad,
            min(y for _, y in centres) - pad, max(y for _, y in centres) + pad)


def hex_centre(state: ArmadaState, hex_: Hex) -> tuple[float, float]:
    """Where the centre of ``hex_`` lies in the picture of ``state``."""
    low_x, _, _, high_y = _bounds(state)
    x, y = hex_.to_pixel(HEX_SIZE)
    return x - low_x + HEX_SIZE, high_y - y + HEX_SIZE  # screen y runs down; the picture's up


def hex_at(state: ArmadaState, x: float, y: float) -> Hex:
    """The hex under the point ``(x, y)`` of the picture of ``state``."""
    low_x, _, _, high_y = _bounds(state)
    return Hex.from_pixel(x + low_x - HEX_SIZE, high_y + HEX_SIZE - y, HEX_SIZE)


def fleet_label(fleet: Fleet) -> str:
    """A fleet's label on the map: its name and hull points left."""
    return f"{fleet.name} {max(fleet.hull, 0)}/{fleet.hull_points}"


def table_picture(state: ArmadaState) -> TablePicture:
    """The map: fleets as coloured hexes with facing ticks, empty hexes around them."""
    fleets = [fleet for fleet in state.fleets if fleet.status != DESTROYED] or state.fleets
    low_x, high_x, low_y, high_y = _bounds(state)
    border = HEX_SIZE

    def place(hex_: Hex) -> tuple[float, float]:
        return hex_centre(state, hex_)

    occupied = {fleet.hex for fleet in fleets}
    pieces: list[Piece] = []
    first_q = math.ceil(low_x / (1.5 * HEX_SIZE))
    last_q = math.floor(high_x / (1.5 * HEX_SIZE))
    for q in range(first_q, last_q + 1):
        for r in _rows(q, low_y, high_y):
            if Hex(q, r) not in occupied:
                x, y = place(Hex(q, r))
                pieces.append(Piece("", x, y, shape="hex", size=HEX_SIZE))
    for fleet in fleets:
        x, y = place(fleet.hex)
        pieces.append(
            Piece(
                fleet_label(fleet),
                x,
                y,
                shape="hex",
                size=HEX_SIZE,
                heading=60.0 * fleet.facing,
                player=fleet.side,
                faded=fleet.status != ACTIVE,
            )
        )
    for mine in state.mines:
        x, y = place(mine.hex)
        pieces.append(Piece("mine", x, y, size=MARKER_SIZE, player=mine.side))
    for debris in state.debris:
        x, y = place(Hex(debris.q, debris.r))
        pieces.append(Piece("debris", x, y, size=2 * MARKER_SIZE))
    return TablePicture(
        high_x - low_x + 2 * border,
        high_y - low_y + 2 * border,
        tuple(pieces),
        title=f"Armada, round {state.round}",
        units="hexes",
    )
