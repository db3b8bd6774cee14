"""Vector environment and MaskablePPO throughput.

Two measurements, on one core (torch limited to one thread):

* ``env``: :class:`pokergym.vector.HUNLVectorEnv` against the calling station,
  random legal actions (uniform over each table's mask, drawn in one batched
  numpy call); env steps/s counts one step per table. A single ``HUNL-v0``
  with the same policy is the reference.
* ``ppo``: ``MaskablePPO("MultiInputPolicy")`` on the vector environment
  (through :class:`pokergym.vector.sb3.SB3VecEnv`); learner steps/s is
  ``total_timesteps / learn() seconds``, and the env share is the time spent
  in the environment (steps, resets, masks) over the rollout-collection time.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/bench_vector.py [--num-envs 64] [--seconds 5] [--ppo-steps 16384] [--only env|ppo]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

import pokergym  # noqa: F401
from pokergym.vector import HUNLVectorEnv

clock = time.process_time
"""CPU time of this process: the 2 cores are shared, so wall time would measure the neighbours too."""


def random_actions(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """One uniformly random legal id per row of ``masks``."""
    return np.argmax(rng.random(masks.shape) * masks, axis=1)


def bench_env(num_envs: int, seconds: float) -> dict[str, float]:
    env = HUNLVectorEnv(num_envs, copy=False)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps = hands = 0
    start = clock()
    while clock() - start < seconds:
        _, _, terminations, _, _ = env.step(random_actions(rng, env.action_masks()))
        steps += num_envs
        hands += int(terminations.sum())
    elapsed = clock() - start
    return {"steps_per_s": steps / elapsed, "hands_per_s": hands / elapsed}


def bench_single(seconds: float) -> float:
    import gymnasium as gym

    env = gym.make("HUNL-v0").unwrapped
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps = 0
    start = clock()
    while clock() - start < seconds:
        _, _, terminated, _, _ = env.step(int(random_actions(rng, env.action_masks()[None])[0]))
        steps += 1
        if terminated:
            env.reset()
    return steps / (clock() - start)


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

    model.collect_rollouts = timed_collect
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
    parser.add_argument("--num-envs", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--ppo-steps", type=int, default=16384)
    parser.add_argument("--ppo-n-steps", type=int, default=128)
    parser.add_argument("--net-arch", type=int, nargs="+", default=[64, 64])
    parser.add_argument("--only", choices=("env", "ppo"))
    args = parser.parse_args()
    import torch

    torch.set_num_threads(1)
    if args.only in (None, "env"):
        single = bench_single(args.seconds)
        print(f"HUNL-v0 single env:          {single:>10,.0f} steps/s")
        for n in sorted({1, 8, args.num_envs}):
            result = bench_env(n, args.seconds)
            print(f"HUNLVectorEnv num_envs={n:<4}  {result['steps_per_s']:>10,.0f} steps/s"
                  f"  ({result['hands_per_s']:,.0f} hands/s)")  # fmt: skip
    if args.only in (None, "ppo"):
        result = bench_ppo(args.num_envs, args.ppo_steps, args.ppo_n_steps, args.net_arch)
        print(
            f"MaskablePPO learn(), num_envs={args.num_envs}, net {args.net_arch}: "
            f"{result['learner_steps_per_s']:,.0f} learner steps/s; env {result['env_share_of_rollout']:.0%} of "
            f"rollout time; rollout {result['rollout_share_of_learn']:.0%} of learn()"
        )


if __name__ == "__main__":
    main()
