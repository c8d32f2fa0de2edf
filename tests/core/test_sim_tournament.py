"""Round robins: every pair plays, a win matrix, ratings; bad lists fail first."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.test_sim_plan import ListDuel, army, sides
from warbench.core.sim.plan import ArmyListRejected, BadMatchup, Side
from warbench.core.sim.store import ResultStore
from warbench.core.sim.tournament import TooFewLists, pair_plans, round_robin


def test_every_pair_plays_and_the_strongest_list_rates_highest() -> None:
    contenders = sides("recruit", "champion", "veteran")
    plans = pair_plans(ListDuel(), contenders, seed=3)
    assert [(i, j) for i, j, _ in plans] == [(0, 1), (0, 2), (1, 2)]
    assert len({plan.seed for _, _, plan in plans}) == 3
    result = round_robin(contenders, plans, 16, resamples=50, seed=3)
    for i in range(3):
        for j in range(3):
            if i != j:
                assert result.games(i, j) == 16
                assert result.draws[i, j] == result.draws[j, i]
    order = sorted(result.ratings, key=lambda rating: -rating.rating)
    assert [rating.label for rating in order] == ["champion", "veteran", "recruit"]
    plain = result.to_plain()
    assert plain["lists"] == ["recruit", "champion", "veteran"]
    assert plain["wins"][1][0] == int(result.wins[1, 0])


def test_the_same_seed_gives_the_same_tournament(tmp_path: Path) -> None:
    contenders = sides("recruit", "veteran")
    plans = pair_plans(ListDuel(), contenders, seed=5)
    with ResultStore(tmp_path / "r.sqlite") as store:
        stored = round_robin(contenders, plans, 6, store=store, resamples=10)
    again = round_robin(contenders, plans, 6, resamples=10)
    assert (stored.wins == again.wins).all() and stored.ratings == again.ratings


def test_bad_lists_fail_before_any_pair_plays() -> None:
    contenders = [*sides("recruit", "veteran"), Side("big", army("Big", "champion", points=10))]
    with pytest.raises(ArmyListRejected, match="big: units: total 20 points exceeds the cap"):
        pair_plans(ListDuel(), contenders)
    with pytest.raises(TooFewLists, match="at least two lists, got 1"):
        pair_plans(ListDuel(), sides("recruit"))
    with pytest.raises(BadMatchup, match="one per list"):
        pair_plans(ListDuel(), sides("recruit", "veteran", "champion"), bots=["calm", "calm"])
