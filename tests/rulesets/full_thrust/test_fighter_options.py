"""Fighters' kinds and optional rules: multi-role groups choosing a role, fast and heavy
reach, morale, FTL fighters, ships firing at fighters."""

from __future__ import annotations

import pytest

from warbench.core.engine import Game, IllegalAction
from warbench.core.lists import ArmyList, UnitEntry
from warbench.rulesets.full_thrust.actions import (
    ChooseRole,
    DeclareTarget,
    DefenceDone,
    DefendWith,
    Dodge,
    FighterTarget,
    JumpOut,
    KeepScreening,
    Launch,
    LaunchesDone,
    MoveGroup,
)
from warbench.rulesets.full_thrust.attacks import resolve_attacks
from warbench.rulesets.full_thrust.bots import AdmiralBot
from warbench.rulesets.full_thrust.declarations import group_targets, profile
from warbench.rulesets.full_thrust.defence import fight_fighters, morale_check
from warbench.rulesets.full_thrust.events import FighterAttack, MoraleBroken, MoraleHeld
from warbench.rulesets.full_thrust.fighters import group_reach
from warbench.rulesets.full_thrust.fire import fire_targets
from warbench.rulesets.full_thrust.library import FleetDataError, parse_hangar_entry
from warbench.rulesets.full_thrust.state import Salvo

from .helpers import RULES, battle, in_space, launch_scenario, orders, ship

LIB = RULES.data


def test_multirole_fighters_pick_a_role_when_they_engage() -> None:
    """FT-FTR-MULTIROLE: as attack fighters against ships, as either against fighters."""
    game, _ = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("multirole",))],
        [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("standard",))],
        faction="ij",
    )
    state = game.state
    group = in_space(game, 0, 30.0, 36.0)
    in_space(game, 1, 30.0, 34.0)
    choices = {(t.kind, t.role) for t in group_targets(state, LIB, group)}
    assert choices == {("ship", "attack"), ("fighters", "attack"), ("fighters", "interceptor")}
    group.role = "interceptor"
    assert profile(LIB, group).dogfight_modifier == 1


def test_fast_fighters_move_36_and_heavies_18_with_the_reduced_range_rule() -> None:
    """FT-FTR-FAST, FT-FTR-OPT-RANGE."""
    game, _ = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("fast", "heavy"))],
        [ship("lancer", "Pike", 60.0, 40.0, facing=6)],
        options={"reduced_heavy_range": True},
    )
    state = game.state
    assert group_reach(state, LIB, state.groups[0]) == 36.0
    assert group_reach(state, LIB, state.groups[1]) == 18.0
    state.options = {}
    assert group_reach(state, LIB, state.groups[1]) == 24.0


def test_morale_breaks_a_mauled_group_before_it_attacks() -> None:
    """FT-FTR-MORALE, FT-SEQ-MORALE: a d6 above the fighters left; ace -1, green +1; a
    broken group does not attack and keeps its endurance."""
    game, feed = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("standard+ace", "standard+green"))],
        [ship("lancer", "Pike", 60.0, 40.0, facing=6)],
    )
    state = game.state
    ace, green = state.groups
    ace.count = green.count = 3
    feed.add(4, 3)
    morale_check(game, ace)
    morale_check(game, green)
    assert (ace.broken, green.broken) == (False, True)


def test_morale_is_tested_in_phase_7_only_with_the_optional_rule() -> None:
    """FT-SEQ-MORALE: after point defence, a group that lost fighters tests."""
    game, feed = launch_scenario(options={"fighter_morale": True})
    game.apply(0, Launch(0))
    game.apply(0, LaunchesDone(0))  # the heavy group stays aboard
    game.apply(0, MoveGroup(0, 30.0, 26.0))
    game.apply(0, FighterTarget(0, "ship", 1))
    game.apply(1, DefendWith(1, 2, "fighters", 0))
    feed.add(6, 6, 1)  # PDS: 6 (two), re-roll 6 (two), re-roll 1: four kills
    feed.add(5)  # morale: 5 > 2 left: broken
    game.apply(1, DefenceDone())
    group = game.state.groups[0]
    assert group.broken and group.endurance == 6 and group.count == 2
    assert not [e for e in game.events if isinstance(e, FighterAttack)]


def test_ftl_fighters_start_on_the_table_and_may_jump_out() -> None:
    """FT-FTR-OPT-FTL: no launch needed; they leave without landing."""
    game, _ = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("standard+ftl",))],
        [ship("lancer", "Pike", 60.0, 40.0, facing=6)],
        6, 1,
    )
    state = game.state
    assert state.groups[0].status == "space"
    orders(game)
    assert JumpOut(0) in game.pending()[0].options
    game.apply(0, JumpOut(0))
    assert state.groups[0].status == "jumped"


def test_with_the_optional_rule_ships_fire_at_fighters_and_a_six_kills_unless_dodged() -> None:
    """FT-FTR-OPT-SHIPFIRE: one die a weapon, a 6 kills one; endurance buys a dodge."""
    game, feed = battle(
        [ship("picket", "Vigil", 30.0, 10.0)],
        [ship("haven", "Den", 60.0, 40.0, facing=6, fighters=("standard",))],
        6, 1,
        options={"fire_at_fighters": True},
    )
    group = in_space(game, 0, 30.0, 18.0)
    orders(game)
    game.apply(1, MoveGroup(0, 30.0, 18.0))
    game.apply(1, FighterTarget(0, "none"))
    assert DeclareTarget(0, 1, "fighters", 0) in game.pending()[0].options
    feed.add(6)
    game.apply(0, DeclareTarget(0, 1, "fighters", 0))
    game.apply(1, Dodge(0, True))  # the owner spends endurance to dodge (FT-FTR-OPT-SHIPFIRE)
    assert (group.count, group.endurance) == (6, 5)
    with pytest.raises(IllegalAction):
        game.apply(0, DeclareTarget(0, 1, "fighters", 0))


def test_ft_ftr_opt_shipfire_a_five_kills_a_light_fighter() -> None:
    """FT-FTR-OPT-SHIPFIRE, FT-FTR-LIGHT: every attack on light fighters adds 1, so a
    ship's weapon firing at a light group kills one on a 5 (a 4 still misses)."""
    game, feed = battle(
        [ship("picket", "Vigil", 30.0, 10.0)],
        [ship("haven", "Den", 60.0, 40.0, facing=6, fighters=("light",))],
        6, 1,
        options={"fire_at_fighters": True},
    )
    group = in_space(game, 0, 30.0, 18.0)
    group.endurance = 0  # nothing left to dodge with
    orders(game)
    game.apply(1, MoveGroup(0, 30.0, 18.0))
    feed.add(5)
    game.apply(0, DeclareTarget(0, 1, "fighters", 0))
    assert group.count == 7


def test_ft_ftr_morale_a_group_mauled_in_an_earlier_turn_tests_before_attacking() -> None:
    """FT-FTR-MORALE, FT-SEQ-MORALE: every group that has lost a fighter tests before it
    attacks, not only one that lost them this turn: a group of 6 down to 2 from an earlier
    turn, with nothing shot down now, breaks off on a 6."""
    game, feed = launch_scenario(options={"fighter_morale": True})
    group = game.state.groups[0]
    group.count, group.losses = 2, 0  # mauled in an earlier turn
    game.apply(0, Launch(0))
    game.apply(0, LaunchesDone(0))
    game.apply(0, MoveGroup(0, 30.0, 26.0))
    game.apply(0, FighterTarget(0, "ship", 1))
    feed.add(6)  # morale: 6 > 2 left: broken
    game.apply(1, DefenceDone())
    assert group.broken and group.endurance == 6 and group.count == 2
    assert not [e for e in game.events if isinstance(e, FighterAttack)]
    assert game.state.ships[1].hull_hits == 0


def test_ft_ftr_multirole_a_screening_group_chooses_its_role_when_attacked() -> None:
    """FT-FTR-MULTIROLE: a multi-role group screening its carrier declared nothing in
    phase 6; when an enemy group attacks the carrier its owner chooses the role, and as
    interceptors six 5s kill the six attackers (as attack fighters they would kill none)."""
    game, feed = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("multirole",))],
        [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("standard",))],
        6, 1,
        faction="ij",
    )
    screen = in_space(game, 0, 30.0, 12.0)
    screen.status, screen.screening = "screening", 0
    attacker = in_space(game, 1, 30.0, 14.0)
    orders(game)
    game.apply(1, MoveGroup(1, 30.0, 14.0))
    game.apply(0, KeepScreening(0))
    game.apply(1, FighterTarget(1, "ship", 0))
    choice = game.pending()[0]
    assert choice.player == 0
    assert set(choice.options) == {ChooseRole(0, "attack"), ChooseRole(0, "interceptor")}
    assert AdmiralBot().choose(game.observe(0), choice) == ChooseRole(0, "interceptor")
    name = game.state.groups[0].name
    assert game.ruleset.action_text(game.state, ChooseRole(0, "interceptor")) == (
        f"{name} fights as interceptor fighters this turn"
    )
    feed.add(5, 5, 5, 5, 5, 5)  # the screen, as interceptors: 5 + 1 = 6, two kills each
    feed.add(1, 1, 1, 1, 1, 1)  # the attackers miss
    game.apply(0, ChooseRole(0, "interceptor"))
    assert attacker.count == 0 and screen.count == 6


def test_ft_ftr_opt_ftl_a_list_may_start_ftl_fighters_in_their_bay() -> None:
    """FT-FTR-OPT-FTL: FTL fighters may start on the table; with '+aboard' the player keeps
    them in their bay instead, to launch as usual, at the same FTL price."""
    army = ArmyList(
        name="Blue", ruleset="full-thrust", faction="",
        units=(UnitEntry(unit="haven", options=("standard+ftl+aboard", "standard+ftl")),),
    )
    costs = RULES.army_rules(army).lookup["haven"].option_costs
    assert costs["standard+ftl+aboard"] == costs["standard+ftl"] == costs["standard"] + 6
    red = ArmyList(name="Red", ruleset="full-thrust", units=(UnitEntry(unit="lancer"),))
    game = Game.new(RULES, {**RULES.setup_for([army, red]), "turns": 3}, seed=1)
    aboard, out = game.state.groups
    assert (aboard.status, aboard.ftl, out.status) == ("hangar", True, "space")
    orders(game)
    assert Launch(0) in game.pending_for(0)[0].options
    with pytest.raises(FleetDataError):
        parse_hangar_entry("standard+aboard", LIB.fighters)


def test_ft_ftr_opt_shipfire_the_owner_chooses_whether_to_dodge() -> None:
    """FT-FTR-OPT-SHIPFIRE: fighters *may* spend endurance to avoid a ship's hit: the owner
    is asked, and may keep the point and lose the fighter; the admiral keeps a group's last
    point for its attack and spends spare ones."""
    game, feed = battle(
        [ship("picket", "Vigil", 30.0, 10.0)],
        [ship("haven", "Den", 60.0, 40.0, facing=6, fighters=("standard",))],
        6, 1,
        options={"fire_at_fighters": True},
    )
    group = in_space(game, 0, 30.0, 18.0)
    group.endurance = 1  # too little for a secondary move: it declares no target
    orders(game)
    game.apply(1, MoveGroup(0, 30.0, 18.0))
    feed.add(6)
    game.apply(0, DeclareTarget(0, 1, "fighters", 0))
    choice = game.pending()[0]
    assert choice.player == 1
    assert set(choice.options) == {Dodge(0, True), Dodge(0, False)}
    assert AdmiralBot().choose(game.observe(1), choice) == Dodge(0, False)
    assert game.ruleset.action_text(game.state, Dodge(0, True)) == (
        f"{group.name} spends an endurance point to dodge the hit"
    )
    group.endurance = 2
    assert AdmiralBot().choose(game.observe(1), choice) == Dodge(0, True)
    group.endurance = 1
    game.apply(1, Dodge(0, False))
    assert (group.count, group.endurance) == (5, 1)


def test_ft_ftr_morale_a_group_left_without_endurance_takes_no_morale_test() -> None:
    """FT-FTR-MORALE, FT-SEQ-MORALE: the morale die is rolled before a group attacks
    (seed l.104); a mauled group that spent its last endurance point in a dogfight in
    phase 7 cannot attack, so it rolls no morale die and breaks nothing off."""
    game, feed = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("standard",))],
        [ship("haven", "Den", 30.0, 30.0, facing=6, fighters=("standard",))],
        6, 1,
        options={"fighter_morale": True},
    )
    mine = in_space(game, 0, 30.0, 26.0)
    mine.count, mine.endurance = 5, 1
    in_space(game, 1, 30.0, 27.0)
    orders(game)
    game.apply(1, MoveGroup(1, 30.0, 27.0))
    game.apply(0, MoveGroup(0, 30.0, 26.0))
    game.apply(1, FighterTarget(1, "fighters", 0))
    feed.add(*[1] * 11)  # the dogfight: both groups miss; Nest S1 spends its last point
    feed.add(6)  # what a morale die would read: 6 > 5 left, broken
    game.apply(0, FighterTarget(0, "ship", 1))
    assert (mine.count, mine.endurance, mine.broken) == (5, 0, False)
    assert not [e for e in game.events if isinstance(e, MoraleBroken | MoraleHeld)]
    assert "morale Nest S1" not in feed.labels


def test_ft_ftr_opt_shipfire_a_group_that_intercepted_missiles_is_engaged() -> None:
    """FT-FTR-OPT-SHIPFIRE (the engine's reading of 'engaged', seed l.113): a group that
    fought missiles this turn is as engaged as one in a dogfight and cannot be fired at; a
    group that attacked a ship in phase 8 is not, and can."""
    game, feed = battle(
        [ship("picket", "Vigil", 30.0, 10.0)],
        [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("standard", "standard"))],
        6, 1,
        options={"fire_at_fighters": True},
    )
    state = game.state
    hunter, raider = in_space(game, 0, 30.0, 16.0), in_space(game, 1, 32.0, 12.0)
    state.salvos.append(Salvo(0, 0, 0, 30.0, 18.0, 6, target=-2))  # homing on nothing
    hunter.target_kind, hunter.target = "salvo", 0
    raider.target_kind, raider.target = "ship", 0
    feed.add(*[1] * 6)  # the interception: no missile down
    fight_fighters(game)
    feed.add(*[1] * 6)  # the raid on Vigil: no damage
    resolve_attacks(game)
    assert hunter.engaged and not raider.engaged
    assert fire_targets(game, state.ships[0]) == [("fighters", 1)]  # both in reach
