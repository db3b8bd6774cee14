"""Gymnasium environment, observation and action encodings for heads-up no-limit hold'em.

``gym.make("HUNL-v0")`` builds :class:`HUNLEnv` (:mod:`~pokergym.envs.hunl`);
the PettingZoo AEC environment lives in :mod:`pokergym.pettingzoo`. Both sit at
a :class:`HandTable` (:mod:`~pokergym.envs.table`), which deals, applies actions
through a codec (:mod:`~pokergym.envs.actions`, :mod:`~pokergym.envs.discrete`,
:mod:`~pokergym.envs.kinds`) and encodes observations
(:mod:`~pokergym.envs.observation`); :mod:`~pokergym.envs.render` draws a hand as text.
Both take their settings as one checked :class:`EnvOptions`
(:mod:`~pokergym.envs.options`) and play their hands through one
:class:`~pokergym.envs.backends.TableBackend`: the Python engine
(:mod:`~pokergym.envs.engine_backend`) or, in the discrete action mode and by
default, compiled kernels (:mod:`~pokergym.envs.kernel_backend` over
:mod:`~pokergym.envs.compiled` and :mod:`~pokergym.envs.kernel`, whose
state-row layout is :mod:`~pokergym.engine.row_layout`), checked step by step
against the Python engine; :mod:`~pokergym.envs.choice` picks one.

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
from pokergym.envs.backends import TableBackend
from pokergym.envs.hunl import Backend, HUNLEnv
from pokergym.envs.observation import ObservationLayout, SeatEncoder
from pokergym.envs.options import EnvOptions
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
    "EnvOptions",
    "HUNLEnv",
    "HandTable",
    "IllegalMode",
    "ObservationLayout",
    "SeatEncoder",
    "TableBackend",
    "make_codec",
    "render_hand",
]
