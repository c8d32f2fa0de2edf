"""Clauses of the seed read a second time against the code (issue 12, second pass):
turning limits of aerial and land models, dogfights fought at the same time, creatures
that ram and board, recon planes that spot only for their own squadron."""

from __future__ import annotations

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    model,
    owed,
    play,
    scripted,
    setup,
    squadron,
    texts,
)
from warbench.core.engine import Game, IllegalAction
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    Board,
    CeaseFire,
    Fire,
    Move,
    Respond,
)


def refused(game: Game, action: Move, reason: str) -> None:
    """The owed player's ``action`` is refused for ``reason``."""
    with pytest.raises(IllegalAction, match=reason):
        game.apply(owed(game).player, action)


@pytest.mark.parametrize("unit", ["britannia-sky-fortress", "britannia-mobile-airfield",
                                  "britannia-tank"])
def test_aerial_and_land_models_run_two_inches_before_each_turn(unit: str) -> None:
    """DW-TURN-LIMIT: aerial and land models that do not turn freely move 2 inches and
    then may turn 45 degrees (the 45-degree templates; naval models use the turning
    templates of their size)."""
    game = scripted(setup(
        [squadron(unit, (36.0, 10.0, 0.0), name="Mover")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin")],
    ), P0_FIRST)
    play(game, Activate(0))
    refused(game, Move(0, (1.5, 45.0, 1.5)), "needs 2 inches straight first")
    play(game, Move(0, (2.0, 45.0, 1.0)))
    assert model(game, 0).heading == pytest.approx(45.0)


def test_a_dogfight_is_fought_at_the_same_time() -> None:
    """DW-DOGFIGHT: a wing attacked by another wing's ack-ack answers with its own at the
    same time: the attacking wing, shot down by the answer, still rolls all its dice."""
    game = scripted(setup(
        [squadron("britannia-fighter-wing", (36.0, 20.0, 0.0), count=3)],
        [squadron("prussia-fighter-wing", (36.0, 23.0, 180.0), count=3)],
    ), [*P0_FIRST,
        6, 6, 6, 1, 1, 1, 1, 1, 1,  # the answer: three 6s (each rolls again) kill 3 tokens
        6, 1, 1, 1, 1, 1, 1])       # the attack: all 6 dice, one 6 (rolling again)
    play(game, Activate(0), Move(0, (1.0,)), Fire(((0, "aa"),), 1), CeaseFire())
    assert Respond((1,)) in owed(game).options
    play(game, Respond((1,)))
    assert not model(game, 0).alive
    assert model(game, 1).tokens == 2


def test_a_creature_that_rams_may_board_what_it_rammed() -> None:
    """DW-BOARD-BEAST: creatures and robots with a ram rating of 1 or more may ram and then
    board the model they rammed, with all their melee dice; other models may not board what
    they rammed (DW-CONTACT-BOARD)."""
    game = scripted(setup(
        [squadron("blazing-sun-creature", (36.0, 10.0, 0.0), name="Leviathan")],
        [squadron("prussia-cruiser", (36.0, 16.0, 0.0), name="Wacht")],
    ), [*P0_FIRST, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    play(game, Activate(0), Move(0, (6.0,)))
    assert any("rams Wacht" in t for t in texts(game))
    assert model(game, 0).contact == [1]
    play(game, CeaseFire())
    assert Board(0, 1, model(game, 0).ap) in owed(game).options
