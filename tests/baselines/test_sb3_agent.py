"""SB3Agent: a tiny MaskablePPO trained on HUNL-v0 plays through the pokergym Agent interface."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import pokergym  # noqa: F401  (registers HUNL-v0)
from baselines.sb3_agent import SB3Agent, public_state
from pokergym.agents import ActionKind, RandomAgent, play_hand
from pokergym.engine import GameConfig, HandState
from pokergym.errors import ConfigError


@pytest.fixture(scope="module")
def sb3() -> Any:
    """The stable_baselines3 module; the tests that need it skip when the 'rl' extra is absent."""
    return pytest.importorskip("stable_baselines3")


@pytest.fixture(scope="module")
def maskable(sb3: Any) -> Any:
    contrib = pytest.importorskip("sb3_contrib")
    env = gym.make("HUNL-v0")
    model = contrib.MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=128,
        batch_size=64,
        n_epochs=1,
        seed=0,
        device="cpu",
        policy_kwargs={"net_arch": [32]},
    )
    model.learn(total_timesteps=256)
    return model


def test_observation_and_mask_match_the_environment(maskable: Any) -> None:
    agent = SB3Agent(maskable, deterministic=True)
    env = gym.make("HUNL-v0")
    for episode in range(20):
        obs, _ = env.reset(seed=episode)
        terminated = False
        while not terminated:
            view = env.unwrapped.hand.view(0)
            mine = agent.observation(view)
            np.testing.assert_array_equal(mine["observation"], obs["observation"])
            np.testing.assert_array_equal(mine["action_mask"], obs["action_mask"])
            chosen, _ = maskable.predict(obs, action_masks=obs["action_mask"].astype(bool), deterministic=True)
            action = agent.act(view)
            expected = env.unwrapped.codec.decode(int(chosen), env.unwrapped.hand)
            if expected.kind == ActionKind.ALL_IN:
                assert action.amount == view.legal.max_raise_to
            else:
                assert action == expected
            obs, _, terminated, _, _ = env.step(int(chosen))


def test_plays_legal_actions_from_either_seat_with_consistent_probabilities(maskable: Any) -> None:
    agent, opponent = SB3Agent(maskable, name="ppo"), RandomAgent()
    decisions = 0
    for hand in range(60):
        config = GameConfig() if hand % 3 else GameConfig(stacks=(300, 20000))
        state = HandState.new(config, button=hand % 2, rng=np.random.default_rng(hand))
        seat = (hand // 2) % 2
        agent.reset(seat, np.random.default_rng([hand, 1]))
        opponent.reset(1 - seat, np.random.default_rng([hand, 2]))
        while not state.terminal:
            view = state.view(state.actor)
            if state.actor == seat:
                dist = agent.action_probabilities(view)
                assert math.isclose(sum(p for _, p in dist), 1.0, abs_tol=1e-9)
                assert all(p > 0 and state.can_apply(a) for a, p in dist)
                action = agent.act(view)
                assert action in dict(dist)
                decisions += 1
            else:
                action = opponent.act(view)
            state.apply(action)
    assert decisions > 60


def test_decisions_do_not_depend_on_hidden_cards_and_repeat_under_a_seed(maskable: Any) -> None:
    agent = SB3Agent(maskable)
    for trial in range(10):
        deck = tuple(int(c) for c in np.random.default_rng(trial).permutation(52)[:9])
        hidden = [c for c in range(52) if c not in deck][:2]
        other = (*deck[:2], *hidden, *deck[4:])  # the big blind's cards differ; the agent has the button
        histories = []
        for cards in (deck, other, deck):
            state = HandState.new(button=0, deck=cards)
            rngs = [np.random.default_rng([trial, 0]), np.random.default_rng([trial, 1])]
            histories.append(play_hand(state, [agent, RandomAgent()], rngs).history)
        assert histories[0] == histories[1] == histories[2]


def test_public_state_hides_the_opponent() -> None:
    state = HandState.new(rng=np.random.default_rng(1))
    state.call()
    state.check()
    view = state.view(state.actor)
    rebuilt = public_state(view)
    assert rebuilt.view(view.seat) == view
    assert set(rebuilt.hole(1 - view.seat)).isdisjoint(state.hole(1 - view.seat))


def test_save_load_and_plain_ppo(sb3: Any, maskable: Any, tmp_path: Path) -> None:
    path = tmp_path / "ppo.zip"
    maskable.save(path)
    loaded = SB3Agent.load(str(path), "MaskablePPO", deterministic=True)
    view = HandState.new(rng=np.random.default_rng(5)).view(0)
    assert loaded.action_probabilities(view) == SB3Agent(maskable, deterministic=True).action_probabilities(view)
    with pytest.raises(ConfigError, match="no algorithm 'Nope'"):
        SB3Agent.load(str(path), "Nope")
    ppo = sb3.PPO("MultiInputPolicy", gym.make("HUNL-v0"), n_steps=64, device="cpu", seed=1)
    dist = SB3Agent(ppo).action_probabilities(view)  # unmasked policy: illegal ids dropped, rest renormalised
    assert math.isclose(sum(p for _, p in dist), 1.0) and len(dist) > 1


def test_q_value_policies_play_their_best_legal_action(sb3: Any) -> None:
    dqn = sb3.DQN("MultiInputPolicy", gym.make("HUNL-v0"), device="cpu", seed=2, buffer_size=100)
    state = HandState.new(rng=np.random.default_rng(6))
    state.call()
    dist = SB3Agent(dqn).action_probabilities(state.view(state.actor))  # big blind: folding is masked
    assert len(dist) == 1 and dist[0][1] == 1.0 and state.can_apply(dist[0][0])


def test_mismatched_spaces_are_rejected(sb3: Any, maskable: Any) -> None:
    with pytest.raises(ConfigError, match="raise_fractions and history_slots"):
        SB3Agent(maskable, raise_fractions=(0.5, 1.0))
    with pytest.raises(ConfigError, match="raise_fractions and history_slots"):
        SB3Agent(maskable, history_slots=3)
    with pytest.raises(ConfigError, match="not trained on HUNL-v0"):
        SB3Agent(sb3.PPO("MlpPolicy", "CartPole-v1", device="cpu"))
