"""``gym.make("HUNL-v0")``: Gymnasium API, seeding, opponent, rewards, info, rendering, pickling."""

from __future__ import annotations

import pickle
import warnings

import gymnasium as gym
import numpy as np
import pytest
from env_helpers import CheatAgent, FoldAgent, RecordingAgent, benchmark_choice, play_gym_hand
from gymnasium.utils.env_checker import check_env

import pokergym  # noqa: F401  (registers HUNL-v0)
from pokergym.agents import Action, PlayerView, RandomAgent
from pokergym.engine import ActionKind, ActionRecord, ActionTaken, GameConfig, HandEnd, HandStart, Street
from pokergym.envs import HUNLEnv
from pokergym.errors import AgentError, ConfigError, HandOverError, IllegalActionError, PokerGymError

MODES = pytest.mark.parametrize("mode", ["discrete", "continuous", "chips"])


# Gymnasium's checker samples actions without the mask, so an illegal action
# is likely; "penalty" mode accepts them (and ends the hand) instead of raising.
@MODES
def test_check_env_on_the_registered_env(mode: str) -> None:
    env = gym.make("HUNL-v0", action_mode=mode, illegal_action="penalty")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    assert [str(w.message) for w in caught if "different from the unwrapped" not in str(w.message)] == []


@MODES
def test_check_env_on_the_unwrapped_env(mode: str) -> None:
    check_env(gym.make("HUNL-v0", action_mode=mode, illegal_action="penalty").unwrapped)


def test_default_spaces_and_opponent() -> None:
    env = gym.make("HUNL-v0")
    assert env.action_space == gym.spaces.Discrete(9)
    assert env.observation_space["observation"].shape == (318,)
    assert env.observation_space["action_mask"] == gym.spaces.Box(0, 1, (9,), np.int8)
    assert env.unwrapped.opponent.name == "call"
    assert len(env.unwrapped.feature_names) == 318


def test_same_seed_same_hands_and_different_seed_different_hands() -> None:
    def hands(seed: int) -> list[tuple[tuple[int, ...], int]]:
        env = HUNLEnv(RandomAgent())
        rng = np.random.default_rng(99)
        dealt = []
        for i in range(6):
            play_gym_hand(env, rng, seed=seed if i == 0 else None)
            dealt.append((env.hand.deck, env.hand.button))
        return dealt

    assert hands(5) == hands(5)
    assert hands(5) != hands(6)


def test_the_deck_sequence_does_not_depend_on_the_learners_actions() -> None:
    decks = []
    for policy_seed in (1, 2):
        env = HUNLEnv(RandomAgent())
        rng = np.random.default_rng(policy_seed)
        play_gym_hand(env, rng, seed=3)
        for _ in range(4):
            play_gym_hand(env, rng)
        decks.append(env.hand.deck)
    assert decks[0] == decks[1]


def test_reseeding_replays_the_same_hand() -> None:
    env = HUNLEnv(RandomAgent())
    first, _ = env.reset(seed=11)
    env.step(1)
    again, _ = env.reset(seed=11)
    assert np.array_equal(first["observation"], again["observation"])


def test_button_alternates_across_resets() -> None:
    env = gym.make("HUNL-v0")
    buttons = []
    for i in range(8):
        _, info = env.reset(seed=4 if i == 0 else None)
        buttons.append(info["button"])
    assert buttons in ([0, 1] * 4, [1, 0] * 4)


@pytest.mark.parametrize("button", [0, 1])
def test_fixed_button(button: int) -> None:
    env = HUNLEnv(button=button)
    assert {env.reset(seed=s)[1]["button"] for s in range(6)} == {button}


def test_random_button_uses_both_seats() -> None:
    env = HUNLEnv(button="random")
    env.reset(seed=0)
    assert {env.reset()[1]["button"] for _ in range(40)} == {0, 1}


def test_rewards_are_big_blinds_and_info_carries_chips_and_history() -> None:
    env = HUNLEnv(RandomAgent(), GameConfig(small_blind=5, big_blind=10, stacks=(1000, 1000)))
    rng = np.random.default_rng(0)
    for i in range(30):
        transitions = play_gym_hand(env, rng, seed=i)
        _, reward, terminated, truncated, info = transitions[-1]
        assert terminated and not truncated
        assert all(t[1] == 0.0 for t in transitions[1:-1])
        assert reward == info["chips"] / 10 and isinstance(reward, float)
        assert sum(info["payoffs"]) == 0 and info["payoffs"][0] == info["chips"]
        assert info["history"] == tuple(env.hand.history)
        assert all(isinstance(r, ActionRecord) for r in info["history"])
        assert info["opponent_hole"] == (env.hand.hole(1) if info["showdown"] else None)
        assert not transitions[-1][0]["action_mask"].any()


def test_info_has_the_legal_bounds_when_the_learner_acts() -> None:
    env = HUNLEnv(button=0)
    _, info = env.reset(seed=0)
    assert (info["to_call"], info["min_raise_to"], info["max_raise_to"]) == (50, 200, 20000)
    assert info["seat"] == 0 and info["button"] == 0 and info["chips"] == 0
    assert info["skipped_hands"] == 0 and info["skipped_chips"] == 0
    assert info["illegal_action"] is False and info["history"] == ()


def test_illegal_action_raises_and_leaves_the_hand_unchanged() -> None:
    env = HUNLEnv(button=1)
    env.reset(seed=0)  # the learner is the big blind; the calling station limped: check is free
    history = tuple(env.hand.history)
    with pytest.raises(IllegalActionError, match=r"legal: check \(1\)"):
        env.step(0)
    assert tuple(env.hand.history) == history
    env.step(1)  # still playable


def test_penalty_mode_ends_the_hand_with_the_penalty() -> None:
    env = HUNLEnv(button=1, illegal_action="penalty", illegal_penalty=7.5)
    env.reset(seed=0)
    history = tuple(env.hand.history)
    obs, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-7.5, True, False, True)
    assert info["history"] == history and not env.hand.terminal  # no fold was made up
    assert not obs["action_mask"].any()
    with pytest.raises(HandOverError):
        env.step(1)


def test_default_penalty_is_the_starting_stack() -> None:
    env = HUNLEnv(button=1, illegal_action="penalty")
    env.reset(seed=0)
    assert env.step(0)[1] == -200.0


def test_stepping_after_the_end_or_before_reset_raises() -> None:
    env = HUNLEnv()
    with pytest.raises(HandOverError):
        env.step(1)
    env.reset(seed=0)
    terminated = False
    while not terminated:
        terminated = env.step(1)[2]
    with pytest.raises(HandOverError, match="reset"):
        env.step(1)


def test_opponent_gets_reset_and_every_event_in_order() -> None:
    opponent = RecordingAgent()
    env = HUNLEnv(opponent)
    rng = np.random.default_rng(1)
    for i in range(5):
        opponent.events.clear()
        play_gym_hand(env, rng, seed=0 if i == 0 else None)
        assert opponent.resets == [1] * (i + 1)
        events = opponent.events
        assert isinstance(events[0], HandStart) and events[0].hole == env.hand.hole(1) and events[0].seat == 1
        assert isinstance(events[-1], HandEnd) and events[-1].payoffs == env.hand.payoffs
        assert [e.record for e in events if isinstance(e, ActionTaken)] == env.hand.history


def test_hands_the_learner_never_acts_in_are_skipped_and_reported() -> None:
    env = HUNLEnv(FoldAgent())
    skipped = 0
    for i in range(10):
        _, info = env.reset(seed=i)
        assert env.hand.actor == 0
        skipped += info["skipped_hands"]
        assert info["skipped_chips"] == 50 * info["skipped_hands"]
    assert skipped > 0


def test_an_opponent_that_always_folds_first_is_an_error_not_a_hang() -> None:
    env = HUNLEnv(FoldAgent(), button=1)
    with pytest.raises(PokerGymError, match="before the learner could act"):
        env.reset(seed=0)


def test_an_illegal_opponent_action_is_reported() -> None:
    env = HUNLEnv(CheatAgent(), button=1)
    with pytest.raises(AgentError, match="cheat") as caught:
        env.reset(seed=0)  # the cheat tries to check its small blind
    assert isinstance(caught.value.__cause__, IllegalActionError)


class Shover(FoldAgent):
    name = "shover"

    def act(self, view: PlayerView) -> Action:
        assert view.legal is not None
        if view.legal.can_raise and view.street == Street.RIVER:
            return Action.all_in()
        if view.legal.can_raise and view.street and not view.legal.can_call:
            return Action.bet(view.legal.min_raise_to)
        return Action.call() if view.legal.can_call else Action.check()


def test_opponent_bets_raises_and_shoves_through_the_engine() -> None:
    env = HUNLEnv(Shover())
    for seed in range(6):
        env.reset(seed=seed)
        terminated = False
        while not terminated:
            _, reward, terminated, _, info = env.step(1)
        kinds = {r.kind for r in info["history"] if r.seat == 1}
        assert ActionKind.BET in kinds and any(r.all_in for r in info["history"])
        assert reward == info["chips"] / 100


def test_garbage_from_the_opponent_is_reported() -> None:
    class Garbage(FoldAgent):
        name = "garbage"

        def act(self, view: PlayerView) -> Action:
            return None  # type: ignore[return-value]

    with pytest.raises(AgentError, match="garbage"):
        HUNLEnv(Garbage(), button=1).reset(seed=0)


def test_a_crashing_opponent_is_reported() -> None:
    class Crash(FoldAgent):
        name = "crash"

        def act(self, view: PlayerView) -> Action:
            raise RuntimeError("boom")

    with pytest.raises(AgentError, match="boom"):
        HUNLEnv(Crash(), button=1).reset(seed=0)


def test_action_masks_for_maskable_ppo() -> None:
    env = gym.make("HUNL-v0")
    obs, _ = env.reset(seed=2)
    masks = env.unwrapped.action_masks()
    assert masks.dtype == bool and np.array_equal(masks, obs["action_mask"].astype(bool))


@MODES
def test_every_mode_plays_whole_hands(mode: str) -> None:
    env = gym.make("HUNL-v0", action_mode=mode, opponent=RandomAgent())
    env.action_space.seed(0)
    for i in range(20):
        obs, info = env.reset(seed=i)
        terminated = False
        while not terminated:
            assert obs in env.observation_space
            action = env.action_space.sample(obs["action_mask"]) if mode != "chips" else chips_action(info)
            obs, reward, terminated, _, info = env.step(action)
        assert reward == info["chips"] / 100


def chips_action(info: dict[str, int]) -> np.ndarray:
    if info["max_raise_to"]:
        return np.array([2, (info["min_raise_to"] + info["max_raise_to"]) // 2])
    return np.array([1, 0])


def test_render_ansi_and_human(capsys: pytest.CaptureFixture[str]) -> None:
    env = gym.make("HUNL-v0", render_mode="ansi", button=0)  # the learner posts the small blind: pot 150
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "pot 150" in text and "learner" in text and "call" in text
    human = gym.make("HUNL-v0", render_mode="human")
    human.reset(seed=0)
    human.step(1)
    assert "learner" in capsys.readouterr().out
    assert HUNLEnv().render() is None


def test_pickle_round_trip_mid_hand() -> None:
    env = gym.make("HUNL-v0", opponent=RandomAgent())
    env.reset(seed=8)
    first, *_ = env.step(1)
    clone = pickle.loads(pickle.dumps(env))
    runs = []
    for each in (env, clone):
        rng = np.random.default_rng(0)
        obs, terminated, rewards = first, False, []
        while not terminated:
            obs, reward, terminated, _, _ = each.step(benchmark_choice(obs["action_mask"], rng))
            rewards.append(reward)
        runs.append((rewards, each.unwrapped.hand.history, each.reset()[0]["observation"].tolist()))
    assert runs[0] == runs[1]
    clone.close()
    clone.close()


@pytest.mark.parametrize(
    "kwargs",
    [
        {"config": GameConfig(stacks=(100, 20000))},
        {"button": 2},
        {"button": True},
        {"illegal_action": "ignore"},
        {"illegal_penalty": -1.0},
        {"render_mode": "rgb_array"},
        {"opponent": 42},
        {"action_mode": "matrix"},
        {"config": (50, 100)},
        {"button": 1.0},  # the Python engine then failed on a float seat
        {"illegal_penalty": "x"},
        {"illegal_penalty": [1]},
        {"raise_fractions": 0.5},
        {"raise_fractions": "abc"},
        {"raise_fractions": [0.5, None]},
        {"foo": 1},
    ],
)
def test_bad_options_are_rejected(kwargs: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        HUNLEnv(**kwargs)  # type: ignore[arg-type]
