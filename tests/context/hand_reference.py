"""A plain, unoptimised hand classifier: the reference the engine's compiled kernel is checked against.

This is the Python rule code :mod:`pokergym.context.hand` ran before its
integer kernel (:mod:`pokergym.context._hand_kernel`), kept as written: list
and set walks over ranks and suits, no bit tricks. ``tests/context/test_hand_kernel.py``
compares the two on thousands of seeded random hands. The rules themselves
are documented in :mod:`pokergym.context.hand`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from board_reference import rank_structure
from special_board_reference import (  # the special-board rules did not change: shared, not copied
    _best_full_house,
    _double_paired,
    _flush_board,
    _full_house_board,
    _quads_board,
    _straight_board,
    _trips_board,
)

from pokergym.context.board import STRAIGHT_TOPS, WINDOWS, analyze_board
from pokergym.context.record import BoardInfo, DrawClass, HandInfo, MadeClass, PotType
from pokergym.engine.actions import Street

# Enum members as module constants: Python 3.11 reaches ``Enum.MEMBER`` through a slow descriptor.
_D_MEDIUM_DRAW = DrawClass.MEDIUM_DRAW
_D_MEDIUM_OVERCARD_DRAW = DrawClass.MEDIUM_OVERCARD_DRAW
_D_MEDIUM_STRONG_DRAW = DrawClass.MEDIUM_STRONG_DRAW
_D_MEDIUM_WEAK_DRAW = DrawClass.MEDIUM_WEAK_DRAW
_D_NO_DRAW = DrawClass.NO_DRAW
_D_STRONG_DRAW = DrawClass.STRONG_DRAW
_D_STRONG_OVERCARD_DRAW = DrawClass.STRONG_OVERCARD_DRAW
_D_WEAK_DRAW = DrawClass.WEAK_DRAW
_D_WEAK_OVERCARD_DRAW = DrawClass.WEAK_OVERCARD_DRAW
_M_FLUSH = MadeClass.FLUSH
_M_FOURTH_FIFTH_PAIR = MadeClass.FOURTH_FIFTH_PAIR
_M_NUTS = MadeClass.NUTS
_M_NUTS_HIGH = MadeClass.NUTS_HIGH
_M_OVERPAIR = MadeClass.OVERPAIR
_M_SECOND_HIGH = MadeClass.SECOND_HIGH
_M_SECOND_PAIR = MadeClass.SECOND_PAIR
_M_SET = MadeClass.SET
_M_STRAIGHT = MadeClass.STRAIGHT
_M_THIRD_PAIR = MadeClass.THIRD_PAIR
_M_TOP_PAIR = MadeClass.TOP_PAIR
_M_TRASH = MadeClass.TRASH
_M_TRIPS = MadeClass.TRIPS
_M_TWO_PAIR = MadeClass.TWO_PAIR
_M_WEAK_SHOWDOWN = MadeClass.WEAK_SHOWDOWN
_POT_FIVE_BET_PLUS = PotType.FIVE_BET_PLUS
_POT_FOUR_BET = PotType.FOUR_BET
_POT_SRP = PotType.SRP
_POT_THREE_BET = PotType.THREE_BET
_STREET_FLOP = Street.FLOP
_STREET_RIVER = Street.RIVER


_A, _K, _Q, _J, _T = 12, 11, 10, 9, 8
_HIGH_CARD_CLASSES = frozenset({_M_NUTS_HIGH, _M_SECOND_HIGH, _M_WEAK_SHOWDOWN, _M_TRASH})
_NO_DRAW_CLASSES = frozenset({_M_NUTS, _M_FLUSH})
_ALL_RANKS = (1 << 13) - 1
_HIGH_TIERS = (_M_NUTS_HIGH, _M_SECOND_HIGH, _M_WEAK_SHOWDOWN)
_OVERCARD_TIERS = (_D_STRONG_OVERCARD_DRAW, _D_MEDIUM_OVERCARD_DRAW, _D_WEAK_OVERCARD_DRAW)


def classify_hand(hole: tuple[int, ...], board: tuple[int, ...], pot_type: PotType = _POT_SRP) -> HandInfo:
    """What :func:`pokergym.context.hand.classify_hand` returned before the kernel (valid cards assumed)."""
    info = analyze_board(board)
    fields = made_hand(hole, board, info, pot_type)
    made: MadeClass = fields["made"]
    if info.street != _STREET_RIVER and made not in _NO_DRAW_CLASSES and "override" not in fields:
        fields["draw"], fields["features"] = _draw(hole, board, info, made, pot_type)
    else:
        fields["draw"] = _D_NO_DRAW
    return HandInfo(**fields)


@lru_cache(maxsize=1 << 14)
def _board_counts(board: tuple[int, ...]) -> tuple[tuple[int, ...], int, tuple[int, ...], bool]:
    """``(count of each rank, rank mask, count of each suit, special)`` of a board, cached.

    *special*: the board may decide the hand (quads, trips or two pairs on
    it, five of a suit or five ranks in a row).
    """
    bcounts = [0] * 13
    suits = [0, 0, 0, 0]
    mask = 0
    for c in board:
        bcounts[c >> 2] += 1
        suits[c & 3] += 1
        mask |= 1 << (c >> 2)
    pairs = bcounts.count(2)
    special = max(bcounts) >= 3 or pairs >= 2 or max(suits) == 5 or STRAIGHT_TOPS[mask] >= 0
    return tuple(bcounts), mask, tuple(suits), special


def made_hand(hole: tuple[int, ...], board: tuple[int, ...], info: BoardInfo, pot_type: PotType) -> dict[str, Any]:
    """Return the made-hand fields of :class:`HandInfo` (everything but the draw).

    Used by :func:`classify_hand` and by the slow-play look-ahead, which
    re-classifies the hand on every possible next card.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> board = parse_cards("7c7d7h")
        >>> made_hand(parse_cards("AsKd"), board, analyze_board(board), PotType.SRP)["override"].label
        'trips_board_kicker_1'
    """
    h0, h1 = hole[0] >> 2, hole[1] >> 2
    bcounts, board_mask, board_suits, special = _board_counts(board)
    acounts = list(bcounts)
    acounts[h0] += 1
    acounts[h1] += 1
    all_mask = board_mask | (1 << h0) | (1 << h1)
    flush: tuple[int, int] | None = None
    if info.suit_max >= 3:  # five of a suit needs three on the board
        suit_counts = list(board_suits)
        suit_counts[hole[0] & 3] += 1
        suit_counts[hole[1] & 3] += 1
        if max(suit_counts) >= 5:
            if _straight_flush(hole, board):
                return {"made": _M_NUTS}
            flush = _flush(hole, board)
    if special:
        if info.quads_rank is not None:
            return _quads_board(h0, h1, bcounts, info, pot_type)
        if info.full_house:
            return _full_house_board(bcounts, acounts, (h0, h1))
        if info.trips_rank is not None:
            return _trips_board(h0, h1, bcounts, acounts, all_mask, board_mask, flush, pot_type)
        if info.double_paired:
            return _double_paired(h0, h1, bcounts, acounts, all_mask, board_mask, flush, info, pot_type)
        if info.suit_max == 5:
            return _flush_board(hole, board, info)
        if info.straight_on_board and flush is None:
            return _straight_board(all_mask, board_mask, info)
    top_count = max(acounts)
    if top_count == 4 or (top_count == 3 and _best_full_house(acounts) is not None):
        return {"made": _M_NUTS}
    if flush is not None:
        return {"made": _M_FLUSH, "flush_rank": flush[0], "flush_high_rank": flush[1]}
    if STRAIGHT_TOPS[all_mask] >= 0:
        for top, window in WINDOWS:
            if all_mask & window == window and window & ~board_mask:
                return {
                    "made": _M_STRAIGHT,
                    "straight_cards": (window & ~board_mask).bit_count(),
                    "nut_straight": top == info.nut_straight_top,
                }
    pocket = h0 == h1
    for r in (h0, h1):
        if acounts[r] == 3:
            if pocket:
                distinct = sorted({c >> 2 for c in board}, reverse=True)
                index = distinct.index(r)
                level = "top" if index == 0 else "bottom" if index == len(distinct) - 1 else "middle"
                return {"made": _M_SET, "pair_rank": r, "pocket_pair": True, "set_level": level}
            kicker = h1 if r == h0 else h0
            return {"made": _M_TRIPS, "pair_rank": r, "kicker_rank": kicker}
    if not pocket and not info.paired and bcounts[h0] and bcounts[h1]:
        distinct = sorted([c >> 2 for c in board], reverse=True)
        i, j = sorted((distinct.index(h0), distinct.index(h1)))
        n = len(distinct)
        index = sum(n - 1 - a for a in range(i)) + (j - i)
        return {"made": _M_TWO_PAIR, "two_pair_rank": index, "pair_rank": max(h0, h1)}
    return _pair_or_high(h0, h1, bcounts, info)


def _pair_or_high(h0: int, h1: int, bcounts: Sequence[int], info: BoardInfo) -> dict[str, Any]:
    pocket = h0 == h1
    high, low = (h0, h1) if h0 > h1 else (h1, h0)
    pair: int | None = None
    kicker: int | None = None
    if pocket:
        pair = h0
    elif bcounts[high] == 1:
        pair, kicker = high, low
    elif bcounts[low] == 1:
        pair, kicker = low, high
    if pair is not None:
        level = bcounts[pair + 1 :].count(1)
        fields: dict[str, Any] = {"pair_rank": pair, "pair_level": level, "pocket_pair": pocket}
        if kicker is not None:
            fields["kicker_rank"] = kicker
            fields["kicker_position"] = _kicker_position(kicker, pair)
        if pocket and pair > info.top_rank:
            made = _M_OVERPAIR
        elif level == 0:
            made = _M_TOP_PAIR
        elif level == 1:
            made = _M_SECOND_PAIR
        elif level == 2:
            made = _M_THIRD_PAIR
        elif level <= 4:
            made = _M_FOURTH_FIFTH_PAIR
        else:
            made = _M_WEAK_SHOWDOWN
        fields["made"] = made
        return fields
    tier = 0  # the three highest ranks missing from the board, in turn
    for missing in range(12, -1, -1):
        if bcounts[missing]:
            continue
        if missing in (h0, h1):
            made = _HIGH_TIERS[tier]
            other = h1 if missing == h0 else h0
            if made == _M_SECOND_HIGH and not info.paired and other < _T:
                break
            if made == _M_WEAK_SHOWDOWN and not info.paired:
                break
            return {"made": made, "kicker_rank": other, "kicker_position": _kicker_position(other, missing)}
        tier += 1
        if tier == len(_HIGH_TIERS):
            break
    return {"made": _M_TRASH}


def _kicker_position(kicker: int, paired: int) -> int:
    """1 + the number of ranks above ``kicker``, ``paired`` (the pair's or high card's rank) left out."""
    return 13 - kicker - (paired > kicker)


# ---------------------------------------------------------------- flushes and straights
def _straight_flush(hole: tuple[int, ...], board: tuple[int, ...]) -> bool:
    cards = (*hole, *board)
    for suit in range(4):
        suited = [c >> 2 for c in cards if c & 3 == suit]
        if len(suited) < 5:
            continue
        mask = 0
        for r in suited:
            mask |= 1 << r
        board_mask = 0
        for c in board:
            if c & 3 == suit:
                board_mask |= 1 << (c >> 2)
        for _, window in WINDOWS:
            if mask & window == window and window & ~board_mask:
                return True
    return False


def _flush(hole: tuple[int, ...], board: tuple[int, ...]) -> tuple[int, int] | None:
    """``(N of the Nth nut flush, hero's top suited rank)`` when a hole card makes a flush."""
    for suit in range(4):
        on_board = [c >> 2 for c in board if c & 3 == suit]
        mine = [c >> 2 for c in hole if c & 3 == suit]
        if mine and len(on_board) + len(mine) >= 5 and len(on_board) < 5:
            high = max(mine)
            seen = set(on_board) | set(mine)
            return 1 + sum(1 for r in range(high + 1, 13) if r not in seen), high
    return None


# ---------------------------------------------------------------- draws
@cache
def _straight_draw(board_mask: int, low: int, high: int) -> tuple[int, bool, bool, bool, bool]:
    """``(out ranks, uses two hole cards, one-card draw at the bottom, every out makes the nuts, backdoor)``.

    *backdoor*: there are no outs, neither hole rank is on the board and a
    window holds both and three or more ranks in all (a backdoor straight
    draw on the flop).
    """
    all_mask = board_mask | (1 << low) | (1 << high)
    found: set[int] = set()
    two_card = False
    bottom = False
    clean = True
    for top, window in WINDOWS:
        missing = window & ~all_mask
        if missing.bit_count() != 1:
            continue
        out = missing.bit_length() - 1
        shared = board_mask | missing
        used = window & ~shared
        if not used or out in found:
            continue
        found.add(out)
        if used.bit_count() == 2:
            two_card = True
        else:
            rank = used.bit_length() - 1
            bottom = bottom or rank == (12 if top == 3 else top - 4)
        if top != rank_structure(shared).nut_top:
            clean = False
    backdoor = False
    both = (1 << low) | (1 << high)
    if not found and not board_mask & both:
        backdoor = any(window & both == both and (all_mask & window).bit_count() >= 3 for _, window in WINDOWS)
    return len(found), two_card, bottom, clean, backdoor


def _draw(
    hole: tuple[int, ...], board: tuple[int, ...], info: BoardInfo, made: MadeClass, pot_type: PotType
) -> tuple[DrawClass, tuple[str, ...]]:
    h0, h1 = hole[0] >> 2, hole[1] >> 2
    s0, s1 = hole[0] & 3, hole[1] & 3
    flop = info.street == _STREET_FLOP
    _, board_mask, board_suits, _ = _board_counts(board)
    features: list[str] = []
    fd_rank = -1
    fd_two = False
    fd_nut = False
    # Four of a suit with the hole cards: two suited hole cards on two board
    # cards, or one on three (two suits cannot both reach three on the turn).
    suit = -1
    if s0 == s1:
        if board_suits[s0] == 2:
            suit, fd_rank, fd_two = s0, max(h0, h1), True
    elif board_suits[s0] == 3:
        suit, fd_rank = s0, h0
    elif board_suits[s1] == 3:
        suit, fd_rank = s1, h1
    if suit >= 0:
        seen = (1 << h0 if s0 == suit else 0) | (1 << h1 if s1 == suit else 0)
        for c in board:
            if c & 3 == suit:
                seen |= 1 << (c >> 2)
        fd_nut = seen >> (fd_rank + 1) == _ALL_RANKS >> (fd_rank + 1)
        features.append("flush_draw")
    outs, sd_two, sd_bottom, sd_clean, backdoor = (0, False, False, True, False)
    if made != _M_STRAIGHT:
        outs, sd_two, sd_bottom, sd_clean, backdoor = _straight_draw(board_mask, min(h0, h1), max(h0, h1))
        if outs >= 2:
            features.append("oesd")
        elif outs == 1:
            features.append("gutshot")
    flushy = info.suit_max >= 3
    straighty = info.straight_combos >= 1 or info.one_card_straight is not None
    bdfd = flop and s0 == s1 and board_suits[s0] == 1
    bdsd = flop and outs == 0 and h0 != h1 and backdoor
    if bdfd:
        features.append("bdfd")
    if bdsd:
        features.append("bdsd")
    high_card = made in _HIGH_CARD_CLASSES
    overs = (h0 > info.top_rank) + (h1 > info.top_rank) if high_card else 0
    if overs:
        features.append(f"overcards_{overs}")
    draw: DrawClass | None = None
    if fd_rank >= 0 and outs:
        if not flushy or fd_nut or fd_rank >= _K:
            draw = _D_STRONG_DRAW
        elif fd_rank >= _J:
            draw = _D_MEDIUM_STRONG_DRAW
        elif fd_rank >= 6:
            draw = _D_MEDIUM_DRAW
        else:
            draw = _D_MEDIUM_WEAK_DRAW
    elif fd_rank >= 0:
        if fd_two:
            draw = _D_STRONG_DRAW if fd_rank >= _J else _D_MEDIUM_STRONG_DRAW
        elif fd_nut:
            draw = _D_STRONG_DRAW
        elif fd_rank >= _K:
            draw = _D_MEDIUM_STRONG_DRAW
        elif fd_rank >= _T:
            draw = _D_MEDIUM_DRAW
        elif fd_rank >= 4:
            draw = _D_MEDIUM_WEAK_DRAW
        else:
            draw = _D_WEAK_DRAW
    elif outs >= 2:
        if flushy:
            draw = _D_MEDIUM_WEAK_DRAW if overs == 2 else _D_WEAK_DRAW
        elif info.suit_max == 1:
            draw = _D_MEDIUM_STRONG_DRAW if straighty else _D_STRONG_DRAW
        elif straighty:
            draw = _D_MEDIUM_DRAW
        else:
            draw = _D_MEDIUM_STRONG_DRAW if sd_two or sd_clean else _D_MEDIUM_DRAW
    elif outs == 1:
        if flushy:
            draw = _D_WEAK_DRAW if overs == 2 else None
        elif overs or (bdfd and not info.straight_potential):
            draw = _D_MEDIUM_DRAW
        elif sd_two or not sd_bottom:
            draw = _D_MEDIUM_WEAK_DRAW
        else:
            draw = _D_WEAK_DRAW
    if draw is None and high_card:
        distinct = sorted({c >> 2 for c in board}, reverse=True)
        second = distinct[1] if len(distinct) > 1 else -1
        draw = _overcard_draw(h0, h1, info, overs, bdfd, bdsd, fd_rank >= 0, second, flushy, straighty, pot_type)
    return (draw if draw is not None else _D_NO_DRAW), tuple(features)


def _overcard_draw(
    h0: int,
    h1: int,
    info: BoardInfo,
    overs: int,
    bdfd: bool,
    bdsd: bool,
    flush_draw: bool,
    second: int,
    flushy: bool,
    straighty: bool,
    pot_type: PotType,
) -> DrawClass | None:
    high, low = max(h0, h1), min(h0, h1)
    tier: int | None = None
    if bdfd and bdsd and overs < 2 and not (overs == 1 and high >= _T):
        return _D_WEAK_DRAW
    if overs == 2:
        if high == _A and low >= _Q:
            tier = 0
        elif bdfd and bdsd:
            return _D_MEDIUM_WEAK_DRAW
        elif ((high, low) in ((_K, _Q), (_A, _J)) and bdsd) or (
            (high, low) in ((_K, _J), (_Q, _J), (_A, _T)) and (bdfd or bdsd)
        ):
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
    elif overs == 0 and low > second and info.top_rank >= _Q:
        if (
            (info.top_rank == _A and low >= _J)
            or (info.top_rank == _K and low >= _J)
            or (info.top_rank == _K and low >= 7 and bdfd)
        ):
            tier = 1
        else:
            tier = 2
    if tier is None:
        return None
    if (flushy and not flush_draw) or straighty:
        tier += 1
    keeps = _keeps_tier(high, low, bdfd, bdsd, pot_type)
    if pot_type == _POT_THREE_BET and not keeps:
        tier += 1
    elif pot_type in (_POT_FOUR_BET, _POT_FIVE_BET_PLUS) and not keeps:
        return None
    return _OVERCARD_TIERS[tier] if tier < 3 else None


def _keeps_tier(high: int, low: int, bdfd: bool, bdsd: bool, pot_type: PotType) -> bool:
    if pot_type == _POT_THREE_BET:
        return (
            (high, low) == (_A, _K)
            or ((high, low) in ((_A, _Q), (_K, _Q), (_A, _J)) and bdfd)
            or ((high, low) in ((_A, _J), (_K, _J), (_A, _T)) and bdfd and bdsd)
        )
    if pot_type in (_POT_FOUR_BET, _POT_FIVE_BET_PLUS):
        return (high, low) == (_A, _K) and bdfd
    return True


def full_house_is_best(bcounts: tuple[int, ...], h0: int, h1: int, mine: tuple[int, int]) -> bool:
    """The Python loop the hand kernel's ``_full_house_is_best`` replaced.

    Whether no two-card holding (quads left aside) makes a better full house
    than ``mine``; ``bcounts`` counts the board's ranks, ``h0`` and ``h1`` are
    the hero's hole ranks (their cards are not available to the opponent).
    """
    hcounts = [0] * 13
    hcounts[h0] += 1
    hcounts[h1] += 1
    for a in range(13):
        free_a = 4 - bcounts[a] - hcounts[a]
        if free_a <= 0:
            continue
        for b in range(a, 13):
            if (a == b and free_a < 2) or (a != b and 4 - bcounts[b] - hcounts[b] <= 0):
                continue
            counts = list(bcounts)
            counts[a] += 1
            counts[b] += 1
            if max(counts) >= 4:
                continue
            theirs = _best_full_house(counts)
            if theirs is not None and theirs > mine:
                return False
    return True
