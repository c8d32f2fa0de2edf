"""The turn: initiative, alternating activations, drifting, the end phase, the end of the game."""

from __future__ import annotations

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    P1_FIRST,
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
from warbench.core.dice import roller_label
from warbench.core.engine import IllegalAction
from warbench.core.events import Roll
from warbench.core.luck import luck_report
from warbench.core.words import roll_words
from warbench.rulesets.dystopian_wars.actions import Activate, CeaseFire, Concede, Idle, Move
from warbench.rulesets.dystopian_wars.state import Mine
from warbench.rulesets.dystopian_wars.victory import order_met
from warbench.server.consider import consider
from warbench.server.snapshot import event_text

TWO_AGAINST_ONE = setup(
    [
        squadron("britannia-battleship", (36.0, 6.0, 0.0), name="Sovereign"),
        squadron("britannia-frigate", (10.0, 6.0, 0.0), (13.0, 6.0, 0.0), (16.0, 6.0, 0.0)),
    ],
    [squadron("prussia-battleship", (36.0, 42.0, 180.0), name="Kaiserin")],
    turns=2,
)


def test_highest_initiative_activates_first() -> None:
    """DW-INITIATIVE: each player rolls 2D6, the highest activates first."""
    game = scripted(TWO_AGAINST_ONE, P1_FIRST)
    assert owed(game).player == 1
    assert "activation order: player 2, player 1" in texts(game)


def test_initiative_ties_are_rolled_again() -> None:
    """DW-INITIATIVE: a tie is rolled again (engine default)."""
    game = scripted(TWO_AGAINST_ONE, (3, 3, 2, 4, 1, 1, 6, 6))
    assert owed(game).player == 1
    assert state(game).initiative == [1, 0]
    # the roll after the tie says so, in the log and to a referee typing its dice
    assert "player 1 rolls 1+1 = 2 for initiative (again after a tie)" in texts(game)
    labels = [e.label for e in game.events if isinstance(e, Roll)]
    assert labels.count("initiative, player 1, again after a tie") == 1
    # the label keys a search's dice by the seat's index; people read players from 1
    (again,) = [e for e in game.events if isinstance(e, Roll)
                and e.label == "initiative, player 1, again after a tie"]
    assert event_text(again) == "player 2 rolled 2d6 for their initiative (again, after a tie): 6 6"


def test_dw_initiative_the_roll_reads_as_a_phrase_its_label_unchanged() -> None:
    """DW-INITIATIVE, DW-LUCK (USERS journey 2): the words people read of each initiative
    roll name the player once, as a phrase ("player 2's initiative"), in the referee's
    request for the faces, the log's dice line and the luck report, while the label a
    search keys its dice on stays "initiative, player 1". Walked in a referee game, the
    request read "initiative, player 1" and the log "player 1 rolled 2d6 for initiative,
    player 1", a search key shown as words."""
    game = scripted(TWO_AGAINST_ONE, (3, 3, 2, 4, 1, 1, 6, 6))
    rolls = [e for e in game.events if isinstance(e, Roll) and e.label.startswith("initiative")]
    assert [e.label for e in rolls] == [
        "initiative, player 0", "initiative, player 1",
        "initiative, player 0, again after a tie", "initiative, player 1, again after a tie"]
    asked = [roller_label(roll_words(e.label, e.told), e.player) for e in rolls]
    assert asked == ["player 1's initiative", "player 2's initiative",
                     "player 1's initiative (again, after a tie)",
                     "player 2's initiative (again, after a tie)"]
    assert [event_text(e) for e in rolls[:2]] == [
        "player 1 rolled 2d6 for their initiative: 3 3",
        "player 2 rolled 2d6 for their initiative: 2 4"]
    rated = {roll.purpose for roll in luck_report(game.events).rolls}
    assert {"player 1's initiative", "player 2's initiative (again, after a tie)"} <= rated


def test_players_alternate_and_a_side_that_runs_out_waits() -> None:
    """DW-ALTERNATE: one squadron each in turn; player 1, out of squadrons, waits while
    player 0 activates its last one; then the end phase and a new initiative roll.
    Also shows DW-DEPLOY-AUTO, DW-TURN-PHASES.
    """
    game = scripted(TWO_AGAINST_ONE, (*P0_FIRST, *P1_FIRST))
    seen = []
    for _ in range(3):
        decision = owed(game)
        assert decision.prompt == "activate a squadron"
        seen.append(decision.player)
        play(game, decision.options[0], Idle())
    assert seen == [0, 1, 0]
    assert state(game).turn == 2
    assert owed(game).player == 1


def test_a_squadron_doing_nothing_drifts_two_inches_and_cannot_attack() -> None:
    """DW-DRIFT: the idle battleship drifts 2 inches straight ahead and makes no attack,
    although the enemy is in range."""
    close = setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-battleship", (36.0, 24.0, 180.0), name="Kaiserin")],
    )
    game = scripted(close, P0_FIRST)
    play(game, Activate(0), Idle())
    assert (model(game, 0).x, model(game, 0).y) == (36.0, 12.0)
    assert owed(game).player == 1
    assert owed(game).prompt == "activate a squadron"


def test_dw_drift_doing_nothing_is_offered_saying_who_drifts_and_who_stays_put() -> None:
    """DW-DRIFT, DW-ALL-STOP (USERS journey 2): the choice to do nothing says what it does,
    not "idle": the squadron drifts 2 inches and makes no attack, and a model under all
    stop stays put (seed l.251), as the seat reads it before choosing."""
    game = scripted(TWO_AGAINST_ONE, (*P0_FIRST, *P0_FIRST))

    def idle_words() -> str:
        return game.ruleset.action_text(game.observe(owed(game).player).state, Idle())

    play(game, Activate(0))
    assert idle_words() == (
        "do nothing this turn: the squadron drifts 2 inches straight, no attack (DW-DRIFT)")
    play(game, Move(0, (2.0,), all_stop=True), CeaseFire(), Activate(2), Idle())
    state(game).models[2].helm = "all_stop"  # one frigate (Picket 2) held still as well
    play(game, Activate(1))
    assert idle_words() == ("do nothing this turn: no attack; Picket 2 stays put under all"
                            " stop, the others drift 2 inches straight (DW-DRIFT)")


def test_dw_drift_a_squadron_doing_nothing_uses_no_charges_at_mines() -> None:
    """DW-DRIFT, DW-MINE-CC: drifting models attack in no way (seed l.251), and charges at
    a mine are fire, linked or split like any (l.509): the idle cruiser drifting to 3
    inches of an enemy mine rolls no charges at it, and the owner is asked nothing (before
    0.7 it rolled them)."""
    game = scripted(setup(
        [squadron("britannia-cruiser", (36.0, 10.0, 0.0), name="Warden")],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0))],
    ), [*P0_FIRST, *([5] * 10)])
    state(game).mines.append(Mine(0, 1, 36.0, 17.0, 3, 1, armed=True))
    state(game).next_mine = 1
    refresh(game)
    play(game, Activate(0), Idle())
    assert model(game, 0).y == 12.0
    assert not any(e.kind == "roll" and "charges" in e.data["label"] for e in game.events)
    assert [m.mid for m in state(game).mines] == [0]
    assert owed(game).prompt == "activate a squadron" and owed(game).player == 1


def test_moving_part_way_then_another_model_is_refused() -> None:
    """DW-MOVE-ONE-AT-A-TIME: a model moved once has finished its move."""
    game = scripted(TWO_AGAINST_ONE, P0_FIRST)
    play(game, Activate(1), Move(1, (5.0,)))
    before = game.hash()
    with pytest.raises(IllegalAction, match=r"Picket 1 has made its move.*DW-MOVE-ONE-AT-A-TIME"):
        game.apply(0, Move(1, (3.0,)))
    assert game.hash() == before


def test_dw_alternate_a_move_outside_the_squadron_moving_now_says_which_rule_forbids_it() -> None:
    """DW-ALTERNATE, DW-MOVE-ONE-AT-A-TIME: while the frigates move, a move of the player's
    other squadron, of an enemy model or of a frigate that has moved is refused naming the
    model and the clause (seed l.248: one squadron does all its actions, then the other
    player's; l.331: a model finishes its move before the next starts), not "model 1 has no
    move to make now"; dragging one on the web table says the same; the state is as
    before."""
    game = scripted(TWO_AGAINST_ONE, P0_FIRST)
    play(game, Activate(1), Move(1, (5.0,)))
    before = game.hash()
    for action, reason in (
        (Move(0, (3.0,)), "Sovereign is not in the squadron activated now (Picket-pattern frigate):"
                          " a player activates one squadron at a time (DW-ALTERNATE)"),
        (Move(4, (3.0,)), "Kaiserin is player 2's: player 1 moves only the squadron activated"
                          " now (Picket-pattern frigate) (DW-ALTERNATE)"),
        (Move(1, (3.0,)), f"{model(game, 1).name} has made its move: a model moves once, to"
                          f" the end, before the next starts ({model(game, 2).name} and"
                          f" {model(game, 3).name} still to move) (DW-MOVE-ONE-AT-A-TIME)"),
        (Move(9, (3.0,)), "there is no model 9 (DW-ACTIONS)"),
    ):
        assert game.check(0, action) == reason
    model(game, 0).derelict = True  # a derelict does not move: it drifts
    assert game.check(0, Move(0, (3.0,))) == (
        "Sovereign is a derelict: it drifts in the end phase (DW-DERELICT)")
    model(game, 0).derelict = False
    # the web table: Sovereign or Kaiserin dragged says the same, not "means nothing now"
    for label, uid in (("Sovereign", 0), ("Kaiserin", 4), (model(game, 1).name, 1)):
        answer = consider(game, 0, {"drag": {"label": label, "x": 30.0, "y": 20.0}})
        assert answer["action"] is None
        assert answer["reason"] == game.check(0, Move(uid, (3.0,)))
    assert game.hash() == before


def test_the_game_ends_after_the_last_turn_on_victory_points() -> None:
    """DW-END-TURNS, DW-VP: after the last turn the side with more victory points wins."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 6.0, 0.0))],
        [squadron("prussia-battleship", (36.0, 42.0, 180.0))],
        turns=1,
    ), P0_FIRST)
    play(game, Activate(0), Idle(), Activate(1), Idle())
    assert game.outcome is not None
    assert game.outcome.is_draw
    assert game.outcome.reason == "the last turn ended: a draw on victory points"


def test_concession_ends_the_game() -> None:
    """DW-CONCEDE: a player may concede; the other wins."""
    game_setup = dict(TWO_AGAINST_ONE, concession=True)
    game = scripted(game_setup, P0_FIRST)
    assert Concede() in owed(game).options
    play(game, Concede())
    assert game.outcome is not None
    assert game.outcome.winners == (1,)


def test_a_concession_is_told_counting_players_from_1_and_kept_by_seat_index() -> None:
    """DW-CONCEDE: seat 0 concedes: the log says "player 1 concedes" and the game's end
    "player 2 wins: every other player conceded"; the outcome kept in the state (its hash,
    the journal) names the seat by its index as before, so journals of earlier versions
    replay to the same hashes, and is numbered from 1 wherever it is shown."""
    game = scripted(dict(TWO_AGAINST_ONE, concession=True), P0_FIRST)
    play(game, Concede())
    assert game.outcome is not None and game.outcome.winners == (1,)
    assert game.outcome.reason == "player 1 wins: every other player conceded"
    assert "player 1 concedes" in texts(game)
    assert texts(game)[-1] == "player 2 wins: every other player conceded"
    assert game.journal.outcome is not None
    assert game.journal.outcome.reason == game.outcome.reason
    assert game.journal.outcome.text() == (
        "won by player 2 (player 2 wins: every other player conceded)")


def test_a_fleet_destroyed_ends_the_game_at_once() -> None:
    """DW-END-DESTROYED: the last enemy model lost, the game ends after that activation."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 6.0, 0.0))],
        [squadron("prussia-corvette", (36.0, 40.0, 180.0), (39.0, 40.0, 180.0),
                  (42.0, 40.0, 180.0))],
    ), P1_FIRST)
    for uid in (2, 3):
        model(game, uid).alive = False
    corvette = model(game, 1)
    corvette.y, corvette.heading = 46.0, 0.0
    play(game, Activate(1), Move(1, (5.0,)))
    assert corvette.fate == "destroyed"
    assert game.outcome is not None
    assert game.outcome.winners == (0,)
    assert "only fleet left" in game.outcome.reason


def test_battle_orders_are_rolled_and_checked() -> None:
    """DW-BATTLE-ORDERS: each fleet rolls a D6 battle order after deployment; order 2
    (destroy every large and massive model) is met once the enemy battleship is gone."""
    game = scripted(dict(TWO_AGAINST_ONE, battle_orders=True), (2, 5, *P0_FIRST))
    game_state = state(game)
    assert game_state.orders == [2, 5]
    data = game.ruleset.data  # type: ignore[attr-defined]
    assert not order_met(game_state, data, 0, 2)
    model(game, 4).alive = False
    assert order_met(game_state, data, 0, 2)
    assert not order_met(game_state, data, 1, 5)


def test_tanks_and_wings_doing_nothing_drift_too() -> None:
    """DW-DRIFT: every model of a squadron doing nothing drifts 2 inches straight ahead
    unless under all stop: models with no minimum move (tanks) and wings in the air too."""
    game = scripted(setup(
        [squadron("britannia-tank", (10.0, 10.0, 0.0), (13.0, 10.0, 0.0), (16.0, 10.0, 0.0)),
         squadron("britannia-fighter-wing", (50.0, 10.0, 0.0), count=3)],
        [squadron("prussia-battleship", (36.0, 44.0, 180.0), commodore=True)],
        terrain=[SHORE],
    ), (*P0_FIRST, *P0_FIRST))
    play(game, Activate(0), Idle())
    assert [model(game, uid).y for uid in (0, 1, 2)] == [12.0, 12.0, 12.0]
    play(game, Activate(2))  # the enemy battleship's turn: it does nothing too
    play(game, Idle())
    play(game, Activate(1), Idle())
    assert model(game, 1).y == 12.0


#: Player 1's fleet for the battle orders: Kaiserin (the commodore, large, 160 points),
#: two cruisers (medium, 60 each: models 2-3) and three frigates (small, 25 each: models
#: 4-6, a support squadron): 355 points.
ORDERS_FLEET = setup(
    [squadron("britannia-battleship", (36.0, 6.0, 0.0), name="Sovereign")],
    [squadron("prussia-battleship", (36.0, 42.0, 180.0), name="Kaiserin", commodore=True),
     squadron("prussia-cruiser", (20.0, 42.0, 180.0), (24.0, 42.0, 180.0)),
     squadron("prussia-frigate", (50.0, 42.0, 180.0), (53.0, 42.0, 180.0),
              (56.0, 42.0, 180.0))],
)


@pytest.mark.parametrize(("order", "losses", "met"), [
    (1, {1: "captured", 2: "destroyed", 3: "destroyed"}, True),  # 280 of 355: 79%
    (1, {1: "captured", 4: "destroyed"}, False),  # 185: 52%
    (3, {2: "destroyed", 3: "destroyed"}, False),  # every medium model, but 34%
    (3, {1: "captured", 2: "destroyed", 3: "destroyed"}, True),
    (3, {1: "captured", 2: "destroyed"}, False),  # 62%, a cruiser left
    (4, {1: "destroyed", 2: "destroyed", 3: "destroyed"}, True),  # the core, not the support
    (4, {1: "captured", 2: "destroyed", 3: "destroyed"}, False),  # a capture destroys nothing
    (5, {4: "destroyed", 5: "destroyed", 6: "destroyed"}, False),  # 21%
    (5, {1: "captured", 4: "destroyed", 5: "destroyed", 6: "destroyed"}, True),  # 66%
    (6, {1: "captured"}, True),
    (6, {1: "destroyed"}, False),  # the commodore must be taken, not sunk
])
def test_dw_battle_orders_each_order_is_met_as_it_reads(
    order: int, losses: dict[int, str], met: bool
) -> None:
    """DW-BATTLE-ORDERS: each battle order against player 1's fleet, met or not by the
    models lost: 1 (70% of its points destroyed or captured), 3 and 5 (half its points with
    every medium, or small, model among them), 4 (its core force destroyed: captures do
    not count), 6 (its commodore captured)."""
    game = scripted(ORDERS_FLEET, P0_FIRST)
    game_state = state(game)
    game_state.squadrons[model(game, 4).squadron].core = False
    for uid, fate in losses.items():
        lost = model(game, uid)
        if fate == "captured":
            lost.derelict, lost.captured_by, lost.fate = True, 0, "captured"
        else:
            lost.alive, lost.fate = False, "destroyed"
    data = game.ruleset.data  # type: ignore[attr-defined]
    assert order_met(game_state, data, 0, order) is met
