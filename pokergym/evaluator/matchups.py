"""Exact preflop outcome of one hand against another, read from a shipped table.

Enumerating the 1,712,304 boards of a preflop matchup takes about a tenth of
a second; ``data/preflop_matchups.npz`` (written by
:mod:`pokergym.evaluator.matchup_table`) holds the result for all 47,008
matchups that differ by more than a permutation of the suits, so a query
costs a canonical form and a dictionary look-up (tens of microseconds).
:func:`~pokergym.evaluator.equity_hand_vs_hand` answers exact preflop
queries from it.

Example:
    >>> from pokergym.cards import parse_cards
    >>> wins, ties = matchup_counts(parse_cards("AsKd"), parse_cards("7c7h"))
    >>> wins, ties, round((wins + ties / 2) / BOARDS_PER_MATCHUP, 4)
    (761478, 4826, 0.4461)
"""

from __future__ import annotations

from functools import cache
from itertools import permutations
from math import comb
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from pokergym.evaluator.combos import N_COMBOS, combo_array

__all__ = ["BOARDS_PER_MATCHUP", "MATCHUP_TABLE_FILE", "canonical_matchup", "matchup_counts", "matchup_row"]

MATCHUP_TABLE_FILE: Final = Path(__file__).with_name("data") / "preflop_matchups.npz"
"""The shipped table of every matchup class's wins and ties."""

BOARDS_PER_MATCHUP: Final = comb(48, 5)
"""Boards a preflop matchup can run out to: 1,712,304."""

_SUIT_PERMUTATIONS: Final = tuple(permutations(range(4)))


@cache
def _suit_images() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The combo index of two cards (``52 x 52``) and each card's image under each suit permutation (``24 x 52``)."""
    grid = np.zeros((52, 52), dtype=np.int64)
    for index, (lo, hi) in enumerate(combo_array().tolist()):
        grid[lo, hi] = grid[hi, lo] = index
    cards = np.arange(52)
    images = np.array([(cards & ~3) | np.array(perm)[cards & 3] for perm in _SUIT_PERMUTATIONS], dtype=np.int64)
    return grid, images


def _classes(
    hole: tuple[int, int], villains: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """Per row of ``villains`` (two cards): the class key of its matchup with ``hole``; whether ``hole`` is second.

    The key is ``first * 1326 + second`` of the matchup's smallest image over the 24 suit permutations
    (:func:`canonical_matchup` for one matchup).
    """
    grid, images = _suit_images()
    hero = grid[images[:, hole[0]], images[:, hole[1]]][:, None]  # 24 x 1
    villain = grid[images[:, villains[:, 0]], images[:, villains[:, 1]]]  # 24 x n
    keys_by_perm = np.where(hero < villain, hero * N_COMBOS + villain, villain * N_COMBOS + hero)
    pick = keys_by_perm.argmin(axis=0)
    columns = np.arange(len(villains))
    return keys_by_perm[pick, columns], (hero > villain)[pick, columns]


def canonical_matchup(hole_a: tuple[int, int], hole_b: tuple[int, int]) -> tuple[int, int, bool]:
    """The class of a matchup: its smallest image under the suit permutations.

    Args:
        hole_a: two card codes.
        hole_b: two other card codes (the caller checks that the four differ).

    Returns:
        ``(first, second, swapped)``: the class's two combo indices (``first <
        second``) and whether ``hole_a`` maps onto ``second``.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> canonical_matchup(parse_cards("AsKs"), parse_cards("QhQd")) == canonical_matchup(
        ...     parse_cards("AhKh"), parse_cards("QsQc"))
        True
    """
    grid, images = _suit_lists()
    (a1, a2), (b1, b2) = hole_a, hole_b
    best = (N_COMBOS, N_COMBOS, False)
    for image in images:  # what _classes does for many hands, in plain Python for one (3x faster here)
        a, b = grid[image[a1]][image[a2]], grid[image[b1]][image[b2]]
        candidate = (a, b, False) if a < b else (b, a, True)
        if candidate[:2] < best[:2]:
            best = candidate
    return best


@cache
def _suit_lists() -> tuple[list[list[int]], list[list[int]]]:
    """:func:`_suit_images` as Python lists (indexing them is faster than numpy for one matchup)."""
    grid, images = _suit_images()
    return grid.tolist(), images.tolist()


@cache
def _arrays() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    with np.load(MATCHUP_TABLE_FILE) as data:
        return data["keys"].astype(np.int64), data["wins"].astype(np.int64), data["ties"].astype(np.int64)


def _outcomes(
    keys: npt.NDArray[np.int64], swapped: npt.NDArray[np.bool_]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Wins and ties of the hand whose classes are ``keys`` (the second hand of a class where ``swapped``)."""
    table_keys, wins, ties = _arrays()
    rows = np.searchsorted(table_keys, keys)
    row_wins, row_ties = wins[rows], ties[rows]
    return np.where(swapped, BOARDS_PER_MATCHUP - row_wins - row_ties, row_wins), row_ties


def matchup_row(hole: tuple[int, int]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """The preflop outcome of ``hole`` against every one of the 1,326 hands at once.

    Args:
        hole: two different card codes.

    Returns:
        ``(wins, ties, live)``: boards of the 1,712,304 on which ``hole`` beats and ties each hand, in combo
        order, and which hands share no card with ``hole`` (the others read 0).

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.evaluator import combo_index
        >>> wins, ties, live = matchup_row(parse_cards("AsKd"))
        >>> int(wins[combo_index(*parse_cards("7c7h"))]), int(live.sum())
        (761478, 1225)
    """
    combos = combo_array()
    keys, swapped = _classes(hole, combos)
    live = np.logical_not(np.isin(combos, hole).any(axis=1))
    wins, ties = _outcomes(np.where(live, keys, 0), swapped)
    return np.where(live, wins, 0), np.where(live, ties, 0), live


def matchup_counts(hole_a: tuple[int, int], hole_b: tuple[int, int]) -> tuple[int, int]:
    """Boards of the 1,712,304 on which ``hole_a`` beats and ties ``hole_b`` preflop.

    Args:
        hole_a: two card codes.
        hole_b: two other card codes (the caller checks that the four differ).

    Returns:
        ``(wins, ties)`` of ``hole_a``; ``hole_b`` wins the remaining boards.
    """
    first, second, swapped = canonical_matchup(hole_a, hole_b)
    rows, wins, ties = _table()
    row = rows[first * N_COMBOS + second]
    return (BOARDS_PER_MATCHUP - wins[row] - ties[row] if swapped else wins[row]), ties[row]


@cache
def _table() -> tuple[dict[int, int], list[int], list[int]]:
    """:func:`_arrays` as a dictionary from class key to row, and Python lists (for one matchup at a time)."""
    keys, wins, ties = _arrays()
    return {key: row for row, key in enumerate(keys.tolist())}, wins.tolist(), ties.tolist()
