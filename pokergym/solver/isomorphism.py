"""Suit isomorphism at chance nodes: deal one card of each class of cards that differ only by interchangeable suits.

Two suits are interchangeable at a chance node when swapping them leaves the board
and both players' ranges unchanged (on ``Td9d6h``, clubs and spades; on a
monotone flop, the three other suits). The subtree under ``7s`` is then the
subtree under ``7c`` with the two suits swapped everywhere, so a solver walks only
``7c`` (the *canonical* card, the lowest suit of its class) and reads the values
of ``7s`` (its *twin*) off it: the value of a hand ``h`` after ``7s`` is the value
of ``h`` with the suits swapped after ``7c``. The game is unchanged; the tree
under the chance node shrinks by the share of twins (on ``Td9d6h``, 13 of 49 turn
cards, and 13 of 48 river cards under every turn that keeps clubs and spades alike).

Example:
    >>> from pokergym.cards import format_card, parse_cards
    >>> from pokergym.solver.ranges import Range
    >>> ranges = (Range.parse("22+,AKs"), Range.parse("QQ+,T9s"))
    >>> board = parse_cards("Td9d6h")
    >>> deal = deal_classes([c for c in range(52) if c not in board], board, symmetric_swaps(ranges))
    >>> len(deal.cards), sum(len(t) for t in deal.twins)
    (36, 13)
    >>> [(format_card(card), SWAPS[swap]) for card, swap in deal.twins[deal.cards.index(parse_cards("7c")[0])]]
    [('7s', (0, 3))]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokergym.evaluator.combos import permuted_combos

if TYPE_CHECKING:
    from pokergym.solver.ranges import Range

__all__ = ["SWAPS", "DealClasses", "board_swaps", "deal_classes", "hand_images", "swap_suits", "symmetric_swaps"]

SWAPS: Final = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
"""The six transpositions of two suits; a twin names its swap by its index here."""


class DealClasses(NamedTuple):
    """What a chance node deals once suit isomorphism is applied.

    Attributes:
        cards: the canonical cards, ascending: each is walked.
        twins: per canonical card, its twins as ``(card, swap)`` pairs: ``card`` is the canonical card with the
            suits of :data:`SWAPS` ``[swap]`` exchanged, and its subtree is the canonical card's with those suits
            exchanged.
    """

    cards: tuple[int, ...]
    twins: tuple[tuple[tuple[int, int], ...], ...]


def swap_suits(card: int, swap: int) -> int:
    """``card`` with the two suits of :data:`SWAPS` ``[swap]`` exchanged.

    Example:
        >>> swap_suits(0, 0), swap_suits(3, 2)  # 2c -> 2d, 2s -> 2c
        (1, 0)
    """
    a, b = SWAPS[swap]
    suit = card & 3
    return card - suit + (b if suit == a else a if suit == b else suit)


def _swapped_combos(swap: int) -> npt.NDArray[np.int64]:
    """Each combo's index once the two suits of ``SWAPS[swap]`` are exchanged."""
    suits = [swap_suits(suit, swap) for suit in range(4)]  # a suit code is the card code of a deuce
    return permuted_combos((suits[0], suits[1], suits[2], suits[3]))


def symmetric_swaps(ranges: Sequence[Range]) -> tuple[int, ...]:
    """Indices into :data:`SWAPS` of the suit swaps that leave every range's weights exactly unchanged."""
    out = []
    for swap in range(len(SWAPS)):
        image = _swapped_combos(swap)
        if all(np.array_equal(r.weights, r.weights[image]) for r in ranges):
            out.append(swap)
    return tuple(out)


def board_swaps(board: Sequence[int], swaps: Sequence[int]) -> tuple[int, ...]:
    """The swaps among ``swaps`` that leave ``board`` unchanged (their two suits hold the same ranks on it).

    Example:
        >>> from pokergym.cards import parse_cards
        >>> [SWAPS[s] for s in board_swaps(parse_cards("Td9d6h"), range(6))]
        [(0, 3)]
    """
    ranks: list[set[int]] = [set(), set(), set(), set()]
    for card in board:
        ranks[card & 3].add(card >> 2)
    return tuple(s for s in swaps if ranks[SWAPS[s][0]] == ranks[SWAPS[s][1]])


def deal_classes(candidates: Sequence[int], board: Sequence[int], swaps: Sequence[int]) -> DealClasses:
    """Split the ``candidates`` a chance node after ``board`` deals into canonical cards and their twins.

    ``swaps`` are the suit swaps that leave both ranges and every earlier board of the hand unchanged (the
    strategies that led here are then symmetric too: :attr:`Spot.suit_swaps`); of those, the ones that also leave
    ``board`` unchanged make suits interchangeable. A card's canonical suit is the lowest suit interchangeable with
    its own. Every candidate is either canonical or the twin of exactly one canonical card.
    """
    pairs = {SWAPS[s] for s in board_swaps(board, swaps)}
    canonical: dict[int, list[tuple[int, int]]] = {}
    for card in sorted(candidates):
        suit = card & 3
        low = next((t for t in range(suit) if (t, suit) in pairs), suit)
        if low == suit:
            canonical.setdefault(card, [])
            continue
        base = card - suit + low
        canonical.setdefault(base, []).append((card, SWAPS.index((low, suit))))
    if any(base not in candidates for base in canonical):  # a board unchanged by the swap deals both or neither
        raise AssertionError("a canonical card is not among the candidates")
    cards = tuple(sorted(canonical))
    return DealClasses(cards, tuple(tuple(canonical[c]) for c in cards))


def hand_images(hands: Sequence[npt.NDArray[np.intp]], swaps: Sequence[int]) -> npt.NDArray[np.int64]:
    """``(6, 2, n_max)``: for each swap in ``swaps`` and player, the position in ``hands[p]`` of each hand's image.

    A hand whose image is not in the list (it holds a card of the spot's board's image: a card the node's board
    holds whenever the swap applies, so the hand is blocked there) and every hand under a swap not in ``swaps``
    map to themselves; nothing reads those entries.
    """
    n_max = max(len(h) for h in hands)
    out = np.tile(np.arange(n_max, dtype=np.int64), (len(SWAPS), 2, 1))
    for swap in swaps:
        image = _swapped_combos(swap)
        for p, combos in enumerate(hands):
            position = {int(c): i for i, c in enumerate(combos)}
            out[swap, p, : len(combos)] = [position.get(int(image[c]), i) for i, c in enumerate(combos)]
    return out
