"""``PPOAgent``: the league-trained MaskablePPO policy, played by a numpy forward pass (no torch).

The agent rebuilds the observation ``HUNL-v0`` gave the learner in training
(vector, action mask and the PokerSkill features, :mod:`baselines.view_observation`),
runs an exported actor (:class:`~baselines.ppo.network.PolicyNetwork`) and
maps the legal action ids to engine actions. By default it samples the
policy's distribution with the hand's generator; ``greedy=True`` plays the
most likely legal id.

The shipped agent plays two networks of one league, chosen by street: before
the flop ``baselines/ppo/data/ppo_league.npz`` (the league of the scripted
baselines and its own snapshots), from the flop on ``ppo_postflop.npz`` (that
policy trained on with the league tilted towards rule). Both were written by
``python examples/train_league.py``; the commands and the measurements that
chose this split are in ``benchmarks/RESULTS.md``, "PPO league agent".
``ppo:postflop=same`` plays the first network on every street.

Example:
    >>> import numpy as np
    >>> from pokergym.engine import HandState
    >>> agent = PPOAgent()
    >>> hand = HandState.new(rng=np.random.default_rng(0))
    >>> agent.reset(hand.actor, np.random.default_rng(1))
    >>> probabilities = agent.action_probabilities(hand.view(hand.actor))
    >>> round(sum(p for _, p in probabilities), 9)
    1.0
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

from baselines.policy import ActionDistribution, DistributionAgent, probability_option, sample_index
from baselines.ppo.network import PolicyNetwork
from baselines.view_observation import ViewObserver
from pokergym.agents import Action, PlayerView, Street
from pokergym.errors import AgentError, ConfigError
from pokergym.wrappers._base import ViewFeature
from pokergym.wrappers.pokerskill import PokerSkillFeature

__all__ = ["SAME", "SHIPPED_POSTFLOP", "SHIPPED_WEIGHTS", "PPOAgent", "features_of"]

SHIPPED_WEIGHTS = "ppo_league.npz"
"""The file name under ``baselines/ppo/data`` of the shipped policy before the flop."""
SHIPPED_POSTFLOP = "ppo_postflop.npz"
"""The file name under ``baselines/ppo/data`` of the shipped policy from the flop on."""
SAME = "same"
"""``postflop``'s value for "the ``weights`` network on every street"."""

_BASE_KEYS = ("action_mask", "observation")
_BLEND_STREETS = ("all", "preflop", "postflop")
_Mixture = tuple[PolicyNetwork, float]
"""A network blended in, and its share of the mixture."""


def features_of(network: PolicyNetwork) -> list[ViewFeature]:
    """The feature entries a network reads beyond the vector and the mask.

    Raises:
        ConfigError: if it reads an entry this agent cannot compute (only ``pokerskill`` is supported).
    """
    extra = [key for key in network.keys if key not in _BASE_KEYS]
    unknown = [key for key in extra if key != "pokerskill"]
    if unknown or not set(_BASE_KEYS) <= set(network.keys):
        raise ConfigError(
            f"the network reads {list(network.keys)}; PPOAgent builds action_mask, observation, pokerskill"
        )
    return [PokerSkillFeature()] if extra else []


class PPOAgent(DistributionAgent):
    """A MaskablePPO policy trained on ``HUNL-v0`` (discrete actions, PokerSkill features) as an agent.

    Args:
        greedy: play the most likely legal action instead of sampling the policy.
        weights: a ``.npz`` written by :meth:`PolicyNetwork.save` (default: the shipped league policy).
        name: display name.
        blend: a second network's ``.npz``: the agent then plays, at every decision on ``blend_streets``,
            the mixture of two policies' distributions, ``(1 - share)`` of the street's network's and
            ``share`` of ``blend``'s (all read the same observation).
        share: the second network's weight in the mixture, in ``[0, 1]``.
        postflop: the network played from the flop on: a ``.npz``, or ``"same"`` for the ``weights``
            network. By default the shipped postflop network when ``weights`` is not given, else ``"same"``.
        blend_streets: where the mixture applies: ``"all"``, ``"preflop"`` or ``"postflop"``.

    Raises:
        ConfigError: if a weights file is missing or does not fit ``HUNL-v0``'s default spaces, if the
            networks read different observations, if ``share`` is outside ``[0, 1]`` or ``blend_streets``
            is none of the three.
    """

    name = "ppo"
    blends: tuple[_Mixture | None, _Mixture | None]
    """The mixture, if any, played before the flop (first) and from the flop on (second)."""

    def __init__(
        self,
        *,
        greedy: bool = False,
        weights: str | None = None,
        name: str | None = None,
        blend: str | None = None,
        share: float = 0.5,
        postflop: str | None = None,
        blend_streets: str = "all",
    ) -> None:
        """Load the networks and set up the observation builder (see the class docstring)."""
        super().__init__(name)
        network = _shipped(SHIPPED_WEIGHTS) if weights is None else PolicyNetwork.load(Path(weights))
        self._use(network)
        if weights is None and postflop is None:
            self.postflop = _matching(network, _shipped(SHIPPED_POSTFLOP), "postflop")
        elif postflop not in (None, SAME):
            self.postflop = _matching(network, PolicyNetwork.load(Path(postflop)), "postflop")
        self.greedy = greedy
        share = probability_option(share, "share")
        if blend_streets not in _BLEND_STREETS:
            raise ConfigError(f"blend_streets must be one of {', '.join(_BLEND_STREETS)}, got {blend_streets!r}")
        if blend is not None:
            mixture = (
                _matching(network, PolicyNetwork.load(Path(blend)), "blended"),
                share,
            )
            before, after = (mixture if blend_streets in ("all", side) else None for side in ("preflop", "postflop"))
            self.blends = (before, after)

    @classmethod
    def from_network(cls, network: PolicyNetwork, *, greedy: bool = False, name: str | None = None) -> PPOAgent:
        """An agent playing ``network`` (e.g. a league snapshot held in memory).

        Raises:
            ConfigError: if the network does not fit ``HUNL-v0``'s default spaces.
        """
        agent = cls.__new__(cls)
        DistributionAgent.__init__(agent, name)
        agent._use(network)
        agent.greedy = greedy
        return agent

    def _use(self, network: PolicyNetwork) -> None:
        """Play ``network`` on every street, unmixed (``postflop`` and ``blends`` may then change that)."""
        self.network = self.postflop = network
        self.blends = (None, None)
        self.observer = ViewObserver(features=features_of(self.network))
        if self.network.actions != self.observer.codec.mask_size:
            raise ConfigError(
                f"the network has {self.network.actions} actions, "
                f"HUNL-v0's default mode {self.observer.codec.mask_size}"
            )

    def action_probabilities(self, view: PlayerView) -> ActionDistribution:
        """The policy's distribution over the legal actions of ``view`` (one action when greedy)."""
        weights, sizes = self._weights(view)
        return self.observer.distribution(weights, view, sizes)

    def act(self, view: PlayerView) -> Action:
        """The action :meth:`action_probabilities` would give ``sample_action``, drawn without building the list."""
        weights, sizes = self._weights(view)
        listed = weights.tolist()
        live = [index for index, weight in enumerate(listed) if weight > 0.0]
        chosen = live[sample_index([listed[index] for index in live], self.rng)]
        return self.observer.action_of(chosen, view, sizes)

    def _weights(self, view: PlayerView) -> tuple[npt.NDArray[np.float64], tuple[int, ...]]:
        """The policy's probability per action id (one-hot when greedy) and the ids' raise sizes.

        Raises:
            AgentError: if it is not the view's seat's turn.
        """
        if view.legal is None:
            raise AgentError(f"seat {view.seat} is asked to act but it is not its turn")
        encoded = self.observer.encode(view)
        observation = encoded.observation
        preflop = view.street == Street.PREFLOP
        network = self.network if preflop else self.postflop
        # the observer's mask is int8 with a legal id wherever the view may act: no need to check it again
        weights = network.flat_probabilities(network.flat_input(observation), observation["action_mask"])
        blend = self.blends[0 if preflop else 1]
        if blend is not None:
            other, share = blend
            mixed = other.flat_probabilities(other.flat_input(observation), observation["action_mask"])
            weights = (1.0 - share) * weights + share * mixed
        if self.greedy:
            best = np.zeros_like(weights)
            best[int(np.argmax(weights))] = 1.0
            weights = best
        return weights, encoded.sizes


def _shipped(file_name: str) -> PolicyNetwork:
    """A network shipped under ``baselines/ppo/data``."""
    with resources.as_file(resources.files("baselines.ppo") / "data" / file_name) as path:
        return PolicyNetwork.load(path)


def _matching(network: PolicyNetwork, other: PolicyNetwork, role: str) -> PolicyNetwork:
    """``other``, checked to read the observation ``network`` reads and to have its actions.

    Raises:
        ConfigError: naming ``role``, if the keys, their sizes or the number of actions differ.
    """
    if (other.keys, other.sizes, other.actions) != (network.keys, network.sizes, network.actions):
        raise ConfigError(
            f"a {role} network must read the same observation and actions: {list(other.keys)} sized "
            f"{list(other.sizes)} with {other.actions} actions, against {list(network.keys)} sized "
            f"{list(network.sizes)} with {network.actions}"
        )
    return other
