"""The shipped lookup tables equal freshly generated ones."""

from __future__ import annotations

import numpy as np

from pokergym.evaluator import layout, tablegen
from pokergym.evaluator.tables import FLUSH_RANKS, NONFLUSH_RANKS


def test_regenerated_tables_equal_the_shipped_file() -> None:
    fresh = tablegen.build_tables()
    with np.load(layout.DATA_FILE) as shipped:
        assert sorted(shipped.files) == sorted(
            ["nonflush_keys", "nonflush_ranks", "flush_ranks", "hash_mult", "hash_disp", "hash_ranks"]
        )
        for name in ("nonflush_keys", "nonflush_ranks", "flush_ranks", "hash_disp", "hash_ranks"):
            expected = getattr(fresh, name)
            assert shipped[name].dtype == expected.dtype, name
            assert np.array_equal(shipped[name], expected), name
        assert int(shipped["hash_mult"]) == fresh.hash_mult


def test_table_sizes_and_ranges() -> None:
    five = tablegen.five_card_ranks()
    assert len(five.plain) == 6175 and len(five.flush) == 1287
    assert sorted([*five.plain.values(), *five.flush.values()]) == list(range(1, 7463))
    # rank multisets of 5, 6 and 7 cards with no rank more than four times
    assert len(NONFLUSH_RANKS) == 6175 + 18_395 + 49_205
    assert min(NONFLUSH_RANKS.values()) == 11 and max(NONFLUSH_RANKS.values()) == 7462
    assert sum(1 for r in FLUSH_RANKS if r) == 1287 + 1716 + 1716


def test_perfect_hash_maps_every_key_to_its_rank() -> None:
    with np.load(layout.DATA_FILE) as data:
        keys = data["nonflush_keys"].astype(np.uint64)
        ranks = data["nonflush_ranks"]
        mult = np.uint64(data["hash_mult"])
        disp = data["hash_disp"].astype(np.uint64)
        slots_table = data["hash_ranks"]
    h = keys * mult  # wraps modulo 2**64
    bucket = h >> np.uint64(layout.BUCKET_SHIFT)
    slots = ((h >> np.uint64(layout.SLOT_SHIFT)) & np.uint64(layout.SLOT_MASK)) ^ disp[bucket]
    assert len(np.unique(slots)) == len(keys)
    assert np.array_equal(slots_table[slots], ranks)
