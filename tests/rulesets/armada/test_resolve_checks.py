"""Resolve before the checks rolled between decisions (ARM-OFF-RESOLVE): a morale check, a
rally's re-test, the admiral's helm check, a free attack and the boarders' check.

The seed lets an officer spend a resolve point before any check of its fleet to roll the
d20 twice and keep the better. Before each of these checks the fleet's armada is asked
(:class:`~warbench.rulesets.armada.resolve.ResolveOffer`) when an officer aboard has a
point left (the admiral's own points for its helm check), and nothing is rolled before
the answer; without such an officer the check rolls at once, as before.

Lance (fleet 0, destroyer, flagship) of Blue faces Grudge (capital, flagship) of Red; every
fleet is tier 3 (check modifier +2, AC 12). A chief engineer (ranks 0) helps no check of
these, so it stands for an officer that only carries resolve points.
"""

from __future__ import annotations

from typing import Any

import pytest

import warbench
from tests.rulesets.armada.helpers import battle, fleet, hold_position, skip_orders, texts
from warbench.core.actions import Action
from warbench.core.botspec import make_bot
from warbench.core.engine import Game, IllegalAction
from warbench.core.events import RollEffect
from warbench.core.luck import luck_report
from warbench.rulesets.armada.actions import EndOrders, Fire, HoldFire, Move, Order, SpendResolve
from warbench.rulesets.armada.bots import TacticianAgent
from warbench.rulesets.armada.engineering import OrdersWindow
from warbench.rulesets.armada.gunnery import GunneryPhase
from warbench.rulesets.armada.resolve import ResolveOffer
from warbench.rulesets.armada.state import INSPIRED, ROUTED, STEADY

LANCE = fleet("Lance", 3, "medium", "destroyer", "flagship")
GRUDGE = fleet("Grudge", 3, "medium", "capital", "flagship")
SPEND, KEEP = True, False
RULES = warbench.ruleset("armada")


def officer(name: str, aboard: str, resolve: int, role: str = "chief-engineer",
            ranks: int = 0) -> dict[str, Any]:
    return {"name": name, "role": role, "ranks": ranks, "fleet": aboard, "resolve": resolve}


def act(game: Game, *actions: Action) -> None:
    """Each action by the player who owes the decision now."""
    for action in actions:
        game.apply(game.pending()[0].player, action)


def refused(game: Game, player: int, action: Action, reason: str) -> None:
    """The action is refused for ``reason`` and the game is untouched."""
    before = game.hash()
    with pytest.raises(IllegalAction, match=reason):
        game.apply(player, action)
    assert game.hash() == before


def offered(game: Game, fleet_id: int) -> str:
    """The game waits for fleet ``fleet_id``'s armada to spend resolve or not: its prompt."""
    assert isinstance(game.top, ResolveOffer)
    (decision,) = game.pending()
    assert decision.player == game.state.fleets[fleet_id].side
    assert decision.options == (SpendResolve(fleet_id), SpendResolve(fleet_id, False))
    return decision.prompt


def not_offered(game: Game) -> None:
    assert not isinstance(game.top, ResolveOffer)
    assert not any(isinstance(option, SpendResolve)
                   for decision in game.pending() for option in decision.options)


def end_windows(game: Game) -> None:
    """No engineering orders from any armada."""
    while isinstance(game.top, OrdersWindow) and game.pending():
        act(game, EndOrders())


# ------------------------------------------------------------------------ morale


def halved_lance(dice: list[int], resolve: int) -> Game:
    """Lance (hull 10, no shields) with a chief engineer of ``resolve`` points; Grudge's hit
    (15 + 2 = 17 against AC 12, 2 + 1 damage) leaves it at 7, below its critical threshold
    of 8: critical damage (5: weapons), then the morale check against 10 + 3 // 2 = 11."""
    game = battle([LANCE], [GRUDGE], [[[0, 0, 0]], [[0, -3, 3]]], [1, 2, 1, 15, 2, 5, *dice],
                  blue_officers=[officer("Eng", "Lance", resolve)], max_rounds=1)
    skip_orders(game)
    hold_position(game)
    lance = game.state.fleets[0]
    lance.hull, lance.shields = 10, 0
    act(game, Fire(0, 1), Fire(1, 0))
    return game


@pytest.mark.parametrize(("answer", "morale", "check"), [
    (SPEND, INSPIRED, 14 + 2),  # max(3, 14) + 2 = 16 against 11: passed by 5
    (KEEP, ROUTED, 3 + 2),  # 3 + 2 = 5 against 11: failed by 6
])
def test_arm_off_resolve_morale_check_offered_and_spent_rolls_twice_keeping_the_better(
    answer: bool, morale: str, check: int
) -> None:
    """ARM-OFF-RESOLVE, ARM-MORALE-CHECK: an officer aboard with resolve: the fleet's armada
    is asked before the morale check, nothing rolled yet; spending rolls the d20 twice and
    keeps the better, the point spent; keeping it rolls once."""
    game = halved_lance([3, 14], resolve=2)
    assert offered(game, 0) == (
        "Lance's morale check against DC 11: should Eng (2 resolve points) spend one to roll "
        "the d20 twice and keep the better?")
    assert texts(game, "morale") == []  # no die rolled before the answer
    act(game, SpendResolve(0, answer))
    lance, eng = game.state.fleets[0], game.state.officers[0]
    assert (lance.morale, eng.resolve) == (morale, 2 - answer)
    assert texts(game, "morale") == [f"Lance tests morale: {check} against DC 11, now {morale}"]
    spent = ["Eng spends a resolve point on Lance's morale check against DC 11 (1 left)"]
    assert texts(game, "resolve_spent") == (spent if answer else [])
    effect = next(e for e in game.events if isinstance(e, RollEffect) and "morale" in e.purpose)
    assert (effect.query, effect.args) == (("morale", (2, 11, 5, 1)) if answer else ("", ()))
    assert luck_report([effect], game.luck_odds).rolls  # rated with the odds it had
    assert game.is_over


def test_arm_off_resolve_answers_in_words() -> None:
    """ARM-OFF-RESOLVE: the answers read in words naming the check waiting for them."""
    game = halved_lance([3, 14], resolve=2)
    assert RULES.action_text(game.state, SpendResolve(0)) == (
        "spend a resolve point on Lance's morale check against DC 11 (the d20 twice, the "
        "better kept)")
    assert RULES.action_text(game.state, SpendResolve(0, False)) == (
        "roll Lance's morale check against DC 11 once, keeping the resolve points")
    assert RULES.action_text(game.state, SpendResolve(1)).startswith(
        "spend a resolve point on Grudge's check")


def test_arm_off_resolve_morale_check_not_offered_without_resolve() -> None:
    """ARM-OFF-RESOLVE: no officer aboard with a resolve point left: the morale check rolls
    at once (3 + 2 = 5 against 11: routed), as it always did."""
    game = halved_lance([3, 14], resolve=0)
    assert game.is_over
    assert game.state.fleets[0].morale == ROUTED
    assert texts(game, "morale") == ["Lance tests morale: 5 against DC 11, now routed"]


def test_arm_off_resolve_none_while_communications_are_down() -> None:
    """ARM-OFF-RESOLVE, ARM-CRIT-COMMS: a fleet with communications down gets no officer's
    benefit, its own officer's resolve included: a shot with resolve is refused with the
    reason, and the morale check rolls at once (3 + 2 = 5 against 11: routed)."""
    game = battle([LANCE], [GRUDGE], [[[0, 0, 0]], [[0, -3, 3]]], [1, 2, 1, 15, 2, 5, 3, 14],
                  blue_officers=[officer("Eng", "Lance", 2)], max_rounds=1)
    skip_orders(game)
    lance = game.state.fleets[0]
    lance.criticals.append("communications")
    hold_position(game)
    lance.hull, lance.shields = 10, 0
    assert Fire(0, 1, resolve=True) not in game.pending()[0].options
    refused(game, 0, Fire(0, 1, resolve=True),
            "communications are down on Lance: no officer's resolve helps it")
    act(game, Fire(0, 1), Fire(1, 0))
    assert game.is_over
    assert (lance.morale, game.state.officers[0].resolve) == (ROUTED, 2)
    assert texts(game, "morale") == ["Lance tests morale: 5 against DC 11, now routed"]


def test_arm_off_resolve_refusals_give_reasons() -> None:
    """ARM-OFF-RESOLVE: spending resolve is refused, leaving the game untouched, for the
    other armada, on another fleet's check, or where no check waits for it."""
    game = halved_lance([3, 14], resolve=1)
    refused(game, 1, SpendResolve(0), r"player 2 owes no decision now \(waiting for player 1\)")
    refused(game, 0, SpendResolve(1), "spend resolve: fleet 1 is not a legal answer")
    refused(game, 0, HoldFire(0), "is not a legal answer to \"Lance's morale check")
    game = battle([LANCE], [GRUDGE], [[[0, 0, 0]], [[0, -3, 3]]], [1, 2],
                  blue_officers=[officer("Eng", "Lance", 1)])
    skip_orders(game)
    refused(game, 0, SpendResolve(0), "spend resolve: fleet 0 is not a legal answer to 'move")


def test_arm_off_resolve_a_routs_allied_tests_wait_behind_the_offer() -> None:
    """ARM-OFF-RESOLVE, ARM-MORALE-ALLIES: Lance (no resolve aboard) routs; Wing, within 2
    hexes at half hull, must test against Lance's AC: its armada is asked first (an officer
    aboard Wing has resolve), and the battle waits for the answer."""
    blue = [LANCE, fleet("Wing", 3, "small", "fighter")]
    game = battle(blue, [GRUDGE], [[[0, 0, 0], [1, 0, 0]], [[0, -3, 3]]],
                  [1, 2, 1, 15, 2, 5, 1, 4, 13],
                  blue_officers=[officer("Eng", "Wing", 1)], max_rounds=1)
    skip_orders(game)
    hold_position(game)
    state = game.state
    lance, wing = state.fleets[:2]
    lance.hull, lance.shields = 10, 0
    wing.hull = 2
    act(game, Fire(0, 2), Fire(2, 0), HoldFire(1))  # Lance: 1 + 2 = 3 against 11, routed
    assert lance.morale == ROUTED
    assert offered(game, 1).startswith("Wing's morale check against DC 12: should Eng")
    act(game, SpendResolve(1))  # max(4, 13) + 2 = 15 against 12: steady, spared this round
    assert (wing.morale, wing.morale_safe_round) == (STEADY, 1)
    assert texts(game, "morale")[-1] == "Wing tests morale: 15 against DC 12, now steady"


# ------------------------------------------------------------------------ rally


@pytest.mark.parametrize(("answer", "morale", "check"), [
    (SPEND, STEADY, 9 + 5),  # max(3, 9) + 2 + 3 (the rally) = 14 against 12
    (KEEP, ROUTED, 3 + 5),
])
def test_arm_off_resolve_rally_retest(answer: bool, morale: str, check: int) -> None:
    """ARM-OFF-RESOLVE, ARM-OFF-RALLY: the routed fleet's re-test after a rally waits for
    its armada's answer on resolve (an officer aboard Wing has a point); spending rolls
    twice and keeps the better."""
    blue = [LANCE, fleet("Wing", 3, "small", "fighter")]
    officers = [officer("Ada", "Lance", 0, "admiral", 6), officer("Eng", "Wing", 1)]
    game = battle(blue, [GRUDGE], [[[0, 0, 0], [1, 0, 0]], [[0, -3, 3]]], [3, 9],
                  blue_officers=officers, max_rounds=1)
    wing = game.state.fleets[1]
    wing.morale, wing.rout_dc = ROUTED, 12
    act(game, Order(0, "rally", 1))
    assert offered(game, 1).startswith("Wing's rally re-test against DC 12: should Eng (1 ")
    assert texts(game, "morale") == []
    act(game, SpendResolve(1, answer))
    assert (wing.morale, game.state.officers[1].resolve) == (morale, 1 - answer)
    assert texts(game, "morale") == [
        f"Wing tests morale to rally: {check} against DC 12, now {morale}"]
    assert isinstance(game.top, OrdersWindow)  # the engineering orders go on


def test_arm_off_resolve_rally_retest_not_offered_without_resolve() -> None:
    """ARM-OFF-RESOLVE, ARM-OFF-RALLY: nobody aboard Wing has resolve (the admiral's points
    are its own, aboard Lance): the re-test rolls at once; the admiral is next asked about
    its own helm check."""
    blue = [LANCE, fleet("Wing", 3, "small", "fighter")]
    officers = [officer("Ada", "Lance", 3, "admiral", 6)]
    game = battle(blue, [GRUDGE], [[[0, 0, 0], [1, 0, 0]], [[0, -3, 3]]], [3, 9],
                  blue_officers=officers, max_rounds=1)
    wing = game.state.fleets[1]
    wing.morale, wing.rout_dc = ROUTED, 12
    act(game, Order(0, "rally", 1))
    assert texts(game, "morale") == ["Wing tests morale to rally: 8 against DC 12, now routed"]
    assert offered(game, 0).startswith("Ada's helm check")  # the next check: Ada's own


# ------------------------------------------------------------------------ helm check


def test_arm_off_resolve_helm_check_every_admiral_answers_before_any_die() -> None:
    """ARM-OFF-RESOLVE, ARM-HELM-ADMIRAL: each admiral with resolve of its own is asked, in
    side order, before any helm check rolls (no side sees another's die first); a spent
    point rolls its d20 twice, the better kept."""
    blue = [officer("Ada", "Lance", 2, "admiral", 6)]
    red = [officer("Rex", "Grudge", 1, "admiral", 6)]
    game = battle([LANCE], [GRUDGE], [[[0, 0, 0]], [[0, -3, 3]]], [4, 17, 12],
                  blue_officers=blue, red_officers=red, max_rounds=1)
    end_windows(game)
    assert offered(game, 0) == (
        "Ada's helm check: should Ada (2 resolve points) spend one to roll the d20 twice and "
        "keep the better?")
    act(game, SpendResolve(0))
    assert offered(game, 1).startswith("Rex's helm check: should Rex (1 resolve point)")
    assert not [e for e in game.events if isinstance(e, RollEffect)]  # no die rolled yet
    act(game, SpendResolve(1, False))
    # Ada max(4, 17) + 3 + 2 = 22, Rex 12 + 3 + 2 = 17: Red moves first
    assert texts(game, "initiative") == [
        "movement order: Red, then Blue (the lower helm check moves first)"]
    assert [o.resolve for o in game.state.officers] == [1, 1]
    helm = [e for e in game.events if isinstance(e, RollEffect)]
    assert [(e.effect, e.query, e.args) for e in helm] == [(17, "d20", (1,)), (12, "", ())]
    assert game.pending()[0].player == 1  # Red's first move


def test_arm_off_resolve_helm_check_asked_again_for_a_tie() -> None:
    """ARM-OFF-RESOLVE, ARM-HELM-TIES, ARM-HELM-D6: a side without an admiral rolls 1d6 and is
    never asked; tied sides check again, and an admiral with a point left is asked again
    before the new check."""
    blue = [officer("Ada", "Lance", 1, "admiral", 6)]
    game = battle([LANCE], [GRUDGE], [[[0, 0, 0]], [[0, -3, 3]]], [1, 6, 3, 15, 4],
                  blue_officers=blue, max_rounds=1)
    end_windows(game)
    offered(game, 0)
    act(game, SpendResolve(0, False))  # Ada 1 + 3 + 2 = 6, Red's 1d6 6: a tie
    assert texts(game, "initiative") == []
    offered(game, 0)
    act(game, SpendResolve(0))  # Ada max(3, 15) + 5 = 20, Red 4: Red moves first
    assert texts(game, "initiative") == [
        "movement order: Red, then Blue (the lower helm check moves first)"]
    assert game.state.officers[0].resolve == 0
    assert texts(game, "resolve_spent") == [
        "Ada spends a resolve point on Ada's helm check (0 left)"]


# ------------------------------------------------------------------------ free attacks


def passing(red: list[dict[str, Any]], red_at: list[list[int]], dice: list[int],
            red_officers: list[dict[str, Any]]) -> Game:
    """Lance at 0,0 facing north, Red's fleets placed at ``red_at``; no engineering orders;
    Blue moves first (helm: 1d6 1 against 1d6 2)."""
    game = battle([LANCE], red, [[[0, 0, 0]], red_at], [1, 2, *dice],
                  red_officers=red_officers, max_rounds=1)
    end_windows(game)
    return game


@pytest.mark.parametrize(("answer", "lance_after"), [
    (SPEND, (0, 16 - 5)),  # max(3, 15) + 2 = 17 against 12: 9 + 1 = 10 damage
    (KEEP, (5, 16)),  # 3 + 2 = 5: a miss
])
def test_arm_off_resolve_free_attack(answer: bool, lance_after: tuple[int, int]) -> None:
    """ARM-OFF-RESOLVE, ARM-MOVE-FREE-ATTACK: Lance moves through Grudge's hex; before
    Grudge's free attack Red is asked (an officer aboard Grudge has resolve), the move made
    and nothing rolled yet; spending rolls the d20 twice and keeps the better."""
    game = passing([GRUDGE], [[0, -2, 3]], [3, 15, 9], [officer("Rex", "Grudge", 1)])
    act(game, Move(0, "FFF"))
    lance = game.state.fleets[0]
    assert (lance.q, lance.r) == (0, -3) and (lance.shields, lance.hull) == (5, 16)
    assert offered(game, 1).startswith("Grudge's free attack on Lance: should Rex (1 ")
    act(game, SpendResolve(1, answer))
    assert (lance.shields, lance.hull) == lance_after
    assert game.state.officers[0].resolve == 1 - answer
    attack = next(e for e in game.events if isinstance(e, RollEffect) and "free" in e.purpose)
    assert attack.args[-1] == answer  # rated as the better of two d20 when spent


def test_arm_off_resolve_free_attack_not_offered_without_resolve() -> None:
    """ARM-OFF-RESOLVE, ARM-MOVE-FREE-ATTACK: nobody aboard Grudge has resolve: its free
    attack rolls at once (3 + 2 = 5: a miss)."""
    game = passing([GRUDGE], [[0, -2, 3]], [3, 15, 9], [officer("Rex", "Grudge", 0)])
    act(game, Move(0, "FFF"))
    not_offered(game)
    assert texts(game, "miss") == ["Grudge's free attack misses Lance (5 against AC 12)"]


def test_arm_off_resolve_each_free_attack_of_a_move_waits_its_turn() -> None:
    """ARM-OFF-RESOLVE, ARM-STUNT-FLYBY-HALF: a failed flyby past Sting and Grudge draws both
    free attacks at half damage; each attacker's armada is asked before its attack, the
    second attack waiting until the first has landed."""
    red = [fleet("Sting", 3, "small", "destroyer"), GRUDGE]
    officers = [officer("Sam", "Sting", 1), officer("Rex", "Grudge", 1)]
    game = passing(red, [[0, -1, 3], [0, -2, 3]], [2, 15, 8, 1, 15, 3], officers)
    act(game, Move(0, "FFF", "flyby", target=2))  # 2 + 2 + 1 = 5 against 12: failed
    lance = game.state.fleets[0]
    assert offered(game, 1).startswith("Sting's free attack on Lance")
    act(game, SpendResolve(1, False))  # 15 + 2: 8 // 2 = 4 damage
    assert (lance.shields, lance.hull) == (1, 16)
    assert offered(game, 2).startswith("Grudge's free attack on Lance")
    act(game, SpendResolve(2))  # max(1, 15) + 2: (3 + 1) // 2 = 2 damage
    assert (lance.shields, lance.hull) == (0, 15)
    assert [o.resolve for o in game.state.officers] == [1, 0]
    assert not isinstance(game.top, ResolveOffer)


# ------------------------------------------------------------------------ boarders


@pytest.mark.parametrize(("answer", "boarding"), [(SPEND, 1), (KEEP, -1)])
def test_arm_off_resolve_boarders_check(answer: bool, boarding: int) -> None:
    """ARM-OFF-RESOLVE, ARM-ABILITY-BOARDERS: at the start of gunnery the boarders' check
    waits for Blue's answer (an officer aboard Lance has resolve); spent, max(2, 15) + 2 =
    17 against 12: (8 - 1) // 2 = 3 damage waits with the phase's hits; kept, 2 + 2 = 4
    misses and the boarders are captured."""
    blue = [fleet("Lance", 3, "medium", "destroyer", "flagship", "boarders")]
    game = battle(blue, [GRUDGE], [[[0, 0, 0]], [[0, -2, 3]]], [1, 2, 9, 2, 15, 8],
                  blue_officers=[officer("Eng", "Lance", 1)], max_rounds=1)
    end_windows(game)
    act(game, Move(0, "FFF", "flyby", target=1))  # 9 + 2 + 1 = 12 against AC 12: made
    hold_position(game)
    assert offered(game, 0).startswith("Lance's boarders' check against Grudge: should Eng")
    act(game, SpendResolve(0, answer))
    lance = game.state.fleets[0]
    assert (lance.boarding, game.state.officers[0].resolve) == (boarding, 1 - answer)
    phase = game.top
    assert isinstance(phase, GunneryPhase)
    assert [(hit.attacker, hit.target, hit.damage) for hit in phase.hits] == (
        [(0, 1, 3)] if answer else [])


def test_arm_off_resolve_boarders_check_not_offered_without_resolve() -> None:
    """ARM-OFF-RESOLVE, ARM-ABILITY-BOARDERS: nobody aboard Lance has resolve: the boarders
    roll at once (2 + 2 = 4: captured)."""
    blue = [fleet("Lance", 3, "medium", "destroyer", "flagship", "boarders")]
    game = battle(blue, [GRUDGE], [[[0, 0, 0]], [[0, -2, 3]]], [1, 2, 9, 2, 15, 8],
                  blue_officers=[officer("Eng", "Lance", 0)], max_rounds=1)
    end_windows(game)
    act(game, Move(0, "FFF", "flyby", target=1))
    hold_position(game)
    not_offered(game)
    assert texts(game, "boarders")[-1] == (
        "Lance's boarders are captured aboard Grudge (4 against AC 12)")


# ------------------------------------------------------------------------ bots


def tactician_answer(game: Game) -> Action:
    (decision,) = game.pending()
    return TacticianAgent(0).choose(game.observe(decision.player), decision)


def test_arm_bot_tactician_spends_resolve_where_the_second_die_counts() -> None:
    """ARM-BOT-TACTICIAN, ARM-OFF-RESOLVE: the tactician spends resolve on a morale check
    that may rout (a natural 1-4 routs Lance: 1/5, 1/25 with two dice) but not on one that
    cannot; on a doubtful free attack (Grudge hits Lance on 10+) but not a sure one; never on
    its admiral's helm check."""
    game = halved_lance([3, 14], resolve=1)
    assert tactician_answer(game) == SpendResolve(0)
    game.state.fleets[0].check_modifier = 12  # now nothing it rolls routs it
    assert tactician_answer(game) == SpendResolve(0, False)
    game = passing([GRUDGE], [[0, -2, 3]], [3, 15, 9], [officer("Rex", "Grudge", 1)])
    act(game, Move(0, "FFF"))
    assert tactician_answer(game) == SpendResolve(1)
    game.state.fleets[1].check_modifier = 12  # a sure hit
    assert tactician_answer(game) == SpendResolve(1, False)
    game = battle([LANCE], [GRUDGE], [[[0, 0, 0]], [[0, -3, 3]]], [],
                  blue_officers=[officer("Ada", "Lance", 2, "admiral", 6)])
    end_windows(game)
    assert tactician_answer(game) == SpendResolve(0, False)


def test_arm_bot_random_and_search_answer_the_offer() -> None:
    """ARM-BOT-RANDOM, ARM-BOT-SEARCH, ARM-OFF-RESOLVE: the random and the search bots answer
    a resolve offer with one of its options, and the battle plays on to its end; the
    tactician hands the search both answers as alternatives."""
    for name in ("random", "search:iterations=4,depth=6"):
        game = halved_lance([3, 14, 5, 5, 5], resolve=1)
        (decision,) = game.pending()
        bot = make_bot(RULES, name, 1)
        answer = bot.choose(game.observe(0), decision)
        assert answer in decision.options
        game.apply(0, answer)
        assert game.is_over
    game = halved_lance([3, 14], resolve=1)
    (decision,) = game.pending()
    lines = TacticianAgent(0).alternatives(game.observe(0), decision, 4)
    assert sorted(lines, key=str) == sorted(decision.options, key=str)
