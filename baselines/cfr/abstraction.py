"""Card abstraction of the LiveGTO method: 5 flop textures x 9 hand buckets.

A board is summarised by the *texture* of its first three cards (the flop),
and a hand by a *bucket*, an ordered class from ``premium`` (best) to ``air``
(worst) that reads both the made hand and the draws, and that is stricter on
"scary" textures (``wet`` and ``monotone``), where straights and flushes come
easily. The rules are those of the LiveGTO solver (see
``shared/reference/livegto-cfr.md``), restated here and implemented anew.

Textures, tested in this order on the flop: at least three cards of one suit
is ``monotone``; any pair is ``paired``; two cards of one suit with a largest
gap between sorted ranks of at most 2 is ``wet``; at least two cards ten or
higher is ``high_dry``; anything else is ``low_dry``. On the turn and river the
texture stays the flop's, so a hand's texture never changes within a hand.

Buckets, by the best made hand the hole cards take part in:

* straight flush, quads, full house: ``premium``;
* flush: by the highest hole card of the flush suit: ace ``premium``, king or
  queen ``nut``, lower ``strong``;
* straight: using both hole cards ``nut``, one hole card ``strong``
  (one step lower, ``strong`` and ``good``, on a scary texture);
* set (pocket pair matching a board card): top set ``premium``, lower set
  ``nut`` (one step lower when scary); trips (one hole card matching a board
  pair) ``strong`` (``good`` when scary);
* two pair (each hole card pairing a board card): the two highest board
  ranks ``nut``, any other two ``strong`` (one step lower when scary);
* overpair: QQ+ ``strong``, TT-JJ ``good`` (one step lower when scary), 99 and
  lower ``medium``; underpair above the second-highest board rank ``medium``,
  else ``weak_made``;
* a hole card pairing the top board rank: ace kicker ``strong``, K/Q/J kicker
  ``good`` (one step lower when scary), lower kicker ``medium``; pairing a
  middle board rank: ``draw`` with a flush draw or an open-ended straight draw,
  else ``medium`` (``weak_made`` when scary); pairing the lowest board rank
  ``weak_made``;
* no pair: flush draw with a straight draw ``nut``, flush draw or open-ended
  straight draw ``draw``, gutshot or backdoor flush draw ``weak_draw``, an
  ace or king above every board card ``weak_draw``, anything else ``air``.

Where the reference leaves a case open, this module decides as follows (and
these are deliberate differences from the LiveGTO code):

* a made hand the hole cards do not improve (a pair, trips or two pair that
  lies entirely on the board) does not count: the hand is classed by what the
  hole cards add (so every paired board has its ``air``, and a pocket pair
  on a paired board is an over- or underpair, not two pair); a five-card flush or
  straight on the board alone is ``good``, as the reference's "board-only
  flush";
* a draw needs a hole card: a flush draw is four cards of a suit with at least
  one in the hand, a backdoor flush draw (flop only) three with at least one
  in the hand; a straight draw counts the ranks that would make a straight
  using a hole card: two or more ranks is "open-ended" (double gutshots
  included), one is a gutshot; there are no draws on the river.

The :class:`Abstraction` record bundles names and classifiers, so a solver or
an agent can run on another abstraction by passing a different record.

Example:
    >>> from pokergym.cards import parse_cards
    >>> board = parse_cards("Ts 7h 2c")
    >>> TEXTURES[texture_of(board)]
    'low_dry'
    >>> BUCKETS[bucket_of(parse_cards("Th Td"), board)]
    'premium'
    >>> BUCKETS[bucket_of(parse_cards("Th Td"), parse_cards("Ts 9s 8h"))]
    'nut'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from pokergym.context.board import rank_mask, straight_top
from pokergym.evaluator import hand_class, rank_unchecked

__all__ = [
    "BUCKETS",
    "LIVEGTO",
    "SCARY",
    "TEXTURES",
    "Abstraction",
    "bucket_of",
    "texture_of",
]

TEXTURES: Final = ("monotone", "paired", "wet", "high_dry", "low_dry")
"""Texture names, indexed by :func:`texture_of`."""

BUCKETS: Final = ("premium", "nut", "strong", "good", "medium", "draw", "weak_made", "weak_draw", "air")
"""Bucket names, strongest first, indexed by :func:`bucket_of`."""

PREMIUM, NUT, STRONG, GOOD, MEDIUM, DRAW, WEAK_MADE, WEAK_DRAW, AIR = range(9)
MONOTONE, PAIRED, WET, HIGH_DRY, LOW_DRY = range(5)

SCARY: Final = frozenset({MONOTONE, WET})
"""Textures on which made hands drop one bucket (straights and flushes come easily)."""

_TEN, _JACK, _QUEEN, _KING, _ACE = 8, 9, 10, 11, 12
# Hand classes of pokergym.evaluator.hand_class.
_STRAIGHT_FLUSH, _QUADS, _FULL_HOUSE, _FLUSH, _STRAIGHT, _TRIPS, _TWO_PAIR, _PAIR = range(8)


def texture_of(board: Sequence[int]) -> int:
    """Texture index (into :data:`TEXTURES`) of a board, read from its first three cards.

    Args:
        board: at least three card codes; only the flop counts.

    Raises:
        ValueError: if the board has fewer than three cards.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> [TEXTURES[texture_of(parse_cards(b))] for b in ("AsKsQs", "8h8c2d", "9s8s6h", "KdQh4c", "9d5h2c")]
        ['monotone', 'paired', 'wet', 'high_dry', 'low_dry']
    """
    if len(board) < 3:
        raise ValueError(f"a texture needs the three flop cards, got {len(board)} board cards")
    flop = board[:3]
    suits = [c & 3 for c in flop]
    ranks = sorted(c >> 2 for c in flop)
    most_suited = max(suits.count(s) for s in set(suits))
    if most_suited >= 3:
        return MONOTONE
    if len(set(ranks)) < 3:
        return PAIRED
    if most_suited == 2 and max(ranks[1] - ranks[0], ranks[2] - ranks[1]) <= 2:
        return WET
    if sum(r >= _TEN for r in ranks) >= 2:
        return HIGH_DRY
    return LOW_DRY


def _drop(bucket: int, scary: bool) -> int:
    """One bucket weaker on a scary texture."""
    return bucket + 1 if scary else bucket


def _flush_bucket(hole: Sequence[int], cards: Sequence[int]) -> int:
    suits = [c & 3 for c in cards]
    suit = max(range(4), key=suits.count)
    mine = [c >> 2 for c in hole if c & 3 == suit]
    if not mine:
        return GOOD
    top = max(mine)
    if top == _ACE:
        return PREMIUM
    return NUT if top >= _QUEEN else STRONG


def _straight_bucket(hole: Sequence[int], board: Sequence[int], scary: bool) -> int:
    top = straight_top(rank_mask([c >> 2 for c in (*hole, *board)]))
    window = {(top - k) % 13 for k in range(5)} if top > 3 else {12, 0, 1, 2, 3}
    board_ranks = {c >> 2 for c in board}
    used = {c >> 2 for c in hole} & (window - board_ranks)
    if not used:
        return GOOD
    return _drop(NUT if len(used) == 2 else STRONG, scary)


def _straight_outs(hole: Sequence[int], board: Sequence[int]) -> int:
    """Number of ranks that would complete a straight using a hole card."""
    return _outs_of_masks(rank_mask([c >> 2 for c in (*hole, *board)]), rank_mask([c >> 2 for c in board]))


@cache
def _outs_of_masks(mask: int, board_mask: int) -> int:
    outs = 0
    for rank in range(13):
        bit = 1 << rank
        if not mask & bit and straight_top(mask | bit) >= 0 and straight_top(board_mask | bit) < 0:
            outs += 1
    return outs


def _flush_draw(hole: Sequence[int], board: Sequence[int], need: int) -> bool:
    """Whether some suit has ``need`` cards among hole and board, one of them in the hand."""
    cards = (*hole, *board)
    return any(sum(c & 3 == s for c in cards) >= need for s in {c & 3 for c in hole})


def _unpaired_bucket(hole: Sequence[int], board: Sequence[int]) -> int:
    """Bucket from draws and overcards alone."""
    if len(board) < 5:
        flush = _flush_draw(hole, board, 4)
        outs = _straight_outs(hole, board)
        if flush and outs:
            return NUT
        if flush or outs >= 2:
            return DRAW
        if outs == 1 or (len(board) == 3 and _flush_draw(hole, board, 3)):
            return WEAK_DRAW
    top_board = max(c >> 2 for c in board)
    if any(c >> 2 >= _KING and c >> 2 > top_board for c in hole):
        return WEAK_DRAW
    return AIR


def _pair_bucket(hole: Sequence[int], board: Sequence[int], scary: bool) -> int:
    """Bucket of a hand whose best hole-card holding is one pair (or a pair on a paired board)."""
    h0, h1 = sorted((c >> 2 for c in hole), reverse=True)
    distinct = sorted({c >> 2 for c in board}, reverse=True)
    if h0 == h1:
        if h0 > distinct[0]:
            if h0 >= _QUEEN:
                return _drop(STRONG, scary)
            return _drop(GOOD, scary) if h0 >= _TEN else MEDIUM
        return MEDIUM if len(distinct) > 1 and h0 > distinct[1] else WEAK_MADE
    paired = h0 if h0 in distinct else h1
    kicker = h1 if paired == h0 else h0
    if paired == distinct[0]:
        if kicker == _ACE:
            return _drop(STRONG, scary)
        return _drop(GOOD, scary) if kicker >= _JACK else MEDIUM
    if paired == distinct[-1]:
        return WEAK_MADE
    if len(board) < 5 and (_flush_draw(hole, board, 4) or _straight_outs(hole, board) >= 2):
        return DRAW
    return _drop(MEDIUM, scary)


def bucket_of(hole: Sequence[int], board: Sequence[int], texture: int | None = None) -> int:
    """Bucket index (into :data:`BUCKETS`) of two hole cards on a 3- to 5-card board.

    Args:
        hole: two card codes.
        board: three to five card codes.
        texture: the board's texture index, computed from the flop when ``None``.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> board = parse_cards("Kd 7h 2c")
        >>> [BUCKETS[bucket_of(parse_cards(h), board)] for h in ("AhKs", "QsQh", "7c7s", "Ah3h", "6c5c")]
        ['strong', 'medium', 'nut', 'weak_draw', 'weak_draw']
    """
    scary = (texture_of(board) if texture is None else texture) in SCARY
    cards = (*hole, *board)
    category = hand_class(rank_unchecked(cards))
    if len(board) == 5 and category <= _FLUSH and rank_unchecked(board) == rank_unchecked(cards):
        return GOOD  # the board plays: a board-only straight, flush or full house
    if category in (_STRAIGHT_FLUSH, _QUADS, _FULL_HOUSE):
        return PREMIUM
    if category == _FLUSH:
        return _flush_bucket(hole, cards)
    if category == _STRAIGHT:
        return _straight_bucket(hole, board, scary)
    board_ranks = [c >> 2 for c in board]
    h0, h1 = (c >> 2 for c in hole)
    hits = [r for r in {h0, h1} if r in board_ranks]
    board_pairs = [r for r in set(board_ranks) if board_ranks.count(r) >= 2]
    if h0 == h1 and hits:
        return _drop(PREMIUM if h0 == max(board_ranks) else NUT, scary)
    if any(r in board_pairs for r in hits):
        return _drop(STRONG, scary)
    if len(hits) == 2:
        top_two = sorted(set(board_ranks), reverse=True)[:2]
        return _drop(NUT if sorted(hits, reverse=True) == top_two else STRONG, scary)
    if hits or h0 == h1:
        return _pair_bucket(hole, board, scary)
    return _unpaired_bucket(hole, board)


@dataclass(frozen=True, slots=True)
class Abstraction:
    """A card abstraction: texture and bucket names and the functions computing them.

    Attributes:
        name: a short identifier written into exported strategies.
        textures: texture names, indexed by ``texture``'s result.
        buckets: bucket names, strongest first, indexed by ``bucket``'s result.
        texture: board (3 to 5 cards) -> texture index.
        bucket: (hole, board, texture index) -> bucket index.
    """

    name: str
    textures: tuple[str, ...]
    buckets: tuple[str, ...]
    texture: Callable[[Sequence[int]], int]
    bucket: Callable[[Sequence[int], Sequence[int], int], int]

    def classify(self, hole: Sequence[int], board: Sequence[int]) -> tuple[int, int]:
        """The ``(texture, bucket)`` indices of a hand.

        Example:
            >>> from pokergym.cards import parse_cards
            >>> LIVEGTO.classify(parse_cards("AsQs"), parse_cards("Ks 8s 2h 3d"))
            (4, 5)
        """
        texture = self.texture(board)
        return texture, self.bucket(hole, board, texture)


LIVEGTO: Final = Abstraction("livegto-9x5", TEXTURES, BUCKETS, texture_of, bucket_of)
"""The seed's abstraction: 5 flop textures, 9 buckets."""
