"""The table's surface (DW-TABLE-SURFACE): a sea table or a land table.

On a sea table (the default, and every shipped set-up) the open table is sea and the
islands are land: a land model stands and drives only on islands, the open sea stopping it
as water does (DW-LAND-WATER). On a land table the open table is land and the water pieces
are the only sea: a naval model keeps to them. Naval models on a sea table, land models on
a land table and flyers everywhere meet only the pieces that stop them
(:func:`.sweep.blocks_movement`).

The open table a model may not enter is handed to the sweep as triangles tiling the table
(and a margin around it) less the pieces the model may move on; a contact with any of them
names the open table, ``-1 - len(state.terrain)``, one past the last piece.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, Literal

import shapely

from warbench.core.geometry import Body, Point, Terrain, first_contact
from warbench.rulesets.dystopian_wars.data import ModelSpec
from warbench.rulesets.dystopian_wars.pieces import Piece

Surface = Literal["sea", "land"]
#: The surfaces a set-up may name (``surface`` key), the first the default.
SURFACES: Final = ("sea", "land")
#: The kinds of piece that are land on a sea table (engine default: the seed's islands and
#: land masses, a land mass being a bigger island, l.203; any density).
LAND_KINDS: Final = frozenset({"island"})
#: How far past the table edges the open table reaches (a model leaving the table over
#: the open table meets it first).
MARGIN: Final = 40.0
#: The density the open table collides as (engine default: a piece's default density in a
#: set-up, so 12 dice, DW-COLLIDE-TERRAIN).
OPEN_DENSITY: Final = "dense"


def is_naval(spec: ModelSpec) -> bool:
    """Whether the model moves as a naval one (creatures swim)."""
    return spec.domain == "naval" or spec.category == "creature"


def open_table_stops(spec: ModelSpec, level: str, surface: str) -> bool:
    """Whether the open table stops this model at this level: land models on a sea table
    (above or under the ground), naval models on a land table; never a flyer."""
    if level in ("flying", "obscured") or spec.flying:
        return False
    naval = is_naval(spec)
    return not naval if surface == "sea" else naval


def is_ground(piece: Piece, surface: str) -> bool:
    """Whether a piece is the ground a land model stands on (an island on a sea table)."""
    return surface == "sea" and piece.kind in LAND_KINDS


def open_piece(surface: str) -> Piece:
    """The open table as a piece, for its name and collision dice."""
    name = "the open sea" if surface == "sea" else "the open ground"
    kind = "water" if surface == "sea" else "hill"
    return Piece(name, kind, OPEN_DENSITY, [])


def piece_met(terrain: list[Piece], surface: str, other: int) -> Piece:
    """The piece a contact names (``other`` negative): a piece of the terrain, or the open
    table one past the last."""
    index = -1 - other
    return terrain[index] if index < len(terrain) else open_piece(surface)


def open_table(
    terrain: list[Piece], surface: str, width: float, height: float
) -> tuple[Terrain, ...]:
    """The open table as triangles: the table and its margin less the pieces a model kept
    off the open table may move on (islands on a sea table, water on a land table)."""
    kinds = LAND_KINDS if surface == "sea" else frozenset({"water"})
    outlines = tuple(
        tuple(piece.points) for piece in terrain if piece.kind in kinds
    )
    return _triangles(outlines, width, height)


@lru_cache(maxsize=64)
def _triangles(
    outlines: tuple[tuple[tuple[float, float], ...], ...], width: float, height: float
) -> tuple[Terrain, ...]:
    area = shapely.box(-MARGIN, -MARGIN, width + MARGIN, height + MARGIN)
    free = shapely.union_all([shapely.Polygon(points) for points in outlines])
    rest = area.difference(free) if outlines else area
    found: list[Terrain] = []
    for triangle in shapely.get_parts(shapely.constrained_delaunay_triangles(rest)):
        if triangle.area <= 1e-9:
            continue
        corners = list(triangle.exterior.coords)[:-1]
        found.append(
            Terrain(tuple(Point(x, y) for x, y in corners), blocks_sight=False, kind="open")
        )
    return tuple(found)


def stands_off(
    terrain: list[Piece], surface: str, width: float, height: float,
    spec: ModelSpec, level: str, body: Body,
) -> bool:
    """Whether a base placed so lies partly on the open table that stops the model (a land
    model off its island on a sea table, a naval model out of water on a land table)."""
    if not open_table_stops(spec, level, surface):
        return False
    triangles = open_table(terrain, surface, width, height)
    return first_contact(body, 0.0, (), triangles) is not None


def off_surface_reason(name: str, surface: str) -> str:
    """Why a model may not stand on the open table (a refusal's words)."""
    if surface == "sea":
        return (f"{name} would stand in the open sea: on a sea table a land model stands "
                "on an island (DW-TABLE-SURFACE)")
    return (f"{name} would stand on the open ground: on a land table a naval model keeps "
            "to water (DW-TABLE-SURFACE)")
