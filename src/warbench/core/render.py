"""Drawing a :class:`~warbench.core.scene.Scene` to SVG or PNG with matplotlib.

What is drawn is the scene the web table draws too: the pieces, the attacks of the moment
(a line from shooter to target, solid for a hit and dashed for a miss, over the firing arc
and range band used, shaded in the shooter's colour), and every label in the box the scene
placed for it, so that no two labels overlap. The picture keeps one scale (points per table
unit) for the whole table, so the text fills the boxes the label pass reserved; SVG keeps
text as text, so a reader (or a test) can search it. A table too crowded for every piece's
label beside it marks each piece with its key (white on its player's colour) and lists the
keys under the table, each with the piece's whole label (``Scene.keys``). Given the sides'
names, the picture ends with a legend: each side's colour and name, with the seat it sat in
(``P0``, as a Dystopian Wars wing's label says it).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from warbench.core.scene import Scene
from warbench.core.table import TablePicture
from warbench.core.words import player_name

#: Side colours, by player index (colour-blind-safe Okabe-Ito palette).
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
TERRAIN_COLOUR = "#8c8c8c"
#: The table's colour by its ground (``TablePicture.ground``): the usual sea or space, land.
GROUND_COLOURS = {"": "#eef3f7", "land": "#e4ecd6"}
FORMATS = (".svg", ".png")
#: The table's longer side, in points on the picture.
TABLE_POINTS = 620.0
#: Margins around the drawing and room for the title, in inches.
MARGIN, TITLE_ROOM = 0.35, 0.45
#: Room for one row of the legend of the sides, in inches.
LEGEND_ROW = 0.22
#: The legend's text size, in points, and the width it gives a character, in inches.
LEGEND_FONT, LEGEND_CHAR = 8.0, 0.065
#: The font whose character cell the label pass assumes.
LABEL_FONT = "DejaVu Sans Mono"
#: A crowded table's keys under it: text size in points, a character's width and a row's
#: height, in inches.
KEY_FONT, KEY_CHAR, KEY_ROW = 6.5, 0.055, 0.16


class RenderError(ValueError):
    """A picture that cannot be written where or how it was asked."""


def colour_of(player: int | None, colours: Sequence[int] = ()) -> str:
    """The colour a player's pieces and attacks are drawn in (grey for nobody's):
    ``PLAYER_COLOURS`` by seat, or by ``colours[seat]`` where given (a report colours each
    side as its charts do, whichever seat it sat in).

    >>> colour_of(1) == PLAYER_COLOURS[1], colour_of(1, (1, 0)) == PLAYER_COLOURS[0]
    (True, True)
    """
    if player is None:
        return TERRAIN_COLOUR
    index = colours[player] if player < len(colours) else player
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


def legend_entries(sides: Sequence[str]) -> list[str]:
    """What the legend says of each seat: the name of the side sitting there and the player
    (counted from 1), or the player alone where no name is known.

    >>> legend_entries(["Concord Line", ""])
    ['Concord Line (player 1)', 'player 2']
    """
    return [f"{name} ({player_name(seat)})" if name else player_name(seat)
            for seat, name in enumerate(sides)]


def render(
    picture: TablePicture | Scene, out: str | Path, sides: Sequence[str] = (),
    colours: Sequence[int] = (),
) -> Path:
    """Draw ``picture`` (a ruleset's picture, or a scene) to ``out`` (``.svg`` or ``.png``);
    return the path written. ``sides[k]`` names what the player in seat ``k`` plays (its
    list's name; empty: unknown): given, a legend under the table says which colour is
    whose. ``colours[k]``, where given, is the place in ``PLAYER_COLOURS`` of seat ``k``'s
    colour (see :func:`colour_of`)."""
    target = Path(out)
    if target.suffix.lower() not in FORMATS:
        raise RenderError(f"{target}: the picture must end in .svg or .png")
    if not target.parent.exists():
        raise RenderError(f"{target}: folder {target.parent} does not exist")
    scene = picture if isinstance(picture, Scene) else Scene.from_picture(picture)
    from warbench.core.drawing import draw  # matplotlib loads only when a picture is drawn

    return draw(scene, target, sides, colours)
