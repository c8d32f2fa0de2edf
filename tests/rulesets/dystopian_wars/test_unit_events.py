"""Events: every one typed and registered; hull points lost and models lost, per model class."""

from __future__ import annotations

from collections import Counter

from warbench.core.match import play_match
from warbench.core.replay import replay
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.bots import CommodoreBot
from warbench.rulesets.dystopian_wars.state import DWState
from warbench.testing import unit_tallies

RULES = DystopianWarsRuleset()


def test_unit_events_match_the_hull_lost_and_models_lost_in_a_bot_game() -> None:
    """Per player and model class, the unit_damaged amounts add up to the hull points the
    final state shows lost, every model lost (destroyed, captured...) has one
    unit_destroyed, and damage is credited to classes on the table."""
    result = play_match(RULES, [CommodoreBot(1), CommodoreBot(2)], seed=1)
    final = replay(result.journal).state
    assert isinstance(final, DWState)
    models = final.models
    for event in result.events:
        assert RULES.event_codec.decode(event.to_plain()) == event
    tallies = unit_tallies(result.events)
    shown: Counter[tuple[int, str]] = Counter()
    lost: Counter[tuple[int, str]] = Counter()
    for model in models:
        shown[model.player, model.cls] += model.damage
        lost[model.player, model.cls] += model.fate != ""
    assert +Counter(tallies.damaged) == +shown and sum(shown.values()) > 0
    assert +tallies.destroyed == +lost and sum(lost.values()) > 0
    assert tallies.dealers and tallies.dealers <= {(model.player, model.cls) for model in models}
