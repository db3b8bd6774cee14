"""``PokerSkillObservation``: the context engine's labels, budgets and options as a float vector.

The wrapper adds ``obs["pokerskill"]``, the ``float32`` vector of
:func:`pokergym.context.vector.skill_vector` (:data:`N_FEATURES` entries) for
the seat's own view, computed in one compiled call
(:mod:`pokergym.context.compiled`; straight from the compiled table when the
environment steps on its kernel backend). The first use on a machine
compiles that engine, about a minute on two cores; numba caches the result
on disk, and later processes load it in about a second. :data:`FEATURE_NAMES` (also the wrapper's
``feature_names``) names every index; :mod:`pokergym.context.vector` lists
the blocks. Every entry lies in its bounds (``observation_space[key].low`` /
``.high``).

Example:
    >>> import gymnasium as gym
    >>> import pokergym
    >>> env = PokerSkillObservation(gym.make("HUNL-v0"))
    >>> obs, info = env.reset(seed=3)
    >>> obs["pokerskill"].shape == (N_FEATURES,) == (len(env.feature_names),)
    True
    >>> env.observation_space["pokerskill"].contains(obs["pokerskill"])
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from pokergym.context.compiled import row_skill_features, skill_features
from pokergym.context.vector import FEATURE_HIGH, FEATURE_LOW, FEATURE_NAMES, N_FEATURES, VIABLE_LABELS, skill_vector
from pokergym.engine.view import PlayerView
from pokergym.wrappers._base import AECViewWrapper, GymViewWrapper, TableFeature

if TYPE_CHECKING:
    from pokergym.envs.compiled import CompiledTable
    from pokergym.envs.view_encoder import ViewEncoder

__all__ = [
    "FEATURE_NAMES",
    "N_FEATURES",
    "VIABLE_LABELS",
    "PokerSkillFeature",
    "PokerSkillObservation",
    "PokerSkillObservationAEC",
    "skill_vector",
]


class PokerSkillFeature(TableFeature):
    """The ``pokerskill`` entry: :func:`skill_vector` of the view's context, computed by the compiled engine.

    Args:
        key: the observation key (default ``"pokerskill"``).
    """

    def __init__(self, key: str = "pokerskill") -> None:
        """Set up the entry's key and space."""
        self.key = key
        self.space = spaces.Box(FEATURE_LOW, FEATURE_HIGH, dtype=np.float32)

    def value(self, view: PlayerView) -> np.ndarray:
        """The vector of ``view``."""
        return skill_features(view)

    def table_value(self, table: CompiledTable | ViewEncoder, seat: int, acting: bool) -> np.ndarray:
        """The vector of ``seat``'s view of the compiled table's hand."""
        return row_skill_features(table.tables.state[0], table.log[0], seat, acting, table.config, check=False)


class PokerSkillObservation(GymViewWrapper, gym.utils.RecordConstructorArgs):
    """Add the PokerSkill feature vector to ``HUNL-v0`` observations (see the module docstring).

    Args:
        env: a ``HUNL-v0`` environment (possibly wrapped).
        key: the observation key of the vector.

    Attributes:
        feature_names: the name of every index of the added vector.
    """

    feature_names = FEATURE_NAMES

    def __init__(self, env: gym.Env[dict[str, Any], Any], key: str = "pokerskill") -> None:
        """Wrap ``env``."""
        gym.utils.RecordConstructorArgs.__init__(self, key=key)
        super().__init__(env, PokerSkillFeature(key))


class PokerSkillObservationAEC(AECViewWrapper):
    """Add the PokerSkill feature vector to every agent's observations of the ``hunl_v0`` AEC environment.

    Args:
        env: a ``hunl_v0.env()`` or ``hunl_v0.raw_env()`` (possibly wrapped).
        key: the observation key of the vector.

    Attributes:
        feature_names: the name of every index of the added vector.

    Example:
        >>> from pokergym.pettingzoo import hunl_v0
        >>> env = PokerSkillObservationAEC(hunl_v0.env())
        >>> env.reset(seed=0)
        >>> observation, *_ = env.last()
        >>> observation["pokerskill"][FEATURE_NAMES.index("preflop_btn_first")]
        np.float32(1.0)
    """

    feature_names = FEATURE_NAMES

    def __init__(self, env: Any, key: str = "pokerskill") -> None:
        """Wrap ``env``."""
        super().__init__(env, PokerSkillFeature(key))
