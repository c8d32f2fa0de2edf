"""Events: every one typed and registered; hull points lost and models lost, per model class."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    owed,
    play,
    scripted,
    seeded,
    setup,
    squadron,
)
from tests.rulesets.dystopian_wars.helpers import model as model_of
from warbench.core.events import UnitDamaged
from warbench.core.match import MatchResult, play_match
from warbench.core.replay import replay, replay_steps
from warbench.core.sim.units import tally_units
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.actions import Decline
from warbench.rulesets.dystopian_wars.bots import CommodoreBot
from warbench.rulesets.dystopian_wars.damage import CriticalRolls, lose_hull
from warbench.rulesets.dystopian_wars.events import CriticalResult
from warbench.rulesets.dystopian_wars.flyers import strike_wing
from warbench.rulesets.dystopian_wars.repairs import burn
from warbench.rulesets.dystopian_wars.state import DWState, Model
from warbench.testing import unit_tallies

RULES = DystopianWarsRuleset()


def test_unit_events_match_the_hull_lost_and_models_lost_in_a_bot_game() -> None:
    """Per player and model class, the unit_damaged amounts add up to the hull points the
    final state shows lost, every model lost (destroyed, captured...) has one
    unit_destroyed, and damage is credited to classes on the table."""
    result = play_match(RULES, [CommodoreBot(1), CommodoreBot(2)], seed=1)
    models = final_models(result)
    for event in result.events:
        assert RULES.event_codec.decode(event.to_plain()) == event
    tallies = unit_tallies(result.events)
    lost: Counter[tuple[int, str]] = Counter()
    for model in models:
        lost[model.player, model.cls] += model.fate != ""
    shown = damage_shown(result)
    assert +Counter(tallies.damaged) == +shown and sum(shown.values()) > 0
    assert any(RULES.data.models[cls].tiny for _, cls in +shown)  # wings' tokens count
    assert +tallies.destroyed == +lost and sum(lost.values()) > 0
    assert tallies.dealers and tallies.dealers <= {(model.player, model.cls) for model in models}


def final_models(result: MatchResult) -> list[Model]:
    final = replay(result.journal).state
    assert isinstance(final, DWState)
    return final.models


def damage_shown(result: MatchResult) -> Counter[tuple[int, str]]:
    """Per player and model class, the damage the game's states show: hull points lost
    (overkill not counted; no repair in these games) and, for wings, tokens lost."""
    start: dict[int, int] = {}
    final: DWState | None = None
    for _, game in replay_steps(result.journal, verify=False):
        final = game.state
        for model in final.models:  # wings launched later join the table then
            start.setdefault(model.uid, model.tokens)
    assert final is not None
    shown: Counter[tuple[int, str]] = Counter()
    for model in final.models:
        if RULES.data.models[model.cls].tiny:
            shown[model.player, model.cls] += start[model.uid] - model.tokens
        else:
            shown[model.player, model.cls] += min(model.damage, RULES.data.models[model.cls].hp)
    return shown


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_books_balance_in_commodore_mirrors(seed: int) -> None:
    """docs/simulate.md, the unit table: every hull point (and wing token) lost is taken by
    its unit, and the damage a side's units dealt is exactly the damage the other side's
    units took, less what nobody dealt (terrain, fuel...) and its own friendly fire."""
    result = play_match(RULES, [CommodoreBot(seed), CommodoreBot(seed + 100)], seed=seed)
    tallies = tally_units(result.events, seats=(0, 1), fielded=({}, {}))
    dealt = [sum(t.damage_dealt for t in tallies if t.side == side) for side in (0, 1)]
    taken = [sum(t.damage_taken for t in tallies if t.side == side) for side in (0, 1)]
    undealt = [0.0, 0.0]
    for event in result.events:
        if isinstance(event, UnitDamaged) and event.by_player in (None, event.player):
            undealt[event.player] += event.amount
    assert dealt[0] == taken[1] - undealt[1] and dealt[1] == taken[0] - undealt[0]
    assert dealt[0] > 0 and dealt[1] > 0
    shown = damage_shown(result)
    assert taken == [sum(v for (p, _), v in shown.items() if p == side) for side in (0, 1)]


def test_a_raging_fire_burns_for_the_attacker_whose_critical_started_it() -> None:
    """A raging fire set by a critical hit is that attacker's damage when it burns (and when
    it spreads); the critical result names the attacker."""
    game = scripted(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0), name="Sovereign")],
        [squadron("prussia-cruiser", (36.0, 40.0, 180.0), name="Kolberg")],
    ), (*P0_FIRST, 1, 6, 4, 5))
    ship, cruiser = model_of(game, 0), model_of(game, 1)
    game_state = game.state
    assert isinstance(game_state, DWState)
    game_state.stack.append(CriticalRolls(ship.uid, 1, cruiser.uid))
    game._pending = None
    game._advance()
    while "re-roll" in owed(game).prompt:  # a commodore's re-roll of the table: declined
        play(game, Decline())
    assert ship.markers == {"raging-fire": 1}
    assert [e.by_model for e in game.events if isinstance(e, CriticalResult)] == [cruiser.uid]
    burn(game, game_state)  # 6: it burns and spreads
    assert ship.damage == 1 and ship.markers == {"raging-fire": 2}
    burn(game, game_state)  # 4 and 5: both fires burn, the spread one too
    assert ship.damage == 3
    burns = [e for e in game.events if isinstance(e, UnitDamaged)]
    assert [(e.player, e.amount, e.by_player, e.by_unit_type) for e in burns] == [
        (0, 1, 1, "prussia-cruiser")
    ] * 3


def test_tokens_shot_down_are_the_shooters_damage() -> None:
    """A wing's tokens are its hull points: each one shot down is damage taken by the wing
    and dealt by the model that struck it."""
    game = seeded(setup(
        [squadron("britannia-battleship", (36.0, 10.0, 0.0))],
        [squadron("prussia-fighter-wing", (36.0, 20.0, 180.0), count=4)],
    ))
    ship, wing = model_of(game, 0), model_of(game, 1)
    assert wing.tokens == 4
    for _ in range(200):
        if strike_wing(game, ship.player, wing, 6, 6, label="test", by_model=ship.uid):
            break
    hits = [e for e in game.events if isinstance(e, UnitDamaged)]
    assert sum(e.amount for e in hits) == 4 - wing.tokens > 0
    assert {(e.player, e.unit_type, e.by_player, e.by_unit_type) for e in hits} == {
        (1, "prussia-fighter-wing", 0, "britannia-battleship")
    }


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
