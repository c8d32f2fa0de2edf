"""Events: every one typed and registered; hull points lost and models lost, per model class."""

from __future__ import annotations

from collections import Counter

from tests.rulesets.dystopian_wars.helpers import model as model_of
from tests.rulesets.dystopian_wars.helpers import seeded, setup, squadron
from warbench.core.events import UnitDamaged
from warbench.core.match import play_match
from warbench.core.replay import replay
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.bots import CommodoreBot
from warbench.rulesets.dystopian_wars.damage import lose_hull
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
    for model in models:  # overkill is not counted (no repair in this game)
        shown[model.player, model.cls] += min(model.damage, RULES.data.models[model.cls].hp)
        lost[model.player, model.cls] += model.fate != ""
    assert +Counter(tallies.damaged) == +shown and sum(shown.values()) > 0
    assert +tallies.destroyed == +lost and sum(lost.values()) > 0
    assert tallies.dealers and tallies.dealers <= {(model.player, model.cls) for model in models}


def test_damage_figures_count_the_hull_left_not_overkill() -> None:
    """DW-HP and the unit events of docs/simulate.md: a frigate (2 hull points) hit for 5
    took 2, and one with 1 point left hit for 3 took 1: simulate's "taken" and "dealt"
    figures counted 5 and 3 (4 frigates of 2 hull points showed 9 taken a game)."""
    game = seeded(setup(
        [squadron("britannia-frigate", (10, 10, 0), (14, 10, 0))],
        [squadron("prussia-cruiser", (40, 30, 180))],
    ))
    first, second, cruiser = model_of(game, 0), model_of(game, 1), model_of(game, 2)
    assert RULES.data.models[first.cls].hp == 2
    lose_hull(game, first, 5, "test", by_model=cruiser.uid)
    lose_hull(game, second, 1, "test", by_model=cruiser.uid)
    lose_hull(game, second, 3, "test", by_model=cruiser.uid)
    amounts = [event.amount for event in game.events if isinstance(event, UnitDamaged)]
    assert amounts == [2, 1, 1]
    assert not first.alive and not second.alive
