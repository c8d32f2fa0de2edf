"""Real-browser tests: Playwright drives Debian's chromium against a live ``warbench serve``.

A person plays a Full Thrust turn against a bot by dragging each ship's course (its end
drawn before it is committed, an illegal one refused with the rules' reason) and clicking
a target (its lock picked, its exact odds shown, fired), a Dystopian Wars activation
(moves, sees odds, fires), an Armada round on hexes, a HORDES model and ROBOGEAR unit
turns. Each test saves a screenshot of its table in ``docs/play/``. The fixtures and
helpers here serve every ``test_browser_*.py`` (the replay viewer, referee mode and the
lobby: ``test_browser_replay_referee_lobby.py``).
Skipped, saying why, only when chromium or Playwright is missing.
"""

from __future__ import annotations

import itertools
import math
import os
import re
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SHOTS = Path(__file__).parents[2] / "docs" / "play"

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
if not Path(CHROMIUM).exists():
    pytest.skip(
        "Debian's chromium is not installed (`make test` installs it with apt-get)",
        allow_module_level=True,
    )

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live server on a free port, over a fresh database."""
    from tests.server.test_restart import _free_port, _start

    port = _free_port()
    process = _start(tmp_path_factory.mktemp("web") / "games.sqlite", port)
    yield f"http://127.0.0.1:{port}"
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium, headless."""
    with playwright_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def _open_seat(
    server: str, browser: Any, ruleset: str, bot: str, referee: bool = False, players: int = 2
) -> Any:
    game = httpx.post(
        f"{server}/api/games",
        json={
            "ruleset": ruleset,
            "seed": 5,
            "seats": [{"kind": "person"}] + [{"kind": "bot", "bot": bot}] * (players - 1),
            "referee": referee,
        },
    ).json()
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server + game["seats"][0]["link"])
    page.wait_for_selector("#board .shape" if not referee else "#dice-faces", timeout=30_000)
    return page


def _step(page: Any) -> int:
    match = re.search(r"step (\d+)", page.inner_text("#status"))
    return int(match.group(1)) if match else -1


def _prompts(page: Any) -> list[str]:
    return page.locator("#decisions .prompt").all_inner_texts()


def _await_my_turn(page: Any) -> None:
    page.wait_for_selector("#decisions .decision", timeout=60_000)


def _click_and_wait(page: Any, locator: Any) -> bool:
    """Click, then wait for the game to move on; False if the click was refused.

    Waits up to a minute: on a loaded machine an accepted action can take seconds to come
    back, and giving up early would make the test try another choice (another game)."""
    before = _step(page)
    locator.click()
    for _ in range(1200):
        if _step(page) > before:
            return True
        if page.inner_text("#message").startswith(("Refused", "Not allowed", "That")):
            return False
        page.wait_for_timeout(50)
    return False


def _play_something(page: Any) -> str:
    """Take one decision as a person would: a button, an option form, or a legal example."""
    _await_my_turn(page)
    decision = page.locator("#decisions .decision").first
    prompt = decision.locator(".prompt").inner_text()
    candidates = []
    for index in range(decision.locator("button.option").count()):
        candidates.append(decision.locator("button.option").nth(index))
    if decision.locator(".option-form button.take").count():
        candidates.insert(0, decision.locator(".option-form button.take").first)
    samples = decision.locator(".space-form button.sample")
    for index in range(samples.count()):
        samples.nth(index).click()
        page.wait_for_function(
            "!document.querySelector('#message').textContent.startsWith('Checking')",
            timeout=30_000,
        )
        if page.inner_text("#message").startswith("Allowed"):
            form = decision.locator(".space-form").first
            candidates.insert(0, form.locator("button.take"))
            break
    for candidate in candidates:
        if _click_and_wait(page, candidate):
            return prompt
    raise AssertionError(f"no choice was accepted for {prompt!r}")


def _odds(page: Any, attack: str, **options: str) -> str:
    if page.input_value("#attack") != attack:
        page.select_option("#attack", attack)
    if options:
        page.click("#attack-details summary")
    for name, value in options.items():
        page.fill(f"#attack-options input[data-option='{name}']", value)
    page.click("#odds-go")
    page.wait_for_selector("#odds div", timeout=20_000)
    text: str = page.inner_text("#odds")
    return text


def _click_own_ship(page: Any) -> None:
    """Click the first of seat 0's ships that nothing on the board covers (a fighter group
    launched beside its carrier may lie on top of it)."""
    ships = page.locator("#board .shape[data-player='0']")
    for index in range(ships.count()):
        try:
            ships.nth(index).click(timeout=2_000)
        except Exception:  # covered: a person would click another ship
            continue
        if page.locator("#board path.reach").count():
            return
    raise AssertionError("no ship of seat 0 could be clicked")


def _screen(page: Any, x: float, y: float) -> tuple[float, float]:
    """Where the table point ``(x, y)`` is on the page (the board's y runs up the table)."""
    point: list[float] = page.evaluate(
        """([x, y]) => {
            const svg = document.getElementById('board');
            const p = svg.createSVGPoint();
            p.x = x; p.y = state.scene.height - y;
            const s = p.matrixTransform(svg.getScreenCTM());
            return [s.x, s.y];
        }""",
        [x, y],
    )
    return point[0], point[1]


def _drag(page: Any, shape: dict[str, Any], x: float, y: float) -> str:
    """Drag a piece to the table point ``(x, y)`` with the mouse; the verdict shown then."""
    page.mouse.move(*_screen(page, shape["x"], shape["y"]))
    page.mouse.down()
    page.mouse.move(*_screen(page, x, y), steps=6)
    page.mouse.up()
    page.wait_for_function(  # the answer to the drag's last point is drawn
        "!asking && !nextAsk && document.querySelector('#board circle.ghost') !== null",
        timeout=20_000,
    )
    return str(page.inner_text("#consider-verdict"))


def _owed_ships(page: Any) -> list[dict[str, Any]]:
    ships: list[dict[str, Any]] = page.evaluate(
        """() => state.decisions.filter((d) => d.prompt.startsWith('write orders'))
            .map((d) => state.scene.shapes.find(
                (s) => 'write orders for ' + s.label === d.prompt))"""
    )
    return ships


def test_a_person_plays_a_full_thrust_turn_by_dragging_courses_and_clicking_a_target(
    server: str, browser: Any
) -> None:
    """USERS.md journey 1: orders written by dragging each ship's course, its end drawn
    before it is committed (an illegal course refused with the rules' reason), then a
    fire-control lock picked by clicking the enemy ship, its exact odds shown, and fired."""
    page = _open_seat(server, browser, "full-thrust", "admiral")
    _await_my_turn(page)
    ships = _owed_ships(page)
    assert len(ships) == 5
    first = ships[0]
    verdict = _drag(page, first, first["x"] + 25, first["y"] + 1)  # too far round
    assert verdict.startswith("Not allowed") and re.search(r"allowance|thrust", verdict)
    assert page.locator("#consider-take").is_disabled()
    page.screenshot(path=str(SHOTS / "full-thrust-course.png"))
    while _owed_ships(page):
        ship = _owed_ships(page)[0]
        heading = math.radians(ship["heading"])
        end = (ship["x"] + 9 * math.sin(heading), ship["y"] + 9 * math.cos(heading))
        verdict = _drag(page, ship, *end)  # full ahead, to close the range
        for _ in range(6):  # more than its drive gives: fine-tuned down, one step at a time
            if verdict.startswith("Allowed"):
                break
            page.locator("#consider-nudges .nudge[data-field='speed'] button").first.click()
            page.wait_for_function("!asking && !nextAsk")
            verdict = page.inner_text("#consider-verdict")
        assert verdict.startswith("Allowed"), page.inner_text("#consider-panel")
        assert page.inner_text("#consider-text").startswith(ship["label"] + ": speed")
        assert _click_and_wait(page, page.locator("#consider-take"))
    for _ in range(12):  # the carriers' launches are written with the orders too
        if "phase 2" in page.inner_text("#log"):
            break
        _play_something(page)
    page.wait_for_function("document.querySelector('#log').innerText.includes('phase 2')")
    log = page.inner_text("#log")
    assert "orders are written" in log and "initiative" in log
    prompts = []
    for _ in range(60):
        targets = page.evaluate(
            "() => state.decisions.flatMap((d) => d.options)"
            ".filter((o) => o.target && o.odds && o.action.type === 'ft-declare')"
            ".map((o) => o.target)"
        )
        if targets:
            break
        prompts.append(_play_something(page))
    assert targets, prompts
    enemy = page.locator(f"#board .shape[data-label='{targets[0]}']")
    try:
        enemy.click(timeout=2_000)
    except Exception:  # covered by a marker: the click reaches the piece all the same
        enemy.dispatch_event("click")
    page.wait_for_selector("#consider-panel:not([hidden]) #consider-odds .option-odds")
    assert targets[0] in page.inner_text("#consider-text")
    assert "mean" in page.inner_text("#consider-odds")
    assert page.locator("#decisions .picked").count() == 1
    page.screenshot(path=str(SHOTS / "full-thrust.png"))
    assert _click_and_wait(page, page.locator("#consider-take"))
    assert targets[0] in page.inner_text("#log") or _step(page) > 0


def test_a_person_plays_a_dystopian_wars_activation(server: str, browser: Any) -> None:
    page = _open_seat(server, browser, "dystopian-wars", "commodore")
    prompts = []
    for _ in range(40):
        prompts.append(_play_something(page))
        if prompts[-1].startswith("move") and page.locator(".space-form[data-type]").count():
            break
    assert any(prompt.startswith("move") for prompt in prompts), prompts
    for _ in range(20):
        if any(prompt.startswith("declare attacks") for prompt in _prompts(page)):
            break
        prompts.append(_play_something(page))
    assert any(prompt.startswith("declare attacks") for prompt in _prompts(page)), prompts
    page.select_option("#attack", "gunnery")
    page.locator("#board .shape[data-player='0']").first.click()  # its card; the shooter
    page.wait_for_selector("#card .stat-card", timeout=10_000)
    page.locator("#board .shape[data-player='1']").first.click()  # the target
    shooter = page.input_value("#attack-options input[data-option='shooter']")
    assert shooter and page.input_value("#attack-options input[data-option='target']")
    assert "mean" in _odds(page, "gunnery", dice="6")
    page.evaluate("window.scrollTo(0, 0)")  # the picture shows the table, not the odds
    page.screenshot(path=str(SHOTS / "dystopian-wars.png"))
    assert _play_something(page).startswith("declare attacks")


def _fire_by_names(page: Any) -> None:
    """Declare an attack with the Fire form: the fleet and its target picked from the
    form's lists by their names (a target other than the form's first example where the
    rules offer one), checked, then taken."""
    fire = page.locator("#decisions .space-form[data-type='armada-fire']")
    form = page.evaluate("""() => state.decisions.flatMap((d) => d.spaces)
        .find((s) => s.type === 'armada-fire')""")
    names = {value: words for field in form["fields"] if field["name"] == "target"
             for value, words in field["choices"]}
    shots = [o["action"] for o in page.evaluate("state.decisions[0].options")
             if o["action"]["type"] == "armada-fire" and o["action"]["mine"] < 0
             and not o["action"]["also"] and not o["action"]["superweapon"]
             and not o["action"]["resolve"]]
    shot = next((a for a in shots if a["target"] != form["samples"][0]["target"]), shots[0])
    fire.locator("select[data-field='fleet']").select_option(value=str(shot["fleet"]))
    fire.locator("select[data-field='target']").select_option(label=names[shot["target"]])
    fire.locator("select[data-field='resolve']").select_option(label="no")
    assert fire.locator("select[data-field='target']").input_value() == str(shot["target"])
    fire.locator("button.check").click()
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Allowed')",
                           timeout=30_000)
    fire.screenshot(path=str(SHOTS / "armada-fire-form.png"))
    assert _click_and_wait(page, fire.locator("button.take"))


def test_a_person_plays_an_armada_round_on_hexes(server: str, browser: Any) -> None:
    page = _open_seat(server, browser, "armada", "tactician")
    assert page.locator("#board polygon.shape").count() > 100  # the hex grid
    odds_seen = False
    for _ in range(120):
        if not odds_seen and page.locator("#decisions .option-odds").count():
            odds_seen = True  # each attack offered shows its exact odds before it is declared
            assert "destroyed" in page.locator("#decisions .option-odds").first.inner_text()
            page.locator("#board .shape[data-player='0']").first.click()
            drawn = page.evaluate("state.scene.attacks.length")  # the last attacks seen
            assert page.locator("#board g.attack").count() == drawn
            assert ("last seen" in page.inner_text("#scene-title")) == (drawn > 0)
            page.screenshot(path=str(SHOTS / "armada.png"))
            _fire_by_names(page)
            continue
        _play_something(page)
        if odds_seen and "round 2" in page.inner_text("#scene-title").lower():
            break  # the rest of the first round played; a round without attacks goes on
    assert odds_seen
    assert "round 2" in page.inner_text("#scene-title").lower()


def test_a_person_deploys_and_activates_a_hordes_model_by_clicking(
    server: str, browser: Any
) -> None:
    page = _open_seat(server, browser, "hordes", "warlock")
    assert page.locator("#board polygon.shape").count() >= 3  # the terrain
    prompts = []
    for _ in range(30):
        if any(p.startswith("activate a model") for p in _prompts(page)):
            break
        prompts.append(_play_something(page))  # deployment: a legal place, checked, taken
    assert sum(p.startswith("deploy") for p in prompts) >= 3, prompts
    assert any(p.startswith("activate a model") for p in _prompts(page)), prompts
    activations = page.locator("#decisions button.option[data-type='activate']")
    assert activations.count() >= 1
    assert _click_and_wait(page, activations.first)
    _await_my_turn(page)
    assert any(p.startswith(("move", "combat")) for p in _prompts(page)), _prompts(page)
    options = page.locator("#decisions button.option").all_inner_texts()
    assert options and not [o for o in options if re.match(r"^[A-Z]\w*\(", o)], options
    # in words, models by name: every charge the rules offer here (which depends on where
    # the deployment put the models), and every order aimed at a model
    labels = page.evaluate("() => state.decisions.flatMap((d) => d.options)"
                           ".map((o) => [o.action.type, o.label])")
    assert all(label.startswith("charge ") for kind, label in labels if "charge" in kind), labels
    # (a friendly target, which the seed's "any model" allows, reads "on your own <name>")
    aimed = [o for o in options if " on " in o]
    assert aimed and all(re.search(r" on (your own )?[A-Z][a-z]", o) for o in aimed), options
    page.locator("#board .shape[data-player='0']").last.dispatch_event("click")  # its card
    page.wait_for_selector("#card .stat-card", timeout=10_000)
    page.screenshot(path=str(SHOTS / "hordes.png"))


def test_a_person_takes_a_robogear_unit_turn_in_a_three_player_game(
    server: str, browser: Any
) -> None:
    page = _open_seat(server, browser, "robogear", "commander", players=3)
    prompts = []
    for _ in range(40):
        if any(p.startswith("act with a unit") for p in _prompts(page)):
            break
        prompts.append(_play_something(page))
    assert any(p.startswith("act with a unit") for p in _prompts(page)), prompts
    assert len(page.locator("#board .shape[data-player='2']").all()) >= 1  # the third army
    # a unit dragged where a legal move of it ends: its ghost, the resource it spends
    sample = page.evaluate("""() => state.decisions[0].spaces
        .find((s) => s.type === 'rg-move').samples[0]""")
    unit = next(s for s in page.evaluate("() => state.scene.shapes")
                if s["label"].startswith(f"{sample['unit']} "))
    heading = math.radians(sample["heading"])
    verdict = _drag(page, unit, unit["x"] + sample["distance"] * math.sin(heading),
                    unit["y"] + sample["distance"] * math.cos(heading))
    assert verdict.startswith("Allowed"), verdict
    assert "resource" in page.inner_text("#consider-text")
    page.screenshot(path=str(SHOTS / "robogear-move.png"))
    # an enemy clicked becomes the shoot form's target (the shooter and weapon set, listed
    # or typed: the form lists them only where the rules offer shots now)
    shoot = page.locator(".space-form[data-type='rg-shoot']")
    shoot.evaluate("(form, s) => form.fill(s)", {"unit": sample["unit"], "weapon": 0, "target": -1})
    enemy = page.locator("#board .shape[data-player='1']").first
    enemy.dispatch_event("click")
    page.wait_for_function(
        "document.querySelector(\".space-form[data-type='rg-shoot'] [data-field='target']\")"
        ".value !== '-1'", timeout=10_000)
    target = shoot.locator("[data-field='target']").input_value()
    assert enemy.get_attribute("data-label").startswith(f"{target} ")
    assert page.inner_text("#consider-text").endswith(f" at {enemy.get_attribute('data-label')}")
    page.screenshot(path=str(SHOTS / "robogear-target.png"))
    page.locator("#consider-panel").scroll_into_view_if_needed()
    before = _step(page)
    _play_something(page)  # a unit acts (or the turn ends) by a click
    assert _step(page) > before
    page.locator("#board .shape[data-player='0']").last.dispatch_event("click")
    page.wait_for_selector("#card .stat-card", timeout=10_000)
    assert page.locator("#legend .legend-row").count() >= 20  # crowded: keys and a legend
    page.screenshot(path=str(SHOTS / "robogear.png"), full_page=True)


def test_a_group_of_four_passes_one_screen_round_a_robogear_table(
    server: str, browser: Any
) -> None:
    """USERS journey 7: one screen for four people; each turn the screen is hidden until
    the next person says they are there, then shows and plays as them."""
    game = httpx.post(f"{server}/api/games", json={
        "ruleset": "robogear", "seed": 5, "seats": [{"kind": "person"}] * 4,
        "options": ["2v2"], "one_screen": True,
    }).json()
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.goto(server + game["one_screen"])
    page.wait_for_selector("#curtain:not([hidden])", timeout=30_000)
    first = page.evaluate("() => state.seat")
    assert f"pass the screen to player {first + 1}" in page.inner_text("#curtain")
    page.screenshot(path=str(SHOTS / "one-screen.png"))
    page.click("#curtain-ready")
    assert page.locator("#curtain").is_hidden()
    players, prompts = {first}, []
    for _ in range(12):
        if page.locator("#curtain").is_visible():
            players.add(page.evaluate("() => state.seat"))
            # the last person's answer and card are not left for the next one to find
            assert page.inner_text("#message") == "" and page.locator("#card-panel").is_hidden()
            page.click("#curtain-ready")
        prompts.append(_play_something(page))
        # every decision's form fits its panel: the page never scrolls sideways
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), prompts
    assert len(players) >= 2, players  # the screen went round
    assert "one screen" in page.inner_text("#who")
    # how the battle is won, and its standing, above the board (RG-WIN-TEAMS, RG-ROUND-LIMIT):
    # the standing in one line, the rest a click away
    assert page.locator("#victory").is_visible()
    line = page.inner_text("#victory summary")
    assert line.startswith("Standing: Round 1 of 8 · player 1 + player 3 ")
    assert "player 2 + player 4 " in line
    assert "if it ended now: " in line and "How the game is won" not in page.inner_text("#victory")
    if page.locator("#curtain").is_visible():  # the next person is there: their table shown
        page.click("#curtain-ready")
    page.click("#victory summary")
    told = page.inner_text("#victory")
    assert "How the game is won" in told
    assert "player 1 + player 3 against player 2 + player 4" in told
    assert "The battle ends after round 8" in told and "largest share" in told
    assert "Standing" in told and "Round 1 of 8." in told and "player 2 + player 4: " in told
    # which colour is whose army: a swatch per player, the one to act now marked "you"
    seat = page.evaluate("() => state.seat")
    keys = page.locator("#sides .side-key")
    assert keys.count() == 4
    assert keys.nth(seat).inner_text().endswith("(you)")
    assert [keys.nth(p).inner_text().startswith(f"player {p + 1}: ")
            for p in range(4)] == [True] * 4
    for player in range(4):  # each swatch the colour of that player's pieces
        swatch = page.locator(f"#sides .side-key[data-player='{player}'] .swatch")
        piece = page.locator(f"#board .shape[data-player='{player}']").first
        colours = [locator.evaluate(style) for locator, style in (
            (swatch, "(e) => getComputedStyle(e).backgroundColor"),
            (piece, "(e) => getComputedStyle(e).fill"))]
        assert colours[0] == colours[1], (player, colours)
    if page.locator("#curtain").is_visible():  # the next person is there: their table shown
        page.click("#curtain-ready")
    _keys_apart(page)
    page.screenshot(path=str(SHOTS / "robogear-2v2.png"))


#: Each key drawn on a crowded board: its text, box (SVG units) and font size.
KEY_BOXES = """() => [...document.querySelectorAll('#board text.shape-key')].map((t) => {
  const b = t.getBBox();
  return [t.textContent, b.x, b.x + b.width, b.y, b.y + b.height, +t.getAttribute('font-size')];
})"""


def _keys_apart(page: Any) -> None:
    """RG-PICTURE: every unit's number on a crowded board can be read: no two keys overlap,
    and two side by side leave a gap (troopers base to base read '36 37', not '3637'); a
    key moved beside its unit has a line to it."""
    keys = page.evaluate(KEY_BOXES)
    assert len(keys) == page.locator("#legend .legend-row").count() > 30
    for a, b in itertools.combinations(keys, 2):
        across = max(b[1] - a[2], a[1] - b[2])  # the gap side to side (< 0: they overlap)
        down = max(b[3] - a[4], a[3] - b[4])
        assert across > 0 or down > 0, (a[0], b[0])
        if down <= 0:  # on one line: apart by a fifth of a digit at least
            assert across >= 0.2 * min(a[5], b[5]), (a[0], b[0], across)
    lines = page.locator("#board line.key-line")
    assert lines.count() >= 1
    drawn = {key[0] for key in keys}
    assert all(lines.nth(i).get_attribute("data-key") in drawn for i in range(lines.count()))
