"""Generate the hand-rank lookup tables shipped in ``data/rank_tables.npz``.

The tables put every 5-, 6- and 7-card hand on treys' scale: rank 1 is the
royal flush and rank 7462 is 7-5-4-3-2 off-suit; lower is better. Nothing here
runs at import time of :mod:`pokergym.evaluator` -- the package loads the
shipped file -- so the generator favours clarity over speed. Regenerate with::

    python -m pokergym.evaluator.tablegen

and ``tests/evaluator/test_tables.py`` checks that the result equals the
shipped file.

Encoding (shared by the pure-Python and numba evaluators):

* the *rank-count key* of a hand is ``sum(count[r] * 5**r)`` over the 13
  ranks: a base-5 number whose digit ``r`` is how many cards of rank ``r``
  the hand holds (0..4). Seven cards give keys below ``1.2e9``;
* a *flush pattern* is a 13-bit mask of the ranks present in one suit.

The arrays in the file are:

``nonflush_keys`` / ``nonflush_ranks``
    every rank-count key of 5..7 cards (no rank more than four times), sorted,
    and the best rank the hand reaches when it holds no flush.
``flush_ranks``
    8192 entries: for a flush pattern of 5..7 ranks, the best straight flush
    or flush rank it contains (0 for other patterns).
``hash_mult``, ``hash_disp``, ``hash_ranks``
    a perfect hash of ``nonflush_keys`` for array-only code (numba): with
    ``h = (key * hash_mult) mod 2**64`` the rank is
    ``hash_ranks[((h >> SLOT_SHIFT) & SLOT_MASK) ^ hash_disp[h >> BUCKET_SHIFT]]``.

The file location and hash-shape constants are in :mod:`~pokergym.evaluator.layout`.

Example:
    >>> order = five_card_ranks()
    >>> order.flush[0b1111100000000], order.plain[_key_of([0, 1, 2, 3, 5])]
    (1, 7462)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pokergym.evaluator.layout import BUCKET_BITS, BUCKET_SHIFT, DATA_FILE, SLOT_BITS, SLOT_MASK, SLOT_SHIFT

__all__ = [
    "FiveCardRanks",
    "RankTables",
    "build_tables",
    "five_card_ranks",
    "main",
    "write_tables",
]

_MASK64 = (1 << 64) - 1
_ACE, _FIVE = 12, 3


def _key_of(ranks: list[int] | tuple[int, ...]) -> int:
    """Rank-count key of a list of ranks (0 = deuce .. 12 = ace)."""
    return sum(5**r for r in ranks)


def _straight_top(ranks_desc: tuple[int, ...]) -> int:
    """Top rank of five distinct ranks if they form a straight, else -1."""
    if ranks_desc == (_ACE, _FIVE, 2, 1, 0):  # the wheel, five-high
        return _FIVE
    if ranks_desc[0] - ranks_desc[4] == 4:
        return ranks_desc[0]
    return -1


@dataclass(frozen=True)
class FiveCardRanks:
    """Treys' rank of every 5-card hand class.

    Attributes:
        plain: rank-count key of five ranks -> rank when the cards are not all
            of one suit.
        flush: 13-bit pattern of five distinct ranks -> rank when they are.
    """

    plain: dict[int, int]
    flush: dict[int, int]


def five_card_ranks() -> FiveCardRanks:
    """Rank the 7462 classes of 5-card hands in treys' order.

    Each class gets a category (0 = straight flush .. 8 = high card) and a
    tie-break tuple of ranks, most significant first; sorting by category and
    then by descending tie-break gives ranks 1..7462.

    Returns:
        The rank of every non-flush rank multiset and of every flush pattern.
    """
    entries: list[tuple[int, tuple[int, ...], bool, int]] = []  # (category, tie-break, is_flush, key)
    for ranks in combinations(range(12, -1, -1), 5):
        bits = sum(1 << r for r in ranks)
        top = _straight_top(ranks)
        if top >= 0:
            entries.append((0, (top,), True, bits))
            entries.append((4, (top,), False, _key_of(ranks)))
        else:
            entries.append((3, ranks, True, bits))
            entries.append((8, ranks, False, _key_of(ranks)))
    everything = range(12, -1, -1)
    for a in everything:
        others = [r for r in everything if r != a]
        for b in others:
            entries.append((1, (a, b), False, _key_of([a] * 4 + [b])))
            entries.append((2, (a, b), False, _key_of([a] * 3 + [b] * 2)))
        for b, c in combinations(others, 2):
            entries.append((5, (a, b, c), False, _key_of([a] * 3 + [b, c])))
        for b, c, d in combinations(others, 3):
            entries.append((7, (a, b, c, d), False, _key_of([a] * 2 + [b, c, d])))
    for hi, lo in combinations(everything, 2):
        for kicker in everything:
            if kicker not in (hi, lo):
                entries.append((6, (hi, lo, kicker), False, _key_of([hi, hi, lo, lo, kicker])))
    entries.sort(key=lambda e: (e[0], tuple(-r for r in e[1])))
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    for rank, (_, _, is_flush, key) in enumerate(entries, start=1):
        (flush if is_flush else plain)[key] = rank
    return FiveCardRanks(plain=plain, flush=flush)


def _rank_multisets(size: int) -> list[int]:
    """Rank-count keys of all multisets of ``size`` ranks, each rank at most four times."""
    keys: list[int] = []

    def extend(rank: int, left: int, key: int) -> None:
        if left == 0:
            keys.append(key)
            return
        if rank == 13:
            return
        for count in range(min(4, left) + 1):
            extend(rank + 1, left - count, key + count * 5**rank)

    extend(0, size, 0)
    return sorted(keys)


def _best_plain(five: dict[int, int]) -> dict[int, int]:
    """Best non-flush rank of every rank multiset of 5..7 cards.

    The best five of ``n`` cards leave out one card, so a multiset of six or
    seven is the best over removing one copy of each rank it holds.
    """
    best = dict(five)
    for size in (6, 7):
        for key in _rank_multisets(size):
            best[key] = min(best[key - 5**r] for r in range(13) if (key // 5**r) % 5)
    return best


def _best_flush(five: dict[int, int]) -> list[int]:
    """Best straight-flush/flush rank of every 13-bit pattern of 5..7 ranks (0 elsewhere)."""
    table = [0] * 8192
    for pattern, rank in five.items():
        table[pattern] = rank
    for size in (6, 7):
        for ranks in combinations(range(13), size):
            pattern = sum(1 << r for r in ranks)
            table[pattern] = min(table[pattern & ~(1 << r)] for r in ranks)
    return table


def _splitmix64(state: int) -> tuple[int, int]:
    """One step of the splitmix64 generator: (new state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def _perfect_hash(keys: list[int], ranks: list[int]) -> tuple[int, list[int], list[int]]:
    """Build a hash-and-displace perfect hash of ``keys``.

    Candidate multipliers come from a fixed splitmix64 stream, so the result is
    deterministic. Buckets are placed largest first; each gets the smallest
    XOR displacement that moves all its keys to free slots.

    Returns:
        ``(multiplier, displacement per bucket, rank per slot)``.
    """
    state = 2024
    while True:
        state, mult = _splitmix64(state)
        mult = (mult >> 1) | 1  # odd and below 2**63: the same value as a signed int64
        buckets: dict[int, list[tuple[int, int]]] = {}
        for key, rank in zip(keys, ranks, strict=True):
            h = (key * mult) & _MASK64
            buckets.setdefault(h >> BUCKET_SHIFT, []).append(((h >> SLOT_SHIFT) & SLOT_MASK, rank))
        if all(len({slot for slot, _ in items}) == len(items) for items in buckets.values()):
            break
    used = bytearray(1 << SLOT_BITS)
    slots = [0] * (1 << SLOT_BITS)
    disp = [0] * (1 << BUCKET_BITS)
    for bucket, items in sorted(buckets.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        d = 0
        while any(used[slot ^ d] for slot, _ in items):
            d += 1
        if d >= 1 << 16:
            raise RuntimeError("perfect hash displacement does not fit in 16 bits")
        disp[bucket] = d
        for slot, rank in items:
            used[slot ^ d] = 1
            slots[slot ^ d] = rank
    return mult, disp, slots


@dataclass(frozen=True)
class RankTables:
    """The generated lookup tables (see the module docstring for their meaning)."""

    nonflush_keys: npt.NDArray[np.uint32]
    nonflush_ranks: npt.NDArray[np.uint16]
    flush_ranks: npt.NDArray[np.uint16]
    hash_mult: int
    hash_disp: npt.NDArray[np.uint16]
    hash_ranks: npt.NDArray[np.uint16]


def build_tables() -> RankTables:
    """Generate all lookup tables from scratch (takes about a second).

    Returns:
        The tables, as they are shipped in :data:`~pokergym.evaluator.layout.DATA_FILE`.
    """
    five = five_card_ranks()
    plain = _best_plain(five.plain)
    keys = sorted(plain)
    ranks = [plain[k] for k in keys]
    mult, disp, slots = _perfect_hash(keys, ranks)
    return RankTables(
        nonflush_keys=np.array(keys, dtype=np.uint32),
        nonflush_ranks=np.array(ranks, dtype=np.uint16),
        flush_ranks=np.array(_best_flush(five.flush), dtype=np.uint16),
        hash_mult=mult,
        hash_disp=np.array(disp, dtype=np.uint16),
        hash_ranks=np.array(slots, dtype=np.uint16),
    )


def write_tables(tables: RankTables, path: Path = DATA_FILE) -> None:
    """Save tables in the compressed ``.npz`` format the package loads."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        np.savez_compressed(
            out,
            nonflush_keys=tables.nonflush_keys,
            nonflush_ranks=tables.nonflush_ranks,
            flush_ranks=tables.flush_ranks,
            hash_mult=np.array(tables.hash_mult, dtype=np.uint64),
            hash_disp=tables.hash_disp,
            hash_ranks=tables.hash_ranks,
        )


def main(argv: list[str] | None = None) -> None:
    """Command line: regenerate the shipped tables (or write them elsewhere)."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=DATA_FILE, help="output .npz file (default: the shipped one)")
    args = parser.parse_args(argv)
    write_tables(build_tables(), args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
