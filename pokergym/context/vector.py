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


def _slug(label: str) -> str:
    return label.lower().replace(" (all-in)", "_all_in").replace(" ", "_").replace("-", "_")


def _layout() -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    entries: list[tuple[str, float, float]] = [("is_ip", 0.0, 1.0)]
    entries += [(f"pot_{p.value.rstrip('+')}{'_plus' if p.value.endswith('+') else ''}", 0.0, 1.0) for p in PotType]
    entries += [(f"role_{r.value}", 0.0, 1.0) for r in Role]
    entries += [("initiative_self", 0.0, 1.0), ("initiative_opp", 0.0, 1.0)]
    entries += [(f"preflop_{s.value}", 0.0, 1.0) for s in PreflopScenario]
    entries += [(f"made_{m.value}", 0.0, 1.0) for m in MadeClass]
    entries += [(f"draw_{d.value}", 0.0, 1.0) for d in DrawClass]
    entries += [(f"board_{label}", 0.0, 1.0) for label in _BOARD_NAMES]
    entries += [
        ("board_flush_possible", 0.0, 1.0),
        ("board_one_card_flush", 0.0, 1.0),
        ("board_straight_combos", 0.0, 1.0),
        ("board_straight_potential", 0.0, 1.0),
        ("board_is_paired", 0.0, 1.0),
        ("special_board", 0.0, 1.0),
        ("kicker_position", 0.0, 1.0),
        ("pair_level", 0.0, 1.0),
    ]
    entries += [(f"scenario_{s.value.replace('-', '_')}", 0.0, 1.0) for s in Scenario]
    entries += [(name, -1.0, 1.0) for name in _BUDGETS]
    entries += [
        ("attack_unlimited", 0.0, 1.0),
        ("defense_unlimited", 0.0, 1.0),
        ("facing", 0.0, 1.0),
        ("facing_pct", 0.0, _PCT_CLIP),
        ("facing_weight", 0.0, _WEIGHT_MAX),
        ("weighted_total", 0.0, _WEIGHTED_CLIP),
        ("weighted_hero", 0.0, _WEIGHTED_CLIP),
        ("spr", 0.0, 1.0),
        ("low_spr", 0.0, 1.0),
        ("low_spr_threshold", 0.0, _THRESHOLD_MAX),
        ("value_tier", 0.0, 1.0),
    ]
    entries += [(f"slow_play_{v.value}", 0.0, 1.0) for v in SlowPlay]
    entries += [(f"viable_{_slug(label)}", 0.0, 1.0) for label in VIABLE_LABELS]
    entries += [(f"first_{k.value}", 0.0, 1.0) for k in OptionKind]
    entries += [("first_fraction", 0.0, _FRACTION_CLIP)]
    names = tuple(name for name, _, _ in entries)
    low = np.array([lo for _, lo, _ in entries], dtype=np.float32)
    high = np.array([hi for _, _, hi in entries], dtype=np.float32)
    return names, low, high


FEATURE_NAMES, FEATURE_LOW, FEATURE_HIGH = _layout()
"""Name of every index of the vector (see the module docstring)."""
FEATURE_LOW.flags.writeable = False
FEATURE_HIGH.flags.writeable = False
N_FEATURES = len(FEATURE_NAMES)
"""Length of the vector."""
_INDEX = {name: i for i, name in enumerate(FEATURE_NAMES)}
_POT = {p: _INDEX[f"pot_{p.value.rstrip('+')}{'_plus' if p.value.endswith('+') else ''}"] for p in PotType}
_ROLE = {r: _INDEX[f"role_{r.value}"] for r in Role}
_PREFLOP = {s.value: _INDEX[f"preflop_{s.value}"] for s in PreflopScenario}
_MADE = {m: _INDEX[f"made_{m.value}"] for m in MadeClass}
_DRAW = {d: _INDEX[f"draw_{d.value}"] for d in DrawClass}
_BOARD = {label: _INDEX[f"board_{label}"] for label in _BOARD_NAMES}
_SCENARIO = {s: _INDEX[f"scenario_{s.value.replace('-', '_')}"] for s in Scenario}
_SLOW = {v: _INDEX[f"slow_play_{v.value}"] for v in SlowPlay}
_VIABLE = {label: _INDEX[f"viable_{_slug(label)}"] for label in VIABLE_LABELS}
_FIRST = {k: _INDEX[f"first_{k.value}"] for k in OptionKind}
_BUDGET_INDEX = _INDEX["attack_base"]
_IP = Position.IP  # a module constant: Python 3.11 reaches Enum.MEMBER through a slow descriptor
_I = _INDEX
_INITIATIVE_SELF = _I["initiative_self"]
_INITIATIVE_OPP = _I["initiative_opp"]
_SPECIAL_BOARD = _I["special_board"]
_KICKER_POSITION = _I["kicker_position"]
_PAIR_LEVEL = _I["pair_level"]
_FLUSH_POSSIBLE = _I["board_flush_possible"]
_ONE_CARD_FLUSH = _I["board_one_card_flush"]
_STRAIGHT_COMBOS = _I["board_straight_combos"]
_STRAIGHT_POTENTIAL = _I["board_straight_potential"]
_IS_PAIRED = _I["board_is_paired"]
_ATTACK_UNLIMITED = _I["attack_unlimited"]
_DEFENSE_UNLIMITED = _I["defense_unlimited"]
_FACING = _I["facing"]
_FACING_PCT = _I["facing_pct"]
_FACING_WEIGHT = _I["facing_weight"]
_WEIGHTED_TOTAL = _I["weighted_total"]
_WEIGHTED_HERO = _I["weighted_hero"]
_SPR = _I["spr"]
_LOW_SPR = _I["low_spr"]
_LOW_SPR_THRESHOLD = _I["low_spr_threshold"]
_VALUE_TIER = _I["value_tier"]
_FIRST_FRACTION = _I["first_fraction"]
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
    values = (
        budget.attack_base,
        budget.defense_base,
        budget.attack,
        budget.defense,
        budget.attack_remaining,
        budget.defense_remaining,
    )
    for offset, x in enumerate(values):
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
