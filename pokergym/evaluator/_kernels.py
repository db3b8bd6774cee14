"""Numba kernels: batch ranking and equity enumeration/sampling.

Importing this module imports numba (about a quarter of a second), so the
public modules import it lazily, on first use. Every kernel is compiled with
:func:`pokergym._jit.kernel`; the first call in a fresh environment compiles
(a few seconds), later processes load the machine code from numba's cache.

The lookup tables are passed in as one tuple ``tabs`` (see
:func:`kernel_tables`) rather than read from globals, because numba would
freeze globals into the cached machine code.

Hands are handled as running sums: ``key`` is the sum of the cards'
``card_keys`` and ``bits`` the OR of their ``suit_bits`` (see
:mod:`pokergym.evaluator.tables`), so a fixed part of a hand (the board) is
summed once and each hole-card pair adds its own pair sum.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from pokergym._jit import inner_kernel, kernel
from pokergym.evaluator.layout import BUCKET_MASK, BUCKET_SHIFT, SLOT_MASK, SLOT_SHIFT
from pokergym.evaluator.tables import HASH_MULT, KERNEL_TABLES

__all__ = [
    "Spot",
    "Tables",
    "canonical_boards",
    "exact_showdowns",
    "kernel_tables",
    "preflop_class_outcomes",
    "rank_rows",
    "sampled_showdowns",
    "suit_permutations",
]

Tables = tuple[
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.uint16],
    npt.NDArray[np.int64],
    npt.NDArray[np.uint16],
    int,
]
"""``(card_keys, suit_bits, flush_suit, flush_ranks, hash_disp, hash_ranks, hash_mult)``."""


Spot = tuple[int, int, int, int, int]
"""The known cards of a spot: ``(board_key, board_bits, hero_key, hero_bits, dead)``.

The key sums and suit-bit ORs (:func:`rank_of`'s arguments) of the board and
of the hero's hole cards, and the bit mask of all of those cards.
"""


def kernel_tables() -> Tables:
    """The lookup tables in the order the kernels unpack them."""
    t = KERNEL_TABLES
    return (t.card_keys, t.suit_bits, t.flush_suit, t.flush_ranks, t.hash_disp, t.hash_ranks, HASH_MULT)


@inner_kernel
def rank_of(key: int, bits: int, tabs: Tables) -> int:
    """Rank of a hand from its key sum and suit-bit OR."""
    _, _, flush_suit, flush_ranks, hash_disp, hash_ranks, hash_mult = tabs
    suit = flush_suit[key & 4095]
    if suit >= 0:
        return int(flush_ranks[(bits >> (16 * suit)) & 8191])
    h = (key >> 12) * hash_mult
    slot = ((h >> SLOT_SHIFT) & SLOT_MASK) ^ hash_disp[(h >> BUCKET_SHIFT) & BUCKET_MASK]
    return int(hash_ranks[slot])


@kernel
def rank_rows(
    cards: npt.NDArray[np.integer[Any]], out: npt.NDArray[np.int32], check: bool, tabs: Tables
) -> tuple[int, bool]:
    """Write the rank of each row of ``cards`` (``n x k``, ``k`` in 5..7) into ``out``.

    Card codes are masked to 6 bits before any table lookup, so invalid codes
    never read outside the tables (the 64-entry card tables are 0 past 51).

    Returns:
        With ``check``, the first row holding a code outside ``0..51`` or a
        repeated card and whether it was a repeat: ``(row, is_repeat)``,
        writing nothing from that row on. ``(-1, False)`` when all rows are fine.
    """
    card_keys, suit_bits = tabs[0], tabs[1]
    n, k = cards.shape
    for i in range(n):
        key = 0
        if check:
            seen = 0
            for j in range(k):
                c = int(cards[i, j])
                if c < 0 or c > 51:
                    return i, False
                if seen & (1 << c):
                    return i, True
                seen |= 1 << c
                key += card_keys[c]
        else:
            for j in range(k):
                key += card_keys[cards[i, j] & 63]
        if tabs[2][key & 4095] >= 0:
            bits = 0
            for j in range(k):
                bits |= suit_bits[cards[i, j] & 63]
            out[i] = rank_of(key, bits, tabs)
        else:
            out[i] = rank_of(key, 0, tabs)
    return -1, False


@inner_kernel
def _next_subset(idx: npt.NDArray[np.int64], n: int) -> bool:
    """Advance ``idx`` to the next ``len(idx)``-subset of ``range(n)`` in lexicographic order; False at the end."""
    k = idx.shape[0]
    i = k - 1
    while i >= 0 and idx[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    idx[i] += 1
    for j in range(i + 1, k):
        idx[j] = idx[j - 1] + 1
    return True


@inner_kernel
def _cards_outside(mask: int) -> npt.NDArray[np.int64]:
    """Card codes whose bit is not set in ``mask``, in increasing order."""
    deck = np.empty(52, dtype=np.int64)
    n = 0
    for c in range(52):
        if not (mask >> c) & 1:
            deck[n] = c
            n += 1
    return deck[:n]


@inner_kernel
def _alias_table(
    opp_cards: npt.NDArray[np.int64], opp_weight: npt.NDArray[np.float64], dead: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Walker's alias table over the opponent hands with positive weight that avoid ``dead``.

    Returns:
        ``(items, prob, alias)``: to sample, take ``x = u * len(items)``,
        ``j = int(x)``; the hand is ``items[j]`` if ``x - j < prob[j]``, else
        ``items[alias[j]]``. Empty arrays when no hand qualifies.
    """
    n_opp = opp_cards.shape[0]
    items = np.empty(n_opp, dtype=np.int64)
    weight = np.empty(n_opp)
    m = 0
    total = 0.0
    for o in range(n_opp):
        w = opp_weight[o]
        if w > 0.0 and not (dead & ((1 << opp_cards[o, 0]) | (1 << opp_cards[o, 1]))):
            items[m] = o
            weight[m] = w
            total += w
            m += 1
    prob = np.ones(m)
    alias = np.arange(m)
    small = np.empty(m, dtype=np.int64)
    large = np.empty(m, dtype=np.int64)
    n_small = n_large = 0
    for i in range(m):
        prob[i] = weight[i] * m / total
        if prob[i] < 1.0:
            small[n_small] = i
            n_small += 1
        else:
            large[n_large] = i
            n_large += 1
    while n_small > 0 and n_large > 0:
        n_small -= 1
        lo, hi = small[n_small], large[n_large - 1]
        alias[lo] = hi
        prob[hi] -= 1.0 - prob[lo]
        if prob[hi] < 1.0:
            n_large -= 1
            small[n_small] = hi
            n_small += 1
    for i in range(n_large):  # what is left is 1 up to rounding
        prob[large[i]] = 1.0
    for i in range(n_small):
        prob[small[i]] = 1.0
    return items[:m], prob, alias


@kernel
def exact_showdowns(
    spot: Spot,
    excluded: int,
    n_draw: int,
    opp_key: npt.NDArray[np.int64],
    opp_bits: npt.NDArray[np.int64],
    opp_mask: npt.NDArray[np.int64],
    opp_weight: npt.NDArray[np.float64],
    tabs: Tables,
) -> tuple[float, float, float, int]:
    """Enumerate every ``n_draw``-card runout against every weighted opponent hand.

    Runouts are drawn from the cards outside the bit mask ``excluded``.
    Opponent hands that share a card with ``spot``'s bit mask ``dead`` (hero and
    board) or with the runout, or have weight 0, are skipped.

    Returns:
        ``(win weight, tie weight, total weight, number of showdowns)``.
    """
    board_key, board_bits, hero_key, hero_bits, dead = spot
    card_keys, suit_bits = tabs[0], tabs[1]
    deck = _cards_outside(excluded)
    idx = np.arange(n_draw)
    n_deck = deck.shape[0]
    n_opp = opp_key.shape[0]
    win = 0.0
    tie = 0.0
    total = 0.0
    count = 0
    while True:
        key = board_key
        bits = board_bits
        mask = dead
        for j in range(n_draw):
            c = deck[idx[j]]
            key += card_keys[c]
            bits |= suit_bits[c]
            mask |= 1 << c
        hero = rank_of(key + hero_key, bits | hero_bits, tabs)
        for o in range(n_opp):
            w = opp_weight[o]
            if w == 0.0 or opp_mask[o] & mask:
                continue
            villain = rank_of(key + opp_key[o], bits | opp_bits[o], tabs)
            total += w
            count += 1
            if hero < villain:
                win += w
            elif hero == villain:
                tie += w
        if not _next_subset(idx, n_deck):
            break
    return win, tie, total, count


@kernel
def sampled_showdowns(
    spot: Spot,
    n_draw: int,
    opp_cards: npt.NDArray[np.int64],
    opp_weight: npt.NDArray[np.float64],
    uniforms: npt.NDArray[np.float64],
    tabs: Tables,
) -> tuple[int, int, int]:
    """Monte Carlo: one showdown per row of ``uniforms`` (``n x (1 + n_draw)`` numbers in ``[0, 1)``).

    Column 0 picks the opponent hand with probability proportional to its
    weight among hands that avoid ``spot``'s bit mask ``dead`` (hero and board),
    through an alias table; the other columns complete the board from the
    remaining cards minus the opponent's by a partial Fisher-Yates shuffle.

    Returns:
        ``(wins, ties, n)``; ``n`` is 0 if no opponent hand has positive weight.
    """
    board_key, board_bits, hero_key, hero_bits, dead = spot
    card_keys, suit_bits = tabs[0], tabs[1]
    items, prob, alias = _alias_table(opp_cards, opp_weight, dead)
    m = items.shape[0]
    if m == 0:
        return 0, 0, 0
    deck = _cards_outside(dead)
    n_deck = deck.shape[0]
    pos = np.zeros(52, dtype=np.int64)
    for i in range(n_deck):
        pos[deck[i]] = i
    wins = 0
    ties = 0
    n = uniforms.shape[0]
    for s in range(n):
        x = uniforms[s, 0] * m
        j = min(int(x), m - 1)
        o = items[j] if x - j < prob[j] else items[alias[j]]
        a, b = opp_cards[o, 0], opp_cards[o, 1]
        top = n_deck
        for c in (a, b):  # move the opponent's cards out of the draw range
            top -= 1
            i, other = pos[c], deck[top]
            deck[i], deck[top] = other, c
            pos[other], pos[c] = i, top
        key = board_key
        bits = board_bits
        for t in range(n_draw):
            r = t + int(uniforms[s, 1 + t] * (top - t))
            c, other = deck[r], deck[t]
            deck[t], deck[r] = c, other
            pos[c], pos[other] = t, r
            key += card_keys[c]
            bits |= suit_bits[c]
        hero = rank_of(key + hero_key, bits | hero_bits, tabs)
        villain = rank_of(key + card_keys[a] + card_keys[b], bits | suit_bits[a] | suit_bits[b], tabs)
        if hero < villain:
            wins += 1
        elif hero == villain:
            ties += 1
    return wins, ties, n


@inner_kernel
def suit_permutations() -> npt.NDArray[np.int64]:
    """The 24 permutations of the four suits, one per row."""
    perms = np.empty((24, 4), dtype=np.int64)
    p = 0
    for a in range(4):
        for b in range(4):
            for c in range(4):
                d = 6 - a - b - c
                if a != b and a != c and b != c and 0 <= d < 4:
                    perms[p, 0], perms[p, 1], perms[p, 2], perms[p, 3] = a, b, c, d
                    p += 1
    return perms


@kernel
def canonical_boards() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """One 5-card board per class of boards equal up to a permutation of suits.

    Returns:
        ``(boards, multiplicity)``: an ``m x 5`` array of card codes and, per
        board, how many of the C(52, 5) boards its class holds.
    """
    perms = suit_permutations()
    boards = np.empty((200_000, 5), dtype=np.int64)
    mult = np.empty(200_000, dtype=np.int64)
    images = np.empty(24, dtype=np.int64)
    m = 0
    idx = np.arange(5)
    while True:
        own = 0
        for j in range(5):
            own |= 1 << idx[j]
        canonical = True
        for q in range(24):
            image = 0
            for j in range(5):
                c = idx[j]
                image |= 1 << ((c & ~3) + perms[q, c & 3])
            images[q] = image
            if image < own:
                canonical = False
                break
        if canonical:
            images.sort()
            distinct = 1
            for q in range(1, 24):
                distinct += images[q] != images[q - 1]
            boards[m, :] = idx
            mult[m] = distinct
            m += 1
        if not _next_subset(idx, 52):
            break
    return boards[:m].copy(), mult[:m].copy()


@inner_kernel
def _rank_pairs_off(
    board: npt.NDArray[np.int64],
    tabs: Tables,
    rest: npt.NDArray[np.int64],
    pair_a: npt.NDArray[np.int64],
    pair_b: npt.NDArray[np.int64],
    packed: npt.NDArray[np.int64],
) -> None:
    """Rank the 1081 pairs of the 47 cards off a five-card ``board``, sorted in ``packed``: ``rank * 2048 + pair``.

    ``pair_a``/``pair_b`` receive each pair's cards; ``rest`` is scratch for the 47 cards.
    """
    card_keys, suit_bits = tabs[0], tabs[1]
    key = 0
    bits = 0
    board_mask = 0
    for j in range(5):
        c = board[j]
        key += card_keys[c]
        bits |= suit_bits[c]
        board_mask |= 1 << c
    r = 0
    for c in range(52):
        if not (board_mask >> c) & 1:
            rest[r] = c
            r += 1
    p = 0
    for i in range(47):
        a = rest[i]
        for j in range(i + 1, 47):
            b = rest[j]
            rank = rank_of(key + card_keys[a] + card_keys[b], bits | suit_bits[a] | suit_bits[b], tabs)
            pair_a[p], pair_b[p] = a, b
            packed[p] = rank * 2048 + p
            p += 1
    packed.sort()


@kernel
def preflop_class_outcomes(
    boards: npt.NDArray[np.int64],
    mult: npt.NDArray[np.int64],
    class_of: npt.NDArray[np.int64],
    tabs: Tables,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Exact showdown outcomes of every hole-card pair against every other, summed per 169-class.

    For each board (weighted by its multiplicity), all 1081 pairs of the 47
    other cards are ranked and sorted; walking the sorted ranks with per-card
    counters gives, for each pair, how many of the 990 opponent pairs that
    avoid its cards beat it and tie it.

    Args:
        boards: boards from :func:`canonical_boards`.
        mult: their multiplicities.
        class_of: ``52 x 52`` array, class index (0..168) of each card pair.
        tabs: lookup tables.

    Returns:
        ``(wins, ties)`` per class, summed over every hand of the class, board
        and opponent hand.
    """
    wins = np.zeros(169, dtype=np.int64)
    ties = np.zeros(169, dtype=np.int64)
    rest = np.empty(47, dtype=np.int64)
    pair_a = np.empty(1081, dtype=np.int64)
    pair_b = np.empty(1081, dtype=np.int64)
    packed = np.empty(1081, dtype=np.int64)
    better_card = np.zeros(52, dtype=np.int64)
    group_card = np.zeros(52, dtype=np.int64)
    for bi in range(boards.shape[0]):
        _rank_pairs_off(boards[bi], tabs, rest, pair_a, pair_b, packed)
        better_card[:] = 0
        better = 0
        start = 0
        while start < 1081:
            rank = packed[start] >> 11
            end = start
            while end < 1081 and packed[end] >> 11 == rank:
                q = packed[end] & 2047
                group_card[pair_a[q]] += 1
                group_card[pair_b[q]] += 1
                end += 1
            size = end - start
            for g in range(start, end):
                q = packed[g] & 2047
                a, b = pair_a[q], pair_b[q]
                lose = better - better_card[a] - better_card[b]
                tie = size - group_card[a] - group_card[b] + 1
                cls = class_of[a, b]
                wins[cls] += mult[bi] * (990 - lose - tie)
                ties[cls] += mult[bi] * tie
            for g in range(start, end):
                q = packed[g] & 2047
                for c in (pair_a[q], pair_b[q]):
                    better_card[c] += group_card[c]
                    group_card[c] = 0
            better += size
            start = end
    return wins, ties
