"""``EquityObservation``: the seat's equity against a random hand.

The wrapper adds ``obs["equity"]``, a ``Box(0, 1, (1,), float32)`` holding
``P(win) + P(tie) / 2`` of the seat's hole cards against one uniformly random
opponent hand, the rest of the board dealt at random
(:func:`~pokergym.evaluator.equity_vs_random`):

* preflop and on the river the value is exact (a table lookup, and 990
  opponent hands): both cost less than sampling;
* on the flop and turn it is a Monte Carlo estimate from ``samples`` deals
  (standard error about ``0.5 / sqrt(samples)``; 0.016 for the default
  1000), or exact with ``samples=None`` (slow on the flop: about a million
  evaluations).

The sampling generator is the wrapper's own. For ``HUNL-v0`` it is spawned
from the environment's ``np_random`` at every seeded reset (spawning draws
nothing, so the deck is unaffected); for the AEC environment it comes from
the reset seed. The same seed therefore gives the same equities. Values are
cached per seat and cards within a hand, so observing the same state twice
gives the same number.

Example:
    >>> import gymnasium as gym
    >>> import pokergym
    >>> env = EquityObservation(gym.make("HUNL-v0"), samples=500)
    >>> obs, info = env.reset(seed=0)
    >>> 0.0 <= float(obs["equity"][0]) <= 1.0, env.feature_names
    (True, ('equity_vs_random',))
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from pokergym.engine.actions import Street
from pokergym.engine.view import PlayerView
from pokergym.errors import ConfigError
from pokergym.evaluator import equity_vs_random
from pokergym.wrappers._base import AECViewWrapper, GymViewWrapper, ViewFeature

__all__ = ["DEFAULT_EQUITY_SAMPLES", "EquityFeature", "EquityObservation", "EquityObservationAEC"]

DEFAULT_EQUITY_SAMPLES = 1000
"""Monte Carlo deals per flop or turn estimate."""


class EquityFeature(ViewFeature):
    """The ``equity`` entry.

    Args:
        samples: Monte Carlo deals on the flop and turn (``None``: exact).
        key: the observation key (default ``"equity"``).

    Raises:
        ConfigError: if ``samples`` is below 1.
    """

    def __init__(self, samples: int | None = DEFAULT_EQUITY_SAMPLES, key: str = "equity") -> None:
        """Set up the entry."""
        if samples is not None and samples < 1:
            raise ConfigError(f"samples must be at least 1 (or None for exact values), got {samples}")
        self.samples = samples
        self.key = key
        self.space = spaces.Box(0.0, 1.0, shape=(1,), dtype=np.float32)
        self._rng = np.random.default_rng()
        self._cache: dict[tuple[int, tuple[int, int], tuple[int, ...]], float] = {}

    def seed(self, rng: np.random.Generator | None) -> None:
        """Use ``rng`` from now on (``None``: keep the current one) and clear the cache."""
        if rng is not None:
            self._rng = rng
        self._cache.clear()

    def value(self, view: PlayerView) -> np.ndarray:
        """The equity of the view's hole cards on its board."""
        key = (view.seat, view.hole, view.board)
        equity = self._cache.get(key)
        if equity is None:
            sampled = self.samples is not None and view.street in (Street.FLOP, Street.TURN)
            result = equity_vs_random(
                view.hole, view.board, samples=self.samples if sampled else None, rng=self._rng if sampled else None
            )
            equity = min(1.0, max(0.0, result.equity))
            self._cache[key] = equity
        return np.array([equity], dtype=np.float32)


class EquityObservation(GymViewWrapper, gym.utils.RecordConstructorArgs):
    """Add the learner's equity against a random hand to ``HUNL-v0`` observations.

    Args:
        env: a ``HUNL-v0`` environment (possibly wrapped).
        samples: Monte Carlo deals on the flop and turn (``None``: exact).
        key: the observation key.

    Attributes:
        feature_names: ``("equity_vs_random",)``.
    """

    feature_names = ("equity_vs_random",)

    def __init__(
        self, env: gym.Env[dict[str, Any], Any], samples: int | None = DEFAULT_EQUITY_SAMPLES, key: str = "equity"
    ) -> None:
        """Wrap ``env``."""
        gym.utils.RecordConstructorArgs.__init__(self, samples=samples, key=key)
        super().__init__(env, EquityFeature(samples, key))


class EquityObservationAEC(AECViewWrapper):
    """Add each agent's equity against a random hand to the ``hunl_v0`` AEC observations.

    Args:
        env: a ``hunl_v0.env()`` or ``hunl_v0.raw_env()`` (possibly wrapped).
        samples: Monte Carlo deals on the flop and turn (``None``: exact).
        key: the observation key.

    Attributes:
        feature_names: ``("equity_vs_random",)``.
    """

    feature_names = ("equity_vs_random",)

    def __init__(self, env: Any, samples: int | None = DEFAULT_EQUITY_SAMPLES, key: str = "equity") -> None:
        """Wrap ``env``."""
        super().__init__(env, EquityFeature(samples, key))
