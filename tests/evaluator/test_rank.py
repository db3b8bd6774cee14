"""Hand ranks: agreement with treys, validation, classes and invariants."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest
import treys
from hypothesis import given, settings
from hypothesis import strategies as st

from pokergym.cards import CARD_STRINGS, parse_cards
from pokergym.errors import CardError, DuplicateCardError
from pokergym.evaluator import (
    CLASS_BOUNDS,
    CLASS_NAMES,
    MAX_RANK,
    TREYS_CLASS_NAMES,
    class_name,
    evaluate,
    evaluate_batch,
    hand_class,
    rank5,
    rank6,
    rank7,
    rank_unchecked,
    treys_class,
)

TREYS_CARD = [treys.Card.new(name) for name in CARD_STRINGS]
TREYS = treys.Evaluator()
HANDS_PER_SIZE = 70_000  # 210,000 hands compared with treys in total


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_identical_to_treys_on_random_hands(k: int) -> None:
    hands = random_hands(HANDS_PER_SIZE, k, seed=100 + k)
    ours = evaluate_batch(hands)
    rows = hands.tolist()
    reference = [TREYS.evaluate([TREYS_CARD[c] for c in h[:2]], [TREYS_CARD[c] for c in h[2:]]) for h in rows]
    assert ours.tolist() == reference
    singles: dict[int, Callable[..., int]] = {5: rank5, 6: rank6, 7: rank7}
    single = singles[k]
    assert [single(*h) for h in rows] == reference
    assert [rank_unchecked(h) for h in rows[:5000]] == reference[:5000]
    assert [evaluate(h) for h in rows[:2000]] == reference[:2000]


def test_all_five_card_hands_have_the_known_class_counts() -> None:
    flat = itertools.chain.from_iterable(itertools.combinations(range(52), 5))
    hands = np.fromiter(flat, dtype=np.uint8, count=2_598_960 * 5).reshape(-1, 5)
    ranks = evaluate_batch(hands, check=False)
    assert len(np.unique(ranks)) == MAX_RANK
    classes = Counter(hand_class(r) for r in range(1, MAX_RANK + 1))
    assert [classes[i] for i in range(len(CLASS_NAMES))] == [10, 156, 156, 1277, 10, 858, 858, 2860, 1277]
    by_class = np.bincount(np.searchsorted(np.array(CLASS_BOUNDS), ranks), minlength=len(CLASS_NAMES))
    assert by_class.tolist() == [40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]
    assert int((ranks == 1).sum()) == 4  # the royal flushes


def test_spot_values() -> None:
    assert evaluate("AsKsQsJsTs") == 1
    assert evaluate("5d4d3d2dAd") == 10
    assert evaluate("7d5c4h3s2c") == MAX_RANK
    assert evaluate("As Ks Qs Js Ts 9s 8s") == 1
    assert evaluate(["Ah", "Ad", "Ac", "As", "Kd", "Kc", "Ks"]) == 11
    assert evaluate(parse_cards("2c 2d 2h 3c 3d 3h 4s")) == 310  # 333-22: the worst full house with trip threes


@pytest.mark.parametrize(
    ("cards", "error"),
    [
        ("AsKsQsJs", CardError),
        ("AsKsQsJsTs9s8s7s", CardError),
        ("AsKsQsJsXs", CardError),
        ([0, 1, 2, 3, 52], CardError),
        ([0, 1, 2, 3, -1], CardError),
        ("AsKsQsJsAs", DuplicateCardError),
        ([5, 5, 6, 7, 8, 9], DuplicateCardError),
    ],
)
def test_evaluate_rejects_bad_input(cards: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        evaluate(cards)  # type: ignore[arg-type]


def test_batch_validation() -> None:
    with pytest.raises(CardError):
        evaluate_batch(np.zeros((3, 4), dtype=np.int64))
    with pytest.raises(CardError):
        evaluate_batch(np.zeros(7, dtype=np.int64))
    with pytest.raises(CardError):
        evaluate_batch(np.full((2, 5), 0.5))
    hands = random_hands(10, 7, seed=1).astype(np.int16)
    hands[4, 3] = 52
    with pytest.raises(CardError, match="row 4"):
        evaluate_batch(hands)
    hands[4, 3] = hands[4, 0]
    with pytest.raises(DuplicateCardError, match="row 4"):
        evaluate_batch(hands)
    assert evaluate_batch(np.empty((0, 7), dtype=np.int64)).shape == (0,)


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32, np.int64, np.uint64])
def test_batch_accepts_integer_dtypes_and_layouts(dtype: type) -> None:
    hands = random_hands(500, 7, seed=2)
    expected = [rank7(*h) for h in hands.tolist()]
    assert evaluate_batch(hands.astype(dtype)).tolist() == expected
    assert evaluate_batch(np.asfortranarray(hands.astype(dtype))).tolist() == expected
    assert evaluate_batch(hands.tolist()).tolist() == expected


def test_classes_match_treys() -> None:
    for rank in range(1, MAX_RANK + 1):
        assert treys_class(rank) == TREYS.get_rank_class(rank)
        assert TREYS_CLASS_NAMES[treys_class(rank)] == TREYS.class_to_string(TREYS.get_rank_class(rank))
        if rank > 1:
            assert class_name(rank) == TREYS.class_to_string(TREYS.get_rank_class(rank))
    assert class_name(1) == "Straight Flush"
    assert [hand_class(r) for r in (1, 10, 11, 166, 167, 322, 323, 1599, 1600, 1609, 1610)] == [
        0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5,
    ]  # fmt: skip
    for bad in (0, MAX_RANK + 1, -5):
        with pytest.raises(ValueError):
            hand_class(bad)
        with pytest.raises(ValueError):
            treys_class(bad)


cards_5_to_7 = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)


@settings(max_examples=200, deadline=None)
@given(cards_5_to_7, st.permutations(range(4)))
def test_rank_invariant_under_suit_permutation(cards: list[int], perm: list[int]) -> None:
    permuted = [(c & ~3) | perm[c & 3] for c in cards]
    assert rank_unchecked(permuted) == rank_unchecked(cards)


@settings(max_examples=200, deadline=None)
@given(cards_5_to_7, st.randoms(use_true_random=False))
def test_rank_is_the_best_five_card_subset_and_order_free(cards: list[int], rnd: object) -> None:
    best = min(rank5(*five) for five in itertools.combinations(cards, 5))
    assert rank_unchecked(cards) == best
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert rank_unchecked(shuffled) == best
    assert evaluate(cards) == best


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_adding_cards_never_worsens_the_hand(cards: list[int]) -> None:
    assert rank7(*cards) <= rank6(*cards[:6]) <= rank5(*cards[:5])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True))
def test_non_flush_rank_depends_only_on_ranks(cards: list[int]) -> None:
    if len({c & 3 for c in cards}) > 1:
        rerolled = [(c & ~3) | ((c + i) & 3) for i, c in enumerate(cards)]
        if len({c & 3 for c in rerolled}) > 1 and len(set(rerolled)) == 5:
            assert rank5(*rerolled) == rank5(*cards)
