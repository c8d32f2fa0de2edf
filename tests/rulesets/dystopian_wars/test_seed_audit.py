"""Findings of the audits of the seed against the code (the second half, combat to the
end, then the first half, l.1-393): each test names the row it holds the engine to, and
fails on the behaviour before it."""

from __future__ import annotations

from pathlib import Path

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    RULES,
    TEST_CATALOG,
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
from tests.rulesets.dystopian_wars.test_fleets import fleet
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    Board,
    CeaseFire,
    Decline,
    EndBoarding,
    Helm,
    Idle,
    Land,
    Move,
    Respond,
)
from warbench.rulesets.dystopian_wars.combat import shot_refusal
from warbench.rulesets.dystopian_wars.setup import octagon
from warbench.rulesets.dystopian_wars.state import Model

TWO_RECON = setup(
    [squadron("britannia-fleet-carrier", (36.0, 8.0, 0.0), name="Albion"),
     squadron("britannia-recon-wing", (30.0, 8.0, 0.0), count=1),
     squadron("britannia-recon-wing", (42.0, 8.0, 0.0), count=1)],
    [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
)


def test_dw_carrier_capacity_a_recon_plane_lands_only_where_none_is_aboard() -> None:
    """DW-CARRIER-CAPACITY: a carrier carries one recon plane (seed l.594), in play as at
    the muster: a recon wing is offered no landing on a carrier with a recon plane aboard,
    and is offered it on the same carrier with none aboard."""
    for aboard, offered in ((True, False), (False, True)):
        game = scripted(TWO_RECON, P0_FIRST)
        model(game, 1).carried_by = 0 if aboard else -1
        model(game, 2).carried_by = -1
        refresh(game)
        play(game, Activate(2), Move(2, (1.0,)), CeaseFire())
        assert (Land(0) in owed(game).options) is offered


def test_dw_land_tokens_beyond_the_carriers_room_are_lost_as_the_wing_lands() -> None:
    """DW-LAND, DW-CARRIER-CAPACITY: a carrier never holds more tokens than its FIG says,
    and the tokens over it are destroyed (seed l.611): a wing of 3 may land on a carrier
    with room for 1 and loses 2 tokens doing so (before 0.10 it was offered no landing)."""
    game = scripted(setup(
        [squadron("britannia-fleet-carrier", (36.0, 8.0, 0.0), name="Albion"),
         squadron("britannia-fighter-wing", (30.0, 8.0, 0.0), count=5),
         squadron("britannia-fighter-wing", (30.0, 8.0, 0.0), count=4),
         squadron("britannia-fighter-wing", (42.0, 8.0, 0.0), count=3)],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
    ), P0_FIRST)
    model(game, 1).carried_by = model(game, 2).carried_by = 0
    model(game, 3).carried_by = -1
    refresh(game)
    play(game, Activate(3), Move(3, (1.0,)), CeaseFire())
    assert Land(0) in owed(game).options
    play(game, Land(0))
    wing = model(game, 3)
    assert wing.carried_by == 0 and wing.tokens == 1
    assert ("Britannic fighter wing (P1) loses 2 tokens landing on Albion, which has no room for "
            "them: 1 left") in texts(game)


def test_dw_cc_answer_naval_models_use_no_charges_on_a_land_divers_boarders() -> None:
    """DW-BOARD-ANSWER, DW-CC-ANSWER: boarders from a diving model meet charges, but land
    and naval models never use charges on each other (seed l.490): naval frigates boarded
    by a land burrower have no answer, and the melee follows at once (before 0.10 the
    frigates were asked to answer with their charges)."""
    game = scripted(setup(
        [squadron("federated-states-burrower", (17.0, 10.0, 0.0), name="Mole")],
        [squadron("prussia-frigate", (17.0, 15.0, 90.0), (20.0, 15.0, 90.0),
                  (23.0, 15.0, 90.0))],
        surface="land",  # each frigate afloat on a pond of its own
        terrain=[{"name": f"pond {x:.0f}", "kind": "water", "density": "dense",
                  "points": octagon(x, 15.0, 1.2)} for x in (17.0, 20.0, 23.0)],
    ), [*P0_FIRST, *([1] * 40)])
    play(game, Activate(0), Move(0, (1.0,)), CeaseFire(), Board(0, 1, 4))
    assert not any(isinstance(option, Respond) for option in owed(game).options)
    assert texts(game)[-2].startswith("boarding Hagel 1: 4 melee dice")


def test_dw_fleet_core_a_massive_squadron_does_not_stand_in_for_the_large_one() -> None:
    """DW-FLEET-CORE: the core force of a friendly (and tournament) fleet is a small, a
    medium and a large squadron (seed l.197): a fleet whose only big squadron is a massive
    fleet carrier lacks the large one (before 0.10 a massive squadron counted as large)."""
    army = fleet(("britannia-fleet-carrier", 1), ("britannia-cruiser", 2),
                 ("britannia-frigate", 3), points=1000)
    rules = {violation.rule for violation in RULES.validate_list(army, "friendly").violations}
    assert "core force: a large squadron" in rules
    army = fleet(("britannia-battleship", 1), ("britannia-cruiser", 2),
                 ("britannia-frigate", 3), points=1000)
    rules = {violation.rule for violation in RULES.validate_list(army, "friendly").violations}
    assert "core force: a large squadron" not in rules


FLYING_ROBOT = TEST_CATALOG + """
[test-flying-robot]
name = "Test flying robot"
nation = "prussia"
category = "robot"
domain = "aerial"
size = "medium"
capital = false
traits = ["robot"]
points = 60
hp = 5
dr = 5
cr = 7
mv = 8
min_move = 0
turn = 0.0
aa = 1
cc = 0
ap = 4
rr = 0
base = [1.2, 1.2]
source = "engine default"
"""


def test_dw_flyer_rb1_only_batteries_reach_a_flying_robot_in_band_one(tmp_path: Path) -> None:
    """DW-FLYER-RB1: a surface model fires at flyers in range band 1 with ack-ack only;
    a flying creature or robot may be targeted there by batteries (seed l.548), not by
    rockets (before 0.10 any weapon could)."""
    rules = DystopianWarsRuleset(catalog_file(tmp_path, FLYING_ROBOT))
    game = scripted(setup(
        [squadron("test-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("test-flying-robot", (36.0, 16.0, 180.0), name="Drone", level="flying")],
    ), P0_FIRST, rules)
    shooter, target = model(game, 0), model(game, 1)
    assert shot_refusal(state(game), rules.data, shooter, "fore turret", target)[0] is None
    reason, _ = shot_refusal(state(game), rules.data, shooter, "rockets", target)
    assert reason == ("a surface model fires at flyers in range band 1 only with ack-ack "
                      "(DW-FLYER-RB1)")


def test_dw_contact_board_a_rammed_model_may_board_its_rammer_with_all_its_dice() -> None:
    """DW-CONTACT-BOARD: the model that rammed or collided may not board the model it hit,
    and boards others with half its melee dice (seed l.535, l.537); the model it rammed
    did neither, so in its own activation it may board the rammer, still touching it, with
    all its dice (before 0.10 every model in contact was barred, the rammed one too)."""
    footing = [{"name": "the Bastion's rock", "kind": "island", "density": "dense",
                "points": [[34.5, 14.5], [37.5, 14.5], [37.5, 17.5], [34.5, 17.5]],
                "blocks_sight": False}]  # the fort's own base: a land model stands on land
    game = scripted(setup(
        [squadron("prussia-cruiser", (36.0, 10.0, 0.0), name="Kreuzer")],
        [squadron("britannia-fortification", (36.0, 16.0, 180.0), name="Bastion")],
        terrain=footing,
    ), [*P0_FIRST, *([1] * 60), *(P0_FIRST * 20)])  # ones, then the next turn's initiative
    play(game, Activate(0), Move(0, (4.0,)))
    assert "Kreuzer rams Bastion: 0 hits on 1D6" in texts(game)
    play(game, CeaseFire())
    assert owed(game).player == 1  # the rammer has no boarding to declare
    play(game, Activate(1), Move(1, (0.0,)), CeaseFire())
    assert model(game, 1).contact == [0]
    assert Board(1, 0, 6) in owed(game).options
    play(game, Board(1, 0, 6), Decline())  # the cruiser's ack-ack stays silent
    assert any(t.startswith("boarding Kreuzer: 6 melee dice") for t in texts(game))


def test_dw_contact_half_only_the_rammer_fires_half_its_dice_and_only_then() -> None:
    """DW-CONTACT-HALF: a model that rams or collides with one of its size (or one size
    smaller) fires half its dice (seed l.378-380), within its sequence of move, ram, fire
    (l.383-385): the rammer fires 4 of its turret's 9 dice; the battleship it rammed did
    not ram, so in its own activation, still touching the rammer, it fires all its dice;
    and the next turn the rammer, held against it, rams nothing and fires all 9 (before
    0.11 every model in contact was halved for as long as the contact lasted)."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 18.0, 90.0), name="Kaiserin")],
    ), [*P0_FIRST, *([1] * 59), *(P0_FIRST * 20)])  # ones, then the next initiative
    model(game, 1).helm = "all_stop"  # the rammed ship holds still, touching the rammer
    refresh(game)
    play(game, Activate(0), Move(0, (7.0,), all_stop=True))
    assert "Sovereign rams Kaiserin: 0 hits on 2D6" in texts(game)
    rammer, rammed = model(game, 0), model(game, 1)

    def dice(shooter: Model, gun: str, target: Model) -> int:
        _, shot = shot_refusal(state(game), RULES.data, shooter, gun, target)
        assert shot is not None
        return shot.dice

    assert dice(rammer, "fore turret", rammed) == 4
    play(game, CeaseFire(), Activate(1), Helm(1, "hold"))
    assert owed(game).player == 1 and rammed.contact == [0]
    assert dice(rammed, "fore turret", rammer) == 9
    assert dice(rammed, "tesla broadside (starboard)", rammer) == 7
    play(game, CeaseFire(), EndBoarding())
    play(game, Activate(0), Helm(0, "hold"))
    assert state(game).turn == 2 and rammer.contact == [1]
    assert dice(rammer, "fore turret", rammed) == 9


BLOCKED_RUN = "the torpedo run is blocked by a ship or terrain (DW-ROCKETS-TORPEDOES)"


def test_dw_rockets_torpedoes_a_naval_torpedo_passes_no_naval_model_and_no_terrain() -> None:
    """DW-ROCKETS-TORPEDOES: a naval model's torpedo passes through no other naval model
    and no terrain (seed l.452): a reef that does not reach the sea bed stops it, and so
    does a submarine submerged across its run (before 0.11 both let it pass, after the
    1.1 errata and a reading); water is the sea it runs in, and a water piece across the
    run (old default: reaching the sea bed) no longer stops it."""
    square = [(34.5, 15.5), (37.5, 15.5), (37.5, 18.5), (34.5, 18.5)]

    def run(terrain: list[dict[str, object]], *extra: dict[str, object]) -> str | None:
        game = scripted(setup(
            [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
            [squadron("prussia-cruiser", (36.0, 24.0, 180.0), name="Kreuzer"), *extra],
            terrain=terrain,
        ), P0_FIRST)
        return shot_refusal(state(game), RULES.data, model(game, 0), "torpedoes",
                            model(game, 1))[0]

    assert run([]) is None
    reef = {"name": "Reef", "kind": "reef", "density": "medium", "points": square,
            "blocks_sight": False, "full_depth": False}
    assert run([reef]) == BLOCKED_RUN
    water = {"name": "Sound", "kind": "water", "density": "light", "points": square,
             "blocks_sight": False}
    assert run([water]) is None
    submarine = squadron("prussia-submarine", (36.0, 17.0, 90.0), name="U", level="submerged")
    assert run([], submarine) == BLOCKED_RUN


def test_dw_primary_rb1_every_weapon_marked_primary_is_easier_in_band_one(
    tmp_path: Path,
) -> None:
    """DW-PRIMARY-RB1: every weapon a FIG marks P hits one easier in range band 1 (seed
    l.164: all P weapons): rockets marked primary in a player's data hit a cruiser on 3+
    there and on 4+ in band 2 (before 0.11 only batteries were eased)."""
    catalog = TEST_CATALOG.replace('name = "rockets"\nkind = "rockets"',
                                   'name = "rockets"\nkind = "rockets"\ngrade = "primary"')
    assert catalog != TEST_CATALOG
    rules = DystopianWarsRuleset(catalog_file(tmp_path, catalog))
    for y, band, needed in ((16.0, 1, 3), (26.0, 2, 4)):
        game = scripted(setup(
            [squadron("test-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
            [squadron("prussia-cruiser", (36.0, y, 180.0), name="Kreuzer")],
        ), P0_FIRST, rules)
        reason, shot = shot_refusal(state(game), rules.data, model(game, 0), "rockets",
                                    model(game, 1))
        assert reason is None and shot is not None
        assert (shot.band, shot.needed) == (band, needed)


def test_dw_rout_test_a_loss_in_the_end_phase_is_tested_as_the_phase_ends() -> None:
    """DW-ROUT-TEST: a squadron that loses a model tests once the phase it lost it in is
    over (seed l.292, l.303): a cruiser burnt out by a raging fire in the end phase has
    its squadron-mate test there, failing on three ones and broken before the next turn's
    initiative (before 0.11 the test waited for the end of the next turn's first
    activation, and these ones were read as initiative dice)."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-cruiser", (10.0, 40.0, 180.0), (13.0, 40.0, 180.0))],
    ), (*P0_FIRST, 4, 1, 1, 1, *P0_FIRST))
    burning = model(game, 1)
    burning.damage = RULES.data.models[burning.cls].hp - 1
    burning.markers = {"raging-fire": 1}
    refresh(game)
    play(game, Activate(0), Idle(), Activate(1), Idle(), Decline())
    lines = texts(game)
    tested = lines.index("Wacht 2 fails its rout test: 0 hits on 3D6, 2 needed")
    assert lines.index("Wacht 1 is destroyed (raging fire)") < tested
    assert tested < lines.index("turn 2 begins")
    assert model(game, 2).broken
    assert "activation order: player 1, player 2" in lines[tested:]


def test_dw_rout_test_a_prize_sunk_later_is_no_second_loss_to_its_squadron() -> None:
    """DW-ROUT-TEST: a squadron tests when it loses a model, destroyed or captured (seed
    l.292); a captured cruiser was lost to its squadron when it was taken, so when the
    hulk later drifts off the table its old squadron takes no second test (before 0.11
    it did, after the next turn's first activation)."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-cruiser", (10.0, 1.0, 180.0), (13.0, 40.0, 180.0))],
    ), (*P0_FIRST, *P0_FIRST, 1, 1, 1, 1, 1, 1))
    hulk = model(game, 1)
    hulk.derelict, hulk.captured_by, hulk.fate = True, 0, "captured"
    refresh(game)
    play(game, Activate(0), Idle(), Activate(1), Idle(), Activate(0), Idle())
    lines = texts(game)
    assert "Wacht 1 is destroyed (drifted off the table)" in lines
    assert lines[-1] == "Sovereign does nothing this turn and drifts"
    assert not any("rout test" in line for line in lines)
