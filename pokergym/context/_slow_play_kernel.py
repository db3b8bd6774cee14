"""Numba kernel of the slow-play look-ahead: deal every unseen card, re-budget the made hand, count the spoilers.

:func:`look_ahead` runs the rule :func:`pokergym.context.slow_play.slow_play`
states and returns its verdict as a ``SlowPlay`` index: each unseen next
card is put on the board, :func:`._texture_kernel.board_facts` and
:func:`._texture_kernel.hand_facts` (made hand only) read the new board,
:func:`._budget_kernel.made_budget` gives the attack there (capped at
:data:`ATTACK_CAP`), and :func:`._budget_kernel.slow_play_share_verdict`
judges the share of unwanted cards.

Cards of a suit with at most one board card are tried once per rank and
counted for all such suits: the next board then holds at most two of that
suit, no flush is possible with it, and the made hand and its budget do not
depend on which of those suits the card has. Counting stops as soon as the
unwanted cards alone make the verdict "no slow play".
"""

from __future__ import annotations

import numpy as np

from pokergym._jit import kernel

from ._budget_kernel import ATTACK_CAP, MODIFIER_ROWS, NO_SLOW_PLAY, made_budget, slow_play_share_verdict
from ._texture_kernel import BOARD_FIELDS, HAND_FIELDS, board_facts, hand_facts, row_budget_args, texture_tables

__all__ = ["ATTACK_CAP", "look_ahead"]

_TEXTURE = texture_tables()


@kernel
def look_ahead(hole0: int, hole1: int, cards: np.ndarray, n: int, pot: int, weighted_total: float) -> int:
    """The slow-play verdict (``SlowPlay`` index) of a hand on a flop or turn (see the module docstring).

    Args:
        hole0: a hole card code.
        hole1: the other hole card.
        cards: ``int64`` array whose first ``n`` entries are the board.
        n: board cards (3 or 4).
        pot: the pot type's index in ``PotType``.
        weighted_total: weighted postflop bets so far.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> board = np.array(parse_cards("Kd7c2s"), np.int64)
        >>> look_ahead(*parse_cards("7h7s"), board, 3, 1, 0.0)  # a set on a dry flop: trap
        0
    """
    streets_left = 5 - n
    if ATTACK_CAP - weighted_total < streets_left:
        return NO_SLOW_PLAY  # no next card can leave enough attack
    seen = (1 << hole0) | (1 << hole1)
    suit_counts = np.zeros(4, np.int64)
    for i in range(n):
        seen |= 1 << cards[i]
        suit_counts[cards[i] & 3] += 1
    unseen = 52 - 2 - n
    nxt = np.empty(5, np.int64)
    nxt[:n] = cards[:n]
    board = np.empty(BOARD_FIELDS, np.int64)
    hand = np.empty(HAND_FIELDS, np.float64)
    mods = np.zeros((MODIFIER_ROWS, 3))  # the budget's notes, not read here
    unwanted = 0
    for rank in range(13):
        plain = -1  # whether the rank's cards of suits with at most one board card spoil the hand (-1: not tried)
        for suit in range(4):
            card = rank * 4 + suit
            if seen >> card & 1:
                continue
            is_plain = suit_counts[suit] <= 1
            if is_plain and plain >= 0:
                unwanted += plain
                continue
            nxt[n] = card
            board_facts(nxt, n + 1, board)
            hand_facts(hole0, hole1, nxt, n + 1, pot, False, board, _TEXTURE, hand)
            mods[0, 0] = 0.0
            attack = min(made_budget(*row_budget_args(hand, board, pot), mods)[2], ATTACK_CAP)
            spoiled = 1 if attack - weighted_total < streets_left else 0
            unwanted += spoiled
            if is_plain:
                plain = spoiled
        if slow_play_share_verdict(unwanted, unseen) == NO_SLOW_PLAY:
            return NO_SLOW_PLAY
    return slow_play_share_verdict(unwanted, unseen)
