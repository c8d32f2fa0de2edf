"""The speed work keeps every answer: shared sight, per-catalog facts, remembered samples,
the bot's floor and the regroup listing give what the rules and the bot gave without them."""

from __future__ import annotations

import copy
import math
import pickle
from dataclasses import MISSING, fields, replace

from hypothesis import given
from hypothesis import strategies as st

from tests.field_marks import field_marks, flag_count
from tests.robogear.helpers import RULES, army, battle, put
from warbench.core.agents import RandomAgent
from warbench.core.catalog import Catalog
from warbench.core.decisions import DrawnSpace
from warbench.core.engine import Game
from warbench.core.match import play_next_decision
from warbench.rulesets.robogear import bots, fire
from warbench.rulesets.robogear.actions import Activate, Move, Shoot, Turn
from warbench.rulesets.robogear.bots import CommanderBot, _element_value, _foes
from warbench.rulesets.robogear.data import Measures, RobogearData, UnitRecord, WeaponRecord
from warbench.rulesets.robogear.fire import Aim, shooting_block, shot_detail
from warbench.rulesets.robogear.flames import FlamePlan, swings
from warbench.rulesets.robogear.group_rules import merge_refusal, regroup_options
from warbench.rulesets.robogear.groups import Regrouping
from warbench.rulesets.robogear.options import enemies_of, unit_options
from warbench.rulesets.robogear.pieces import Unit
from warbench.rulesets.robogear.positions import duels, spot_value
from warbench.rulesets.robogear.sheets import book
from warbench.rulesets.robogear.state import RobogearState
from warbench.rulesets.robogear.table import (
    Sight,
    aimed,
    band,
    band_of,
    gap,
    gap_at_most,
    hidden_share,
)
from warbench.rulesets.robogear.turn import Activation

RGame = Game[RobogearState, RobogearData]


def _random_game(seed: int, decisions: int) -> list[RGame]:
    """Copies of a seeded three-player random game, one after each of its decisions."""
    game = Game.new(RULES, {"armies": ["ferrum", "verdant", "ashen"]}, seed=seed, players=3,
                    record_hashes=False, transactional=False)
    agents = [RandomAgent(seed * 10 + s) for s in range(3)]
    seen = []
    for _ in range(decisions):
        if game.is_over:
            break
        play_next_decision(game, agents)
        seen.append(game.copy())
    return seen


def test_a_turns_options_are_the_same_with_shared_and_fresh_sight() -> None:
    """RG-FIRE-LOS, RG-ACT-KINDS: the options a turn lists with one Sight and one enemy list
    for all its units are those each unit lists on its own."""
    checked = 0
    for game in _random_game(5, 160):
        top = game.state.stack[-1] if game.state.stack else None
        if not isinstance(top, Activation) or not top.started:
            continue
        sight = Sight(game.state, game.data)
        for unit in top._units(game):
            assert unit_options(game, unit, sight) == unit_options(game, unit)
            checked += 1
    assert checked > 20


def test_a_turns_listed_shots_are_every_shot_the_rules_accept() -> None:
    """RG-FIRE-BANDS, RG-FIRE-LOS, RG-FIRE-AIM: the listing skips the sight of a target a
    weapon cannot hurt at its band and the checks it knows passed; what it lists is still
    exactly every shot (plain, at the pilot, indirect) the rules accept."""
    checked = 0
    for game in _random_game(11, 200):
        top = game.state.stack[-1] if game.state.stack else None
        if not isinstance(top, Activation) or not top.started:
            continue
        state, data = game.state, game.data
        for unit in top._units(game):
            listed = {a for a in unit_options(game, unit) if isinstance(a, Shoot)}
            weapons = len(data.units[unit.type].weapons) if unit.points_left > 0 else 0
            judged = {
                shot for weapon in range(weapons) for target in range(len(state.units))
                for shot in (Shoot(unit.id, weapon, target),
                             Shoot(unit.id, weapon, target, at_pilot=True),
                             Shoot(unit.id, weapon, target, indirect=True))
                if fire.shot_refusal(state, data, unit, shot) is None
            } if unit.alive and not unit.reserve else set()
            assert listed == judged
            checked += len(listed)
    assert checked > 20


def test_a_drawn_sample_is_legal_by_the_rules_and_a_copy_is_judged_afresh() -> None:
    """RG-MOVE-SIMPLE, RG-INF-INFILTRATE: a move, turn or placement a space drew passes the
    rules when asked again; an equal action built elsewhere is judged by the rules, and an
    illegal one is still refused."""
    checked = 0
    for game in _random_game(7, 120):
        for decision in game.pending():
            for space in decision.spaces:
                if not isinstance(space, DrawnSpace):
                    continue
                for drawn in space.sample(game.state.rng.copy(), 2):
                    assert space.validate(drawn) is None
                    assert space.judge(drawn) is None
                    assert space.validate(replace(drawn)) is None
                    assert space.validate(replace(drawn, unit=-5)) is not None
                    checked += 1
    assert checked > 20


def test_flyer_types_are_looked_up_again_for_a_new_catalog() -> None:
    """RG-MOVE-FLY: which types fly is kept in each data's book; a player's catalog where a
    walker flies is new data and answers for itself."""
    data = RULES.data
    walker = next(key for key, record in data.units.items() if record.chassis == "walker")
    assert walker not in book(data).flyers
    winged = data.units[walker].model_copy(update={"chassis": "flyer"})
    units = Catalog(UnitRecord, {**dict(data.units.items()), walker: winged}, kind="unit")
    mine = RobogearData(units, data.armies, data.rules, data.tables)
    assert walker in book(mine).flyers
    assert walker not in book(data).flyers


def test_a_spot_value_with_a_floor_is_exact_above_it() -> None:
    """RG-BOT-COVER: with a floor, a spot worth more than the floor gets its exact value and
    one worth no more gets a figure not above the floor (so the bot's choice is the same)."""
    game = battle(army(("ferrum-rifleman", 2), ("ferrum-tank", 1)),
                  army(("verdant-tank", 1), ("verdant-rifleman", 2)))
    state, data = game.state, game.data
    places = [(20.0, 20.0), (24.0, 22.0), (30.0, 25.0), (30.0, 36.0), (35.0, 40.0),
              (28.0, 44.0)]
    for unit, (x, y) in zip(state.units, places, strict=True):
        put(game, unit.id, x, y, 0.0 if unit.player == 0 else 180.0)
    weights = [1.0, 1.0]
    for unit in state.units:
        foes = [t for t in state.units if t.player != unit.player]
        known = duels(data, unit, foes, weights)
        sight = Sight(state, data)
        for dx in (-6.0, -2.0, 0.0, 3.0, 8.0):
            there = replace(unit, x=unit.x + dx, y=unit.y + dx / 2)
            exact = spot_value(state, data, there, foes, weights, True, known, sight)
            for floor in (exact - 1.0, exact - 1e-9, exact, exact + 1.0):
                found = spot_value(state, data, there, foes, weights, True, known, sight, floor)
                if exact > floor:
                    assert found == exact
                else:
                    assert found <= floor


def test_the_listed_regroupings_are_those_the_group_rules_allow() -> None:
    """RG-GROUP-FORM: every joining the rules allow is listed, and only those."""
    checked = 0
    for game in _random_game(11, 200):
        top = game.state.stack[-1] if game.state.stack else None
        if not isinstance(top, Regrouping) or top.turn >= len(game.state.order):
            continue
        state, data = game.state, game.data
        player = state.order[top.turn]
        listed = {(a.join, a.into) for a in regroup_options(state, data, player)
                  if getattr(a, "join", -1) >= 0}
        allowed = {(a, b) for a in range(len(state.elements)) for b in range(len(state.elements))
                   if merge_refusal(state, data, player, a, b) is None}
        assert listed == allowed
        checked += 1
    assert checked > 3


def test_a_shot_is_judged_the_same_through_a_shared_aim() -> None:
    """RG-FIRE-AIM, RG-FIRE-BANDS, RG-FIRE-LOS, RG-IND, RG-BLAST, RG-FLAME: a shot judged
    through the Aim a turn's listing shares among the unit's weapons gets the answer (the
    same refusal, or none) it gets judged alone, for every weapon, target and kind of shot."""
    checked = legal = 0
    for game in _random_game(5, 160)[::4]:
        top = game.state.stack[-1] if game.state.stack else None
        if not isinstance(top, Activation) or not top.started:
            continue
        state, data = game.state, game.data
        sight = Sight(state, data)
        for unit in top._units(game):
            if not unit.alive or unit.reserve or shooting_block(state, data, unit):
                continue
            for target in state.units:
                if not target.alive or target.reserve or target.player == unit.player:
                    continue
                view = Aim(state, data, unit, target, None, sight)
                for index in range(len(data.units[unit.type].weapons)):
                    for shot in (Shoot(unit.id, index, target.id),
                                 Shoot(unit.id, index, target.id, at_pilot=True),
                                 Shoot(unit.id, index, target.id, indirect=True)):
                        alone = shot_detail(state, data, unit, shot)
                        assert shot_detail(state, data, unit, shot, view=view) == alone
                        checked += 1
                        legal += alone is None
    assert checked > 200 and legal > 10


def test_a_unit_copy_is_the_unit_with_every_field_shared() -> None:
    """RG-INF-INFILTRATE, RG-BOT-COVER: the copy of a unit an infiltrator's placement or a
    bot's spot is tried on (and the observed state) holds every field of the original, the
    same objects, and moving the copy leaves the original where it stood."""
    game = _random_game(3, 40)[-1]
    for unit in game.state.units:
        twin = copy.copy(unit)
        assert twin == unit and twin is not unit
        # the lists are the same objects; numbers compare equal (the compiled Unit keeps
        # them unboxed, so each read makes a new number object)
        assert all(_same(getattr(twin, f.name), getattr(unit, f.name)) for f in fields(Unit))
        twin.x += 1.0
        assert twin.x != unit.x
    state = copy.copy(game.state)
    assert all(getattr(state, f.name) is getattr(game.state, f.name)
               for f in fields(RobogearState))


def _same(a: object, b: object) -> bool:
    return a is b if isinstance(a, list) else a == b


def test_a_written_out_copy_passes_every_field_in_its_place() -> None:
    """RG-INF-INFILTRATE, RG-BOT-COVER: the copies, the unit's __init__ and its pickled
    form read their fields written out (not with ``attrgetter``); with a distinct value in
    every field (and each flag alone true in turn), each lands in its own place, so a field
    added, dropped or passed out of order fails here, as does a default the __init__ gives
    otherwise."""
    flags = flag_count(Unit)
    for hot in range(flags):
        marks = field_marks(Unit, hot)
        twin = copy.copy(Unit(*marks))
        assert [getattr(twin, f.name) for f in fields(Unit)] == marks
        pickled = pickle.loads(pickle.dumps(Unit(*marks)))
        assert [getattr(pickled, f.name) for f in fields(Unit)] == marks
        assert all(_same(getattr(twin, f.name), mark)
                   for f, mark in zip(fields(Unit), marks, strict=True))
    # the unit's written-out __init__ gives every field left out the dataclass's default
    bare = Unit(1, 0, "ferrum-rifleman", "trooper", 0)
    for item in fields(Unit)[5:]:
        default = item.default_factory() if item.default is MISSING else item.default
        assert getattr(bare, item.name) == default, item.name
    assert bare.tokens is not Unit(1, 0, "ferrum-rifleman", "trooper", 0).tokens
    objects = [object() for _ in fields(RobogearState)]
    original = RobogearState(*objects)
    twin = copy.copy(original)
    assert twin is not original
    assert [getattr(twin, f.name) for f in fields(RobogearState)] == objects


def test_an_aim_answers_what_the_table_answers_in_any_order() -> None:
    """RG-FIRE-AIM, RG-FIRE-BANDS, RG-FIRE-LOS, RG-IND, RG-BLAST: each fact an Aim keeps
    (band, a fixed weapon's aim, the hidden share, a spotter's sight, a blast marker of each
    size) is what the table's own functions answer, whichever is asked first; the last
    table has a friend beside the target, so its markers differ by size."""
    mingled = battle(army(("ferrum-rifleman", 2)), army(("verdant-rifleman", 1)))
    put(mingled, 0, 30, 10)
    put(mingled, 1, 30, 22)
    put(mingled, 2, 30, 20)
    checked, differ = 0, False
    for game in [*_random_game(5, 160)[::8], mingled]:
        state, data = game.state, game.data
        sight = Sight(state, data)
        live = [u for u in state.units if u.on_table]
        for unit in live[::3]:
            for target in live:
                if not state.enemies(unit.player, target.player):
                    continue
                view = Aim(state, data, unit, target, None, sight)
                sizes = (40.0, 1.0, 40.0, 10.0) if checked % 2 else (1.0, 10.0, 40.0)
                markers = {size: view.marker(size) for size in sizes}
                assert markers == {size: fire._marker_refusal(state, data, unit, target, size)
                                   for size in sizes}
                differ = differ or len(set(markers.values())) > 1
                assert view.reach == band(gap(unit, target), data.measures.band_edges)
                assert view.aimed() == aimed(unit, target)
                assert view.share() == hidden_share(state, data, unit, target)
                assert view.spotted() == any(
                    eye.on_table and not state.enemies(eye.player, unit.player)
                    and (data.units[eye.type].spotter or data.units[eye.type].radar)
                    and hidden_share(state, data, eye, target) < 1.0 for eye in state.units)
                checked += 1
    assert checked > 50 and differ  # some target's markers differ by size: the key matters


def test_an_aim_tells_a_fixed_flamer_from_a_turreted_one() -> None:
    """RG-FLAME: an Aim asked about a fixed and a turreted flamer at one target answers each
    as the template does, whichever is asked first: facing away, only the turret reaches."""
    flamer = next(w for r in RULES.data.units.values() for w in r.weapons
                  if "flamer" in w.traits)
    game = battle(army(("ferrum-tank", 1)), army(("verdant-tank", 1)))
    state, data = game.state, game.data
    put(game, 0, 30.0, 30.0, 180.0)
    put(game, 1, 30.0, 36.0, 0.0)
    fixed, turret = (flamer.model_copy(update={"turret": t}) for t in (False, True))
    tank, enemy = state.units[0], state.units[1]

    def alone(weapon: WeaponRecord) -> str | None:
        free = swings(tank, data.units[tank.type], weapon)
        return FlamePlan(state, data, tank, free).choose(enemy)[1]

    for first, then in ((fixed, turret), (turret, fixed)):
        view = Aim(state, data, tank, enemy)
        assert [view.flame(first), view.flame(then)] == [alone(first), alone(then)]
    assert alone(turret) is None
    assert alone(fixed) is not None


def test_shooting_block_asked_with_the_listed_enemies_answers_as_with_every_unit() -> None:
    """RG-FIRE-CONTACT, RG-INF-FIRE-CONTACT (a turn's listing, options.unit_options):
    ``shooting_block`` given the player's listed enemies looks only at them; through a
    random game its answer for every unit (the same reason, or none) is the one looking at
    every unit on the table gives."""
    blocked = 0
    for game in _random_game(5, 250):
        state = game.state
        for unit in state.units:
            if not unit.alive or unit.reserve:
                continue
            plain = shooting_block(state, game.data, unit)
            assert shooting_block(state, game.data, unit, enemies_of(state, unit.player)) == plain
            if plain is not None and ("touches" in plain or "close combat" in plain):
                blocked += 1
    assert blocked > 0  # the games do bring units into contact


def test_a_sight_lists_its_screens_when_first_asked_and_answers_as_one_built_at_once() -> None:
    """RG-FIRE-LOS: a Sight lists the machines that can screen a line when first asked, not
    when built; it answers every pair of units on the table as a Sight whose screens were
    listed as soon as it was built, through a random game."""
    checked = 0
    for game in _random_game(2, 120)[::6]:
        state, data = game.state, game.data
        lazy, eager = Sight(state, data), Sight(state, data)
        eager.screens()
        seen = [u for u in state.units if u.on_table]
        for shooter in seen:
            for target in seen:
                if shooter is not target:
                    assert lazy.share(shooter, target) == eager.share(shooter, target)
                    checked += 1
        assert lazy.screens() == eager.screens()
    assert checked > 1000


def test_the_commanders_squad_choice_weighs_as_band_of_gap_does() -> None:
    """RG-BOT-MIRROR (the commander's squad choice, bots._element_value, bots._foes): its
    weighing with the band and gap spelt out, and its enemy list with ``on_table`` spelt
    out, give what ``band(gap(...))`` and ``on_table`` give, for every squad at every state
    of a random game."""
    weighed = 0
    for game in _random_game(4, 200)[::4]:
        state, data = game.state, game.data
        for player in range(state.players):
            foes = _foes(state, player)
            assert foes == [t for t in state.units
                            if state.enemies(t.player, player) and t.on_table]
            for element in state.elements:
                plain = 0.0
                for unit in (state.units[u] for s in element.squads
                             for u in state.squads[s].units):
                    if not unit.on_table:
                        plain = max(plain, 0.1)
                        continue
                    for target in foes:
                        reach = band(gap(unit, target), data.measures.band_edges)
                        if reach is not None:
                            best = max((w.damage[reach] for w in data.units[unit.type].weapons),
                                       default=0)
                            plain = max(plain, best * data.units[target.type].points)
                value = _element_value(state, data, Activate(element.id), foes)
                assert value == plain  # the compiled build returns the float of an int
                weighed += value > 0.1
    assert weighed > 50


def test_the_commander_places_and_advances_alike_with_the_weights_it_already_has() -> None:
    """RG-BOT-COVER, RG-BOT-MIRROR (bots.choose hands its leader weights to _place and
    _advance): through a seeded commander game, every move decision gives the same move with
    the weights handed down as with them worked out afresh, and leaves the weights as they
    were (the shortcut's condition: nothing in the bot changes them)."""
    game = Game.new(RULES, {"armies": ["ferrum", "verdant", "ashen"]}, seed=2, players=3,
                    record_hashes=False, transactional=False)
    agents = [CommanderBot(20 + s) for s in range(3)]
    compared = 0
    for _ in range(250):
        if game.is_over:
            break
        for decision in game.pending():
            if not any(s.action_type is Move for s in decision.spaces):
                continue
            seen = game.observe(decision.player)
            state, data = seen.state, seen.data
            weights = bots._leader_weights(state, data)
            kept = list(weights)
            sight = Sight(state, data)
            assert bots._place(state, data, decision, sight, weights) == bots._place(
                state, data, decision, sight)
            assert bots._advance(state, data, decision, weights) == bots._advance(
                state, data, decision)
            assert weights == kept
            compared += 1
        play_next_decision(game, agents)
    assert compared > 30


def test_the_commander_judges_its_own_moves_and_turns_as_the_engine_does() -> None:
    """RG-MOVE, RG-TURN (bots._lawful): a move or turn the commander builds is asked of the
    decision's own space for that kind instead of the engine's check; over a seeded commander
    game, legal and illegal candidates alike (off the table, too far, too sharp a turn, a
    unit not in the turn) get the same yes or no both ways."""
    game = Game.new(RULES, {"armies": ["ferrum", "verdant", "ashen"]}, seed=4, players=3,
                    record_hashes=False, transactional=False)
    agents = [CommanderBot(40 + s) for s in range(3)]
    legal = illegal = 0
    for _ in range(300):
        if game.is_over:
            break
        for decision in game.pending():
            movers = [s for s in decision.spaces if s.action_type is Move]
            if not movers:
                continue
            seen = game.observe(decision.player)
            units = [*getattr(movers[0], "units", ()), len(seen.state.units) - 1]
            for unit in units:
                for heading in (0.0, 95.5, 180.0, 271.25):
                    for candidate in (Move(unit, heading, 0.7), Move(unit, heading, 9.0),
                                      Move(unit, heading, 80.0), Turn(unit, heading)):
                        lawful = bots._lawful(decision, candidate)
                        assert lawful == (seen.check(candidate) is None), candidate
                        legal += lawful
                        illegal += not lawful
        play_next_decision(game, agents)
    assert legal > 50 and illegal > 50


@given(st.floats(-120.0, 120.0), st.floats(-120.0, 120.0), st.floats(0.2, 4.0),
       st.floats(0.2, 4.0))
def test_band_of_and_gap_at_most_answer_as_band_of_the_gap(
    dx: float, dy: float, first: float, second: float
) -> None:
    """RG-RANGE-BANDS: the bands and reach tests worked out from squared distances give
    what band() and a gap comparison give (or defer to them), so the games stay the same."""
    edges = Measures().band_edges
    gap_value = math.hypot(dx, dy) - first - second
    expected = band(gap_value, edges)
    assert band_of(dx, dy, first, second, edges) == (3 if expected is None else expected)
    for limit in (1.0, *edges):
        assert gap_at_most(dx, dy, first, second, limit) == (gap_value <= limit)


def test_band_of_on_a_band_edge_is_the_band_of_the_gap() -> None:
    """Exactly on each edge, where the squares cannot tell, band() of the gap decides."""
    edges = Measures().band_edges
    for edge in edges:
        found = band(edge, edges)
        assert band_of(edge + 1.0, 0.0, 0.5, 0.5, edges) == (3 if found is None else found)


coordinates = st.floats(-5.0, 45.0, allow_nan=False)


@given(coordinates, coordinates, coordinates, coordinates,
       st.tuples(coordinates, coordinates, coordinates, coordinates))
def test_a_line_of_sight_meets_a_box_where_shapely_says_it_does(
    x0: float, y0: float, x1: float, y1: float, box: tuple[float, float, float, float]
) -> None:
    """RG-SIGHT: the clipping a sight asks of each piece (unrolled, tuple-free) meets a
    piece exactly where the segment and the box intersect, away from grazing touches."""
    import shapely

    from warbench.rulesets.robogear.table import _clips

    bx0, bx1 = sorted(box[0::2])
    by0, by1 = sorted(box[1::2])
    segment = shapely.LineString([(x0, y0), (x1, y1)])
    if (x0, y0) == (x1, y1):
        segment = shapely.Point(x0, y0)
    area = shapely.box(bx0, by0, bx1, by1)
    if segment.distance(area.boundary) < 1e-6:
        return  # a graze: either answer is within rounding
    assert _clips(bx0, by0, bx1, by1, x0, y0, x1, y1) == segment.intersects(area)
