"""Drawing a scene with matplotlib, for :func:`warbench.core.render.render` (which loads this
module only when a picture is drawn, so commands that draw none start without matplotlib)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import matplotlib
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import (
    Circle,
    FancyArrowPatch,
    FancyBboxPatch,
    Patch,
    Polygon,
    RegularPolygon,
    Wedge,
)
from matplotlib.patheffects import withStroke

from warbench.core.labels import LINE_HEIGHT, PADDING, Label
from warbench.core.render import (
    GROUND_COLOURS,
    KEY_CHAR,
    KEY_FONT,
    KEY_ROW,
    LABEL_FONT,
    LEGEND_CHAR,
    LEGEND_FONT,
    LEGEND_ROW,
    MARGIN,
    TABLE_POINTS,
    TITLE_ROOM,
    RenderError,
    colour_of,
    legend_entries,
)
from warbench.core.scene import KeyRow, Scene, Shape
from warbench.core.table import Attack


def draw(scene: Scene, target: Path, sides: Sequence[str], colours: Sequence[int]) -> Path:
    """Draw ``scene`` to ``target`` (its suffix is the format): see ``render``."""
    scale = TABLE_POINTS / max(scene.width, scene.height, 1e-9)  # points per table unit
    low_x = min([0.0, *(label.box.x0 for label in scene.labels)])
    low_y = min([0.0, *(label.box.y0 for label in scene.labels)])
    high_x = max([scene.width, *(label.box.x1 for label in scene.labels)])
    high_y = max([scene.height, *(label.box.y1 for label in scene.labels)])
    width_in, height_in = (high_x - low_x) * scale / 72, (high_y - low_y) * scale / 72
    fig_w = width_in + 2 * MARGIN
    rows = 0
    if sides:
        entries = legend_entries(sides)
        rows = math.ceil(len(entries) / _legend_columns(entries, fig_w - 2 * MARGIN - 1.0))
    key_columns = _key_columns(scene.keys, fig_w - 2 * MARGIN)
    key_rows = math.ceil(len(scene.keys) / key_columns)
    bottom = MARGIN + rows * LEGEND_ROW
    keys_at = bottom - MARGIN / 2 + KEY_ROW / 2  # the last row of keys, above the sides
    if key_rows:
        bottom = keys_at + key_rows * KEY_ROW
    fig_h = height_in + bottom + TITLE_ROOM
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "warbench"}):
        figure = Figure(figsize=(fig_w, fig_h))  # no pyplot: nothing global to close
        axes = figure.add_axes((MARGIN / fig_w, bottom / fig_h, width_in / fig_w,
                                height_in / fig_h))
        axes.set_xlim(low_x, high_x)
        axes.set_ylim(low_y, high_y)
        axes.set_axis_off()
        axes.add_patch(Polygon([(0, 0), (scene.width, 0), (scene.width, scene.height),
                                (0, scene.height)], closed=True,
                               facecolor=GROUND_COLOURS.get(scene.ground, GROUND_COLOURS[""]),
                               edgecolor="#333333", linewidth=0.8, zorder=0))
        figure.suptitle(scene.title, fontsize=10, y=1 - 0.12 / fig_h, va="top")
        if sides:
            _draw_legend(figure, sides, fig_w, fig_h, colours)
        figure.text(1 - MARGIN / fig_w, 0.25 * MARGIN / fig_h,
                    f"{scene.width:.0f} x {scene.height:.0f} {scene.units}",
                    fontsize=7, ha="right", color="#555555")
        for shape in scene.shapes:
            _draw_shape(axes, shape, colours)
        for attack in scene.attacks:
            _draw_attack(axes, attack, scene.em, colours)
        fontsize = scene.em * scale
        keyed = {row.label: row for row in scene.keys}
        for place, label in enumerate(scene.labels):
            if place in keyed:
                _draw_key(axes, label, scene.em, fontsize, colour_of(keyed[place].player,
                                                                     colours))
            else:
                _draw_label(axes, label, scene.em, fontsize)
        if scene.keys:
            _draw_key_legend(figure, scene.keys, key_columns, (fig_w, fig_h),
                             keys_at + (key_rows - 1) * KEY_ROW, colours)
        figure.savefig(target, format=target.suffix.lower().lstrip("."), dpi=150)
    return target


def _key_columns(keys: Sequence[KeyRow], width_in: float) -> int:
    """As many columns of a crowded table's keys as fit in ``width_in`` inches."""
    if not keys:
        return 1
    widest = max(len(row.key) + 1 + len(row.words) for row in keys) * KEY_CHAR + 0.3
    return max(1, min(len(keys), int(width_in // widest)))


def _draw_key_legend(figure: Figure, keys: Sequence[KeyRow], columns: int,
                     size: tuple[float, float], top: float, colours: Sequence[int]) -> None:
    """A crowded table's keys under it, row by row: each key in its player's colour, then
    the piece's whole label (``top``: inches from the bottom of the first row)."""
    fig_w, fig_h = size
    width = (fig_w - 2 * MARGIN) / columns
    for place, row in enumerate(keys):
        x = MARGIN + (place % columns) * width
        y = top - (place // columns) * KEY_ROW
        figure.text(x / fig_w, y / fig_h, row.key, fontsize=KEY_FONT, family=LABEL_FONT,
                    color="white", weight="bold", va="baseline",
                    bbox={"boxstyle": "square,pad=0.15", "facecolor": colour_of(
                        row.player, colours), "edgecolor": "none"})
        figure.text((x + (len(row.key) + 1) * KEY_CHAR) / fig_w, y / fig_h, row.words,
                    fontsize=KEY_FONT, family=LABEL_FONT, va="baseline")


def _legend_columns(entries: Sequence[str], width_in: float) -> int:
    """As many legend entries side by side as fit in ``width_in`` inches (at least one)."""
    widest = max(len(entry) for entry in entries) * LEGEND_CHAR + 0.45  # swatch and gap
    return max(1, min(len(entries), int(width_in // widest)))


def _draw_legend(figure: Figure, sides: Sequence[str], fig_w: float, fig_h: float,
                 colours: Sequence[int]) -> None:
    """Each seat's colour with the side's name, in rows under the table."""
    entries = legend_entries(sides)
    columns = _legend_columns(entries, fig_w - 2 * MARGIN - 1.0)
    rows = math.ceil(len(entries) / columns)
    # matplotlib fills a legend column by column: hand it the seats so that they read
    # across, row by row (P0 P1 P2 / P3)
    order = [row * columns + column for column in range(columns) for row in range(rows)
             if row * columns + column < len(entries)]
    handles = [
        Patch(facecolor=colour_of(seat, colours), alpha=0.8, label=entries[seat])
        for seat in order
    ]
    figure.legend(
        handles=handles,
        loc="lower left",
        bbox_to_anchor=(MARGIN / fig_w, 0.05 / fig_h),
        ncols=columns,
        frameon=False,
        fontsize=LEGEND_FONT,
        handlelength=1.2,
        borderaxespad=0.0,
        columnspacing=1.2,
    )


def _rect_corners(shape: Shape) -> list[tuple[float, float]]:
    heading = math.radians(shape.heading or 0.0)
    forward = (math.sin(heading), math.cos(heading))
    right = (forward[1], -forward[0])
    half_w, half_l = shape.size / 2, shape.length / 2
    return [
        (
            shape.x + forward[0] * along * half_l + right[0] * side * half_w,
            shape.y + forward[1] * along * half_l + right[1] * side * half_w,
        )
        for along, side in ((1, 1), (1, -1), (-1, -1), (-1, 1))
    ]


def _draw_shape(axes: Axes, shape: Shape, colours: Sequence[int]) -> None:
    colour = colour_of(shape.player, colours)
    alpha = 0.3 if shape.faded else 0.8
    if shape.kind == "circle":
        axes.add_patch(Circle((shape.x, shape.y), shape.size, color=colour, alpha=alpha))
    elif shape.kind == "ring":
        axes.add_patch(Circle((shape.x, shape.y), shape.size, facecolor="none",
                              edgecolor=colour, linestyle="--", linewidth=0.8))
    elif shape.kind == "rect":
        axes.add_patch(Polygon(_rect_corners(shape), closed=True, color=colour, alpha=alpha))
    elif shape.kind == "hex":
        axes.add_patch(
            RegularPolygon(
                (shape.x, shape.y),
                numVertices=6,
                radius=shape.size,
                orientation=math.radians(30),
                facecolor=colour if shape.player is not None else "none",
                edgecolor="#555555",
                alpha=alpha,
                linewidth=0.4,
            )
        )
    elif shape.kind == "polygon":
        axes.add_patch(Polygon(list(shape.points), closed=True, color=colour, alpha=0.5))
    else:
        raise RenderError(f"piece {shape.label!r} has unknown shape {shape.kind!r}")
    if shape.tick is not None:
        x1, y1, x2, y2 = shape.tick
        axes.plot([x1, x2], [y1, y2], color="black", linewidth=1)


def _draw_attack(axes: Axes, attack: Attack, em: float, colours: Sequence[int]) -> None:
    """The firing arc and range band used, shaded, then the line to the target."""
    colour = colour_of(attack.player, colours)
    # Bearings run clockwise from up the table; matplotlib's angles counter-clockwise from +x.
    theta1, theta2 = 90.0 - attack.arc_end, 90.0 - attack.arc_start
    if attack.far > 0:
        axes.add_patch(
            Wedge((attack.x, attack.y), attack.far, theta1, theta2,
                  width=attack.far - attack.near, facecolor=colour, alpha=0.12,
                  edgecolor=colour, linestyle=":", linewidth=0.8)
        )
    if attack.arc_end - attack.arc_start < 360.0:
        reach = attack.far or math.dist((attack.x, attack.y), (attack.target_x, attack.target_y))
        for bearing in (attack.arc_start, attack.arc_end):
            angle = math.radians(bearing)
            axes.plot([attack.x, attack.x + reach * math.sin(angle)],
                      [attack.y, attack.y + reach * math.cos(angle)],
                      color=colour, linewidth=0.8, linestyle="--", alpha=0.8)
    # the line over the pieces on a pale halo: a melee between touching bases, or a shot
    # across a base of the shooter's colour, still shows
    width = 1.6 if attack.hit else 1.0
    axes.add_patch(
        FancyArrowPatch((attack.x, attack.y), (attack.target_x, attack.target_y),
                        arrowstyle="-|>", mutation_scale=12, color=colour, linewidth=width,
                        linestyle="-" if attack.hit else (0, (4, 3)), shrinkA=0, shrinkB=2,
                        zorder=3, path_effects=[withStroke(linewidth=width + 2.4,
                                                           foreground="white", alpha=0.85)])
    )


def _draw_key(axes: Axes, label: Label, em: float, fontsize: float, colour: str) -> None:
    """A piece's key on a crowded table: white on its player's colour, on the piece or
    beside it with a line to it."""
    box = label.box
    ax, ay = label.anchor
    if not (box.x0 <= ax <= box.x1 and box.y0 <= ay <= box.y1):
        nx, ny = min(max(ax, box.x0), box.x1), min(max(ay, box.y0), box.y1)
        axes.plot([ax, nx], [ay, ny], color="#333333", linewidth=0.6, zorder=4)
    axes.add_patch(
        FancyBboxPatch((box.x0, box.y0), box.x1 - box.x0, box.y1 - box.y0,
                       boxstyle="square,pad=0", facecolor=colour, edgecolor="white",
                       linewidth=0.5, alpha=0.95, zorder=5)
    )
    axes.text((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2, label.text, fontsize=fontsize,
              family=LABEL_FONT, ha="center", va="center", color="white", weight="bold",
              zorder=6)


def _draw_label(axes: Axes, label: Label, em: float, fontsize: float) -> None:
    box = label.box
    axes.add_patch(
        FancyBboxPatch((box.x0, box.y0), box.x1 - box.x0, box.y1 - box.y0,
                       boxstyle="square,pad=0", facecolor="white", edgecolor="#999999",
                       linewidth=0.4, alpha=0.85, zorder=5)
    )
    ax, ay = label.anchor
    if not (box.x0 <= ax <= box.x1 and box.y0 <= ay <= box.y1):
        nx, ny = min(max(ax, box.x0), box.x1), min(max(ay, box.y0), box.y1)
        if math.dist((ax, ay), (nx, ny)) > em:
            axes.plot([ax, nx], [ay, ny], color="#666666", linewidth=0.5, zorder=4)
    axes.text(box.x0 + PADDING * em, (box.y0 + box.y1) / 2, label.text, fontsize=fontsize,
              family=LABEL_FONT, ha="left", va="center", linespacing=LINE_HEIGHT, zorder=6)


