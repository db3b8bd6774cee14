"""Action encodings shared by the Gymnasium and PettingZoo environments.

An environment's ``action_mode`` picks one of three codecs; each turns an
agent's action into an engine move and back:

* ``"discrete"`` (default): :class:`~pokergym.envs.discrete.DiscreteActions`,
  fold, check/call, bet/raise to fractions of the pot after calling, all-in.
* ``"continuous"``: :class:`~pokergym.envs.kinds.ContinuousActions`, a kind
  selector and a log-scale size in ``Box(-1, 1, (2,))``.
* ``"chips"``: :class:`~pokergym.envs.kinds.ChipActions`, ``[kind, raise-to
  chips]`` in a ``MultiDiscrete``.

Every codec applies a legal action to a :class:`~pokergym.engine.HandState`
with ``apply`` and raises :class:`~pokergym.errors.IllegalActionError`
(leaving the hand untouched) otherwise; ``encode`` maps an engine
:class:`~pokergym.engine.Action` to the nearest legal action of the codec,
which is how pokergym agents play in the environments.

Example:
    >>> from pokergym.engine import Action, GameConfig, HandState
    >>> hand = HandState.new(deck=tuple(range(9)))
    >>> make_codec("discrete", GameConfig()).encode(Action.raise_to(300), hand)  # the pot-size raise
    5
    >>> make_codec("chips", GameConfig()).encode(Action.raise_to(300), hand)
    array([  2, 300])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Protocol

import numpy as np
from gymnasium import spaces

from pokergym.engine.actions import Action
from pokergym.engine.config import GameConfig
from pokergym.engine.state import HandState
from pokergym.envs.discrete import DEFAULT_FRACTIONS, DiscreteActions
from pokergym.envs.kinds import ChipActions, ChipSpace, ContinuousActions, ContinuousSpace
from pokergym.errors import ConfigError

__all__ = [
    "DEFAULT_FRACTIONS",
    "ActionCodec",
    "ActionMode",
    "ChipActions",
    "ChipSpace",
    "ContinuousActions",
    "ContinuousSpace",
    "DiscreteActions",
    "make_codec",
]

ActionMode = Literal["discrete", "continuous", "chips"]
"""The names accepted by ``action_mode``."""


class ActionCodec(Protocol):
    """What both environments need from an action encoding."""

    @property
    def space(self) -> spaces.Space[Any]:
        """The Gymnasium action space."""

    @property
    def mask_size(self) -> int:
        """The length of the action mask."""

    @property
    def mask_names(self) -> tuple[str, ...]:
        """A name per mask entry."""

    def mask(self, hand: HandState) -> np.ndarray:
        """A new int8 array of the legality flags of the seat to act (all zeros once the hand is over)."""

    def apply(self, hand: HandState, action: Any) -> None:
        """Take ``action`` for the seat to act, or raise ``IllegalActionError``."""

    def encode(self, action: Action, hand: HandState) -> Any:
        """The action of this codec nearest to the legal engine ``action``."""

    def describe(self, hand: HandState) -> str:
        """The legal actions of the seat to act, in words, for error messages."""


def make_codec(mode: str, config: GameConfig, fractions: Sequence[float] = DEFAULT_FRACTIONS) -> ActionCodec:
    """The codec of ``action_mode`` ``mode`` (``discrete``, ``continuous`` or ``chips``).

    Raises:
        ConfigError: for an unknown mode.

    Example:
        >>> from pokergym.engine import GameConfig
        >>> make_codec("continuous", GameConfig()).space
        Box(-1.0, 1.0, (2,), float32)
    """
    if mode == "discrete":
        return DiscreteActions(fractions)
    if mode == "continuous":
        return ContinuousActions()
    if mode == "chips":
        return ChipActions(config)
    raise ConfigError(f"action_mode must be 'discrete', 'continuous' or 'chips', got {mode!r}")
