import importlib.util
from pathlib import Path

import numpy as np

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
