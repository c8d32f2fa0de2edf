"""Tasks: every game handed out once, in tasks sized from the time games take."""

from __future__ import annotations

import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.test_sim_plan import ListDuel, sides
from warbench.core.sim import local
from warbench.core.sim.local import play_pickled_task
from warbench.core.sim.plan import prepare
from warbench.core.sim.play import play_game
from warbench.core.sim.tasks import TaskSizer, play_task


def drain(sizer: TaskSizer, seconds_per_game: float) -> list[list[int]]:
    tasks = []
    while (task := sizer.next_task()) is not None:
        tasks.append(task)
        sizer.record(len(task), len(task) * seconds_per_game)
    return tasks


@given(
    st.lists(st.integers(0, 10**6), max_size=300, unique=True),
    st.floats(1e-5, 5.0),
    st.integers(1, 200),
)
@settings(max_examples=200, deadline=None)
def test_every_index_is_handed_out_once_in_order(
    indices: list[int], seconds_per_game: float, most: int
) -> None:
    tasks = drain(TaskSizer(indices, target_seconds=0.5, most=most), seconds_per_game)
    assert [index for task in tasks for index in task] == indices
    assert all(1 <= len(task) <= most for task in tasks)


def test_tasks_grow_for_quick_games_and_stay_single_for_slow_ones() -> None:
    quick = drain(TaskSizer(range(1000), target_seconds=0.5, most=100), 0.002)
    assert [len(task) for task in quick[:3]] == [1, 100, 100]  # 0.5 s / 2 ms = 250, capped
    slow = drain(TaskSizer(range(5), target_seconds=0.5, most=100), 2.0)
    assert [len(task) for task in slow] == [1, 1, 1, 1, 1]
    middling = drain(TaskSizer(range(30), target_seconds=0.5, most=100), 0.05)
    assert [len(task) for task in middling] == [1, 10, 10, 9]


def test_a_task_plays_its_games_and_times_them() -> None:
    plan = prepare(ListDuel(), sides("veteran", "recruit"), seed=2)
    result = play_task(plan, [3, 4])
    assert result.records == (play_game(plan, 3), play_game(plan, 4))
    assert result.seconds > 0


@given(st.integers(0, 300), st.integers(1, 8))
@settings(max_examples=100, deadline=None)
def test_with_workers_every_index_still_comes_once_and_the_last_tasks_are_small(
    count: int, workers: int
) -> None:
    """The tail of a run is cut small, so no worker finishes long after the others."""
    tasks = drain(TaskSizer(range(count), target_seconds=0.5, most=100, workers=workers), 0.001)
    assert [index for task in tasks for index in task] == list(range(count))
    for number, task in enumerate(tasks):
        left = count - sum(len(done) for done in tasks[:number])
        assert len(task) <= max(1, -(-left // (2 * workers)))


def test_a_worker_unpickles_a_run_plan_once_and_plays_it_as_sent() -> None:
    plan = prepare(ListDuel(), sides("veteran", "recruit"), seed=2)
    pickled = pickle.dumps(plan)
    first = play_pickled_task("run-a", pickled, [3])
    kept = local._WORKER_PLANS["run-a"]
    second = play_pickled_task("run-a", b"not read again", [4])
    assert local._WORKER_PLANS["run-a"] is kept
    assert first.records + second.records == play_task(plan, [3, 4]).records
    for run in ("run-b", "run-c"):  # only the last few runs' plans are kept
        play_pickled_task(run, pickled, [0])
    assert "run-a" not in local._WORKER_PLANS
