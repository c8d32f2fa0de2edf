"""Shortcuts the HORDES engine takes to save work (issue 16) answer as the exact test:
a run-out's bisection from rough stretches worked out once, placements far from an
obstruction's box, the listed casts and heals kept per value, and lines of sight read
against the standing models kept with the sight of a state."""

from __future__ import annotations

import math

import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hordes.helpers import RULES, battle
from warbench.core.agents import RandomAgent
from warbench.core.engine import Game
from warbench.core.geometry import TOLERANCE, Point, heading_vector
from warbench.core.geometry.shapes import point_segment_distance
from warbench.core.match import play_next_decision
from warbench.rulesets.hordes.actions import Cast, Heal
from warbench.rulesets.hordes.bots import WarlockBot
from warbench.rulesets.hordes.deployment import _clear_of_box
from warbench.rulesets.hordes.magic import cast_options, heal_options, spell_targets
from warbench.rulesets.hordes.profile import boxes_left
from warbench.rulesets.hordes.sight import sight_of, tangents, terrain_hides
from warbench.rulesets.hordes.space import (
    STEALTH_RANGE,
    Piece,
    _within_budget,
    in_control_area,
    in_front_arc,
    leg_cost,
    pieces,
    terrain,
)
from warbench.rulesets.hordes.state import HordesState, Model

GAME = battle(
    [["maelis", "mosshound"], ["vesk"]], [[24, 10, 0], [24, 14, 0], [24, 40, 180]], "standard"
)
DATA, STATE = RULES.data, GAME.state
ROUGH = [p for p in terrain(DATA, STATE) if p.kind in ("rough", "forest")]


#: Offsets from a piece's box: anywhere near, or grazing its edges.
OFFSET = st.one_of(st.floats(-6.0, 6.0), st.sampled_from([0.0, 1e-12, -1e-12, -1e-7]))


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(ROUGH),
    OFFSET,
    OFFSET,
    st.floats(0.0, 1.0),
    st.floats(0.0, 1.0),
    st.floats(0.5, 14.0),
    st.floats(0.1, 1.5),
    st.sampled_from([None, 0.0, 90.0, 180.0, 270.0]),
)
def test_hor_terrain_rough_run_out_answers_as_the_exact_leg_cost(
    piece: Piece, off_x: float, off_y: float, at_x: float, at_y: float, limit: float,
    share: float, square: float | None,
) -> None:
    """HOR-TERRAIN, HOR-CHARGE: how far a run-out gets is bisected on "does this
    much of the leg fit the budget" (rough ground costing double); the answer from rough
    stretches worked out once is the exact leg cost's, at random lengths and at the very
    boundary that an exact bisection finds (where a careless estimate would flip)."""
    x0, y0, x1, y1 = piece.box
    start = Point(
        x0 + off_x if off_x < 0 else x1 + off_x, y0 + off_y if off_y < 0 else y1 + off_y
    )
    aim = Point(x0 + at_x * (x1 - x0), y0 + at_y * (y1 - y0))
    heading = math.degrees(math.atan2(aim.x - start.x, aim.y - start.y))
    if square is not None:  # along the table's edges: parallel to rectangles' sides
        heading = square
    budget = limit * share
    within = _within_budget(DATA, STATE, start, heading, limit, budget)

    def exact(distance: float) -> bool:
        return leg_cost(DATA, STATE, start, start.toward(heading, distance)) <= budget

    low, high = 0.0, limit
    for _ in range(60):
        middle = (low + high) / 2
        low, high = (middle, high) if exact(middle) else (low, middle)
    for distance in (low, high, (low + high) / 2, limit / 3, limit / 2, limit):
        if distance > 0:
            assert within(distance) is exact(distance)


LAYOUT = pieces(RULES.data.layouts["standard"])
OBSTRUCTIONS = [piece for piece in LAYOUT if piece.kind == "obstruction"]


@settings(max_examples=200, deadline=None)
@given(st.floats(0.0, 48.0), st.floats(0.0, 48.0), st.sampled_from([0.5, 0.75, 1.0, 1.5, 2.5]))
def test_hor_deploy_a_centre_clear_of_the_box_is_clear_of_the_obstruction(
    x: float, y: float, r: float
) -> None:
    """HOR-DEPLOY, HOR-TERRAIN: a placement whose centre lies more than its radius outside
    an obstruction's box is not checked against the piece itself; the piece is then
    surely at least that far (the exact distance would not refuse it)."""
    for piece in OBSTRUCTIONS:
        if _clear_of_box(piece.box, x, y, r):
            assert piece.polygon.distance(shapely.Point(x, y)) >= r - 1e-9


def test_hor_spell_and_heal_options_kept_per_value_are_the_fresh_ones() -> None:
    """HOR-SPELL-STATS, HOR-HEAL: the casts and heals listed from kept tuples are those
    worked out one by one (every affordable boost, every marked box up to the fury),
    in the same order, as fury and damage change."""
    maelis, hound = STATE.models[0], STATE.models[1]
    ctrl = DATA.models[maelis.card].fury  # the control area is 2 x FURY
    for fury, hound_marks, maelis_damage in ((0, 0, 0), (1, 2, 0), (3, 1, 2), (6, 4, 5)):
        maelis.fury, maelis.damage = fury, maelis_damage
        hound.spiral = [min(hound_marks, 2), max(0, hound_marks - 2), 0, 0, 0, 0]
        casts = []
        for spell in DATA.models[maelis.card].spells:
            record = DATA.spells[spell]
            boosts = [False, True] if record.off else [False]
            for target in spell_targets(GAME, maelis, record):
                casts += [
                    Cast(spell, target.uid, hit) for hit in boosts if record.cost + hit <= fury
                ]
        assert cast_options(GAME, maelis) == casts
        heals = []
        for model in STATE.living(maelis.owner):
            if model is maelis or in_control_area(DATA, maelis, model, ctrl):
                marked = DATA.models[model.card].boxes - boxes_left(DATA, model)
                heals += [Heal(model.uid, n) for n in range(1, min(marked, fury) + 1)]
        assert heal_options(GAME, maelis) == heals


def plain_sight(state: HordesState, viewer: Model, target: Model) -> bool:
    """HOR-LOS worked out the plain way, every model of the state read where it stands:
    the front arc, then the centre line or a tangent line ending in the front arc with no
    standing base at least as big as the target's across it (stealthy ones beyond 5"
    aside) and no obstruction or forest across it."""
    if not in_front_arc(DATA, viewer, target):
        return False
    radii = DATA.radii
    hx, hy = heading_vector(viewer.heading)
    centres = (viewer.x, viewer.y, target.x, target.y)
    edges = tangents(*centres[:2], radii[viewer.card], *centres[2:], radii[target.card])
    return any(
        (line[2] - viewer.x) * hx + (line[3] - viewer.y) * hy >= -TOLERANCE
        and not any(blocks(viewer, target, other, line) for other in state.models)
        and not terrain_hides(terrain(DATA, state), *line, centres)
        for line in (centres, *edges)
    )


def blocks(
    viewer: Model, target: Model, other: Model, line: tuple[float, float, float, float]
) -> bool:
    """Whether ``other``'s base blocks this line from ``viewer`` to ``target``."""
    if other is viewer or other is target or not other.alive or other.knocked_down:
        return False
    radii = DATA.radii
    r = radii[other.card]
    if 2 * r < 2 * radii[target.card] - TOLERANCE:
        return False
    if point_segment_distance(other.x, other.y, *line) >= r - TOLERANCE:
        return False
    beyond = math.hypot(other.x - viewer.x, other.y - viewer.y) - radii[viewer.card] - r
    return "stealth" not in DATA.models[other.card].abilities or beyond <= STEALTH_RANGE


def test_hor_los_kept_with_the_standing_models_answers_as_the_plain_test() -> None:
    """HOR-LOS: the sight of a state, kept from one decision to the next with the standing
    models read once (``Sight.sees``), answers every ordered pair of living models as the
    plain test does, through a random battle and two warlock-bot battles (moves,
    knockdowns, deaths), with the pairs asked in a new order at each decision."""
    for seed, bot in ((3, RandomAgent), (0, WarlockBot), (5, WarlockBot)):
        game: Game = Game.new(RULES, {"layout": "standard"}, seed=seed, record_hashes=False)
        agents = [bot(seed), bot(seed + 1)]
        turn = 0
        while not game.is_over and turn < 400:
            state = game.state
            living = state.living()
            pairs = [(a, b) for a in living for b in living if a is not b]
            sight = sight_of(DATA, state)
            for a, b in pairs[turn % 7 :] + pairs[: turn % 7]:
                assert sight.sees(a, b) is plain_sight(state, a, b), (seed, turn, a.uid, b.uid)
            play_next_decision(game, agents)
            turn += 1
