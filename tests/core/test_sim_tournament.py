"""Round robins: every pair (or table of N lists) plays, a win matrix, ratings; bad lists
fail first."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.test_sim_plan import ListDuel, army, sides
from warbench.core.ruleset import SetupError
from warbench.core.sim.plan import ArmyListRejected, BadMatchup, Side
from warbench.core.sim.store import ResultStore
from warbench.core.sim.tournament import TooFewLists, pair_plans, round_robin, table_plans


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


def test_three_player_tables_seat_every_trio_and_rate_the_strongest_first() -> None:
    """Four lists, three-player games: each of the four trios plays a run whose seats rotate;
    each game counts for the pairs at its table (a winner beats the others, the others draw
    each other), so two lists meet in two tables' games."""
    contenders = sides("recruit", "champion", "veteran", "recruit")
    tables = table_plans(ListDuel(), contenders, players=3, seed=4)
    assert [table.sides for table in tables] == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    assert {len(table.plan.sides) for table in tables} == {3}
    assert tables[0].plan.seats(0) != tables[0].plan.seats(1)
    result = round_robin(contenders, tables, 9, resamples=30, seed=4)
    for run, table in zip(result.runs, tables, strict=True):
        for record in run.records:
            assert sorted(record.seats) == [0, 1, 2]
            winners = [table.sides[w] for w in record.winners]
            for i in table.sides:
                for j in table.sides:
                    if i != j and i in winners and j not in winners:
                        assert result.wins[i, j] > 0
    for i in range(4):
        for j in range(4):
            if i != j:
                assert result.games(i, j) == 18
    order = sorted(result.ratings, key=lambda rating: -rating.rating)
    assert order[0].label == "champion"


def test_a_table_needs_enough_lists_and_players_the_game_allows() -> None:
    with pytest.raises(TooFewLists, match="at least 3 lists, got 2"):
        table_plans(ListDuel(), sides("recruit", "veteran"), players=3)
    with pytest.raises(SetupError, match="2 to 4 players, not 5"):
        table_plans(ListDuel(), sides(*["recruit"] * 5), players=5)


def test_pairs_are_the_two_player_tables() -> None:
    contenders = sides("recruit", "champion", "veteran")
    pairs = pair_plans(ListDuel(), contenders, seed=3)
    tables = table_plans(ListDuel(), contenders, players=2, seed=3)
    assert [(i, j) for i, j, _ in pairs] == [table.sides for table in tables]
    assert [plan.seed for _, _, plan in pairs] == [table.plan.seed for table in tables]
    by_pairs = round_robin(contenders, pairs, 8, resamples=10, seed=3)
    by_tables = round_robin(contenders, tables, 8, resamples=10, seed=3)
    assert (by_pairs.wins == by_tables.wins).all() and by_pairs.ratings == by_tables.ratings
