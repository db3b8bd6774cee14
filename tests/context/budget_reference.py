"""The budgets as first written in Python: the frozen reference of the budget kernels.

This is ``pokergym/context/budget.py`` as it stood before the compiled kernels
(:mod:`pokergym.context._budget_kernel`) became the one implementation; the
differential tests compare the kernels' numbers and the decoded ``Budget``
records, modifiers included, with it. A rule change goes to the kernels, and
here only when the tests should pin the new behaviour.

A budget counts how many *weighted bets* a hand can put in (attack) or call
(defense) over the rest of the hand. :func:`hand_budget` starts from the
release's tables (``data/budgets.json``, ``data/overrides.json``) and applies:

* texture penalties to one-pair and weak showdown hands: a three-flush
  board costs 1.1 / 0.9 / 0.7 (flop / turn / river), a four-flush 3.5 (an
  overpair drops to attack 0 and defense at most 0.6), a one-card straight
  2.5 (open-ended) or 1.5 (gutshot) with attack capped at 1, otherwise
  straight potential 0.6 / 0.5 / 0.4 (several holdings) or 0.4 / 0.3 / 0.2
  (one holding), and a paired board 0.5 (overpair, top pair), 0.4 (second
  pair) or 0.3 (lower). Flush and straight penalties do not stack with their
  one-card versions: only the worse applies.
* for ``nuts_high`` / ``second_high`` (attack 0): defense x1.35 on a paired
  board, 0 on a four-flush or one-card-straight board, else penalties of
  1.0 / 0.7 / 0.4 (three-flush), 0.5 / 0.4 / 0.2 and 0.3 / 0.2 / 0.1 (straights).
* flushes, straights, sets, trips and two pair take their texture from their
  own tables; the nuts (99, "unlimited") take no penalty.
* out of position on the flop or turn with SPR above 0.5, made hands lose
  0.3 defense; facing a raise of the hero's own river bet costs 0.3 more.
* draws: attack is at least the draw's attack (the *draw floor*); a pair or
  high card with a draw adds the draw's combo bonus to its defense (on a
  paired board the high-card tiers 1.5 / 1.0 / 0.8 are the baseline), and
  defense is at least the draw's own. The bonus of the strongest draw is 1.5
  as in the release (the paper's text says 2.0).

Remaining attack subtracts every weighted postflop bet so far (the bet
faced included); remaining defense subtracts the bets before the one faced.

Example:
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.context.board import analyze_board
    >>> from pokergym.context.hand import classify_hand
    >>> board = analyze_board(parse_cards("Kh7d2c"))
    >>> hand = classify_hand(parse_cards("AsKd"), parse_cards("Kh7d2c"))
    >>> hand_budget(hand, board, PotType.SRP)[:4]
    (3.0, 4.0, 3.0, 4.0)
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any, Protocol

from pokergym.context.record import (
    UNLIMITED,
    BoardInfo,
    Budget,
    DrawClass,
    HandInfo,
    MadeClass,
    PotType,
    new_record,
)
from pokergym.context.tables import pair_value, pot_key, table
from pokergym.engine.actions import Street

# Enum members as module constants: Python 3.11 reaches ``Enum.MEMBER`` through a slow descriptor.
_D_NO_DRAW = DrawClass.NO_DRAW
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
_STREET_FLOP = Street.FLOP
_STREET_RIVER = Street.RIVER
_STREET_TURN = Street.TURN

__all__ = [
    "SLOW_PLAY_MIN_ATTACK",
    "hand_budget",
    "low_spr_threshold",
    "make_budget",
    "trap_offset",
    "value_tier",
]

_PAIR_CLASSES = frozenset(
    {_M_OVERPAIR, _M_TOP_PAIR, _M_SECOND_PAIR, _M_THIRD_PAIR, _M_FOURTH_FIFTH_PAIR, _M_WEAK_SHOWDOWN}
)
_HIGH_CLASSES = frozenset({_M_NUTS_HIGH, _M_SECOND_HIGH})
_COMBO_CLASSES = _PAIR_CLASSES | _HIGH_CLASSES
SLOW_PLAY_MIN_ATTACK = 4.0
"""Made-hand attack from which the slow-play look-ahead runs."""
_ATTACK_CAP = 6.0
# PotType.value_shift as a dict: the property is a Python-level call.
_VALUE_SHIFT = {pot: pot.value_shift for pot in PotType}


class _Board(Protocol):
    """The board facts a hand's own budget reads (a :class:`BoardInfo` has them all)."""

    @property
    def street(self) -> Street: ...
    @property
    def suit_max(self) -> int: ...
    @property
    def paired(self) -> bool: ...
    @property
    def one_card_straight(self) -> str | None: ...
    @property
    def straight_combos(self) -> int: ...


_HandBudget = tuple[float, float, float, float, tuple[str, ...]]
_MEMO_SIZE = 1 << 14
_memo: dict[tuple[Any, ...], _HandBudget] = {}


def hand_budget(hand: HandInfo, board: BoardInfo, pot_type: PotType) -> _HandBudget:
    """Budgets of the hand alone: ``(attack base, defense base, attack, defense, modifiers)``.

    Position, the river re-raise penalty and the line's pressure are applied
    by :func:`make_budget`; this part depends on cards and pot type only.
    Results are memoised by what they are computed from: the hand's classes
    (all its fields but the draw features), the street, suit count, pairing
    and straight structure of the board, and the pot type. Many different
    cards share these, so the memo also serves hands never seen before.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.context.board import analyze_board
        >>> from pokergym.context.hand import classify_hand
        >>> board = parse_cards("7s6hJc")
        >>> hand = classify_hand(parse_cards("5c4c"), board)
        >>> hand_budget(hand, analyze_board(board), PotType.THREE_BET)
        (0.5, 0.0, 5.0, 2.5, ('draw floor 5.0', 'draw defense 2.5'))
    """
    # hand[:-1]: every field of the hand but the last, its draw features.
    key = (
        hand[:-1],
        board.street,
        board.suit_max,
        board.paired,
        board.one_card_straight,
        board.straight_combos,
        pot_type,
    )
    result = _memo.get(key)
    if result is None:
        result = _hand_budget(hand, board, pot_type)
        if len(_memo) >= _MEMO_SIZE:
            _memo.clear()
        _memo[key] = result
    return result


def _hand_budget(hand: HandInfo, board: _Board, pot_type: PotType) -> _HandBudget:
    mods: list[str] = []
    att_base, def_base, att, dfn = _made_budget(hand, board, pot_type, mods)
    draw = hand.draw
    if draw != _D_NO_DRAW:
        data = table("budgets")
        d_att, d_def = pair_value(data["draw_base"][draw])
        if d_att > att:
            att = d_att
            mods.append(f"draw floor {d_att}")
        if hand.made in _COMBO_CLASSES:
            if board.paired and hand.pair_rank is None:
                dfn = float(data["paired_high_tiers"][hand.made])
            bonus = float(data["combo_bonus"][draw])
            dfn += bonus
            mods.append(f"combo defense +{bonus}")
        if d_def > dfn:
            dfn = d_def
            mods.append(f"draw defense {d_def}")
    return round(att_base, 2), round(def_base, 2), round(att, 2), round(dfn, 2), tuple(mods)


def _made_budget(hand: HandInfo, board: _Board, pot_type: PotType, mods: list[str]) -> tuple[float, ...]:
    made = hand.made
    if hand.override is not None:
        o = hand.override
        mods.append(f"board override {o.label}")
        return o.attack, o.defense, o.attack, o.defense
    data = table("budgets")
    if made == _M_NUTS:
        return UNLIMITED, UNLIMITED, UNLIMITED, UNLIMITED
    if made == _M_TRASH:
        a, d = pair_value(data["base"]["trash"])
        return a, d, a, d
    if made == _M_FLUSH:
        a, d = _flush(hand, board, data["flush"], mods)
    elif made == _M_STRAIGHT:
        a, d = _straight(hand, board, data["straight"], mods)
    elif made == _M_SET:
        a, d = _set(board, data["set"], mods)
    elif made == _M_TRIPS:
        a, d = _trips(hand, board, data["trips"], mods)
    elif made == _M_TWO_PAIR:
        a, d = _two_pair(hand, board, data["two_pair"], mods)
    elif made in _HIGH_CLASSES:
        return _high_card(hand, board, pot_type, data, mods)
    else:
        return _pair(hand, board, pot_type, data, mods)
    return a, d, a, d


def _texture_key(board: _Board) -> str:
    return "none" if board.suit_max < 3 else "three" if board.suit_max == 3 else "four"


def _flush(hand: HandInfo, board: _Board, data: dict[str, Any], mods: list[str]) -> tuple[float, float]:
    rank = hand.flush_rank or 1
    if board.suit_max == 3:
        size = "nut" if rank == 1 else "big" if (hand.flush_high_rank or 0) >= data["big_from_rank"] else "small"
        key = "three_paired" if board.paired else "three"
        mods.append(f"{key.replace('_', ' ')} {size} flush")
        return pair_value(data[key][size])
    levels = data["four"]
    if board.paired and rank == 1:
        mods.append("four-flush paired nut flush")
        return pair_value(data["four_paired_nut"])
    a, d = pair_value(levels[min(rank, len(levels)) - 1])
    mods.append(f"four-flush flush level {rank}")
    if board.paired:
        shift = float(data["four_paired_shift"])
        a, d = max(0.0, a + shift), max(0.0, d + shift)
        mods.append(f"paired board {shift}")
    return a, d


def _straight(hand: HandInfo, board: _Board, data: dict[str, Any], mods: list[str]) -> tuple[float, float]:
    flush = _texture_key(board)
    nut = bool(hand.nut_straight)
    if nut and flush == "none":
        mods.append("nut straight, no flush")
        return pair_value(data["paired_nut_no_flush" if board.paired else "nut_no_flush"])
    if hand.straight_cards == 2:
        a, d = pair_value(data["two_card"][flush])
        shift = float(data["paired_shift_two_card"])
        mods.append(f"two-card straight, flush {flush}")
    else:
        a, d = pair_value(data["one_card_nut" if nut else "one_card_low"][flush])
        shift = float(data["paired_shift_one_card"])
        mods.append(f"one-card {'nut' if nut else 'low'} straight, flush {flush}")
    if board.paired:
        a, d = max(0.0, a + shift), max(0.0, d + shift)
        mods.append(f"paired board {shift}")
    return a, d


def _set(board: _Board, data: dict[str, Any], mods: list[str]) -> tuple[float, float]:
    ocs = board.one_card_straight
    combos = board.straight_combos
    if board.suit_max >= 4:
        mods.append("set on a four-flush")
        return pair_value(data["ocs_four" if ocs else "four"])
    if ocs:
        a, d = pair_value(data[f"ocs_{ocs}"])
        mods.append(f"set, one-card straight {ocs}")
        if board.suit_max == 3:
            shift = float(data["ocs_three_shift"])
            a, d = a + shift, d + shift
            mods.append(f"flush possible {shift}")
        return max(0.0, a), max(0.0, d)
    if board.suit_max == 3:
        a, d = pair_value(data["three"])
        shift = float(data["three_per_combo"]) * combos
        mods.append(f"set, flush possible, {combos} straight holdings")
        return max(0.0, a + shift), max(0.0, d + shift)
    if combos == 0:
        mods.append("set on a clean board")
        return pair_value(data["clean"])
    mods.append(f"set, {combos} straight holdings")
    return pair_value(data["by_combos"][min(combos, 3) - 1])


def _trips(hand: HandInfo, board: _Board, data: dict[str, Any], mods: list[str]) -> tuple[float, float]:
    ocs = board.one_card_straight
    kicker = (hand.kicker_rank or 0) / 12.0
    if board.suit_max >= 4:
        mods.append("trips on a four-flush")
        return pair_value(data["ocs_four" if ocs else "four"])
    combos_shift = float(data["per_combo"]) * board.straight_combos
    if ocs:
        entry = data[f"ocs_{ocs}"]
        shift = float(data["ocs_three_shift"]) if board.suit_max == 3 else 0.0
        combos_shift = 0.0
        mods.append(f"trips, one-card straight {ocs}")
    else:
        entry = data["three" if board.suit_max == 3 else "dry"]
        shift = 0.0
        mods.append(f"trips, {'flush possible' if board.suit_max == 3 else 'no flush'}")
    low, high = entry["attack"]
    a = low + (high - low) * kicker + shift + combos_shift
    d = float(entry["defense"]) + shift + combos_shift
    return max(0.0, a), max(0.0, d)


def _two_pair(hand: HandInfo, board: _Board, data: dict[str, Any], mods: list[str]) -> tuple[float, float]:
    ocs = board.one_card_straight
    rank = hand.two_pair_rank or 1
    if board.suit_max >= 4:
        mods.append("two pair on a four-flush")
        return pair_value(data["four_ocs" if ocs else "four"])
    if ocs:
        key = f"ocs_three_{ocs}" if board.suit_max == 3 else f"ocs_{ocs}"
        mods.append(f"two pair, one-card straight {ocs}")
        return pair_value(data[key])
    shift = float(data["per_combo"]) * board.straight_combos
    if board.suit_max == 3:
        first, last = data["three"]["first"], data["three"]["last"]
        t = (min(rank, 10) - 1) / 9
        a = first[0] + (last[0] - first[0]) * t
        d = first[1] + (last[1] - first[1]) * t
        mods.append(f"two pair rank {rank}, flush possible")
    else:
        a, d = pair_value(data["dry"][min(rank, 10) - 1])
        mods.append(f"two pair rank {rank}")
    if shift:
        mods.append(f"{board.straight_combos} straight holdings {shift:+.1f}")
    return max(0.0, a + shift), max(0.0, d + shift)


def _pair_table(hand: HandInfo, pot_type: PotType, data: dict[str, Any]) -> tuple[float, float]:
    made = hand.made
    key = pot_key(pot_type)
    position = hand.kicker_position
    pocket = hand.pocket_pair
    if made == _M_OVERPAIR:
        rows = data["overpair"][key]
        return pair_value(rows.get(str(hand.pair_rank), rows["other"]))
    if made == _M_TOP_PAIR:
        rows = data["top_pair"][key]
        index = 0 if pocket or position is None else min(position, len(rows)) - 1
        return pair_value(rows[index])
    if made in (_M_SECOND_PAIR, _M_THIRD_PAIR):
        rows = data[made][key]
        if pocket or position is None:
            return pair_value(rows["pocket"])
        kickers = rows["kickers"]
        return pair_value(kickers[min(position, len(kickers)) - 1])
    if made == _M_FOURTH_FIFTH_PAIR:
        rows = data["fourth_fifth_pair"][key]
        if key == "srp":
            return pair_value(rows["fourth" if (hand.pair_level or 3) <= 3 else "fifth"])
        return pair_value(rows["pocket" if pocket else "board"])
    defense = float(data["weak_showdown"][key])
    return 0.0, defense


def _pair(
    hand: HandInfo, board: _Board, pot_type: PotType, data: dict[str, Any], mods: list[str]
) -> tuple[float, float, float, float]:
    made = hand.made
    if made == _M_WEAK_SHOWDOWN and hand.pair_rank is None:
        base = (0.0, float(data["paired_high_tiers"]["weak_showdown"]))
        mods.append("paired board high-card tier")
    else:
        base = _pair_table(hand, pot_type, data)
    a, d = base
    pen = data["penalties"]["pair"]
    street = board.street - 1
    if board.suit_max >= 4:
        if made == _M_OVERPAIR:
            cap = float(pen["overpair_one_card_flush_defense_cap"])
            a, d = 0.0, min(d, cap)
            mods.append(f"one-card flush: attack 0, defense at most {cap}")
        else:
            p = float(pen["one_card_flush"])
            a, d = a - p, d - p
            mods.append(f"one-card flush -{p}")
    elif board.suit_max == 3:
        p = float(pen["flush_possible"][street])
        a, d = a - p, d - p
        mods.append(f"flush possible -{p}")
    ocs = board.one_card_straight
    if ocs is not None:
        p = float(pen[f"ocs_{ocs}"])
        a, d = min(a - p, float(pen["ocs_attack_cap"])), d - p
        mods.append(f"one-card straight {ocs} -{p}")
    elif board.straight_combos:
        p = float(pen["straight_multi" if board.straight_combos >= 2 else "straight_single"][street])
        a, d = a - p, d - p
        mods.append(f"straight possible -{p}")
    if board.paired and hand.pair_rank is not None:
        paired = pen["paired"]
        p = float(paired.get(made, paired["other"]))
        a, d = a - p, d - p
        mods.append(f"paired board -{p}")
    return base[0], base[1], max(0.0, a), max(0.0, d)


def _high_card(
    hand: HandInfo, board: _Board, pot_type: PotType, data: dict[str, Any], mods: list[str]
) -> tuple[float, float, float, float]:
    low, high = data[hand.made][pot_key(pot_type, limp_key=True)]
    span = int(data["high_card_kicker_span"])
    t = min((hand.kicker_position or 1) - 1, span) / span
    d = high - (high - low) * t
    base_d = d
    if board.paired:
        d *= float(data["paired_high_multiplier"])
        mods.append(f"paired board defense x{data['paired_high_multiplier']}")
    pen = data["penalties"]["high"]
    street = board.street - 1
    if board.suit_max >= 4 or board.one_card_straight is not None:
        d = 0.0
        mods.append("one-card flush or straight: defense 0")
    else:
        if board.suit_max == 3:
            p = float(pen["flush_possible"][street])
            d -= p
            mods.append(f"flush possible -{p}")
        if board.straight_combos:
            p = float(pen["straight_multi" if board.straight_combos >= 2 else "straight_single"][street])
            d -= p
            mods.append(f"straight possible -{p}")
    return 0.0, base_d, 0.0, max(0.0, d)


def make_budget(
    hand: HandInfo,
    board: BoardInfo,
    pot_type: PotType,
    *,
    oop: bool,
    spr: float,
    facing_raise: bool,
    weighted_total: float,
    facing_weight: float,
) -> Budget:
    """Full budgets of a decision: the hand's, position and river re-raise penalties, pressure.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.context.board import analyze_board
        >>> from pokergym.context.hand import classify_hand
        >>> board = parse_cards("7s6hJc6c9h")
        >>> hand = classify_hand(parse_cards("5c4c"), board, PotType.THREE_BET)
        >>> b = make_budget(hand, analyze_board(board), PotType.THREE_BET,
        ...                 oop=True, spr=6.6, facing_raise=False, weighted_total=0.45, facing_weight=0.0)
        >>> b.attack, b.attack_remaining
        (0.5, 0.05)
    """
    # hand_budget rounds its values; a defense changed here is rounded again,
    # and its remaining part comes from the unrounded value.
    att_base, def_base, att, dfn, mods = hand_budget(hand, board, pot_type)
    street = board.street
    defense = dfn
    if dfn < UNLIMITED and (oop or facing_raise):
        min_spr, oop_penalty, oop_mod, reraise_penalty, reraise_mod = _defense_penalties()
        if oop and hand.made != _M_TRASH and street < _STREET_RIVER and spr > min_spr:
            dfn = max(0.0, dfn - oop_penalty)
            mods = (*mods, oop_mod)
            defense = round(dfn, 2)
        if facing_raise and street == _STREET_RIVER:
            dfn = max(0.0, dfn - reraise_penalty)
            mods = (*mods, reraise_mod)
            defense = round(dfn, 2)
    # Every field, in order (see new_record).
    return new_record(
        Budget,
        (
            att_base,
            def_base,
            att,
            defense,
            round(att - weighted_total, 2),
            round(dfn - (weighted_total - facing_weight), 2),
            mods,
        ),
    )


@cache
def _defense_penalties() -> tuple[Any, float, str, float, str]:
    """The budget table's position and river re-raise penalties, each with its modifier text.

    Returns ``(SPR above which the position penalty applies, position
    penalty, its modifier, river re-raise penalty, its modifier)``, read once.
    """
    pen = table("budgets")["penalties"]
    return (
        pen["oop_min_spr"],
        float(pen["oop_defense"]),
        f"out of position -{pen['oop_defense']}",
        float(pen["river_reraise_defense"]),
        f"facing a river raise -{pen['river_reraise_defense']}",
    )


def value_tier(weighted_total: float, pot_type: PotType) -> int:
    """Weakest hand worth a value bet: 1 third pair+ .. 5 set / top two pair+.

    The next bet's number (weighted bets so far + 1) less the pot type's
    value shift, rounded half up and clamped to 1..5. The paper's trace
    (3-bet pot, shift -0.5) reads "second pair+" for 1 and 1.45 weighted
    bets, which fixes the sign: a 3-bet pot asks for stronger value hands,
    a limped pot for thinner ones.

    Example:
        >>> value_tier(0.0, PotType.THREE_BET), value_tier(0.45, PotType.THREE_BET), value_tier(0.0, PotType.LIMP)
        (2, 2, 1)
    """
    tier = math.floor(weighted_total + 1.0 - _VALUE_SHIFT[pot_type] + 0.5)
    return 1 if tier < 1 else 5 if tier > 5 else tier


def low_spr_threshold(street: Street, spr: float) -> float | None:
    """Remaining attack needed to raise at low SPR, or ``None`` when the SPR is not low.

    Below SPR 1 the SPR itself; on the flop with SPR in [1, 9) and on the
    turn with SPR in [1, 5) its square root.

    Example:
        >>> low_spr_threshold(Street.FLOP, 4.0), low_spr_threshold(Street.TURN, 6.0)
        (2.0, None)
        >>> low_spr_threshold(Street.RIVER, 0.5)
        0.5
    """
    if spr < 1.0:
        return spr
    if (street == _STREET_FLOP and spr < 9.0) or (street == _STREET_TURN and spr < 5.0):
        return math.sqrt(spr)
    return None


def trap_offset(oop: bool) -> float:
    """Extra remaining attack above the low-SPR threshold that allows a trap (2 OOP, 1 IP).

    Example:
        >>> trap_offset(True), trap_offset(False)
        (2.0, 1.0)
    """
    return 2.0 if oop else 1.0
