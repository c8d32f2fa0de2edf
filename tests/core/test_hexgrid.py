"""Tests for the hex grid: hexes, lines, arcs (Starfinder boundary rule) and movement."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import math
import pickle
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.core.hexgrid import (
    DIRECTIONS,
    Arc,
    Hex,
    HexPose,
    IllegalHexMove,
    InvalidFacing,
    InvalidHexData,
    arc_of,
    hex_line,
    move_plan,
    offset_distance,
    reachable,
    reachable_steps,
    turn,
)

ORIGIN = Hex(0, 0)
NORTH = HexPose(ORIGIN, 0)

coordinates = st.integers(min_value=-40, max_value=40)
hexes = st.builds(Hex, coordinates, coordinates)
facings = st.integers(min_value=0, max_value=5)
FAST = settings(max_examples=200, deadline=None)

F, A, P, S = Arc.FORE, Arc.AFT, Arc.PORT, Arc.STARBOARD


# --- hexes -------------------------------------------------------------------------------


def test_cube_coordinate_and_arithmetic() -> None:
    h = Hex(2, -5)
    assert h.s == 3
    assert h + Hex(1, 1) == Hex(3, -4)
    assert h - Hex(2, -5) == ORIGIN
    assert len({Hex(1, 2), Hex(1, 2), Hex(2, 1)}) == 2


def test_neighbors_follow_the_documented_directions() -> None:
    expected = [Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0)]
    assert [ORIGIN.neighbor(d) for d in range(6)] == expected
    assert list(ORIGIN.neighbors()) == expected
    assert list(DIRECTIONS) == expected
    assert Hex(3, -2).neighbor(4) == Hex(2, -1)


@pytest.mark.parametrize("direction", [-1, 6, True, 1.0])
def test_bad_directions_are_refused(direction: object) -> None:
    with pytest.raises(InvalidFacing, match="0 to 5"):
        ORIGIN.neighbor(direction)  # type: ignore[arg-type]


def test_turn_wraps_both_ways() -> None:
    assert [turn(0, k) for k in (1, 2, 6, -1, -7)] == [1, 2, 0, 5, 5]
    with pytest.raises(InvalidFacing):
        turn(6, 1)


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (ORIGIN, ORIGIN, 0),
        (ORIGIN, Hex(0, -3), 3),
        (ORIGIN, Hex(2, -1), 2),
        (ORIGIN, Hex(3, 2), 5),
        (Hex(-2, 4), Hex(1, -3), 7),
    ],
)
def test_distance_known_cases(a: Hex, b: Hex, expected: int) -> None:
    assert a.distance(b) == expected


def test_rings_start_north_and_go_clockwise() -> None:
    assert ORIGIN.ring(0) == (ORIGIN,)
    assert ORIGIN.ring(-1) == ()
    assert ORIGIN.ring(2) == (
        Hex(0, -2), Hex(1, -2), Hex(2, -2), Hex(2, -1), Hex(2, 0), Hex(1, 1),
        Hex(0, 2), Hex(-1, 2), Hex(-2, 2), Hex(-2, 1), Hex(-2, 0), Hex(-1, -1),
    )  # fmt: skip
    centre = Hex(4, -7)
    for radius in range(1, 5):
        ring = centre.ring(radius)
        assert len(set(ring)) == 6 * radius
        assert all(centre.distance(h) == radius for h in ring)


def test_within_is_every_hex_up_to_the_radius() -> None:
    centre = Hex(-3, 2)
    assert [len(centre.within(n)) for n in range(4)] == [1, 7, 19, 37]
    assert centre.within(-1) == ()
    area = centre.within(3)
    assert set(area) == {h for n in range(4) for h in centre.ring(n)}
    assert list(area) == sorted(area, key=lambda h: (h.q, h.r))


def test_plain_forms_round_trip_and_refuse_bad_data() -> None:
    assert Hex(3, -1).to_plain() == [3, -1]
    assert Hex.from_plain([3, -1]) == Hex(3, -1)
    pose = HexPose(Hex(2, 5), 4)
    assert pose.to_plain() == {"hex": [2, 5], "facing": 4}
    assert HexPose.from_plain(pose.to_plain()) == pose
    for bad in ([1], [1, 2, 3], ["1", 2], [True, 0], {"q": 1, "r": 2}, None):
        with pytest.raises(InvalidHexData):
            Hex.from_plain(bad)
    with pytest.raises(InvalidHexData):
        HexPose.from_plain({"hex": [1, 2]})
    with pytest.raises(InvalidFacing):
        HexPose.from_plain({"hex": [1, 2], "facing": 6})


def test_pixels_are_flat_topped_with_y_down() -> None:
    size = 10.0
    assert ORIGIN.to_pixel(size) == (0.0, 0.0)
    north_x, north_y = Hex(0, -1).to_pixel(size)
    assert north_x == 0.0
    assert north_y == pytest.approx(-size * math.sqrt(3))
    east_x, east_y = Hex(2, -1).to_pixel(size)  # two hexes east: through a corner
    assert (east_x, east_y) == (30.0, 0.0)
    for neighbor in ORIGIN.neighbors():
        assert math.dist((0.0, 0.0), neighbor.to_pixel(size)) == pytest.approx(size * math.sqrt(3))


@FAST
@given(
    hexes,
    st.floats(min_value=0.5, max_value=100.0),
    st.floats(min_value=0.0, max_value=0.8),
    st.floats(min_value=0.0, max_value=2 * math.pi),
)
def test_pixel_round_trip_inside_the_hex(
    h: Hex, size: float, fraction: float, angle: float
) -> None:
    x, y = h.to_pixel(size)
    assert Hex.from_pixel(x, y, size) == h
    inradius = size * math.sqrt(3) / 2
    offset = fraction * inradius
    assert Hex.from_pixel(x + offset * math.cos(angle), y + offset * math.sin(angle), size) == h


@FAST
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@FAST
@given(hexes, hexes)
def test_offset_distance_is_the_distance_of_the_hexes(a: Hex, b: Hex) -> None:
    dq, dr = b.q - a.q, b.r - a.r
    assert offset_distance(dq, dr) == a.distance(b) == max(abs(dq), abs(dr), abs(dq + dr))


@FAST
@given(hexes, hexes, st.integers(min_value=-12, max_value=12))
def test_rotation_keeps_distance_and_six_steps_is_identity(h: Hex, c: Hex, k: int) -> None:
    assert h.rotated(c, k).distance(c) == h.distance(c)
    assert h.rotated(c, 6) == h
    assert h.rotated(c, k).rotated(c, -k) == h


# --- lines -------------------------------------------------------------------------------


def _float_line(a: Hex, b: Hex) -> list[Hex]:
    """The textbook floating-point hex line with the usual epsilon nudge, as a reference."""
    n = a.distance(b)
    start = (a.q + 1e-6, a.r + 2e-6, a.s - 3e-6)
    end = (b.q + 1e-6, b.r + 2e-6, b.s - 3e-6)
    line = []
    for i in range(n + 1):
        t = i / max(n, 1)
        q, r, s = (x + (y - x) * t for x, y in zip(start, end, strict=True))
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        line.append(Hex(rq, rr))
    return line


def test_hex_line_known_cases() -> None:
    assert hex_line(ORIGIN, ORIGIN) == (ORIGIN,)
    assert hex_line(ORIGIN, Hex(0, -3)) == (ORIGIN, Hex(0, -1), Hex(0, -2), Hex(0, -3))
    # Due east runs along the edge between (1, -1) and (1, 0); the nudge picks (1, 0).
    assert hex_line(ORIGIN, Hex(2, -1)) == (ORIGIN, Hex(1, 0), Hex(2, -1))
    assert hex_line(Hex(2, -1), ORIGIN) == (Hex(2, -1), Hex(1, 0), ORIGIN)
    assert hex_line(Hex(1, 1), Hex(4, -1)) == (Hex(1, 1), Hex(2, 0), Hex(3, 0), Hex(4, -1))


@FAST
@given(hexes, hexes)
def test_hex_line_is_a_symmetric_chain_of_neighbours(a: Hex, b: Hex) -> None:
    line = hex_line(a, b)
    assert len(line) == a.distance(b) + 1
    assert line[0] == a
    assert line[-1] == b
    assert all(x.distance(y) == 1 for x, y in itertools.pairwise(line))
    assert hex_line(b, a) == line[::-1]


def test_hex_line_matches_the_reference_for_every_nearby_target() -> None:
    # Exhaustive near the start, where lines along edges and through corners (ties) abound.
    for start in (ORIGIN, Hex(3, -7)):
        for target in start.within(8):
            assert list(hex_line(start, target)) == _float_line(start, target), target


@FAST
@given(hexes, hexes)
def test_hex_line_matches_the_floating_point_reference(a: Hex, b: Hex) -> None:
    assert list(hex_line(a, b)) == _float_line(a, b)


# --- arcs --------------------------------------------------------------------------------


def test_arcs_of_the_neighbours_facing_north() -> None:
    expected = [{F}, {S}, {S}, {A}, {P}, {P}]
    assert [arc_of(ORIGIN, 0, h) for h in ORIGIN.neighbors()] == expected


def test_arcs_at_distance_two_facing_north_include_the_boundary_hexes() -> None:
    expected = [
        {F}, {F, S}, {S}, {S}, {S}, {A, S},
        {A}, {A, P}, {P}, {P}, {P}, {F, P},
    ]  # fmt: skip
    assert [arc_of(ORIGIN, 0, h) for h in ORIGIN.ring(2)] == expected


def test_fore_arc_widens_every_second_hex() -> None:
    fore_counts = [sum(F in arc_of(ORIGIN, 0, h) for h in ORIGIN.ring(n)) for n in range(1, 7)]
    assert fore_counts == [1, 3, 3, 5, 5, 7]
    boundary = [sum(len(arc_of(ORIGIN, 0, h)) == 2 for h in ORIGIN.ring(n)) for n in range(1, 7)]
    assert boundary == [0, 4, 0, 4, 0, 4]


def test_arcs_for_other_facings_and_shooters() -> None:
    shooter = Hex(3, -2)
    # Facing 2 (south-east): the hex ahead is fore, the one behind aft.
    assert arc_of(shooter, 2, shooter.neighbor(2)) == {F}
    assert arc_of(shooter, 2, shooter.neighbor(5)) == {A}
    assert arc_of(shooter, 2, shooter.neighbor(3)) == {S}
    assert arc_of(shooter, 2, shooter.neighbor(1)) == {P}
    # Facing 3 (south): a hex two rows due north lies dead astern.
    assert arc_of(shooter, 3, Hex(3, -4)) == {A}
    assert arc_of(shooter, 0, shooter) == frozenset()
    with pytest.raises(InvalidFacing):
        arc_of(shooter, 6, ORIGIN)


@FAST
@given(hexes, facings, hexes)
def test_arcs_turn_with_the_facing(shooter: Hex, facing: int, target: Hex) -> None:
    turned = target.rotated(shooter, 1)
    assert arc_of(shooter, facing, target) == arc_of(shooter, turn(facing, 1), turned)


@FAST
@given(hexes, facings, hexes)
def test_every_other_hex_is_in_one_or_two_adjacent_arcs(
    shooter: Hex, facing: int, target: Hex
) -> None:
    arcs = arc_of(shooter, facing, target)
    if target == shooter:
        assert arcs == frozenset()
    else:
        assert 1 <= len(arcs) <= 2
        assert arcs not in ({F, A}, {P, S})


@FAST
@given(hexes)
def test_port_and_starboard_mirror_each_other(offset: Hex) -> None:
    # Mirroring across the north-south axis swaps port and starboard for a ship facing north.
    mirrored = Hex(-offset.q, offset.q + offset.r)
    swap = {F: F, A: A, P: S, S: P}
    assert arc_of(ORIGIN, 0, mirrored) == {swap[arc] for arc in arc_of(ORIGIN, 0, offset)}


# --- movement ----------------------------------------------------------------------------


def test_a_legal_move_reports_its_path() -> None:
    result = move_plan(NORTH, "FFRFL", speed=4, turn_distance=1)
    assert result.path == (
        NORTH,
        HexPose(Hex(0, -1), 0),
        HexPose(Hex(0, -2), 0),
        HexPose(Hex(0, -2), 1),
        HexPose(Hex(1, -3), 1),
        HexPose(Hex(1, -3), 0),
    )
    assert result.end == HexPose(Hex(1, -3), 0)
    assert (result.hexes_moved, result.turns) == (3, 2)
    assert result.hexes_entered() == (Hex(0, -1), Hex(0, -2), Hex(1, -3))
    assert move_plan(NORTH, [], speed=4, turn_distance=2).path == (NORTH,)


def test_steps_may_be_a_list_and_fewer_than_speed() -> None:
    assert move_plan(NORTH, ["F"], speed=6, turn_distance=0).end == HexPose(Hex(0, -1), 0)


@pytest.mark.parametrize(
    ("steps", "speed", "turn_distance", "message", "breaks"),
    [
        ("FFF", 2, 1, "step 2 ('F'): the ship has already moved its speed of 2 hexes", "speed"),
        ("R", 4, 1, "step 0 ('R'): a turn needs 1 forward hexes since the start of the move",
         "turn"),
        ("FFRFL", 4, 2, "step 4 ('L'): a turn needs 2 forward hexes since the previous turn",
         "turn"),
        ("FRRR", 4, 0, "step 3 ('R'): at most 2 turns in one hex", "turn"),
        ("LLL", 4, 0, "step 2 ('L'): at most 2 turns in one hex", "turn"),
        ("FX", 4, 1, "step 1: unknown step 'X'", "steps"),
        ("F", -1, 1, "speed must not be negative", "steps"),
        ("F", 1, -1, "turn distance must not be negative", "steps"),
    ],
)
def test_illegal_moves_name_the_step_and_the_reason(
    steps: str, speed: int, turn_distance: int, message: str, breaks: str
) -> None:
    """The message names the step and the reason, ``breaks`` the rule broken (a ruleset
    names its own rule by it)."""
    with pytest.raises(IllegalHexMove, match=re.escape(message)) as error:
        move_plan(NORTH, steps, speed, turn_distance)
    assert error.value.breaks == breaks


def test_a_turn_after_exactly_the_turn_distance_is_legal() -> None:
    assert move_plan(NORTH, "FFFFLFFFFR", 8, 4).end == HexPose(Hex(-4, -4), 0)
    assert move_plan(NORTH, "FFRFFL", 4, 2).turns == 2


def test_perfect_manoeuvrability_turns_twice_per_hex() -> None:
    result = move_plan(NORTH, "RRFLLFRR", speed=6, turn_distance=0)
    assert result.turns == 6
    assert result.end.facing == 2


def test_ships_pass_through_occupied_hexes_but_may_not_end_there() -> None:
    occupied = {Hex(0, -1)}

    def free(h: Hex) -> bool:
        return h not in occupied

    passed = move_plan(NORTH, "FF", speed=3, turn_distance=1, may_end_on=free)
    assert passed.hexes_entered() == (Hex(0, -1), Hex(0, -2))
    with pytest.raises(IllegalHexMove, match=r"step 0: the move ends on Hex\(q=0, r=-1\)") as end:
        move_plan(NORTH, "F", speed=3, turn_distance=1, may_end_on=free)
    with pytest.raises(IllegalHexMove, match=r"step 1 \('F'\): the ship may not enter") as enter:
        move_plan(NORTH, "FFF", speed=3, turn_distance=1, blocked=lambda h: h == Hex(0, -2))
    assert (end.value.breaks, enter.value.breaks) == ("end", "enter")


def test_reachable_speed_zero_is_the_start() -> None:
    assert reachable(NORTH, 0, 2) == {NORTH: ""}


def test_reachable_speed_one() -> None:
    assert reachable(NORTH, 1, 1) == {
        NORTH: "",
        HexPose(Hex(0, -1), 0): "F",
        HexPose(Hex(0, -1), 5): "FL",
        HexPose(Hex(0, -1), 1): "FR",
    }
    assert set(reachable(NORTH, 1, 2)) == {NORTH, HexPose(Hex(0, -1), 0)}
    # Turn distance 0: two turns before leaving the start hex, two more after moving.
    perfect = set(reachable(NORTH, 1, 0))
    assert {pose.facing for pose in perfect if pose.hex == ORIGIN} == {0, 1, 2, 4, 5}
    assert {pose.hex for pose in perfect} == {
        ORIGIN,
        *[ORIGIN.neighbor(d) for d in (0, 1, 2, 4, 5)],
    }
    assert len(perfect) == 5 + 5 * 5


def test_reachable_speed_two() -> None:
    poses = reachable(NORTH, 2, 1)
    assert len(poses) == 13
    assert {pose.hex for pose in poses} == {
        ORIGIN, Hex(0, -1), Hex(0, -2), Hex(1, -2), Hex(-1, -1),
    }  # fmt: skip
    assert {pose.facing for pose in poses if pose.hex == Hex(1, -2)} == {0, 1, 2}
    assert set(reachable(NORTH, 2, 2)) == {
        NORTH,
        HexPose(Hex(0, -1), 0),
        HexPose(Hex(0, -2), 0),
        HexPose(Hex(0, -2), 1),
        HexPose(Hex(0, -2), 5),
    }


@FAST
@given(
    hexes,
    facings,
    st.integers(min_value=0, max_value=8),
    st.integers(min_value=0, max_value=3),
    st.sets(hexes.map(lambda h: Hex(h.q % 9 - 4, h.r % 9 - 4)), max_size=12),
)
def test_reachable_from_the_table_is_the_search_from_the_start(
    start: Hex, facing: int, speed: int, turn_distance: int, others: set[Hex]
) -> None:
    """Speed (issue 16): the precomputed table gives the poses, steps and order of a fresh
    search from the start pose (``blocked`` forces the search), which seeded bots rely on."""
    pose = HexPose(start, facing)
    occupied = {Hex(start.q + h.q, start.r + h.r) for h in others} - {start}

    def free(hex_: Hex) -> bool:
        return hex_ not in occupied

    searched = reachable(pose, speed, turn_distance, blocked=lambda h: False, may_end_on=free)
    tabled = reachable(pose, speed, turn_distance, may_end_on=free)
    assert list(tabled.items()) == list(searched.items())
    assert reachable_steps(pose, speed, turn_distance, may_end_on=free) == list(tabled.values())
    assert list(reachable(pose, speed, turn_distance).items()) == list(
        reachable(pose, speed, turn_distance, blocked=lambda h: False).items()
    )


def _all_end_poses(
    start: HexPose, speed: int, turn_distance: int, blocked: set[Hex], occupied: set[Hex]
) -> set[HexPose]:
    """Every end pose, by trying every step sequence whose prefixes are all legal."""
    ends: set[HexPose] = set()
    frontier = [""]
    while frontier:
        steps = frontier.pop()
        try:
            end = move_plan(start, steps, speed, turn_distance, blocked=blocked.__contains__).end
        except IllegalHexMove:
            continue
        if end.hex not in occupied:
            ends.add(end)
        frontier.extend(steps + step for step in "FLR")
    return ends


@pytest.mark.parametrize("turn_distance", [0, 1, 2, 3])
@pytest.mark.parametrize("speed", [0, 1, 2, 3])
def test_reachable_matches_trying_every_move(speed: int, turn_distance: int) -> None:
    start = HexPose(Hex(2, 1), 1)
    blocked = {Hex(3, -1)}
    occupied = {Hex(3, 0), Hex(4, -1)}
    poses = reachable(
        start,
        speed,
        turn_distance,
        blocked=blocked.__contains__,
        may_end_on=lambda h: h not in occupied,
    )
    assert set(poses) == _all_end_poses(start, speed, turn_distance, blocked, occupied)
    for pose, steps in poses.items():
        result = move_plan(start, steps, speed, turn_distance, blocked=blocked.__contains__)
        assert result.end == pose
    moved = [move_plan(start, steps, speed, turn_distance).hexes_moved for steps in poses.values()]
    assert moved == sorted(moved)


def test_a_hex_pose_checks_its_facing_stays_frozen_and_pickles_whole() -> None:
    """HexPose's written-out __init__ (it runs compiled) refuses a facing off the six sides
    as the dataclass's did, leaves the pose frozen and pickles and copies it whole."""
    pose = HexPose(Hex(2, -1), 5)
    with pytest.raises(InvalidFacing):
        HexPose(Hex(0, 0), 6)
    with pytest.raises(dataclasses.FrozenInstanceError):
        pose.facing = 1  # type: ignore[misc]
    assert pickle.loads(pickle.dumps([pose])) == [pose]
    assert copy.deepcopy(pose) == pose and copy.copy(pose) == pose


def test_a_hex_built_by_its_written_out_init_is_the_dataclass_hex_it_was() -> None:
    """Hex's written-out __init__ (it runs compiled) keeps the hex frozen, equal and
    hashed by its coordinates, and pickles and copies it whole."""
    here = Hex(q=3, r=-2)
    assert (here.q, here.r, here.s) == (3, -2, -1) and here == Hex(3, -2)
    assert hash(here) == hash(Hex(3, -2)) and len({here, Hex(3, -2), Hex(-2, 3)}) == 2
    assert repr(here) == "Hex(q=3, r=-2)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        here.q = 1  # type: ignore[misc]
    assert pickle.loads(pickle.dumps([here, HexPose(here, 2)])) == [here, HexPose(here, 2)]
    assert copy.deepcopy(here) == here and copy.copy(here) == here


@given(st.integers(-50, 50), st.integers(-50, 50), st.integers(0, 5), st.integers(-1, 1))
def test_hexes_and_poses_compare_by_their_fields_and_hash_alike_when_equal(
    q: int, r: int, facing: int, nudge: int
) -> None:
    """A hex and a pose compare by their fields (equality and hash written out so that
    they run compiled): equal ones hash alike, hexes and poses of a map hash apart (no
    clash within these 101 by 101 hexes), and nothing else is ever equal to one."""
    here, there = Hex(q, r), Hex(q + nudge, r)
    assert here == Hex(q, r) and hash(here) == hash(Hex(q, r))
    assert (here == there) == (nudge == 0) == (hash(here) == hash(there))
    pose = HexPose(here, facing)
    assert pose == HexPose(Hex(q, r), facing) and hash(pose) == hash(HexPose(Hex(q, r), facing))
    assert (pose == HexPose(there, facing)) == (nudge == 0)
    turned = HexPose(here, (facing + 1) % 6)
    assert pose != turned and hash(pose) != hash(turned)
    assert hash(HexPose(Hex(q, r + 1), facing)) != hash(pose)
    assert here != (q, r) and pose != (here, facing) and here != pose
    assert {pose: 1}[HexPose(Hex(q, r), facing)] == 1
