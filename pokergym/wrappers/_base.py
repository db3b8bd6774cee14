"""Shared machinery: wrappers that add one entry, computed from a seat's view, to the Dict observation.

A :class:`ViewFeature` computes the entry (its dictionary key, its space and
its value for a :class:`~pokergym.engine.view.PlayerView`).
:class:`GymViewWrapper` adds it to ``HUNL-v0`` (the learner's seat) and
:class:`AECViewWrapper` to the PettingZoo AEC environment (the observed
agent's seat). Both read the hand from the unwrapped environment's ``hand``
property and build the seat's own view, so nothing hidden leaks; when the
seat's action mask is all zeros (not its turn, the hand over or ended by an
illegal action) the view carries no legal actions. A :class:`TableFeature`
can also compute its entry straight from the compiled table of an
environment on its kernel backend, and is asked to whenever one plays: the
hand is then never rebuilt as engine objects.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from pettingzoo.utils.wrappers import BaseWrapper

from pokergym.engine.state import HandState
from pokergym.engine.view import PlayerView, make_view
from pokergym.envs.hunl import HUNLEnv
from pokergym.errors import ConfigError
from pokergym.pettingzoo.hunl_v0 import raw_env

if TYPE_CHECKING:
    from pokergym.envs.compiled import CompiledTable
    from pokergym.envs.view_encoder import ViewEncoder

__all__ = ["LEARNER_SEAT", "AECViewWrapper", "GymViewWrapper", "TableFeature", "ViewFeature"]

LEARNER_SEAT = 0
"""The learner's seat in ``HUNL-v0`` (the opponent sits in seat 1)."""


_Front = TypeVar("_Front", HUNLEnv, raw_env)


class ViewFeature(ABC):
    """One observation entry computed from a seat's view.

    Attributes:
        key: the entry's key in the observation dict.
        space: the entry's space.
    """

    key: str
    space: spaces.Space[Any]

    def seed(self, rng: np.random.Generator | None) -> None:  # noqa: B027  (most features use no randomness)
        """Take a generator for the coming hands (``None``: keep the current one); forget cached values."""

    @abstractmethod
    def value(self, view: PlayerView) -> Any:
        """The entry for ``view`` (a fresh object on every call)."""


class TableFeature(ViewFeature):
    """A :class:`ViewFeature` that can also read a compiled table (an environment's kernel backend)."""

    @abstractmethod
    def table_value(self, table: CompiledTable | ViewEncoder, seat: int, acting: bool) -> Any:
        """The entry for ``seat``'s view of ``table``'s hand: equal to :meth:`value` of that view.

        Args:
            table: the compiled table, or a view encoder after its replay (read only).
            seat: the observed seat.
            acting: whether the view carries legal actions (the seat's turn, its mask not all zeros).
        """


def _entry(feature: ViewFeature, front: HUNLEnv | raw_env, seat: int, mask: np.ndarray) -> Any:
    """The feature's entry for ``seat``, from the compiled table when one plays and the feature reads it."""
    table = front.compiled
    if table is not None and isinstance(feature, TableFeature):
        return feature.table_value(table, seat, bool(np.count_nonzero(mask)))
    return feature.value(_view(front.hand, seat, mask))


def _view(hand: HandState, seat: int, mask: np.ndarray) -> PlayerView:
    view = make_view(hand, seat)
    if view.legal is not None and not np.count_nonzero(mask):  # (cheaper than mask.any())
        view = view._replace(legal=None)
    return view


def _extended(base: spaces.Space[Any], feature: ViewFeature) -> spaces.Dict:
    if not isinstance(base, spaces.Dict):
        raise ConfigError(f"the observation space must be a Dict, got {base}")
    if feature.key in base.spaces:
        raise ConfigError(f"the observation already has a {feature.key!r} entry")
    return spaces.Dict({**base.spaces, feature.key: feature.space})


def _unwrapped(wrapper: object, env: Any, front: type[_Front], what: str) -> _Front:
    """``env.unwrapped``, which must be a ``front`` (``what`` names it in the error)."""
    unwrapped = env.unwrapped
    if not isinstance(unwrapped, front):
        raise ConfigError(f"{type(wrapper).__name__} wraps {what}, got {unwrapped!r}")
    return unwrapped


class _Reseeding:
    """Reseeds a wrapper's feature at each reset: afresh at a seeded reset and the first one, else with ``None``."""

    __slots__ = ("_feature", "_seeded")

    def __init__(self, feature: ViewFeature) -> None:
        self._feature = feature
        self._seeded = False

    def reset(self, seed: int | None, fresh: Callable[[], np.random.Generator]) -> None:
        """Seed the feature with ``fresh()`` after a seeded reset (or the first), else with ``None``."""
        if seed is not None or not self._seeded:
            self._feature.seed(fresh())
            self._seeded = True
        else:
            self._feature.seed(None)


class GymViewWrapper(gym.ObservationWrapper[dict[str, Any], Any, dict[str, Any]]):
    """Add a :class:`ViewFeature` entry to the learner's observations of a ``HUNL-v0`` environment.

    The feature is reseeded after every seeded reset (and on the first one)
    with a generator spawned from the environment's ``np_random``; spawning
    draws nothing, so the hands dealt do not change.

    Raises:
        ConfigError: if ``env`` is not ``HUNL-v0`` (an :class:`~pokergym.envs.HUNLEnv` underneath),
            or its observation is not a Dict or already has the entry.
    """

    def __init__(self, env: gym.Env[dict[str, Any], Any], feature: ViewFeature) -> None:
        """Wrap ``env`` (see the class docstring)."""
        super().__init__(env)
        self._hunl = _unwrapped(self, env, HUNLEnv, "HUNL-v0 environments")
        self._feature = feature
        self._reseeding = _Reseeding(feature)
        self.observation_space = _extended(env.observation_space, feature)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Reset the environment, reseed the feature, return the extended first observation."""
        observation, info = self.env.reset(seed=seed, options=options)
        self._reseeding.reset(seed, lambda: self._hunl.np_random.spawn(1)[0])
        return self.observation(observation), info

    def observation(self, observation: dict[str, Any]) -> dict[str, Any]:
        """Add the feature's entry for the learner's current view."""
        extended = dict(observation)
        extended[self._feature.key] = _entry(self._feature, self._hunl, LEARNER_SEAT, observation["action_mask"])
        return extended


class AECViewWrapper(BaseWrapper):  # type: ignore[misc]  # pettingzoo is untyped
    """Add a :class:`ViewFeature` entry to every agent's observations of the ``hunl_v0`` AEC environment.

    ``observe(agent)`` builds the entry for that agent's seat. The feature is
    reseeded on every seeded reset (and the first one) from a
    :class:`numpy.random.SeedSequence` of the reset seed, which never touches
    the environment's own deck generator.

    Raises:
        ConfigError: if the unwrapped environment is not ``hunl_v0.raw_env``, or its
            observations are not Dicts or already have the entry.
    """

    def __init__(self, env: Any, feature: ViewFeature) -> None:
        """Wrap ``env`` (see the class docstring)."""
        super().__init__(env)
        self._raw = _unwrapped(self, env, raw_env, "the hunl_v0 AEC environment")
        self._feature = feature
        self._reseeding = _Reseeding(feature)
        self._spaces = {agent: _extended(env.observation_space(agent), feature) for agent in env.possible_agents}

    def observation_space(self, agent: str) -> spaces.Dict:
        """The agent's observation space, with the added entry."""
        return self._spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Reset the environment and reseed the feature."""
        self.env.reset(seed=seed, options=options)
        self._reseeding.reset(seed, lambda: np.random.default_rng(np.random.SeedSequence(seed).spawn(1)[0]))

    def observe(self, agent: str) -> dict[str, Any] | None:
        """The agent's observation with the added entry."""
        observation = self.env.observe(agent)
        if observation is None:
            return None
        extended = dict(observation)
        extended[self._feature.key] = _entry(
            self._feature, self._raw, self._raw.seat_of(agent), observation["action_mask"]
        )
        return extended
