"""Clauses of the combat, boarding and tiny-flyer chapters read again (the second seed
audit): patrols, bombers, mines, bombs, combined fire, derelicts and boardings."""

from __future__ import annotations

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    RULES,
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
from warbench.core.engine import Game
from warbench.rulesets.dystopian_wars.actions import Activate, Board, CeaseFire, Decline, Fire, Move
from warbench.rulesets.dystopian_wars.combat import shot_refusal
from warbench.rulesets.dystopian_wars.flyers import patrol_squadrons
from warbench.rulesets.dystopian_wars.gunnery import Gunnery, fire_refusal
from warbench.rulesets.dystopian_wars.mines import explode
from warbench.rulesets.dystopian_wars.pieces import Locked, Mine


def test_bombers_striking_back_on_patrol_spend_their_ammunition() -> None:
    """DW-BOMBERS (seed l.640): a torpedo-bomber wing on patrol that strikes back at an
    attacker with its torpedoes has made an AD attack: it is out of ammunition."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
         squadron("britannia-torpedo-bomber-wing", (36.0, 14.0, 0.0), count=3)],
        [squadron("prussia-escort", (36.0, 21.0, 180.0), name="Begleiter")],
    ), (1, 1, 6, 6, *([4] * 300)))
    wing = model(game, 1)
    wing.cap_with = 0
    refresh(game)
    play(game, Activate(2), Move(2, (2.0,)), Fire(((2, "rockets"),), 0), CeaseFire())
    play(game, owed(game).options[0])
    assert any("strikes back at Begleiter" in text for text in texts(game))
    assert not wing.armed


def test_a_patrol_strikes_back_at_gunnery_its_ack_ack_cannot_answer() -> None:
    """DW-CAP-AD (seed l.621): a wing on patrol strikes back with its attack dice at an
    attacker in range even when no ack-ack answer is allowed (here a cruiser's turret at
    point-blank range); the strike costs the wing one fuel."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
         squadron("britannia-fighter-wing", (36.0, 17.0, 0.0), count=3)],
        [squadron("prussia-cruiser", (36.0, 19.0, 180.0), name="Kreuzer")],
    ), (1, 1, 6, 6, *([4] * 200)))
    wing = model(game, 1)
    wing.cap_with = 0
    refresh(game)
    play(game, Activate(2), Move(2, (2.0,)), Fire(((2, "turret"),), 0), CeaseFire())
    assert "Britannic fighter wing strikes back at Kreuzer: 3 hits" in texts(game)
    assert "Britannic fighter wing burns fuel striking back on patrol (5 left)" in texts(game)
    assert wing.fuel == 5


def test_a_mine_rolls_once_and_every_model_under_it_takes_the_hits() -> None:
    """DW-MINES (seed l.501): a mine's attack is one roll of its dice; the hits it scores
    go to every model under the template, not a fresh roll for each."""
    game = scripted(setup(
        [squadron("britannia-destroyer", (10.0, 10.0, 0.0), name="D")],
        [squadron("prussia-frigate", (36.0, 22.8, 90.0), (36.0, 25.2, 90.0))],
    ), (*P0_FIRST, 6, 6, 6, 6, *([1] * 60)))
    game_state = state(game)
    mine = Mine(99, 0, 36.0, 24.0, 4, 0, armed=True)
    game_state.mines.append(mine)
    explode(game, game_state, RULES.data, mine)
    assert "player 1's mine rolls 4 dice at Hagel 1: 8 hits" in texts(game)
    assert "player 1's mine rolls 4 dice at Hagel 2: 8 hits" in texts(game)


def test_bombs_halve_their_dice_at_a_target_only_partly_in_the_channel() -> None:
    """DW-BOMBS (seed l.496): bombs at a target only partly in their channel roll half
    their dice, even when the target's centre is in it; wholly in it, all of them."""
    def bombs_at(heading: float) -> int | None:
        game = scripted(setup(
            [squadron("britannia-battleship", (36.0, 17.0, heading), name="Sovereign")],
            [squadron("prussia-airship", (36.0, 20.0, 0.0), name="Sturm")],
        ), P0_FIRST)
        _, shot = shot_refusal(state(game), RULES.data, model(game, 1), "bombs", model(game, 0))
        return None if shot is None else shot.dice

    assert bombs_at(0.0) == 6  # lying along the airship's aft channel
    assert bombs_at(90.0) == 3  # lying across it: its centre in, its ends out


def test_escorts_combine_their_ack_ack_without_halving() -> None:
    """DW-COMBINED (seed l.527-528): escorts linking their auxiliary weapons use combined
    fire: every escort's ack-ack joins the pool whole (two escorts of 3 roll 6, not 4)."""
    game = scripted(setup(
        [squadron("prussia-escort", (36.0, 10.0, 0.0), (38.0, 10.0, 0.0), name="Esc")],
        [squadron("blazing-sun-gyro", (37.0, 15.0, 180.0), name="Tonbo")],
    ), P0_FIRST)
    frame = Gunnery(0, [0, 1])
    reason, attack = fire_refusal(
        state(game), RULES.data, frame, Fire(((0, "aa"), (1, "aa")), 2)
    )
    assert reason is None and attack is not None and attack.dice == 6


def test_a_derelict_rolls_no_shield_generators() -> None:
    """DW-GENERATORS (seed l.580, l.147): a derelict cannot use its generators, even once
    recaptured: a derelict battleship's shields stop no hits."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign"),
         squadron("britannia-frigate", (10.0, 10.0, 0.0), name="F")],
        [squadron("prussia-cruiser", (36.0, 22.0, 180.0), name="Kreuzer")],
    ), (1, 1, 6, 6, *([4] * 200)))
    hulk = model(game, 0)
    hulk.derelict, hulk.captured_by, hulk.fate = True, 1, "captured"
    refresh(game)
    play(game, Activate(2), Move(2, (2.0,)), Fire(((2, "turret"),), 0), CeaseFire())
    assert "Kreuzer rolls 6 dice at Sovereign: 6 hits" in texts(game)
    assert not any("Sovereign shields" in text for text in texts(game))


def _board(game: Game) -> None:
    """Let the defender decline every answer to the boarding just declared."""
    while game.pending() and owed(game).prompt.startswith("answer"):
        play(game, Decline())


def test_a_creature_at_no_assault_points_in_a_boarding_is_destroyed() -> None:
    """DW-CAPTURE (seed l.572, l.575): a creature or robot left with 0 assault points in a
    boarding is destroyed, whichever side it is on and whoever else is left: a creature
    boarding with its last point and losing it, and a creature boarded whose last point
    falls while the boarders fall too."""
    game = scripted(setup(
        [squadron("blazing-sun-creature", (36.0, 10.0, 0.0), name="Leviathan")],
        [squadron("prussia-frigate", (36.0, 14.0, 90.0), (45.0, 30.0, 90.0))],
    ), (*P0_FIRST, 1, 4, 1, *([1] * 40)))
    model(game, 0).ap = 1
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,), ram=False), CeaseFire(), Board(0, 1, 1))
    _board(game)
    assert "Leviathan is destroyed (no assault points left)" in texts(game)
    assert not model(game, 0).alive

    game = scripted(setup(
        [squadron("prussia-cruiser", (34.0, 13.5, 90.0), name="Wacht")],
        [squadron("blazing-sun-creature", (36.0, 10.0, 0.0), name="Leviathan")],
    ), (*P0_FIRST, 4, 4, *([1] * 40)))
    model(game, 1).ap = 1
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire(), Board(0, 1, 1))
    _board(game)
    assert "boarding Leviathan: 1 melee dice score 1, the 1 defenders score 1" in texts(game)
    assert "Leviathan is destroyed (overwhelmed by boarders)" in texts(game)
    assert not model(game, 1).alive


def test_no_ack_ack_at_an_enemy_locked_in_our_boarding() -> None:
    """DW-BOARDING-LATER (seed l.541): in later activations no friendly model may attack
    an enemy locked in a boarding with our crews, with its ack-ack or charges either."""
    game = scripted(setup(
        [squadron("britannia-cruiser", (36.0, 10.0, 0.0), name="Boarder"),
         squadron("britannia-battleship", (40.0, 10.0, 0.0), name="Other")],
        [squadron("blazing-sun-gyro", (38.0, 14.0, 180.0), name="Tonbo")],
    ), P0_FIRST)
    game_state = state(game)
    game_state.boardings.append(Locked(2, 0, [(0, 2)]))
    for gun in ("aa", "fore turret"):
        reason, _ = shot_refusal(game_state, RULES.data, model(game, 1), gun, model(game, 2))
        assert reason == ("Tonbo is locked in a boarding with our crews aboard: no fire at it "
                          "(DW-BOARDING-LATER)")


def test_a_wing_joins_no_squadron_of_diving_models_even_surfaced() -> None:
    """DW-CAP (seed l.619): a wing may join a large or massive squadron within 4 inches
    only if its models are not diving models; a surfaced creature is still one."""
    game = scripted(setup(
        [squadron("blazing-sun-creature", (36.0, 10.0, 0.0), name="Leviathan"),
         squadron("blazing-sun-fighter-wing", (36.0, 15.0, 0.0), count=3)],
        [squadron("prussia-cruiser", (36.0, 40.0, 180.0))],
    ), P0_FIRST)
    assert model(game, 0).level == "surface"
    assert patrol_squadrons(state(game), RULES.data, model(game, 1)) == []
