"""Property tests over random play in both environments."""

from __future__ import annotations

import numpy as np
from env_helpers import benchmark_choice
from hypothesis import given, settings
from hypothesis import strategies as st

from pokergym.agents import RandomAgent
from pokergym.engine import GameConfig
from pokergym.envs import HUNLEnv
from pokergym.errors import IllegalActionError
from pokergym.pettingzoo import hunl_v0

CONFIGS = st.sampled_from(
    [GameConfig(), GameConfig(stacks=(500, 20000)), GameConfig(small_blind=1, big_blind=2, stacks=(300, 250))]
)
SEEDS = st.integers(0, 2**32 - 1)


@settings(max_examples=40, deadline=None)
@given(SEEDS, CONFIGS)
def test_gym_mask_matches_legality_chips_are_conserved_and_payoffs_sum_to_zero(seed: int, config: GameConfig) -> None:
    env = HUNLEnv(RandomAgent(), config)
    rng = np.random.default_rng(seed)
    total = sum(config.stacks)
    obs, _ = env.reset(seed=seed)
    terminated = False
    while not terminated:
        hand = env.hand
        assert sum(hand.stacks) + hand.pot == total
        mask = obs["action_mask"]
        for index in range(len(mask)):
            probe = hand.copy()
            try:
                env.codec.apply(probe, index)
                legal = True
            except IllegalActionError:
                legal = False
            assert legal == bool(mask[index])
        obs, reward, terminated, _, info = env.step(benchmark_choice(mask, rng))
    payoffs = info["payoffs"]
    assert sum(payoffs) == 0 and reward == payoffs[0] / config.big_blind
    assert sum(env.hand.stacks) + env.hand.pot == total
    final = [config.stacks[s] + payoffs[s] for s in (0, 1)]
    assert min(final) >= 0 and sum(final) == total


@settings(max_examples=40, deadline=None)
@given(SEEDS)
def test_aec_payoffs_sum_to_zero_and_only_the_actor_has_a_mask(seed: int) -> None:
    env = hunl_v0.env(action_mode="discrete")
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    for name in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        rewards[name] += reward
        if terminated or truncated:
            env.step(None)
            continue
        for other in env.agents:
            assert env.observe(other)["action_mask"].any() == (other == name)
        env.step(benchmark_choice(observation["action_mask"], rng))
    assert rewards["player_0"] == -rewards["player_1"]


@settings(max_examples=30, deadline=None)
@given(SEEDS)
def test_same_seed_same_hand_in_both_front_ends(seed: int) -> None:
    gym_env = HUNLEnv()
    gym_env.reset(seed=seed)
    aec = hunl_v0.raw_env()
    aec.reset(seed=seed)
    again = HUNLEnv()
    again.reset(seed=seed)
    assert gym_env.hand.deck == aec.hand.deck == again.hand.deck
    assert gym_env.hand.button == aec.hand.button == again.hand.button
