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

__all__ = ["BOARDS_PER_MATCHUP", "MATCHUP_TABLE_FILE", "canonical_matchup", "matchup_counts", "matchup_row"]

MATCHUP_TABLE_FILE: Final = Path(__file__).with_name("data") / "preflop_matchups.npz"
"""The shipped table of every matchup class's wins and ties."""

BOARDS_PER_MATCHUP: Final = comb(48, 5)
"""Boards a preflop matchup can run out to: 1,712,304."""

_SUIT_PERMUTATIONS: Final = tuple(permutations(range(4)))


def _combo(c1: int, c2: int) -> int:
    lo, hi = (c1, c2) if c1 < c2 else (c2, c1)
    return hi * (hi - 1) // 2 + lo


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
    (a1, a2), (b1, b2) = hole_a, hole_b
    best = (2_000_000, 0, False)
    for perm in _SUIT_PERMUTATIONS:
        a = _combo((a1 & ~3) | perm[a1 & 3], (a2 & ~3) | perm[a2 & 3])
        b = _combo((b1 & ~3) | perm[b1 & 3], (b2 & ~3) | perm[b2 & 3])
        image = (a, b, False) if a < b else (b, a, True)
        if image[0] * 1326 + image[1] < best[0] * 1326 + best[1]:
            best = image
    return best


@cache
def _arrays() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    with np.load(MATCHUP_TABLE_FILE) as data:
        return data["keys"].astype(np.int64), data["wins"].astype(np.int64), data["ties"].astype(np.int64)


@cache
def _table() -> tuple[dict[int, int], list[int], list[int]]:
    keys, wins, ties = _arrays()
    return {key: row for row, key in enumerate(keys.tolist())}, wins.tolist(), ties.tolist()


@cache
def _suit_images() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The combo grid (``52 x 52``), the image of each card under each suit permutation (``24 x 52``), the combos."""
    grid = np.zeros((52, 52), dtype=np.int64)
    for hi in range(52):
        for lo in range(hi):
            grid[lo, hi] = grid[hi, lo] = _combo(lo, hi)
    cards = np.arange(52)
    images = np.array([(cards & ~3) | np.array(perm)[cards & 3] for perm in _SUIT_PERMUTATIONS], dtype=np.int64)
    combos = np.array([(lo, hi) for hi in range(52) for lo in range(hi)], dtype=np.int64)
    return grid, images, combos


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
    grid, images, combos = _suit_images()
    hero = grid[images[:, hole[0]], images[:, hole[1]]][:, None]  # 24 x 1
    villain = grid[images[:, combos[:, 0]], images[:, combos[:, 1]]]  # 24 x 1326
    keys_by_perm = np.where(hero < villain, hero * 1326 + villain, villain * 1326 + hero)
    pick = keys_by_perm.argmin(axis=0)
    columns = np.arange(len(combos))
    best, swapped = keys_by_perm[pick, columns], (hero > villain)[pick, columns]
    live = np.logical_not(np.isin(combos, hole).any(axis=1))
    keys, wins, ties = _arrays()
    rows = np.searchsorted(keys, np.where(live, best, keys[0]))
    row_wins, row_ties = wins[rows], ties[rows]
    out_wins = np.where(live, np.where(swapped, BOARDS_PER_MATCHUP - row_wins - row_ties, row_wins), 0)
    return out_wins, np.where(live, row_ties, 0), live


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
    row = rows[first * 1326 + second]
    if swapped:
        return BOARDS_PER_MATCHUP - wins[row] - ties[row], ties[row]
    return wins[row], ties[row]
