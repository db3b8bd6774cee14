"""Numba kernels that build the exact preflop table of every hand against every other hand.

Two matchups are the same when a permutation of the suits maps one onto the
other (``AsKs`` against ``QhQd`` is ``AhKh`` against ``QsQc``): the 878,475
unordered pairs of disjoint two-card hands fall in 47,008 such classes.
:func:`matchup_classes` finds them; :func:`matchup_outcomes` counts, for each
class, the boards on which its first hand wins and ties, walking every 5-card
board once (one per class of boards equal up to a suit permutation, weighted
by the class size, as :func:`~pokergym.evaluator._kernels.preflop_class_outcomes`
does) and comparing every two disjoint hands off it.

Hands are combo indices (:func:`~pokergym.evaluator.combo_index`); a class is
named by its smallest image ``(first, second)``, ``first < second``, over the
24 suit permutations, and its figures are those of ``first`` against
``second``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokergym._jit import inner_kernel, kernel
from pokergym.evaluator._kernels import Tables, rank_of, suit_permutations

__all__ = ["matchup_classes", "matchup_outcomes"]

N_COMBOS = 1326


@inner_kernel
def _combo(c1: int, c2: int) -> int:
    """The combo index of two different cards."""
    lo, hi = (c1, c2) if c1 < c2 else (c2, c1)
    return hi * (hi - 1) // 2 + lo


@kernel
def matchup_classes() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """The class of every matchup.

    Returns:
        ``(signed, keys, symmetric)``: ``signed[i, j]`` is ``k + 1`` when
        combo ``i`` maps onto the first hand of class ``k`` (and ``j`` onto
        its second), ``-(k + 1)`` when ``i`` maps onto the second, 0 when the
        two combos share a card; ``keys[k]`` is ``first * 1326 + second`` of
        class ``k``, ascending; ``symmetric[k]`` says that a suit permutation
        swaps the two hands of the class (``AsAh`` against ``AdAc``). Which
        hand of a symmetric class is "first" then depends on the permutation
        chosen, so its wins as counted by :func:`matchup_outcomes` are not
        the first hand's: it has equity one half, and wins half the boards it
        does not tie.
    """
    perms = suit_permutations()
    lo = np.empty(N_COMBOS, dtype=np.int64)
    hi = np.empty(N_COMBOS, dtype=np.int64)
    for h in range(1, 52):
        for l_ in range(h):
            c = h * (h - 1) // 2 + l_
            lo[c], hi[c] = l_, h
    best = np.zeros((N_COMBOS, N_COMBOS), dtype=np.int64)
    swaps = np.zeros((N_COMBOS, N_COMBOS), dtype=np.bool_)
    found = np.empty(N_COMBOS * (N_COMBOS - 1) // 2, dtype=np.int64)
    n = 0
    for i in range(N_COMBOS):
        for j in range(i + 1, N_COMBOS):
            if lo[i] == lo[j] or lo[i] == hi[j] or hi[i] == lo[j] or hi[i] == hi[j]:
                continue
            key = N_COMBOS * N_COMBOS
            first = True
            both = False
            for q in range(24):
                a = _combo((lo[i] & ~3) + perms[q, lo[i] & 3], (hi[i] & ~3) + perms[q, hi[i] & 3])
                b = _combo((lo[j] & ~3) + perms[q, lo[j] & 3], (hi[j] & ~3) + perms[q, hi[j] & 3])
                image = a * N_COMBOS + b if a < b else b * N_COMBOS + a
                if image < key:
                    key, first, both = image, a < b, False
                elif image == key and (a < b) != first:
                    both = True
            best[i, j] = key + 1 if first else -(key + 1)
            swaps[i, j] = both
            found[n] = key
            n += 1
    keys = np.unique(found[:n])
    signed = np.zeros((N_COMBOS, N_COMBOS), dtype=np.int32)
    symmetric = np.zeros(len(keys), dtype=np.bool_)
    for i in range(N_COMBOS):
        for j in range(i + 1, N_COMBOS):
            if best[i, j] != 0:
                k = np.searchsorted(keys, abs(best[i, j]) - 1) + 1
                signed[i, j] = k if best[i, j] > 0 else -k
                signed[j, i] = -signed[i, j]
                symmetric[k - 1] |= swaps[i, j]
    return signed, keys, symmetric


@kernel
def matchup_outcomes(
    boards: npt.NDArray[np.int64],
    mult: npt.NDArray[np.int64],
    signed: npt.NDArray[np.int32],
    classes: int,
    tabs: Tables,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Boards won, tied and dealt per class, summed over the class's matchups.

    Args:
        boards: boards from :func:`~pokergym.evaluator._kernels.canonical_boards` (or a slice of them).
        mult: their multiplicities.
        signed: the first array of :func:`matchup_classes`.
        classes: the number of classes.
        tabs: lookup tables (:func:`~pokergym.evaluator._kernels.kernel_tables`).

    Returns:
        ``(wins, ties, dealt)`` per class: boards (counted with their
        multiplicity) on which the first hand wins, ties, or is dealt at all.
    """
    card_keys, suit_bits = tabs[0], tabs[1]
    wins = np.zeros(classes, dtype=np.int64)
    ties = np.zeros(classes, dtype=np.int64)
    dealt = np.zeros(classes, dtype=np.int64)
    live = np.empty(N_COMBOS, dtype=np.int64)
    rank = np.empty(N_COMBOS, dtype=np.int64)
    mask = np.empty(N_COMBOS, dtype=np.int64)
    for bi in range(boards.shape[0]):
        key, bits, board_mask = 0, 0, 0
        for j in range(5):
            c = boards[bi, j]
            key += card_keys[c]
            bits |= suit_bits[c]
            board_mask |= 1 << c
        n = 0
        for h in range(1, 52):
            for l_ in range(h):
                own = (1 << h) | (1 << l_)
                if own & board_mask:
                    continue
                c = h * (h - 1) // 2 + l_
                live[n] = c
                rank[n] = rank_of(key + card_keys[h] + card_keys[l_], bits | suit_bits[h] | suit_bits[l_], tabs)
                mask[n] = own
                n += 1
        m = mult[bi]
        for p in range(n):
            row = signed[live[p]]
            rp, mp = rank[p], mask[p]
            for q in range(p + 1, n):
                if mask[q] & mp:
                    continue
                k = row[live[q]]
                rq = rank[q]
                if k > 0:
                    k -= 1
                    won = rp < rq
                else:
                    k = -k - 1
                    won = rq < rp
                dealt[k] += m
                if rp == rq:
                    ties[k] += m
                elif won:
                    wins[k] += m
    return wins, ties, dealt
