"""Officers' orders, resolve, reach, role changes and moving between fleets (ARM-OFF-*).

Lance (fleet 0, destroyer, flagship) and Wing (fleet 1, fighter) of Blue face Grudge
(fleet 2, capital, flagship) of Red; every fleet is tier 3 (check modifier +2, AC 12).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import warbench
from tests.rulesets.armada.helpers import battle, fleet, hold_position, in_gunnery, texts
from warbench.core.actions import Action
from warbench.core.engine import Game, IllegalAction
from warbench.rulesets.armada.actions import EndOrders, Fire, HoldFire, Move, Order
from warbench.rulesets.armada.combat import armor_class, gunnery_for, range_band
from warbench.rulesets.armada.damage import critical_damage, suffer
from warbench.rulesets.armada.data import shipped_tables
from warbench.rulesets.armada.engineering import OrdersWindow
from warbench.rulesets.armada.helm import HelmPhase
from warbench.rulesets.armada.morale import morale_check_modifier
from warbench.rulesets.armada.moves import fleet_speed, turn_distance
from warbench.rulesets.armada.order_space import OrderSpace
from warbench.rulesets.armada.state import ROUTED, STEADY, Phase

TABLES = shipped_tables()
BLUE = [fleet("Lance", 3, "medium", "destroyer", "flagship"), fleet("Wing", 3, "small", "fighter")]
RED = [fleet("Grudge", 3, "medium", "capital", "flagship")]


def officer(name: str, role: str, aboard: str, ranks: int = 6, **extra: Any) -> dict[str, Any]:
    return {"name": name, "role": role, "ranks": ranks, "fleet": aboard, **extra}


def start(
    dice: list[int],
    blue_officers: list[dict[str, Any]],
    red_officers: list[dict[str, Any]] | None = None,
    grudge_at: tuple[int, int, int] = (0, -3, 3),
    **setup: Any,
) -> Game:
    """The battle at the first decision: Lance at 0,0 and Wing at 1,0 facing north."""
    setup.setdefault("max_rounds", 2)
    places = [[[0, 0, 0], [1, 0, 0]], [list(grudge_at)]]
    return battle(BLUE, RED, places, dice, blue_officers=blue_officers,
                  red_officers=red_officers, **setup)


def act(game: Game, *actions: Action) -> None:
    """Each action by the player who owes the decision now."""
    for action in actions:
        game.apply(game.pending()[0].player, action)


def end_window(game: Game) -> None:
    """End the engineering orders of every armada still to give them."""
    while isinstance(game.top, OrdersWindow) and game.pending():
        act(game, EndOrders())


def refused(game: Game, action: Action, reason: str) -> None:
    """The action is refused for ``reason`` and the game is untouched."""
    before = game.hash()
    with pytest.raises(IllegalAction, match=reason):
        act(game, action)
    assert game.hash() == before


def hold_fire(game: Game) -> None:
    while in_gunnery(game) and game.pending():
        decision = game.pending()[0]
        act(game, next(o for o in decision.options if isinstance(o, HoldFire)))


def test_arm_off_action_refusals_give_reasons() -> None:
    """ARM-OFF-ACTION, ARM-OFF-RANGE, ARM-OFF-RESOLVE: an order in the wrong phase, by the
    wrong role, of the other armada, out of reach, twice, or spending resolve the officer
    lacks, is refused with the reason and leaves the game untouched."""
    blue = [officer("Ada", "admiral", "Lance"), officer("Eng", "chief-engineer", "Wing", 0),
            officer("Tec", "chief-technician", "Wing")]
    red = [officer("Spe", "chief-spellcaster", "Grudge")]
    game = start([10], blue, red, grudge_at=(0, -8, 3))
    assert isinstance(game.top, OrdersWindow) and game.pending()[0].player == 0
    refused(game, Order(2, "jam", 2), "jam is an order of the gunnery phase")
    refused(game, Order(0, "boost", 1, choice="speed"), "Ada is the admiral; boost is an order")
    refused(game, Order(3, "enchant", 2), "Spe serves another armada")
    refused(game, Order(1, "boost", 1, choice="warp"), "boost what")
    refused(game, Order(1, "repair", 0, choice="engines"), "Lance has no 'engines' damage")
    refused(game, Order(1, "boost", 2, choice="speed"), "boost needs a fleet of its own armada")
    refused(game, Order(1, "boost", 1, choice="speed", resolve=True), "no resolve points")
    refused(game, Order(0, "rally", 2), "rally needs a fleet of its own armada")
    act(game, Order(1, "boost", 1, choice="damage"))  # 10 + 2 + 2 = 14 against AC 12
    assert game.state.fleets[1].this_round.damage_bonus == 2
    refused(game, Order(1, "boost", 0, choice="speed"), "Eng has already given an order")


@pytest.mark.parametrize(("order", "rule"), [
    (Order(0, "boost", 2, choice="damage"), "ARM-OFF-BOOST"),
    (Order(0, "repair", 2, choice="weapons"), "ARM-OFF-REPAIR"),
    (Order(1, "enchant", 2), "ARM-OFF-ENCHANT"),
])
def test_arm_off_boost_repair_and_enchant_help_only_own_fleets(order: Order, rule: str) -> None:
    """ARM-OFF-BOOST, ARM-OFF-REPAIR, ARM-OFF-ENCHANT: a chief engineer boosts and repairs,
    a chief spellcaster enchants, fleets of their own armada only: the order on the enemy
    Grudge (in reach, with weapons damage to repair) is refused naming the rule, and none of
    the orders offered aims at it."""
    blue = [officer("Eng", "chief-engineer", "Wing"), officer("Spe", "chief-spellcaster", "Lance")]
    game = start([10, 1, 2], blue)  # the boost, the helm checks
    game.state.fleets[2].criticals.append("weapons")
    game.state.fleets[1].criticals.append("weapons")
    refused(game, order, rf"{order.order} needs a fleet of its own armada, not Grudge \({rule}\)")
    offered = OrderSpace(game.state, TABLES, 0, Phase.ENGINEERING).candidates()
    aims = {(o.order, o.fleet) for o in offered if isinstance(o, Order)}
    assert ("repair", 1) in aims and ("boost", 0) in aims and ("enchant", 0) in aims
    assert not [aim for aim in aims if aim[1] == 2]


def test_arm_off_range_long_or_extreme_on_the_flagship() -> None:
    """ARM-OFF-RANGE, ARM-ABILITY-FLAGSHIP-RANGE: an officer reaches its fleet's long range
    (fighter: 6 hexes), on the flagship the extreme range (destroyer: 12)."""
    blue = [officer("Ada", "admiral", "Lance"), officer("Tec", "chief-technician", "Wing")]
    game = start([1, 1, 1], blue, grudge_at=(0, -12, 3))
    end_window(game)
    act(game, Move(2))  # Ada 1 + 3 + 2 = 6 against Red's 1d6 (1): Red moves first
    helm = game.top
    assert isinstance(helm, HelmPhase)
    act(game, Order(0, "taunt", 2))  # 12 hexes from the flagship: in reach; 1+3+2 fails
    assert texts(game, "order") == ["Ada orders taunt on Grudge: 6 against 12, fails"]
    assert helm.current == 0 and helm.committed  # Lance must move next
    refused(game, Move(1), "may not move now")
    refused(game, Order(1, "scan", 2), "not a legal answer")  # Lance's officers only, now
    act(game, Move(0))
    refused(game, Order(1, "scan", 2), "Grudge is 13 hexes from Wing, beyond Tec's reach of 6")


def test_arm_off_rally_restores_a_routed_fleet() -> None:
    """ARM-OFF-RALLY, ARM-MORALE-ROUT-END: the admiral's bonus to morale this round; a routed
    fleet tests again against the DC that routed it and stops fleeing on a success."""
    blue = [officer("Ada", "admiral", "Lance")]
    for face, morale in ((7, STEADY), (6, ROUTED)):
        game = start([face, 1, 1], blue)
        wing = game.state.fleets[1]
        wing.morale, wing.rout_dc = ROUTED, 12
        act(game, Order(0, "rally", 1))  # face + 2 + 3 against 12
        assert wing.morale == morale
        assert texts(game, "morale") == [
            f"Wing tests morale to rally: {face + 5} against DC 12, now {morale}"]
        assert morale_check_modifier(game.state, wing) == 2 + 3


def test_arm_off_encourage_adds_to_the_next_check() -> None:
    """ARM-OFF-ENCOURAGE: DC 10; the next check of the fleet gains the admiral's bonus in
    place of its own officer bonus (they do not stack), or +1 if that is more."""
    blue = [officer("Ada", "admiral", "Lance", 12), officer("Tec", "chief-technician", "Lance")]
    # helm: Ada 1 + 4 + 2 = 7, Red 1d6 = 6: Red moves and fires first
    game = start([1, 6, 4, 5, 9], blue)
    hold_position(game)
    act(game, HoldFire(2))
    act(game, Order(0, "encourage", 0))  # 4 + 4 + 2 = 10 against DC 10
    assert game.state.fleets[0].this_round.encouraged == 4
    act(game, Fire(0, 2))  # 5 + 2 + 3 (technician) + 1 (encouraged: 4 - 3) = 11 against 13
    assert texts(game, "miss") == ["Lance misses Grudge (11 against AC 13, short range)"]
    assert game.state.fleets[0].this_round.encouraged == 0


def test_arm_off_encourage_a_free_attack_is_a_check_that_takes_it() -> None:
    """ARM-OFF-ENCOURAGE (l.145, our translation: before the fleet makes the check the
    admiral's DC 10 check grants its officer bonus, or +1, to the check it triggered): a
    free attack is a check of the fleet like any other, so the encouragement pending on
    Grudge goes to the free attack Lance draws by passing through its hex. Before version
    0.12 free attacks, boarders' checks and shots at a mine left it pending for a later
    check."""
    game = start([20, 1, 10, 6, 3], [officer("Bo", "admiral", "Lance")],
                 [officer("Ada", "admiral", "Grudge", 12)])
    end_window(game)  # helm: Bo 20 + 2 + 2 = 24, Ada 1 + 4 + 2 = 7: Red moves first
    act(game, Move(2), Order(1, "encourage", 2))  # 10 + 4 + 2 = 16 against DC 10
    assert game.state.fleets[2].this_round.encouraged == 4
    act(game, Move(0, "FFFF"))  # through Grudge's hex: 6 + 2 + 4 (encouraged) = 12 against 12
    assert texts(game, "hit") == [
        "Grudge's free attack hits Lance (12 against AC 12): 4 damage (shields first)"]
    assert game.state.fleets[2].this_round.encouraged == 0


def test_arm_off_taunt_until_the_next_helm_phase_once_per_enemy() -> None:
    """ARM-OFF-TAUNT: a check against the enemy's AC; on success -(1 + bonus/2) to all its
    checks until the start of the next helm phase; never again against that fleet."""
    blue = [officer("Ada", "admiral", "Lance", 12)]  # bonus 4: penalty 3
    game = start([1, 6, 8, 1, 6], blue)
    end_window(game)
    act(game, Move(2))  # Red moves first
    act(game, Order(0, "taunt", 2))  # 8 + 4 + 2 = 14 against 12
    grudge = game.state.fleets[2]
    assert grudge.taunt_penalty == 3
    act(game, Move(0), Move(1))
    gunnery = gunnery_for(game.state, TABLES, grudge, game.state.fleets[0])
    assert gunnery.modifier == 2 - 3
    hold_fire(game)
    assert isinstance(game.top, OrdersWindow)
    assert grudge.taunt_penalty == 3  # still through the next engineering phase
    end_window(game)
    assert isinstance(game.top, HelmPhase)
    assert grudge.taunt_penalty == 0
    act(game, Move(2))
    refused(game, Order(0, "taunt", 2), "Ada has already taunted Grudge")


def test_arm_off_conjure_debris_damages_and_hinders() -> None:
    """ARM-OFF-CONJURE: DC 10; fleets ending their move in the hex or next to it take the
    officer bonus in damage, and attacks through it take -1, to the end of the round."""
    blue = [officer("Sab", "chief-spellcaster", "Lance")]
    game = start([8, 2, 1], blue, max_rounds=1)
    act(game, Order(0, "conjure", q=0, r=-2))  # 8 + 3 + 2 = 13 against DC 10
    end_window(game)
    state = game.state
    lance, _, grudge = state.fleets
    assert gunnery_for(state, TABLES, lance, grudge).modifier == 2 - 1
    act(game, Move(2))  # Red first; Grudge stands next to the debris: 3 damage to shields
    assert (grudge.shields, grudge.hull) == (5 - 3, 16)
    assert texts(game, "debris") == ["Grudge ends its move in the debris: 3 damage"]
    hold_position(game)
    hold_fire(game)
    assert state.debris == []


def test_arm_off_conjure_close_attacks_take_no_debris_penalty() -> None:
    """ARM-OFF-CONJURE, ARM-MOVE-FREE-ATTACK (engine reading): a close attack (a free
    attack, a self-destruct's, the attack on the enemy flown by, boarders) counts as made
    at 1 hex whatever lies between, so debris on the line, or around either fleet, gives it
    no -1; Lance's ordinary attack through the same debris takes it."""
    blue = [officer("Sab", "chief-spellcaster", "Lance")]
    game = start([8, 2, 1], blue, max_rounds=1)
    act(game, Order(0, "conjure", q=0, r=-2))  # 8 + 3 + 2 = 13 against DC 10
    end_window(game)
    state = game.state
    lance, _, grudge = state.fleets
    assert gunnery_for(state, TABLES, lance, grudge).modifier == 2 - 1
    assert gunnery_for(state, TABLES, lance, grudge, close=True).modifier == 2
    assert gunnery_for(state, TABLES, grudge, lance, close=True).modifier == 2  # in the debris


def test_arm_off_enchant_range_and_criticals() -> None:
    """ARM-OFF-ENCHANT: a check against the fleet's AC; +2 hexes to each range band and
    criticals on 19-20 this round."""
    blue = [officer("Sab", "chief-spellcaster", "Lance")]
    game = start([7, 1, 2], blue, grudge_at=(0, -6, 3))
    state = game.state
    lance, _, grudge = state.fleets
    assert range_band(TABLES, lance, grudge).name == "long"  # type: ignore[union-attr]
    act(game, Order(0, "enchant", 0))  # 7 + 3 + 2 = 12 against 12
    assert range_band(TABLES, lance, grudge).name == "short"  # type: ignore[union-attr]
    assert gunnery_for(state, TABLES, lance, grudge).critical_from == 19


def test_arm_off_precognition_adds_1d4_to_the_admirals_helm_check() -> None:
    """ARM-OFF-PRECOGNITION: DC 10; the admiral adds 1d4 to the next helm check."""
    blue = [officer("Ada", "admiral", "Lance"), officer("Sab", "chief-spellcaster", "Wing")]
    game = start([5, 2, 3, 4], blue)
    act(game, Order(1, "precognition"))  # 5 + 3 + 2 = 10
    end_window(game)
    # Ada 2 + 3 + 2 + 1d4 (4) = 11 against Red's 1d6 (3): Red moves first
    assert texts(game, "initiative") == [
        "movement order: Red, then Blue (the lower helm check moves first)"]
    assert game.pending()[0].player == 1


@pytest.mark.parametrize(
    ("choice", "dice", "check"),
    [("speed", [9, 2], lambda w: fleet_speed(w) == 6 + 2),
     ("turn", [9], lambda w: turn_distance(w) == 0),
     ("damage", [9], lambda w: w.this_round.damage_bonus == 2),
     ("shields", [9], lambda w: w.shields == 1 + 2)],
)
def test_arm_off_boost_options(choice: str, dice: list[int], check: Any) -> None:
    """ARM-OFF-BOOST: a check against the fleet's AC: +1d2 speed, -1 turn distance, the
    bonus to the shields regained this phase, or the bonus to damage rolls this round."""
    blue = [officer("Eng", "chief-engineer", "Wing", 0)]  # bonus 2
    game = start([*dice, 1, 1, 2], blue)  # Wing regains 1d4 (1) shields
    wing = game.state.fleets[1]
    wing.shields = 0
    if choice == "turn":
        wing.turn_distance = 1
    act(game, Order(0, "boost", 1, choice=choice))
    end_window(game)
    assert check(wing)


def test_arm_off_repair_ignores_a_condition_for_rounds() -> None:
    """ARM-OFF-REPAIR, ARM-CRIT-DURATION: a check against the fleet's AC; the condition is
    ignored this round and one more per 5 by which the check beats AC, then returns."""
    blue = [officer("Eng", "chief-engineer", "Lance", 12)]  # bonus 4
    game = start([12, 1, 2, 1, 2, 1, 2], blue, max_rounds=3)
    lance = game.state.fleets[0]
    lance.criticals.append("engines")
    act(game, Order(0, "repair", 0, choice="engines"))  # 12 + 4 + 2 = 18: 6 over: 2 rounds
    assert lance.criticals == [] and fleet_speed(lance) == 5
    end_window(game)
    for round_ in (1, 2):
        assert game.state.round == round_ and "engines" not in lance.criticals
        hold_position(game)
        hold_fire(game)
        end_window(game)
    assert lance.criticals == ["engines"]


def test_arm_off_jam_silences_an_officer_next_round() -> None:
    """ARM-OFF-JAM: in gunnery, a check against the enemy's AC; next round the chosen officer
    gives no bonus and no order, and no other order can affect that fleet."""
    blue = [officer("Tec", "chief-technician", "Lance")]
    red = [officer("Sab", "chief-spellcaster", "Grudge", 12)]
    game = start([1, 6, 9, 1, 6], blue, red)
    end_window(game)
    hold_position(game)
    act(game, Order(0, "jam", 2, choice="Sab"))  # 9 + 3 + 2 = 14 against 12
    act(game, HoldFire(0), HoldFire(2), HoldFire(1))
    state = game.state
    lance, _, grudge = state.fleets
    assert state.round == 2 and state.officers[1].jammed_round == 2
    assert armor_class(state, grudge, lance) == 12 + 1  # no spellcaster bonus this round
    assert isinstance(game.top, OrdersWindow) and game.pending()[0].player == 0
    act(game, EndOrders())  # Sab, jammed, has no order to give: Red's window is skipped
    assert isinstance(game.top, HelmPhase)
    refused(game, Order(0, "scan", 2), "Grudge is jammed: no officer's order can affect it")


def test_arm_off_jam_conjured_debris_leaves_the_jammed_fleet_alone() -> None:
    """ARM-OFF-JAM (l.164: for the next round no other officer action can affect the
    jammed fleet), ARM-OFF-CONJURE: debris conjured in the round Grudge is jammed neither
    strikes it when it ends its move there nor hinders its attacks through it; Lance, not
    jammed, still takes the -1. Before version 0.14 the jam kept only the orders naming the
    fleet off it, and Grudge took 3 damage."""
    blue = [officer("Tec", "chief-technician", "Lance"),
            officer("Sab", "chief-spellcaster", "Lance")]
    game = start([1, 6, 9, 8, 1, 6], blue)
    end_window(game)
    hold_position(game)
    act(game, Order(0, "jam", 2))  # 9 + 3 + 2 = 14 against 12
    act(game, HoldFire(0), HoldFire(2), HoldFire(1))
    state = game.state
    lance, _, grudge = state.fleets
    assert state.round == 2 and grudge.jammed_round == 2
    act(game, Order(1, "conjure", q=0, r=-2))  # 8 + 3 + 2 = 13 against DC 10
    end_window(game)
    assert gunnery_for(state, TABLES, grudge, lance).modifier == 2  # no -1 for the debris
    assert gunnery_for(state, TABLES, lance, grudge).modifier == 2 + 3 - 1  # Tec aboard
    hold_position(game)  # Grudge stays next to the debris's centre
    assert (grudge.shields, grudge.hull) == (5, 16)
    assert texts(game, "debris") == []


def test_arm_off_jam_no_officer_moves_aboard_the_jammed_fleet() -> None:
    """ARM-OFF-JAM, ARM-OFF-MOVE (l.164: no other officer action may affect the jammed
    fleet): an officer's move aboard Wing, jammed this round, would bring Wing its passive
    bonus, so it is refused; before version 0.14 it was allowed."""
    blue = [officer("Eng", "chief-engineer", "Lance")]
    red = [officer("Tec", "chief-technician", "Grudge")]
    game = start([1, 6, 9], blue, red)
    end_window(game)
    hold_position(game)
    act(game, HoldFire(0), Order(1, "jam", 1))  # 9 + 3 + 2 = 14 against Wing's 12
    act(game, HoldFire(2), HoldFire(1))
    assert game.state.round == 2 and game.state.fleets[1].jammed_round == 2
    refused(game, Order(0, "transfer", 1),
            r"Wing is jammed: no officer may move aboard it this round \(ARM-OFF-JAM")


def test_arm_off_jam_a_repair_made_before_keeps_holding_off_its_condition() -> None:
    """ARM-OFF-JAM (engine reading): what an order carried out before the jammed round
    still does to the fleet stays: Eng's repair of Wing's weapons, beating its AC by 8, holds
    them off through round 2, the round Wing is jammed."""
    blue = [officer("Eng", "chief-engineer", "Lance")]
    red = [officer("Tec", "chief-technician", "Grudge")]
    game = start([15, 1, 6, 9], blue, red)
    wing = game.state.fleets[1]
    wing.criticals.append("weapons")
    act(game, Order(0, "repair", 1, choice="weapons"))  # 15 + 3 + 2 = 20 against 12
    end_window(game)
    hold_position(game)
    act(game, HoldFire(0), Order(1, "jam", 1))  # 9 + 3 + 2 = 14 against 12
    act(game, HoldFire(2), HoldFire(1))
    assert game.state.round == 2 and wing.jammed_round == 2
    assert "weapons" not in wing.criticals and wing.repairs == [("weapons", 2)]


def test_arm_off_jam_naming_no_officer_picks_one_still_at_work() -> None:
    """ARM-OFF-JAM (l.164, l.175): a jam naming no officer falls on one at random among
    those aboard that are not incapacitated: with Sab incapacitated, the commander is
    jammed, and the random pick is a die of one."""
    blue = [officer("Tec", "chief-technician", "Lance")]
    red = [officer("Sab", "chief-spellcaster", "Grudge", 12), officer("Com", "commander", "Grudge")]
    game = start([1, 6, 9, 1, 1, 6], blue, red)
    sab, com = game.state.officers[1], game.state.officers[2]
    sab.incapacitated = True
    end_window(game)
    hold_position(game)
    act(game, Order(0, "jam", 2))
    assert com.jammed_round == 2 and sab.jammed_round != 2
    assert any("jams Grudge and Com" in text for text in texts(game, "order_effect"))


def test_arm_off_scan_reveals_one_more_per_5() -> None:
    """ARM-OFF-SCAN: a check with +5 against the fleet's AC reveals its statistics, then its
    abilities, then its officers, one more for each 5 it beats the AC by; only the scanning
    armada sees what was learned. The scan looks at another fleet, never its own."""
    blue = [officer("Tec", "chief-technician", "Lance")]
    game = start([6, 1, 8], blue)
    end_window(game)
    act(game, Move(2))
    refused(game, Order(0, "scan", 0), r"scan looks at another fleet, not Lance \(ARM-OFF-SCAN\)")
    act(game, Order(0, "scan", 2))  # 8 + 3 + 2 + 5 = 18 against 12: 6 over, two results
    [scan] = [event for event in game.events if event.kind == "scan"]
    assert scan.text == "Tec scans Grudge: learns its statistics, special abilities"
    assert scan.data["abilities"] == ["flagship"] and scan.data["statistics"]["hull"] == 16
    assert scan.visible_to_player(0) and not scan.visible_to_player(1)
    assert game.state.fleets[2].scanned == [2, 0]


def test_arm_off_scan_second_result_names_the_targets_matchups() -> None:
    """ARM-OFF-SCAN: the second result (special abilities) also tells which fleet classes
    the target is strong and weak against; the first alone tells neither."""
    blue = [officer("Tec", "chief-technician", "Lance")]
    for face, learned in ((8, 2), (4, 1)):
        game = start([6, 1, face], blue)
        end_window(game)
        act(game, Move(2))
        act(game, Order(0, "scan", 2))  # face + 3 + 2 + 5 against 12: 18 two, 14 one
        [scan] = [event for event in game.events if event.kind == "scan"]
        matchups = (scan.data["strong_against"], scan.data["weak_against"])
        # Grudge is a capital fleet
        assert matchups == ((["destroyer"], ["fighter"]) if learned == 2 else (None, None))


def test_arm_off_target_locks_an_ally_on_an_enemy() -> None:
    """ARM-OFF-TARGET: a check against the enemy's AC; the ally gets +1 and criticals on
    19-20 against that enemy to the end of the round."""
    blue = [officer("Tec", "chief-technician", "Lance")]
    game = start([6, 1, 7], blue)
    end_window(game)
    act(game, Move(2))
    act(game, Order(0, "target", 2, ally=1))  # 7 + 3 + 2 = 12
    state = game.state
    wing, grudge = state.fleets[1], state.fleets[2]
    locked = gunnery_for(state, TABLES, wing, grudge)
    assert locked.modifier == 2 - 2 + 1 and locked.critical_from == 19  # long range


def test_arm_off_orders_a_wrong_target_or_choice_is_refused_with_the_reason() -> None:
    """ARM-OFF-DIRECT, ARM-OFF-TARGET, ARM-OFF-JAM: an order naming what the rules do not
    allow is refused, naming it, and the game is untouched: a direction to something other
    than gunnery or AC, or to another fleet than the commander's own; a target lock whose
    "ally" is the enemy, or no fleet at all; a jam of an officer not aboard the target."""
    blue = [officer("Cmd", "commander", "Lance"), officer("Tec", "chief-technician", "Lance")]
    red = [officer("Sab", "chief-spellcaster", "Grudge")]
    game = start([6, 1], blue, red)
    end_window(game)
    act(game, Move(2))
    refused(game, Order(0, "direct", choice="speed"),
            "direct the bonus to gunnery or ac, not 'speed'")
    refused(game, Order(0, "direct", 1, choice="gunnery"), "direct affects only Cmd's own fleet")
    refused(game, Order(1, "target", 2, ally=2), "Grudge is not an allied fleet")
    refused(game, Order(1, "target", 2, ally=7), "ally: there is no fleet 7")
    hold_position(game)
    act(game, HoldFire(2))
    refused(game, Order(1, "jam", 2, choice="Nobody"),
            r"'Nobody' is not aboard Grudge \(aboard: Sab; ARM-OFF-JAM\)")
    assert game.check(0, Order(1, "jam", 2, choice="Sab")) is None


def test_arm_off_resolve_rolls_twice_and_keeps_the_better() -> None:
    """ARM-OFF-RESOLVE: spending a resolve point rolls a check's d20 twice, keeping the
    better: for an order, a gunnery check and a stunt."""
    blue = [officer("Eng", "chief-engineer", "Wing", 0, resolve=1),
            officer("Tec", "chief-technician", "Lance", resolve=1)]
    game = start([3, 9, 6, 1, 2, 15, 4], blue)
    act(game, Order(0, "boost", 1, choice="damage", resolve=True))  # max(3, 9) + 4 = 13
    assert game.state.officers[0].resolve == 0
    assert game.state.fleets[1].this_round.damage_bonus == 2
    end_window(game)
    hold_position(game)
    act(game, HoldFire(2))
    refused(game, Fire(1, 2, resolve=True), "no officer aboard Wing has a resolve point")
    act(game, Fire(0, 2, resolve=True))  # max(2, 15) + 2 + 3 = 20 against 13: hit
    assert texts(game, "hit")[0].startswith("Lance hits Grudge (20 against AC 13")


def test_arm_off_resolve_the_orders_offered_are_every_legal_one_with_and_without_resolve() -> None:
    """ARM-OFF-RESOLVE: along random battles, each order space offers every order of its
    officers' that the rules accept, with resolve (where the order has a check and the
    officer a point left) and without, and nothing the rules refuse."""
    from warbench.core.agents import RandomAgent
    from warbench.core.match import play_next_decision
    rules = warbench.ruleset("armada")
    spaces = resolved = 0
    for seed in range(3):
        game = Game.new(rules, seed=seed, players=2)
        for index, each in enumerate(game.state.officers):
            each.resolve = index % 3  # the shipped armadas' officers have none
        agents = [RandomAgent(seed), RandomAgent(seed + 7)]
        while not game.is_over and spaces < 120:
            for space in game.pending()[0].spaces:
                if not isinstance(space, OrderSpace):
                    continue
                spaces += 1
                state, tables = game.state, game.data.tables
                offered = {o for o in space.candidates() if isinstance(o, Order)}
                every = set()
                for index, officer in enumerate(state.officers):
                    for name in [*tables.roles[officer.role].orders, "transfer"]:
                        rule = tables.orders[name]
                        for order in _every_order(state, tables, index, name):
                            every.add(order)
                            if rule.check != "none":  # nothing to roll twice otherwise
                                every.add(dataclasses.replace(order, resolve=True))
                assert offered == {o for o in every if space.validate(o) is None}
                resolved += sum(o.resolve for o in offered)
            play_next_decision(game, agents)
    assert spaces > 20 and resolved > 0


def _every_order(state: Any, tables: Any, index: int, name: str) -> list[Order]:
    """Officer ``index``'s order ``name`` in the form the order space offers it, at every
    fleet, hex, pair and choice there is, whatever the rules say of them (destroyed fleets,
    either side): what the space must pick the legal ones from."""
    from warbench.rulesets.armada.officers import BOOSTS, DIRECTIONS

    fleets, target = state.fleets, tables.orders[name].target
    if target == "none":
        return [Order(index, name)]
    if target == "own":
        return [Order(index, name, choice=choice) for choice in DIRECTIONS]
    if target == "hex":
        return [Order(index, name, q=f.q, r=f.r) for f in fleets]
    if target == "enemy-and-ally":
        return [Order(index, name, f.id, g.id) for f in fleets for g in fleets]
    if name == "boost":
        return [Order(index, name, f.id, choice=choice) for f in fleets for choice in BOOSTS]
    if name == "repair":
        return [Order(index, name, f.id, choice=c) for f in fleets for c in f.criticals]
    return [Order(index, name, f.id) for f in fleets]


def test_arm_crit_comms_down_fleet_gets_no_officer_benefit_and_affects_no_other() -> None:
    """ARM-CRIT-COMMS: with communications down, no officer's order may help the fleet (its
    own officers' or another fleet's), and its officers cannot affect other fleets, not even
    by conjuring debris on a hex; repairing the communications themselves is allowed."""
    blue = [officer("Eng", "chief-engineer", "Lance"), officer("Spe", "chief-spellcaster", "Lance"),
            officer("Ada", "admiral", "Wing")]
    game = start([10, 1, 2], blue)  # the boost, the helm checks
    game.state.fleets[0].criticals.append("communications")
    down = "communications are down on Lance: it gets no officer's benefit"
    refused(game, Order(0, "boost", 0, choice="damage"), down)
    refused(game, Order(2, "encourage", 0), down)
    refused(game, Order(1, "enchant", 0), down)
    refused(game, Order(1, "conjure", q=0, r=-3),
            "communications are down on Lance: its officers cannot affect other fleets")
    offered = OrderSpace(game.state, TABLES, 0, Phase.ENGINEERING).candidates()
    aims = {(o.order, o.fleet, o.choice) for o in offered if isinstance(o, Order)}
    helping_lance = [aim for aim in aims if aim[1] == 0 and aim[0] not in ("repair", "transfer")]
    assert not helping_lance and not [aim for aim in aims if aim[0] == "conjure"]
    assert ("repair", 0, "communications") in aims
    act(game, Order(0, "repair", 0, choice="communications"))  # 10 + 3 + 2 against 12
    assert not game.state.comms_down(game.state.fleets[0])


def test_arm_crit_comms_effects_its_officers_gave_other_fleets_stay() -> None:
    """ARM-CRIT-COMMS (engine reading): a fleet whose communications go down cannot have its
    officers affect other fleets from then on, but what they already gave another fleet
    this round stays: Eng's boost to Wing's damage outlasts Lance's communications."""
    blue = [officer("Eng", "chief-engineer", "Lance")]
    game = start([10, 1, 2], blue)  # the boost, the helm checks
    state = game.state
    lance, wing, grudge = state.fleets
    act(game, Order(0, "boost", 1, choice="damage"))  # 10 + 3 + 2 against 12
    suffer(lance, "communications", None)
    assert state.comms_down(lance)
    assert gunnery_for(state, TABLES, wing, grudge).bonus_damage == 3


def test_arm_crit_comms_going_down_ends_the_officers_effects_on_the_fleet() -> None:
    """ARM-CRIT-COMMS: a boost already on the fleet stops applying when a critical takes
    its communications down."""
    blue = [officer("Eng", "chief-engineer", "Wing")]
    # the boost, Grudge's and Wing's shields regained, the helm checks, the critical (2)
    game = start([10, 1, 1, 2, 5, 2], blue)
    state = game.state
    wing, grudge = state.fleets[1], state.fleets[2]
    act(game, Order(0, "boost", 1, choice="damage"))  # 10 + 3 + 2 against 12
    assert gunnery_for(state, TABLES, wing, grudge).bonus_damage == 3
    critical_damage(game, wing, 1)  # 2: communications
    assert wing.criticals == ["communications"]
    assert gunnery_for(state, TABLES, wing, grudge).bonus_damage == 0
