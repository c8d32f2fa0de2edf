"""The Full Thrust search's value of a play-out cut off before the end (FT-END-TURNS): what
each fleet has lost by the victory points and its hull, and what the enemy's guns can
expect to take in the fire to come, ships' guns and fighter groups' attacks
(bots_standing.py)."""

from __future__ import annotations

import math
from typing import Any

import warbench
from warbench.core.engine import Game
from warbench.core.match import play_next_decision
from warbench.core.search import SearchFactory
from warbench.rulesets.full_thrust.arcs import heading_of
from warbench.rulesets.full_thrust.bots import AdmiralBot, expected_damage
from warbench.rulesets.full_thrust.bots_search import writes_orders
from warbench.rulesets.full_thrust.bots_standing import (
    THREAT_WEIGHT,
    fighter_mean,
    losses,
    moved,
    standing,
    turn,
)
from warbench.rulesets.full_thrust.damage import armour_left, screens_of
from warbench.rulesets.full_thrust.declarations import attacks_ships, profile
from warbench.rulesets.full_thrust.fire import usable_weapons
from warbench.rulesets.full_thrust.state import DESTROYED, IN_SPACE

RULES = warbench.ruleset("full-thrust")


def opening() -> Game[Any, Any]:
    return Game.new(RULES, seed=3)


def test_a_battle_out_of_reach_is_level() -> None:
    """At the start no ship has lost anything and no gun reaches: 0.5 each."""
    game = opening()
    assert losses(game) == [0.0, 0.0]
    assert standing(game) == (0.5, 0.5)


def test_a_destroyed_ship_counts_in_full_and_a_hurt_one_in_part() -> None:
    """A ship destroyed costs its player its points (FT-END-TURNS); a ship with hull gone
    costs less; the standings of two players add up to one."""
    game = opening()
    ships = game.state.ships
    one = next(s for s in ships if s.player == 1)
    points = game.data.designs[one.design].points
    one.hull_hits = 1
    hurt = losses(game)[1]
    assert 0 < hurt < points
    one.status = DESTROYED
    assert losses(game)[1] == points
    zero, first = standing(game)
    assert zero > 0.5 > first and math.isclose(zero + first, 1.0)


def test_guns_that_bear_threaten_the_ship_they_hurt_most() -> None:
    """An enemy ship brought within reach and arc of a ship is threatened: its player's
    loss rises by the share of its hull the mean damage takes, weighed by its points."""
    game = opening()
    state, lib = game.state, game.data
    shooter = next(s for s in state.ships if s.player == 0 and usable_weapons(lib, s))
    target = next(s for s in state.ships if s.player == 1)
    others = [s for s in state.ships if s is not shooter and s is not target]
    for ship in others:  # out of the way, far off
        ship.x, ship.y = (5.0, 5.0) if ship.player == 0 else (state.width - 5, 5.0)
    target.x, target.y = state.width - 5, 5.0
    assert losses(game)[1] == 0.0
    radians = math.radians(heading_of(shooter.facing))
    target.x = shooter.x + 6 * math.sin(radians)
    target.y = shooter.y + 6 * math.cos(radians)
    mean = expected_damage(lib, shooter, target, usable_weapons(lib, shooter))
    assert mean > 0
    assert losses(game)[1] > 0.0
    assert standing(game)[0] > 0.5


def test_the_search_values_play_outs_once_the_ships_have_moved() -> None:
    """The ruleset's search bot values cut-off play-outs by this standing and stops them
    once the ships have moved (phase 5), before the dice of their fire: at the orders the
    horizon is not reached, from the declarations to the ship fire it is."""
    factory = RULES.bots()["search"]
    assert isinstance(factory, SearchFactory)
    assert factory.standing is standing and factory.horizon is moved
    game = opening()
    bots = [AdmiralBot(1), AdmiralBot(2)]
    seen: dict[int, bool] = {}
    while game.state.turn == 1 and not game.is_over:
        seen.setdefault(game.state.phase, moved(game))
        play_next_decision(game, bots)
    assert seen[1] is False
    assert all(seen[phase] for phase in seen if 6 <= phase <= 9)
    assert not any(seen[phase] for phase in seen if phase < 6 or phase > 9)


def test_the_search_looks_to_the_end_of_the_next_turns_movement() -> None:
    """With ``turns=2`` a play-out from an order stops once the ships have moved in the
    next turn (FT-SEQ-PHASES, the turn as the clock), not in this one (the ruleset's own
    budget looks further still, ``turns=5``); from a decision at the fire the horizon is
    off (its root is marked itself)."""
    factory = RULES.bots()["search"]
    assert isinstance(factory, SearchFactory) and factory.clock is turn
    assert factory.budget.turns == 5
    bot = factory.configure({"turns": "2"})(1)
    game = opening()
    stop = bot._horizon(game)
    assert stop is not None and not stop(game)
    bots = [AdmiralBot(1), AdmiralBot(2)]
    stops: dict[tuple[int, int], bool] = {}
    while game.state.turn <= 2 and not game.is_over:
        stops.setdefault((game.state.turn, game.state.phase), stop(game))
        play_next_decision(game, bots)
    # decisions once the ships moved in turn 1, where a one-turn horizon would stop
    assert any(turn_ == 1 and 6 <= phase <= 9 for turn_, phase in stops)
    assert not any(stopped for (turn_, _), stopped in stops.items() if turn_ == 1)
    assert any(stopped for (turn_, _), stopped in stops.items() if turn_ == 2)
    assert all(stopped == (6 <= phase <= 9) for (turn_, phase), stopped in stops.items()
               if turn_ == 2)
    while not moved(game):
        play_next_decision(game, bots)
    assert bot._horizon(game) is None  # a root at the fire plays on to the depth
    one_turn = factory.configure({"turns": "1"})(1)._horizon(opening())
    assert one_turn is moved


def test_the_search_searches_the_orders_and_answers_the_rest_as_the_admiral() -> None:
    """The search bot searches the ships' orders only: at the fire, defence and fighter
    decisions its overrules added only variance (docs/agents.md), so it answers them with
    the admiral's choice, without a search."""
    factory = RULES.bots()["search"].configure({"iterations": "1", "depth": "4"})
    search = factory(5)
    game = opening()
    admiral = AdmiralBot(8)
    searched = unsearched = 0
    while game.state.turn <= 2 and not game.is_over:
        decision = game.pending()[0]
        observation = game.observe(decision.player)
        if decision.player == 1:
            game.apply(1, admiral.choose(observation, decision))
            continue
        before = search.cost.decisions
        game.apply(0, search.choose(observation, decision))
        if writes_orders(decision):
            searched += search.cost.decisions - before
        elif len(decision.options) > 1:
            assert search.cost.decisions == before, decision.prompt
            unsearched += 1
    assert searched > 0 and unsearched > 0


def test_a_fighter_group_threatens_the_ship_in_its_reach() -> None:
    """A fighter group out on the table threatens the enemy ship it can reach this turn
    (its move if it has not moved, the attack range, and the secondary move if it has the
    endurance to spare, as the target declarations offer them): that ship's
    player's loss rises by the share of its hull the group's mean damage takes (exact
    odds of its dice), weighed by its points. Out of reach, or once moved and farther
    than the attack reach, it threatens nothing (FT-FTR-LAUNCH's groups, FT-END-TURNS)."""
    game = opening()
    state, lib = game.state, game.data
    group = next(g for g in state.groups if attacks_ships(lib, g))
    target = next(s for s in state.ships if s.player != group.player)
    for ship in state.ships:  # every ship far apart and out of the others' reach
        ship.x = 5.0 + 40.0 * ship.id
        ship.y = 5.0
    before = losses(game)
    group.status, group.x, group.y = IN_SPACE, target.x, target.y + 200.0
    assert losses(game) == before  # out on the table, nothing in reach
    rules = lib.rules.fighters
    group.y = target.y + rules.attack_range + rules.secondary_move + 1.0
    group.moved = False  # its move still to come brings the ship within reach
    cls = lib.designs[target.design]
    fighting = profile(lib, group)
    each = fighter_mean(fighting.ship_attack, fighting.ship_modifier,
                        screens_of(cls, target), armour_left(cls, target) > 0)
    share = min(1.0, group.count * each / (cls.hull - target.hull_hits))
    expected = THREAT_WEIGHT * share * cls.points
    assert math.isclose(losses(game)[target.player], before[target.player] + expected)
    group.moved = True  # moved: only the attack reach is left
    assert losses(game) == before
    group.y = target.y + rules.attack_range + rules.secondary_move - 1.0
    group.endurance = 2  # the secondary move spends endurance it has to spare
    assert losses(game)[target.player] > before[target.player]
    group.endurance = 1
    assert losses(game) == before
