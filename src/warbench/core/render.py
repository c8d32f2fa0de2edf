"""Drawing a :class:`~warbench.core.table.TablePicture` to SVG or PNG with matplotlib."""

from __future__ import annotations

import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.patches import Circle, Polygon, RegularPolygon

from warbench.core.table import Piece, TablePicture

#: Side colours, by player index (colour-blind-safe Okabe-Ito palette).
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
TERRAIN_COLOUR = "#8c8c8c"
FORMATS = (".svg", ".png")


class RenderError(ValueError):
    """A picture that cannot be written where or how it was asked."""


def _colour(piece: Piece) -> str:
    if piece.player is None:
        return TERRAIN_COLOUR
    return PLAYER_COLOURS[piece.player % len(PLAYER_COLOURS)]


def _rect_corners(piece: Piece) -> list[tuple[float, float]]:
    heading = math.radians(piece.heading or 0.0)
    forward = (math.sin(heading), math.cos(heading))
    right = (forward[1], -forward[0])
    half_w, half_l = piece.size / 2, piece.length / 2
    return [
        (
            piece.x + forward[0] * along * half_l + right[0] * side * half_w,
            piece.y + forward[1] * along * half_l + right[1] * side * half_w,
        )
        for along, side in ((1, 1), (1, -1), (-1, -1), (-1, 1))
    ]


def _draw_piece(axes: Axes, piece: Piece) -> None:
    colour = _colour(piece)
    alpha = 0.35 if piece.faded else 0.8
    if piece.shape == "circle":
        axes.add_patch(Circle((piece.x, piece.y), piece.size, color=colour, alpha=alpha))
    elif piece.shape == "ring":
        axes.add_patch(Circle((piece.x, piece.y), piece.size, facecolor="none",
                              edgecolor=colour, linestyle="--", linewidth=0.8))
    elif piece.shape == "rect":
        axes.add_patch(Polygon(_rect_corners(piece), closed=True, color=colour, alpha=alpha))
    elif piece.shape == "hex":
        axes.add_patch(
            RegularPolygon(
                (piece.x, piece.y),
                numVertices=6,
                radius=piece.size,
                orientation=math.radians(30),
                facecolor=colour if piece.player is not None else "none",
                edgecolor="#555555",
                alpha=alpha,
                linewidth=0.4,
            )
        )
    elif piece.shape == "polygon":
        axes.add_patch(Polygon(list(piece.points), closed=True, color=colour, alpha=0.5))
    else:
        raise RenderError(f"piece {piece.label!r} has unknown shape {piece.shape!r}")
    if piece.heading is not None and piece.shape != "polygon":
        reach = max(piece.size, piece.length / 2) * 1.4
        heading = math.radians(piece.heading)
        axes.plot(
            [piece.x, piece.x + reach * math.sin(heading)],
            [piece.y, piece.y + reach * math.cos(heading)],
            color="black",
            linewidth=1,
        )
    if piece.label:
        axes.annotate(piece.label, (piece.x, piece.y), fontsize=6, ha="center", va="center")


def render(picture: TablePicture, out: str | Path) -> Path:
    """Draw ``picture`` to ``out`` (``.svg`` or ``.png``); return the path written."""
    target = Path(out)
    if target.suffix.lower() not in FORMATS:
        raise RenderError(f"{target}: the picture must end in .svg or .png")
    if not target.parent.exists():
        raise RenderError(f"{target}: folder {target.parent} does not exist")
    figure, axes = plt.subplots(figsize=(8, 8 * picture.height / max(picture.width, 1e-9)))
    try:
        axes.set_xlim(0, picture.width)
        axes.set_ylim(0, picture.height)
        axes.set_aspect("equal")
        axes.set_facecolor("#eef3f7")
        axes.set_title(picture.title, fontsize=9)
        axes.set_xlabel(picture.units)
        for piece in picture.pieces:
            _draw_piece(axes, piece)
        figure.savefig(target, format=target.suffix.lower().lstrip("."), bbox_inches="tight")
    finally:
        plt.close(figure)
    return target
