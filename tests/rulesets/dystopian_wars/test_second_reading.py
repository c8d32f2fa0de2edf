"""Clauses of the seed read a second time against the code (issue 12, second pass):
turning limits of aerial and land models, dogfights fought at the same time, creatures
that ram and board, recon planes that spot only for their own squadron."""

from __future__ import annotations

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    RULES,
    SHORE,
    model,
    owed,
    play,
    refresh,
    scripted,
    setup,
    squadron,
    texts,
)
from tests.rulesets.dystopian_wars.test_boarding import ALONGSIDE
from warbench.core.engine import Game, IllegalAction
from warbench.core.geometry import edge_distance
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    Board,
    CeaseFire,
    Decline,
    Fire,
    Move,
    PlayCard,
    Respond,
)
from warbench.rulesets.dystopian_wars.state import body_of


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
        terrain=[SHORE],
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


def test_tokens_under_a_model_ending_its_move_shift_aside() -> None:
    """DW-TINY-SHIFT: a model ending its move on tokens of tiny flyers pushes them aside by
    the least distance that clears its base (here out of the nearer long side)."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-fighter-wing", (36.3, 16.0, 0.0), count=3)],
    ), P0_FIRST)
    play(game, Activate(0), Move(0, (6.0,)))
    ship, wing = model(game, 0), model(game, 1)
    assert ship.y == pytest.approx(16.0)
    assert any("shifts aside from Sovereign" in t for t in texts(game))
    assert edge_distance(body_of(ship, RULES.data.models[ship.cls]),
                         body_of(wing, RULES.data.models[wing.cls])) == pytest.approx(0.0, abs=0.01)
    assert wing.y == pytest.approx(16.0) and wing.x > 36.3


def deep_pair() -> dict[str, object]:
    """Two submerged submarines, bow to bow 6 inches apart on one line."""
    return setup(
        [squadron("britannia-submarine", (36.0, 10.0, 0.0), name="Nautilus", level="submerged")],
        [squadron("prussia-submarine", (36.0, 16.0, 180.0), name="Hai", level="submerged")],
    )


def test_a_submerged_model_rams_only_when_it_chooses() -> None:
    """DW-RAM-DEEP: submerged models (and flyers) never collide: they pass under (over) one
    another, or, with a ram rating, ram an enemy at their own level bow first when they
    choose; the rammer stops there, the ram is rolled as any (RR dice against the hull
    left), and next activation it goes on past the target."""
    passing = scripted(deep_pair(), P0_FIRST)
    play(passing, Activate(0), Move(0, (8.0,), level="submerged"))
    assert model(passing, 0).y == pytest.approx(18.0)
    assert not any("rams" in t or "collides" in t for t in texts(passing))
    game = scripted(deep_pair(), [*P0_FIRST, 1, 1, 1, 1, 1, 1])
    play(game, Activate(0))
    refused(game, Move(0, (8.0,), level="surface", ram_at=1), "only flyers and submerged")
    play(game, Move(0, (8.0,), level="submerged", ram_at=1))
    nautilus = model(game, 0)
    assert nautilus.contact == [1] and nautilus.y < 16.0
    assert any("Nautilus rams Hai" in t for t in texts(game))


def test_tiny_flyers_take_no_cards() -> None:
    """DW-CARDS-BROKEN: a card played on models may not be played on tokens of tiny flyers:
    a wing's activation offers none of the cards in hand, a ship's does."""
    game = scripted(setup(
        [squadron("britannia-fighter-wing", (20.0, 10.0, 0.0), count=3),
         squadron("britannia-cruiser", (30.0, 10.0, 0.0), (33.0, 10.0, 0.0))],
        [squadron("prussia-battleship", (31.5, 40.0, 180.0), name="Kaiserin")],
        cards=True,
    ), (*P0_FIRST, *([1] * 40)))
    game.state.hands[0].value[:] = ["master-gunner"]  # type: ignore[attr-defined]
    game.state.hands[1].value[:] = []  # type: ignore[attr-defined]
    refresh(game)
    play(game, Activate(0))
    assert not any(isinstance(o, PlayCard) for o in owed(game).options)
    cruiser = scripted(setup(
        [squadron("britannia-cruiser", (30.0, 10.0, 0.0), (33.0, 10.0, 0.0))],
        [squadron("prussia-battleship", (31.5, 40.0, 180.0), name="Kaiserin")],
        cards=True,
    ), (*P0_FIRST, *([1] * 40)))
    cruiser.state.hands[0].value[:] = ["master-gunner"]  # type: ignore[attr-defined]
    cruiser.state.hands[1].value[:] = []  # type: ignore[attr-defined]
    refresh(cruiser)
    play(cruiser, Activate(0))
    assert any(isinstance(o, PlayCard) for o in owed(cruiser).options)


def test_a_model_without_assault_points_is_captured_when_boarded() -> None:
    """DW-CAPTURE: a model with no assault points left that is boarded is captured
    outright: it rolls no melee dice, so any boarder that lives through the answer takes
    it (here the frigates do not answer)."""
    game = scripted(ALONGSIDE, [*P0_FIRST, 1, 1, 1, 1, 1, 1, 1, 1])
    model(game, 1).ap = 0
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire(), Board(0, 1, 1), Decline())
    assert model(game, 1).derelict
    assert any("the 0 defenders score 0" in t for t in texts(game))


def test_torpedo_bombers_meet_ack_ack_and_charges() -> None:
    """DW-BOMBERS: a model attacked by torpedo bombers answers with its ack-ack at the tokens
    (a 6 destroys one, so fewer torpedoes come) and its charges at the torpedoes coming in
    (each 5 cancels a hit). The roll says why it has fewer dice than declared."""
    game = scripted(setup(
        [squadron("britannia-torpedo-bomber-wing", (36.0, 10.0, 0.0), count=3)],
        [squadron("prussia-cruiser", (36.0, 17.0, 180.0), name="Wacht")],
    ), [*P0_FIRST,
        6, 1, 1, 1,  # the cruiser's 3 ack-ack dice at the tokens: one destroyed
        5, 1,        # its 2 charges at the torpedoes: one hit cancelled
        4, 4, 1, 1])  # 4 torpedo dice from the 2 tokens left: 2 hits, 1 counts
    play(game, Activate(0), Move(0, (2.0,)), Fire(((0, "torpedoes"),), 1), CeaseFire())
    assert owed(game).prompt.endswith("with ack-ack and concussion charges?")
    play(game, Respond((1,)))
    assert model(game, 0).tokens == 2
    assert "Wacht answers with ack-ack and charges" in texts(game)
    assert any("rolls 4 dice (6 declared; 2 of its 3 tokens left) at Wacht: 2 hits (1 cancelled"
               " by cc), 1 counts" in t for t in texts(game))
