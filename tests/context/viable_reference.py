"""Viable options as first written in Python: the frozen reference of the viable-options kernel.

This is ``pokergym/context/viable.py`` as it stood before the compiled kernel
(:mod:`pokergym.context._viable_kernel`) became the one implementation; the
rules are documented there. The differential tests compare the kernel's
decoded options with it; a rule change goes to the kernel, and here only when
the tests should pin the new behaviour.
"""

from __future__ import annotations

from functools import lru_cache

from budget_reference import low_spr_threshold, trap_offset

from pokergym.context.line import Line
from pokergym.context.record import (
    UNLIMITED,
    BoardInfo,
    Budget,
    DrawClass,
    HandInfo,
    MadeClass,
    OptionKind,
    PotType,
    Role,
    ViableOption,
)
from pokergym.context.sizing import GEOMETRIC_MAX, geometric_fraction
from pokergym.context.tables import table
from pokergym.engine.actions import Street
from pokergym.engine.state import LegalActions

# Enum members as module constants: Python 3.11 reaches ``Enum.MEMBER`` through a slow descriptor.
_D_MEDIUM_STRONG_DRAW = DrawClass.MEDIUM_STRONG_DRAW
_D_NO_DRAW = DrawClass.NO_DRAW
_D_STRONG_DRAW = DrawClass.STRONG_DRAW
_K_ALL_IN = OptionKind.ALL_IN
_K_BET = OptionKind.BET
_K_CALL = OptionKind.CALL
_K_CHECK = OptionKind.CHECK
_K_FOLD = OptionKind.FOLD
_K_RAISE = OptionKind.RAISE
_M_NUTS_HIGH = MadeClass.NUTS_HIGH
_M_SECOND_HIGH = MadeClass.SECOND_HIGH
_M_TRASH = MadeClass.TRASH
_M_TRIPS = MadeClass.TRIPS
_M_WEAK_SHOWDOWN = MadeClass.WEAK_SHOWDOWN
_POT_FIVE_BET_PLUS = PotType.FIVE_BET_PLUS
_POT_FOUR_BET = PotType.FOUR_BET
_ROLE_AGGRESSOR = Role.AGGRESSOR
_ROLE_DEFENDER = Role.DEFENDER
_ROLE_NORMAL = Role.NORMAL
_STREET_FLOP = Street.FLOP
_STREET_RIVER = Street.RIVER
_STREET_TURN = Street.TURN

__all__ = ["viable_options"]

_TEN = 8
_EIGHT = 6
_VALUE = 0.88
_STAB = 0.58
_PROBE = 0.18
_FUZZ = 0.12
_CHECK = ViableOption("CHECK", _K_CHECK)
_CALL = ViableOption("CALL", _K_CALL)
_FOLD = ViableOption("FOLD", _K_FOLD)
_AGGRESSIVE = frozenset({_K_BET, _K_RAISE, _K_ALL_IN})
_NO_SHOWDOWN = frozenset({_M_TRASH})
_DRAW_LED = frozenset({_M_TRASH, _M_NUTS_HIGH, _M_SECOND_HIGH, _M_WEAK_SHOWDOWN})


# Options are immutable and few: build each once (``typed`` keeps 1 and 1.0 apart).
@lru_cache(maxsize=256, typed=True)
def _bet(label: str, fraction: float, note: str = "") -> ViableOption:
    return ViableOption(label, _K_BET, fraction, note)


@lru_cache(maxsize=256, typed=True)
def _raise(label: str, fraction: float, note: str = "") -> ViableOption:
    return ViableOption(label, _K_RAISE, fraction, note)


def viable_options(
    *,
    legal: LegalActions | None,
    board_cards: tuple[int, ...],
    board: BoardInfo,
    hand: HandInfo,
    budget: Budget,
    line: Line,
    hero: int,
    ip: bool,
    spr: float,
    stack_after_call: int,
    pot_after_call: int,
) -> tuple[ViableOption, ...]:
    """The viable options of a postflop decision, best first.

    Args:
        legal: the hero's legal actions (``None`` when the hero does not act).
        board_cards: the board in the order dealt.
        board: its texture.
        hand: the hero's hand classes.
        budget: the decision's budgets.
        line: the betting line.
        hero: the hero's seat.
        ip: whether the hero is in position.
        spr: stack-to-pot ratio.
        stack_after_call: chips behind after calling (the whole stack when not facing a bet).
        pot_after_call: the pot after calling.

    Returns:
        The options; empty when ``legal`` is ``None``.
    """
    if legal is None:
        return ()
    street = board.street
    if line.facing_pct is None or legal.call_amount == 0:
        options = _not_facing(board_cards, board, hand, budget, line, hero, ip, spr, stack_after_call, pot_after_call)
    else:
        options = _facing(legal, board, hand, budget, line, ip, spr, street, pot_after_call)
    return _legalize(options, legal)


def _legalize(options: list[ViableOption], legal: LegalActions) -> tuple[ViableOption, ...]:
    can_raise, can_check, can_call = legal.can_raise, legal.can_check, legal.can_call
    kept: list[ViableOption] = []
    seen: list[str] = []
    for option in options:
        kind = option.kind
        if kind in _AGGRESSIVE:
            if not can_raise:
                continue
        elif kind == _K_CHECK:
            if not can_check:
                continue
        elif not can_call:  # a call or a fold
            continue
        if option.label not in seen:
            seen.append(option.label)
            kept.append(option)
    if not kept:
        kept.append(_CHECK if can_check else _CALL)
    return tuple(kept)


def _polarized(note: str, stack: int, pot: int, street: Street, att: float = 0.0) -> ViableOption:
    fraction = 0.75
    streets_left = 4 - street
    if note == "value" and att >= streets_left:
        geometric = geometric_fraction(stack, pot, streets_left)
        if 0.6 <= geometric <= GEOMETRIC_MAX:
            fraction = round(geometric, 2)
    return _bet("POLARIZED BET", fraction, note)


def _not_facing(
    cards: tuple[int, ...],
    board: BoardInfo,
    hand: HandInfo,
    budget: Budget,
    line: Line,
    hero: int,
    ip: bool,
    spr: float,
    stack: int,
    pot: int,
) -> list[ViableOption]:
    street = board.street
    att = budget.attack_remaining
    role = line.role
    made = hand.made
    if street == _STREET_FLOP and role == _ROLE_AGGRESSOR:
        return _cbet(board, line.pot_type, ip, att)
    if not ip and role == _ROLE_DEFENDER:
        options = [_CHECK]
        if street == _STREET_RIVER and att >= _VALUE and made not in _NO_SHOWDOWN:
            options.insert(0, _polarized("value", stack, pot, street, att))
        if _donk_board(cards, board):
            options.append(_bet("DONK BET", 0.15))
        return options
    if street == _STREET_TURN and role == _ROLE_AGGRESSOR:
        if made not in _NO_SHOWDOWN and att >= _VALUE:
            return [_polarized("value", stack, pot, street, att), _CHECK]
        return [_CHECK]
    if street == _STREET_RIVER:
        return _river(made, att, ip, spr, stack, pot)
    if ip:
        draw_led = hand.draw != _D_NO_DRAW and made in _DRAW_LED
        if draw_led and att >= _VALUE:
            large = hand.draw in (_D_STRONG_DRAW, _D_MEDIUM_STRONG_DRAW)
            return [_bet("SEMI-BLUFF LARGE", 0.75) if large else _bet("SEMI-BLUFF SMALL", 0.30), _CHECK]
        if att >= _VALUE:
            return [_polarized("value", stack, pot, street, att), _CHECK]
        if att >= _STAB:
            delayed = street == _STREET_TURN and role == _ROLE_NORMAL and line.initiative == hero
            return [_bet("DELAY C-BET", 0.30) if delayed else _bet("STAB", 0.25), _CHECK]
        return [_CHECK]
    if street == _STREET_TURN and role == _ROLE_NORMAL and att >= _PROBE:
        if made not in _NO_SHOWDOWN and att >= _VALUE:
            return [_polarized("value", stack, pot, street, att), _bet("PROBE BET", 0.25), _CHECK]
        return [_bet("PROBE BET", 0.25), _CHECK]
    return [_CHECK]


def _cbet(board: BoardInfo, pot_type: PotType, ip: bool, att: float) -> list[ViableOption]:
    add_check = att < 0.5
    if pot_type in (_POT_FOUR_BET, _POT_FIVE_BET_PLUS):
        size = 0.15
    elif board.top_rank >= _TEN or board.paired or "monotone" in board.labels:
        size = 0.25
    elif not ip and "wet" in board.labels:
        return [_CHECK]
    else:
        size = 0.65
        add_check = True
    options = [_bet("C-BET", size)]
    if add_check:
        options.append(_CHECK)
    return options


def _donk_board(cards: tuple[int, ...], board: BoardInfo) -> bool:
    if board.street == _STREET_FLOP:
        return not board.paired and board.top_rank <= _EIGHT
    new = cards[-1] >> 2
    before = [c >> 2 for c in cards[:-1]]
    pairs_low = new in before and new < max(before)
    return pairs_low or (board.double_paired and new in before)


def _river(made: MadeClass, att: float, ip: bool, spr: float, stack: int, pot: int) -> list[ViableOption]:
    if made in _NO_SHOWDOWN:
        options = [_polarized("bluff", stack, pot, _STREET_RIVER)]
        if not ip:
            options.append(_bet("BLOCK BET", 0.25))
        options.append(_CHECK)
    elif att >= _VALUE:
        options = [_polarized("value", stack, pot, _STREET_RIVER, att)]
        if ip:
            options.append(_bet("MEDIUM BET", 0.60))
        options.append(_CHECK)
    elif ip:
        return [_CHECK, _bet("MEDIUM BET", 0.60)] if att >= _STAB else [_CHECK]
    else:
        return [_bet("BLOCK BET", 0.25), _CHECK] if att >= _PROBE else [_CHECK]
    if spr < 2.0:
        options.insert(1, ViableOption("BET ALL-IN", _K_ALL_IN))
    return options


def _call_answer(def_rem: float, pct: float, weight: float) -> list[ViableOption]:
    if pct < 75.0:
        threshold = pct / 100.0 + 0.01
        if def_rem >= threshold + _FUZZ:
            return [_CALL]
        if def_rem >= threshold:
            return [_CALL, _FOLD]
    else:
        threshold = weight
        if def_rem >= threshold + 0.5:
            return [_CALL]
        if def_rem >= threshold:
            return [_CALL, _FOLD]
    if def_rem >= threshold - _FUZZ:
        return [_FOLD, _CALL]
    return [_FOLD]


def _score(options: list[ViableOption]) -> int:
    first = options[0].kind
    if first in (_K_RAISE, _K_ALL_IN):
        return 3
    if first == _K_CALL:
        return 2
    return 1 if any(o.kind == _K_CALL for o in options) else 0


def _facing(
    legal: LegalActions,
    board: BoardInfo,
    hand: HandInfo,
    budget: Budget,
    line: Line,
    ip: bool,
    spr: float,
    street: Street,
    pot_after_call: int,
) -> list[ViableOption]:
    pct = line.facing_pct if line.facing_pct is not None else 0.0
    made = hand.made
    att = budget.attack_remaining
    if made in _NO_SHOWDOWN:
        if street == _STREET_RIVER and line.facing_weight <= 0.5:
            made_answer = [_FOLD, _raise("RAISE BLUFF", 0.75, "bluff")]
        else:
            made_answer = [_FOLD]
    else:
        made_answer = _made_facing(budget, line, ip, spr, street, pct)
        if (
            street == _STREET_FLOP
            and not ip
            and line.role == _ROLE_DEFENDER
            and board.paired
            and (made == _M_TRIPS or (hand.draw != _D_NO_DRAW and not hand.draw.is_overcard))
            and att > 0
        ):
            made_answer = [_raise("RAISE SMALL", 0.33)]
    if hand.draw == _D_NO_DRAW or street == _STREET_RIVER:
        return made_answer
    draw_answer = _draw_facing(legal, hand.draw, line, ip, street, pct, pot_after_call)
    return draw_answer if _score(draw_answer) > _score(made_answer) else made_answer


def _made_facing(budget: Budget, line: Line, ip: bool, spr: float, street: Street, pct: float) -> list[ViableOption]:
    att = budget.attack_remaining
    answer = _call_answer(budget.defense_remaining, pct, line.facing_weight)
    threshold = low_spr_threshold(street, spr)
    if threshold is not None and att >= threshold and budget.attack > 0:
        all_in = ViableOption("RAISE (all-in)", _K_ALL_IN)
        if att >= threshold + trap_offset(not ip):
            return [_CALL, all_in]
        return [all_in, _CALL]
    checked_first = not ip and line.street_bets == 1
    if budget.attack >= UNLIMITED:
        return [_raise("CHECK-RAISE" if checked_first else "RAISE", 0.75, "value"), _CALL]
    if street == _STREET_RIVER:
        if att >= 1.0:
            return [_raise("RAISE", 0.75, "value"), _CALL]
        if att >= 0.75:
            return [_CALL, _raise("RAISE", 0.75, "value")]
        if att >= 0.63:
            return [_CALL, _raise("RAISE SMALL", 0.33, "value")]
        return answer
    if street == _STREET_FLOP:
        need = (2.89 if pct >= 100.0 else 2.39) if ip else 2.89
    else:
        need = (1.89 if pct >= 100.0 else 1.39) if ip else 1.89
    if att < need:
        return answer
    label = "CHECK-RAISE" if checked_first else "RAISE"
    raise_option = _raise(label, 0.75, "value")
    if not ip or pct <= 50.0:
        return [raise_option, _CALL]
    return [_CALL, raise_option]


def _draw_facing(
    legal: LegalActions,
    draw: DrawClass,
    line: Line,
    ip: bool,
    street: Street,
    pct: float,
    pot_after_call: int,
) -> list[ViableOption]:
    data = table("draws")
    if not legal.can_raise:
        equity = float(data["all_in_equity"][draw][street - 1])
        odds = legal.call_amount / pot_after_call if pot_after_call else 1.0
        return [_CALL] if equity >= odds else [_FOLD]
    column = (0 if street == _STREET_FLOP else 2) + (0 if ip else 1) + (4 if line.facing_raise else 0)
    limit = float(data["limits"][draw][column])
    if pct <= limit:
        return [_CALL, _raise("SEMI-BLUFF RAISE", 0.75, "bluff")]
    if pct <= limit * float(data["near_factor"]):
        return [_FOLD, _CALL, _raise("POLARIZE RAISE", 1.0, "bluff")]
    return [_FOLD]
