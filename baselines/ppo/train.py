"""Train the league agent: MaskablePPO with PokerSkill features against a PSRO-style league.

The learner plays ``num_envs`` ``HUNL-v0`` tables (:class:`~pokergym.vector.HUNLVectorEnv`,
observations extended by :class:`~pokergym.wrappers.PokerSkillObservation`); every
table's other seat is a :class:`~baselines.ppo.league.LeagueOpponent` drawing a
member of one shared :class:`~baselines.ppo.league.League` each hand: the
scripted baselines plus frozen snapshots of the learner (played by the numpy
forward pass), with priority to the members the learner beats least. Every
``log_every`` steps a line shows the learner's running result against each
member; the same figures go to ``league_curve.json`` and ``league_curve.png``.
A checkpoint (model, league statistics, snapshots) is written every
``checkpoint_every`` steps and at the end, and ``resume=True`` continues from
it. The exported policy, ``ppo_league.npz``, is what :class:`~baselines.ppo.PPOAgent`
plays. Needs the ``rl`` extra (torch, stable-baselines3, sb3-contrib).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import gymnasium as gym

from baselines.ppo.league import League, LeagueOpponent
from baselines.ppo.network import PolicyNetwork
from pokergym.agents import Agent
from pokergym.errors import ConfigError

if TYPE_CHECKING:
    from baselines.ppo.workers import ProcessLeagueEnv

__all__ = ["DEFAULT_OPPONENTS", "LeagueConfig", "train_league"]

DEFAULT_OPPONENTS = ("rule", "cfr", "expectiminimax", "bayes", "honest", "call", "maniac", "fish")
"""The scripted baselines every league starts with."""

SLOW_CAPS = {"expectiminimax": 0.04, "bayes": 0.08}
"""Largest share of hands for members whose decisions cost milliseconds (fewer tables for them)."""


@dataclass
class LeagueConfig:
    """Settings of one league run (all recorded in ``league_curve.json``).

    Attributes:
        steps: learner decisions to train for (in total, counting a resumed run's earlier steps).
        seed: seeds the model, the tables and the league draws.
        out: output folder (checkpoint, curve, exported policy).
        opponents: baseline specs of the starting members.
        num_envs: tables stepped together.
        workers: ``0``: every table in this process, sharing one league; ``n > 0``:
            ``num_envs`` tables spread over ``n`` processes (``num_envs`` must be a multiple
            of ``n``; each process keeps its own league statistics; snapshots go to all).
        n_steps: rollout length per table.
        batch_size: PPO minibatch size.
        n_epochs: PPO epochs per rollout.
        learning_rate: Adam step size.
        ent_coef: entropy bonus.
        net_arch: hidden layer sizes of the actor and the critic.
        snapshot_every: steps between frozen snapshots added to the league.
        max_snapshots: snapshots kept (the oldest retire); 0: no snapshots, the scripted members only.
        temperature: big blinds per hand that change a member's drawing weight by a factor e
            (:class:`~baselines.ppo.league.League`); lower puts more of the hands on the members the
            learner beats least.
        log_every: steps between progress lines and curve points.
        checkpoint_every: steps between checkpoints.
        time_limit_s: stop (and save) once training has run this long (``None``: train all ``steps``).
        resume: continue from the checkpoint in ``out``.
        init_weights: a network written by :meth:`PolicyNetwork.save` (such as the shipped
            ``baselines/ppo/data/ppo_league.npz``) to start the actor from; the critic starts untrained
            (not with ``resume``).
        exploiter_share: the largest share of hands against an exploiter: local best response to the
            learner's latest frozen policy (:class:`~pokergym.arena.lbr_player.LbrAgent`, the initial policy
            until the first snapshot, then renewed every ``snapshot_every`` steps), which punishes what the
            policy gives away (0: no exploiter).
        exploiter_samples: holdings on which the exploiter tracks the learner's range.
        exploiters_kept: exploiters in the league at once: each renewal adds one aimed at the current policy and
            retires the oldest beyond this many, each at most ``exploiter_share / exploiters_kept`` of the hands
            (1: the newest only; more keep the older best responses as a population, as PSRO does).
        critic_warmup: learner steps at the start during which only the critic learns (the actor's
            weights frozen), so that an actor from ``init_weights`` is not moved by an untrained critic's
            advantages (0: none).
        allin_reward: pay the learner a called all-in before the river at its equity share of the pot, not at
            the run-out's chips (:class:`~baselines.ppo.rewards.AllInEquityReward`; the same expected reward
            without the run-out's variance).
        quiet: no progress lines.
    """

    steps: int = 1_000_000
    seed: int = 0
    out: Path = Path("runs/league")
    opponents: Sequence[str] = DEFAULT_OPPONENTS
    num_envs: int = 16
    workers: int = 0
    n_steps: int = 256
    batch_size: int = 1024
    n_epochs: int = 4
    learning_rate: float = 3e-4
    ent_coef: float = 0.01
    net_arch: Sequence[int] = (256, 256)
    snapshot_every: int = 100_000
    max_snapshots: int = 4
    temperature: float = 2.0
    log_every: int = 20_000
    checkpoint_every: int = 100_000
    time_limit_s: float | None = None
    resume: bool = False
    init_weights: Path | None = None
    exploiter_share: float = 0.0
    exploiter_samples: int = 32
    exploiters_kept: int = 1
    critic_warmup: int = 0
    allin_reward: bool = False
    quiet: bool = False


def _league(opponents: Sequence[str], temperature: float) -> League:
    # Specs are resolved through the installed agent providers (the ``pokergym.agents`` entry
    # point), not by importing the registry, which itself imports this package.
    from pokergym.agents.specs import agent_factory

    repeated = sorted({spec for spec in opponents if list(opponents).count(spec) > 1})
    if repeated:
        raise ConfigError(f"each opponent once (a member's weight is its priority): {repeated} repeated")
    members = {spec: agent_factory(spec) for spec in opponents}
    caps = {spec: cap for spec, cap in SLOW_CAPS.items() if spec in members}
    return League(members, caps=caps, temperature=temperature)


def _snapshot_factory(network: PolicyNetwork, name: str) -> Callable[[], Agent]:
    from baselines.ppo.agent import PPOAgent

    return lambda: PPOAgent.from_network(network, name=name)


def _exploiter_factory(network: PolicyNetwork, name: str, samples: int) -> Callable[[], Agent]:
    from baselines.ppo.agent import PPOAgent
    from pokergym.arena.lbr_player import LbrAgent

    def exploiter() -> Agent:
        target = PPOAgent.from_network(network, name=name)
        return LbrAgent(target, range_samples=samples, preflop_samples=_EXPLOITER_PREFLOP_SAMPLES, name=name)

    return exploiter


_EXPLOITER_PREFLOP_SAMPLES = 500  # the exploiter's Monte Carlo deals for preflop equity (LBR's own: 2,000)


class LeagueTables:
    """The league and tables of one process: ``count`` ``HUNL-v0`` tables (PokerSkill features) as SB3 envs.

    Args:
        count: the tables.
        opponents: the league's starting members (baseline specs).
        temperature: the league's priority temperature (:class:`~baselines.ppo.league.League`).
        allin_reward: the learner's called all-ins before the river paid at their equity
            (:class:`~baselines.ppo.rewards.AllInEquityReward`).
    """

    def __init__(
        self, count: int, opponents: Sequence[str], temperature: float = 2.0, allin_reward: bool = False
    ) -> None:
        """Build the league and its tables."""
        from baselines.ppo.rewards import AllInEquityReward
        from pokergym.vector import HUNLVectorEnv
        from pokergym.vector.sb3 import SB3VecEnv
        from pokergym.wrappers import PokerSkillObservation

        self.league = _league(opponents, temperature)
        self.seats: list[LeagueOpponent] = []

        def opponent() -> Agent:
            seat = LeagueOpponent(self.league)
            self.seats.append(seat)
            return seat

        def wrap(env: gym.Env[dict[str, Any], Any]) -> gym.Env[dict[str, Any], Any]:
            observed = PokerSkillObservation(env)
            return AllInEquityReward(observed) if allin_reward else observed

        self.env = SB3VecEnv(HUNLVectorEnv(count, opponent=opponent, wrap=wrap))

    def add_snapshot(self, name: str, network: PolicyNetwork, keep: int) -> None:
        """Add a frozen policy; retire the oldest snapshots beyond ``keep``."""
        self.league.add(name, _snapshot_factory(network, name))
        snapshots = [member for member in self.league.members if member.startswith(SNAPSHOT_PREFIX)]
        for old in snapshots[: max(0, len(snapshots) - keep)]:
            self.league.remove(old)
        for seat in self.seats:
            seat.forget(set(self.league.members))

    def set_exploiter(self, name: str, network: PolicyNetwork, share: float, samples: int, keep: int = 1) -> None:
        """Add an exploiter (``name``) best-responding to ``network``, at most ``share / keep`` of the hands.

        The oldest exploiters beyond ``keep`` retire.
        """
        exploiters = [member for member in self.league.members if member.startswith(EXPLOITER_PREFIX)]
        for old in exploiters[: max(0, len(exploiters) - keep + 1)]:
            self.league.remove(old)
        self.league.add(name, _exploiter_factory(network, name, samples), cap=share / keep)
        for seat in self.seats:
            seat.forget(set(self.league.members))

    def stats(self) -> dict[str, tuple[int, float]]:
        """Each member's hands and the learner's mean big blinds per hand against it."""
        return {name: (s.hands, s.mean_bb) for name, s in self.league.members.items()}

    def restore(self, stats: dict[str, tuple[int, float]]) -> None:
        """Set the members' statistics (a resumed run)."""
        for name, (hands, mean_bb) in stats.items():
            member = self.league.members.get(name)
            if member is not None:
                member.hands, member.mean_bb = int(hands), float(mean_bb)


SNAPSHOT_PREFIX = "self@"
EXPLOITER_PREFIX = "lbr@"


class _Run:
    """The live objects of one run: tables and leagues, model, curve."""

    def __init__(self, config: LeagueConfig) -> None:
        from sb3_contrib import MaskablePPO

        self.config = config
        self.pool: LeagueTables | ProcessLeagueEnv
        if config.workers > 0:
            from baselines.ppo.workers import ProcessLeagueEnv

            self.pool = ProcessLeagueEnv(
                config.num_envs, config.workers, config.opponents, config.temperature, config.allin_reward
            )
            self.env: Any = self.pool
        else:
            self.pool = LeagueTables(config.num_envs, config.opponents, config.temperature, config.allin_reward)
            self.env = self.pool.env
        self.env.seed(config.seed)
        self.snapshots: list[str] = []
        self.curve: list[dict[str, Any]] = []
        checkpoint = config.out / "checkpoint"
        if config.resume:
            if not (checkpoint / "model.zip").is_file():
                raise ConfigError(f"no checkpoint to resume in {checkpoint}")
            self.model = MaskablePPO.load(checkpoint / "model.zip", env=self.env, device="cpu")
            self._restore(checkpoint)
        else:
            self.model = MaskablePPO(
                "MultiInputPolicy",
                self.env,
                n_steps=config.n_steps,
                batch_size=config.batch_size,
                n_epochs=config.n_epochs,
                learning_rate=config.learning_rate,
                ent_coef=config.ent_coef,
                policy_kwargs={"net_arch": list(config.net_arch)},
                seed=config.seed,
                device="cpu",
            )
            if config.init_weights is not None:
                PolicyNetwork.load(config.init_weights).into_sb3(self.model.policy)
        if config.exploiter_share:
            self.renew_exploiter(int(self.model.num_timesteps))

    def renew_exploiter(self, steps: int) -> None:
        """Point the exploiter at the current policy."""
        network = PolicyNetwork.from_sb3(self.model.policy)
        config = self.config
        name = f"{EXPLOITER_PREFIX}{steps}"
        self.pool.set_exploiter(name, network, config.exploiter_share, config.exploiter_samples, config.exploiters_kept)

    def add_snapshot(self, steps: int) -> None:
        """Freeze the current policy into every league; the oldest retire beyond the limit."""
        name = f"{SNAPSHOT_PREFIX}{steps}"
        network = PolicyNetwork.from_sb3(self.model.policy)
        network.save(self.config.out / "checkpoint" / f"{name}.npz")
        self.pool.add_snapshot(name, network, self.config.max_snapshots)
        self.snapshots = [*self.snapshots, name][-self.config.max_snapshots :]

    def log(self, steps: int, started: float, first_step: int) -> None:
        """Append a curve point and print a progress line."""
        stats = self.pool.stats()
        members = {name: {"hands": hands, "mbb_per_hand": 1000.0 * mean} for name, (hands, mean) in stats.items()}
        point = {"steps": steps, "members": members}
        self.curve.append(point)
        if self.config.quiet:
            return
        rate = (steps - first_step) / max(time.perf_counter() - started, 1e-9)
        cells = "  ".join(f"{n} {m['mbb_per_hand']:+.0f}" for n, m in members.items())
        print(f"[league] {steps:>9} steps  {rate:6.0f} steps/s  {cells}", flush=True)

    def save(self, steps: int) -> None:
        """Write the checkpoint, the curve and the exported policy."""
        folder = self.config.out / "checkpoint"
        self.model.save(folder / "model.zip")
        state = {"steps": steps, "snapshots": self.snapshots, "stats": self.pool.stats()}
        (folder / "league.json").write_text(json.dumps(state, indent=1), encoding="utf-8")
        PolicyNetwork.from_sb3(self.model.policy).save(self.config.out / "ppo_league.npz")
        settings = {k: (str(v) if isinstance(v, Path) else v) for k, v in asdict(self.config).items()}
        report = {"config": settings, "curve": self.curve}
        (self.config.out / "league_curve.json").write_text(json.dumps(report, indent=1), encoding="utf-8")

    def _restore(self, folder: Path) -> None:
        state = json.loads((folder / "league.json").read_text(encoding="utf-8"))
        for name in state["snapshots"]:
            self.pool.add_snapshot(name, PolicyNetwork.load(folder / f"{name}.npz"), self.config.max_snapshots)
            self.snapshots.append(name)
        self.pool.restore({name: (int(h), float(m)) for name, (h, m) in state["stats"].items()})
        curve_file = self.config.out / "league_curve.json"
        if curve_file.is_file():
            self.curve = json.loads(curve_file.read_text(encoding="utf-8"))["curve"]


def freeze_actor(policy: Any, frozen: bool) -> None:
    """Freeze (or free) the actor's weights of an SB3 actor-critic policy; the critic's stay trainable.

    The actor is the policy half of the MLP extractor and the action head; the features extractor
    (flatten and concatenate, no weights here) is shared.

    Example:
        >>> import torch
        >>> from stable_baselines3.common.policies import ActorCriticPolicy
        >>> from gymnasium import spaces
        >>> import numpy as np
        >>> box = spaces.Box(-1.0, 1.0, (3,), np.float32)
        >>> policy = ActorCriticPolicy(box, spaces.Discrete(2), lambda _: 1e-3)
        >>> freeze_actor(policy, True)
        >>> policy.action_net.weight.requires_grad, policy.value_net.weight.requires_grad
        (False, True)
    """
    for module in (policy.mlp_extractor.policy_net, policy.action_net):
        for parameter in module.parameters():
            parameter.requires_grad_(not frozen)


def train_league(config: LeagueConfig) -> Path:
    """Train (or resume) one league run; returns the exported policy's path.

    Raises:
        ConfigError: if ``resume`` is set without a checkpoint, or the settings are out of range.
    """
    from stable_baselines3.common.callbacks import BaseCallback

    if config.workers < 0:
        raise ConfigError(f"workers must be 0 (one process) or more, got {config.workers}")
    if config.steps < 1 or min(config.snapshot_every, config.log_every, config.checkpoint_every) < 1:
        raise ConfigError("steps and the snapshot, log and checkpoint intervals must be positive")
    if not 0.0 <= config.exploiter_share < 1.0 or config.exploiter_samples < 1:
        raise ConfigError(
            f"exploiter_share must be in [0, 1) and exploiter_samples at least 1, got {config.exploiter_share}, "
            f"{config.exploiter_samples}"
        )
    if config.exploiters_kept < 1:
        raise ConfigError(f"exploiters_kept must be at least 1, got {config.exploiters_kept}")
    if config.max_snapshots < 0 or config.critic_warmup < 0:
        raise ConfigError(
            f"max_snapshots and critic_warmup must be 0 or more, got {config.max_snapshots}, {config.critic_warmup}"
        )
    (config.out / "checkpoint").mkdir(parents=True, exist_ok=True)
    run = _Run(config)
    first_step = int(run.model.num_timesteps)
    freeze_actor(run.model.policy, first_step < config.critic_warmup)
    started = time.perf_counter()

    def due(every: int, steps: int) -> bool:
        return steps // every > (steps - config.num_envs) // every

    class Callback(BaseCallback):
        def _on_step(self) -> bool:
            steps = int(self.num_timesteps)
            if config.critic_warmup and due(config.critic_warmup, steps):
                freeze_actor(run.model.policy, False)
            if config.max_snapshots and due(config.snapshot_every, steps):
                run.add_snapshot(steps)
            if config.exploiter_share and due(config.snapshot_every, steps):
                run.renew_exploiter(steps)
            if due(config.log_every, steps):
                run.log(steps, started, first_step)
            if due(config.checkpoint_every, steps):
                run.save(steps)
            return config.time_limit_s is None or time.perf_counter() - started < config.time_limit_s

    remaining = config.steps - first_step
    if remaining > 0:
        run.model.learn(remaining, callback=Callback(), reset_num_timesteps=not config.resume)
    steps = int(run.model.num_timesteps)
    run.log(steps, started, first_step)
    run.save(steps)
    run.env.close()
    return config.out / "ppo_league.npz"
