"""The compiled hand classifier agrees with the plain reference on thousands of seeded random hands.

:func:`pokergym.context.hand.classify_hand` runs its rules in an integer
kernel (:mod:`pokergym.context._hand_kernel`); ``hand_reference`` keeps the
list-and-set Python it replaced. Every field of every :class:`HandInfo`
must match, value and type, for whole hands (made hand and draw) and for
the made-hand-only path of the slow-play look-ahead. Besides uniformly
random deals, the generators favour the rare branches: few ranks (paired
and special boards), two suits (flushes, straight flushes, flush draws)
and a narrow band of ranks (straights, straight draws, one-card straights).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from hand_reference import classify_hand as reference_classify
from hand_reference import made_hand as reference_made
from test_context_memos import few_rank_hands, random_hands

from pokergym.context import DrawClass, HandInfo, MadeClass, PotType
from pokergym.context.board import analyze_board
from pokergym.context.hand import classify_hand, made_hand

Hand = tuple[tuple[int, int], tuple[int, ...], PotType]


def _deal(rng: np.random.Generator, pool: list[int]) -> Hand:
    cards = [pool[int(i)] for i in rng.permutation(len(pool))[:7]]
    size = int(rng.integers(3, 6))
    pot_types = list(PotType)
    hole = (cards[0], cards[1])  # left in dealt order: the classifier must not depend on it
    return hole, tuple(cards[2 : 2 + size]), pot_types[int(rng.integers(len(pot_types)))]


def two_suit_hands(n: int, seed: int) -> list[Hand]:
    """Hands dealt from two suits: flushes, straight flushes and flush draws are common."""
    rng = np.random.default_rng(seed)
    hands = []
    for _ in range(n):
        suits = rng.choice(4, size=2, replace=False)
        hands.append(_deal(rng, [r * 4 + int(s) for r in range(13) for s in suits]))
    return hands


def narrow_rank_hands(n: int, seed: int) -> list[Hand]:
    """Hands dealt from six to eight consecutive ranks (the wheel's ace included): straights and draws."""
    rng = np.random.default_rng(seed)
    hands = []
    for _ in range(n):
        width = int(rng.integers(6, 9))
        low = int(rng.integers(-1, 14 - width))
        ranks = [12 if r < 0 else r for r in range(low, low + width)]
        hands.append(_deal(rng, [r * 4 + s for r in ranks for s in range(4)]))
    return hands


def _fields(hand: HandInfo) -> list[tuple[str, object, type]]:
    return [(name, value, type(value)) for name, value in zip(HandInfo._fields, hand, strict=True)]


GENERATORS = [random_hands, few_rank_hands, two_suit_hands, narrow_rank_hands]


@pytest.mark.parametrize("make", GENERATORS)
@pytest.mark.parametrize("seed", [0, 1])
def test_classify_hand_matches_the_reference(make: Callable[[int, int], list[Hand]], seed: int) -> None:
    for hole, board, pot_type in make(2500, seed):
        fast = classify_hand.__wrapped__(hole, board, pot_type)
        assert _fields(fast) == _fields(reference_classify(hole, board, pot_type)), (hole, board, pot_type)


@pytest.mark.parametrize("make", GENERATORS)
def test_made_hand_matches_the_reference(make: Callable[[int, int], list[Hand]]) -> None:
    for hole, board, pot_type in make(2500, 2):
        info = analyze_board(board)
        expected = HandInfo(draw=DrawClass.NO_DRAW, **reference_made(hole, board, info, pot_type))
        assert _fields(made_hand(hole, board, info, pot_type)) == _fields(expected), (hole, board, pot_type)


def test_the_generators_reach_every_class() -> None:
    made = set()
    draws = set()
    features = set()
    for make in GENERATORS:
        for hole, board, pot_type in make(2500, 0):
            hand = classify_hand(hole, board, pot_type)
            made.add(hand.made)
            draws.add(hand.draw)
            features.update(hand.features)
    assert made == set(MadeClass) and draws == set(DrawClass)
    assert features == {"flush_draw", "oesd", "gutshot", "bdfd", "bdsd", "overcards_1", "overcards_2"}
