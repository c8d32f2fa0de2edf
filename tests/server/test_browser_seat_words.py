"""Real-browser tests: the pages count players from 1 (Playwright, Debian's chromium).

The lobby, a seat's table and a one-screen table name the first seat "player 1", while the
JSON behind them (``seat``, the lobby's reports, the links) keeps the seat indices from 0.
Skipped, saying why, when chromium or Playwright is missing (as ``test_browser``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from tests.server.helpers import auth
from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)

SEEN = Path("/tmp") / "warbench-browser"  # screenshots to look at; docs/play/ is left alone
SIDES = ("Concord strike group", "Directorate carrier group")


def _game(base: str, one_screen: bool = False) -> dict[str, Any]:
    """A Full Thrust game of its default fleets between two people, on the server at
    ``base``."""
    reply = httpx.post(f"{base}/api/games", json={
        "ruleset": "full-thrust", "seed": 5, "seats": [{"kind": "person"}] * 2,
        "one_screen": one_screen,
    })
    assert reply.status_code == 201, reply.text
    game: dict[str, Any] = reply.json()
    return game


def test_a_seats_table_names_it_player_1_and_its_rival_player_2(
    server: str, browser: Any  # noqa: F811
) -> None:
    """Seat 0's page says "you are player 1" and its legend "player 1: Concord strike group
    (you)", seat 1's "you are player 2"; the state each is sent still says seat 0 and 1."""
    game = _game(server)
    for seat in (0, 1):
        link = game["seats"][seat]["link"]
        sent = httpx.get(f"{server}/api/games/{game['id']}/state", headers=auth(link)).json()
        assert sent["seat"] == seat  # the protocol keeps the index
        page = browser.new_page(viewport={"width": 1400, "height": 950})
        page.goto(server + link)
        page.wait_for_selector("#board .shape", timeout=30_000)
        assert page.inner_text("#who") == f"you are player {seat + 1}"
        keys = page.locator("#sides .side-key").all_inner_texts()
        assert [key.strip() for key in keys] == [
            f"player 1: {SIDES[0]}" + (" (you)" if seat == 0 else ""),
            f"player 2: {SIDES[1]}" + (" (you)" if seat == 1 else ""),
        ]
        assert "waiting for" in page.inner_text("#status")
        assert "player 0" not in page.inner_text("body")
        SEEN.mkdir(exist_ok=True)
        page.screenshot(path=str(SEEN / f"seat-words-table-{seat}.png"))
        page.close()


def test_a_one_screen_table_hands_the_screen_to_player_1(
    server: str, browser: Any  # noqa: F811
) -> None:
    """USERS journey 7: the curtain says "Player 1 (Concord strike group) to play: pass the
    screen to player 1" and its button "I am player 1"; the table then says whose turn it
    shows, "player 1 · step 0", where the state sent says seat 0."""
    game = _game(server, one_screen=True)
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server + game["one_screen"])
    page.wait_for_selector("#curtain:not([hidden])", timeout=30_000)
    assert page.evaluate("() => state.seat") == 0
    assert page.inner_text("#curtain-text").strip() == (
        f"Player 1 ({SIDES[0]}) to play: pass the screen to player 1.")
    assert page.inner_text("#curtain-ready") == "I am player 1: show my table"
    SEEN.mkdir(exist_ok=True)
    page.screenshot(path=str(SEEN / "seat-words-curtain.png"))
    page.click("#curtain-ready")
    assert page.inner_text("#status").startswith("player 1 · step 0")
    assert page.inner_text("#who") == "one screen for every person"
    page.screenshot(path=str(SEEN / "seat-words-one-screen.png"))
    page.close()


def test_the_lobby_names_each_seat_from_player_1(
    server: str, browser: Any  # noqa: F811
) -> None:
    """The lobby's seat rows, list boxes, list reports and seat links say "Player 1" and
    "Player 2"; the reports it is sent keep ``seat`` 0 and 1."""
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server + "/")
    page.wait_for_selector("#seats select")
    page.select_option("#ruleset", "full-thrust")
    rows = page.locator("#seats label").all_inner_texts()
    assert [row.split("\n")[0].strip() for row in rows] == ["Player 1", "Player 2"]
    page.check("input[name=setup][value=lists]")
    area = page.locator("#lists textarea").first
    assert area.get_attribute("placeholder").startswith("army list for player 1 (TOML")
    assert "or upload player 2's list file" in page.inner_text("#lists")
    with page.expect_response("**/api/lists/check") as checked:
        page.click("#check-lists")
    assert [report["seat"] for report in checked.value.json()["reports"]] == [0, 1]
    heads = page.locator("#list-reports b").all_inner_texts()
    assert heads == ["Player 1's list", "Player 2's list"]
    SEEN.mkdir(exist_ok=True)
    page.screenshot(path=str(SEEN / "seat-words-lobby-lists.png"))
    page.check("input[name=setup][value=default]")
    page.click("#create")
    page.wait_for_selector("#links .seat-link", timeout=20_000)
    links = page.locator("#links div").all_inner_texts()
    assert links[0].startswith("Player 1: open") and links[1].startswith("Player 2: open")
    assert page.locator("#links .seat-link").first.get_attribute("data-seat") == "0"
    page.screenshot(path=str(SEEN / "seat-words-lobby.png"))
    page.close()
