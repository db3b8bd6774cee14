"""The two table backends behind one interface, and the option objects the environments are built from."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from pokergym.agents import CallAgent, RandomAgent
from pokergym.arena import RunnerOptions, match, tournament
from pokergym.engine.config import GameConfig
from pokergym.envs import EnvOptions, HUNLEnv
from pokergym.envs.choice import choose_backend
from pokergym.envs.engine_backend import EngineBackend
from pokergym.envs.kernel_backend import KernelBackend
from pokergym.envs.opponent import OpponentSeat
from pokergym.envs.table import HandTable
from pokergym.errors import ConfigError, HandOverError
from pokergym.pettingzoo import AgentPolicy, hunl_v0


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> None:
    (obs_a, *rest_a), (obs_b, *rest_b) = a, b
    for key in obs_a:
        np.testing.assert_array_equal(obs_a[key], obs_b[key])
        assert obs_a[key].dtype == obs_b[key].dtype
    assert rest_a == rest_b


@pytest.mark.parametrize("illegal", ["raise", "penalty"])
def test_both_backends_play_200_seeded_hands_alike(illegal: str) -> None:
    kernel = HUNLEnv(backend="kernel", illegal_action=illegal)  # type: ignore[arg-type]
    python = HUNLEnv(backend="python", illegal_action=illegal)  # type: ignore[arg-type]
    assert (kernel.backend, python.backend) == ("kernel", "python")
    rng = np.random.default_rng(24)
    for hand in range(200):
        seed = hand if hand % 3 == 0 else None  # seeded and continued hands
        start = kernel.reset(seed=seed), python.reset(seed=seed)
        _same(*start)
        obs, terminated = start[0][0], False
        while not terminated:
            np.testing.assert_array_equal(kernel.action_masks(), python.action_masks())
            legal = np.flatnonzero(obs["action_mask"])
            illegal_id = np.flatnonzero(obs["action_mask"] == 0)
            if illegal == "penalty" and illegal_id.size and rng.random() < 0.02:
                action = int(illegal_id[0])
            else:
                action = int(rng.choice(legal))
            out = kernel.step(action)
            _same(out, python.step(action))
            obs, terminated = out[0], out[2]
        np.testing.assert_array_equal(kernel.action_masks(), python.action_masks())
        assert not kernel.action_masks().any()
        assert kernel.hand.history == python.hand.history


def test_aec_backends_play_the_same_hands() -> None:
    envs = [hunl_v0.raw_env(backend="kernel"), hunl_v0.raw_env(backend="python")]
    rng = np.random.default_rng(5)
    for hand in range(50):
        for env in envs:
            env.reset(seed=hand)
        while envs[0].agents and not envs[0].terminations[envs[0].agent_selection]:
            agent = envs[0].agent_selection
            assert agent == envs[1].agent_selection
            seen = [env.observe(agent) for env in envs]
            np.testing.assert_array_equal(seen[0]["observation"], seen[1]["observation"])
            np.testing.assert_array_equal(seen[0]["action_mask"], seen[1]["action_mask"])
            action = int(rng.choice(np.flatnonzero(seen[0]["action_mask"])))
            for env in envs:
                env.step(action)
        assert envs[0].infos == envs[1].infos and envs[0].rewards == envs[1].rewards


class _Recorder(RandomAgent):
    """A random agent that keeps the events it is shown."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[str] = []

    def observe(self, event: Any) -> None:
        self.events.append(repr(event))


def _policy_events(backend: str) -> list[list[str]]:
    env = hunl_v0.env(backend=backend)
    recorders = {name: _Recorder() for name in env.possible_agents}
    policies = {name: AgentPolicy(recorders[name], env, name, seed=i) for i, name in enumerate(env.possible_agents)}
    for hand in range(6):
        env.reset(seed=100 + hand)
        for name in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            env.step(None if terminated or truncated else policies[name](None, name))
    for policy in policies.values():
        policy.sync()
    return [recorder.events for recorder in recorders.values()]


def test_agent_policies_see_every_event_on_both_backends() -> None:
    kernel, python = _policy_events("kernel"), _policy_events("python")
    assert kernel == python
    for events in kernel:  # every hand followed is followed to its end, also where the next reset came first
        starts = sum(event.startswith("HandStart") for event in events)
        assert sum(event.startswith("HandEnd") for event in events) == starts >= 3


def test_backend_objects_answer_alike_without_an_environment() -> None:
    table = HandTable(button=1)
    backends = [EngineBackend(table, None), KernelBackend(table, table.compiled(reply=False), None)]
    for backend in backends:
        with pytest.raises(HandOverError):
            backend.hand()
        with pytest.raises(HandOverError):
            backend.observe(0)
        assert backend.deal(11) == (0, 0)
    for seat in (0, 1):
        np.testing.assert_array_equal(backends[0].mask(seat), backends[1].mask(seat))
    assert backends[0].status() == backends[1].status() == (1, 1, None)
    assert [b.act(1, 1) for b in backends] == [True, True]  # the button calls
    assert backends[0].info(0) == backends[1].info(0)
    assert backends[0].outcome() == backends[1].outcome()


def test_choose_backend_keeps_the_opponent_rule() -> None:
    table = HandTable()
    with pytest.raises(ConfigError, match="calling station only"):
        choose_backend(table, "kernel", OpponentSeat(RandomAgent()), background=False)
    backend, standby = choose_backend(table, "kernel", OpponentSeat(CallAgent()), background=True)
    assert (backend.name, standby) == ("kernel", None)


def test_env_options_check_once_and_build_the_same_environment() -> None:
    with pytest.raises(ConfigError, match="render_mode"):
        EnvOptions(render_mode="rgb")
    with pytest.raises(ConfigError, match="illegal_penalty"):
        EnvOptions(illegal_penalty=-1.0)
    with pytest.raises(ConfigError, match="both stacks"):
        EnvOptions(config=GameConfig(stacks=(100, 100)))
    options = EnvOptions(button=0, history_slots=4, backend="python")
    built, direct = HUNLEnv.from_options(options), HUNLEnv(button=0, history_slots=4, backend="python")
    assert built.options == direct.options == options
    _same(built.reset(seed=3), direct.reset(seed=3))
    aec = hunl_v0.raw_env.from_options(options)
    assert aec.options == hunl_v0.raw_env(button=0, history_slots=4, backend="python").options
    aec.reset(seed=3)
    np.testing.assert_array_equal(aec.observe("player_0")["observation"], direct.reset(seed=3)[0]["observation"])


def test_runner_options_replace_the_keywords() -> None:
    agents = CallAgent(), CallAgent(name="call2")
    by_keywords = match(*agents, pairs=6, seed=2, block_size=4)
    by_options = match(*agents, pairs=6, seed=2, runner_options=RunnerOptions(block_size=4))
    assert by_keywords == by_options and by_options.block_size == 4
    with pytest.raises(ConfigError, match="not both"):
        match(*agents, pairs=6, block_size=3, runner_options=RunnerOptions(block_size=4))
    with pytest.raises(ConfigError, match="block_size"):
        tournament(list(agents), pairs=4, runner_options=RunnerOptions(block_size=0))
    result = tournament(list(agents), pairs=4, runner_options=RunnerOptions(block_size=2))
    assert result.matches[0].block_size == 2


def test_every_constructor_keyword_lands_in_its_option() -> None:
    settings: dict[str, Any] = {
        "config": GameConfig(stacks=(5000, 6000)),
        "action_mode": "chips",
        "raise_fractions": (0.5, 1.0),
        "button": 1,
        "illegal_action": "penalty",
        "illegal_penalty": 3.0,
        "history_slots": 3,
        "render_mode": "ansi",
        "backend": "python",
    }
    expected = EnvOptions(**settings)
    assert HUNLEnv(**settings).options == expected
    assert hunl_v0.raw_env(**settings).options == expected
    table_settings = {k: v for k, v in settings.items() if k not in ("render_mode", "backend")}
    assert HandTable(**table_settings).options == EnvOptions(**table_settings)
