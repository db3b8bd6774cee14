"""The Ray backend gives the same result as the other backends (skipped without Ray)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pokergym.agents import CallAgent, RandomAgent
from pokergym.arena import RayRunner, match, tournament

ray = pytest.importorskip("ray")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def cluster():
    # A real local cluster; its workers import pokergym from this checkout.
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, runtime_env={"env_vars": {"PYTHONPATH": path}})
    yield
    ray.shutdown()


def test_ray_matches_local(cluster) -> None:
    # (local == process pool is tested in test_arena_match.py; no fork here once Ray's threads run)
    kwargs = {"pairs": 60, "seed": 21, "block_size": 10}
    on_ray = match(RandomAgent(), CallAgent(), backend="ray", **kwargs)
    assert on_ray == match(RandomAgent(), CallAgent(), **kwargs)
    assert ray.is_initialized()  # the runner reused the test's session and left it running


def test_ray_tournament_with_one_runner(cluster) -> None:
    agents = [RandomAgent(), CallAgent(name="station")]
    with RayRunner() as runner:
        on_ray = tournament(agents, pairs=20, seed=1, block_size=5, backend=runner)
    assert on_ray == tournament(agents, pairs=20, seed=1, block_size=5)
