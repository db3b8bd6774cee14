"""Numba kernel of the hand classes on ordinary boards: :func:`hand_codes`, run by :func:`._texture_kernel.hand_facts`.

The rules are the ones :mod:`pokergym.context.hand` documents; this module
runs them on rank bit masks (bit ``r`` stands for rank ``r``, one mask per
suit for the board). Boards that decide the hand themselves (trips, quads or
two pairs on the board, five of a suit, five ranks in a row) are only
recognised here (status :data:`SPECIAL`): :mod:`._texture_kernel` gives them
their override from the JSON tables, with the count-mask helpers at the end
of this module.

Classes travel as indices: ``MadeClass`` and ``DrawClass`` in declaration
order, the pot type as its index in ``PotType`` (limp 0 .. 5-bet-plus 4).
"""

from __future__ import annotations

from pokergym._jit import kernel

__all__ = ["SPECIAL", "hand_codes"]


SPECIAL = 1
"""First field of :func:`hand_codes` when the board decides the hand (see the module docstring)."""

# MadeClass indices
_NUTS, _FLUSH, _STRAIGHT, _SET, _TRIPS, _TWO_PAIR, _OVERPAIR, _TOP_PAIR = 0, 1, 2, 3, 4, 5, 6, 7
_FOURTH_FIFTH_PAIR, _NUTS_HIGH, _WEAK_SHOWDOWN, _TRASH = 10, 11, 13, 14
# DrawClass indices
_STRONG, _MEDIUM_STRONG, _MEDIUM, _MEDIUM_WEAK, _STRONG_OVERCARD, _WEAK = 0, 1, 2, 3, 4, 5
_MEDIUM_OVERCARD, _WEAK_OVERCARD, _NO_DRAW = 6, 7, 8
# PotType indices
_THREE_BET = 2
# Feature bits, in the order the features are listed
_FLUSH_DRAW, _OESD, _GUTSHOT, _BDFD, _BDSD, _OVERCARDS_1 = 1, 2, 4, 8, 16, 32

_A, _K, _Q, _J, _T = 12, 11, 10, 9, 8
# Unpaired two-card hands as 13 * high rank + low rank
_AK, _AQ, _AJ, _AT = 13 * _A + _K, 13 * _A + _Q, 13 * _A + _J, 13 * _A + _T
_KQ, _KJ, _QJ = 13 * _K + _Q, 13 * _K + _J, 13 * _Q + _J
_ALL_RANKS = (1 << 13) - 1
_WHEEL = (1 << 12) | 0b1111


@kernel
def _popcount(mask: int) -> int:
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


@kernel
def _high_bit(mask: int) -> int:
    r = -1
    while mask:
        mask >>= 1
        r += 1
    return r


@kernel
def _rank_position(rank: int, taken: int) -> int:
    """1 + the ranks above ``rank`` missing from the mask ``taken`` (1: no better rank is left)."""
    return 1 + _popcount(~taken & _ALL_RANKS & ~((2 << rank) - 1))


@kernel
def _window(i: int) -> int:
    """The ``i``-th straight window, highest first, topped by rank 12 - i: ace-high (i = 0) down to the wheel (9)."""
    return _WHEEL if i == 9 else 0b11111 << (8 - i)


@kernel
def _straight_top(mask: int) -> int:
    for i in range(10):
        w = _window(i)
        if mask & w == w:
            return 12 - i
    return -1


@kernel
def _nut_top(mask: int) -> int:
    """Top of the highest window holding three or more ranks of ``mask``, or -1."""
    for i in range(10):
        if _popcount(mask & _window(i)) >= 3:
            return 12 - i
    return -1


@kernel
def _straight_draw(board_mask: int, low: int, high: int) -> tuple[int, bool, bool, bool, bool]:
    """``(out ranks, uses two hole cards, one-card draw at the bottom, every out makes the nuts, backdoor)``."""
    all_mask = board_mask | (1 << low) | (1 << high)
    found = 0
    two_card = False
    bottom = False
    clean = True
    for i in range(10):
        window = _window(i)
        top = 12 - i
        missing = window & ~all_mask
        if _popcount(missing) != 1:
            continue
        shared = board_mask | missing
        used = window & ~shared
        if not used or found & missing:
            continue
        found |= missing
        if _popcount(used) == 2:
            two_card = True
        elif _high_bit(used) == (12 if top == 3 else top - 4):
            bottom = True
        if top != _nut_top(shared):
            clean = False
    both = (1 << low) | (1 << high)
    backdoor = False
    if not found and not board_mask & both:
        for i in range(10):
            window = _window(i)
            if window & both == both and _popcount(all_mask & window) >= 3:
                backdoor = True
    return _popcount(found), two_card, bottom, clean, backdoor


@kernel
def _pot_drop(hand: int, bdfd: bool, bdsd: bool, pot: int) -> int:
    """How many tiers an overcard draw drops in this pot type (3: down to no draw); ``hand`` as ``_AK`` and the like."""
    if pot == _THREE_BET:
        keeps = hand == _AK or (bdfd and hand in (_AQ, _KQ, _AJ)) or (bdfd and bdsd and hand in (_AJ, _KJ, _AT))
        return 0 if keeps else 1
    if pot > _THREE_BET:
        return 0 if hand == _AK and bdfd else 3
    return 0


@kernel
def _overcard_draw(
    high: int,
    low: int,
    top_rank: int,
    overs: int,
    bdfd: bool,
    bdsd: bool,
    flush_draw: bool,
    second: int,
    flushy: bool,
    straighty: bool,
    pot: int,
) -> int:
    tier = -1
    hand = 13 * high + low
    if bdfd and bdsd and overs < 2 and not (overs == 1 and high >= _T):
        return _WEAK
    if overs == 2:
        if high == _A and low >= _Q:
            tier = 0
        elif bdfd and bdsd:
            return _MEDIUM_WEAK
        elif (hand in (_KQ, _AJ) and bdsd) or (hand in (_KJ, _QJ, _AT) and (bdfd or bdsd)):
            tier = 0
        else:
            tier = 1 if high + low + 4 > 19 else 2
    elif overs == 1 and high >= _T:
        if bdfd and bdsd:
            tier = 1
        elif bdfd or bdsd:
            tier = 1 if low > second else 2
        elif low > second:
            tier = 2
    elif overs == 0 and low > second and top_rank >= _Q:
        tier = 1 if (top_rank >= _K and low >= _J) or (top_rank == _K and low >= 7 and bdfd) else 2
    if tier < 0:
        return _NO_DRAW
    tier += int((flushy and not flush_draw) or straighty) + _pot_drop(hand, bdfd, bdsd, pot)
    return (_STRONG_OVERCARD, _MEDIUM_OVERCARD, _WEAK_OVERCARD)[tier] if tier < 3 else _NO_DRAW


@kernel
def _suited(rank: int, suit: int, of: int) -> int:
    """The rank bit of a card if its suit is ``of``, else 0."""
    return 1 << rank if suit == of else 0


@kernel
def _flush_draw(h0: int, s0: int, h1: int, s1: int, suit_masks: tuple[int, int, int, int]) -> tuple[int, bool, bool]:
    """``(flush-draw rank, both hole cards suited to it, nut draw)``; rank -1 without a flush draw."""
    if s0 == s1 and _popcount(suit_masks[s0]) == 2:
        suit, fd_rank = s0, max(h0, h1)
    elif s0 != s1 and _popcount(suit_masks[s0]) == 3:
        suit, fd_rank = s0, h0
    elif s0 != s1 and _popcount(suit_masks[s1]) == 3:
        suit, fd_rank = s1, h1
    else:
        return -1, False, False
    seen = suit_masks[suit] | _suited(h0, s0, suit) | _suited(h1, s1, suit)
    return fd_rank, s0 == s1, seen >> (fd_rank + 1) == _ALL_RANKS >> (fd_rank + 1)


@kernel
def _flush_draw_class(fd_rank: int, fd_two: bool, fd_nut: bool, outs: int, flushy: bool) -> int:
    """The draw class of a flush draw, with straight outs (a combo draw) or without."""
    if outs:
        if not flushy or fd_nut or fd_rank >= _K:
            return _STRONG
        if fd_rank >= _J:
            return _MEDIUM_STRONG
        return _MEDIUM if fd_rank >= 6 else _MEDIUM_WEAK
    if fd_two:
        return _STRONG if fd_rank >= _J else _MEDIUM_STRONG
    if fd_nut:
        return _STRONG
    if fd_rank >= _K:
        return _MEDIUM_STRONG
    if fd_rank >= _T:
        return _MEDIUM
    return _MEDIUM_WEAK if fd_rank >= 4 else _WEAK


@kernel
def _straight_draw_class(
    outs: int,
    flushy: bool,
    suit_max: int,
    straighty: bool,
    overs: int,
    bdfd: bool,
    sd_two: bool,
    sd_bottom: bool,
    sd_clean: bool,
) -> int:
    """The draw class of an open-ended (``outs >= 2``) or gutshot (``outs == 1``) straight draw without a flush draw.

    ``straighty``: some straight window holds three or more board ranks (then also one holds three or four).
    """
    if outs >= 2:
        if flushy:
            return _MEDIUM_WEAK if overs == 2 else _WEAK
        if suit_max == 1:
            return _MEDIUM_STRONG if straighty else _STRONG
        if straighty:
            return _MEDIUM
        return _MEDIUM_STRONG if sd_two or sd_clean else _MEDIUM
    if flushy:
        return _WEAK if overs == 2 else _NO_DRAW
    if overs or (bdfd and not straighty):
        return _MEDIUM
    return _MEDIUM_WEAK if sd_two or not sd_bottom else _WEAK


@kernel
def _draw(
    h0: int,
    s0: int,
    h1: int,
    s1: int,
    suit_masks: tuple[int, int, int, int],
    made: int,
    pot: int,
) -> tuple[int, int]:
    """``(draw class, feature bits)`` of a flop or turn hand on an ordinary board."""
    m0, m1, m2, m3 = suit_masks
    board_mask = m0 | m1 | m2 | m3
    suit_max = max(_popcount(m0), _popcount(m1), _popcount(m2), _popcount(m3))
    top_rank = _high_bit(board_mask)
    flop = _popcount(m0) + _popcount(m1) + _popcount(m2) + _popcount(m3) == 3
    fd_rank, fd_two, fd_nut = _flush_draw(h0, s0, h1, s1, suit_masks)
    outs, sd_two, sd_bottom, sd_clean, backdoor = 0, False, False, True, False
    if made != _STRAIGHT:
        outs, sd_two, sd_bottom, sd_clean, backdoor = _straight_draw(board_mask, min(h0, h1), max(h0, h1))
    flushy = suit_max >= 3
    straighty = _nut_top(board_mask) >= 0
    bdfd = flop and s0 == s1 and _popcount(suit_masks[s0]) == 1
    bdsd = flop and outs == 0 and h0 != h1 and backdoor
    high_card = made >= _NUTS_HIGH  # nuts_high, second_high, weak_showdown, trash
    overs = (int(h0 > top_rank) + int(h1 > top_rank)) if high_card else 0
    features = _FLUSH_DRAW * int(fd_rank >= 0) | _OESD * int(outs >= 2) | _GUTSHOT * int(outs == 1)
    features |= _BDFD * int(bdfd) | _BDSD * int(bdsd) | _OVERCARDS_1 * overs
    draw = _NO_DRAW
    if fd_rank >= 0:
        draw = _flush_draw_class(fd_rank, fd_two, fd_nut, outs, flushy)
    elif outs:
        draw = _straight_draw_class(outs, flushy, suit_max, straighty, overs, bdfd, sd_two, sd_bottom, sd_clean)
    if draw == _NO_DRAW and high_card:
        second = _high_bit(board_mask & ~(1 << top_rank))
        high, low = max(h0, h1), min(h0, h1)
        draw = _overcard_draw(high, low, top_rank, overs, bdfd, bdsd, fd_rank >= 0, second, flushy, straighty, pot)
    return draw, features


@kernel
def _flush_facts(h0: int, s0: int, h1: int, s1: int, suit_masks: tuple[int, int, int, int]) -> tuple[bool, int, int]:
    """``(straight flush with a hole card, flush rank, flush high rank)``; -1 where there is no flush."""
    flush_rank = -1
    flush_high = -1
    for suit in range(4):
        on_board = suit_masks[suit]
        mine = _suited(h0, s0, suit) | _suited(h1, s1, suit)
        n_on_board = _popcount(on_board)
        if mine and n_on_board + _popcount(mine) >= 5:
            suited = on_board | mine
            for i in range(10):
                w = _window(i)
                if suited & w == w and w & ~on_board:  # a straight flush that uses a hole card
                    return True, -1, -1
            if n_on_board < 5 and flush_rank < 0:
                flush_high = _high_bit(mine)
                flush_rank = _rank_position(flush_high, suited)
    return False, flush_rank, flush_high


@kernel
def _strong_made(
    h0: int, h1: int, a0: int, a1: int, board_mask: int, two_up: int, pairs: int, flush_rank: int
) -> tuple[int, int, int, int, int, int, int]:
    """Full house and better, flush, straight, set, trips or two pair on a board with at most one pair.

    ``a0`` and ``a1`` count the cards of each hole rank (hole and board).
    Returns ``(made, straight cards, nut straight, set level, two-pair rank,
    pair rank, kicker rank)``, made -1 for a weaker hand.
    """
    # three of a hole rank and a second pair: the board's other pair or the other hole rank
    full_house = (a0 == 3 and ((pairs & ~(1 << h0)) != 0 or (a1 >= 2 and h1 != h0))) or (
        a1 == 3 and ((pairs & ~(1 << h1)) != 0 or (a0 >= 2 and h0 != h1))
    )
    if a0 == 4 or a1 == 4 or full_house:
        return _NUTS, -1, -1, -1, -1, -1, -1
    if flush_rank >= 0:
        return _FLUSH, -1, -1, -1, -1, -1, -1
    all_mask = board_mask | (1 << h0) | (1 << h1)
    for i in range(10):
        w = _window(i)
        if all_mask & w == w and w & ~board_mask:
            nut = int(12 - i == _nut_top(board_mask))
            return _STRAIGHT, _popcount(w & ~board_mask), nut, -1, -1, -1, -1
    if h0 == h1 and a0 == 3:
        index = _popcount(board_mask >> (h0 + 1))
        set_level = 0 if index == 0 else 2 if index == _popcount(board_mask) - 1 else 1
        return _SET, -1, -1, set_level, -1, h0, -1
    if a0 == 3 or a1 == 3:
        return (_TRIPS, -1, -1, -1, -1, h0, h1) if a0 == 3 else (_TRIPS, -1, -1, -1, -1, h1, h0)
    if h0 != h1 and not two_up and a0 == 2 and a1 == 2:
        i = _popcount(board_mask >> (max(h0, h1) + 1))
        j = _popcount(board_mask >> (min(h0, h1) + 1))
        n = _popcount(board_mask)
        index = i * (n - 1) - i * (i - 1) // 2  # rank pairs (a, b), a < b, counted from the top, with a < i
        return _TWO_PAIR, -1, -1, -1, index + j - i, max(h0, h1), -1
    return -1, -1, -1, -1, -1, -1, -1


@kernel
def _high_card(h0: int, h1: int, board_mask: int, two_up: int) -> tuple[int, int, int]:
    """``(made, kicker position, kicker rank)`` of an unpaired hand: nuts_high, second_high or trash.

    The three highest ranks missing from the board are tried in turn.
    """
    tier = 0
    for missing in range(12, -1, -1):
        if board_mask >> missing & 1:
            continue
        if missing in (h0, h1):
            other = h1 if missing == h0 else h0
            if not two_up and (tier == 2 or (tier == 1 and other < _T)):
                break
            return _NUTS_HIGH + tier, 13 - other - int(missing > other), other
        tier += 1
        if tier == 3:
            break
    return _TRASH, -1, -1


@kernel
def _pair_made(h0: int, h1: int, board_mask: int, two_up: int) -> tuple[int, int, int, int, int, int]:
    """A one-pair or high-card hand: ``(made, kicker position, kicker rank, pair level, pair rank, pocket)``."""
    high, low = max(h0, h1), min(h0, h1)
    singles = board_mask & ~two_up
    pair = -1
    kicker = -1
    if h0 == h1:
        pair = h0
    elif singles >> high & 1:
        pair, kicker = high, low
    elif singles >> low & 1:
        pair, kicker = low, high
    if pair < 0:
        made, kicker_position, kicker_rank = _high_card(h0, h1, board_mask, two_up)
        return made, kicker_position, kicker_rank, -1, -1, 0
    pair_level = _popcount(singles >> (pair + 1))
    kicker_position = 13 - kicker - int(pair > kicker) if kicker >= 0 else -1
    if h0 == h1 and pair > _high_bit(board_mask):
        made = _OVERPAIR
    elif pair_level <= 2:
        made = _TOP_PAIR + pair_level
    elif pair_level <= 4:
        made = _FOURTH_FIFTH_PAIR
    else:
        made = _WEAK_SHOWDOWN
    return made, kicker_position, kicker, pair_level, pair, int(h0 == h1)


@kernel
def hand_codes(
    c0: int, c1: int, board_bits: int, pot: int, with_draw: bool
) -> tuple[int, int, int, int, int, int, int, int, int, int, int, int, int, int, int]:
    """Classify two hole cards on a board, as integer codes.

    Args:
        c0: first hole card code (rank x 4 + suit).
        c1: second hole card code.
        board_bits: the board as four 13-bit rank masks, suit ``s`` at bit ``13 * s``
            (card ``c`` sets bit ``13 * (c & 3) + (c >> 2)``).
        pot: the pot type's index in ``PotType``.
        with_draw: whether to assess the draw (the flop and turn).

    Returns:
        ``(status, made, draw, feature bits, kicker position, kicker rank,
        pair level, pair rank, pocket pair, flush rank, flush high rank,
        straight cards, nut straight, set level, two-pair rank)``; -1 stands
        for a missing value, set levels are 0 top, 1 middle and 2 bottom.
        When ``status`` is :data:`SPECIAL` the board decides the hand: only
        the flush fields are filled and the draw is not assessed.
    """
    h0, s0, h1, s1 = c0 >> 2, c0 & 3, c1 >> 2, c1 & 3
    m0 = board_bits & _ALL_RANKS
    m1 = board_bits >> 13 & _ALL_RANKS
    m2 = board_bits >> 26 & _ALL_RANKS
    m3 = board_bits >> 39 & _ALL_RANKS
    suit_masks = (m0, m1, m2, m3)
    board_mask = m0 | m1 | m2 | m3
    two_up = (m0 & m1) | (m0 & m2) | (m0 & m3) | (m1 & m2) | (m1 & m3) | (m2 & m3)  # ranks seen twice or more
    three_up = (m0 & m1 & m2) | (m0 & m1 & m3) | (m0 & m2 & m3) | (m1 & m2 & m3)
    pairs = two_up & ~three_up
    suit_max = max(_popcount(m0), _popcount(m1), _popcount(m2), _popcount(m3))
    straight_flush, flush_rank, flush_high = _flush_facts(h0, s0, h1, s1, suit_masks)
    if straight_flush:
        return 0, _NUTS, _NO_DRAW, 0, -1, -1, -1, -1, 0, -1, -1, -1, -1, -1, -1
    board_straight = _straight_top(board_mask) >= 0
    if three_up or _popcount(pairs) >= 2 or suit_max == 5 or (board_straight and flush_rank < 0):
        return SPECIAL, -1, _NO_DRAW, 0, -1, -1, -1, -1, 0, flush_rank, flush_high, -1, -1, -1, -1
    # the hole cards on a board with at most one pair: counts of the hand's ranks
    a0 = ((m0 >> h0) & 1) + ((m1 >> h0) & 1) + ((m2 >> h0) & 1) + ((m3 >> h0) & 1) + 1 + int(h0 == h1)
    a1 = ((m0 >> h1) & 1) + ((m1 >> h1) & 1) + ((m2 >> h1) & 1) + ((m3 >> h1) & 1) + 1 + int(h0 == h1)
    made, straight_cards, nut_straight, set_level, two_pair_rank, pair_rank, kicker_rank = _strong_made(
        h0, h1, a0, a1, board_mask, two_up, pairs, flush_rank
    )
    kicker_position = pair_level = -1
    pocket = int(made == _SET)
    if made < 0:
        made, kicker_position, kicker_rank, pair_level, pair_rank, pocket = _pair_made(h0, h1, board_mask, two_up)
    flush_r, flush_h = (flush_rank, flush_high) if made == _FLUSH else (-1, -1)
    draw = _NO_DRAW
    features = 0
    if with_draw and made != _NUTS and made != _FLUSH:
        draw, features = _draw(h0, s0, h1, s1, suit_masks, made, pot)
    return (
        0,
        made,
        draw,
        features,
        kicker_position,
        kicker_rank,
        pair_level,
        pair_rank,
        pocket,
        flush_r,
        flush_h,
        straight_cards,
        nut_straight,
        set_level,
        two_pair_rank,
    )


@kernel
def _add_rank(once: int, twice: int, thrice: int, four: int, rank: int) -> tuple[int, int, int, int]:
    """Add one card of ``rank`` to count masks (ranks held at least once, twice, three and four times)."""
    bit = 1 << rank
    return once | bit, twice | (once & bit), thrice | (twice & bit), four | (thrice & bit)


@kernel
def _best_full_house(twice: int, thrice: int) -> tuple[int, int]:
    """``(three-of-a-kind rank, pair rank)`` of the best full house in count masks, ``(-1, -1)`` for none."""
    trips = _high_bit(thrice)
    if trips < 0:
        return -1, -1
    pair = _high_bit(twice & ~(1 << trips))
    if pair < 0:
        return -1, -1
    return trips, pair


@kernel
def _full_house_is_best(
    once: int, twice: int, thrice: int, taken_thrice: int, taken_four: int, trips: int, pair: int
) -> bool:
    """Whether no two-card holding (quads left aside) makes a better full house than ``trips`` full of ``pair``.

    Every two-card holding the hero's cards leave available is tried. ``once``, ``twice`` and ``thrice``: the board's
    ranks held at least once, twice, three times; ``taken_thrice`` and
    ``taken_four``: the ranks of which the board and the hero hold three
    (one card left) and four (none left).
    """
    for a in range(13):
        if taken_four >> a & 1:
            continue
        o1, t1, h1, f1 = _add_rank(once, twice, thrice, 0, a)
        for b in range(a, 13):
            if (taken_thrice if a == b else taken_four) >> b & 1:
                continue
            _, t2, h2, f2 = _add_rank(o1, t1, h1, f1, b)
            if f2:
                continue
            theirs = _best_full_house(t2, h2)
            if theirs[0] > trips or (theirs[0] == trips and theirs[1] > pair):
                return False
    return True
