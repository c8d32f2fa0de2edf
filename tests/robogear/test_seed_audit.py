"""ROBOGEAR rules checked by a reading of the seed sentence by sentence: each test names
its rule; those of a fix fail on the engine's behaviour before it (version 6), the flyer's
pins an engine default the seed leaves open."""

from __future__ import annotations

from tests.robogear.helpers import army, battle, put, turn_of
from warbench.rulesets.robogear.actions import Shoot, Throw, Turn
from warbench.rulesets.robogear.events import ShotResolved
from warbench.rulesets.robogear.pieces import Block
from warbench.rulesets.robogear.table import gap


def test_rg_blast_the_markers_centre_must_lie_within_the_weapons_range() -> None:
    """RG-BLAST (l.156): the hole at the marker's centre, laid over a machine's hull, must
    be within the weapon's greatest range. A tank whose near edge is 31.5 steps away (long
    range ends at 32) has its centre 33.3 steps away: the rocket pod may not burst there;
    1.4 steps nearer it may (before version 7 the near edge was measured)."""
    game = battle(army(("ferrum-walker", 1)), army(("verdant-tank", 1)))
    put(game, 0, 10, 10)
    tank = put(game, 1, 10, 10 + 1.5 + 1.8 + 31.5)
    assert abs(gap(game.state.units[0], tank) - 31.5) < 1e-6
    turn_of(game, 0)
    refusal = game.check(0, Shoot(0, 1, 1)) or ""
    assert "greatest range of 32" in refusal and refusal.endswith("(RG-BLAST)")
    put(game, 1, 10, 10 + 1.5 + 1.8 + 30.1)
    assert game.check(0, Shoot(0, 1, 1)) is None


def test_rg_blast_a_grenades_centre_must_lie_within_its_short_reach() -> None:
    """RG-BLAST, RG-GRENADE: a grenade's marker centre over a machine's hull must lie within
    the grenade's reach (short range, 8 steps), not just the hull's near edge."""
    game = battle(army(("ferrum-brawler", 1)), army(("verdant-tank", 1)))
    brawler = put(game, 0, 10, 10)
    put(game, 1, 10, 10 + brawler.radius + 1.8 + 7.5)
    turn_of(game, 0)
    refusal = game.check(0, Throw(0, 1)) or ""
    assert "greatest range of 8" in refusal and refusal.endswith("(RG-BLAST)")
    put(game, 1, 10, 10 + brawler.radius + 1.8 + 6.0)
    assert game.check(0, Throw(0, 1)) is None


def test_rg_move_fly_each_turn_on_the_spot_is_bounded_and_paid_alone() -> None:
    """RG-MOVE-FLY (engine default): the 90 degrees bound each turn of a flyer, each paid a
    point; a second turn in the same activation is its own manoeuvre."""
    game = battle(army(("ferrum-flyer", 1)), army(("verdant-tank", 1)))
    put(game, 0, 30, 30)
    put(game, 1, 50, 50)
    turn_of(game, 0)
    flyer = game.state.units[0]
    before = flyer.points_left
    assert (game.check(0, Turn(0, 120.0)) or "").endswith("(RG-MOVE-FLY)")
    game.apply(0, Turn(0, 90.0))
    game.apply(0, Turn(0, 180.0))
    assert flyer.facing == 180.0 and flyer.points_left == before - 2


def test_rg_inf_above_no_bonus_against_a_gun() -> None:
    """RG-INF-ABOVE (l.121-122): a trooper gains +1 accuracy from a step above a trooper or
    from above a machine's cabin; the seed names no other target, and a gun is neither (it
    tells machines, guns and buildings apart, l.116). A rocketeer on a roof 1.5 steps high
    above a 1.2-step mortar gains nothing (before version 7 it gained +1)."""
    game = battle(army(("ferrum-rocketeer", 1)), army(("verdant-mortar", 1)))
    game.state.terrain.append(Block(28, 8, 32, 12, 1.5, "roof"))
    put(game, 0, 30, 10)
    put(game, 1, 30, 16)
    turn_of(game, 0, dice=[3, 3])
    game.apply(0, Shoot(0, 0, 1))
    shot = next(e for e in game.events if isinstance(e, ShotResolved))
    assert shot.accuracy == 3

