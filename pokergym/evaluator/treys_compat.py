"""Convert card codes to and from treys' 32-bit card integers.

A treys card packs, from the low bits up: the rank's prime (2, 3, 5, .. 41) in
bits 0..7, the rank (0..12) in bits 8..11, one suit bit in 12..15
(spades 1, hearts 2, diamonds 4, clubs 8) and a one-hot rank bit in 16..28.
The conversion here is computed from that layout; tests check it against
``treys.Card.new``. Ranks from :func:`~pokergym.evaluator.evaluate` equal
``treys.Evaluator().evaluate(to_treys_list(hole), to_treys_list(board))``.

Example:
    >>> from pokergym.cards import parse_card
    >>> to_treys(parse_card("Kd"))
    134236965
    >>> from_treys(134236965) == parse_card("Kd")
    True
"""

from __future__ import annotations

from collections.abc import Iterable

from pokergym.errors import CardError

__all__ = ["from_treys", "from_treys_list", "to_treys", "to_treys_list"]

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_SUIT_BIT = (8, 4, 2, 1)  # clubs, diamonds, hearts, spades

_TREYS_OF: tuple[int, ...] = tuple(
    (1 << (16 + (c >> 2))) | (_SUIT_BIT[c & 3] << 12) | ((c >> 2) << 8) | _PRIMES[c >> 2] for c in range(52)
)
_CODE_OF: dict[int, int] = {t: c for c, t in enumerate(_TREYS_OF)}


def to_treys(card: int) -> int:
    """Treys integer of a card code ``0..51``.

    Raises:
        CardError: if ``card`` is out of range.

    Example:
        >>> to_treys(0)  # 2c
        98306
    """
    if not 0 <= card < 52:
        raise CardError(f"card code {card} out of range 0..51")
    return _TREYS_OF[card]


def from_treys(treys_card: int) -> int:
    """Card code of a treys card integer.

    Raises:
        CardError: if ``treys_card`` is not a valid treys card.

    Example:
        >>> from_treys(98306)
        0
    """
    code = _CODE_OF.get(treys_card)
    if code is None:
        raise CardError(f"{treys_card!r} is not a treys card integer")
    return code


def to_treys_list(cards: Iterable[int]) -> list[int]:
    """Treys integers of several card codes (the list form treys' functions take).

    Example:
        >>> to_treys_list([0, 51]) == [to_treys(0), to_treys(51)]
        True
    """
    return [to_treys(c) for c in cards]


def from_treys_list(treys_cards: Iterable[int]) -> list[int]:
    """Card codes of several treys card integers.

    Example:
        >>> from_treys_list(to_treys_list([5, 7]))
        [5, 7]
    """
    return [from_treys(t) for t in treys_cards]
