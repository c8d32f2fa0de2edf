"""The quick ways gunnery geometry and the tactician's move weighing are worked out give the
answers of the plain definitions (issue 16: speed without changing results)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import Game
from warbench.core.hexgrid import Arc, Hex, HexPose, arc_of, hex_line, move_plan, reachable
from warbench.core.match import play_next_decision
from warbench.core.observation import Observation
from warbench.rulesets.armada import ArmadaRuleset
from warbench.rulesets.armada.actions import Move, Order
from warbench.rulesets.armada.bot_helm import PoseScorer, pose_score, standing, target_value
from warbench.rulesets.armada.bot_orders import is_conjure, scored_orders
from warbench.rulesets.armada.bots import WORTH_AN_ORDER, TacticianAgent
from warbench.rulesets.armada.combat import (
    arcs_at,
    debris_penalty,
    firing_arcs,
    gunnery_for,
    shielded_front,
)
from warbench.rulesets.armada.data import Tables
from warbench.rulesets.armada.gunnery_keys import placement_key
from warbench.rulesets.armada.moves import (
    entered_hexes,
    fleet_speed,
    flyby_moves,
    ordinary_moves,
    ordinary_steps,
    turn_distance,
)
from warbench.rulesets.armada.order_space import OrderSpace
from warbench.rulesets.armada.state import ACTIVE, ArmadaState, Debris, Fleet, Mine, Phase

RULES = ArmadaRuleset()
SETUP = {"armadas": ["home-guard-6", "corsairs-6"]}
FAST = settings(max_examples=80, deadline=None)
near = st.integers(min_value=-9, max_value=9)
spots = st.tuples(near, near)
close = st.integers(min_value=-4, max_value=4)


def _start() -> tuple[Game, ArmadaState]:
    game = Game.new(RULES, SETUP, seed=5, players=2)
    assert isinstance(game.state, ArmadaState)
    return game, game.state


def _pair(state: ArmadaState) -> tuple[Fleet, Fleet]:
    attacker = state.fleets[0]
    return attacker, state.enemies_of(attacker)[0]


@FAST
@given(spots, spots, st.lists(spots, min_size=1, max_size=3))
def test_arm_off_conjure_debris_penalty_is_the_line_through_the_debris(
    at: tuple[int, int], target_at: tuple[int, int], debris: list[tuple[int, int]]
) -> None:
    """ARM-OFF-CONJURE: debris far from both ends is skipped without drawing the line; the
    penalty is still -1 exactly when a hex of the line (ends included) lies in debris."""
    _, state = _start()
    attacker, target = _pair(state)
    (attacker.q, attacker.r), (target.q, target.r) = at, target_at
    state.debris = [Debris(q, r, 2) for q, r in debris]
    line = hex_line(Hex(*at), Hex(*target_at))
    crossed = any(Hex(q, r).distance(h) <= 1 for q, r in debris for h in line)
    assert debris_penalty(state, attacker, target) == (-1 if crossed else 0)


@FAST
@given(spots, st.integers(0, 5), spots, st.integers(0, 5))
def test_arm_gun_arc_and_front_shields_from_offsets_are_the_arcs(
    at: tuple[int, int], facing: int, target_at: tuple[int, int], target_facing: int
) -> None:
    """ARM-GUN-ARC, ARM-FLEET-AC-SHIELD: the arcs worked out once per offset are those of
    :func:`arc_of` between the two hexes."""
    _, state = _start()
    attacker, target = _pair(state)
    attacker.q, attacker.r, attacker.facing = *at, facing
    target.q, target.r, target.facing = *target_at, target_facing
    held = arc_of(Hex(*at), facing, Hex(*target_at))
    assert firing_arcs(attacker, target) == {arc.value for arc in held} & set(attacker.arcs)
    front = arc_of(Hex(*target_at), target_facing, Hex(*at)) == {Arc.FORE}
    assert shielded_front(attacker, target) == (target.shields > 0 and front)


@FAST
@given(
    st.lists(st.tuples(spots, st.integers(0, 5)), min_size=3, max_size=3),
    st.tuples(close, close),
    st.booleans(),
    st.booleans(),
    st.integers(0, 2),
)
def test_arm_gun_check_equal_placement_keys_give_equal_gunnery(
    poses: list[tuple[tuple[int, int], int]],
    shift: tuple[int, int],
    debris: bool,
    point_defense: bool,
    range_bonus: int,
) -> None:
    """ARM-GUN-CHECK, ARM-FLEET-AC: what gunnery reads of where the two fleets stand is
    their :func:`placement_key` (range band, point defense, debris on the line, forward
    shields): the same pair placed twice with equal keys makes the same attack, so the
    tactician values a target once per key."""
    game, state = _start()
    attacker, target = _pair(state)
    attacker.now().range_bonus = range_bonus
    if point_defense:
        attacker.abilities = (*attacker.abilities, "point-defense")
    if debris:
        state.debris = [Debris(2, -1, 3)]
    (at, facing), (target_at, target_facing), (_, turned) = poses
    dq, dr = shift  # the same pair moved together (keys equal but for debris), then turned
    placements = [
        (at, facing, target_at),
        ((at[0] + dq, at[1] + dr), turned, (target_at[0] + dq, target_at[1] + dr)),
    ]
    found = []
    for (q, r), heading, (tq, tr) in placements:
        attacker.q, attacker.r, attacker.facing = q, r, heading
        target.q, target.r, target.facing = tq, tr, target_facing
        gunnery = gunnery_for(state, game.data.tables, attacker, target)
        found.append((placement_key(state, attacker, target), gunnery))
    if found[0][0] == found[1][0]:
        assert found[0][1] == found[1][1]


def test_arm_bot_pose_scores_kept_by_placement_are_scores_worked_out_afresh() -> None:
    """The tactician's pose scores, with target values kept by placement key and standings
    by hex, equal :func:`pose_score` of a standing worked out afresh for each pose, and never
    pass the ceiling of their hex, for every ordinary move of every fleet through the first
    rounds of a seeded battle."""
    game, _ = _start()
    tables = game.data.tables
    agents = [TacticianAgent(5), TacticianAgent(6)]
    checked = decisions = 0
    while not game.is_over and checked < 12:
        state = game.state
        assert isinstance(state, ArmadaState)
        if state.round >= 1 and decisions % 7 == 0:
            active = [f for f in state.fleets if f.status == ACTIVE]
            fleet = active[checked % len(active)]
            scorer = PoseScorer(state, tables, fleet, None)
            enemies = [e for e in state.enemies_of(fleet) if e.status == ACTIVE]
            ghost = dataclasses.replace(fleet)
            for pose in ordinary_moves(state, tables, fleet):
                ghost.q, ghost.r, ghost.facing = pose.hex.q, pose.hex.r, pose.facing
                afresh = standing(state, tables, ghost, enemies, {}, {})
                debris = sum(d.damage for d in state.debris if d.covers(pose.hex))
                score = scorer.score(pose)
                assert score == pose_score(state, ghost, afresh) - debris
                assert score <= scorer.ceiling(pose)
            checked += 1
        play_next_decision(game, agents)
        decisions += 1
    assert checked == 12


@settings(max_examples=40, deadline=None)
@given(spots, st.integers(0, 5), st.integers(0, 6), st.integers(0, 3))
def test_arm_move_paths_kept_by_steps_are_the_paths_followed(
    at: tuple[int, int], facing: int, speed: int, turning: int
) -> None:
    """ARM-MOVE-FREE-ATTACK, ARM-STUNT-FLYBY: the hexes an ordinary move enters (the enemies
    it passes, the gravity mines it meets) are those :func:`move_plan` follows, from any
    start, for every move :func:`reachable` finds."""
    start = HexPose(Hex(*at), facing)
    for steps in reachable(start, speed, turning).values():
        followed = move_plan(start, steps, speed, turning).hexes_entered()
        assert entered_hexes(start, steps) == followed


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(near, near, st.integers(0, 5)), min_size=4, max_size=4),
       st.lists(spots, max_size=2), st.booleans())
def test_arm_move_steps_alone_are_the_ordinary_moves(
    poses: list[tuple[int, int, int]], mines: list[tuple[int, int]], slowed: bool
) -> None:
    """ARM-MOVE-THROUGH, ARM-ABILITY-MINES: the steps random play picks from are those of every
    ordinary move, in order: none ending where another fleet stands, none that gravity mines
    make too long (unless the fleet was slowed already this round)."""
    game, state = _start()
    state.round = 2
    state.mines = [Mine(q, r, 1, 1, 1, 3) for q, r in mines]
    for fleet, (q, r, facing) in zip(state.fleets, poses, strict=False):
        fleet.q, fleet.r, fleet.facing = q, r, facing
    fleet = state.fleets[0]
    fleet.slowed_round = 2 if slowed else 0
    tables = game.data.tables
    ordinary = ordinary_moves(state, tables, fleet)
    assert ordinary_steps(state, tables, fleet) == list(ordinary.values())


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(close, close, st.integers(0, 5)), min_size=4, max_size=4))
def test_arm_stunt_flyby_offered_past_each_enemy_a_move_passes(
    poses: list[tuple[int, int, int]],
) -> None:
    """ARM-STUNT-FLYBY: a flyby is offered past each enemy whose hex some ordinary move
    passes through (the first such move), enemies out of reach skipped unseen."""
    game, state = _start()
    for fleet, (q, r, facing) in zip(state.fleets, poses, strict=False):
        fleet.q, fleet.r, fleet.facing = q, r, facing
    fleet = state.fleets[0]
    tables = game.data.tables
    enemies = {enemy.hex: enemy.id for enemy in state.enemies_of(fleet)}
    expected: dict[int, Move] = {}
    speed, turning = fleet_speed(fleet), turn_distance(fleet)
    for steps in ordinary_moves(state, tables, fleet).values():
        for hex_ in move_plan(fleet.pose, steps, speed, turning).hexes_entered()[:-1]:
            if hex_ in enemies and enemies[hex_] not in expected:
                expected[enemies[hex_]] = Move(0, steps, "flyby", target=enemies[hex_])
    assert flyby_moves(state, tables, fleet) == list(expected.values())


def test_arm_off_action_an_officer_who_acted_may_give_no_conjure_anywhere() -> None:
    """ARM-OFF-ACTION, ARM-OFF-CONJURE: once the chief spellcaster has given its order this
    round, every conjure order is refused, whatever the hex, so the tactician predicts no
    enemy moves for one."""
    game, state = _start()
    state.round = 1
    index, officer = next(
        (i, o) for i, o in enumerate(state.officers) if o.role == "chief-spellcaster"
    )
    space = OrderSpace(state, game.data.tables, officer.side, Phase.ENGINEERING)
    spots = [Order(index, "conjure", q=f.q, r=f.r) for f in state.fleets]
    assert space.may_give(index, "conjure")
    officer.acted_round = 1
    assert not space.may_give(index, "conjure")
    assert all(space.validate(spot) is not None for spot in spots)


def test_written_out_records_keep_every_field_default_and_pickle_whole() -> None:
    """ARM-BOT-TACTICIAN, ARM-GUN-CHECK, ARM-GUN-RANGE: the tactician's and gunnery's
    records (compiled, their __init__ written out so that it runs compiled) take their
    fields in the dataclass order with the same defaults, stay frozen, and pickle and copy
    whole."""
    import copy
    import pickle

    from warbench.rulesets.armada.bot_helm import Standing
    from warbench.rulesets.armada.combat import Band, Gunnery
    from warbench.rulesets.armada.moves import Plan

    shot = Gunnery(2, 13, 1, 10)
    assert (shot.per_die, shot.bonus_damage, shot.halved, shot.critical_from,
            shot.critical_on_hit, shot.emp) == (0, 0, False, 20, False, False)
    values = (1, 2, 3, 4, 5, 6, True, 7, True, True)
    full = Gunnery(*values)
    assert tuple(getattr(full, f.name) for f in dataclasses.fields(Gunnery)) == values
    records = [full, Standing(((3, 1.5),), 3, 4), Band("close", -2),
               Plan(HexPose(Hex(1, 0), 2), (Hex(1, 0),))]
    for record in records:
        assert pickle.loads(pickle.dumps(record)) == record == copy.deepcopy(record)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(record, dataclasses.fields(record)[0].name, None)
    assert (Standing(((3, 1.5),), 3, 4).in_range, Band("close", -2).penalty,
            Plan(HexPose(Hex(1, 0), 2), ()).end) == (((3, 1.5),), -2, HexPose(Hex(1, 0), 2))


@FAST
@given(
    st.integers(-6, 6) | st.sampled_from((-32769, -32768, 32767, 32768, 40000)),
    st.integers(-6, 6) | st.sampled_from((-32769, -32768, 32767, 32768, 40000)),
    st.integers(0, 5),
)
def test_arm_gun_arc_offsets_kept_packed_are_the_arcs(dq: int, dr: int, facing: int) -> None:
    """ARM-GUN-ARC: ``arcs_at`` keeps its answers by offset and facing packed in one
    number; near the edges of what can be packed and beyond them (worked out unkept) each
    answer is :func:`arc_of`'s, asked twice."""
    for _ in range(2):
        assert arcs_at(dq, dr, facing) == arc_of(Hex(0, 0), facing, Hex(dq, dr))


class _CheckedTactician:
    """A tactician that, at each engineering order decision, also ranks every order with
    every enemy move predicted, and keeps what it saw in ``seen``."""

    name = "tactician"

    def __init__(self, seed: int, seen: Counter[str]) -> None:
        self.bot, self.seen = TacticianAgent(seed), seen

    def choose(self, observation: Observation[ArmadaState, Any], decision: Decision) -> Action:
        spaces = [space for space in decision.spaces if isinstance(space, OrderSpace)]
        if spaces and spaces[0].phase is Phase.ENGINEERING:
            self._check(observation.state, observation.data.tables, spaces[0], decision)
        return self.bot.choose(observation, decision)

    def _check(
        self, state: ArmadaState, tables: Tables, space: OrderSpace, decision: Decision
    ) -> None:
        ceiling = self.bot._conjure_ceiling(state, space)
        if ceiling is None:
            return
        candidates, context = self.bot.order_candidates(state, tables, space, decision)
        scored = scored_orders(
            state, tables, candidates, context,
            lambda attacker, target: target_value(state, tables, attacker, target),
            WORTH_AN_ORDER,
        )
        conjured = [score for score, _, order in scored if is_conjure(order)]
        assert max(conjured, default=0.0) <= ceiling
        whole = scored[0][2] if scored else None
        assert self.bot._order(state, tables, space, decision) == whole
        self.seen["conjure chosen" if whole and is_conjure(whole) else "other chosen"] += 1
        others = [score for score, _, order in scored if not is_conjure(order)]
        skipped = others[0] > ceiling if others else ceiling <= WORTH_AN_ORDER
        self.seen["not predicted" if skipped else "predicted"] += 1


def test_arm_bot_orders_conjure_weighed_without_predictions_only_when_it_cannot_win() -> None:
    """ARM-BOT-ORDERS, ARM-OFF-CONJURE: the tactician predicts enemy moves for conjured
    debris only where a conjure order could beat the best other order (its ceiling: every
    active enemy caught); its choice is the order the whole ranking, every enemy move
    predicted, puts first, at every engineering decision of four battles, conjures chosen
    and predictions skipped among them."""
    seen: Counter[str] = Counter()
    for seed in range(4):
        agents = [_CheckedTactician(seed, seen), _CheckedTactician(seed + 1000, seen)]
        game = Game.new(RULES, SETUP, seed=seed, players=2)
        for _ in range(2_000):
            if game.is_over:
                break
            play_next_decision(game, agents)
        assert game.is_over
    assert seen["conjure chosen"] and seen["other chosen"], seen
    assert seen["not predicted"] and seen["predicted"], seen
