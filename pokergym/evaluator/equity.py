"""Showdown equity of a hand: exact enumeration or Monte Carlo, on numba kernels.

Equity is ``P(win) + P(tie) / 2`` when the remaining board is dealt at random
and the opponent's hand is random, drawn from a weighted range, or given.

* With ``samples=None`` the result is exact on every street: on the flop,
  turn and river every opponent hand meets every runout; preflop, against a
  random hand it comes from the 169-class table of
  :mod:`~pokergym.evaluator.preflop`, and against one hand or a range from the
  table of every matchup of :mod:`~pokergym.evaluator.matchups` (each
  entry an enumeration of all 1,712,304 boards).
* With ``samples=n`` it is always a Monte Carlo estimate from ``n`` deals.

Monte Carlo needs ``rng``: a :class:`numpy.random.Generator` or an integer
seed. Global random state is never used, so equal seeds give equal results.

Example:
    >>> round(equity_vs_random("AsAd", "Kh7c2d").equity, 4)
    0.8873
    >>> equity_hand_vs_hand("AsKs", "QdQc", "Qs Js Th 2h 3c")  # broadway beats a set
    Equity(equity=1.0, win=1.0, tie=0.0, stderr=0.0, samples=1, exact=True)
    >>> mc = equity_vs_random("AsAd", samples=2000, rng=7)
    >>> abs(mc.equity - 0.852) < 4 * mc.stderr
    True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokergym.cards import Cards, parse_cards, validate_cards
from pokergym.errors import CardError, ConfigError
from pokergym.evaluator.combos import N_COMBOS, combo_array
from pokergym.evaluator.matchups import BOARDS_PER_MATCHUP, matchup_counts, matchup_row
from pokergym.evaluator.preflop import preflop_outcome
from pokergym.evaluator.tables import CARD_KEYS, KERNEL_TABLES

__all__ = [
    "Equity",
    "equity_hand_vs_hand",
    "equity_vs_random",
    "equity_vs_range",
]


_COMBOS = combo_array()
_COMBO_KEY = KERNEL_TABLES.card_keys[_COMBOS[:, 0]] + KERNEL_TABLES.card_keys[_COMBOS[:, 1]]
_COMBO_BITS = KERNEL_TABLES.suit_bits[_COMBOS[:, 0]] | KERNEL_TABLES.suit_bits[_COMBOS[:, 1]]
_COMBO_MASK = (np.int64(1) << _COMBOS[:, 0]) | (np.int64(1) << _COMBOS[:, 1])
_UNIFORM = np.ones(N_COMBOS)
_KERNEL_SUIT_BITS: list[int] = KERNEL_TABLES.suit_bits.tolist()
for _array in (_COMBO_KEY, _COMBO_BITS, _COMBO_MASK, _UNIFORM):
    _array.flags.writeable = False


@dataclass(frozen=True)
class Equity:
    """Result of an equity query.

    Attributes:
        equity: ``win + tie / 2``.
        win: probability (or sampled frequency) that the hand wins outright.
        tie: probability (or frequency) of a split pot.
        stderr: standard error of ``equity`` (0 when exact).
        samples: showdowns enumerated (exact) or sampled (Monte Carlo).
        exact: whether the figures are exact.
    """

    equity: float
    win: float
    tie: float
    stderr: float
    samples: int
    exact: bool


_HUGE_WEIGHT = 1e100
"""Weights above this are scaled down before summing; below it (every range in practice) they are used as given."""


def equity_vs_random(
    hole: Cards,
    board: Cards = (),
    *,
    samples: int | None = None,
    rng: np.random.Generator | int | None = None,
) -> Equity:
    """Equity of ``hole`` against one uniformly random opponent hand.

    Args:
        hole: the two hole cards.
        board: 0, 3, 4 or 5 board cards.
        samples: Monte Carlo sample count, or ``None`` for the exact value.
        rng: generator or seed for Monte Carlo.

    Returns:
        The equity; exact unless ``samples`` is given.

    Raises:
        CardError: for malformed cards or wrong card counts.
        DuplicateCardError: if a card is repeated within or across hole and board.
        ConfigError: if ``samples`` is given without ``rng`` or is below 1.

    Example:
        >>> equity_vs_random("7c2d").equity  # doctest: +ELLIPSIS
        0.34...
        >>> equity_vs_random("AhKh", "QhJhTh").equity
        1.0
    """
    hero, known = _parse_spot(hole, board)
    if samples is None and not known:
        win, tie, count = preflop_outcome(hero)
        return Equity(equity=win + tie / 2, win=win, tie=tie, stderr=0.0, samples=count, exact=True)
    return _against_weights(hero, known, _UNIFORM, samples, rng)


def equity_vs_range(
    hole: Cards,
    board: Cards,
    weights: npt.ArrayLike,
    *,
    samples: int | None = None,
    rng: np.random.Generator | int | None = None,
) -> Equity:
    """Equity of ``hole`` against an opponent whose hand is drawn from a weighted range.

    Args:
        hole: the two hole cards.
        board: 0, 3, 4 or 5 board cards.
        weights: 1326 non-negative weights, one per two-card hand in the order
            of :func:`~pokergym.evaluator.combo_index`. Hands that share a card
            with ``hole`` or ``board`` are dropped and the rest renormalised.
        samples: Monte Carlo sample count, or ``None`` for the exact value
            (preflop from the table of every matchup).
        rng: generator or seed for Monte Carlo.

    Returns:
        The equity.

    Raises:
        CardError: for malformed cards or wrong card counts.
        DuplicateCardError: if a card is repeated within or across hole and board.
        ConfigError: for weights of the wrong shape, negative or non-finite, or
            with no weight left on hands compatible with the known cards; if
            ``samples`` is given without ``rng``.

    Example:
        >>> from pokergym.evaluator import combo_index
        >>> from pokergym.cards import parse_cards
        >>> w = np.zeros(1326)
        >>> w[combo_index(*parse_cards("KdKc"))] = 1.0  # opponent holds exactly KdKc
        >>> equity_vs_range("AsAd", "Kh7c2d", w).equity  # doctest: +ELLIPSIS
        0.0858...
    """
    hero, known = _parse_spot(hole, board)
    if np.iscomplexobj(weights):
        raise ConfigError("weights must be real numbers")
    w = np.asarray(weights, dtype=np.float64)
    if w.shape != (N_COMBOS,):
        raise ConfigError(f"weights must have shape ({N_COMBOS},), got {w.shape}")
    if not np.all(np.isfinite(w)) or np.any(w < 0):
        raise ConfigError("weights must be finite and non-negative")
    if w.max() > _HUGE_WEIGHT:  # only the ratios count: scaled, the sums cannot overflow to nan
        w = w / w.max()
    if samples is None and not known:
        result = _preflop_against_weights(hero, w)
    else:
        result = _against_weights(hero, known, w, samples, rng)
    if result.samples == 0:
        raise ConfigError("the range puts no weight on hands that avoid the known cards")
    return result


def equity_hand_vs_hand(
    hole_a: Cards,
    hole_b: Cards,
    board: Cards = (),
    *,
    samples: int | None = None,
    rng: np.random.Generator | int | None = None,
) -> Equity:
    """Equity of ``hole_a`` against the known hand ``hole_b``.

    Exact on every street when ``samples`` is ``None``; preflop the 1,712,304
    boards' outcome is read from the shipped table of every matchup
    (:mod:`pokergym.evaluator.matchups`) instead of being enumerated.

    Args:
        hole_a: the hero's two hole cards.
        hole_b: the opponent's two hole cards.
        board: 0, 3, 4 or 5 board cards.
        samples: Monte Carlo sample count, or ``None`` for the exact value.
        rng: generator or seed for Monte Carlo.

    Returns:
        The equity of ``hole_a``; that of ``hole_b`` is ``1 - equity``.

    Raises:
        CardError: for malformed cards or wrong card counts.
        DuplicateCardError: if a card is repeated anywhere.
        ConfigError: if ``samples`` is given without ``rng`` or is below 1.

    Example:
        >>> equity_hand_vs_hand("AhAd", "KsKc", "Kh7c2d")  # doctest: +ELLIPSIS
        Equity(equity=0.0858..., win=0.0858..., tie=0.0, stderr=0.0, samples=990, exact=True)
    """
    hero, known = _parse_spot(hole_a, board)
    villain = _parse_hole(hole_b)
    validate_cards((*hero, *known, *villain), source=(hole_a, hole_b, board))
    if samples is None and not known:
        wins, ties = matchup_counts((hero[0], hero[1]), (villain[0], villain[1]))
        return _exact(wins, ties, BOARDS_PER_MATCHUP, BOARDS_PER_MATCHUP)
    if samples is None:
        return _enumerated(hero, known, villain)
    return _sampled(hero, known, np.array([villain], dtype=np.int64), np.ones(1), samples, rng)


def _enumerated(hero: tuple[int, ...], known: tuple[int, ...], villain: tuple[int, ...]) -> Equity:
    """Exact equity of ``hero`` against ``villain`` by dealing every run-out of the board ``known``."""
    from pokergym.evaluator import _kernels

    opp_key, opp_bits = _sums(villain)
    win, tie, total, count = _kernels.exact_showdowns(
        _spot(hero, known),
        _mask((*hero, *known, *villain)),
        5 - len(known),
        np.array([opp_key], dtype=np.int64),
        np.array([opp_bits], dtype=np.int64),
        np.array([_mask(villain)], dtype=np.int64),
        np.ones(1),
        _kernels.kernel_tables(),
    )
    return _exact(win, tie, total, count)


def _parse_hole(hole: Cards) -> tuple[int, ...]:
    cards = parse_cards(hole)
    if len(cards) != 2:
        raise CardError(f"hole cards must be exactly 2 cards, got {len(cards)}: {hole!r}")
    return cards


def _parse_spot(hole: Cards, board: Cards) -> tuple[tuple[int, ...], tuple[int, ...]]:
    hero = _parse_hole(hole)
    known = parse_cards(board)
    if len(known) not in (0, 3, 4, 5):
        raise CardError(f"a board has 0, 3, 4 or 5 cards, got {len(known)}: {board!r}")
    validate_cards((*hero, *known), source=(hole, board))
    return hero, known


def _sums(cards: Iterable[int]) -> tuple[int, int]:
    key = 0
    bits = 0
    for c in cards:
        key += CARD_KEYS[c]
        bits |= _KERNEL_SUIT_BITS[c]
    return key, bits


def _spot(hero: tuple[int, ...], known: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    """The kernels' :data:`~pokergym.evaluator._kernels.Spot` of hole cards ``hero`` and board ``known``."""
    return (*_sums(known), *_sums(hero), _mask((*hero, *known)))


def _mask(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _against_weights(
    hero: tuple[int, ...],
    known: tuple[int, ...],
    weights: npt.NDArray[np.float64],
    samples: int | None,
    rng: np.random.Generator | int | None,
) -> Equity:
    if samples is not None:
        return _sampled(hero, known, _COMBOS, weights, samples, rng)
    from pokergym.evaluator import _kernels

    spot = _spot(hero, known)
    win, tie, total, count = _kernels.exact_showdowns(
        spot,
        spot[4],  # runouts avoid the known cards
        5 - len(known),
        _COMBO_KEY,
        _COMBO_BITS,
        _COMBO_MASK,
        weights,
        _kernels.kernel_tables(),
    )
    return _exact(win, tie, total, count)


def _preflop_against_weights(hero: tuple[int, ...], weights: npt.NDArray[np.float64]) -> Equity:
    """Exact preflop equity against a weighted range, from the table of every matchup."""
    wins, ties, live = matchup_row((hero[0], hero[1]))
    w = np.where(live, weights, 0.0)
    count = int(np.count_nonzero(w)) * BOARDS_PER_MATCHUP
    return _exact(float(w @ wins), float(w @ ties), float(w.sum()) * BOARDS_PER_MATCHUP, count)


def _exact(win: float, tie: float, total: float, count: int) -> Equity:
    if count == 0:
        return Equity(equity=math.nan, win=math.nan, tie=math.nan, stderr=math.nan, samples=0, exact=True)
    w, t = win / total, tie / total
    return Equity(equity=w + t / 2, win=w, tie=t, stderr=0.0, samples=count, exact=True)


def _sampled(
    hero: tuple[int, ...],
    known: tuple[int, ...],
    opp_cards: npt.NDArray[np.int64],
    weights: npt.NDArray[np.float64],
    samples: int,
    rng: np.random.Generator | int | None,
) -> Equity:
    from pokergym.evaluator import _kernels

    if isinstance(samples, bool) or not isinstance(samples, int | np.integer) or samples < 1:
        raise ConfigError(f"samples must be a positive integer, got {samples!r}")
    generator = _generator(rng)
    n_draw = 5 - len(known)
    wins, ties, n = _kernels.sampled_showdowns(
        _spot(hero, known),
        n_draw,
        opp_cards,
        weights,
        generator.random((int(samples), 1 + n_draw)),
        _kernels.kernel_tables(),
    )
    if n == 0:
        return Equity(equity=math.nan, win=math.nan, tie=math.nan, stderr=math.nan, samples=0, exact=False)
    win, tie = wins / n, ties / n
    mean = win + tie / 2
    variance = max(win + tie / 4 - mean * mean, 0.0)
    stderr = math.sqrt(variance / (n - 1)) if n > 1 else math.inf
    return Equity(equity=mean, win=win, tie=tie, stderr=stderr, samples=n, exact=False)


def _generator(rng: np.random.Generator | int | None) -> np.random.Generator:
    if isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, int | np.integer) and not isinstance(rng, bool):
        return np.random.default_rng(int(rng))
    if rng is None:
        raise ConfigError("Monte Carlo equity needs rng=: a numpy.random.Generator or an integer seed")
    raise ConfigError(f"rng must be a numpy.random.Generator or an integer seed, got {rng!r}")
