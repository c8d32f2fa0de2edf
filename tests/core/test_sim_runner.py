"""Runs: the same games whatever the number of workers, and resumable without loss."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from tests.core.test_sim_plan import ListDuel, sides
from warbench.core.actions import Action
from warbench.core.decisions import Decision
from warbench.core.engine import Game
from warbench.core.sim.local import LocalBackend
from warbench.core.sim.plan import GamePlan, default_sides, prepare
from warbench.core.sim.play import GameCrashed
from warbench.core.sim.runner import UnknownBackend, make_backend, simulate
from warbench.core.sim.store import ResultStore, StoreError
from warbench.core.sim.summary import summarize

GAMES = 40


class Interrupted(Exception):
    """Stands in for the process being killed."""


def plan_for(seed: int = 5) -> GamePlan:
    return prepare(ListDuel(), sides("veteran", "recruit"), seed=seed)


def test_one_and_two_workers_play_the_same_games() -> None:
    plan = plan_for()
    alone = simulate(plan, GAMES)
    with LocalBackend(2) as pool:
        shared = simulate(plan, GAMES, backend=pool)
    assert [record.index for record in shared.records] == list(range(GAMES))
    assert shared.records == alone.records
    assert summarize(plan.sides, shared.records) == summarize(plan.sides, alone.records)
    assert simulate(plan_for(seed=6), GAMES).records != alone.records


def test_seats_alternate_and_the_stronger_list_wins_more() -> None:
    result = simulate(plan_for(), GAMES)
    assert [record.seats[0] for record in result.records[:4]] == [0, 1, 0, 1]
    veteran, recruit = summarize(result.plan.sides, result.records).sides
    assert veteran.wins.successes > recruit.wins.successes


def test_progress_is_reported_from_start_to_end() -> None:
    seen: list[tuple[int, int]] = []
    simulate(plan_for(), 5, on_progress=lambda done, total: seen.append((done, total)))
    assert seen == [(0, 5), (1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]


def stored_indices(db: Path) -> list[int]:
    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT idx FROM games ORDER BY idx").fetchall()
    return [index for (index,) in rows]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_killed_run_resumes_without_losing_or_repeating_a_game(
    tmp_path: Path, workers: int
) -> None:
    plan = plan_for()
    db = tmp_path / "results.sqlite"

    def kill_half_way(done: int, total: int) -> None:
        if done >= total // 2:
            raise Interrupted

    pool = LocalBackend(workers, task_games=4)  # small tasks, so the kill lands half-way
    with ResultStore(db) as store, pool, pytest.raises(Interrupted):
        simulate(plan, GAMES, backend=pool, store=store, on_progress=kill_half_way)
    first_half = stored_indices(db)
    assert GAMES // 2 <= len(first_half) < GAMES
    with ResultStore(db) as store:
        resumed = simulate(plan, GAMES, store=store, resume=True)
    assert stored_indices(db) == list(range(GAMES))  # each game exactly once
    assert resumed.played == GAMES - len(first_half)
    assert resumed.records == simulate(plan, GAMES).records
    assert resumed.game_ids and len(resumed.game_ids) == GAMES


def test_resume_extends_a_finished_run(tmp_path: Path) -> None:
    plan = plan_for()
    with ResultStore(tmp_path / "r.sqlite") as store:
        first = simulate(plan, 6, store=store)
        more = simulate(plan, 10, store=store, resume=True)
    assert more.run_id == first.run_id and more.played == 4
    assert more.records[:6] == first.records


def test_resume_needs_a_matching_stored_run(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "r.sqlite") as store:
        simulate(plan_for(seed=1), 3, store=store)
        with pytest.raises(StoreError, match=r"no run of test-list-duel .* seed 2 to resume"):
            simulate(plan_for(seed=2), 3, store=store, resume=True)
    with pytest.raises(ValueError, match="--resume needs a results file"):
        simulate(plan_for(), 3, resume=True)


def test_a_new_run_is_stored_apart_from_an_earlier_one(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "r.sqlite") as store:
        first = simulate(plan_for(), 3, store=store)
        second = simulate(plan_for(), 3, store=store)
    assert first.run_id != second.run_id and first.records == second.records


def test_the_default_set_up_plays_without_lists() -> None:
    plan = prepare(ListDuel(), list(default_sides(ListDuel())), seed=2)
    result = simulate(plan, 4)
    assert all(record.finished for record in result.records)
    assert [side.label for side in plan.sides] == ["player 1", "player 2"]
    assert plan.fixed_seats and [record.seats for record in result.records] == [(0, 1)] * 4


class BrokenAgent:
    name = "broken"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, game: Game, decision: Decision) -> Action:
        raise RuntimeError("out of ideas")


class BrokenBotDuel(ListDuel):
    def bots(self) -> Mapping[str, Any]:
        return {"broken": BrokenAgent}


def test_a_crashing_game_names_its_index_and_seed() -> None:
    plan = prepare(BrokenBotDuel(), sides("veteran", "recruit"), seed=9)
    with pytest.raises(
        GameCrashed,
        match=r"game 0 of the run seeded 9 \(game seed \d+\) failed:"
        r" RuntimeError: out of ideas",
    ):
        simulate(plan, 2)


def test_backends_are_chosen_by_name() -> None:
    assert isinstance(make_backend("local", workers=3), LocalBackend)
    with pytest.raises(UnknownBackend, match="unknown backend 'dask'"):
        make_backend("dask")
    with pytest.raises(UnknownBackend, match="--ray-address needs --backend ray"):
        make_backend("local", address="10.0.0.1:6379")
    with pytest.raises(ValueError, match="at least 1"):
        LocalBackend(0)
