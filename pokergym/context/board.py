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

The rules live in the compiled kernel :func:`._texture_kernel.board_facts`;
:func:`analyze_board` decodes its row and adds the descriptors printed in
prompts. :func:`straight_top` serves Python callers (the CFR abstraction).

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

from functools import lru_cache

import numpy as np

from pokergym.errors import ContextError

from ._texture_kernel import BOARD_FIELDS, board_facts, board_info, pack_board
from .record import BoardInfo, new_record

__all__ = ["STRAIGHT_TOPS", "WINDOWS", "analyze_board", "rank_mask", "straight_top"]

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


@lru_cache(maxsize=1 << 14)
def _board_row(board: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """A board packed for the kernels (:func:`pack_board`) and its :func:`board_facts` row, cached: read only."""
    cards = pack_board(board)
    row = np.empty(BOARD_FIELDS, dtype=np.int64)
    board_facts(cards, len(board), row)
    return cards, row


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
    if not 3 <= len(board) <= 5 or len(set(board)) != len(board) or min(board) < 0 or max(board) > 51:
        raise ContextError(f"a board needs 3 to 5 distinct card codes in 0..51, got {board!r}")
    info = board_info(_board_row(board)[1])
    # Every field, in order (see new_record), the descriptors added.
    return new_record(BoardInfo, (*info[:2], _descriptors(info, min(board) >> 2), *info[3:]))


def _descriptors(info: BoardInfo, low_rank: int) -> tuple[str, ...]:
    """The words a prompt prints for a board: suits, straights, pairing, height."""
    words = [_SUIT_WORD[info.suit_max]]
    if info.straight_combos:
        words.append(f"STRAIGHT POSSIBLE ({info.straight_combos})")
    if info.one_card_straight is not None:
        words.append("ONE-CARD STRAIGHT")
    if info.pair_ranks:
        words.append(f"PAIRED ({len(info.pair_ranks)})")
    if info.trips_rank is not None:
        words.append("TRIPS")
    if info.quads_rank is not None:
        words.append("QUADS")
    words.append("HIGH" if low_rank >= _TEN else "LOW" if info.top_rank <= _NINE else "MIXED")
    return tuple(words)
