"""Both answers to one attack (DW-CC-ANSWER): a flyer's torpedoes within 8 inches and a
diving model's rockets within 4 meet ack-ack and concussion charges together."""

from __future__ import annotations

from pathlib import Path

import pytest

from warbench.core.attacks import AttackOptionsError
from warbench.core.engine import Game
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.actions import Activate, CeaseFire, Fire, Move, Respond
from warbench.rulesets.dystopian_wars.bot_tactics import answer_choice
from warbench.rulesets.dystopian_wars.odds_options import RocketOptions, TorpedoOptions

from .helpers import P0_FIRST, catalog_file, owed, play, scripted, setup, squadron, state, texts

#: A torpedo-carrying bomber (not a wing) and a submarine with rockets: no shipped class
#: has these mixes.
MIXES = """
[test-torpedo-flyer]
name = "Test torpedo flyer"
nation = "britannia"
category = "bomber"
domain = "aerial"
size = "medium"
points = 40
hp = 3
dr = 4
cr = 6
mv = 12
min_move = 4
turn = 2.0
aa = 1
cc = 0
ap = 2
rr = 0
base = [1.0, 1.6]
source = "engine default"
[[test-torpedo-flyer.weapons]]
name = "torpedoes"
kind = "torpedoes"
arcs = ["fore"]
ad = [4, 4, 0, 0]

[test-rocket-submarine]
name = "Test rocket submarine"
nation = "britannia"
category = "submarine"
domain = "naval"
size = "medium"
points = 70
hp = 5
dr = 5
cr = 7
mv = 8
min_move = 2
turn = 2.0
aa = 1
cc = 1
ap = 4
rr = 1
base = [0.8, 3.0]
source = "engine default"
[[test-rocket-submarine.weapons]]
name = "rockets"
kind = "rockets"
arcs = ["fore180"]
ad = [4, 4, 0, 0]
"""


def mixed_game(tmp_path: Path, unit: str, start: float, faces: list[int]) -> Game:
    """Blue's ``unit`` at y = ``start`` facing two Prussian cruisers (ack-ack 3, charges 2)
    at y = 15, the second 6 inches to the side."""
    rules = DystopianWarsRuleset(catalog_file(tmp_path, MIXES))
    return scripted(setup(
        [squadron(unit, (36.0, start, 0.0))],
        [squadron("prussia-cruiser", (36.0, 15.0, 180.0), (42.0, 15.0, 180.0), name="Wacht")],
    ), [*P0_FIRST, *faces], rules)


def test_dw_cc_answer_a_flyers_torpedoes_within_8_inches_meet_ack_ack_and_charges(
    tmp_path: Path,
) -> None:
    """DW-CC-ANSWER, DW-AA-ANSWER: a flyer's attack within 8 inches is answered with ack-ack
    (seed l.475) and torpedoes with charges (l.487): both reach a flyer's torpedoes, so the
    attacked cruiser answers with both, each 5 cancelling a hit; its squadron-mate, in
    ack-ack range of the flyer but beyond 4 inches of the target, with ack-ack alone."""
    game = mixed_game(tmp_path, "test-torpedo-flyer", 4.0, [
        5, 1, 1,  # the target's 3 ack-ack dice: one hit cancelled
        5, 1,     # its 2 charges: one more
        5, 1, 1,  # the other cruiser's ack-ack: one more
        4, 4, 4, 4])  # 4 torpedo dice: 4 hits, 1 counts (below DR 4: no damage)
    play(game, Activate(0), Move(0, (4.0,)), Fire(((0, "torpedoes"),), 1), CeaseFire())
    decision = owed(game)
    assert decision.prompt.endswith("with ack-ack and concussion charges?")
    assert decision.options[0] == Respond((1, 2))
    # the commodore bot answers with every able model on its own: both answers
    assert answer_choice(state(game), game.data, decision) == Respond((1, 2))
    play(game, Respond((1, 2)))
    assert any("answer with ack-ack and charges" in t for t in texts(game))
    assert any("4 hits (3 cancelled by aa and cc), 1 counts" in t for t in texts(game))


def test_dw_cc_answer_a_diving_models_rockets_within_4_inches_meet_both(
    tmp_path: Path,
) -> None:
    """DW-CC-ANSWER, DW-AA-ANSWER: rockets are answered with ack-ack (seed l.479, in range
    of the target) and a diving model's attack within 4 inches with charges (l.484, in
    range of the diver): the cruiser attacked rolls both; its squadron-mate, 6 inches away,
    only ack-ack, its charges not reaching the submarine."""
    game = mixed_game(tmp_path, "test-rocket-submarine", 8.0, [
        6, 1, 1, 1,  # the target's ack-ack: a 6 cancels two and rolls again
        1, 1,        # its charges: nothing
        1, 1, 1,     # the other cruiser's ack-ack: nothing
        4, 4, 4, 1])  # 4 rocket dice: 3 hits, 1 counts
    play(game, Activate(0), Move(0, (2.0,)), Fire(((0, "rockets"),), 1), CeaseFire())
    assert owed(game).prompt.endswith("with ack-ack and concussion charges?")
    play(game, Respond((1, 2)))
    rolls = [e.label for e in game.events if getattr(e, "label", "").endswith("answer")]
    assert rolls == ["Wacht 1 aa answer", "Wacht 1 cc answer", "Wacht 2 aa answer"]
    assert any("3 hits (2 cancelled by aa and cc), 1 counts" in t for t in texts(game))


def test_dw_cc_answer_a_flyers_torpedoes_beyond_8_inches_meet_charges_alone(
    tmp_path: Path,
) -> None:
    """DW-CC-ANSWER: beyond 8 inches a flyer's torpedoes are no flyer's attack in ack-ack
    range (l.475): only charges answer them, from the models within 4 inches of the
    target."""
    game = mixed_game(tmp_path, "test-torpedo-flyer", 0.0, [1, 1, 1, 1, 1, 1])
    play(game, Activate(0), Move(0, (4.0,)), Fire(((0, "torpedoes"),), 1), CeaseFire())
    assert owed(game).prompt.endswith("with concussion charges?")
    assert owed(game).options[0] == Respond((1,))


def test_dw_odds_torpedoes_and_rockets_take_both_answers() -> None:
    """DW-ODDS-TORPEDOES, DW-ODDS-ROCKETS: the odds take the answer the game allows both of:
    ack-ack against a flyer's torpedoes, charges against a diving model's rockets; refused
    where the game gives none."""
    attacks = DystopianWarsRuleset().attacks()
    torpedoes, rockets = attacks["torpedoes"], attacks["rockets"]
    both = torpedoes.odds(TorpedoOptions(dice=4, needed=4, aa=3, cc=2, shooter_level="flying"))
    charges = torpedoes.odds(TorpedoOptions(dice=4, needed=4, cc=2, shooter_level="flying"))
    assert both.distribution.mean < charges.distribution.mean
    with pytest.raises(AttackOptionsError, match="aa: ack-ack answers torpedoes only"):
        torpedoes.odds(TorpedoOptions(dice=4, needed=4, aa=3))
    sub = rockets.odds(RocketOptions(dice=4, needed=4, aa=3, cc=2, shooter="britannia-submarine"))
    assert sub.distribution.mean < rockets.odds(
        RocketOptions(dice=4, needed=4, aa=3, shooter="britannia-submarine")).distribution.mean
    with pytest.raises(AttackOptionsError, match="cc: concussion charges answer rockets"):
        rockets.odds(RocketOptions(dice=4, needed=4, cc=2))
