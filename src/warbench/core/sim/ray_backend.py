"""Playing a run's games on a Ray cluster (the optional ``warbench[ray]`` extra).

Games go out in tasks of many games each, sized to take about a second (Ray gains nothing
on tasks of a few milliseconds), two per CPU in flight; the plan is put in the object store
once, and records stream back with ``ray.wait`` as tasks finish. Without an address a
local cluster is started on this machine, on loopback, and stopped at the end; with
``address`` an existing cluster is joined, whose nodes need warbench and the ruleset
installed.
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any

from warbench.core.sim.closing import Closing
from warbench.core.sim.plan import GamePlan
from warbench.core.sim.play import GameRecord
from warbench.core.sim.tasks import TaskResult, TaskSizer, play_task


class RayUnavailable(ValueError):
    """The Ray backend was asked for but ray is not installed, or its cluster cannot be
    reached."""


#: Seconds to wait for a cluster's address to answer before saying it does not.
CONNECT_SECONDS = 5.0


def check_reachable(address: str, timeout: float = CONNECT_SECONDS) -> None:
    """Raise :class:`RayUnavailable` when ``address`` (``HOST:PORT`` or ``ray://HOST:PORT``)
    does not accept a connection: Ray itself retries for minutes, printing its own logs.
    ``auto`` (the cluster this machine belongs to) is left to Ray.

    >>> check_reachable("127.0.0.1:1", timeout=1.0)
    Traceback (most recent call last):
    ...
    warbench.core.sim.ray_backend.RayUnavailable: --ray-address 127.0.0.1:1: nothing answers...
    """
    if address == "auto":
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise RayUnavailable(f"--ray-address {address}: give HOST:PORT (or ray://HOST:PORT)")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as error:
        why = error.strerror or str(error) or type(error).__name__
        raise RayUnavailable(
            f"--ray-address {address}: nothing answers there ({why}); start the cluster"
            f" (ray start --head) or give its address") from None


def import_ray() -> ModuleType:
    """The ``ray`` module, or :class:`RayUnavailable` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise RayUnavailable("the Ray backend needs ray: pip install 'warbench[ray]'") from None
    return ray


#: Ray reads this switch when first imported: ``0`` keeps a single-machine instance on the
#: loopback address (otherwise Ray binds the machine's network address).
LOOPBACK_ONLY = ("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")


def start_local_ray(cpus: int | None = None) -> None:
    """Start a Ray instance on this machine, on loopback, without the dashboard.

    Loopback holds only if ray was not imported before this call (see
    :data:`LOOPBACK_ONLY`). The workers get this process's import path, so a ruleset
    importable here (one defined in a test module, say) is importable in them too.
    """
    os.environ.setdefault(*LOOPBACK_ONLY)
    ray = import_ray()
    path = os.pathsep.join(entry for entry in sys.path if entry)
    ray.init(
        num_cpus=cpus,
        include_dashboard=False,
        _node_ip_address="127.0.0.1",
        log_to_driver=False,
        logging_level="ERROR",
        runtime_env={"env_vars": {"PYTHONPATH": path}},
    )


class RayBackend(Closing):
    """Plays games as Ray tasks; joins Ray if this process already has, else starts it.

    ``cpus`` sizes a local cluster (default: every CPU). A task takes about
    ``task_seconds`` and holds at most ``task_games`` games. A cluster this backend
    started is shut down by :meth:`close`. A cluster's ``address`` must answer when the
    backend is made (:func:`check_reachable`).
    """

    def __init__(
        self,
        address: str | None = None,
        cpus: int | None = None,
        *,
        task_seconds: float = 1.0,
        task_games: int = 1000,
    ) -> None:
        if address:  # before anything is written: a wrong address is a mistake, said at once
            check_reachable(address)
        self.address = address
        self.cpus = cpus
        self.task_seconds = task_seconds
        self.task_games = task_games
        self._started = False
        self._task: Any = None

    def _connect(self) -> ModuleType:
        ray = import_ray()
        if not ray.is_initialized():
            if self.address:
                ray.init(address=self.address, log_to_driver=False, logging_level="ERROR")
            else:
                start_local_ray(self.cpus)
            self._started = True
        if self._task is None:
            self._task = ray.remote(play_task)
        return ray

    def parallelism(self) -> int:
        """CPUs of the cluster: how many tasks run at once."""
        ray = self._connect()
        return max(1, int(ray.cluster_resources().get("CPU", 1)))

    def batches(self, plan: GamePlan, indices: Sequence[int]) -> Iterator[list[GameRecord]]:
        """Play the games ``indices`` of ``plan`` as tasks, yielding records as tasks end."""
        ray = self._connect()
        in_flight = 2 * self.parallelism()
        sizer = TaskSizer(indices, target_seconds=self.task_seconds, most=self.task_games)
        plan_ref = ray.put(plan)
        pending: list[Any] = []
        try:
            while True:
                while len(pending) < in_flight and (task := sizer.next_task()):
                    pending.append(self._task.remote(plan_ref, task))
                if not pending:
                    return
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    result: TaskResult = ray.get(ref)
                    sizer.record(len(result.records), result.seconds)
                    yield list(result.records)
        finally:
            for ref in pending:
                ray.cancel(ref)

    def close(self) -> None:
        """Stop the Ray instance if this backend started it."""
        if self._started:
            import_ray().shutdown()
            self._started = False
            self._task = None
