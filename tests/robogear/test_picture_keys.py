"""RG-PICTURE: a ROBOGEAR table too crowded for every unit's label beside it (troopers base
to base) marks each unit with its number, on it or just beside it, no two touching and none
on another unit, and lists the numbers under the picture with each unit's whole label; a
roomy table keeps the whole labels."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

from tests.robogear.helpers import RULES, RGame, army, battle, put
from warbench.core.labels import Box
from warbench.core.render import render
from warbench.core.scene import Scene, Shape

ROW = "Ferrum rifleman · ### green section L3 R4"


def _squad(spacing: float, facing: float = 0.0) -> RGame:
    """Eight Ferrum riflemen in a row ``spacing`` steps apart, centre to centre (1.0: base
    to base), all facing ``facing``, and a Verdant tank far off."""
    game = battle(army(("ferrum-rifleman", 8)), army(("verdant-tank", 1)))
    for unit in range(8):
        put(game, unit, 20 + spacing * unit, 10, facing)
    put(game, 8, 30, 45, 180.0)
    return game


def _scene(game: RGame) -> Scene:
    state = game.observe(0).state
    return RULES.scene(state, RULES.unit_names(RULES.view(state, 0)))


def _covers(box: Box, x: float, y: float, radius: float) -> bool:
    near_x, near_y = min(max(x, box.x0), box.x1), min(max(y, box.y0), box.y1)
    return math.hypot(near_x - x, near_y - y) < radius - 1e-9


def test_rg_picture_troopers_base_to_base_are_marked_by_their_numbers() -> None:
    """RG-PICTURE: eight riflemen base to base: each unit is marked by its number, the
    marks overlap neither each other nor another unit, each stays within two steps of its
    own unit, and the legend gives each number the unit's whole label."""
    game = _squad(1.0)
    scene = _scene(game)
    units = game.state.units
    assert [(row.key, row.words, row.player) for row in scene.keys[:8]] == [
        (str(unit), ROW, 0) for unit in range(8)]
    assert scene.keys[8].words.startswith("Thornback battle tank · ")
    marks = [(scene.labels[row.label], units[int(row.key)]) for row in scene.keys]
    for label, unit in marks:
        assert label.text == str(unit.id) and label.anchor == (unit.x, unit.y)
        box = label.box
        gap = math.hypot(min(max(unit.x, box.x0), box.x1) - unit.x,
                         min(max(unit.y, box.y0), box.y1) - unit.y)
        assert gap <= unit.radius + 2.0, (unit.id, box)
        assert not any(_covers(box, o.x, o.y, o.radius) for o in units if o is not unit)
    for (a, _), (b, _) in itertools.combinations(marks, 2):
        assert not a.box.overlaps(b.box), (a.text, b.text)


def test_rg_picture_a_number_lies_over_its_own_facing_tick_never_across_anothers() -> None:
    """RG-PICTURE: a unit's number may lie on its unit over the unit's own facing tick (the
    riflemen facing up the table keep their numbers on them), never across another unit's
    tick: riflemen base to base facing along the row, each tick reaching into its
    neighbour's base, have their numbers beside them, each clear of every other tick."""
    up = _scene(_squad(1.0))
    for row in up.keys[:8]:
        shape, box = _shape(up, row.key), up.labels[row.label].box
        assert box.x0 < shape.x < box.x1 and box.y0 < shape.y < box.y1, row.key
        assert shape.tick is not None and box.crossed_by(shape.tick)
    game = _squad(1.0, facing=90.0)
    along = _scene(game)
    assert len(along.keys) == 9
    for row in along.keys:
        shape, box = _shape(along, row.key), along.labels[row.label].box
        ticks = [s.tick for s in along.shapes if s is not shape and s.tick is not None]
        assert not any(box.crossed_by(tick) for tick in ticks), row.key
        unit = game.state.units[int(row.key)]
        gap = math.hypot(min(max(unit.x, box.x0), box.x1) - unit.x,
                         min(max(unit.y, box.y0), box.y1) - unit.y)
        assert gap <= unit.radius + 2.0, (unit.id, box)
        others = (o for o in game.state.units if o is not unit)
        assert not any(_covers(box, o.x, o.y, o.radius) for o in others), row.key


def _shape(scene: Scene, key: str) -> Shape:
    return next(shape for shape in scene.shapes if shape.piece and shape.key_text == key)


def test_rg_picture_the_legend_under_a_crowded_table_and_whole_labels_on_a_roomy_one(
    tmp_path: Path,
) -> None:
    """RG-PICTURE: the picture of the crowded row lists every number with its whole label
    under the table; riflemen three steps apart keep their whole labels beside them and no
    legend of numbers."""
    crowded = render(_scene(_squad(1.0)), tmp_path / "crowded.svg").read_text()
    assert crowded.count(ROW) == 8
    roomy = _scene(_squad(3.0))
    assert roomy.keys == ()
    assert "0 Ferrum rifleman\n### green section L3 R4" in [label.text for label in roomy.labels]
    assert ROW not in render(roomy, tmp_path / "roomy.svg").read_text()
