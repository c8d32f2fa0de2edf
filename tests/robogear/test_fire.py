"""Shooting (RG-FIRE-*, RG-DMG-*, RG-PILOT-OPEN, RG-PILOT-LIVES, RG-INF-SMALLARMS,
RG-INF-DEADLY, RG-INF-FAN, RG-INF-FIRE-TIMES, RG-INF-ABOVE, RG-INF-AP, RG-INF-AIM,
RG-INF-FIRE-CONTACT, RG-INF-AMMO)."""

from __future__ import annotations

import pytest

from tests.robogear.helpers import RGame, army, battle, put, turn_of
from warbench.core.events import RollEffect, UnitDestroyed
from warbench.rulesets.robogear.actions import Shoot
from warbench.rulesets.robogear.board import action_odds
from warbench.rulesets.robogear.events import ShotResolved, TokenPlaced
from warbench.rulesets.robogear.pieces import Block
from warbench.rulesets.robogear.positions import hurt
from warbench.rulesets.robogear.table import hidden_share

TANK, WALKER = "ferrum-tank", "verdant-walker"


def _duel(shooter: str, target: str, distance: float, facing: float = 0.0):
    game = battle(army((shooter, 1)), army((target, 1)))
    put(game, 0, 30, 10, facing)
    put(game, 1, 30, 10 + distance + game.state.units[0].radius + game.state.units[1].radius,
        180.0)
    return game


def test_short_range_in_the_open_always_hits_for_short_damage() -> None:
    """Also RG-SETUP-KIT.
    RG-FIRE-HIT, RG-FIRE-ACC, RG-FIRE-DEF, RG-FIRE-BANDS, RG-DMG-SCALE, RG-DMG-LEVEL,
    RG-FIRE-ONCE: accuracy D6 beats defence 0 (under 25% hidden); 6 damage at short range
    moves the slider six cells; each weapon fires once a turn for 1 resource."""
    game = _duel(TANK, WALKER, 5.0)
    turn_of(game, 0, dice=[1, 1])
    game.apply(0, Shoot(0, 0, 1))
    shot = next(e for e in game.events if isinstance(e, ShotResolved))
    assert (shot.accuracy, shot.defence, shot.hit) == (1, 0, True)
    assert shot.text == ("0 Anvil battle tank fires the main cannon at 1 Mantis walker: "
                         "accuracy 1 against defence 0, a hit (it beats the defence)")
    assert game.state.units[1].damage == 6
    assert game.state.units[0].points_left == 4
    assert "fires once a turn" in (game.check(0, Shoot(0, 0, 1)) or "")
    (mark,) = game.ruleset.attacks_drawn(game.state, game.events)  # the picture names both
    assert mark.label == ("0 Anvil battle tank: main cannon at 1 Mantis walker\n"
                          "1 vs 0: hit, 6 damage (short)")


def test_long_range_penalty_can_miss_and_zero_damage_is_useless() -> None:
    """RG-FIRE-BANDS, RG-FIRE-ACC: at long range a 2 gives accuracy 0, a miss in the open;
    the hull gun (0 at long range) cannot fire there."""
    game = _duel(TANK, WALKER, 20.0)
    turn_of(game, 0, dice=[2])
    assert "useless at that range" in (game.check(0, Shoot(0, 1, 1)) or "")
    game.apply(0, Shoot(0, 0, 1))
    assert game.state.units[1].damage == 0


def test_fixed_weapons_must_point_and_turrets_need_not() -> None:
    """RG-FIRE-AIM: the hull gun is fixed; the turret cannon fires sideways."""
    game = _duel(TANK, WALKER, 5.0, facing=90.0)
    turn_of(game, 0, dice=[6])
    assert "fixed" in (game.check(0, Shoot(0, 1, 1)) or "")
    assert game.check(0, Shoot(0, 0, 1)) is None


def test_no_shooting_in_contact_with_an_enemy_machine() -> None:
    """RG-FIRE-CONTACT: a machine touching an enemy machine must back off to shoot."""
    game = _duel(TANK, WALKER, 0.0)
    turn_of(game, 0)
    assert "back off to shoot" in (game.check(0, Shoot(0, 0, 1)) or "")


def test_cover_gives_defence_and_full_cover_blocks_sight() -> None:
    """RG-FIRE-DEF, RG-FIRE-LOS: a wall hiding half the walker gives a D6 defence; a wall
    taller than it hides it entirely."""
    game = _duel(TANK, WALKER, 5.0)
    game.state.terrain.append(Block(20, 17, 40, 17.5, 2.0, "wall"))
    turn_of(game, 0, dice=[3, 4])
    game.apply(0, Shoot(0, 0, 1))
    shot = next(e for e in game.events if isinstance(e, ShotResolved))
    assert (shot.accuracy, shot.defence, shot.hit) == (3, 4, False)
    game.state.terrain[-1].height = 9.0
    game._pending = None  # the table changed under a pending decision (test only)
    assert "out of sight" in (game.check(0, Shoot(0, 1, 1)) or "")


def _screened(*others: str) -> RGame:
    """A ferrum tank (unit 0) at (30, 10) facing north; the enemy's ``others`` (units 1,
    2, ...) stand far off, to be put on the line of fire by the test."""
    game = battle(army((TANK, 1)), army(*((other, 1) for other in others)))
    put(game, 0, 30, 10)
    for index in range(1, len(others) + 1):
        put(game, index, 10 * index, 55, 180.0)
    return game


def _defence_rolls(game: RGame) -> list[tuple[int, int]]:
    """(sides, modifier) of every defence roll so far."""
    return [(e.sides, e.modifier) for e in game.events
            if isinstance(e, RollEffect) and e.purpose == "defence"]


def test_rg_fire_def_a_low_gun_screening_a_tall_walker_hides_under_half() -> None:
    """RG-FIRE-DEF: a machine or gun across the line of fire hides the part of the target
    below its own top, as a wall as tall would: a 3 cm mortar before a 10 cm walker hides
    30% of it, a D3 defence (not the D6 of half hidden), and the shot's odds price that; a
    trooper across the line hides nothing (engine default)."""
    game = _screened(WALKER, "verdant-mortar", "verdant-rifleman")
    state, data = game.state, game.data
    tank, walker = state.units[0], put(game, 1, 30, 20, 180.0)
    mortar = put(game, 2, 30, 15)
    assert hidden_share(state, data, tank, walker) == pytest.approx(0.3)
    odds = action_odds(data, state, Shoot(0, 0, 1))
    assert odds is not None and odds.named["hit"] == pytest.approx(4 / 6)  # D6 above a D3
    turn_of(game, 0, dice=[3, 3])
    game.apply(0, Shoot(0, 0, 1))
    assert _defence_rolls(game) == [(3, 0)]
    mortar.x = 60.0
    put(game, 3, 30, 15)
    assert hidden_share(state, data, tank, walker) == 0.0


def test_rg_fire_def_a_tall_machine_screening_a_low_one_hides_most_or_all() -> None:
    """RG-FIRE-DEF, RG-FIRE-LOS: a 7.5 cm tank before a 10 cm walker hides 75% of it (D6+1
    defence); a walker before a tank, or a tank before a 5 cm trooper, hides all of it: the
    target is out of sight, and the bot knows it can do it no harm there."""
    game = _screened(WALKER, "verdant-tank", "verdant-rifleman")
    state, data = game.state, game.data
    tank, walker = state.units[0], put(game, 1, 30, 22, 180.0)
    screen = put(game, 2, 30, 16)
    assert hidden_share(state, data, tank, walker) == 0.75
    turn_of(game, 0, dice=[6, 4])
    game.apply(0, Shoot(0, 0, 1))
    assert _defence_rolls(game) == [(6, 1)]
    screen.y, walker.y = 22.0, 16.0
    game._pending = None  # the table changed under a pending decision (test only)
    assert hidden_share(state, data, tank, screen) == 1.0
    assert "out of sight" in (game.check(0, Shoot(0, 1, 2)) or "")
    assert hurt(state, data, tank, screen) == 0.0
    walker.x = 60.0
    trooper = put(game, 3, 30, 22)
    assert hidden_share(state, data, tank, trooper) == 1.0


def test_rg_fire_def_a_machine_screens_from_the_ground_it_stands_on() -> None:
    """RG-FIRE-DEF: a machine's top is the ground under it plus its height, and hides only
    what is below it: a tank on the ground before a walker on a 2-step rise hides the lower
    quarter of it (D3 defence); a shooter standing above the tank's top sees past it."""
    game = _screened(WALKER, "verdant-tank")
    state, data = game.state, game.data
    tank, walker = state.units[0], put(game, 1, 30, 22, 180.0)
    put(game, 2, 30, 16)
    state.terrain.append(Block(25, 20, 35, 25, 2.0, "rise"))
    assert hidden_share(state, data, tank, walker) == 0.25
    state.terrain[-1].height = 3.0  # the walker's base level with the tank's top
    assert hidden_share(state, data, tank, walker) == 0.0
    state.terrain[-1] = Block(25, 5, 35, 12, 3.5, "tower")  # now under the shooter
    assert hidden_share(state, data, tank, walker) == 0.0


def test_troopers_are_hard_targets_for_machines_not_for_troopers() -> None:
    """RG-FIRE-HARD, RG-INF-AIM: +1 defence for a trooper shot by a machine, none when a
    trooper shoots it; troopers need no aiming."""
    game = battle(army((TANK, 1), ("ferrum-rifleman", 1)), army(("verdant-brawler", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 20, 10, 180.0)
    put(game, 2, 30, 16)
    turn_of(game, 0, dice=[1])
    game.apply(0, Shoot(0, 0, 2))
    assert [(e.defence, e.hit) for e in game.events if isinstance(e, ShotResolved)] == [(1, False)]


def test_yellow_section_rolls_a_critical_token() -> None:
    """RG-FIRE-TOKEN: a hit leaving the armour in yellow rolls a D6 on the token table."""
    game = _duel(TANK, WALKER, 5.0)
    turn_of(game, 0, dice=[4, 5])
    game.apply(0, Shoot(0, 1, 1))  # 3 damage: cell 3 of a 3/3/3 walker is yellow
    assert [e.token for e in game.events if isinstance(e, TokenPlaced)] == ["drive"]
    assert game.state.units[1].tokens == ["drive"]


def test_past_the_last_cell_the_machine_and_pilot_are_destroyed() -> None:
    """RG-DMG-SCALE: below 1 the machine is removed and a crater marks the place."""
    game = _duel(TANK, WALKER, 5.0)
    game.state.units[1].damage = 7
    turn_of(game, 0, dice=[6])
    game.apply(0, Shoot(0, 0, 1))
    walker = game.state.units[1]
    assert not walker.alive and walker.pilot == 0 and game.state.craters
    assert any(isinstance(e, UnitDestroyed) for e in game.events)


def test_small_arms_cannot_hurt_machines_but_can_shoot_open_pilots() -> None:
    """RG-INF-SMALLARMS, RG-INF-AP, RG-PILOT-OPEN, RG-PILOT-LIVES: rifles cannot harm a
    tank; a rocket launcher can; the pilot of an open carrier can be shot, 3 lives."""
    game = battle(army(("ferrum-rifleman", 1), ("ferrum-rocketeer", 1)),
                  army((TANK, 1), ("verdant-rover", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 34, 10)
    put(game, 2, 30, 18)
    put(game, 3, 34, 16)
    turn_of(game, 0, dice=[6])
    assert "small arms" in (game.check(0, Shoot(0, 0, 2)) or "")
    assert "open machine" in (game.check(0, Shoot(0, 0, 2, at_pilot=True)) or "")
    game.apply(0, Shoot(0, 0, 3, at_pilot=True))
    assert game.state.units[3].pilot == 1  # rifle 2 at short range
    game.apply(0, __import__("warbench.rulesets.robogear.actions",
                             fromlist=["EndTurn"]).EndTurn())
    turn_of(game, 1, dice=[6])
    assert game.check(0, Shoot(1, 0, 2)) is None


def test_deadly_shot_kills_and_weapons_fire_as_often_as_listed() -> None:
    """Also RG-INF-WOUNDS.
    RG-INF-DEADLY, RG-INF-FIRE-TIMES, RG-INF-AMMO: a sniper's hit always kills; a
    machine gun fires twice a turn, at its listed cost, without ammunition."""
    game = battle(army(("verdant-sniper", 1), ("ashen-gunner", 1)),
                  army(("ferrum-rifleman", 2)))
    put(game, 0, 30, 10)
    put(game, 1, 10, 10)
    put(game, 2, 30, 20)
    put(game, 3, 10, 20)
    game.state.units[0].reserve = False
    turn_of(game, 0, dice=[6])
    game.apply(0, Shoot(0, 0, 2))
    assert not game.state.units[2].alive
    assert game.state.units[0].points_left == 5 - 2
    from warbench.rulesets.robogear.actions import EndTurn
    game.apply(0, EndTurn())
    turn_of(game, 1, dice=[1, 1, 1, 1])
    game.apply(0, Shoot(1, 0, 3))
    game.apply(0, Shoot(1, 0, 3))
    assert "fires 2 time" in (game.check(0, Shoot(1, 0, 3)) or "")


def test_fan_fire_sweeps_troopers_near_the_line() -> None:
    """RG-INF-FAN: troopers within a step of the line of fire also roll defence."""
    game = battle(army(("ashen-gunner", 1)), army(("ferrum-rifleman", 2)))
    put(game, 0, 30, 10)
    put(game, 1, 30, 20)
    put(game, 2, 30.8, 15)
    turn_of(game, 0, dice=[4])
    game.apply(0, Shoot(0, 0, 1))
    hits = {e.target for e in game.events if isinstance(e, ShotResolved) and e.hit}
    assert hits == {1, 2}


def test_fan_fire_sweeps_friend_and_foe_along_the_line_out_to_range() -> None:
    """RG-INF-FAN: every trooper within a step of the line of fire and in range rolls
    defence, friend or foe, beyond the target too; not one beside the shooter."""
    game = battle(army(("ashen-gunner", 1), ("ashen-rifleman", 2)),
                  army(("ferrum-rifleman", 2)))
    put(game, 0, 30, 10)
    put(game, 1, 30.8, 15)  # a friend by the line
    put(game, 2, 31.2, 10)  # a friend beside the gunner
    put(game, 3, 30, 20)  # the target
    put(game, 4, 30, 22.5)  # an enemy on the line beyond it
    turn_of(game, 0, dice=[6])
    game.apply(0, Shoot(0, 0, 3))
    rolled = {e.target for e in game.events if isinstance(e, ShotResolved)}
    assert rolled == {1, 3, 4}


def test_from_above_a_trooper_gains_accuracy_and_contact_stops_fire() -> None:
    """RG-INF-ABOVE, RG-INF-FIRE-CONTACT: +1 from a step up; no shooting base to base."""
    game = battle(army(("ferrum-rifleman", 1)), army(("verdant-brawler", 2)))
    game.state.terrain.append(Block(28, 8, 32, 12, 1.5, "roof"))
    put(game, 0, 30, 10)
    put(game, 1, 30, 18)
    put(game, 2, 31.0, 10)
    turn_of(game, 0)
    assert "close combat" in (game.check(0, Shoot(0, 0, 1)) or "")
    put(game, 2, 50, 50)
    game._pending = None  # the table changed under a pending decision (test only)
    game.set_dice(__import__("warbench.core.dice", fromlist=["ScriptedDice"]).ScriptedDice([3]))
    game.apply(0, Shoot(0, 0, 1))
    shot = next(e for e in game.events if isinstance(e, ShotResolved))
    assert shot.accuracy == 3 - 0 + 1


def test_machine_weapons_use_up_their_ammunition() -> None:
    """RG-FIRE-AMMO: each shot of a machine's weapon uses one round of its ammunition scale;
    an empty weapon cannot fire."""
    game = _duel(TANK, WALKER, 5.0)
    game.state.units[0].ammo[0] = 1
    turn_of(game, 0, dice=[1, 1])
    game.apply(0, Shoot(0, 0, 1))
    assert game.state.units[0].ammo[0] == 0
    game.apply(0, __import__("warbench.rulesets.robogear.actions",
                             fromlist=["EndTurn"]).EndTurn())
    turn_of(game, 0)
    assert "out of ammunition" in (game.check(0, Shoot(0, 0, 1)) or "")


def test_a_target_on_a_band_boundary_gets_the_farther_band() -> None:
    """RG-FIRE-BOUNDARY: the owner of a target exactly on a boundary may choose its band;
    the engine takes the farther one for them (engine default)."""
    game = _duel(TANK, WALKER, 8.0)
    turn_of(game, 0, dice=[6, 1])
    game.apply(0, Shoot(0, 0, 1))
    assert game.state.units[1].damage == 5  # medium-range damage of the 6/5/3 cannon


def test_on_a_band_boundary_the_owner_gets_the_band_worse_for_the_shooter() -> None:
    """RG-FIRE-BOUNDARY: the target's owner chooses the band on a boundary; the engine takes
    the one where the weapon does less damage: a mortar (0 short, 4 medium) at exactly 20 cm
    is useless, a hair farther it fires at medium range."""
    game = battle(army(("verdant-brawler", 1), ("verdant-mortar", 1, "attach")),
                  army(("ferrum-rifleman", 2)))
    gun, rifleman = game.state.units[1], game.state.units[2]
    put(game, 0, 31.6, 10)
    put(game, 1, 30, 10)
    put(game, 2, 30, 10 + 8.0 + gun.radius + rifleman.radius, 180.0)
    put(game, 3, 60, 60)
    turn_of(game, 0)
    assert "useless at that range" in (game.check(0, Shoot(1, 0, 2)) or "")
    put(game, 2, 30, 10 + 8.01 + gun.radius + rifleman.radius, 180.0)
    game._pending = None  # the table changed under a pending decision (test only)
    assert game.check(0, Shoot(1, 0, 2)) is None


def test_guns_are_not_armour_a_trooper_is_no_hard_target_for_them() -> None:
    """RG-FIRE-HARD: a trooper is a hard target (+1) for armour and aircraft, which a gun
    is not."""
    from warbench.rulesets.robogear.fire import hard_target

    game = battle(army(("verdant-brawler", 1), ("verdant-mortar", 1, "attach")),
                  army(("ferrum-rifleman", 1), ("ferrum-tank", 1)))
    brawler, gun, rifleman, tank = game.state.units[:4]
    assert hard_target(game.data, gun, rifleman, False) == 0
    assert hard_target(game.data, tank, brawler, False) == 1
    assert hard_target(game.data, rifleman, brawler, False) == 0


def test_a_deadly_hit_destroys_a_machine_too() -> None:
    """RG-INF-DEADLY: a hit from a deadly weapon always destroys its target, a machine
    included (a deadly armour-piercing weapon from a player's data)."""
    from warbench.rulesets.robogear.shots import _hit

    game = battle(army(("ferrum-sniper", 1)), army((TANK, 1), ("verdant-rifleman", 1)))
    sniper, tank = game.state.units[0], game.state.units[1]
    weapon = game.data.units[sniper.type].weapons[0]
    piercing = weapon.model_copy(update={"traits": ("deadly", "armour_piercing")})
    _hit(game, sniper, tank, 1, piercing, False)
    assert not tank.alive
