"""Real-browser tests of an answer to boarders divided among several boarding parties, as
the defender's page shows it (DW-MULTI-ASSAULT, DW-ODDS-BOARDING, DW-BOARD-ANSWER): the
answers offered read in words, each with its exact odds and each struck robot's hull on a
line of its own; the form taking any division lists each answering model and the parties
by name, checks, refuses a division the rules refuse with their reason, and sends what it
shows; the log says who rolled at whom and what it did; and in referee mode the person at
the table is asked for each roll naming who rolls at whom.

The moments are those of ``test_multi_assault`` (two Prussian robots, or two British
cruisers' crews, boarding one of three answering models), built in Python; the defender's
snapshot is drawn on a page cut from its live game (``test_browser_table._show``), and what
it sends is answered here by the server's own functions on the same game. Skipped, saying
why, when chromium or Playwright is missing.
"""

from __future__ import annotations

from typing import Any

from tests.rulesets.dystopian_wars.test_multi_assault import TANKS, boarded, crews
from tests.server.test_browser import _open_seat, browser, server  # noqa: F401 (fixtures)
from tests.server.test_browser_table import SEEN, _shot, _show
from warbench.core.dice import RefereeDice
from warbench.core.engine import Game
from warbench.rulesets.dystopian_wars.actions import Respond
from warbench.server.consider import consider
from warbench.server.session import GameSession, NeedFaces, RollRequest, _TypedFaces
from warbench.server.snapshot import snapshot

DEFENDER = 1
FRIGATES = (2, 3, 4)


def _defender(server: str, browser: Any, game: Game) -> Any:  # noqa: F811
    """A page cut from its live game, showing the defender's seat of ``game``."""
    page = _open_seat(server, browser, "dystopian-wars", "random")
    _show(page, snapshot(game, DEFENDER))
    return page


def _panel_shot(page: Any, name: str) -> None:
    SEEN.mkdir(exist_ok=True)
    page.locator("#decisions").screenshot(path=str(SEEN / name))


def _sent(page: Any, kind: str) -> dict[str, Any]:
    """The last message of ``kind`` the page sent (waited for), the others of it dropped."""
    page.wait_for_function(f"sent.some((m) => m.type === '{kind}')", timeout=10_000)
    found: dict[str, Any] = page.evaluate(
        f"() => sent.splice(0).filter((m) => m.type === '{kind}').pop()")
    return found


def _considered(page: Any, game: Game) -> dict[str, Any]:
    """Answer the page's waiting ``consider`` from ``game`` as the server would."""
    reply = consider(game, DEFENDER, _sent(page, "consider"))
    page.evaluate("(m) => receive(m)", reply)
    return reply


def _checked(page: Any, game: Game) -> tuple[dict[str, Any], str]:
    """Answer the page's Check from ``game`` as the server does (``GameSession.check``, on
    a session holding just this game); the action checked and the page's message line."""
    action = _sent(page, "check")["action"]
    session = object.__new__(GameSession)
    session.game, session.rules = game, game.ruleset
    reason = session.check(DEFENDER, action)
    page.evaluate("(m) => receive(m)", {"type": "checked", "reason": reason})
    message: str = page.inner_text("#message")
    return action, message


def _chances(named: dict[str, float]) -> str:
    """Chances as the page writes them (``oddsLine``)."""
    return " · ".join(f"{name} {p * 100:.1f}%" for name, p in named.items())


def test_dw_multi_assault_the_answers_offered_read_in_words_with_each_hulls_odds(
    server: str, browser: Any  # noqa: F811
) -> None:
    """DW-MULTI-ASSAULT, DW-ODDS-BOARDING: Uhrwerk 1 and 2 (robots) board Yeoman 1; its
    squadron's ten answers are a form whose lists read in words ("each on its own",
    "Yeoman 1 at Uhrwerk 1; Yeoman 2, Yeoman 3 at Uhrwerk 2"), never as numbers
    ("[0,1,1]", "true"), as they did before. Under the answer chosen, its exact odds: every
    roll at one robot names that robot as the attacker whose hull the chances are; a
    division has a line for each robot's hull, the game's own numbers. A combination the
    rules do not offer (a linked pool divided) says so; Take sends the answer shown."""
    game = boarded()
    page = _defender(server, browser, game)
    form = page.locator(".option-form[data-type='respond']")
    linked, at = form.locator("select[data-field='linked']"), form.locator(
        "select[data-field='at']")
    assert linked.locator("option").all_inner_texts() == ["each on its own", "linked in one pool"]
    aims = at.locator("option").all_inner_texts()
    assert aims[:2] == ["every roll at Uhrwerk 1", "every roll at Uhrwerk 2"]
    assert "Yeoman 1 at Uhrwerk 1; Yeoman 2, Yeoman 3 at Uhrwerk 2" in aims and len(aims) == 8
    assert not any("[" in aim or aim.strip().isdigit() for aim in aims), aims
    odds = form.locator(".option-odds")
    first = odds.inner_text()
    assert "attacker: Uhrwerk 1 (every roll at its hull)" in first and "attacker none" in first

    divided = Respond(TANKS, at=(0, 1, 1))
    at.select_option(label="Yeoman 1 at Uhrwerk 1; Yeoman 2, Yeoman 3 at Uhrwerk 2")
    assert form.locator(".muted").first.inner_text() == game.ruleset.action_text(
        game.observe(DEFENDER).state, divided)
    exact = game.ruleset.action_odds(game.observe(DEFENDER).state, divided)
    assert exact is not None and set(exact.others) == {"Uhrwerk 1", "Uhrwerk 2"}
    hulls = odds.locator(".odds-other").all_inner_texts()
    assert hulls == [f"{robot}: {_chances(exact.others[robot])}"
                     for robot in ("Uhrwerk 1", "Uhrwerk 2")], hulls
    assert f"captured {exact.named['captured'] * 100:.1f}%" in odds.inner_text()
    assert "attacker" not in odds.inner_text()
    _panel_shot(page, "divided-answer-options.png")

    linked.select_option(label="linked in one pool")
    assert "not offered" in form.inner_text() and odds.count() == 0
    linked.select_option(label="each on its own")
    form.locator("button.take").click()
    assert _sent(page, "act")["action"] == divided.to_plain()
    page.close()


def test_dw_multi_assault_the_division_form_names_each_model_and_party(
    server: str, browser: Any  # noqa: F811
) -> None:
    """DW-MULTI-ASSAULT: the form that takes any division has a list for each answering
    model ("Yeoman 2 rolls at"), of the boarding robots by name (before, two boxes to tick,
    Uhrwerk 1 and Uhrwerk 2, that could not say which tank rolls at which). Choosing shows
    the division's verdict and odds; Check sends the division shown and the page says the
    rules accept it; a linked pool divided between the robots, or an answer leaving Yeoman
    3 out (its list greyed, no party sent for it), is refused with the rule's reason in
    words; Take sends the division, and the log then says each roll's model and robot and
    what it did to that robot's hull."""
    game = boarded((1, 1, 6, 6, 4, 1, 1, 1))
    page = _defender(server, browser, game)
    form = page.locator(".space-form[data-type='respond']")
    rows = form.locator(".each-row")
    assert [rows.nth(n).evaluate("r => r.firstChild.textContent.trim()")
            for n in range(rows.count())] == [f"Yeoman {n} rolls at" for n in (1, 2, 3)]
    for n in range(3):
        assert rows.nth(n).locator("option").all_inner_texts() == ["Uhrwerk 1", "Uhrwerk 2"]
    for n in (1, 2):
        rows.nth(n).locator("select").select_option(label="Uhrwerk 2")
        reply = _considered(page, game)
    assert reply["action"] == Respond(TANKS, at=(0, 1, 1)).to_plain()
    assert page.inner_text("#consider-verdict").startswith("Allowed")
    assert page.inner_text("#consider-text") == (
        "answer with Yeoman 1, Yeoman 2, Yeoman 3: Yeoman 1 at Uhrwerk 1; Yeoman 2, Yeoman 3 "
        "at Uhrwerk 2")
    assert len(page.locator("#consider-odds .odds-other").all_inner_texts()) == 2

    form.locator("button.check").click()
    action, said = _checked(page, game)
    assert action == Respond(TANKS, at=(0, 1, 1)).to_plain()
    assert said.startswith("Allowed: the rules accept this")
    form.locator("select[data-field='linked']").select_option(label="yes")
    _considered(page, game)
    form.locator("button.check").click()
    action, said = _checked(page, game)
    assert action == Respond(TANKS, True, (0, 1, 1)).to_plain()
    assert said == ("Not allowed: a linked answer is one roll, at one boarding party: its "
                    "ships must name the same (DW-MULTI-ASSAULT, DW-AA-LINK)")
    _shot(page, "divided-answer-form-refused.png")

    form.locator("select[data-field='linked']").select_option(label="no")
    _considered(page, game)
    form.locator(".members input[value='4']").uncheck()  # Yeoman 3 left out: its list greyed
    _considered(page, game)
    assert rows.nth(2).locator("select").is_disabled()
    form.locator("button.check").click()
    action, said = _checked(page, game)
    assert action == Respond((2, 3), at=(0, 1)).to_plain()
    assert said == ("Not allowed: the answer is every model able to give it: Yeoman 1, "
                    "Yeoman 2, Yeoman 3 (DW-BOARD-ANSWER)")
    form.locator(".members input[value='4']").check()
    _considered(page, game)
    assert not rows.nth(2).locator("select").is_disabled()
    form.locator("button.take").click()
    taken = _sent(page, "act")["action"]
    assert taken == Respond(TANKS, at=(0, 1, 1)).to_plain()
    before = len(snapshot(game, DEFENDER)["log"])
    game.apply(DEFENDER, game.ruleset.codec.decode(taken))
    log = snapshot(game, DEFENDER)["log"][before:]
    assert log[:5] == [
        "player 2 rolled 2d6 for Yeoman 1 answer to boarders at Uhrwerk 1: 1 1",
        "Uhrwerk 1 shrugs off the attack",
        "player 2 rolled 2d6 for Yeoman 2 answer to boarders at Uhrwerk 2: 6 6",
        "player 2 rolled 2d6 for Yeoman 2 answer to boarders at Uhrwerk 2 (exploding): 4 1",
        "Uhrwerk 2 loses 1 hull point (5 hits against DR 5), 4 left",
    ], log
    _show(page, snapshot(game, DEFENDER))
    shown = page.inner_text("#log")
    assert "Yeoman 3 answer to boarders at Uhrwerk 2: 1 1" in shown
    page.close()


def test_dw_multi_assault_crews_are_answered_together_or_each_by_name(
    server: str, browser: Any  # noqa: F811
) -> None:
    """DW-MULTI-ASSAULT: two cruisers' crews (Warden 1 and 2) board Hagel 1. Each frigate's
    list starts on "the boarders together" (the answer naming no party, offered first);
    naming a crew in one list names it in each list left together, and together in one
    sets them all together, so the form never sends half a division. Check sends what the
    lists show; taken, the log says the kills at Warden 2 beyond its one point are lost."""
    game = crews((6, 1, 5, 5))
    page = _defender(server, browser, game)
    form = page.locator(".space-form[data-type='respond']")
    lists = form.locator(".each-row select")
    together = "the boarders together"
    assert lists.nth(0).locator("option").all_inner_texts() == [together, "Warden 1",
                                                                 "Warden 2"]

    def chosen() -> list[str]:
        return [lists.nth(n).evaluate("s => s.selectedOptions[0].textContent")
                for n in range(3)]

    assert chosen() == [together] * 3
    lists.nth(2).select_option(label="Warden 1")
    assert chosen() == ["Warden 1"] * 3
    lists.nth(0).select_option(label="Warden 2")
    lists.nth(1).select_option(label="Warden 2")
    assert chosen() == ["Warden 2", "Warden 2", "Warden 1"]
    _considered(page, game)
    _panel_shot(page, "divided-answer-crews.png")
    form.locator("button.check").click()
    action, said = _checked(page, game)
    assert action == Respond(FRIGATES, at=(1, 1, 0)).to_plain() and said.startswith("Allowed")
    lists.nth(1).select_option(label=together)
    assert chosen() == [together] * 3
    form.locator("button.check").click()
    action, said = _checked(page, game)
    assert action == {"type": "respond", "models": list(FRIGATES), "linked": False}
    assert game.ruleset.codec.decode(action) == Respond(FRIGATES)
    game.apply(DEFENDER, Respond(FRIGATES, at=(1, 1, 0)))
    assert ("1 of Warden 2's 1 boarding point falls to the defenders' fire, 2 more kills at "
            "it lost") in snapshot(game, DEFENDER)["log"]
    page.close()


def test_dw_multi_assault_a_referee_is_asked_for_each_roll_naming_who_rolls_at_whom(
    server: str, browser: Any  # noqa: F811
) -> None:
    """DW-MULTI-ASSAULT, DW-BOARD-ANSWER: in referee mode the divided answer waits on the
    faces of each roll, the dice box naming the tank rolling and the robot it rolls at
    ("Player 2 rolls for Yeoman 1 answer to boarders at Uhrwerk 1"), as the server asks
    (its own ``NeedFaces``, retried with the faces typed); the faces typed in the box are
    those the game then rolls."""
    game = boarded()
    page = _defender(server, browser, game)
    answer = Respond(TANKS, at=(0, 1, 1))
    rolled = [1, 1, 6, 6, 4, 1, 1, 1]  # then ones: Uhrwerk 2 loses a hull point
    typed: list[int] = []
    asked: list[str] = []
    for _ in range(10):
        game.set_dice(RefereeDice(_TypedFaces(typed).ask))
        try:
            game.apply(DEFENDER, answer)
            break
        except NeedFaces as need:
            roll = RollRequest(need.sides, need.count, need.label, DEFENDER, answer)
        finally:
            game.set_dice(None)
        message = {**snapshot(game, DEFENDER, deciding=False), "referee": True,
                   "roll": roll.to_plain(), "waiting_for_dice": True}
        page.evaluate("(m) => showState(m)", message)
        asked.append(page.inner_text("#dice-ask"))
        if len(asked) == 3:
            _shot(page, "divided-answer-referee.png")
        faces = [rolled.pop(0) if rolled else 1 for _ in range(roll.count)]
        page.fill("#dice-faces", " ".join(map(str, faces)))
        page.click("#dice-send")
        typed.extend(_sent(page, "faces")["faces"])
        page.evaluate("() => { acting = false; }")  # the server's answer, as it would come
    else:
        raise AssertionError(f"the answer still waits on dice after {asked}")
    ask = ("Player 2 rolls for Yeoman {} answer to boarders at Uhrwerk {}{}: roll 2 d6 and "
           "type the faces:")
    assert asked[:4] == [ask.format(1, 1, ""), ask.format(2, 2, ""),
                         ask.format(2, 2, " (exploding)"), ask.format(3, 2, "")], asked
    log = snapshot(game, DEFENDER)["log"]
    assert ("player 2 rolled 2d6 for Yeoman 2 answer to boarders at Uhrwerk 2 (exploding): "
            "4 1") in log
    assert "Uhrwerk 2 loses 1 hull point (5 hits against DR 5), 4 left" in log
    page.close()
