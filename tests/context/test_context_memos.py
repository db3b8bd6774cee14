"""The engine's shortcuts agree with a plain computation on thousands of seeded random hands.

* ``hand_budget`` (the budget kernels, decoded) answers as the reference's
  uncached ``_hand_budget`` does, modifiers included.
* The hand kernel sends exactly the special boards (trips, quads, two
  pairs, five of a suit, five in a row without a hero flush) to the Python
  override rules.
* The best straight of each rank mask comes from a table.
* The reference's board rank facts are cached per (earlier ranks as a
  multiset, last rank), and its bit-mask code agrees with its
  dictionary-counting first version on every rank pattern.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import pytest
from board_reference import _rank_facts, rank_counts
from budget_reference import _hand_budget
from special_board_reference import _board_counts, board_bits

from pokergym.context import PotType
from pokergym.context._hand_kernel import SPECIAL, hand_codes
from pokergym.context.board import STRAIGHT_TOPS, WINDOWS, analyze_board, straight_top
from pokergym.context.budget import hand_budget
from pokergym.context.hand import classify_hand

Hand = tuple[tuple[int, int], tuple[int, ...], PotType]


def random_hands(n: int, seed: int) -> list[Hand]:
    """``n`` seeded random (sorted hole, board of 3 to 5 cards, pot type) triples."""
    rng = np.random.default_rng(seed)
    pot_types = list(PotType)
    hands = []
    for _ in range(n):
        cards = [int(c) for c in rng.permutation(52)[:7]]
        size = int(rng.integers(3, 6))
        h0, h1 = sorted(cards[:2])
        hands.append(((h0, h1), tuple(cards[2 : 2 + size]), pot_types[int(rng.integers(len(pot_types)))]))
    return hands


def few_rank_hands(n: int, seed: int) -> list[Hand]:
    """Hands dealt from four to six ranks: paired and special boards are common, and many hands share classes."""
    rng = np.random.default_rng(seed)
    pot_types = list(PotType)
    hands = []
    for _ in range(n):
        ranks = rng.choice(13, size=int(rng.integers(4, 7)), replace=False)
        pool = [int(r) * 4 + s for r in ranks for s in range(4)]
        cards = [pool[int(i)] for i in rng.permutation(len(pool))[:7]]
        size = int(rng.integers(3, 6))
        h0, h1 = sorted(cards[:2])
        hands.append(((h0, h1), tuple(cards[2 : 2 + size]), pot_types[int(rng.integers(len(pot_types)))]))
    return hands


@pytest.mark.parametrize("seed", [0, 1])
def test_hand_budget_matches_the_reference(seed: int) -> None:
    hands = random_hands(2000, seed) + few_rank_hands(2000, seed)
    for hole, board, pot_type in hands:
        hand = classify_hand(hole, board, pot_type)
        info = analyze_board(board)
        assert hand_budget(hand, info, pot_type) == _hand_budget(hand, info, pot_type), (hole, board, pot_type)


@pytest.mark.parametrize("make", [random_hands, few_rank_hands])
def test_kernel_hands_every_special_board_to_python(make: Callable[[int, int], list[Hand]]) -> None:
    seen_special = 0
    for hole, board, _ in make(3000, 3):
        codes = hand_codes(*hole, board_bits(board), 1, False)
        info = analyze_board(board)
        counts, mask = _board_counts(board)
        assert sum(counts) == len(board) and mask == sum(1 << r for r in range(13) if counts[r])
        if codes[1] == 0 and codes[0] != SPECIAL:  # a straight flush, decided before the board is looked at
            continue
        hero_flush = codes[9] >= 0
        expected = (
            info.quads_rank is not None
            or info.trips_rank is not None
            or info.double_paired
            or info.suit_max == 5
            or (info.straight_on_board and not hero_flush)
        )
        assert (codes[0] == SPECIAL) == expected, (hole, board)
        seen_special += expected
    assert seen_special > 0


def test_straight_top_table_matches_the_windows() -> None:
    def plain(mask: int) -> int:
        return next((top for top, window in WINDOWS if mask & window == window), -1)

    assert list(STRAIGHT_TOPS) == [plain(mask) for mask in range(1 << 13)]
    assert straight_top(-1) == 12 and straight_top((1 << 20) | 0b11111) == 4


@pytest.mark.parametrize("make", [random_hands, few_rank_hands])
def test_rank_facts_depend_on_the_earlier_ranks_as_a_multiset(make: Callable[[int, int], list[Hand]]) -> None:
    for _, board, _ in make(2000, 5):
        dealt = tuple(c >> 2 for c in board)
        shared = (*sorted(dealt[:-1]), dealt[-1])
        assert _rank_facts.__wrapped__(dealt) == _rank_facts.__wrapped__(shared), board


def all_rank_patterns() -> list[tuple[int, ...]]:
    """Every key ``_rank_facts`` can see: earlier ranks sorted, then the last rank, at most four of a rank."""
    patterns = []
    for size in (3, 4, 5):
        for earlier in itertools.combinations_with_replacement(range(13), size - 1):
            for last in range(13):
                ranks = (*earlier, last)
                if max(ranks.count(r) for r in set(ranks)) <= 4:
                    patterns.append(ranks)
    return patterns


def test_rank_counts_match_the_reference_on_every_rank_pattern() -> None:
    patterns = all_rank_patterns()
    assert len(patterns) < 31_000
    for ranks in patterns:
        assert _rank_facts.__wrapped__(ranks)[:6] == rank_counts(ranks), ranks
