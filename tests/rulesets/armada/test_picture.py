"""The hex map picture and `warbench render` on an Armada journal (ARM-PICTURE)."""

from __future__ import annotations

import math
from pathlib import Path

from tests.rulesets.armada.helpers import RULES, battle, fleet, hold_position, skip_orders
from warbench.cli import main
from warbench.core.agents import RandomAgent
from warbench.core.labels import Box
from warbench.core.match import play_match
from warbench.core.registry import register
from warbench.core.scene import Scene
from warbench.rulesets.armada import ArmadaRuleset
from warbench.rulesets.armada.actions import Fire
from warbench.rulesets.armada.events import Hit, Missed
from warbench.rulesets.armada.picture import HEX_SIZE, MARGIN_HEXES
from warbench.rulesets.armada.state import DISABLED, Debris, Mine


def test_arm_picture_fleets_are_coloured_hexes_with_facing() -> None:
    """ARM-PICTURE: each fleet a hex in its side's colour with its heading and label; the
    area around them empty hexes; hexes one apart are one hex width apart."""
    blue = [fleet("Lance", 3, "medium", "destroyer", "flagship"),
            fleet("Wing", 3, "small", "fighter")]
    red = [fleet("Grudge", 3, "medium", "capital", "flagship")]
    game = battle(blue, red, [[[0, 0, 0], [1, 0, 2]], [[0, -3, 3]]], [1, 2])
    game.state.fleets[1].status = DISABLED  # type: ignore[attr-defined]
    picture = RULES.table(game.state)
    fleets = [piece for piece in picture.pieces if piece.player is not None]
    assert [(p.label, p.player, p.heading, p.shape, p.faded) for p in fleets] == [
        ("Lance", 0, 0.0, "hex", False),
        ("Wing", 0, 120.0, "hex", True),
        ("Grudge", 1, 180.0, "hex", False),
    ]
    assert [p.damage.split(" shields")[0] for p in fleets] == [
        "hull 16/16", "hull 10/10", "hull 16/16"]
    lance, wing, grudge = fleets
    assert abs((grudge.y - lance.y) - 3 * 3**0.5 * HEX_SIZE) < 1e-9  # north is up
    assert wing.x > lance.x
    empty = [piece for piece in picture.pieces if piece.player is None]
    assert all(piece.shape == "hex" and piece.label == "" for piece in empty)
    assert len(empty) > 4 * (2 * MARGIN_HEXES + 1)
    assert {(round(p.x, 6), round(p.y, 6)) for p in empty}.isdisjoint(
        {(round(p.x, 6), round(p.y, 6)) for p in fleets}
    )
    assert all(0 <= p.x <= picture.width and 0 <= p.y <= picture.height for p in picture.pieces)


def test_arm_picture_marks_mines_and_debris() -> None:
    """ARM-PICTURE: gravity mines in their side's colour, conjured debris in grey."""
    blue = [fleet("Lance", 3, "medium", "destroyer", "flagship")]
    red = [fleet("Grudge", 3, "medium", "capital", "flagship")]
    game = battle(blue, red, [[[0, 0, 0]], [[0, -3, 3]]], [1, 2])
    state = game.state
    state.mines.append(Mine(1, -1, 0, 0, 1, 1))  # type: ignore[attr-defined]
    state.debris.append(Debris(0, -2, 3))  # type: ignore[attr-defined]
    markers = [p for p in RULES.table(state).pieces if p.shape == "circle"]
    assert [(p.label, p.player) for p in markers] == [("mine", 0), ("debris", None)]


def test_arm_picture_render_command_writes_an_svg(tmp_path: Path) -> None:
    """ARM-PICTURE: `warbench render` draws an Armada journal to SVG."""
    register(ArmadaRuleset)
    result = play_match(RULES, [RandomAgent(1), RandomAgent(2)], seed=3, max_decisions=30)
    journal = tmp_path / "armada.json"
    result.journal.save(journal)
    out = tmp_path / "armada.svg"
    assert main(["render", str(journal), "--out", str(out)]) == 0
    assert out.read_text().lstrip().startswith("<?xml") and "<svg" in out.read_text()


def test_arm_picture_gunnery_drawn_over_the_arc_and_band_used() -> None:
    """ARM-PICTURE, ARM-GUN-RANGE: each gunnery mark runs from attacker to target over the
    firing arc it went through (fore: 60 degrees about the facing) and the range band the
    target lay in (long: beyond its range out to twice it; 4 for the destroyer, 5 for the
    capital), with the checks."""
    blue = [fleet("Lance", 3, "medium", "destroyer", "flagship")]
    red = [fleet("Grudge", 3, "medium", "capital", "flagship")]
    game = battle(blue, red, [[[0, 0, 0]], [[0, -6, 3]]], [1, 2, 19, 5, 3, 4],
                  max_rounds=1)
    skip_orders(game)
    hold_position(game)
    before = len(game.events)
    game.apply(0, Fire(0, 1))
    game.apply(1, Fire(1, 0))
    shots = [e for e in game.events[before:] if isinstance(e, Hit | Missed)]
    assert [(e.arc, e.band, e.hexes) for e in shots] == [("fore", "long", (4, 8)),
                                                           ("fore", "long", (5, 10))]
    marks = RULES.attacks_drawn(game.state, game.events[before:])
    hexes = math.sqrt(3.0) * HEX_SIZE
    lance, grudge = marks
    assert (lance.arc_start, lance.arc_end) == (330.0, 390.0)  # facing north
    assert (grudge.arc_start, grudge.arc_end) == (150.0, 210.0)  # facing south
    assert [(round(m.near / hexes, 6), round(m.far / hexes, 6)) for m in marks] == [
        (4, 8), (5, 10)]
    assert math.isclose(math.dist((lance.x, lance.y), (lance.target_x, lance.target_y)),
                        6 * hexes)  # the target lies inside the band drawn
    assert lance.label.startswith("Lance at Grudge: ") and "fore, long" in lance.label
    assert {type(shot) for shot in shots} == {Hit, Missed}
    for mark, shot in zip(marks, shots, strict=True):  # the result as the log says it
        assert mark.label.endswith(f"{shot.damage} damage" if isinstance(shot, Hit)
                                   else "long: misses")


def test_arm_picture_labels_keep_off_every_facing_tick_fleet_and_mine() -> None:
    """ARM-PICTURE: fleets packed as at the end of a battle (two facing north and south
    between enemies, a mine beside them): no label is drawn across a facing tick, nor on a
    fleet or a mine, and each names its fleet or mine."""
    blue = [fleet("Lance", 3, "medium", "destroyer", "flagship"),
            fleet("Wasps", 3, "small", "fighter")]
    red = [fleet("Talon", 3, "medium", "capital", "flagship"),
           fleet("Cutthroats", 3, "medium", "destroyer")]
    game = battle(blue, red, [[[0, 0, 3], [0, -1, 5]], [[-1, 0, 1], [-1, 1, 3]]], [1, 2])
    game.state.mines.append(Mine(1, 0, 1, 1, 1, 1))  # type: ignore[attr-defined]
    scene = Scene.from_picture(RULES.table(game.state))
    named = [shape for shape in scene.shapes if shape.label]
    ticks = [shape.tick for shape in named if shape.tick is not None]
    assert len(ticks) == 4
    bodies = [Box(s.x - s.radius, s.y - s.radius, s.x + s.radius, s.y + s.radius) for s in named]
    labels = {label.text.split("\n")[0]: label.box for label in scene.labels}
    assert set(labels) == {"Lance", "Wasps", "Talon", "Cutthroats", "mine"}
    for name, box in labels.items():
        assert not any(box.crossed_by(tick) for tick in ticks), name
        assert not any(box.overlaps(body) for body in bodies), name
