"""Command distance, command, rout and bravery tests, break markers, the commodore."""

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
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    CeaseFire,
    Command,
    Decline,
    Fire,
    Idle,
    Move,
    Reroll,
)
from warbench.rulesets.dystopian_wars.command import command_groups, dice_for_test, hits_needed
from warbench.rulesets.dystopian_wars.damage import CriticalRolls
from warbench.rulesets.dystopian_wars.state import Mine

SPLIT = setup(
    [squadron("britannia-frigate", (10.0, 10.0, 0.0), (13.0, 10.0, 0.0), (26.0, 10.0, 0.0)),
     squadron("britannia-battleship", (60.0, 6.0, 0.0), name="Sovereign", commodore=True)],
    [squadron("prussia-cruiser", (26.0, 24.0, 180.0), (29.0, 24.0, 180.0))],
)


def test_command_groups_link_models_within_six_inches_centre_to_centre() -> None:
    """DW-CD: models within 6 inches (centre to centre) of each other, in a chain, keep
    together; the rest are split off."""
    game = scripted(SPLIT, P0_FIRST)
    assert command_groups(state(game), 0) == [[0, 1], [2]]
    model(game, 2).x = 19.0
    assert command_groups(state(game), 0) == [[0, 1, 2]]


def test_a_split_squadron_names_its_commanded_part_and_stragglers_test() -> None:
    """DW-CD-SPLIT, DW-COMMAND-TEST: the owner chooses the commanded part; a model out of
    command distance tests on 2D6 (3 less one) and is broken if it fails; the commanded
    part acts first, then the straggler on its own.
    Also shows DW-BROKEN, DW-MK-BREAK.
    """
    game = scripted(SPLIT, (*P0_FIRST, 1, 1))
    play(game, Activate(0))
    decision = owed(game)
    assert decision.options == (Command(0), Command(2))
    play(game, Command(0))
    assert "Picket 3 fails its command test: 0 hits on 2D6, 1 needed" in texts(game)
    assert model(game, 2).broken and not model(game, 0).broken
    split = r"Picket 3 is split from the part .* \(Picket 1 and Picket 2\): the commanded part"
    with pytest.raises(IllegalAction, match=split):
        game.apply(0, Move(2, (2.0,)))
    play(game, Move(0, (2.0,)), Move(1, (2.0,)), CeaseFire())
    play(game, Move(2, (2.0,)))
    fire = Fire(((2, "turret"),), 3, 2)
    with pytest.raises(IllegalAction, match="broken: it may neither link nor split"):
        game.apply(0, fire)


def test_the_commodore_nearby_adds_a_die() -> None:
    """DW-COMMODORE-DIE: a model within 8 inches of the commodore rolls one more die."""
    game = scripted(SPLIT, P0_FIRST)
    straggler = model(game, 2)
    assert dice_for_test(state(game), [straggler], detached=True) == 2
    model(game, 3).x = 30.0
    assert dice_for_test(state(game), [straggler], detached=True) == 3


def test_hits_needed_rise_with_losses_and_the_commodore_lost() -> None:
    """DW-TEST-MODIFIERS: one hit normally; two once half the squadron is lost or the
    commodore is lost; three with both."""
    game = scripted(SPLIT, P0_FIRST)
    game_state = state(game)
    assert hits_needed(game_state, 0) == 1
    model(game, 0).alive = False
    assert hits_needed(game_state, 0) == 1
    model(game, 1).alive = False
    assert hits_needed(game_state, 0) == 2
    game_state.commodore_lost[0] = True
    assert hits_needed(game_state, 0) == 3
    assert hits_needed(game_state, 1) == 2


def test_bravery_removes_the_break_marker_at_the_end_of_a_later_activation() -> None:
    """DW-BRAVERY: a model broken before its activation tests at the end of it; passing
    removes the marker."""
    game = scripted(SPLIT, (*P0_FIRST, 1, 1, *P0_FIRST, 5, 1))
    play(game, Activate(0), Command(0))
    assert model(game, 2).broken
    play(game, Move(0, (2.0,)), Move(1, (2.0,)), CeaseFire(), Move(2, (2.0,)), CeaseFire())
    assert model(game, 2).broken  # no bravery test in the activation it broke
    play(game, Activate(2), Idle(), Activate(1), Idle())
    # turn 2: the stragglers are 13 inches apart still; no command test for a broken model
    play(game, Activate(0), Command(0))
    play(game, Move(0, (2.0,)), Move(1, (2.0,)), CeaseFire(), Move(2, (2.0,)), CeaseFire())
    assert "Picket 3 passes its bravery test: 1 hit on 2D6, 1 needed" in texts(game)
    assert not model(game, 2).broken


def test_fearless_models_take_no_rout_test() -> None:
    """DW-FEARLESS: submarines (like burrowers, robots, creatures, fortifications and tiny
    flyers) take no command, rout or bravery test.
    Also shows DW-BEASTS.
    """
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0))],
        [squadron("prussia-submarine", (30.0, 30.0, 180.0), (34.0, 30.0, 180.0))],
    ), P0_FIRST)
    data = game.ruleset.data  # type: ignore[attr-defined]
    assert data.models["prussia-submarine"].fearless
    assert not data.models["prussia-cruiser"].fearless
    assert data.models["prussia-fighter-wing"].fearless


def test_the_commodore_re_rolls_once_a_turn() -> None:
    """DW-COMMODORE-REROLL: the commodore re-rolls one critical table roll a turn (on
    itself here) and must keep the second result; a later critical gets no offer.
    Also shows DW-MK-COMMODORE.
    """
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign",
                  commodore=True)],
        [squadron("prussia-cruiser", (30.0, 30.0, 180.0), (34.0, 30.0, 180.0))],
    ), (*P0_FIRST, 8, 2, 8))
    game_state = state(game)
    game_state.stack.append(CriticalRolls(0, 2, -1))
    game._pending = None
    game._advance()  # the frame rolls an 8: magazine explosion
    assert owed(game).options == (Reroll(), Decline())
    play(game, Reroll())
    assert game_state.reroll_used[0]
    # the re-roll gave 2 (shredded defences); the second roll, 8, stands: no offer left
    assert model(game, 0).markers == {"shredded-defences": 1, "raging-fire": 1}
    assert model(game, 0).damage == 1
    assert owed(game).prompt == "activate a squadron"


def test_submarines_ignore_command_distance_and_link_torpedoes() -> None:
    """DW-FEARLESS, DW-CD-SPLIT: models that ignore command distance (submarines here) are
    never split from their squadron however far apart, so no commanded part is chosen and
    they may link fire with the rest of the squadron."""
    from warbench.rulesets.dystopian_wars.gunnery import Gunnery, fire_refusal

    game = scripted(setup(
        [squadron("britannia-submarine", (10.0, 20.0, 90.0), (10.0, 30.0, 90.0))],
        [squadron("prussia-battleship", (24.0, 25.0, 270.0), commodore=True)],
    ), (*P0_FIRST, *([4] * 50)))
    play(game, Activate(0))
    assert owed(game).prompt.startswith("move")
    play(game, Move(0, (2.0,)), Move(1, (2.0,)))
    top = game.state.stack[-1]
    assert isinstance(top, Gunnery)
    assert sorted(top.part) == [0, 1]
    linked = Fire(((0, "torpedoes"), (1, "torpedoes")), 2)
    data = game.ruleset.data  # type: ignore[attr-defined]
    reason, attack = fire_refusal(state(game), data, top, linked)
    assert reason is None and attack is not None
    single = data.models["britannia-submarine"].mount("torpedoes")
    assert single is not None
    assert attack.dice > single.ad[attack.band - 1]  # the second boat's torpedoes add dice
    play(game, linked)


def test_dw_rout_test_the_activated_squadron_tests_as_it_was_split() -> None:
    """DW-ROUT-TEST, DW-CD-SPLIT: the owner commands the lone cruiser; the three others,
    out of command, act each on their own, and one is lost to a mine. At the rout test the
    commanded cruiser tests as the squadron (3 dice) and each model split from it alone
    with one die fewer (seed l.296, l.308; command is not regained before the next
    activation, l.266), though the two left together now outnumber it (before 0.7 the
    largest group at the test was the squadron and the commanded cruiser tested alone)."""
    game = scripted(setup(
        [squadron("britannia-cruiser", (10.0, 10.0, 0.0), (40.0, 10.0, 0.0),
                  (43.0, 10.0, 0.0), (49.0, 10.0, 0.0))],
        [squadron("prussia-battleship", (36.0, 46.0, 180.0))],
    ), [*P0_FIRST, *([6] * 6), *([5] * 5), *([4] * 7)])
    state(game).models[3].damage = 4  # one hull point left
    state(game).mines.append(Mine(0, 1, 49.0, 16.0, 5, 4, armed=True))
    state(game).next_mine = 1
    refresh(game)
    play(game, Activate(0), Command(0))
    for uid in range(4):
        play(game, Move(uid, (4.0,)))
        if uid < 3:
            play(game, CeaseFire())
    assert not model(game, 3).alive
    rolls = [(e.data["label"], len(e.data["faces"])) for e in game.events if e.kind == "roll"]
    assert rolls[-3:] == [("Warden 1 rout test", 3), ("Warden 2 rout test", 2),
                          ("Warden 3 rout test", 2)]
