"""Rounds, initiative, resource and movement by chassis (RG-ROUND-*, RG-ACT-*, RG-MOVE-*,
RG-INF-MOVE, RG-INF-CLIMB, RG-PILOT-STILL, RG-PILOT-WOUND, RG-SETUP-*)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.robogear.helpers import RULES, army, battle, put, turn_of
from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game, IllegalAction
from warbench.rulesets.robogear import RobogearRuleset
from warbench.rulesets.robogear.actions import (
    Activate,
    Board,
    ChooseEdge,
    EndTurn,
    Enter,
    Move,
    Regroup,
    Shoot,
    Turn,
)
from warbench.rulesets.robogear.events import EdgeOrder, Initiative
from warbench.rulesets.robogear.fire import crew_for
from warbench.rulesets.robogear.moves import move_block
from warbench.rulesets.robogear.pieces import Block
from warbench.rulesets.robogear.setup import min_army_gap
from warbench.rulesets.robogear.turn import Activation

TANK, WALKER, SPIDER, FLYER = "ferrum-tank", "ferrum-walker", "verdant-spider", "ferrum-flyer"


def test_initiative_every_player_rolls_and_ties_roll_again() -> None:
    """Also RG-D6.
    RG-ROUND-INIT: all roll a D6; the tied highest roll again among themselves."""
    setup = {"armies": [army((TANK, 1))] * 3, "terrain": "none",
             "edges": ["south", "north", "east"]}
    game = Game.new(RULES, setup, players=3, dice=ScriptedDice([3, 5, 5, 2, 6]))
    assert game.state.order == [2, 1, 0]
    assert any(isinstance(e, Initiative) and e.order == (2, 1, 0) for e in game.events)


def test_the_edge_roll_off_says_who_won_and_who_chooses_after() -> None:
    """RG-SETUP-EDGE: the roll-off for the edges names its winner and the order after it
    (ties rolling again), not only the dice."""
    setup = {"armies": [army((TANK, 1))] * 3, "terrain": "none"}
    game = Game.new(RULES, setup, players=3, dice=ScriptedDice([3, 5, 5, 2, 6]))
    assert game.state.edge_order == [2, 1, 0]
    order = next(e for e in game.events if isinstance(e, EdgeOrder))
    assert order.text == ("player 3 wins the roll-off for the edges (the highest roll, ties "
                          "rolling again) and chooses first; then player 2, player 1")


def test_players_alternate_and_one_with_units_left_goes_on() -> None:
    """RG-ROUND-ALT, RG-ROUND-WAIT, RG-ROUND-ONCE, RG-ROUND-END: turns pass in order; a
    player whose units have all gone waits; each squad goes once; then a new round."""
    game = battle(army((TANK, 3)), army((TANK, 1)))
    seen = []
    while game.state.round == 1:
        decision = game.pending()[0]
        action = decision.options[0]
        if not isinstance(action, Regroup):
            seen.append(decision.player)
        game.apply(decision.player, action)
        if isinstance(action, Activate):
            with pytest.raises(IllegalAction):
                game.apply(decision.player, action)
            game.apply(decision.player, EndTurn())
    first = next(e.order for e in game.events if isinstance(e, Initiative))
    assert len(seen) == 4 and seen.count(0) == 3 and seen.count(1) == 1
    assert seen[:2] == list(first)


def test_deployment_keeps_armies_40_cm_apart() -> None:
    """RG-SETUP-EDGE, RG-SETUP-GAP, RG-SETUP-FULL: four armies on four edges start at least
    16 steps from each other, every slider at its top cell."""
    game = battle(*(army(("ferrum-tank", 1), ("ferrum-walker", 1), ("ferrum-rifleman", 3))
                    for _ in range(4)))
    assert min_army_gap(game.state) >= 16.0
    assert all(u.damage == 0 for u in game.state.units)


def test_resource_by_section_and_freeze() -> None:
    """RG-RES-SECTION, RG-ACT-RENEW, RG-ACT-FREEZE, RG-ACT-KINDS: a damaged machine gets the
    resource of its section; when it is spent the turn ends by itself."""
    game = battle(army((TANK, 1)), army((TANK, 1)))
    put(game, 0, 10, 10)
    put(game, 1, 50, 50)
    game.state.units[0].damage = 6  # yellow section of a 5/4/3 scale
    turn_of(game, 0)
    assert game.state.units[0].points_left == 4
    game.apply(0, Move(0, 0.0, 8.0))
    assert not isinstance(game.state.stack[-1], Activation)


def test_tracked_forward_back_and_turns() -> None:
    """Also RG-ACT-KINDS, RG-MOVE-FRONT.
    RG-MOVE-WHEEL, RG-MOVE-TYPES: 2 steps a point forward or back, a turn costs 1;
    sideways is refused."""
    game = battle(army((TANK, 1)), army((TANK, 1)))
    put(game, 0, 10, 10)
    put(game, 1, 50, 50)
    turn_of(game, 0)
    assert "cannot move sideways" in (game.check(0, Move(0, 90.0, 2.0)) or "")
    before = len(game.events)
    rules, view = game.ruleset, game.observe(0).state  # the option's words: what is left after
    assert rules.action_text(view, Move(0, 180.0, 4.0)).endswith(
        "for 2 resource (3 left after it)")
    game.apply(0, Move(0, 180.0, 4.0))
    assert game.state.units[0].points_left == 3
    game.apply(0, Turn(0, 90.0))
    assert game.state.units[0].points_left == 2
    # the log says what each did and what it cost: a turn is not a move to where it stood
    said = [event.text for event in game.events[before:] if event.text]
    assert any("moves 4 steps back, for 2 resource (3 left): now at (10.0, 6.0)" in line
               for line in said), said
    assert any("turns on the spot, for 1 resource (2 left): now at (10.0, 6.0) facing 90°"
               in line for line in said), said


def test_walker_sideways_is_slower_and_spider_turns_free() -> None:
    """Also RG-SPIDER, RG-MOVE-APPENDIX.
    RG-MOVE-WALK, RG-MOVE-SPIDER: a walker pays a point a step sideways (engine
    default); the spider goes any way at 2 steps a point and turns for nothing."""
    game = battle(army((WALKER, 1), (SPIDER, 1)), army((TANK, 1)))
    put(game, 0, 10, 10)
    put(game, 1, 20, 10)
    put(game, 2, 50, 50)
    turn_of(game, 0)
    game.apply(0, Move(0, 90.0, 2.0))
    assert game.state.units[0].points_left == 4
    game.apply(0, EndTurn())
    turn_of(game, 1)
    game.apply(0, Turn(1, 37.0))
    game.apply(0, Move(1, 200.0, 4.0))
    assert game.state.units[1].points_left == 4


def test_flyers_go_forward_turn_90_and_ignore_terrain() -> None:
    """RG-MOVE-FLY: forward only, turns up to 90 degrees, over any obstacle."""
    game = battle(army((FLYER, 1)), army((TANK, 1)))
    put(game, 0, 10, 10)
    put(game, 1, 50, 50)
    game.state.terrain.append(Block(8, 14, 12, 16, 9.0, "tower"))
    turn_of(game, 0)
    assert "cannot move back" in (game.check(0, Move(0, 180.0, 2.0)) or "")
    assert "at most 90" in (game.check(0, Turn(0, 120.0)) or "")
    game.apply(0, Move(0, 0.0, 10.0))
    assert game.state.units[0].y == 20.0


def test_a_unit_in_the_way_blocks_a_move_on_its_own_level() -> None:
    """RG-MOVE-BASES (engine default): a tank cannot drive through another tank's base,
    and the refusal names the unit and the rule; a flyer passes over that tank
    (RG-MOVE-FLY), and a tank drives under a flyer."""

    def first_move(mover: int, at: dict[int, tuple[float, float]]) -> str | None:
        game = battle(army((TANK, 1), (FLYER, 1)), army((TANK, 1)))
        for unit, (x, y) in at.items():
            put(game, unit, x, y)
        turn_of(game, mover)
        return game.check(0, Move(mover, 0.0, 8.0))

    tanks = {0: (30.0, 10.0), 1: (50.0, 10.0), 2: (30.0, 16.0)}  # the enemy tank ahead
    reason = first_move(0, tanks) or ""
    assert reason.startswith("2 ") and reason.endswith("is in the way (RG-MOVE-BASES)")
    assert first_move(0, {**tanks, 2: (40.0, 16.0)}) is None  # beside the way: free
    assert first_move(1, {**tanks, 1: (30.0, 4.0)}) is None  # the flyer over the tanks
    assert first_move(0, {**tanks, 1: (30.0, 16.0), 2: (50.0, 40.0)}) is None  # under it


def test_obstacles_by_chassis() -> None:
    """RG-MOVE-TRACK-OBST, RG-MOVE-WHEEL-OBST, RG-MOVE-WALK-OBST: a 1.5-step wall stops
    tracks (1 step) and wheels, not a walker going forward (2 steps to the knee), which
    still cannot cross it backing."""
    game = battle(army((TANK, 1), ("ferrum-rover", 1), (WALKER, 1)), army((TANK, 1)))
    game.state.terrain.append(Block(0, 20, 60, 21, 1.5, "wall"))
    for unit, x in ((0, 10), (1, 20), (2, 30)):
        put(game, unit, x, 16)
    put(game, 3, 50, 55)
    turn_of(game, 0)
    assert "too high for tracks" in (game.check(0, Move(0, 0.0, 8.0)) or "")
    game.apply(0, EndTurn())
    turn_of(game, 1)
    assert "cannot cross" in (game.check(0, Move(1, 0.0, 8.0)) or "")
    game.apply(0, EndTurn())
    turn_of(game, 2)
    assert game.check(0, Move(2, 0.0, 8.0)) is None
    put(game, 2, 30, 18, 180.0)
    assert "only walking forward" in (game.check(0, Move(2, 0.0, 4.0)) or "")


def test_rg_move_walk_obst_a_walker_climbs_only_what_is_lower_than_its_knee() -> None:
    """RG-MOVE-WALK-OBST: a walker steps up only onto what is lower than its knee (5 cm, 2
    steps): a 2-step block is refused, naming the knee; a 1.9-step one is climbed."""
    game = battle(army((WALKER, 1)), army((TANK, 1)))
    assert game.data.units[WALKER].climb_cm == 5.0
    game.state.terrain.append(Block(20, 20, 40, 30, 2.0, "platform"))
    put(game, 0, 30, 17)
    put(game, 1, 50, 55)
    turn_of(game, 0)
    assert "not lower than the walker's knee" in (game.check(0, Move(0, 0.0, 4.0)) or "")
    game.state.terrain[-1].height = 1.9
    game._pending = None  # the table changed under a pending decision (test only)
    assert game.check(0, Move(0, 0.0, 4.0)) is None


def test_the_spider_crosses_obstacles_only_straight_ahead() -> None:
    """RG-MOVE-WALK-OBST, RG-SPIDER: the spider is a walker: it moves any way at full speed
    and turns free, but crosses an obstacle only walking forward."""
    game = battle(army(("ferrum-spider", 1)), army((TANK, 1)))
    game.state.terrain.append(Block(0, 20, 60, 21, 0.5, "wall"))
    put(game, 0, 30, 18, 180.0)
    put(game, 1, 50, 55)
    turn_of(game, 0)
    assert "only walking forward" in (game.check(0, Move(0, 0.0, 4.0)) or "")
    assert game.check(0, Move(0, 90.0, 2.0)) is None  # no obstacle that way
    game.apply(0, Turn(0, 0.0))
    assert game.check(0, Move(0, 0.0, 4.0)) is None


def test_tracks_cross_a_ditch_up_to_half_their_chassis_length() -> None:
    """RG-MOVE-TRACK-OBST: a 9 cm tank crosses a ditch 4.5 cm (1.8 steps) wide, not wider."""
    game = battle(army((TANK, 1)), army((TANK, 1)))
    assert game.data.units[TANK].size_cm == 9.0
    game.state.terrain.append(Block(0, 20, 60, 21.7, -1.0, "ditch"))
    put(game, 0, 30, 17)
    put(game, 1, 50, 55)
    turn_of(game, 0)
    assert game.check(0, Move(0, 0.0, 6.0)) is None
    game.state.terrain[-1] = Block(0, 20, 60, 21.85, -1.0, "ditch")
    game._pending = None  # the table changed under a pending decision (test only)
    assert "too wide for tracks" in (game.check(0, Move(0, 0.0, 6.0)) or "")


def test_troopers_step_any_way_and_pay_to_climb() -> None:
    """Also RG-INF-RES.
    RG-INF-MOVE, RG-INF-CLIMB: a step a point any way, turns free; a 1-2 step rise costs
    2 more; more than 3 steps is impassable."""
    game = battle(army(("ferrum-rifleman", 1)), army((TANK, 1)))
    put(game, 0, 10, 10)
    put(game, 1, 50, 50)
    game.state.terrain += [Block(11, 9, 12, 11, 1.5, "rise"), Block(8, 11, 12, 12, 4.0, "cliff")]
    turn_of(game, 0)
    assert "more than 3 steps" in (game.check(0, Move(0, 0.0, 1.5)) or "")
    game.apply(0, Move(0, 90.0, 1.5))
    assert game.state.units[0].points_left == 4 - 2 - 2


def test_a_free_turn_on_the_spot_comes_once_between_other_actions() -> None:
    """RG-INF-MOVE (engine default): turning is free, and one turn sets any facing, so a
    trooper turns on the spot once and then does something else before it turns again; it
    could otherwise turn for ever and the game never end."""
    game = battle(army(("ferrum-rifleman", 1)), army((TANK, 1)))
    put(game, 0, 10, 10)
    put(game, 1, 50, 50)
    turn_of(game, 0)
    game.apply(0, Turn(0, 90.0))
    assert "has just turned on the spot" in (game.check(0, Turn(0, 180.0)) or "")
    game.apply(0, Move(0, 90.0, 1.0))
    assert game.check(0, Turn(0, 180.0)) is None


def test_rg_inf_climb_a_trooper_on_a_roof_pays_only_for_a_rise_or_drop() -> None:
    """RG-INF-CLIMB, RG-MOVE-WALK-OBST: walking along the top of a 2-step platform is
    neither a rise nor a drop (a step, a point); stepping from it onto a 3-step tower next
    to it rises 1 step, free; going up onto the platform from the ground costs 2 as
    before. A walker on the platform steps back along its top (only crossing an edge
    needs a forward step)."""
    game = battle(army(("ferrum-rifleman", 2)), army((WALKER, 1)), army((TANK, 1)))
    game.state.terrain += [Block(20, 20, 30, 30, 2.0, "platform"),
                           Block(30, 20, 34, 30, 3.0, "tower")]
    roof, ground = put(game, 0, 29, 25), put(game, 1, 19, 22)
    put(game, 2, 23, 25)
    put(game, 3, 50, 55)
    turn_of(game, 0)
    game.apply(0, Move(0, 0.0, 1.0))
    assert roof.points_left == 3
    game.apply(0, Move(0, 90.0, 2.0))  # onto the tower
    assert (roof.x, roof.points_left) == (31.0, 1)
    game.apply(0, Move(1, 90.0, 2.0))  # up onto the platform
    assert ground.points_left == 4 - 2 - 2
    game.apply(0, EndTurn())
    turn_of(game, 2)
    assert game.check(1, Move(2, 180.0, 1.0)) is None
    assert "only walking forward" in (game.check(1, Move(2, 270.0, 4.0)) or "")


def test_pilotless_machine_stands_and_wounded_pilot_moves_or_shoots() -> None:
    """RG-PILOT-STILL, RG-PILOT-WOUND, RG-SETUP-PILOT: no pilot, no move; a wounded pilot
    either moves or shoots in a turn."""
    game = battle(army((TANK, 2)), army((TANK, 1)))
    put(game, 0, 10, 10)
    put(game, 1, 30, 10)
    put(game, 2, 30, 20, 180.0)
    game.state.units[0].pilot = 0
    game.state.units[1].pilot = 2
    assert "without a pilot" in (move_block(game.state, game.data, game.state.units[0]) or "")
    turn_of(game, 0)
    assert not isinstance(game.state.stack[-1], Activation)  # nothing to do: turn over
    turn_of(game, 1)
    game.apply(0, Move(1, 0.0, 2.0))
    assert "either moves or shoots" in (game.check(0, Shoot(1, 0, 2)) or "")


def test_edges_are_chosen_in_roll_off_order() -> None:
    """RG-SETUP-EDGE: players roll off (engine default) and choose free edges in that
    order; a taken edge is refused."""
    setup = {"armies": [army((TANK, 1)), army((TANK, 1))], "terrain": "none"}
    game = Game.new(RULES, setup, players=2, dice=ScriptedDice([2, 5, 4, 3]))
    decision = game.pending()[0]
    assert decision.player == 1 and len(decision.options) == 4
    game.apply(1, ChooseEdge("west"))
    assert game.check(0, ChooseEdge("west")) is not None
    game.apply(0, ChooseEdge("east"))
    assert game.state.edges == ["east", "west"] and game.state.units[0].x > 50


def test_small_infantry_battles_may_give_each_trooper_a_turn() -> None:
    """RG-GROUP-INF: with turns = "model" every trooper takes its own turn; by default a
    squad turns as one."""
    squads = battle(army(("ferrum-rifleman", 3)), army(("verdant-brawler", 2)))
    models = battle(army(("ferrum-rifleman", 3)), army(("verdant-brawler", 2)), turns="model")
    assert len(squads.state.elements) == 2 and len(models.state.elements) == 5


def test_battery_guns_keep_within_4_steps() -> None:
    """RG-ART-BATTERY: a battery is its own squad; a gun may not leave its neighbours."""
    game = battle(army(("ferrum-mortar", 2), ("ferrum-rifleman", 2)), army((TANK, 1)))
    assert game.state.units[0].squad == game.state.units[1].squad
    put(game, 0, 10, 10)
    put(game, 1, 15, 10)
    put(game, 2, 10, 11.8)
    put(game, 3, 10, 8.2)
    put(game, 4, 50, 50)
    turn_of(game, 0)
    assert "within 4 steps" in (game.check(0, Move(0, 270.0, 2.0)) or "")


def test_rg_art_battery_the_gap_and_its_reason_come_from_the_data(tmp_path: Path) -> None:
    """RG-ART-BATTERY: a player's rules.toml widening the battery gap to 6 steps lets a
    gun step 2 away where the shipped 4 would not, and the refusal of a wider move names
    the 6 steps the data sets, not the shipped figure."""
    shipped = (Path(RULES.shipped_data or ".") / "rules.toml").read_text()
    assert "battery_gap_steps = 4.0" in shipped
    (tmp_path / "rules.toml").write_text(
        shipped.replace("battery_gap_steps = 4.0", "battery_gap_steps = 6.0"))
    rules = RobogearRuleset(data_dir=tmp_path)
    setup = {"armies": [army(("ferrum-mortar", 2), ("ferrum-rifleman", 2)), army((TANK, 1))],
             "terrain": "none", "edges": ["south", "north"]}
    game = Game.new(rules, setup, seed=3, players=2)
    for unit, (x, y) in enumerate(((10, 10), (15, 10), (10, 11.8), (10, 8.2), (50, 50))):
        put(game, unit, x, y)
    turn_of(game, 0)
    assert game.check(0, Move(0, 270.0, 2.0)) is None
    assert game.check(0, Move(0, 270.0, 4.0)) == (
        "a battery's guns stand within 6 steps of a neighbour (RG-ART-BATTERY)")


def test_battery_crews_serve_only_their_guns_and_stay_by_them() -> None:
    """RG-ART-BATTERY-CREW: the crew squad listed after a battery serves it alone and may
    not walk away from its guns while they have ammunition."""
    game = battle(army(("ferrum-mortar", 2), ("ferrum-rifleman", 1, "crew"),
                       ("ferrum-rifleman", 1)), army((TANK, 1)))
    put(game, 0, 10, 10)
    put(game, 1, 14, 10)
    put(game, 2, 10, 11.8)
    put(game, 3, 14, 11.8)
    put(game, 4, 50, 50)
    state = game.state
    assert state.squads[1].crew_of == 0
    assert [u.id for u in crew_for(state, game.data, state.units[1])] == []
    assert [u.id for u in crew_for(state, game.data, state.units[0])] == [2]
    turn_of(game, 2)
    assert "may not leave its guns" in (game.check(0, Move(2, 270.0, 3.0)) or "")
    state.units[0].ammo = [0]
    state.units[1].ammo = [0]
    game._pending = None  # the table changed under a pending decision (test only)
    assert game.check(0, Move(2, 270.0, 3.0)) is None


def test_rg_art_battery_crew_does_not_leave_its_guns_by_boarding_or_entering() -> None:
    """RG-ART-BATTERY-CREW, RG-ART-BATTERY: while a gun and ammunition last, the battery's
    crew may not leave its guns by boarding a carrier or going into a building any more
    than by walking off, and a battery's gun is not loaded away from the others; with the
    shells spent the crew may board."""
    game = battle(army(("ferrum-mortar", 2), ("ferrum-rifleman", 1, "crew"),
                       ("ferrum-rover", 1)), army((TANK, 1)))
    state = game.state
    state.terrain.append(Block(6, 11, 9.5, 14, 4.0, "house", slots=4))
    put(game, 0, 10, 10)
    put(game, 1, 14, 10)
    put(game, 2, 10, 11.6)  # the crew, touching the rover and the house
    put(game, 3, 10, 13.7)
    put(game, 4, 50, 50)
    turn_of(game, 2)
    for away in (Board(2, 3), Enter(2, 0)):
        assert "may not leave its guns" in (game.check(0, away) or "")
        assert away not in {o for d in game.pending() for o in d.options}
    game.apply(0, EndTurn())
    put(game, 2, 14, 11.6)  # the crew beside the second gun, the rover touching it
    put(game, 3, 16.6, 10)
    turn_of(game, 1)
    assert "a battery's guns stand within 4 steps" in (game.check(0, Board(1, 3)) or "")
    game.apply(0, EndTurn())
    put(game, 2, 10, 11.6)
    put(game, 3, 10, 13.7)
    state.units[0].ammo = [0]
    state.units[1].ammo = [0]
    turn_of(game, 2)
    assert game.check(0, Board(2, 3)) is None
