"""Running a batch: which games remain, playing them on a backend, storing each as it ends.

:func:`simulate` plays games ``0..games-1`` of a plan (those not already stored, when
resuming), writes every record to the store the moment its batch comes back, and reports
progress. Its records are ordered by game index, so the statistics of a run do not depend
on the backend, the number of workers, or the order in which games finished.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from warbench.core.limits import MAX_GAMES
from warbench.core.sim.local import LocalBackend
from warbench.core.sim.plan import GamePlan
from warbench.core.sim.play import GameRecord
from warbench.core.sim.ray_backend import RayBackend
from warbench.core.sim.store import ResultStore

#: Called with (games done, games in the run) at the start and after each batch.
Progress = Callable[[int, int], None]


class Backend(Protocol):
    """Where games are played: yields lists of records as they finish, in any order."""

    def batches(self, plan: GamePlan, indices: Sequence[int]) -> Iterator[list[GameRecord]]:
        """Play the games ``indices`` of ``plan``."""
        ...

    def close(self) -> None:
        """Release workers."""
        ...


class UnknownBackend(ValueError):
    """A backend name other than ``local`` or ``ray``, or options it does not take."""


def make_backend(kind: str, *, workers: int = 1, address: str | None = None) -> Backend:
    """``local`` (``workers`` processes) or ``ray`` (a cluster at ``address``, or a local
    one with ``workers`` CPUs when ``workers`` is above 1)."""
    if kind == "local":
        if address:
            raise UnknownBackend("--ray-address needs --backend ray")
        return LocalBackend(workers)
    if kind == "ray":
        return RayBackend(address, workers if workers > 1 else None)
    raise UnknownBackend(f"unknown backend {kind!r} (choose local or ray)")


@dataclass(frozen=True, slots=True)
class RunResult:
    """A finished run: every record by index, and what this call did."""

    plan: GamePlan
    records: tuple[GameRecord, ...]
    played: int
    seconds: float
    run_id: int | None = None
    game_ids: tuple[int, ...] = ()


class TooManyGames(ValueError):
    """A number of games below 1 or beyond :data:`~warbench.core.limits.MAX_GAMES`."""


def check_games(games: int) -> None:
    """Raise :class:`TooManyGames` unless ``1 <= games <= MAX_GAMES``."""
    if not 1 <= games <= MAX_GAMES:
        raise TooManyGames(f"--games {games}: give 1 to {MAX_GAMES:,} games per run")


def simulate(
    plan: GamePlan,
    games: int,
    *,
    backend: Backend | None = None,
    store: ResultStore | None = None,
    resume: bool = False,
    on_progress: Progress | None = None,
) -> RunResult:
    """Play ``games`` games of ``plan``; with a store, keep each and allow ``resume``.

    The default backend plays in this process. With ``resume`` the last stored run of the
    same plan is continued (and extended to ``games`` if it asked for fewer).
    """
    check_games(games)
    if resume and store is None:
        raise ValueError("--resume needs a results file (--db)")
    run_id = None
    done: frozenset[int] = frozenset()
    if store is not None:
        stored = store.open_run(plan, games, resume=resume)
        run_id, games, done = stored.id, stored.games, stored.done
    remaining = [index for index in range(games) if index not in done]
    collected: list[GameRecord] = []
    finished = len(done)
    if on_progress is not None:
        on_progress(finished, games)
    hashes = [side.hash for side in plan.sides]
    chosen = backend if backend is not None else LocalBackend(1)
    started = time.perf_counter()
    for batch in chosen.batches(plan, remaining) if remaining else ():
        if store is not None and run_id is not None:
            store.add_games(run_id, hashes, batch)
        else:
            collected.extend(batch)
        finished += len(batch)
        if on_progress is not None:
            on_progress(finished, games)
    seconds = time.perf_counter() - started
    if store is not None and run_id is not None:
        records = store.records(run_id)
        ids = tuple(store.game_ids(run_id))
    else:
        records = sorted(collected, key=lambda record: record.index)
        ids = ()
    return RunResult(plan, tuple(records), len(remaining), seconds, run_id, ids)
