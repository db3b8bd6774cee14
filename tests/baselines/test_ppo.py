"""The shipped PPO agent: numpy forward pass equal to torch's, plays without torch, typed errors."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from baselines import make
from baselines.ppo import PolicyNetwork, PPOAgent
from baselines.ppo.agent import SHIPPED_POSTFLOP, SHIPPED_WEIGHTS, features_of
from pokergym.engine import HandState
from pokergym.errors import ConfigError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def model() -> Any:
    """An untrained MaskablePPO on HUNL-v0 with PokerSkill features, its weights scrambled so logits vary."""
    torch = pytest.importorskip("torch")
    contrib = pytest.importorskip("sb3_contrib")
    from pokergym.vector import HUNLVectorEnv
    from pokergym.vector.sb3 import SB3VecEnv
    from pokergym.wrappers import PokerSkillObservation

    env = SB3VecEnv(HUNLVectorEnv(4, opponent="honest", wrap=PokerSkillObservation))
    ppo = contrib.MaskablePPO(
        "MultiInputPolicy", env, n_steps=32, seed=0, device="cpu", policy_kwargs={"net_arch": [48, 32]}
    )
    generator = torch.Generator().manual_seed(0)
    with torch.no_grad():
        for parameter in ppo.policy.parameters():
            parameter.add_(0.3 * torch.randn(parameter.shape, generator=generator))
    return ppo


def observations(model: Any, count: int) -> list[dict[str, np.ndarray]]:
    """``count`` observations of the model's tables under random legal play."""
    env, rng, out = model.get_env(), np.random.default_rng(1), []
    env.seed(5)
    batch = env.reset()
    while len(out) < count:
        out.extend({key: value[i].copy() for key, value in batch.items()} for i in range(env.num_envs))
        masks = batch["action_mask"].astype(bool)
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        batch, *_ = env.step(actions)
    return out[:count]


def test_numpy_policy_equals_the_torch_policy_on_1000_observations(model: Any) -> None:
    import torch

    network = PolicyNetwork.from_sb3(model.policy)
    assert network.keys == ("action_mask", "observation", "pokerskill")
    streets = set()
    for observation in observations(model, 1000):
        mask = observation["action_mask"].astype(bool)
        tensor, _ = model.policy.obs_to_tensor(observation)
        with torch.no_grad():
            expected = model.policy.get_distribution(tensor, action_masks=mask[None]).distribution.probs[0].numpy()
        ours = network.probabilities(observation)
        np.testing.assert_allclose(ours, expected, atol=2e-6)
        assert np.all(ours[~mask] == 0.0) and abs(ours.sum() - 1.0) < 1e-9
        streets.add(int(np.argmax(observation["observation"][104:108])))
    assert streets == {0, 1, 2, 3}  # every street was compared


def test_weights_copied_into_a_fresh_policy_act_the_same(model: Any) -> None:
    import torch

    contrib = pytest.importorskip("sb3_contrib")
    network = PolicyNetwork.from_sb3(model.policy)
    fresh = contrib.MaskablePPO(
        "MultiInputPolicy", model.get_env(), n_steps=32, seed=1, device="cpu", policy_kwargs={"net_arch": [48, 32]}
    )
    observation = observations(model, 1)[0]
    assert not np.allclose(
        PolicyNetwork.from_sb3(fresh.policy).probabilities(observation), network.probabilities(observation)
    )
    network.into_sb3(fresh.policy)
    copied = PolicyNetwork.from_sb3(fresh.policy)
    for mine, theirs in zip([*copied.layers, copied.head], [*network.layers, network.head], strict=True):
        np.testing.assert_array_equal(mine[0], theirs[0])
        np.testing.assert_array_equal(mine[1], theirs[1])
    mask = observation["action_mask"].astype(bool)
    tensor, _ = fresh.policy.obs_to_tensor(observation)
    with torch.no_grad():
        probs = fresh.policy.get_distribution(tensor, action_masks=mask[None]).distribution.probs[0].numpy()
    np.testing.assert_allclose(probs, network.probabilities(observation), atol=2e-6)
    smaller = contrib.MaskablePPO(
        "MultiInputPolicy", model.get_env(), n_steps=32, seed=1, device="cpu", policy_kwargs={"net_arch": [16]}
    )
    with pytest.raises(ConfigError, match="layers"):
        network.into_sb3(smaller.policy)


def test_save_and_load_round_trip(model: Any, tmp_path: Path) -> None:
    network = PolicyNetwork.from_sb3(model.policy)
    network.save(tmp_path / "p.npz")
    loaded = PolicyNetwork.load(tmp_path / "p.npz")
    observation = observations(model, 1)[0]
    np.testing.assert_array_equal(loaded.probabilities(observation), network.probabilities(observation))
    agent = PPOAgent(weights=str(tmp_path / "p.npz"))
    hand = HandState.new(rng=np.random.default_rng(0))
    assert agent.act(hand.view(hand.actor)) is not None


def test_the_shipped_policy_is_small_and_reads_the_pokerskill_features() -> None:
    data = ROOT / "baselines" / "ppo" / "data"
    assert sum((data / name).stat().st_size for name in (SHIPPED_WEIGHTS, SHIPPED_POSTFLOP)) <= 2 * 1024 * 1024
    agent = make("ppo")
    assert isinstance(agent, PPOAgent)
    assert [feature.key for feature in agent.observer.features] == ["pokerskill"]


def test_greedy_puts_all_mass_on_the_likeliest_action() -> None:
    sampling, greedy = make("ppo"), make("ppo:greedy=true")
    rng = np.random.default_rng(4)
    for _ in range(50):
        hand = HandState.new(rng=rng)
        view = hand.view(hand.actor)
        weights = dict(sampling.action_probabilities(view))
        ((action, probability),) = greedy.action_probabilities(view)
        assert probability == 1.0 and weights[action] == max(weights.values())


def test_act_draws_what_sample_action_draws_from_the_distribution() -> None:
    from baselines.policy import sample_action
    from pokergym.agents import RandomAgent

    agent, rng, walker = make("ppo"), np.random.default_rng(8), RandomAgent()
    checked = 0
    for hand in range(150):  # every street, both seats: the hands walked by random play
        state = HandState.new(button=hand % 2, rng=rng)
        walker.reset(0, rng)
        while not state.terminal:
            view = state.view(state.actor)
            agent.reset(view.seat, np.random.default_rng([hand, checked]))
            acted = agent.act(view)
            drawn = sample_action(agent.action_probabilities(view), np.random.default_rng([hand, checked]))
            assert acted == drawn, view
            checked += 1
            state.apply(walker.act(view))
    assert checked > 500


def test_bad_weights_are_typed_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not a saved policy network"):
        PPOAgent(weights=str(tmp_path / "missing.npz"))
    other = PolicyNetwork(
        keys=("action_mask", "observation", "equity"),
        sizes=(8, 318, 1),
        layers=[],
        head=(np.zeros((8, 327), np.float32), np.zeros(8, np.float32)),
        activation="tanh",
    )
    with pytest.raises(ConfigError, match="PPOAgent builds"):
        features_of(other)
    with pytest.raises(ConfigError, match="does not take"):
        PolicyNetwork(
            keys=("a",),
            sizes=(3,),
            layers=[],
            head=(np.zeros((2, 4), np.float32), np.zeros(2, np.float32)),
            activation="tanh",
        )
    with pytest.raises(ConfigError, match="activation"):
        PolicyNetwork(
            keys=("a",),
            sizes=(3,),
            layers=[],
            head=(np.zeros((2, 3), np.float32), np.zeros(2, np.float32)),
            activation="gelu",
        )


def test_ppo_plays_a_match_where_torch_cannot_be_imported() -> None:
    script = textwrap.dedent(
        """
        import sys
        sys.modules["torch"] = None  # any 'import torch' now raises ImportError
        try:
            import torch
        except ImportError:
            pass
        else:
            raise SystemExit("torch imported")
        from baselines import make
        from pokergym.arena import match
        result = match(make("ppo"), make("call"), pairs=20, seed=3)
        assert "torch" not in sys.modules or sys.modules["torch"] is None
        print("ok", result.pairs)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["ok", "20"]


def test_the_kernel_and_python_observers_give_the_same_encoding_and_distribution() -> None:
    """ViewObserver replays views in the kernels; with them switched off it rebuilds the hand in Python."""
    from pokergym.agents import RandomAgent
    from pokergym.engine import GameConfig

    fast, slow = PPOAgent(), PPOAgent()
    configs = (GameConfig(), GameConfig(50, 100, (900, 20_000)))
    for config in configs:
        slow.observer._compiled[config] = None
    rng = np.random.default_rng(5)
    players = [RandomAgent(), RandomAgent()]
    for seat, player in enumerate(players):
        player.reset(seat, rng)
    checked = 0
    for hand in range(60):
        state = HandState.new(configs[hand % 2], button=hand % 2, rng=rng)
        while not state.terminal:
            view = state.view(state.actor)
            a, b = fast.observer.encode(view), slow.observer.encode(view)
            assert a.sizes == b.sizes and a.observation.keys() == b.observation.keys()
            for key in a.observation:
                np.testing.assert_array_equal(a.observation[key], b.observation[key])
            assert fast.action_probabilities(view) == slow.action_probabilities(view)
            checked += 1
            state.apply(players[state.actor].act(view))
    assert checked > 200


def test_a_game_the_kernels_cannot_play_uses_the_python_engine() -> None:
    from pokergym.engine import GameConfig

    short = GameConfig(50, 100, (100, 20_000))  # a stack of one big blind: the kernels refuse it
    agent = PPOAgent()
    state = HandState.new(short, button=1, rng=np.random.default_rng(0))
    view = state.view(state.actor)
    distribution = agent.action_probabilities(view)
    assert agent.observer._compiled[short] is None
    assert abs(sum(p for _, p in distribution) - 1.0) < 1e-9 and all(state.can_apply(a) for a, _ in distribution)


def _random_network_like(network: PolicyNetwork, seed: int) -> PolicyNetwork:
    """A network reading what ``network`` reads, with a random linear head (no hidden layers)."""
    rng = np.random.default_rng(seed)
    width = sum(network.sizes)
    head = (rng.normal(0.0, 0.3, (network.actions, width)).astype(np.float32), np.zeros(network.actions, np.float32))
    return PolicyNetwork(keys=network.keys, sizes=network.sizes, layers=[], head=head, activation="tanh")


def _narrow_like(network: PolicyNetwork) -> PolicyNetwork:
    """A network with ``network``'s actions that reads only the vector and the mask (no PokerSkill features)."""
    actions, sizes = network.actions, network.sizes[:2]
    head = (np.zeros((actions, sum(sizes)), np.float32), np.zeros(actions, np.float32))
    return PolicyNetwork(keys=("action_mask", "observation"), sizes=sizes, layers=[], head=head, activation="tanh")


def _shipped_and_another(tmp_path: Path) -> tuple[PPOAgent, Path]:
    """The shipped agent and the file of a random network that reads the same observation."""
    shipped = make("ppo")
    assert isinstance(shipped, PPOAgent)
    path = tmp_path / "other.npz"
    _random_network_like(shipped.network, 3).save(path)
    return shipped, path


def test_a_blend_plays_the_mixture_of_the_two_policies(tmp_path: Path) -> None:
    shipped, other_path = _shipped_and_another(tmp_path)
    other = make(f"ppo:weights={other_path}")
    blended = make(f"ppo:blend={other_path},share=0.25")
    rng = np.random.default_rng(5)
    differ = 0
    for _ in range(60):
        hand = HandState.new(rng=rng)
        view = hand.view(hand.actor)
        a, b = dict(shipped.action_probabilities(view)), dict(other.action_probabilities(view))
        mixed = dict(blended.action_probabilities(view))
        assert set(mixed) == set(a) | set(b)
        for action, probability in mixed.items():
            assert probability == pytest.approx(0.75 * a.get(action, 0.0) + 0.25 * b.get(action, 0.0), abs=1e-12)
        differ += any(abs(a.get(x, 0.0) - b.get(x, 0.0)) > 1e-3 for x in mixed)
    assert differ > 30  # the two policies do differ, so the mixture is not either one


def test_a_blend_with_share_0_is_the_base_policy_and_bad_blends_are_typed_errors(tmp_path: Path) -> None:
    shipped, other_path = _shipped_and_another(tmp_path)
    same = make(f"ppo:blend={other_path},share=0")
    hand = HandState.new(rng=np.random.default_rng(6))
    view = hand.view(hand.actor)
    assert dict(same.action_probabilities(view)) == pytest.approx(dict(shipped.action_probabilities(view)))
    with pytest.raises(ConfigError, match=r"share must be a probability in \[0, 1\]"):
        PPOAgent(blend=str(other_path), share=1.5)
    with pytest.raises(ConfigError, match="not a saved policy network"):
        PPOAgent(blend=str(tmp_path / "missing.npz"))
    _narrow_like(shipped.network).save(tmp_path / "narrow.npz")
    with pytest.raises(ConfigError, match="same observation"):
        PPOAgent(blend=str(tmp_path / "narrow.npz"))


def _views_by_street(count: int, seed: int) -> tuple[list[Any], list[Any]]:
    """``count`` preflop and ``count`` later views of hands played by two random agents."""
    from pokergym.agents import RandomAgent

    rng = np.random.default_rng(seed)
    players = [RandomAgent(), RandomAgent()]
    for seat, player in enumerate(players):
        player.reset(seat, rng)
    preflop: list[Any] = []
    later: list[Any] = []
    while len(preflop) < count or len(later) < count:
        state = HandState.new(button=len(preflop) % 2, rng=rng)
        while not state.terminal:
            view = state.view(state.actor)
            (preflop if state.street == 0 else later).append(view)
            state.apply(players[state.actor].act(view))
    return preflop[:count], later[:count]


def test_the_shipped_agent_plays_its_first_network_preflop_and_its_second_after_the_flop() -> None:
    data = ROOT / "baselines" / "ppo" / "data"
    shipped, first = make("ppo"), make("ppo:postflop=same")
    second = make(f"ppo:weights={data / SHIPPED_POSTFLOP}")
    assert isinstance(first, PPOAgent) and first.postflop is first.network
    preflop, later = _views_by_street(40, 7)
    for view in preflop:
        assert shipped.action_probabilities(view) == first.action_probabilities(view)
    differ = 0
    for view in later:
        assert shipped.action_probabilities(view) == second.action_probabilities(view)
        differ += shipped.action_probabilities(view) != first.action_probabilities(view)
    assert differ > 20  # the two networks do differ after the flop


def test_a_weights_file_alone_plays_every_street_and_bad_postflop_networks_are_typed_errors(tmp_path: Path) -> None:
    shipped, other_path = _shipped_and_another(tmp_path)
    alone = make(f"ppo:weights={other_path}")
    assert isinstance(alone, PPOAgent) and alone.postflop is alone.network
    switched = make(f"ppo:postflop={other_path}")
    assert isinstance(switched, PPOAgent) and switched.network.keys == shipped.network.keys
    _, later = _views_by_street(5, 8)
    assert [switched.action_probabilities(v) for v in later] == [alone.action_probabilities(v) for v in later]
    with pytest.raises(ConfigError, match="not a saved policy network"):
        PPOAgent(postflop=str(tmp_path / "missing.npz"))
    _narrow_like(shipped.network).save(tmp_path / "narrow.npz")
    with pytest.raises(ConfigError, match="a postflop network must read the same observation"):
        PPOAgent(postflop=str(tmp_path / "narrow.npz"))


def test_a_blend_can_be_kept_to_one_side_of_the_flop(tmp_path: Path) -> None:
    shipped, other_path = _shipped_and_another(tmp_path)
    everywhere = make(f"ppo:blend={other_path},share=0.5")
    before = make(f"ppo:blend={other_path},share=0.5,blend_streets=preflop")
    after = make(f"ppo:blend={other_path},share=0.5,blend_streets=postflop")
    preflop, later = _views_by_street(10, 9)
    for view in preflop:
        assert before.action_probabilities(view) == everywhere.action_probabilities(view)
        assert after.action_probabilities(view) == shipped.action_probabilities(view)
    for view in later:
        assert before.action_probabilities(view) == shipped.action_probabilities(view)
        assert after.action_probabilities(view) == everywhere.action_probabilities(view)
    assert any(everywhere.action_probabilities(v) != shipped.action_probabilities(v) for v in preflop + later)
    with pytest.raises(ConfigError, match="blend_streets must be one of all, preflop, postflop, got 'river'"):
        PPOAgent(blend=str(other_path), blend_streets="river")
