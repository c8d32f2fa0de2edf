"""Real-browser test of the odds under a boarding offered: the numbers where they are
known, and the words "no exact odds" and why where they are not. Skipped, saying why,
when chromium or Playwright is missing."""

from __future__ import annotations

from typing import Any

from tests.rulesets.dystopian_wars.helpers import P0_FIRST, model, play, scripted
from tests.rulesets.dystopian_wars.test_boarding import ALONGSIDE
from tests.rulesets.dystopian_wars.test_offered_odds import _leviathan, carried_on
from tests.server.test_browser import _open_seat, browser, server  # noqa: F401 (fixtures)
from tests.server.test_browser_table import _shot, _show
from warbench.rulesets.dystopian_wars.actions import Activate, Board, CeaseFire, Move
from warbench.server.snapshot import snapshot


def test_dw_odds_boarding_the_page_shows_the_odds_or_says_why_there_are_none(
    server: str, browser: Any  # noqa: F811
) -> None:
    """DW-ODDS-BOARDING: a cruiser's Board options read with their chances of a capture
    and the answer assumed; a boarding creature's with what the answer does to its hull
    too (before, they read "no exact odds"); an assault at a target whose
    boarding carried on from an earlier activation reads "no exact odds" and why, with no
    mean or chances."""
    game = scripted(ALONGSIDE, [*P0_FIRST, *[1] * 40])
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire())
    page = _open_seat(server, browser, "dystopian-wars", "random")
    _show(page, snapshot(game, 0))
    lines = page.locator(".option-odds").all_text_contents()
    assert lines and all("captured" in line and "answers with all its ack-ack" in line
                         for line in lines), lines
    creature = _leviathan(hull=2)
    assert Board(0, 1, model(creature, 0).ap) in creature.pending()[0].options
    _show(page, snapshot(creature, 0))
    lines = page.locator(".option-odds").all_text_contents()
    _shot(page, "boarding-odds-creature.png")
    assert lines and all("captured" in line and "attacker destroyed" in line
                         and "no exact odds" not in line for line in lines), lines
    _show(page, snapshot(carried_on(), 0))
    lines = page.locator(".option-odds").all_text_contents()
    assert any(line.startswith("↳ no exact odds: a boarding of Hagel 1 carried on")
               and "mean" not in line for line in lines), lines
    page.close()
