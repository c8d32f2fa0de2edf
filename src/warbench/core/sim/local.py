"""Playing a run's games on this machine: in this process, or on a pool of worker processes.

Workers are fresh (``spawn``) processes, so a progress bar's thread or an open results file
in this process never leaks into them. They get tasks of game indices sized by a
:class:`~warbench.core.sim.tasks.TaskSizer`, two tasks per worker in flight, and send back
the records, which carry their game index; tasks may finish in any order.

The plan (its ruleset and data included) is pickled once per run, not once per task, and
each worker unpickles it once and keeps it: unpickling a ruleset's data cost tens of
milliseconds a task, and a fresh ruleset per task lost every cache built on the last one.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from warbench.core.sim.closing import Closing
from warbench.core.sim.plan import GamePlan
from warbench.core.sim.play import GameRecord, play_game
from warbench.core.sim.tasks import TaskResult, TaskSizer, play_task

#: In a worker: the plans it has unpickled, by run token (the last few runs only).
_WORKER_PLANS: dict[str, GamePlan] = {}
#: Plans a worker keeps.
KEPT_PLANS = 2

#: Seconds between a worker's checks that the process that started it is still alive.
PARENT_POLL_SECONDS = 0.5


def watch_parent(parent: int, poll: float = PARENT_POLL_SECONDS) -> None:
    """In a worker: exit as soon as process ``parent`` is gone (even by SIGKILL, which runs
    no clean-up), so no worker outlives its run; the resource tracker then exits too."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll)
        os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def play_pickled_task(token: str, pickled: bytes, indices: Sequence[int]) -> TaskResult:
    """In a worker: play ``indices`` of the plan pickled as ``pickled``, unpickled only the
    first time this worker meets run ``token``."""
    plan = _WORKER_PLANS.get(token)
    if plan is None:
        while len(_WORKER_PLANS) >= KEPT_PLANS:
            del _WORKER_PLANS[next(iter(_WORKER_PLANS))]
        plan = _WORKER_PLANS[token] = pickle.loads(pickled)
    return play_task(plan, indices)


class LocalBackend(Closing):
    """Plays games here: ``workers=1`` in this process, more on a process pool.

    A task takes about ``task_seconds`` and holds at most ``task_games`` games. Use the
    backend as a context manager (or call :meth:`close`) so the pool shuts down.
    """

    def __init__(self, workers: int = 1, *, task_seconds: float = 0.5, task_games: int = 100):
        if workers < 1:
            raise ValueError(f"--workers must be at least 1, not {workers}")
        self.workers = workers
        self.task_seconds = task_seconds
        self.task_games = task_games
        self._pool: ProcessPoolExecutor | None = None

    def batches(self, plan: GamePlan, indices: Sequence[int]) -> Iterator[list[GameRecord]]:
        """Play the games ``indices`` of ``plan``, yielding records as they finish."""
        if self.workers == 1:
            for index in indices:
                yield [play_game(plan, index)]
            return
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=watch_parent,
                initargs=(os.getpid(),),
            )
        sizer = TaskSizer(
            indices, target_seconds=self.task_seconds, most=self.task_games, workers=self.workers
        )
        token = uuid.uuid4().hex
        pickled = pickle.dumps(plan, protocol=pickle.HIGHEST_PROTOCOL)
        pending: set[Future[TaskResult]] = set()
        try:
            while True:
                while len(pending) < 2 * self.workers and (task := sizer.next_task()):
                    pending.add(self._pool.submit(play_pickled_task, token, pickled, task))
                if not pending:
                    return
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    result = future.result()
                    sizer.record(len(result.records), result.seconds)
                    yield list(result.records)
        finally:
            for future in pending:
                future.cancel()

    def close(self) -> None:
        """Shut the worker pool down, dropping tasks not yet started."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None
