"""The board's rank counting as first written: the reference the engine's bit-mask version is checked against.

:func:`rank_counts` is the dictionary-counting code that the bit masks of
:func:`pokergym.context.board._rank_facts` replaced, kept as written and
uncached. Only the counting changed (the labels built from the counts did
not), so ``tests/context/test_context_memos.py`` compares the first six
facts of the two on every rank pattern a board can have.
"""

from __future__ import annotations

from pokergym.context.board import RankStructure, rank_mask, rank_structure

RankCounts = tuple[tuple[int, ...], int | None, int | None, RankStructure, str | None, int]


def rank_counts(ranks: tuple[int, ...]) -> RankCounts:
    """Pair ranks (high first), trips rank, quads rank, straight structure, one-card straight kind, top rank."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    pair_ranks = tuple(sorted((r for r, n in counts.items() if n == 2), reverse=True))
    trips_rank = next((r for r, n in counts.items() if n == 3), None)
    quads_rank = next((r for r, n in counts.items() if n == 4), None)
    structure = rank_structure(rank_mask(ranks))
    one_card = "oe" if len(structure.one_card) >= 2 else "gs" if structure.one_card else None
    return pair_ranks, trips_rank, quads_rank, structure, one_card, max(ranks)
