"""Every front end takes its opponent or agent as a spec string too, as the command line does."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import pokergym  # noqa: F401  (registers HUNL-v0)
from pokergym.envs import HUNLEnv
from pokergym.errors import AgentSpecError
from pokergym.pettingzoo import AgentPolicy, hunl_v0
from pokergym.vector import HUNLVectorEnv

pytestmark = pytest.mark.usefixtures("declared_agent_providers")


def test_gym_make_takes_an_opponent_spec() -> None:
    env = gym.make("HUNL-v0", opponent="maniac:aggression=0.5")
    opponent = env.unwrapped.opponent  # type: ignore[attr-defined]
    assert (type(opponent).__name__, opponent.aggression) == ("ManiacBot", 0.5)
    assert env.unwrapped.backend == "python"  # type: ignore[attr-defined]
    observation, _ = env.reset(seed=1)
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))


def test_an_unknown_opponent_spec_is_a_typed_error() -> None:
    with pytest.raises(AgentSpecError, match="no agent named 'honst'"):
        HUNLEnv("honst")


def test_the_vector_env_builds_one_agent_per_table_from_a_spec() -> None:
    env = HUNLVectorEnv(3, "honest")
    opponents = [table.unwrapped.opponent for table in env.envs]
    assert [type(o).__name__ for o in opponents] == ["HonestBot"] * 3
    assert len({id(o) for o in opponents}) == 3
    assert env.backend == "python"
    env.reset(seed=0)
    env.step(np.array([np.flatnonzero(mask)[0] for mask in env.action_masks()]))


def test_make_vec_takes_an_opponent_spec() -> None:
    env = gym.make_vec("HUNL-v0", num_envs=2, vectorization_mode="vector_entry_point", opponent="fold")
    assert [type(table.unwrapped.opponent).__name__ for table in env.unwrapped.envs] == ["FoldBot", "FoldBot"]


def test_agent_policy_takes_a_spec() -> None:
    env = hunl_v0.env()
    env.reset(seed=3)
    specs = zip(env.agents, ("honest", "call"), strict=True)
    policies = {name: AgentPolicy(spec, env, name, seed=1) for name, spec in specs}
    assert type(policies["player_0"].agent).__name__ == "HonestBot"
    for name in env.agent_iter():
        observation, _, terminated, truncated, info = env.last()
        env.step(None if terminated or truncated else policies[name](observation, name))
    assert info["payoffs"][0] + info["payoffs"][1] == 0
