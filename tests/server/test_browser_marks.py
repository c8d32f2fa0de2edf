"""Real-browser tests of what the table page marks on the board and in its header: every
weapon's reach drawn by name, attack labels in the data's words, a header that names the
seat once, a ship's label kept clear of its move's ghost, and the decision buttons put away
while the table waits for dice. Moments are built in Python and handed to the page's own
``showState`` (as ``test_browser_table``). Skipped, saying why, when chromium or Playwright
is missing."""

from __future__ import annotations

from typing import Any

from tests.rulesets.full_thrust.helpers import RULES, battle, ship
from tests.server.test_browser import _open_seat, browser, server  # noqa: F401 (fixtures)
from tests.server.test_browser_table import _shot, _show
from warbench.rulesets.full_thrust.events import WeaponFired
from warbench.server.snapshot import snapshot


def test_a_clicked_kravak_ship_draws_every_weapons_reach_by_name(
    server: str, browser: Any  # noqa: F811
) -> None:
    """FT-PICTURE: a Kra'Vak frigate, which carries no beams, clicked on the board draws a
    wedge for each weapon it can fire, each named on the board: its K-guns, scattergun
    and MKP."""
    game, _ = battle([ship("tarkesh", "Claw", 30.0, 20.0, facing=3)],
                     [ship("sentinel", "Watch", 50.0, 30.0)], faction="kravak")
    page = _open_seat(server, browser, "full-thrust", "random")
    _show(page, snapshot(game, 0))
    page.locator("#board .shape[data-label='Claw']").click()
    names = sorted(page.locator("#board .reach-label").all_text_contents())
    assert names == ["K1 gun", "K2 gun", "MKP", "scattergun"]
    assert page.locator("#board path.reach").count() == 4
    _shot(page, "kravak-reach.png")
    # the enemy inside the wedges is still what a click there reaches (its card, its shot)
    watch = page.locator("#board .shape[data-label='Watch']").bounding_box()
    assert watch is not None
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('.shape')"
                        "?.getAttribute('data-label')",
                        [watch["x"] + watch["width"] / 2, watch["y"] + watch["height"] / 2])
    assert hit == "Watch"
    page.close()


def test_a_move_ghost_leaves_the_ships_label_readable(
    server: str, browser: Any  # noqa: F811
) -> None:
    """The ghost of a ship's move drawn over the ship's label (a short move straight ahead,
    where the label stands): the label is moved clear of the ghost, not covered by it."""
    game, _ = battle([ship("harrier", "Ajax", 30.0, 20.0)],
                     [ship("harrier", "Brute", 50.0, 40.0, facing=6)])
    page = _open_seat(server, browser, "full-thrust", "random")
    _show(page, snapshot(game, 0))
    label = page.locator("#board text.shape-label", has_text="Ajax")
    before = label.bounding_box()
    ajax = page.evaluate("() => state.scene.shapes.find((s) => s.label === 'Ajax')")
    page.evaluate("([a]) => board.ghost({label: 'Ajax', x: a.x, y: a.y + 3, heading: 0, path: []},"
                  " a, true)", [ajax])
    ghost = page.locator("#board circle.ghost").bounding_box()
    after = label.bounding_box()
    _shot(page, "ghost-and-label.png")
    overlap = not (after["x"] + after["width"] < ghost["x"]
                   or ghost["x"] + ghost["width"] < after["x"]
                   or after["y"] + after["height"] < ghost["y"]
                   or ghost["y"] + ghost["height"] < after["y"])
    assert before is not None and not overlap
    page.close()


def test_the_header_names_the_seat_once_and_dice_awaited_hide_the_choices(
    server: str, browser: Any  # noqa: F811
) -> None:
    """The header says which seat the page is once; a state that waits for typed dice
    (referee mode: no decision is sent meanwhile) shows the dice to type and no button of
    the decision before, saying the choices come back once the faces are in."""
    game, _ = battle([ship("harrier", "Ajax", 30.0, 20.0)],
                     [ship("harrier", "Brute", 50.0, 40.0, facing=6)])
    page = _open_seat(server, browser, "full-thrust", "random")
    snap = snapshot(game, 0)
    _show(page, snap)
    header = page.inner_text("header")
    assert header.count("player 1") == 1, header
    assert page.locator("#decisions .option-form, #decisions button").count() > 0
    waiting = {**snap, "decisions": [], "waiting_for_dice": True,
               "roll": {"sides": 6, "count": 2, "label": "player 1 rolls for Ajax beams"}}
    _show(page, waiting)
    assert page.locator("#decisions button, #decisions select").count() == 0
    assert "Waiting for the dice" in page.inner_text("#decisions")
    assert "Player 1 rolls for Ajax beams: roll 2 d6 and type the faces:" in page.inner_text(
        "#dice-ask")
    _shot(page, "dice-awaited.png")
    page.close()


def test_an_attacks_label_is_never_smaller_than_eleven_pixels(
    server: str, browser: Any  # noqa: F811
) -> None:
    """Labels are never under 11 px on the screen (docs/play.md), an attack's too, even on
    a narrow window: "Ajax: class-2 beam / misses", as the log says it."""
    game, _ = battle([ship("harrier", "Ajax", 10.0, 10.0)],
                     [ship("harrier", "Brute", 10.0, 25.0)])
    systems = RULES.data.designs["harrier"].systems
    beam = next(i for i, s in enumerate(systems) if s.kind == "beam" and s.level == 2)
    marks = RULES.attacks_drawn(game.state, [WeaponFired(0, beam, 1, 0)])
    page = _open_seat(server, browser, "full-thrust", "random")
    page.set_viewport_size({"width": 1024, "height": 800})
    _show(page, snapshot(game, 0, attacks=(1, marks)))
    label = page.locator("#board text.attack-label")
    assert label.locator("tspan").all_text_contents() == ["Ajax: class-2 beam", "misses"]
    heights = [box["height"] for box in (span.bounding_box()
                                         for span in label.locator("tspan").all()) if box]
    assert heights and min(heights) >= 11, heights
    _shot(page, "attack-label-1024.png")
    page.close()


def test_no_piece_label_lies_on_a_piece_or_an_attacks_label(
    server: str, browser: Any  # noqa: F811
) -> None:
    """The board's labels: a piece's name lies on no piece (its own or another's) and on
    no attack's label; where there is no room, the pieces take keys and a legend."""
    game, _ = battle([ship("harrier", "Ajax", 10.0, 10.0), ship("harrier", "Cairn", 10.0, 13.5)],
                     [ship("harrier", "Brute", 10.0, 25.0)])
    systems = RULES.data.designs["harrier"].systems
    beam = next(i for i, s in enumerate(systems) if s.kind == "beam" and s.level == 2)
    marks = RULES.attacks_drawn(game.state, [WeaponFired(0, beam, 2, 3)])  # over Cairn
    page = _open_seat(server, browser, "full-thrust", "random")
    _show(page, snapshot(game, 0, attacks=(1, marks)))
    boxes = page.evaluate("""() => {
        const box = (e) => { const b = e.getBoundingClientRect();
                             return [b.left, b.top, b.right, b.bottom]; };
        return {
          names: [...document.querySelectorAll('#board text.shape-label')].map(box),
          attacks: [...document.querySelectorAll('#board text.attack-label')].map(box),
          pieces: [...document.querySelectorAll('#board .shape[data-player]')].map(box),
        }; }""")
    assert boxes["attacks"]
    if not boxes["names"]:  # no room beside them: keys on the pieces and a legend
        assert page.locator("#legend .legend-row").count() == 3

    def apart(a: list[float], b: list[float]) -> bool:
        return a[2] <= b[0] + 0.5 or b[2] <= a[0] + 0.5 or a[3] <= b[1] + 0.5 or b[3] <= a[1] + 0.5
    for name in boxes["names"]:
        assert all(apart(name, other) for other in boxes["attacks"] + boxes["pieces"]), name
    _shot(page, "labels-apart.png")
    page.close()
