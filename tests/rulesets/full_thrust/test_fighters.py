"""Fighters: launch, movement, targets, dogfights, screening, point defence, attacks,
recovery, re-arming (their kinds and optional rules: test_fighter_options.py)."""

from __future__ import annotations

import pytest

from warbench.core.dice import ScriptedDice
from warbench.rulesets.full_thrust.actions import (
    DefenceDone,
    DefendWith,
    FighterTarget,
    LandGroup,
    Launch,
    LaunchesDone,
    MergeGroups,
    MoveGroup,
    ScreenShip,
)
from warbench.rulesets.full_thrust.attacks import fighter_attack, resolve_attacks
from warbench.rulesets.full_thrust.declarations import attacks_ships, group_targets
from warbench.rulesets.full_thrust.defence import (
    defence_options,
    dogfight,
    dogfight_dice,
    fight_fighters,
)
from warbench.rulesets.full_thrust.events import Dogfight, FighterAttack, FightersLost
from warbench.rulesets.full_thrust.scoring import six_table, torpedo_attack

from .helpers import RULES, battle, in_space, launch_scenario, orders, ship

LIB = RULES.data


def test_a_group_launches_moves_targets_survives_point_defence_and_attacks() -> None:
    """FT-FTR-LAUNCH, FT-SEQ-FIGHTER-MOVE, FT-SEQ-TARGETS, FT-PDS, FT-BEAM1-PD,
    FT-FTR-HEAVY, FT-FTR-ATTACK-SHIPS, FT-FTR-ENDURANCE, FT-SEQ-ATTACKS."""
    game, feed = launch_scenario()
    state = game.state
    assert set(game.pending()[0].options) == {Launch(0), Launch(1), LaunchesDone(0)}
    game.apply(0, Launch(0))
    game.apply(0, Launch(1))  # nothing left to launch: the moves begin
    assert game.pending()[0].prompt == "move Nest S1"
    assert "longer than 24 MU" in (game.check(0, MoveGroup(0, 30.0, 40.0)) or "")
    game.apply(0, MoveGroup(0, 30.0, 26.0))
    game.apply(0, MoveGroup(1, 30.0, 22.0))
    # phase 6: S1 is 4 MU from Pike; H2 is 8 MU off and needs a secondary move
    assert FighterTarget(0, "ship", 1) in game.pending()[0].options
    game.apply(0, FighterTarget(0, "ship", 1))
    assert FighterTarget(1, "ship", 1) not in game.pending()[0].options
    game.apply(0, FighterTarget(1, "ship", 1, secondary=True))
    heavy = state.groups[1]
    assert heavy.endurance == 5 and heavy.y == pytest.approx(25.0)
    # phase 7: Pike's PDS fires at the heavies (a 4 does nothing against their armour),
    # a class-1 beam at the standard group (6: one, re-roll 5: one more)
    pds, beam = 2, 4
    game.apply(1, DefendWith(1, pds, "fighters", 1))
    game.apply(1, DefendWith(1, beam, "fighters", 0))
    feed.add(4, 6, 5)
    feed.add(4, 4, 4, 1)  # phase 8: four standard fighters: three points
    feed.add(1, 1, 1, 1, 1, 1)  # six heavy fighters miss
    feed.add(1, 1, 1, 1, 1, 1)  # Pike's threshold check for row 1
    game.apply(1, DefenceDone())
    standard = state.groups[0]
    assert (standard.count, heavy.count) == (4, 6)
    assert (standard.endurance, heavy.endurance) == (5, 4)
    assert (standard.x, standard.y) == (30.0, 30.0)
    assert state.ships[1].hull_hits == 3
    assert state.ships[1].is_used(beam)  # the beam that defended cannot fire this turn
    kinds = [e.kind for e in game.events if isinstance(e, FightersLost | FighterAttack)]
    assert kinds == ["fighters_lost", "fighter_attack", "fighter_attack"]


def test_a_groups_move_space_names_the_group_it_moves() -> None:
    """FT-SEQ-FIGHTER-MOVE on the table: the free move of Nest S1 is described by the
    group's name, as its prompt and its buttons name it (the form reads "Move group Nest S1
    up to 24 MU"), not by its index; a move of another group is refused naming both."""
    game, _ = launch_scenario()
    game.apply(0, Launch(0))
    game.apply(0, Launch(1))
    decision = game.pending()[0]
    assert decision.prompt == "move Nest S1"
    (space,) = decision.spaces
    assert space.description == "Nest S1 up to 24 MU, ending on the table"
    assert space.validate(MoveGroup(1, 30.0, 12.0)) == (
        "it is Nest S1's move (group 0), not group 1's (FT-ACTIONS)")


def test_ft_ftr_launch_is_written_with_the_orders_before_initiative_and_kept_secret() -> None:
    """FT-FTR-LAUNCH, FT-SEQ-ORDERS, FT-SEQ-FIGHTER-MOVE: the carrier's launches are part
    of its written orders in phase 1 (before the initiative roll, hidden from the enemy);
    the groups leave their bays at the start of phase 3 and move first."""
    game, feed = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("standard", "heavy"))],
        [ship("lancer", "Pike", 30.0, 30.0, facing=6)],
    )
    orders(game)
    state = game.state
    assert state.phase == 1 and [d.prompt for d in game.pending()] == [
        "Nest: launch fighter groups"
    ]
    game.apply(0, Launch(1))
    assert game.view(1)["orders"][0] == {"hidden": True, "owner": 0}
    assert state.groups[1].status == "hangar" and not feed.labels  # no die rolled yet
    feed.add(1, 6)  # initiative: Red wins, but Blue's launch was already written
    game.apply(0, LaunchesDone(0))
    assert feed.labels == ["initiative", "initiative"]
    assert state.phase == 3 and state.groups[1].status == "space"
    assert state.groups[0].status == "hangar"
    assert game.pending()[0].prompt == "move Nest H2"


def test_fighters_move_in_turn_loser_first_and_launched_groups_first() -> None:
    """FT-SEQ-FIGHTER-MOVE: groups launched this turn move before every group already out,
    the initiative loser's old group included; then players keep taking turns."""
    game, _ = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("standard", "standard"))],
        [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("standard",))],
        6, 1,
    )
    in_space(game, 0, 30.0, 14.0)
    in_space(game, 2, 30.0, 36.0)
    orders(game)
    game.apply(0, Launch(1))
    prompts = []
    for _ in range(3):
        decision = game.pending()[0]
        prompts.append((decision.player, decision.prompt))
        game.apply(decision.player, decision.options[0])
    assert prompts == [(0, "move Nest S2"), (1, "move Den S1"), (0, "move Nest S1")]


def test_a_carrier_recovers_at_most_half_its_bays_a_turn_and_may_launch_too() -> None:
    """FT-FTR-RECOVER, FT-FTR-REARM: two of four groups land; 6 is ready next turn,
    2-5 after a full turn; launching in the same turn is allowed."""
    game, feed = battle(
        [ship("bastion", "Keep", 30.0, 10.0,
              fighters=("standard", "standard", "standard", "standard"))],
        [ship("lancer", "Pike", 60.0, 40.0, facing=6)],
        6, 1,
    )
    for group in (1, 2, 3):
        in_space(game, group, 30.0, 20.0)
    orders(game)
    game.apply(0, Launch(0))
    game.apply(0, MoveGroup(0, 30.0, 15.0))
    feed.add(6, 3)
    game.apply(0, LandGroup(1, 0))
    game.apply(0, LandGroup(2, 0))
    assert LandGroup(3, 0) not in game.pending()[0].options
    state = game.state
    assert [g.ready_turn for g in state.groups[1:3]] == [2, 3]
    assert state.groups[1].status == "hangar"


def test_a_landing_roll_of_one_grounds_the_group_for_the_battle() -> None:
    """FT-FTR-REARM: a 1 on the re-arming roll."""
    game, _ = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("standard",))],
        [ship("lancer", "Pike", 60.0, 40.0, facing=6)],
        6, 1, 1,
    )
    in_space(game, 0, 30.0, 20.0)
    orders(game)
    game.apply(0, LandGroup(0, 0))
    assert game.state.groups[0].status == "lost"


def test_ft_ftr_rearm_torpedo_fighters_get_their_torpedoes_back() -> None:
    """FT-FTR-REARM, FT-FTR-TORPEDO: a torpedo group that fired lands, re-arms (a 6: ready
    next turn) and may attack a ship with torpedoes again."""
    game, _ = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("torpedo",))],
        [ship("lancer", "Pike", 60.0, 40.0, facing=6)],
        6, 1, 6,
    )
    group = in_space(game, 0, 30.0, 20.0)
    group.torpedoes_spent = True
    assert not attacks_ships(LIB, group)
    orders(game)
    game.apply(0, LandGroup(0, 0))
    assert (group.status, group.ready_turn, group.torpedoes_spent) == ("hangar", 2, False)
    assert attacks_ships(LIB, group)


def test_depleted_groups_merge_and_take_the_later_ready_turn() -> None:
    """FT-FTR-REARM: merged groups: the worse re-arming result holds."""
    game, _ = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("standard", "standard"))],
        [ship("lancer", "Pike", 60.0, 40.0, facing=6)],
        6, 1,
    )
    state = game.state
    state.groups[0].count, state.groups[1].count = 2, 3
    state.groups[1].ready_turn = 3
    orders(game)
    assert MergeGroups(0, 1) in game.pending()[0].options
    game.apply(0, MergeGroups(0, 1))
    assert (state.groups[1].count, state.groups[1].ready_turn) == (5, 3)
    assert state.groups[0].status == "merged"


def test_dogfights_are_simultaneous_and_cost_endurance() -> None:
    """FT-FTR-DOGFIGHT, FT-FTR-INTERCEPTOR: interceptors add 1 against fighters; both
    sides roll before losses land."""
    game, feed = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("interceptor",))],
        [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("standard",))],
    )
    state = game.state
    mine, theirs = in_space(game, 0, 30.0, 20.0), in_space(game, 1, 30.0, 24.0)
    feed.add(3, 3, 1, 1, 1, 1)  # interceptors: 3+1 = 4 twice: two kills
    feed.add(6, 1, 1, 1, 1, 1, 4)  # standard: a 6 (two) and its re-roll 4 (one)
    dogfight(game, mine, theirs)
    assert (mine.count, theirs.count) == (3, 4)
    assert (mine.endurance, theirs.endurance) == (5, 5)
    assert state.groups[0].engaged and state.groups[1].engaged


def test_the_interceptor_bonus_is_lost_against_interceptors() -> None:
    """FT-FTR-INTERCEPTOR."""
    game, feed = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("interceptor",))],
        [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("interceptor",))],
    )
    mine, theirs = in_space(game, 0, 30.0, 20.0), in_space(game, 1, 30.0, 24.0)
    feed.add(3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1)
    dogfight(game, mine, theirs)
    assert theirs.count == 6


def test_attack_fighters_dogfight_only_on_sixes_and_heavies_shrug_off_fours() -> None:
    """FT-FTR-ATTACK, FT-FTR-HEAVY."""
    game, feed = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("attack",))],
        [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("heavy",))],
    )
    attack, heavy = in_space(game, 0, 30.0, 20.0), in_space(game, 1, 30.0, 24.0)
    feed.add(6, 5, 5, 5, 5, 5)  # attack fighters: only the 6 kills, no re-roll
    feed.add(4, 4, 4, 4, 4, 5)  # heavies (no armour against them): five 4s and a 5
    dogfight(game, attack, heavy)
    assert (heavy.count, attack.count) == (5, 0)
    game2, feed2 = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("standard",))],
        [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("heavy",))],
    )
    standard, heavy2 = in_space(game2, 0, 30.0, 20.0), in_space(game2, 1, 30.0, 24.0)
    feed2.add(4, 4, 4, 4, 4, 5, 1, 1, 1, 1, 1, 1)
    dogfight(game2, standard, heavy2)
    assert heavy2.count == 5


def test_light_fighters_are_easier_to_hit_and_interceptors_tear_through_them() -> None:
    """FT-FTR-LIGHT: +1 to every attack on light fighters; interceptors kill d6+1."""
    game, feed = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("interceptor", "standard"))],
        [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("light", "light"))],
    )
    interceptor, standard = in_space(game, 0, 30.0, 20.0), in_space(game, 1, 30.0, 20.0)
    light1, light2 = in_space(game, 2, 30.0, 24.0), in_space(game, 3, 30.0, 24.0)
    assert light1.count == 8
    feed.add(4)  # interceptors: d6 + 1 = 5 kills
    feed.add(1, 1, 1, 1, 1, 1, 1, 1)
    dogfight(game, interceptor, light1)
    assert light1.count == 3
    feed.add(3, 3, 2, 2, 2, 2)  # standard fighters at +1: two 4s
    feed.add(1, 1, 1, 1, 1, 1, 1, 1)
    dogfight(game, standard, light2)
    assert light2.count == 6


def test_a_screening_group_meets_the_first_group_attacking_its_ship() -> None:
    """FT-FTR-SCREEN, FT-SEQ-PD-ORDER: screens fight before point defence."""
    game, feed = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("interceptor",))],
        [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("standard",))],
    )
    state = game.state
    screen = state.groups[0]
    screen.status, screen.screening = "screening", 0
    attacker = in_space(game, 1, 30.0, 14.0)
    attacker.target_kind, attacker.target = "ship", 0
    feed.add(*[1] * 12)
    fight_fighters(game)
    assert screen.engaged and attacker.engaged
    assert next(e for e in game.events if isinstance(e, Dogfight)).groups == (0, 1)


def test_screening_groups_stay_put_in_phase_3_and_move_with_their_ship() -> None:
    """FT-SEQ-FIGHTER-MOVE, FT-SEQ-SHIP-MOVE: a screen is not moved but rides along."""
    game, _ = battle(
        [ship("haven", "Nest", 30.0, 10.0, speed=2, fighters=("standard",))],
        [ship("lancer", "Pike", 60.0, 40.0, facing=6)],
        6, 1, 6, 1,
    )
    in_space(game, 0, 30.0, 14.0)
    orders(game)
    game.apply(0, ScreenShip(0, 0))
    state = game.state
    group = state.groups[0]
    assert (group.x, group.y, group.status) == (30.0, 12.0, "screening")
    orders(game)
    assert game.pending()[0].prompt == "move Nest S1"
    assert {o.TAG for o in game.pending()[0].options} == {"ft-keep-screening"}


def test_group_targets_need_range_and_endurance_for_a_secondary_move() -> None:
    """FT-SEQ-TARGETS, FT-FTR-ENDURANCE: within 6 MU free; within 18 MU for one point,
    and only with two points left (one for the move, one for the attack)."""
    game, _ = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("standard",))],
        [ship("lancer", "Pike", 30.0, 40.0, facing=6)],
    )
    state = game.state
    group = in_space(game, 0, 30.0, 25.0)
    assert group_targets(state, LIB, group) == [FighterTarget(0, "ship", 1, True)]
    group.endurance = 1
    assert group_targets(state, LIB, group) == []
    group.y = 35.0
    assert group_targets(state, LIB, group) == [FighterTarget(0, "ship", 1)]
    group.endurance = 0
    assert group_targets(state, LIB, group) == []


def test_interceptors_cannot_attack_ships_and_spent_torpedo_groups_only_dogfight() -> None:
    """FT-FTR-INTERCEPTOR, FT-FTR-TORPEDO."""
    game, _ = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("interceptor", "torpedo"))],
        [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("standard",))],
    )
    state = game.state
    interceptor, torpedo = in_space(game, 0, 30.0, 36.0), in_space(game, 1, 30.0, 36.0)
    in_space(game, 2, 30.0, 34.0)
    assert {t.kind for t in group_targets(state, LIB, interceptor)} == {"fighters"}
    assert {t.kind for t in group_targets(state, LIB, torpedo)} == {"ship", "fighters"}
    torpedo.torpedoes_spent = True
    assert {t.kind for t in group_targets(state, LIB, torpedo)} == {"fighters"}


def test_torpedoes_do_their_face_on_four_up_and_half_goes_into_armour() -> None:
    """FT-FTR-TORPEDO: 4, 5 or 6 damage, no re-roll; armour takes half."""
    plain = torpedo_attack(ScriptedDice([3, 4, 6, 6]), 4, armoured=False, label="t")
    assert (plain.normal, plain.penetrating) == (16, 0)
    armoured = torpedo_attack(ScriptedDice([4, 5]), 2, armoured=True, label="t")
    assert (armoured.normal, armoured.penetrating) == (4, 5)


def test_area_defence_fire_control_covers_one_neighbour() -> None:
    """FT-ADFC, FT-SEQ-ADFC: the carrier's PDS may fire for a ship within 6 MU; it then
    covers that ship only, and each system fires once."""
    game, _ = battle(
        [ship("haven", "Nest", 30.0, 10.0), ship("lancer", "Sabre", 34.0, 10.0),
         ship("lancer", "Far", 50.0, 10.0)],
        [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("standard", "standard"))],
    )
    state = game.state
    for group, target in ((0, 1), (1, 2)):
        attacker = in_space(game, group, 34.0, 14.0)
        attacker.target_kind, attacker.target = "ship", target
    options = defence_options(game, 0)
    nest_pds = [o for o in options if isinstance(o, DefendWith) and o.ship == 0]
    assert {o.threat for o in nest_pds} == {0}
    assert all(o.threat == 0 for o in nest_pds)
    state.ships[0].covering = 1
    state.ships[0].use(4)  # one PDS already fired this turn
    again = [o for o in defence_options(game, 0) if isinstance(o, DefendWith) and o.ship == 0]
    assert {o.system for o in again} == {5, 6, 10, 11}  # two PDS, two class-1 beams


def test_ft_ftr_dogfight_two_groups_declaring_on_each_other_fight_once() -> None:
    """FT-FTR-DOGFIGHT, FT-FTR-ENDURANCE: two groups that each declared a dogfight on the
    other fight one dogfight: each rolls once and spends one endurance point."""
    game, feed = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("standard",))],
        [ship("haven", "Den", 30.0, 40.0, facing=6, fighters=("standard",))],
    )
    mine, theirs = in_space(game, 0, 30.0, 20.0), in_space(game, 1, 30.0, 24.0)
    mine.target_kind, mine.target = "fighters", 1
    theirs.target_kind, theirs.target = "fighters", 0
    feed.add(*[1] * 12)
    fight_fighters(game)
    assert (mine.endurance, theirs.endurance) == (5, 5)
    assert len([e for e in game.events if isinstance(e, Dogfight)]) == 1


def test_ft_ftr_rearm_a_grounded_group_leaves_its_bay_free() -> None:
    """FT-FTR-REARM: a group grounded by a 1 never launches again and is written off (the
    engine's reading): its bay takes the next group that lands."""
    game, _ = battle(
        [ship("bastion", "Keep", 30.0, 10.0,
              fighters=("standard", "standard", "standard", "standard"))],
        [ship("lancer", "Pike", 60.0, 40.0, facing=6)],
        6, 1, 1, 4,
    )
    grounded, other = in_space(game, 0, 30.0, 20.0), in_space(game, 1, 30.0, 20.0)
    orders(game)
    game.apply(0, LaunchesDone(0))  # the two groups aboard stay there
    game.apply(0, LandGroup(0, 0))  # into the first free bay, then a 1
    assert grounded.status == "lost"
    game.apply(0, LandGroup(1, 0))  # the first free bay is that one again
    assert (other.status, other.bay) == ("hangar", grounded.bay)


def test_ft_ftr_dogfight_a_group_dogfought_still_makes_its_declared_attack() -> None:
    """FT-FTR-DOGFIGHT: a group that declared an attack on a ship and is then dogfought by
    an enemy group that declared on it still attacks the ship in phase 8 if it survives
    (the engine's reading, as for a screen's dogfight: FT-FTR-SCREEN)."""
    game, feed = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("standard",))],
        [ship("haven", "Den", 30.0, 30.0, facing=6, fighters=("standard",))],
    )
    attacker, hunter = in_space(game, 0, 30.0, 26.0), in_space(game, 1, 30.0, 27.0)
    attacker.target_kind, attacker.target = "ship", 1
    hunter.target_kind, hunter.target = "fighters", 0
    feed.add(*[1] * 12)  # the dogfight: both groups miss
    fight_fighters(game)
    feed.add(4, 4, 4, 1, 1, 1)  # the attack on Den: three points
    resolve_attacks(game)
    assert [e.group for e in game.events if isinstance(e, FighterAttack)] == [0]
    assert attacker.endurance == 4  # one point for the dogfight, one for the attack


def test_ft_ftr_torpedo_screens_are_no_help_and_armour_takes_the_smaller_half() -> None:
    """FT-FTR-TORPEDO (the engine's readings): a torpedo does its face whatever the
    target's screens; on an armoured ship an odd torpedo puts the smaller half on the
    armour; a torpedo group dogfights as attack fighters before firing too."""
    game, feed = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("torpedo",))],
        [ship("citadel", "Wall", 30.0, 30.0, facing=6)],
    )
    wall = game.state.ships[1]
    group = in_space(game, 0, 30.0, 26.0)
    feed.add(4, 5, 6, 1, 1, 1)  # 15 damage past level-2 screens: 2 + 2 + 3 on armour
    fighter_attack(game, group, wall)
    assert (wall.armour_hits, wall.hull_hits) == (7, 8)
    assert group.torpedoes_spent
    torpedo, standard = LIB.fighters["torpedo"], LIB.fighters["standard"]
    assert dogfight_dice(torpedo, standard).reading == six_table(0)


def test_ft_seq_pd_order_a_group_with_no_attack_left_does_not_close_on_its_target() -> None:
    """FT-SEQ-PD-ORDER: after point defence the groups still attacking a ship close on it
    (seed l.35); one that spent its last endurance point in a phase 7 dogfight has no
    attack left and stays where its marker was, as a group broken by morale does."""
    game, feed = battle(
        [ship("haven", "Nest", 30.0, 10.0, fighters=("standard", "standard"))],
        [ship("haven", "Den", 30.0, 30.0, facing=6, fighters=("standard",))],
        6, 1,
    )
    spent, fresh = in_space(game, 0, 30.0, 26.0), in_space(game, 1, 31.0, 26.0)
    spent.endurance = 1
    in_space(game, 2, 30.0, 27.0)
    orders(game)
    game.apply(1, MoveGroup(2, 30.0, 27.0))
    game.apply(0, MoveGroup(0, 30.0, 26.0))
    game.apply(0, MoveGroup(1, 31.0, 26.0))
    game.apply(1, FighterTarget(2, "fighters", 0))
    game.apply(0, FighterTarget(0, "ship", 1))
    feed.add(*[1] * 12)  # the dogfight: both groups miss; Nest S1 spends its last point
    game.apply(0, FighterTarget(1, "ship", 1))
    feed.add(*[1] * 6)  # phase 8: Nest S2's attack misses
    game.apply(1, DefenceDone())  # Den's point defence holds its fire
    assert spent.endurance == 0
    assert (spent.x, spent.y) == (30.0, 26.0)
    assert (fresh.x, fresh.y) == (30.0, 30.0)
