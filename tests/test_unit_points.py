"""Points destroyed in every ruleset: each model lost carries what its loss is worth, and
the unit type whose attack destroyed it is named, so the simulation's unit tables can say
which units earn their points (docs/simulate.md; DW-UNIT-POINTS, ARM-UNIT-POINTS,
FT-UNIT-POINTS, HOR-UNIT-POINTS, RG-UNIT-POINTS)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from warbench.core.events import PointsScored, UnitDestroyed
from warbench.core.registry import ruleset
from warbench.core.sim.plan import default_sides, prepare
from warbench.core.sim.play import play_to_end, record_of

#: Each ruleset's cost of one model of a unit type, from its own data.
COSTS: dict[str, Callable[[Any, str], float]] = {
    "dystopian-wars": lambda data, unit: data.models[unit].points,
    "full-thrust": lambda data, unit: data.designs[unit].points,
    "hordes": lambda data, unit: data.models[unit].points,
    "robogear": lambda data, unit: data.units[unit].points,
}


@pytest.mark.parametrize("ruleset_id", sorted(COSTS))
def test_a_model_lost_is_worth_its_cost_to_the_enemy_unit_that_destroyed_it(
    ruleset_id: str,
) -> None:
    """DW-UNIT-POINTS, FT-UNIT-POINTS, HOR-UNIT-POINTS, RG-UNIT-POINTS: in bot games of the
    demo set-up, every model lost is worth its cost in the ruleset's data, most are
    credited to an enemy unit type on the table, and each side's points destroyed in the
    unit tallies are the points of the enemy models credited to its types."""
    rules = ruleset(ruleset_id)
    plan = prepare(rules, default_sides(rules), seed=3)
    credited = 0
    for index in range(3):
        game = play_to_end(plan, index)
        record = record_of(plan, index, game)
        fielded = rules.fielded(game.state)
        assert fielded is not None
        owed = [0.0] * len(record.seats)
        for event in game.events:
            if isinstance(event, PointsScored):  # a DW prize held at the end: once more
                assert event.points == COSTS[ruleset_id](rules.data, event.unit_type)
                assert event.by_player is not None and event.by_player != event.player
                owed[record.seats[event.by_player]] += event.points
                continue
            if not isinstance(event, UnitDestroyed):
                continue
            assert event.points == COSTS[ruleset_id](rules.data, event.unit_type)
            if event.by_unit_type is not None and event.by_player != event.player:
                assert event.by_player is not None
                assert event.by_unit_type in fielded[event.by_player]
                owed[record.seats[event.by_player]] += event.points
                credited += 1
        destroyed = [0.0] * len(record.seats)
        for tally in record.units:
            destroyed[tally.side] += tally.points_destroyed or 0.0
        assert destroyed == owed
    assert credited > 0


def test_a_fleet_disabled_or_destroyed_scores_its_build_points_once() -> None:
    """ARM-UNIT-POINTS: a fleet's build points are scored once, when it first stops
    fighting (disabled, or destroyed outright), for the fleet whose hit did it; the points
    credited to each side's fleets, plus those nobody's hit won (a long rout), are the
    side's score (build points beaten)."""
    rules = ruleset("armada")
    plan = prepare(rules, default_sides(rules), seed=1)
    credited_any = 0.0
    for index in range(2):
        game = play_to_end(plan, index)
        record = record_of(plan, index, game)
        unearned = [0.0] * len(record.seats)
        for event in game.events:
            if isinstance(event, UnitDestroyed | PointsScored) and event.by_player is None:
                unearned[record.seats[1 - event.player]] += event.points or 0.0
        credited = [0.0] * len(record.seats)
        for tally in record.units:
            credited[tally.side] += tally.points_destroyed or 0.0
        assert [c + u for c, u in zip(credited, unearned, strict=True)] == list(record.scores)
        credited_any += sum(credited)
    assert credited_any > 0
