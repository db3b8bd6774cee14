"""Gymnasium environment, observation and action encodings for heads-up no-limit hold'em.

``gym.make("HUNL-v0")`` builds :class:`HUNLEnv` (:mod:`~pokergym.envs.hunl`);
the PettingZoo AEC environment lives in :mod:`pokergym.pettingzoo`. Both sit at
a :class:`HandTable` (:mod:`~pokergym.envs.table`), which deals, applies actions
through a codec (:mod:`~pokergym.envs.actions`, :mod:`~pokergym.envs.discrete`,
:mod:`~pokergym.envs.kinds`) and encodes observations
(:mod:`~pokergym.envs.observation`); :mod:`~pokergym.envs.render` draws a hand as text.
In the discrete action mode both environments step their hands on compiled
kernels by default (:mod:`~pokergym.envs.compiled` over
:mod:`~pokergym.envs.kernel`, whose state-row layout is
:mod:`~pokergym.engine.row_layout`), checked step by step against the Python engine.

Example:
    >>> from pokergym.envs import HUNLEnv
    >>> env = HUNLEnv(action_mode="chips")
    >>> env.action_space
    MultiDiscrete([    3 20001])
"""

from pokergym.envs.actions import (
    DEFAULT_FRACTIONS,
    ActionCodec,
    ActionMode,
    ChipActions,
    ChipSpace,
    ContinuousActions,
    ContinuousSpace,
    DiscreteActions,
    make_codec,
)
from pokergym.envs.hunl import Backend, HUNLEnv
from pokergym.envs.observation import ObservationLayout, SeatEncoder
from pokergym.envs.render import render_hand
from pokergym.envs.table import ButtonMode, HandTable, IllegalMode

__all__ = [
    "DEFAULT_FRACTIONS",
    "ActionCodec",
    "ActionMode",
    "Backend",
    "ButtonMode",
    "ChipActions",
    "ChipSpace",
    "ContinuousActions",
    "ContinuousSpace",
    "DiscreteActions",
    "HUNLEnv",
    "HandTable",
    "IllegalMode",
    "ObservationLayout",
    "SeatEncoder",
    "make_codec",
    "render_hand",
]
