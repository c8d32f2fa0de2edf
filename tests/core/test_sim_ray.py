"""The Ray backend: a local instance on loopback plays the same games as this process."""

from __future__ import annotations

import builtins
import importlib.util
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.core.test_sim_plan import ListDuel, sides
from warbench.core.sim.plan import prepare
from warbench.core.sim.ray_backend import RayBackend, RayUnavailable, import_ray, start_local_ray
from warbench.core.sim.runner import simulate
from warbench.core.sim.store import ResultStore

# ray is imported only once the local instance starts, so that it binds loopback only
needs_ray = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason="ray is not installed (pip install 'warbench[ray]')",
)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[ModuleType]:
    start_local_ray(cpus=2)
    ray = import_ray()
    yield ray
    ray.shutdown()


@needs_ray
def test_ray_plays_the_same_games_as_this_process(local_ray: ModuleType, tmp_path: Path) -> None:
    plan = prepare(ListDuel(), sides("veteran", "recruit"), seed=21)
    here = simulate(plan, 30)
    backend = RayBackend()
    with ResultStore(tmp_path / "r.sqlite") as store:
        remote = simulate(plan, 30, backend=backend, store=store)
    backend.close()
    assert remote.records == here.records
    assert local_ray.is_initialized()  # not started by the backend: left running


@needs_ray
def test_the_local_instance_listens_on_loopback_only(local_ray: ModuleType) -> None:
    (node,) = local_ray.nodes()
    assert node["NodeManagerAddress"] == "127.0.0.1"


@needs_ray
def test_ray_results_stream_back_in_many_game_tasks(local_ray: ModuleType) -> None:
    plan = prepare(ListDuel(), sides("champion", "recruit"), seed=2)
    backend = RayBackend()
    assert backend.parallelism() == 2
    batches = list(backend.batches(plan, list(range(40))))
    assert 1 < len(batches) < 40  # grouped: neither one task per game nor one for all
    indices = sorted(record.index for batch in batches for record in batch)
    assert indices == list(range(40))


def test_a_missing_ray_is_reported_with_the_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_import = builtins.__import__

    def no_ray(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "ray":
            raise ImportError("No module named 'ray'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(RayUnavailable, match=r"pip install 'warbench\[ray\]'"):
        import_ray()


@needs_ray
def test_a_cluster_address_that_nothing_answers_is_one_line_not_minutes_of_retries(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Journey 5: a mistyped --ray-address fails at once with one line naming it (Ray alone
    retries for minutes, printing its own logs); no results file is left behind."""
    from warbench.cli import main

    db = tmp_path / "runs.sqlite"
    assert main(["simulate", "hordes", "--games", "2", "--backend", "ray",
                 "--ray-address", "127.0.0.1:1", "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert "--ray-address 127.0.0.1:1: nothing answers there" in err and not db.exists()
    assert "Traceback" not in err
    assert main(["simulate", "hordes", "--games", "2", "--backend", "ray",
                 "--ray-address", "nowhere"]) == 2
    assert "give HOST:PORT" in capsys.readouterr().err
