"""DW-VP in the simulation's unit tables: the victory points each class won for its fleet,
credited to the model that destroyed or captured each enemy model (docs/simulate.md)."""

from __future__ import annotations

import pytest

from tests.rulesets.dystopian_wars.helpers import (
    P0_FIRST,
    model,
    owed,
    play,
    scripted,
    seeded,
    setup,
    squadron,
    state,
)
from tests.rulesets.dystopian_wars.test_boarding import ALONGSIDE
from warbench.core.events import PointsScored, UnitDestroyed
from warbench.core.match import play_match
from warbench.core.sim.units import tally_units
from warbench.rulesets.dystopian_wars import DystopianWarsRuleset
from warbench.rulesets.dystopian_wars.actions import Activate, Board, CeaseFire, Garrison, Move
from warbench.rulesets.dystopian_wars.bots import CommodoreBot
from warbench.rulesets.dystopian_wars.damage import destroy, lose_hull
from warbench.rulesets.dystopian_wars.victory import credit_prizes, victory_points

RULES = DystopianWarsRuleset()


def test_dw_vp_a_model_sunk_is_worth_its_points_to_the_class_that_sank_it() -> None:
    """A frigate sunk by a cruiser's guns scores the frigate's points for the cruiser's
    class; a model that drifts off the table scores its points for nobody's."""
    game = seeded(setup(
        [squadron("britannia-frigate", (10, 10, 0), (14, 10, 0))],
        [squadron("prussia-cruiser", (40, 30, 180))],
    ))
    first, second, cruiser = model(game, 0), model(game, 1), model(game, 2)
    lose_hull(game, first, 2, "test", by_model=cruiser.uid)
    destroy(game, second, "destroyed", "drifted off the table")
    losses = [e for e in game.events if isinstance(e, UnitDestroyed)]
    points = float(RULES.data.models["britannia-frigate"].points)
    assert [(e.unit_type, e.player, e.points, e.by_player, e.by_unit_type) for e in losses] == [
        ("britannia-frigate", 0, points, 1, "prussia-cruiser"),
        ("britannia-frigate", 0, points, None, None),
    ]
    tallies = {t.unit_type: t for t in tally_units(game.events, (0, 1), ({}, {}))}
    assert tallies["prussia-cruiser"].points_destroyed == points
    assert tallies["britannia-frigate"].points_lost == 2 * points


def test_dw_vp_a_capture_and_a_prize_held_count_for_the_boarders_class() -> None:
    """DW-CAPTURE, DW-PRIZE, DW-VP: the cruiser's boarders take a frigate and leave a prize
    crew; the capture scores the frigate's points for the cruiser's class, and the prize
    still held at the end scores them once more: the class is credited exactly the
    victory points its fleet scores."""
    faces = [5, 1, 1, 4, 4, 1, 1, 1, 1, 4, 1, 1]  # as test_boarding_capture_and_prize
    game = scripted(ALONGSIDE, [*P0_FIRST, *faces])
    play(game, Activate(0), Move(0, (2.0,)), CeaseFire(), Board(0, 1, 5))
    play(game, owed(game).options[0], Garrison(1))
    frigate = model(game, 1)
    assert (frigate.prize_of, frigate.prize_ap) == (0, 1)
    credit_prizes(game)
    points = float(RULES.data.models["prussia-frigate"].points)
    prize = [e for e in game.events if isinstance(e, PointsScored)]
    assert [(e.unit_type, e.player, e.points, e.by_player, e.by_unit_type) for e in prize] == [
        ("prussia-frigate", 1, points, 0, "britannia-cruiser")
    ]
    tallies = {t.unit_type: t for t in tally_units(game.events, (0, 1), ({}, {}))}
    assert tallies["britannia-cruiser"].points_destroyed == 2 * points
    assert victory_points(state(game), RULES.data, 0) == 2 * points


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dw_vp_the_points_credited_and_those_nobody_won_add_up_to_each_score(
    seed: int,
) -> None:
    """In commodore games, each fleet's score (DW-VP) is the points its classes are credited
    with, plus those of enemy models lost to nobody (off the table, out of fuel, aground)
    or to their own fleet: the unit table's points destroyed are the score, split by
    class."""
    result = play_match(RULES, [CommodoreBot(seed), CommodoreBot(seed + 100)], seed=seed)
    assert result.outcome is not None
    tallies = tally_units(result.events, seats=(0, 1), fielded=({}, {}))
    credited = [sum(t.points_destroyed or 0.0 for t in tallies if t.side == side)
                for side in (0, 1)]
    unearned = [0.0, 0.0]
    for event in result.events:
        if isinstance(event, UnitDestroyed | PointsScored) and event.by_player in (
            None, event.player
        ):
            unearned[1 - event.player] += event.points or 0.0
    assert [c + u for c, u in zip(credited, unearned, strict=True)] == list(
        result.outcome.scores)
    assert credited[0] > 0 and credited[1] > 0
