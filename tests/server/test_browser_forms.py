"""Real-browser tests of the action forms' lists (Playwright, Debian's chromium): a weapon
list narrowed to the unit chosen and holding every weapon it may fire, a Dystopian Wars
attack's guns ticked in words with the targets following them, a value outside a list read
in words, and HORDES' blows at one's own models and rushes that cannot reach folded after
the others.

As in ``test_browser_table``, the moment is built in Python and the seat's snapshot handed
to the page's own ``showState``; the page's live connection is then cut, and what it would
send to the server to consider is answered here by the server's own ``consider`` on the
same game. Skipped, saying why, when chromium or Playwright is missing.
"""

from __future__ import annotations

import json
from typing import Any

from tests.server.test_browser import SHOTS, _open_seat, browser, server  # noqa: F401 (fixtures)
from tests.server.test_browser_table import DETACH, SEEN, _show
from tests.server.test_field_choices import (
    armada_orders_moment,
    crowded_group_turn,
    cruisers_declaring,
    group_turn,
)
from tests.server.test_field_choices_hordes import (
    HORDES_CLOSE,
    HORDES_CROWD,
    HORDES_FAR,
    _no_distance,
)
from tests.server.test_no_attack_reason import cruiser_out_of_reach
from warbench.server.consider import consider
from warbench.server.snapshot import snapshot


def _detach(page: Any) -> None:
    """Cut the page from the live game; keep what it sends in ``sent``, unanswered."""
    page.evaluate(DETACH)


def _showing(server: str, browser: Any, ruleset_id: str, bot: str, game: Any) -> Any:  # noqa: F811
    """Seat 0's page, cut from its live game (:func:`_detach`), showing ``game``."""
    page = _open_seat(server, browser, ruleset_id, bot)
    _detach(page)
    _show(page, snapshot(game, 0))
    return page


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
    page = _showing(server, browser, "robogear", "commander", game)
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


def test_the_shoot_form_lists_a_weapon_with_a_single_legal_shot(
    server: str, browser: Any  # noqa: F811
) -> None:
    """RG-GROUP-GLOBAL, RG-FIRE-AIM: among 32 legal shots of a group's turn the tank's
    fixed hull gun has one (at the walker its barrel points at); choosing the tank, its
    list holds both its weapons, the hull gun without typing it through "other…", and
    taking the hull gun at the walker is allowed."""
    game = crowded_group_turn()
    page = _showing(server, browser, "robogear", "commander", game)
    form = page.locator(".space-form[data-type='rg-shoot']")
    unit, weapon = form.locator("[data-field='unit']"), form.locator("[data-field='weapon']")
    unit.select_option(label="1 Ferrum rifleman")
    assert weapon.locator("option").all_inner_texts() == ["rifle", "other…"]
    unit.select_option(label="0 Anvil battle tank")
    assert weapon.locator("option").all_inner_texts() == ["main cannon", "hull gun", "other…"]
    weapon.select_option(label="hull gun")
    form.locator("select[data-field='target']").select_option(label="6 Mantis walker")
    form.locator("button.check").click()
    page.wait_for_function("sent.some((m) => m.type === 'check')", timeout=10_000)
    (request,) = page.evaluate("() => sent.splice(0).filter((m) => m.type === 'check')")
    assert request["action"] == {"type": "rg-shoot", "unit": 0, "weapon": 1, "target": 6,
                                 "at_pilot": False, "indirect": False}
    assert game.observe(0).check(game.ruleset.codec.decode(request["action"])) is None
    _panel_shot(page, "shoot-form-every-legal-weapon.png")
    page.close()


def test_hordes_blows_at_ones_own_models_sit_in_a_fold_after_the_enemys(
    server: str, browser: Any  # noqa: F811
) -> None:
    """HOR-CHARGE, HOR-SLAM: the charge and slam at the enemy are buttons among the others;
    those at the player's own Mosshound, legal (the seed lets a model charge any model it
    sees), sit after them in a closed fold whose caption says so, a click away; the Charge
    form starts on the enemy and lists the Mosshound in a group of the player's own."""
    from tests.hordes.helpers import activate
    from tests.hordes.helpers import battle as hordes_battle

    game = hordes_battle(*HORDES_CROWD)
    activate(game, 1)
    page = _showing(server, browser, "hordes", "warlock", game)
    decision = page.locator("#decisions .decision").first
    shown = [_no_distance(text) for text in
             decision.locator("button.option:visible").all_inner_texts()]
    assert {"charge Cinder Matron Vesk", "slam Cinder Matron Vesk"} <= set(shown)
    assert not [text for text in shown if "your own" in text]
    fold = decision.locator("details.aside")
    assert fold.locator("summary").inner_text() == (
        "2 more at your own models (legal: a model may charge, slam or attack any model it sees)")
    assert decision.evaluate("""(d) => {
        const kids = [...d.children], fold = kids.findIndex((k) => k.matches('details.aside'));
        return kids.every((k, i) => !k.matches('button.option') || i < fold);
    }""")  # after every other option
    assert not fold.evaluate("(f) => f.open")
    _panel_shot(page, "hordes-own-models-folded.png")
    fold.locator("summary").click()
    assert [_no_distance(text) for text in fold.locator("button.option:visible")
            .all_inner_texts()] == ["charge your own Mosshound", "slam your own Mosshound"]
    charge = decision.locator(".space-form[data-type='charge'] select[data-field='target']")
    assert charge.evaluate("s => s.selectedOptions[0].textContent") == "Cinder Matron Vesk"
    assert charge.locator("optgroup").get_attribute("label").startswith("at your own models")
    assert charge.locator("optgroup option").all_inner_texts() == ["your own Mosshound"]
    _panel_shot(page, "hordes-own-models-open.png")
    page.close()


def test_hordes_rushes_that_cannot_reach_sit_in_a_fold_of_their_own(
    server: str, browser: Any  # noqa: F811
) -> None:
    """HOR-CHARGE, HOR-SLAM: the charge and slam at the far Slag Hound, whose run-out ends
    short of it, sit in a closed fold saying why they are there, apart from the fold of
    blows at the player's own Mosshound; the Charge form's target list puts each under
    its own group, the reachable Vesk first."""
    from tests.hordes.helpers import activate
    from tests.hordes.helpers import battle as hordes_battle

    game = hordes_battle(*HORDES_FAR)
    activate(game, 1)
    page = _showing(server, browser, "hordes", "warlock", game)
    decision = page.locator("#decisions .decision").first
    shown = decision.locator("button.option:visible").all_inner_texts()
    assert not [text for text in shown if "Slag Hound" in text or "your own" in text]
    captions = decision.locator("details.aside > summary").all_inner_texts()
    assert "2 more that cannot reach their target (legal: the model rushes SPD + 3\" at it," \
        " then its activation ends)" in captions
    assert any(caption.startswith("2 more at your own models") for caption in captions)
    charge = decision.locator(".space-form[data-type='charge'] select[data-field='target']")
    assert charge.evaluate("s => s.selectedOptions[0].textContent") == "Cinder Matron Vesk"
    groups = charge.evaluate("""(s) => [...s.querySelectorAll('optgroup')].map(
        (g) => [g.label.split(' (')[0], [...g.children].map((o) => o.textContent)])""")
    assert sorted(groups) == [["at your own models", ["your own Mosshound"]],
                              ["that cannot reach their target", ["Slag Hound"]]]
    _panel_shot(page, "hordes-short-rushes-folded.png")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "hordes-out-of-range.png"))  # docs/play.md's picture
    page.close()


def test_the_hordes_charge_form_chooses_its_target_from_names(
    server: str, browser: Any  # noqa: F811
) -> None:
    """HOR-CHARGE: with no charge stopping short drawn (the target all but touching), the
    Charge form's target is a list of names (the enemy first), not a number box with the
    tooltip "int"; its fields read "target" and "stop short", its description in words."""
    from tests.hordes.helpers import activate
    from tests.hordes.helpers import battle as hordes_battle

    game = hordes_battle(*HORDES_CLOSE)
    activate(game, 1)
    page = _showing(server, browser, "hordes", "warlock", game)
    form = page.locator(".space-form[data-type='charge']")
    target = form.locator("select[data-field='target']")
    assert target.evaluate("s => s.selectedOptions[0].textContent") == "Cinder Matron Vesk"
    assert "your own Mosshound" in target.locator("option").all_inner_texts()
    titles = form.locator("label.field").evaluate_all("ls => ls.map((l) => l.title)")
    assert "int" not in titles and "float" not in titles, titles
    text = form.inner_text()
    assert "stop short" in text and "stop_short" not in text
    _panel_shot(page, "hordes-charge-form.png")
    page.close()


def test_forms_with_no_legal_action_sit_folded_under_one_line_naming_them(
    server: str, browser: Any  # noqa: F811
) -> None:
    """RG-GROUP-GLOBAL: a tank and riflemen can neither heal nor board, so the Heal and
    Board forms are not laid out among the others but folded, closed, under one line
    naming them; the forms that can be used (Shoot, Move) stay open above it, and opened,
    the fold holds the forms themselves (their Check still says why)."""
    from warbench.rulesets.robogear.actions import Board, Heal, Shoot

    game = crowded_group_turn()
    page = _showing(server, browser, "robogear", "commander", game)
    fold = page.locator("details.impossible")
    summary = fold.locator("summary").inner_text()
    assert summary.startswith("not possible now:") and "Heal" in summary and "Board" in summary
    assert "Shoot" not in summary and "Move" not in summary
    assert fold.get_attribute("open") is None
    assert not fold.locator(f".space-form[data-type='{Heal.TAG}']").is_visible()
    assert page.locator(f".space-form[data-type='{Shoot.TAG}']").is_visible()
    assert page.locator(f"details.impossible .space-form[data-type='{Shoot.TAG}']").count() == 0
    fold.locator("summary").click()
    assert fold.locator(f".space-form[data-type='{Board.TAG}']").is_visible()
    _panel_shot(page, "forms-not-possible-now.png")
    page.close()


def test_an_attack_not_possible_now_says_why_in_words_and_offers_no_empty_form(
    server: str, browser: Any  # noqa: F811
) -> None:
    """DW-RANGE-BANDS: the cruiser's attack step with the only enemy beyond every gun's
    reach reads "not possible now: Fire: no gun left can reach an enemy: ..." with the
    rules' reason, and no Fire form (no guns to tick, no targets) is offered; a click on
    the enemy says the same."""
    from warbench.rulesets.dystopian_wars.actions import Fire

    game = cruiser_out_of_reach()
    page = _showing(server, browser, "dystopian-wars", "commodore", game)
    line = page.locator(f"#decisions .impossible[data-type='{Fire.TAG}']").inner_text()
    assert line.startswith("not possible now: Fire: no gun left can reach an enemy: ")
    assert "Kaiserin 1 is beyond range band 4 (DW-RANGE-BANDS)" in line
    assert page.locator(f".space-form[data-type='{Fire.TAG}']").count() == 0
    page.locator("#board .shape[data-player='1']").first.click()
    assert "beyond range band 4" in page.inner_text("#message")
    _panel_shot(page, "fire-not-possible-now.png")
    page.close()


def test_the_armada_order_form_lists_the_chosen_officers_own_orders(
    server: str, browser: Any  # noqa: F811
) -> None:
    """ARM-OFF-ACTION: the officer's order form is lists, not typed text: choosing an
    officer lists its own legal orders by name, and the list follows the officer."""
    from warbench.rulesets.armada.actions import Order

    game, decision, space = armada_orders_moment()
    legal = [action for action in space.every_legal() or [] if isinstance(action, Order)]
    view = game.observe(decision.player).state
    page = _showing(server, browser, "armada", "tactician", game)
    form = page.locator(f".space-form[data-type='{Order.TAG}']")
    officer, order = form.locator("[data-field='officer']"), form.locator("[data-field='order']")
    for index in sorted({o.officer for o in legal}):
        label = next(text for text in officer.locator("option").all_inner_texts()
                     if text.startswith(view.officers[index].name))
        officer.select_option(label=label)
        listed = [text for text in order.locator("option").all_inner_texts()
                  if text != "other…"]
        assert listed == sorted({o.order.replace("-", " ") for o in legal if o.officer == index})
    _panel_shot(page, "armada-order-form.png")
    page.close()


def test_the_dystopian_wars_fire_form_ticks_guns_by_name_and_lists_the_targets_they_reach(
    server: str, browser: Any  # noqa: F811
) -> None:
    """DW-LINKED: the Fire form's guns are boxes, each gun that may fire now in words, and
    nothing is typed. Warden 1's turret ticked alone lists the three targets it reaches;
    with Warden 3's turret beside it, the two the pair reaches, while the broadsides (of
    another kind) cannot be ticked with them. Taken at Kaiserin 1, the attack sent is the
    two turrets with Warden 3's first (nearer, the focus of the linked fire), which the
    rules allow; ticking a gun, or any other change (the dice split), asks for the attack's
    verdict. The form opens on a whole gun's attack; a legal example ticks its own guns."""
    from warbench.rulesets.dystopian_wars.actions import Fire

    game = cruisers_declaring()
    page = _showing(server, browser, "dystopian-wars", "commodore", game)
    form = page.locator(f".space-form[data-type='{Fire.TAG}']")
    guns = form.locator(".members[data-field='guns']")
    assert form.locator("input[data-field='guns']").count() == 0
    assert [text.strip() for text in guns.locator("label").all_inner_texts()] == [
        f"Warden {ship}'s {mount}" for ship in (1, 2, 3)
        for mount in ("turret", "broadside (port)", "broadside (starboard)")]
    target = form.locator("select[data-field='target']")

    def box(words: str) -> Any:
        return guns.locator("label", has_text=words).locator("input")

    def targets() -> list[str]:
        listed: list[str] = target.locator("option").all_inner_texts()
        return listed

    # it opens on the first attack the rules list: a whole gun, not a split
    assert guns.locator("input:checked").count() == 1 and box("Warden 1's turret").is_checked()
    assert target.input_value() == "3" and form.locator("[data-field='dice']").input_value() == "0"
    while guns.locator("input:checked").count():  # the guns it opened on, unticked
        guns.locator("input:checked").first.uncheck()
    assert targets() == ["Kaiserin 1", "Hagel 1", "Hagel 2", "other…"]
    box("Warden 1's turret").check()
    assert targets() == ["Kaiserin 1", "Hagel 1", "Hagel 2", "other…"]
    box("Warden 3's turret").check()
    assert targets() == ["Kaiserin 1", "Hagel 2", "other…"]
    assert box("Warden 1's broadside (port)").is_disabled()
    assert box("Warden 3's broadside (starboard)").is_disabled()
    assert not box("Warden 2's turret").is_disabled()
    target.select_option(label="Kaiserin 1")
    _answer(page, game)  # the guns ticked, then the target chosen: considered in turn
    reply = _answer(page, game)
    assert reply["action"]["target"] == 3 and reply["reason"] is None
    assert page.inner_text("#consider-verdict") == "Allowed: the rules accept this."
    _panel_shot(page, "dystopian-wars-fire-form-guns.png")
    page.screenshot(path=str(SHOTS / "dystopian-wars-fire-form.png"))  # docs/play.md's picture
    form.locator("button.take").click()
    page.wait_for_function("sent.some((m) => m.type === 'act')", timeout=10_000)
    (request,) = page.evaluate("() => sent.splice(0).filter((m) => m.type === 'act')")
    assert request["action"] == {"type": Fire.TAG, "guns": [[2, "turret"], [0, "turret"]],
                                 "target": 3, "dice": 0}
    assert game.observe(0).check(game.ruleset.codec.decode(request["action"])) is None
    box("Warden 3's turret").uncheck()
    _answer(page, game)
    form.locator("select[data-field='dice']").select_option("2")  # considered again
    page.wait_for_function("sent.some((m) => m.type === 'consider' && m.action.dice === 2)",
                           timeout=10_000)
    example = form.locator("button.sample").first
    sample = game.ruleset.codec.decode(json.loads(example.get_attribute("data-action")))
    example.click()
    ticked = guns.evaluate(
        "g => [...g.querySelectorAll('input:checked')].map((b) => JSON.parse(b.value))")
    assert sorted(map(tuple, ticked)) == sorted(sample.guns)
    page.close()


def test_a_dystopian_wars_move_is_typed_as_numbers_and_its_drag_offers_no_meaningless_nudges(
    server: str, browser: Any  # noqa: F811
) -> None:
    """DW-MOVE: a path is typed as a player says it ("6", "3, 45, 2"), not as JSON, and
    reaches the rules as a list of numbers. A dragged move's answer offers no − and + for
    the model it would ram (one up is another model: the ruleset names it, "none") nor for
    where a mine drops (inches, a fraction: -1.0 is not a whole number to step)."""
    from tests.rulesets.dystopian_wars.helpers import P0_FIRST, play, scripted, setup, squadron
    from warbench.rulesets.dystopian_wars.actions import Activate, Move

    game = scripted(setup([squadron("britannia-cruiser", (30.0, 10.0, 0.0))],
                          [squadron("prussia-battleship", (48.0, 44.0, 180.0))]), P0_FIRST)
    play(game, Activate(0))
    page = _showing(server, browser, "dystopian-wars", "commodore", game)
    form = page.locator(f".space-form[data-type='{Move.TAG}']")
    path = form.locator("input[data-field='path']")
    assert path.get_attribute("placeholder") == "e.g. 3, 45, 2"
    for typed, sent in (("6", [6]), ("3, 45, 2", [3, 45, 2]), ("3 -30 1.5", [3, -30, 1.5])):
        path.fill(typed)
        form.locator("button.check").click()
        page.wait_for_function("sent.some((m) => m.type === 'check')", timeout=10_000)
        (request,) = page.evaluate("() => sent.splice(0).filter((m) => m.type === 'check')")
        assert request["action"]["path"] == sent
        game.ruleset.codec.decode(request["action"])  # the rules read it
    cruiser = game.observe(0).state.models[0]
    reply = consider(game, 0, {"drag": {"label": "Warden 1", "x": cruiser.x,
                                        "y": cruiser.y + 4}})
    assert reply["action"]["ram_at"] == -1 and reply["action"]["mine_at"] == -1.0
    page.evaluate("(m) => receive(m)", reply)
    assert page.inner_text("#consider-verdict").startswith("Allowed")
    assert page.locator("#consider-nudges .nudge").count() == 0
    # a form checked after it is another action: the drag's answer and ghost go
    form.locator("button.check").click()
    assert page.locator("#consider-panel").is_hidden()
    assert page.locator("#board circle.ghost, #board .course").count() == 0
    page.close()


def test_a_dystopian_wars_move_says_its_level_and_mine_and_an_attack_its_split_dice_in_words(
    server: str, browser: Any  # noqa: F811
) -> None:
    """DW-SUBMERGED, DW-MINES, DW-SPLIT-FIRE (the walk of journey 2): the Move form's level
    is a list in words, the chosen model's own ("stays at its level", a submarine's "dives
    (submerged)"), not a box holding ""; where a mine drops is typed with its words beside
    it ("= no mine", not a bare -1), and a value typed is named by the server's answer; the
    path shows as it is typed. The Fire form's dice are a list from "all its dice (no
    split)" up to the dice the gun ticked has, following the guns ticked (linked guns: the
    whole dice alone)."""
    from tests.server.test_field_choices import submarines_and_destroyers
    from warbench.rulesets.dystopian_wars.actions import Fire, Move

    game = submarines_and_destroyers()
    page = _showing(server, browser, "dystopian-wars", "commodore", game)
    form = page.locator(f".space-form[data-type='{Move.TAG}']")
    level = form.locator("select[data-field='level']")
    form.locator("select[data-field='model']").select_option(label="Trident 1")
    assert level.locator("option").all_inner_texts() == [
        "stays at its level", "dives (submerged)", "surfaces (at the surface)", "other…"]
    mine = form.locator("input[data-field='mine_at']")
    note = form.locator("[data-note='mine_at']")
    assert note.inner_text() == "= no mine"
    assert "[" not in form.locator("input[data-field='path']").input_value()
    mine.fill("3.5")
    mine.press("Tab")
    reply = _answer(page, game)
    assert reply["values"]["mine_at"] == "drop a mine at 3.5 inches along the path"
    assert note.inner_text() == "= drop a mine at 3.5 inches along the path"
    _panel_shot(page, "dystopian-wars-move-form-words.png")
    page.close()

    game = cruisers_declaring()
    page = _showing(server, browser, "dystopian-wars", "commodore", game)
    fire = page.locator(f".space-form[data-type='{Fire.TAG}']")
    dice = fire.locator("select[data-field='dice']")
    options = dice.locator("option").all_inner_texts()
    assert options[:2] == ["all its dice (no split)", "split fire: 1 die here"]
    assert options[-1] == "other…" and options[-2].startswith("split fire: ")
    fire.locator(".members label", has_text="Warden 2's turret").locator("input").check()
    assert dice.locator("option").all_inner_texts() == ["all its dice (no split)", "other…"]
    page.close()
