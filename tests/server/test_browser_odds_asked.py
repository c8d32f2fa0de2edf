"""Real-browser test of the odds of a decision of many options: sent without them, the page
asks for each option's as it shows it and draws the answer where a smaller decision's odds
stand. Skipped, saying why, when chromium or Playwright is missing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.test_browser import _open_seat, browser, server  # noqa: F401 (fixtures)
from tests.server.test_browser_table import _shot, _show, point_defence_moment
from tests.server.test_odds_asked import alongside_boarding
from warbench.server import snapshot as snapshots
from warbench.server.consider import odds_of
from warbench.server.snapshot import snapshot


def _answer_asked(page: Any, game: Any) -> int:
    """Answer every ``odds_of`` the page has sent, as the server would; how many."""
    asked = page.evaluate("() => sent.splice(0).filter((m) => m.type === 'odds_of')")
    for request in asked:
        page.evaluate("(m) => receive(m)", odds_of(game, 0, request))
    return len(asked)


def test_dw_odds_boarding_a_decision_of_many_options_shows_each_options_odds_once_asked(
    server: str, browser: Any, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    """DW-ODDS-BOARDING: the Board options of a decision over the limit read, once the page
    has asked and been answered, the same odds lines as when they come with the snapshot;
    an answer about an earlier state is dropped."""
    game = alongside_boarding()
    page = _open_seat(server, browser, "dystopian-wars", "random")
    _show(page, snapshot(game, 0))
    sent_with = page.locator(".option-odds").all_text_contents()
    assert sent_with and all("captured" in line for line in sent_with), sent_with
    monkeypatch.setattr(snapshots, "ODDS_OPTIONS", 0)
    asked = snapshot(game, 0)
    stale = {**asked, "step": asked["step"] - 1}
    _show(page, stale)
    page.evaluate("() => sent.splice(0)")
    _show(page, asked)
    assert page.locator(".option-odds").count() == 0
    assert _answer_asked(page, game) == len(asked["decisions"][0]["options"])
    assert page.locator(".option-odds").all_text_contents() == sent_with
    _shot(page, "odds-asked.png")
    page.evaluate("(m) => receive({...m, step: m.step - 1, odds: null})",
                  odds_of(game, 0, {"action": asked["decisions"][0]["options"][0]["action"],
                                    "step": asked["step"]}))
    assert page.locator(".option-odds").all_text_contents() == sent_with
    page.close()


def test_ft_pd_a_form_of_many_options_asks_the_odds_of_the_choice_it_shows(
    server: str, browser: Any, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    """FT-PD: Wall's ten point defence choices, a form, over the limit: the form asks the
    odds of the choice it shows, one at a time, and shows the server's answer, the same
    line as when the odds come with the snapshot; a choice asked before is not asked
    again."""
    game = point_defence_moment()
    page = _open_seat(server, browser, "full-thrust", "random")
    form = ".option-form[data-type='ft-defend']"
    _show(page, snapshot(game, 1))
    page.locator(f"{form} select").select_option(index=9)
    sent_with = page.locator(f"{form} .option-odds").inner_text()
    assert "fighters killed" in sent_with
    monkeypatch.setattr(snapshots, "ODDS_OPTIONS", 0)
    _show(page, snapshot(game, 1))
    page.evaluate("() => sent.splice(0)")
    page.locator(f"{form} select").select_option(index=9)
    assert page.locator(f"{form} .option-odds").count() == 0
    asked = page.evaluate("() => sent.splice(0).filter((m) => m.type === 'odds_of')")
    assert len(asked) == 1
    page.evaluate("(m) => receive(m)", odds_of(game, 1, asked[0]))
    assert page.locator(f"{form} .option-odds").inner_text() == sent_with
    page.locator(f"{form} select").select_option(index=0)
    page.locator(f"{form} select").select_option(index=9)
    assert page.locator(f"{form} .option-odds").inner_text() == sent_with
    again = page.evaluate("() => sent.filter((m) => m.type === 'odds_of')")
    assert asked[0]["action"] not in [m["action"] for m in again]  # answered: kept
    page.close()
