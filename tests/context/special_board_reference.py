"""The hand classes as last written with Python special-board rules: a frozen reference.

This is ``pokergym/context/hand.py`` as it stood before the texture kernel
(:func:`pokergym.context._texture_kernel.hand_facts`) became the one
implementation of the hand classes, special boards included: the integer
hand kernel (:mod:`pokergym.context._hand_kernel`) for ordinary boards and
the special-board override rules in Python, reading the JSON tables. The
rules are documented in :mod:`pokergym.context.hand`. The differential tests
compare the package's decoded ``HandInfo`` with it; a rule change goes to the
kernels, and here only when the tests should pin the new behaviour.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from pokergym.context._hand_kernel import SPECIAL, _full_house_is_best, hand_codes
from pokergym.context.board import analyze_board, straight_top
from pokergym.context.record import BoardInfo, BoardOverride, DrawClass, HandInfo, MadeClass, PotType, new_record
from pokergym.context.tables import pair_value, pot_key, table
from pokergym.engine.actions import Street
from pokergym.errors import ContextError

# Enum members as module constants: Python 3.11 reaches ``Enum.MEMBER`` through a slow descriptor.
_D_NO_DRAW = DrawClass.NO_DRAW
_M_FLUSH = MadeClass.FLUSH
_M_NUTS = MadeClass.NUTS
_M_NUTS_HIGH = MadeClass.NUTS_HIGH
_M_SECOND_HIGH = MadeClass.SECOND_HIGH
_M_STRAIGHT = MadeClass.STRAIGHT
_M_TRASH = MadeClass.TRASH
_M_TWO_PAIR = MadeClass.TWO_PAIR
_M_WEAK_SHOWDOWN = MadeClass.WEAK_SHOWDOWN
_POT_SRP = PotType.SRP
_STREET_RIVER = Street.RIVER

__all__ = ["classify_hand", "hand_from_codes", "made_hand"]

# Decoding the kernel's integer codes (see pokergym.context._hand_kernel.hand_codes); -1 reads as None.
_MADE = tuple(MadeClass)
_DRAW = tuple(DrawClass)
_POT_INDEX = {p: i for i, p in enumerate(PotType)}
_NUMBER = (*range(16), None)
_NUT_STRAIGHT = (False, True, None)
_POCKET = (False, True)
_SET_LEVEL = ("top", "middle", "bottom", None)
_FEATURE_NAMES = ("flush_draw", "oesd", "gutshot", "bdfd", "bdsd", "overcards_1", "overcards_2")
_FEATURES = tuple(tuple(name for i, name in enumerate(_FEATURE_NAMES) if bits >> i & 1) for bits in range(128))


def board_bits(board: tuple[int, ...]) -> int:
    """Pack a board's cards as four 13-bit rank masks, suit ``s`` at bit ``13 * s``.

    Example:
        >>> bin(board_bits((0, 5, 49)))  # the 2 of suit 0, the 3 and the ace of suit 1
        '0b10000000000100000000000001'
    """
    bits = 0
    for c in board:
        bits |= 1 << ((c & 3) * 13 + (c >> 2))
    return bits


_board_bits = lru_cache(maxsize=1 << 14)(board_bits)


def full_house_is_best(bcounts: tuple[int, ...], h0: int, h1: int, trips: int, pair: int) -> bool:
    """Whether no two-card holding (quads left aside) makes a better full house than ``trips`` full of ``pair``.

    Args:
        bcounts: how many cards of each rank the board holds (13 counts).
        h0: the hero's first hole rank (its card is not available to the opponent).
        h1: the hero's second hole rank.
        trips: the rank of the hero's full house's three of a kind.
        pair: the rank of its pair.
    """
    once = twice = thrice = taken_thrice = taken_four = 0
    for r in range(13):
        count = bcounts[r]
        if count >= 4:
            return True  # quads on the board: every holding makes quads
        bit = 1 << r
        once |= bit if count >= 1 else 0
        twice |= bit if count >= 2 else 0
        thrice |= bit if count >= 3 else 0
        taken = count + int(h0 == r) + int(h1 == r)
        taken_thrice |= bit if taken >= 3 else 0
        taken_four |= bit if taken >= 4 else 0
    return bool(_full_house_is_best(once, twice, thrice, taken_thrice, taken_four, trips, pair))


@lru_cache(maxsize=1 << 16)
def classify_hand(hole: tuple[int, ...], board: tuple[int, ...], pot_type: PotType = _POT_SRP) -> HandInfo:
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
    info = analyze_board(board)
    return _classify(hole, board, info, pot_type, info.street != _STREET_RIVER)


def made_hand(hole: tuple[int, ...], board: tuple[int, ...], info: BoardInfo, pot_type: PotType) -> HandInfo:
    """Classify the made hand only: the :class:`HandInfo` with the draw left at ``no_draw``.

    The slow-play look-ahead uses it to re-classify the hand on every
    possible next card. The cards are not checked.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> board = parse_cards("7c7d7h")
        >>> made_hand(parse_cards("AsKd"), board, analyze_board(board), PotType.SRP).override.label
        'trips_board_kicker_1'
    """
    return _classify(hole, board, info, pot_type, False)


def _classify(
    hole: tuple[int, ...], board: tuple[int, ...], info: BoardInfo, pot_type: PotType, with_draw: bool
) -> HandInfo:
    """Run the kernel and decode its codes; boards that decide the hand go to :func:`_special_board`."""
    codes = hand_codes(hole[0], hole[1], _board_bits(board), _POT_INDEX[pot_type], with_draw)
    if codes[0] == SPECIAL:
        flush_rank, flush_high = codes[9], codes[10]
        flush = (flush_rank, flush_high) if flush_rank >= 0 else None
        return HandInfo(draw=_D_NO_DRAW, **_special_board(hole, board, info, pot_type, flush))
    return hand_from_codes(codes)


def hand_from_codes(codes: Sequence[int]) -> HandInfo:
    """Decode the :func:`~pokergym.context._hand_kernel.hand_codes` of a board that does not decide the hand.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.context._hand_kernel import hand_codes
        >>> h0, h1 = parse_cards("KsQd")
        >>> hand_from_codes(hand_codes(h0, h1, board_bits(parse_cards("Kh7d2c")), 1, True)).made
        <MadeClass.TOP_PAIR: 'top_pair'>
    """
    (
        _,
        made,
        draw,
        features,
        kicker_position,
        kicker_rank,
        pair_level,
        pair_rank,
        pocket,
        flush_rank,
        flush_high,
        straight_cards,
        nut_straight,
        set_level,
        two_pair_rank,
    ) = codes
    # Every field, in order (see new_record).
    return new_record(
        HandInfo,
        (
            _MADE[made],
            _DRAW[draw],
            _NUMBER[kicker_position],
            _NUMBER[kicker_rank],
            _NUMBER[pair_level],
            _NUMBER[pair_rank],
            _POCKET[pocket],
            _NUMBER[flush_rank],
            _NUMBER[flush_high],
            _NUMBER[straight_cards],
            _NUT_STRAIGHT[nut_straight],
            _SET_LEVEL[set_level],
            _NUMBER[two_pair_rank],
            None,
            _FEATURES[features],
        ),
    )


@lru_cache(maxsize=1 << 14)
def _board_counts(board: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """``(count of each rank, rank mask)`` of a board, cached."""
    bcounts = [0] * 13
    mask = 0
    for c in board:
        bcounts[c >> 2] += 1
        mask |= 1 << (c >> 2)
    return tuple(bcounts), mask


def _special_board(
    hole: tuple[int, ...], board: tuple[int, ...], info: BoardInfo, pot_type: PotType, flush: tuple[int, int] | None
) -> dict[str, Any]:
    """The made-hand fields on a board that decides the hand (the kernel's :data:`SPECIAL` status).

    ``flush``: ``(N of the Nth nut flush, hero's top suited rank)`` when a
    hole card makes a flush, else ``None``.
    """
    h0, h1 = hole[0] >> 2, hole[1] >> 2
    bcounts, board_mask = _board_counts(board)
    acounts = list(bcounts)
    acounts[h0] += 1
    acounts[h1] += 1
    all_mask = board_mask | (1 << h0) | (1 << h1)
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
    return _straight_board(all_mask, board_mask, info)  # five ranks in a row, no flush for the hero


# ---------------------------------------------------------------- full houses
def _best_full_house(counts: Sequence[int]) -> tuple[int, int] | None:
    trips = -1
    for r in range(12, -1, -1):
        if counts[r] >= 3:
            trips = r
            break
    if trips < 0:
        return None
    for r in range(12, -1, -1):
        if r != trips and counts[r] >= 2:
            return trips, r
    return None


# ---------------------------------------------------------------- special boards
def _override(made: MadeClass, label: str, entry: list[float], **extra: Any) -> dict[str, Any]:
    attack, defense = pair_value(entry)
    return {"made": made, "override": BoardOverride(label, attack, defense), **extra}


def _kicker_tier(prefix: str, tiers: list[list[float]], position: int, pot_type: PotType) -> dict[str, Any]:
    classes = (_M_NUTS_HIGH, _M_SECOND_HIGH, _M_WEAK_SHOWDOWN)
    if position > len(tiers):
        return _override(_M_TRASH, f"{prefix}_no_kicker", [0.0, 0.0], kicker_position=position)
    attack, defense = pair_value(tiers[position - 1])
    shift = table("overrides")["kicker_pot_shift"][pot_key(pot_type)]
    if defense < 99:
        attack, defense = max(0.0, attack + shift), max(0.0, defense + shift)
    return _override(classes[position - 1], f"{prefix}_kicker_{position}", [attack, defense], kicker_position=position)


def _position_off_board(rank: int, bcounts: Sequence[int]) -> int:
    return 1 + sum(1 for r in range(rank + 1, 13) if not bcounts[r])


def _quads_board(h0: int, h1: int, bcounts: Sequence[int], info: BoardInfo, pot_type: PotType) -> dict[str, Any]:
    data = table("overrides")["quads_board"]
    side = [r for r in range(13) if bcounts[r] and r != info.quads_rank]
    mine = max(h0, h1)
    if side and side[0] >= mine:
        if _position_off_board(side[0], bcounts) == 1:
            return _override(_M_NUTS_HIGH, "quads_board_nut_chop", data["board_nut_chop"])
        return _override(_M_TRASH, "quads_board_plays_board", data["plays_board"])
    position = _position_off_board(mine, bcounts)
    if position == 1:
        return _override(_M_NUTS, "quads_board_kicker_1", data["kickers"][0], kicker_position=1)
    return _kicker_tier("quads_board", data["kickers"], position, pot_type)


def _full_house_board(bcounts: Sequence[int], acounts: Sequence[int], hole_ranks: tuple[int, int]) -> dict[str, Any]:
    data = table("overrides")["full_house_board"]
    if max(acounts) == 4:
        return _override(_M_NUTS, "full_house_board_quads", data["quads"])
    board_fh = _best_full_house(bcounts)
    mine = _best_full_house(acounts)
    if mine is not None and board_fh is not None and mine > board_fh:
        if full_house_is_best(tuple(bcounts), *hole_ranks, *mine):
            return _override(_M_NUTS, "full_house_board_best", data["best_full_house"])
        return _override(_M_NUTS, "full_house_board_higher", data["higher_full_house"])
    return _override(_M_NUTS, "full_house_board_plays_board", data["plays_board"])


def _trips_board(
    h0: int,
    h1: int,
    bcounts: Sequence[int],
    acounts: Sequence[int],
    all_mask: int,
    board_mask: int,
    flush: tuple[int, int] | None,
    pot_type: PotType,
) -> dict[str, Any]:
    data = table("overrides")["trips_board"]
    if max(acounts) == 4:
        return _override(_M_NUTS, "trips_board_quads", data["quads"])
    mine = _best_full_house(acounts)
    if mine is not None:
        if full_house_is_best(tuple(bcounts), h0, h1, *mine):
            return _override(_M_NUTS, "trips_board_best_full_house", data["best_full_house"])
        trips = next(r for r in range(13) if bcounts[r] == 3)
        over = mine[0] > trips or mine[1] > trips
        key = "full_house_over" if over else "full_house_under"
        return _override(_M_NUTS, f"trips_board_{key}", data[key])
    if flush is not None:
        return _override(_M_FLUSH, "trips_board_flush", data["flush"], flush_rank=flush[0], flush_high_rank=flush[1])
    if straight_top(all_mask) > straight_top(board_mask):
        return _override(_M_STRAIGHT, "trips_board_straight", data["straight"])
    return _kicker_tier("trips_board", data["kickers"], _position_off_board(max(h0, h1), bcounts), pot_type)


def _double_paired(
    h0: int,
    h1: int,
    bcounts: Sequence[int],
    acounts: Sequence[int],
    all_mask: int,
    board_mask: int,
    flush: tuple[int, int] | None,
    info: BoardInfo,
    pot_type: PotType,
) -> dict[str, Any]:
    data = table("overrides")["double_paired"]
    if max(acounts) == 4:
        return _override(_M_NUTS, "double_paired_quads", data["quads"])
    mine = _best_full_house(acounts)
    if mine is not None:
        if full_house_is_best(tuple(bcounts), h0, h1, *mine):
            return _override(_M_NUTS, "double_paired_best_full_house", data["best_full_house"])
        return _override(_M_NUTS, "double_paired_lower_full_house", data["lower_full_house"])
    if flush is not None:
        return _override(
            _M_FLUSH, "double_paired_flush", data["flush_or_straight"], flush_rank=flush[0], flush_high_rank=flush[1]
        )
    if straight_top(all_mask) > straight_top(board_mask):
        return _override(_M_STRAIGHT, "double_paired_straight", data["flush_or_straight"])
    low_pair = min(info.pair_ranks)
    improved = [r for r in range(13) if acounts[r] >= 2 and not bcounts[r] >= 2 and r > low_pair]
    if improved:
        label = "double_paired_improved_two_pair"
        return _override(_M_TWO_PAIR, label, data["improved_two_pair"], pair_rank=improved[-1])
    side = [r for r in range(13) if bcounts[r] == 1]
    best = max([h0, h1, *side])
    return _kicker_tier("double_paired", data["kickers"], _position_off_board(best, bcounts), pot_type)


def _flush_board(hole: tuple[int, ...], board: tuple[int, ...], info: BoardInfo) -> dict[str, Any]:
    data = table("overrides")["flush_board"]
    suit = info.flush_suit
    on_board = [c >> 2 for c in board]
    mine = [c >> 2 for c in hole if c & 3 == suit]
    if mine and max(mine) > min(on_board):
        high = max(mine)
        seen = set(on_board) | set(mine)
        level = 1 + sum(1 for r in range(high + 1, 13) if r not in seen)
        entry = data["levels"][min(level, len(data["levels"])) - 1]
        made = _M_FLUSH
        return _override(made, f"flush_board_level_{level}", entry, flush_rank=level, flush_high_rank=high)
    return _override(_M_FLUSH, "flush_board_plays_board", data["none"])


def _straight_board(all_mask: int, board_mask: int, info: BoardInfo) -> dict[str, Any]:
    data = table("overrides")["straight_board"]
    mine, shared = straight_top(all_mask), straight_top(board_mask)
    if mine > shared:
        nut = mine == info.nut_straight_top
        if nut and info.suit_max < 3:
            return _override(_M_STRAIGHT, "straight_board_nut_higher", data["nut_higher"], nut_straight=True)
        key = "higher_flush_possible" if info.suit_max >= 3 else "higher"
        return _override(_M_STRAIGHT, f"straight_board_{key}", data[key], nut_straight=nut)
    if shared == info.nut_straight_top and info.suit_max < 3:
        return _override(_M_STRAIGHT, "straight_board_nut_chop", data["nut_chop"], nut_straight=True)
    return _override(_M_STRAIGHT, "straight_board_plays_board", data["plays_board"], nut_straight=False)
