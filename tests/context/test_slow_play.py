"""The memoised slow-play look-ahead agrees with the full re-analysis of every next card (``slow_play_reference``).

The engine re-budgets a next card from the hand kernel's codes and a few
board facts, memoised across hands; the reference analyses each next board
and re-classifies the hand from scratch. Both must give the same attacks
card by card, and so the same verdicts, on flops and turns of random hands
and of hands dealt from few ranks (where special boards are common).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import slow_play_reference as reference
from test_context_memos import Hand, few_rank_hands, random_hands

from pokergym.context.budget import _look_memo, _next_card_attacks


def _short_boards(hands: list[Hand]) -> list[Hand]:
    """The hands cut to a flop or turn board (the look-ahead does not run on the river)."""
    return [(hole, board[: min(len(board), 3 + sum(hole) % 2)], pot) for hole, board, pot in hands]


@pytest.mark.parametrize("make", [random_hands, few_rank_hands])
def test_next_card_attacks_match_the_reference(make: Callable[[int, int], list[Hand]]) -> None:
    _look_memo.clear()
    _next_card_attacks.cache_clear()
    for hole, board, pot_type in _short_boards(make(1500, 11)):
        assert _next_card_attacks(hole, board, pot_type) == reference.next_card_attacks(hole, board, pot_type), (
            hole,
            board,
            pot_type,
        )
    assert _look_memo
