"""Self-play PPO with RLlib on the hunl_v0 PettingZoo environment (one shared policy for both seats).

RLlib's action-masking module (``ActionMaskingTorchRLModule`` from its
examples) expects each observation as ``{"observations": ..., "action_mask": ...}``
with a float mask; :class:`RLlibObservation` renames pokergym's
``observation`` key and casts the mask. The AEC environment then goes through
``ray.rllib.env.wrappers.pettingzoo_env.PettingZooEnv``; both agents map to
the module ``"shared"``, so the policy plays against itself.

Needs RLlib's dependencies: ``pip install -e ".[ray]"`` installs them without
the older gymnasium that ``ray[rllib]`` pins (pokergym's gymnasium 1.4 works);
without them the example exits with a message naming what is missing. A short
run on one core:

    python examples/rllib_selfplay.py --iterations 3

It prints each iteration's mean hand return per agent (zero-sum, so about 0
for a policy playing itself), the policy loss and the entropy; the entropy
falling is the sign that the shared policy learns.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo.utils.wrappers import BaseWrapper

from pokergym.pettingzoo import hunl_v0


class RLlibObservation(BaseWrapper):  # type: ignore[misc]  # PettingZoo ships no type information
    """Rename ``observation`` to ``observations`` and make the mask ``float32`` (RLlib's masking convention)."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self._spaces = {}
        for agent in env.possible_agents:
            inner = env.observation_space(agent)
            mask = inner["action_mask"]
            self._spaces[agent] = spaces.Dict(
                {"observations": inner["observation"], "action_mask": spaces.Box(0.0, 1.0, mask.shape, np.float32)}
            )

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray] | None:
        observation = self.env.observe(agent)
        if observation is None:
            return None
        return {
            "observations": observation["observation"],
            "action_mask": observation["action_mask"].astype(np.float32),
        }


def make_env(config: dict[str, Any] | None = None) -> Any:
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    return PettingZooEnv(RLlibObservation(hunl_v0.env()))  # type: ignore[no-untyped-call]  # RLlib is untyped


def require_rllib() -> None:
    """Exit with a message naming what is missing when RLlib (or one of its dependencies) cannot be imported."""
    try:
        import ray.rllib
        import ray.tune  # noqa: F401
    except ImportError as exc:
        missing = f"module {exc.name!r}" if exc.name else "a dependency"
        sys.exit(
            f"rllib_selfplay.py needs RLlib and its dependencies; {missing} is missing ({exc}).\n"
            "Install them with: pip install -e '.[ray]'  (ray[tune], dm-tree, lz4, ormsgpack, scipy)"
        )


def main(argv: list[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=3)
    parser.add_argument("--batch", type=int, default=1000, help="env steps per iteration")
    parser.add_argument("--hidden", type=int, nargs="+", default=[64, 64])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    require_rllib()

    import ray
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.tune.registry import register_env

    ray.init(num_cpus=1, include_dashboard=False, ignore_reinit_error=True, log_to_driver=False)
    register_env("hunl_v0_selfplay", make_env)
    config = (
        PPOConfig()  # type: ignore[no-untyped-call]
        # RLlib's pre-check steps the env with one unmasked random action, which the env rejects by design
        # (an illegal action raises): left on, it fails whenever that draw is illegal
        .environment("hunl_v0_selfplay", disable_env_checking=True)
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent_id, episode, **kwargs: "shared")
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "shared": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule, model_config={"fcnet_hiddens": list(args.hidden)}
                    )
                }
            )
        )
        .env_runners(num_env_runners=0)
        .training(train_batch_size_per_learner=args.batch, minibatch_size=min(256, args.batch), num_epochs=2)
        .debugging(seed=args.seed)
    )
    algo = config.build_algo()
    rows = []
    try:
        for iteration in range(args.iterations):
            result = algo.train()  # type: ignore[no-untyped-call]
            runners = result.get("env_runners", {})
            learner = result.get("learners", {}).get("shared", {})
            row = {
                "iteration": iteration + 1,
                "env_steps": float(runners.get("num_env_steps_sampled_lifetime", float("nan"))),
                "return_player_0": float(runners.get("agent_episode_returns_mean", {}).get("player_0", float("nan"))),
                "policy_loss": float(learner.get("policy_loss", float("nan"))),
                "entropy": float(learner.get("entropy", float("nan"))),
            }
            rows.append(row)
            print(
                f"iter {row['iteration']}: {row['env_steps']:.0f} env steps, player_0 return "
                f"{row['return_player_0']:.2f} BB, policy loss {row['policy_loss']:.3f}, entropy {row['entropy']:.3f}",
                flush=True,
            )
    finally:
        algo.stop()  # type: ignore[no-untyped-call]
        ray.shutdown()
    return rows


if __name__ == "__main__":
    main(sys.argv[1:])
