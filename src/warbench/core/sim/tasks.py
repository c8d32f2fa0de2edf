"""Cutting a run into tasks: runs of game indices sized to take about a target time.

Workers get games in tasks rather than one at a time, since sending a task costs something
(microseconds to a process pool, a millisecond or more to Ray), but not in one big task per
worker either: the progress bar must move, the load must even out at the end, and a stopped
run should not wait long for the tasks still running. A :class:`TaskSizer` hands out one
game per task at first, then sizes the next tasks from the time per game measured so far.
Which worker plays a game never changes the game: its seed and seats come from its index.

>>> sizer = TaskSizer(range(10), target_seconds=1.0, most=4)
>>> sizer.next_task()
[0]
>>> sizer.record(games=1, seconds=0.1)
>>> sizer.next_task(), sizer.next_task(), sizer.next_task()
([1, 2, 3, 4], [5, 6, 7, 8], [9])
>>> sizer.next_task() is None
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from warbench.core.sim.plan import GamePlan
from warbench.core.sim.play import GameRecord, play_game


@dataclass(frozen=True, slots=True)
class TaskResult:
    """The records of one task's games, and the seconds the worker spent playing them."""

    records: tuple[GameRecord, ...]
    seconds: float


def play_task(plan: GamePlan, indices: Sequence[int]) -> TaskResult:
    """Play the games ``indices`` of ``plan``: what a worker process or Ray task runs."""
    started = time.perf_counter()
    records = tuple(play_game(plan, index) for index in indices)
    return TaskResult(records, time.perf_counter() - started)


class TaskSizer:
    """Hands out the indices of a run in tasks of about ``target_seconds`` (at most ``most``
    games), one game per task until a task has come back. Given the number of ``workers``,
    tasks shrink towards the end (never more than a share of what is left for each worker),
    so that no worker sits idle while another finishes a long last task.

    >>> sizer = TaskSizer(range(12), target_seconds=1.0, most=4, workers=2)
    >>> sizer.record(games=1, seconds=0.1)
    >>> [sizer.next_task() for _ in range(6)]
    [[0, 1, 2], [3, 4, 5], [6, 7], [8], [9], [10]]
    """

    def __init__(
        self,
        indices: Sequence[int],
        *,
        target_seconds: float,
        most: int,
        workers: int | None = None,
    ) -> None:
        if target_seconds <= 0 or most < 1:
            raise ValueError("tasks need a positive target time and at least one game")
        self._indices = list(indices)
        self._position = 0
        self._target = target_seconds
        self._most = most
        self._games = 0
        self._seconds = 0.0
        self._workers = workers

    @property
    def size(self) -> int:
        """Games in the next task."""
        if self._games == 0:
            return 1
        per_game = self._seconds / self._games
        size = min(self._most, round(self._target / max(per_game, 1e-9)))
        if self._workers is not None:
            left = len(self._indices) - self._position
            size = min(size, -(-left // (2 * self._workers)))
        return max(1, size)

    def next_task(self) -> list[int] | None:
        """The next task's indices, or ``None`` once every index is handed out."""
        if self._position >= len(self._indices):
            return None
        task = self._indices[self._position : self._position + self.size]
        self._position += len(task)
        return task

    def record(self, games: int, seconds: float) -> None:
        """Learn from a finished task: it played ``games`` games in ``seconds``."""
        self._games += games
        self._seconds += seconds
