"""Online model of the opponent's action frequencies.

PokerMan weights the opponent's branches of its search tree by how often the
opponent was seen to take each kind of action. :class:`OpponentModel` counts
the opponent's actions from the events an agent observes, per street and per
situation (facing a bet or not), in three classes: fold, passive (check or
call) and aggressive (bet or raise, all-ins included). The estimate is the
counts smoothed by a symmetric Dirichlet prior of ``prior`` pseudo-actions per
legal class, so an unseen situation starts uniform and the data take over as
they arrive. The counts persist across hands; :meth:`OpponentModel.clear`
forgets them.

Example:
    >>> from pokergym.engine import ActionKind, ActionRecord, Street
    >>> from pokergym.engine import ActionTaken, HandStart
    >>> model = OpponentModel(prior=1.0)
    >>> model.observe(HandStart(seat=0, button=0, hole=(0, 1), stacks=(20000, 20000)))
    >>> model.observe(ActionTaken(ActionRecord(Street.PREFLOP, 0, ActionKind.CALL, 100, 50, False)))
    >>> model.observe(ActionTaken(ActionRecord(Street.PREFLOP, 1, ActionKind.RAISE, 300, 200, False)))
    >>> model.probabilities(Street.PREFLOP, facing_bet=False)
    ActionFrequencies(fold=0.0, passive=0.3333333333333333, aggressive=0.6666666666666666)
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from pokergym.engine import ActionKind, ActionTaken, Event, HandStart, Street, StreetStart
from pokergym.errors import ConfigError

__all__ = ["ActionFrequencies", "OpponentModel"]

_FOLD, _PASSIVE, _AGGRESSIVE = 0, 1, 2
_CLASS = {
    ActionKind.FOLD: _FOLD,
    ActionKind.CHECK: _PASSIVE,
    ActionKind.CALL: _PASSIVE,
    ActionKind.BET: _AGGRESSIVE,
    ActionKind.RAISE: _AGGRESSIVE,
}


class ActionFrequencies(NamedTuple):
    """Probabilities of the three action classes (they sum to one)."""

    fold: float
    passive: float
    aggressive: float


class OpponentModel:
    """Smoothed action frequencies of the opponent, learned from observed events.

    Args:
        prior: Dirichlet pseudo-count per legal action class (positive); larger
            values make the estimate move more slowly away from uniform.

    Attributes:
        counts: array ``[street, facing_bet, class]`` of observed opponent actions.
    """

    def __init__(self, prior: float = 2.0) -> None:
        if not 0 < prior < math.inf:
            raise ConfigError(f"prior must be positive and finite, got {prior!r}")
        self.prior = float(prior)
        self.counts = np.zeros((len(Street), 2, 3))
        self._seat = 0
        self._facing = True

    def clear(self) -> None:
        """Forget every observed action."""
        self.counts[:] = 0.0

    def observe(self, event: Event) -> None:
        """Update from one event of the hand (the agent's own actions are not counted).

        A :class:`~pokergym.engine.events.HandStart` tells the model which seat
        is ours. A seat faces a bet after the other seat's bet or raise, and
        preflop the first actor faces the big blind.
        """
        if isinstance(event, HandStart):
            self._seat = event.seat
            self._facing = True
        elif isinstance(event, StreetStart):
            self._facing = False
        elif isinstance(event, ActionTaken):
            record = event.record
            kind = _CLASS[record.kind]
            if record.seat != self._seat:
                self.counts[record.street, int(self._facing), kind] += 1.0
            self._facing = kind == _AGGRESSIVE

    def probabilities(self, street: Street, facing_bet: bool) -> ActionFrequencies:
        """Estimated probabilities of fold, passive and aggressive actions in a situation.

        Folding gets probability 0 when not facing a bet (it is never needed then).
        """
        counts = self.counts[street, int(facing_bet)]
        legal = np.array([facing_bet, True, True], dtype=float)
        smoothed = (counts + self.prior) * legal
        total = float(smoothed.sum())
        return ActionFrequencies(*(float(x) / total for x in smoothed))
