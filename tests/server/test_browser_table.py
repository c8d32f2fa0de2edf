"""Real-browser tests of the table page's drawing and forms (Playwright, Debian's chromium).

Where a test needs a moment of a game that the lobby's set-ups reach only after many turns
(fighters attacking, point defence, a ship's drive knocked out), the moment is built in
Python, the seat's snapshot taken as the server takes it, and handed to the page's own
``showState``: the page draws it as it would draw a live one. Skipped, saying why, when
chromium or Playwright is missing (as ``test_browser``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.rulesets.full_thrust.helpers import battle, orders, ship
from tests.rulesets.full_thrust.helpers import ship as ship_at
from tests.server.test_browser import (  # noqa: F401 (fixtures)
    SHOTS,
    _await_my_turn,
    _click_and_wait,
    _open_seat,
    _play_something,
    _prompts,
    _screen,
    browser,
    server,
)
from warbench.rulesets.full_thrust.actions import FighterTarget, Launch, MoveGroup
from warbench.server.snapshot import snapshot

SEEN = Path("/tmp") / "warbench-browser"  # screenshots to look at; docs/play/ is left alone


#: Cut the page from its live game, once: what it sends is kept in ``sent``, unanswered, and
#: the live game's bot can no longer redraw the board under a test.
DETACH = """() => {
    if (window.sent) return;
    socket.onclose = null; socket.onmessage = null; socket.close();
    window.sent = [];
    send = (message) => { sent.push(message); };
}"""


def _show(page: Any, snap: dict[str, Any]) -> None:
    """Draw ``snap`` on the page as a state message from the server (the page cut from its
    live game first: :data:`DETACH`)."""
    page.evaluate(DETACH)
    page.evaluate("(m) => showState(m)", snap)


def _shot(page: Any, name: str) -> None:
    SEEN.mkdir(exist_ok=True)
    page.screenshot(path=str(SEEN / name))


def point_defence_moment() -> Any:
    """Nest's two fighter groups attacking Wall, whose seat (1) owes its point defence: ten
    choices, five systems at two groups (FT-PD)."""
    game, _ = battle([ship("haven", "Nest", 30.0, 10.0, fighters=("standard", "heavy"))],
                     [ship("warden", "Wall", 30.0, 30.0, facing=6)], 6, 1)
    orders(game)
    game.apply(0, Launch(0))
    game.apply(0, Launch(1))
    game.apply(0, MoveGroup(0, 30.0, 26.0))
    game.apply(0, MoveGroup(1, 30.0, 22.0))
    game.apply(0, FighterTarget(0, "ship", 1))
    game.apply(0, FighterTarget(1, "ship", 1, secondary=True))
    return game


def test_point_defence_choices_are_one_list_in_words_with_each_shots_odds(
    server: str, browser: Any  # noqa: F811
) -> None:
    """Wall's ten point defence choices (five systems, two groups) are a form of one list
    of choices in words, not lists of system and threat numbers; the choice shows its
    odds."""
    game = point_defence_moment()
    page = _open_seat(server, browser, "full-thrust", "random")
    _show(page, snapshot(game, 1))
    form = page.locator(".option-form[data-type='ft-defend']")
    assert form.locator("select").count() == 1
    choices = form.locator("select option").all_inner_texts()
    assert len(choices) == 10
    assert "Wall's point defence system 1 fires at Nest S1 (6) attacking Wall" in choices
    assert not any("system 5" in choice or "threat" in choice for choice in choices)
    assert "fighters killed" in form.inner_text()
    form.locator("select").select_option(index=9)
    assert "fighters killed" in form.locator(".option-odds").inner_text()
    _shot(page, "point-defence-form.png")
    page.close()


def _centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _on_top(page: Any, point: tuple[float, float]) -> str:
    """The label of the piece a click at the screen point reaches."""
    label: str = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).getAttribute('data-label') || ''",
        list(point),
    )
    return label


def test_launched_fighters_are_drawn_beside_their_carrier_and_the_owed_group_drags(
    server: str, browser: Any  # noqa: F811
) -> None:
    """Harbour's groups launch onto Harbour's own spot: each is drawn beside it (a dashed
    line to where it stands), a click on Harbour reaches Harbour, one on a group the group,
    and the group whose move is owed is dragged to its new place."""
    page = _open_seat(server, browser, "full-thrust", "admiral")
    for _ in range(30):
        _await_my_turn(page)
        prompt = _prompts(page)[0]
        if prompt.startswith("move Harbour"):
            break
        _play_something(page)
    else:
        raise AssertionError("no group of Harbour's came to move")
    shapes = page.evaluate("() => state.scene.shapes")
    carrier = next(s for s in shapes if s["label"] == "Harbour")
    groups = [s for s in shapes if s["label"].startswith("Harbour ")]
    assert len(groups) == 2 and all((g["x"], g["y"]) == (carrier["x"], carrier["y"])
                                    for g in groups)
    assert page.locator("#board .stack-line").count() >= 2  # the enemy's launches too
    assert _on_top(page, _centre(page, "#board .shape[data-label='Harbour']")) == "Harbour"
    owed = next(g for g in groups if g["label"].startswith(prompt.removeprefix("move ")))
    spot = _centre(page, f"#board .shape[data-label='{owed['label']}']")
    assert _on_top(page, spot) == owed["label"]
    _shot(page, "fighters-beside-carrier.png")
    page.mouse.move(*spot)
    page.mouse.down()
    page.mouse.move(*_screen(page, carrier["x"], carrier["y"] + 10), steps=6)
    page.mouse.up()
    page.wait_for_function("!asking && !nextAsk && document.querySelector('#board "
                           "circle.ghost') !== null", timeout=20_000)
    assert page.inner_text("#consider-verdict").startswith("Allowed")
    assert page.inner_text("#consider-text").startswith(f"{owed['label']} moves")
    assert _click_and_wait(page, page.locator("#consider-take"))
    page.wait_for_function(f"document.querySelector('#log').innerText.includes("
                           f"'{prompt.removeprefix('move ')} moves')")
    page.close()


def test_a_drag_let_go_off_the_board_is_called_off_and_the_next_click_is_a_click(
    server: str, browser: Any  # noqa: F811
) -> None:
    """A ship dragged, then let go over the side panel: the drag ends there (no ghost, no
    course considered), moving over the board draws nothing, and a click on an enemy
    opens the enemy's card rather than ending the drag."""
    page = _open_seat(server, browser, "full-thrust", "admiral")
    _await_my_turn(page)
    shapes = page.evaluate("() => state.scene.shapes")
    own = next(s for s in shapes if s.get("player") == 0 and "heading" in s)
    enemy = next(s for s in shapes if s.get("player") == 1 and "heading" in s)
    page.mouse.move(*_screen(page, own["x"], own["y"]))
    page.mouse.down()
    page.mouse.move(*_screen(page, own["x"] + 3, own["y"] + 6), steps=4)
    panel = _centre(page, "#decisions")
    page.mouse.move(*panel, steps=4)
    page.mouse.up()
    page.wait_for_function("!asking")
    assert page.locator("#consider-panel").is_hidden()
    assert page.locator("#board .drag-line, #board circle.ghost").count() == 0
    assert page.inner_text("#message").startswith("Drag called off")
    page.mouse.move(*_screen(page, own["x"] + 5, own["y"] + 10), steps=4)
    page.wait_for_timeout(300)
    assert page.locator("#board .drag-line").count() == 0
    page.locator(f"#board .shape[data-label='{enemy['label']}']").click()
    page.wait_for_selector("#card-panel:not([hidden])")
    title = page.inner_text("#card-title")  # the card says whose it is, not by colour alone
    assert title.startswith(enemy["label"]) and f"player {enemy['player'] + 1}'s" in title
    assert page.locator("#consider-panel").is_hidden()
    _shot(page, "drag-called-off.png")
    page.close()


def test_the_orders_form_lists_speed_changes_with_the_speed_they_give_and_the_turn_allowed(
    server: str, browser: Any  # noqa: F811
) -> None:
    """The orders form: "speed change (thrust 4)" from -4 (to 0) up, in order, starting on
    "no change", the turn from port to starboard with the allowance in its caption; a
    dragged course's nudges say the same; a ship whose drive is knocked out, with the one
    order left to it, says why."""
    page = _open_seat(server, browser, "full-thrust", "admiral")
    _await_my_turn(page)
    form = page.locator(".option-form[data-type='ft-orders']").first
    captions = form.locator("label.field").all_inner_texts()
    assert captions[0].startswith("speed change (thrust 4)")
    assert captions[1].startswith("turn (at most 2 points)")
    speed, turn = form.locator("select[data-field='speed']"), form.locator(
        "select[data-field='turn']")
    speeds = speed.locator("option").all_inner_texts()
    assert speeds[0] == "-4 (to 0)" and speeds[-1] == "+4 (to 8)"
    assert "no change (speed 4)" in speeds
    assert turn.locator("option").all_inner_texts() == [
        "2 points to port", "1 point to port", "straight on", "1 point to starboard",
        "2 points to starboard"]
    assert speed.evaluate("s => s.selectedOptions[0].textContent") == "no change (speed 4)"
    assert turn.evaluate("s => s.selectedOptions[0].textContent") == "straight on"
    assert form.inner_text().endswith("speed 4 -> 4, straight on")
    ship = page.evaluate("() => state.scene.shapes.find((s) => s.player === 0 && s.heading "
                         "!== undefined)")
    page.mouse.move(*_screen(page, ship["x"], ship["y"]))
    page.mouse.down()
    page.mouse.move(*_screen(page, ship["x"] + 2, ship["y"] + 6), steps=6)
    page.mouse.up()
    page.wait_for_function("!asking && !nextAsk && document.querySelector('#board "
                           "circle.ghost') !== null", timeout=20_000)
    nudge = page.inner_text("#consider-nudges .nudge[data-field='speed']")
    assert nudge.startswith("speed change (thrust 4): ")
    _shot(page, "orders-form.png")
    game, _ = battle([ship_at("sentinel", "Watch", 30.0, 10.0, speed=4)],
                     [ship_at("lancer", "Pike", 30.0, 30.0, facing=6)], 6, 1)
    game.state.ships[0].damage[0] = 2
    game._pending = None  # the drive knocked out under the pending orders (test only)
    _show(page, snapshot(game, 0))
    assert page.locator("#decisions button.option").all_inner_texts() == [
        "Watch: speed 4 -> 4, straight on (no thrust: the main drive is knocked out)"]
    page.close()


def _boxes_overlap(first: dict[str, float], second: dict[str, float]) -> bool:
    return (first["x"] < second["x"] + second["width"] and second["x"] < first["x"] + first["width"]
            and first["y"] < second["y"] + second["height"]
            and second["y"] < first["y"] + first["height"])


def test_two_fighter_groups_on_one_spot_are_drawn_apart_with_keys_that_can_be_read(
    server: str, browser: Any  # noqa: F811
) -> None:
    """USERS journey 1 (FT-SEQ-FIGHTER-MOVE): Nest's two groups both close on Pike and
    stop on the same spot. On a crowded table each piece carries its key; the two groups'
    keys (g0, g1) read apart, not printed over each other, and a click on each group's
    disc reaches that group."""
    blue = [ship("haven", "Nest", 30.0, 10.0, fighters=("standard", "heavy"))]
    blue += [ship("lancer", f"Escort {n}", 22.0 + 4 * n, 8.0) for n in range(5)]
    red = [ship("lancer", f"Pike {n}", 24.0 + 3 * n, 30.0, facing=6) for n in range(4)]
    game, _ = battle(blue, red, 6, 1)
    orders(game)
    game.apply(0, Launch(0))
    game.apply(0, Launch(1))
    game.apply(0, MoveGroup(0, 30.0, 24.0))
    game.apply(0, MoveGroup(1, 30.0, 24.0))
    page = _open_seat(server, browser, "full-thrust", "random")
    _show(page, snapshot(game, 0))
    assert page.locator("#legend").is_visible()  # crowded: keys on the board
    keys = page.locator("#board text.shape-key")
    boxes = {keys.nth(i).text_content(): keys.nth(i).bounding_box() for i in range(keys.count())}
    assert not _boxes_overlap(boxes["g0"], boxes["g1"]), boxes
    for label in ("Nest S1 (6)", "Nest H2 (6)"):
        assert _on_top(page, _centre(page, f"#board .shape[data-label='{label}']")) == label
    _shot(page, "fighter-groups-on-one-spot.png")
    page.close()


def test_hor_aoe_an_attacks_odds_name_each_model_under_its_template(
    server: str, browser: Any  # noqa: F811
) -> None:
    """HOR-AOE, HOR-ACTION-ODDS: under the Obsidian Horror's Spines aimed at a Mosshound
    in a crowd of Mosshounds, the odds shown name each other model the template may cover,
    as the board labels it, with its chance to be under the template and to be destroyed or
    crippled, as the game's odds give them; a model out of every template's reach is not
    named."""
    from tests.hordes.test_odds_blast import INSIDE, SPINES, _crowd
    from warbench.rulesets.hordes.names import model_label
    from warbench.rulesets.hordes.ruleset import HordesRuleset

    game = _crowd()
    odds = HordesRuleset().action_odds(game.observe(0).state, SPINES)
    assert odds is not None
    page = _open_seat(server, browser, "hordes", "random")
    _show(page, snapshot(game, 0))
    button = page.locator("#decisions button.option", has_text='attack Mosshound 1 with '
                          'Obsidian Spines (4.0" away')
    odds_shown = button.locator("xpath=following-sibling::div[1]")
    lines = odds_shown.locator(".odds-other").all_inner_texts()
    assert len(lines) == len(odds.others) == 3  # the three Mosshounds beside the target
    label = model_label(HordesRuleset().data, game.state.models, game.state.models[INSIDE])
    (named,) = [name for name in odds.others if name.startswith(f"{label}, ")]
    inside = odds.others[named]
    (line,) = [line for line in lines if line.startswith(f"{named}: ")]
    for outcome in ("under the template", "destroyed", "spirit crippled"):
        assert f"{outcome} {inside[outcome] * 100:.1f}%" in line
    assert "Elder Maelis" not in odds_shown.inner_text()
    assert "Obsidian Horror" not in odds_shown.inner_text()
    _shot(page, "hordes-aoe-odds.png")
    page.screenshot(path=str(SHOTS / "hordes-odds.png"))  # docs/play.md's picture
    page.close()
