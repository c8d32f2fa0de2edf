"""HORDES models that share a name, on the web table (Playwright, Debian's chromium): the
board, the options, the odds, the card and the log name each by one tag that leads to one
model. Skipped, saying why, when chromium or Playwright is missing (as ``test_browser``)."""

from __future__ import annotations

from typing import Any

from tests.hordes.helpers import script
from tests.hordes.test_odds_blast import OUTSIDE, SPINES, _crowd
from tests.server.test_browser import _open_seat, _screen, browser, server  # noqa: F401
from tests.server.test_browser_table import SEEN, _shot, _show
from warbench.server.snapshot import snapshot


def test_hor_names_each_mosshound_has_one_tag_on_the_board_the_options_the_odds_and_the_log(
    server: str, browser: Any  # noqa: F811
) -> None:
    """HOR-NAMES, HOR-AOE: four Mosshounds of player 2 read Mosshound 1 to 4 on the board,
    each label once; every attack button names its target by the tag of the piece whose key
    is the target's model id, so no two buttons read alike; the odds lines under the attack
    at Mosshound 1 name the three others by their tags (the one with its mind crippled
    saying so, with no chance of crippling it again); a click on Mosshound 3 opens its card
    under that tag and picks the attack at it, not at the first Mosshound; once the Spines
    have fired the log names the target and the Mosshound its blast caught by their tags."""
    game = _crowd()
    snap = snapshot(game, 0)
    page = _open_seat(server, browser, "hordes", "random")
    _show(page, snap)
    shapes = page.evaluate("() => state.scene.shapes")
    pieces = [shape for shape in shapes if shape.get("key")]
    tags = {shape["label"]: shape["key"] for shape in pieces}
    assert len(tags) == len(pieces) == len(game.state.models)  # no label twice
    hounds = sorted(label for label in tags if label.startswith("Mosshound"))
    assert hounds == ["Mosshound 1", "Mosshound 2", "Mosshound 3", "Mosshound 4"]
    written = page.locator("#board text.shape-label").evaluate_all(
        "texts => texts.map((t) => t.getAttribute('data-for'))")
    assert set(hounds) <= set(written)
    by_key = {key: label for label, key in tags.items()}
    buttons = page.locator("#decisions button.option").all_inner_texts()
    attacks = [o for d in snap["decisions"] for o in d["options"]
               if o["action"]["type"] == "attack"]
    assert len(attacks) == 5 and len(set(buttons)) == len(buttons)
    for option in attacks:
        tag = by_key[str(option["action"]["target"])]
        assert option["label"].startswith(f"attack {tag} with Obsidian Spines (")
        assert option["label"] in buttons
    button = page.locator("#decisions button.option", has_text="attack Mosshound 1 with")
    lines = button.locator("xpath=following-sibling::div[1]").locator(
        ".odds-other").all_inner_texts()
    assert [line.split(", ")[0] for line in lines] == ["Mosshound 2", "Mosshound 3",
                                                        "Mosshound 4"]
    crippled = by_key[str(OUTSIDE)]
    (line,) = [line for line in lines if line.startswith(f"{crippled}, ")]
    assert ", mind already crippled: under the template " in line
    assert " mind crippled " not in line and "· body crippled " in line
    _shot(page, "hordes-names-odds.png")
    page.wait_for_function("ruleset !== null")  # the page has read its ruleset's cards
    page.mouse.click(*_screen(page, *_at(shapes, crippled)))
    page.wait_for_function("!document.getElementById('card-panel').hidden")
    assert page.inner_text("#card-title").startswith(f"{crippled} — mosshound — player 2's")
    picked = page.locator("#decisions button.option.picked").all_inner_texts()
    assert [text.split(" with ")[0] for text in picked] == [f"attack {crippled}"]
    page.wait_for_selector("#card .stat-card")
    page.locator("#card-panel").screenshot(path=str(SEEN / "hordes-names-card.png"))
    script(game, 6, 5, *[1] * 20)  # the Spines hit Mosshound 1; their blast catches 2
    game.apply(0, SPINES)
    _show(page, snapshot(game, 0))
    log = page.inner_text("#log")
    assert "with Obsidian Spines on Mosshound 1: " in log
    assert "damage on Mosshound 1: " in log and "damage on Mosshound 2: " in log
    # the dice lines above them name the Mosshounds the same way (a roll's words for people)
    assert "player 1 rolled 2d6 for damage on Mosshound 2: 1 1" in log
    assert "rolled 2d6 for Obsidian Horror ranged attack on Mosshound 1: 6 5" in log
    _shot(page, "hordes-names-log.png")
    page.close()


def _at(shapes: list[dict[str, Any]], label: str) -> tuple[float, float]:
    shape = next(s for s in shapes if s["label"] == label)
    return shape["x"], shape["y"]
