"""Boarding: declaring within 4 inches, the ack-ack answer, melee, capture and prizes."""

from __future__ import annotations

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    P1_FIRST,
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
from warbench.core.engine import IllegalAction
from warbench.core.events import Roll
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    Board,
    CeaseFire,
    Decline,
    EndBoarding,
    Garrison,
    Move,
    Respond,
)
from warbench.rulesets.dystopian_wars.boarding_rules import board_refusal
from warbench.rulesets.dystopian_wars.combat import shot_refusal
from warbench.rulesets.dystopian_wars.command import hits_needed
from warbench.rulesets.dystopian_wars.picture import damage_text
from warbench.rulesets.dystopian_wars.state import Locked
from warbench.rulesets.dystopian_wars.victory import victory_points
from warbench.server.snapshot import event_text

ALONGSIDE = setup(
    [squadron("britannia-cruiser", (17.0, 10.0, 0.0), name="Warden")],
    [squadron("prussia-frigate", (17.0, 15.0, 90.0), (20.0, 15.0, 90.0), (23.0, 15.0, 90.0))],
)


def test_boarding_capture_and_prize() -> None:
    """DW-BOARD-DECLARE, DW-BOARD-ANSWER, DW-BOARD-MELEE, DW-CAPTURE, DW-PRIZE: the cruiser
    boards with all 5 points; the frigates' ack-ack kills one on a 5; melee 4 dice against
    2; the frigate, left with no points, is captured; one point stays aboard as a prize
    crew, which counts double victory points.
    Also shows DW-MD, DW-MK-ASSAULT, DW-MK-BOARDERS-GONE, DW-MK-PRIZE, DW-SUMMARY, DW-VP.
    """
    faces = [
        5, 1, 1,  # three frigates answer with 1 ack-ack die each: one boarder falls
        4, 4, 1, 1,  # 4 boarders: 2 hits
        1, 1,  # 2 defenders: none
        4, 1, 1,  # the frigates' rout test
    ]
    game = scripted(ALONGSIDE, [*P0_FIRST, *faces])
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire())
    decision = owed(game)
    assert Board(0, 1, 5) in decision.options and Board(0, 1, 2) in decision.options
    play(game, Board(0, 1, 5))
    answer = owed(game)
    assert answer.player == 1 and answer.options[0] == Respond((1, 2, 3))
    play(game, answer.options[0])
    assert model(game, 1).derelict
    assert owed(game).options[0] == Garrison(4)
    play(game, Garrison(1))
    frigate, cruiser = model(game, 1), model(game, 0)
    assert (frigate.prize_of, frigate.prize_ap, frigate.captured_by) == (0, 1, 0)
    assert cruiser.ap == 5 - 1 - 1
    assert "Hagel 1 is held as a prize by 1 assault points" in texts(game)
    data = game.ruleset.data  # type: ignore[attr-defined]
    assert victory_points(state(game), data, 0) == 2 * data.models["prussia-frigate"].points


@pytest.mark.parametrize(
    ("defence", "said"),
    [
        ((1, 1, 1, 1, 1), "the boarders of Hagel 1 are all lost: it beats them back with 2 "
                          "assault points left"),
        ((4, 4, 1, 1, 1), "the boarders of Hagel 1 are all lost, and so is its crew: nobody "
                          "takes it"),
    ],
    ids=["beaten-back", "both-wiped-out"],
)
def test_dw_board_melee_the_log_says_how_an_assault_that_leaves_no_boarders_ends(
    defence: tuple[int, ...], said: str
) -> None:
    """DW-BOARD-MELEE, DW-CAPTURE (USERS journey 2): the melee's scores are followed by what
    they mean when no boarder is left: the model beats the boarders back with the points it
    keeps, or its crew is wiped out too and, with no boarder left to take it, nobody takes
    it (walked in a referee game, the log stopped at the scores). The 5 boarders roll
    ``defence``'s dice (the first two hits, 4+, cut the frigate's 2 points), the 2 defenders
    6, 6, then 6, 1, then 1: 6 hits, every boarder lost."""
    faces = [1, 1, 1, *defence, 6, 6, 6, 1, 1, *[1] * 6]
    game = scripted(ALONGSIDE, [*P0_FIRST, *faces])
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire(), Board(0, 1, 5))
    play(game, owed(game).options[0])
    lines = texts(game)
    melee = next(i for i, line in enumerate(lines) if line.startswith("boarding Hagel 1:"))
    assert lines[melee + 1] == said
    assert not model(game, 1).derelict and model(game, 0).ap == 0
    # DW-MK-BOARDERS-GONE: the table labels the cruiser's marker in words
    assert damage_text(RULES.data, model(game, 0)) == "hull 5/5, no assault points"


def test_boarding_needs_range_points_and_an_unbroken_crew() -> None:
    """DW-BOARD-LIMITS: within 4 inches only, not more points than aboard, not broken.
    Also shows DW-AP, DW-BROKEN, DW-CONTACT-BOARD.
    """
    game = scripted(ALONGSIDE, P0_FIRST)
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire())
    before = game.hash()
    with pytest.raises(IllegalAction, match="4 inches at most"):
        game.apply(0, Board(0, 3, 5))
    with pytest.raises(IllegalAction, match="1 to 5 assault points, not 6"):
        game.apply(0, Board(0, 1, 6))
    assert game.hash() == before
    game = scripted(ALONGSIDE, P0_FIRST)
    play(game, Activate(0), Move(0, (2.0,)))
    model(game, 0).broken = True
    play(game, CeaseFire())
    assert owed(game).player == 1  # a broken crew has no assault to declare: the turn moves on


def test_a_prize_is_recaptured_while_a_friendly_squadron_answers() -> None:
    """DW-PRIZE-RECAPTURE, DW-PRIZE-NO-AA: its old fleet may board a prize back; the prize
    itself has no ack-ack, but one squadron of the fleet holding it may answer; the prize
    crew's melee dice are its holder's to roll."""
    game = scripted(setup(
        [squadron("britannia-battleship", (33.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-frigate", (36.0, 16.0, 90.0), (40.0, 30.0, 90.0), (43.0, 30.0, 90.0)),
         squadron("prussia-cruiser", (36.0, 21.0, 180.0), (39.0, 21.0, 180.0))],
    ), (*P1_FIRST, 1, 1, 1, 1, 1, 1, 4, 4, 1, 1, 1, 1, 4, 1, 1))
    prize = model(game, 1)
    prize.derelict, prize.fate, prize.captured_by = True, "captured", 0
    prize.prize_of, prize.prize_ap = 0, 1
    refresh(game)
    play(game, Activate(2), Move(4, (2.0,)), Move(5, (2.0,)), CeaseFire(), Board(4, 1, 5),
         EndBoarding())
    answer = owed(game)
    assert answer.player == 0 and answer.options[0] == Respond((0,))
    play(game, answer.options[0])
    assert prize.prize_ap == 0
    # the prize crew is player 1's: player 1 rolls its melee (a referee asked player 2)
    (crew,) = [event for event in game.events if isinstance(event, Roll)
               and event.label == f"{prize.name} defenders' melee"]
    assert event_text(crew).startswith("player 1 rolled 1d6 for")
    assert owed(game).prompt.endswith("stay aboard as a prize crew?")
    play(game, Garrison(0))
    assert prize.captured_by == 1 and prize.prize_of == -1 and prize.derelict


def test_a_boarding_carries_on_and_locks_out_friendly_fire() -> None:
    """DW-BOARDING-LATER, DW-BOARD-ROUNDS: a round of melee that leaves both sides with
    points does not end the boarding: the boarders stay locked aboard, a friendly squadron
    activating later may not fire at the model they are fighting in, their points cannot
    be sent elsewhere, and at the boarding step of the boarder's next activation another
    round is fought, with no ack-ack answer this time."""
    game_setup = setup(
        [squadron("britannia-cruiser", (17.0, 10.0, 0.0), name="Warden"),
         squadron("britannia-cruiser", (30.0, 10.0, 0.0), name="Keeper")],
        [squadron("prussia-frigate", (17.0, 15.0, 90.0), (20.0, 15.0, 90.0), (23.0, 15.0, 90.0))],
    )
    faces = [1] * 12
    game = scripted(game_setup, [*P0_FIRST, *faces])
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire(), Board(0, 2, 5))
    play(game, owed(game).options[0])
    assert "boarding Hagel 1: 5 melee dice score 0, the 2 defenders score 0" in texts(game)
    assert "the boarding of Hagel 1 goes on: 5 boarders against 2 defenders" in texts(game)
    assert [(lock.target, lock.player, lock.parties) for lock in state(game).boardings] == [
        (2, 0, [(0, 5)])
    ]
    frigate = model(game, 2)
    keeper, warden = state(game).models[1], state(game).models[0]
    data = game.ruleset.data  # type: ignore[attr-defined]
    reason, _ = shot_refusal(state(game), data, keeper, "turret", frigate)
    assert reason == ("Hagel 1 is locked in a boarding with our crews aboard: no fire at it "
                      "(DW-BOARDING-LATER)")
    assert "all locked in a boarding" in str(board_refusal(state(game), data, warden,
                                                           model(game, 3), 1))

    game = scripted(game_setup, [*P0_FIRST, 1, 1, 4, 4, 1, 1, 1, 1, 1, *[1] * 8])
    state(game).boardings = [Locked(2, 0, [(0, 5)])]
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire())
    assert not any(isinstance(o, Respond) for o in owed(game).options)
    assert "boarding Hagel 1: 5 melee dice score 2, the 2 defenders score 0" in texts(game)
    assert model(game, 2).derelict and state(game).boardings == []


def test_dw_board_friendly_an_assault_on_a_model_its_fleet_took_that_step_is_not_fought() -> None:
    """DW-BOARD-FRIENDLY, DW-BOARD-ROUNDS, DW-PRIZE: Warden 1's boarding of Hagel 1 carries
    on; in the next activation Warden 2 sends boarders to it too, and the carried round
    captures it first, a prize of 3 points. Warden 2's boarders then do not fight player
    1's own prize crew (journey 2: "the 3 defenders score ...", rolled for player 2, then
    "the boarding of Hagel 1 goes on" against their own fleet's crew): they stay aboard
    their ship, the prize keeps its crew and no boarding is left locked."""
    game = scripted(setup(
        [squadron("britannia-cruiser", (17.0, 10.0, 0.0), (20.0, 10.0, 0.0), name="Warden")],
        [squadron("prussia-frigate", (17.0, 15.0, 90.0), (20.0, 15.0, 90.0), (23.0, 15.0, 90.0))],
    ), [*P0_FIRST, 1, 1, 1, 4, 4, 1, 1, 1, 1, 1, *[1] * 12])
    state(game).boardings = [Locked(2, 0, [(0, 5)])]
    refresh(game)
    points = model(game, 1).ap
    play(game, Activate(0), Move(0, (2.0,)), Move(1, (2.0,)), CeaseFire(), Board(1, 2, 5))
    play(game, Decline(), Garrison(3))
    said = texts(game)
    start = said.index("Hagel 1 is held as a prize by 3 assault points")
    assert said[start + 1] == ("Hagel 1 is player 1's prize now: the boarders sent to it stay"
                               " aboard their own ships (DW-BOARD-FRIENDLY)")
    assert not any(line.startswith(("boarding Hagel 1", "the boarding of Hagel 1"))
                   for line in said[start:])
    hagel = model(game, 2)
    assert (hagel.derelict, hagel.prize_of, hagel.prize_ap) == (True, 0, 3)
    assert model(game, 1).ap == points and state(game).boardings == []


def test_a_friendly_model_is_boarded_only_to_fight_off_its_boarders() -> None:
    """DW-BOARD-FRIENDLY: a friendly model may be boarded only while an enemy boarding of
    it is under way; the points sent join its defenders."""
    game_setup = setup(
        [squadron("britannia-cruiser", (17.0, 10.0, 0.0), name="Warden"),
         squadron("britannia-cruiser", (20.0, 10.0, 0.0), name="Keeper")],
        [squadron("prussia-frigate", (17.0, 15.0, 90.0), (20.0, 15.0, 90.0), (23.0, 15.0, 90.0))],
    )
    game = scripted(game_setup, [*P0_FIRST, *[1] * 12])
    data = game.ruleset.data  # type: ignore[attr-defined]
    warden, keeper = model(game, 0), model(game, 1)
    assert "friendly: it may be boarded only while" in str(
        board_refusal(state(game), data, warden, keeper, 2)
    )
    state(game).boardings = [Locked(1, 1, [(2, 2)])]
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire())
    assert Board(0, 1, 5) in owed(game).options
    play(game, Board(0, 1, 2))
    warden, keeper = model(game, 0), model(game, 1)
    assert (warden.ap, keeper.ap) == (3, 7)
    assert "Warden sends 2 assault points aboard Keeper to fight off its boarders" in texts(game)
    assert not any(isinstance(o, Board) and o.model == 0 for o in owed(game).options)


def test_boarders_whose_ship_moved_beyond_four_inches_stay_aboard_the_capture() -> None:
    """DW-BOARD-RECOVER: boarders locked aboard an enemy whose own ship has since moved
    more than 4 inches away cannot re-embark: when the model is captured they all stay
    aboard as its prize crew (the one choice left is none). Within 4 inches the winners
    may all go home (DW-PRIZE)."""
    game_setup = setup(
        [squadron("britannia-cruiser", (17.0, 8.0, 180.0), name="Warden")],
        [squadron("prussia-frigate", (17.0, 15.0, 90.0), (20.0, 15.0, 90.0), (23.0, 15.0, 90.0))],
    )
    game = scripted(game_setup, [*P0_FIRST, 4, 4, 1, 1, 1, 1, 1, *[1] * 8])
    state(game).boardings = [Locked(1, 0, [(0, 5)])]
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire())
    assert model(game, 1).derelict
    assert owed(game).options == (Garrison(5),)
    play(game, Garrison(5))
    assert (model(game, 1).prize_ap, model(game, 0).ap) == (5, 0)

    near = scripted(ALONGSIDE, [*P0_FIRST, 5, 1, 1, 4, 4, 1, 1, 1, 1, 4, 1, 1])
    play(near, Activate(0), Move(0, (2.0,)), CeaseFire(), Board(0, 1, 5))
    play(near, owed(near).options[0])
    assert owed(near).options[-1] == Garrison(0)


def test_recapturing_the_commodore_ends_the_harder_tests() -> None:
    """DW-TEST-MODIFIERS: with the commodore lost a test needs two hits only until the
    commodore is recaptured: boarding back the commodore held as an enemy prize ends it."""
    game_setup = setup(
        [squadron("britannia-cruiser", (17.0, 10.0, 0.0), name="Warden"),
         squadron("britannia-battleship", (17.0, 15.5, 90.0), name="Sovereign", commodore=True)],
        [squadron("prussia-frigate", (60.0, 40.0, 180.0), (63.0, 40.0, 180.0),
                  (66.0, 40.0, 180.0))],
    )
    game = scripted(game_setup, [*P0_FIRST, 4, 4, 1, 1, 1, 1, *[1] * 12])
    match = state(game)
    sovereign = model(game, 1)
    assert match.commodore[0] == 1
    sovereign.derelict, sovereign.prize_of, sovereign.prize_ap = True, 1, 1
    sovereign.captured_by = 1
    match.commodore_lost[0] = True
    refresh(game)
    assert hits_needed(state(game), 0) == 2
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire(), Board(0, 1, 5))
    assert model(game, 1).captured_by == 0
    assert hits_needed(state(game), 0) == 1


def test_linked_answer_to_a_boarding_creature_is_one_pool_against_its_dr() -> None:
    """DW-BOARD-ANSWER, DW-AA-LINK: the defenders may link their answer to boarders: the
    model with most dice in full, the other half (2 + 1 charges here), rolled as one pool
    whose hits meet the creature's DR together; the commodore bot links when that pool is
    expected to wound the creature more than the separate ones."""
    from warbench.rulesets.dystopian_wars.bot_tactics import answer_choice

    game = scripted(setup(
        [squadron("blazing-sun-creature", (36.0, 10.0, 0.0), name="Leviathan"),
         squadron("britannia-cruiser", (20.0, 10.0, 0.0), (23.0, 10.0, 0.0))],
        [squadron("prussia-cruiser", (36.0, 16.0, 0.0), (40.0, 16.0, 0.0))],
    ), (*P0_FIRST, 6, 6, 4, 1, 1, *([1] * 40)))
    play(game, Activate(0), Move(0, (6.0,), ram=False), CeaseFire())
    play(game, Board(0, 3, model(game, 0).ap))
    decision = owed(game)
    linked = Respond((3, 4), linked=True)
    assert decision.player == 1 and linked in decision.options
    data = game.ruleset.data  # type: ignore[attr-defined]
    assert answer_choice(state(game), data, decision) == linked
    play(game, linked)
    answers = [e for e in game.events if "answer to boarders" in getattr(e, "label", "")]
    # one pool of three dice (its two sixes roll again, both 1s): no second model's roll
    assert [e.faces for e in answers] == [(6, 6, 4), (1, 1)]  # type: ignore[attr-defined]
    assert model(game, 0).damage == 1  # 2 + 2 + 1 hits reach DR 5


def test_dw_capture_a_creature_at_no_points_is_destroyed_and_creatures_never_capture() -> None:
    """DW-CAPTURE, DW-BOARD-BEAST: a creature left with no assault points when a cruiser's
    boarders come aboard is destroyed, not captured; and a creature boarding a frigate
    that has no points left (all its 9 points aboard, in base contact) does not capture it:
    the frigate stays afloat, neither derelict nor anyone's prize."""
    game = scripted(setup(
        [squadron("prussia-cruiser", (34.0, 13.5, 90.0), name="Wacht")],
        [squadron("blazing-sun-creature", (36.0, 10.0, 0.0), name="Leviathan")],
    ), (*P0_FIRST, *([1] * 10)))
    leviathan = model(game, 1)
    leviathan.ap = 0
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire(), Board(0, 1, 5))
    assert not leviathan.alive and leviathan.fate == "destroyed"
    assert "Leviathan is destroyed (overwhelmed by boarders)" in texts(game)

    game = scripted(setup(
        [squadron("blazing-sun-creature", (36.0, 10.0, 0.0), name="Leviathan")],
        [squadron("prussia-frigate", (36.0, 14.0, 90.0), (45.0, 30.0, 90.0))],
    ), (*P0_FIRST, *([1] * 20)))
    frigate = model(game, 1)
    frigate.ap = 0
    refresh(game)
    play(game, Activate(0), Move(0, (2.0,), ram=False), CeaseFire(), Board(0, 1, 9), Decline())
    assert "Leviathan sends 9 assault points to board Hagel 1" in texts(game)
    assert frigate.alive and not frigate.derelict and frigate.captured_by == -1
    assert owed(game).prompt == "activate a squadron"


@pytest.mark.parametrize(
    ("sent", "answer", "left"),
    [(1, (), 1), (3, (5, 5, 1), 1), (3, (), 3)],
    ids=["one-point-sent", "thinned-to-one", "three-points"],
)
def test_dw_contact_board_a_rammers_party_halved_never_rolls_below_one_die(
    sent: int, answer: tuple[int, ...], left: int
) -> None:
    """DW-CONTACT-BOARD, DW-MD: a model that rammed or collided boards another model with
    half its melee dice (seed l.381, l.537), worked out from the points left after the
    answer (l.562); the seed does not round that half. Engine default since 0.19, as the
    seed rounds and floors the halving it does spell out (linked fire: rounded down, a 1
    stays 1, l.442, l.444; no attack's dice below 1, l.409): rounded down, at least 1 die.
    Warden 1, marked as having rammed Hagel 2, sends ``sent`` points at Hagel 1; the
    frigates answer with ``answer`` (each its own die) or decline, leaving ``left``
    boarders: 1 point rolls 1 die (before 0.19 it rolled none), 3 roll 1."""
    game = scripted(ALONGSIDE, [*P0_FIRST, *answer, 4, 1, 1, *[1] * 8])
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire())
    model(game, 0).struck.append(2)  # Warden 1 rammed Hagel 2 in this activation
    play(game, Board(0, 1, sent))
    play(game, owed(game).options[0] if answer else Decline())
    melee = next(line for line in texts(game) if line.startswith("boarding Hagel 1:"))
    assert melee.startswith("boarding Hagel 1: 1 melee dice score 1, the 2 defenders"), (
        left, melee)
    assert model(game, 1).ap == 1
