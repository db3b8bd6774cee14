"""The compiled slow-play look-ahead gives the verdict of a full Python re-analysis of every next card.

``slow_play_reference`` deals each unseen card (one per rank for suits that
cannot make a flush), re-analyses the board and re-classifies the hand with
the Python engine, and reads the verdict from the share of cards that leave
too little attack. The compiled look-ahead must agree on flops and turns of
random hands and of hands dealt from few ranks (where special boards and
strong hands are common), for pressure from none to past the cap.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import slow_play_reference as reference
from test_context_memos import Hand, few_rank_hands, random_hands

from pokergym.context.budget import SLOW_PLAY_MIN_ATTACK
from pokergym.context.record import PotType, SlowPlay
from pokergym.context.slow_play import slow_play

WEIGHTED_TOTALS = (0.0, 0.45, 1.0, 1.45, 2.0, 2.9, 3.05, 4.5)


def _short_boards(hands: list[Hand]) -> list[Hand]:
    """The hands cut to a flop or turn board (the look-ahead does not run on the river)."""
    return [(hole, board[: min(len(board), 3 + sum(hole) % 2)], pot) for hole, board, pot in hands]


@pytest.mark.parametrize("make", [random_hands, few_rank_hands])
def test_the_compiled_verdict_matches_the_reference(make: Callable[[int, int], list[Hand]]) -> None:
    seen = set()
    for i, (hole, board, pot_type) in enumerate(_short_boards(make(1200, 11))):
        weighted_total = WEIGHTED_TOTALS[i % len(WEIGHTED_TOTALS)]
        expected = reference.verdict(hole, board, pot_type, weighted_total)
        # the hole cards in either order; the attack only gates the look-ahead
        assert slow_play(hole[::-1], board, pot_type, SLOW_PLAY_MIN_ATTACK, weighted_total) == expected, (
            hole,
            board,
            pot_type,
            weighted_total,
        )
        seen.add(expected)
    if make is few_rank_hands:
        assert seen == set(SlowPlay)


def test_slow_play_applies_to_strong_hands_before_the_river() -> None:
    hole, board = (20, 21), (22, 40, 9)
    assert slow_play(hole, board, PotType.SRP, SLOW_PLAY_MIN_ATTACK - 0.01, 0.0) is None
    assert slow_play(hole, (*board, 12, 30), PotType.SRP, 99.0, 0.0) is None
    assert slow_play(hole, board, PotType.SRP, 99.0, 0.0) is SlowPlay.TRAP  # a set on a dry flop
