"""Real-browser tests of the pages beside a played turn: the replay viewer stepping through
a journal as a seat, a referee game asking the person for the dice rolled on the table, and
the lobby naming every list error before it gives the seats' links. Each saves a screenshot
in ``docs/play/``.

Skipped, saying why, when chromium or Playwright is missing (as ``test_browser``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.test_browser import SHOTS, _open_seat, browser, server  # noqa: F401 (fixtures)


def test_the_replay_viewer_steps_through_a_journal_as_a_seat(
    server: str, browser: Any, tmp_path: Path  # noqa: F811
) -> None:
    from warbench.core.agents import RandomAgent
    from warbench.core.match import play_match
    from warbench.core.registry import ruleset

    result = play_match(
        ruleset("full-thrust"), [RandomAgent(1), RandomAgent(2)], seed=3, max_decisions=200
    )
    journal = tmp_path / "game.json"
    result.journal.save(journal)
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(f"{server}/replay")
    page.set_input_files("#journal", str(journal))
    page.wait_for_selector("#board .shape", timeout=30_000)
    assert "step 0 of 200" in page.inner_text("#step-label")
    assert page.locator("#board g.attack").count() == 0
    page.select_option("#seat", "0")
    page.locator("#step").fill("45")
    page.wait_for_function("document.querySelector('#step-label').textContent.includes('45 of')")
    assert "orders are written" in page.inner_text("#log")
    assert page.locator("#sides .side-key").count() == 2  # which colour is whose
    # after seat 1's volley at action 193: seat 1 has not acted since, so it still has the
    # marks; seat 0 acted at 194 (it had seen them), so its table has let them go
    page.select_option("#seat", "1")
    page.locator("#step").fill("195")
    page.wait_for_function("document.querySelector('#step-label').textContent.includes('195 of')")
    assert "last seen: 1 attack of action 193" in page.inner_text("#scene-title")
    assert page.locator("#board g.attack").count() == 1
    page.select_option("#seat", "0")
    page.wait_for_function("!document.querySelector('#scene-title').textContent.includes('193')")
    assert page.locator("#board g.attack").count() == 0
    page.select_option("#seat", "1")
    page.wait_for_function("document.querySelector('#scene-title').textContent.includes('193')")
    page.screenshot(path=str(SHOTS / "replay.png"))


#: Answers the dice panel's ask with fours through its own button, and gives the count of
#: states shown before it, or null when no ask is open (or the faces sent before are not
#: answered yet: the page sends nothing meanwhile).
SEND_FOURS = """() => {
  if (document.querySelector('#dice-panel').hidden || acting) return null;
  const asked = document.querySelector('#dice-ask').textContent.match(/[Rr]oll (\\d+) d/);
  document.querySelector('#dice-faces').value = Array(Number(asked[1])).fill('4').join(' ');
  const seen = document.body.dataset.states;
  document.querySelector('#dice-send').click();
  return seen;
}"""


def test_a_referee_game_asks_the_person_for_the_dice_rolled_on_the_table(
    server: str, browser: Any  # noqa: F811
) -> None:
    page = _open_seat(server, browser, "dystopian-wars", "commodore", referee=True)
    page.wait_for_selector("#dice-panel:not([hidden])", timeout=30_000)
    assert "Player 1's battle order: roll 1 d6" in page.inner_text("#dice-ask")
    page.fill("#dice-faces", "a")  # a letter is named as typed, not sent as nothing
    page.click("#dice-send")
    assert page.inner_text("#message").startswith('"a" is not a die\'s face')
    page.fill("#dice-faces", "7")
    page.click("#dice-send")
    page.wait_for_function("document.querySelector('#message').textContent.includes('not on a d6')")
    typed = 0
    while page.locator("#decisions .decision").count() == 0 and typed < 50:
        page.wait_for_selector("#dice-panel:not([hidden]), #decisions .decision", timeout=30_000)
        if page.locator("#decisions .decision").count():
            break
        # Read the ask, type as many fours and send them in one turn of the page's script, so
        # that no state arriving between the look and the click (which re-renders the panel,
        # or closes it for a decision) can make the faces answer another ask.
        before = page.evaluate(SEND_FOURS)
        if before is None:
            page.wait_for_timeout(20)
            continue  # the panel closed, or the last faces not answered yet: look again
        page.wait_for_function("([seen]) => document.body.dataset.states !== seen", arg=[before])
        typed += 1
    assert "player 1 rolled 1d6 for their battle order: 4" in page.inner_text("#log")
    page.screenshot(path=str(SHOTS / "referee.png"))


FLEETS = Path(__file__).parents[2] / "src/warbench/rulesets/dystopian_wars/data/fleets"


def test_the_lobby_shows_every_list_error_then_gives_a_link_per_seat(
    server: str, browser: Any  # noqa: F811
) -> None:
    good = (FLEETS / "britannia-patrol-500.toml").read_text()
    broken = (
        good.replace("points = 500", "points = 100")
        + '\n[[units]]\nunit = "britannia-dreadnought-mk9"\n'
    )
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server + "/")
    page.wait_for_selector("#seats select")
    page.select_option("#ruleset", "dystopian-wars")
    page.check("input[name=setup][value=lists]")
    page.locator("#lists textarea").nth(0).fill(good)
    page.locator("#lists textarea").nth(1).fill(broken)
    page.select_option("#seats select[data-seat='1']", "bot:commodore")
    page.click("#create")
    page.wait_for_selector("#list-reports .problems li", timeout=20_000)
    problems = page.locator("#list-reports .problems li").all_inner_texts()
    assert len(problems) >= 2, problems
    assert any("britannia-dreadnought-mk9" in text for text in problems)
    assert "valid" in page.locator("#list-reports > div").first.inner_text()
    page.screenshot(path=str(SHOTS / "lobby.png"))
    page.locator("#lists textarea").nth(1).fill(good)
    page.click("#create")
    page.wait_for_selector("#links .seat-link", timeout=20_000)
    assert page.locator("#links .seat-link").count() == 1
    assert page.locator("#links .spectator-link").count() == 1
    page.click("#refresh")
    page.wait_for_selector("#games tr")
    assert "dystopian-wars" in page.inner_text("#games")
