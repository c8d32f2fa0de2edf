"""Clauses of the seed read again (issue 12): contacts, bombers, boarding targets, patrols,
battle orders."""

from __future__ import annotations

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    RULES,
    model,
    owed,
    play,
    refresh,
    scripted,
    seeded,
    setup,
    squadron,
    state,
    texts,
)
from warbench.core.engine import Game, IllegalAction
from warbench.core.geometry import edge_distance
from warbench.rulesets.dystopian_wars.actions import (
    Activate,
    Board,
    CeaseFire,
    Fire,
    JoinPatrol,
    Move,
)
from warbench.rulesets.dystopian_wars.combat import shot_refusal
from warbench.rulesets.dystopian_wars.data import RulesData
from warbench.rulesets.dystopian_wars.flyers import patrol_squadrons
from warbench.rulesets.dystopian_wars.state import DWState, Model, body_of
from warbench.rulesets.dystopian_wars.victory import order_met

TOUCHING = setup(
    [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
    [squadron("prussia-battleship", (36.0, 12.9, 90.0), name="Kaiserin")],
)


def test_a_move_starting_in_contact_is_no_ram_or_collision() -> None:
    """DW-RAM-START: two battleships touch at a 0-inch gap with no contact noted; the one
    pushing on into the other is held there, and no ram or collision is rolled (the script
    holds no dice for one)."""
    game = scripted(TOUCHING, P0_FIRST)
    play(game, Activate(0), Move(0, (2.0,)))
    assert not any("collides" in t or "rams" in t for t in texts(game))
    assert any("held against Kaiserin (in contact from the start" in t for t in texts(game))
    assert abs(model(game, 0).y - 10.0) < 1e-6 and model(game, 0).contact == []


def test_a_move_that_goes_nowhere_keeps_the_contact() -> None:
    """DW-RAM-START, DW-DISENGAGE, DW-END-ON-MODELS: a rammed pair keeps its contact when
    one of them is held against the other (nothing moved), so it is not rammed again next
    time. Turning in place 30 degrees would swing its bow onto the other, which is refused
    since 0.7 (before, the turn was made and the bases overlapped)."""
    game = scripted(TOUCHING, P0_FIRST)
    model(game, 0).contact, model(game, 1).contact = [1], [0]
    refresh(game)
    play(game, Activate(0))
    with pytest.raises(IllegalAction, match="Sovereign cannot turn onto Kaiserin"):
        game.apply(0, Move(0, (0.0, 30.0, 2.0)))
    play(game, Move(0, (2.0,)))
    assert model(game, 0).contact == [1] and model(game, 1).contact == [0]
    assert not any("collides" in t or "rams" in t for t in texts(game))


def test_bombers_need_a_six_against_submerged_models() -> None:
    """DW-BOMBERS, DW-HIT-LEVEL: dive bombers hit surface models on 3+, but a submerged
    model only on 6 (the harder rule wins) and a surfaced diver on 5+."""
    game_setup = setup(
        [squadron("britannia-dive-bomber-wing", (36.0, 20.0, 0.0), count=3),
         squadron("britannia-dive-bomber-wing", (10.0, 20.0, 0.0), count=3)],
        [squadron("prussia-submarine", (36.0, 20.8, 90.0), level="submerged"),
         squadron("prussia-battleship", (10.0, 21.05, 90.0))],
    )
    game = seeded(game_setup)
    match, data = state(game), game.data
    bombers, other, sub, battleship = match.models
    _, under = shot_refusal(match, data, bombers, "bombs", sub)
    assert under is not None and under.needed == 6
    sub.level = "surface"
    _, surfaced = shot_refusal(match, data, bombers, "bombs", sub)
    assert surfaced is not None and surfaced.needed == 5
    _, ship = shot_refusal(match, data, other, "bombs", battleship)
    assert ship is not None and ship.needed == 3


def test_a_model_does_not_board_what_it_fired_at() -> None:
    """DW-BOARD-NO-FIRE: a cruiser that fired at a frigate in this activation may not board
    it, but may board the frigate next to it."""
    game = scripted(setup(
        [squadron("britannia-cruiser", (17.0, 10.0, 0.0), name="Warden")],
        [squadron("prussia-frigate", (17.0, 15.0, 90.0), (20.0, 15.0, 90.0))],
    ), [*P0_FIRST, *[1] * 30])
    play(game, Activate(0), Move(0, (2.0,)), Fire(((0, "turret"),), 1), CeaseFire())
    boards = [o for o in owed(game).options if isinstance(o, Board)]
    assert boards and all(o.target == 2 for o in boards)
    reason = game.check(0, Board(0, 1, 2))
    assert reason is not None and "fired at Hagel 1" in reason


def _cease_fire(game: Game) -> None:
    while game.pending() and CeaseFire() in owed(game).options:
        play(game, CeaseFire())


def test_a_wing_leaving_a_patrol_joins_no_other_that_turn() -> None:
    """DW-CAP-LEAVE: a wing on patrol may not switch to another squadron while it stays
    with its own, and a wing that flew away from its patrol joins no other in that turn."""
    game_setup = setup(
        [squadron("britannia-fighter-wing", (36.0, 20.0, 0.0), count=3),
         squadron("britannia-battleship", (33.0, 20.0, 0.0), name="Alpha"),
         squadron("britannia-battleship", (39.5, 20.0, 0.0), name="Beta")],
        [squadron("prussia-battleship", (36.0, 46.0, 180.0))],
    )
    game = scripted(game_setup, [*P0_FIRST, *[1] * 40])
    match, data = state(game), game.data
    wing = match.models[0]
    wing.cap_with = 1
    assert patrol_squadrons(match, data, wing) == []  # still with Alpha: no switching
    wing.cap_with = -1
    assert patrol_squadrons(match, data, wing) == [1, 2]
    wing.cap_with = 1
    refresh(game)
    play(game, Activate(0), Move(0, (0.0, 90.0, 5.0)))
    assert wing.cap_with == -1 and wing.left_patrol == match.turn
    assert patrol_squadrons(match, data, wing) == []
    _cease_fire(game)
    assert not any(isinstance(o, JoinPatrol) for d in game.pending() for o in d.options)


def test_destroy_orders_do_not_count_captures() -> None:
    """DW-BATTLE-ORDERS: orders 2 and 4 ask for models destroyed, so a captured model does
    not count for them; order 1 (destroy or capture) counts it."""
    game = seeded(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0))],
        [squadron("prussia-battleship", (36.0, 40.0, 180.0)),
         squadron("prussia-frigate", (20.0, 40.0, 180.0))],
    ))
    match, data = state(game), game.data
    enemy = match.models[1]
    enemy.derelict, enemy.fate, enemy.captured_by = True, "captured", 0
    assert not order_met(match, data, 0, 2)
    assert order_met(match, data, 0, 1) is (
        data.models[enemy.cls].points
        >= 0.7 * sum(data.models[m.cls].points for m in match.models if m.player == 1)
    )
    enemy.alive = False
    assert order_met(match, data, 0, 2)


def test_destroyers_carry_mines_and_a_mine_dropped_on_a_model_goes_off_at_once() -> None:
    """DW-MINE-CLASSES, DW-MINES: every nation's destroyer carries mines (engine-default
    numbers); a mine dropped onto an enemy's base goes off at once, not when a model later
    comes within 1 inch; one dropped in open water waits, unarmed, until the activation
    ends."""
    layers = sorted(
        cls for cls, spec in RULES.data.models.items()
        if any(mount.kind == "mines" for mount in spec.mounts)
    )
    assert layers == [
        "blazing-sun-destroyer", "britannia-destroyer", "federated-states-destroyer",
        "prussia-destroyer",
    ]
    game = scripted(setup(
        [squadron("britannia-destroyer", (36.0, 20.0, 0.0), name="Lancer")],
        [squadron("prussia-frigate", (36.0, 18.9, 90.0), name="Hagel")],
    ), [*P0_FIRST, *[1] * 40])
    play(game, Activate(0), Move(0, (3.0,), mine_at=0.0))
    lines = texts(game)
    dropped = lines.index("Lancer drops a mine")
    assert lines[dropped + 1].startswith("a mine goes off")
    assert "player 1's mine rolls 4 dice at Hagel: 0 hits" in lines
    assert state(game).mines == []

    game = scripted(setup(
        [squadron("britannia-destroyer", (36.0, 20.0, 0.0), name="Lancer")],
        [squadron("prussia-frigate", (10.0, 40.0, 90.0), name="Hagel")],
    ), [*P0_FIRST, *[1] * 40])
    play(game, Activate(0), Move(0, (3.0,), mine_at=0.0))
    assert not any(t.startswith("a mine goes off") for t in texts(game))
    assert len(state(game).mines) == 1 and not state(game).mines[0].armed


ABREAST = setup(
    [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
    [squadron("prussia-battleship", (37.3, 10.0, 0.0), name="Kaiserin")],
)


def test_a_model_touching_another_slides_along_it() -> None:
    """DW-RAM-START, DW-MIN-MOVE-ALL: two battleships side by side, their bases touching:
    the one moving straight ahead slides along the other its whole move (touching is no
    glue; a move into it is still held, as the test above shows)."""
    game = scripted(ABREAST, P0_FIRST)
    play(game, Activate(0), Move(0, (4.0,)))
    assert abs(model(game, 0).y - 14.0) < 1e-6
    assert not any("held against" in t or "collides" in t for t in texts(game))


def test_demo_fleets_start_with_no_two_bases_overlapping() -> None:
    """DW-DEPLOY-AUTO: the automatic line abreast gives each squadron room for its models
    side by side, so no surface model of the demo fleets starts touching another (a start
    in contact would hold models against each other)."""
    game = Game.new(RULES, RULES.default_setup(), seed=1)
    match, data = state(game), game.data
    surface = [m for m in match.models if m.level == "surface" and m.carried_by < 0]
    for index, one in enumerate(surface):
        for other in surface[index + 1:]:
            assert not touching_pair(match, data, one, other), (one.name, other.name)


def touching_pair(match: DWState, data: RulesData, one: Model, other: Model) -> bool:
    """Whether two models' bases touch or overlap."""
    return edge_distance(
        body_of(one, data.models[one.cls]), body_of(other, data.models[other.cls])
    ) <= 1e-6
