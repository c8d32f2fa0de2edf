"""Sight, facing, engagement, terrain, AOE and spray, criticals, tough, reaving, crippled
aspects, the start of the battle and the turn limit."""

from __future__ import annotations

import pytest

from tests.hordes.helpers import RULES, activate, battle, options, script
from warbench.core.engine import Game, IllegalAction
from warbench.core.geometry import Point
from warbench.rulesets.hordes.actions import Attack, Charge, Done, GoFirst, Hold, Move, Slam
from warbench.rulesets.hordes.damage import deal
from warbench.rulesets.hordes.sight import Sight, can_see, sight_of
from warbench.rulesets.hordes.space import in_front_arc, leg_cost

PAIR = [["maelis", "oakhide-brute"], ["vesk", "magma-titan"]]


def test_front_arc_and_sight_past_bases() -> None:
    """HOR-FACING, HOR-LOS: the front arc is 180 degrees; sight passes smaller bases, not
    bases as big as the target's or bigger."""
    game = battle(
        [["maelis", "mosshound"], ["vesk", "magma-titan"]],
        [[24, 10, 0], [24, 15, 0], [24, 45, 180], [24, 20, 180]],
    )
    s, d = game.state, RULES.data
    warlock, hound, vesk, titan = s.models
    assert in_front_arc(d, warlock, titan) and in_front_arc(d, titan, warlock)
    assert can_see(d, s, warlock, titan)  # the 40 mm hound does not hide the 50 mm titan
    assert not can_see(d, s, warlock, vesk)  # the titan hides the 30 mm warlock behind it
    hound.heading = 180.0
    assert not in_front_arc(d, hound, titan)


def test_hor_los_any_point_of_the_base() -> None:
    """HOR-LOS: sight runs from the viewer's base to any point of the target's base in its
    front arc: a 40 mm hound half a inch off the centre line hides that line, but the line
    along the bases' side passes clear, so Maelis sees Vesk; a 50 mm titan square on the
    line covers every line between the two 30 mm bases, so she does not."""
    game = battle(
        [["maelis", "mosshound"], ["vesk", "magma-titan"]],
        [[24, 10, 0], [24.5, 20, 0], [24, 30, 180], [40, 40, 180]],
    )
    s, d = game.state, RULES.data
    maelis, hound, vesk, titan = s.models
    assert can_see(d, s, maelis, vesk) and can_see(d, s, vesk, maelis)
    assert sight_of(d, s).sees(maelis, vesk)
    hound.x, titan.x, titan.y = 5.0, 24.0, 20.0
    assert not can_see(d, s, maelis, vesk) and not can_see(d, s, vesk, maelis)
    assert not sight_of(d, s).sees(maelis, vesk)
    titan.x = 24.8  # a little aside, still over the centre line: seen past its edge
    assert can_see(d, s, maelis, vesk) and sight_of(d, s).sees(maelis, vesk)


def test_knocked_down_does_not_block_sight() -> None:
    """HOR-KNOCKDOWN: a knocked-down model blocks no sight; ranged attacks hit DEF 5."""
    game = battle(
        [["vesk"], ["maelis", "magma-titan"]],
        [[24, 10, 0], [24, 30, 180], [24, 20, 180]],
        prepare=lambda s: setattr(s.models[2], "knocked_down", True),
    )
    assert can_see(RULES.data, game.state, game.state.models[0], game.state.models[1])
    activate(game, 0)
    game.apply(0, Hold())
    script(game, 1, 2, 1, 1)
    game.apply(0, Attack(1, 2))
    attack = [e for e in game.events if e.kind == "hordes_attack"][-1]
    assert attack.needed == 5 and attack.hit


def test_engaged_model_cannot_shoot_and_target_in_melee_penalty() -> None:
    """HOR-RANGED-ENGAGED, HOR-TARGET-IN-MELEE: an engaged model makes no ranged attack;
    shooting a model in melee is at -4."""
    game = battle(
        [["vesk", "slag-hound"], ["maelis", "mosshound"]],
        [[40, 21.7, 270], [30, 20, 0], [24, 45, 180], [30, 21.7, 180]],
    )
    activate(game, 0)
    game.apply(0, Hold())
    script(game, 3, 3, 1, 1)
    game.apply(0, Attack(1, 3))
    attack = [e for e in game.events if e.kind == "hordes_attack"][-1]
    assert attack.total == 3 + 3 + 6 + 2 - 4  # aimed, target in melee
    engaged = battle([["vesk"], ["maelis"]], [[24, 20, 0], [24, 21.5, 180]])
    activate(engaged, 0)
    engaged.apply(0, Hold())
    assert not any(isinstance(o, Attack) and o.weapon == 1 for o in options(engaged))
    with pytest.raises(IllegalAction, match="HOR-RANGED-ENGAGED"):
        engaged.apply(0, Attack(1, 1))


def test_spray_attacks_every_model_in_the_strip() -> None:
    """HOR-SPRAY: every model under the 1" strip is attacked, stealth ignored."""
    game = battle(
        [["vesk", "cinder-drake"], ["orrin", "thorn-lurker", "mosshound"]],
        [[10, 5, 0], [24, 10, 0], [40, 45, 180], [24, 14, 180], [24, 17, 180]],
    )
    activate(game, 1)
    game.apply(0, Hold())
    script(game, *([1, 1] * 4))
    game.apply(0, Attack(0, 3))
    targets = {e.target for e in game.events if e.kind == "hordes_attack"}
    assert targets == {3, 4}


def test_aoe_blast_and_deviation() -> None:
    """HOR-AOE, HOR-AUTO-EFFECT (engine default for deviation): a miss deviates d6
    direction, d6 inches (at most half the distance); every model under the AOE is hit
    and takes the attack's full damage roll, 2d6 + POW (the seed; no reduced blast)."""
    game = battle(
        [["hask", "obsidian-horror"], ["maelis", "mosshound", "bramble-stalker"]],
        [[24, 5, 0], [24, 10, 0], [40, 45, 180], [24, 18, 180], [25.8, 18, 180]],
    )
    activate(game, 1)
    game.apply(0, Hold())
    # miss, deviate direction 1 by 1"; each blast damage roll, then its spiral branch
    script(game, 1, 1, 1, 1, 6, 6, 3, 6, 6, 3)
    game.apply(0, Attack(0, 3))
    damage = [e for e in game.events if e.kind == "hordes_damage"]
    assert {e.target for e in damage} == {3, 4}
    assert all(e.total == 12 + 13 for e in damage)  # the Obsidian Spines' full POW 13


def test_critical_knockdown() -> None:
    """HOR-CRITICAL, HOR-AUTO-EFFECT: a critical hit with a critical-knockdown weapon
    knocks the target down."""
    game = battle(PAIR, [[24, 12, 0], [24, 20, 0], [24, 45, 180], [24, 22.3, 180]])
    activate(game, 1)
    game.apply(0, Hold())
    script(game, 4, 4, 1, 1, 1)
    game.apply(0, Attack(0, 3))
    assert game.state.models[3].knocked_down


def test_tough() -> None:
    """HOR-TOUGH: at its last box a tough model rolls a d6: on 5-6 it heals 1 box and is
    knocked down instead of being destroyed."""

    def hurt(state):
        state.models[1].spiral = [4, 5, 5, 5, 5, 3]

    game = battle(
        [["maelis", "oakhide-brute"], ["vesk", "magma-titan"]],
        [[24, 12, 0], [24, 20, 0], [24, 45, 180], [24, 22.3, 180]],
        prepare=hurt,
    )
    brute = game.state.models[1]
    script(game, 6, 5)  # branch 6 (its last circle), then the tough roll: 5
    deal(game, brute, 3, 3, False)
    assert brute.alive and brute.knocked_down and sum(brute.spiral) == 27
    dies = battle(
        [["maelis", "oakhide-brute"], ["vesk", "magma-titan"]],
        [[24, 12, 0], [24, 20, 0], [24, 45, 180], [24, 22.3, 180]],
        prepare=hurt,
    )
    script(dies, 6, 4)  # the tough roll fails on 4
    deal(dies, dies.state.models[1], 3, 3, False)
    assert not dies.state.models[1].alive


def test_crippled_aspects() -> None:
    """HOR-SPIRAL-MIND, HOR-SPIRAL-BODY, HOR-SPIRAL-SPIRIT, HOR-SPIRAL-HEAL: a crippled
    mind rolls one die fewer to hit and makes no extra or power attacks; a crippled body
    one damage die fewer; a crippled spirit cannot be forced; healing a box restores."""
    game = battle(
        PAIR,
        [[24, 12, 0], [24, 20, 0], [24, 45, 180], [24, 22.3, 180]],
        prepare=lambda s: s.models[1].spiral.__setitem__(slice(0, 6), [4, 5, 5, 5, 5, 3]),
    )
    activate(game, 1)
    assert not any(isinstance(o, Slam) for o in options(game))  # mind crippled
    assert any(isinstance(o, Charge) for o in options(game))  # spirit whole: forced
    game.apply(0, Hold())
    script(game, 6, 1, 1, 1, 1)
    game.apply(0, Attack(0, 3))
    rolls = [e for e in game.events if e.kind == "roll"]
    attack_roll = next(e for e in rolls if "attack" in e.label)
    assert attack_roll.faces == (6,)  # mind crippled: one die, not two
    damage_roll = next(e for e in rolls if "damage" in e.label)
    assert damage_roll.faces == (1,)  # body crippled: one die, not two
    assert not any(isinstance(o, Attack) and o.weapon == 0 for o in options(game))


def test_reave() -> None:
    """HOR-REAVE, HOR-BEAST-DESTROYED: a beast destroyed by the enemy in its warlock's control
    area gives its fury to the warlock if the owner wishes, capped at the warlock's FURY."""
    from warbench.rulesets.hordes.actions import Reave

    def setup(state):
        state.models[3].spiral = [5, 5, 5, 5, 5, 4]
        state.models[3].fury = 3
        state.models[2].fury = 5

    game = battle(PAIR, [[24, 12, 0], [24, 20, 0], [24, 30, 180], [24, 22.3, 180]], prepare=setup)
    activate(game, 1)
    game.apply(0, Hold())
    script(game, 6, 6, 6, 6, 1, 1)
    game.apply(0, Attack(0, 3))
    assert game.pending()[0].player == 1 and Reave(True) in game.pending()[0].options
    game.apply(1, Reave(True))
    assert game.state.models[2].fury == 7 and not game.state.models[3].alive


def test_hor_reave_none_outside_the_control_area() -> None:
    """HOR-REAVE: a beast destroyed beyond its warlock's control area (FURY inches) offers
    no reave: its fury is lost, the warlock's stays as it was, and play goes on."""
    from warbench.rulesets.hordes.actions import Reave

    def setup(state):
        state.models[3].spiral = [5, 5, 5, 5, 5, 4]
        state.models[3].fury = 3
        state.models[2].fury = 5

    game = battle(PAIR, [[24, 12, 0], [24, 20, 0], [40, 45, 180], [24, 22.3, 180]],
                  prepare=setup)
    activate(game, 1)
    game.apply(0, Hold())
    script(game, 6, 6, 6, 6, 1, 1)
    game.apply(0, Attack(0, 3))
    decision = game.pending()[0]
    assert decision.player == 0 and Reave(True) not in decision.options
    beast, warlock = game.state.models[3], game.state.models[2]
    assert not beast.alive and beast.fury == 0 and warlock.fury == 5


def test_starting_roll_and_first_player() -> None:
    """HOR-START-ROLL, HOR-ROUNDS, HOR-DEPLOY: the roll-off winner picks who deploys and
    plays first; each side starts within 10" of its own edge."""
    game = Game.new(RULES, seed=3)
    decision = game.pending()[0]
    assert set(decision.options) == {GoFirst(0), GoFirst(1)}
    game.apply(decision.player, GoFirst(1))
    assert game.pending()[0].player == 1
    for model in game.state.models:
        edge = model.y if model.owner == 0 else 48 - model.y
        assert edge <= 10


def test_turn_limit_ends_by_unmarked_boxes() -> None:
    """HOR-TURN-LIMIT (engine default): after the last round the side with more unmarked
    boxes wins."""
    game = battle(
        PAIR,
        [[24, 6, 0], [24, 10, 0], [24, 45, 180], [24, 40, 180]],
        prepare=lambda s: setattr(s.models[2], "damage", 5),
    )
    while not game.is_over:
        decision = game.pending()[0]
        done = next(o for o in decision.options if o == Done())
        game.apply(decision.player, done)
    assert game.outcome is not None and game.outcome.winners == (0,)
    assert game.state.round == RULES.data.settings.rounds + 1


def test_rough_ground_and_obstructions() -> None:
    """HOR-TERRAIN (engine default): rough ground and forest cost double movement;
    obstructions may not be crossed; forests block sight through them."""
    game = battle(
        PAIR, [[24, 6, 0], [23.5, 12, 0], [24, 45, 180], [12, 33, 180]], layout="standard"
    )
    state, data = game.state, RULES.data
    assert leg_cost(data, state, Point(23.5, 12), Point(23.5, 16)) == pytest.approx(4 + 2)
    activate(game, 1)
    with pytest.raises(IllegalAction, match="HOR-TERRAIN"):
        game.apply(0, Move(23.5, 16.5, 0.0))
    assert not can_see(data, state, state.models[1], state.models[3])  # forest between
    open_ground = battle(PAIR, [[24, 6, 0], [23.5, 12, 0], [24, 45, 180], [12, 33, 180]])
    s = open_ground.state
    assert can_see(data, s, s.models[1], s.models[3])
    wall = battle(PAIR, [[24, 6, 0], [32, 18, 0], [24, 45, 180], [32, 30, 180]], layout="standard")
    s = wall.state
    assert not can_see(data, s, s.models[1], s.models[3])  # the obstruction between


def test_warlock_that_cast_cannot_run() -> None:
    """HOR-MOVE-RUN: a warlock that runs casts nothing that turn (one that cast may not run)."""
    from warbench.rulesets.hordes.actions import Cast

    game = battle(PAIR, [[24, 6, 0], [24, 10, 0], [24, 45, 180], [24, 40, 180]])
    activate(game, 0)
    game.apply(0, Cast("bark-skin", 1))
    with pytest.raises(IllegalAction, match="cannot run"):
        game.apply(0, Move(20.0, 6.0, 0.0, run=True))


def test_players_deploy_in_their_zones() -> None:
    """HOR-DEPLOY: after the starting roll the first player places its models one at a
    time wholly within 10" of its edge, clear of other bases, then the other player."""
    from warbench.rulesets.hordes.actions import Place

    game = Game.new(RULES, {"armies": [["maelis", "mosshound"], ["vesk"]]}, seed=3)
    decision = game.pending()[0]
    game.apply(decision.player, GoFirst(1))
    decision = game.pending()[0]
    assert decision.player == 1 and decision.spaces[0].validate(Place(2, 24, 40, 180)) is None
    with pytest.raises(IllegalAction, match="HOR-DEPLOY"):
        game.apply(1, Place(2, 24, 30, 180))  # 18" from its edge
    game.apply(1, Place(2, 24, 40, 180))
    with pytest.raises(IllegalAction, match="HOR-DEPLOY"):
        game.apply(0, Place(0, 24, 9.9, 0))  # the base pokes out of the zone
    game.apply(0, Place(0, 24, 3, 0))
    with pytest.raises(IllegalAction, match="overlap"):
        game.apply(0, Place(1, 24.5, 3.5, 0))
    game.apply(0, Place(1, 30, 8, 0))
    assert [(m.x, m.y) for m in game.state.models] == [(24, 3), (30, 8), (24, 40)]
    assert game.pending()[0].prompt.startswith("activate") and game.pending()[0].player == 1


def test_a_finished_game_is_titled_with_its_last_round() -> None:
    """HOR-TURN-LIMIT (engine default): after the last round the picture names that round
    and says the game is over, not a round the game never played."""
    from types import SimpleNamespace
    from typing import Any, cast

    from warbench.core.procedures import Outcome
    from warbench.rulesets.hordes.picture import title

    rounds = RULES.data.settings.rounds
    over = cast(Any, SimpleNamespace(round=rounds + 1, outcome=Outcome((0,), (1.0, 0.0), "")))
    assert title(RULES.data, over) == f"HORDES, round {rounds} of {rounds}, game over"
    playing = cast(Any, SimpleNamespace(round=3, outcome=None))
    assert title(RULES.data, playing) == f"HORDES, round 3 of {rounds}"


def test_hor_los_kept_sight_is_each_pairs_own_both_ways() -> None:
    """HOR-LOS: the sight kept for one decision's options answers, for every ordered pair,
    as the line of sight worked out afresh: a model behind another's back is seen by it
    but does not see it, whichever is asked first."""
    game = battle(
        [["maelis", "mosshound"], ["vesk", "magma-titan"]],
        [[24, 10, 0], [24, 15, 0], [24, 45, 180], [24, 20, 180]],
    )
    s, d = game.state, RULES.data
    s.models[1].heading = 180.0  # the hound turns its back on the titan
    pairs = [(a, b) for a in s.models for b in s.models if a is not b]
    fresh = {(a.uid, b.uid): can_see(d, s, a, b) for a, b in pairs}
    assert fresh[(3, 1)] and not fresh[(1, 3)]
    for order in (pairs, pairs[::-1]):
        sight = Sight(d, s)
        assert {(a.uid, b.uid): sight.sees(a, b) for a, b in order} == fresh


def test_hor_los_kept_sight_starts_afresh_when_a_model_moves_or_falls() -> None:
    """HOR-LOS, HOR-KNOCKDOWN: sight kept from one decision to the next answers as worked
    out afresh once the titan between two models steps aside or is knocked down."""
    game = battle(
        [["maelis", "mosshound"], ["vesk", "magma-titan"]],
        [[24, 10, 0], [24, 15, 0], [24, 45, 180], [24, 20, 180]],
    )
    s, d = game.state, RULES.data
    warlock, hound, vesk, titan = s.models
    hound.x = 5.0  # out of the line
    assert not sight_of(d, s).sees(warlock, vesk)  # the titan is in the way
    assert not sight_of(d, s).sees(warlock, vesk)  # kept, and still right
    titan.knocked_down = True
    assert sight_of(d, s).sees(warlock, vesk) == can_see(d, s, warlock, vesk) is True
    titan.knocked_down, titan.x = False, 40.0
    assert sight_of(d, s).sees(warlock, vesk) == can_see(d, s, warlock, vesk) is True
    titan.x = 24.0
    assert not sight_of(d, s).sees(warlock, vesk)
