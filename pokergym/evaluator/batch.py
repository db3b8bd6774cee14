"""Rank many hands at once with a numba kernel.

Example:
    >>> import numpy as np
    >>> from pokergym.cards import parse_cards
    >>> hands = np.array([parse_cards("AsKsQsJsTs2c3d"), parse_cards("7d5c4h3s2c9h8h")])
    >>> evaluate_batch(hands)
    array([   1, 7414], dtype=int32)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from pokergym.cards import CARD_STRINGS
from pokergym.errors import CardError, DuplicateCardError

__all__ = ["evaluate_batch"]

_KERNEL_DTYPES = (np.dtype(np.uint8), np.dtype(np.int32), np.dtype(np.int64))


def evaluate_batch(cards: npt.ArrayLike, *, check: bool = True) -> npt.NDArray[np.int32]:
    """Rank every row of an ``n x k`` array of card codes (``k`` = 5, 6 or 7).

    Ranks are on treys' scale, as :func:`~pokergym.evaluator.evaluate`.
    C-contiguous arrays of ``uint8``, ``int32`` or ``int64`` are used as they
    are (``uint8`` is fastest); others are copied. The first call in a process
    loads (or, the very first time for a dtype, compiles) the numba kernel.

    Args:
        cards: integer array of shape ``(n, k)``.
        check: verify that every code is in ``0..51`` and no row repeats a
            card. Pass ``False`` only for arrays known to be valid: invalid
            rows then get meaningless ranks (memory stays safe).

    Returns:
        ``int32`` array of ``n`` ranks.

    Raises:
        CardError: if the array is not 2-D with 5..7 columns of integers, or a
            code is out of range.
        DuplicateCardError: if a row repeats a card.

    Example:
        >>> evaluate_batch([[0, 4, 8, 12, 17]])  # 2c 3c 4c 5c 6d: a straight
        array([1608], dtype=int32)
    """
    from pokergym.evaluator import _kernels

    array = np.asarray(cards)
    if array.ndim != 2 or not 5 <= array.shape[1] <= 7:
        raise CardError(f"expected an (n, k) array with k in 5..7, got shape {array.shape}")
    if array.dtype.kind not in "iu":
        raise CardError(f"card codes must be integers, got dtype {array.dtype}")
    if array.dtype not in _KERNEL_DTYPES:
        array = array.astype(np.int64)
    array = np.ascontiguousarray(array)
    out = np.empty(array.shape[0], dtype=np.int32)
    _check_rows(array, _kernels.rank_rows(array, out, check, _kernels.kernel_tables()))
    return out


def _check_rows(array: npt.NDArray[np.integer[Any]], bad: tuple[int, bool]) -> None:
    row, repeated = bad
    if row < 0:
        return
    values = array[row].tolist()
    if repeated:
        names = [CARD_STRINGS[c] for c in values]
        raise DuplicateCardError(f"row {row} repeats a card: {names}")
    raise CardError(f"row {row} has a card code outside 0..51: {values}")
