"""Luck by outcome in every ruleset: each roll of a played game names the seat that rolled
it, and every effect a ruleset records is answered by its exact odds (FT-LUCK, DW-LUCK,
ARM-LUCK, HOR-LUCK, RG-LUCK)."""

from __future__ import annotations

import math

import pytest

from warbench.core.events import Roll, RollEffect
from warbench.core.luck import effect_distribution, luck_report
from warbench.core.match import play_match
from warbench.core.registry import ruleset

#: Rolls that belong to the table, not to a seat: Armada's set-up distance.
TABLE_ROLLS = {"set-up distance"}


@pytest.mark.long
@pytest.mark.parametrize(
    "ruleset_id", ["full-thrust", "dystopian-wars", "armada", "hordes", "robogear"]
)
def test_every_roll_of_a_bot_game_has_a_seat_and_every_effect_its_odds(ruleset_id: str) -> None:
    """FT-LUCK, DW-LUCK, ARM-LUCK, HOR-LUCK, RG-LUCK: a whole game between the best bots."""
    rules = ruleset(ruleset_id)
    bot = next(name for name in rules.bots() if name != "random")
    agents = [rules.bots()[bot](seat) for seat in range(rules.min_players)]
    result = play_match(rules, agents, seed=2, record_hashes=False)
    rolls = [e for e in result.events if isinstance(e, Roll)]
    assert rolls and all(r.player is not None for r in rolls if r.label not in TABLE_ROLLS)
    effects = [e for e in result.events if isinstance(e, RollEffect)]
    odds = rules.effect_odds  # the data is the ruleset's own
    for effect in effects:
        dist = effect_distribution(effect, lambda q, a: odds(rules.data, q, a))
        assert math.isclose(sum(p for _, p in dist.items()), 1.0, abs_tol=1e-9)
        assert dist.p(effect.effect) > 0, f"{effect} is impossible under its own odds"
    report = luck_report(result.events, lambda q, a: odds(rules.data, q, a))
    assert set(report.sides) <= set(range(rules.min_players))
    assert all(0.0 < side.percentile < 1.0 for side in report.sides.values())
