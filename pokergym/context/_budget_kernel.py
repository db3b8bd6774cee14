"""Numba kernels of :mod:`pokergym.context.budget`: attack and defense budgets, value tier, low-SPR threshold.

The kernels repeat the budget arithmetic of :mod:`~pokergym.context.budget`
float operation for float operation, so their results equal the Python's bit
for bit; :func:`round2` is CPython's ``round(x, 2)``. The hand and board
facts arrive as scalars, and the numbers of ``data/budgets.json`` as the
arrays of :class:`BudgetTables` (:func:`budget_tables`), the last argument.

The budget kernels share 22 leading arguments, in this order
(:func:`budget_args` builds them from a ``HandInfo``, a ``BoardInfo`` and a
pot type):

==  ====================  =====================================================================
#   argument              encoding
==  ====================  =====================================================================
0   ``made``              ``MadeClass`` index (declaration order: nuts 0 .. trash 14)
1   ``draw``              ``DrawClass`` index (strong_draw 0 .. weak_overcard_draw 7, no_draw 8)
2   ``kicker_position``   int, -1 for ``None``
3   ``kicker_rank``       int 0..12, -1 for ``None``
4   ``pair_level``        int, -1 for ``None``
5   ``pair_rank``         int 0..12, -1 for ``None``
6   ``pocket_pair``       bool
7   ``flush_rank``        int (1 = nut flush), -1 for ``None``
8   ``flush_high_rank``   int 0..12, -1 for ``None``
9   ``straight_cards``    int 1 or 2, -1 for ``None``
10  ``nut_straight``      1 true, 0 false, -1 ``None``
11  ``two_pair_rank``     int (1 = top two), -1 for ``None``
12  ``has_override``      bool: the hand has a special-board ``BoardOverride``
13  ``override_attack``   float, the override's attack (NaN without one)
14  ``override_defense``  float, the override's defense (NaN without one)
15  ``street``            int, 1 flop, 2 turn, 3 river
16  ``suit_max``          int, the most board cards of one suit
17  ``paired``            bool, a board rank appears twice or more
18  ``one_card_straight`` 0 ``None``, 1 ``"gs"``, 2 ``"oe"``
19  ``straight_combos``   int, two-card holdings that make a straight
20  ``pot``               ``PotType`` index: limp 0, srp 1, 3bp 2, 4bp 3, 5bp+ 4
21  ``tabs``              :class:`BudgetTables`
==  ====================  =====================================================================

Outputs: :func:`made_budget` and :func:`hand_budget` return ``(attack base,
defense base, attack, defense)`` (unrounded and rounded), :func:`make_budget`
the six float fields of a ``Budget`` (``attack_base`` .. ``defense_remaining``),
:func:`value_tier` an int 1..5, :func:`low_spr_threshold` a float (NaN for
``None``) and :func:`slow_play_share_verdict` a ``SlowPlay`` index
(trap 0, lean_slow_play 1, lean_fast_play 2, no_slow_play 3).
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from . import budget as _budget
from ._jit import kernel
from .record import UNLIMITED, BoardInfo, DrawClass, HandInfo, MadeClass, PotType, SlowPlay
from .tables import pot_key, table

__all__ = [
    "ATTACK_CAP",
    "NO_SLOW_PLAY",
    "SLOW_PLAY_MIN_ATTACK",
    "BudgetTables",
    "budget_args",
    "budget_tables",
    "hand_budget",
    "low_spr_threshold",
    "made_budget",
    "make_budget",
    "round2",
    "slow_play_share_verdict",
    "value_tier",
]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

SLOW_PLAY_MIN_ATTACK = _budget.SLOW_PLAY_MIN_ATTACK
"""Made-hand attack from which the slow-play look-ahead runs."""
ATTACK_CAP = _budget._ATTACK_CAP
"""Cap on a next card's attack in the slow-play look-ahead."""
NO_SLOW_PLAY = list(SlowPlay).index(SlowPlay.NO_SLOW_PLAY)
"""``SlowPlay`` index of ``no_slow_play``."""

_MADE = list(MadeClass)
_NUTS, _FLUSH, _STRAIGHT, _SET, _TRIPS, _TWO_PAIR, _OVERPAIR, _TOP_PAIR = (
    _MADE.index(m)
    for m in (
        MadeClass.NUTS,
        MadeClass.FLUSH,
        MadeClass.STRAIGHT,
        MadeClass.SET,
        MadeClass.TRIPS,
        MadeClass.TWO_PAIR,
        MadeClass.OVERPAIR,
        MadeClass.TOP_PAIR,
    )
)
_SECOND_PAIR, _THIRD_PAIR, _FOURTH_FIFTH_PAIR, _WEAK_SHOWDOWN, _TRASH = (
    _MADE.index(m)
    for m in (
        MadeClass.SECOND_PAIR,
        MadeClass.THIRD_PAIR,
        MadeClass.FOURTH_FIFTH_PAIR,
        MadeClass.WEAK_SHOWDOWN,
        MadeClass.TRASH,
    )
)
_NUTS_HIGH = _MADE.index(MadeClass.NUTS_HIGH)
_HIGH = tuple(m in _budget._HIGH_CLASSES for m in MadeClass)
_COMBO = tuple(m in _budget._COMBO_CLASSES for m in MadeClass)
_NO_DRAW = list(DrawClass).index(DrawClass.NO_DRAW)
_VALUE_SHIFT = tuple(p.value_shift for p in PotType)
_TRAP, _LEAN_SLOW_PLAY, _LEAN_FAST_PLAY = (
    list(SlowPlay).index(s) for s in (SlowPlay.TRAP, SlowPlay.LEAN_SLOW_PLAY, SlowPlay.LEAN_FAST_PLAY)
)
_FLOP, _TURN, _RIVER = 1, 2, 3
_ONE_CARD_STRAIGHT = {None: 0, "gs": 1, "oe": 2}
_NUT_STRAIGHT = {None: -1, False: 0, True: 1}

# Rows of BudgetTables.pairs: the single [attack, defense] entries of budgets.json, by key path.
_PAIR_PATHS = (
    ("base", "trash"),
    ("flush", "four_paired_nut"),
    ("straight", "nut_no_flush"),
    ("straight", "paired_nut_no_flush"),
    ("set", "clean"),
    ("set", "three"),
    ("set", "ocs_gs"),
    ("set", "ocs_oe"),
    ("set", "ocs_four"),
    ("set", "four"),
    ("trips", "ocs_four"),
    ("trips", "four"),
    ("two_pair", "four_ocs"),
    ("two_pair", "four"),
    ("two_pair", "ocs_gs"),
    ("two_pair", "ocs_oe"),
    ("two_pair", "ocs_three_gs"),
    ("two_pair", "ocs_three_oe"),
    ("two_pair", "three", "first"),
    ("two_pair", "three", "last"),
)
_R_TRASH = _PAIR_PATHS.index(("base", "trash"))
_R_FOUR_PAIRED_NUT = _PAIR_PATHS.index(("flush", "four_paired_nut"))
_R_NUT_NO_FLUSH = _PAIR_PATHS.index(("straight", "nut_no_flush"))
_R_PAIRED_NUT_NO_FLUSH = _PAIR_PATHS.index(("straight", "paired_nut_no_flush"))
_R_SET_CLEAN = _PAIR_PATHS.index(("set", "clean"))
_R_SET_THREE = _PAIR_PATHS.index(("set", "three"))
_R_SET_OCS = _PAIR_PATHS.index(("set", "ocs_gs"))  # + 0 gs, + 1 oe
_R_SET_OCS_FOUR = _PAIR_PATHS.index(("set", "ocs_four"))
_R_SET_FOUR = _PAIR_PATHS.index(("set", "four"))
_R_TRIPS_OCS_FOUR = _PAIR_PATHS.index(("trips", "ocs_four"))
_R_TRIPS_FOUR = _PAIR_PATHS.index(("trips", "four"))
_R_TWO_PAIR_FOUR_OCS = _PAIR_PATHS.index(("two_pair", "four_ocs"))
_R_TWO_PAIR_FOUR = _PAIR_PATHS.index(("two_pair", "four"))
_R_TWO_PAIR_OCS = _PAIR_PATHS.index(("two_pair", "ocs_gs"))  # + 0 gs, + 1 oe
_R_TWO_PAIR_OCS_THREE = _PAIR_PATHS.index(("two_pair", "ocs_three_gs"))  # + 0 gs, + 1 oe
_R_TWO_PAIR_FIRST = _PAIR_PATHS.index(("two_pair", "three", "first"))
_R_TWO_PAIR_LAST = _PAIR_PATHS.index(("two_pair", "three", "last"))

# Entries of BudgetTables.scalars: the single numbers of budgets.json, by key path.
_SCALAR_PATHS = (
    ("high_card_kicker_span",),
    ("paired_high_multiplier",),
    ("flush", "four_paired_shift"),
    ("flush", "big_from_rank"),
    ("straight", "paired_shift_two_card"),
    ("straight", "paired_shift_one_card"),
    ("set", "three_per_combo"),
    ("set", "ocs_three_shift"),
    ("trips", "per_combo"),
    ("trips", "ocs_three_shift"),
    ("two_pair", "per_combo"),
    ("penalties", "pair", "one_card_flush"),
    ("penalties", "pair", "overpair_one_card_flush_defense_cap"),
    ("penalties", "pair", "ocs_gs"),
    ("penalties", "pair", "ocs_oe"),
    ("penalties", "pair", "ocs_attack_cap"),
    ("penalties", "oop_defense"),
    ("penalties", "oop_min_spr"),
    ("penalties", "river_reraise_defense"),
)
_S_SPAN = _SCALAR_PATHS.index(("high_card_kicker_span",))
_S_PAIRED_HIGH_MULTIPLIER = _SCALAR_PATHS.index(("paired_high_multiplier",))
_S_FOUR_PAIRED_SHIFT = _SCALAR_PATHS.index(("flush", "four_paired_shift"))
_S_BIG_FROM_RANK = _SCALAR_PATHS.index(("flush", "big_from_rank"))
_S_STRAIGHT_SHIFT_TWO = _SCALAR_PATHS.index(("straight", "paired_shift_two_card"))
_S_STRAIGHT_SHIFT_ONE = _SCALAR_PATHS.index(("straight", "paired_shift_one_card"))
_S_SET_PER_COMBO = _SCALAR_PATHS.index(("set", "three_per_combo"))
_S_SET_OCS_SHIFT = _SCALAR_PATHS.index(("set", "ocs_three_shift"))
_S_TRIPS_PER_COMBO = _SCALAR_PATHS.index(("trips", "per_combo"))
_S_TRIPS_OCS_SHIFT = _SCALAR_PATHS.index(("trips", "ocs_three_shift"))
_S_TWO_PAIR_PER_COMBO = _SCALAR_PATHS.index(("two_pair", "per_combo"))
_S_ONE_CARD_FLUSH = _SCALAR_PATHS.index(("penalties", "pair", "one_card_flush"))
_S_OVERPAIR_CAP = _SCALAR_PATHS.index(("penalties", "pair", "overpair_one_card_flush_defense_cap"))
_S_OCS_PENALTY = _SCALAR_PATHS.index(("penalties", "pair", "ocs_gs"))  # + 0 gs, + 1 oe
_S_OCS_ATTACK_CAP = _SCALAR_PATHS.index(("penalties", "pair", "ocs_attack_cap"))
_S_OOP_DEFENSE = _SCALAR_PATHS.index(("penalties", "oop_defense"))
_S_OOP_MIN_SPR = _SCALAR_PATHS.index(("penalties", "oop_min_spr"))
_S_RIVER_RERAISE = _SCALAR_PATHS.index(("penalties", "river_reraise_defense"))

_POT_KEYS = ("srp", "3bp", "4bp")
_LIMP_KEYS = ("limp", "srp", "3bp", "4bp")
_TEXTURES = ("none", "three", "four")
_FLUSH_SIZES = ("nut", "big", "small")
_STRAIGHT_KINDS = ("two_card", "one_card_nut", "one_card_low")
_TRIPS_ENTRIES = ("dry", "three", "ocs_gs", "ocs_oe")
_PENALTY_ROWS = ("flush_possible", "straight_multi", "straight_single")


class BudgetTables(NamedTuple):
    """The numbers of ``data/budgets.json`` as arrays (``[attack, defense]`` entries as rows of two).

    Pot-type tables have a leading axis of pot keys: ``srp``, ``3bp``,
    ``4bp`` (``pot_key`` maps a ``PotType`` index to it), or for the high
    cards ``limp``, ``srp``, ``3bp``, ``4bp`` (``limp_key``).

    Attributes:
        pot_key: per ``PotType`` index, its row of the srp/3bp/4bp tables.
        limp_key: per ``PotType`` index, its row of the limp/srp/3bp/4bp tables.
        pairs: the single ``[attack, defense]`` entries, rows named in ``_PAIR_PATHS``.
        scalars: the single numbers, named in ``_SCALAR_PATHS``.
        draw: per ``DrawClass`` index: draw attack, draw defense, combo bonus (NaN for no_draw).
        paired_high_tiers: per ``MadeClass`` index, the paired-board high-card defense (NaN if none).
        overpair: ``pot key x pair rank 0..12 x 2``, the ``other`` row filled in.
        top_pair: ``pot key x kicker row x 2``, padded with NaN to the longest list.
        top_pair_n: the length of each pot key's top-pair list.
        pair_pocket: ``(second, third pair) x pot key x 2``, the pocket-pair rows.
        pair_kickers: ``(second, third pair) x pot key x kicker row x 2``, padded with NaN.
        pair_kickers_n: the length of each kicker list.
        fourth_fifth: ``pot key x 2 x 2``: srp fourth, fifth; 3bp and 4bp pocket, board.
        weak_showdown: per pot key, the weak-showdown defense.
        high: ``(nuts_high, second_high) x limp key x (low, high)`` defenses.
        flush_three: ``(unpaired, paired) x (nut, big, small) x 2`` on a three-flush board.
        flush_four: the four-flush levels.
        straight: ``(two_card, one_card_nut, one_card_low) x (none, three, four) x 2``.
        set_by_combos: the set rows by straight combos 1, 2, 3+.
        trips: ``(dry, three, ocs_gs, ocs_oe) x (attack low, attack high, defense)``.
        two_pair_dry: the two-pair rows by rank.
        penalties: ``(pair, high) x (flush_possible, straight_multi, straight_single) x street``.
        paired_penalty: per ``MadeClass`` index, the pair penalty of a paired board.
    """

    pot_key: IntArray
    limp_key: IntArray
    pairs: FloatArray
    scalars: FloatArray
    draw: FloatArray
    paired_high_tiers: FloatArray
    overpair: FloatArray
    top_pair: FloatArray
    top_pair_n: IntArray
    pair_pocket: FloatArray
    pair_kickers: FloatArray
    pair_kickers_n: IntArray
    fourth_fifth: FloatArray
    weak_showdown: FloatArray
    high: FloatArray
    flush_three: FloatArray
    flush_four: FloatArray
    straight: FloatArray
    set_by_combos: FloatArray
    trips: FloatArray
    two_pair_dry: FloatArray
    penalties: FloatArray
    paired_penalty: FloatArray


def _at(data: dict[str, Any], path: tuple[str, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _padded(lists: list[list[list[float]]]) -> tuple[FloatArray, IntArray]:
    """Stack lists of ``[attack, defense]`` rows, padded with NaN; with their lengths."""
    out = np.full((len(lists), max(map(len, lists)), 2), np.nan)
    for i, rows in enumerate(lists):
        out[i, : len(rows)] = rows
    return out, np.array([len(rows) for rows in lists], dtype=np.int64)


@cache
def budget_tables() -> BudgetTables:
    """The :class:`BudgetTables` of ``data/budgets.json`` (built once; do not mutate).

    Example:
        >>> tabs = budget_tables()
        >>> tabs.overpair[0, 12].tolist(), tabs.pot_key.tolist()
        ([3.5, 4.5], [0, 0, 1, 2, 2])
    """
    data = table("budgets")
    f64 = np.float64
    top_pair, top_pair_n = _padded([data["top_pair"][k] for k in _POT_KEYS])
    kickers, kickers_n = _padded([data[c][k]["kickers"] for c in ("second_pair", "third_pair") for k in _POT_KEYS])
    paired_penalty = data["penalties"]["pair"]["paired"]
    return BudgetTables(
        pot_key=np.array([_POT_KEYS.index(pot_key(p)) for p in PotType], dtype=np.int64),
        limp_key=np.array([_LIMP_KEYS.index(pot_key(p, limp_key=True)) for p in PotType], dtype=np.int64),
        pairs=np.array([_at(data, path) for path in _PAIR_PATHS], dtype=f64),
        scalars=np.array([_at(data, path) for path in _SCALAR_PATHS], dtype=f64),
        draw=np.array(
            [
                [*data["draw_base"][d], data["combo_bonus"][d]] if d != DrawClass.NO_DRAW else [np.nan] * 3
                for d in DrawClass
            ],
            dtype=f64,
        ),
        paired_high_tiers=np.array([data["paired_high_tiers"].get(m, np.nan) for m in MadeClass], dtype=f64),
        overpair=np.array(
            [[data["overpair"][k].get(str(r), data["overpair"][k]["other"]) for r in range(13)] for k in _POT_KEYS],
            dtype=f64,
        ),
        top_pair=top_pair,
        top_pair_n=top_pair_n,
        pair_pocket=np.array(
            [[data[c][k]["pocket"] for k in _POT_KEYS] for c in ("second_pair", "third_pair")], dtype=f64
        ),
        pair_kickers=kickers.reshape(2, len(_POT_KEYS), -1, 2),
        pair_kickers_n=kickers_n.reshape(2, len(_POT_KEYS)),
        fourth_fifth=np.array(
            [list(data["fourth_fifth_pair"][k].values()) for k in _POT_KEYS],
            dtype=f64,
        ),
        weak_showdown=np.array([data["weak_showdown"][k] for k in _POT_KEYS], dtype=f64),
        high=np.array([[data[m][k] for k in _LIMP_KEYS] for m in ("nuts_high", "second_high")], dtype=f64),
        flush_three=np.array(
            [[data["flush"][key][s] for s in _FLUSH_SIZES] for key in ("three", "three_paired")], dtype=f64
        ),
        flush_four=np.array(data["flush"]["four"], dtype=f64),
        straight=np.array([[data["straight"][k][t] for t in _TEXTURES] for k in _STRAIGHT_KINDS], dtype=f64),
        set_by_combos=np.array(data["set"]["by_combos"], dtype=f64),
        trips=np.array([[*data["trips"][e]["attack"], data["trips"][e]["defense"]] for e in _TRIPS_ENTRIES], dtype=f64),
        two_pair_dry=np.array(data["two_pair"]["dry"], dtype=f64),
        penalties=np.array(
            [[data["penalties"][kind][row] for row in _PENALTY_ROWS] for kind in ("pair", "high")], dtype=f64
        ),
        paired_penalty=np.array([paired_penalty.get(m, paired_penalty["other"]) for m in MadeClass], dtype=f64),
    )


def budget_args(hand: HandInfo, board: BoardInfo, pot_type: PotType) -> tuple[Any, ...]:
    """The 22 shared kernel arguments of a hand, a board and a pot type (plain Python).

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.context.board import analyze_board
        >>> from pokergym.context.hand import classify_hand
        >>> hand = classify_hand(parse_cards("AsKd"), parse_cards("Kh7d2c"))
        >>> budget_args(hand, analyze_board(parse_cards("Kh7d2c")), PotType.SRP)[:21]
        (7, 8, 1, 12, 0, 11, False, -1, -1, -1, -1, -1, False, nan, nan, 1, 1, False, 0, 0, 1)
    """
    o = hand.override

    def num(x: int | None) -> int:
        return -1 if x is None else x

    return (
        _MADE.index(hand.made),
        hand.draw.rank,
        num(hand.kicker_position),
        num(hand.kicker_rank),
        num(hand.pair_level),
        num(hand.pair_rank),
        hand.pocket_pair,
        num(hand.flush_rank),
        num(hand.flush_high_rank),
        num(hand.straight_cards),
        _NUT_STRAIGHT[hand.nut_straight],
        num(hand.two_pair_rank),
        o is not None,
        math.nan if o is None else o.attack,
        math.nan if o is None else o.defense,
        int(board.street),
        board.suit_max,
        board.paired,
        _ONE_CARD_STRAIGHT[board.one_card_straight],
        board.straight_combos,
        list(PotType).index(pot_type),
        budget_tables(),
    )


# ---------------------------------------------------------------- helpers
@kernel
def round2(x: float) -> float:
    """CPython's ``round(x, 2)``: the double nearest the decimal of two places nearest ``x`` (ties to even).

    ``100 x`` is formed exactly as a sum of two doubles (a Veltkamp split of
    ``x`` times 100, then a two-sum); its integer part and the sign of the
    rounding error break ties. At ``|x| >= 2**46`` every double is already
    its own nearest two-place decimal.

    Example:
        >>> round2(2.675), round2(0.125), round2(-0.001), round2(1.005)
        (2.67, 0.12, -0.0, 1.0)
    """
    ax = abs(x)
    if ax < 0.004:
        return math.copysign(0.0, x)
    if ax >= 70368744177664.0 or not ax < math.inf:  # 2**46, or x is infinite or NaN
        return x
    c = 134217729.0 * x  # 2**27 + 1
    hi = c - (c - x)
    lo = x - hi
    p = hi * 100.0  # exact: 26 bits times the 5 significant bits of 100
    q = lo * 100.0  # exact
    s = p + q
    t = s - p
    err = (p - (s - t)) + (q - t)  # 100 x == s + err exactly
    n = np.floor(s)
    frac = s - n
    if frac > 0.5 or (frac == 0.5 and (err > 0.0 or (err == 0.0 and n % 2.0 != 0.0))):
        n += 1.0
    return math.copysign(n / 100.0, x)


@kernel
def _max0(x: float) -> float:
    """Python's ``max(0.0, x)``."""
    return x if x > 0.0 else 0.0


@kernel
def _or(x: int, default: int) -> int:
    """Python's ``x or default`` for a field encoded with -1 for ``None``."""
    return x if x > 0 else default


# ---------------------------------------------------------------- made-hand budgets
@kernel
def _flush(
    flush_rank: int, flush_high_rank: int, suit_max: int, paired: bool, tabs: BudgetTables
) -> tuple[float, float]:
    rank = _or(flush_rank, 1)
    if suit_max == 3:
        size = 0 if rank == 1 else 1 if _or(flush_high_rank, 0) >= tabs.scalars[_S_BIG_FROM_RANK] else 2
        row = tabs.flush_three[1 if paired else 0, size]
        return row[0], row[1]
    if paired and rank == 1:
        row = tabs.pairs[_R_FOUR_PAIRED_NUT]
        return row[0], row[1]
    levels = tabs.flush_four
    row = levels[min(rank, levels.shape[0]) - 1]
    a, d = row[0], row[1]
    if paired:
        shift = tabs.scalars[_S_FOUR_PAIRED_SHIFT]
        a, d = _max0(a + shift), _max0(d + shift)
    return a, d


@kernel
def _straight(
    straight_cards: int, nut_straight: int, suit_max: int, paired: bool, tabs: BudgetTables
) -> tuple[float, float]:
    texture = 0 if suit_max < 3 else 1 if suit_max == 3 else 2
    nut = nut_straight == 1
    if nut and texture == 0:
        row = tabs.pairs[_R_PAIRED_NUT_NO_FLUSH if paired else _R_NUT_NO_FLUSH]
        return row[0], row[1]
    if straight_cards == 2:
        row = tabs.straight[0, texture]
        shift = tabs.scalars[_S_STRAIGHT_SHIFT_TWO]
    else:
        row = tabs.straight[1 if nut else 2, texture]
        shift = tabs.scalars[_S_STRAIGHT_SHIFT_ONE]
    a, d = row[0], row[1]
    if paired:
        a, d = _max0(a + shift), _max0(d + shift)
    return a, d


@kernel
def _set(suit_max: int, one_card_straight: int, straight_combos: int, tabs: BudgetTables) -> tuple[float, float]:
    if suit_max >= 4:
        row = tabs.pairs[_R_SET_OCS_FOUR if one_card_straight else _R_SET_FOUR]
        return row[0], row[1]
    if one_card_straight:
        row = tabs.pairs[_R_SET_OCS + one_card_straight - 1]
        a, d = row[0], row[1]
        if suit_max == 3:
            shift = tabs.scalars[_S_SET_OCS_SHIFT]
            a, d = a + shift, d + shift
        return _max0(a), _max0(d)
    if suit_max == 3:
        row = tabs.pairs[_R_SET_THREE]
        shift = tabs.scalars[_S_SET_PER_COMBO] * straight_combos
        return _max0(row[0] + shift), _max0(row[1] + shift)
    row = tabs.pairs[_R_SET_CLEAN] if straight_combos == 0 else tabs.set_by_combos[min(straight_combos, 3) - 1]
    return row[0], row[1]


@kernel
def _trips(
    kicker_rank: int, suit_max: int, one_card_straight: int, straight_combos: int, tabs: BudgetTables
) -> tuple[float, float]:
    kicker = _or(kicker_rank, 0) / 12.0
    if suit_max >= 4:
        row = tabs.pairs[_R_TRIPS_OCS_FOUR if one_card_straight else _R_TRIPS_FOUR]
        return row[0], row[1]
    combos_shift = tabs.scalars[_S_TRIPS_PER_COMBO] * straight_combos
    if one_card_straight:
        entry = tabs.trips[1 + one_card_straight]
        shift = tabs.scalars[_S_TRIPS_OCS_SHIFT] if suit_max == 3 else 0.0
        combos_shift = 0.0
    else:
        entry = tabs.trips[1 if suit_max == 3 else 0]
        shift = 0.0
    low, high = entry[0], entry[1]
    a = low + (high - low) * kicker + shift + combos_shift
    d = entry[2] + shift + combos_shift
    return _max0(a), _max0(d)


@kernel
def _two_pair(
    two_pair_rank: int, suit_max: int, one_card_straight: int, straight_combos: int, tabs: BudgetTables
) -> tuple[float, float]:
    rank = _or(two_pair_rank, 1)
    if suit_max >= 4:
        row = tabs.pairs[_R_TWO_PAIR_FOUR_OCS if one_card_straight else _R_TWO_PAIR_FOUR]
        return row[0], row[1]
    if one_card_straight:
        row = tabs.pairs[(_R_TWO_PAIR_OCS_THREE if suit_max == 3 else _R_TWO_PAIR_OCS) + one_card_straight - 1]
        return row[0], row[1]
    shift = tabs.scalars[_S_TWO_PAIR_PER_COMBO] * straight_combos
    if suit_max == 3:
        first, last = tabs.pairs[_R_TWO_PAIR_FIRST], tabs.pairs[_R_TWO_PAIR_LAST]
        t = (min(rank, 10) - 1) / 9
        a = first[0] + (last[0] - first[0]) * t
        d = first[1] + (last[1] - first[1]) * t
    else:
        row = tabs.two_pair_dry[min(rank, 10) - 1]
        a, d = row[0], row[1]
    return _max0(a + shift), _max0(d + shift)


@kernel
def _pair_table(
    made: int, kicker_position: int, pair_level: int, pair_rank: int, pocket_pair: bool, pot: int, tabs: BudgetTables
) -> tuple[float, float]:
    key = tabs.pot_key[pot]
    if made == _OVERPAIR:
        row = tabs.overpair[key, pair_rank]
    elif made == _TOP_PAIR:
        n = tabs.top_pair_n[key]
        row = tabs.top_pair[key, 0 if pocket_pair or kicker_position < 0 else min(kicker_position, n) - 1]
    elif made in (_SECOND_PAIR, _THIRD_PAIR):
        c = made - _SECOND_PAIR
        if pocket_pair or kicker_position < 0:
            row = tabs.pair_pocket[c, key]
        else:
            row = tabs.pair_kickers[c, key, min(kicker_position, tabs.pair_kickers_n[c, key]) - 1]
    elif made == _FOURTH_FIFTH_PAIR:
        if key == 0:
            row = tabs.fourth_fifth[key, 0 if _or(pair_level, 3) <= 3 else 1]
        else:
            row = tabs.fourth_fifth[key, 0 if pocket_pair else 1]
    else:
        return 0.0, tabs.weak_showdown[key]
    return row[0], row[1]


@kernel
def _pair(
    made: int,
    kicker_position: int,
    pair_level: int,
    pair_rank: int,
    pocket_pair: bool,
    street: int,
    suit_max: int,
    paired: bool,
    one_card_straight: int,
    straight_combos: int,
    pot: int,
    tabs: BudgetTables,
) -> tuple[float, float, float, float]:
    if made == _WEAK_SHOWDOWN and pair_rank < 0:
        base_a, base_d = 0.0, tabs.paired_high_tiers[_WEAK_SHOWDOWN]
    else:
        base_a, base_d = _pair_table(made, kicker_position, pair_level, pair_rank, pocket_pair, pot, tabs)
    a, d = base_a, base_d
    pen = tabs.penalties[0]
    s = street - 1
    if suit_max >= 4:
        if made == _OVERPAIR:
            cap = tabs.scalars[_S_OVERPAIR_CAP]
            a, d = 0.0, cap if cap < d else d
        else:
            p = tabs.scalars[_S_ONE_CARD_FLUSH]
            a, d = a - p, d - p
    elif suit_max == 3:
        p = pen[0, s]
        a, d = a - p, d - p
    if one_card_straight:
        p = tabs.scalars[_S_OCS_PENALTY + one_card_straight - 1]
        cap = tabs.scalars[_S_OCS_ATTACK_CAP]
        a = a - p
        a, d = cap if cap < a else a, d - p
    elif straight_combos:
        p = pen[1 if straight_combos >= 2 else 2, s]
        a, d = a - p, d - p
    if paired and pair_rank >= 0:
        p = tabs.paired_penalty[made]
        a, d = a - p, d - p
    return base_a, base_d, _max0(a), _max0(d)


@kernel
def _high_card(
    made: int,
    kicker_position: int,
    street: int,
    suit_max: int,
    paired: bool,
    one_card_straight: int,
    straight_combos: int,
    pot: int,
    tabs: BudgetTables,
) -> tuple[float, float, float, float]:
    row = tabs.high[made - _NUTS_HIGH, tabs.limp_key[pot]]
    low, high = row[0], row[1]
    span = int(tabs.scalars[_S_SPAN])
    t = min(_or(kicker_position, 1) - 1, span) / span
    d = high - (high - low) * t
    base_d = d
    if paired:
        d *= tabs.scalars[_S_PAIRED_HIGH_MULTIPLIER]
    pen = tabs.penalties[1]
    s = street - 1
    if suit_max >= 4 or one_card_straight:
        d = 0.0
    else:
        if suit_max == 3:
            d -= pen[0, s]
        if straight_combos:
            d -= pen[1 if straight_combos >= 2 else 2, s]
    return 0.0, base_d, 0.0, _max0(d)


# ---------------------------------------------------------------- public kernels
@kernel
def made_budget(
    made: int,
    draw: int,
    kicker_position: int,
    kicker_rank: int,
    pair_level: int,
    pair_rank: int,
    pocket_pair: bool,
    flush_rank: int,
    flush_high_rank: int,
    straight_cards: int,
    nut_straight: int,
    two_pair_rank: int,
    has_override: bool,
    override_attack: float,
    override_defense: float,
    street: int,
    suit_max: int,
    paired: bool,
    one_card_straight: int,
    straight_combos: int,
    pot: int,
    tabs: BudgetTables,
) -> tuple[float, float, float, float]:
    """The made hand's ``(attack base, defense base, attack, defense)``, unrounded (``budget._made_budget``).

    The draw is not read (the slow-play look-ahead takes index 2, the attack).

    Example:
        >>> made_budget(7, 8, 1, 12, 0, 11, False, -1, -1, -1, -1, -1, False, math.nan, math.nan,
        ...             1, 1, False, 0, 0, 1, budget_tables())
        (3.0, 4.0, 3.0, 4.0)
    """
    if has_override:
        return override_attack, override_defense, override_attack, override_defense
    if made == _NUTS:
        return UNLIMITED, UNLIMITED, UNLIMITED, UNLIMITED
    if made == _TRASH:
        row = tabs.pairs[_R_TRASH]
        return row[0], row[1], row[0], row[1]
    if made == _FLUSH:
        a, d = _flush(flush_rank, flush_high_rank, suit_max, paired, tabs)
    elif made == _STRAIGHT:
        a, d = _straight(straight_cards, nut_straight, suit_max, paired, tabs)
    elif made == _SET:
        a, d = _set(suit_max, one_card_straight, straight_combos, tabs)
    elif made == _TRIPS:
        a, d = _trips(kicker_rank, suit_max, one_card_straight, straight_combos, tabs)
    elif made == _TWO_PAIR:
        a, d = _two_pair(two_pair_rank, suit_max, one_card_straight, straight_combos, tabs)
    elif _HIGH[made]:
        return _high_card(
            made, kicker_position, street, suit_max, paired, one_card_straight, straight_combos, pot, tabs
        )
    else:
        return _pair(
            made,
            kicker_position,
            pair_level,
            pair_rank,
            pocket_pair,
            street,
            suit_max,
            paired,
            one_card_straight,
            straight_combos,
            pot,
            tabs,
        )
    return a, d, a, d


@kernel
def hand_budget(
    made: int,
    draw: int,
    kicker_position: int,
    kicker_rank: int,
    pair_level: int,
    pair_rank: int,
    pocket_pair: bool,
    flush_rank: int,
    flush_high_rank: int,
    straight_cards: int,
    nut_straight: int,
    two_pair_rank: int,
    has_override: bool,
    override_attack: float,
    override_defense: float,
    street: int,
    suit_max: int,
    paired: bool,
    one_card_straight: int,
    straight_combos: int,
    pot: int,
    tabs: BudgetTables,
) -> tuple[float, float, float, float]:
    """The hand's ``(attack base, defense base, attack, defense)``, draws applied, rounded (``budget.hand_budget``).

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.context.board import analyze_board
        >>> from pokergym.context.hand import classify_hand
        >>> board = parse_cards("7s6hJc")
        >>> hand = classify_hand(parse_cards("5c4c"), board, PotType.THREE_BET)
        >>> hand_budget(*budget_args(hand, analyze_board(board), PotType.THREE_BET))
        (0.5, 0.0, 5.0, 2.5)
    """
    att_base, def_base, att, dfn = made_budget(
        made,
        draw,
        kicker_position,
        kicker_rank,
        pair_level,
        pair_rank,
        pocket_pair,
        flush_rank,
        flush_high_rank,
        straight_cards,
        nut_straight,
        two_pair_rank,
        has_override,
        override_attack,
        override_defense,
        street,
        suit_max,
        paired,
        one_card_straight,
        straight_combos,
        pot,
        tabs,
    )
    if draw != _NO_DRAW:
        row = tabs.draw[draw]
        d_att, d_def = row[0], row[1]
        if d_att > att:
            att = d_att
        if _COMBO[made]:
            if paired and pair_rank < 0:
                dfn = tabs.paired_high_tiers[made]
            dfn += row[2]
        if d_def > dfn:
            dfn = d_def
    return round2(att_base), round2(def_base), round2(att), round2(dfn)


@kernel
def make_budget(
    made: int,
    draw: int,
    kicker_position: int,
    kicker_rank: int,
    pair_level: int,
    pair_rank: int,
    pocket_pair: bool,
    flush_rank: int,
    flush_high_rank: int,
    straight_cards: int,
    nut_straight: int,
    two_pair_rank: int,
    has_override: bool,
    override_attack: float,
    override_defense: float,
    street: int,
    suit_max: int,
    paired: bool,
    one_card_straight: int,
    straight_combos: int,
    pot: int,
    tabs: BudgetTables,
    oop: bool,
    spr: float,
    facing_raise: bool,
    weighted_total: float,
    facing_weight: float,
) -> tuple[float, float, float, float, float, float]:
    """A decision's budgets (``budget.make_budget``): ``attack_base`` .. ``defense_remaining`` of its ``Budget``.

    Example:
        >>> make_budget(14, 8, -1, -1, -1, -1, False, -1, -1, -1, -1, -1, False, math.nan, math.nan,
        ...             3, 2, True, 0, 0, 2, budget_tables(), True, 6.6, False, 0.45, 0.0)
        (0.5, 0.0, 0.5, 0.0, 0.05, -0.45)
    """
    att_base, def_base, att, dfn = hand_budget(
        made,
        draw,
        kicker_position,
        kicker_rank,
        pair_level,
        pair_rank,
        pocket_pair,
        flush_rank,
        flush_high_rank,
        straight_cards,
        nut_straight,
        two_pair_rank,
        has_override,
        override_attack,
        override_defense,
        street,
        suit_max,
        paired,
        one_card_straight,
        straight_combos,
        pot,
        tabs,
    )
    defense = dfn
    if dfn < UNLIMITED and (oop or facing_raise):
        if oop and made != _TRASH and street < _RIVER and spr > tabs.scalars[_S_OOP_MIN_SPR]:
            dfn = _max0(dfn - tabs.scalars[_S_OOP_DEFENSE])
            defense = round2(dfn)
        if facing_raise and street == _RIVER:
            dfn = _max0(dfn - tabs.scalars[_S_RIVER_RERAISE])
            defense = round2(dfn)
    return (
        att_base,
        def_base,
        att,
        defense,
        round2(att - weighted_total),
        round2(dfn - (weighted_total - facing_weight)),
    )


@kernel
def value_tier(weighted_total: float, pot: int) -> int:
    """Weakest hand tier worth a value bet, 1..5 (``budget.value_tier``); ``pot`` is a ``PotType`` index.

    Example:
        >>> value_tier(0.0, 2), value_tier(0.45, 2), value_tier(0.0, 0)
        (2, 2, 1)
    """
    tier = math.floor(weighted_total + 1.0 - _VALUE_SHIFT[pot] + 0.5)
    return max(1, min(5, tier))


@kernel
def low_spr_threshold(street: int, spr: float) -> float:
    """Remaining attack needed to raise at low SPR, NaN when the SPR is not low (``budget.low_spr_threshold``).

    Example:
        >>> low_spr_threshold(1, 4.0), low_spr_threshold(2, 6.0), low_spr_threshold(3, 0.5)
        (2.0, nan, 0.5)
    """
    if spr < 1.0:
        return spr
    if (street == _FLOP and spr < 9.0) or (street == _TURN and spr < 5.0):
        return math.sqrt(spr)
    return math.nan


@kernel
def slow_play_share_verdict(unwanted: int, unseen: int) -> int:
    """The ``SlowPlay`` index ``budget.slow_play`` gives when ``unwanted`` of ``unseen`` next cards spoil the hand.

    Example:
        >>> slow_play_share_verdict(4, 45), slow_play_share_verdict(5, 45), slow_play_share_verdict(12, 47)
        (0, 1, 3)
    """
    share = unwanted / unseen
    if share < 0.10:
        return _TRAP
    if share < 0.15:
        return _LEAN_SLOW_PLAY
    if share < 0.255:
        return _LEAN_FAST_PLAY
    return NO_SLOW_PLAY
