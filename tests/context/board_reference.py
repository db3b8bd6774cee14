"""The board texture as first written in Python: the frozen reference of the texture kernel.

:func:`analyze_board`, :class:`RankStructure` and :func:`_rank_facts` are
``pokergym/context/board.py`` as it stood before the compiled kernel
(:func:`pokergym.context._texture_kernel.board_facts`) became the one
implementation; the differential tests compare the kernel's decoded
``BoardInfo`` with them. A rule change goes to the kernel, and here only when
the tests should pin the new behaviour.

:func:`rank_counts` is the dictionary-counting code that the bit masks of
:func:`_rank_facts` replaced, kept as written and uncached. Only the counting
changed (the labels built from the counts did not), so
``tests/context/test_context_memos.py`` compares the first six facts of the
two on every rank pattern a board can have.
"""

from __future__ import annotations

import itertools
from functools import cache, lru_cache

from pokergym.context.board import WINDOWS, rank_mask
from pokergym.context.record import BoardInfo, new_record
from pokergym.engine.actions import Street
from pokergym.errors import ContextError

_STREET_FLOP = Street.FLOP
_STREET_RIVER = Street.RIVER
_STREET_TURN = Street.TURN
_QUEEN = 10
_TEN = 8
_NINE = 7


class RankStructure:
    """Straight facts of one board rank set, computed once and shared.

    Attributes:
        combos: distinct two-card rank holdings that complete a straight.
        potential: whether three or more board ranks share a window.
        one_card: ranks completing a straight together with the board (one hole card).
        on_board: whether the board ranks already form a straight.
        nut_top: top of the highest straight any holding can make, or ``None``.
    """

    __slots__ = ("combos", "nut_top", "on_board", "one_card", "potential")

    def __init__(self, mask: int) -> None:
        """Work out the straight facts of ``mask``."""
        pairs: set[int] = set()
        singles: set[int] = set()
        nut_top: int | None = None
        potential = False
        on_board = False
        for top, window in WINDOWS:
            hit = (mask & window).bit_count()
            if hit >= 3:
                potential = True
                if nut_top is None:
                    nut_top = top
            if hit == 3:
                pairs.add(window & ~mask)
            elif hit == 4:
                singles.add((window & ~mask).bit_length() - 1)
            elif hit == 5:
                on_board = True
        self.combos = len(pairs)
        self.potential = potential
        self.one_card = tuple(sorted(singles, reverse=True))
        self.on_board = on_board
        self.nut_top = nut_top


@cache
def rank_structure(mask: int) -> RankStructure:
    """The cached :class:`RankStructure` of a board rank mask.

    Example:
        >>> rank_structure(rank_mask([8, 7, 6])).combos   # T98
        3
        >>> rank_structure(rank_mask([12, 11, 10])).combos   # AKQ
        1
    """
    return RankStructure(mask)


_STREET_OF_SIZE = {3: _STREET_FLOP, 4: _STREET_TURN, 5: _STREET_RIVER}
_SUIT_WORD = {1: "RAINBOW", 2: "TWO-TONE", 3: "FLUSH POSSIBLE", 4: "FOUR-FLUSH", 5: "FLUSH ON BOARD"}


@lru_cache(maxsize=1 << 16)
def analyze_board(board: tuple[int, ...]) -> BoardInfo:
    """Label the texture and structure of a 3-, 4- or 5-card board.

    Args:
        board: card codes in the order dealt (the turn and river cards last).

    Raises:
        ContextError: if the board does not have 3 to 5 distinct valid cards.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> b = analyze_board(parse_cards("Ks7d2cAh"))
        >>> b.labels, b.street.name
        (('very_dry', 'scare_high'), 'TURN')
        >>> analyze_board(parse_cards("7s6hJc6c")).labels
        ('neutral', 'paired')
    """
    street = _STREET_OF_SIZE.get(len(board))
    if street is None or len(set(board)) != len(board) or min(board) < 0 or max(board) > 51:
        raise ContextError(f"a board needs 3 to 5 distinct card codes in 0..51, got {board!r}")
    (
        pair_ranks,
        trips_rank,
        quads_rank,
        structure,
        one_card,
        top,
        two_tone,
        pairing,
        change,
        structure_labels,
        straight_label,
        descriptor_tail,
    ) = _rank_facts((*sorted([c >> 2 for c in board[:-1]]), board[-1] >> 2))
    suit_counts = [0, 0, 0, 0]
    for c in board:
        suit_counts[c & 3] += 1
    suit_max = max(suit_counts)
    if street == _STREET_FLOP:
        if suit_max == 1:
            labels: tuple[str, ...] = ("dry", *pairing)
        elif suit_max == 3:
            labels = ("wet", "monotone", *pairing)
        else:
            labels = (two_tone, *pairing)
    else:
        if street == _STREET_TURN:
            twos = suit_counts.count(2)
            if suit_max >= 4:
                base = "very_wet"
            elif suit_max == 3 or twos == 2:
                base = "wet"
            elif twos == 1:
                base = "neutral"
            else:
                base = "very_dry"
        elif suit_max >= 4:
            base = "very_wet"
        elif suit_max == 3:
            base = "slightly_wet"
        else:
            base = "dry"
        scare_wet = ("scare_wet",) if suit_counts[board[-1] & 3] >= 3 else ()
        flush_label = ("board_flush",) if suit_max == 5 else ()
        labels = (base, *change, *scare_wet, *structure_labels, *straight_label, *flush_label)
    # Every field, in order (see new_record).
    return new_record(
        BoardInfo,
        (
            street,
            labels,
            (_SUIT_WORD[suit_max], *descriptor_tail),
            suit_max,
            suit_counts.index(suit_max) if suit_max >= 3 else None,
            pair_ranks,
            trips_rank,
            quads_rank,
            structure.combos,
            structure.potential,
            structure.one_card,
            one_card,
            structure.on_board,
            structure.nut_top,
            top,
        ),
    )


_RankFacts = tuple[
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


@lru_cache(maxsize=1 << 15)
def _rank_facts(ranks: tuple[int, ...]) -> _RankFacts:
    """Everything about a board that depends on its ranks only.

    Only the last card's rank and the earlier ranks as a multiset matter:
    :func:`analyze_board` passes the earlier ranks sorted, so the boards
    dealt in any order share one cache entry (under 31,000 in all).

    Returns pair ranks, trips rank, quads rank, the straight structure, the
    one-card straight kind, the top rank, then label pieces: the texture of
    the flop if it is two-tone, the flop's pairing label, the turn or river
    card's change label, the structure labels, the board-straight label and
    the descriptors after the suit word. Suits are added by :func:`analyze_board`.
    """
    # Rank masks: seen at least once, twice, three times, four times.
    once = twice = thrice = four = 0
    for r in ranks:
        bit = 1 << r
        four |= thrice & bit
        thrice |= twice & bit
        twice |= once & bit
        once |= bit
    pairs = twice & ~thrice  # at most two pairs fit on five cards
    trips = thrice & ~four
    pair_ranks: tuple[int, ...] = ()
    if pairs:
        high = pairs.bit_length() - 1
        low = pairs ^ (1 << high)
        pair_ranks = (high, low.bit_length() - 1) if low else (high,)
    trips_rank = trips.bit_length() - 1 if trips else None
    quads_rank = four.bit_length() - 1 if four else None
    structure = rank_structure(once)
    n_one_card = len(structure.one_card)
    one_card = "oe" if n_one_card >= 2 else "gs" if n_one_card else None
    top = once.bit_length() - 1
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
