"""The kernel backends of HUNL-v0 and the AEC env play the Python backends' hands, records and errors included."""

import copy
import pickle

import gymnasium as gym
import numpy as np
import pytest
from kernel_configs import CONFIGS

import pokergym  # noqa: F401
from pokergym.agents import CallAgent, RandomAgent
from pokergym.engine import GameConfig
from pokergym.envs import HUNLEnv
from pokergym.errors import ConfigError, HandOverError, IllegalActionError
from pokergym.pettingzoo import hunl_v0

HAND_FIELDS = (
    "button", "deck", "street", "stacks", "bets", "contributions", "actor", "to_call", "can_raise",
    "min_raise_to", "max_raise_to", "history", "terminal", "payoffs", "showdown", "returned",
)  # fmt: skip


def _pair(**kwargs):
    kernel, python = HUNLEnv(backend="kernel", **kwargs), HUNLEnv(backend="python", **kwargs)
    assert (kernel.backend, python.backend) == ("kernel", "python")
    return kernel, python


def _same(a, b):
    (obs_a, *rest_a), (obs_b, *rest_b) = a, b
    assert obs_a.keys() == obs_b.keys()
    for key in obs_a:
        assert obs_a[key].dtype == obs_b[key].dtype
        np.testing.assert_array_equal(obs_a[key], obs_b[key])
    assert rest_a == rest_b  # reward, flags and the whole info dict (history, payoffs, shown cards ...)
    for value_a, value_b in zip(rest_a[-1].values(), rest_b[-1].values(), strict=True):
        assert type(value_a) is type(value_b)


def _same_hand(kernel, python):
    for field in HAND_FIELDS:
        assert getattr(kernel.hand, field) == getattr(python.hand, field), field


def _random_action(rng, mask, illegal_rate):
    if rng.random() < illegal_rate:
        return [int(rng.integers(-1, len(mask) + 1)), np.int64(rng.integers(len(mask))), 1.5, "call"][rng.integers(4)]
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_kernel_backend_plays_the_python_backend_hands(name):
    kernel, python = _pair(**CONFIGS[name])
    rng = np.random.default_rng(1)
    hands = showdowns = folds = 0
    for seed in (5, 99, 2**40):
        start = kernel.reset(seed=seed), python.reset(seed=seed)
        _same(*start)
        obs = start[0][0]
        for _ in range(600):
            action = _random_action(rng, obs["action_mask"], 0.0)
            folds += action == 0
            out_k, out_p = kernel.step(action), python.step(action)
            _same(out_k, out_p)
            np.testing.assert_array_equal(kernel.action_masks(), python.action_masks())
            if rng.random() < 0.2 or out_k[2]:
                _same_hand(kernel, python)  # the rebuilt hand: read at random points, and always at the end
            obs = out_k[0]
            if out_k[2]:
                hands += 1
                showdowns += out_k[-1]["showdown"]
                start = kernel.reset(), python.reset()
                _same(*start)
                obs = start[0][0]
    assert hands > 300 and showdowns > 100
    config = CONFIGS[name].get("config", GameConfig())  # the station never bets: only a short small blind folds
    assert folds > 20 if config.small_blind < config.big_blind else folds == 0


@pytest.mark.parametrize("mode", ["raise", "penalty"])
def test_kernel_backend_treats_illegal_actions_like_the_python_backend(mode):
    kernel, python = _pair(illegal_action=mode, button="random")
    rng = np.random.default_rng(2)
    illegal = 0
    kernel.reset(seed=8)
    obs, _ = python.reset(seed=8)
    for _ in range(1500):
        action = _random_action(rng, obs["action_mask"], 0.3)
        try:
            out_p = python.step(action)
        except IllegalActionError as expected:
            illegal += 1
            with pytest.raises(IllegalActionError) as raised:
                kernel.step(action)
            assert str(raised.value) == str(expected)
            _same_hand(kernel, python)  # nothing changed
            continue
        out_k = kernel.step(action)
        _same(out_k, out_p)
        illegal += out_p[-1]["illegal_action"]
        obs = out_p[0]
        if out_p[2]:
            with pytest.raises(HandOverError):
                kernel.step(1)
            if out_p[-1]["illegal_action"]:
                assert kernel.render() == python.render() is None
                assert not kernel.action_masks().any()
            kernel.reset()
            obs, _ = python.reset()
    assert illegal > 100


def test_kernel_backend_copies_pickles_and_renders_mid_hand():
    env = HUNLEnv(render_mode="ansi", backend="kernel")
    assert env.backend == "kernel"
    env.reset(seed=4)
    env.step(1)
    twin = pickle.loads(pickle.dumps(env))
    clone = copy.deepcopy(env)
    reference = HUNLEnv(render_mode="ansi", backend="python")
    reference.reset(seed=4)
    reference.step(1)
    assert env.render() == twin.render() == clone.render() == reference.render()
    for _ in range(40):
        mask = reference.action_masks()
        action = int(np.flatnonzero(mask)[-1])  # all-in whenever it is legal
        outs = [e.step(action) for e in (env, twin, clone, reference)]
        for out in outs[1:]:
            _same(outs[0], out)
        if outs[0][2]:
            for e in (env, twin, clone, reference):
                e.reset()
    assert len(pickle.dumps(env)) < 200_000  # the evaluator's tables are not pickled with it


def test_rebuilt_hand_is_refreshed_and_survives_changes():
    env = HUNLEnv()
    env.reset(seed=11)
    first = env.hand
    env.step(1)
    assert env.hand is first and len(first.history) == len(env.hand.history) > 0  # brought up to date in place
    env.hand.check_or_call()  # someone wrote to it: the next read rebuilds it
    rebuilt = env.hand
    assert rebuilt is not first and rebuilt.history == list(env.step(1)[-1]["history"])[: len(rebuilt.history)]


def test_backend_selection():
    ready = HUNLEnv(backend="kernel")
    ready.reset(seed=0)
    ready.step(1)  # the kernels compiled (or loaded from the cache): "auto" takes them at once
    assert gym.make("HUNL-v0").unwrapped.backend == "kernel"
    assert HUNLEnv(CallAgent(), backend="auto").backend == "kernel"
    assert HUNLEnv(RandomAgent()).backend == "python"
    assert HUNLEnv(action_mode="chips").backend == "python"
    assert HUNLEnv(backend="python").backend == "python"
    with pytest.raises(ConfigError, match="calling station only"):
        HUNLEnv(RandomAgent(), backend="kernel")
    with pytest.raises(ConfigError, match="discrete action mode"):
        HUNLEnv(action_mode="continuous", backend="kernel")
    with pytest.raises(ConfigError, match="backend must be"):
        HUNLEnv(backend="numba")  # type: ignore[arg-type]
    deep = GameConfig(small_blind=1, big_blind=1, stacks=(10**6, 10**6))
    assert HUNLEnv(config=deep).backend == "python"  # the action log would be too long


def test_kernel_backend_refuses_steps_without_a_hand():
    env = HUNLEnv()
    with pytest.raises(HandOverError, match="reset"):
        env.step(1)
    with pytest.raises(HandOverError, match="reset"):
        _ = env.hand
    with pytest.raises(HandOverError, match="reset"):
        env.action_masks()


def _aec_pair(**kwargs):
    kernel, python = hunl_v0.raw_env(backend="kernel", **kwargs), hunl_v0.raw_env(backend="python", **kwargs)
    assert (kernel.backend, python.backend) == ("kernel", "python")
    return kernel, python


def _same_aec(kernel, python):
    assert kernel.agent_selection == python.agent_selection
    assert kernel.agents == python.agents
    for name in python.possible_agents:  # both seats' observations, not only the one to act
        obs_k, obs_p = kernel.observe(name), python.observe(name)
        for key in obs_p:
            assert obs_k[key].dtype == obs_p[key].dtype and obs_k[key].shape == obs_p[key].shape
            np.testing.assert_array_equal(obs_k[key], obs_p[key])
    for attribute in ("rewards", "_cumulative_rewards", "terminations", "truncations", "infos"):
        assert getattr(kernel, attribute) == getattr(python, attribute), attribute


@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.parametrize("mode", ["raise", "penalty"])
def test_aec_kernel_backend_plays_the_python_backend_hands(name, mode):
    kernel, python = _aec_pair(illegal_action=mode, **CONFIGS[name])
    rng = np.random.default_rng(3)
    hands = illegal = 0
    kernel.reset(seed=21)
    python.reset(seed=21)
    _same_aec(kernel, python)
    for _ in range(1200):
        agent = python.agent_selection
        if python.terminations[agent]:
            kernel.step(None)
            python.step(None)
            if not python.agents:
                hands += 1
                if rng.random() < 0.3:
                    _same_hand(kernel, python)
                kernel.reset()
                python.reset()
            _same_aec(kernel, python)
            continue
        action = _random_action(rng, python.observe(agent)["action_mask"], 0.1)
        try:
            python.step(action)
        except IllegalActionError as expected:
            illegal += 1
            with pytest.raises(IllegalActionError) as raised:
                kernel.step(action)
            assert str(raised.value) == str(expected)
            continue
        kernel.step(action)
        _same_aec(kernel, python)
        illegal += python.infos[agent].get("illegal_action", False)
        if rng.random() < 0.1:
            _same_hand(kernel, python)
    assert hands > 50 and illegal > 20


def test_aec_kernel_backend_selection_pickle_and_render():
    assert hunl_v0.raw_env().backend == "kernel"
    assert hunl_v0.raw_env(action_mode="chips").backend == "python"
    with pytest.raises(ConfigError, match="discrete action mode"):
        hunl_v0.raw_env(action_mode="continuous", backend="kernel")
    env = hunl_v0.raw_env(render_mode="ansi")
    with pytest.raises(HandOverError, match="reset"):
        env.observe("player_0")
    env.reset(seed=6)
    env.step(1)
    twin = pickle.loads(pickle.dumps(env))
    reference = hunl_v0.raw_env(render_mode="ansi", backend="python")
    reference.reset(seed=6)
    reference.step(1)
    assert env.render() == twin.render() == reference.render()
    for e in (env, twin, reference):
        e.step(int(np.flatnonzero(reference.observe(reference.agent_selection)["action_mask"])[-1]))
    _same_aec(env, reference)
    _same_aec(twin, reference)


@pytest.mark.parametrize("seed", [0, 7, 2**62 + 3, 2**63 - 1, 2**63, 2**64 - 1, 2**64, 3**50])
def test_kernel_backends_seed_like_the_dealer(seed):
    """One-word seeds below 2**63 are keyed inside the kernel, larger ones in Python: both as ``seed_key``."""
    kernel, python = _pair()
    _same(kernel.reset(seed=seed), python.reset(seed=seed))
    _same_hand(kernel, python)
    aec_kernel, aec_python = _aec_pair()
    aec_kernel.reset(seed=seed)
    aec_python.reset(seed=seed)
    _same_aec(aec_kernel, aec_python)
    _same_hand(aec_kernel, aec_python)
    for bad in (-1, 1.5):
        with pytest.raises(ValueError):
            aec_kernel.reset(seed=bad)
