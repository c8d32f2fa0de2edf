"""Units fielded in the default set-up: without an army list, ``simulate`` counts each
side's units from the table (``Ruleset.fielded``), so the unit table gives survival rates
for the default battle of every ruleset, not only for lists."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.core.test_sim_plan import ListDuel
from warbench.core.engine import Game
from warbench.core.registry import ruleset
from warbench.core.sim.plan import default_sides, prepare
from warbench.core.sim.play import play_game, play_to_end

RULESETS = ["dystopian-wars", "armada", "full-thrust", "hordes", "robogear"]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_default_set_up_counts_what_each_side_fields(ruleset_id: str) -> None:
    """Every unit type a side lost or took damage with is counted as fielded, never fewer
    than were lost, and every type on the table at the start is counted at least as often
    as it stood there then (more where units join during the battle: launched wings)."""
    rules = ruleset(ruleset_id)
    plan = prepare(rules, default_sides(rules), seed=3)
    record = play_game(plan, 0)
    assert record.units
    fielded = {(tally.side, tally.unit_type): tally.fielded for tally in record.units}
    for tally in record.units:
        assert tally.fielded >= max(1, tally.lost), tally
    start = Game.new(rules, plan.setup(0), seed=record.seed, players=len(record.seats))
    counted = rules.fielded(start.state)
    assert counted is not None and len(counted) == len(record.seats)
    for seat, side in enumerate(record.seats):
        assert counted[seat], f"seat {seat} fields nothing at the start"
        for unit_type, count in counted[seat].items():
            assert fielded[(side, unit_type)] >= count, (side, unit_type)


def test_the_counts_are_the_state_s_units_by_player_and_type() -> None:
    """Full Thrust's default battle: the ships of each fleet, by design, as its unit events
    name them, destroyed ships included."""
    rules = ruleset("full-thrust")
    plan = prepare(rules, default_sides(rules), seed=3)
    game = play_to_end(plan, 0)
    counted = rules.fielded(game.state)
    assert counted is not None
    for player in range(game.state.players):
        ships = Counter(ship.design for ship in game.state.ships if ship.player == player)
        assert counted[player] == dict(ships)


def test_a_ruleset_that_does_not_count_leaves_fielded_empty() -> None:
    """A ruleset without the count (the test duel) still gets its losses and damage, with
    nothing fielded: the table shows ``-`` as before."""
    rules = ListDuel()
    assert rules.fielded(Game.new(rules, rules.default_setup(), seed=1, players=2).state) is None
    plan = prepare(rules, default_sides(rules), seed=3)
    record = play_game(plan, 0)
    assert record.units and all(tally.fielded == 0 for tally in record.units)
