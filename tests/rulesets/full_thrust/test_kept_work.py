"""Work kept or skipped for speed (issue 16) gives the answers worked out afresh: the kept
legal orders, the inlined arc test and the admiral's arms worked out once per decision."""

from __future__ import annotations

import itertools
import math

from hypothesis import given
from hypothesis import strategies as st

from warbench.core.engine import Game
from warbench.rulesets.full_thrust.arcs import _ARCS, ALL_ARCS, arcs_containing, relative_bearing
from warbench.rulesets.full_thrust.bots import _edge_room
from warbench.rulesets.full_thrust.damage import thrust_of
from warbench.rulesets.full_thrust.fire import DIRECT_FIRE, weapon_reach
from warbench.rulesets.full_thrust.firepower import Arms, firepower, guns_firepower
from warbench.rulesets.full_thrust.library import SystemSpec
from warbench.rulesets.full_thrust.movement import (
    CINEMATIC,
    VECTOR,
    legal_manoeuvres,
    manoeuvre_of,
    order_choices,
    order_refusal,
)
from warbench.rulesets.full_thrust.orders import order_options
from warbench.rulesets.full_thrust.weapon_values import BEAM_DIE_VALUE, mean_damage, range_step

from .helpers import RULES

COORD = st.floats(min_value=-100.0, max_value=100.0, allow_nan=False)


def _arcs_by_arc_objects(x: float, y: float, facing: int, tx: float, ty: float) -> int:
    if tx == x and ty == y:
        return ALL_ARCS
    angle = relative_bearing(x, y, facing, tx, ty)
    return sum(1 << index for index, arc in enumerate(_ARCS) if arc.contains(angle))


@given(COORD, COORD, st.integers(0, 11), COORD, COORD)
def test_ft_arcs_the_inlined_test_is_the_arcs_own(
    x: float, y: float, facing: int, tx: float, ty: float
) -> None:
    """FT-ARCS: the inlined arc test gives each arc's own answer, anywhere."""
    assert arcs_containing(x, y, facing, tx, ty) == _arcs_by_arc_objects(x, y, facing, tx, ty)


def test_ft_arcs_boundaries_stay_in_both_arcs() -> None:
    """FT-ARCS: a target on every boundary line, for every facing, lies in both arcs."""
    for facing in range(12):
        for step in range(12):
            radians = math.radians(30.0 * step)
            tx, ty = 10.0 * math.sin(radians), 10.0 * math.cos(radians)
            mask = arcs_containing(0.0, 0.0, facing, tx, ty)
            assert mask == _arcs_by_arc_objects(0.0, 0.0, facing, tx, ty)
            on_boundary = (step - facing) % 2 == 1
            assert bin(mask).count("1") == (2 if on_boundary else 1)


def test_ft_move_the_kept_orders_are_every_legal_order_and_no_other() -> None:
    """FT-MOVE-CINEMATIC, FT-MOVE-VECTOR: the kept legal orders of every drive and speed
    are those the refusal passes among all orders near them, in the same order."""
    places = [(b, p) for b in (False, True) for p in (False, True)]
    cinematic = [(c, t, 0, 0, b, p) for c in range(-9, 10) for t in range(-9, 10)
                 for b, p in places]
    vector = [(c, t, s, r, b, p) for c in range(-1, 10) for t in range(-6, 8)
              for s in range(-9, 10) for r in range(-1, 10) for b, p in places]
    for movement, grid in ((CINEMATIC, cinematic), (VECTOR, vector)):
        for thrust in (0, 1, 2, 5, 8):
            for speed in (0, 5):
                for advanced in (False, True):
                    kept = legal_manoeuvres(movement, thrust, speed, advanced)
                    legal = {o for o in grid
                             if order_refusal(movement, thrust, speed, o, advanced) is None}
                    assert set(kept) == legal and len(kept) == len(legal)
                    assert order_choices(movement, thrust, speed, advanced) == list(kept)


def test_ft_seq_orders_kept_orders_follow_a_damaged_drive_and_shroud() -> None:
    """FT-SEQ-ORDERS, FT-SEQ-ALIEN-SHROUD: a ship's offered orders follow its drive and
    shroud now, whatever was offered to it before."""
    game = Game.new(RULES, {"fleets": ["phalon", "concord"]}, seed=1)
    state, lib = game.state, game.data
    shrouded = next(s for s in state.ships if "shroud" in
                    [system.kind for system in lib.designs[s.design].systems])
    before = order_options(state, lib, shrouded)
    assert any(o.shroud for o in before)
    shroud = [system.kind for system in lib.designs[shrouded.design].systems].index("shroud")
    shrouded.damage[shroud] = 1
    shrouded.damage[0] = 1  # the drive: half thrust
    after = order_options(state, lib, shrouded)
    cls = lib.designs[shrouded.design]
    assert not any(o.shroud for o in after)
    expected = legal_manoeuvres(state.movement, thrust_of(cls, shrouded), shrouded.speed,
                                cls.advanced)
    assert [manoeuvre_of(o) for o in after] == list(expected)
    assert len(after) < len(before) // 2


def test_admiral_arms_worked_out_once_weigh_as_each_weapon_does() -> None:
    """The admiral's firepower from its arms worked out once is the sum, weapon by weapon,
    of the mean damage of each working, loaded direct-fire weapon in reach and arcs of a
    point around the ship; a knocked-out or empty weapon counts for nothing."""
    game = Game.new(RULES, RULES.default_setup(), seed=2)
    state, lib = game.state, game.data
    for ship in state.ships:
        cls = lib.designs[ship.design]
        guns = [i for i, s in enumerate(cls.systems) if s.kind in DIRECT_FIRE]
        if len(guns) > 1:
            ship.damage[guns[0]] = 1
            ship.ammo[guns[1]] = 0
    checked = 0
    for ship in state.ships:
        cls = lib.designs[ship.design]
        arms = Arms.of(state, lib, cls, ship)
        for reach, bearing in itertools.product((0.0, 5.0, 11.5, 23.0, 40.0), range(0, 360, 15)):
            tx = ship.x + reach * math.sin(math.radians(bearing))
            ty = ship.y + reach * math.cos(math.radians(bearing))
            for facing in (0, 5, 9):
                args = (ship.x, ship.y, facing, tx, ty)
                arcs = arcs_containing(*args)
                distance = math.hypot(tx - ship.x, ty - ship.y)
                expected = 0.0
                for index, system in enumerate(cls.systems):
                    if (ship.damage[index] or not ship.has_shots(index)
                            or system.kind not in DIRECT_FIRE or not system.arcs & arcs
                            or distance > weapon_reach(lib, system)):
                        continue
                    expected += mean_damage(lib, system, distance, 0) / BEAM_DIE_VALUE[0]
                assert guns_firepower(lib, arms.guns, *args) == expected
                assert firepower(lib, cls, ship, *args) == expected
                checked += expected > 0
    assert checked > 0


def _bearing_near(boundary: float, offset: float) -> tuple[float, float]:
    radians = math.radians(boundary + offset)
    return 10.0 * math.sin(radians), 10.0 * math.cos(radians)


@given(st.integers(0, 11), st.integers(0, 5),
       st.sampled_from((-2e-6, -1e-6, -3e-9, -1e-12, 0.0, 1e-12, 3e-9, 1e-6, 2e-6)))
def test_ft_arcs_bearings_near_a_boundary_get_each_arcs_own_answer(
    facing: int, boundary: int, offset: float
) -> None:
    """FT-ARCS: a bearing a hair off an arc boundary (where the quick one-arc answer gives
    way to testing each arc) still gets each arc's own answer."""
    tx, ty = _bearing_near(30.0 * facing + 30.0 + 60.0 * boundary, offset)
    assert arcs_containing(0.0, 0.0, facing, tx, ty) == _arcs_by_arc_objects(
        0.0, 0.0, facing, tx, ty)


def _weapons() -> list[SystemSpec]:
    lib = RULES.data
    seen: dict[tuple[str, str, int], SystemSpec] = {}
    for design in lib.designs.values():
        for system in design.systems:
            if system.kind in DIRECT_FIRE:
                seen.setdefault((system.kind, system.mode, system.level), system)
    return list(seen.values())


def test_admiral_range_steps_fix_each_weapons_mean_damage() -> None:
    """Every direct-fire weapon of the shipped designs: two distances with the same range
    step have the same mean damage, at every screen level (so a mean damage kept per step
    is the one worked out afresh), on a fine grid and a hair either side of each band."""
    lib = RULES.data
    weapons = lib.rules.weapons
    edges = {weapons.beam_band * k for k in range(8)} | {
        band.reach for table in (weapons.k_gun, weapons.pulse_torpedo, weapons.submunition)
        for band in table}
    distances = [i * 0.25 for i in range(240)] + [
        edge + offset for edge in edges for offset in (-1e-6, -1e-10, 0.0, 1e-10, 1e-9, 1e-6)]
    kinds = set()
    for spec in _weapons():
        kinds.add(spec.kind)
        step = range_step(lib, spec)
        for screens in (0, 1, 2):
            by_step: dict[object, float] = {}
            for distance in distances:
                value = mean_damage(lib, spec, distance, screens)
                key = None if step is None else step[1](distance)
                assert by_step.setdefault(key, value) == value, (spec, distance)
    assert {"beam", "k_gun", "pulse_torpedo", "pulser", "stinger", "pod_launcher"} <= kinds


@given(st.integers(0, 200), st.floats(0.0, 60.0), st.floats(0.0, 360.0), st.integers(0, 11))
def test_admiral_kept_firepower_is_the_firepower_worked_out_afresh(
    ship_index: int, reach: float, bearing: float, facing: int
) -> None:
    """The admiral's firepower kept per arcs and range steps (one ``Arms`` asked for many
    points) is, point by point, the float worked out gun by gun."""
    game = _battle()
    state, lib = game.state, game.data
    ship = state.ships[ship_index % len(state.ships)]
    arms = Arms.of(state, lib, lib.designs[ship.design], ship)
    for scale in (1.0, 0.5, 1.5):
        tx = ship.x + reach * scale * math.sin(math.radians(bearing))
        ty = ship.y + reach * scale * math.cos(math.radians(bearing))
        args = (ship.x, ship.y, facing, tx, ty)
        distance = math.hypot(tx - ship.x, ty - ship.y)
        assert arms.firepower(distance, *args) == guns_firepower(lib, arms.guns, *args)


_BATTLES: list[Game] = []


def _battle() -> Game:
    """A battle of every race's ships (kept: the test only reads it)."""
    if not _BATTLES:
        game = Game.new(RULES, {"fleets": ["phalon", "kravak"]}, seed=4)
        other = Game.new(RULES, {"fleets": ["savasku", "concord"]}, seed=5)
        game.state.ships.extend(other.state.ships)
        _BATTLES.append(game)
    return _BATTLES[0]


@given(
    st.floats(-5.0, 60.0) | st.sampled_from((0.0, -0.0, 12.0)),
    st.floats(-5.0, 60.0) | st.sampled_from((0.0, -0.0, 12.0)),
)
def test_the_admirals_edge_room_is_the_least_of_the_four_distances(x: float, y: float) -> None:
    """(No rule: the admiral bot.) The admiral weighs an order's end by its room to the
    nearest table edge, worked out without a generic ``min`` call: the very float ``min``
    gives, ties and signed zeros included, on and off a 48 by 24 table."""
    assert repr(_edge_room(x, y, 48.0, 24.0)) == repr(min(x, y, 48.0 - x, 24.0 - y))
