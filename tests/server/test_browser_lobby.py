"""Real-browser tests of the lobby's set-up choices (Playwright, Debian's chromium).

Skipped, saying why, when chromium or Playwright is missing (as ``test_browser``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)
from warbench.core.registry import ruleset

SEEN = Path("/tmp") / "warbench-browser"  # screenshots to look at; docs/play/ is left alone
DATA = Path(__file__).resolve().parents[2] / "src/warbench/rulesets"


def test_the_lobby_offers_one_mission_2v2_for_four_and_keeps_pasted_lists(
    server: str, browser: Any  # noqa: F811
) -> None:
    """ROBOGEAR: the missions are radio buttons (one at most, none chosen at first), 2v2
    is offered only with four players, and lists pasted stay in their seats' boxes while
    the player count or the ruleset changes; a four-player 2v2 game with a mission is
    created."""
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server + "/")
    page.wait_for_selector("#seats select")
    page.select_option("#ruleset", "robogear")
    missions = page.locator("#options input[type=radio][data-option]")
    assert sorted(missions.evaluate_all("xs => xs.map((x) => x.dataset.option)")) == [
        "capture", "commander", "hold"]
    assert page.locator("#options input[type=radio]:not([data-option])").is_checked()
    teams = page.locator("#options input[data-option='2v2']")
    assert page.input_value("#players") == "2" and teams.is_disabled()
    page.select_option("#players", "3")
    assert teams.is_disabled()
    page.check("input[name=setup][value=lists]")
    page.locator("#lists textarea").nth(0).fill("name = 'first'")
    page.locator("#lists textarea").nth(2).fill("name = 'third'")
    page.select_option("#seats select[data-seat='1']", "bot:commander")
    page.select_option("#players", "2")
    assert page.locator("#lists textarea").count() == 2
    page.select_option("#players", "4")
    assert teams.is_enabled()
    boxes = page.locator("#lists textarea")
    assert [boxes.nth(i).input_value() for i in range(4)] == [
        "name = 'first'", "", "name = 'third'", ""]
    assert page.input_value("#seats select[data-seat='1']") == "bot:commander"
    page.select_option("#ruleset", "hordes")
    page.select_option("#ruleset", "robogear")
    assert page.locator("#lists textarea").nth(0).input_value() == "name = 'first'"
    page.select_option("#players", "4")
    page.check("#options input[data-option='hold']")
    page.check("#options input[data-option='capture']")
    assert not page.is_checked("#options input[data-option='hold']")
    page.check("input[name=setup][value=default]")
    page.check("#options input[data-option='2v2']")
    SEEN.mkdir(exist_ok=True)
    page.screenshot(path=str(SEEN / "lobby-choices.png"))
    page.click("#create")
    page.wait_for_selector("#links .seat-link", timeout=20_000)
    page.close()


def test_a_refused_game_shows_its_reason_and_no_list_report_for_no_list(
    server: str, browser: Any  # noqa: F811
) -> None:
    """A game the lobby refuses for one reason that is no list's fault (valid lists with a
    scenario the ruleset does not have) shows that reason alone: no list report headed
    "Player NaN's list — not read — 0 problem(s)" (the page took the empty problem list for
    a list it could not read), and the report of an earlier try is cleared."""
    fleets = Path(__file__).resolve().parents[2] / (
        "src/warbench/rulesets/dystopian_wars/data/fleets")
    lists = [(fleets / f"{name}-patrol-500.toml").read_text()
             for name in ("britannia", "blazing-sun")]
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server + "/")
    page.wait_for_selector("#seats select")
    page.select_option("#ruleset", "dystopian-wars")
    page.check("input[name=setup][value=lists]")
    page.locator("#lists textarea").nth(0).fill(lists[0])
    page.click("#create")  # the second list is missing: a report per list
    page.wait_for_selector("#list-reports .problems li")
    page.locator("#lists textarea").nth(1).fill(lists[1])
    page.eval_on_selector(  # a name sent by hand (the lobby offers only the ruleset's)
        "#scenario", "box => { box.append(new Option('nowhere', 'nowhere', true, true)); }")
    page.click("#create")
    page.wait_for_function(
        "() => document.querySelector('#create-message').innerText.includes('nowhere')")
    assert page.inner_text("#list-reports") == ""
    page.screenshot(path=str(SEEN / "lobby-refused.png"))
    page.close()


def test_the_scenario_of_a_game_from_lists_is_chosen_among_the_rulesets_own(
    server: str, browser: Any  # noqa: F811
) -> None:
    """Army lists: the Scenario box offers the scenarios of the ruleset chosen, the same names
    ``Ruleset.setup_for`` takes, its default chosen; it follows a change of ruleset (none for
    ROBOGEAR, whose missions are set-up options), and the game starts on the one picked."""
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server + "/")
    page.wait_for_selector("#seats select")
    page.check("input[name=setup][value=lists]")
    offered = "box => [...box.options].map((o) => [o.value, o.text])"
    page.select_option("#ruleset", "dystopian-wars")
    rules = ruleset("dystopian-wars")
    assert page.eval_on_selector("#scenario", offered) == [
        ["", f"{rules.default_list_scenario()} (default)"],
        *([name, name] for name in rules.list_scenarios())]
    page.select_option("#ruleset", "robogear")
    assert not page.is_visible("#scenario")
    page.select_option("#ruleset", "hordes")
    rules = ruleset("hordes")
    values = page.eval_on_selector("#scenario", "box => [...box.options].map((o) => o.value)")
    assert sorted(values) == sorted(rules.list_scenarios()) and len(rules.list_scenarios()) > 1
    assert page.input_value("#scenario") == rules.default_list_scenario()
    chosen = next(name for name in values if name != rules.default_list_scenario())
    page.select_option("#scenario", chosen)
    for seat, name in enumerate(("ashen-hask", "thornwood-maelis")):
        page.locator("#lists textarea").nth(seat).fill(
            (DATA / "hordes/data/lists" / f"{name}.toml").read_text())
    page.screenshot(path=str(SEEN / "lobby-scenario.png"))
    page.click("#create")
    page.wait_for_selector("#links .seat-link", timeout=20_000)
    games = httpx.get(server + "/api/games").json()
    assert [game["setup"]["layout"] for game in games if game["ruleset"] == "hordes"] == [chosen]
    page.close()


def test_a_bot_seat_is_given_a_search_strength_or_options_in_the_lobby(
    server: str, browser: Any  # noqa: F811
) -> None:
    """A search bot's seat offers its strengths (quick, default, strong) and a box of
    options that a strength fills; a bot that takes no options offers neither. The game
    made plays the strength chosen, and the list of games shows the bot with its options;
    options the bot does not have are refused, naming the seat and the option."""
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server + "/")
    page.wait_for_selector("#seats select")
    page.select_option("#ruleset", "hordes")
    page.select_option("#seats select[data-seat='1']", "bot:random")
    assert not page.is_visible("#seats .bot-options")
    page.select_option("#seats select[data-seat='1']", "bot:search")
    strength, text = "select[data-strength='1']", "input[data-bot-options='1']"
    assert page.input_value(strength) == "" and page.input_value(text) == ""
    assert page.get_attribute(text, "placeholder") == "options, e.g. ms=500"
    page.fill(text, "foo=1")
    assert page.input_value(strength) == "other"
    page.click("#create")
    page.wait_for_selector("#create-message .bad")
    assert "player 2: bot 'search' has no option 'foo'" in page.inner_text("#list-reports")
    page.select_option(strength, "ms=100")
    assert page.input_value(text) == "ms=100"
    page.select_option("#ruleset", "robogear")  # seats drawn again keep the bot, its options
    page.select_option("#ruleset", "hordes")
    assert page.input_value(text) == "ms=100" and page.input_value(strength) == "ms=100"
    page.screenshot(path=str(SEEN / "lobby-bot-strength.png"))
    page.click("#create")
    page.wait_for_selector("#links .seat-link", timeout=20_000)
    page.wait_for_selector("#games td:text-is('person, bot search:ms=100')")
    page.close()


def test_a_refusal_is_marked_as_said_of_the_form_before_once_the_form_changes(
    server: str, browser: Any  # noqa: F811
) -> None:
    """A refusal stays to read while its seat is fixed, but once the form changes it is
    greyed and headed as said of the form before the change; creating again clears it."""
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server + "/")
    page.wait_for_selector("#seats select")
    page.select_option("#ruleset", "hordes")
    page.select_option("#seats select[data-seat='1']", "bot:search")
    page.fill("input[data-bot-options='1']", "foo=1")
    page.click("#create")
    page.wait_for_selector("#create-message .bad")
    assert not page.is_visible("#stale-note")
    assert "stale" not in (page.get_attribute("#create-message", "class") or "")
    page.select_option("#seats select[data-seat='1']", "bot:random")
    assert "stale" in (page.get_attribute("#create-message", "class") or "")
    assert "stale" in (page.get_attribute("#list-reports", "class") or "")
    assert "before your last change" in page.inner_text("#stale-note")
    assert "has no option 'foo'" in page.inner_text("#list-reports")  # still there to read
    page.screenshot(path=str(SEEN / "lobby-stale-refusal.png"))
    page.click("#create")
    page.wait_for_selector("#links .seat-link", timeout=20_000)
    assert page.locator("#stale-note").count() == 0
    assert page.inner_text("#create-message") == "" and page.inner_text("#list-reports") == ""
    page.close()
