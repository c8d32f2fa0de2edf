"""The commander's orders, role changes and officers moving aboard another fleet
(ARM-OFF-DIRECT, ARM-OFF-DUEL, ARM-OFF-ROLE-CHANGE, ARM-OFF-MOVE), on the battle of
``test_officers``: Lance (fleet 0, destroyer, flagship) and Wing (fleet 1, fighter) of Blue
face Grudge (fleet 2, capital, flagship) of Red; every fleet is tier 3.
"""

from __future__ import annotations

import pytest

from tests.rulesets.armada.helpers import hold_position, texts
from tests.rulesets.armada.test_officers import TABLES, act, end_window, officer, refused, start
from warbench.core.ruleset import SetupError
from warbench.rulesets.armada.actions import ChangeRole, Fire, HoldFire, Move, Order
from warbench.rulesets.armada.combat import armor_class, gunnery_for
from warbench.rulesets.armada.helm import piloting_dc

#: What the log adds when a direction's check misses by less than 5 and still gives 1.
NEAR = " all the same, missing by less than 5"


@pytest.mark.parametrize(("face", "bonus"), [(10, 3), (9, 1), (5, 0)])
def test_arm_off_direct_bonus_or_one_on_a_near_miss(face: int, bonus: int) -> None:
    """ARM-OFF-DIRECT: DC 15; the officer bonus to gunnery (or AC) this round; missing by
    less than 5 gives 1, and the log says why a failed check still directs."""
    blue = [officer("Cmd", "commander", "Lance")]
    game = start([6, 1, face], blue)
    end_window(game)
    act(game, Move(2))
    act(game, Order(0, "direct", choice="gunnery"))  # face + 3 + 2 against 15
    state = game.state
    lance, _, grudge = state.fleets
    assert gunnery_for(state, TABLES, lance, grudge).modifier == 2 + bonus
    said = [e.text for e in game.events if "directs" in e.text]
    assert said == ([] if bonus == 0 else [f"Cmd: directs Lance{NEAR if bonus == 1 else ''}: "
                                           f"+{bonus} to its gunnery"])


def test_arm_off_direct_ac_counts_wherever_the_fleets_ac_is_used() -> None:
    """ARM-OFF-DIRECT, ARM-OFF-ACTION: a commander's direction to AC raises the fleet's AC
    itself: the DC of a flyby past it and an officer's check against it, not only gunnery."""
    red = [officer("Cmd", "commander", "Grudge")]
    game = start([6, 1, 10], [], red)  # Red's helm d6 is lower: Red moves first
    end_window(game)
    act(game, Order(0, "direct", choice="ac"))  # 10 + 3 + 2 = 15 against DC 15: +3 AC
    state = game.state
    lance, _, grudge = state.fleets
    assert armor_class(state, grudge, lance) == 12 + 3 + 1  # forward shields too
    assert armor_class(state, grudge) == 12 + 3
    assert piloting_dc(state, lance, Move(0, "FFF", "flyby", target=2)) == 12 + 3


def test_arm_off_duel_cuts_communications_and_can_incapacitate() -> None:
    """ARM-OFF-DUEL: within 3 hexes, a check against AC + 5 (+5 with the officers scanned);
    if the commander's fleet damages the target that round its communications are down to
    the end of the next round; a critical attack incapacitates one of its officers."""
    blue = [officer("Cmd", "commander", "Lance")]
    red = [officer("Sab", "chief-spellcaster", "Grudge"), officer("Ord", "admiral", "Grudge")]
    # helm: Blue's 1d6 against Red's admiral 20 + 3 + 2: Blue moves and fires first; the
    # critical (5: weapons), then which of Grudge's two officers falls (1: Sab)
    game = start([1, 20, 7, 20, 9, 5, 1], blue, red)
    end_window(game)
    hold_position(game)
    state = game.state
    state.fleets[2].scanned = [3, 0]
    act(game, Order(0, "duel", 2))  # 7 + 3 + 2 + 5 = 17 against 12 + 5
    act(game, Fire(0, 2))  # natural 20: 9 - 1 = 8 damage, 5 to shields, 3 to hull: critical
    act(game, HoldFire(2), HoldFire(1))
    grudge = state.fleets[2]
    assert state.comms_down(grudge) and grudge.fleeting == [("communications", 2)]
    assert [o.name for o in state.officers if o.incapacitated] == ["Sab"]
    assert texts(game, "duel") == ["Lance's duel cuts Grudge's communications",
                                   "Sab is incapacitated in the duel"]


def test_arm_off_duel_answered_in_kind_gives_both_commanders_the_5() -> None:
    """ARM-OFF-DUEL: when the dueled fleet duels back, both checks get the further +5,
    whichever was declared first: the first duel, missed by 5, now succeeds."""
    blue = [officer("Bcm", "commander", "Lance")]
    red = [officer("Rcm", "commander", "Grudge")]
    game = start([1, 6, 7, 7], blue, red)  # helm d6s: Blue moves and fires first
    end_window(game)
    hold_position(game)
    state = game.state
    lance, _, grudge = state.fleets
    act(game, Order(0, "duel", 2))  # 7 + 3 + 2 = 12 against 12 + 5: fails by 5
    assert lance.this_round.duel_target == -1
    act(game, HoldFire(0))
    act(game, Order(1, "duel", 0))  # 7 + 3 + 2 + 5 = 17 against 17: succeeds
    assert grudge.this_round.duel_target == 0 and lance.this_round.duel_target == 2
    assert texts(game, "order_effect")[-2] == (
        "Bcm: Rcm duels back: +5 to the duel, which now succeeds"
    )


def test_arm_off_role_change_at_the_start_of_the_round() -> None:
    """ARM-OFF-ROLE-CHANGE, ARM-OFF-BONUS: at the start of a round an officer may take another
    role, keeping one admiral per armada and one role per fleet; the bonus follows the role
    (a commander may count base attack bonus)."""
    blue = [officer("Ada", "admiral", "Lance"),
            officer("Tec", "chief-technician", "Lance", 0, base_attack_bonus=12)]
    game = start([], blue)
    refused(game, ChangeRole(1, "admiral"), "the armada already has an admiral")
    refused(game, ChangeRole(1, "chief-technician"), "Tec is already the chief-technician")
    act(game, ChangeRole(0, "chief-engineer"))
    refused(game, ChangeRole(0, "admiral"), "may change role only once")
    act(game, ChangeRole(1, "commander"))
    tec = game.state.officers[1]
    assert (tec.role, tec.bonus) == ("commander", 2 + 2)
    assert texts(game, "role")[0] == "Ada leaves the admiral's post for the chief-engineer's"


def test_arm_off_one_admiral_an_admiral_whose_fleet_is_destroyed_leaves_the_post_open() -> None:
    """ARM-OFF-ONE-ADMIRAL, ARM-OFF-ROLE-CHANGE, ARM-HELM-D6 (seed l.139, l.182): an admiral
    whose fleet is destroyed is no longer the armada's admiral (its armada would roll the d6
    at the helm), so another officer may take up the post at the start of a round and makes
    the helm check; an officer aboard a destroyed fleet takes up no role (engine reading, as
    it gives no order)."""
    blue = [officer("Ada", "admiral", "Lance"), officer("Eng", "chief-engineer", "Wing")]
    # helm: Eng's d20 (5) + bonus 2 (no admiral's skill) + Wing's modifier 2 = 9 against
    # Red's 1d6 (3)
    game = start([5, 3], blue)
    state = game.state
    state.fleets[0].hull, state.fleets[0].status = -20, "destroyed"
    assert state.admiral(0) is None
    refused(game, ChangeRole(0, "commander"), "Ada's fleet Lance is destroyed")
    act(game, ChangeRole(1, "admiral"))
    assert state.admiral(0) is state.officers[1]
    end_window(game)
    assert [e.text for e in game.events if e.kind == "helm-check"][:1] == [
        "Eng's helm check: 9 (d20 5 + 4)"]


def test_arm_off_role_change_bonus_from_the_new_roles_skills() -> None:
    """ARM-OFF-ROLE-CHANGE, ARM-OFF-BONUS: the bonus counts the best ranks among the skills
    of the role held: ``ranks`` count in the starting role's skills only, ``skills`` gives
    others, so an admiral with 12 ranks becomes a chief engineer of its Engineering ranks;
    an unknown skill is refused naming its key."""
    blue = [officer("Ada", "admiral", "Lance", 12, skills={"engineering": 6}),
            officer("Tec", "chief-technician", "Wing", 6, skills={"Diplomacy": 13})]
    game = start([], blue)
    state = game.state
    ada, tec = state.officers
    assert (ada.bonus, tec.bonus) == (2 + 2, 2 + 1)
    act(game, ChangeRole(0, "chief-engineer"), ChangeRole(1, "admiral"))
    assert (ada.bonus, tec.bonus) == (2 + 1, 2 + 2)
    assert state.officer_bonus(state.fleets[0], "chief-engineer") == 3
    blue = [officer("Ada", "admiral", "Lance", 12), officer("Eng", "chief-engineer", "Wing", 6)]
    game = start([], blue)
    act(game, ChangeRole(0, "commander"), ChangeRole(1, "chief-technician"))
    assert [o.bonus for o in game.state.officers] == [2 + 2, 2]  # Diplomacy is both roles'
    with pytest.raises(SetupError, match=r"officers\[0\]\.skills\.Swimming: Ada: no role has "
                       r"the skill 'Swimming' \(skills: bluff, computers, diplomacy"):
        start([], [officer("Ada", "admiral", "Lance", skills={"Swimming": 4})])


def test_arm_off_move_to_an_adjacent_fleet() -> None:
    """ARM-OFF-MOVE: at the start of engineering an officer may spend its order to move to
    an adjacent fleet of its armada that has no officer of its role."""
    blue = [officer("Tec", "chief-technician", "Lance"),
            officer("Eng", "chief-engineer", "Wing")]
    game = start([], blue)
    refused(game, Order(0, "transfer", 2), "transfer needs a fleet of its own armada")
    act(game, Order(0, "transfer", 1))
    assert game.state.officers[0].fleet == 1
    refused(game, Order(0, "transfer", 0), "Tec has already given an order")
    game.state.fleets[1].q = 3
    refused(game, Order(1, "transfer", 0), "Lance is not adjacent to Wing")


def test_arm_off_jam_an_officer_may_still_move_off_the_jammed_fleet() -> None:
    """ARM-OFF-JAM, ARM-OFF-MOVE (engine reading): no officer moves aboard a jammed fleet,
    but one aboard that the jam did not name may move off it, its own move: Eng leaves Wing,
    jammed this round (as a jam in the round before leaves it), for Lance."""
    blue = [officer("Eng", "chief-engineer", "Wing")]
    game = start([1, 1, 2], blue)  # Lance's shields up to Eng's new most, the helm's 1d6s
    game.state.fleets[1].jammed_round = game.state.round
    act(game, Order(0, "transfer", 0))
    assert game.state.officers[0].fleet == 0


def test_arm_off_jam_precognition_still_helps_the_admiral_of_a_jammed_fleet() -> None:
    """ARM-OFF-JAM, ARM-OFF-PRECOGNITION (engine reading): the foresight helps the armada's
    admiral at the helm, not a fleet, so Lance being jammed does not keep it off: Ada adds
    the 1d4 (4) and moves after Red, where without it she would move first."""
    blue = [officer("Ada", "admiral", "Lance", 0), officer("Sab", "chief-spellcaster", "Wing")]
    game = start([5, 1, 4, 6], blue)
    game.state.fleets[0].jammed_round = game.state.round  # as a jam in the round before
    act(game, Order(1, "precognition"))  # 5 + 3 + 2 = 10
    end_window(game)
    # Ada 1 + 2 + 2 + 1d4 (4) = 9 against Red's 1d6 (6): Red moves first (5 alone: Blue)
    assert texts(game, "initiative") == [
        "movement order: Red, then Blue (the lower helm check moves first)"]
