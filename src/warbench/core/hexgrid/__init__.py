"""The hex grid: axial hexes and facings, lines, firing arcs, and movement with turn distance.

Conventions are set out in :mod:`.hexes` (flat-topped hexes, facing 0 north, clockwise),
arcs in :mod:`.arcs`, movement rules in :mod:`.moves`.
"""

from __future__ import annotations

from warbench.core.hexgrid.arcs import Arc, arc_of
from warbench.core.hexgrid.hexes import (
    DIRECTIONS,
    Hex,
    InvalidFacing,
    InvalidHexData,
    check_facing,
    hex_line,
    offset_distance,
    turn,
)
from warbench.core.hexgrid.moves import (
    MAX_TURNS_PER_HEX,
    HexPose,
    IllegalHexMove,
    MoveResult,
    move_plan,
    reachable,
    reachable_steps,
)

__all__ = [
    "DIRECTIONS",
    "MAX_TURNS_PER_HEX",
    "Arc",
    "Hex",
    "HexPose",
    "IllegalHexMove",
    "InvalidFacing",
    "InvalidHexData",
    "MoveResult",
    "arc_of",
    "check_facing",
    "hex_line",
    "move_plan",
    "offset_distance",
    "reachable",
    "reachable_steps",
    "turn",
]
