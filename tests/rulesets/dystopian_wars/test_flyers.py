"""Tiny flyers: launching and landing, fuel, ack-ack against wings, dogfights, patrols."""

from __future__ import annotations

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
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
from warbench.core.events import Roll
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    CeaseFire,
    ChooseEdge,
    Decline,
    Deploy,
    Fire,
    Idle,
    JoinPatrol,
    Land,
    Launch,
    Move,
    Respond,
)
from warbench.rulesets.dystopian_wars.damage import destroy

CARRIER = setup(
    [squadron("britannia-fleet-carrier", (36.0, 8.0, 0.0), name="Albion"),
     squadron("britannia-fighter-wing", (30.0, 8.0, 0.0), count=3)],
    [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
)


def test_a_carrier_launches_a_wing_that_acts_next_turn() -> None:
    """DW-LAUNCH: before it moves a carrier launches a wing it carries; the wing is placed
    within 4 inches and acts from the next turn; the carrier fires no gunnery that turn."""
    game = scripted(CARRIER, P0_FIRST)
    model(game, 1).carried_by = 0
    refresh(game)
    play(game, Activate(0))
    assert Launch(1) in owed(game).options
    play(game, Launch(1), Move(0, (2.0,)))
    wing = model(game, 1)
    assert wing.carried_by == -1 and wing.x == pytest.approx(33.0)
    assert owed(game).options == (CeaseFire(),)
    play(game, CeaseFire())
    assert owed(game).player == 1  # the wing cannot activate this turn


def test_a_launched_wing_may_join_its_carriers_squadron_or_fly_on_its_own() -> None:
    """DW-CAP: a wing taking off may join its carrier's squadron as its patrol, or not:
    the carrier is offered both launches, and a wing launched on its own patrols nothing
    (it may still join a patrol later, DW-CAP)."""
    for patrol, joined in ((True, 0), (False, -1)):
        game = scripted(CARRIER, P0_FIRST)
        model(game, 1).carried_by = 0
        refresh(game)
        play(game, Activate(0))
        options = owed(game).options
        assert Launch(1) in options and Launch(1, patrol=False) in options
        play(game, Launch(1, patrol=patrol))
        assert model(game, 1).cap_with == joined
    assert "Albion launches Britannic fighter wing, flying on its own" in texts(game)
    # a squadron takes one recon plane at most: with one on patrol, a second flies alone
    game = scripted(setup(
        [squadron("britannia-fleet-carrier", (36.0, 8.0, 0.0), name="Albion"),
         squadron("britannia-recon-wing", (30.0, 8.0, 0.0), count=1),
         squadron("britannia-recon-wing", (42.0, 8.0, 0.0), count=1)],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
    ), P0_FIRST)
    model(game, 1).cap_with, model(game, 2).carried_by = 0, 0
    refresh(game)
    play(game, Activate(0))
    launches = [o for o in owed(game).options if isinstance(o, Launch)]
    assert launches == [Launch(2, patrol=False)]


def test_a_wing_lands_and_burns_fuel_flying_hard() -> None:
    """DW-LAND, DW-FUEL: a wing moving more than half its move burns a fuel point; ending
    within 4 inches of a friendly carrier it may land aboard.
    Also shows DW-360, DW-TINY-SQUADRONS, DW-WING-ACT.
    """
    game = scripted(CARRIER, (*P0_FIRST,))
    play(game, Activate(1), Move(1, (0.0, 90.0, 11.0)), CeaseFire())
    wing = model(game, 1)
    assert wing.fuel == 5
    assert "Britannic fighter wing burns fuel flying hard (5 left)" in " ".join(texts(game))
    decision = owed(game)
    assert Land(0) in decision.options
    play(game, Land(0))
    assert wing.carried_by == 0


def test_ack_ack_against_a_wing_kills_tokens_and_each_hit_costs_fuel() -> None:
    """DW-AA-WING: ack-ack at a wing hits tiny flyers on 5+; each natural 6 destroys a
    token and rolls again (no second hit); every other hit is an abort costing 1 fuel. The
    wing's attack goes on with the tokens it has left."""
    game_setup = setup(
        [squadron("britannia-fighter-wing", (36.0, 20.0, 0.0), count=3)],
        [squadron("prussia-battleship", (36.0, 24.0, 180.0), name="Kaiserin")],
    )
    faces = [6, 5, 5, 4, 1, 1]  # 5 ack-ack dice: 6 (rolls 1), 5, 5, 4, 1
    game = scripted(game_setup, [*P0_FIRST, *faces, *[1] * 12])
    play(game, Activate(0), Move(0, (1.0,)), Fire(((0, "guns"),), 1), CeaseFire())
    assert owed(game).options[0] == Respond((1,))
    play(game, Respond((1,)))
    wing = model(game, 0)
    assert wing.tokens == 2
    assert wing.fuel == 6 - 1 - 2  # one for attacking, one for each abort (the two 5s)
    assert "Britannic fighter wing aborts 2 times: 2 fuel lost (3 left)" in texts(game)
    assert any("rolls" in t and "at Kaiserin" in t for t in texts(game))  # it still attacks
    assert model(game, 1).damage == 0


def test_ack_ack_grounds_a_wing_out_of_fuel() -> None:
    """DW-AA-WING, DW-FUEL: aborts that use up the last fuel lose the wing and its attack."""
    game_setup = setup(
        [squadron("britannia-fighter-wing", (36.0, 20.0, 0.0), count=3)],
        [squadron("prussia-battleship", (36.0, 24.0, 180.0), name="Kaiserin")],
    )
    game = scripted(game_setup, [*P0_FIRST, 5, 5, 5, 5, 5])
    state(game).models[0].fuel = 4
    play(game, Activate(0), Move(0, (1.0,)), Fire(((0, "guns"),), 1), CeaseFire())
    play(game, Respond((1,)))
    assert not model(game, 0).alive
    assert any("attack on Kaiserin is over" in t for t in texts(game))


def test_fighters_dogfight_other_wings_on_three() -> None:
    """DW-DOGFIGHT: fighters hit other tiny flyers on 3+ with their ack-ack; a natural 6
    destroys a token.
    Also shows DW-COMBINED, DW-TINY-AA-RANGE, DW-TINY-STEPS.
    """
    game_setup = setup(
        [squadron("britannia-fighter-wing", (36.0, 20.0, 0.0), count=3)],
        [squadron("prussia-dive-bomber-wing", (36.0, 23.0, 180.0), count=3)],
    )
    faces = [6, 3, 3, 3, 1, 2, 1]  # 6 fighter AA dice: 6 (rolls 1), 3, 3, 3, 1, 2
    game = scripted(game_setup, [*P0_FIRST, *faces])
    play(game, Activate(0), Move(0, (1.0,)), Fire(((0, "aa"),), 1), CeaseFire())
    play(game, Decline())  # the bombers may answer with their own ack-ack (not taken here)
    bombers = model(game, 1)
    assert bombers.tokens == 2
    assert bombers.fuel == 6 - 3  # the three 3s are aborts, each costing a fuel (DW-AA-WING)
    # the roll is named as a person at the table would ask for it (not "aa at the wing")
    fighters, bombers_name = model(game, 0).name, bombers.name
    assert {e.label for e in game.events if isinstance(e, Roll)} >= {
        f"{fighters} ack-ack attack on {bombers_name}"}


def test_wings_cannot_be_shot_by_gunnery_and_bombers_need_contact() -> None:
    """DW-NO-TINY-TARGETS, DW-BOMBERS: gunnery never targets tiny flyers; dive bombers drop
    their bombs only in base contact."""
    game_setup = setup(
        [squadron("britannia-dive-bomber-wing", (36.0, 20.0, 0.0), count=3)],
        [squadron("prussia-battleship", (36.0, 26.0, 180.0), name="Kaiserin"),
         squadron("prussia-fighter-wing", (30.0, 20.0, 0.0), count=3)],
    )
    game = scripted(game_setup, P0_FIRST)
    play(game, Activate(0), Move(0, (1.0,)))
    with pytest.raises(IllegalAction, match="base contact"):
        game.apply(0, Fire(((0, "bombs"),), 1))
    play(game, CeaseFire(), Activate(1), Move(1, (2.0,)))
    with pytest.raises(IllegalAction, match="never target tiny flyers"):
        game.apply(1, Fire(((1, "fore turret"),), 0))


def test_a_wing_joins_a_combat_air_patrol() -> None:
    """DW-CAP: a wing ending within 4 inches of a friendly large squadron may join it as
    its patrol; its ack-ack then answers attacks on that squadron."""
    game_setup = setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
         squadron("britannia-fighter-wing", (31.0, 8.0, 0.0), count=3)],
        [squadron("blazing-sun-gyro", (36.0, 30.0, 180.0), name="Tonbo")],
    )
    game = scripted(game_setup, (*P0_FIRST, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1))
    play(game, Activate(1), Move(1, (0.0, 90.0, 3.0)), CeaseFire(), JoinPatrol(0))
    assert model(game, 1).cap_with == 0
    play(game, Activate(2), Move(2, (4.0,)), Fire(((2, "rockets"),), 0), CeaseFire())
    answer = owed(game)
    assert answer.player == 0 and answer.options[0] == Respond((0, 1))


def test_tokens_aboard_a_carrier_face_ack_ack_from_big_or_higher_models() -> None:
    """DW-AA-CARRIED: tokens aboard a carrier may be shot by ack-ack from models at least
    as big as the carrier, or flying above it, never under covered decks."""
    from warbench.rulesets.dystopian_wars.combat import shot_refusal

    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
         squadron("britannia-rotor", (40.0, 10.0, 0.0), name="Kestrel")],
        [squadron("prussia-fleet-carrier", (38.0, 16.0, 90.0), name="Adler"),
         squadron("prussia-fighter-wing", (20.0, 40.0, 180.0), count=3),
         squadron("britannia-sky-fortress", (60.0, 30.0, 0.0), name="Citadel"),
         squadron("prussia-recon-wing", (20.0, 44.0, 180.0), count=1)],
    ), P0_FIRST)
    game_state = state(game)
    data = game.ruleset.data  # type: ignore[attr-defined]
    wing, recon = model(game, 3), model(game, 5)
    wing.carried_by, wing.x, wing.y = 2, 38.0, 16.0
    battleship, rotor = model(game, 0), model(game, 1)
    reason, _ = shot_refusal(game_state, data, battleship, "aa", wing)
    assert reason is not None and "as big as Adler" in reason
    reason, shot = shot_refusal(game_state, data, rotor, "aa", wing)
    assert reason is None and shot is not None
    recon.carried_by, recon.x, recon.y = 4, 60.0, 30.0
    reason, _ = shot_refusal(game_state, data, rotor, "aa", recon)
    assert reason is not None and "covered decks" in reason


def test_a_patrol_strikes_back_at_an_attacker_in_range() -> None:
    """DW-CAP-AD, DW-FUEL: a wing on patrol that answers an attack on its squadron also
    strikes the attacker with its own dice, the hits landing with the attack's; the answer
    costs it one fuel."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
         squadron("britannia-fighter-wing", (36.0, 17.0, 0.0), count=3)],
        [squadron("blazing-sun-gyro", (36.0, 24.0, 180.0), name="Tonbo")],
    ), (1, 1, 6, 6, *([1] * 6), *([1] * 6), *([1] * 5), 1, 1, 6, 6, 5, 1, 1))
    model(game, 1).cap_with = 0
    refresh(game)
    play(game, Activate(2), Move(2, (4.0,)), Fire(((2, "rockets"),), 0), CeaseFire())
    assert owed(game).options[0] == Respond((0, 1))
    play(game, Respond((0, 1)))
    assert "Britannic fighter wing strikes back at Tonbo: 5 hits" in texts(game)
    assert model(game, 2).damage == 1
    # DW-FUEL: using its ack-ack (and attack dice) in the answer costs the wing one fuel
    assert "Britannic fighter wing burns fuel answering with aa (5 left)" in texts(game)
    assert model(game, 1).fuel == 5


def test_one_recon_plane_patrols_a_squadron() -> None:
    """DW-CAP-RECON: a recon plane on patrol lends +1 to hit to its squadron's indirect
    fire; a second recon plane may not join the same squadron."""
    from warbench.rulesets.dystopian_wars.combat import patrol_recon
    from warbench.rulesets.dystopian_wars.flyers import patrol_squadrons

    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
         squadron("britannia-recon-wing", (36.0, 14.0, 0.0), count=1),
         squadron("britannia-recon-wing", (38.0, 14.0, 0.0), count=1)],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
    ), P0_FIRST)
    game_state = state(game)
    data = game.ruleset.data  # type: ignore[attr-defined]
    first, second = model(game, 1), model(game, 2)
    assert patrol_squadrons(game_state, data, second) == [0]
    first.cap_with = 0
    assert patrol_recon(game_state, data, model(game, 0))
    assert patrol_squadrons(game_state, data, second) == []


def test_patrol_fighters_answer_attacking_wings_as_in_a_dogfight() -> None:
    """DW-CAP, DW-DOGFIGHT: fighters on patrol answering a wing's attack on their ship
    hit the attacking tokens as fighters hit tiny flyers (3+), not with ack-ack's 5+."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
         squadron("britannia-fighter-wing", (36.0, 14.0, 0.0), count=3)],
        [squadron("blazing-sun-dive-bomber-wing", (36.0, 20.0, 180.0), count=3)],
    ), (1, 1, 6, 6, *([1] * 6), *([3] * 6), *([1] * 50)))
    model(game, 1).cap_with = 0
    refresh(game)
    # the bombers move into base contact with the battleship's bow and drop their bombs
    play(game, Activate(2), Move(2, (7.34,)), Fire(((2, "bombs"),), 0), CeaseFire())
    play(game, Respond((0, 1)))
    # the battleship's six dice (1s) miss; the fighters' six 3s are six aborts, which
    # burn the bombers' last fuel
    bombers = model(game, 2)
    assert bombers.fuel == 0
    assert not bombers.alive


def test_dw_aa_link_a_patrol_wing_may_stay_out_of_an_answer() -> None:
    """DW-AA-LINK, DW-FUEL: each model in range may answer or not, and a wing on patrol
    may answer; so the ships may answer without their patrol (on its own or linked), and
    a wing on its last fuel keeps it (answering would lose it); the commodore bot keeps
    such a wing out."""
    from warbench.rulesets.dystopian_wars.bots import CommodoreBot

    game = scripted(setup(
        [squadron("britannia-battleship", (33.0, 10.0, 0.0), (39.0, 10.0, 0.0)),
         squadron("britannia-fighter-wing", (36.0, 17.0, 0.0), count=3)],
        [squadron("blazing-sun-gyro", (36.0, 24.0, 180.0), name="Tonbo")],
    ), (1, 1, 6, 6, *([1] * 60)))
    wing = model(game, 2)
    wing.cap_with = 0
    wing.fuel = 1
    refresh(game)
    play(game, Activate(2), Move(3, (4.0,)), Fire(((3, "rockets"),), 0), CeaseFire())
    options = owed(game).options
    assert Respond((0, 1, 2)) in options
    assert Respond((0, 1)) in options and Respond((0, 1), linked=True) in options
    decision = owed(game)
    assert CommodoreBot().choose(game.observe(0), decision) == Respond((0, 1))
    play(game, Respond((0, 1)))
    assert wing.alive and wing.fuel == 1


def test_dw_fuel_a_wing_with_no_fuel_left_is_lost_in_the_end_phase() -> None:
    """DW-FUEL: a wing flying on with no fuel left is lost in the end phase; one with a
    point left flies on into the next turn."""
    game = scripted(CARRIER, (*P0_FIRST, *P0_FIRST))
    empty, last = model(game, 1), model(game, 2)
    empty.fuel, last.fuel = 0, 1
    refresh(game)
    play(game, Activate(0), Idle(), Activate(2), Idle(), Activate(1), Idle())
    assert state(game).turn == 2
    assert not empty.alive and empty.fate == "destroyed"
    assert "Britannic fighter wing is destroyed (out of fuel)" in texts(game)
    assert last.alive and last.fuel == 1


@pytest.mark.parametrize("fate", ["destroyed", "captured"])
def test_dw_land_a_wing_aboard_is_lost_with_its_carrier(fate: str) -> None:
    """DW-LAND (engine reading): a wing that has landed on a carrier is part of the ship
    while aboard, so when the carrier is destroyed or captured the wing is lost with it;
    a wing flying at the time is not."""
    game = scripted(CARRIER, P0_FIRST)
    aboard, flying = model(game, 1), model(game, 2)
    aboard.carried_by = 0
    refresh(game)
    destroy(game, model(game, 0), fate, "the test")
    assert not aboard.alive and aboard.fate == "destroyed"
    assert f"Britannic fighter wing is lost with its carrier ({fate})" in texts(game)
    assert flying.alive


def test_dw_deploy_alternate_wings_aboard_go_down_with_their_carrier() -> None:
    """DW-DEPLOY-ALTERNATE: a carrier's wing aboard is placed with it, in the carrier's one
    placement (before the carrier is on the table it may not go down on its own), and a
    placement that would stand the carrier on an island is refused, naming it."""
    game_setup = setup(
        [squadron("britannia-fleet-carrier", (36.0, 4.0, 0.0), name="Albion"),
         squadron("britannia-fighter-wing", (30.0, 4.0, 0.0), count=3)],
        [squadron("prussia-battleship", (36.0, 44.0, 180.0), name="Kaiserin")],
    )
    game_setup["deployment"] = "alternate"
    game_setup["terrain"] = [{"name": "Gull Rock", "kind": "island", "density": "dense",
                              "points": [[16.0, 2.0], [24.0, 2.0], [24.0, 7.0], [16.0, 7.0]]}]
    game = scripted(game_setup, (6, 6, 1, 1, *P0_FIRST))
    wing = model(game, 1)
    wing.carried_by = 0
    refresh(game)
    play(game, ChooseEdge(0))
    assert [o.squadron for o in owed(game).options if isinstance(o, Deploy)] == [0]
    assert game.check(0, Deploy(1, 30.0, 4.0, 0.0)) == (
        "Britannic fighter wing is aboard Albion, which is not on the table yet: it goes down"
        " with its carrier, or apart once the carrier is placed (DW-DEPLOY-ALTERNATE)")
    assert game.check(0, Deploy(0, 20.0, 4.0, 0.0)) == ("Albion would stand on Gull Rock "
                                                        "(DW-DEPLOY-ALTERNATE)")
    play(game, Deploy(0, 40.0, 4.0, 0.0))
    assert (wing.x, wing.y) == (model(game, 0).x, model(game, 0).y) == (40.0, 4.0)
    assert wing.carried_by == 0 and owed(game).player == 1


def test_a_wings_guns_fire_at_their_target_in_the_plural() -> None:
    """DW-ACTIONS (words): an attack is declared with its verb agreeing with what fires:
    a wing's guns (torpedoes, rockets, bombs) fire, one turret fires ("Torpedo bomber wing
    (P2)'s torpedoes fire at Picket 1", never "fires"); one die is "1 die", never "1
    dice", declared and rolled."""
    game_setup = setup(
        [squadron("britannia-fighter-wing", (36.0, 20.0, 0.0), count=3)],
        [squadron("prussia-battleship", (36.0, 24.0, 180.0), name="Kaiserin")],
    )
    game = scripted(game_setup, [*P0_FIRST, *[1] * 20])
    play(game, Activate(0), Move(0, (1.0,)), Fire(((0, "guns"),), 1, 1), CeaseFire(),
         Decline())
    said = texts(game)
    assert any(t.startswith("Britannic fighter wing's guns fire split at Kaiserin: 1 die in")
               for t in said), said
    assert any(t.startswith("Britannic fighter wing rolls 1 die at Kaiserin") for t in said)
