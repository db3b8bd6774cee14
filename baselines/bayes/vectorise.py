"""Describe every two-card hand on a board by four numbers: E, E2, PPOT and NPOT.

Hands with different cards on different boards are compared through these
features, so a corpus decision can speak for an opponent hand it never saw.
For a hand ``h`` on a flop or turn board, let ``HS(h)`` be its hand strength
now (the share of random opponent hands it beats, ties counting half) and
``HS_f(h)`` its strength once the next card ``f`` is dealt. Then

* ``E = mean_f HS_f(h)``: the chance to be ahead after the next card;
* ``E2 = mean_f HS_f(h)**2``: the second moment, which is lower for hands
  whose fate the next card leaves open (an information measure);
* ``PPOT = mean_f max(HS_f - HS, 0)``: expected gain in strength;
* ``NPOT = mean_f max(HS - HS_f, 0)``: expected loss in strength.

On the river ``E = HS``, ``E2 = HS**2`` and both potentials are zero. The
potentials are measured on hand strength rather than pair by pair, which
makes them one matrix operation. Card removal between the two hands is
ignored (each hand is compared with every hand that avoids the board and the
next card). The next cards are a fixed sample of at most ``max_next`` of
them, drawn from a generator seeded by the board, so the same board always
gives the same features.

All 1326 hands are ranked at once with :func:`~pokergym.evaluator.evaluate_batch`
(about 1 ms for a flop with 10 next cards on a quiet machine).

Example:
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.evaluator import combo_index
    >>> feats = board_features(parse_cards("Ah7c2d"))
    >>> aces = feats.vectors[combo_index(*parse_cards("AsAd"))]
    >>> bool(aces[0] > 0.95), bool(aces[1] <= aces[0])
    (True, True)
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

import numba
import numpy as np
import numpy.typing as npt

from pokergym.evaluator import MAX_RANK, N_COMBOS, combo_array, evaluate_batch

__all__ = ["DEFAULT_MAX_NEXT", "N_FEATURES", "BoardFeatures", "board_features", "hand_strength"]

N_FEATURES = 4
"""E, E2, PPOT, NPOT."""
DEFAULT_MAX_NEXT = 10
"""Next cards sampled on the flop and the turn."""

_COMBOS = combo_array()
_COMBO_MASKS = (np.int64(1) << _COMBOS[:, 0]) | (np.int64(1) << _COMBOS[:, 1])
_COMBOS_U8 = _COMBOS.astype(np.uint8)
_WIDTH = MAX_RANK + 1
"""Histogram bins per row: one per rank."""


@dataclass(frozen=True)
class BoardFeatures:
    """Ranks and feature vectors of all 1326 hands on one board.

    Attributes:
        board: the board (3, 4 or 5 cards).
        valid: ``(1326,)`` hands that avoid the board.
        ranks_now: ``(1326,)`` ranks on the board (lower is better; meaningless where invalid).
        next_cards: the sampled next cards (empty on the river).
        ranks_next: ``(len(next_cards), 1326)`` ranks with each next card added.
        vectors: ``(1326, 4)`` E, E2, PPOT, NPOT (zero where invalid).
    """

    board: tuple[int, ...]
    valid: npt.NDArray[np.bool_]
    ranks_now: npt.NDArray[np.int32]
    next_cards: tuple[int, ...]
    ranks_next: npt.NDArray[np.int32]
    vectors: npt.NDArray[np.float64]


def _ranks(board: tuple[int, ...], extra: npt.NDArray[np.int64]) -> npt.NDArray[np.int32]:
    """Ranks of every combo on ``board`` plus each card of ``extra`` (one row per card, or one row if empty)."""
    rows = max(len(extra), 1)
    width = 2 + len(board) + (1 if len(extra) else 0)
    cards = np.empty((rows, N_COMBOS, width), dtype=np.uint8)
    cards[:, :, :2] = _COMBOS_U8
    cards[:, :, 2 : 2 + len(board)] = board
    if len(extra):
        cards[:, :, -1] = extra[:, None]
    return evaluate_batch(cards.reshape(-1, width), check=False).reshape(rows, N_COMBOS)


def hand_strength(ranks: npt.NDArray[np.int32], valid: npt.NDArray[np.bool_]) -> npt.NDArray[np.float64]:
    """Share of valid hands each hand beats (ties half), row by row; 0 where invalid.

    Args:
        ranks: ``(rows, n)`` ranks, lower is better.
        valid: ``(rows, n)`` which entries take part.

    Example:
        >>> hand_strength(np.array([[1, 2, 2, 9]]), np.array([[True, True, True, False]])).tolist()
        [[1.0, 0.25, 0.25, 0.0]]
    """
    out = np.zeros(ranks.shape, dtype=np.float64)
    _strength_kernel(np.ascontiguousarray(ranks, dtype=np.int32), np.ascontiguousarray(valid), out)
    return out


@numba.njit(cache=True, nogil=True)
def _strength_kernel(ranks: npt.NDArray[np.int32], valid: npt.NDArray[np.bool_], out: npt.NDArray[np.float64]) -> None:
    rows, n = ranks.shape
    at_most = np.zeros(_WIDTH, dtype=np.int64)
    for row in range(rows):
        at_most[:] = 0
        count = 0
        for i in range(n):
            if valid[row, i]:
                at_most[ranks[row, i]] += 1
                count += 1
        hist_row = at_most.copy()
        for r in range(1, _WIDTH):
            at_most[r] += at_most[r - 1]
        denominator = max(count - 1, 1)
        for i in range(n):
            if valid[row, i]:
                r = ranks[row, i]
                out[row, i] = (count - at_most[r] + 0.5 * (hist_row[r] - 1)) / denominator


def board_features(board: tuple[int, ...], max_next: int = DEFAULT_MAX_NEXT) -> BoardFeatures:
    """Rank every hand on ``board`` and its sampled next cards, and compute the feature vectors.

    Args:
        board: 3, 4 or 5 distinct card codes.
        max_next: next cards to sample on the flop and the turn.

    Raises:
        ValueError: if the board does not have 3 to 5 cards.

    Example:
        >>> feats = board_features((0, 4, 8, 12, 16))
        >>> feats.next_cards, feats.vectors.shape, float(feats.vectors[:, 2].max())
        ((), (1326, 4), 0.0)
    """
    if not 3 <= len(board) <= 5:
        raise ValueError(f"a board has 3 to 5 cards, got {len(board)}")
    board = tuple(int(c) for c in board)
    board_mask = np.int64(sum(1 << c for c in board))
    valid = (_COMBO_MASKS & board_mask) == 0
    ranks_now = _ranks(board, np.empty(0, dtype=np.int64))[0]
    strength_now = hand_strength(ranks_now[None, :], valid[None, :])[0]
    vectors = np.zeros((N_COMBOS, N_FEATURES))
    if len(board) == 5:
        next_cards: tuple[int, ...] = ()
        ranks_next = np.empty((0, N_COMBOS), dtype=np.int32)
        vectors[:, 0] = strength_now
        vectors[:, 1] = strength_now**2
    else:
        rest = np.array([c for c in range(52) if c not in board], dtype=np.int64)
        rng = np.random.default_rng(zlib.crc32(bytes(sorted(board))))
        picked = np.sort(rng.choice(rest, size=min(max_next, len(rest)), replace=False))
        next_cards = tuple(int(c) for c in picked)
        ranks_next = _ranks(board, picked)
        live = valid[None, :] & ((_COMBO_MASKS[None, :] & (np.int64(1) << picked)[:, None]) == 0)
        strength = hand_strength(ranks_next, live)
        seen = np.maximum(live.sum(axis=0), 1)
        gain = np.where(live, strength - strength_now[None, :], 0.0)
        vectors[:, 0] = strength.sum(axis=0) / seen
        vectors[:, 1] = (strength**2).sum(axis=0) / seen
        vectors[:, 2] = np.maximum(gain, 0.0).sum(axis=0) / seen
        vectors[:, 3] = np.maximum(-gain, 0.0).sum(axis=0) / seen
    vectors[~valid] = 0.0
    return BoardFeatures(board, valid, ranks_now, next_cards, ranks_next, vectors)
