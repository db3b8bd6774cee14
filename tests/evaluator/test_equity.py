"""Equity: exact results against brute force, Monte Carlo against exact, validation."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import numpy as np
import pytest
import treys

from pokergym.cards import CARD_STRINGS, parse_cards
from pokergym.errors import CardError, ConfigError, DuplicateCardError, PokerGymError
from pokergym.evaluator import (
    COMBO_CARDS,
    N_COMBOS,
    Equity,
    combo_array,
    combo_index,
    equity_hand_vs_hand,
    equity_vs_random,
    equity_vs_range,
    evaluate_batch,
    rank_unchecked,
)

TREYS_CARD = [treys.Card.new(name) for name in CARD_STRINGS]
TREYS = treys.Evaluator()


def treys_rank(cards: Sequence[int]) -> int:
    return int(TREYS.evaluate([TREYS_CARD[c] for c in cards[:2]], [TREYS_CARD[c] for c in cards[2:]]))


def brute_force(
    hole: str,
    board: str,
    opponents: dict[tuple[int, ...], float],
    rank: Callable[[Sequence[int]], int] = rank_unchecked,
) -> tuple[float, float]:
    """(win, tie) by plain enumeration of every runout and every opponent hand.

    Weights here are multiples of 1/4, so the float sums are exact.
    """
    hero = parse_cards(hole)
    known = parse_cards(board)
    deck = [c for c in range(52) if c not in hero and c not in known]
    live = {pair: w for pair, w in opponents.items() if w and not set(pair) & set(hero + known)}
    win = tie = total = 0.0
    for runout in itertools.combinations(deck, 5 - len(known)):
        full = known + runout
        mine = rank(hero + full)
        for pair, weight in live.items():
            if pair[0] in runout or pair[1] in runout:
                continue
            theirs = rank(pair + full)
            total += weight
            if mine < theirs:
                win += weight
            elif mine == theirs:
                tie += weight
    return win / total, tie / total


EVERY_HAND: dict[tuple[int, ...], float] = dict.fromkeys(COMBO_CARDS, 1.0)


@pytest.mark.parametrize(
    ("hole", "board"),
    [("AsAd", "Kh7c2d9s3h"), ("7c2d", "7h7s2c2hKd"), ("QhJh", "Th9h2c3d4s"), ("5c4c", "AcKc2c3d8h")],
)
def test_exact_vs_random_on_the_river_equals_treys_brute_force(hole: str, board: str) -> None:
    win, tie = brute_force(hole, board, EVERY_HAND, rank=treys_rank)
    result = equity_vs_random(hole, board)
    assert result.exact and result.stderr == 0.0 and result.samples == 990
    assert result.win == pytest.approx(win, abs=1e-12)
    assert result.tie == pytest.approx(tie, abs=1e-12)
    assert result.equity == pytest.approx(win + tie / 2, abs=1e-12)


@pytest.mark.parametrize(("hole", "board"), [("AhKh", "Qh7h2c5d"), ("9s8s", "9c8c2d2h"), ("2c3d", "AhKsQdJc")])
def test_exact_vs_random_on_the_turn_equals_brute_force(hole: str, board: str) -> None:
    win, tie = brute_force(hole, board, EVERY_HAND)
    result = equity_vs_random(hole, board)
    assert result.samples == 46 * 990
    assert result.win == pytest.approx(win, abs=1e-12)
    assert result.tie == pytest.approx(tie, abs=1e-12)


def test_exact_vs_range_on_the_flop_equals_brute_force() -> None:
    rng = np.random.default_rng(3)
    chosen = rng.choice(N_COMBOS, size=40, replace=False)
    weights = np.zeros(N_COMBOS)
    weights[chosen] = rng.integers(1, 5, size=40) / 4
    weights[combo_index(*parse_cards("AsKd"))] = 50.0  # collides with the hero: must be dropped
    opponents: dict[tuple[int, ...], float] = {COMBO_CARDS[i]: float(weights[i]) for i in np.flatnonzero(weights)}
    win, tie = brute_force("AsJs", "Ts9d2s", opponents)
    result = equity_vs_range("AsJs", "Ts9d2s", weights)
    assert result.exact
    assert result.win == pytest.approx(win, abs=1e-12)
    assert result.tie == pytest.approx(tie, abs=1e-12)


@pytest.mark.parametrize(
    ("a", "b", "board"),
    [("AsAd", "KhKc", "Kd7c2h"), ("8h7h", "AcKd", "9h6c2h"), ("JsJd", "JcJh", "2c3c4c")],
)
def test_exact_hand_vs_hand_on_the_flop_equals_treys_brute_force(a: str, b: str, board: str) -> None:
    win, tie = brute_force(a, board, {parse_cards(b): 1.0}, rank=treys_rank)
    result = equity_hand_vs_hand(a, b, board)
    assert result.samples == 990
    assert result.win == pytest.approx(win, abs=1e-12)
    assert result.tie == pytest.approx(tie, abs=1e-12)
    other = equity_hand_vs_hand(b, a, board)
    assert other.equity == pytest.approx(1 - result.equity, abs=1e-12)


def test_exact_hand_vs_hand_preflop_equals_batch_enumeration() -> None:
    hero, villain = parse_cards("AhKh"), parse_cards("7s7d")
    deck = [c for c in range(52) if c not in hero + villain]
    flat = itertools.chain.from_iterable(itertools.combinations(deck, 5))
    boards = np.fromiter(flat, dtype=np.uint8, count=1_712_304 * 5).reshape(-1, 5)
    mine = evaluate_batch(np.hstack([np.tile(np.array(hero, dtype=np.uint8), (len(boards), 1)), boards]))
    theirs = evaluate_batch(np.hstack([np.tile(np.array(villain, dtype=np.uint8), (len(boards), 1)), boards]))
    result = equity_hand_vs_hand(hero, villain)
    assert result.samples == len(boards)
    assert result.win == pytest.approx(np.mean(mine < theirs), abs=1e-12)
    assert result.tie == pytest.approx(np.mean(mine == theirs), abs=1e-12)


def test_vs_random_equals_vs_uniform_range() -> None:
    a = equity_vs_random("Td9d", "8d7c2s")
    b = equity_vs_range("Td9d", "8d7c2s", np.full(N_COMBOS, 3.0))
    assert a.win == pytest.approx(b.win, abs=1e-12) and a.tie == pytest.approx(b.tie, abs=1e-12)
    assert a.samples == b.samples


def test_preflop_vs_random_is_exact_from_the_table() -> None:
    result = equity_vs_random("AsAh")
    assert result.exact and result.equity == pytest.approx(0.85204, abs=1e-5)
    assert result.samples == 2_097_572_400


@pytest.mark.parametrize(
    ("hole", "board", "seed"),
    [("AsAd", "Kh7c2d", 1), ("7c2d", "Ah8s3d", 2), ("QhJh", "Th9h2c5d", 3), ("5c5d", "", 4)],
)
def test_monte_carlo_within_three_standard_errors_of_exact(hole: str, board: str, seed: int) -> None:
    exact = equity_vs_random(hole, board)
    mc = equity_vs_random(hole, board, samples=20_000, rng=np.random.default_rng(seed))
    assert not mc.exact and mc.samples == 20_000 and 0 < mc.stderr < 0.01
    assert abs(mc.equity - exact.equity) < 3 * mc.stderr


def test_monte_carlo_vs_range_and_hand_within_three_standard_errors() -> None:
    weights = np.zeros(N_COMBOS)
    for combo in ("KcKd", "QcQd", "AcKc", "JhTh", "9s9h"):
        weights[combo_index(*parse_cards(combo))] = 1.0
    exact = equity_vs_range("AsQs", "Ks8s3d", weights)
    mc = equity_vs_range("AsQs", "Ks8s3d", weights, samples=20_000, rng=11)
    assert abs(mc.equity - exact.equity) < 3 * mc.stderr
    exact = equity_hand_vs_hand("AsKs", "QdQh")
    mc = equity_hand_vs_hand("AsKs", "QdQh", samples=20_000, rng=12)
    assert abs(mc.equity - exact.equity) < 3 * mc.stderr


def test_preflop_vs_range_is_exact_from_the_matchup_table() -> None:
    from pokergym.evaluator.equity import _against_weights

    weights = np.zeros(N_COMBOS)
    for hand, weight in (("KcKd", 1.0), ("QhJh", 0.5), ("AsKc", 2.0), ("7d2c", 0.25)):  # AsKc is blocked
        weights[combo_index(*parse_cards(hand))] = weight
    exact = equity_vs_range("AsAd", "", weights)
    enumerated = _against_weights(parse_cards("AsAd"), (), weights, None, None)  # every board, every hand
    assert exact.exact and exact.samples == enumerated.samples == 3 * 1_712_304
    for field in ("equity", "win", "tie"):
        assert getattr(exact, field) == pytest.approx(getattr(enumerated, field), abs=1e-12)
    mc = equity_vs_range("AsAd", "", weights, samples=20_000, rng=5)
    assert not mc.exact and abs(mc.equity - exact.equity) < 4 * mc.stderr
    with pytest.raises(ValueError, match="no weight"):
        equity_vs_range("AsAd", "", np.where(np.arange(N_COMBOS) == combo_index(*parse_cards("AsKc")), 1.0, 0.0))


def test_monte_carlo_is_reproducible_and_uses_only_the_given_generator() -> None:
    np.random.seed(0)
    before = np.random.random()
    np.random.seed(0)
    a = equity_vs_random("AhKd", "Qs7h2c", samples=500, rng=42)
    b = equity_vs_random("AhKd", "Qs7h2c", samples=500, rng=np.random.default_rng(42))
    assert a == b
    assert np.random.random() == before  # the global generator was not touched
    gen = np.random.default_rng(42)
    first = equity_vs_random("AhKd", "Qs7h2c", samples=500, rng=gen)
    second = equity_vs_random("AhKd", "Qs7h2c", samples=500, rng=gen)
    assert first == a and second != first


def test_ranges_drop_colliding_combos_and_renormalise() -> None:
    weights = np.zeros(N_COMBOS)
    weights[combo_index(*parse_cards("KcKd"))] = 1.0
    alone = equity_vs_range("AsAd", "Kh7c2d", weights)
    for dead in ("AsKs", "Kh8c", "7c7d", "2d3d"):  # each shares a card with the hero or the board
        weights[combo_index(*parse_cards(dead))] = 1000.0
    assert equity_vs_range("AsAd", "Kh7c2d", weights) == alone
    weights[combo_index(*parse_cards("KcKd"))] = 0.0
    with pytest.raises(ValueError, match="no weight"):
        equity_vs_range("AsAd", "Kh7c2d", weights)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: equity_vs_random("As", "Kh7c2d"), CardError),
        (lambda: equity_vs_random("AsKsQs", "Kh7c2d"), CardError),
        (lambda: equity_vs_random("AsKs", "Kh7c"), CardError),
        (lambda: equity_vs_random("AsKs", "Kh7c2d3d4d5d"), CardError),
        (lambda: equity_vs_random("AsKs", "Kh7cXd"), CardError),
        (lambda: equity_vs_random("AsKs", "As7c2d"), DuplicateCardError),
        (lambda: equity_vs_random("AsAs", "Kh7c2d"), DuplicateCardError),
        (lambda: equity_hand_vs_hand("AsKs", "KsQs", "2c3c4c"), DuplicateCardError),
        (lambda: equity_hand_vs_hand("AsKs", "QsJs", "Qs3c4c"), DuplicateCardError),
        (lambda: equity_hand_vs_hand("AsKs", "Qs", "2c3c4c"), CardError),
        (lambda: equity_vs_random("AsKs", samples=100), ConfigError),
        (lambda: equity_vs_random("AsKs", samples=0, rng=1), ConfigError),
        (lambda: equity_vs_random("AsKs", samples=10, rng=1.5), ConfigError),  # type: ignore[arg-type]
        (lambda: equity_vs_range("AsKs", "2c3c4c", np.ones(1325)), ConfigError),
        (lambda: equity_vs_range("AsKs", "2c3c4c", -np.ones(N_COMBOS)), ConfigError),
        (lambda: equity_vs_range("AsKs", "2c3c4c", np.full(N_COMBOS, np.nan)), ConfigError),
        (lambda: equity_vs_range("AsKs", "2c3c4c", np.full(N_COMBOS, 1 + 1j)), ConfigError),
    ],
)
def test_bad_input_raises_typed_errors(call: object, error: type[Exception]) -> None:
    with pytest.raises(error) as raised:
        call()  # type: ignore[operator]
    assert isinstance(raised.value, PokerGymError)  # six of these were plain ValueErrors before 2026-11-30


def test_huge_weights_are_read_by_their_ratios() -> None:
    small = equity_vs_range("AsKd", "2c3d4h5s", np.full(N_COMBOS, 0.5)).equity
    assert equity_vs_range("AsKd", "2c3d4h5s", np.full(N_COMBOS, 1e306)).equity == pytest.approx(small)  # was nan
    assert equity_vs_range("AsKd", "", np.full(N_COMBOS, 1e306)).equity == pytest.approx(
        equity_vs_range("AsKd", "", np.full(N_COMBOS, 0.5)).equity
    )


def test_combo_indexing() -> None:
    seen = {combo_index(a, b) for a in range(52) for b in range(52) if a != b}
    assert seen == set(range(N_COMBOS))
    for i, (lo, hi) in enumerate(COMBO_CARDS):
        assert lo < hi and combo_index(lo, hi) == combo_index(hi, lo) == i
    assert combo_array().tolist() == [list(pair) for pair in COMBO_CARDS]
    assert not combo_array().flags.writeable
    with pytest.raises(DuplicateCardError):
        combo_index(3, 3)
    with pytest.raises(CardError):
        combo_index(0, 52)


def test_equity_is_a_frozen_dataclass() -> None:
    result = equity_vs_random("AsKs", "2c3c4c")
    assert isinstance(result, Equity)
    with pytest.raises(AttributeError):
        result.equity = 0.5  # type: ignore[misc]
