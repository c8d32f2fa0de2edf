"""Real-browser tests of the board's labels: never under 11 px on the screen, a tall Armada
map's as any other (a mine's too, and the keys of a crowded board), never across a facing
tick, and a terrain's never on a model; a crowded board's numbers never across another
unit's tick. Moments are built in Python and handed to the page's own ``showState`` (as
``test_browser_table``). Skipped, saying why, when chromium or Playwright is missing."""

from __future__ import annotations

import itertools
from typing import Any

from tests.server.test_browser import _open_seat, browser, server  # noqa: F401 (fixtures)
from tests.server.test_browser_table import _shot, _show
from warbench.core.labels import Box
from warbench.server.snapshot import snapshot

#: What the page draws, in screen pixels: each label's font size and box, each facing
#: tick's ends, each piece's box.
_MEASURE = """() => {
    const svg = document.getElementById('board'), scale = svg.getScreenCTM().a;
    const box = (e) => { const b = e.getBoundingClientRect();
                         return [b.left, b.top, b.right, b.bottom]; };
    const texts = (selector) => [...svg.querySelectorAll(selector)].map((t) => ({
        text: t.getAttribute('data-for') || t.textContent, box: box(t),
        px: parseFloat(t.getAttribute('font-size')) * scale }));
    const tick = (l) => {
        const m = l.getScreenCTM(), p = svg.createSVGPoint(), ends = [];
        for (const [x, y] of [['x1', 'y1'], ['x2', 'y2']]) {
            p.x = parseFloat(l.getAttribute(x)); p.y = parseFloat(l.getAttribute(y));
            const s = p.matrixTransform(m); ends.push(s.x, s.y);
        }
        return ends; };
    return {
        labels: texts('text.shape-label'), keys: texts('text.shape-key'),
        ticks: [...svg.querySelectorAll('line.facing')].map(tick),
        pieces: [...svg.querySelectorAll('.shape[data-player]')].map(box),
    }; }"""


def _measure(page: Any) -> dict[str, Any]:
    drawn: dict[str, Any] = page.evaluate(_MEASURE)
    return drawn


def _tall_armada() -> Any:
    """ARM-PICTURE: two fleets a side twelve hexes apart (a map twice as tall as it is
    wide), facing north and south where their labels would go, a gravity mine beside each
    side."""
    from tests.rulesets.armada.helpers import battle, fleet
    from warbench.rulesets.armada.state import Mine

    blue = [fleet("Lance", 3, "medium", "destroyer", "flagship"),
            fleet("Wasps", 3, "small", "fighter")]
    red = [fleet("Talon", 3, "medium", "capital", "flagship"),
           fleet("Cutthroats", 3, "medium", "destroyer")]
    game = battle(blue, red, [[[0, 0, 0], [1, 0, 3]], [[0, -12, 3], [1, -13, 0]]], [1, 2])
    game.state.mines.extend([Mine(-1, 0, 0, 0, 1, 1), Mine(-1, -12, 1, 1, 1, 1)])
    return game


def test_arm_picture_labels_on_a_tall_map_are_eleven_pixels_and_clear_of_facing_ticks(
    server: str, browser: Any  # noqa: F811
) -> None:
    """ARM-PICTURE: a tall map fills the board's height and leaves its width half empty;
    its labels are still at least 11 px on the screen (they were 9, a mine's 7, when the
    scale was read from the board's width), a mine's as large as a fleet's, and none is
    drawn across a fleet's facing tick (those facing north have theirs below them)."""
    page = _open_seat(server, browser, "armada", "random")
    _show(page, snapshot(_tall_armada(), 0))
    drawn = _measure(page)
    labels = {label["text"]: label for label in drawn["labels"]}
    assert set(labels) == {"Lance", "Wasps", "Talon", "Cutthroats", "mine"}
    assert min(label["px"] for label in drawn["labels"]) >= 11, drawn["labels"]
    assert len({round(label["px"], 6) for label in drawn["labels"]}) == 1  # one size
    assert len(drawn["ticks"]) == 4
    for label in drawn["labels"]:
        box = Box(*label["box"])
        assert not any(box.crossed_by(tuple(tick)) for tick in drawn["ticks"]), label["text"]
    _shot(page, "armada-tall-labels.png")
    page.close()


def test_arm_picture_a_crowded_maps_keys_are_eleven_pixels_a_mines_too(
    server: str, browser: Any  # noqa: F811
) -> None:
    """ARM-PICTURE: four fleets in touching hexes with two mines beside them, on a small
    window: no room for the labels, so each fleet and mine is marked with its key (its
    number, a mine's ``m`` and number), every key at least 11 px on the screen."""
    from tests.rulesets.armada.helpers import battle, fleet
    from warbench.rulesets.armada.state import Mine

    blue = [fleet("Lance", 3, "medium", "destroyer", "flagship"),
            fleet("Wasps", 3, "small", "fighter")]
    red = [fleet("Talon", 3, "medium", "capital", "flagship"),
           fleet("Cutthroats", 3, "medium", "destroyer")]
    game = battle(blue, red, [[[0, 0, 3], [0, -1, 5]], [[-1, 0, 1], [-1, 1, 3]]], [1, 2])
    game.state.mines.extend([Mine(1, 0, 0, 0, 1, 1), Mine(1, -1, 1, 1, 1, 1)])
    page = _open_seat(server, browser, "armada", "random")
    page.set_viewport_size({"width": 480, "height": 300})
    _show(page, snapshot(game, 0))
    page.wait_for_selector("#board text.shape-key", timeout=10_000)
    keys = _measure(page)["keys"]
    assert sorted(key["text"] for key in keys) == ["0", "1", "2", "3", "m0", "m1"]
    assert min(key["px"] for key in keys) >= 11, keys
    _shot(page, "armada-keys.png")
    page.close()


def test_a_terrain_label_lies_on_no_model(server: str, browser: Any) -> None:  # noqa: F811
    """HOR-TERRAIN: models standing where terrain is named (Mosshound on the forest's
    corner, Elder Maelis by the rough ground's, Oakhide Brute across it): every terrain's
    name is drawn on the board, and none on a model, whose facing ticks no label crosses."""
    from tests.hordes.helpers import battle

    game = battle([["maelis", "oakhide-brute", "mosshound"], ["vesk"]],
                  [[20.3, 13.0, 0], [23.5, 15.5, 90], [8.5, 20.5, 0], [24, 30, 180]],
                  layout="standard")
    page = _open_seat(server, browser, "hordes", "random")
    _show(page, snapshot(game, 0))
    drawn = _measure(page)
    terrain = [label for label in drawn["labels"]
               if label["text"] in ("forest", "obstruction", "rough", "hill")]
    assert sorted(label["text"] for label in terrain) == ["forest", "hill", "obstruction",
                                                          "rough"]
    pieces = [Box(*piece) for piece in drawn["pieces"]]
    assert len(pieces) == 4
    for label in terrain:
        assert not any(Box(*label["box"]).overlaps(piece) for piece in pieces), label["text"]
    for label in drawn["labels"]:
        box = Box(*label["box"])
        assert not any(box.crossed_by(tuple(tick)) for tick in drawn["ticks"]), label["text"]
    assert min(label["px"] for label in drawn["labels"]) >= 11
    _shot(page, "hordes-terrain-labels.png")
    page.close()


def test_rg_picture_a_units_number_crosses_no_other_units_facing_tick(
    server: str, browser: Any  # noqa: F811
) -> None:
    """RG-PICTURE: eight riflemen base to base facing up the table, a Ferrum tank just
    above the fifth facing down at it, its tick reaching to the riflemen: the board is too
    crowded for their labels, so each unit is marked with its number; the tank's lies on
    the tank over its own tick, and no number is drawn across another unit's tick (the
    fifth rifleman's number, which would go above it, across the tank's, goes elsewhere)."""
    from tests.robogear.helpers import army, battle, put

    game = battle(army(("ferrum-tank", 1), ("ferrum-rifleman", 8)), army(("verdant-tank", 1)))
    put(game, 0, 30, 44.2, 180.0)
    for unit in range(1, 9):
        put(game, unit, 26 + unit, 40, 0.0)
    put(game, 9, 30, 55, 180.0)
    page = _open_seat(server, browser, "robogear", "random")
    _show(page, snapshot(game, 0))
    page.wait_for_selector("#board text.shape-key", timeout=10_000)
    drawn = page.evaluate(_OWNED)
    keys = _measure(page)["keys"]
    assert sorted(key["text"] for key in keys) == sorted(str(unit) for unit in range(10))
    assert sorted(owner for owner, _ in drawn["ticks"]) == sorted(str(u) for u in range(10))
    for key in keys:
        box = Box(*key["box"])
        others = [tick for owner, tick in drawn["ticks"] if owner != key["text"]]
        assert not any(box.crossed_by(tuple(tick)) for tick in others), key["text"]
    tank = next(Box(*key["box"]) for key in keys if key["text"] == "0")
    assert tank.crossed_by(tuple(next(tick for owner, tick in drawn["ticks"] if owner == "0")))
    assert min(key["px"] for key in keys) >= 11
    _shot(page, "robogear-keys-ticks.png")
    page.close()


#: Each facing tick drawn, in screen pixels, with the number of the unit it starts from.
_OWNED = """() => {
    const svg = document.getElementById('board');
    const at = (l, x, y) => { const p = svg.createSVGPoint();
        p.x = parseFloat(l.getAttribute(x)); p.y = parseFloat(l.getAttribute(y));
        return p.matrixTransform(l.getScreenCTM()); };
    const pieces = [...svg.querySelectorAll('.shape[data-player]')].map((e) => [
        e.getAttribute('data-label').split(' ')[0], e.getBoundingClientRect()]);
    return { ticks: [...svg.querySelectorAll('line.facing')].map((l) => {
        const a = at(l, 'x1', 'y1'), b = at(l, 'x2', 'y2');
        const own = pieces.find(([, r]) => r.left <= a.x && a.x <= r.right
                                        && r.top <= a.y && a.y <= r.bottom);
        return [own ? own[0] : null, [a.x, a.y, b.x, b.y]]; }) }; }"""


#: Every text drawn on the board (pieces' and terrain's labels, keys, attacks' labels) as
#: its class, what it names and its box in screen pixels.
_TEXTS = """() => [...document.querySelectorAll(
    '#board text.shape-label, #board text.shape-key, #board text.attack-label')].map((t) => {
    const b = t.getBoundingClientRect();
    return [t.getAttribute('class'), t.getAttribute('data-for') || t.textContent,
            b.left, b.top, b.right, b.bottom]; })"""


def _dw_fleets_of_1000_points(steps: int) -> Any:
    """Britannia's and Prussia's 1000-point fleets from their lists, the commodore bot
    playing both (seed 3) for ``steps`` decisions; the attacks the spectators last saw."""
    from pathlib import Path

    from warbench.core.engine import Game
    from warbench.core.match import play_next_decision
    from warbench.core.moments import SeenAttacks, actor_of
    from warbench.core.registry import ruleset
    from warbench.core.rng import seed_for
    from warbench.server.lobby import parse_list
    from warbench.server.snapshot import SPECTATOR

    rules = ruleset("dystopian-wars")
    fleets = Path(__file__).resolve().parents[2] / "src/warbench/rulesets/dystopian_wars/data"
    fleets /= "fleets"
    armies = [parse_list((fleets / f"{name}-1000.toml").read_text(), seat)
              for seat, name in enumerate(("britannia", "prussia"))]
    game = Game.new(rules, rules.setup_for(armies), seed=3)
    bots = [rules.bots()["commodore"](seed_for(3, 100 + seat)) for seat in range(2)]
    seen = SeenAttacks(rules, [0, 1, SPECTATOR])
    for step in range(1, steps + 1):
        first = len(game.events)
        play_next_decision(game, bots)
        seen.saw(game.state, step, game.events[first:], actor_of(game.journal, step))
    return snapshot(game, SPECTATOR, attacks=seen.last(SPECTATOR))


def test_no_two_texts_on_a_crowded_dystopian_wars_table_overlap(
    server: str, browser: Any  # noqa: F811
) -> None:
    """The web table (engine default: the seed draws no table): two 1000-point fleets in
    their fourth turn, too crowded for labels, so each piece has its key. No key, terrain
    name or attack's label lies over another: the keys were placed clear of each other only
    (a key sat on "the Needles"), and the attacks' labels, drawn larger than the scene had
    spaced them, met each other ("Lancer 1: turret ..." over "Lancer 1: torpedoes ...")."""
    page = _open_seat(server, browser, "dystopian-wars", "random")
    _show(page, _dw_fleets_of_1000_points(260))
    page.wait_for_selector("#board text.shape-key", timeout=10_000)
    texts = page.evaluate(_TEXTS)
    assert {text[0] for text in texts} == {"shape-label", "shape-key", "attack-label"}
    for first, second in itertools.combinations(texts, 2):
        assert not Box(*first[2:]).overlaps(Box(*second[2:])), (first, second)
    _shot(page, "dw-crowded-labels.png")
    page.close()


def test_a_label_by_the_tables_edge_is_drawn_on_the_board_not_cut_off(
    server: str, browser: Any  # noqa: F811
) -> None:
    """Journey 2: a ship at the table's edge (a prize drifting there, say) has its name and
    damage drawn where the board shows them, not centred over the edge with half its words
    cut off ("...o assault points, derelict, prize of player 2")."""
    from tests.rulesets.dystopian_wars.helpers import (
        P0_FIRST,
        refresh,
        scripted,
        setup,
        squadron,
        state,
    )

    game = scripted(setup(
        [squadron("britannia-cruiser", (0.6, 20.0, 0.0), name="Warden"),
         squadron("britannia-cruiser", (71.4, 20.0, 0.0), name="Keeper")],
        [squadron("prussia-cruiser", (36.0, 42.0, 180.0), name="Wacht")],
    ), P0_FIRST)
    for ship in state(game).models[:2]:  # prizes of player 2: long words under their names
        ship.derelict, ship.fate, ship.captured_by, ship.prize_of, ship.prize_ap = (
            True, "captured", 1, 1, 2)
    refresh(game)
    page = _open_seat(server, browser, "dystopian-wars", "commodore")
    _show(page, snapshot(game, 0))
    board = Box(*page.evaluate("() => { const b = document.getElementById('board')"
                               ".getBoundingClientRect(); return [b.left, b.top, b.right,"
                               " b.bottom]; }"))
    labels = [label for label in _measure(page)["labels"]
              if label["text"] in ("Warden", "Keeper")]
    assert len(labels) == 2
    for label in labels:
        assert board.x0 <= label["box"][0] and label["box"][2] <= board.x1, label
    _shot(page, "dystopian-wars-edge-labels.png")
    page.close()
