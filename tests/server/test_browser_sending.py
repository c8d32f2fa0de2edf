"""Real-browser tests of what a page sends and says it sent: typed dice sent once for a
double click, which colour is whose before a referee game's opening rolls, and a link with
no token that says so and nothing else. Skipped, saying why, when chromium or Playwright
is missing (as ``test_browser``)."""

from __future__ import annotations

from typing import Any

from tests.server.test_browser import (  # noqa: F401 (fixtures)
    _open_seat,
    _step,
    browser,
    server,
)

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
    ..., got []") before the person has seen it."""
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
    assert page.inner_text("#message").startswith("Type the")
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
    assert keys[0].startswith("player 0") and keys[0].endswith("(you)")
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
