"""Armada fleets and Full Thrust ships that share a name, on the web table (Playwright,
Debian's chromium): the board, the buttons and the log name each by one tag that leads to
one piece. Skipped, saying why, when chromium or Playwright is missing (as
``test_browser``)."""

from __future__ import annotations

from typing import Any

from tests.server.test_browser import _open_seat, browser, server  # noqa: F401
from tests.server.test_browser_table import _shot, _show
from warbench.core.botspec import make_bot
from warbench.core.engine import Game
from warbench.core.lists import ArmyList, UnitEntry
from warbench.core.match import play_next_decision
from warbench.rulesets.armada import ArmadaRuleset
from warbench.rulesets.armada.actions import Fire
from warbench.rulesets.full_thrust import FullThrustRuleset
from warbench.rulesets.full_thrust.actions import AssignWeapon, DeclareTarget
from warbench.server.snapshot import snapshot


def _until(game: Game[Any, Any], ruleset: Any, bot: str, wanted: Any) -> list[Any]:
    """Play ``game`` with two ``bot``s until its decisions hold options ``wanted`` takes
    aimed at two or more different pieces; those options."""
    agents = [make_bot(ruleset, bot, seed) for seed in (1, 2)]
    while True:
        options = [o for d in game.pending() for o in d.options if wanted(o)]
        if len({o.target for o in options}) > 1:
            return options
        play_next_decision(game, agents)


def _board(page: Any) -> dict[str, str]:
    """Each keyed piece's label on the page's board, by key."""
    shapes = page.evaluate("() => state.scene.shapes")
    return {shape["key"]: shape["label"] for shape in shapes if shape.get("key")}


def test_arm_names_a_mirrors_fleets_read_apart_on_the_board_buttons_and_log(
    server: str, browser: Any  # noqa: F811
) -> None:
    """ARM-NAMES: in a mirror of the Vanguard Picket each fleet's piece reads its name and
    player (``Dawnbreaker (P1)``, ``Dawnbreaker (P2)``), no label twice; every attack button
    names its target by the label of the piece keyed by the target's fleet id, no two
    buttons alike; the log names the fleets by their tags, an attack's dice line too."""
    rules = ArmadaRuleset()
    game = Game.new(rules, {"armadas": ["vanguard-3", "vanguard-3"]}, seed=4)
    attacks = _until(game, rules, "tactician", lambda o: isinstance(o, Fire) and o.mine < 0)
    seat = game.pending()[0].player
    snap = snapshot(game, seat)
    page = _open_seat(server, browser, "armada", "random")
    _show(page, snap)
    board = _board(page)
    fleets = {key: label for key, label in board.items() if key.isdigit()}
    assert len(fleets) == 10 and len(set(fleets.values())) == 10
    assert fleets["0"] == "Dawnbreaker (P1)" and fleets["5"] == "Dawnbreaker (P2)"
    buttons = page.locator("#decisions button.option").all_inner_texts()
    fired = [text for text in buttons if " fires at " in text]
    assert len(fired) == len(set(fired)) >= len(attacks)
    for option in attacks:
        said = f"{board[str(option.fleet)]} fires at {board[str(option.target)]}"
        assert any(text.startswith(said) for text in fired), (said, fired)
    log = page.inner_text("#log")
    assert " (P1) moves " in log and " (P2) moves " in log
    _shot(page, "armada-names.png")
    first = attacks[0]
    game.apply(seat, first)  # its check's dice line names the attacker by its tag
    _show(page, snapshot(game, seat))
    assert f"rolled 1d20 for {board[str(first.fleet)]} gunnery: " in page.inner_text("#log")
    page.close()


def test_ft_names_two_havens_a_list_leaves_unnamed_read_apart_on_the_board_and_buttons(
    server: str, browser: Any  # noqa: F811
) -> None:
    """FT-NAMES: two lists each with two unnamed Havens: the board labels them ``Haven 1
    (P1)`` to ``Haven 2 (P2)`` and their fighter groups apart, no label twice; each button
    aiming a weapon names its target by the label of the piece keyed by the target's ship
    id, no two alike; the log names the ships by their tags."""
    rules = FullThrustRuleset()
    twins = ArmyList(name="Twin carriers", ruleset="full-thrust", faction="concord", units=(
        UnitEntry(unit="haven", options=("standard",)),
        UnitEntry(unit="haven", options=("standard",)),
        UnitEntry(unit="harrier", name="Kite")))
    game = Game.new(rules, {**rules.setup_for([twins, twins]), "turns": 4}, seed=2)
    aims = _until(game, rules, "admiral", lambda o: isinstance(o, DeclareTarget | AssignWeapon)
                  and o.target >= 0 and o.kind == "ship")
    snap = snapshot(game, game.pending()[0].player)
    page = _open_seat(server, browser, "full-thrust", "random")
    _show(page, snap)
    board = _board(page)
    assert [board[str(index)] for index in range(6) if str(index) in board][:2] == [
        "Haven 1 (P1)", "Haven 2 (P1)"]
    assert len(set(board.values())) == len(board)
    buttons = page.locator("#decisions button.option").all_inner_texts()
    aimed = [text for text in buttons if " locks on " in text or " fires at " in text]
    assert len(aimed) == len(set(aimed))
    for option in aims:
        assert any(f" {board[str(option.target)]} (" in text for text in aimed), aimed
    log = page.inner_text("#log")
    assert "Haven 1 (P1)" in log and "Haven 2 (P2)" in log
    _shot(page, "full-thrust-names.png")
    page.close()
