"""The observation wrappers on HUNL-v0: check_env, spaces, values, stacking, seeding."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import pokergym  # noqa: F401  (registers HUNL-v0)
from pokergym.agents import RandomAgent
from pokergym.context import analyze
from pokergym.context.prompt import prompt
from pokergym.engine import make_view
from pokergym.errors import ConfigError
from pokergym.wrappers import (
    FEATURE_NAMES,
    N_FEATURES,
    EquityObservation,
    PokerSkillObservation,
    SkillPromptObservation,
    skill_vector,
)

WRAPPERS = [PokerSkillObservation, EquityObservation, SkillPromptObservation]


def make(**kwargs: Any) -> gym.Env[dict[str, Any], Any]:
    return gym.make("HUNL-v0", illegal_action="penalty", **kwargs)


def stacked(**kwargs: Any) -> gym.Env[dict[str, Any], Any]:
    return SkillPromptObservation(EquityObservation(PokerSkillObservation(make(**kwargs)), samples=200))


def run_check_env(env: gym.Env[dict[str, Any], Any]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    assert [str(w.message) for w in caught if "different from the unwrapped" not in str(w.message)] == []


@pytest.mark.parametrize("wrapper", WRAPPERS)
def test_check_env_each_wrapper(wrapper: Any) -> None:
    run_check_env(wrapper(make()))


def test_check_env_stacked() -> None:
    run_check_env(stacked())


def test_check_env_continuous_actions() -> None:
    run_check_env(PokerSkillObservation(make(action_mode="continuous")))


def play_random(env: gym.Env[dict[str, Any], Any], hands: int, seed: int) -> list[dict[str, Any]]:
    """Play random legal actions; return every observation."""
    rng = np.random.default_rng(seed)
    observations = []
    obs, _ = env.reset(seed=seed)
    observations.append(obs)
    for _ in range(hands):
        terminated = False
        while not terminated:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, terminated, _, _ = env.step(int(rng.choice(legal)))
            observations.append(obs)
        obs, _ = env.reset()
        observations.append(obs)
    return observations


def test_values_inside_the_space_against_a_random_opponent() -> None:
    env = stacked(opponent=RandomAgent())
    space = env.observation_space
    for obs in play_random(env, hands=40, seed=2):
        assert space.contains(obs)
        assert obs["pokerskill"].dtype == np.float32 and obs["pokerskill"].shape == (N_FEATURES,)
        assert obs["equity"].shape == (1,)
        assert isinstance(obs["prompt"], str)


def test_feature_names_match_the_vector() -> None:
    env = PokerSkillObservation(make())
    assert env.feature_names == FEATURE_NAMES
    assert len(env.feature_names) == N_FEATURES == env.observation_space["pokerskill"].shape[0]
    assert len(set(FEATURE_NAMES)) == N_FEATURES
    assert env.get_wrapper_attr("feature_names") == FEATURE_NAMES
    assert EquityObservation(make()).feature_names == ("equity_vs_random",)


def test_base_entries_are_unchanged() -> None:
    plain, wrapped = make(opponent=RandomAgent()), stacked(opponent=RandomAgent())
    a, b = play_random(plain, 10, seed=9), play_random(wrapped, 10, seed=9)
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        np.testing.assert_array_equal(x["observation"], y["observation"])
        np.testing.assert_array_equal(x["action_mask"], y["action_mask"])


@pytest.mark.parametrize("kernel", [True, False], ids=["kernel-backend", "python-backend"])
def test_vector_and_prompt_match_the_learner_view(kernel: bool) -> None:
    # against the default call station HUNL-v0 steps on its compiled table and the vector is read from it
    env = SkillPromptObservation(
        PokerSkillObservation(make(backend="kernel") if kernel else make(opponent=RandomAgent()))
    )
    hunl = env.unwrapped
    assert (hunl.compiled is not None) == kernel  # type: ignore[attr-defined]
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=5)
    for _ in range(300):
        view = make_view(hunl.hand, 0)  # type: ignore[attr-defined]
        if obs["action_mask"].any():
            np.testing.assert_array_equal(obs["pokerskill"], skill_vector(analyze(view)))
            assert obs["prompt"] == prompt(view).text
            assert "Legal actions: none" not in obs["prompt"]
        else:
            np.testing.assert_array_equal(obs["pokerskill"], skill_vector(analyze(view._replace(legal=None))))
            assert "Legal actions: none" in obs["prompt"]
        if obs["action_mask"].any():
            obs, *_ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        else:  # the hand is over (its last observation checked above)
            obs, _ = env.reset()


def test_illegal_action_penalty_observation_has_no_options() -> None:
    env = PokerSkillObservation(make())
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, terminated, _, info = env.step(illegal)
    assert terminated and info["illegal_action"] and reward < 0
    assert env.observation_space.contains(obs)
    viable = [i for i, name in enumerate(FEATURE_NAMES) if name.startswith(("viable_", "first_"))]
    assert not obs["pokerskill"][viable].any()


def test_equity_is_seeded_and_stable() -> None:
    def equities(seed: int) -> list[float]:
        env = EquityObservation(make(), samples=300)
        return [float(o["equity"][0]) for o in play_random(env, hands=15, seed=seed)]

    first = equities(4)
    assert first == equities(4)
    assert first != equities(5)
    env = EquityObservation(make(), samples=300)  # one environment seeded again gives the same equities again
    for _ in range(2):
        assert [float(o["equity"][0]) for o in play_random(env, hands=15, seed=4)] == first


def test_equity_values_are_plausible() -> None:
    env = EquityObservation(make(), samples=None)
    for obs in play_random(env, hands=5, seed=1)[:6]:
        assert 0.0 <= float(obs["equity"][0]) <= 1.0


def test_prompt_modes_and_limits() -> None:
    env = SkillPromptObservation(make(), mode="default")
    obs, _ = env.reset(seed=0)
    assert "General principles" not in obs["prompt"] and "Your answer" in obs["prompt"]
    short = SkillPromptObservation(make(), max_length=100)
    obs, _ = short.reset(seed=0)
    assert len(obs["prompt"]) == 100 and short.observation_space.contains(obs)
    with pytest.raises(ConfigError):
        SkillPromptObservation(make(), mode="loud")  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        EquityObservation(make(), samples=0)


def test_wrapping_rules() -> None:
    with pytest.raises(ConfigError):
        PokerSkillObservation(PokerSkillObservation(make()))
    PokerSkillObservation(PokerSkillObservation(make()), key="pokerskill_2")
    with pytest.raises(ConfigError):
        PokerSkillObservation(gym.make("CartPole-v1"))  # type: ignore[arg-type]


def test_made_env_records_the_wrapper() -> None:
    env = EquityObservation(make(), samples=50)
    assert env.spec is not None
    wrappers = [w.name for w in env.spec.additional_wrappers]
    assert wrappers[-1] == "EquityObservation"
