"""The kernel backend of HUNLVectorEnv plays exactly the hands of single HUNL-v0 environments."""

import numpy as np
import pytest
from kernel_configs import CONFIGS

import baselines
import pokergym  # noqa: F401
from pokergym.agents import CallAgent
from pokergym.engine import GameConfig
from pokergym.envs import HUNLEnv
from pokergym.envs.kernel import legal_id
from pokergym.errors import ConfigError, IllegalActionError
from pokergym.vector import HUNLVectorEnv
from pokergym.wrappers import PokerSkillObservation


def _random_legal(rng, masks):
    out = np.zeros(len(masks), dtype=np.int64)
    legal_id(masks.astype(np.int8), rng.random(len(masks)), out)
    return out


class Tally:
    def __init__(self):
        self.hands = self.folds = self.all_ins = self.showdowns = self.splits = 0


def _compare_steps(vector, singles, single_obs, actions, tally):
    obs, rewards, terms, truncs, info = vector.step(actions)
    assert not truncs.any()
    width = vector.single_action_space.n
    for i, env in enumerate(singles):
        tally.folds += int(actions[i] == 0)
        tally.all_ins += int(actions[i] == width - 1)
        o, r, term, trunc, single_info = env.step(int(actions[i]))
        assert (rewards[i], bool(terms[i]), bool(truncs[i])) == (r, term, trunc)
        if term:
            tally.hands += 1
            assert info["_final_obs"][i] and info["_final_info"][i]
            for key in o:
                np.testing.assert_array_equal(info["final_obs"][key][i], o[key])
            final = info["final_info"]
            assert final["chips"][i] == single_info["chips"]
            assert final["button"][i] == single_info["button"]
            assert bool(final["illegal_action"][i]) == single_info["illegal_action"]
            if "payoffs" in single_info:
                assert final["_payoffs"][i] and tuple(final["payoffs"][i]) == single_info["payoffs"]
                assert bool(final["showdown"][i]) == single_info["showdown"]
                shown = single_info["opponent_hole"]
                assert tuple(final["opponent_hole"][i]) == (shown if shown is not None else (-1, -1))
                tally.showdowns += int(single_info["showdown"])
                tally.splits += int(single_info["showdown"] and single_info["chips"] == 0)
            else:
                assert not final["_payoffs"][i]
            assert info["skipped_hands"][i] == 0
            o, reset_info = env.reset()
            assert reset_info["skipped_hands"] == 0
        else:
            assert "final_obs" not in info or not info["_final_obs"][i]
        single_obs[i] = o
    for key in obs:
        np.testing.assert_array_equal(obs[key], np.stack([o[key] for o in single_obs]))
    np.testing.assert_array_equal(vector.action_masks(), np.stack([env.action_masks() for env in singles]))


def _play_against_singles(kwargs, seeds, steps, rng, illegal_rate=0.0):
    vector = HUNLVectorEnv(len(seeds), **kwargs)
    assert vector.backend == "kernel"
    singles = [HUNLEnv(backend="python", **kwargs) for _ in seeds]  # the reference: the Python engine
    obs, info = vector.reset(seed=seeds)
    single_obs = []
    for i, (env, seed) in enumerate(zip(singles, seeds, strict=True)):
        o, single_info = env.reset(seed=seed)
        single_obs.append(o)
        for key in ("button", "to_call", "min_raise_to", "max_raise_to", "chips", "skipped_hands"):
            assert info[key][i] == single_info[key] and info[f"_{key}"][i]
    for key in obs:
        np.testing.assert_array_equal(obs[key], np.stack([o[key] for o in single_obs]))
    tally = Tally()
    width = vector.single_action_space.n
    for _ in range(steps):
        actions = _random_legal(rng, vector.action_masks())
        if illegal_rate:
            wild = rng.random(len(seeds)) < illegal_rate
            actions[wild] = rng.integers(-1, width + 1, size=int(wild.sum()))
        _compare_steps(vector, singles, single_obs, actions, tally)
    return tally


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_kernel_plays_the_hands_of_single_envs(name):
    tally = _play_against_singles(CONFIGS[name], [3, 17, 17, 42, 1000, 2**40], 800, np.random.default_rng(0))
    assert tally.hands > 1000 and tally.all_ins > 500 and tally.showdowns > 1000 and tally.splits > 20
    # the calling station never bets, so only a small blind below the big blind can fold
    config = CONFIGS[name].get("config", GameConfig())
    assert tally.folds > 50 if config.small_blind < config.big_blind else tally.folds == 0


def test_kernel_penalises_illegal_actions_like_single_envs():
    kwargs = {"illegal_action": "penalty", "illegal_penalty": 7.5}
    tally = _play_against_singles(kwargs, [11, 12, 13], 600, np.random.default_rng(1), illegal_rate=0.2)
    assert tally.hands > 300


def test_kernel_reset_continues_or_reseeds_each_table():
    vector = HUNLVectorEnv(3)
    singles = [HUNLEnv() for _ in range(3)]
    vector.reset(seed=5)
    single_obs = [env.reset(seed=5 + i)[0] for i, env in enumerate(singles)]
    rng = np.random.default_rng(3)
    tally = Tally()
    for round_ in range(4):
        for _ in range(25):
            _compare_steps(vector, singles, single_obs, _random_legal(rng, vector.action_masks()), tally)
        # mid-hand resets: None continues a table's stream, an int reseeds it
        seeds = [None, 100 + round_, None]
        obs, _ = vector.reset(seed=seeds)
        single_obs = [env.reset(seed=seed)[0] for env, seed in zip(singles, seeds, strict=True)]
        for key in obs:
            np.testing.assert_array_equal(obs[key], np.stack([o[key] for o in single_obs]))


def test_kernel_rejects_illegal_actions_before_stepping():
    vector = HUNLVectorEnv(3)
    obs, _ = vector.reset(seed=0)
    masks = vector.action_masks()
    actions = _random_legal(np.random.default_rng(0), masks)
    actions[1] = int(np.flatnonzero(~masks[1])[0])
    with pytest.raises(IllegalActionError, match="table 1"):
        vector.step(actions)
    with pytest.raises(IllegalActionError, match="integer ids"):
        vector.step(np.ones(3))
    with pytest.raises(IllegalActionError, match="one action per table"):
        vector.step(np.ones(2, dtype=np.int64))
    after, *_ = vector.step(np.ones(3, dtype=np.int64))  # nothing moved before: this is still the first decision
    single = HUNLEnv()
    single.reset(seed=0)
    np.testing.assert_array_equal(after["observation"][0], single.step(1)[0]["observation"])
    assert not np.array_equal(after["observation"], obs["observation"])


def test_backend_selection():
    assert HUNLVectorEnv(2).backend == "kernel"
    assert HUNLVectorEnv(2, opponent=CallAgent()).backend == "kernel"
    assert HUNLVectorEnv(2, backend="python").backend == "python"
    assert HUNLVectorEnv(2, opponent=lambda: baselines.make("call")).backend == "python"
    assert HUNLVectorEnv(2, wrap=PokerSkillObservation).backend == "python"
    assert HUNLVectorEnv(2, action_mode="continuous").backend == "python"
    assert HUNLVectorEnv(2, render_mode="ansi").backend == "python"
    with pytest.raises(ConfigError, match="calling station"):
        HUNLVectorEnv(2, opponent=baselines.make("random"), backend="kernel")
    with pytest.raises(ConfigError, match="backend"):
        HUNLVectorEnv(2, backend="gpu")
    kernel, python = HUNLVectorEnv(2), HUNLVectorEnv(2, backend="python")
    assert kernel.envs == [] and len(python.envs) == 2
    assert kernel.single_observation_space == python.single_observation_space
    assert kernel.single_action_space == python.single_action_space


def test_kernel_and_python_backends_agree():
    seeds = [21, 22, 23, 24]
    kernel, python = HUNLVectorEnv(4), HUNLVectorEnv(4, backend="python")
    obs_k, _ = kernel.reset(seed=seeds)
    obs_p, _ = python.reset(seed=seeds)
    rng = np.random.default_rng(9)
    for _ in range(200):
        for key in obs_k:
            np.testing.assert_array_equal(obs_k[key], obs_p[key])
        actions = _random_legal(rng, kernel.action_masks())
        obs_k, rewards_k, terms_k, _, info_k = kernel.step(actions)
        obs_p, rewards_p, terms_p, _, info_p = python.step(actions)
        np.testing.assert_array_equal(rewards_k, rewards_p)
        np.testing.assert_array_equal(terms_k, terms_p)
        assert ("final_obs" in info_k) == ("final_obs" in info_p)
        if "final_obs" in info_k:
            for key in ("chips", "_chips", "button", "illegal_action", "showdown", "_showdown"):
                np.testing.assert_array_equal(info_k["final_info"][key], info_p["final_info"][key])


def test_kernel_infos_are_arrays_and_follow_copy():
    owned = HUNLVectorEnv(64)
    owned.reset(seed=0)
    shared = HUNLVectorEnv(64, copy=False)
    shared.reset(seed=0)
    actions = np.zeros(64, dtype=np.int64)  # fold where possible, else check: many hands end
    actions[~owned.action_masks()[:, 0]] = 1
    _, _, terms, _, info = owned.step(actions)
    _, _, _, _, shared_info = shared.step(actions)
    assert terms.any()
    final_obs = info["final_obs"]
    assert final_obs["observation"].shape == (64, 318) and final_obs["action_mask"].shape == (64, 9)
    assert not final_obs["action_mask"][terms].any()
    assert info["final_info"]["payoffs"].shape == (64, 2)
    np.testing.assert_array_equal(info["final_info"]["payoffs"].sum(axis=1)[terms], 0)
    assert shared_info["final_obs"]["observation"] is shared.kernel.final_observations
    assert info["final_obs"]["observation"] is not owned.kernel.final_observations


def test_sb3_adapter_on_the_kernel_backend():
    pytest.importorskip("stable_baselines3")
    from pokergym.vector.sb3 import SB3VecEnv

    venv = SB3VecEnv(HUNLVectorEnv(2))
    assert venv.get_attr("render_mode") == [None, None]
    assert venv.env_is_wrapped(PokerSkillObservation) == [False, False]
    with pytest.raises(ConfigError, match="kernel backend"):
        venv.set_attr("render_mode", "ansi")
    with pytest.raises(ConfigError, match="kernel backend"):
        venv.env_method("render")


def test_kernel_tables_check_their_arguments():
    from pokergym.envs.kernel import KernelTables

    with pytest.raises(ConfigError, match="exceed the big blind"):
        KernelTables(2, GameConfig(stacks=(100, 20000)))
    with pytest.raises(ConfigError, match="button"):
        KernelTables(2, GameConfig(), button=True)
    with pytest.raises(ConfigError, match="increasing"):
        KernelTables(2, GameConfig(), raise_fractions=(1.0, 0.5))
    with pytest.raises(ConfigError, match="history_slots"):
        KernelTables(2, GameConfig(), history_slots=0)
