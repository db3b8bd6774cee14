"""The league: prioritised sampling with caps, opponents drawn per hand, and the trainer end to end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from baselines.ppo.league import League, LeagueOpponent
from baselines.ppo.network import PolicyNetwork
from baselines.simple import CallBot, FoldBot, HonestBot
from pokergym.agents import play_hand
from pokergym.engine import HandState
from pokergym.errors import ConfigError


def _tiny_config(**fields: Any) -> Any:
    """A ``LeagueConfig`` small enough for a test: two tables, 64-step rollouts, one 16-unit layer, quiet."""
    from baselines.ppo.train import LeagueConfig

    return LeagueConfig(**{"num_envs": 2, "n_steps": 64, "batch_size": 64, "net_arch": (16,), "quiet": True, **fields})


def test_members_the_learner_beats_least_are_drawn_most() -> None:
    league = League({"call": CallBot, "fold": FoldBot, "honest": HonestBot}, temperature=1.0, floor=0.0)
    for _ in range(500):
        league.record("call", 3.0)
        league.record("fold", 0.5)
        league.record("honest", -1.0)
    shares = league.shares()
    assert shares["honest"] > shares["fold"] > shares["call"]
    assert shares["honest"] / shares["fold"] == pytest.approx(np.exp(1.5), rel=1e-9)
    assert sum(shares.values()) == pytest.approx(1.0)


def test_a_capped_member_never_exceeds_its_cap_and_the_floor_reaches_everyone() -> None:
    league = League({"call": CallBot, "fold": FoldBot, "honest": HonestBot}, floor=0.3, caps={"honest": 0.1})
    for _ in range(200):
        league.record("honest", -10.0)  # the learner loses: the priority alone would give honest ~70%
        league.record("call", 10.0)
    shares = league.shares()
    assert shares["honest"] == pytest.approx(0.1)
    assert shares["call"] >= 0.1 - 1e-12  # the floor's share (0.3 / 3)
    draws = [league.draw(np.random.default_rng(k)) for k in range(2000)]
    assert abs(draws.count("honest") / 2000 - 0.1) < 0.03


def test_the_running_mean_forgets_old_results() -> None:
    league = League({"call": CallBot}, halflife=100)
    league.record("call", 4.0)
    assert league.members["call"].mean_bb == 4.0  # a plain mean at first
    for _ in range(1000):
        league.record("call", -1.0)
    assert league.members["call"].mean_bb == pytest.approx(-1.0, abs=0.01)


def test_bad_settings_are_typed_errors() -> None:
    with pytest.raises(ConfigError, match="at least one member"):
        League({})
    with pytest.raises(ConfigError, match="temperature"):
        League({"call": CallBot}, temperature=0.0)
    league = League({"call": CallBot})
    with pytest.raises(ConfigError, match="already has"):
        league.add("call", CallBot)
    with pytest.raises(ConfigError, match="cap"):
        league.add("fold", FoldBot, cap=1.5)


def test_the_opponent_reports_the_learners_chips_and_survives_a_retirement_mid_hand() -> None:
    league = League({"call": CallBot, "fold": FoldBot}, halflife=10**9)  # a plain mean
    table = LeagueOpponent(league)
    retire_at = 30

    class Learner(CallBot):
        hand = 0

        def act(self, view):  # type: ignore[no-untyped-def]
            if self.hand == retire_at and table.current in league.members:  # retire the member mid-hand
                league.remove(table.current)
                table.forget(set(league.members))
            return super().act(view)

    learner = Learner()
    won: dict[str, list[float]] = {"call": [], "fold": []}
    retired = ""
    for k in range(80):
        learner.hand = k
        hand = HandState.new(button=k % 2, rng=np.random.default_rng(k))
        play_hand(hand, (learner, table), (np.random.default_rng([k, 0]), np.random.default_rng([k, 1])))
        if k == retire_at:  # the retired member's hand ended normally; it was not counted
            retired = table.current
            assert retired not in league.members
            league.add(retired, CallBot if retired == "call" else FoldBot)
            won[retired] = []
        else:
            won[table.current].append(hand.payoffs[0] / 100)
    for name, results in won.items():
        assert league.members[name].hands == len(results) > 0
        assert league.members[name].mean_bb == pytest.approx(float(np.mean(results)))


def test_the_trainer_writes_a_playable_policy_and_resumes(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    from baselines.ppo import PPOAgent
    from baselines.ppo.train import LeagueConfig, train_league

    config = _tiny_config(
        steps=512,
        out=tmp_path,
        opponents=("call", "honest"),
        snapshot_every=128,
        max_snapshots=2,
        log_every=128,
        checkpoint_every=256,
    )
    policy = train_league(config)
    first = json.loads((tmp_path / "league_curve.json").read_text())
    assert [point["steps"] for point in first["curve"]] == [128, 256, 384, 512, 512]
    state = json.loads((tmp_path / "checkpoint" / "league.json").read_text())
    assert state["steps"] == 512 and state["snapshots"] == ["self@384", "self@512"]
    assert set(first["curve"][-1]["members"]) == {"call", "honest", "self@384", "self@512"}
    agent = PPOAgent(weights=str(policy))
    hand = HandState.new(rng=np.random.default_rng(0))
    assert agent.act(hand.view(hand.actor)) is not None

    config.steps, config.resume = 768, True
    train_league(config)
    resumed = json.loads((tmp_path / "league_curve.json").read_text())
    assert resumed["curve"][: len(first["curve"])] == first["curve"]
    assert resumed["curve"][-1]["steps"] == 768
    with pytest.raises(ConfigError, match="no checkpoint"):
        train_league(LeagueConfig(steps=64, out=tmp_path / "empty", resume=True, quiet=True))


def test_a_critic_warmup_keeps_the_actor_and_no_snapshots_keeps_the_scripted_members(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    from baselines.ppo.network import PolicyNetwork
    from baselines.ppo.train import train_league

    opponents = ("call", "honest")
    start = train_league(_tiny_config(steps=128, out=tmp_path / "start", opponents=opponents))
    warm = _tiny_config(
        steps=256,
        out=tmp_path / "warm",
        init_weights=start,
        critic_warmup=1024,  # longer than the run: the actor never learns
        max_snapshots=0,
        snapshot_every=64,
        temperature=0.5,
        opponents=opponents,
    )
    after = PolicyNetwork.load(train_league(warm))
    before = PolicyNetwork.load(start)
    assert all(np.array_equal(a, b) for a, b in zip(_weights(before), _weights(after), strict=True))
    state = json.loads((tmp_path / "warm" / "checkpoint" / "league.json").read_text())
    assert state["snapshots"] == [] and set(state["stats"]) == {"call", "honest"}

    warm.out, warm.critic_warmup, warm.init_weights = tmp_path / "free", 64, start
    moved = PolicyNetwork.load(train_league(warm))  # the actor learns once the warm-up is over
    assert not all(np.array_equal(a, b) for a, b in zip(_weights(before), _weights(moved), strict=True))


def _weights(network: Any) -> list[Any]:
    return [array for weight, bias in [*network.layers, network.head] for array in (weight, bias)]


def test_an_opponent_named_twice_is_a_typed_error(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    from baselines.ppo.train import LeagueConfig, train_league

    with pytest.raises(ConfigError, match="repeated"):
        train_league(LeagueConfig(steps=64, out=tmp_path, opponents=("call", "call"), quiet=True))


def _exploiter_curve(tmp_path: Path, **fields: Any) -> list[dict[str, Any]]:
    """Train 256 steps against the call bot and exploiters (no snapshots); the league curve's points."""
    from baselines.ppo.train import train_league

    config = {"opponents": ("call",), "max_snapshots": 0, "exploiter_share": 0.5, "exploiter_samples": 8, **fields}
    train_league(_tiny_config(steps=256, out=tmp_path, **config))
    curve: list[dict[str, Any]] = json.loads((tmp_path / "league_curve.json").read_text())["curve"]
    return curve


def test_the_exploiter_best_responds_to_the_latest_policy_and_is_renewed(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    from baselines.ppo.train import LeagueConfig, train_league

    curve = _exploiter_curve(tmp_path, snapshot_every=128, log_every=96)
    assert [point["steps"] for point in curve] == [96, 192, 256]
    assert set(curve[0]["members"]) == {"call", "lbr@0"} and curve[0]["members"]["lbr@0"]["hands"] > 0
    assert set(curve[1]["members"]) == {"call", "lbr@128"} and curve[1]["members"]["lbr@128"]["hands"] > 0
    assert set(curve[-1]["members"]) == {"call", "lbr@256"}  # renewed with the policy of each snapshot step
    with pytest.raises(ConfigError, match="exploiter_share"):
        train_league(LeagueConfig(steps=64, out=tmp_path / "bad", exploiter_share=1.0, quiet=True))
    with pytest.raises(ConfigError, match="exploiters_kept"):
        train_league(LeagueConfig(steps=64, out=tmp_path / "bad", exploiter_share=0.3, exploiters_kept=0, quiet=True))


def test_older_exploiters_stay_as_a_population(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    from baselines.ppo.train import LeagueTables

    curve = _exploiter_curve(tmp_path, snapshot_every=96, exploiters_kept=2, log_every=128)
    assert set(curve[-1]["members"]) == {"call", "lbr@96", "lbr@192"}  # the two newest; lbr@0 retired at 192
    tables = LeagueTables(1, ("call",))
    network = PolicyNetwork.load(tmp_path / "ppo_league.npz")
    for steps in (0, 1, 2):
        tables.set_exploiter(f"lbr@{steps}", network, 0.3, 8, keep=2)
    assert [m for m in tables.league.members if m.startswith("lbr@")] == ["lbr@1", "lbr@2"]
    assert tables.league.members["lbr@2"].cap == pytest.approx(0.15)
