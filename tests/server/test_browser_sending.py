"""Real-browser tests of what a page sends and says it sent: typed dice sent once for a
double click, a legal example that fills a form in (and says nothing is sent until Take),
which colour is whose before a referee game's opening rolls, and a link with no token that
says so and nothing else. Skipped, saying why, when chromium or Playwright is missing (as
``test_browser``)."""

from __future__ import annotations

from typing import Any

from tests.server.test_browser import (  # noqa: F401 (fixtures)
    _await_my_turn,
    _open_seat,
    _step,
    browser,
    server,
)
from tests.server.test_browser_table import _shot

#: Counts the messages of each type the page sends from now on (``window.sent(type)``).
COUNT_SENT = """() => { const counts = {}; const real = socket.send.bind(socket);
    socket.send = (text) => { const type = JSON.parse(text).type;
                              counts[type] = (counts[type] || 0) + 1; real(text); };
    window.sent = (type) => counts[type] || 0; return true; }"""


def test_a_double_click_on_send_the_faces_sends_them_once(
    server: str, browser: Any  # noqa: F811
) -> None:
    """Referee mode: a double click on "Send the faces" sends the faces typed once; the
    next roll asked is not answered by an empty second message ("Refused: expected 1 face
    ..., got []") before the person has seen it. Nothing typed is said on the page, with an
    example of as many faces as the roll asks for."""
    page = _open_seat(server, browser, "dystopian-wars", "commodore", referee=True)
    page.wait_for_selector("#dice-panel:not([hidden])", timeout=30_000)
    assert page.evaluate(COUNT_SENT)
    states = page.evaluate("document.body.dataset.states")
    page.fill("#dice-faces", "4")
    page.dblclick("#dice-send")
    page.wait_for_function("([seen]) => document.body.dataset.states !== seen", arg=[states])
    page.wait_for_function("!acting", timeout=30_000)  # the answer to the faces is in
    page.wait_for_timeout(300)
    assert page.evaluate("sent('faces')") == 1
    message = page.inner_text("#message")
    assert not message.startswith("Refused"), message
    assert "got []" not in message
    # nothing typed: said on the page, nothing sent
    page.wait_for_selector("#dice-panel:not([hidden])", timeout=30_000)
    page.fill("#dice-faces", "")
    page.click("#dice-send")
    asked = page.evaluate("[state.roll.count, state.roll.sides]")
    example = page.inner_text("#message").split("e.g. ")[1].rstrip(".").split()
    assert page.inner_text("#message").startswith(f"Type the {asked[0]} face")
    # the example has as many faces as asked, each on the die (not "4 2 6" for one d6)
    assert len(example) == asked[0] and all(1 <= int(f) <= asked[1] for f in example)
    assert page.get_attribute("#dice-faces", "placeholder") == "faces, e.g. " + " ".join(example)
    assert page.evaluate("sent('faces')") == 1
    page.close()


def test_a_referee_game_says_which_colour_is_whose_before_the_opening_rolls(
    server: str, browser: Any  # noqa: F811
) -> None:
    """The line naming each player's colour and force is there while the table still
    waits for the opening's dice, not only once they are in."""
    page = _open_seat(server, browser, "dystopian-wars", "commodore", referee=True)
    page.wait_for_selector("#dice-panel:not([hidden])", timeout=30_000)
    assert _step(page) == 0
    keys = page.locator("#sides .side-key").all_inner_texts()
    assert len(keys) == 2, keys
    assert keys[0].startswith("player 1") and keys[0].endswith("(you)")
    page.close()


def test_a_legal_example_fills_the_form_in_and_says_take_sends_it(
    server: str, browser: Any  # noqa: F811
) -> None:
    """A legal example's button says it fills the form in; clicked, it sends no action,
    the page says the form is allowed but not sent yet and Take sends it, and the form
    shows "not sent yet" beside Take; Take then sends it. An example of another kind than
    the form's (Armada's officer taking up a role, beside the orders form) is not poured
    into the form as an order it is not: it is shown as a choice with *Take this*."""
    page = _open_seat(server, browser, "armada", "random")
    _await_my_turn(page)
    form = page.locator(".space-form[data-type='armada-order']")
    assert page.evaluate(COUNT_SENT)
    other = form.locator("button.sample", has_text="takes up the").first
    assert other.inner_text().startswith("consider: "), other.inner_text()
    other.click()
    page.wait_for_selector("#consider-panel:not([hidden])")
    assert "takes up the" in page.inner_text("#consider-text")
    assert page.inner_text("#consider-verdict") == "Allowed: the rules accept this."
    assert page.is_visible("#consider-take") and page.evaluate("sent('act')") == 0
    page.close()
    page = _open_seat(server, browser, "hordes", "random")  # deploying: examples of places
    _await_my_turn(page)
    form = page.locator(".space-form:has(button.sample)").first
    assert page.evaluate(COUNT_SENT)
    example = form.locator("button.sample").first
    assert example.inner_text().startswith("fill in: "), example.inner_text()
    before = _step(page)
    assert not form.locator(".unsent").is_visible()
    example.click()
    page.wait_for_function(
        "!document.querySelector('#message').textContent.startsWith('Checking')",
        timeout=30_000)
    message = page.inner_text("#message")
    assert message.startswith("Allowed") and "Not sent yet: Take sends it" in message, message
    assert form.locator(".unsent").is_visible()
    assert form.locator(".unsent").inner_text() == "filled in, not sent yet: Take sends it"
    assert page.evaluate("sent('act')") == 0 and _step(page) == before
    _shot(page, "example-filled.png")
    form.locator("button.take").click()
    page.wait_for_function(f"!/step {before}\\b/.test(document.querySelector('#status')"
                           ".textContent)", timeout=60_000)
    assert page.evaluate("sent('act')") == 1
    page.close()


def test_a_link_with_no_token_says_so_and_is_not_left_connecting(
    server: str, browser: Any  # noqa: F811
) -> None:
    """``/play/ID`` opened without its token: the page says the link has no seat token,
    and no "connecting…" is left under it (nothing will connect)."""
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(f"{server}/play/nosuchgame")
    page.wait_for_selector("#message.bad")
    assert "no seat token" in page.inner_text("#message")
    assert "connecting" not in page.inner_text("body")
    page.close()


def test_a_control_rings_label_is_never_smaller_than_eleven_pixels(
    server: str, browser: Any  # noqa: F811
) -> None:
    """HORDES: the label of a warlock's control ring ('control 14"') is drawn no smaller
    than the 11 px every label is promised (docs/play.md), as a piece's label is."""
    page = _open_seat(server, browser, "hordes", "random")
    label = page.locator("#board text.shape-label", has_text="control").first
    box = label.bounding_box()
    assert box is not None and box["height"] >= 11, box
    page.close()
