"""``pokergym.pettingzoo.hunl_v0``: PettingZoo API and seed tests, rewards, pickling, the agent adapter."""

from __future__ import annotations

import contextlib
import functools
import pickle
import warnings

import numpy as np
import pytest
from env_helpers import CheatAgent, FoldAgent, RecordingAgent
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

with warnings.catch_warnings():
    # pettingzoo.test imports PettingZoo's classic games, which warn about a deprecated
    # creation API when their optional dependencies (pygame) are installed.
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

from pokergym.agents import CallAgent, RandomAgent
from pokergym.engine import Action, ActionKind, HandEnd, HandStart
from pokergym.errors import IllegalActionError, PokerGymError
from pokergym.pettingzoo import AgentPolicy, hunl_v0

# PettingZoo exempts its own dictionary-observation card games from these
# advisories by name; they describe the Dict observation (and MultiDiscrete
# chips actions), which is intended.
ADVISORIES = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
    "Action space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)
# Random chip amounts are usually outside the raise range, so the chips mode
# is exercised with penalties instead of errors.
SETTINGS = pytest.mark.parametrize(
    ("mode", "illegal"), [("discrete", "raise"), ("continuous", "raise"), ("chips", "penalty")]
)


def unexpected(caught: list[warnings.WarningMessage]) -> list[str]:
    return [str(w.message) for w in caught if str(w.message) not in ADVISORIES]


@SETTINGS
def test_api_test(mode: str, illegal: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(hunl_v0.env(action_mode=mode, illegal_action=illegal), num_cycles=200)
        api_test(hunl_v0.raw_env(action_mode=mode, illegal_action=illegal), num_cycles=200)
    assert unexpected(caught) == []


@SETTINGS
def test_seed_test(mode: str, illegal: str) -> None:
    seed_test(lambda: hunl_v0.env(action_mode=mode, illegal_action=illegal), num_cycles=100)


def play(env: object, policies: dict[str, object]) -> dict[str, object]:
    info: dict[str, object] = {}
    for name in env.agent_iter():  # type: ignore[attr-defined]
        observation, _, terminated, truncated, info = env.last()  # type: ignore[attr-defined]
        env.step(None if terminated or truncated else policies[name](observation, name))  # type: ignore[attr-defined,operator]
    return info


def test_rewards_are_zero_sum_big_blinds_at_the_end() -> None:
    env = hunl_v0.env()
    env.reset(seed=0)
    policies = {a: AgentPolicy(RandomAgent(), env, a, seed=i) for i, a in enumerate(env.possible_agents)}
    for _ in range(30):
        env.reset()
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for name in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            totals[name] += reward
            if not (terminated or truncated):
                assert reward == 0.0
            env.step(None if terminated or truncated else policies[name](observation, name))
        payoffs = info["payoffs"]
        assert sum(payoffs) == 0
        assert totals == {"player_0": payoffs[0] / 100, "player_1": payoffs[1] / 100}


def test_only_the_agent_to_act_has_a_mask() -> None:
    env = hunl_v0.env()
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    for name in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        other = "player_1" if name == "player_0" else "player_0"
        if terminated or truncated:
            assert not observation["action_mask"].any()
            env.step(None)
            continue
        assert observation["action_mask"].any()
        assert not env.observe(other)["action_mask"].any()
        env.step(env.action_space(name).sample(observation["action_mask"]) if rng.random() < 0.5 else 1)


def test_penalty_mode_punishes_only_the_offender() -> None:
    env = hunl_v0.env(illegal_action="penalty", illegal_penalty=3.0, button=0)
    env.reset(seed=0)
    env.step(1)  # the button limps; the big blind may check
    assert env.agent_selection == "player_1"
    env.step(0)  # folding when checking is free
    assert env.rewards == {"player_0": 0.0, "player_1": -3.0}
    assert all(env.terminations.values())
    assert env.infos["player_1"]["illegal_action"] is True and env.infos["player_0"]["illegal_action"] is False


def test_raise_mode_names_the_legal_actions() -> None:
    env = hunl_v0.env(button=0)
    env.reset(seed=0)
    env.step(1)
    with pytest.raises(IllegalActionError, match=r"legal: check \(1\)"):
        env.step(0)
    assert env.agent_selection == "player_1" and not any(env.terminations.values())


def test_pickle_round_trip_mid_hand() -> None:
    for make in (hunl_v0.env, hunl_v0.raw_env):
        env = make()
        env.reset(seed=5)
        env.step(1)
        clone = pickle.loads(pickle.dumps(env))
        assert clone.agent_selection == env.agent_selection
        for each in (env, clone):
            each.step(1)
        assert np.array_equal(env.observe("player_0")["observation"], clone.observe("player_0")["observation"])
        env.reset()
        clone.reset()
        assert env.unwrapped.hand.deck == clone.unwrapped.hand.deck


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    env = hunl_v0.env(render_mode="ansi")
    env.reset(seed=0)
    assert "player_0" in env.render()
    human = hunl_v0.env(render_mode="human")
    human.reset(seed=0)
    assert "player_1" in capsys.readouterr().out
    assert hunl_v0.raw_env().render() is None


def test_agent_policy_delivers_events_and_maps_actions() -> None:
    env = hunl_v0.env()
    env.reset(seed=9)
    recorder = RecordingAgent()
    policies = {
        "player_0": AgentPolicy(recorder, env, "player_0"),
        "player_1": AgentPolicy(FoldAgent(), env, "player_1"),
    }
    for _ in range(8):
        recorder.events.clear()
        play(env, policies)
        policies["player_0"].sync()
        hand = env.unwrapped.hand
        assert isinstance(recorder.events[0], HandStart) and recorder.events[0].hole == hand.hole(0)
        assert isinstance(recorder.events[-1], HandEnd) and recorder.events[-1].payoffs == hand.payoffs
        assert recorder.resets[-1] == 0
        env.reset()
    assert len(recorder.resets) == 8  # including hands where the folder gave up before player_0 acted


def test_agent_policy_rejects_illegal_agents_and_wrong_turns() -> None:
    env = hunl_v0.env(button=0)
    env.reset(seed=0)
    with pytest.raises(ValueError, match="player_1 is not the agent to act"):
        AgentPolicy(CallAgent(), env, "player_1")(None, "player_1")
    with pytest.raises(ValueError, match="plays player_0, not player_1"):
        AgentPolicy(CallAgent(), env, "player_0")(None, "player_1")
    env.step(hunl_v0.raw_env().codec.encode(Action.raise_to(300), env.unwrapped.hand))
    with pytest.raises(IllegalActionError):
        AgentPolicy(CheatAgent(), env, "player_1")(None)
    with pytest.raises(TypeError):
        AgentPolicy(CallAgent(), object(), "player_0")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="player must be one of"):
        AgentPolicy(CallAgent(), env, "player_2")


@pytest.mark.parametrize("mode", ["continuous", "chips"])
def test_agent_policy_in_every_action_mode(mode: str) -> None:
    env = hunl_v0.env(action_mode=mode)
    env.reset(seed=1)
    policies = {a: AgentPolicy(RandomAgent(), env, a, seed=i) for i, a in enumerate(env.possible_agents)}
    for _ in range(10):
        info = play(env, policies)
        assert sum(info["payoffs"]) == 0  # type: ignore[arg-type]
        env.reset()


# ---------------------------------------------------- actions outside the space
# hunl_v0.env() checks that an action lies in the agent's action space itself (PettingZoo's
# AssertOutOfBoundsWrapper raised a bare AssertionError, and refused legal uint64 chips actions).
LEGAL_FORMS = pytest.mark.parametrize(
    ("mode", "action"),
    [
        ("discrete", 1),
        ("discrete", np.uint64(1)),
        ("discrete", np.int8(1)),
        ("discrete", np.array(1, np.uint32)),
        ("chips", np.array([2, 300], np.uint64)),
        ("chips", np.array([2, 300], np.uint16)),
        ("chips", np.array([2, 300], np.int32)),
        ("chips", [np.uint64(2), np.uint64(300)]),
        ("chips", (2, 300)),
        ("continuous", np.array([1.0, -1.0], np.float64)),
        ("continuous", np.array([1, -1], np.int64)),
        ("continuous", [0.9, -1.0]),
    ],
)


@LEGAL_FORMS
@pytest.mark.parametrize("illegal", ["raise", "penalty"])
def test_every_legal_action_form_is_accepted(mode: str, action: object, illegal: str) -> None:
    env = hunl_v0.env(action_mode=mode, illegal_action=illegal, button=0)
    env.reset(seed=0)
    env.step(action)
    record = env.unwrapped.hand.history[-1]
    assert record.seat == 0 and not env.infos["player_0"].get("illegal_action", False)
    assert record.kind in (ActionKind.CALL, ActionKind.RAISE)


@pytest.mark.parametrize(
    ("mode", "action", "expected"),
    [
        ("discrete", 9, r"an integer id in 0\.\.8"),
        ("discrete", -1, r"an integer id in 0\.\.8"),
        ("discrete", "fold", r"an integer id in 0\.\.8"),
        ("discrete", None, r"an integer id in 0\.\.8"),
        ("discrete", 1.0, r"an integer id in 0\.\.8"),
        ("chips", np.array([3, 300]), r"integers \[0\.\.2, 0\.\.20000\]"),
        ("chips", [2, 20001], r"integers \[0\.\.2, 0\.\.20000\]"),
        ("chips", np.array([2.0, 300.0]), r"integers \[0\.\.2, 0\.\.20000\]"),
        ("chips", [[2, 300]], r"integers \[0\.\.2, 0\.\.20000\]"),
        ("chips", [2, [300]], r"integers \[0\.\.2, 0\.\.20000\]"),
        ("chips", {"kind": 2}, r"integers \[0\.\.2, 0\.\.20000\]"),
        ("continuous", [1.5, 0.0], r"2 numbers in \[-1\.0, 1\.0\]"),
        ("continuous", [float("nan"), 0.0], r"2 numbers in \[-1\.0, 1\.0\]"),
        ("continuous", ["a", "b"], r"2 numbers in \[-1\.0, 1\.0\]"),
        ("continuous", [0.0], r"2 numbers in \[-1\.0, 1\.0\]"),
    ],
)
@pytest.mark.parametrize("illegal", ["raise", "penalty"])
def test_an_action_outside_the_space_is_a_typed_error_in_every_mode(
    mode: str, action: object, expected: str, illegal: str
) -> None:
    env = hunl_v0.env(action_mode=mode, illegal_action=illegal, button=0)
    env.reset(seed=0)
    message = rf"player_0's action .* is outside its action space: expected {expected}"
    with pytest.raises(IllegalActionError, match=message):
        env.step(action)
    assert env.agent_selection == "player_0" and not any(env.terminations.values())  # nothing happened
    assert env.unwrapped.hand.history == []


GARBAGE_ACTIONS = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=6)
    | st.binary(max_size=6)
    | st.integers(-2, 10)
    | st.floats(-1.5, 1.5),
    lambda children: (
        st.lists(children, max_size=4)
        | st.tuples(children, children)
        | st.dictionaries(st.text(max_size=3), children, max_size=2)
    ),
    max_leaves=8,
) | hnp.arrays(
    dtype=st.sampled_from([np.uint64, np.uint8, np.int8, np.int64, np.float64, np.float32, np.bool_]),
    shape=hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=3),
)


@functools.cache
def fuzz_env(mode: str, illegal: str) -> object:
    return hunl_v0.env(action_mode=mode, illegal_action=illegal)


@settings(max_examples=300, deadline=None, database=None)
@given(
    mode=st.sampled_from(["discrete", "continuous", "chips"]),
    illegal=st.sampled_from(["raise", "penalty"]),
    action=GARBAGE_ACTIONS,
    seed=st.integers(0, 1000),
)
def test_step_raises_only_typed_errors(mode: str, illegal: str, action: object, seed: int) -> None:
    env = fuzz_env(mode, illegal)
    env.reset(seed=seed)  # type: ignore[attr-defined]
    with contextlib.suppress(PokerGymError):
        env.step(action)  # type: ignore[attr-defined]


@pytest.mark.parametrize("call", ["step", "observe", "state", "render", "agent_iter"])
def test_a_call_before_reset_is_a_typed_error(call: str) -> None:
    from pokergym.errors import EnvOrderError

    aec = hunl_v0.env()
    args = {"step": (1,), "observe": ("player_0",)}.get(call, ())
    with pytest.raises(EnvOrderError, match=f"{call}\\(\\) before reset"):
        getattr(aec, call)(*args)
