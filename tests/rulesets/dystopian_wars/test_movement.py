"""Movement: minimum moves, turning, all stop and reverse, pivots, levels, rams, collisions."""

from __future__ import annotations

import math

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    SHORE,
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
from warbench.core.engine import IllegalAction
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    CeaseFire,
    Decline,
    EndBoarding,
    Fire,
    Helm,
    Idle,
    Move,
    Pivot,
)
from warbench.rulesets.dystopian_wars.setup import octagon

LONE_SHIPS = setup(
    [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
     squadron("britannia-frigate", (10.0, 10.0, 0.0), (13.0, 10.0, 0.0), (16.0, 10.0, 0.0)),
     squadron("britannia-cruiser", (56.0, 10.0, 0.0), (59.0, 10.0, 0.0))],
    [squadron("prussia-battleship", (36.0, 44.0, 180.0), name="Kaiserin")],
)


def refused(game, action, pattern: str) -> None:  # type: ignore[no-untyped-def]
    before = game.hash()
    with pytest.raises(IllegalAction, match=pattern):
        game.apply(owed(game).player, action)
    assert game.hash() == before


def test_the_minimum_move_must_be_made() -> None:
    """DW-MIN-MOVE: naval models move at least their minimum move (2 inches).
    Also shows DW-MIN-MOVE-ALL, DW-MV.
    """
    game = scripted(LONE_SHIPS, P0_FIRST)
    play(game, Activate(0))
    refused(game, Move(0, (1.5,)), "less than the 2 inch minimum")
    refused(game, Move(0, (7.5,)), "more than the 7 allowed")
    play(game, Move(0, (7.0,)))
    assert model(game, 0).y == pytest.approx(17.0)


def test_turns_come_after_the_straight_run_and_cost_an_inch() -> None:
    """DW-TURN: a turn of at most 45 degrees after the model's straight run, made while
    moving: the turn uses 1 inch of the move (half an inch ahead, the turn, half an inch on
    the new heading), so a 3, turn, 3 path travels 7 inches.
    Also shows DW-TEMPLATES, DW-TURN-LIMIT.
    """
    game = scripted(LONE_SHIPS, P0_FIRST)
    play(game, Activate(0))
    refused(game, Move(0, (2.0, 45.0, 2.0)), "needs 3 inches straight first")
    refused(game, Move(0, (3.0, 50.0, 1.0)), "at most 45 degrees")
    refused(game, Move(0, (3.0, 45.0, 3.5)), "more than the 7 allowed")
    play(game, Move(0, (3.0, 45.0, 3.0)))
    ship = model(game, 0)
    assert ship.heading == pytest.approx(45.0)
    assert ship.x == pytest.approx(36.0 + 3.5 * 2 ** -0.5)
    assert ship.y == pytest.approx(13.5 + 3.5 * 2 ** -0.5)
    assert "moves 7.0 inches" in texts(game)[-1]


def test_small_models_may_chain_turns() -> None:
    """DW-TURN-SMALL: small models may turn 45 degrees several times in a row; larger
    models need their straight run between turns."""
    game = scripted(LONE_SHIPS, P0_FIRST)
    play(game, Activate(1), Move(1, (1.0, -45.0, 0.0, -45.0, 4.0)))
    assert model(game, 1).heading == pytest.approx(270.0)
    play(game, Move(2, (2.0,)), Move(3, (2.0,)), CeaseFire())
    play(game, Activate(3), Idle())  # player 1
    play(game, Activate(2))
    refused(game, Move(4, (2.0, 45.0, 0.0, 45.0, 2.0)), "needs 2 inches straight first")


def test_all_stop_then_ahead_and_reverse() -> None:
    """DW-ALL-STOP, DW-REVERSE: an all stop marker keeps a model still (no minimum move);
    clearing it lets the model move from its next activation; a direction arrow lets it
    back away up to 2 inches.
    Also shows DW-MK-ALL-STOP, DW-MK-DIRECTION.
    """
    game = scripted(LONE_SHIPS, (*P0_FIRST, *P0_FIRST, *P0_FIRST))
    play(game, Activate(0), Move(0, (2.0,), all_stop=True), CeaseFire())
    assert model(game, 0).helm == "all_stop"
    play(game, Activate(3), Idle(), Activate(1), Idle(), Activate(2), Idle())
    # turn 2: the battleship can only take a helm order
    play(game, Activate(0))
    decision = owed(game)
    assert {o.order for o in decision.options if isinstance(o, Helm)} == {
        "hold", "ahead", "reverse"
    }
    refused(game, Move(0, (2.0,)), "under all stop")
    play(game, Helm(0, "reverse"), CeaseFire())
    assert model(game, 0).y == pytest.approx(12.0)
    play(game, Activate(3), Idle(), Activate(1), Idle(), Activate(2), Idle())
    # turn 3: it backs away
    play(game, Activate(0))
    refused(game, Move(0, (2.0,)), "only move backward")
    refused(game, Move(0, (2.5,), backward=True), "more than the 2 allowed")
    play(game, Move(0, (2.0,), backward=True))
    assert model(game, 0).y == pytest.approx(10.0)
    assert model(game, 0).heading == pytest.approx(0.0)


def test_a_model_leaving_the_table_is_destroyed() -> None:
    """DW-OFF-TABLE, DW-ROUT-COMMODORE: a model ending its move off the table is
    destroyed; losing the commodore sends every squadron of the fleet to a rout test,
    needing two hits."""
    game = scripted(LONE_SHIPS, (*P0_FIRST, 6, 1, 1, 5, 4, 1))
    model(game, 0).x, model(game, 0).y = 60.0, 45.0
    play(game, Activate(0), Move(0, (7.0,)))
    assert not model(game, 0).alive
    assert "Sovereign is destroyed (left the table)" in texts(game)
    assert "player 1 has lost the commodore" in texts(game)
    assert [model(game, uid).broken for uid in (1, 2, 3, 4, 5)] == [False] * 3 + [False] * 2
    assert "Picket-pattern frigate passes its rout test: 2 hits on 3D6, 2 needed" in texts(game)


def test_land_models_turn_on_the_spot() -> None:
    """DW-LAND-PIVOT: small and medium land models turn to any facing instead of moving,
    large and massive ones up to 90 degrees either way; ships cannot.
    Also shows DW-PAIRED-BASES.
    """
    game = scripted(setup(
        [squadron("britannia-tank", (10.0, 10.0, 0.0), (12.0, 10.0, 0.0), (14.0, 10.0, 0.0)),
         squadron("britannia-land-ship", (30.0, 10.0, 0.0))],
        [squadron("prussia-battleship", (36.0, 44.0, 180.0))],
        terrain=[SHORE],
    ), (*P0_FIRST, *P0_FIRST))
    play(game, Activate(0), Pivot(0, 180.0), Pivot(1, -135.0), Move(2, (3.0,)), CeaseFire())
    assert model(game, 0).heading == pytest.approx(180.0)
    assert model(game, 1).heading == pytest.approx(225.0)
    play(game, Activate(2), Idle(), Activate(1))
    refused(game, Pivot(3, 120.0), "at most 90 degrees")
    play(game, Pivot(3, 90.0))
    assert model(game, 3).heading == pytest.approx(90.0)


def test_dw_end_on_models_a_land_model_turning_on_the_spot_ends_on_no_model_or_water() -> None:
    """DW-END-ON-MODELS, DW-LAND-PIVOT: a land model turning on the spot may not end on
    another model, nor on water it may not enter (seed l.328, l.332); before 0.7 a pivot
    was never checked and the land ship ended on top of the tank beside it."""
    lake = [{"name": "the Mere", "kind": "water", "density": "dense",
             "points": octagon(35.0, 30.0, 1.5)}]
    game = scripted(setup(
        [squadron("britannia-land-ship", (36.0, 10.0, 0.0), name="Ironclad"),
         squadron("britannia-land-ship", (32.0, 30.0, 0.0), name="Bulwark")],
        [squadron("prussia-tank", (38.0, 10.0, 0.0), (38.0, 13.0, 0.0), (38.0, 16.0, 0.0))],
        terrain=lake, surface="land",
    ), (*P0_FIRST, *([1] * 40)))
    play(game, Activate(0))
    assert owed(game).spaces[-1].validate(Pivot(0, 90.0)) is not None  # not offered
    refused(game, Pivot(0, 90.0),
            "Ironclad cannot turn onto Panzerwagen 1: a model may not end its move on another")
    play(game, Pivot(0, 10.0), CeaseFire(), EndBoarding())  # a small turn clears the tank
    assert model(game, 0).heading == pytest.approx(10.0)
    play(game, Activate(2), Idle(), Activate(1))
    refused(game, Pivot(1, -90.0), "Bulwark cannot turn onto the Mere: it may not stand on")
    play(game, Pivot(1, -30.0))
    assert model(game, 1).heading == pytest.approx(330.0)


def test_dw_end_on_models_the_disengage_turn_ends_on_no_model() -> None:
    """DW-END-ON-MODELS, DW-DISENGAGE: the turn of up to 90 degrees that takes a model out
    of a contact is made around its centre, in place, and may not put it on another model
    (seed l.328, l.366); before 0.7 the cruiser turned onto the enemy alongside and
    'rammed' it from there at 0 inches. Moving straight on, sliding along it, is still
    allowed."""
    game = scripted(setup(
        [squadron("britannia-cruiser", (36.0, 10.0, 0.0), name="Warden")],
        [squadron("prussia-cruiser", (37.5, 10.0, 0.0), (60.0, 40.0, 0.0))],
    ), (*P0_FIRST, *([1] * 40)))
    model(game, 0).contact, model(game, 2).contact = [2], [0]  # as after a collision
    refresh(game)
    play(game, Activate(0))
    for degrees in (90.0, -90.0, 30.0):
        refused(game, Move(0, (0.0, degrees, 2.0)),
                "Warden cannot turn onto Wacht 1: a model may not end its move on another")
    play(game, Move(0, (4.0,)))
    assert (model(game, 0).x, model(game, 0).y) == (36.0, 14.0)


def test_dw_end_on_models_a_flyer_ends_on_no_surface_model_but_over_a_submerged_one() -> None:
    """DW-END-ON-MODELS: a flyer may not end its move on another model, flying or on the
    surface (seed l.328); it passes over them (l.335) and may end above a submerged token
    (l.329). Before 0.7 only other flyers were refused and the rotor ended on the
    battleship."""
    game = scripted(setup(
        [squadron("britannia-rotor", (36.0, 10.0, 0.0), name="Kestrel"),
         squadron("britannia-rotor", (20.0, 10.0, 0.0), name="Merlin")],
        [squadron("prussia-battleship", (36.0, 18.0, 90.0), name="Kaiserin"),
         squadron("prussia-submarine", (20.0, 18.0, 90.0), level="submerged")],
    ), (*P0_FIRST, *([1] * 40)))
    play(game, Activate(0))
    refused(game, Move(0, (8.0,)),
            "Kestrel would end its move on Kaiserin: a flyer may not end its move on another")
    play(game, Move(0, (10.0,)))  # over the battleship and clear of it
    assert model(game, 0).y == pytest.approx(20.0)
    play(game, CeaseFire(), EndBoarding(), Activate(2), Move(2, (2.0,)), CeaseFire(), EndBoarding())
    play(game, Activate(1))
    play(game, Move(1, (8.0,)))
    assert (model(game, 1).x, model(game, 1).y) == (20.0, 18.0)  # above the submarine


def test_ram_rolls_ram_rating_against_the_answer_of_remaining_hull() -> None:
    """DW-RAM: a model with a ram rating meeting an enemy bow first stops and rams: RR
    dice (4+) against the target first; the target answers afterwards with the hull
    points the ram left it, so a frigate the ram destroys does not answer (seed l.388:
    only a collision's attacks are simultaneous; before 0.7 it answered with the 2 hull
    points it had before the ram).
    Also shows DW-CONTACT-STOPS, DW-RR.
    """
    game_setup = setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-frigate", (36.0, 16.0, 90.0), (39.0, 20.0, 90.0),
                  (42.0, 20.0, 90.0))],
    )
    faces = [
        6, 6, 5, 1,  # RR 2: 6, 6, rolling again 5, 1: 5 hits
        4, 1, 1,  # the frigates' rout test (no answer: the frigate is gone)
    ]
    game = scripted(game_setup, [*P0_FIRST, *faces])
    play(game, Activate(0), Move(0, (7.0,)))
    ship, frigate = model(game, 0), model(game, 1)
    assert ship.y == pytest.approx(16.0 - 0.3 - 2.25)
    assert "Sovereign rams Hagel 1: 5 hits on 2D6" in texts(game)
    assert not frigate.alive
    assert "Hagel 1 is lost to the ram: no answer" in texts(game)
    assert not any(e.data["label"] == "Hagel 1 ram answer" for e in game.events
                   if e.kind == "roll")
    assert ship.damage == 0


def test_dw_ram_the_target_answers_after_the_ram_with_the_hull_it_has_left() -> None:
    """DW-RAM: the ram is rolled and dealt first, its critical table roll too; then the
    rammed cruiser answers with the 3 hull points the ram left it, not the 5 it had (seed
    l.388: the rammed model answers with its current hull; only collisions are
    simultaneous). Its answer may cause criticals: it has a ram rating."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-cruiser", (36.0, 16.0, 90.0), (39.0, 20.0, 90.0))],
    ), [*P0_FIRST, 6, 6, 6, 5, 1, 2, 4, 4, 1])  # 7 hits; critical row 2; the answer
    play(game, Activate(0), Move(0, (7.0,)))
    assert owed(game).prompt.startswith("critical on Wacht 1")  # the commodore may re-roll
    play(game, Decline())
    rolls = [(e.data["label"], len(e.data["faces"])) for e in game.events if e.kind == "roll"]
    assert rolls[-3:] == [("Sovereign ram on Wacht 1 (exploding)", 1), ("critical table", 1),
                          ("Wacht 1 ram answer", 3)]
    assert "Wacht 1 answers with the 3 hull points left: 2 hits" in texts(game)
    assert model(game, 1).damage == 2 and model(game, 0).damage == 0


def test_collision_with_terrain_stops_the_model_and_grounds_it() -> None:
    """DW-COLLIDE-TERRAIN: meeting land stops a ship; dense terrain rolls 12 dice against
    it; a grounded model makes no attack this activation.
    Also shows DW-GROUNDED, DW-ISLANDS.
    """
    island = [{"name": "Gull Rock", "kind": "island", "density": "dense",
               "points": octagon(36.0, 20.0, 3.0)}]
    game_setup = setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-frigate", (44.0, 12.0, 0.0), (47.0, 12.0, 0.0), (50.0, 12.0, 0.0))],
        terrain=island,
    )
    faces = [1] * 12
    game = scripted(game_setup, [*P0_FIRST, *faces])
    play(game, Activate(0), Move(0, (7.0,)))
    ship = model(game, 0)
    assert ship.y == pytest.approx(20.0 - 3.0 * math.cos(math.radians(22.5)) - 2.25, abs=1e-3)
    assert ship.grounded
    assert "Sovereign runs into Gull Rock (dense): 0 hits on 12D6" in texts(game)
    assert owed(game).options == (CeaseFire(),)
    refused(game, Fire(((0, "broadside (starboard)"),), 1), "ran aground")


def test_dw_ram_a_move_considered_says_what_it_rams_runs_into_or_collides_with() -> None:
    """DW-RAM, DW-COLLIDE-TERRAIN, DW-COLLIDE (USERS journey 2): a move considered before
    it is made (the table's ghost) says what stops it and what the rules will roll: the
    battleship's ram of the enemy frigate met bow first, the island's 12 dice, a collision
    with a friend; a move meeting nothing says nothing. Walked in a referee game, a move
    into an island read only "Allowed" and where it ended. The ghost ends where the move
    made does."""
    frigates = squadron("prussia-frigate", (36.0, 16.0, 90.0), (39.0, 20.0, 90.0),
                        (42.0, 20.0, 90.0))
    island = [{"name": "Gull Rock", "kind": "island", "density": "dense",
               "points": octagon(36.0, 20.0, 3.0)}]
    pickets = squadron("britannia-frigate", (36.0, 16.0, 90.0), (39.0, 19.0, 90.0),
                       (42.0, 19.0, 90.0))
    far = [squadron("prussia-frigate", (10.0, 40.0, 0.0), (13.0, 40.0, 0.0), (16.0, 40.0, 0.0))]
    sovereign = [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")]
    cases = [
        (setup(sovereign, [frigates]),
         "rams Hagel 1: 2 dice, then Hagel 1 answers with its hull left (DW-RAM)"),
        (setup(sovereign, far, terrain=island),
         "runs into Gull Rock (dense): 12 dice at it (DW-COLLIDE-TERRAIN)"),
        (setup([*sovereign, pickets], far),
         "collides with Picket 1: both roll their hull left at once, no critical hits "
         "(DW-COLLIDE)"),
        (setup(sovereign, far), ""),
    ]
    for game_setup, meets in cases:
        game = scripted(game_setup, [*P0_FIRST, *[1] * 30])
        play(game, Activate(0))
        move = Move(0, (7.0,))
        (ghost,) = game.ruleset.action_preview(game.observe(0).state, move).ghosts
        assert ghost.meets == meets
        play(game, move)
        ship = model(game, 0)
        assert (ghost.x, ghost.y) == (pytest.approx(ship.x, abs=1e-3),
                                      pytest.approx(ship.y, abs=1e-3))


def test_submerged_models_pass_under_ships_and_attack_only_with_torpedoes() -> None:
    """DW-SUBMERGED: a diving model chooses its level for the activation; submerged it passes
    under other models and may only use torpedoes; surface ships cannot fire at it in
    range band 1.
    Also shows DW-DIVING, DW-MK-SUBMERGED, DW-RAM-LEVEL, DW-SUBMERGED-FIRE.
    """
    game_setup = setup(
        [squadron("britannia-submarine", (36.0, 10.0, 0.0), name="Trident")],
        [squadron("prussia-cruiser", (36.0, 15.0, 90.0), (33.0, 15.0, 90.0)),
         squadron("prussia-battleship", (20.0, 30.0, 180.0), name="Kaiserin")],
    )
    game = scripted(game_setup, P0_FIRST)
    play(game, Activate(0), Move(0, (8.0,), level="submerged"))
    sub = model(game, 0)
    assert sub.level == "submerged" and sub.y == pytest.approx(18.0)
    refused(game, Fire(((0, "deck gun"),), 3), "only with torpedoes")
    play(game, CeaseFire())
    play(game, Activate(1), Move(1, (2.0,)), Move(2, (2.0,)))
    refused(game, Fire(((1, "turret"),), 0), "submerged one in range band 1")


@pytest.mark.parametrize("level", ["flying", "obscured"])
def test_dw_submerged_fire_an_obscured_flyer_never_fires_at_a_submerged_model(
    level: str,
) -> None:
    """DW-SUBMERGED-FIRE, DW-OBSCURED: a rotor flying at its level may fire its rockets and
    turret at a submarine submerged 10 inches off (range band 2); the same rotor climbing
    into the clouds for its activation may not, and a player's shot is refused naming the
    rule."""
    game = scripted(setup(
        [squadron("britannia-rotor", (36.0, 10.0, 0.0), name="Kestrel")],
        [squadron("prussia-submarine", (36.0, 24.0, 180.0), name="Hecht")],
    ), P0_FIRST)
    model(game, 1).level = "submerged"
    refresh(game)
    play(game, Activate(0), Move(0, (4.0,), level=level))
    shots = [option for option in owed(game).options if isinstance(option, Fire)]
    if level == "flying":
        assert {shot.guns for shot in shots} == {((0, "rockets"),), ((0, "turret"),)}
    else:
        assert shots == []
        refused(game, Fire(((0, "turret"),), 1), "an obscured model cannot fire at a submerged one")


def test_flyers_pass_over_ships() -> None:
    """DW-FLYERS-OVER: flyers never collide with surface models.
    Also shows DW-FLYING, DW-TINY-SHIFT.
    """
    game = scripted(setup(
        [squadron("britannia-rotor", (36.0, 10.0, 0.0), name="Kestrel")],
        [squadron("prussia-cruiser", (36.0, 15.0, 90.0), (33.0, 15.0, 90.0))],
    ), P0_FIRST)
    play(game, Activate(0), Move(0, (10.0,)))
    assert model(game, 0).y == pytest.approx(20.0)
    assert not state(game).models[0].contact
