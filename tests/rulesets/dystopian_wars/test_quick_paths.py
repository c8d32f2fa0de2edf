"""Quick paths of the attack listing and of movement (issue 16): each shortcut gives the
answer the plain rule or geometry gives."""

from __future__ import annotations

import math
from dataclasses import replace
from operator import attrgetter

from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.core.agents import RandomAgent
from warbench.core.engine import Game
from warbench.core.geometry import (
    Body,
    CircleBase,
    Pose,
    base_crossed_by,
    base_in_arc,
    edge_distance,
    in_channel,
)
from warbench.core.match import play_next_decision
from warbench.rulesets.dystopian_wars.attack_listing import fire_options, guns_of
from warbench.rulesets.dystopian_wars.bots import CommodoreBot
from warbench.rulesets.dystopian_wars.combat import (
    pair_refusal,
    shot_refusal,
    torpedo_path_clear,
)
from warbench.rulesets.dystopian_wars.data import BEASTS, SIZE_RANK, ModelSpec
from warbench.rulesets.dystopian_wars.geometry import ARCS, arc_sure, band_of, terrain_of
from warbench.rulesets.dystopian_wars.gunnery import Gunnery
from warbench.rulesets.dystopian_wars.movement import MoveSpace
from warbench.rulesets.dystopian_wars.state import DWState, Model, body_of
from warbench.rulesets.dystopian_wars.sweep import _leg_touching, _touches, obstacles
from warbench.rulesets.dystopian_wars.world import FIELDS, World, fingerprint, fits, world_of

from .helpers import RULES, reference_fire_options, state

SPECS = sorted(RULES.data.models.values(), key=lambda spec: spec.id)


def battle_states(seed: int, stops: int = 4, every: int = 60) -> list[DWState]:
    """Snapshots of a commodore mirror on the demo table, every ``every`` decisions."""
    game = Game.new(RULES, seed=seed, record_hashes=False)
    agents = [CommodoreBot(seed), CommodoreBot(seed + 1)]
    found = []
    for _ in range(stops):
        for _ in range(every):
            if not game.is_over:
                play_next_decision(game, agents)
        found.append(state(game))
    return found


def test_spec_values_worked_out_once_are_their_definitions() -> None:
    """DW-SIZES, DW-BEASTS: the values a model class keeps (reach, the circle its base holds, size
    rank, flyer, diver, tiny, beast) are those its fields define, for every class."""
    for spec in SPECS:
        assert spec.reach == 0.5 * math.hypot(spec.width, spec.length)
        assert spec.rank == SIZE_RANK[spec.size]
        assert spec.tiny == (spec.size == "tiny")
        assert spec.flying == ("flying" in spec.traits)
        assert spec.diving == ("diving" in spec.traits)
        assert spec.beast == bool(spec.traits & BEASTS)
        assert spec.inner == (spec.width if spec.tiny else min(spec.width, spec.length)) / 2


def test_a_pair_no_gun_may_fire_at_gives_every_gun_its_reason() -> None:
    """DW-RANGE-BANDS, DW-NO-OWN-TARGETS: where the pair check refuses a target (out of
    range band 4 for any base, own fleet, gone, shooter aground), every gun of the shooter,
    ack-ack and charges too, is refused for that same reason, as the rules give it."""
    refused = 0
    for game_state in battle_states(5, stops=3):
        data = RULES.data
        for shooter in game_state.models:
            for target in game_state.models:
                reason = pair_refusal(data, shooter, target)
                if reason is None:
                    continue
                for mount in guns_of(data, shooter):
                    fresh = World(fingerprint(game_state), game_state, data)
                    assert shot_refusal(
                        game_state, data, shooter, mount, target, world=fresh
                    ) == (reason, None)
                refused += 1
    assert refused > 100


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(SPECS), st.sampled_from(SPECS),
    st.floats(0.0, 40.0), st.floats(0.0, 360.0), st.floats(0.0, 360.0), st.floats(0.0, 360.0),
)
def test_base_circles_bound_the_edge_distance(
    first_spec: ModelSpec, second_spec: ModelSpec, apart: float, bearing: float,
    first_heading: float, second_heading: float,
) -> None:
    """DW-RANGE-BANDS: no two points of two bases are closer than their centres' distance
    less both reaches, and the bases are no farther apart than the circles they hold about
    their centres (which read the range band without measuring)."""
    first = base_at(first_spec, 10.0, 10.0, first_heading)
    x = 10.0 + apart * math.sin(math.radians(bearing))
    y = 10.0 + apart * math.cos(math.radians(bearing))
    second = base_at(second_spec, x, y, second_heading)
    distance = edge_distance(first, second)
    centres = math.hypot(x - 10.0, y - 10.0)
    assert centres - first_spec.reach - second_spec.reach <= distance + 1e-9
    assert distance <= max(0.0, centres - first_spec.inner - second_spec.inner) + 1e-9


def base_at(spec: ModelSpec, x: float, y: float, heading: float) -> Body:
    """A base of the class standing at ``(x, y)``, facing ``heading``."""
    return body_of(Model(0, 0, 0, spec.id, spec.name, x, y, heading), spec)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(SPECS), st.sampled_from(SPECS),
    st.floats(0.0, 10.0), st.sampled_from((0.0, 1e-7, 1e-6, 2e-6, 1e-3)),
    st.floats(0.0, 360.0), st.floats(0.0, 360.0),
)
def test_bases_touch_as_measured(
    first_spec: ModelSpec, second_spec: ModelSpec, across: float, gap: float,
    heading: float, bearing: float,
) -> None:
    """DW-CONTACT-STOPS: the touching test that skips bases far apart says what measuring
    says, for bases just touching, a hair apart and farther."""
    first = base_at(first_spec, 20.0, 20.0, heading)
    # slide the second base in from afar along a bearing until it is ``gap`` away
    direction = math.radians(bearing)
    for step in (across, across / 2.0, 0.0):
        x = 20.0 + (first_spec.reach + second_spec.reach + gap + step) * math.sin(direction)
        y = 20.0 + (first_spec.reach + second_spec.reach + gap + step) * math.cos(direction)
        second = base_at(second_spec, x, y, heading + 30.0)
        assert _touches(first, second) == (edge_distance(first, second) <= 1e-6)
        near = Body(Pose(20.0 + gap, 20.0 + across / 5.0, heading), second.base)
        assert _touches(first, near) == (edge_distance(first, near) <= 1e-6)


def test_torpedo_runs_and_channels_kept_in_the_world_are_the_plain_geometry() -> None:
    """DW-ROCKETS-TORPEDOES, DW-ARCS: a torpedo run is clear exactly when it crosses no
    terrain but water and no naval hull, submerged or not, but its two ends (every model
    checked, no quick rejection); the fixed channels kept in the world are the core's
    channel test, ahead and turned about."""
    checked = 0
    outcomes = set()
    for game_state in battle_states(6, stops=3):
        data = RULES.data
        world = world_of(game_state, data)
        depths = [terrain_of(piece) for piece in game_state.terrain if piece.kind != "water"]
        alive = [m for m in game_state.models if m.alive]
        for shooter in alive:
            body = body_of(shooter, data.models[shooter.cls])
            for target in alive:
                if target is shooter:
                    continue
                start, end = shooter.point(), target.point()
                hulls = [
                    m for m in alive
                    if data.models[m.cls].domain == "naval"
                    and not data.models[m.cls].flying and m.uid not in (shooter.uid, target.uid)
                ]
                clear = not any(piece.crossed_by(start, end) for piece in depths) and not any(
                    base_crossed_by(body_of(m, data.models[m.cls]), start, end) for m in hulls
                )
                assert torpedo_path_clear(game_state, data, shooter, target, world) == clear
                outcomes.add(clear)
                other = body_of(target, data.models[target.cls])
                turned = Body(body.pose.turned(180.0), body.base, body.size)
                assert world.in_arc(shooter.uid, "channel", target.uid) == in_channel(body, other)
                assert world.in_arc(shooter.uid, "aft-channel", target.uid) == in_channel(
                    turned, other
                )
                checked += 1
    assert checked > 300 and outcomes == {True, False}


def test_a_contact_or_marker_change_makes_a_fresh_world() -> None:
    """DW-RAM, DW-MK-HALF-AD: the table's fingerprint reads contacts and markers, so a
    model that comes into contact (or gains a marker) gets a fresh world; the same table
    again finds the world it had."""
    game_state = battle_states(7, stops=1)[0]
    data = RULES.data
    before = world_of(game_state, data)
    model = next(m for m in game_state.models if m.alive and not m.contact)
    model.contact.append(-1)
    touched = world_of(game_state, data)
    assert touched is not before
    model.contact.clear()
    assert world_of(game_state, data) is before
    model.markers["half-ad"] = 1
    assert world_of(game_state, data) not in (before, touched)


EDGES = sorted({arc.start for arc in ARCS.values()} | {arc.end for arc in ARCS.values()})


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(SPECS), st.floats(0.0, 360.0), st.floats(0.0, 360.0),
    st.sampled_from(EDGES), st.sampled_from((0.0, 1e-9, -1e-9, 1e-4, -1e-4, 3.0, -3.0, 30.0)),
    st.floats(3.0, 40.0),
)
def test_arcs_settled_from_the_centres_bearing_are_the_arcs_of_the_base(
    target_spec: ModelSpec, heading: float, target_heading: float, edge: float,
    off: float, distance: float,
) -> None:
    """DW-ARCS: where the bearing of a target's centre and the bound of its base settle
    whether it lies in an arc (the world's quick answer), the answer is the one the
    bearings of the whole base give; targets stand on every arc edge and a hair either
    side of it."""
    shooter = Pose(30.0, 30.0, heading)
    direction = math.radians(heading + edge + off)
    x = 30.0 + distance * math.sin(direction)
    y = 30.0 + distance * math.cos(direction)
    target = base_at(target_spec, x, y, target_heading)
    dx, dy = x - shooter.x, y - shooter.y
    apart = math.hypot(dx, dy)
    if apart <= 2.0 * target_spec.reach + 1.0:
        return
    bearing = math.degrees(math.atan2(dx, dy)) - shooter.heading
    half = math.degrees(math.asin(target_spec.reach / apart))
    for name, arc in ARCS.items():
        sure = arc_sure(name, bearing, half)
        if sure is not None:
            assert sure == base_in_arc(shooter, arc, target), name
    # a round base's bearings stray exactly as far as the bound: put its rim on the edge
    radius = 1.5
    rim = math.degrees(math.asin(radius / distance))
    for side in (1.0, -1.0):
        direction = math.radians(heading + edge + side * (rim + abs(off) / 100.0))
        x = 30.0 + distance * math.sin(direction)
        y = 30.0 + distance * math.cos(direction)
        disc = Body(Pose(x, y), CircleBase(radius))
        apart = math.hypot(x - shooter.x, y - shooter.y)
        bearing = math.degrees(math.atan2(x - shooter.x, y - shooter.y)) - shooter.heading
        for name, arc in ARCS.items():
            sure = arc_sure(name, bearing, math.degrees(math.asin(radius / apart)))
            if sure is not None:
                assert sure == base_in_arc(shooter, arc, disc), (name, side)


def test_the_listing_offers_every_legal_shot_and_keeps_no_reason_of_its_own() -> None:
    """DW-FIRE-DECLARE, DW-RANGE-BANDS, DW-TORPEDOES, DW-LOS: the attack listing checks
    the torpedo run and the line of sight last and passes over ack-ack and charges at
    targets they never attack; through random battles, at every declaration of attacks its
    single-gun attacks are those a world that remembers nothing allows, and afterwards
    every gun at every model gets the rules' own first reason from the kept world (the
    listing's refusals, whose reasons may differ, are not kept)."""
    compared = 0
    for seed in (1, 2):
        game = Game.new(RULES, seed=seed, record_hashes=False)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        for _ in range(450):
            if game.is_over:
                break
            top = game.state.stack[-1]
            if isinstance(top, Gunnery) and game.pending():
                game_state, data = state(game), RULES.data
                listed = [f for f in fire_options(game_state, data, top) if len(f.guns) == 1]
                fresh = World(fingerprint(game_state), game_state, data)
                expected = reference_fire_options(game, world=fresh)
                assert sorted(listed, key=repr) == sorted(expected, key=repr)
                kept = world_of(game_state, data)
                for uid in top.part:
                    shooter = game_state.models[uid]
                    if not shooter.active:
                        continue
                    for mount in guns_of(data, shooter):
                        for target in game_state.models:
                            assert shot_refusal(
                                game_state, data, shooter, mount, target, world=kept
                            ) == shot_refusal(
                                game_state, data, shooter, mount, target, world=fresh
                            )
                            compared += 1
            play_next_decision(game, agents)
    assert compared > 2000


def _hashes(seed: int, decisions: int) -> list[str]:
    """The state hash after each decision of a seeded random mirror (a third of its
    squadrons drift, the rest move)."""
    game = Game.new(RULES, seed=seed, record_hashes=False)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    found = []
    for _ in range(decisions):
        if game.is_over:
            break
        play_next_decision(game, agents)
        found.append(game.hash())
    return found


def test_a_leg_from_where_the_model_stood_touches_what_it_touched_there() -> None:
    """DW-MOVE-CONTACT: ``carry_out`` measures which bases the mover touches once where it
    stands, and a leg starting there reuses the answer (``sweep._leg_touching``): at every
    decision of two seeded random battles, for every model at its level, the reused answer
    is the bases measuring finds touching it, the very same objects in the same order."""
    met = 0
    for seed in (3, 8):
        game = Game.new(RULES, seed=seed, record_hashes=False)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        for _ in range(400):
            if game.is_over:
                break
            play_next_decision(game, agents)
            table, data = game.state, game.data
            for model in table.models:
                if not model.alive or model.carried_by >= 0:
                    continue
                found, _ = obstacles(table, data, model, model.level)
                bodies = [body for body, _ in found]
                here = body_of(model, data.models[model.cls])
                at_start = [body for body in bodies if _touches(here, body)]
                mover = Body(model.pose(), here.base)
                measured = [body for body in bodies if _touches(mover, body)]
                reused = _leg_touching(mover, bodies, here, at_start)
                assert len(reused) == len(measured)
                assert all(a is b for a, b in zip(reused, measured, strict=True))
                met += len(measured)
    assert met > 0  # the battles had bases touching to reuse


def test_the_fingerprint_reads_every_field_it_names() -> None:
    """DW-WORLD: ``world.fingerprint`` reads each model's fields in Python (cheaper than a
    C-level ``attrgetter``); what it reads is ``world.FIELDS``' values, model by model, at
    every stop of two battles."""
    read = attrgetter(*FIELDS)
    for seed in (2, 5):
        for table in battle_states(seed):
            assert fingerprint(table)[0] == tuple(read(model) for model in table.models)


def changed(value: object) -> object:
    """Another value of the same type."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, str):
        return value + "'"
    assert isinstance(value, int | float)
    return value + 1


def test_a_table_fits_its_fingerprint_and_no_other() -> None:
    """DW-WORLD: ``world.fits`` (a kept world found without building the fingerprint) says
    a table fits its own fingerprint, and not once any field of ``FIELDS`` of any one model
    changes, a marker or a contact comes, the terrain or the table's size differs: the
    same answer as comparing fingerprints."""
    for table in battle_states(3, stops=2):
        key = fingerprint(table)
        assert fits(table, key)
        for model in table.models[:: max(1, len(table.models) // 6)]:
            for name in FIELDS:
                before = getattr(model, name)
                setattr(model, name, changed(before))
                assert fingerprint(table) != key and not fits(table, key), name
                setattr(model, name, before)
            model.markers["fits-test"] = 1
            assert not fits(table, key)
            del model.markers["fits-test"]
            model.contact.append(-1)
            assert not fits(table, key)
            model.contact.pop()
        assert fits(table, key)
        density = table.terrain[0].density
        table.terrain[0].density = "changed"
        assert not fits(table, key)
        table.terrain[0].density = density
        table.width += 1.0
        assert not fits(table, key)
        table.width -= 1.0
        assert fits(table, key)


def test_a_drawn_move_is_legal_by_the_rules_and_a_copy_is_judged_afresh() -> None:
    """DW-MOVE: a move the space drew (``MoveSpace``, a core ``DrawnSpace``) passes the
    rules when asked again, so ``validate`` answers that very object from memory; an equal
    move built elsewhere is judged by the rules, and one for a model with no move to make
    is still refused."""
    game = Game.new(RULES, seed=4, record_hashes=False)
    agents = [RandomAgent(4), RandomAgent(5)]
    checked = 0
    for _ in range(600):
        if game.is_over:
            break
        for decision in game.pending():
            for space in decision.spaces:
                if not isinstance(space, MoveSpace):
                    continue
                for drawn in space.sample(game.state.rng.copy(), 2):
                    assert space.validate(drawn) is None
                    assert space.judge(drawn) is None
                    assert space.validate(replace(drawn)) is None
                    assert space.validate(replace(drawn, model=-5)) is not None
                    checked += 1
        play_next_decision(game, agents)
    assert checked > 20


def test_the_band_kept_for_a_pair_is_the_band_of_the_measured_distance() -> None:
    """DW-RANGE: ``World.band`` settles a pair's range band from the centres' distance and
    the bases' reaches and inner circles, measuring only when those disagree, and keeps it:
    for every pair of models at every stop of two battles it is the band of the measured
    edge-to-edge distance, and a distance it gives is that distance."""
    checked = 0
    for seed in (1, 6):
        for table in battle_states(seed):
            world = World(fingerprint(table), table, RULES.data)
            for first in table.models:
                for second in table.models:
                    if first.uid == second.uid:
                        continue
                    band, distance = world.band(first.uid, second.uid)
                    measured = edge_distance(world.body(first.uid), world.body(second.uid))
                    assert band == band_of(measured)
                    assert distance in (-1.0, measured)
                    checked += 1
    assert checked > 1000
