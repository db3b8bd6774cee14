"""Indexing of the 1326 two-card hands (hole-card combos).

The combo of two distinct card codes ``lo < hi`` has index
``hi * (hi - 1) // 2 + lo`` -- the position of ``(lo, hi)`` when all pairs are
listed by their higher card, then their lower card: ``(2c, 2d)`` is 0,
``(2c, 2h)`` is 1, ``(2d, 2h)`` is 2, ... ``(Ah, As)`` is 1325. Range weights
(:func:`~pokergym.evaluator.equity_vs_range`) are arrays in this order;
:data:`COMBO_CARDS` is the inverse table.

Example:
    >>> from pokergym.cards import parse_cards
    >>> combo_index(*parse_cards("AsAh"))
    1325
    >>> COMBO_CARDS[1325]
    (50, 51)
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from pokergym.cards import CARD_STRINGS
from pokergym.errors import CardError, DuplicateCardError

__all__ = ["COMBO_CARDS", "N_COMBOS", "combo_array", "combo_index", "permuted_combos"]

N_COMBOS: Final = 1326
"""Number of two-card hands."""

COMBO_CARDS: Final[tuple[tuple[int, int], ...]] = tuple((lo, hi) for hi in range(52) for lo in range(hi))
"""``COMBO_CARDS[i]`` is the pair ``(lo, hi)`` of card codes of combo ``i``."""

_COMBO_ARRAY = np.array(COMBO_CARDS, dtype=np.int64)
_COMBO_ARRAY.flags.writeable = False


def combo_index(c1: int, c2: int) -> int:
    """Index (0..1325) of the two-card hand ``{c1, c2}``; the order of the cards does not matter.

    Raises:
        CardError: if a code is outside ``0..51``.
        DuplicateCardError: if ``c1 == c2``.

    Example:
        >>> combo_index(0, 1), combo_index(1, 0), combo_index(0, 2)
        (0, 0, 1)
    """
    for c in (c1, c2):
        if not 0 <= c < 52:
            raise CardError(f"card code {c} out of range 0..51")
    if c1 == c2:
        raise DuplicateCardError(f"a two-card hand needs two different cards, got {CARD_STRINGS[c1]!r} twice")
    lo, hi = (c1, c2) if c1 < c2 else (c2, c1)
    return hi * (hi - 1) // 2 + lo


def combo_array() -> npt.NDArray[np.int64]:
    """Read-only ``1326 x 2`` array of :data:`COMBO_CARDS` (row ``i`` = cards of combo ``i``).

    Example:
        >>> combo_array()[:3].tolist()
        [[0, 1], [0, 2], [1, 2]]
    """
    return _COMBO_ARRAY


def permuted_combos(suits: tuple[int, int, int, int]) -> npt.NDArray[np.int64]:
    """Index of each combo's image when every card of suit ``s`` takes suit ``suits[s]``.

    Example:
        >>> swap = permuted_combos((1, 0, 2, 3))  # clubs <-> diamonds
        >>> COMBO_CARDS[int(swap[combo_index(0, 2)])]  # 2c2h -> 2d2h
        (1, 2)
    """
    if sorted(suits) != [0, 1, 2, 3]:
        raise CardError(f"suits must be a permutation of 0..3, got {suits!r}")
    images = (_COMBO_ARRAY & ~3) | np.asarray(suits, dtype=np.int64)[_COMBO_ARRAY & 3]
    lo, hi = images.min(axis=1), images.max(axis=1)
    return np.asarray(hi * (hi - 1) // 2 + lo, dtype=np.int64)
