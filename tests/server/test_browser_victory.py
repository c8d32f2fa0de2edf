"""Real-browser tests of how the game is won and its standing above the board (Playwright,
Debian's chromium): for every ruleset a one-line standing, the rules and the whole standing
folded under it, opened by a click and remembered for the page over a reload. Skipped,
saying why, when chromium or Playwright is missing (as ``test_browser``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.server.test_browser import _open_seat, browser, server  # noqa: F401 (fixtures)

SEEN = Path("/tmp") / "warbench-browser"  # screenshots to look at; docs/play/ is left alone

#: Each ruleset, the bot across the table, how its standing starts and a rule its fold names.
TABLES = (
    ("dystopian-wars", "commodore", "Standing: Turn 1 of 6", "(DW-VP)"),
    ("full-thrust", "admiral", "Standing: Turn 1 of 12", "(FT-END-TURNS)"),
    ("armada", "tactician", "Standing: Round 1 of 10", "(ARM-END-LIMIT)"),
    ("hordes", "warlock", "Standing: Round 1 of 7", "(HOR-VICTORY)"),
    ("robogear", "commander", "Standing: Round ", "(RG-ROUND-LIMIT)"),
)


def _folded(page: Any) -> bool:
    return not page.evaluate("document.querySelector('#victory details').open")


def _remembered(page: Any, choice: str) -> None:
    """Wait until the page has stored ``choice`` ("open" or "folded"): the details' toggle
    event, which stores it, comes a moment after the click, and a reload before it would
    find the old choice (the test failed so on a loaded machine)."""
    page.wait_for_function(
        "choice => localStorage.getItem(`warbench.victory.open:${location.pathname}`)"
        " === choice", arg=choice, timeout=30_000)


@pytest.mark.parametrize(("ruleset", "bot", "headline", "rule"), TABLES,
                         ids=[row[0] for row in TABLES])
def test_every_table_folds_how_the_game_is_won_under_a_one_line_standing(
    server: str, browser: Any, ruleset: str, bot: str, headline: str, rule: str,  # noqa: F811
) -> None:
    """DW-END-TURNS, FT-END-TURNS, ARM-END-LIMIT, HOR-TURN-LIMIT, RG-ROUND-LIMIT on the
    table: the box above the board is one line high while folded (the standing's headline:
    the turn or round, each side's score, who would win now), no taller than a line of
    text pushes the board down; a click opens the rules and the whole standing, and the page
    remembers the choice over a reload, open or folded."""
    page = _open_seat(server, browser, ruleset, bot)
    box = page.locator("#victory")
    assert box.is_visible()
    summary = page.inner_text("#victory summary")
    assert summary.startswith(headline), summary
    assert "if it ended now: " in summary or "deploying" in summary, summary
    assert _folded(page) and "How the game is won" not in page.inner_text("#victory")
    line = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#victory'))"
                         ".lineHeight)")
    height = box.bounding_box()["height"]
    assert height <= 2 * line + 8, (ruleset, height, line)  # a line, a second where narrow
    SEEN.mkdir(exist_ok=True)
    page.screenshot(path=str(SEEN / f"{ruleset}-folded.png"))
    page.click("#victory summary")
    told = page.inner_text("#victory")
    assert "How the game is won" in told and rule in told and "Standing" in told
    page.screenshot(path=str(SEEN / f"{ruleset}-victory.png"))
    _remembered(page, "open")
    page.reload()
    page.wait_for_selector("#victory details[open]", timeout=30_000)
    assert rule in page.inner_text("#victory")
    page.click("#victory summary")  # folded again, and so it stays
    _remembered(page, "folded")
    page.reload()
    page.wait_for_selector("#victory details", timeout=30_000)
    assert _folded(page)
    page.close()
