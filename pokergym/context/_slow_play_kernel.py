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

:func:`row_budget_args` turns the fact rows of the texture kernels into the
budget kernels' facts and tables; the composed feature kernel uses it too.
"""

from __future__ import annotations

import numpy as np

from pokergym._jit import kernel

from ._budget_kernel import (
    ATTACK_CAP,
    MODIFIER_ROWS,
    NO_SLOW_PLAY,
    BudgetFacts,
    BudgetTables,
    budget_tables,
    made_budget,
    slow_play_share_verdict,
)
from ._texture_kernel import (
    B_ONE_CARD_STRAIGHT,
    B_PAIRED,
    B_STRAIGHT_COMBOS,
    B_STREET,
    B_SUIT_MAX,
    BOARD_FIELDS,
    H_DRAW,
    H_FLUSH_HIGH_RANK,
    H_FLUSH_RANK,
    H_HAS_OVERRIDE,
    H_KICKER_POSITION,
    H_KICKER_RANK,
    H_MADE,
    H_NUT_STRAIGHT,
    H_OVERRIDE_ATTACK,
    H_OVERRIDE_DEFENSE,
    H_PAIR_LEVEL,
    H_PAIR_RANK,
    H_POCKET_PAIR,
    H_STRAIGHT_CARDS,
    H_TWO_PAIR_RANK,
    HAND_FIELDS,
    board_facts,
    hand_facts,
    texture_tables,
)

__all__ = ["ATTACK_CAP", "look_ahead", "row_budget_args"]

_TEXTURE = texture_tables()
_BUDGET = budget_tables()


@kernel
def row_budget_args(hand: np.ndarray, board: np.ndarray, pot: int) -> tuple[BudgetFacts, BudgetTables]:
    """The budget kernels' ``(facts, tables)`` from hand and board fact rows (see :mod:`._budget_kernel`)."""
    facts = BudgetFacts(
        int(hand[H_MADE]),
        int(hand[H_DRAW]),
        int(hand[H_KICKER_POSITION]),
        int(hand[H_KICKER_RANK]),
        int(hand[H_PAIR_LEVEL]),
        int(hand[H_PAIR_RANK]),
        hand[H_POCKET_PAIR] != 0.0,
        int(hand[H_FLUSH_RANK]),
        int(hand[H_FLUSH_HIGH_RANK]),
        int(hand[H_STRAIGHT_CARDS]),
        int(hand[H_NUT_STRAIGHT]),
        int(hand[H_TWO_PAIR_RANK]),
        hand[H_HAS_OVERRIDE] != 0.0,
        hand[H_OVERRIDE_ATTACK],
        hand[H_OVERRIDE_DEFENSE],
        board[B_STREET],
        board[B_SUIT_MAX],
        board[B_PAIRED] != 0,
        board[B_ONE_CARD_STRAIGHT],
        board[B_STRAIGHT_COMBOS],
        pot,
    )
    return facts, _BUDGET


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
