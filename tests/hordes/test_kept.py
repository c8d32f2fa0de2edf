"""What the HORDES engine keeps to save work (issue 16) answers as working it out afresh:
lines of sight through terrain, pieces a line surely misses, bases a sweep cannot meet,
a space's validator answers, spell targets kept with the sight, actions kept per value."""

from __future__ import annotations

import math

import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hordes.helpers import RULES, battle
from warbench.core.geometry import Body, CircleBase, Point, Pose, first_contact
from warbench.core.rng import RandomStream
from warbench.rulesets.hordes.actions import DISCARD, Discard, Move, kept
from warbench.rulesets.hordes.magic import spell_targets
from warbench.rulesets.hordes.movement import MoveSpace
from warbench.rulesets.hordes.profile import crippled_aspects, is_crippled
from warbench.rulesets.hordes.sight import sight_of, terrain_hides
from warbench.rulesets.hordes.space import (
    body,
    misses,
    obstacles,
    out_of_reach,
    pieces,
    threatens,
)
from warbench.rulesets.hordes.state import HordesState, Model

LAYOUT = pieces(RULES.data.layouts["standard"])
#: Points on and around the standard layout's pieces, on a grid that hits corners and edges.
COORD = st.one_of(
    st.floats(0.0, 48.0, allow_nan=False),
    st.integers(0, 96).map(lambda n: n / 2.0),
)
POINT = st.builds(Point, COORD, COORD)


def fresh_hides(
    start: Point, end: Point, centres: tuple[Point, Point] | None = None
) -> bool:
    """HOR-LOS through terrain, worked out the plain way: an obstruction or forest whose
    interior the line runs through, unless it is a forest holding the centre of either
    model the line joins (by default its ends)."""
    first, second = centres or (start, end)
    for kind, piece, _, _ in LAYOUT:
        if kind not in ("obstruction", "forest"):
            continue
        if kind == "forest" and (piece.contains(first) or piece.contains(second)):
            continue
        if piece.crossed_by(start, end):
            return True
    return False


@settings(max_examples=120, deadline=None)
@given(POINT, POINT)
def test_hor_los_terrain_kept_per_line_answers_as_fresh_from_either_end(a: Point, b: Point) -> None:
    """HOR-LOS: the kept answer of a line through terrain is the fresh one, whichever end
    is asked first and however often."""
    expected = fresh_hides(a, b)
    assert terrain_hides(LAYOUT, a.x, a.y, b.x, b.y) is expected
    assert terrain_hides(LAYOUT, b.x, b.y, a.x, a.y) is expected
    assert fresh_hides(b, a) is expected


@settings(max_examples=120, deadline=None)
@given(POINT, POINT, POINT, POINT)
def test_hor_los_terrain_kept_for_a_line_between_base_edges_is_the_fresh_one(
    a: Point, b: Point, c: Point, e: Point
) -> None:
    """HOR-LOS: a tangent line between two bases is kept under its ends and the models'
    centres (a forest holding a centre does not hide it); asked from either end, also after
    the line alone (centres at its ends) was asked, it answers as worked out fresh."""
    terrain_hides(LAYOUT, a.x, a.y, b.x, b.y)
    expected = fresh_hides(a, b, (c, e))
    assert terrain_hides(LAYOUT, a.x, a.y, b.x, b.y, (c.x, c.y, e.x, e.y)) is expected
    assert terrain_hides(LAYOUT, b.x, b.y, a.x, a.y, (e.x, e.y, c.x, c.y)) is expected


@settings(max_examples=120, deadline=None)
@given(POINT, POINT)
def test_hor_terrain_a_piece_a_segment_misses_has_nothing_on_it(a: Point, b: Point) -> None:
    """HOR-LOS, HOR-TERRAIN: a piece left out by ``misses`` is neither crossed by the
    segment nor has any length of it inside (so sight and rough ground are as fresh)."""
    line = shapely.LineString([(a.x, a.y), (b.x, b.y)]) if a != b else shapely.Point(a.x, a.y)
    for piece in LAYOUT:
        if misses(piece, a, b):
            assert not piece.shape.crossed_by(a, b)
            assert piece.polygon.distance(line) > 0.0


@settings(max_examples=150, deadline=None)
@given(
    st.floats(10.0, 38.0),
    st.floats(10.0, 38.0),
    st.floats(0.0, 360.0, exclude_max=True),
    st.floats(0.0, 8.0),
    st.lists(st.tuples(st.floats(-2.0, 10.0), st.floats(-3.0, 3.0)), min_size=1, max_size=6),
)
def test_hor_move_bases_sweep_meets_only_bases_near_the_leg(
    x: float, y: float, heading: float, length: float, others: list[tuple[float, float]]
) -> None:
    """HOR-MOVE-BASES: leaving out the bases far from a leg changes no sweep: the first
    contact against the kept bases is the one against every other base (other bases
    stand along and across the leg, many of them grazing it)."""
    ux, uy = math.sin(math.radians(heading)), math.cos(math.radians(heading))
    models = [Model(0, 0, "mosshound", True, x, y, heading)]
    for i, (along, across) in enumerate(others):
        ox, oy = x + along * ux + across * uy, y + along * uy - across * ux
        models.append(Model(i + 1, 1, "vesk", False, ox, oy, 0.0))
    state = HordesState(players=2, rng=RandomStream.from_seed(0), models=models, layout="open")
    mover = models[0]
    end = Point(x, y).toward(heading, length)
    near, _ = obstacles(RULES.data, state, mover, heading, end.x, end.y)
    every, _ = obstacles_unfiltered(state, mover, heading)
    sweeper = Body(Pose(x, y, heading), CircleBase(RULES.data.radii[mover.card]))
    assert first_contact(sweeper, length, near) == first_contact(sweeper, length, every)


def obstacles_unfiltered(
    state: HordesState, mover: Model, heading: float
) -> tuple[list[Body], None]:
    """Every base the mover does not step away from (HOR-MOVE-BASES), near the leg or not."""
    dx, dy = math.sin(math.radians(heading)), math.cos(math.radians(heading))
    r = RULES.data.radii[mover.card]
    found = []
    for other in state.models[1:]:
        ox, oy = other.x - mover.x, other.y - mover.y
        touching = math.hypot(ox, oy) <= r + RULES.data.radii[other.card] + 1e-6
        if not (touching and ox * dx + oy * dy <= 0.0):
            found.append(body(RULES.data, other))
    return found, None


def test_hor_move_space_kept_answers_are_fresh_ones() -> None:
    """HOR-MOVE-ADVANCE, HOR-MOVE-BASES: a move space answers an action it was asked about
    before as it did (same object, kept) and as a new space would (equal action)."""
    game = battle(
        [["maelis", "mosshound"], ["vesk"]], [[24, 10, 0], [24, 13, 0], [24, 40, 180]]
    )
    state, data = game.state, RULES.data
    space = MoveSpace(data, state, state.models[0], {False: 6.0})
    legs = [Move(24.0, 16.0, 0.0), Move(24.0, 14.0, 0.0), Move(30.0, 10.0, 90.0), Move(24, 10, 0)]
    answers = [space.validate(leg) for leg in legs]
    assert answers[0] is not None and "base" in answers[0]  # through the hound
    assert answers[2] is None
    assert [space.validate(leg) for leg in legs] == answers
    fresh = MoveSpace(data, state, state.models[0], {False: 6.0})
    assert [fresh.validate(Move(leg.x, leg.y, leg.heading)) for leg in legs] == answers


def test_hor_spell_targets_kept_with_sight_follow_a_move() -> None:
    """HOR-SPELL-STATS, HOR-SPELL-LOS: the targets of a friendly spell, kept with the
    sight of the state, are worked out afresh once a friendly model walks out of range or
    the state's sides differ."""
    game = battle(
        [["maelis", "mosshound"], ["vesk"]], [[24, 10, 0], [24, 14, 0], [24, 40, 180]]
    )
    state, data = game.state, RULES.data
    maelis, hound = state.models[0], state.models[1]
    record = data.spells["bark-skin"]  # friendly, range 6
    assert hound in spell_targets(game, maelis, record, sight_of(data, state))
    assert hound in spell_targets(game, maelis, record, sight_of(data, state))  # kept
    hound.y = 30.0
    assert hound not in spell_targets(game, maelis, record, sight_of(data, state))
    assert spell_targets(game, maelis, record, sight_of(data, state)) == [maelis]
    hound.y = 14.0
    assert hound in spell_targets(game, maelis, record, sight_of(data, state))
    hound.owner = 1  # as in another game: the same places and cards, other sides
    assert hound not in spell_targets(game, maelis, record, sight_of(data, state))


def test_hor_kept_actions_are_equal_values_and_keep_types_apart() -> None:
    """Actions offered at every decision are kept one object per value: equal to a new
    one, the same object when asked again, and ``True`` kept apart from ``1``."""
    assert DISCARD(2) is DISCARD(2)
    assert DISCARD(2) == Discard(2)
    flag = kept(Discard)
    assert type(flag(True).amount) is bool and type(flag(1).amount) is int


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(0, 6), min_size=6, max_size=6),
    st.sampled_from(["mind", "body", "spirit"]),
)
def test_hor_spiral_aspect_read_alone_as_in_the_set(marked: list[int], aspect: str) -> None:
    """HOR-SPIRAL-ASPECTS: one aspect read alone (forcing, charges, attacks) is crippled
    exactly when the set of crippled aspects holds it; a warlock has none."""
    beast = Model(0, 0, "oakhide-brute", True, 0.0, 0.0, 0.0, spiral=marked)
    assert is_crippled(RULES.data, beast, aspect) == (aspect in crippled_aspects(RULES.data, beast))
    assert not is_crippled(RULES.data, Model(1, 0, "maelis", False, 0.0, 0.0, 0.0), aspect)


@settings(max_examples=150, deadline=None)
@given(
    st.floats(0.0, 6.0),
    st.floats(0.0, 360.0, exclude_max=True),
    st.floats(0.0, 360.0, exclude_max=True),
    st.floats(0.0, 360.0, exclude_max=True),
)
def test_hor_melee_bases_out_of_reach_threaten_nothing(
    gap_: float, bearing: float, facing: float, other_facing: float
) -> None:
    """HOR-MELEE-RANGE: two bases left out of melee checks as out of reach threaten
    neither way, whichever way they face (a reach weapon on one side)."""
    crusher = Model(0, 0, "rootcrusher", True, 24.0, 24.0, facing)
    reach = RULES.data.radii["rootcrusher"] + RULES.data.radii["oakhide-brute"] + gap_
    spot = Point(24.0, 24.0).toward(bearing, reach)
    brute = Model(1, 1, "oakhide-brute", True, spot.x, spot.y, other_facing)
    if out_of_reach(RULES.data, crusher, brute):
        assert not threatens(RULES.data, crusher, brute)
        assert not threatens(RULES.data, brute, crusher)
    assert out_of_reach(RULES.data, crusher, brute) == out_of_reach(RULES.data, brute, crusher)
