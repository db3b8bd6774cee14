"""Index tables that turn the solver's terminal values into prefix-sum look-ups (built once per spot).

A showdown gives each of the traverser's hands the opponent's reach that it
beats, ties and loses to, with the combos that share a card taken out. With
the opponent's hands sorted by strength on the board, and a second copy of
them grouped by card (each hand listed under both its cards, weakest first
within a card), two running sums over the opponent's reach answer every one
of the traverser's hands by six look-ups: the reach strictly weaker than the
hand, minus the strictly weaker reach holding its first card, minus that
holding its second (and the same for "weaker or equal"). The positions of
those look-ups depend only on the board and the two hand lists, so they are
computed here with ``numpy.searchsorted`` and the compiled walk does no
comparison and takes no data-dependent branch. Positions are 16-bit (a
player has at most 1,326 hands): half the cache a showdown's tables take.

Layouts (``o`` is the player whose reach is summed, ``p = 1 - o`` the one
whose hands are answered; a running sum ``S`` over a list of hands has
``S[0] = 0`` and ``S[k + 1] = S[k] + reach[list[k]]``):

* ``by_strength[b, o]``: ``o``'s hands on board ``b``, weakest first (its
  running sum is ``P``).
* ``by_card[b, o]``: ``o``'s hands listed under each card 0..51 in turn,
  weakest first within a card (``2 m`` entries; running sum ``F``). Card
  ``c``'s entries are ``bounds[o, c]`` to ``bounds[o, c + 1]`` on every board,
  so the reach under card ``c`` that is weaker than a hand is ``F[i] -
  F[bounds[o, c]]`` for the right ``i``.
* ``lookups`` (six rows over ``p``'s hands): into ``P`` the counts of
  ``o``'s hands strictly weaker / weaker or equal; into ``F`` the ends of the
  same two stretches under the hand's first card, then under its second.
* ``card_start[p, k]``, ``card_end[p, k]``: for each of ``p``'s hands, the
  bounds in ``F`` of the entries under its ``k``-th card (board independent).
* ``packed[b, p]``: per hand of ``p``, everything its showdown reads in three
  64-bit words of four 16-bit fields each (three loads instead of eleven):
  the six ``lookups``, ``card_start`` and ``card_end`` under both cards, and
  the index of the same combo in ``o``'s list (``n_max``, a zero entry past
  the end of a padded reach row, if ``o`` does not hold it). See
  :func:`unpack`.
* ``card_major[o]``: ``o``'s hands under each card in list order (for folds,
  which need only the per-card totals ``F[bounds[o, c + 1]] - F[bounds[o, c]]``).

Example:
    >>> import numpy as np
    >>> first = np.array([[0, 1], [2, 0]]); second = np.array([[4, 5], [3, 8]])
    >>> strength = np.array([[[5, 9], [7, 1]]], dtype=np.int32)  # one board: lower is stronger
    >>> t = showdown_tables(strength, first, second, np.array([2, 2]))
    >>> t.by_strength[0, 1].tolist()  # player 1's hands, weakest first
    [0, 1]
    >>> unpack(t.packed[0, 0, :, 0])[:2]  # player 0's hand 0 (rank 5) beats one of player 1's, ties none
    [1, 1]
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

__all__ = ["ShowdownTables", "showdown_tables", "table_bytes", "unpack"]

_KEY = 1 << 16  # above every hand rank (7,462 classes): card * _KEY + strength sorts by card, then strength
_Ints = npt.NDArray[np.uint16]


class ShowdownTables(NamedTuple):
    """The tables of the module docstring (the first four are board independent)."""

    bounds: npt.NDArray[np.int64]
    card_start: _Ints
    card_end: _Ints
    card_major: _Ints
    by_strength: _Ints
    by_card: _Ints
    packed: npt.NDArray[np.uint64]


def table_bytes(boards: int, n_max: int) -> int:
    """Bytes of the per-board tables for ``boards`` boards and at most ``n_max`` hands a player."""
    return boards * 2 * ((1 + 2) * 2 + 3 * 8) * n_max


def unpack(words: npt.NDArray[np.uint64]) -> list[int]:
    """The twelve 16-bit fields of one hand's three ``packed`` words, in order.

    Example:
        >>> unpack(np.array([1 | 2 << 16, 3 << 48, 7 << 32], dtype=np.uint64))
        [1, 2, 0, 0, 0, 0, 0, 3, 0, 0, 7, 0]
    """
    return [(int(w) >> (16 * k)) & 0xFFFF for w in words for k in range(4)]


def _pack(fields: list[npt.NDArray[np.int64]]) -> npt.NDArray[np.uint64]:
    """Four arrays of 16-bit values into one array of 64-bit words, the first in the lowest bits."""
    out = np.zeros(len(fields[0]), dtype=np.uint64)
    for k, field in enumerate(fields):
        out |= field.astype(np.uint64) << np.uint64(16 * k)
    return out


def _twins(
    first: npt.NDArray[np.int64], second: npt.NDArray[np.int64], n_hands: npt.NDArray[np.int64], p: int
) -> npt.NDArray[np.int64]:
    """Per hand of ``p``, the index of the same combo among the other player's hands (``n_max`` if absent)."""
    n_max, o = first.shape[1], 1 - p
    index = np.full(52 * 52, n_max, dtype=np.int64)
    m, n = int(n_hands[o]), int(n_hands[p])
    index[first[o, :m] * 52 + second[o, :m]] = np.arange(m)
    twins: npt.NDArray[np.int64] = index[first[p, :n] * 52 + second[p, :n]]
    return twins


def _keys(strength: npt.NDArray[np.int32]) -> npt.NDArray[np.int64]:
    """Hand ranks (1 the strongest) turned into keys that grow with strength."""
    return _KEY - 1 - strength.astype(np.int64)


def showdown_tables(
    strength: npt.NDArray[np.int32],
    first: npt.NDArray[np.int64],
    second: npt.NDArray[np.int64],
    n_hands: npt.NDArray[np.int64],
    boards: npt.NDArray[np.int64] | None = None,
) -> ShowdownTables:
    """Build the tables from ``strength[b, p, h]`` (hand ranks per board) and both players' hand cards.

    ``boards`` limits the per-board tables to those boards (the others stay zero); default all.
    """
    n_boards, n_max = strength.shape[0], first.shape[1]
    bounds = np.zeros((2, 53), dtype=np.int64)
    card_start = np.zeros((2, 2, n_max), dtype=np.uint16)
    card_end = np.zeros((2, 2, n_max), dtype=np.uint16)
    card_major = np.zeros((2, 2 * n_max), dtype=np.uint16)
    by_strength = np.zeros((n_boards, 2, n_max), dtype=np.uint16)
    by_card = np.zeros((n_boards, 2, 2 * n_max), dtype=np.uint16)
    packed = np.zeros((n_boards, 2, 3, n_max), dtype=np.uint64)
    for o in range(2):
        m, p = int(n_hands[o]), 1 - o
        n = int(n_hands[p])
        cards = np.concatenate([first[o, :m], second[o, :m]])
        owner = np.concatenate([np.arange(m), np.arange(m)])
        bounds[o, 1:] = np.cumsum(np.bincount(cards, minlength=52))
        card_major[o, : 2 * m] = owner[np.argsort(cards, kind="stable")]
        for k, held in enumerate((first[p, :n], second[p, :n])):
            card_start[p, k, :n] = bounds[o, held]
            card_end[p, k, :n] = bounds[o, held + 1]
        twins = _twins(first, second, n_hands, p)
        lookups = np.zeros((6, n), dtype=np.int64)
        for b in range(n_boards) if boards is None else boards.tolist():
            theirs, mine = _keys(strength[b, o, :m]), _keys(strength[b, p, :n])
            order = np.argsort(theirs, kind="stable")
            by_strength[b, o, :m] = order
            sorted_keys = theirs[order]
            lookups[0] = np.searchsorted(sorted_keys, mine, side="left")
            lookups[1] = np.searchsorted(sorted_keys, mine, side="right")
            composite = cards * _KEY + theirs[owner]
            grouped = np.argsort(composite, kind="stable")
            by_card[b, o, : 2 * m] = owner[grouped]
            composite = composite[grouped]
            for row, held in ((2, first[p, :n]), (4, second[p, :n])):
                query = held * _KEY + mine
                lookups[row] = np.searchsorted(composite, query, side="left")
                lookups[row + 1] = np.searchsorted(composite, query, side="right")
            starts, ends = card_start[p, :, :n].astype(np.int64), card_end[p, :, :n].astype(np.int64)
            packed[b, p, 0, :n] = _pack([lookups[0], lookups[1], lookups[2], lookups[3]])
            packed[b, p, 1, :n] = _pack([lookups[4], lookups[5], starts[0], starts[1]])
            packed[b, p, 2, :n] = _pack([ends[0], ends[1], twins, np.zeros(n, dtype=np.int64)])
    return ShowdownTables(bounds, card_start, card_end, card_major, by_strength, by_card, packed)
