"""Numba kernels for the board texture and the hero's hand class, special boards included.

:func:`board_facts` runs the rules of :func:`pokergym.context.board.analyze_board`
and :func:`hand_facts` those of :func:`pokergym.context.hand.classify_hand`
and :func:`~pokergym.context.hand.made_hand`: ordinary boards through
:func:`._hand_kernel.hand_codes`, the six special boards here with their
``overrides.json`` budgets (:func:`texture_tables`), so that a composed kernel
never returns to Python. A board comes as ``int64`` card codes, the first
``n`` (3 to 5) in the order dealt (:func:`pack_board` pads with -1).

Both kernels write a row with one column per field of their record, in the
record's order, at the ``B_*`` or ``H_*`` index named after the field; -1
stands for ``None`` and a bool is 0 or 1:

* the board row (``int64``, :data:`BOARD_FIELDS`) holds the :class:`BoardInfo`
  fields but the descriptors, then its properties ``paired``,
  ``double_paired`` and ``full_house``; ``street`` is 1 flop .. 3 river,
  ``labels`` sets bit ``i`` for ``BOARD_NAMES[i]``, a rank collection bit
  ``r`` for rank ``r``, and ``one_card_straight`` is 0 ``None``, 1 ``"gs"``,
  2 ``"oe"``;
* the hand row (``float64``, :data:`HAND_FIELDS`) holds the :class:`HandInfo`
  fields, the classes as their index in ``MadeClass`` / ``DrawClass``,
  ``set_level`` 0 top .. 2 bottom, ``features`` as bit ``i`` for
  ``FEATURE_LABELS[i]``, and the override as four columns: whether there is
  one (:data:`H_HAS_OVERRIDE`), its attack and defense (NaN without one) and
  its label's index in :data:`OVERRIDE_LABELS`.

:func:`board_info` and :func:`hand_info` decode the rows into the records;
:func:`row_budget_args` reads them as the budget kernels' facts.

Example:
    >>> from pokergym.cards import parse_cards
    >>> cards = pack_board(parse_cards("7c7d7h"))
    >>> row = np.empty(BOARD_FIELDS, dtype=np.int64)
    >>> board_facts(cards, 3, row)
    >>> [BOARD_NAMES[i] for i in range(len(BOARD_NAMES)) if row[B_LABELS] >> i & 1], int(row[B_TRIPS_RANK])
    (['dry', 'trips_board'], 5)
    >>> out = np.empty(HAND_FIELDS)
    >>> hand_facts(*parse_cards("AsKd"), cards, 3, 1, True, row, texture_tables(), out)
    >>> OVERRIDE_LABELS[int(out[H_OVERRIDE_LABEL])], float(out[H_OVERRIDE_ATTACK])
    ('trips_board_kicker_1', 0.5)
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from pokergym._jit import kernel
from pokergym.engine.actions import Street

from ._budget_kernel import BudgetFacts, BudgetTables, budget_tables
from ._hand_kernel import (
    SPECIAL,
    _add_rank,
    _best_full_house,
    _full_house_is_best,
    _high_bit,
    _popcount,
    _rank_position,
    _straight_top,
    _window,
    hand_codes,
)
from .record import BoardInfo, BoardOverride, DrawClass, HandInfo, MadeClass, PotType, new_record
from .skills import BOARD_LABELS
from .tables import pot_key, table

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Counts = tuple[int, int, int, int]
"""Rank-count masks: ranks held at least once, twice, three and four times."""

__all__ = [
    "BOARD_FIELDS",
    "BOARD_NAMES",
    "B_DOUBLE_PAIRED",
    "B_FLUSH_SUIT",
    "B_FULL_HOUSE",
    "B_LABELS",
    "B_NUT_STRAIGHT_TOP",
    "B_ONE_CARD_RANKS",
    "B_ONE_CARD_STRAIGHT",
    "B_PAIRED",
    "B_PAIR_RANKS",
    "B_QUADS_RANK",
    "B_STRAIGHT_COMBOS",
    "B_STRAIGHT_ON_BOARD",
    "B_STRAIGHT_POTENTIAL",
    "B_STREET",
    "B_SUIT_MAX",
    "B_TOP_RANK",
    "B_TRIPS_RANK",
    "FEATURE_LABELS",
    "HAND_FIELDS",
    "H_DRAW",
    "H_FEATURES",
    "H_FLUSH_HIGH_RANK",
    "H_FLUSH_RANK",
    "H_HAS_OVERRIDE",
    "H_KICKER_POSITION",
    "H_KICKER_RANK",
    "H_MADE",
    "H_NUT_STRAIGHT",
    "H_OVERRIDE_ATTACK",
    "H_OVERRIDE_DEFENSE",
    "H_OVERRIDE_LABEL",
    "H_PAIR_LEVEL",
    "H_PAIR_RANK",
    "H_POCKET_PAIR",
    "H_SET_LEVEL",
    "H_STRAIGHT_CARDS",
    "H_TWO_PAIR_RANK",
    "OVERRIDE_LABELS",
    "TextureTables",
    "board_facts",
    "board_info",
    "hand_facts",
    "hand_facts_of",
    "hand_info",
    "pack_board",
    "row_budget_args",
    "texture_tables",
]

# ---------------------------------------------------------------- layout of the board row
(
    B_STREET,
    B_LABELS,
    B_SUIT_MAX,
    B_FLUSH_SUIT,
    B_PAIR_RANKS,
    B_TRIPS_RANK,
    B_QUADS_RANK,
    B_STRAIGHT_COMBOS,
    B_STRAIGHT_POTENTIAL,
    B_ONE_CARD_RANKS,
    B_ONE_CARD_STRAIGHT,
    B_STRAIGHT_ON_BOARD,
    B_NUT_STRAIGHT_TOP,
    B_TOP_RANK,
    B_PAIRED,
    B_DOUBLE_PAIRED,
    B_FULL_HOUSE,
) = range(17)
BOARD_FIELDS = 17
"""Length of a :func:`board_facts` row."""

# ---------------------------------------------------------------- layout of the hand row
(
    H_MADE,
    H_DRAW,
    H_KICKER_POSITION,
    H_KICKER_RANK,
    H_PAIR_LEVEL,
    H_PAIR_RANK,
    H_POCKET_PAIR,
    H_FLUSH_RANK,
    H_FLUSH_HIGH_RANK,
    H_STRAIGHT_CARDS,
    H_NUT_STRAIGHT,
    H_SET_LEVEL,
    H_TWO_PAIR_RANK,
    H_HAS_OVERRIDE,
    H_OVERRIDE_ATTACK,
    H_OVERRIDE_DEFENSE,
    H_OVERRIDE_LABEL,
    H_FEATURES,
) = range(18)
HAND_FIELDS = 18
"""Length of a :func:`hand_facts` row."""

BOARD_NAMES: tuple[str, ...] = tuple(dict.fromkeys(label for labels in BOARD_LABELS.values() for label in labels))
"""Every board texture label, flop labels first (the order of the ``board_<label>`` features)."""

FEATURE_LABELS = ("flush_draw", "oesd", "gutshot", "bdfd", "bdsd", "overcards_1", "overcards_2")
"""The draw features of :attr:`HandInfo.features`; bit ``i`` of :data:`H_FEATURES` stands for entry ``i``."""

_KICKER_TIERS = 3  # hand.py gives kicker tiers three classes: nuts_high, second_high, weak_showdown
_FLUSH_LEVELS = 8  # a hole card above the lowest of five suited board cards leaves at most 7 higher ranks unseen

_OVERRIDES: dict[str, tuple[str, str] | None] = {}
"""Every override label, with where ``overrides.json`` keeps its budget (None: read from a list)."""


def _override(section: str, name: str, key: str = "") -> int:
    """Add the label ``<section>_<name>``, its budget under ``section`` and ``key`` (``name`` by default); its index."""
    _OVERRIDES[f"{section}_{name}"] = (section, key or name)
    return len(_OVERRIDES) - 1


def _listed(section: str, *names: str) -> int:
    """Add the labels ``<section>_<name>`` whose budgets come from a list; the index of the first."""
    _OVERRIDES.update(dict.fromkeys(f"{section}_{name}" for name in names))
    return len(_OVERRIDES) - len(names)


def _kicker_labels(section: str) -> int:
    """Add a board's kicker tiers, best first, then its kickerless hands; the index of the best tier."""
    return _listed(section, *(f"kicker_{k}" for k in range(1, _KICKER_TIERS + 1)), "no_kicker")


_O_QUADS_NUT_CHOP = _override("quads_board", "nut_chop", "board_nut_chop")
_O_QUADS_PLAYS_BOARD = _override("quads_board", "plays_board")
_O_QUADS_KICKER = _kicker_labels("quads_board")
_O_FH_QUADS = _override("full_house_board", "quads")
_O_FH_BEST = _override("full_house_board", "best", "best_full_house")
_O_FH_HIGHER = _override("full_house_board", "higher", "higher_full_house")
_O_FH_PLAYS_BOARD = _override("full_house_board", "plays_board")
_O_TRIPS_QUADS = _override("trips_board", "quads")
_O_TRIPS_BEST_FH = _override("trips_board", "best_full_house")
_O_TRIPS_FH_OVER = _override("trips_board", "full_house_over")
_O_TRIPS_FH_UNDER = _override("trips_board", "full_house_under")
_O_TRIPS_FLUSH = _override("trips_board", "flush")
_O_TRIPS_STRAIGHT = _override("trips_board", "straight")
_O_TRIPS_KICKER = _kicker_labels("trips_board")
_O_DP_QUADS = _override("double_paired", "quads")
_O_DP_BEST_FH = _override("double_paired", "best_full_house")
_O_DP_LOWER_FH = _override("double_paired", "lower_full_house")
_O_DP_FLUSH = _override("double_paired", "flush", "flush_or_straight")
_O_DP_STRAIGHT = _override("double_paired", "straight", "flush_or_straight")
_O_DP_IMPROVED = _override("double_paired", "improved_two_pair")
_O_DP_KICKER = _kicker_labels("double_paired")
_O_FLUSH_LEVEL = _listed("flush_board", *(f"level_{k}" for k in range(1, _FLUSH_LEVELS + 1)))
_O_FLUSH_PLAYS_BOARD = _override("flush_board", "plays_board", "none")
_O_STRAIGHT_NUT_HIGHER = _override("straight_board", "nut_higher")
_O_STRAIGHT_HIGHER = _override("straight_board", "higher")
_O_STRAIGHT_HIGHER_FLUSH = _override("straight_board", "higher_flush_possible")
_O_STRAIGHT_NUT_CHOP = _override("straight_board", "nut_chop")
_O_STRAIGHT_PLAYS_BOARD = _override("straight_board", "plays_board")
# kicker families: the row of texture_tables().kicker_tiers
_QUADS_FAMILY, _TRIPS_FAMILY, _DP_FAMILY = 0, 1, 2

OVERRIDE_LABELS: tuple[str, ...] = tuple(_OVERRIDES)
"""Every ``BoardOverride.label`` the special boards can give; :data:`H_OVERRIDE_LABEL` indexes it."""

_LABEL_ORDER: list[tuple[str, int]] = []
"""The board labels with their bits, in the order :func:`~pokergym.context.board.analyze_board` lists them."""


def _label_bit(name: str) -> int:
    """The bit of a board label in :data:`B_LABELS`, the label put next in :data:`_LABEL_ORDER`."""
    bit = 1 << BOARD_NAMES.index(name)
    _LABEL_ORDER.append((name, bit))
    return bit


# In Python's order: texture, monotone, pairing or change, scare_wet, structure, board straight, board flush
_L_DRY = _label_bit("dry")
_L_WET = _label_bit("wet")
_L_HIGH = _label_bit("high")
_L_VERY_WET = _label_bit("very_wet")
_L_SLIGHTLY_WET = _label_bit("slightly_wet")
_L_NEUTRAL = _label_bit("neutral")
_L_VERY_DRY = _label_bit("very_dry")
_L_MONOTONE = _label_bit("monotone")
_L_PAIRED = _label_bit("paired")
_L_SCARE_HIGH = _label_bit("scare_high")
_L_SCARE_WET = _label_bit("scare_wet")
_L_DOUBLE_PAIRED = _label_bit("double_paired")
_L_FH_BOARD = _label_bit("fh_board")
_L_TRIPS_BOARD = _label_bit("trips_board")
_L_QUADS_BOARD = _label_bit("quads_board")
_L_ONE_CARD_OE = _label_bit("one_card_straight_oe")
_L_ONE_CARD_GS = _label_bit("one_card_straight_gs")
_L_BOARD_STRAIGHT = _label_bit("board_straight")
_L_BOARD_FLUSH = _label_bit("board_flush")

_MADE = tuple(MadeClass)
_DRAW = tuple(DrawClass)
_M_NUTS = _MADE.index(MadeClass.NUTS)
_M_FLUSH = _MADE.index(MadeClass.FLUSH)
_M_STRAIGHT = _MADE.index(MadeClass.STRAIGHT)
_M_TWO_PAIR = _MADE.index(MadeClass.TWO_PAIR)
_M_NUTS_HIGH = _MADE.index(MadeClass.NUTS_HIGH)  # then second_high and weak_showdown: the kicker tiers
_M_TRASH = _MADE.index(MadeClass.TRASH)
_D_NO_DRAW = _DRAW.index(DrawClass.NO_DRAW)

_QUEEN = 10


class TextureTables(NamedTuple):
    """The override budgets of ``overrides.json``, as arrays for :func:`hand_facts`.

    Attributes:
        values: ``len(OVERRIDE_LABELS) x 2`` float64, ``[attack, defense]`` of
            each label before the pot shift (NaN for a kicker tier the table lacks).
        kicker_tiers: int64, the number of kicker tiers of the quads,
            trips and double-paired boards (in that order).
        kicker_shift: float64, the kicker tiers' pot shift by pot-type index.
    """

    values: Floats
    kicker_tiers: Ints
    kicker_shift: Floats


@cache
def texture_tables() -> TextureTables:
    """Build the :class:`TextureTables` from ``overrides.json``.

    Example:
        >>> t = texture_tables()
        >>> t.values[OVERRIDE_LABELS.index("trips_board_flush")].tolist(), t.kicker_shift.tolist()
        ([3.0, 4.0], [0.0, 0.0, -0.5, -1.0, -1.0])
    """
    data = table("overrides")
    entries = {label: data[where[0]][where[1]] for label, where in _OVERRIDES.items() if where is not None}
    levels = data["flush_board"]["levels"]
    for k in range(1, _FLUSH_LEVELS + 1):
        entries[f"flush_board_level_{k}"] = levels[min(k, len(levels)) - 1]
    tiers = []
    for prefix in ("quads_board", "trips_board", "double_paired"):
        kickers = data[prefix]["kickers"]
        if not 1 <= len(kickers) <= _KICKER_TIERS:
            raise ValueError(f"{prefix} needs 1 to {_KICKER_TIERS} kicker tiers, got {len(kickers)}")
        tiers.append(len(kickers))
        for k in range(1, _KICKER_TIERS + 1):
            entries[f"{prefix}_kicker_{k}"] = kickers[k - 1] if k <= len(kickers) else [np.nan, np.nan]
        entries[f"{prefix}_no_kicker"] = [0.0, 0.0]
    values = np.array([[float(v) for v in entries[label]] for label in OVERRIDE_LABELS], dtype=np.float64)
    shift = np.array([float(data["kicker_pot_shift"][pot_key(p)]) for p in PotType], dtype=np.float64)
    return TextureTables(values, np.array(tiers, dtype=np.int64), shift)


# ---------------------------------------------------------------- the board
@kernel
def _pair_bit(missing: int) -> int:
    """One bit (of 56) per two-rank set that can be the missing part of a window.

    Two ranks of a window are at most four apart, except an ace with a wheel card.
    """
    low = _high_bit(missing & -missing)
    high = _high_bit(missing)
    if high - low > 4:
        return 1 << (52 + low)
    return 1 << (low * 4 + high - low - 1)


@kernel
def _rank_and_suit_counts(cards: Ints, n: int) -> tuple[int, int, int, int, int]:
    """Rank masks of the ranks seen at least once, twice, three and four times; the suit counts (4 bits each)."""
    once = twice = thrice = four = 0
    suit_counts = 0
    for i in range(n):
        c = cards[i]
        once, twice, thrice, four = _add_rank(once, twice, thrice, four, c >> 2)
        suit_counts += 1 << (4 * (c & 3))
    return once, twice, thrice, four, suit_counts


@kernel
def _suit_facts(suit_counts: int) -> tuple[int, int, int]:
    """``(most cards of one suit, the first suit with three or more (-1), suits holding exactly two)``."""
    suit_max = 0
    flush_suit = -1
    twos = 0
    for s in range(4):
        k = suit_counts >> (4 * s) & 15
        suit_max = max(suit_max, k)
        twos += int(k == 2)
        if k >= 3 and flush_suit < 0:
            flush_suit = s
    return suit_max, flush_suit, twos


@kernel
def _straight_structure(once: int) -> tuple[int, int, int, int, int]:
    """The straight facts of a rank set: ``(pair set, one-card ranks, potential, on board, nut top)``.

    The pair set has a bit per distinct missing rank pair of a window holding three board ranks (its
    count is the two-card straight holdings); the one-card ranks complete a window holding four.
    """
    pair_set = singles = potential = on_board = 0
    nut_top = -1
    for i in range(10):
        w = _window(i)
        hit = _popcount(once & w)
        if hit >= 3:
            potential = 1
            if nut_top < 0:
                nut_top = 12 - i
        if hit == 3:
            pair_set |= _pair_bit(w & ~once)
        elif hit == 4:
            singles |= w & ~once
        elif hit == 5:
            on_board = 1
    return pair_set, singles, potential, on_board, nut_top


@kernel
def _flop_labels(once: int, pairs: int, trips_rank: int, suit_max: int) -> int:
    """A flop's labels: its suits (rainbow dry, monotone wet; two-tone by its gaps and top card), its pairing."""
    top = _high_bit(once)
    labels = _L_TRIPS_BOARD if trips_rank >= 0 else _L_PAIRED if pairs else 0
    if suit_max == 1:
        return labels | _L_DRY
    if suit_max == 3:
        return labels | _L_WET | _L_MONOTONE
    connected = True
    previous = top
    for r in range(top - 1, -1, -1):
        if once >> r & 1:
            if previous - r > 2:
                connected = False
            previous = r
    return labels | (_L_WET if connected else _L_HIGH if top >= _QUEEN else _L_DRY)


@kernel
def _suit_label(n: int, suit_max: int, twos: int) -> int:
    """The suit label of a turn (very wet, wet, neutral, very dry) or river (very wet, slightly wet, dry)."""
    if suit_max >= 4:
        return _L_VERY_WET
    if n == 4:
        return _L_WET if suit_max == 3 or twos == 2 else _L_NEUTRAL if twos == 1 else _L_VERY_DRY
    return _L_SLIGHTLY_WET if suit_max == 3 else _L_DRY


@kernel
def _change_labels(last: int, twice: int, suit_counts: int) -> int:
    """What the turn or river card did: paired the board, scared high, or brought a third card of its suit."""
    rank = last >> 2
    labels = _L_PAIRED if twice >> rank & 1 else _L_SCARE_HIGH if rank >= _QUEEN else 0
    if suit_counts >> (4 * (last & 3)) & 15 >= 3:
        labels |= _L_SCARE_WET
    return labels


@kernel
def _structure_labels(
    n: int, suit_max: int, pairs: int, trips_rank: int, quads_rank: int, one_card: int, on_board: int
) -> int:
    """A turn's or river's structure: double paired, trips or full house, quads, one-card straights, made hands."""
    labels = _L_DOUBLE_PAIRED if _popcount(pairs) >= 2 else 0
    if trips_rank >= 0:
        labels |= _L_FH_BOARD if pairs else _L_TRIPS_BOARD
    if quads_rank >= 0:
        labels |= _L_QUADS_BOARD
    labels |= _L_ONE_CARD_OE if one_card == 2 else _L_ONE_CARD_GS if one_card == 1 else 0
    if n == 5 and on_board:
        labels |= _L_BOARD_STRAIGHT
    if suit_max == 5:
        labels |= _L_BOARD_FLUSH
    return labels


@kernel
def board_facts(cards: Ints, n: int, out: Ints) -> None:
    """Write the :func:`~pokergym.context.board.analyze_board` facts of a board into ``out``.

    Args:
        cards: card codes, the first ``n`` being the board in the order dealt.
        n: board size: 3, 4 or 5 (not checked).
        out: int64 row of :data:`BOARD_FIELDS` (see the module docstring).

    Example:
        >>> from pokergym.cards import parse_cards
        >>> row = np.empty(BOARD_FIELDS, dtype=np.int64)
        >>> board_facts(pack_board(parse_cards("7s6hJc6c9h")), 5, row)
        >>> int(row[B_STRAIGHT_COMBOS]), int(row[B_PAIR_RANKS]) == 1 << 4, int(row[B_STREET])
        (2, True, 3)
    """
    once, twice, thrice, four, suit_counts = _rank_and_suit_counts(cards, n)
    pairs, trips = twice & ~thrice, thrice & ~four
    suit_max, flush_suit, twos = _suit_facts(suit_counts)
    pair_set, singles, potential, on_board, nut_top = _straight_structure(once)
    n_singles = _popcount(singles)
    one_card = 2 if n_singles >= 2 else n_singles
    trips_rank, quads_rank = _high_bit(trips), _high_bit(four)
    if n == 3:
        labels = _flop_labels(once, pairs, trips_rank, suit_max)
    else:
        labels = _suit_label(n, suit_max, twos) | _change_labels(cards[n - 1], twice, suit_counts)
        labels |= _structure_labels(n, suit_max, pairs, trips_rank, quads_rank, one_card, on_board)
    out[B_STREET] = n - 2
    out[B_LABELS] = labels
    out[B_SUIT_MAX] = suit_max
    out[B_FLUSH_SUIT] = flush_suit
    out[B_PAIR_RANKS] = pairs
    out[B_TRIPS_RANK] = trips_rank
    out[B_QUADS_RANK] = quads_rank
    out[B_STRAIGHT_COMBOS] = _popcount(pair_set)
    out[B_STRAIGHT_POTENTIAL] = potential
    out[B_ONE_CARD_RANKS] = singles
    out[B_ONE_CARD_STRAIGHT] = one_card
    out[B_STRAIGHT_ON_BOARD] = on_board
    out[B_NUT_STRAIGHT_TOP] = nut_top
    out[B_TOP_RANK] = _high_bit(once)
    out[B_PAIRED] = int(pairs != 0 or trips_rank >= 0 or quads_rank >= 0)
    out[B_DOUBLE_PAIRED] = int(_popcount(pairs) >= 2)
    out[B_FULL_HOUSE] = int(trips_rank >= 0 and pairs != 0)


# ---------------------------------------------------------------- special boards
@kernel
def _set_override(out: Floats, made: int, label: int, attack: float, defense: float) -> None:
    out[H_MADE] = made
    out[H_HAS_OVERRIDE] = 1.0
    out[H_OVERRIDE_LABEL] = label
    out[H_OVERRIDE_ATTACK] = attack
    out[H_OVERRIDE_DEFENSE] = defense


@kernel
def _table_override(out: Floats, made: int, label: int, tables: TextureTables) -> None:
    _set_override(out, made, label, tables.values[label, 0], tables.values[label, 1])


@kernel
def _kicker_tier(out: Floats, family: int, first_label: int, position: int, pot: int, tables: TextureTables) -> None:
    """The kicker tier at ``position`` (1 = the best kicker) of a quads, trips or double-paired board."""
    out[H_KICKER_POSITION] = position
    tiers = tables.kicker_tiers[family]
    if position > tiers:
        _set_override(out, _M_TRASH, first_label + _KICKER_TIERS, 0.0, 0.0)
        return
    label = first_label + position - 1
    attack = tables.values[label, 0]
    defense = tables.values[label, 1]
    if defense < 99:  # a limited budget: shifted by the pot type, not below zero
        shift = tables.kicker_shift[pot]
        attack = max(0.0, attack + shift)
        defense = max(0.0, defense + shift)
    _set_override(out, _M_NUTS_HIGH + position - 1, label, attack, defense)


class _Hole(NamedTuple):
    """The hero's hand on a special board: hole ranks and suits, and rank counts."""

    h0: int
    s0: int
    h1: int
    s1: int
    board: Counts  # the board's
    seen: Counts  # the board's and the hole cards'
    pot: int  # the pot type's index
    flush: tuple[int, int]  # the hand's flush rank and high rank, -1 without a flush


@kernel
def _hole(c0: int, c1: int, cards: Ints, n: int, pot: int, flush_rank: int, flush_high: int) -> _Hole:
    """The :class:`_Hole` of two hole cards on the first ``n`` cards of ``cards``."""
    once, twice, thrice, four, _ = _rank_and_suit_counts(cards, n)
    seen = _add_rank(once, twice, thrice, four, c0 >> 2)
    seen = _add_rank(seen[0], seen[1], seen[2], seen[3], c1 >> 2)
    return _Hole(c0 >> 2, c0 & 3, c1 >> 2, c1 & 3, (once, twice, thrice, four), seen, pot, (flush_rank, flush_high))


@kernel
def _quads_board(hole: _Hole, board_row: Ints, tables: TextureTables, out: Floats) -> None:
    """Quads on the board: the kicker decides."""
    board_mask = hole.board[0]
    mine = max(hole.h0, hole.h1)
    side = _high_bit(board_mask & ~(1 << board_row[B_QUADS_RANK]))  # one side card at most
    if side >= 0 and side >= mine:
        if _rank_position(side, board_mask) == 1:
            _table_override(out, _M_NUTS_HIGH, _O_QUADS_NUT_CHOP, tables)
        else:
            _table_override(out, _M_TRASH, _O_QUADS_PLAYS_BOARD, tables)
        return
    position = _rank_position(mine, board_mask)
    if position == 1:
        _table_override(out, _M_NUTS, _O_QUADS_KICKER, tables)
        out[H_KICKER_POSITION] = 1
    else:
        _kicker_tier(out, _QUADS_FAMILY, _O_QUADS_KICKER, position, hole.pot, tables)


@kernel
def _full_house_board(hole: _Hole, tables: TextureTables, out: Floats) -> None:
    """A full house on the board: quads, a better full house (the best one or not) or the board's."""
    once, twice, thrice, _ = hole.board
    _, all_twice, all_thrice, all_four = hole.seen
    board_trips, board_pair = _best_full_house(twice, thrice)
    trips, pair = _best_full_house(all_twice, all_thrice)
    if all_four != 0:
        label = _O_FH_QUADS
    elif trips >= 0 and board_trips >= 0 and (trips > board_trips or (trips == board_trips and pair > board_pair)):
        best = _full_house_is_best(once, twice, thrice, all_thrice, all_four, trips, pair)
        label = _O_FH_BEST if best else _O_FH_HIGHER
    else:
        label = _O_FH_PLAYS_BOARD
    _table_override(out, _M_NUTS, label, tables)


@kernel
def _full_house_on_paired(hole: _Hole, trips_board: bool, board_row: Ints, tables: TextureTables, out: Floats) -> bool:
    """Quads or a full house on a trips or double-paired board; False where the hand has neither."""
    once, twice, thrice, _ = hole.board
    _, all_twice, all_thrice, all_four = hole.seen
    trips, pair = _best_full_house(all_twice, all_thrice)
    if all_four != 0:
        label = _O_TRIPS_QUADS if trips_board else _O_DP_QUADS
    elif trips < 0:
        return False
    elif _full_house_is_best(once, twice, thrice, all_thrice, all_four, trips, pair):
        label = _O_TRIPS_BEST_FH if trips_board else _O_DP_BEST_FH
    elif not trips_board:
        label = _O_DP_LOWER_FH
    elif trips > board_row[B_TRIPS_RANK] or pair > board_row[B_TRIPS_RANK]:
        label = _O_TRIPS_FH_OVER
    else:
        label = _O_TRIPS_FH_UNDER
    _table_override(out, _M_NUTS, label, tables)
    return True


@kernel
def _paired_board(hole: _Hole, board_row: Ints, tables: TextureTables, out: Floats) -> None:
    """Trips or two pairs on the board: full house, flush, straight, an improved pair or the kicker."""
    trips_board = board_row[B_TRIPS_RANK] >= 0
    if _full_house_on_paired(hole, trips_board, board_row, tables, out):
        return
    once, twice = hole.board[0], hole.board[1]
    mine = max(hole.h0, hole.h1)
    if hole.flush[0] >= 0:
        _table_override(out, _M_FLUSH, _O_TRIPS_FLUSH if trips_board else _O_DP_FLUSH, tables)
        out[H_FLUSH_RANK] = hole.flush[0]
        out[H_FLUSH_HIGH_RANK] = hole.flush[1]
        return
    if _straight_top(hole.seen[0]) > _straight_top(once):
        _table_override(out, _M_STRAIGHT, _O_TRIPS_STRAIGHT if trips_board else _O_DP_STRAIGHT, tables)
        return
    if trips_board:
        _kicker_tier(out, _TRIPS_FAMILY, _O_TRIPS_KICKER, _rank_position(mine, once), hole.pot, tables)
        return
    pairs = board_row[B_PAIR_RANKS]
    low_pair = _high_bit(pairs & -pairs)
    improved = _high_bit(hole.seen[1] & ~twice & ~((2 << low_pair) - 1))
    if improved >= 0:
        _table_override(out, _M_TWO_PAIR, _O_DP_IMPROVED, tables)
        out[H_PAIR_RANK] = improved
        return
    best = max(mine, _high_bit(once & ~twice))
    _kicker_tier(out, _DP_FAMILY, _O_DP_KICKER, _rank_position(best, once), hole.pot, tables)


@kernel
def _flush_board(hole: _Hole, suit: int, tables: TextureTables, out: Floats) -> None:
    """Five cards of one suit on the board: a higher flush of the hero's, or the board's."""
    board_mask = hole.board[0]
    mine = (int(hole.s0 == suit) << hole.h0) | (int(hole.s1 == suit) << hole.h1)  # the hero's ranks of the suit
    high = _high_bit(mine)
    if mine and high > _high_bit(board_mask & -board_mask):
        level = _rank_position(high, board_mask | mine)
        _table_override(out, _M_FLUSH, _O_FLUSH_LEVEL + level - 1, tables)
        out[H_FLUSH_RANK] = level
        out[H_FLUSH_HIGH_RANK] = high
    else:
        _table_override(out, _M_FLUSH, _O_FLUSH_PLAYS_BOARD, tables)


@kernel
def _straight_board(hole: _Hole, board_row: Ints, tables: TextureTables, out: Floats) -> None:
    """Five ranks in a row on the board, no flush for the hero: a higher straight, a nut chop or the board's."""
    mine_top = _straight_top(hole.seen[0])
    shared = _straight_top(hole.board[0])
    nut_top = board_row[B_NUT_STRAIGHT_TOP]
    flushy = board_row[B_SUIT_MAX] >= 3
    if mine_top > shared:
        nut = mine_top == nut_top
        label = _O_STRAIGHT_HIGHER_FLUSH if flushy else _O_STRAIGHT_NUT_HIGHER if nut else _O_STRAIGHT_HIGHER
    else:
        nut = shared == nut_top and not flushy
        label = _O_STRAIGHT_NUT_CHOP if nut else _O_STRAIGHT_PLAYS_BOARD
    _table_override(out, _M_STRAIGHT, label, tables)
    out[H_NUT_STRAIGHT] = int(nut)


@kernel
def _special_board(hole: _Hole, board_row: Ints, tables: TextureTables, out: Floats) -> None:
    """The override of a board that decides the hand (``hand_codes`` status ``SPECIAL``)."""
    if board_row[B_QUADS_RANK] >= 0:
        _quads_board(hole, board_row, tables, out)
    elif board_row[B_FULL_HOUSE]:
        _full_house_board(hole, tables, out)
    elif board_row[B_TRIPS_RANK] >= 0 or board_row[B_DOUBLE_PAIRED]:
        _paired_board(hole, board_row, tables, out)
    elif board_row[B_SUIT_MAX] == 5:
        _flush_board(hole, board_row[B_FLUSH_SUIT], tables, out)
    else:
        _straight_board(hole, board_row, tables, out)


# ---------------------------------------------------------------- the hand
@kernel
def hand_facts(
    c0: int,
    c1: int,
    cards: Ints,
    n: int,
    pot: int,
    with_draw: bool,
    board_row: Ints,
    tables: TextureTables,
    out: Floats,
) -> None:
    """Write the :class:`~pokergym.context.record.HandInfo` of two hole cards on a board into ``out``.

    Args:
        c0: a hole card code.
        c1: the other hole card code (either order).
        cards: card codes, the first ``n`` being the board in the order dealt.
        n: board size: 3, 4 or 5.
        pot: the pot type's index in ``PotType``.
        with_draw: ``True`` for :func:`~pokergym.context.hand.classify_hand`
            (draws on the flop and turn), ``False`` for
            :func:`~pokergym.context.hand.made_hand` (no draw).
        board_row: the :func:`board_facts` row of the board.
        tables: :func:`texture_tables`.
        out: float64 row of :data:`HAND_FIELDS` (see the module docstring).

    The cards are not checked: they must be distinct valid codes.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> cards = pack_board(parse_cards("7s6hJc"))
        >>> row = np.empty(BOARD_FIELDS, dtype=np.int64)
        >>> board_facts(cards, 3, row)
        >>> out = np.empty(HAND_FIELDS)
        >>> hand_facts(*parse_cards("5c4c"), cards, 3, 1, True, row, texture_tables(), out)
        >>> list(DrawClass)[int(out[H_DRAW])], [FEATURE_LABELS[i] for i in range(7) if int(out[H_FEATURES]) >> i & 1]
        (<DrawClass.STRONG_DRAW: 'strong_draw'>, ['oesd', 'bdfd'])
    """
    if c0 > c1:
        c0, c1 = c1, c0
    bits = 0
    for i in range(n):
        c = cards[i]
        bits |= 1 << ((c & 3) * 13 + (c >> 2))
    codes = hand_codes(c0, c1, bits, pot, with_draw and n < 5)
    out[:] = -1.0
    out[H_POCKET_PAIR] = 0.0
    out[H_HAS_OVERRIDE] = 0.0
    out[H_OVERRIDE_ATTACK] = np.nan
    out[H_OVERRIDE_DEFENSE] = np.nan
    out[H_FEATURES] = 0.0
    if codes[0] == SPECIAL:
        out[H_DRAW] = _D_NO_DRAW
        _special_board(_hole(c0, c1, cards, n, pot, codes[9], codes[10]), board_row, tables, out)
        return
    out[H_MADE] = codes[1]
    out[H_DRAW] = codes[2]
    out[H_FEATURES] = codes[3]
    for field in range(H_KICKER_POSITION, H_TWO_PAIR_RANK + 1):  # hand_codes fields 4 .. 14, in the row's order
        out[field] = codes[field + 2]


# ---------------------------------------------------------------- plain-Python packing and decoding
def pack_board(cards: tuple[int, ...] | list[int]) -> Ints:
    """The board as the kernels read it: an int64 array of five codes, unused slots -1.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> pack_board(parse_cards("Ks7d2c")).tolist()
        [47, 21, 0, -1, -1]
    """
    return np.array((*cards, -1, -1, -1, -1, -1)[:5], dtype=np.int64)


_STREETS = {1: Street.FLOP, 2: Street.TURN, 3: Street.RIVER}


def _maybe(value: int) -> int | None:
    return None if value < 0 else value


@cache
def _ranks_down(mask: int) -> tuple[int, ...]:
    return tuple(r for r in range(12, -1, -1) if mask >> r & 1)


@cache
def _labels(mask: int) -> tuple[str, ...]:
    return tuple(name for name, bit in _LABEL_ORDER if mask & bit)


_ONE_CARD_NAMES = (None, "gs", "oe")


def board_info(row: Ints, descriptors: tuple[str, ...] = ()) -> BoardInfo:
    """Decode a :func:`board_facts` row into the :class:`BoardInfo` it stands for (with the given descriptors).

    The labels come in the order :func:`~pokergym.context.board.analyze_board` gives them.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> row = np.empty(BOARD_FIELDS, dtype=np.int64)
        >>> board_facts(pack_board(parse_cards("Ks7d2cAh")), 4, row)
        >>> board_info(row).labels
        ('very_dry', 'scare_high')
    """
    v = row.tolist()
    # Every field, in order (see new_record).
    return new_record(
        BoardInfo,
        (
            _STREETS[v[B_STREET]],
            _labels(v[B_LABELS]),
            descriptors,
            v[B_SUIT_MAX],
            _maybe(v[B_FLUSH_SUIT]),
            _ranks_down(v[B_PAIR_RANKS]),
            _maybe(v[B_TRIPS_RANK]),
            _maybe(v[B_QUADS_RANK]),
            v[B_STRAIGHT_COMBOS],
            bool(v[B_STRAIGHT_POTENTIAL]),
            _ranks_down(v[B_ONE_CARD_RANKS]),
            _ONE_CARD_NAMES[v[B_ONE_CARD_STRAIGHT]],
            bool(v[B_STRAIGHT_ON_BOARD]),
            _maybe(v[B_NUT_STRAIGHT_TOP]),
            v[B_TOP_RANK],
        ),
    )


_SET_LEVELS = ("top", "middle", "bottom")


def hand_info(out: Floats) -> HandInfo:
    """Decode a :func:`hand_facts` row into the :class:`HandInfo` it stands for.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> cards = pack_board(parse_cards("Kh7d2c"))
        >>> row = np.empty(BOARD_FIELDS, dtype=np.int64)
        >>> board_facts(cards, 3, row)
        >>> out = np.empty(HAND_FIELDS)
        >>> hand_facts(*parse_cards("KsQd"), cards, 3, 1, True, row, texture_tables(), out)
        >>> h = hand_info(out)
        >>> h.made, h.kicker_position, h.pair_level
        (<MadeClass.TOP_PAIR: 'top_pair'>, 2, 0)
    """
    values = out.tolist()
    v = [-1 if x != x else int(x) for x in values]  # NaN reads as -1
    override = None
    if v[H_HAS_OVERRIDE]:
        override = BoardOverride(
            OVERRIDE_LABELS[v[H_OVERRIDE_LABEL]], values[H_OVERRIDE_ATTACK], values[H_OVERRIDE_DEFENSE]
        )
    # Every field, in order (see new_record).
    return new_record(
        HandInfo,
        (
            _MADE[v[H_MADE]],
            _DRAW[v[H_DRAW]],
            _maybe(v[H_KICKER_POSITION]),
            _maybe(v[H_KICKER_RANK]),
            _maybe(v[H_PAIR_LEVEL]),
            _maybe(v[H_PAIR_RANK]),
            bool(v[H_POCKET_PAIR]),
            _maybe(v[H_FLUSH_RANK]),
            _maybe(v[H_FLUSH_HIGH_RANK]),
            _maybe(v[H_STRAIGHT_CARDS]),
            None if v[H_NUT_STRAIGHT] < 0 else bool(v[H_NUT_STRAIGHT]),
            None if v[H_SET_LEVEL] < 0 else _SET_LEVELS[v[H_SET_LEVEL]],
            _maybe(v[H_TWO_PAIR_RANK]),
            override,
            _features(v[H_FEATURES]),
        ),
    )


@cache
def _features(bits: int) -> tuple[str, ...]:
    return tuple(name for i, name in enumerate(FEATURE_LABELS) if bits >> i & 1)


_TABLES = texture_tables()  # a module global: compiled into hand_facts_of as a constant


@kernel
def hand_facts_of(
    c0: int, c1: int, cards: Ints, n: int, pot: int, with_draw: bool,
    board_row: Ints, out: Floats,
) -> None:  # fmt: skip
    """:func:`hand_facts` with the override tables built in: how Python calls it (see :mod:`pokergym.context`)."""
    hand_facts(c0, c1, cards, n, pot, with_draw, board_row, _TABLES, out)


_BUDGET = budget_tables()  # a module global: compiled into row_budget_args as a constant


@kernel
def row_budget_args(hand: Floats, board: Ints, pot: int) -> tuple[BudgetFacts, BudgetTables]:
    """The budget kernels' ``(facts, tables)`` of a :func:`hand_facts` and a :func:`board_facts` row."""
    facts = BudgetFacts(
        int(hand[H_MADE]),
        int(hand[H_DRAW]),
        int(hand[H_KICKER_POSITION]),
        int(hand[H_KICKER_RANK]),
        int(hand[H_PAIR_LEVEL]),
        int(hand[H_PAIR_RANK]),
        hand[H_POCKET_PAIR] != 0.0,
        int(hand[H_FLUSH_RANK]),
        int(hand[H_FLUSH_HIGH_RANK]),
        int(hand[H_STRAIGHT_CARDS]),
        int(hand[H_NUT_STRAIGHT]),
        int(hand[H_TWO_PAIR_RANK]),
        hand[H_HAS_OVERRIDE] != 0.0,
        hand[H_OVERRIDE_ATTACK],
        hand[H_OVERRIDE_DEFENSE],
        board[B_STREET],
        board[B_SUIT_MAX],
        board[B_PAIRED] != 0,
        board[B_ONE_CARD_STRAIGHT],
        board[B_STRAIGHT_COMBOS],
        pot,
    )
    return facts, _BUDGET
