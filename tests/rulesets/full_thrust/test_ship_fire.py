"""Beams, screens, arcs, damage, thresholds, fire controls and phase 9 ship fire."""

from __future__ import annotations

import pytest

from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game, IllegalAction
from warbench.core.events import Roll
from warbench.rulesets.full_thrust.actions import (
    AssignWeapon,
    ChooseSystem,
    DeclareTarget,
    FireShip,
    Repair,
)
from warbench.rulesets.full_thrust.arcs import arc_names, arcs_containing
from warbench.rulesets.full_thrust.damage import (
    apply_points,
    rows_finished,
    screens_of,
    threshold_check,
)
from warbench.rulesets.full_thrust.events import ShipDamaged, ShipFires, ThresholdCheck, WeaponFired
from warbench.rulesets.full_thrust.scoring import Points, beam_dice, beam_dice_at, score

from .helpers import RULES, Feed, battle, fire_asked, orders, ship


def test_beam_dice_read_1_to_3_as_nothing_4_5_as_one_6_as_two_and_a_reroll() -> None:
    """FT-BEAM-DICE: re-rolls go on as long as sixes come, and count as penetrating."""
    assert [score(face) for face in range(1, 7)] == [0, 0, 0, 1, 1, 2]
    points = beam_dice(ScriptedDice([6, 3, 5, 6, 6, 1]), 3)
    assert points == Points(normal=3, penetrating=4)


def test_screens_spoil_the_first_roll_but_not_the_rerolls() -> None:
    """FT-SCREENS: level 1 turns a 4 into nothing; level 2 also makes a 6 worth one."""
    assert [score(face, 1) for face in range(1, 7)] == [0, 0, 0, 0, 1, 2]
    assert [score(face, 2) for face in range(1, 7)] == [0, 0, 0, 0, 1, 1]
    assert beam_dice(ScriptedDice([4, 6, 4]), 2, screens=2) == Points(1, 1)


def test_a_beam_rolls_its_class_in_dice_and_one_fewer_each_12_mu() -> None:
    """FT-BEAM-RANGE: class N reaches 12 x N MU."""
    assert [beam_dice_at(3, d, 12.0) for d in (0.5, 12.0, 12.1, 24.0, 30.0, 36.0, 36.1)] == [
        3, 3, 2, 2, 1, 1, 0
    ]
    assert beam_dice_at(1, 12.1, 12.0) == 0


def test_the_six_arcs_and_their_shared_boundaries() -> None:
    """FT-ARCS: F, FS, AS, A, AP, FP clockwise; a target on a boundary is in both."""
    facing_up = (0.0, 0.0, 0)
    assert arc_names(arcs_containing(*facing_up, 0.0, 10.0)) == ("F",)
    assert arc_names(arcs_containing(*facing_up, 10.0, 0.0)) == ("FS", "AS")
    assert arc_names(arcs_containing(*facing_up, 0.0, -10.0)) == ("A",)
    assert arc_names(arcs_containing(*facing_up, -10.0, -1.0)) == ("AP",)
    assert arc_names(arcs_containing(0.0, 0.0, 3, 10.0, 0.0)) == ("F",)


def test_armour_takes_normal_damage_first_and_penetrating_damage_goes_to_the_hull() -> None:
    """FT-ARMOUR: re-roll points skip armour."""
    game, _ = battle([ship("citadel", "Wall", 10, 10)], [ship("lancer", "Pike", 60, 40)])
    wall = game.state.ships[0]
    apply_points(game, wall, Points(5, 2), "a test")
    assert (wall.armour_hits, wall.hull_hits) == (5, 2)
    apply_points(game, wall, Points(6, 0), "a test")
    assert (wall.armour_hits, wall.hull_hits) == (8, 5)


def test_finishing_a_hull_row_calls_a_threshold_check_that_fails_on_a_six() -> None:
    """FT-THRESHOLD: row 1 fails on 6; each working system rolls."""
    game, feed = battle([ship("lancer", "Sabre", 10, 10)], [ship("lancer", "Pike", 60, 40)])
    pike = game.state.ships[1]
    apply_points(game, pike, Points(2, 0), "a test")  # rows 2, 2, 2, 1
    feed.add(6, 5, 5, 5, 5, 6)
    threshold_check(game, pike, 0)
    assert pike.damage == [1, 0, 0, 0, 0, 1]
    assert rows_finished(RULES.data.designs["lancer"], pike.hull_hits) == 1


def test_several_rows_at_once_make_one_check_at_plus_one_per_extra_row() -> None:
    """FT-THRESHOLD: rows 1 to 3 at once: one check failing on 4+, +2."""
    game, feed = battle([ship("lancer", "Sabre", 10, 10)], [ship("lancer", "Pike", 60, 40)])
    pike = game.state.ships[1]
    apply_points(game, pike, Points(6, 0), "a test")
    feed.add(1, 2, 1, 1, 2, 1)
    threshold_check(game, pike, 0)
    assert pike.damage == [0, 1, 0, 0, 1, 0]
    event = next(e for e in game.events if isinstance(e, ThresholdCheck))
    assert (event.row, event.bonus) == (3, 2)
    assert "fail on 4+ +2" in event.text


def test_marking_the_last_hull_box_destroys_the_ship_and_its_hangar() -> None:
    """FT-DESTROYED, FT-HANGAR: a carrier's groups aboard are lost with it."""
    game, _ = battle([ship("haven", "Nest", 10, 10, fighters=("standard",))],
                     [ship("lancer", "Pike", 60, 40)])
    state = game.state
    apply_points(game, state.ships[0], Points(0, 30), "a test")
    assert state.ships[0].status == "destroyed"
    assert state.groups[0].status == "lost"


def duel(*faces: int) -> tuple[Game, Feed]:
    """Blue lancer and Red lancer 10 MU apart, face to face; Blue wins the initiative."""
    game, feed = battle(
        [ship("lancer", "Sabre", 30.0, 10.0)], [ship("lancer", "Pike", 30.0, 20.0, facing=6)],
        6, 1, *faces,
    )
    orders(game)
    return game, feed


def test_fire_controls_lock_before_any_die_is_rolled_and_thresholds_wait() -> None:
    """FT-SEQ-SHIP-FIRE, FT-FIRECON: the winner fires first; every weapon of the ship
    fires before the target checks its threshold; the damaged ship fires back with what
    is left; damage control follows (FT-DCP)."""
    game, feed = duel()
    pending = game.pending()
    assert [d.player for d in pending] == [0]
    assert set(pending[0].options) == {DeclareTarget(0, 1, "ship", 1), DeclareTarget(0, 1)}
    assert not [e for e in game.events if isinstance(e, Roll) and "Sabre" in e.label]
    # class-2 at 10 MU: 6 (re-roll 5) and 4; class-1s: 3 and 4 => 4 normal, 1 penetrating;
    # Pike (rows 2, 2, 2, 1) finishes rows 1 and 2: one check at row 2 (5+) +1.
    feed.add(6, 4, 5, 3, 4, 1, 2, 3, 4, 5, 6)
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    state = game.state
    pike = state.ships[1]
    assert pike.hull_hits == 5
    assert pike.damage == [0, 0, 0, 1, 1, 1]
    kinds = [e.kind for e in game.events if isinstance(e, ShipDamaged | ThresholdCheck)]
    assert kinds == ["damage", "damage", "threshold"]
    assert not [e for e in game.events if isinstance(e, ShipFires) and e.ship == 1]
    # Pike has no working weapon left; damage control: one party left (2 x 2/7, up)
    assert [d.prompt for d in game.pending()] == ["Pike: send a damage control party"]
    feed.add(6)  # a lone party needs a 6
    game.apply(1, Repair(1, 3))
    assert pike.damage[3] == 0
    assert state.turn == 2 and state.phase == 1


def test_a_weapon_outside_its_arcs_cannot_be_given_that_target() -> None:
    """FT-ARCS, FT-FIRECON: a target astern: only the all-round class-1 beams bear."""
    game, feed = battle(
        [ship("lancer", "Sabre", 30.0, 10.0)], [ship("lancer", "Pike", 30.0, 4.0, facing=6)],
        6, 1,
    )
    orders(game)
    feed.add(4, 1)
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    fired = [e.system for e in game.events if isinstance(e, WeaponFired)]
    assert fired == [4, 5]
    assert game.state.ships[1].hull_hits == 1


def test_ships_fire_one_at_a_time_alternating_from_the_initiative_winner() -> None:
    """FT-SEQ-SHIP-FIRE: with two ships each, fire goes Red, Blue, Red, Blue; a player
    picks which ship fires next, and only among their own that have not fired."""
    game, _ = battle(
        [ship("picket", "B1", 30.0, 10.0), ship("picket", "B2", 34.0, 10.0)],
        [ship("picket", "R1", 30.0, 18.0, facing=6), ship("picket", "R2", 34.0, 18.0, facing=6)],
        2, 5,
    )
    orders(game)
    assert game.pending()[0].options == (FireShip(2), FireShip(3))
    with pytest.raises(IllegalAction):
        game.apply(0, FireShip(0))
    game.apply(1, FireShip(3))
    game.apply(1, DeclareTarget(3, 1))
    assert game.pending()[0].options == (FireShip(0), FireShip(1))
    game.apply(0, FireShip(0))
    game.apply(0, DeclareTarget(0, 1))
    game.apply(1, DeclareTarget(2, 1))
    game.apply(0, DeclareTarget(1, 1))
    order = [e.ship for e in game.events if isinstance(e, ShipFires)]
    assert order == [3, 0, 2, 1]


def test_pulse_torpedoes_need_a_to_hit_roll_by_range_and_ignore_screens() -> None:
    """FT-PULSE: 6-12 MU needs 3+; damage a d6, screens no help."""
    game, feed = battle(
        [ship("harrier", "Kite", 30.0, 10.0)], [ship("sentinel", "Ward", 30.0, 17.0, facing=6)],
        6, 1,
    )
    orders(game)
    # Kite: two class-2 (2 dice each), class-1 (1 die), torpedo (to hit 3+, then 5)
    feed.add(1, 1, 1, 1, 1, 3, 4)
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    torpedo = [e for e in game.events if isinstance(e, WeaponFired) and e.system == 6]
    assert torpedo[0].damage == 4
    assert game.state.ships[1].hull_hits == 4


def test_a_needle_beam_six_knocks_out_a_system_of_the_firers_choice() -> None:
    """FT-NEEDLE: 6: one penetrating point and a chosen system out; 5: one point."""
    game, feed = battle(
        [ship("wasp", "Sting", 30.0, 10.0)], [ship("citadel", "Wall", 30.0, 18.0, facing=6)],
        6, 1,
    )
    orders(game)
    feed.add(6)
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    fire_asked(game, 0)
    decision = game.pending()[0]
    assert ChooseSystem(1, 1) in decision.options
    feed.add(1, 1, 1, 1, 1)  # submunition (2 dice at 8 MU), class-2 (2), class-1 (1)
    game.apply(0, ChooseSystem(1, 1))
    wall = game.state.ships[1]
    assert wall.damage[1] == 1 and wall.wrecked == 1 << 1  # never to be repaired (FT-DCP)
    assert (wall.armour_hits, wall.hull_hits) == (0, 1)


def test_a_submunition_pack_fires_once_with_dice_by_range() -> None:
    """FT-SUBMUNITION: 3 dice within 6 MU, then the pack is spent."""
    game, feed = battle(
        [ship("wasp", "Sting", 30.0, 10.0)], [ship("lancer", "Pike", 30.0, 15.0, facing=6)],
        6, 1,
    )
    orders(game)
    feed.add(1, 5, 5, 5, 1, 1, 1)  # needle, submunition (3 dice), class-2, class-1
    feed.add(1, 1, 1, 1, 1, 1)  # Pike's threshold check for row 1
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    fire_asked(game, 0)
    sting = game.state.ships[0]
    sub = RULES.data.designs["wasp"].indices("submunition")[0]
    fired = next(e for e in game.events if isinstance(e, WeaponFired) and e.system == sub)
    assert fired.damage == 3
    assert sting.ammo[sub] == 0 and not sting.has_shots(sub)


def test_ft_submunition_screens_are_no_help_against_a_pack() -> None:
    """FT-SUBMUNITION: three 4s from a pack at 5 MU score 3 against a level-1 screen (a
    beam's 4 would score nothing)."""
    game, feed = battle(
        [ship("wasp", "Sting", 30.0, 10.0)], [ship("sentinel", "Watch", 30.0, 15.0, facing=6)],
        6, 1,
    )
    orders(game)
    assert RULES.data.designs["sentinel"].screens == 1
    feed.add(1, 4, 4, 4, 1, 1, 1)  # needle, submunition (3 dice), class-2, class-1
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    fire_asked(game, 0)
    sub = RULES.data.designs["wasp"].indices("submunition")[0]
    fired = next(e for e in game.events if isinstance(e, WeaponFired) and e.system == sub)
    assert fired.damage == 3


def test_weapons_with_two_declared_targets_in_reach_ask_which() -> None:
    """FT-FIRECON: two fire controls, two targets: each weapon picks one of them."""
    game, _ = battle(
        [ship("sentinel", "Watch", 30.0, 10.0)],
        [ship("picket", "R1", 28.0, 18.0, facing=6), ship("picket", "R2", 32.0, 18.0, facing=6)],
        6, 1,
    )
    orders(game)
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    with pytest.raises(IllegalAction):
        game.apply(0, DeclareTarget(0, 2, "ship", 1))
    game.apply(0, DeclareTarget(0, 2, "ship", 2))
    decision = game.pending()[0]
    assert set(decision.options) == {
        AssignWeapon(0, 6, "ship", 1), AssignWeapon(0, 6, "ship", 2), AssignWeapon(0, 6)
    }


def test_ft_screens_each_level_is_a_system_of_its_own_at_threshold_checks() -> None:
    """FT-SCREENS: a level-2 screen is two generators; a threshold check that knocks out
    one leaves the ship behind level-1 screens, both out none."""
    game, _ = battle([ship("citadel", "Wall", 10, 10)], [ship("lancer", "Pike", 60, 40)])
    cls = RULES.data.designs["citadel"]
    wall = game.state.ships[0]
    generators = cls.indices("screen")
    assert len(generators) == 2 and screens_of(cls, wall) == 2
    wall.damage[generators[0]] = 1
    assert screens_of(cls, wall) == 1
    wall.damage[generators[1]] = 1
    assert screens_of(cls, wall) == 0


def test_a_shot_that_does_no_damage_reads_as_a_miss_in_the_log() -> None:
    """The narrator: a K-gun that misses "misses" rather than doing "0 damage"; a hit
    gives its damage."""
    game, feed = battle([ship("vorrun", "Fang", 30.0, 10.0)],
                        [ship("sentinel", "Watch", 30.0, 20.0, facing=6)], 6, 1)
    orders(game)
    feed.add(3, 2, 2, 6, 6, *[1] * 20)  # K3 hits (6); a K1 misses; a K1 hits (1)
    game.apply(0, DeclareTarget(0, 1, "ship", 1))
    texts = [e.text for e in game.events if isinstance(e, WeaponFired)]
    assert texts == ["Fang's K3 gun fires at Watch (10.0 MU): 6 damage",
                     "Fang's K1 gun fires at Watch (10.0 MU): misses",
                     "Fang's K1 gun fires at Watch (10.0 MU): 1 damage"]
