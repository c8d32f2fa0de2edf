"""Prize crews declaring all stop (DW-DERELICT) and the owner's choice of charges at mines
(DW-MINE-CC): the decisions, their timing, the commodore's answers and other seats'."""

from __future__ import annotations

from typing import Any

import pytest

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
from warbench.core.agents import RandomAgent
from warbench.core.botspec import make_bot
from warbench.core.decisions import Decision
from warbench.core.engine import Game
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    Board,
    CeaseFire,
    Garrison,
    Idle,
    Move,
    PrizeCrew,
    Respond,
    SweepMines,
)
from warbench.rulesets.dystopian_wars.bot_tactics import crew_choice, sweep_choice
from warbench.rulesets.dystopian_wars.bots import CommodoreBot
from warbench.rulesets.dystopian_wars.charges import in_reach
from warbench.rulesets.dystopian_wars.setup import octagon
from warbench.rulesets.dystopian_wars.state import Mine
from warbench.server.snapshot import snapshot

DATA = RULES.data


def prize_game(turns: int = 6, faces: tuple[int, ...] = ()) -> Game:
    """Kaiserin (model 1, player 1's battleship, minimum move 2, heading south) held as a
    prize by 2 of player 0's assault points; both fleets do nothing each turn."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin"),
         squadron("prussia-cruiser", (10.0, 40.0, 180.0), (13.0, 40.0, 180.0))],
        turns=turns,
    ), faces or (P0_FIRST * 6))
    hulk = model(game, 1)
    hulk.derelict, hulk.captured_by, hulk.fate = True, 0, "captured"
    hulk.prize_of, hulk.prize_ap = 0, 2
    refresh(game)
    return game


def idle_turn(game: Game) -> None:
    """Both fleets do nothing this turn."""
    play(game, Activate(0), Idle(), Activate(2), Idle())


def test_dw_derelict_a_prize_drifts_the_turn_it_is_taken_then_holds_after_all_stop() -> None:
    """DW-DERELICT: a prize drifts its minimum move like any derelict until its crew
    declares all stop (seed l.580), after the drift, in the end phase; all stop holds it
    still from the following turn (l.338), every turn after, while the crew keeps it."""
    game = prize_game()
    idle_turn(game)
    hulk = model(game, 1)
    assert hulk.y == pytest.approx(38.0)  # the engine before 0.6 held it at 40
    assert "the prize Kaiserin drifts" in texts(game)
    decision = owed(game)
    assert decision.player == 0
    assert decision.options == (PrizeCrew(1, True), PrizeCrew(1, False))
    play(game, PrizeCrew(1, True))
    assert hulk.helm == "all_stop"
    assert "the prize crew of Kaiserin signals all stop: it holds still from the next turn" in (
        texts(game))
    idle_turn(game)
    assert hulk.y == pytest.approx(38.0)
    assert "keep it still" in owed(game).prompt
    play(game, PrizeCrew(1, True))
    idle_turn(game)
    assert hulk.y == pytest.approx(38.0)


def test_dw_derelict_the_table_says_whose_prize_a_derelict_is_and_when_it_holds_still() -> None:
    """DW-DERELICT: the web table's list of models names the player holding a prize and,
    once its crew has signalled all stop, that it holds still (the prize is drawn in its
    old fleet's colour, faded, so the words are what tells a person whose it is)."""
    game = prize_game()

    def shown() -> str:
        shapes = snapshot(game, 1)["scene"]["shapes"]
        return next(shape["damage"] for shape in shapes if shape["label"] == "Kaiserin")

    assert shown() == "hull 9/9, derelict, prize of player 1"
    idle_turn(game)
    play(game, PrizeCrew(1, True))
    assert shown() == "hull 9/9, derelict, prize of player 1, all stop"


def test_dw_derelict_a_crew_that_lets_its_prize_drift_or_clears_all_stop_drifts_on() -> None:
    """DW-DERELICT: a crew that declares nothing lets the prize drift again next turn; a
    crew that clears its all stop drifts from the turn after (l.338: the marker cleared
    at one activation, the model moves at the next)."""
    game = prize_game()
    hulk = model(game, 1)
    idle_turn(game)
    play(game, PrizeCrew(1, False))
    assert "the prize crew of Kaiserin lets it drift" in texts(game)
    idle_turn(game)
    assert hulk.y == pytest.approx(36.0)
    play(game, PrizeCrew(1, True))
    idle_turn(game)
    assert hulk.y == pytest.approx(36.0)
    play(game, PrizeCrew(1, False))
    assert hulk.helm == "ahead"
    idle_turn(game)
    assert hulk.y == pytest.approx(34.0)


def test_dw_derelict_no_crew_is_asked_in_the_last_turn_and_a_derelict_drifts_anyway() -> None:
    """DW-DERELICT: in the last turn there is no following turn for all stop to take
    effect in, so no crew is asked; a derelict whose crew is gone drifts whatever marker
    it carries."""
    game = prize_game(turns=1)
    idle_turn(game)
    assert game.is_over
    game = prize_game()
    hulk = model(game, 1)
    hulk.helm, hulk.prize_ap, hulk.prize_of = "all_stop", 0, -1
    idle_turn(game)
    assert hulk.y == pytest.approx(38.0)
    assert "the derelict Kaiserin drifts" in texts(game)
    assert not any(isinstance(o, PrizeCrew) for d in game.pending() for o in d.options)


ALONGSIDE = setup(
    [squadron("britannia-cruiser", (17.0, 10.0, 0.0), name="Warden")],
    [squadron("prussia-frigate", (17.0, 15.0, 90.0), (20.0, 15.0, 90.0), (23.0, 15.0, 90.0))],
)


def test_dw_derelict_a_capture_clears_the_old_crews_all_stop() -> None:
    """DW-DERELICT: a model taken while under its own crew's all stop is a derelict like
    any other: it drifts in this end phase, until its prize crew declares all stop. (It
    drifts into Hagel 2, and since 0.7 the collision is rolled: 2 dice each way.)"""
    faces = [5, 1, 1, 4, 4, 1, 1, 1, 1, 4, 1, 1]  # as test_boarding_capture_and_prize
    game = scripted(ALONGSIDE, [*P0_FIRST, *faces, 1, 1, 1, 1])
    frigate = model(game, 1)
    frigate.helm = "all_stop"
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire(), Board(0, 1, 5), Respond((1, 2, 3)),
         Garrison(1))
    assert (frigate.derelict, frigate.prize_of, frigate.helm) == (True, 0, "ahead")
    state(game).squadrons[1].activated = True  # the frigates pass: on to the end phase
    refresh(game)
    assert frigate.x > 17.0
    assert "the prize Hagel 1 drifts" in texts(game)
    assert "Hagel 1 collides with Hagel 2: 0 hits on Hagel 2, 0 hits back on Hagel 1" in texts(game)
    assert owed(game).options == (PrizeCrew(1, True), PrizeCrew(1, False))


def crew_decision(uid: int) -> Decision:
    return Decision(0, "prize crew", (PrizeCrew(uid, True), PrizeCrew(uid, False)))


@pytest.mark.parametrize(
    ("x", "y", "heading", "mine", "stop"),
    [
        (36.0, 46.5, 0.0, False, True),  # the next drift ends off the table
        (20.0, 30.0, 90.0, False, True),  # toward the enemy cruisers
        (20.0, 30.0, 270.0, False, False),  # away from them, in open water
        (20.0, 30.0, 270.0, True, True),  # away, but over a mine
    ],
)
def test_dw_derelict_the_commodore_holds_a_prize_still_only_where_drifting_is_risky(
    x: float, y: float, heading: float, mine: bool, stop: bool
) -> None:
    """DW-DERELICT, DW-BOT: the commodore's prize crew declares all stop when the next
    drift would take the prize off the table, over a mine or nearer an enemy that could
    board it back, and lets it drift away otherwise."""
    game = prize_game()
    hulk = model(game, 1)
    hulk.x, hulk.y, hulk.heading = x, y, heading
    for uid, cruiser_x in ((2, 60.0), (3, 63.0)):
        model(game, uid).x, model(game, uid).y = cruiser_x, 30.0
    if mine:
        state(game).mines.append(Mine(9, 1, x - 2.5, y, 3, 2, armed=True))
    assert crew_choice(state(game), DATA, crew_decision(1)) == PrizeCrew(1, stop)


def two_cruisers(*mines: Mine, faces: tuple[int, ...] = ()) -> Game:
    """Warden 1 and 2 (2 charge dice each) move 2 inches north to (30, 12) and (36, 12)
    among player 1's armed ``mines``; the charges are owed next."""
    game = scripted(setup(
        [squadron("britannia-cruiser", (30.0, 10.0, 0.0), (36.0, 10.0, 0.0), name="Warden")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0))],
    ), (*P0_FIRST, *faces))
    state(game).mines.extend(mines)
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), Move(1, (2.0,)))
    return game


def test_dw_derelict_a_derelict_drifting_into_land_or_a_model_collides() -> None:
    """DW-DERELICT, DW-CONTACT-STOPS: a drifting derelict is a model moving; meeting land
    it stops and collides (seed l.363, l.365), meeting a model it stops and collides
    too, both rolling their hull left (l.166, l.388), rolled once every derelict has
    drifted, as for a squadron drifting. Before 0.7 it stopped and no dice were rolled,
    and it was held there, dice-free, every end phase after."""
    island = [{"name": "Gull Rock", "kind": "island", "density": "dense",
               "points": octagon(36.0, 35.0, 1.5)}]
    game = scripted(setup(
        [squadron("britannia-battleship", (8.0, 37.0, 90.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0), name="Kaiserin"),
         squadron("prussia-cruiser", (10.0, 40.0, 180.0), (60.0, 40.0, 180.0))],
        terrain=island, turns=1,
    ), [*P0_FIRST, *([1] * 25)])
    for uid in (1, 2):
        hulk = model(game, uid)
        hulk.derelict, hulk.captured_by, hulk.fate = True, 0, "captured"
    refresh(game)
    play(game, Activate(0), Idle(), Activate(2), Idle())  # Sovereign drifts to x = 10
    rolls = [(e.data["label"], len(e.data["faces"])) for e in game.events if e.kind == "roll"]
    assert rolls[-3:] == [("Kaiserin collision with Gull Rock", 12),
                          ("Wacht 1 collision on Sovereign", 5),
                          ("Sovereign collision answer", 8)]
    assert ("Wacht 1 collides with Sovereign: 0 hits on Sovereign, 0 hits back on Wacht 1"
            in texts(game))
    assert model(game, 1).y > 38.0 and model(game, 1).contact == [-1]
    assert model(game, 2).contact == [0] and model(game, 0).contact == [2]


def test_dw_mine_cc_one_models_charges_are_split_between_two_mines_not_rolled_at_each() -> (
    None
):
    """DW-MINE-CC: a model with two mines in reach uses its 2 charge dice once: all at one
    mine, or split, one die at each (seed l.447, l.509); the engine before 0.6 rolled both
    dice at each mine. Here it splits: a 5 destroys the 1-dice mine, a 1 misses the other."""
    game = two_cruisers(Mine(0, 1, 30.0, 16.5, 1, 2, armed=True),
                        Mine(1, 1, 26.0, 14.0, 1, 2, armed=True), faces=(5, 1))
    reach = in_reach(state(game), DATA, [0, 1])
    assert {mid: [r.uid for r in group] for mid, group in reach.items()} == {0: [0], 1: [0]}
    split = SweepMines(((0, (0,), 1), (1, (0,), 1)))
    assert owed(game).options == (SweepMines(((0, (0,), 0),)), SweepMines(((1, (0,), 0),)),
                                  split)
    play(game, split)
    assert [m.mid for m in state(game).mines] == [1]
    assert "Warden 1's charges destroy a mine (1 hits on 1 split dice)" in texts(game)
    assert "Warden 1's charges miss a mine (0 hits on 1 split dice)" in texts(game)


def test_dw_mine_cc_the_owner_links_or_splits_and_every_model_in_reach_rolls() -> None:
    """DW-MINE-CC: two models, two mines: each mine with every model in reach of it there
    (the other at its nearest mine), linked or on its own, and the split of the model that
    reaches both; the options render in words on the web table."""
    game = two_cruisers(Mine(0, 1, 30.0, 16.5, 1, 2, armed=True),
                        Mine(1, 1, 33.0, 15.0, 1, 2, armed=True))
    options = owed(game).options
    assert options == (
        SweepMines(((0, (0,), 0), (1, (1,), 0))),
        SweepMines(((1, (0, 1), 0),)),
        SweepMines(((1, (0,), 0), (1, (1,), 0))),
        SweepMines(((0, (0,), 1), (1, (0,), 1), (1, (1,), 0))),
    )
    labels = [o["label"] for o in snapshot(game, 0)["decisions"][0]["options"]]
    assert labels[1] == "charges: Warden 1 and Warden 2 linked at the mine at (33.0, 15.0)"
    assert labels[3] == ("charges: Warden 1 (1 die, split fire) at the mine at (30.0, 16.5); "
                         "Warden 1 (1 die, split fire) at the mine at (33.0, 15.0); "
                         "Warden 2 at the mine at (33.0, 15.0)")


def test_dw_mine_cc_a_broken_model_neither_links_nor_splits() -> None:
    """DW-MINE-CC, DW-BROKEN: a broken model rolls its charges on its own (seed l.310), so
    with one mine there is one way left, carried out at once: two rolls of 2 dice, where
    the engine before 0.6 linked them into 3."""
    game_setup = setup(
        [squadron("britannia-cruiser", (30.0, 10.0, 0.0), (33.0, 10.0, 0.0), name="Warden")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0))],
    )
    game = scripted(game_setup, (*P0_FIRST, 5, 1, 1, 1, 6, 6, 6))
    model(game, 1).broken = True
    state(game).mines.append(Mine(0, 1, 30.0, 16.5, 3, 2, armed=True))
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), Move(1, (2.0,)))
    assert "Warden 1's charges miss a mine (1 hits on 2 dice)" in texts(game)
    assert "Warden 2's charges miss a mine (0 hits on 2 dice)" in texts(game)


def test_dw_mine_cc_a_model_that_hit_terrain_uses_no_charges() -> None:
    """DW-MINE-CC, DW-GROUNDED: a model that hit terrain this move uses no charges
    (seed l.377)."""
    game = two_cruisers(Mine(0, 1, 30.0, 16.5, 3, 2, armed=True), faces=(1, 1))
    assert [r.uid for r in in_reach(state(game), DATA, [0, 1])[0]] == [0]
    model(game, 0).grounded = True
    assert in_reach(state(game), DATA, [0, 1]) == {}


@pytest.mark.parametrize(("ad", "linked"), [(5, True), (1, False)])
def test_dw_mine_cc_the_commodore_links_against_a_big_mine_and_not_against_a_small_one(
    ad: int, linked: bool
) -> None:
    """DW-MINE-CC, DW-BOT: the commodore takes the way expected to destroy most mines: a
    5-dice mine falls more often to the linked pool of 3 dice than to two rolls of 2 (8.5%
    against 7.3%), a 1-dice mine more often to the two rolls (80% against 70%; up to 3
    dice the two rolls do better)."""
    game = scripted(setup(
        [squadron("britannia-cruiser", (30.0, 10.0, 0.0), (33.0, 10.0, 0.0), name="Warden")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0))],
    ), P0_FIRST)
    state(game).mines.append(Mine(0, 1, 30.0, 16.5, ad, 2, armed=True))
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), Move(1, (2.0,)))
    together, apart = owed(game).options
    assert sweep_choice(state(game), DATA, owed(game)) == (together if linked else apart)


def answers(game: Game) -> list[Any]:
    """What the random agent, the commodore and the cheapest search answer now."""
    decision = owed(game)
    observation = game.observe(decision.player)
    bots = [RandomAgent(3), CommodoreBot(3),
            make_bot(RULES, "search:iterations=2,depth=6,width=2", 3)]
    return [bot.choose(observation, decision) for bot in bots]


def test_dw_mine_cc_and_dw_derelict_random_play_and_the_search_answer_the_new_choices() -> (
    None
):
    """DW-MINE-CC, DW-DERELICT, DW-BOT-SEARCH: the random agent, the commodore and the
    search bot answer the charges and the prize crew's choice from the decision's
    options."""
    game = two_cruisers(Mine(0, 1, 30.0, 16.5, 1, 2, armed=True),
                        Mine(1, 1, 33.0, 15.0, 1, 2, armed=True))
    for action in answers(game):
        assert action in owed(game).options
    game = prize_game()
    idle_turn(game)
    for action in answers(game):
        assert action in owed(game).options
