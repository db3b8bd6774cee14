"""Kuhn poker as a bucket game, to test the solver core against a known value.

Kuhn poker: three cards (jack, queen, king), an ante of 1 chip each, one card
to each player; the first player checks or bets 1, and the usual
fold/call/check-behind rules follow with no raise. It is exactly the
single-street bucket game of :mod:`baselines.cfr.game` with one bet of half
the pot (the pot is 2 chips), no raises, the cards as three buckets dealt
without replacement, and the higher card always winning. The first player's
game value is ``-1/18`` chip, ``-1/36`` pot.

Example:
    >>> from baselines.cfr.solver import CFRPlusSolver
    >>> solver = CFRPlusSolver(kuhn_game())
    >>> solver.run(1000)
    >>> round(float(solver.game_value()[0]) * KUHN_POT, 3)
    -0.056
"""

from __future__ import annotations

from typing import Final

import numpy as np

from baselines.cfr.game import BettingConfig, build_tree
from baselines.cfr.solver import BucketGame

__all__ = ["KUHN_BETTING", "KUHN_POT", "KUHN_VALUE", "kuhn_game"]

KUHN_BETTING: Final = BettingConfig(bet_fractions=(0.5,), raises=False)
"""One bet of 1 chip into the 2-chip pot, no raise."""

KUHN_POT: Final = 2.0
"""Chips in the pot: multiply pot-unit values by this to get chips."""

KUHN_VALUE: Final = -1.0 / 18.0
"""The first player's equilibrium value in chips."""


def kuhn_game() -> BucketGame:
    """Kuhn poker as a one-game :class:`~baselines.cfr.solver.BucketGame` (buckets: J, Q, K).

    Example:
        >>> game = kuhn_game()
        >>> game.weights[0].round(3).tolist()[0], game.equity[0].tolist()[2]
        ([0.0, 0.167, 0.167], [1.0, 1.0, 0.5])
    """
    weights = (np.ones((3, 3)) - np.eye(3)) / 6.0
    cards = np.arange(3)
    equity = np.where(cards[:, None] > cards[None, :], 1.0, 0.0) + 0.5 * np.eye(3)
    return BucketGame(build_tree(KUHN_BETTING), weights[None], equity[None])
