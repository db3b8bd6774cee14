import importlib.util
import math
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokergym.pettingzoo import hunl_v0

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rllib_selfplay.py"


def _load():
    spec = importlib.util.spec_from_file_location("rllib_selfplay_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rllib_observation_wrapper_renames_and_casts():
    wrapper = _load().RLlibObservation
    env = wrapper(hunl_v0.env())
    env.reset(seed=3)
    agent = env.agent_selection
    observation = env.observe(agent)
    assert set(observation) == {"observations", "action_mask"}
    assert observation["action_mask"].dtype == np.float32
    assert env.observation_space(agent).contains(observation)
    # play a hand through: every observation fits the declared space (PettingZoo's api_test samples
    # actions with the mask as given, which must be int8, so it cannot run on RLlib's float mask)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        assert env.observation_space(agent).contains(observation)
        env.step(None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0]))


def test_rllib_trains_two_iterations_on_a_local_ray():
    """The example end to end: RLlib PPO on a local Ray, one shared policy for both seats.

    Runs in a subprocess so Ray's workers, logs and warnings stay out of the test process.
    """
    # ray ships the rllib package without its own dependencies (dm-tree and others): try the import itself,
    # in a subprocess, so a partial install skips instead of failing
    probe = subprocess.run([sys.executable, "-c", "import ray.rllib"], capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        reason = probe.stderr.strip().splitlines()[-1] if probe.stderr.strip() else "import failed"
        pytest.skip(f"ray[rllib] is not importable ({reason}); install the ray extra: pip install -e '.[ray]'")
    completed = subprocess.run(
        [sys.executable, str(EXAMPLE), "--iterations", "2", "--batch", "200", "--hidden", "16"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    rows = re.findall(
        r"iter (\d+): (\d+) env steps, player_0 return (\S+) BB, policy loss (\S+), entropy (\S+)", completed.stdout
    )
    assert [int(row[0]) for row in rows] == [1, 2]
    first, second = (int(row[1]) for row in rows)
    assert 200 <= first < second  # each iteration samples at least its batch
    assert all(math.isfinite(float(value)) for row in rows for value in row[3:])


def test_the_example_names_a_missing_rllib_dependency(monkeypatch):
    """Without RLlib's dependencies the example exits with a message saying what is missing and how to install it."""
    module = _load()
    for name in [name for name in sys.modules if name == "ray.rllib" or name.startswith("ray.rllib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "ray.rllib", None)  # an import of it fails, as without dm-tree
    with pytest.raises(SystemExit, match=r"(?s)module 'ray.rllib' is missing.*pip install -e '.\[ray\]'"):
        module.require_rllib()
