"""More rules: collisions between friends, torpedoes and charges, flyers and ack-ack,
markers from critical hits, squadron and action cards, games of more than two players."""

from __future__ import annotations

from dataclasses import replace

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
from warbench.core.agents import RandomAgent
from warbench.core.engine import IllegalAction
from warbench.core.match import play_match
from warbench.core.ruleset import SetupError
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    CeaseFire,
    Decline,
    Fire,
    Move,
    PlayCard,
    Respond,
)
from warbench.rulesets.dystopian_wars.gunnery import Gunnery
from warbench.rulesets.dystopian_wars.setup import octagon


def test_friends_only_collide_with_remaining_hull_dice_and_no_criticals() -> None:
    """DW-COLLIDE: friendly models never ram: both roll their remaining hull points at once
    (4+), and a collision causes no critical hit. The log says whose hits land on whom
    (USERS journey 2: "16 hits against 1" left it to guess, and "1 hits" misread)."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
         squadron("britannia-frigate", (36.0, 16.0, 90.0), (39.0, 19.0, 90.0),
                  (42.0, 19.0, 90.0))],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
    ), (*P0_FIRST, *([6] * 8), *([1] * 8), 4, 1))
    play(game, Activate(0), Move(0, (7.0,)))
    assert ("Sovereign collides with Picket 1: 16 hits on Picket 1, 1 hit back on Sovereign"
            in texts(game))
    frigate = model(game, 1)
    assert frigate.alive and frigate.damage == 1  # 16 hits, but a collision never crits
    assert not any("critical hit" in t for t in texts(game))


def test_torpedoes_are_answered_by_charges_and_blocked_by_ships() -> None:
    """DW-CC, DW-ROCKETS-TORPEDOES, DW-CC-ANSWER: torpedoes may be answered by concussion
    charges of the attacked squadron within 4 inches; a naval torpedo run cannot pass
    another ship."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-cruiser", (36.0, 22.0, 180.0), (39.0, 22.0, 180.0)),
         squadron("prussia-frigate", (33.0, 30.0, 180.0), (36.0, 32.0, 90.0),
                  (39.0, 30.0, 180.0))],
    ), (*P0_FIRST, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1))
    play(game, Activate(0), Move(0, (2.0,)))
    with pytest.raises(IllegalAction, match="torpedo run is blocked"):
        game.apply(0, Fire(((0, "torpedoes"),), 4))
    play(game, Fire(((0, "torpedoes"),), 1), CeaseFire())
    assert owed(game).options[0] == Respond((1, 2))
    assert "concussion charges" in owed(game).prompt


def test_surface_guns_cannot_reach_flyers_in_band_one_but_ack_ack_can() -> None:
    """DW-FLYER-RB1, DW-AA-CC-BASICS: a surface model cannot fire its guns at a flyer in
    range band 1; its ack-ack attacks flyers within 8 inches (4+, small ones 5+)."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-bomber", (36.0, 18.0, 180.0), (39.0, 18.0, 180.0))],
    ), P0_FIRST)
    play(game, Activate(0), Move(0, (2.0,)))
    with pytest.raises(IllegalAction, match=r"only with ack-ack \(DW-FLYER-RB1\)"):
        game.apply(0, Fire(((0, "fore turret"),), 1))
    play(game, Fire(((0, "aa"),), 1))
    gunnery = state(game).stack[-1]
    assert isinstance(gunnery, Gunnery)
    attack = gunnery.attacks[0]
    assert (attack.dice, attack.needed) == (6, 4)


def test_critical_markers_change_what_a_model_can_do() -> None:
    """DW-MK-HALF-MV, DW-MK-CHAOS, DW-MK-SHREDDED, DW-MK-DIRECTION: half MV halves
    movement, chaos and disarray silences rockets and
    torpedoes, shredded defences zero ack-ack, a jammed rudder forbids turning."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-cruiser", (36.0, 22.0, 180.0), (39.0, 22.0, 180.0))],
    ), P0_FIRST)
    ship = model(game, 0)
    ship.markers = {"half-mv": 1, "chaos-and-disarray": 1, "rudder-jammed": 1,
                    "shredded-defences": 1}
    refresh(game)
    play(game, Activate(0))
    before = game.hash()
    with pytest.raises(IllegalAction, match="more than the 3 allowed"):
        game.apply(0, Move(0, (3.5,)))
    with pytest.raises(IllegalAction, match="rudder is jammed"):
        game.apply(0, Move(0, (3.0, 45.0, 0.0)))
    assert game.hash() == before
    play(game, Move(0, (3.0,)))
    with pytest.raises(IllegalAction, match="chaos and disarray"):
        game.apply(0, Fire(((0, "torpedoes"),), 1))
    data = game.ruleset.data  # type: ignore[attr-defined]
    from warbench.rulesets.dystopian_wars.combat import aa_value

    assert aa_value(data.models[ship.cls], ship) == 0


def test_squadron_and_action_cards_add_dice() -> None:
    """DW-CARDS-S, DW-CARDS-A: an S card adds dice to every attack of the squadron this
    activation; an A card adds dice to one attack of one model.
    Also shows DW-CARDS-BROKEN.
    """
    game = scripted(setup(
        [squadron("britannia-cruiser", (30.0, 10.0, 0.0), (33.0, 10.0, 0.0))],
        [squadron("prussia-battleship", (31.5, 26.0, 180.0), name="Kaiserin")],
        cards=True,
    ), (*P0_FIRST, *([1] * 40)))
    game_state = state(game)
    game_state.hands[0].value[:] = ["master-gunner"]
    game_state.hands[1].value[:] = []
    refresh(game)
    play(game, Activate(0))
    decision = owed(game)
    assert PlayCard("master-gunner", 0) in decision.options
    play(game, PlayCard("master-gunner", 0), Decline(), Move(0, (2.0,)), Move(1, (2.0,)))
    play(game, Fire(((0, "turret"),), 2))
    gunnery = game_state.stack[-1]
    assert isinstance(gunnery, Gunnery)
    assert gunnery.attacks[0].bonus == 3
    play(game, Fire(((1, "turret"),), 2))
    assert gunnery.attacks[1].bonus == 0


def test_three_and_four_player_games_play_to_the_end() -> None:
    """DW-MULTIPLAYER: every other fleet is an enemy; activations rotate through the
    initiative order."""
    rules = DystopianWarsRuleset()
    for players in (3, 4):
        agents = [RandomAgent(seat) for seat in range(players)]
        result = play_match(rules, agents, seed=players, record_hashes=False)
        assert result.outcome is not None


def test_generators_offline_and_half_attack_dice() -> None:
    """DW-MK-GENERATOR, DW-MK-HALF-AD: a generator knocked offline rolls no shield dice;
    damaged weapons roll half their dice, rounding up."""
    def duel(markers: dict[str, int]) -> list[str]:
        game = scripted(setup(
            [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
            [squadron("prussia-battleship", (36.0, 26.0, 180.0), name="Kaiserin")],
        ), (*P0_FIRST, *([1] * 8)))
        model(game, 1).markers = markers
        refresh(game)
        play(game, Activate(0), Move(0, (2.0,)), Fire(((0, "fore turret"),), 1), CeaseFire())
        return [e.data["label"] for e in game.events if e.kind == "roll"]

    assert "Kaiserin shields" in duel({})
    assert "Kaiserin shields" not in duel({"generator-offline": 1})
    data = DystopianWarsRuleset().data
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0))],
        [squadron("prussia-battleship", (36.0, 26.0, 180.0))],
    ), P0_FIRST)
    ship = model(game, 0)
    spec = data.models[ship.cls]
    turret = spec.mount("fore turret")
    assert turret is not None
    from warbench.rulesets.dystopian_wars.combat import mount_dice

    ship.markers = {"half-ad": 1}
    assert mount_dice(state(game), data, spec, ship, turret, 1) == 5


def test_deployment_stays_in_the_zone() -> None:
    """DW-DEPLOY-ALTERNATE: the 2D6 winner places first; a squadron placed outside its
    8-inch zone is refused; the players alternate."""
    game_setup = setup(
        [squadron("britannia-battleship", (36.0, 4.0, 0.0), name="Sovereign"),
         squadron("britannia-frigate", (10.0, 4.0, 0.0), (12.5, 4.0, 0.0), (15.0, 4.0, 0.0))],
        [squadron("prussia-battleship", (36.0, 44.0, 180.0), name="Kaiserin")],
    )
    game_setup["deployment"] = "alternate"
    game = scripted(game_setup, (1, 1, 6, 6, *P0_FIRST))
    from warbench.rulesets.dystopian_wars.actions import ChooseEdge, Deploy

    assert owed(game).player == 1
    play(game, ChooseEdge(1))  # the winner keeps the north edge of its seat
    with pytest.raises(IllegalAction, match="outside the deployment zone"):
        game.apply(1, Deploy(2, 36.0, 30.0, 180.0))
    play(game, Deploy(2, 20.0, 44.0, 180.0))
    assert (model(game, 4).x, model(game, 4).y) == (20.0, 44.0)
    assert owed(game).player == 0
    play(game, Deploy(1, 50.0, 6.0, 0.0))
    assert [model(game, uid).x for uid in (1, 2, 3)] == [47.5, 50.0, 52.5]
    play(game, Deploy(0, 36.0, 4.0, 0.0))
    assert owed(game).prompt == "activate a squadron"


def test_a_broken_model_rejoining_breaks_the_commanded_part() -> None:
    """DW-BROKEN-SPREAD: a broken model back in command distance breaks its part."""
    game = scripted(setup(
        [squadron("britannia-frigate", (10.0, 10.0, 0.0), (13.0, 10.0, 0.0), (16.0, 10.0, 0.0))],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0))],
    ), P0_FIRST)
    model(game, 2).broken = True
    refresh(game)
    play(game, Activate(0))
    assert all(model(game, uid).broken for uid in (0, 1, 2))
    assert any("a broken model rejoined" in t for t in texts(game))


def test_only_icons_lead_a_fleet(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """DW-COMMODORE-ICON: the commodore must be an Icon (seed l.283): a set-up naming a
    cruiser is refused, naming the squadron (before 0.7 the battleship was put in its
    place unsaid); a fleet naming none is led by its richest Icon (engine default)."""
    fleets = (
        [squadron("britannia-cruiser", (10.0, 10.0, 0.0), (13.0, 10.0, 0.0), commodore=True),
         squadron("britannia-battleship", (36.0, 10.0, 0.0))],
        [squadron("prussia-frigate", (36.0, 40.0, 180.0), (39.0, 40.0, 180.0))],
    )
    with pytest.raises(SetupError, match=r"squadrons\[0\]\.commodore: Warden-pattern cruiser "
                       "cannot lead the fleet: only an Icon"):
        scripted(setup(*fleets), P0_FIRST)
    fleets[0][0]["commodore"] = False
    game = scripted(setup(*fleets), P0_FIRST)
    assert state(game).commodore == [2, -1]
    from tests.rulesets.dystopian_wars.helpers import catalog_file
    from warbench.core.catalog import DataFileError

    broken = catalog_file(tmp_path, """
[odd-frigate]
name = "Odd"
nation = "britannia"
category = "frigate"
domain = "naval"
size = "small"
traits = ["icon"]
points = 20
hp = 2
dr = 3
cr = 5
mv = 10
base = [0.6, 1.6]
""")
    with pytest.raises(DataFileError, match="only capital models may be Icons"):
        _ = DystopianWarsRuleset(broken).data


def test_bombers_cannot_stop_and_flyers_cannot_end_on_flyers() -> None:
    """DW-NO-ALL-STOP, DW-END-ON-MODELS: bombers may not declare all stop; a flyer may
    pass over another flyer but not end on it."""
    game = scripted(setup(
        [squadron("prussia-bomber", (30.0, 10.0, 0.0), (33.0, 10.0, 0.0))],
        [squadron("britannia-rotor", (30.0, 20.0, 0.0), name="Kestrel")],
    ), P0_FIRST)
    play(game, Activate(0))
    with pytest.raises(IllegalAction, match=r"cannot declare all stop \(DW-NO-ALL-STOP\)"):
        game.apply(0, Move(0, (6.0,), all_stop=True))
    with pytest.raises(IllegalAction, match="would end its move on Kestrel"):
        game.apply(0, Move(0, (10.0,)))
    play(game, Move(0, (12.0,)))
    assert model(game, 0).y == pytest.approx(22.0)


def test_land_models_back_away_and_meet_water() -> None:
    """DW-MIN0-BACKWARD, DW-NO-REVERSE, DW-LAND-WATER: a land model without a minimum
    move may back away; fortifications never move backward; water stops land
    models."""
    lake = [{"name": "the Mere", "kind": "water", "density": "dense",
             "points": octagon(13.0, 20.0, 3.0)}]
    game = scripted(setup(
        [squadron("britannia-tank", (10.0, 10.0, 0.0), (13.0, 10.0, 0.0), (16.0, 10.0, 0.0)),
         squadron("britannia-fortification", (50.0, 6.0, 0.0))],
        [squadron("prussia-battleship", (36.0, 44.0, 180.0))],
        terrain=[SHORE, *lake],
    ), (*P0_FIRST, *([1] * 30)))
    play(game, Activate(0), Move(0, (2.0,), backward=True), Move(1, (7.0,)))
    assert model(game, 0).y == pytest.approx(8.0)
    assert model(game, 1).y < 17.5
    play(game, Move(2, (1.0,)))
    assert any(t.startswith("Yeoman 2 runs into the Mere") for t in texts(game))
    play(game, CeaseFire())
    play(game, Activate(2), Move(4, (2.0,)), CeaseFire())
    play(game, Activate(1))
    with pytest.raises(IllegalAction, match="cannot move backward"):
        game.apply(0, Move(3, (0.0,), backward=True))


def test_a_rammed_model_disengages_by_rotating() -> None:
    """DW-RAM-START, DW-DISENGAGE, DW-CONTACT-HALF, DW-RAM-REVERSE: models in contact fire
    half their dice at their size; a model starting in contact may rotate up to 90
    degrees first and move off, and meets no ram for the contact it started in; backing
    into a model is a collision, not a ram."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 18.0, 90.0), name="Kaiserin")],
    ), (*P0_FIRST, 1, 1, *([1] * 9)))
    play(game, Activate(0), Move(0, (7.0,)))
    assert "Sovereign rams Kaiserin: 0 hits on 2D6" in texts(game)
    assert "Kaiserin answers with the 9 hull points left: 0 hits" in texts(game)
    assert model(game, 0).contact == [1] and model(game, 1).contact == [0]
    play(game, Fire(((0, "fore turret"),), 1))
    gunnery = state(game).stack[-1]
    assert isinstance(gunnery, Gunnery)
    assert gunnery.attacks[0].dice == 4  # 9 dice in band 1, halved in contact

    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 16.0, 90.0), name="Kaiserin")],
    ), P0_FIRST)
    with pytest.raises(IllegalAction):
        play(game, Activate(0), Move(0, (0.0, 90.0, 3.0)))
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 16.0, 90.0), name="Kaiserin")],
    ), P0_FIRST)
    model(game, 0).contact, model(game, 1).contact = [1], [0]
    refresh(game)
    play(game, Activate(0), Move(0, (0.0, 90.0, 3.0)))
    assert model(game, 0).x == pytest.approx(39.0) and model(game, 0).contact == []

    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 20.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 16.0, 90.0), name="Kaiserin")],
    ), (*P0_FIRST, *([1] * 17)))
    model(game, 0).helm = "reverse"
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,), backward=True))
    assert any(t.startswith("Sovereign collides with Kaiserin") for t in texts(game))


def test_own_ships_and_captured_ones_are_never_targets() -> None:
    """DW-NO-OWN-TARGETS: no fire at your own models, nor at one of yours the enemy holds
    as a prize."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
         squadron("britannia-cruiser", (30.0, 24.0, 0.0), (33.0, 24.0, 0.0))],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
    ), P0_FIRST)
    play(game, Activate(0), Move(0, (2.0,)))
    with pytest.raises(IllegalAction, match="belongs to your own fleet"):
        game.apply(0, Fire(((0, "fore turret"),), 1))
    prize = model(game, 3)
    prize.derelict, prize.prize_of, prize.prize_ap = True, 0, 2
    refresh(game)
    with pytest.raises(IllegalAction, match="belongs to your own fleet"):
        game.apply(0, Fire(((0, "fore turret"),), 3))


def test_bombs_fall_behind_a_flyer() -> None:
    """DW-BOMBS: bombs fall in a 4-inch fixed channel behind the flyer: all the dice on a
    target wholly in it (a cruiser lying along it), half on one only partly in it."""
    game = scripted(setup(
        [squadron("prussia-bomber", (36.0, 16.0, 0.0), (42.0, 16.0, 0.0))],
        [squadron("britannia-cruiser", (36.0, 17.0, 0.0), (43.2, 17.5, 90.0)),
         squadron("britannia-battleship", (20.0, 12.0, 0.0), name="Sovereign")],
    ), P0_FIRST)
    play(game, Activate(0), Move(0, (4.0,)), Move(1, (4.0,)))
    play(game, Fire(((0, "bombs"),), 2))
    gunnery = state(game).stack[-1]
    assert isinstance(gunnery, Gunnery)
    assert gunnery.attacks[0].dice == 6
    with pytest.raises(IllegalAction, match="within 4 inches"):
        game.apply(0, Fire(((1, "bombs"),), 4))
    play(game, Fire(((1, "bombs"),), 3))
    assert gunnery.attacks[1].dice == 3


def test_charges_clear_a_nearby_mine() -> None:
    """DW-MINE-CC: models of the moving squadron ending within 4 inches (not 1) of an enemy
    mine use their charges on it; their owner links them (2 dice and half of 2) or rolls
    each on its own: linked, 5+ each, and hits matching the mine's 3 dice destroy it
    (neither cruiser alone could roll 3 dice)."""
    from warbench.rulesets.dystopian_wars.actions import SweepMines
    from warbench.rulesets.dystopian_wars.state import Mine

    game = scripted(setup(
        [squadron("britannia-cruiser", (30.0, 10.0, 0.0), (33.0, 10.0, 0.0))],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0))],
    ), (*P0_FIRST, 5, 5, 5))
    state(game).mines.append(Mine(0, 1, 30.0, 16.5, 3, 2, armed=True))
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), Move(1, (2.0,)))
    assert owed(game).options == (SweepMines(((0, (0, 1), 0),)),
                                  SweepMines(((0, (0,), 0), (0, (1,), 0))))
    play(game, SweepMines(((0, (0, 1), 0),)))
    assert state(game).mines == []
    assert "Warden 1 and Warden 2's charges destroy a mine (3 hits on 3 dice)" in texts(game)


def test_fast_targets_need_sixes() -> None:
    """DW-SMALL-TARGET: capital ships hit small targets on 5+, fast ones only on 6; other
    models keep the usual number."""
    from warbench.rulesets.dystopian_wars.combat import needed_to_hit

    data = DystopianWarsRuleset().data
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0)),
         squadron("britannia-frigate", (10.0, 10.0, 0.0), (13.0, 10.0, 0.0), (16.0, 10.0, 0.0))],
        [squadron("prussia-corvette", (36.0, 26.0, 180.0), (39.0, 26.0, 180.0),
                  (42.0, 26.0, 180.0))],
    ), P0_FIRST)
    ship, frigate, corvette = model(game, 0), model(game, 1), model(game, 4)
    gun = data.models[ship.cls].mount("broadside (port)")
    small_gun = data.models[frigate.cls].mount("turret")
    assert gun is not None and small_gun is not None
    corvette_spec = data.models[corvette.cls]
    assert needed_to_hit(data.models[ship.cls], ship, corvette_spec, corvette, gun, 2) == 6
    assert needed_to_hit(data.models[frigate.cls], frigate, corvette_spec, corvette,
                         small_gun, 2) == 4


def test_a_diving_creature_drowns_its_fires() -> None:
    """DW-FIRE-BEASTS: a creature that dives puts out every raging fire."""
    game = scripted(setup(
        [squadron("blazing-sun-creature", (36.0, 10.0, 0.0), name="Leviathan")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0))],
    ), P0_FIRST)
    model(game, 0).markers = {"raging-fire": 2}
    refresh(game)
    play(game, Activate(0), Move(0, (4.0,), level="submerged"))
    assert model(game, 0).markers == {}


def test_boarding_between_levels() -> None:
    """DW-BOARD-LEVELS, DW-BOARD-BEAST, DW-MULTI-ASSAULT, DW-PRIZE-RECAPTURE: levels limit
    who boards whom; creatures board in contact with everything they have; assailants on
    one target add up; prizes may be boarded, crewless derelicts may not."""
    from warbench.rulesets.dystopian_wars.boarding_rules import board_refusal

    data = DystopianWarsRuleset().data
    game = scripted(setup(
        [squadron("britannia-cruiser", (30.0, 10.0, 0.0), (33.0, 10.0, 0.0)),
         squadron("blazing-sun-creature", (50.0, 10.0, 0.0), name="Leviathan")],
        [squadron("prussia-frigate", (31.5, 14.0, 90.0), (34.5, 14.0, 90.0),
                  (37.5, 14.0, 90.0)),
         squadron("prussia-submarine", (50.0, 14.0, 0.0), name="Hecht")],
    ), P0_FIRST)
    game_state = state(game)
    cruiser, creature, frigate, sub = (model(game, uid) for uid in (0, 2, 3, 6))
    assert board_refusal(game_state, data, cruiser, frigate, 5) is None
    sub.level = "submerged"
    assert "creatures and robots board submerged" in str(
        board_refusal(game_state, data, cruiser, sub, 5))
    creature.level = "submerged"
    assert "base contact" in str(board_refusal(game_state, data, creature, sub, creature.ap))
    assert "all their assault points" in str(board_refusal(game_state, data, creature, sub, 1))
    frigate.derelict = True
    assert "only prizes may be boarded" in str(board_refusal(game_state, data, cruiser, frigate, 5))
    frigate.prize_of, frigate.prize_ap = 1, 1
    assert board_refusal(game_state, data, cruiser, frigate, 5) is None
    frigate.derelict, frigate.prize_of, frigate.prize_ap = False, -1, 0
    refresh(game)
    from warbench.rulesets.dystopian_wars.actions import Board

    play(game, Activate(0), Move(0, (2.0,)), Move(1, (2.0,)), CeaseFire())
    play(game, Board(0, 3, 5), Board(1, 3, 2))
    boarding = game_state.stack[-2]
    from warbench.rulesets.dystopian_wars.boarding import Boarding

    assert isinstance(boarding, Boarding)
    assert boarding.assaults[0].parties == [(0, 5), (1, 2)]


def test_creatures_may_touch_without_ramming() -> None:
    """DW-BEAST-TOUCH: a creature or robot may move into contact without ramming (then
    board); other models may not choose so."""
    game = scripted(setup(
        [squadron("blazing-sun-creature", (36.0, 10.0, 0.0), name="Leviathan"),
         squadron("britannia-cruiser", (20.0, 10.0, 0.0), (23.0, 10.0, 0.0))],
        [squadron("prussia-cruiser", (36.0, 16.0, 0.0), (40.0, 16.0, 0.0))],
    ), P0_FIRST)
    play(game, Activate(0), Move(0, (6.0,), ram=False), CeaseFire())
    assert "Leviathan comes alongside Wacht 1 without ramming" in texts(game)
    assert model(game, 0).contact == []
    from warbench.rulesets.dystopian_wars.actions import Board

    assert Board(0, 3, model(game, 0).ap) in owed(game).options
    from warbench.rulesets.dystopian_wars.actions import EndBoarding, Idle

    play(game, EndBoarding(), Activate(2), Idle(), Activate(1))
    with pytest.raises(IllegalAction, match="only creatures and robots"):
        game.apply(0, Move(1, (2.0,), ram=False))


def test_a_card_restricted_to_capital_ships_is_offered_only_for_them() -> None:
    """DW-CARDS-RESTRICTED: a card limited to some categories (here capital ships) may not
    be played on other models; the default deck's cards are unrestricted."""
    rules = DystopianWarsRuleset()
    assert all(not card.only for card in rules.data.cards.values())
    gunner = replace(rules.data.cards["master-gunner"], only=("capital",))
    rules.data = replace(rules.data, cards={**rules.data.cards, "master-gunner": gunner})
    for cls, offered in (("britannia-frigate", False), ("britannia-cruiser", True)):
        game = scripted(setup(
            [squadron(cls, (30.0, 10.0, 0.0), (33.0, 10.0, 0.0))],
            [squadron("prussia-battleship", (31.5, 26.0, 180.0), name="Kaiserin")],
            cards=True,
        ), P0_FIRST, rules)
        game_state = state(game)
        game_state.hands[0].value[:] = ["master-gunner"]
        game_state.hands[1].value[:] = []
        refresh(game)
        play(game, Activate(0))
        options = owed(game).options
        assert (PlayCard("master-gunner", 0) in options) is offered, cls
        if not offered:
            with pytest.raises(IllegalAction):
                game.apply(0, PlayCard("master-gunner", 0))


def test_the_deployment_roll_winner_chooses_the_table_edge() -> None:
    """DW-DEPLOY-ALTERNATE: the winner of the 2D6 deployment roll (player 1 here) picks
    any table edge; the opponent deploys along the opposite one, and both fleets stand
    anew along their edges until placed."""
    from warbench.rulesets.dystopian_wars.actions import ChooseEdge, Deploy

    game_setup = setup(
        [squadron("britannia-battleship", (36.0, 4.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 44.0, 180.0), name="Kaiserin")],
    )
    game_setup["deployment"] = "alternate"
    game = scripted(game_setup, (1, 1, 6, 6, *P0_FIRST))
    decision = owed(game)
    assert decision.player == 1
    assert set(decision.options) == {ChooseEdge(edge) for edge in range(4)}
    assert game.ruleset.action_text(game.state, ChooseEdge(0)) == (
        "deploy along the south edge (the opponent the north)"
    )
    play(game, ChooseEdge(0))  # player 1 takes the south edge: player 0 the north
    assert model(game, 0).y > 40.0 and model(game, 1).y < 8.0
    with pytest.raises(IllegalAction, match="outside the deployment zone"):
        game.apply(1, Deploy(1, 36.0, 44.0, 180.0))
    play(game, Deploy(1, 30.0, 5.0, 0.0))
    with pytest.raises(IllegalAction, match="outside the deployment zone"):
        game.apply(0, Deploy(0, 36.0, 4.0, 0.0))
    play(game, Deploy(0, 40.0, 43.0, 180.0))
    assert owed(game).prompt == "activate a squadron"


def test_dw_deploy_alternate_the_deployment_roll_reads_as_a_phrase() -> None:
    """DW-DEPLOY-ALTERNATE (USERS journey 2): each player's deployment roll reads to people
    as a phrase naming the player once ("player 2's deployment"), the label a search keys
    its dice on unchanged ("deployment, player 1")."""
    from warbench.core.events import Roll
    from warbench.server.snapshot import event_text

    game_setup = setup(
        [squadron("britannia-battleship", (36.0, 4.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 44.0, 180.0), name="Kaiserin")],
    )
    game_setup["deployment"] = "alternate"
    game = scripted(game_setup, (1, 1, 6, 6, *P0_FIRST))
    rolls = [e for e in game.events if isinstance(e, Roll) and e.label.startswith("deployment")]
    assert [(e.label, e.told) for e in rolls] == [
        ("deployment, player 0", "player 1's deployment"),
        ("deployment, player 1", "player 2's deployment")]
    assert event_text(rolls[1]) == "player 2 rolled 2d6 for their deployment: 6 6"


def test_a_model_without_minimum_move_backs_away_its_whole_move() -> None:
    """DW-MIN0-BACKWARD: a model with no minimum move trades its forward move for a
    backward one of the same length (the 2-inch cap belongs to the direction arrow), but
    no further."""
    from warbench.rulesets.dystopian_wars.movement import move_refusal

    game = scripted(setup(
        [squadron("britannia-tank", (10.0, 20.0, 0.0), (13.0, 20.0, 0.0), (16.0, 20.0, 0.0))],
        [squadron("prussia-battleship", (36.0, 44.0, 180.0), commodore=True)],
        terrain=[SHORE],
    ), (*P0_FIRST, *([1] * 30)))
    play(game, Activate(0))
    data = game.ruleset.data  # type: ignore[attr-defined]
    tank = model(game, 0)
    reach = data.models[tank.cls].mv
    assert move_refusal(state(game), data, tank, Move(0, (5.0,), backward=True))[0] is None
    reason, _ = move_refusal(state(game), data, tank, Move(0, (reach + 1.0,), backward=True))
    assert reason is not None
    play(game, Move(0, (5.0,), backward=True))
    assert model(game, 0).y == pytest.approx(15.0)
