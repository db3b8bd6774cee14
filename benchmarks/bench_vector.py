"""Vector environment and MaskablePPO throughput.

Measurements on one core (CPU time of the process; torch limited to one thread):

* ``kernel``: :class:`pokergym.vector.HUNLVectorEnv` on its kernel backend
  (numba, all tables in one call) against the calling station, for each
  ``--kernel-envs`` table count. Random legal actions: the uniforms of a block
  of steps are drawn in one numpy call, and
  :func:`pokergym.envs.kernel.legal_id` turns each table's uniform into a
  uniformly random legal id of its mask (timed too). ``env.step`` is the full
  Gymnasium step (observations, rewards, batched infos); ``kernel step`` is
  the kernel call alone (``env.kernel.step``), what the vector adds on top of it
  being the infos. One env step is one learner decision at one table.
* ``python``: the same vector environment on its python backend (a loop over
  ``HUNLEnv`` tables) with the same actions, the in-process anchor; a single
  ``HUNL-v0`` is the reference.
* ``ppo``: ``MaskablePPO("MultiInputPolicy")`` on the vector environment
  (through :class:`pokergym.vector.sb3.SB3VecEnv`); learner steps/s is
  ``total_timesteps / learn() seconds``, and the env share is the time spent
  in the environment (steps, resets, masks) over the rollout-collection time.

Each env figure is the median and the best of ``--repeats`` runs of
``--seconds`` CPU seconds (the machine is shared, so the best is the closer
estimate of the code's own speed).

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/bench_vector.py [--kernel-envs 64 256 1024] [--num-envs 64] [--seconds 2]
        [--repeats 5] [--ppo-steps 16384] [--only env|ppo]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import pokergym  # noqa: F401
from pokergym.envs import HUNLEnv
from pokergym.envs.kernel import legal_id
from pokergym.vector import HUNLVectorEnv

clock = time.process_time
"""CPU time of this process: the 2 cores are shared, so wall time would measure the neighbours too."""

BLOCK = 64
"""Steps whose uniforms are drawn in one numpy call."""


def timed_steps(num_envs: int, seconds: float, step: Callable[[np.ndarray], Any], masks: np.ndarray) -> float:
    """Env steps per CPU second of ``step`` with uniformly random legal actions read from the int8 ``masks``."""
    rng = np.random.default_rng(0)
    actions = np.zeros(num_envs, dtype=np.int64)
    steps = 0
    start = clock()
    while clock() - start < seconds:
        uniforms = rng.random((BLOCK, num_envs))
        for row in uniforms:
            legal_id(masks, row, actions)
            step(actions)
        steps += BLOCK * num_envs
    return steps / (clock() - start)


def bench_env(num_envs: int, seconds: float, repeats: int, backend: Any, kernel_only: bool = False) -> list[float]:
    """Steps/s of ``repeats`` runs of the vector environment (or of its kernel call alone)."""
    env = HUNLVectorEnv(num_envs, copy=False, backend=backend)
    obs, _ = env.reset(seed=0)
    masks = obs["action_mask"]  # with copy=False, the buffer every step rewrites in place
    step = env.kernel.step if kernel_only and env.kernel is not None else env.step
    timed_steps(num_envs, min(seconds, 0.2), step, masks)  # warm up (and load the kernels from numba's cache)
    return [timed_steps(num_envs, seconds, step, masks) for _ in range(repeats)]


def bench_single(seconds: float) -> float:
    import gymnasium as gym

    env = gym.make("HUNL-v0").unwrapped
    assert isinstance(env, HUNLEnv)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    actions = np.zeros(1, dtype=np.int64)
    legal_id(env.action_masks()[None].astype(np.int8), rng.random(1), actions)  # load the numba function first
    steps = 0
    start = clock()
    while clock() - start < seconds:
        legal_id(env.action_masks()[None].astype(np.int8), rng.random(1), actions)
        _, _, terminated, _, _ = env.step(int(actions[0]))
        steps += 1
        if terminated:
            env.reset()
    return steps / (clock() - start)


def report(label: str, rates: list[float]) -> None:
    print(f"{label:<44} median {statistics.median(rates):>12,.0f}  best {max(rates):>12,.0f} steps/s")


def bench_ppo(num_envs: int, total: int, n_steps: int, net: list[int]) -> dict[str, float]:
    from sb3_contrib import MaskablePPO

    from pokergym.vector.sb3 import SB3VecEnv

    spent = {"env": 0.0, "rollout": 0.0}

    class TimedVecEnv(SB3VecEnv):
        def reset(self) -> Any:
            start = clock()
            try:
                return super().reset()
            finally:
                spent["env"] += clock() - start

        def step_wait(self) -> Any:
            start = clock()
            try:
                return super().step_wait()
            finally:
                spent["env"] += clock() - start

        def env_method(self, *args: Any, **kwargs: Any) -> Any:
            start = clock()
            try:
                return super().env_method(*args, **kwargs)
            finally:
                spent["env"] += clock() - start

    HUNLVectorEnv(1).reset(seed=0)  # load the compiled kernel (a one-off per process) before any timing
    env = TimedVecEnv(HUNLVectorEnv(num_envs))
    model = MaskablePPO(
        "MultiInputPolicy", env, n_steps=n_steps, batch_size=n_steps * num_envs // 4, n_epochs=4,
        policy_kwargs={"net_arch": net}, seed=0, device="cpu",
    )  # fmt: skip
    collect = model.collect_rollouts

    def timed_collect(*args: Any, **kwargs: Any) -> Any:
        start = clock()
        try:
            return collect(*args, **kwargs)
        finally:
            spent["rollout"] += clock() - start

    model.collect_rollouts = timed_collect  # type: ignore[method-assign]  # time each rollout
    start = clock()
    model.learn(total)
    elapsed = clock() - start
    return {
        "learner_steps_per_s": model.num_timesteps / elapsed,
        "env_share_of_rollout": spent["env"] / spent["rollout"],
        "rollout_share_of_learn": spent["rollout"] / elapsed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kernel-envs", type=int, nargs="+", default=[64, 256, 1024])
    parser.add_argument("--num-envs", type=int, default=64, help="tables of the python-backend anchor and of PPO")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--ppo-steps", type=int, default=16384)
    parser.add_argument("--ppo-n-steps", type=int, default=128)
    parser.add_argument("--net-arch", type=int, nargs="+", default=[64, 64])
    parser.add_argument("--only", choices=("env", "ppo"))
    args = parser.parse_args()
    import torch

    torch.set_num_threads(1)
    if args.only in (None, "env"):
        print(f"HUNL-v0 single env (reference):              {bench_single(args.seconds):>12,.0f} steps/s")
        report(
            f"python backend, num_envs={args.num_envs}", bench_env(args.num_envs, args.seconds, args.repeats, "python")
        )
        for n in args.kernel_envs:
            report(f"kernel backend env.step, num_envs={n}", bench_env(n, args.seconds, args.repeats, "kernel"))
            report(f"kernel step alone, num_envs={n}", bench_env(n, args.seconds, args.repeats, "kernel", True))
    if args.only in (None, "ppo"):
        result = bench_ppo(args.num_envs, args.ppo_steps, args.ppo_n_steps, args.net_arch)
        print(
            f"MaskablePPO learn(), num_envs={args.num_envs}, net {args.net_arch}: "
            f"{result['learner_steps_per_s']:,.0f} learner steps/s; env {result['env_share_of_rollout']:.0%} of "
            f"rollout time; rollout {result['rollout_share_of_learn']:.0%} of learn()"
        )


if __name__ == "__main__":
    main()
