"""Numba kernel behind :mod:`tools.build_preflop`: exact class-versus-class showdown counts.

Only the table generator imports this module (it imports numba). It reuses the
evaluator's board enumeration and rank lookup (:mod:`pokergym.evaluator._kernels`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from pokergym._jit import kernel
from pokergym.evaluator._kernels import Tables, rank_of

Ints = npt.NDArray[np.int64]
Int32s = npt.NDArray[np.int32]

__all__ = ["class_showdowns"]

_CLASSES = 169
_COMBO_BITS = 11  # combo indices (< 1326) fit in the low 11 bits of a packed sort key
_LARGE_GROUP = 48  # groups of equal ranks above this size count ties by class, not pair by pair


@kernel
def class_showdowns(boards: Ints, mult: Ints, combo_cards: Ints, combo_class: Ints, tabs: Tables) -> tuple[Ints, Ints]:
    """Count, per pair of hand classes, the showdowns lost and tied over the given boards.

    On each board the 1081 hole-card pairs that avoid it are ranked once and
    walked from the best rank down. Before a group of equal ranks is walked,
    ``better[j]`` holds how many pairs of class ``j`` beat it and
    ``better_card[c, j]`` how many of those hold card ``c``, so a pair
    ``(a, b)`` loses to ``better[j] - better_card[a, j] - better_card[b, j]``
    pairs of class ``j`` that share none of its cards. Ties are counted
    pair by pair inside each group.

    Args:
        boards: ``m x 5`` card codes.
        mult: weight of each board (how many boards it stands for).
        combo_cards: ``1326 x 2`` card codes of every two-card hand.
        combo_class: class index (0..168) of every two-card hand.
        tabs: the evaluator's lookup tables.

    Returns:
        ``(losses, ties)``: ``169 x 169`` weighted counts of (board, hand of
        class ``i``, disjoint hand of class ``j``) deals that ``i`` loses or ties.
    """
    losses = np.zeros((_CLASSES, _CLASSES), dtype=np.int64)
    ties = np.zeros((_CLASSES, _CLASSES), dtype=np.int64)
    board_losses = np.zeros((_CLASSES, _CLASSES), dtype=np.int32)
    board_ties = np.zeros((_CLASSES, _CLASSES), dtype=np.int32)
    counts = _Counts(
        np.zeros(_CLASSES, dtype=np.int32),
        np.zeros((52, _CLASSES), dtype=np.int32),
        np.zeros(_CLASSES, dtype=np.int32),
        np.zeros((52, _CLASSES), dtype=np.int32),
    )
    packed = np.empty(combo_cards.shape[0], dtype=np.int64)
    for bi in range(boards.shape[0]):
        order = _ranked_combos(boards[bi], combo_cards, tabs, packed)
        board_losses[:, :] = 0
        board_ties[:, :] = 0
        _walk_ranks(order, combo_cards, combo_class, counts, board_losses, board_ties)
        weight = mult[bi]
        for i in range(_CLASSES):
            for j in range(_CLASSES):
                losses[i, j] += weight * board_losses[i, j]
                ties[i, j] += weight * board_ties[i, j]
    return losses, ties


class _Counts(NamedTuple):
    """Scratch counters of :func:`_walk_ranks`: pairs per class (and per card and class) above, and in, a group."""

    better: Int32s
    better_card: Int32s
    group: Int32s
    group_card: Int32s


@kernel
def _ranked_combos(board: Ints, combo_cards: Ints, tabs: Tables, packed: Ints) -> Ints:
    """The hole-card pairs that avoid a 5-card board, as sorted ``rank << 11 | combo index`` keys."""
    card_keys, suit_bits = tabs[0], tabs[1]
    key = 0
    bits = 0
    board_mask = 0
    for c in board:
        key += card_keys[c]
        bits |= suit_bits[c]
        board_mask |= 1 << c
    n = 0
    for x in range(combo_cards.shape[0]):
        a, b = combo_cards[x, 0], combo_cards[x, 1]
        if board_mask & ((1 << a) | (1 << b)):
            continue
        rank = rank_of(key + card_keys[a] + card_keys[b], bits | suit_bits[a] | suit_bits[b], tabs)
        packed[n] = (rank << _COMBO_BITS) | x
        n += 1
    return np.sort(packed[:n])


@kernel
def _walk_ranks(
    order: Ints, combo_cards: Ints, combo_class: Ints, counts: _Counts, board_losses: Int32s, board_ties: Int32s
) -> None:
    """Walk one board's sorted pairs from the best rank down, adding losses and ties per class pair."""
    better, better_card, group, group_card = counts
    low = (1 << _COMBO_BITS) - 1
    n = order.shape[0]
    better[:] = 0
    better_card[:, :] = 0
    start = 0
    while start < n:
        end = start + 1
        while end < n and order[end] >> _COMBO_BITS == order[start] >> _COMBO_BITS:
            end += 1
        for g in range(start, end):
            x = order[g] & low
            row, card_a, card_b = (
                board_losses[combo_class[x]],
                better_card[combo_cards[x, 0]],
                better_card[combo_cards[x, 1]],
            )
            for j in range(_CLASSES):
                row[j] += better[j] - card_a[j] - card_b[j]
        if end - start > _LARGE_GROUP:
            _count_ties_by_class(order[start:end], combo_cards, combo_class, group, group_card, board_ties)
        else:
            _count_ties_by_pair(order[start:end], combo_cards, combo_class, board_ties)
        for g in range(start, end):
            x = order[g] & low
            i = combo_class[x]
            better[i] += 1
            better_card[combo_cards[x, 0], i] += 1
            better_card[combo_cards[x, 1], i] += 1
        start = end


@kernel
def _count_ties_by_pair(members: Ints, combo_cards: Ints, combo_class: Ints, board_ties: Int32s) -> None:
    """Add the disjoint pairs of a group of equal ranks to ``board_ties``, pair by pair (small groups)."""
    low = (1 << _COMBO_BITS) - 1
    size = members.shape[0]
    for g in range(size):
        x = members[g] & low
        i = combo_class[x]
        mask = (1 << combo_cards[x, 0]) | (1 << combo_cards[x, 1])
        for h in range(g + 1, size):
            y = members[h] & low
            if not mask & ((1 << combo_cards[y, 0]) | (1 << combo_cards[y, 1])):
                k = combo_class[y]
                board_ties[i, k] += 1
                board_ties[k, i] += 1


@kernel
def _count_ties_by_class(
    members: Ints, combo_cards: Ints, combo_class: Ints, group: Int32s, group_card: Int32s, board_ties: Int32s
) -> None:
    """As :func:`_count_ties_by_pair`, with per-class and per-card counters (large groups).

    ``group`` and ``group_card`` must be zero on entry; they are zero again on return.
    """
    low = (1 << _COMBO_BITS) - 1
    for m in members:
        x = m & low
        i = combo_class[x]
        group[i] += 1
        group_card[combo_cards[x, 0], i] += 1
        group_card[combo_cards[x, 1], i] += 1
    for m in members:
        x = m & low
        i = combo_class[x]
        row, card_a, card_b = board_ties[i], group_card[combo_cards[x, 0]], group_card[combo_cards[x, 1]]
        for j in range(_CLASSES):
            row[j] += group[j] - card_a[j] - card_b[j]
        row[i] += 1  # the hand itself was taken off twice
    for m in members:
        x = m & low
        i = combo_class[x]
        group[i] = 0
        group_card[combo_cards[x, 0], i] = 0
        group_card[combo_cards[x, 1], i] = 0
