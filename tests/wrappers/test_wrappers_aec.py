"""The observation wrappers on the hunl_v0 PettingZoo AEC environment."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

with warnings.catch_warnings():
    # pettingzoo.test imports PettingZoo's classic games, which may warn about a deprecated creation API.
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

import pokergym  # noqa: F401  (registers HUNL-v0)
from pokergym.cards import format_cards
from pokergym.context import analyze
from pokergym.engine import make_view
from pokergym.errors import ConfigError
from pokergym.pettingzoo import hunl_v0
from pokergym.wrappers import (
    FEATURE_NAMES,
    N_FEATURES,
    EquityObservationAEC,
    PokerSkillObservationAEC,
    SkillPromptObservationAEC,
    skill_vector,
)

# PettingZoo's advisories about Dict observations (see tests/envs/test_aec.py).
ADVISORIES = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)
WRAPPERS = [PokerSkillObservationAEC, EquityObservationAEC, SkillPromptObservationAEC]


def stacked(env: Any) -> Any:
    return SkillPromptObservationAEC(EquityObservationAEC(PokerSkillObservationAEC(env), samples=200))


@pytest.mark.parametrize("wrapper", [*WRAPPERS, stacked])
@pytest.mark.parametrize("factory", [hunl_v0.env, hunl_v0.raw_env])
def test_api_test(wrapper: Any, factory: Any) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(wrapper(factory()), num_cycles=150)
    assert [str(w.message) for w in caught if str(w.message) not in ADVISORIES] == []


def test_seed_test_stacked() -> None:
    seed_test(lambda: stacked(hunl_v0.env()), num_cycles=60)


def test_every_observation_is_inside_its_space_and_matches_the_seat() -> None:
    env = stacked(hunl_v0.env())
    rng = np.random.default_rng(3)
    raw = env.unwrapped
    for hand in range(30):
        env.reset(seed=hand if hand % 3 == 0 else None)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            assert env.observation_space(agent).contains(observation)
            seat = raw.seat_of(agent)
            view = make_view(raw.hand, seat)
            if not observation["action_mask"].any():
                assert not observation["pokerskill"][FEATURE_NAMES.index("first_check") :].any()
            else:
                np.testing.assert_array_equal(observation["pokerskill"], skill_vector(analyze(view)))
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def test_both_agents_observe_their_own_cards() -> None:
    env = SkillPromptObservationAEC(hunl_v0.env())
    env.reset(seed=11)
    raw = env.unwrapped
    for agent in env.possible_agents:
        text = env.observe(agent)["prompt"]
        hole = make_view(raw.hand, raw.seat_of(agent)).hole
        other = make_view(raw.hand, 1 - raw.seat_of(agent)).hole
        assert f"Cards: {format_cards(hole, ' ')}" in text
        assert format_cards(other, " ") not in text


def test_feature_names_and_space() -> None:
    env = PokerSkillObservationAEC(hunl_v0.env())
    assert env.feature_names == FEATURE_NAMES
    assert env.observation_space("player_0")["pokerskill"].shape == (N_FEATURES,)
    assert EquityObservationAEC(hunl_v0.env()).feature_names == ("equity_vs_random",)


def test_wrapping_rules() -> None:
    with pytest.raises(ConfigError):
        PokerSkillObservationAEC(PokerSkillObservationAEC(hunl_v0.env()))
    with pytest.raises(ConfigError):
        PokerSkillObservationAEC(gym.make("HUNL-v0"))
