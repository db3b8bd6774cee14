"""Hand ranks on treys' scale: 1 (royal flush) .. 7462 (7-5-4-3-2 off-suit).

Lower is better, and the values are exactly those of
``treys.Evaluator().evaluate`` for every 5-, 6- and 7-card hand, so results can
be compared with treys (and converted with :mod:`~pokergym.evaluator.treys_compat`).

Two kinds of entry points:

* :func:`evaluate` validates its input (card strings or codes, 5..7 distinct
  cards) and raises :class:`~pokergym.errors.CardError` or
  :class:`~pokergym.errors.DuplicateCardError`. Treys does not validate: it
  returns a wrong rank for repeated cards and raises ``KeyError`` for fewer
  than five.
* :func:`rank5`, :func:`rank6`, :func:`rank7` and :func:`rank_unchecked` take
  card codes and check nothing -- they are the fast paths for code that
  already holds valid, distinct codes (the rules engine at showdown). Invalid
  input gives an arbitrary result or an ``IndexError``/``KeyError``.

Example:
    >>> evaluate("AsKsQsJsTs"), evaluate("7d5c4h3s2c")
    (1, 7462)
    >>> from pokergym.cards import Cards, parse_cards
    >>> rank7(*parse_cards("AhAd Kc Kd 2s 7h 9c"))
    2471
    >>> class_name(2471)
    'Two Pair'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from pokergym.cards import Cards, parse_cards
from pokergym.errors import CardError
from pokergym.evaluator.tables import CARD_KEYS, FLUSH_RANKS, FLUSH_SHIFT, NONFLUSH_RANKS, SUIT_BITS

__all__ = [
    "CLASS_BOUNDS",
    "CLASS_NAMES",
    "MAX_RANK",
    "TREYS_CLASS_NAMES",
    "class_name",
    "evaluate",
    "hand_class",
    "rank5",
    "rank6",
    "rank7",
    "rank_unchecked",
    "treys_class",
]

MAX_RANK = 7462
"""The worst rank (7-5-4-3-2 off-suit); the best is 1."""

CLASS_NAMES: tuple[str, ...] = (
    "Straight Flush",
    "Four of a Kind",
    "Full House",
    "Flush",
    "Straight",
    "Three of a Kind",
    "Two Pair",
    "Pair",
    "High Card",
)
"""Names of the nine hand classes, indexed by :func:`hand_class` (0 = best)."""

CLASS_BOUNDS: tuple[int, ...] = (10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462)
"""Worst (largest) rank of each class in :data:`CLASS_NAMES`; the same boundaries as treys."""

TREYS_CLASS_NAMES: tuple[str, ...] = ("Royal Flush", *CLASS_NAMES)
"""Treys' ten class names, indexed by :func:`treys_class`: treys gives rank 1 its own class 0."""


def _class_table() -> tuple[int, ...]:
    table: list[int] = []
    for cls, bound in enumerate(CLASS_BOUNDS):
        table.extend([cls] * (bound - len(table)))
    return tuple(table)


_CLASS_OF_RANK = _class_table()
"""``_CLASS_OF_RANK[rank - 1]`` is the class of ``rank``."""


def rank7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """Rank seven distinct card codes, unchecked (the fast path).

    Example:
        >>> rank7(*parse_cards("As Ks Qs Js Ts 2c 3d"))
        1
    """
    k = CARD_KEYS[a] + CARD_KEYS[b] + CARD_KEYS[c] + CARD_KEYS[d] + CARD_KEYS[e] + CARD_KEYS[f] + CARD_KEYS[g]
    shift = FLUSH_SHIFT[k & 4095]
    if shift:
        bits = SUIT_BITS[a] | SUIT_BITS[b] | SUIT_BITS[c] | SUIT_BITS[d] | SUIT_BITS[e] | SUIT_BITS[f] | SUIT_BITS[g]
        return FLUSH_RANKS[(bits >> shift) & 8191]
    return NONFLUSH_RANKS[k >> 12]


def rank6(a: int, b: int, c: int, d: int, e: int, f: int) -> int:
    """Rank six distinct card codes, unchecked.

    Example:
        >>> rank6(*parse_cards("2c 2d 2h 2s 3c 4c"))
        165
    """
    k = CARD_KEYS[a] + CARD_KEYS[b] + CARD_KEYS[c] + CARD_KEYS[d] + CARD_KEYS[e] + CARD_KEYS[f]
    shift = FLUSH_SHIFT[k & 4095]
    if shift:
        bits = SUIT_BITS[a] | SUIT_BITS[b] | SUIT_BITS[c] | SUIT_BITS[d] | SUIT_BITS[e] | SUIT_BITS[f]
        return FLUSH_RANKS[(bits >> shift) & 8191]
    return NONFLUSH_RANKS[k >> 12]


def rank5(a: int, b: int, c: int, d: int, e: int) -> int:
    """Rank five distinct card codes, unchecked.

    Example:
        >>> rank5(*parse_cards("5c 4d 3h 2s Ac"))
        1609
    """
    k = CARD_KEYS[a] + CARD_KEYS[b] + CARD_KEYS[c] + CARD_KEYS[d] + CARD_KEYS[e]
    shift = FLUSH_SHIFT[k & 4095]
    if shift:
        bits = SUIT_BITS[a] | SUIT_BITS[b] | SUIT_BITS[c] | SUIT_BITS[d] | SUIT_BITS[e]
        return FLUSH_RANKS[(bits >> shift) & 8191]
    return NONFLUSH_RANKS[k >> 12]


def rank_unchecked(cards: Sequence[int]) -> int:
    """Rank 5..7 distinct card codes given as a sequence, unchecked.

    Example:
        >>> rank_unchecked(parse_cards("Ah Ad Ac Kh Kd"))
        167
    """
    k = 0
    bits = 0
    for card in cards:
        k += CARD_KEYS[card]
        bits |= SUIT_BITS[card]
    shift = FLUSH_SHIFT[k & 4095]
    if shift:
        return FLUSH_RANKS[(bits >> shift) & 8191]
    return NONFLUSH_RANKS[k >> 12]


def evaluate(cards: Cards) -> int:
    """Rank a 5-, 6- or 7-card hand, with full input validation.

    Args:
        cards: a card string (``"AsKd7h2c3d"``, spaces/commas allowed), a
            list of card strings, or a list of card codes ``0..51``.

    Returns:
        The treys rank, 1 (royal flush) .. 7462 (worst high card).

    Raises:
        CardError: for a malformed card, a code out of range, or a count other
            than 5, 6 or 7.
        DuplicateCardError: if a card appears twice.

    Example:
        >>> evaluate(["Ah", "Kh", "Qh", "Jh", "9h"])
        323
        >>> evaluate("AsKd")
        Traceback (most recent call last):
        ...
        pokergym.errors.CardError: a hand needs 5, 6 or 7 cards, got 2
    """
    if isinstance(cards, list | tuple) and 5 <= len(cards) <= 7:
        seen = 0
        for card in cards:  # fast path for valid plain-int codes; anything else goes through parse_cards
            if type(card) is not int or not 0 <= card < 52 or (seen >> card) & 1:
                break
            seen |= 1 << card
        else:
            return rank_unchecked(cast("Sequence[int]", cards))
    codes = parse_cards(cards)
    if not 5 <= len(codes) <= 7:
        raise CardError(f"a hand needs 5, 6 or 7 cards, got {len(codes)}")
    return rank_unchecked(codes)


def _check_rank(rank: int) -> None:
    if not 1 <= rank <= MAX_RANK:
        raise ValueError(f"hand rank must be in 1..{MAX_RANK}, got {rank}")


def hand_class(rank: int) -> int:
    """Class of a rank: 0 = straight flush .. 8 = high card (index into :data:`CLASS_NAMES`).

    Raises:
        ValueError: if ``rank`` is outside ``1..7462``.

    Example:
        >>> hand_class(1), hand_class(11), hand_class(7462)
        (0, 1, 8)
    """
    _check_rank(rank)
    return _CLASS_OF_RANK[rank - 1]


def class_name(rank: int) -> str:
    """Name of the class of a rank, e.g. ``"Full House"`` (the royal flush is a ``"Straight Flush"``).

    Raises:
        ValueError: if ``rank`` is outside ``1..7462``.

    Example:
        >>> class_name(1), class_name(200)
        ('Straight Flush', 'Full House')
    """
    return CLASS_NAMES[hand_class(rank)]


def treys_class(rank: int) -> int:
    """Treys' class of a rank: ``treys.Evaluator().get_rank_class(rank)``.

    Treys splits off rank 1 as class 0 "Royal Flush", so its classes run
    0..9 and equal :func:`hand_class` + 1 for every other rank. Names are in
    :data:`TREYS_CLASS_NAMES`.

    Raises:
        ValueError: if ``rank`` is outside ``1..7462``.

    Example:
        >>> treys_class(1), treys_class(2), TREYS_CLASS_NAMES[treys_class(1)]
        (0, 1, 'Royal Flush')
    """
    return 0 if rank == 1 else hand_class(rank) + 1
