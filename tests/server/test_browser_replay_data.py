"""Real-browser test of the replay viewer on a game played with a designer's data folder
(Playwright, Debian's chromium; skipped, saying why, when either is missing, as
``test_browser``): USERS journey 5's last step, the strangest game of a `simulate --data`
run stepped through on the board of a server started with `serve --data`, whose lobby
says which ruleset plays the folder. While a results file is sent and its game replayed
(seconds for a long Dystopian Wars game), the viewer says so and Load waits."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import pytest

from tests.server.test_browser import SHOTS, browser  # noqa: F401 (fixture)
from warbench.cli import main
from warbench.rulesets.full_thrust.library import DATA_DIR as FT_DATA


def test_the_viewer_steps_through_a_simulated_game_of_the_served_data_folder(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str],  # noqa: F811
) -> None:
    from tests.server.test_restart import _free_port, _start

    folder = tmp_path / "my-data"
    folder.mkdir()
    rules = (FT_DATA / "rules.toml").read_text()
    (folder / "rules.toml").write_text(rules.replace("turns = 12", "turns = 2"))
    results = tmp_path / "results.sqlite"
    assert main(["simulate", "full-thrust", "--games", "2", "--bot", "random", "--seed", "4",
                 "--db", str(results), "--data", str(folder)]) == 0
    printed = capsys.readouterr().out
    assert f"On the board: `warbench serve --data full-thrust={folder}`" in printed
    port = _free_port()
    process = _start(tmp_path / "games.sqlite", port, "--data", f"full-thrust={folder}")
    try:
        page = browser.new_page(viewport={"width": 1400, "height": 950})
        page.goto(f"http://127.0.0.1:{port}/replay")
        page.set_input_files("#results", str(results))
        page.fill("#game", "2")
        held: list[Any] = []  # the replay's answer, held back to see the page meanwhile
        page.route("**/api/replays/results*", lambda route: held.append(route))
        page.click("#load-results")
        page.wait_for_function("document.querySelector('#replay-message').textContent"
                               ".startsWith('Replaying game 2 of results.sqlite')")
        assert page.is_disabled("#load-results")  # a second click sends nothing more
        while not held:
            page.wait_for_timeout(50)
        held[0].continue_()
        page.unroute("**/api/replays/results*")
        page.wait_for_selector("#board .shape", timeout=30_000)
        assert page.is_enabled("#load-results")
        said = page.inner_text("#replay-message")
        assert said.startswith("full-thrust (played with a data folder, digest ")
        assert "every hash matches" in said
        steps = int(page.get_attribute("#step", "max") or 0)
        assert steps > 10 and "step 0 of" in page.inner_text("#step-label")
        page.select_option("#seat", "0")
        for number in range(1, 4):  # step on with the ▶ button
            page.click("#next")
            page.wait_for_function("n => document.querySelector('#step-label').textContent"
                                   ".startsWith(`step ${n} of`)", arg=number)
        assert "acted" in page.inner_text("#step-label")
        page.locator("#step").fill(str(steps))
        page.wait_for_function("n => document.querySelector('#step-label').textContent"
                               ".startsWith(`step ${n} of`)", arg=steps)
        assert "Turn 2 of 2" in page.inner_text("#victory")  # the folder's two-turn battle
        page.screenshot(path=str(SHOTS / "replay-data.png"))
        page.goto(f"http://127.0.0.1:{port}/")  # the lobby says which ruleset plays it
        page.wait_for_selector("#ruleset option[value='full-thrust']", state="attached")
        page.select_option("#ruleset", "hordes")
        assert not page.is_visible("#data-note")
        page.select_option("#ruleset", "full-thrust")
        assert page.inner_text("#data-note").startswith(
            f"Played with this server's data folder (digest {said.split('digest ')[1][:32]})")
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
