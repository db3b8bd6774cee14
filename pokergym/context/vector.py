"""The PokerSkill feature vector: a :class:`~pokergym.context.Context` as ``float32`` numbers.

:func:`skill_vector` encodes a context as a vector of :data:`N_FEATURES`
entries; :data:`FEATURE_NAMES` names every index and :data:`FEATURE_LOW` /
:data:`FEATURE_HIGH` bound them. The blocks, in order:

==============================  ======  ===========================================================
names                           size    meaning
==============================  ======  ===========================================================
``is_ip``                       1       the seat has the button (in position after the flop)
``pot_<type>``                  5       one-hot pot type: limp, srp, 3bp, 4bp, 5bp+
``role_<role>``                 3       one-hot role: aggressor, defender, normal
``initiative_self/opp``         2       who holds the betting initiative (both 0: nobody yet)
``preflop_<spot>``              12      one-hot preflop spot (preflop, when the seat acts)
``made_<class>``                15      one-hot made-hand class (postflop)
``draw_<class>``                9       one-hot draw class, ``draw_no_draw`` included (postflop)
``board_<label>``               19      texture labels of the street (multi-hot)
``board_flush_possible`` ..     5       three of a suit, four of a suit, two-card straights / 10,
                                        straight potential, paired board
``special_board``               1       a special board set the budget
``kicker_position``             1       kicker position / 13 (0 without a kicker)
``pair_level``                  1       unpaired board ranks above the pair / 6 (0 without a pair)
``scenario_<id>``               60      one-hot action-line scenario (postflop)
``attack_base`` ..              6       attack/defense base, final and remaining, clipped to
                                        [-10, 10] and divided by 10
``attack/defense_unlimited``    2       the budget is unlimited (the nuts)
``facing``                      1       a bet is faced
``facing_pct``                  1       its size in pots (percent / 100), clipped to [0, 10]
``facing_weight``               1       its pressure weight (0 to 4)
``weighted_total/hero``         2       weighted postflop bets of both players / of the seat, clipped to [0, 20]
``spr``                         1       SPR / (1 + SPR)
``low_spr``                     1       a low-SPR raise threshold applies
``low_spr_threshold``           1       that threshold (0 to 3)
``value_tier``                  1       value baseline tier / 5 (0 when none)
``slow_play_<verdict>``         4       one-hot slow-play verdict (all 0 when it does not apply)
``viable_<label>``              21      the viable options offered (multi-hot)
``first_<kind>``                6       one-hot engine action of the first (best) option
``first_fraction``              1       its pot fraction, clipped to [0, 2] (0 without a size)
==============================  ======  ===========================================================

Every entry lies in its bounds. Preflop, the postflop blocks are zero; a
seat that is not to act has no viable options. :mod:`pokergym.context.compiled`
computes the same vector straight from a view (or a compiled table) in one
compiled call; this module's encoder is its reference.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import TypeVar

import numpy as np

from .preflop import PreflopScenario
from .record import (
    UNLIMITED,
    BoardInfo,
    Budget,
    Context,
    DrawClass,
    HandInfo,
    MadeClass,
    OptionKind,
    Position,
    PotType,
    Role,
    Scenario,
    SlowPlay,
)
from .skills import BOARD_LABELS

__all__ = ["FEATURE_HIGH", "FEATURE_LOW", "FEATURE_NAMES", "N_FEATURES", "VIABLE_LABELS", "skill_vector"]

VIABLE_LABELS = (
    "C-BET",
    "STAB",
    "PROBE BET",
    "DELAY C-BET",
    "BLOCK BET",
    "DONK BET",
    "MEDIUM BET",
    "POLARIZED BET",
    "SEMI-BLUFF LARGE",
    "SEMI-BLUFF SMALL",
    "BET ALL-IN",
    "RAISE",
    "RAISE SMALL",
    "CHECK-RAISE",
    "POLARIZE RAISE",
    "SEMI-BLUFF RAISE",
    "RAISE BLUFF",
    "RAISE (all-in)",
    "CALL",
    "FOLD",
    "CHECK",
)
"""Every viable-option label the context engine produces."""

_BOARD_NAMES = tuple(dict.fromkeys(label for labels in BOARD_LABELS.values() for label in labels))
_BUDGETS = ("attack_base", "defense_base", "attack", "defense", "attack_remaining", "defense_remaining")
_BUDGET_CLIP = 10.0
_PCT_CLIP = 10.0
_WEIGHT_MAX = 4.0
_WEIGHTED_CLIP = 20.0
_THRESHOLD_MAX = 3.0
_FRACTION_CLIP = 2.0
_K = TypeVar("_K")
_names: list[str] = []
_bounds: list[tuple[float, float]] = []


def _slug(label: str) -> str:
    return label.lower().replace(" (all-in)", "_all_in").replace(" ", "_").replace("-", "_")


def _add(*names: str, low: float = 0.0, high: float = 1.0) -> int:
    """Append features bounded by ``[low, high]`` to the layout; return the index of the first."""
    _names.extend(names)
    _bounds.extend((low, high) for _ in names)
    return len(_names) - len(names)


def _one_hot(prefix: str, keys: Iterable[_K], slug: Callable[[_K], str] = str) -> dict[_K, int]:
    """Append one 0/1 feature ``<prefix>_<slug>`` per key to the layout; return each key's index."""
    return {key: _add(f"{prefix}_{slug(key)}") for key in keys}


# The layout, in the order of the module docstring's table
_add("is_ip")
_POT = _one_hot("pot", PotType, lambda p: p.value.replace("+", "_plus"))
_ROLE = _one_hot("role", Role)
_INITIATIVE_SELF = _add("initiative_self")
_INITIATIVE_OPP = _add("initiative_opp")
_PREFLOP = _one_hot("preflop", [s.value for s in PreflopScenario])
_MADE = _one_hot("made", MadeClass)
_DRAW = _one_hot("draw", DrawClass)
_BOARD = _one_hot("board", _BOARD_NAMES)
_FLUSH_POSSIBLE = _add("board_flush_possible")
_ONE_CARD_FLUSH = _add("board_one_card_flush")
_STRAIGHT_COMBOS = _add("board_straight_combos")
_STRAIGHT_POTENTIAL = _add("board_straight_potential")
_IS_PAIRED = _add("board_is_paired")
_SPECIAL_BOARD = _add("special_board")
_KICKER_POSITION = _add("kicker_position")
_PAIR_LEVEL = _add("pair_level")
_SCENARIO = _one_hot("scenario", Scenario, lambda s: s.value.replace("-", "_"))
_BUDGET_INDEX = _add(*_BUDGETS, low=-1.0)
_ATTACK_UNLIMITED = _add("attack_unlimited")
_DEFENSE_UNLIMITED = _add("defense_unlimited")
_FACING = _add("facing")
_FACING_PCT = _add("facing_pct", high=_PCT_CLIP)
_FACING_WEIGHT = _add("facing_weight", high=_WEIGHT_MAX)
_WEIGHTED_TOTAL = _add("weighted_total", high=_WEIGHTED_CLIP)
_WEIGHTED_HERO = _add("weighted_hero", high=_WEIGHTED_CLIP)
_SPR = _add("spr")
_LOW_SPR = _add("low_spr")
_LOW_SPR_THRESHOLD = _add("low_spr_threshold", high=_THRESHOLD_MAX)
_VALUE_TIER = _add("value_tier")
_SLOW = _one_hot("slow_play", SlowPlay)
_VIABLE = _one_hot("viable", VIABLE_LABELS, _slug)
_FIRST = _one_hot("first", OptionKind)
_FIRST_FRACTION = _add("first_fraction", high=_FRACTION_CLIP)

FEATURE_NAMES = tuple(_names)
"""Name of every index of the vector (see the module docstring)."""
FEATURE_LOW = np.array([low for low, _ in _bounds], dtype=np.float32)
FEATURE_HIGH = np.array([high for _, high in _bounds], dtype=np.float32)
FEATURE_LOW.flags.writeable = False
FEATURE_HIGH.flags.writeable = False
N_FEATURES = len(FEATURE_NAMES)
"""Length of the vector."""
_BUDGET_VALUES = attrgetter(*_BUDGETS)
_IP = Position.IP  # a module constant: Python 3.11 reaches Enum.MEMBER through a slow descriptor
# An all-zero float32 buffer: each vector starts as a copy of it, is filled
# item by item (far cheaper on an array.array than on a numpy array), and is
# handed out as a numpy view of the copy.
_ZEROS = array("f", bytes(4 * N_FEATURES))
_FLOAT32 = np.dtype(np.float32)  # a dtype object: frombuffer parses a type on every call


def _clip(x: float, low: float, high: float) -> float:
    return low if x < low else high if x > high else x


def skill_vector(ctx: Context) -> np.ndarray:
    """Encode a context as the wrapper's ``float32`` vector (see the module docstring).

    Example:
        >>> from pokergym.context import analyze
        >>> from pokergym.engine import HandState
        >>> ctx = analyze(HandState.new(deck=tuple(range(9)), button=0).view(0))
        >>> v = skill_vector(ctx)
        >>> [FEATURE_NAMES[i] for i in np.flatnonzero(v)]
        ['is_ip', 'pot_limp', 'role_defender', 'preflop_btn_first', 'spr']
    """
    v = _ZEROS[:]
    if ctx.position == _IP:
        v[0] = 1.0
    v[_POT[ctx.pot_type]] = 1.0
    v[_ROLE[ctx.role]] = 1.0
    initiative = ctx.initiative
    if initiative is not None:
        v[_INITIATIVE_SELF if initiative == ctx.seat else _INITIATIVE_OPP] = 1.0
    if ctx.preflop_scenario is not None:
        v[_PREFLOP[ctx.preflop_scenario]] = 1.0
    if ctx.hand is not None:
        _hand_items(v, ctx.hand)
    if ctx.board is not None:
        _board_items(v, ctx.board)
    if ctx.scenario is not None:
        v[_SCENARIO[ctx.scenario]] = 1.0
    if ctx.budget is not None:
        _budget_items(v, ctx.budget)
    _pressure_items(v, ctx)
    if ctx.value_tier is not None:
        v[_VALUE_TIER] = ctx.value_tier / 5.0
    if ctx.slow_play is not None:
        v[_SLOW[ctx.slow_play]] = 1.0
    viable = ctx.viable
    if viable:
        for option in viable:
            v[_VIABLE[option.label]] = 1.0
        first = viable[0]
        v[_FIRST[first.kind]] = 1.0
        if first.fraction is not None:
            v[_FIRST_FRACTION] = _clip(first.fraction, 0.0, _FRACTION_CLIP)
    return np.frombuffer(v, _FLOAT32)


def _hand_items(v: array[float], hand: HandInfo) -> None:
    """The hand's items: made and draw class, special board, kicker position, pair level."""
    v[_MADE[hand.made]] = 1.0
    v[_DRAW[hand.draw]] = 1.0
    if hand.override is not None:
        v[_SPECIAL_BOARD] = 1.0
    if hand.kicker_position is not None:
        v[_KICKER_POSITION] = min(hand.kicker_position, 13) / 13.0
    if hand.pair_level is not None:
        v[_PAIR_LEVEL] = min(hand.pair_level, 6) / 6.0


def _board_items(v: array[float], board: BoardInfo) -> None:
    """The board's items: labels, flush and straight possibilities, pairing."""
    for label in board.labels:
        v[_BOARD[label]] = 1.0
    suit_max = board.suit_max
    v[_FLUSH_POSSIBLE] = float(suit_max >= 3)
    v[_ONE_CARD_FLUSH] = float(suit_max >= 4)
    v[_STRAIGHT_COMBOS] = min(board.straight_combos, 10) / 10.0
    v[_STRAIGHT_POTENTIAL] = float(board.straight_potential)
    v[_IS_PAIRED] = float(board.paired)


def _budget_items(v: array[float], budget: Budget) -> None:
    """The six budget numbers (clipped and scaled) and the unlimited flags."""
    for offset, x in enumerate(_BUDGET_VALUES(budget)):
        v[_BUDGET_INDEX + offset] = _clip(x, -_BUDGET_CLIP, _BUDGET_CLIP) / _BUDGET_CLIP
    v[_ATTACK_UNLIMITED] = float(budget.attack >= UNLIMITED)
    v[_DEFENSE_UNLIMITED] = float(budget.defense >= UNLIMITED)


def _pressure_items(v: array[float], ctx: Context) -> None:
    """The bet faced, the weighted pressure, the SPR and the low-SPR threshold."""
    if ctx.facing_pct is not None:
        v[_FACING] = 1.0
        v[_FACING_PCT] = _clip(ctx.facing_pct / 100.0, 0.0, _PCT_CLIP)
        v[_FACING_WEIGHT] = _clip(ctx.facing_weight, 0.0, _WEIGHT_MAX)
    v[_WEIGHTED_TOTAL] = _clip(ctx.weighted_total, 0.0, _WEIGHTED_CLIP)
    v[_WEIGHTED_HERO] = _clip(ctx.weighted_hero, 0.0, _WEIGHTED_CLIP)
    spr = ctx.spr
    v[_SPR] = spr / (1.0 + spr)
    if ctx.low_spr_threshold is not None:
        v[_LOW_SPR] = 1.0
        v[_LOW_SPR_THRESHOLD] = _clip(ctx.low_spr_threshold, 0.0, _THRESHOLD_MAX)
