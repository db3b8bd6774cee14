"""Play a trained Stable-Baselines3 policy as a pokergym agent.

:class:`SB3Agent` wraps any SB3 ``BaseAlgorithm`` trained on ``HUNL-v0`` with
the discrete action mode (``PPO``, ``A2C``, ``DQN``, sb3-contrib's
``MaskablePPO``, ...) so that it can sit at any table: the arena, the other
seat of an environment, a test. For each decision it builds the observation
and action mask exactly as :mod:`pokergym.envs` does for the learner, asks the
policy for its action probabilities, keeps the legal ones and maps the chosen
id back to an engine :class:`~pokergym.engine.Action`.

Stable-Baselines3 and torch are imported only when a model is used or loaded
(they are the optional extra ``rl``). Install torch's CPU build first, e.g.
``pip install torch==2.13.0`` from a CPU wheel, then ``pip install
stable-baselines3 sb3-contrib``. Typical use::

    import gymnasium as gym
    from sb3_contrib import MaskablePPO

    model = MaskablePPO("MultiInputPolicy", gym.make("HUNL-v0")).learn(100_000)
    agent = SB3Agent(model)  # or SB3Agent.load("model.zip"); then seat it anywhere
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Sequence
from typing import Any

import numpy as np

from baselines.policy import ActionDistribution, DistributionAgent
from baselines.view_observation import ViewObserver, public_state
from pokergym.agents import PlayerView
from pokergym.engine import GameConfig
from pokergym.envs import DEFAULT_FRACTIONS
from pokergym.errors import AgentError, ConfigError
from pokergym.wrappers._base import ViewFeature

__all__ = ["SB3Agent", "public_state"]


class SB3Agent(DistributionAgent):
    """A Stable-Baselines3 model trained on ``HUNL-v0`` (discrete actions), as an agent.

    The observation is the environment's vector for the agent's own seat and
    the action ids are those of :class:`~pokergym.envs.DiscreteActions`, so
    ``raise_fractions`` and ``history_slots`` must be the ones the model was
    trained with (checked against the model's spaces).

    The policy's probabilities over the legal ids are renormalised and mapped
    to engine actions (all-in becomes a raise to the seat's whole stack):
    that is :meth:`action_probabilities`, and ``act`` samples it with the
    hand's generator, never with torch's. With ``deterministic=True`` all
    mass goes to the most likely legal id. Policies without an action
    distribution (DQN) play their best legal Q-value deterministically.

    Args:
        model: the trained SB3 algorithm (its ``policy`` is used).
        raise_fractions: the environment's discrete pot fractions.
        history_slots: the environment's action slots per street.
        features: the observation entries the model was trained with beyond the
            vector and the mask (e.g. ``[PokerSkillFeature()]``), in wrapper order.
        deterministic: play the most likely legal action instead of sampling.
        name: display name.

    Raises:
        ConfigError: if the model's observation or action space does not match.
    """

    name = "sb3"

    def __init__(
        self,
        model: Any,
        *,
        raise_fractions: Sequence[float] = DEFAULT_FRACTIONS,
        history_slots: int = 6,
        features: Sequence[ViewFeature] = (),
        deterministic: bool = False,
        name: str | None = None,
    ) -> None:
        super().__init__(name)
        self.model = model
        self.observer = ViewObserver(raise_fractions=raise_fractions, history_slots=history_slots, features=features)
        self.codec = self.observer.codec
        self.deterministic = deterministic
        size = self.observer.layout(GameConfig()).size
        spaces = model.observation_space
        try:
            shape = tuple(spaces["observation"].shape)
            actions = int(model.action_space.n)
        except (AttributeError, KeyError, TypeError) as exc:
            raise ConfigError(f"the model was not trained on HUNL-v0 with discrete actions: {exc}") from exc
        expected = {"observation", "action_mask", *(feature.key for feature in self.observer.features)}
        keys = set(getattr(spaces, "spaces", {}))
        if keys != expected:
            raise ConfigError(
                f"the model observes {sorted(keys)}, this agent builds {sorted(expected)}: "
                "pass the features used in training"
            )
        if shape != (size,) or actions != self.codec.mask_size:
            raise ConfigError(
                f"the model expects {shape} observations and {actions} actions; this agent makes ({size},) and "
                f"{self.codec.mask_size}: pass the raise_fractions and history_slots used in training"
            )

    @classmethod
    def load(cls, path: str, algorithm: str = "MaskablePPO", **options: Any) -> SB3Agent:
        """Load a saved model and wrap it.

        Args:
            path: the ``.zip`` written by ``model.save``.
            algorithm: the class name in ``stable_baselines3`` or ``sb3_contrib`` (``PPO``, ``MaskablePPO``, ...).
            **options: the other arguments of :class:`SB3Agent`.

        Raises:
            ConfigError: if the algorithm is unknown.
            ImportError: if Stable-Baselines3 is not installed.
        """
        modules = []
        for package in ("stable_baselines3", "sb3_contrib"):
            try:
                modules.append(importlib.import_module(package))
            except ImportError:
                continue
        if not modules:
            raise ImportError("SB3Agent.load needs stable-baselines3 (pokergym's 'rl' extra)")
        for module in modules:
            found = getattr(module, algorithm, None)
            if found is not None:
                return cls(found.load(path, device="cpu"), **options)
        searched = " and ".join(module.__name__ for module in modules)
        raise ConfigError(f"no algorithm {algorithm!r} in {searched}")

    def observation(self, view: PlayerView) -> dict[str, np.ndarray]:
        """The environment's observation dict (vector, action mask and features) for ``view``."""
        return self.observer.observation(view)

    def action_probabilities(self, view: PlayerView) -> ActionDistribution:
        """The policy's distribution over the legal action ids, as engine actions."""
        encoded = self.observer.encode(view)
        observation = encoded.observation
        mask = observation["action_mask"].astype(bool)
        weights = self._id_weights(observation, mask)
        if self.deterministic or weights is None:
            scores = self._q_values(observation) if weights is None else weights
            weights = np.zeros(len(mask))
            weights[int(np.argmax(np.where(mask, scores, -np.inf)))] = 1.0
        return self.observer.distribution(weights, view, encoded.sizes)

    def _id_weights(self, observation: dict[str, np.ndarray], mask: np.ndarray) -> np.ndarray | None:
        """The policy's probabilities restricted to legal ids and renormalised (``None`` without a distribution)."""
        policy: Any = self.model.policy
        if not hasattr(policy, "get_distribution"):
            return None
        torch = importlib.import_module("torch")  # an SB3 model exists, so torch is installed
        tensor, _ = policy.obs_to_tensor(observation)
        with torch.no_grad():
            if "action_masks" in inspect.signature(policy.get_distribution).parameters:  # sb3-contrib's maskable
                distribution = policy.get_distribution(tensor, action_masks=mask[None])
            else:
                distribution = policy.get_distribution(tensor)
            probs = distribution.distribution.probs[0].cpu().numpy().astype(np.float64)
        probs = np.where(mask, probs, 0.0)
        total = probs.sum()
        if not total > 0.0:
            raise AgentError(f"{self.name}: the policy gives no probability to any legal action")
        return probs / total  # type: ignore[no-any-return]

    def _q_values(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        policy: Any = self.model.policy
        if not hasattr(policy, "q_net"):
            raise AgentError(f"{self.name}: the policy has neither an action distribution nor Q-values")
        torch = importlib.import_module("torch")  # an SB3 model exists, so torch is installed
        tensor, _ = policy.obs_to_tensor(observation)
        with torch.no_grad():
            return policy.q_net(tensor)[0].cpu().numpy()  # type: ignore[no-any-return]
