import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import baselines
import pokergym  # noqa: F401
from pokergym.errors import ConfigError, HandOverError, IllegalActionError
from pokergym.vector import HUNLVectorEnv
from pokergym.wrappers import PokerSkillObservation, SkillPromptObservation


def _masked_choice(rng, masks):
    return np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])


def _assert_same_as_singles(vector, singles, seeds, steps, rng):
    obs, info = vector.reset(seed=seeds)
    single_obs = [env.reset(seed=s)[0] for env, s in zip(singles, seeds, strict=True)]
    hands = 0
    for _ in range(steps):
        for key in obs:
            np.testing.assert_array_equal(obs[key], np.stack([o[key] for o in single_obs]))
        masks = vector.action_masks()
        np.testing.assert_array_equal(masks, np.stack([env.unwrapped.action_masks() for env in singles]))
        actions = _masked_choice(rng, masks)
        obs, rewards, terms, truncs, info = vector.step(actions)
        assert not truncs.any()
        for i, env in enumerate(singles):
            o, r, term, trunc, single_info = env.step(actions[i])
            assert (rewards[i], terms[i], truncs[i]) == (r, term, trunc)
            if term:
                hands += 1
                assert info["_final_obs"][i]
                for key in o:
                    np.testing.assert_array_equal(info["final_obs"][i][key], o[key])
                assert info["final_info"]["chips"][i] == single_info["chips"]
                o, reset_info = env.reset()
                assert info["skipped_hands"][i] == reset_info["skipped_hands"]
            else:
                assert "final_obs" not in info or not info["_final_obs"][i]
            single_obs[i] = o
    return hands


@pytest.mark.parametrize("opponent", ["call", "honest:samples=50", "random"])
def test_vector_plays_the_hands_of_single_envs(opponent):
    seeds = [3, 17, 17, 42]
    vector = HUNLVectorEnv(4, opponent=lambda: baselines.make(opponent))
    singles = [gym.make("HUNL-v0", opponent=baselines.make(opponent)) for _ in seeds]
    hands = _assert_same_as_singles(vector, singles, seeds, 300, np.random.default_rng(0))
    assert hands > 100


def test_integer_seed_seeds_consecutive_tables_and_reset_continues_streams():
    vector = HUNLVectorEnv(3, opponent=baselines.make("random"))
    singles = [gym.make("HUNL-v0", opponent=baselines.make("random")) for _ in range(3)]
    vector.reset(seed=5)
    for i, env in enumerate(singles):
        env.reset(seed=5 + i)
    # an unseeded reset continues each table's stream like a single env's reset()
    obs, _ = vector.reset()
    for i, env in enumerate(singles):
        np.testing.assert_array_equal(obs["observation"][i], env.reset()[0]["observation"])


def test_wrapped_tables_add_feature_entries():
    seeds = [1, 2]
    vector = HUNLVectorEnv(2, wrap=PokerSkillObservation)
    singles = [PokerSkillObservation(gym.make("HUNL-v0")) for _ in seeds]
    assert vector.single_observation_space == singles[0].observation_space
    _assert_same_as_singles(vector, singles, seeds, 60, np.random.default_rng(1))


def test_spaces_and_make_vec():
    single = gym.make("HUNL-v0")
    vector = gym.make_vec("HUNL-v0", num_envs=3, vectorization_mode="vector_entry_point")
    assert isinstance(vector, HUNLVectorEnv)
    assert vector.single_observation_space == single.observation_space
    assert vector.single_action_space == single.action_space
    obs, _ = vector.reset(seed=0)
    assert vector.observation_space.contains(obs)
    assert vector.action_masks().dtype == np.bool_
    assert vector.metadata["autoreset_mode"] == gym.vector.AutoresetMode.SAME_STEP


def test_copy_false_returns_the_buffers():
    vector = HUNLVectorEnv(2, copy=False)
    first, _ = vector.reset(seed=0)
    second, *_ = vector.step(np.ones(2, dtype=np.int64))
    assert first["observation"] is second["observation"]


def test_single_env_passes_check_env():
    # check_env samples actions without the mask, so illegal ones must end the hand, not raise.
    check_env(gym.make("HUNL-v0", illegal_action="penalty").unwrapped, skip_render_check=True)


def test_bad_arguments():
    with pytest.raises(ConfigError):
        HUNLVectorEnv(0)
    with pytest.raises(ConfigError):
        HUNLVectorEnv(2).reset(seed=[1, 2, 3])
    with pytest.raises(ConfigError, match="Dict of Box"):
        HUNLVectorEnv(2, wrap=SkillPromptObservation)
    for count in ("2", 2.0, True):
        with pytest.raises(ConfigError, match="num_envs"):
            HUNLVectorEnv(count)  # type: ignore[arg-type]
    for seed in (-1, [1, -2], [1.5, 2], "1"):
        with pytest.raises(ConfigError, match="seed"):
            HUNLVectorEnv(2, backend="python").reset(seed=seed)  # type: ignore[arg-type]
    vector = HUNLVectorEnv(2, backend="python")
    assert vector.reset(seed=np.int64(3))[0]["observation"].shape[0] == 2  # a numpy seed is an integer
    for backend in ("python", "kernel"):
        for illegal in ("raise", "penalty"):  # the kernel's penalty mode stepped tables never dealt
            fresh = HUNLVectorEnv(2, backend=backend, illegal_action=illegal)
            with pytest.raises(HandOverError, match="reset"):
                fresh.step([1, 1])
        dealt = HUNLVectorEnv(3, backend=backend)
        dealt.reset(seed=0)
        for actions in ([1, 1], 1):
            with pytest.raises(IllegalActionError, match="one action per table"):
                dealt.step(actions)


def test_matches_gymnasium_sync_vector_env_same_step():
    from gymnasium.vector import AutoresetMode, SyncVectorEnv

    seeds = [7, 8, 9]
    ours = HUNLVectorEnv(3, opponent=baselines.make("random"))
    theirs = SyncVectorEnv(
        [lambda: gym.make("HUNL-v0", opponent=baselines.make("random"))] * 3, autoreset_mode=AutoresetMode.SAME_STEP
    )
    obs, _ = ours.reset(seed=seeds)
    ref, _ = theirs.reset(seed=seeds)
    rng = np.random.default_rng(2)
    for _ in range(100):
        np.testing.assert_array_equal(obs["observation"], ref["observation"])
        actions = _masked_choice(rng, ours.action_masks())
        obs, rewards, terms, _, info = ours.step(actions)
        ref, ref_rewards, ref_terms, _, ref_info = theirs.step(actions)
        np.testing.assert_array_equal(rewards, ref_rewards)
        np.testing.assert_array_equal(terms, ref_terms)
        assert ("final_obs" in info) == ("final_obs" in ref_info)
        if "final_obs" in info:
            np.testing.assert_array_equal(info["_final_obs"], ref_info["_final_obs"])
            for key in ("chips", "payoffs", "showdown", "_chips"):
                np.testing.assert_array_equal(info["final_info"][key], ref_info["final_info"][key])
                assert info["final_info"][key].dtype == ref_info["final_info"][key].dtype


@pytest.mark.parametrize("backend", ["kernel", "python"])
def test_env_arguments_reach_every_table(backend):
    vector = HUNLVectorEnv(2, illegal_action="penalty", button=0, backend=backend)
    assert vector.backend == backend
    obs, info = vector.reset(seed=0)
    is_button = vector.template.feature_names.index("is_button")
    assert (obs["observation"][:, is_button] == 1.0).all() and (info["button"] == 0).all()
    illegal = np.array([int(np.flatnonzero(~row)[0]) for row in vector.action_masks()])
    _, rewards, terms, _, info = vector.step(illegal)
    assert terms.all() and (rewards == -200.0).all()
    assert info["final_info"]["illegal_action"].all()
