"""Attack and defense budgets, value tier and low-SPR thresholds (the slow-play verdict: :mod:`.slow_play`).

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

The rules live in the kernels of :mod:`._budget_kernel`; this module packs a
hand and a board into their ``BudgetFacts`` and decodes their numbers and
notes (:func:`modifier_text`) into a :class:`~pokergym.context.record.Budget`.

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
from collections.abc import Callable
from functools import lru_cache

import numpy as np

from pokergym.engine.actions import Street

from . import _budget_kernel as _k
from ._budget_kernel import SLOW_PLAY_MIN_ATTACK, budget_args
from .record import BoardInfo, Budget, HandInfo, PotType, new_record

__all__ = [
    "SLOW_PLAY_MIN_ATTACK",
    "hand_budget",
    "low_spr_threshold",
    "make_budget",
    "modifier_text",
    "value_tier",
]

_OCS = ("", "gs", "oe")
_TEXTURE = ("none", "three", "four")
_SIZE = ("nut", "big", "small")

_Template = Callable[[float, float], str]
_TEMPLATES: dict[int, _Template] = {
    _k.M_FLUSH_THREE: lambda a, b: f"{'three paired' if a else 'three'} {_SIZE[int(b)]} flush",
    _k.M_FOUR_PAIRED_NUT: lambda a, b: "four-flush paired nut flush",
    _k.M_FLUSH_LEVEL: lambda a, b: f"four-flush flush level {int(a)}",
    _k.M_PAIRED_SHIFT: lambda a, b: f"paired board {a}",
    _k.M_NUT_STRAIGHT_NO_FLUSH: lambda a, b: "nut straight, no flush",
    _k.M_TWO_CARD_STRAIGHT: lambda a, b: f"two-card straight, flush {_TEXTURE[int(a)]}",
    _k.M_ONE_CARD_STRAIGHT: lambda a, b: f"one-card {'low' if a else 'nut'} straight, flush {_TEXTURE[int(b)]}",
    _k.M_SET_FOUR_FLUSH: lambda a, b: "set on a four-flush",
    _k.M_SET_OCS: lambda a, b: f"set, one-card straight {_OCS[int(a)]}",
    _k.M_FLUSH_POSSIBLE_SHIFT: lambda a, b: f"flush possible {a}",
    _k.M_SET_FLUSH_COMBOS: lambda a, b: f"set, flush possible, {int(a)} straight holdings",
    _k.M_SET_CLEAN: lambda a, b: "set on a clean board",
    _k.M_SET_COMBOS: lambda a, b: f"set, {int(a)} straight holdings",
    _k.M_TRIPS_FOUR_FLUSH: lambda a, b: "trips on a four-flush",
    _k.M_TRIPS_OCS: lambda a, b: f"trips, one-card straight {_OCS[int(a)]}",
    _k.M_TRIPS_FLUSH: lambda a, b: f"trips, {'flush possible' if a else 'no flush'}",
    _k.M_TWO_PAIR_FOUR_FLUSH: lambda a, b: "two pair on a four-flush",
    _k.M_TWO_PAIR_OCS: lambda a, b: f"two pair, one-card straight {_OCS[int(a)]}",
    _k.M_TWO_PAIR_RANK_FLUSH: lambda a, b: f"two pair rank {int(a)}, flush possible",
    _k.M_TWO_PAIR_RANK: lambda a, b: f"two pair rank {int(a)}",
    _k.M_STRAIGHT_HOLDINGS: lambda a, b: f"{int(a)} straight holdings {b:+.1f}",
    _k.M_PAIRED_HIGH_TIER: lambda a, b: "paired board high-card tier",
    _k.M_OVERPAIR_FLUSH_CAP: lambda a, b: f"one-card flush: attack 0, defense at most {a}",
    _k.M_ONE_CARD_FLUSH: lambda a, b: f"one-card flush -{a}",
    _k.M_FLUSH_POSSIBLE: lambda a, b: f"flush possible -{a}",
    _k.M_OCS_PENALTY: lambda a, b: f"one-card straight {_OCS[int(a)]} -{b}",
    _k.M_STRAIGHT_POSSIBLE: lambda a, b: f"straight possible -{a}",
    _k.M_PAIRED_PENALTY: lambda a, b: f"paired board -{a}",
    _k.M_PAIRED_HIGH_MULTIPLIER: lambda a, b: f"paired board defense x{a}",
    _k.M_HIGH_DEFENSE_ZERO: lambda a, b: "one-card flush or straight: defense 0",
    _k.M_DRAW_FLOOR: lambda a, b: f"draw floor {a}",
    _k.M_COMBO_DEFENSE: lambda a, b: f"combo defense +{a}",
    _k.M_DRAW_DEFENSE: lambda a, b: f"draw defense {a}",
    _k.M_OUT_OF_POSITION: lambda a, b: f"out of position -{a}",
    _k.M_RIVER_RERAISE: lambda a, b: f"facing a river raise -{a}",
}
"""The words of every modifier note but the override's (which names the hand's override label)."""


@lru_cache(maxsize=1024)
def modifier_text(code: int, a: float, b: float, override: str = "") -> str:
    """The words of one modifier note ``(code, a, b)`` a budget kernel wrote.

    Args:
        code: an ``M_*`` code of :mod:`pokergym.context._budget_kernel`.
        a: the note's first number.
        b: the note's second number.
        override: the hand's override label (read by the override note only).

    Example:
        >>> from pokergym.context import _budget_kernel as k
        >>> modifier_text(k.M_OCS_PENALTY, 2.0, 2.5), modifier_text(k.M_OVERRIDE, 0.0, 0.0, "trips_board_quads")
        ('one-card straight oe -2.5', 'board override trips_board_quads')
    """
    if code == _k.M_OVERRIDE:
        return f"board override {override}"
    return _TEMPLATES[code](a, b)


def _modifiers(mods: np.ndarray, hand: HandInfo) -> tuple[str, ...]:
    """The words of the notes in a modifiers array, in the order the kernel wrote them."""
    notes = mods[1 : 1 + int(mods[0, 0])].tolist()
    label = hand.override.label if hand.override is not None else ""
    return tuple(modifier_text(int(code), a, b, label) for code, a, b in notes)


@lru_cache(maxsize=1 << 14)
def _facts(hand: HandInfo, board: BoardInfo, pot_type: PotType) -> np.ndarray:
    """The kernels' :class:`~pokergym.context._budget_kernel.BudgetFacts` of a hand, as an array (not to be written).

    It stays writeable: numba reads a read-only array's type on a slow path, ten times the call.
    """
    return np.array(budget_args(hand, board, pot_type)[0], dtype=np.float64)


def hand_budget(
    hand: HandInfo, board: BoardInfo, pot_type: PotType
) -> tuple[float, float, float, float, tuple[str, ...]]:
    """Budgets of the hand alone: ``(attack base, defense base, attack, defense, modifiers)``.

    Position, the river re-raise penalty and the line's pressure are applied
    by :func:`make_budget`; this part depends on cards and pot type only.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.context.board import analyze_board
        >>> from pokergym.context.hand import classify_hand
        >>> board = parse_cards("7s6hJc")
        >>> hand = classify_hand(parse_cards("5c4c"), board)
        >>> hand_budget(hand, analyze_board(board), PotType.THREE_BET)
        (0.5, 0.0, 5.0, 2.5, ('draw floor 5.0', 'draw defense 2.5'))
    """
    mods = _k.new_modifiers()
    # In position and facing nothing, a decision's first four budgets are the hand's.
    numbers = _k.make_budget_of(_facts(hand, board, pot_type), False, 0.0, False, 0.0, 0.0, mods)[:4]
    attack_base, defense_base, attack, defense = map(float, numbers)
    return attack_base, defense_base, attack, defense, _modifiers(mods, hand)


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
    mods = _k.new_modifiers()
    decision = (oop, float(spr), facing_raise, float(weighted_total), float(facing_weight))
    numbers = _k.make_budget_of(_facts(hand, board, pot_type), *decision, mods)
    return new_record(Budget, (*map(float, numbers), _modifiers(mods, hand)))


@lru_cache(maxsize=1024)
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
    return int(_k.value_tier(float(weighted_total), _k._POT_INDEX[pot_type]))


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
    threshold = _k.low_spr_threshold(int(street), float(spr))
    return None if math.isnan(threshold) else float(threshold)
