"""Mines, repairs, raging fires, derelicts, indirect fire and treacherous terrain."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    P1_FIRST,
    SHORE,
    catalog_file,
    model,
    owed,
    play,
    refresh,
    scripted,
    setup,
    squadron,
    state,
    texts,
)
from warbench.core.engine import Game, IllegalAction
from warbench.core.events import Roll, RollEffect
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    CeaseFire,
    Decline,
    EndBoarding,
    Fire,
    Idle,
    Move,
    Repair,
    Reroll,
)
from warbench.rulesets.dystopian_wars.damage import CriticalRolls
from warbench.rulesets.dystopian_wars.mines import explode
from warbench.rulesets.dystopian_wars.setup import octagon
from warbench.rulesets.dystopian_wars.state import Mine
from warbench.server.snapshot import event_text

MONITOR = """
[test-monitor]
name = "Test monitor"
nation = "federated-states"
category = "gunship"
domain = "naval"
size = "medium"
capital = true
points = 80
hp = 5
dr = 5
cr = 7
mv = 6
base = [1.0, 3.0]
aa = 2
source = "engine default"
[[test-monitor.weapons]]
name = "howitzer"
grade = "primary"
arcs = ["fore"]
ad = [0, 6, 8, 8]
indirect = true
"""


def test_a_mine_dropped_arms_and_explodes_under_an_enemy(tmp_path: Path) -> None:
    """DW-MINES, DW-LUCK: a mine is dropped at the stern during the move; it arms when the
    activation ends; an enemy coming within 1 inch sets it off there and then (before the
    next model of its squadron moves); every model under the 4-inch template takes the hits
    of its one roll.
    Also shows DW-MK-MINES.
    """
    rules = DystopianWarsRuleset(catalog_file(tmp_path))
    game_setup = setup(
        [squadron("test-battleship", (36.0, 10.0, 0.0), name="Dauntless")],
        [squadron("prussia-cruiser", (30.0, 14.0, 90.0), (30.0, 17.0, 90.0))],
    )
    faces = [*P0_FIRST, 6, 1, 1, 1, 1, 4]  # Dauntless is under it too
    game = scripted(game_setup, faces, rules)
    play(game, Activate(0), Move(0, (2.0,), mine_at=0.0), CeaseFire(), EndBoarding())
    mine = state(game).mines[0]
    assert mine.armed and (mine.x, mine.y) == pytest.approx((36.0, 8.0))
    model(game, 1).x, model(game, 1).y, model(game, 1).heading = 30.0, 8.0, 90.0
    model(game, 2).x, model(game, 2).y = 30.0, 12.0
    play(game, Activate(1), Move(1, (4.0,)))
    assert "a mine goes off at (36.0, 8.0)" in texts(game)  # during Wacht 1's move
    assert state(game).mines == []
    # one roll for the whole blast (seed l.501): both take its hits
    assert "player 1's mine rolls 5 dice at Wacht 1: 3 hits" in texts(game)
    assert "player 1's mine rolls 5 dice at Dauntless (its own model): 3 hits" in texts(game)
    # DW-LUCK: the mine rolls player 0's dice, good for it with an enemy under the blast;
    # its label keys a search's dice by the seat's index, its words count players from 1
    rated = {e.purpose: e for e in game.events if isinstance(e, RollEffect)}
    assert rated["player 0 mine"].higher_is_better
    assert rated["player 0 mine"].told == "player 1's mine"
    (line,) = [event_text(e) for e in game.events
               if isinstance(e, Roll) and e.label == "player 0 mine"]
    assert line == "player 1 rolled 5d6 for their mine: 6 1 1 1 1"  # the roller named once


#: An armed mine of player 0 (5 dice) at (36, 20), and two Wacht cruisers of player 1 heading
#: east: Wacht 1 runs past it 0.8 inches off its centre, Wacht 2 stands 1.3 inches off it
#: (under the template, not within 1 inch).
PAST_THE_MINE = setup(
    [squadron("britannia-battleship", (10.0, 40.0, 0.0), name="Sovereign")],
    [squadron("prussia-cruiser", (33.0, 21.3, 90.0), (36.0, 18.2, 90.0))],
)


def _armed_mine(game: Game) -> None:
    """Lay player 0's armed mine of 5 dice at (36, 20)."""
    state(game).mines.append(Mine(99, 0, 36.0, 20.0, 5, dropped_by=0, armed=True))
    refresh(game)


def test_a_mine_goes_off_where_the_model_set_it_off_and_the_model_moves_on() -> None:
    """DW-MINES: a cruiser running past an armed mine sets it off when its base comes
    within 1 inch of the mine's centre; the blast is judged with the cruiser there (its
    bow 1 inch off, under the 4-inch template), not where it ends its move about 5 inches
    beyond (well clear of the template); it takes the mine's dice and completes its move."""
    game = scripted(PAST_THE_MINE, (*P1_FIRST, 6, 4, 4, 4, 1, 1, *[1] * 5))  # Wacht 2: 0
    _armed_mine(game)
    cruiser = model(game, 1)
    play(game, Activate(1), Move(1, (8.0,)))
    assert (cruiser.x, cruiser.y) == pytest.approx((41.0, 21.3))  # it completed its move
    assert "a mine goes off at (36.0, 20.0)" in texts(game)
    assert "player 1's mine rolls 5 dice at Wacht 1: 5 hits" in texts(game)
    assert cruiser.damage == 1  # 5 hits against DR 4
    assert state(game).mines == []


def test_a_mine_blast_finds_squadron_mates_where_they_stand_at_that_moment() -> None:
    """DW-MINES: a mine goes off the moment a model sets it off: a model of the same
    squadron still to move is hit where it stands then (and moves away afterwards), while
    one that already moved away is judged where it ended, clear of the blast."""
    game = scripted(PAST_THE_MINE, (*P1_FIRST, 4, 4, 4, 1, 1, 1, 1, 1, 1, 4))
    _armed_mine(game)
    play(game, Activate(1), Move(1, (8.0,)))
    assert "player 1's mine rolls 5 dice at Wacht 1: 3 hits" in texts(game)
    assert "player 1's mine rolls 5 dice at Wacht 2: 3 hits" in texts(game)
    play(game, Move(2, (8.0,)))  # the mine is gone: Wacht 2 moves on unharmed
    assert model(game, 2).x == pytest.approx(44.0)

    game = scripted(PAST_THE_MINE, (*P1_FIRST, 4, 4, 4, 1, 1))
    _armed_mine(game)
    play(game, Activate(1), Move(2, (8.0,)))  # 1.3 inches off: it does not set it off
    assert state(game).mines != []
    play(game, Move(1, (8.0,)))
    assert "player 1's mine rolls 5 dice at Wacht 1: 3 hits" in texts(game)
    assert not any("dice at Wacht 2" in text for text in texts(game))


def test_repairs_clear_on_one_to_three_and_a_six_starts_a_fire() -> None:
    """DW-REPAIR: at the end of its activation a model rolls to repair a starred critical:
    1-3 repaired, 4-5 nothing, 6 another raging fire (no extra die)."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
    ), (*P0_FIRST, 2))
    model(game, 0).markers = {"half-mv": 1, "half-ad": 1}
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire())
    decision = owed(game)
    assert Repair(0, "half-mv") in decision.options and Repair(0, "half-ad") in decision.options
    play(game, Repair(0, "half-mv"))
    assert model(game, 0).markers == {"half-ad": 1}
    assert "Sovereign repairs half mv" in texts(game)


def test_a_critical_taken_in_the_ships_own_activation_waits_for_its_next() -> None:
    """DW-REPAIR: repairs come in the damaged model's following activation: a critical
    the cruiser takes during its own activation (a mine it sets off on its move) is not
    offered for repair at that activation's step 8, and is at its next activation's."""
    game = scripted(setup(
        [squadron("britannia-battleship", (10.0, 40.0, 0.0), name="Sovereign")],
        [squadron("prussia-cruiser", (33.0, 21.3, 90.0), count=1)],
    ), (*P1_FIRST, 6, 6, 6, 4, 4, 4, 1, 1, 4, *P1_FIRST))  # 9 hits: a critical, engines (4)
    _armed_mine(game)
    cruiser = model(game, 1)
    play(game, Activate(1), Move(1, (8.0,)), Decline())  # Sovereign's commodore keeps it
    assert cruiser.markers == {"half-mv": 1} and cruiser.fresh == {"half-mv": 1}
    play(game, CeaseFire())
    assert not any(isinstance(o, Repair) for d in game.pending() for o in d.options)
    assert owed(game).options == (Activate(0),)  # the activation ended without a repair
    play(game, Activate(0), Idle(), Activate(1), Idle())
    decision = owed(game)
    assert decision.options == (Repair(1, "half-mv"), Decline())
    assert cruiser.fresh == {}


def test_raging_fires_burn_in_the_end_phase() -> None:
    """DW-RAGING-FIRE: each raging fire tests alone in the end phase: 1-3 out, 4-5 it
    burns a hull point, 6 it burns and spreads.
    Also shows DW-END-PHASE, DW-MK-FIRE.
    """
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
    ), (*P0_FIRST, 2, 6, *P0_FIRST))
    ship = model(game, 0)
    ship.markers = {"raging-fire": 2}
    refresh(game)
    play(game, Activate(0), Idle(), Decline(), Activate(1), Idle())
    assert ship.damage == 1
    assert ship.markers == {"raging-fire": 2}
    assert "a fire aboard Sovereign spreads" in texts(game)


def test_derelicts_drift_their_minimum_move() -> None:
    """DW-DERELICT: a derelict without a prize crew drifts its minimum move straight ahead
    in the end phase.
    Also shows DW-MK-DERELICT.
    """
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin"),
         squadron("prussia-cruiser", (10.0, 40.0, 180.0), (13.0, 40.0, 180.0))],
    ), (*P0_FIRST, *P0_FIRST))
    hulk = model(game, 1)
    hulk.derelict, hulk.captured_by, hulk.fate = True, 0, "captured"
    refresh(game)
    play(game, Activate(0), Idle(), Activate(2), Idle())
    assert hulk.y == pytest.approx(38.0)


def test_indirect_fire_needs_a_spotter(tmp_path: Path) -> None:
    """DW-INDIRECT: a gun able to fire indirectly reaches a target it cannot see in range
    bands 3 and 4 only with a spotter (the Spotter rule, or a recon plane joined to the
    squadron within 32 inches of the target): a recon plane in the air that is not on
    patrol with the squadron does not spot for it.
    Also shows DW-CAP-RECON.
    """
    rules = DystopianWarsRuleset(catalog_file(tmp_path, MONITOR))
    island = [{"name": "Gull Rock", "kind": "island", "density": "dense",
               "points": octagon(36.0, 24.0, 4.0)}]
    game_setup = setup(
        [squadron("test-monitor", (36.0, 4.0, 0.0), name="Monitor"),
         squadron("britannia-recon-wing", (30.0, 20.0, 0.0), count=1)],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
        terrain=island,
    )
    game = scripted(game_setup, P0_FIRST, rules)
    model(game, 1).alive = False
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)))
    with pytest.raises(IllegalAction, match="needs a spotter"):
        game.apply(0, Fire(((0, "howitzer"),), 2))
    model(game, 1).alive = True
    refresh(game)
    with pytest.raises(IllegalAction, match="needs a spotter"):
        game.apply(0, Fire(((0, "howitzer"),), 2))
    model(game, 1).cap_with = model(game, 0).squadron
    refresh(game)
    play(game, Fire(((0, "howitzer"),), 2))


def test_treacherous_terrain_costs_land_models_a_hull_point_on_a_one() -> None:
    """DW-TREACHEROUS, DW-REROLL-TERRAIN: a land model crossing light terrain rolls a D6;
    on a 1 it loses a hull point (engine default), unless the commodore re-rolls it."""
    woods = [{"name": "the Thicket", "kind": "forest", "density": "light",
              "points": octagon(36.0, 14.0, 2.0), "blocks_sight": False}]
    game_setup = setup(
        [squadron("britannia-land-ship", (36.0, 8.0, 0.0), name="Ironside")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
        terrain=[SHORE, *woods],
    )
    game = scripted(game_setup, (*P1_FIRST, 1))
    play(game, Activate(1), Idle(), Activate(0), Move(0, (5.0,)))
    assert "Ironside crosses the Thicket: rolls 1" in texts(game)
    assert owed(game).prompt.startswith("treacherous terrain roll of 1")
    play(game, Decline())
    assert model(game, 0).damage == 1
    game = scripted(game_setup, (*P1_FIRST, 1, 4))
    play(game, Activate(1), Idle(), Activate(0), Move(0, (5.0,)), Reroll())
    assert model(game, 0).damage == 0
    assert state(game).reroll_used[0]


def test_snaking_through_treacherous_terrain_does_not_stop_the_move() -> None:
    """DW-SNAKING: a land model snaking (straight, turn, straight) through light terrain
    rolls for the treacherous terrain but finishes its whole move."""
    woods = [{"name": "the Thicket", "kind": "forest", "density": "light",
              "points": octagon(36.0, 12.0, 2.5), "blocks_sight": False}]
    game_setup = setup(
        [squadron("britannia-land-ship", (36.0, 8.0, 0.0), name="Ironside")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
        terrain=[SHORE, *woods],
    )
    game = scripted(game_setup, (*P1_FIRST, 1))
    start = (model(game, 0).x, model(game, 0).y)
    play(game, Activate(1), Idle(), Activate(0), Move(0, (3.0, 45.0, 1.0)))
    assert "Ironside crosses the Thicket: rolls 1" in texts(game)
    play(game, Decline())
    ship = model(game, 0)
    assert ship.damage == 1
    assert ship.heading != 0.0
    assert abs(ship.x - start[0]) > 0.5 and ship.y - start[1] > 3.5


def test_a_flyers_mine_hits_only_large_and_massive_flyers_on_five() -> None:
    """DW-MINES-FLYERS: a mine dropped by a flyer may hit flyers under its template, but only
    large or massive ones, and only on 5 or 6; a ship's mine never reaches flyers."""
    game_setup = setup(
        [squadron("britannia-bomber", (10.0, 10.0, 0.0), name="Osprey"),
         squadron("britannia-cruiser", (60.0, 10.0, 0.0), name="Warden")],
        [squadron("prussia-airship", (36.0, 20.0, 0.0), name="Adler"),
         squadron("prussia-bomber", (38.5, 20.0, 0.0), name="Falke")],
    )
    game = scripted(game_setup, [*P0_FIRST, 5, 4, 4, 1, 3])
    match, data = state(game), game.ruleset.data  # type: ignore[attr-defined]
    assert model(game, 2).level == "flying" and model(game, 3).level == "flying"
    mine = Mine(99, 0, 36.0, 20.0, 5, dropped_by=0, armed=True)
    match.mines.append(mine)
    explode(game, match, data, mine)
    assert "player 1's mine rolls 5 dice at Adler: 1 hit" in texts(game)  # the 4s miss
    assert not any("at Falke" in text for text in texts(game))
    game = scripted(game_setup, P0_FIRST)
    match = state(game)
    mine = Mine(99, 0, 36.0, 20.0, 5, dropped_by=1, armed=True)
    match.mines.append(mine)
    explode(game, match, data, mine)
    assert not any("mine rolls" in text for text in texts(game))


def test_a_mine_spares_a_model_behind_an_island() -> None:
    """DW-MINES-COVER: a model whose line to the mine crosses an island is shielded and
    not hit; a model in the open under the same template takes the mine's dice."""
    rock = [{"name": "Tern Rock", "kind": "island", "density": "dense",
             "points": octagon(36.0, 18.95, 0.5)}]
    game_setup = setup(
        [squadron("britannia-battleship", (10.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-cruiser", (36.0, 22.3, 90.0), (36.0, 17.7, 90.0))],
        terrain=rock,
    )
    game = scripted(game_setup, [*P0_FIRST, 4, 4, 4, 1, 1])  # the open ship's dice only
    match = state(game)
    mine = Mine(99, 0, 36.0, 20.0, 5, dropped_by=0, armed=True)
    match.mines.append(mine)
    explode(game, match, game.ruleset.data, mine)  # type: ignore[attr-defined]
    assert "player 1's mine rolls 5 dice at Wacht 1: 3 hits" in texts(game)
    assert "Wacht 2 is shielded from the mine" in texts(game)
    assert not any("dice at Wacht 2" in text for text in texts(game))
    assert model(game, 2).damage == 0


def test_dw_mines_a_drifting_derelict_sets_off_a_mine() -> None:
    """DW-MINES, DW-DERELICT: any model moving within 1 inch of a mine sets it off, a
    derelict drifting in the end phase too: the mine goes off with the hulk where it came
    within 1 inch, and the hulk drifts on."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin"),
         squadron("prussia-cruiser", (10.0, 40.0, 180.0), (13.0, 40.0, 180.0))],
    ), (*P0_FIRST, 4, 4, 1, 1, 1, *P0_FIRST))
    hulk = model(game, 1)
    hulk.derelict, hulk.captured_by, hulk.fate = True, 0, "captured"
    state(game).mines.append(Mine(99, 0, 36.0, 35.5, 5, dropped_by=0, armed=True))
    refresh(game)
    play(game, Activate(0), Idle(), Activate(2), Idle())
    assert "a mine goes off at (36.0, 35.5)" in texts(game)
    assert "player 1's mine rolls 5 dice at Kaiserin: 2 hits" in texts(game)
    assert state(game).mines == []
    assert hulk.y == pytest.approx(38.0)


def test_dw_mines_a_model_the_blast_destroys_stops_where_it_set_the_mine_off() -> None:
    """DW-MINES: a cruiser a hull point from sinking runs past an armed mine; the blast
    destroys it where its base came within 1 inch of the mine (0.9 inches into an 8-inch
    move), the move ends there, and its squadron-mate moves next."""
    game = scripted(PAST_THE_MINE, (*P1_FIRST, 6, 4, 4, 4, 1, 1, *[1] * 5))
    _armed_mine(game)
    cruiser = model(game, 1)
    cruiser.damage = game.data.models[cruiser.cls].hp - 1
    play(game, Activate(1), Move(1, (8.0,)))
    assert not cruiser.alive and cruiser.fate == "destroyed"
    assert (cruiser.x, cruiser.y) == pytest.approx((33.9, 21.3))  # not 41.0: its move ended
    assert texts(game)[-1] == "Wacht 1 is lost to a mine after 0.9 inches"
    assert "player 1's mine rolls 5 dice at Wacht 1: 5 hits" in texts(game)
    assert owed(game).prompt == "move Wacht-class cruiser" and state(game).mines == []


#: Sovereign (player 0) and, for player 1, Kaiserin (made a derelict prize of player 0 by
#: each test) heading south at (36, y) and two Wacht cruisers.
def _hulk_heading_south(y: float, faces: tuple[int, ...]) -> Game:
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, y, 180.0), name="Kaiserin"),
         squadron("prussia-cruiser", (10.0, 40.0, 180.0), (13.0, 40.0, 180.0))],
    ), (*P0_FIRST, *faces, *P0_FIRST))
    hulk = model(game, 1)
    hulk.derelict, hulk.captured_by, hulk.fate = True, 0, "captured"
    return game


def test_dw_mines_a_drifting_derelict_the_blast_destroys_stops_there() -> None:
    """DW-MINES, DW-DERELICT: a hulk drifting its 2-inch minimum move comes within 1 inch
    of a 12-dice mine after 1.25 inches; the blast sinks it, and it stays where it set the
    mine off instead of drifting on to 38 inches."""
    game = _hulk_heading_south(40.0, (5,) * 12)
    hulk = model(game, 1)
    hulk.damage = game.data.models[hulk.cls].hp - 1
    state(game).mines.append(Mine(99, 0, 36.0, 35.5, 12, dropped_by=0, armed=True))
    refresh(game)
    play(game, Activate(0), Idle(), Activate(2), Idle())
    assert "player 1's mine rolls 12 dice at Kaiserin: 12 hits" in texts(game)
    assert not hulk.alive and hulk.y == pytest.approx(38.75)


def test_dw_derelict_a_hulk_that_drifts_off_the_table_is_destroyed() -> None:
    """DW-DERELICT, DW-OFF-TABLE: a derelict 1 inch from the south edge drifts its minimum
    move off the table in the end phase and is destroyed, which the log says."""
    game = _hulk_heading_south(1.0, ())
    hulk = model(game, 1)
    refresh(game)
    play(game, Activate(0), Idle(), Activate(2), Idle())
    assert not hulk.alive and hulk.fate == "destroyed"
    assert "Kaiserin is destroyed (drifted off the table)" in texts(game)


def test_dw_commodore_reroll_a_repair_roll_near_the_commodore_and_not_beyond() -> None:
    """DW-COMMODORE-REROLL, DW-REPAIR: a repair roll of a model within 8 inches of its
    commodore (the commodore's own ship here) may be rolled again, once a turn, keeping the
    second roll (a 5 repairs nothing, the 2 rolled again repairs); a ship 30 inches away
    is offered no re-roll."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign", commodore=True),
         squadron("britannia-cruiser", (10.0, 30.0, 0.0), name="Dido")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
    ), (*P0_FIRST, 5, 2, 5, *P0_FIRST))
    model(game, 0).markers = {"half-mv": 1}
    model(game, 1).markers = {"half-mv": 1}
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire(), Repair(0, "half-mv"))
    assert owed(game).prompt == "repair roll of 5: re-roll with the commodore?"
    play(game, Reroll())
    assert state(game).reroll_used[0] and model(game, 0).markers == {}
    assert texts(game)[-2:] == [
        "player 1's commodore orders a re-roll", "Sovereign repairs half mv"]
    play(game, Activate(2), Idle(), Activate(1), Move(1, (2.0,)), CeaseFire(),
         Repair(1, "half-mv"))
    assert owed(game).prompt == "activate a squadron"  # Dido's 5 stands: no offer
    assert model(game, 1).markers == {"half-mv": 1}


def test_dw_fire_beasts_a_submerged_creature_rolls_again_on_a_fire_result() -> None:
    """DW-FIRE-BEASTS: a submerged creature rolling a raging fire (1) or a magazine
    explosion (8, which also starts a fire) on the critical table rolls again until the
    result is no fire: here its rudder jams (3), and it takes no fire and no damage."""
    game = scripted(setup(
        [squadron("blazing-sun-creature", (36.0, 10.0, 0.0), name="Leviathan")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0))],
    ), (*P0_FIRST, 1, 8, 3))
    creature = model(game, 0)
    creature.level = "submerged"
    state(game).stack.append(CriticalRolls(0, 1, -1))
    game._pending = None
    game._advance()
    assert creature.markers == {"rudder-jammed": 1} and creature.damage == 0
    assert texts(game)[-1].startswith("Leviathan: Rudder jammed")


@pytest.mark.parametrize(("face", "left"), [(4, [1]), (5, [])])
def test_dw_mines_another_mine_under_the_blast_goes_off_only_on_five_or_six(
    face: int, left: list[int]
) -> None:
    """DW-MINES: a mine under another's blast template chains on a 5 or 6; on a 4 it stays
    on the table, armed."""
    game = scripted(setup([squadron("britannia-battleship", (10.0, 10.0, 0.0))],
                          [squadron("prussia-battleship", (60.0, 40.0, 180.0))]),
                    (*P0_FIRST, face))
    game_state = state(game)
    game_state.mines = [Mine(0, 1, 36.0, 24.0, 4, -1, True), Mine(1, 1, 37.0, 24.0, 4, -1, True)]
    explode(game, game_state, game.ruleset.data, game_state.mines[0])  # type: ignore[attr-defined]
    assert [mine.mid for mine in game_state.mines] == left
    assert all(mine.armed for mine in game_state.mines)


def test_dw_commodore_reroll_declined_keeps_the_repair_roll_and_the_reroll() -> None:
    """DW-COMMODORE-REROLL: a player declining the commodore's re-roll of a repair roll
    keeps that roll (a 5 repairs nothing) and the re-roll for later in the turn."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign", commodore=True)],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
    ), (*P0_FIRST, 5))
    model(game, 0).markers = {"half-mv": 1}
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire(), Repair(0, "half-mv"), Decline())
    assert model(game, 0).markers == {"half-mv": 1}
    assert not state(game).reroll_used[0] and owed(game).prompt == "activate a squadron"
