"""The composed kernel: one seat's PokerSkill feature vector from a table's state row, in one compiled call.

:func:`row_features` runs the whole context engine (action line, board
texture, hand class, budgets, slow-play look-ahead, viable options) on the
compiled parts of :mod:`._line_kernel`, :mod:`._texture_kernel`,
:mod:`._budget_kernel`, :mod:`._slow_play_kernel` and :mod:`._viable_kernel`,
and writes what :func:`pokergym.context.vector.skill_vector` would make of
:func:`pokergym.context.analyze`'s record. The tables those parts read are
module globals here, so numba bakes them in as constants.

The input is a state row in the layout of :mod:`pokergym.engine.row_layout`
(a compiled table's own row, or a view packed into one by
:mod:`pokergym.context.compiled`); only the observed seat's hole cards are
read. The feature indices come from :mod:`pokergym.context.vector`, whose
one-hot blocks run in the declaration order of the enums they encode, which
is also how the parts number their outputs.
"""

from __future__ import annotations

import math

import numpy as np

from pokergym._jit import kernel
from pokergym.context import _BOARD_SIZE, vector
from pokergym.context._budget_kernel import (
    MODIFIER_ROWS,
    SLOW_PLAY_MIN_ATTACK,
    low_spr_threshold,
    make_budget,
    value_tier,
)
from pokergym.context._line_kernel import LineFacts, preflop_spot, pressure_tables, read_line
from pokergym.context._slow_play_kernel import look_ahead
from pokergym.context._texture_kernel import (
    B_DOUBLE_PAIRED,
    B_LABELS,
    B_PAIRED,
    B_STRAIGHT_COMBOS,
    B_STRAIGHT_POTENTIAL,
    B_SUIT_MAX,
    B_TOP_RANK,
    BOARD_FIELDS,
    BOARD_NAMES,
    H_DRAW,
    H_HAS_OVERRIDE,
    H_KICKER_POSITION,
    H_MADE,
    H_PAIR_LEVEL,
    HAND_FIELDS,
    board_facts,
    hand_facts,
    row_budget_args,
    texture_tables,
)
from pokergym.context._viable_kernel import MAX_OPTIONS, viable_kernel, viable_tables
from pokergym.context.preflop import PreflopScenario
from pokergym.context.record import UNLIMITED, DrawClass, MadeClass, OptionKind, PotType, Role, Scenario, SlowPlay
from pokergym.engine.row_layout import (
    BUTTON,
    CAN_RAISE,
    CONTRIBUTION,
    DECK,
    LOGGED,
    STACK,
    STREET,
    TO_CALL,
)

__all__ = ["row_features"]

_TEXTURE = texture_tables()
_VIABLE = viable_tables()
_PRESSURE = pressure_tables()


def _run(indices: list[int]) -> int:
    """The first of feature indices that must be consecutive (a one-hot block in its enum's order)."""
    if indices != list(range(indices[0], indices[0] + len(indices))):
        raise AssertionError(f"feature indices {indices} are not one consecutive run")
    return indices[0]


_POT0 = _run([vector._POT[p] for p in PotType])
_ROLE0 = _run([vector._ROLE[r] for r in Role])
_PREFLOP0 = _run([vector._PREFLOP[s.value] for s in PreflopScenario])
_MADE0 = _run([vector._MADE[m] for m in MadeClass])
_DRAW0 = _run([vector._DRAW[d] for d in DrawClass])
_BOARD0 = _run([vector._BOARD[label] for label in BOARD_NAMES])
_SCENARIO0 = _run([vector._SCENARIO[s] for s in Scenario])
_SLOW0 = _run([vector._SLOW[v] for v in SlowPlay])
_VIABLE0 = _run([vector._VIABLE[label] for label in vector.VIABLE_LABELS])
_FIRST0 = _run([vector._FIRST[k] for k in OptionKind])

_BOARD_CARDS = np.array(_BOARD_SIZE, np.int64)
_MONOTONE_BIT = 1 << BOARD_NAMES.index("monotone")
_WET_BIT = 1 << BOARD_NAMES.index("wet")
_N_BOARD_NAMES = len(BOARD_NAMES)
_N_VIABLE = len(vector.VIABLE_LABELS)


@kernel
def _clip(x: float, low: float, high: float) -> float:
    return low if x < low else high if x > high else x


@kernel
def _round4(x: float) -> float:
    """``round(x, 4)`` of a pressure sum: the double nearest the nearest multiple of 1e-4.

    Exact for these sums: every weight has at most two decimals, three after
    the river check-raise factor of 1.5, so ``x`` lies within float noise of
    a multiple of 1e-3 and no tie can occur.
    """
    return float(np.rint(x * 10000.0) / 10000.0)


@kernel
def _hand_and_board_features(out: np.ndarray, hand: np.ndarray, board: np.ndarray, scenario: int) -> None:
    """The made and draw classes, the hand's details, the board's labels and structure, the scenario."""
    out[_MADE0 + int(hand[H_MADE])] = 1.0
    out[_DRAW0 + int(hand[H_DRAW])] = 1.0
    if hand[H_HAS_OVERRIDE] != 0.0:
        out[vector._SPECIAL_BOARD] = 1.0
    if hand[H_KICKER_POSITION] >= 0.0:
        out[vector._KICKER_POSITION] = min(hand[H_KICKER_POSITION], 13.0) / 13.0
    if hand[H_PAIR_LEVEL] >= 0.0:
        out[vector._PAIR_LEVEL] = min(hand[H_PAIR_LEVEL], 6.0) / 6.0
    labels = board[B_LABELS]
    for i in range(_N_BOARD_NAMES):
        if labels >> i & 1:
            out[_BOARD0 + i] = 1.0
    suit_max = board[B_SUIT_MAX]
    out[vector._FLUSH_POSSIBLE] = 1.0 if suit_max >= 3 else 0.0
    out[vector._ONE_CARD_FLUSH] = 1.0 if suit_max >= 4 else 0.0
    out[vector._STRAIGHT_COMBOS] = min(board[B_STRAIGHT_COMBOS], 10) / 10.0
    out[vector._STRAIGHT_POTENTIAL] = float(board[B_STRAIGHT_POTENTIAL])
    out[vector._IS_PAIRED] = float(board[B_PAIRED])
    if scenario >= 0:
        out[_SCENARIO0 + scenario] = 1.0


@kernel
def _pressure_features(
    out: np.ndarray, budget: tuple[float, float, float, float, float, float], line: LineFacts, street: int, spr: float
) -> float:
    """The budgets, the bet faced, the weighted pressure, the low-SPR threshold and the value tier.

    Returns the low-SPR threshold (NaN when the SPR is not low), which the viable options read.
    """
    for k in range(6):
        out[vector._BUDGET_INDEX + k] = _clip(budget[k], -10.0, 10.0) / 10.0
    out[vector._ATTACK_UNLIMITED] = 1.0 if budget[2] >= UNLIMITED else 0.0
    out[vector._DEFENSE_UNLIMITED] = 1.0 if budget[3] >= UNLIMITED else 0.0
    if not math.isnan(line.facing_pct):
        out[vector._FACING] = 1.0
        out[vector._FACING_PCT] = _clip(line.facing_pct / 100.0, 0.0, 10.0)
        out[vector._FACING_WEIGHT] = _clip(line.facing_weight, 0.0, 4.0)
    out[vector._WEIGHTED_TOTAL] = _clip(_round4(line.weighted_total), 0.0, 20.0)
    out[vector._WEIGHTED_HERO] = _clip(_round4(line.weighted_hero), 0.0, 20.0)
    threshold = low_spr_threshold(street, spr)
    if not math.isnan(threshold):
        out[vector._LOW_SPR] = 1.0
        out[vector._LOW_SPR_THRESHOLD] = _clip(threshold, 0.0, 3.0)
    out[vector._VALUE_TIER] = value_tier(line.weighted_total, line.pot_type) / 5.0
    return threshold


@kernel
def row_features(
    out: np.ndarray,
    row: np.ndarray,
    log: np.ndarray,
    seat: int,
    acting: bool,
    small_blind: int,
    big_blind: int,
    start0: int,
    start1: int,
) -> None:
    """Write ``seat``'s feature vector for the hand in ``row`` into ``out`` (see the module docstring).

    Args:
        out: ``float32`` array of :data:`~pokergym.context.vector.N_FEATURES` entries, overwritten.
        row: ``int64`` state row (:mod:`pokergym.engine.row_layout`).
        log: ``int64`` action log, one ``(street, seat, kind, to, added, all-in)`` row per action.
        seat: the observed seat.
        acting: whether the seat's view carries legal actions (its turn).
        small_blind: the small blind of the game.
        big_blind: the big blind.
        start0: seat 0's stack at the start of the hand.
        start1: seat 1's stack at the start of the hand.
    """
    out[:] = 0.0
    button = row[BUTTON]
    street = row[STREET]
    ip = seat == button
    to_call = row[TO_CALL] if acting else 0
    effective = min(row[STACK + seat], row[STACK + 1 - seat] + to_call)
    behind = max(0, effective - to_call)
    pot_after_call = row[CONTRIBUTION] + row[CONTRIBUTION + 1] + to_call
    spr = behind / pot_after_call if pot_after_call > 0 else 0.0
    starts = (start0, start1) if button == 0 else (start1, start0)  # the button's stack first
    blinds = min(small_blind, starts[0]) + min(big_blind, starts[1])
    n_log = row[LOGGED]
    line = read_line(log, n_log, seat, button, street, acting and to_call > 0, blinds, _PRESSURE, np.empty(n_log))
    _position_features(out, ip, line, seat, spr)
    can_raise = row[CAN_RAISE] != 0
    if street == 0:
        if acting:
            spot = preflop_spot(log, n_log, ip, to_call > 0, can_raise)
            if spot >= 0:
                out[_PREFLOP0 + spot] = 1.0
        return
    hole_at = DECK if ip else DECK + 2
    hole0, hole1 = row[hole_at], row[hole_at + 1]
    n = _BOARD_CARDS[street]
    cards = row[DECK + 4 : DECK + 4 + n]
    board = np.empty(BOARD_FIELDS, np.int64)
    board_facts(cards, n, board)
    hand = np.empty(HAND_FIELDS, np.float64)
    hand_facts(hole0, hole1, cards, n, line.pot_type, n < 5, board, _TEXTURE, hand)
    facts, tables = row_budget_args(hand, board, line.pot_type)
    mods = np.zeros((MODIFIER_ROWS, 3))  # the budget's notes, not read here
    budget = make_budget(facts, tables, not ip, spr, line.facing_raise, line.weighted_total, line.facing_weight, mods)
    _hand_and_board_features(out, hand, board, line.scenario)
    threshold = _pressure_features(out, budget, line, street, spr)
    if n < 5 and budget[0] >= SLOW_PLAY_MIN_ATTACK:
        out[_SLOW0 + look_ahead(hole0, hole1, cards, n, line.pot_type, line.weighted_total)] = 1.0
    if acting:
        _viable_features(out, to_call, can_raise, cards, n, street, board, hand, budget, line, seat, ip, spr,
                         threshold, behind, pot_after_call)  # fmt: skip


@kernel
def _position_features(out: np.ndarray, ip: bool, line: LineFacts, seat: int, spr: float) -> None:
    """Position, pot type, role, initiative and SPR: the features of every street."""
    if ip:
        out[0] = 1.0
    out[_POT0 + line.pot_type] = 1.0
    out[_ROLE0 + line.role] = 1.0
    if line.initiative >= 0:
        out[vector._INITIATIVE_SELF if line.initiative == seat else vector._INITIATIVE_OPP] = 1.0
    out[vector._SPR] = spr / (1.0 + spr)


@kernel
def _viable_features(
    out: np.ndarray, to_call: int, can_raise: bool, cards: np.ndarray, n: int, street: int, board: np.ndarray,
    hand: np.ndarray, budget: tuple[float, float, float, float, float, float], line: LineFacts, seat: int, ip: bool,
    spr: float, threshold: float, behind: int, pot_after_call: int,
) -> None:  # fmt: skip
    """The labels of the viable options, and the kind and size of the first one."""
    labels = board[B_LABELS]
    options = np.empty((MAX_OPTIONS, 4), np.float64)
    mask, _, first_kind, first_fraction = viable_kernel(
        True, to_call == 0, to_call > 0, to_call, can_raise, cards, n, street,
        board[B_TOP_RANK], board[B_PAIRED] != 0, board[B_DOUBLE_PAIRED] != 0,
        labels & _MONOTONE_BIT != 0, labels & _WET_BIT != 0, int(hand[H_MADE]), int(hand[H_DRAW]),
        budget[2], budget[4], budget[5], line.pot_type, line.role, line.initiative,
        line.facing_pct, line.facing_weight, line.facing_raise, line.street_bets, seat, ip, spr, threshold,
        behind, pot_after_call, _VIABLE, options,
    )  # fmt: skip
    for i in range(_N_VIABLE):
        if mask >> i & 1:
            out[_VIABLE0 + i] = 1.0
    if first_kind >= 0:
        out[_FIRST0 + first_kind] = 1.0
        if not math.isnan(first_fraction):
            out[vector._FIRST_FRACTION] = _clip(first_fraction, 0.0, 2.0)
