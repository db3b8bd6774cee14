"""The slow-play verdict: may a strong hand check or call to trap, judged by the cards that would spoil it.

Only on the flop and turn, and only for hands whose made attack is at least
:data:`~pokergym.context.budget.SLOW_PLAY_MIN_ATTACK`. Every unseen card is
dealt in turn and the made hand re-budgeted; a card is *unwanted* when the
new attack (capped at 6) less the weighted bets so far no longer covers one
bet per street still to come. Under 10% unwanted cards: ``trap``; under 15%:
lean slow play; under 25.5%: lean fast play; else no slow play. The
look-ahead runs compiled (:mod:`._slow_play_kernel`);
``tests/context/slow_play_reference.py`` re-analyses every next board with
the Python engine as its reference.
"""

from __future__ import annotations

import numpy as np

from ._budget_kernel import _POT_INDEX, SLOW_PLAY_MIN_ATTACK
from ._slow_play_kernel import look_ahead
from .record import PotType, SlowPlay

__all__ = ["slow_play"]

_VERDICTS = tuple(SlowPlay)


def slow_play(
    hole: tuple[int, ...], board: tuple[int, ...], pot_type: PotType, attack: float, weighted_total: float
) -> SlowPlay | None:
    """The slow-play verdict of a hand (see the module docstring), ``None`` where it does not apply.

    Args:
        hole: the hero's two hole cards.
        board: the board (3 to 5 cards; ``None`` is returned on the river).
        pot_type: the pot type.
        attack: the hand's attack base.
        weighted_total: weighted postflop bets so far, of both players.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> slow_play(parse_cards("7h7s"), parse_cards("Kd7c2s"), PotType.SRP, 99.0, 0.0)
        <SlowPlay.TRAP: 'trap'>
        >>> slow_play(parse_cards("7h7s"), parse_cards("Kd7c2s"), PotType.SRP, 99.0, 4.5) is SlowPlay.NO_SLOW_PLAY
        True
    """
    n = len(board)
    if n >= 5 or attack < SLOW_PLAY_MIN_ATTACK:
        return None
    verdict = look_ahead(hole[0], hole[1], np.array(board, np.int64), n, _POT_INDEX[pot_type], weighted_total)
    return _VERDICTS[verdict]
