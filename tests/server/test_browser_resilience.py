"""Real-browser tests of a table that survives what goes wrong (Playwright, Debian's
chromium): the server killed and restarted under a page, and a double click. Skipped,
saying why, when chromium or Playwright is missing (as ``test_browser``)."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

from tests.server.test_browser import (  # noqa: F401 (fixtures)
    _await_my_turn,
    _click_and_wait,
    _open_seat,
    _step,
    browser,
    server,
)


def test_a_page_reconnects_by_itself_after_the_server_is_killed_and_restarted(
    browser: Any, tmp_path: Path,  # noqa: F811
) -> None:
    from tests.server.test_restart import _free_port, _start

    db, port = tmp_path / "games.sqlite", _free_port()
    process = _start(db, port)
    try:
        page = _open_seat(f"http://127.0.0.1:{port}", browser, "full-thrust", "random")
        form = page.locator(".option-form[data-type='ft-orders']").first
        assert _click_and_wait(page, form.locator("button.take"))
        step = _step(page)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        page.wait_for_function(
            "document.querySelector('#message').textContent.includes('reconnecting')"
        )
        process = _start(db, port)
        page.wait_for_function(
            "document.querySelector('#message').textContent === 'Reconnected.'", timeout=30_000
        )
        page.wait_for_selector(".option-form[data-type='ft-orders']", timeout=30_000)
        assert _step(page) == step
        assert page.locator(".option-form[data-type='ft-orders']").count() == 4
        form = page.locator(".option-form[data-type='ft-orders']").first
        assert _click_and_wait(page, form.locator("button.take"))
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def test_a_double_click_on_a_choice_sends_it_once(
    server: str, browser: Any,  # noqa: F811
) -> None:
    """Journey 1: a person who double-clicks a choice sees it accepted, not "Refused" for
    the second click arriving after the first was taken."""
    page = _open_seat(server, browser, "full-thrust", "admiral")
    _await_my_turn(page)
    decision = page.locator("#decisions .decision").first
    choice = decision.locator(".option-form button.take, button.option").first
    before = _step(page)
    sent = page.evaluate("""() => { let count = 0; const real = socket.send.bind(socket);
        socket.send = (text) => { if (JSON.parse(text).type === 'act') count++; real(text); };
        window.actsSent = () => count; return true; }""")
    assert sent
    choice.dblclick()
    page.wait_for_function(f"!/step {before}\\b/.test(document.querySelector('#status')"
                           ".textContent)", timeout=60_000)
    page.wait_for_timeout(500)
    assert page.evaluate("actsSent()") == 1
    assert not page.inner_text("#message").startswith("Refused"), page.inner_text("#message")
    page.close()


def test_a_game_that_cannot_be_resumed_says_why_on_its_page(
    browser: Any, tmp_path: Path,  # noqa: F811
) -> None:
    """Journey 2: a stored game the restarted server cannot resume (here its journal's
    hash broken; after an upgrade, another rules version) says why on the seat's page, the
    server's own words ("... cannot be resumed: step 1 (...) reached a different state"),
    where it said only "Refused: the game cannot be resumed"."""
    import sqlite3

    from tests.server.test_restart import _free_port, _start

    db, port = tmp_path / "games.sqlite", _free_port()
    process = _start(db, port)
    try:
        page = _open_seat(f"http://127.0.0.1:{port}", browser, "full-thrust", "random")
        form = page.locator(".option-form[data-type='ft-orders']").first
        assert _click_and_wait(page, form.locator("button.take"))
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        with sqlite3.connect(db) as connection:  # the stored hash no longer matches
            connection.execute("UPDATE actions SET hash = 'x'")
        process = _start(db, port)
        page.wait_for_function(
            "document.querySelector('#message').textContent.startsWith('Refused:')",
            timeout=30_000,
        )
        said = page.inner_text("#message")
        assert said.startswith("Refused: game ") and "cannot be resumed: step 1 (" in said, said
        assert "reached a different state than the journal recorded" in said
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
