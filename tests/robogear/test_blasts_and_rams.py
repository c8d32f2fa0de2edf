"""Blasts, indirect fire, flamers, grenades, artillery crews, rams and run-overs
(RG-BLAST, RG-INF-BLAST-ICON, RG-IND, RG-INF-SPOTTER, RG-FLAME, RG-GRENADE,
RG-INF-GRENADE-ICON, RG-ART-*, RG-RAM-*, RG-CC-WEAPON, RG-RUNOVER)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.robogear.helpers import RULES, RGame, army, battle, put, turn_of
from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game
from warbench.rulesets.robogear import RobogearRuleset
from warbench.rulesets.robogear.actions import (
    Board,
    EndTurn,
    Heal,
    Move,
    Ram,
    RunOver,
    Shoot,
    Throw,
    Turn,
)
from warbench.rulesets.robogear.events import BlastLanded, Rammed
from warbench.rulesets.robogear.pieces import Block
from warbench.rulesets.robogear.state import resource


def test_blast_hits_everything_under_the_marker_and_spares_friends_placement() -> None:
    """RG-BLAST, RG-INF-BLAST-ICON: on a hit the marker stays on the target and every
    model under it takes the damage; it may not be laid touching a friend."""
    game = battle(army(("ferrum-walker", 1), ("ferrum-rifleman", 1)),
                  army(("verdant-brawler", 3)))
    put(game, 0, 30, 10)
    put(game, 1, 5, 5)
    for unit, x in ((2, 30.0), (3, 31.5), (4, 40.0)):
        put(game, unit, x, 20)
    turn_of(game, 0, dice=[6])
    game.apply(0, Shoot(0, 1, 2))
    landed = next(e for e in game.events if isinstance(e, BlastLanded))
    assert set(landed.hits) == {2, 3}
    assert not game.state.units[2].alive and game.state.units[4].damage == 0
    game.apply(0, EndTurn())
    put(game, 4, 30, 20)
    put(game, 1, 31, 21.5)
    turn_of(game, 0)
    assert "friendly model" in (game.check(0, Shoot(0, 1, 4)) or "")


def test_a_missed_blast_scatters_a_d6_cm_and_may_leave_the_table() -> None:
    """RG-BLAST: a miss scatters by the D6 direction table and 1D6 cm; a marker whose
    centre leaves the table does nothing."""
    game = battle(army(("ferrum-walker", 1)), army(("verdant-brawler", 1)))
    put(game, 0, 30, 45)
    put(game, 1, 30, 58.8)
    turn_of(game, 0, dice=[1, 1, 1])  # accuracy 1 - 1 (medium)... miss, direction 1, 1 cm
    game.apply(0, Shoot(0, 1, 1))
    landed = next(e for e in game.events if isinstance(e, BlastLanded))
    assert landed.scattered == 0.4 and abs(landed.y - 59.2) < 1e-6


def test_indirect_fire_needs_a_spotter_and_always_scatters_2d6_cm() -> None:
    """RG-IND, RG-INF-SPOTTER, RG-ART-CREW: a mortar fires over a wall at a target its
    spotter sees, with a crew trooper beside it; no rolls to hit, 2D6 cm of scatter."""
    game = battle(army(("verdant-brawler", 1), ("verdant-mortar", 1, "attach"),
                       ("verdant-sniper", 1)),
                  army(("ferrum-rifleman", 2)))
    put(game, 4, 55, 55)
    put(game, 0, 31.5, 10)
    put(game, 1, 30, 10)
    put(game, 2, 45, 28)
    game.state.units[2].reserve = False
    put(game, 3, 30, 28)
    game.state.terrain.append(Block(20, 18, 40, 19, 6.0, "wall"))
    turn_of(game, 0, dice=[1, 1, 1])
    assert game.check(0, Shoot(1, 0, 3)) is not None
    game.apply(0, Shoot(1, 0, 3, indirect=True))
    landed = next(e for e in game.events if isinstance(e, BlastLanded))
    assert landed.scattered == 0.8 and game.state.units[0].crewing
    assert "serving a gun" in (game.check(0, Move(0, 0.0, 1.0)) or "")


def test_rg_ind_a_gun_that_sees_may_lob_without_a_spotter() -> None:
    """RG-IND: a mortar with its own line of sight to the target may fire direct or lob,
    at the player's choice, with no spotter on the table; the lobbed shell rolls no
    accuracy and scatters the full 2D6 cm. Behind a wall, with no spotter, the lob is
    refused and says why."""
    game = battle(army(("verdant-brawler", 1), ("verdant-mortar", 1, "attach")),
                  army(("ferrum-rifleman", 2)))
    put(game, 0, 31.5, 10)
    put(game, 1, 30, 10)
    put(game, 2, 30, 24)
    put(game, 3, 55, 55)
    turn_of(game, 0, dice=[1, 2, 3])
    lob = Shoot(1, 0, 2, indirect=True)
    offered = {o for d in game.pending() for o in d.options}
    assert {Shoot(1, 0, 2), lob} <= offered
    game.apply(0, lob)
    landed = next(e for e in game.events if isinstance(e, BlastLanded))
    assert landed.scattered == 2.0  # 2 + 3 cm, no accuracy roll before it
    game.apply(0, EndTurn())
    game.state.terrain.append(Block(20, 18, 40, 19, 6.0, "wall"))
    lob = Shoot(1, 0, 3, indirect=True)
    put(game, 3, 30, 24)
    turn_of(game, 0)
    assert "out of the gun's sight needs a friendly spotter or radar" in (
        game.check(0, lob) or "")


def test_rg_ind_a_lobbing_gun_fired_direct_bursts_under_a_marker(tmp_path: Path) -> None:
    """RG-IND, RG-BLAST: every lobbing gun uses blast markers, fired direct as well as
    lobbed: a mortar whose weapon a player's units.toml marks only `indirect` (not
    `blast`) fires direct at a trooper, hits, and its marker bursts over the trooper and
    the trooper beside it."""
    shipped = (Path(RULES.shipped_data or ".") / "units.toml").read_text()
    traits = 'traits = ["blast", "indirect"]'
    (tmp_path / "units.toml").write_text(shipped.replace(traits, 'traits = ["indirect"]'))
    setup = {"armies": [army(("verdant-brawler", 1), ("verdant-mortar", 1, "attach")),
                        army(("ferrum-rifleman", 2))], "terrain": "none",
             "edges": ["south", "north"]}
    game = Game.new(RobogearRuleset(data_dir=tmp_path), setup, seed=3, players=2)
    assert game.data.units["verdant-mortar"].weapons[0].traits == ("indirect",)
    put(game, 0, 31.5, 10)
    put(game, 1, 30, 10)
    put(game, 2, 30, 24)
    put(game, 3, 31.2, 24)
    turn_of(game, 0, dice=[6])  # accuracy 6 - 1 (medium) against 0 in the open: a hit
    game.apply(0, Shoot(1, 0, 2))
    landed = next(e for e in game.events if isinstance(e, BlastLanded))
    assert set(landed.hits) == {2, 3} and landed.scattered == 0.0


def test_guns_need_crew_to_fire_two_to_move_and_pay_to_turn() -> None:
    """RG-ART-CREW, RG-ART-DEF: no trooper within a step, no shot; one trooper turns it for
    1 energy (no turntable); moving it takes two."""
    game = battle(army(("verdant-brawler", 1), ("verdant-mortar", 1, "attach")),
                  army(("ferrum-rifleman", 1)))
    put(game, 0, 10, 10)
    put(game, 1, 30, 10)
    put(game, 2, 30, 30)
    turn_of(game, 0)
    assert "crew" in (game.check(0, Shoot(1, 0, 2)) or "")
    put(game, 0, 31.5, 10)
    game._pending = None  # the table changed under a pending decision (test only)
    assert "two troopers" in (game.check(0, Move(1, 0.0, 1.0)) or "")
    game.apply(0, Turn(1, 10.0))
    assert game.state.units[1].points_left == 1


def test_rg_art_crew_a_medic_treating_and_the_trooper_treated_serve_no_gun() -> None:
    """RG-ART-CREW, RG-HEAL: from the start of a treatment to the medic's next turn neither
    the medic nor the trooper treated does anything else, so neither serves a gun: with
    only them within a step, a mortar may neither fire nor turn, this round or the next
    before the medic's turn; a free trooper brought up serves it."""
    game = battle(army(("ferrum-medic", 1), ("ferrum-rifleman", 1), ("ferrum-brawler", 1),
                       ("ferrum-mortar", 1, "attach")),
                  army(("verdant-rifleman", 1)))
    state = game.state
    put(game, 0, 31, 9.2)  # the medic and the trooper it treats, within a step of the gun
    put(game, 1, 31, 10.8)
    put(game, 2, 5, 5)  # the gun's own brawler, far off
    put(game, 3, 32.6, 10)
    put(game, 4, 32, 25)
    state.units[1].damage = 2  # red
    turn_of(game, 0)
    game.apply(0, Heal(0, 1))
    for new_round in (False, True):
        if new_round:  # a round's start clears what troopers did (turn.py Battle.step)
            game.apply(0, EndTurn())
            for unit in state.units:
                unit.crewing = unit.busy = unit.acted = False
        turn_of(game, 3)
        for action in (Shoot(3, 0, 4), Turn(3, 10.0)):
            assert "a medic treating or a trooper being treated" in (
                game.check(0, action) or "")
    put(game, 2, 34.2, 10)
    game._pending = None  # the table changed under a pending decision (test only)
    game.apply(0, Shoot(3, 0, 4))
    assert state.units[2].crewing and not state.units[0].crewing
    assert not state.units[1].crewing


def test_rg_art_crew_the_engine_takes_the_free_trooper_first_by_unit_number() -> None:
    """RG-ART-CREW (engine default): a shot, turn or move names no crew; the engine takes
    the free troopers within a step in the order of their unit numbers, so a trooper of
    another squad standing by the gun may be the one that serves and loses its round."""
    game = battle(army(("ferrum-rocketeer", 1), ("ferrum-rifleman", 1),
                       ("ferrum-mortar", 1, "attach")), army(("verdant-tank", 1)))
    put(game, 0, 28.5, 10)  # another squad's rocketeer, within a step of the gun
    put(game, 1, 31.5, 10)  # the gun's own rifleman, within a step too
    put(game, 2, 30, 10)
    put(game, 3, 30, 25)
    turn_of(game, 2)
    game.apply(0, Shoot(2, 0, 3))
    assert game.state.units[0].crewing and not game.state.units[1].crewing


def test_rg_art_crew_a_pilot_in_a_guns_seat_turns_and_fires_it(tmp_path: Path) -> None:
    """RG-ART-CREW, RG-PILOT-NEW: a gun with a pilot's seat (a player's units.toml gives
    the mortar one) turns and fires with a pilot sitting in it and no trooper by it; the
    pilot gets in as into an empty cabin, touching it, for a point."""
    shipped = (Path(RULES.shipped_data or ".") / "units.toml").read_text()
    mortar = 'name = "Ferrum field mortar"\nkind = "gun"\n'
    assert mortar in shipped
    (tmp_path / "units.toml").write_text(shipped.replace(mortar, mortar + "pilot_seat = true\n"))
    setup = {"armies": [army(("ferrum-pilot", 1), ("ferrum-mortar", 1, "attach")),
                        army(("verdant-tank", 1))], "terrain": "none", "edges": ["south", "north"]}
    game = Game.new(RobogearRuleset(data_dir=tmp_path), setup, seed=3, players=2)
    put(game, 0, 31.5, 10)
    gun = put(game, 1, 30, 10)
    put(game, 2, 30, 25)
    turn_of(game, 0)
    assert gun.pilot == 0
    game.apply(0, Board(0, 1))
    assert gun.pilot == 3 and not game.state.units[0].alive
    game.apply(0, Turn(1, 10.0))
    assert game.check(0, Shoot(1, 0, 2)) is None


def test_flamer_template_hits_all_it_touches_and_burns_open_crews() -> None:
    """RG-FLAME: the teardrop from the base hits every model it touches; the pilot of an
    open machine under it takes D6 hits; it may not touch a friend."""
    game = battle(army(("verdant-spider", 1), ("verdant-brawler", 1)),
                  army(("ferrum-rifleman", 2), ("ferrum-rover", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 5, 5)
    put(game, 2, 30, 14)
    put(game, 3, 30.5, 17)
    put(game, 4, 30, 40)
    turn_of(game, 0, dice=[1, 1])
    game.apply(0, Shoot(0, 0, 2))
    assert not game.state.units[2].alive and not game.state.units[3].alive
    game.apply(0, EndTurn())
    put(game, 4, 30, 20.5)  # the template's tip just reaches it: no heading misses the friend
    put(game, 1, 30, 12)
    turn_of(game, 0)
    assert "friendly model" in (game.check(0, Shoot(0, 0, 4)) or "")
    put(game, 1, 5, 5)
    game._pending = None  # the table changed under a pending decision (test only)
    game.set_dice(ScriptedDice([5]))
    game.apply(0, Shoot(0, 0, 4))
    assert game.state.units[4].damage == 3 and game.state.units[4].pilot == 0


def test_rg_flame_each_of_an_open_crews_d6_hits_deals_the_flamers_damage() -> None:
    """RG-FLAME: the pilot of an open machine and the troopers riding it take D6 hits, each
    for the flamer's damage (3): one hit kills the 3-life pilot and a 3-wound rider (it cost
    each one life before)."""
    game = battle(army(("verdant-spider", 1)),
                  army(("ferrum-rover", 1), ("ferrum-rifleman", 1)))
    rover, rider = game.state.units[1:3]
    put(game, 0, 30, 10)
    put(game, 1, 30, 16)
    rider.carried_by = rover.id
    turn_of(game, 0, dice=[1])
    game.apply(0, Shoot(0, 0, 1))
    assert rover.damage == 3 and rover.alive
    assert rover.pilot == 0 and not rider.alive


def test_rg_flame_the_template_covers_as_many_enemies_as_it_can() -> None:
    """RG-FLAME: a turreted flamer lays its template over as many enemy units as it can:
    with two troopers side by side on one hand and one alone on the other, a shot at the
    lone one is refused naming the rule, and a shot at either of the pair burns both."""
    game = battle(army(("verdant-spider", 1)), army(("ferrum-rifleman", 3)))
    spider, left, beside, lone = game.state.units[:4]
    put(game, 0, 30, 30)
    put(game, 1, 26.5, 34)
    put(game, 2, 26, 35.5)
    put(game, 3, 34, 34)
    turn_of(game, 0, dice=[])
    reason = game.check(0, Shoot(0, 0, 3)) or ""
    assert "as many enemy units as possible" in reason and "covers 2" in reason
    game.apply(0, Shoot(0, 0, 2))
    assert not left.alive and not beside.alive
    assert lone.alive and lone.damage == 0 and spider.ammo[0] == 4


def test_rg_flame_at_a_machine_covers_it_and_swings_off_a_friend() -> None:
    """RG-FLAME: at a machine the template is laid to cover as much of it as it can (the
    count of enemies elsewhere does not bind it), swung off the line to its centre when a
    friend stands on that line, never touching the friend."""
    game = battle(army(("verdant-spider", 1), ("verdant-brawler", 1)),
                  army(("ferrum-rifleman", 2), ("ferrum-tank", 1)))
    friend, tank = game.state.units[1], game.state.units[4]
    put(game, 0, 30, 30)
    put(game, 2, 26.5, 34)
    put(game, 3, 26, 35.5)
    put(game, 4, 34.5, 35)
    put(game, 1, 32.4, 33.1)  # on the line from the spider's centre to the tank's
    turn_of(game, 0, dice=[])
    game.apply(0, Shoot(0, 0, 4))
    assert tank.damage == 3 and friend.damage == 0
    assert game.state.units[2].alive and game.state.units[3].alive


def test_grenades_one_a_turn_instead_of_the_main_weapon() -> None:
    """RG-GRENADE, RG-INF-GRENADE-ICON: damage 3, at most one a turn, not after firing."""
    game = battle(army(("verdant-brawler", 1)), army(("ferrum-tank", 1), ("ferrum-rifleman", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 30, 16)
    put(game, 2, 40, 10)
    turn_of(game, 0, dice=[6])
    game.apply(0, Throw(0, 1))
    assert game.state.units[1].damage == 3
    assert "one grenade a turn" in (game.check(0, Throw(0, 2)) or "")
    assert "instead of the main weapon" in (game.check(0, Shoot(0, 0, 2)) or "")


def test_rg_grenade_refusals_name_the_rule() -> None:
    """RG-GRENADE, RG-INF-GRENADE-ICON: a throw is refused, with the reason, at an enemy
    beyond short range (engine default), at a friend, by a trooper with no grenade left
    and by one that has fired its main weapon this turn."""
    game = battle(army(("verdant-brawler", 2)), army(("ferrum-tank", 1), ("ferrum-rifleman", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 31.5, 10)
    put(game, 2, 30, 16)
    put(game, 3, 38, 24)
    game.state.units[1].grenades = 0
    turn_of(game, 0, dice=[6] * 6)
    assert game.check(0, Throw(0, 3)) == (
        "a grenade reaches short range only (engine default, RG-GRENADE)")
    assert game.check(0, Throw(0, 1)) == "grenades are thrown at an enemy on the table (RG-BLAST)"
    assert game.check(0, Throw(1, 2)) == "this unit has no hand grenades left (RG-INF-GRENADE-ICON)"
    game.apply(0, Shoot(0, 0, 3))
    assert game.check(0, Throw(0, 2)) == (
        "a grenade is thrown instead of the main weapon: it has already fired (RG-GRENADE)")


def test_ram_rolls_armour_and_claws_and_the_table_hurts_both() -> None:
    """Also RG-DMG-LEVEL.
    RG-RAM-TOUCH, RG-RAM-ROLL, RG-RAM-TABLE, RG-CC-WEAPON, RG-RAM-RUN: D6 + armour level +
    close-combat power each; the loser takes 2 + the margin, the winner 1."""
    game = battle(army(("ferrum-walker", 1)), army(("ashen-rover", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 30, 20)
    turn_of(game, 0, dice=[3, 3])
    game.apply(0, Ram(0, 1))
    ram = next(e for e in game.events if isinstance(e, Rammed))
    assert (ram.power, ram.target_power) == (3 + 10 + 3, 3 + 9)
    assert game.state.units[0].damage == 1 and game.state.units[1].damage == 2 + 4


@pytest.mark.parametrize(("dice", "hurt"), [
    ([1, 5], (2, 2)),  # 1 + 13 against 5 + 9: a draw, 2 each
    ([1, 6], (2 + 1, 1)),  # 14 against 15: the rammer loses by 1 and takes 3, the rover 1
])
def test_rg_ram_table_a_draw_hurts_both_alike_and_a_rammer_can_lose(
    dice: list[int], hurt: tuple[int, int]
) -> None:
    """RG-RAM-ROLL, RG-RAM-TABLE: equal totals are a draw (2 damage each, engine default);
    a rammer rolling lower is the loser and takes 2 + the margin, the rammed machine 1."""
    game = battle(army(("ferrum-walker", 1)), army(("ashen-rover", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 30, 20)
    turn_of(game, 0, dice=dice)
    game.apply(0, Ram(0, 1))
    assert (game.state.units[0].damage, game.state.units[1].damage) == hurt


def test_short_rams_do_no_damage_and_tracks_cannot_ram_flyers() -> None:
    """RG-RAM-RUN, RG-RAM-FLY: under 4 steps of run nobody is hurt; tracks and legs cannot
    ram flyers."""
    game = battle(army(("ferrum-tank", 1)), army(("verdant-rover", 1), ("verdant-flyer", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 30, 15)
    put(game, 2, 40, 10)
    turn_of(game, 0, dice=[6, 1])
    assert "cannot ram flyers" in (game.check(0, Ram(0, 2)) or "")
    game.apply(0, Ram(0, 1))
    assert game.state.units[0].damage == game.state.units[1].damage == 0


def test_a_flyer_that_rams_is_lost_but_the_rolls_still_count() -> None:
    """RG-RAM-FLYER-DIES: the flyer and pilot are destroyed; the target takes the table's
    damage."""
    game = battle(army(("ferrum-flyer", 1)), army(("verdant-rover", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 30, 20)
    turn_of(game, 0, dice=[6, 1])
    game.apply(0, Ram(0, 1))
    assert not game.state.units[0].alive
    assert game.state.units[1].damage == 2 + (6 + 6) - (1 + 7)


def test_machines_run_troopers_over_who_escape_on_5_or_6() -> None:
    """RG-RUNOVER: the machine is unhurt; 1-4 crushes the trooper."""
    game = battle(army(("ferrum-tank", 1)), army(("verdant-brawler", 2)))
    put(game, 0, 30, 10)
    put(game, 1, 30, 16)
    turn_of(game, 0, dice=[4, 5])
    game.apply(0, RunOver(0, 1))
    assert not game.state.units[1].alive and game.state.units[0].damage == 0
    put(game, 2, 34, game.state.units[0].y)
    game.apply(0, Turn(0, 90.0))
    game.apply(0, RunOver(0, 2))
    assert game.state.units[2].alive


def _crewed_mortar() -> RGame:
    """A verdant mortar with two brawlers beside it, an enemy rifleman at medium range (and
    a tank far off, so that the battle goes on)."""
    game = battle(army(("verdant-brawler", 2), ("verdant-mortar", 1, "attach")),
                  army(("ferrum-rifleman", 1), ("ferrum-tank", 1)))
    put(game, 4, 60, 60)
    put(game, 0, 31.5, 10)
    put(game, 1, 28.5, 10)
    put(game, 2, 30, 10)
    put(game, 3, 30, 22)
    turn_of(game, 2)
    return game


def test_a_gun_moved_by_its_crew_neither_turns_nor_fires_that_turn() -> None:
    """RG-ART-CREW: in its turn a gun either turns and fires or is moved by two troopers."""
    game = _crewed_mortar()
    assert game.check(0, Shoot(2, 0, 3)) is None
    game.apply(0, Move(2, 0.0, 1.0))
    assert "not both" in (game.check(0, Shoot(2, 0, 3)) or "")
    assert "not both" in (game.check(0, Turn(2, 20.0)) or "")


def test_a_gun_that_fired_or_turned_is_not_moved_that_turn() -> None:
    """RG-ART-CREW: firing (or turning) is the other choice: no move after it."""
    game = _crewed_mortar()
    game.set_dice(ScriptedDice([6] * 10))
    game.apply(0, Shoot(2, 0, 3))
    assert "not both" in (game.check(0, Move(2, 0.0, 1.0)) or "")
    game = _crewed_mortar()
    game.apply(0, Turn(2, 20.0))
    assert "not both" in (game.check(0, Move(2, 0.0, 1.0)) or "")


def test_a_gun_moves_as_far_as_its_crew_walk() -> None:
    """RG-ART-CREW: two troopers move the gun as far as the crew can move (their resource,
    not the gun's energy)."""
    game = _crewed_mortar()
    state = game.state
    crew_reach = min(resource(game.data.units[u.type], u) for u in state.units[:2])
    assert crew_reach > state.units[2].points_left
    game.apply(0, Move(2, 0.0, 3.0))
    game.apply(0, Move(2, 0.0, float(crew_reach - 3)))
    assert state.units[2].y == 10 + crew_reach
    assert game.check(0, Move(2, 0.0, 1.0)) is not None


def test_the_spider_walks_and_cannot_ram_flyers() -> None:
    """RG-RAM-FLY: tracked and walking machines cannot ram flyers; the spider is a walker."""
    game = battle(army(("ferrum-spider", 1)), army(("verdant-flyer", 1), ("verdant-tank", 1)))
    put(game, 0, 30, 10)
    put(game, 1, 30, 16, 180.0)
    put(game, 2, 60, 60)
    turn_of(game, 0)
    assert "cannot ram flyers" in (game.check(0, Ram(0, 1)) or "")


def test_a_ram_is_made_against_a_machine_not_a_gun() -> None:
    """RG-RAM-TOUCH: a machine rams an enemy machine; a gun is artillery, not a machine."""
    game = battle(army(("ferrum-tank", 1)),
                  army(("verdant-brawler", 1), ("verdant-mortar", 1, "attach")))
    put(game, 0, 30, 10)
    put(game, 1, 60, 60)
    put(game, 2, 30, 16, 180.0)
    turn_of(game, 0)
    assert "against an enemy machine" in (game.check(0, Ram(0, 2)) or "")
