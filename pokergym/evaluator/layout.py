"""Where the rank tables live and the shape of their perfect hash.

Shared by the generator (:mod:`~pokergym.evaluator.tablegen`), the loader
(:mod:`~pokergym.evaluator.tables`) and the numba kernels. The kernels compile
these constants into their on-disk cache: after changing them, regenerate the
tables and delete ``pokergym/evaluator/__pycache__``.

Example:
    >>> (1 << SLOT_BITS) > 73_775, BUCKET_SHIFT + BUCKET_BITS
    (True, 64)
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

__all__ = ["BUCKET_BITS", "BUCKET_MASK", "BUCKET_SHIFT", "DATA_FILE", "SLOT_BITS", "SLOT_MASK", "SLOT_SHIFT"]

DATA_FILE: Final = Path(__file__).with_name("data") / "rank_tables.npz"
"""The shipped tables."""

BUCKET_BITS: Final = 14
"""The perfect hash has ``2**BUCKET_BITS`` buckets (displacement entries)."""
SLOT_BITS: Final = 17
"""The perfect hash has ``2**SLOT_BITS`` slots for the 73,775 keys."""
BUCKET_SHIFT: Final = 64 - BUCKET_BITS
"""``h >> BUCKET_SHIFT`` is the bucket of a 64-bit hash ``h``."""
BUCKET_MASK: Final = (1 << BUCKET_BITS) - 1
"""Mask of a bucket index (for signed 64-bit arithmetic, where ``>>`` copies the sign bit)."""
SLOT_SHIFT: Final = BUCKET_SHIFT - SLOT_BITS
"""``(h >> SLOT_SHIFT) & SLOT_MASK`` is the undisplaced slot of ``h``."""
SLOT_MASK: Final = (1 << SLOT_BITS) - 1
"""Mask of a slot index."""
