"""Real-browser tests of the action forms' lists (Playwright, Debian's chromium): a weapon
list narrowed to the unit chosen and a value outside a list read in words.

As in ``test_browser_table``, the moment is built in Python and the seat's snapshot handed
to the page's own ``showState``; the page's live connection is then cut, and what it would
send to the server to consider is answered here by the server's own ``consider`` on the
same game. Skipped, saying why, when chromium or Playwright is missing.
"""

from __future__ import annotations

from typing import Any

from tests.server.test_browser import _open_seat, browser, server  # noqa: F401 (fixtures)
from tests.server.test_browser_table import SEEN, _show
from tests.server.test_field_choices import group_turn
from warbench.server.consider import consider
from warbench.server.snapshot import snapshot


def _detach(page: Any) -> None:
    """Cut the page from the live game; keep what it sends in ``sent``, unanswered."""
    page.evaluate("""() => {
        socket.onclose = null; socket.onmessage = null; socket.close();
        window.sent = [];
        send = (message) => { sent.push(message); };
    }""")


def _answer(page: Any, game: Any) -> dict[str, Any]:
    """Answer the page's waiting ``consider`` from ``game`` as the server would."""
    page.wait_for_function("sent.some((m) => m.type === 'consider')", timeout=10_000)
    request = page.evaluate("() => sent.splice(0).filter((m) => m.type === 'consider').pop()")
    reply = consider(game, 0, request)
    page.evaluate("(m) => receive(m)", reply)
    return reply


def _panel_shot(page: Any, name: str) -> None:
    SEEN.mkdir(exist_ok=True)
    page.locator("#decisions").screenshot(path=str(SEEN / name))


def test_the_shoot_form_lists_the_chosen_units_weapons_and_names_values_outside_its_lists(
    server: str, browser: Any  # noqa: F811
) -> None:
    """RG-GROUP-GLOBAL, RG-FIRE-ONCE: in a group's turn the Shoot form's weapon list holds
    the chosen unit's own weapons by name and follows the unit when it changes (a weapon
    the new unit lacks gives way to its first; a legal example sets the unit, then its own
    weapon). A clicked enemy that no listed target is
    joins the target list by its name; a target typed through "other…" is named beside the
    field, or said to name nothing on the table."""
    game = group_turn()
    page = _open_seat(server, browser, "robogear", "commander")
    _detach(page)
    _show(page, snapshot(game, 0))
    form = page.locator(".space-form[data-type='rg-shoot']")
    unit, weapon = form.locator("[data-field='unit']"), form.locator("[data-field='weapon']")

    def weapons() -> list[str]:
        listed: list[str] = weapon.locator("option").all_inner_texts()
        return listed

    unit.select_option(label="0 Anvil battle tank")
    assert weapons() == ["main cannon", "hull gun", "other…"]
    unit.select_option(label="1 Strider walker")
    assert weapons() == ["autocannon", "rocket pod", "other…"]
    weapon.select_option(label="rocket pod")
    unit.select_option(label="2 Rover carrier")
    assert weapons() == ["pintle gun", "other…"] and weapon.input_value() == "0"
    _panel_shot(page, "shoot-form-weapons-of-the-unit.png")
    page.locator(".space-form[data-type='rg-shoot'] button.sample").nth(1).click()
    assert unit.input_value() == "0" and weapons() == ["main cannon", "hull gun", "other…"]
    far = page.locator("#board .shape[data-label^='5 ']")
    far.dispatch_event("click")  # no listed target: the form is aimed at it
    _answer(page, game)
    target = form.locator("select[data-field='target']")
    assert target.input_value() == "5"
    assert target.evaluate("s => s.selectedOptions[0].textContent") == "5 Mantis walker"
    target.select_option(label="other…")
    typed = form.locator("input[data-field='target']")
    note = form.locator("[data-note='target']")
    for number, words in (("17", "unit 17 — not on the table"), ("4", "4 Hare carrier")):
        typed.fill(number)
        typed.press("Tab")
        assert _answer(page, game)["values"]["target"] == words
        assert note.inner_text() == f"= {words}"
    typed.fill("17")
    typed.press("Tab")
    _answer(page, game)
    _panel_shot(page, "shoot-form-typed-target.png")
    page.close()
