"""Table pictures: labels that never overlap, attacks drawn with their arcs and bands,
damage on every piece, and the scene of one step of a journal."""

from __future__ import annotations

import itertools
from pathlib import Path

from warbench.core.geometry import Arc, RangeBands
from warbench.core.labels import Box, LabelRequest, place_labels
from warbench.core.render import render
from warbench.core.scene import Scene
from warbench.core.table import Attack, Piece, TablePicture


def crowded(models: int = 30) -> TablePicture:
    """Models in base contact six to a row (thirty: a 6-inch square), as in a big melee."""
    pieces = tuple(
        Piece(f"Model {i}", 20 + (i % 6), 20 + (i // 6), size=0.5, player=i % 2,
              damage=f"{i}/20 boxes F{i % 4}")
        for i in range(models)
    )
    return TablePicture(48, 48, pieces, "melee")


def test_no_two_labels_overlap_in_a_crowded_scene() -> None:
    scene = Scene.from_picture(crowded())
    assert len(scene.labels) == 30
    for a, b in itertools.combinations(scene.labels, 2):
        assert not a.box.overlaps(b.box), (a.text, b.text)
    assert scene.labels == Scene.from_picture(crowded()).labels  # deterministic


def test_labels_at_one_point_spread_out_and_stay_on_the_table() -> None:
    labels = place_labels([LabelRequest(f"label {i}", 1, 1) for i in range(40)], 30, 30, 0.5)
    assert all(label.box.inside(30, 30) for label in labels)
    assert not any(a.box.overlaps(b.box) for a, b in itertools.combinations(labels, 2))


def test_a_label_crowded_round_goes_further_out_before_it_covers_a_piece() -> None:
    """A piece ringed by others (a tank among troopers): its label leaves the crowd, its
    leader line showing whose it is, rather than lying on the pieces beside it."""
    crowd = Box(38, 38, 62, 62)  # the pieces packed round the one at (50, 50)
    (label,) = place_labels([LabelRequest("12 Thornback battle tank", 50, 50, 1.0)],
                            100, 100, 1.0, [crowd])
    assert not label.box.overlaps(crowd) and label.box.inside(100, 100)


def test_no_label_crosses_a_facing_tick_or_lies_on_a_base() -> None:
    """Labels keep off the facing ticks drawn over the pieces: a big base facing up the
    table with a small one at its right facing it (its label cannot go right, where the
    small base stands, nor above, where its own tick runs). The tick is the line the
    picture draws: from the centre along the heading, 1.4 radii long."""
    pieces = (Piece("Goliath", 40, 24, size=1.0, player=0, heading=0, damage="28/28 boxes"),
              Piece("Imp", 42.3, 24, size=0.5, player=1, heading=270, damage="5/5 boxes"))
    scene = Scene.from_picture(TablePicture(48, 48, pieces))
    goliath, imp = scene.shapes
    assert goliath.tick == (40, 24, 40, 25.4) and imp.tick == (42.3, 24, 41.6, 24)
    bodies = [Box(s.x - s.radius, s.y - s.radius, s.x + s.radius, s.y + s.radius)
              for s in scene.shapes]
    assert len(scene.labels) == 2
    for label in scene.labels:
        assert not any(label.box.crossed_by(tick) for tick in (goliath.tick, imp.tick))
        assert not any(label.box.overlaps(body) for body in bodies), label.text


def test_an_attack_mark_carries_the_arc_and_band_used() -> None:
    mark = Attack.fired((10, 10), 90, (25, 10), arc=Arc.centered(60),
                        bands=RangeBands((8, 16, 24)), label="broadside")
    assert (mark.arc_start, mark.arc_end) == (60.0, 120.0)
    assert (mark.near, mark.far) == (8, 16)  # 15 inches away: the second band
    assert Attack.fired((0, 0), 0, (1, 1), bands=RangeBands((8, 16)), band=2).near == 8


def test_the_svg_shows_attacks_damage_and_labels(tmp_path: Path) -> None:
    attack = Attack.fired((20, 20), 0, (20, 30), arc=Arc.centered(90), label="gun: 2 hits",
                          bands=RangeBands((6, 12)), player=0)
    scene = Scene.from_picture(crowded(12)).with_attacks((attack,), title="after action 3")
    plain = scene.to_plain()
    assert plain["attacks"][0]["arc"] == [315.0, 405.0]
    assert plain["attacks"][0]["band"] == [6, 12]
    assert plain["shapes"][0]["damage"] == "0/20 boxes F0"
    assert len(plain["labels"]) == 13
    svg = render(scene, tmp_path / "t.svg").read_text()
    assert "gun: 2 hits" in svg and "7/20 boxes F3" in svg and "after action 3" in svg


def test_a_legend_names_each_seats_side_in_its_colour(tmp_path: Path) -> None:
    """The report's table picture showed the sides' models in colours, but nothing said
    which colour was which list. Given the sides, the picture ends with a legend: each
    seat's colour swatch and the name of the side sitting there; without, none."""
    names = ["Concord Line", "Kra'Vak Raiders"]
    svg = render(crowded(4), tmp_path / "t.svg", names).read_text()
    assert "Concord Line (player 1)" in svg and "Vak Raiders (player 2)" in svg
    assert svg.index("Concord Line (player 1)") < svg.index("Raiders (player 2)")
    plain = render(crowded(4), tmp_path / "plain.svg").read_text()
    assert "(player 1)" not in plain
    unnamed = render(crowded(4), tmp_path / "u.svg", ["", ""]).read_text()
    assert "player 1" in unnamed and "player 2" in unnamed


def test_a_report_colours_each_side_as_its_charts_do_whichever_seat_it_sat_in(
    tmp_path: Path,
) -> None:
    """A report's typical game with the second side in seat 0: its pieces and its legend
    entry take the second side's colour (the charts' colour for it), not seat 0's."""
    from warbench.core.render import PLAYER_COLOURS, render

    picture = TablePicture(20, 20, (Piece("Ajax", 5, 5, size=1, player=0),), "swapped")
    by_seat = render(picture, tmp_path / "seat.svg", ["Second side"]).read_text()
    by_side = render(picture, tmp_path / "side.svg", ["Second side"], (1, 0)).read_text()
    first, second = (colour.lower() for colour in PLAYER_COLOURS[:2])
    assert first in by_seat.lower() and second not in by_seat.lower()
    assert second in by_side.lower() and first not in by_side.lower()
