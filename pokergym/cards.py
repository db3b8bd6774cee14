"""Card codes and parsing.

Inside pokergym a card is an ``int`` in ``0..51`` equal to ``rank * 4 + suit``,
with ranks ``0..12`` for deuce..ace and suits ``0..3`` for clubs, diamonds,
hearts, spades (the ACPC numbering). Strings such as ``"As"`` or ``"Td"`` are
only used at the edges: parsing validates them and rejects malformed text and
repeated cards with a :class:`~pokergym.errors.CardError`.

Example:
    >>> parse_cards("AsKd")
    (51, 45)
    >>> format_cards(parse_cards(["Td", "2c"]))
    'Td2c'
    >>> parse_cards("AsAs")
    Traceback (most recent call last):
    ...
    pokergym.errors.DuplicateCardError: duplicate card 'As' in 'AsAs'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from pokergym.errors import CardError, DuplicateCardError

__all__ = [
    "CARD_STRINGS",
    "RANKS",
    "SUITS",
    "Cards",
    "format_card",
    "format_cards",
    "make_card",
    "parse_card",
    "parse_cards",
    "rank_of",
    "suit_of",
    "validate_cards",
]

RANKS = "23456789TJQKA"
"""Rank characters, index = rank code (0 = deuce, 12 = ace)."""
SUITS = "cdhs"
"""Suit characters, index = suit code (0 = clubs ... 3 = spades)."""

Cards = str | Sequence[str | int] | np.ndarray
"""What :func:`parse_cards` reads: a card string, or a list, tuple or 1-D array of names or codes."""

CARD_STRINGS: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
"""``CARD_STRINGS[c]`` is the two-character name of card code ``c``."""

_CODE_OF: dict[str, int] = {name: code for code, name in enumerate(CARD_STRINGS)}
# Accept lower-case ranks and upper-case suits ("ah", "AH", "tD") as well.
for _code, _name in enumerate(CARD_STRINGS):
    for _variant in (_name.lower(), _name.upper(), _name[0].lower() + _name[1]):
        _CODE_OF.setdefault(_variant, _code)


def make_card(rank: int, suit: int) -> int:
    """Return the card code of a rank (0..12) and suit (0..3).

    Example:
        >>> make_card(12, 3)
        51
    """
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise CardError(f"rank must be in 0..12 and suit in 0..3, got rank={rank}, suit={suit}")
    return rank * 4 + suit


def rank_of(card: int) -> int:
    """Return the rank code (0 = deuce .. 12 = ace) of a card code.

    Example:
        >>> rank_of(parse_card("Qh"))
        10
    """
    return card >> 2


def suit_of(card: int) -> int:
    """Return the suit code (0 = clubs .. 3 = spades) of a card code.

    Example:
        >>> SUITS[suit_of(parse_card("Qh"))]
        'h'
    """
    return card & 3


def parse_card(text: str) -> int:
    """Parse one two-character card such as ``"As"`` into its code.

    Raises:
        CardError: if ``text`` is not a rank character followed by a suit character.

    Example:
        >>> parse_card("2c"), parse_card("As")
        (0, 51)
    """
    code = _CODE_OF.get(text) if isinstance(text, str) else None
    if code is None:
        raise CardError(
            f"malformed card {text!r}: expected a rank from {RANKS!r} followed by a suit from {SUITS!r}, "
            f"e.g. 'As'{_ten_hint(text)}"
        )
    return code


def _ten_hint(text: object) -> str:
    """A hint for the common mistake of writing a ten as ``10``, else nothing."""
    return " (write a ten as 'T', e.g. 'Th', not '10h')" if isinstance(text, str) and "10" in text else ""


def parse_cards(cards: Cards) -> tuple[int, ...]:
    """Parse cards given as a string, or a list, tuple or 1-D array of names or codes.

    Strings may be concatenated (``"AsKd"``) or separated by spaces or commas
    (``"As Kd"``, ``"As,Kd"``). Items of a sequence are card names or integer
    codes (numpy integers included), checked to be in ``0..51``. The cards
    must be distinct. Other containers are refused rather than guessed at:
    bytes would read as codes, sets and dicts have no card order, and an
    iterator would be used up by the error message.

    Raises:
        CardError: on a malformed card, a code out of range, an item that is
            neither a name nor a code, or a container that is not a string,
            list, tuple or 1-D array.
        DuplicateCardError: if a card appears twice.

    Example:
        >>> parse_cards("As Kd, 2c")
        (51, 45, 0)
        >>> parse_cards([0, 51])
        (0, 51)
    """
    if isinstance(cards, str):
        compact = cards.replace(",", " ").replace(" ", "")
        if len(compact) % 2:
            raise CardError(f"malformed card string {cards!r}: odd number of characters{_ten_hint(cards)}")
        codes = tuple(parse_card(compact[i : i + 2]) for i in range(0, len(compact), 2))
    else:
        codes = tuple(_card_code(item) for item in _card_items(cards))
    validate_cards(codes, source=cards)
    return codes


def _card_items(cards: object) -> Sequence[object] | np.ndarray:
    """``cards`` if it is a list, tuple or 1-D array (the containers that hold cards in order)."""
    if isinstance(cards, np.ndarray) and cards.ndim == 1:
        return cards
    if isinstance(cards, Sequence) and not isinstance(cards, bytes | bytearray | memoryview):
        return cards
    shape = f"a {cards.ndim}-dimensional array" if isinstance(cards, np.ndarray) else type(cards).__name__
    raise CardError(
        f"cards must be a string such as 'AsKd' or a list, tuple or array of card names or codes 0..51, got {shape}"
    )


def _card_code(item: object) -> int:
    """The code of one item of a card sequence: a card name or an integer code."""
    if isinstance(item, str):
        return parse_card(item.strip())
    if isinstance(item, int | np.integer) and not isinstance(item, bool):
        value = int(item)
        if not 0 <= value < 52:
            raise CardError(f"card code {value} out of range 0..51")
        return value
    raise CardError(f"cannot read {item!r} as a card: use a string like 'As' or a code 0..51")


def validate_cards(codes: Iterable[int], source: object = None) -> None:
    """Check that card codes are in range and pairwise distinct.

    Args:
        codes: card codes to check.
        source: what the caller parsed, only used in the error message.

    Raises:
        CardError: if a code is outside ``0..51``.
        DuplicateCardError: if a code appears twice.

    Example:
        >>> validate_cards([0, 1, 2])
        >>> validate_cards([5, 5])
        Traceback (most recent call last):
        ...
        pokergym.errors.DuplicateCardError: duplicate card '3d' in [5, 5]
    """
    codes = tuple(codes)
    seen = 0
    for code in codes:
        if type(code) is not int or not 0 <= code < 52:  # the common case costs two tests
            code = _checked_code(code)
        bit = 1 << code
        if seen & bit:
            where = source if source is not None else list(codes)
            raise DuplicateCardError(f"duplicate card {CARD_STRINGS[code]!r} in {where!r}")
        seen |= bit


def _checked_code(card: object) -> int:
    """``card`` as a card code, checked.

    Raises:
        CardError: if ``card`` is not an integer (a bool is not one) in 0..51.
    """
    index = getattr(card, "__index__", None)
    if index is None or isinstance(card, bool):
        raise CardError(f"a card code is an integer 0..51 (parse_cards reads text), got {card!r}")
    code: int = index()
    if not 0 <= code < 52:
        raise CardError(f"card code {code} out of range 0..51")
    return code


def format_card(card: int) -> str:
    """Return the two-character name of a card code.

    Example:
        >>> format_card(51)
        'As'
    """
    return CARD_STRINGS[card if type(card) is int and 0 <= card < 52 else _checked_code(card)]


def format_cards(cards: Iterable[int], sep: str = "") -> str:
    """Return the names of several card codes joined by ``sep``.

    Example:
        >>> format_cards([51, 47], sep=" ")
        'As Ks'
    """
    return sep.join(format_card(c) for c in cards)
