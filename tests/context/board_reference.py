"""The board's rank facts as first written: the reference the engine's bit-mask version is checked against.

:func:`rank_facts` is the dictionary-counting code that
:func:`pokergym.context.board._rank_facts` replaced, kept as written and
uncached; ``tests/context/test_context_memos.py`` compares the two on every
rank pattern a board can have. The rules are documented in
:mod:`pokergym.context.board`.
"""

from __future__ import annotations

import itertools

from pokergym.context.board import RankStructure, rank_mask, rank_structure

_QUEEN = 10
_TEN = 8
_NINE = 7

RankFacts = tuple[
    tuple[int, ...],
    int | None,
    int | None,
    RankStructure,
    str | None,
    int,
    str,
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
]


def rank_facts(ranks: tuple[int, ...]) -> RankFacts:
    """Pair, trips and quads ranks, straight structure, top rank and label pieces of a board rank pattern."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    pair_ranks = tuple(sorted((r for r, n in counts.items() if n == 2), reverse=True))
    trips_rank = next((r for r, n in counts.items() if n == 3), None)
    quads_rank = next((r for r, n in counts.items() if n == 4), None)
    structure = rank_structure(rank_mask(ranks))
    one_card = "oe" if len(structure.one_card) >= 2 else "gs" if structure.one_card else None
    top = max(ranks)
    flop = len(ranks) == 3
    change: tuple[str, ...] = ()
    structure_labels: list[str] = []
    straight_label: tuple[str, ...] = ()
    two_tone = "dry"
    pairing: tuple[str, ...] = ()
    if flop:
        pairing = ("trips_board",) if trips_rank is not None else ("paired",) if pair_ranks else ()
        distinct = sorted(set(ranks), reverse=True)
        if all(a - b <= 2 for a, b in itertools.pairwise(distinct)):
            two_tone = "wet"
        elif top >= _QUEEN:
            two_tone = "high"
    else:
        new_rank = ranks[-1]
        if new_rank in ranks[:-1]:
            change = ("paired",)
        elif new_rank >= _QUEEN:
            change = ("scare_high",)
        if len(pair_ranks) >= 2:
            structure_labels.append("double_paired")
        if trips_rank is not None:
            structure_labels.append("fh_board" if pair_ranks else "trips_board")
        if quads_rank is not None:
            structure_labels.append("quads_board")
        if one_card is not None:
            structure_labels.append(f"one_card_straight_{one_card}")
        if len(ranks) == 5 and structure.on_board:
            straight_label = ("board_straight",)
    descriptors: list[str] = []
    if structure.combos:
        descriptors.append(f"STRAIGHT POSSIBLE ({structure.combos})")
    if one_card is not None:
        descriptors.append("ONE-CARD STRAIGHT")
    if pair_ranks:
        descriptors.append(f"PAIRED ({len(pair_ranks)})")
    if trips_rank is not None:
        descriptors.append("TRIPS")
    if quads_rank is not None:
        descriptors.append("QUADS")
    if min(ranks) >= _TEN:
        descriptors.append("HIGH")
    elif top <= _NINE:
        descriptors.append("LOW")
    else:
        descriptors.append("MIXED")
    return (
        pair_ranks,
        trips_rank,
        quads_rank,
        structure,
        one_card,
        top,
        two_tone,
        pairing,
        change,
        tuple(structure_labels),
        straight_label,
        tuple(descriptors),
    )
