"""Board texture: suit and rank structure of the flop, turn and river.

The labels follow the PokerSkill release (see ``shared/reference``):

* Flop: a rainbow flop is ``dry`` (even when connected), a monotone flop is
  ``wet`` and ``monotone``. A two-tone flop is ``wet`` when both gaps between
  its sorted distinct ranks are at most two (the ace only counts high), else
  ``high`` when its top card is a queen or better, else ``dry``. A pair adds
  ``paired``; three of a rank adds ``trips_board`` instead.
* Turn: ``very_wet`` (four of a suit), ``wet`` (three of a suit, or two suits
  with two cards each), ``neutral`` (one suit with two), ``very_dry``
  (rainbow); then what the new card did: ``paired``, ``scare_high`` (a queen,
  king or ace that does not pair), ``scare_wet`` (its suit reaches three),
  and the structure: ``double_paired``, ``trips_board``, ``quads_board``,
  ``one_card_straight_oe`` / ``one_card_straight_gs``.
* River: ``very_wet`` (four or more of a suit), ``slightly_wet`` (exactly
  three), else ``dry``; the turn's added labels plus ``fh_board``,
  ``board_straight`` and ``board_flush``.

Straight counting works on rank sets. A *straight window* is five
consecutive ranks (the wheel A-2-3-4-5 included). The number of two-card
straight possibilities is the number of distinct pairs of missing ranks over
the windows that hold exactly three board ranks. The paper's sample river
7-6-J-6-9 has three such windows but only two holdings (8-5 and T-8) make a
straight, and the release prints 2, so pokergym counts holdings, not windows.
A rank completes a *one-card straight* when some window holds four board
ranks and misses only that rank: two or more such ranks are open-ended
(``oe``), one is a gutshot (``gs``).

Straight facts are computed once per rank set (13-bit mask), the best
straight of every mask is a table (:data:`STRAIGHT_TOPS`), the other rank
facts are cached per rank pattern (earlier ranks, last rank), and
:func:`analyze_board` is cached on the board tuple.

Example:
    >>> from pokergym.cards import parse_cards
    >>> analyze_board(parse_cards("Ks7d2c")).labels
    ('dry',)
    >>> analyze_board(parse_cards("9c8c6d")).labels
    ('wet',)
    >>> b = analyze_board(parse_cards("4c9c4s"))
    >>> b.labels, b.descriptors
    (('dry', 'paired'), ('TWO-TONE', 'PAIRED (1)', 'LOW'))
    >>> analyze_board(parse_cards("7s6hJc6c9h")).straight_combos
    2
"""

from __future__ import annotations

import itertools
from functools import cache, lru_cache

import numpy as np

from pokergym.engine.actions import Street
from pokergym.errors import ContextError

from .record import BoardInfo, new_record

# Enum members as module constants: Python 3.11 reaches ``Enum.MEMBER`` through a slow descriptor.
_STREET_FLOP = Street.FLOP
_STREET_RIVER = Street.RIVER
_STREET_TURN = Street.TURN

__all__ = ["STRAIGHT_TOPS", "WINDOWS", "RankStructure", "analyze_board", "rank_mask", "rank_structure", "straight_top"]

_QUEEN = 10
_TEN = 8
_NINE = 7

WINDOWS: tuple[tuple[int, int], ...] = tuple(
    [(top, 0b11111 << (top - 4)) for top in range(12, 3, -1)] + [(3, (1 << 12) | 0b1111)]
)
"""Straight windows as ``(top rank, 13-bit rank mask)``, highest first (the wheel last, top 3)."""
_ALL_RANKS = (1 << 13) - 1


def rank_mask(ranks: list[int] | tuple[int, ...]) -> int:
    """Return the 13-bit mask of a collection of ranks.

    Example:
        >>> bin(rank_mask([0, 12]))
        '0b1000000000001'
    """
    mask = 0
    for r in ranks:
        mask |= 1 << r
    return mask


def _straight_tops() -> tuple[int, ...]:
    masks = np.arange(1 << 13)
    tops = np.full(1 << 13, -1)
    for top, window in reversed(WINDOWS):  # the wheel first: higher windows overwrite lower ones
        tops[masks & window == window] = top
    return tuple(tops.tolist())


STRAIGHT_TOPS: tuple[int, ...] = _straight_tops()
"""``STRAIGHT_TOPS[mask]``: :func:`straight_top` of every 13-bit rank mask, as a table."""


def straight_top(mask: int) -> int:
    """Top rank of the best straight inside a rank mask, or -1 when there is none.

    Example:
        >>> straight_top(rank_mask([12, 0, 1, 2, 3])), straight_top(rank_mask([1, 2, 3]))
        (3, -1)
    """
    return STRAIGHT_TOPS[mask & _ALL_RANKS]


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
