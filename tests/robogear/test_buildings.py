"""Buildings troopers occupy (RG-BLD-*) and flames through a firing slot
(RG-FLAME-BUILDING)."""

from __future__ import annotations

from tests.robogear.helpers import RGame, army, battle, put, turn_of
from warbench.core.dice import ScriptedDice
from warbench.core.engine import Game
from warbench.rulesets.robogear.actions import (
    EndTurn,
    Enter,
    Leave,
    Melee,
    Move,
    RunOver,
    Shoot,
)
from warbench.rulesets.robogear.pieces import Block
from warbench.rulesets.robogear.table import hidden_share

#: A 4 x 4 step house in the middle of the table, 4 steps tall, one slot in each wall.
HOUSE = Block(28.0, 28.0, 32.0, 32.0, 4.0, "house", slots=4)


def _housed(*armies: dict[str, object]) -> RGame:
    game = battle(*armies)  # type: ignore[arg-type]
    game.state.terrain.append(HOUSE)
    return game


def test_a_trooper_enters_by_touching_the_wall_and_leaves_by_its_slot() -> None:
    """RG-BLD-ENTER, RG-BLD-LEAVE, RG-BLD-WALLS: touching the wall, 1 point takes the
    nearest free slot; inside it cannot move, only leave (1 point) to stand outside its
    slot; walls stop a move through the building. The table picture says who is inside."""
    game = _housed(army(("ferrum-rifleman", 2)), army(("verdant-tank", 1)))
    state = game.state
    trooper = state.units[0]
    put(game, 0, 30.0, 28.0 - trooper.radius - 0.02)
    put(game, 1, 26.0, 26.0)
    put(game, 2, 30.0, 50.0, facing=180.0)
    turn_of(game, 0)
    assert "must touch" in (game.check(0, Enter(1, 0)) or "")
    assert "walls stop" in (game.check(0, Move(1, 45.0, 3.0)) or "")
    left = trooper.points_left
    game.apply(0, Enter(0, 0))
    assert (trooper.inside, trooper.slot, (trooper.x, trooper.y)) == (0, 0, (30.0, 28.0))
    assert trooper.points_left == left - 1
    pieces = game.ruleset.table(state).pieces
    assert "house (+4.0, 1/4 slots held)" in [piece.label for piece in pieces]
    assert any(piece.label.startswith("0 ") and piece.damage.endswith("(inside)")
               for piece in pieces)
    assert "leaves it by its slot first" in (game.check(0, Move(0, 180.0, 1.0)) or "")
    game.apply(0, Leave(0))
    assert trooper.inside == -1 and trooper.y < 28.0 - trooper.radius
    assert trooper.points_left == left - 2


def test_a_building_holds_one_side_and_as_many_as_its_slots() -> None:
    """RG-BLD-ENTER: a building held by the enemy or with every slot taken refuses more."""
    game = _housed(army(("ferrum-rifleman", 2)), army(("verdant-rifleman", 1)))
    state = game.state
    near = 28.0 - state.units[0].radius - 0.01
    for unit, (x, y) in enumerate([(30.0, near), (near, 30.0), (60.0 - near, 30.0)]):
        put(game, unit, x, y)
    state.units[2].inside, state.units[2].slot = 0, 1
    turn_of(game, 0)
    assert "the enemy holds the house" in (game.check(0, Enter(0, 0)) or "")
    state.units[2].inside = -1
    state.terrain[0] = Block(28.0, 28.0, 32.0, 32.0, 4.0, "house", slots=1)
    game._pending = None  # the table changed under a pending decision (test only)
    game.apply(0, Enter(0, 0))
    assert "every firing slot" in (game.check(0, Enter(1, 0)) or "")


def test_inside_a_trooper_sees_and_is_seen_only_through_its_slot() -> None:
    """RG-BLD-SLOT: through its slot a trooper inside is 75% hidden (defence D6+1); from
    behind its wall it is out of sight, and it cannot shoot that way; no close combat and no
    run-over through a slot."""
    game = _housed(army(("ferrum-rifleman", 1)),
                   army(("verdant-rifleman", 2), ("verdant-rover", 1)))
    state, data = game.state, game.data
    inside = put(game, 0, 30.0, 28.0)
    inside.inside, inside.slot = 0, 0
    south = put(game, 1, 30.0, 20.0)
    north = put(game, 2, 30.0, 40.0)
    rover = put(game, 3, 30.0, 18.0)
    assert hidden_share(state, data, south, inside) == data.tables.slot_cover == 0.75
    assert hidden_share(state, data, north, inside) == 1.0
    turn_of(game, 0, dice=[6, 6])
    assert game.check(0, Shoot(0, 0, 1)) is None
    north_name = data.units[north.type].name  # the refusal names the unit as the table does
    assert f"{north.id} {north_name} is out of sight" in (game.check(0, Shoot(0, 0, 2)) or "")
    game.apply(0, EndTurn())
    put(game, 1, 30.0, 28.0 - inside.radius - south.radius - 0.01)
    turn_of(game, 1)
    assert "firing slot" in (game.check(1, Melee(1, 0)) or "")
    game.apply(1, EndTurn())
    turn_of(game, 3)
    assert "cannot be run over" in (game.check(1, RunOver(3, 0)) or "")
    assert rover.alive


def test_rg_flame_building_d6_hits_through_a_slot_each_deal_the_flamers_damage() -> None:
    """RG-FLAME-BUILDING: a flamer template over an occupied firing slot gives the trooper
    inside D6 hits, each for the flamer's damage (3): one hit kills a 3-wound rifleman (it
    cost one life before); a slot the template does not reach keeps its trooper safe."""
    game = _housed(army(("verdant-spider", 1)), army(("ferrum-rifleman", 2)))
    state = game.state
    put(game, 0, 30.0, 22.0)
    front = put(game, 1, 30.0, 28.0)
    back = put(game, 2, 30.0, 32.0)
    front.inside, front.slot = 0, 0
    back.inside, back.slot = 0, 2
    turn_of(game, 0)
    assert "firing slot" in (game.check(0, Shoot(0, 0, 2)) or "")
    game.set_dice(ScriptedDice([1]))
    game.apply(0, Shoot(0, 0, 1))
    assert front.damage == 3 and not front.alive
    assert back.damage == 0
    assert state.units[0].damage == 0


def test_the_town_table_turns_ruins_into_buildings() -> None:
    """RG-BLD-TOWN: set-up terrain "town" makes the default table's four ruins buildings
    with four slots each; random players enter and leave them in whole games."""
    rules = battle(army(("ferrum-rifleman", 1)), army(("verdant-rifleman", 1))).ruleset
    game = Game.new(rules, {"armies": ["ferrum", "verdant", "ashen"], "terrain": "town"},
                    seed=1, players=3)
    houses = [b for b in game.state.terrain if b.slots]
    assert len(houses) == 4 and all(b.slots == 4 and b.height == 4.0 for b in houses)
    assert not any(b.name == "ruin" for b in game.state.terrain)
