"""Hand classes: what the hero holds against the board, and what it can become.

:func:`classify_hand` returns a :class:`~pokergym.context.record.HandInfo`
with one of fifteen made classes and one of eight draw classes (or
``no_draw``), following the PokerSkill release.

Made hands, checked in this order:

1. A straight flush, quads or a full house that uses a hole card is ``nuts``.
2. *Special boards* decide the hand through a :class:`BoardOverride`
   (label, attack, defense): quads on board, a full house on board, trips on
   board, a double-paired board, five of a suit, five in a row. The hero's
   kicker, full house or improvement beyond the board sets the tier.
3. ``flush`` (with "Nth nut flush"), ``straight`` (one or two hole cards,
   nut or not), ``set`` (pocket pair), ``trips`` (a hole card on a board pair),
   ``two_pair`` (both hole cards pair an unpaired board).
4. One pair. The *pair level* counts the distinct unpaired board ranks above
   the pair (a board pair is left out): 0 is ``top_pair`` (``overpair`` for
   a pocket pair above every board card), 1 ``second_pair``, 2
   ``third_pair``, 3 or 4 ``fourth_fifth_pair``, more ``weak_showdown``.
   The *kicker position* is 1 + the ranks above the kicker, the pair's rank
   left out (AK on K72 is 1, K6 is 8).
5. High cards: ``nuts_high`` holds the highest rank missing from the board,
   ``second_high`` the next one with a kicker of ten or better (any kicker
   on a paired board), and on a paired board the third one is
   ``weak_showdown``. Everything else is ``trash``.

Draws (flop and turn; the river has none) are built from a flush draw (two
hole cards of a two-suited board, or one hole card of a three-suited one),
straight draws (open-ended when two ranks complete it, gutshot when one
does), backdoor draws on the flop and overcards, and ranked as the paper's
appendix E lists them. Overcard draws drop one tier on a flushy board
without a flush draw or a board with straight potential; in 3-bet pots they
drop one more tier unless the hand is AK, AQ/KQ/AJ with a backdoor flush
draw, or AJ/KJ/AT with both backdoor draws; in 4-bet and bigger pots only
AK with a backdoor flush draw keeps its tier (the release's rule, stricter
than the paper's text). Draws are not assessed on the special boards.

The rules, special boards and their JSON tiers included, live in the compiled
kernel :func:`._texture_kernel.hand_facts` (with :func:`._hand_kernel.hand_codes`
for ordinary boards); this module runs it and decodes its row.

Example:
    >>> from pokergym.cards import parse_cards
    >>> h = classify_hand(parse_cards("KsQd"), parse_cards("Kh7d2c"))
    >>> h.made, h.kicker_position, h.pair_level
    (<MadeClass.TOP_PAIR: 'top_pair'>, 2, 0)
    >>> classify_hand(parse_cards("5c4c"), parse_cards("7s6hJc")).draw
    <DrawClass.STRONG_DRAW: 'strong_draw'>
    >>> classify_hand(parse_cards("AsJd"), parse_cards("Kh7d2c")).made
    <MadeClass.NUTS_HIGH: 'nuts_high'>
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from pokergym.errors import ContextError

from ._budget_kernel import _POT_INDEX
from ._texture_kernel import HAND_FIELDS, hand_facts_of, hand_info
from .board import _board_row, analyze_board
from .record import BoardInfo, HandInfo, PotType

__all__ = ["classify_hand", "made_hand"]


@lru_cache(maxsize=1 << 16)
def classify_hand(hole: tuple[int, ...], board: tuple[int, ...], pot_type: PotType = PotType.SRP) -> HandInfo:
    """Classify the hero's made hand and draw.

    Args:
        hole: the two hole card codes.
        board: the 3 to 5 board card codes, in the order dealt.
        pot_type: the pot type; it moves overcard draws and special-board kicker tiers.

    Raises:
        ContextError: on a malformed hand or board, or repeated cards.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> classify_hand(parse_cards("QhQd"), parse_cards("Kh7d2c")).made
        <MadeClass.SECOND_PAIR: 'second_pair'>
        >>> classify_hand(parse_cards("AhKh"), parse_cards("Qh7h2c")).draw
        <DrawClass.STRONG_DRAW: 'strong_draw'>
    """
    if len(hole) != 2 or len({*hole, *board}) != len(board) + 2 or not (0 <= hole[0] < 52 and 0 <= hole[1] < 52):
        raise ContextError(f"need two distinct hole cards not on the board, got hole={hole!r} board={board!r}")
    analyze_board(board)  # checks the board
    return _classify(hole, board, pot_type, True)


def made_hand(hole: tuple[int, ...], board: tuple[int, ...], info: BoardInfo, pot_type: PotType) -> HandInfo:
    """Classify the made hand only: the :class:`HandInfo` with the draw left at ``no_draw``.

    The cards are not checked; ``info`` (the board's texture) is not read: the kernel works it out.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> board = parse_cards("7c7d7h")
        >>> made_hand(parse_cards("AsKd"), board, analyze_board(board), PotType.SRP).override.label
        'trips_board_kicker_1'
    """
    return _classify(hole, board, pot_type, False)


def _classify(hole: tuple[int, ...], board: tuple[int, ...], pot_type: PotType, with_draw: bool) -> HandInfo:
    """Run the texture kernel's hand classifier and decode its row."""
    cards, row = _board_row(board)
    out = np.empty(HAND_FIELDS)
    hand_facts_of(hole[0], hole[1], cards, len(board), _POT_INDEX[pot_type], with_draw, row, out)
    return hand_info(out)
