"""The speed work keeps every answer: shared sight, per-catalog facts, remembered samples,
the bot's floor and the regroup listing give what the rules and the bot gave without them."""

from __future__ import annotations

from dataclasses import replace

from tests.robogear.helpers import RULES, army, battle, put
from warbench.core.agents import RandomAgent
from warbench.core.catalog import Catalog
from warbench.core.engine import Game
from warbench.core.match import play_next_decision
from warbench.rulesets.robogear.data import RobogearData, UnitRecord
from warbench.rulesets.robogear.facts import flyer_types
from warbench.rulesets.robogear.groups import Regrouping, merge_refusal, regroup_options
from warbench.rulesets.robogear.options import unit_options
from warbench.rulesets.robogear.positions import duels, spot_value
from warbench.rulesets.robogear.spaces import DrawnSpace
from warbench.rulesets.robogear.state import RobogearState
from warbench.rulesets.robogear.table import Sight
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
    """RG-MOVE-FLY: which types fly is kept per catalog; a player's catalog where a walker
    flies is a new catalog and answers for itself."""
    data = RULES.data
    walker = next(key for key, record in data.units.items() if record.chassis == "walker")
    assert walker not in flyer_types(data)
    winged = data.units[walker].model_copy(update={"chassis": "flyer"})
    units = Catalog(UnitRecord, {**dict(data.units.items()), walker: winged}, kind="unit")
    mine = RobogearData(units, data.armies, data.rules, data.tables)
    assert walker in flyer_types(mine)
    assert walker not in flyer_types(data)


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
