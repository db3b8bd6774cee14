"""The budget rules: attack and defense budgets, value tier, low-SPR threshold, as numba kernels.

These kernels are the one implementation of the rules that
:mod:`pokergym.context.budget` describes; that module decodes their results
into :class:`~pokergym.context.record.Budget` records, and the tests compare
both with the frozen Python reference (``tests/context/budget_reference.py``)
bit for bit. The kernels read the hand and board as one :class:`BudgetFacts`
and the numbers of ``data/budgets.json`` as the arrays of
:class:`BudgetTables` (:func:`budget_args` builds both).

Every budget kernel writes what changed the base into ``mods`` as notes
``(code, a, b)``: an ``M_*`` code and up to two numbers (:data:`MODIFIER_ROWS`),
which :func:`pokergym.context.budget.modifier_text` turns into words.
"""

from __future__ import annotations

import math
import operator
from functools import cache, reduce
from itertools import product
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from pokergym._jit import kernel

from .record import UNLIMITED, BoardInfo, DrawClass, HandInfo, MadeClass, PotType
from .tables import pot_key, table

__all__ = [
    "ATTACK_CAP",
    "MODIFIER_ROWS",
    "NO_SLOW_PLAY",
    "SLOW_PLAY_MIN_ATTACK",
    "BudgetFacts",
    "BudgetTables",
    "budget_args",
    "budget_tables",
    "hand_budget",
    "low_spr_threshold",
    "made_budget",
    "make_budget",
    "make_budget_of",
    "new_modifiers",
    "round2",
    "slow_play_share_verdict",
    "value_tier",
]

FloatArray = npt.NDArray[np.float64]

SLOW_PLAY_MIN_ATTACK = 4.0
"""Made-hand attack from which the slow-play look-ahead runs."""
ATTACK_CAP = 6.0
"""Cap on a next card's attack in the slow-play look-ahead."""

# MadeClass, DrawClass and SlowPlay indices (declaration order)
_NUTS, _FLUSH, _STRAIGHT, _SET, _TRIPS, _TWO_PAIR, _OVERPAIR, _TOP_PAIR = range(8)
_SECOND_PAIR, _THIRD_PAIR, _FOURTH_FIFTH_PAIR, _NUTS_HIGH, _SECOND_HIGH, _WEAK_SHOWDOWN, _TRASH = range(8, 15)
_NO_DRAW = 8
_TRAP, _LEAN_SLOW_PLAY, _LEAN_FAST_PLAY, NO_SLOW_PLAY = range(4)
_VALUE_SHIFT = tuple(p.value_shift for p in PotType)
_FLOP, _TURN, _RIVER = 1, 2, 3
_ONE_CARD_STRAIGHT = {None: 0, "gs": 1, "oe": 2}
_NUT_STRAIGHT = {None: -1, False: 0, True: 1}
_MADE_INDEX = {m: i for i, m in enumerate(MadeClass)}
_DRAW_INDEX = {d: d.rank for d in DrawClass}
_POT_INDEX = {p: i for i, p in enumerate(PotType)}

_DRAWS = tuple(DrawClass)[:-1]  # all but no_draw
_POT_KEYS = ("srp", "3bp", "4bp")
_LIMP_KEYS = ("limp", "srp", "3bp", "4bp")
_POT_KEY = tuple(_POT_KEYS.index(pot_key(p)) for p in PotType)
_LIMP_KEY = tuple(_LIMP_KEYS.index(pot_key(p, limp_key=True)) for p in PotType)
_LIST = 13
"""Rows kept of a table list the Python reads as ``rows[min(i, len(rows)) - 1]``: the list padded with its last row."""


class _Layout:
    """Offsets of named blocks in one array, handed out in order, with the ``budgets.json`` keys that fill them."""

    def __init__(self) -> None:
        self.size = 0
        self.sources: list[tuple[int, int, tuple[str, ...]]] = []

    def block(self, size: int = 1, *paths: str) -> int:
        """Hand out ``size`` entries; ``paths`` (dotted keys) fill equal parts of them, in order."""
        start, self.size = self.size, self.size + size
        if paths:
            self.sources.append((start, size, paths))
        return start

    def fill(self, data: dict[str, Any], array: FloatArray) -> None:
        """Copy the entries named by the paths from ``data`` into ``array``, a short list padded with its last row."""
        for start, size, paths in self.sources:
            part = size // len(paths)
            for j, path in enumerate(paths):
                value: Any = reduce(operator.getitem, path.split("."), data)
                rows = np.reshape(value, (-1, *array.shape[1:]))
                if len(rows) > part:
                    raise ValueError(f"budgets.json {path} has {len(rows)} rows, more than {part}")
                array[start + part * j : start + part * (j + 1)] = rows[np.minimum(np.arange(part), len(rows) - 1)]


def _each(template: str, *groups: tuple[str, ...]) -> tuple[str, ...]:
    """The paths ``template.format(*keys)`` of every choice of one key from each group, in order."""
    return tuple(template.format(*keys) for keys in product(*groups))


_PAIRS = ("second_pair", "third_pair")
_FLUSH_TEXTURES = ("none", "three", "four")
_TRIPS_BOARDS = ("dry", "three", "ocs_gs", "ocs_oe")

# Rows of BudgetTables.pairs: [attack, defense], [low, high] for the high cards and trips attacks.
_P = _Layout()
_P_TRASH = _P.block(1, "base.trash")
_P_DRAW = _P.block(len(_DRAWS), *_each("draw_base.{}", _DRAWS))  # by DrawClass index (no_draw has none)
_P_OVERPAIR = _P.block(3 * 13)  # pot key * 13 + pair rank
_P_TOP_PAIR = _P.block(3 * _LIST, *_each("top_pair.{}", _POT_KEYS))  # pot key * _LIST + kicker row
_P_PAIR_POCKET = _P.block(2 * 3, *_each("{}.{}.pocket", _PAIRS, _POT_KEYS))  # (second, third pair) * 3 + pot key
# ((second, third pair) * 3 + pot key) * _LIST + kicker row
_P_PAIR_KICKERS = _P.block(2 * 3 * _LIST, *_each("{}.{}.kickers", _PAIRS, _POT_KEYS))
# pot key * 2 + (srp: fourth, fifth; 3bp, 4bp: pocket, board)
_P_FOURTH_FIFTH = _P.block(
    3 * 2,
    *_each("fourth_fifth_pair.srp.{}", ("fourth", "fifth")),
    *_each("fourth_fifth_pair.{}.{}", _POT_KEYS[1:], ("pocket", "board")),
)
# (nuts_high, second_high) * 4 + limp key: [low, high] defense
_P_HIGH = _P.block(2 * 4, *_each("{}.{}", ("nuts_high", "second_high"), _LIMP_KEYS))
# (unpaired, paired) * 3 + (nut, big, small)
_P_FLUSH_THREE = _P.block(6, *_each("flush.{}.{}", ("three", "three_paired"), ("nut", "big", "small")))
_P_FOUR_PAIRED_NUT = _P.block(1, "flush.four_paired_nut")
_P_FLUSH_FOUR = _P.block(_LIST, "flush.four")  # flush rank - 1
_P_NUT_NO_FLUSH = _P.block(2, "straight.nut_no_flush", "straight.paired_nut_no_flush")  # unpaired, paired board
# (two_card, one_card_nut, one_card_low) * 3 + flush texture (none, three, four)
_P_STRAIGHT = _P.block(9, *_each("straight.{}.{}", ("two_card", "one_card_nut", "one_card_low"), _FLUSH_TEXTURES))
_P_SET_CLEAN = _P.block(1, "set.clean")
_P_SET_BY_COMBOS = _P.block(3, "set.by_combos")
_P_SET_THREE = _P.block(1, "set.three")
_P_SET_OCS = _P.block(2, "set.ocs_gs", "set.ocs_oe")
_P_TRIPS_ATTACK = _P.block(4, *_each("trips.{}.attack", _TRIPS_BOARDS))  # by trips board: [low, high] attack
# set, trips, two pair on a four-flush: 2 * (made - _SET) + (without, with a one-card straight)
_P_FOUR_FLUSH = _P.block(
    6, "set.four", "set.ocs_four", "trips.four", "trips.ocs_four", "two_pair.four", "two_pair.four_ocs"
)
_P_TWO_PAIR_OCS = _P.block(2, "two_pair.ocs_gs", "two_pair.ocs_oe")
_P_TWO_PAIR_OCS_THREE = _P.block(2, "two_pair.ocs_three_gs", "two_pair.ocs_three_oe")
_P_TWO_PAIR_THREE = _P.block(2, "two_pair.three.first", "two_pair.three.last")
_P_TWO_PAIR_DRY = _P.block(10, "two_pair.dry")

# Entries of BudgetTables.scalars.
_S = _Layout()
_S_COMBO_BONUS = _S.block(len(_DRAWS), *_each("combo_bonus.{}", _DRAWS))  # by DrawClass index (no_draw has none)
_S_PAIRED_HIGH_TIERS = _S.block(len(MadeClass))  # by MadeClass index, NaN where the table has none
_S_SPAN = _S.block(1, "high_card_kicker_span")
_S_PAIRED_HIGH_MULTIPLIER = _S.block(1, "paired_high_multiplier")
_S_WEAK_SHOWDOWN = _S.block(3, *_each("weak_showdown.{}", _POT_KEYS))  # by pot key
_S_FOUR_PAIRED_SHIFT = _S.block(1, "flush.four_paired_shift")
_S_BIG_FROM_RANK = _S.block(1, "flush.big_from_rank")
# two-card, one-card straight on a paired board
_S_STRAIGHT_SHIFT = _S.block(2, "straight.paired_shift_two_card", "straight.paired_shift_one_card")
_S_SET_PER_COMBO = _S.block(1, "set.three_per_combo")
_S_SET_OCS_SHIFT = _S.block(1, "set.ocs_three_shift")
_S_TRIPS_DEFENSE = _S.block(4, *_each("trips.{}.defense", _TRIPS_BOARDS))
_S_TRIPS_PER_COMBO = _S.block(1, "trips.per_combo")
_S_TRIPS_OCS_SHIFT = _S.block(1, "trips.ocs_three_shift")
_S_TWO_PAIR_PER_COMBO = _S.block(1, "two_pair.per_combo")
# ((pair, high) * 3 + (flush_possible, straight_multi, straight_single)) * 3 + street - 1
_S_PENALTIES = _S.block(
    2 * 3 * 3, *_each("penalties.{}.{}", ("pair", "high"), ("flush_possible", "straight_multi", "straight_single"))
)
_S_ONE_CARD_FLUSH = _S.block(1, "penalties.pair.one_card_flush")
_S_OVERPAIR_CAP = _S.block(1, "penalties.pair.overpair_one_card_flush_defense_cap")
_S_OCS_PENALTY = _S.block(2, "penalties.pair.ocs_gs", "penalties.pair.ocs_oe")
_S_OCS_ATTACK_CAP = _S.block(1, "penalties.pair.ocs_attack_cap")
_S_PAIRED_PENALTY = _S.block(len(MadeClass))  # by MadeClass index
_S_OOP_DEFENSE = _S.block(1, "penalties.oop_defense")
_S_OOP_MIN_SPR = _S.block(1, "penalties.oop_min_spr")
_S_RIVER_RERAISE = _S.block(1, "penalties.river_reraise_defense")


class BudgetFacts(NamedTuple):
    """The hand and board facts the budget kernels read.

    The ``HandInfo`` fields from ``made`` to ``two_pair_rank`` (``set_level``
    left out), the override as ``has_override``, ``override_attack`` and
    ``override_defense`` (NaN without one), the board's ``street`` (1 flop ..
    3 river), ``suit_max``, ``paired``, ``one_card_straight`` (0 ``None``, 1
    ``"gs"``, 2 ``"oe"``) and ``straight_combos``, and the pot. Classes and the
    pot type are their index in ``MadeClass``, ``DrawClass`` and ``PotType``
    (declaration order), -1 stands for ``None`` (``nut_straight`` is -1, 0 or 1).
    """

    made: int
    draw: int
    kicker_position: int
    kicker_rank: int
    pair_level: int
    pair_rank: int
    pocket_pair: bool
    flush_rank: int
    flush_high_rank: int
    straight_cards: int
    nut_straight: int
    two_pair_rank: int
    has_override: bool
    override_attack: float
    override_defense: float
    street: int
    suit_max: int
    paired: bool
    one_card_straight: int
    straight_combos: int
    pot: int


MODIFIER_ROWS = 13
"""Rows of a modifiers array: row 0 counts the notes (column 0), rows 1.. hold ``(code, a, b)``."""

# The modifier notes (decoded into text by pokergym.context.budget), in the order of its templates.
(
    M_OVERRIDE, M_FLUSH_THREE, M_FOUR_PAIRED_NUT, M_FLUSH_LEVEL, M_PAIRED_SHIFT, M_NUT_STRAIGHT_NO_FLUSH,
    M_TWO_CARD_STRAIGHT, M_ONE_CARD_STRAIGHT, M_SET_FOUR_FLUSH, M_SET_OCS, M_FLUSH_POSSIBLE_SHIFT,
    M_SET_FLUSH_COMBOS, M_SET_CLEAN, M_SET_COMBOS, M_TRIPS_FOUR_FLUSH, M_TRIPS_OCS, M_TRIPS_FLUSH,
    M_TWO_PAIR_FOUR_FLUSH, M_TWO_PAIR_OCS, M_TWO_PAIR_RANK_FLUSH, M_TWO_PAIR_RANK, M_STRAIGHT_HOLDINGS,
    M_PAIRED_HIGH_TIER, M_OVERPAIR_FLUSH_CAP, M_ONE_CARD_FLUSH, M_FLUSH_POSSIBLE, M_OCS_PENALTY,
    M_STRAIGHT_POSSIBLE, M_PAIRED_PENALTY, M_PAIRED_HIGH_MULTIPLIER, M_HIGH_DEFENSE_ZERO, M_DRAW_FLOOR,
    M_COMBO_DEFENSE, M_DRAW_DEFENSE, M_OUT_OF_POSITION, M_RIVER_RERAISE,
) = range(36)  # fmt: skip
_FOUR_FLUSH_NOTES = (M_SET_FOUR_FLUSH, M_TRIPS_FOUR_FLUSH, M_TWO_PAIR_FOUR_FLUSH)  # by made - _SET


class BudgetTables(NamedTuple):
    """The numbers of ``data/budgets.json`` in two flat arrays.

    A compiled call updates the reference count of every array it is passed,
    members of a tuple included, and the budgets nest several calls: two
    arrays (and element reads rather than row views) keep ``make_budget``
    near 0.1 us.

    Attributes:
        pairs: ``n x 2``: every ``[attack, defense]`` entry (for the high
            cards ``[low, high]`` defense, for trips ``[low, high]`` attack),
            in the blocks whose offsets the ``_P_*`` constants give.
        scalars: every single number, at the ``_S_*`` offsets.
    """

    pairs: FloatArray
    scalars: FloatArray


@cache
def budget_tables() -> BudgetTables:
    """The :class:`BudgetTables` of ``data/budgets.json`` (built once; do not mutate).

    Example:
        >>> tabs = budget_tables()
        >>> tabs.pairs[_P_OVERPAIR + 12].tolist(), float(tabs.scalars[_S_OOP_MIN_SPR])
        ([3.5, 4.5], 0.5)
    """
    data = table("budgets")
    pairs = np.full((_P.size, 2), np.nan)
    scalars = np.full(_S.size, np.nan)
    _P.fill(data, pairs)
    _S.fill(data, scalars)
    # The tables with a default for the keys they leave out.
    paired = data["penalties"]["pair"]["paired"]
    for i, made in enumerate(MadeClass):
        scalars[_S_PAIRED_HIGH_TIERS + i] = data["paired_high_tiers"].get(made, np.nan)
        scalars[_S_PAIRED_PENALTY + i] = paired.get(made, paired["other"])
    for k, key in enumerate(_POT_KEYS):
        rows = data["overpair"][key]
        pairs[_P_OVERPAIR + 13 * k : _P_OVERPAIR + 13 * (k + 1)] = [rows.get(str(r), rows["other"]) for r in range(13)]
    return BudgetTables(pairs, scalars)


def budget_args(hand: HandInfo, board: BoardInfo, pot_type: PotType) -> tuple[BudgetFacts, BudgetTables]:
    """The budget kernels' ``(facts, tables)`` for a hand, a board and a pot type (plain Python).

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.context.board import analyze_board
        >>> from pokergym.context.hand import classify_hand
        >>> hand = classify_hand(parse_cards("AsKd"), parse_cards("Kh7d2c"))
        >>> tuple(budget_args(hand, analyze_board(parse_cards("Kh7d2c")), PotType.SRP)[0])
        (7, 8, 1, 12, 0, 11, False, -1, -1, -1, -1, -1, False, nan, nan, 1, 1, False, 0, 0, 1)
    """
    o = hand.override

    def num(x: int | None) -> int:
        return -1 if x is None else x

    return BudgetFacts(
        _MADE_INDEX[hand.made],
        _DRAW_INDEX[hand.draw],
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
        _POT_INDEX[pot_type],
    ), budget_tables()


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
def _note(mods: FloatArray, code: int, a: float, b: float) -> None:
    """Append the modifier note ``(code, a, b)`` to ``mods`` (see :data:`MODIFIER_ROWS`)."""
    n = int(mods[0, 0]) + 1
    mods[n, 0] = code
    mods[n, 1] = a
    mods[n, 2] = b
    mods[0, 0] = n


def new_modifiers() -> FloatArray:
    """An empty modifiers array for the budget kernels (plain Python; kernels call ``np.zeros`` alike).

    Example:
        >>> new_modifiers().shape
        (13, 3)
    """
    return np.zeros((MODIFIER_ROWS, 3))


@kernel
def _entry(pairs: FloatArray, i: int) -> tuple[float, float]:
    """Row ``i`` of :attr:`BudgetTables.pairs` as two numbers."""
    return pairs[i, 0], pairs[i, 1]


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
def _paired_shift(budget: tuple[float, float], paired: bool, shift: float, mods: FloatArray) -> tuple[float, float]:
    """``budget`` moved by ``shift`` (each floored at 0) on a paired board, with the note saying so."""
    if not paired:
        return budget
    _note(mods, M_PAIRED_SHIFT, shift, 0.0)
    return _max0(budget[0] + shift), _max0(budget[1] + shift)


@kernel
def _flush(facts: BudgetFacts, tabs: BudgetTables, mods: FloatArray) -> tuple[float, float]:
    pairs, scalars = tabs
    paired, rank = facts.paired, _or(facts.flush_rank, 1)
    if facts.suit_max == 3:
        size = 0 if rank == 1 else 1 if _or(facts.flush_high_rank, 0) >= scalars[_S_BIG_FROM_RANK] else 2
        _note(mods, M_FLUSH_THREE, paired, size)
        return _entry(pairs, _P_FLUSH_THREE + 3 * paired + size)
    if paired and rank == 1:
        _note(mods, M_FOUR_PAIRED_NUT, 0.0, 0.0)
        return _entry(pairs, _P_FOUR_PAIRED_NUT)
    _note(mods, M_FLUSH_LEVEL, rank, 0.0)
    return _paired_shift(
        _entry(pairs, _P_FLUSH_FOUR + min(rank, _LIST) - 1), paired, scalars[_S_FOUR_PAIRED_SHIFT], mods
    )


@kernel
def _straight(facts: BudgetFacts, tabs: BudgetTables, mods: FloatArray) -> tuple[float, float]:
    pairs, scalars = tabs
    suit_max, paired, nut = facts.suit_max, facts.paired, facts.nut_straight == 1
    texture = 0 if suit_max < 3 else 1 if suit_max == 3 else 2
    if nut and texture == 0:
        _note(mods, M_NUT_STRAIGHT_NO_FLUSH, 0.0, 0.0)
        return _entry(pairs, _P_NUT_NO_FLUSH + paired)
    if facts.straight_cards == 2:
        i = _P_STRAIGHT + texture
        shift = scalars[_S_STRAIGHT_SHIFT]
        _note(mods, M_TWO_CARD_STRAIGHT, texture, 0.0)
    else:
        i = _P_STRAIGHT + 3 * (1 if nut else 2) + texture
        shift = scalars[_S_STRAIGHT_SHIFT + 1]
        _note(mods, M_ONE_CARD_STRAIGHT, 0 if nut else 1, texture)
    return _paired_shift(_entry(pairs, i), paired, shift, mods)


@kernel
def _set(facts: BudgetFacts, tabs: BudgetTables, mods: FloatArray) -> tuple[float, float]:
    pairs, scalars = tabs
    ocs, combos = facts.one_card_straight, facts.straight_combos
    if ocs:
        a, d = _entry(pairs, _P_SET_OCS + ocs - 1)
        _note(mods, M_SET_OCS, ocs, 0.0)
        if facts.suit_max == 3:
            shift = scalars[_S_SET_OCS_SHIFT]
            a, d = a + shift, d + shift
            _note(mods, M_FLUSH_POSSIBLE_SHIFT, shift, 0.0)
        return _max0(a), _max0(d)
    if facts.suit_max == 3:
        shift = scalars[_S_SET_PER_COMBO] * combos
        _note(mods, M_SET_FLUSH_COMBOS, combos, 0.0)
        return _max0(pairs[_P_SET_THREE, 0] + shift), _max0(pairs[_P_SET_THREE, 1] + shift)
    _note(mods, M_SET_CLEAN if combos == 0 else M_SET_COMBOS, combos, 0.0)
    return _entry(pairs, _P_SET_CLEAN if combos == 0 else _P_SET_BY_COMBOS + min(combos, 3) - 1)


@kernel
def _trips(facts: BudgetFacts, tabs: BudgetTables, mods: FloatArray) -> tuple[float, float]:
    pairs, scalars = tabs
    ocs, three = facts.one_card_straight, facts.suit_max == 3
    kicker = _or(facts.kicker_rank, 0) / 12.0
    combos_shift = scalars[_S_TRIPS_PER_COMBO] * facts.straight_combos
    if ocs:
        entry = 1 + ocs  # ocs_gs, ocs_oe
        shift = scalars[_S_TRIPS_OCS_SHIFT] if three else 0.0
        combos_shift = 0.0
        _note(mods, M_TRIPS_OCS, ocs, 0.0)
    else:
        entry = 1 if three else 0  # three, dry
        shift = 0.0
        _note(mods, M_TRIPS_FLUSH, three, 0.0)
    low, high = _entry(pairs, _P_TRIPS_ATTACK + entry)
    a = low + (high - low) * kicker + shift + combos_shift
    d = scalars[_S_TRIPS_DEFENSE + entry] + shift + combos_shift
    return _max0(a), _max0(d)


@kernel
def _two_pair(facts: BudgetFacts, tabs: BudgetTables, mods: FloatArray) -> tuple[float, float]:
    pairs, scalars = tabs
    ocs, combos, rank = facts.one_card_straight, facts.straight_combos, _or(facts.two_pair_rank, 1)
    if ocs:
        _note(mods, M_TWO_PAIR_OCS, ocs, 0.0)
        return _entry(pairs, (_P_TWO_PAIR_OCS_THREE if facts.suit_max == 3 else _P_TWO_PAIR_OCS) + ocs - 1)
    shift = scalars[_S_TWO_PAIR_PER_COMBO] * combos
    if facts.suit_max == 3:
        first, last = _P_TWO_PAIR_THREE, _P_TWO_PAIR_THREE + 1
        t = (min(rank, 10) - 1) / 9
        a = pairs[first, 0] + (pairs[last, 0] - pairs[first, 0]) * t
        d = pairs[first, 1] + (pairs[last, 1] - pairs[first, 1]) * t
        _note(mods, M_TWO_PAIR_RANK_FLUSH, rank, 0.0)
    else:
        a, d = _entry(pairs, _P_TWO_PAIR_DRY + min(rank, 10) - 1)
        _note(mods, M_TWO_PAIR_RANK, rank, 0.0)
    if shift != 0.0:
        _note(mods, M_STRAIGHT_HOLDINGS, combos, shift)
    return _max0(a + shift), _max0(d + shift)


@kernel
def _pair_table(facts: BudgetFacts, tabs: BudgetTables) -> tuple[float, float]:
    """A one pair's table entry before the board's penalties."""
    pairs, scalars = tabs
    made, key, position = facts.made, _POT_KEY[facts.pot], facts.kicker_position
    no_kicker = facts.pocket_pair or position < 0
    if made == _OVERPAIR:
        i = _P_OVERPAIR + 13 * key + facts.pair_rank
    elif made == _TOP_PAIR:
        i = _P_TOP_PAIR + _LIST * key + (0 if no_kicker else min(position, _LIST) - 1)
    elif made in (_SECOND_PAIR, _THIRD_PAIR):
        c = made - _SECOND_PAIR
        if no_kicker:
            i = _P_PAIR_POCKET + 3 * c + key
        else:
            i = _P_PAIR_KICKERS + _LIST * (3 * c + key) + min(position, _LIST) - 1
    elif made == _FOURTH_FIFTH_PAIR:
        if key == 0:  # srp: fourth, fifth
            i = _P_FOURTH_FIFTH + (0 if _or(facts.pair_level, 3) <= 3 else 1)
        else:  # pocket, board
            i = _P_FOURTH_FIFTH + 2 * key + (0 if facts.pocket_pair else 1)
    else:
        return 0.0, scalars[_S_WEAK_SHOWDOWN + key]
    return _entry(pairs, i)


@kernel
def _pair_penalties(
    facts: BudgetFacts, a: float, d: float, scalars: FloatArray, mods: FloatArray
) -> tuple[float, float]:
    """A one pair's penalties: a three- or four-flush, a one-card straight or straight potential, a paired board."""
    street, suit_max, ocs, combos = facts.street, facts.suit_max, facts.one_card_straight, facts.straight_combos
    if suit_max >= 4:
        if facts.made == _OVERPAIR:
            cap = scalars[_S_OVERPAIR_CAP]
            _note(mods, M_OVERPAIR_FLUSH_CAP, cap, 0.0)
            a, d = 0.0, cap if cap < d else d
        else:
            p = scalars[_S_ONE_CARD_FLUSH]
            _note(mods, M_ONE_CARD_FLUSH, p, 0.0)
            a, d = a - p, d - p
    elif suit_max == 3:
        p = scalars[_S_PENALTIES + street - 1]
        _note(mods, M_FLUSH_POSSIBLE, p, 0.0)
        a, d = a - p, d - p
    if ocs:
        p = scalars[_S_OCS_PENALTY + ocs - 1]
        cap = scalars[_S_OCS_ATTACK_CAP]
        _note(mods, M_OCS_PENALTY, ocs, p)
        a = a - p
        a, d = cap if cap < a else a, d - p
    elif combos:
        p = scalars[_S_PENALTIES + 3 * (1 if combos >= 2 else 2) + street - 1]
        _note(mods, M_STRAIGHT_POSSIBLE, p, 0.0)
        a, d = a - p, d - p
    if facts.paired and facts.pair_rank >= 0:
        p = scalars[_S_PAIRED_PENALTY + facts.made]
        a, d = a - p, d - p
        _note(mods, M_PAIRED_PENALTY, p, 0.0)
    return a, d


@kernel
def _pair(facts: BudgetFacts, tabs: BudgetTables, mods: FloatArray) -> tuple[float, float, float, float]:
    """A one pair or weak showdown hand: its table entry, then the board's penalties."""
    if facts.made == _WEAK_SHOWDOWN and facts.pair_rank < 0:
        base_a, base_d = 0.0, tabs.scalars[_S_PAIRED_HIGH_TIERS + _WEAK_SHOWDOWN]
        _note(mods, M_PAIRED_HIGH_TIER, 0.0, 0.0)
    else:
        base_a, base_d = _pair_table(facts, tabs)
    a, d = _pair_penalties(facts, base_a, base_d, tabs.scalars, mods)
    return base_a, base_d, _max0(a), _max0(d)


@kernel
def _high_card(facts: BudgetFacts, tabs: BudgetTables, mods: FloatArray) -> tuple[float, float, float, float]:
    """``nuts_high`` or ``second_high``: a defense from the kicker, then the board's penalties (attack 0)."""
    pairs, scalars = tabs
    low, high = _entry(pairs, _P_HIGH + 4 * (facts.made - _NUTS_HIGH) + _LIMP_KEY[facts.pot])
    span = int(scalars[_S_SPAN])
    t = min(_or(facts.kicker_position, 1) - 1, span) / span
    d = high - (high - low) * t
    base_d = d
    if facts.paired:
        d *= scalars[_S_PAIRED_HIGH_MULTIPLIER]
        _note(mods, M_PAIRED_HIGH_MULTIPLIER, scalars[_S_PAIRED_HIGH_MULTIPLIER], 0.0)
    s = facts.street - 1
    if facts.suit_max >= 4 or facts.one_card_straight:
        d = 0.0
        _note(mods, M_HIGH_DEFENSE_ZERO, 0.0, 0.0)
    else:
        pen = _S_PENALTIES + 9  # the high-card rows
        if facts.suit_max == 3:
            d -= scalars[pen + s]
            _note(mods, M_FLUSH_POSSIBLE, scalars[pen + s], 0.0)
        if facts.straight_combos:
            p = scalars[pen + 3 * (1 if facts.straight_combos >= 2 else 2) + s]
            d -= p
            _note(mods, M_STRAIGHT_POSSIBLE, p, 0.0)
    return 0.0, base_d, 0.0, _max0(d)


# ---------------------------------------------------------------- public kernels
@kernel
def made_budget(facts: BudgetFacts, tabs: BudgetTables, mods: FloatArray) -> tuple[float, float, float, float]:
    """The made hand's ``(attack base, defense base, attack, defense)``, unrounded; its notes go to ``mods``.

    The draw is not read (the slow-play look-ahead takes index 2, the attack).

    Example:
        >>> facts = BudgetFacts(7, 8, 1, 12, 0, 11, False, -1, -1, -1, -1, -1, False, math.nan, math.nan,
        ...                     1, 1, False, 0, 0, 1)
        >>> [float(x) for x in made_budget(facts, budget_tables(), new_modifiers())]
        [3.0, 4.0, 3.0, 4.0]
    """
    made = facts.made
    if facts.has_override:
        _note(mods, M_OVERRIDE, 0.0, 0.0)
        a, d = facts.override_attack, facts.override_defense
        return a, d, a, d
    if made == _NUTS:
        return UNLIMITED, UNLIMITED, UNLIMITED, UNLIMITED
    if made == _TRASH:
        a, d = _entry(tabs.pairs, _P_TRASH)
        return a, d, a, d
    if _SET <= made <= _TWO_PAIR and facts.suit_max >= 4:
        _note(mods, _FOUR_FLUSH_NOTES[made - _SET], 0.0, 0.0)
        a, d = _entry(tabs.pairs, _P_FOUR_FLUSH + 2 * (made - _SET) + (1 if facts.one_card_straight else 0))
    elif made == _FLUSH:
        a, d = _flush(facts, tabs, mods)
    elif made == _STRAIGHT:
        a, d = _straight(facts, tabs, mods)
    elif made == _SET:
        a, d = _set(facts, tabs, mods)
    elif made == _TRIPS:
        a, d = _trips(facts, tabs, mods)
    elif made == _TWO_PAIR:
        a, d = _two_pair(facts, tabs, mods)
    elif _NUTS_HIGH <= made <= _SECOND_HIGH:
        return _high_card(facts, tabs, mods)
    else:
        return _pair(facts, tabs, mods)
    return a, d, a, d


@kernel
def hand_budget(facts: BudgetFacts, tabs: BudgetTables, mods: FloatArray) -> tuple[float, float, float, float]:
    """The hand's ``(attack base, defense base, attack, defense)``, draws applied, rounded; notes to ``mods``.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.context.board import analyze_board
        >>> from pokergym.context.hand import classify_hand
        >>> board = parse_cards("7s6hJc")
        >>> hand = classify_hand(parse_cards("5c4c"), board, PotType.THREE_BET)
        >>> hand_budget(*budget_args(hand, analyze_board(board), PotType.THREE_BET), new_modifiers())
        (0.5, 0.0, 5.0, 2.5)
    """
    att_base, def_base, att, dfn = made_budget(facts, tabs, mods)
    made, draw = facts.made, facts.draw
    if draw != _NO_DRAW:
        d_att, d_def = _entry(tabs.pairs, _P_DRAW + draw)
        if d_att > att:
            att = d_att
            _note(mods, M_DRAW_FLOOR, d_att, 0.0)
        if _OVERPAIR <= made <= _WEAK_SHOWDOWN:  # a pair or a high card
            if facts.paired and facts.pair_rank < 0:
                dfn = tabs.scalars[_S_PAIRED_HIGH_TIERS + made]
            dfn += tabs.scalars[_S_COMBO_BONUS + draw]
            _note(mods, M_COMBO_DEFENSE, tabs.scalars[_S_COMBO_BONUS + draw], 0.0)
        if d_def > dfn:
            dfn = d_def
            _note(mods, M_DRAW_DEFENSE, d_def, 0.0)
    return round2(att_base), round2(def_base), round2(att), round2(dfn)


@kernel
def make_budget(
    facts: BudgetFacts,
    tabs: BudgetTables,
    oop: bool,
    spr: float,
    facing_raise: bool,
    weighted_total: float,
    facing_weight: float,
    mods: FloatArray,
) -> tuple[float, float, float, float, float, float]:
    """A decision's budgets: ``attack_base`` .. ``defense_remaining`` of its ``Budget``; its notes go to ``mods``.

    Example:
        >>> facts = BudgetFacts(14, 8, -1, -1, -1, -1, False, -1, -1, -1, -1, -1, False, math.nan, math.nan,
        ...                     3, 2, True, 0, 0, 2)
        >>> make_budget(facts, budget_tables(), True, 6.6, False, 0.45, 0.0, new_modifiers())
        (0.5, 0.0, 0.5, 0.0, 0.05, -0.45)
    """
    att_base, def_base, att, dfn = hand_budget(facts, tabs, mods)
    scalars, street, defense = tabs.scalars, facts.street, dfn
    if dfn < UNLIMITED and oop and facts.made != _TRASH and street < _RIVER and spr > scalars[_S_OOP_MIN_SPR]:
        dfn = _max0(dfn - scalars[_S_OOP_DEFENSE])
        defense = round2(dfn)
        _note(mods, M_OUT_OF_POSITION, scalars[_S_OOP_DEFENSE], 0.0)
    if dfn < UNLIMITED and facing_raise and street == _RIVER:
        dfn = _max0(dfn - scalars[_S_RIVER_RERAISE])
        defense = round2(dfn)
        _note(mods, M_RIVER_RERAISE, scalars[_S_RIVER_RERAISE], 0.0)
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


# ---------------------------------------------------------------- calls from Python
_TABLES = budget_tables()  # a module global: compiled into the kernels below as a constant


@kernel
def _facts_of(a: FloatArray) -> BudgetFacts:
    """The :class:`BudgetFacts` stored in a ``float64`` array, in field order (how Python passes them)."""
    return BudgetFacts(
        int(a[0]), int(a[1]), int(a[2]), int(a[3]), int(a[4]), int(a[5]), a[6] != 0.0, int(a[7]), int(a[8]),
        int(a[9]), int(a[10]), int(a[11]), a[12] != 0.0, a[13], a[14], int(a[15]), int(a[16]), a[17] != 0.0,
        int(a[18]), int(a[19]), int(a[20]),
    )  # fmt: skip


@kernel
def make_budget_of(
    facts: FloatArray, oop: bool, spr: float, facing_raise: bool, weighted_total: float, facing_weight: float,
    mods: FloatArray,
) -> tuple[float, float, float, float, float, float]:  # fmt: skip
    """:func:`make_budget` of facts in an array (``np.array(budget_args(...)[0], float)``), tables built in."""
    return make_budget(_facts_of(facts), _TABLES, oop, spr, facing_raise, weighted_total, facing_weight, mods)
