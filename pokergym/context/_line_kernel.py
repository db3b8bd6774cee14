"""Numba kernels behind :func:`pokergym.context.line.read_line` and :func:`pokergym.context.preflop.detect_scenario`.

Both kernels read a hand's public history as the compiled table logs it
(:mod:`pokergym.envs.kernel`): an ``int64`` array with one row per action and
the columns of :class:`~pokergym.engine.ActionRecord`, in order
``street, seat, kind, to, added, all_in`` (``street`` 0 preflop .. 3 river,
``kind`` the :class:`~pokergym.engine.ActionKind` value: 0 fold, 1 check,
2 call, 3 bet, 4 raise; ``all_in`` 0 or 1). Only the first ``n`` rows are
read, so the composed kernel passes ``compiled.log[0]`` and the state row's
``LOGGED`` column as they are; :func:`history_array` builds the same array
from an engine history (``PlayerView.history``).

:func:`read_line` returns the fields of :class:`~pokergym.context.line.Line`
in order as a :class:`LineFacts` named tuple, but ``weights``: they go to an
output array, their count to the last field, ``n_weights``. ``pot_type``,
``role`` and ``scenario`` are their index in ``PotType``, ``Role`` and
``Scenario`` (declaration order); -1 stands for a ``None`` initiative or
scenario, NaN for a ``None`` ``facing_pct``; the weighted sums are unrounded.

:func:`preflop_spot` returns the index of the spot in
:class:`~pokergym.context.preflop.PreflopScenario` (declaration order,
``btn_first`` 0 .. ``deep_default`` 11).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from itertools import chain
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from pokergym._jit import kernel
from pokergym.engine.actions import ActionKind, ActionRecord

from .preflop import _BY_RAISES, _FACING_ALL_IN, PreflopScenario
from .pressure import river_check_raise_factor, weight_steps
from .record import PotType, Role, Scenario

__all__ = ["LineFacts", "PressureTables", "history_array", "line_of", "preflop_spot", "pressure_tables", "read_line"]

Int64s = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

_FIELDS = len(ActionRecord._fields)
_CHECK, _BET, _RAISE = int(ActionKind.CHECK), int(ActionKind.BET), int(ActionKind.RAISE)
_END = -1  # the kind of the end marker that closes the streets before the current one
_FIVE_BET_PLUS = list(PotType).index(PotType.FIVE_BET_PLUS)
_AGGRESSOR, _DEFENDER, _NORMAL = (list(Role).index(r) for r in (Role.AGGRESSOR, Role.DEFENDER, Role.NORMAL))

# The shape of a finished postflop street (line._shape): X, H, V, HR, VR, 3B.
_X, _H, _V, _HR, _VR, _3B = 0, 1, 2, 3, 4, 5


def _ids(*names: str) -> tuple[int, ...]:
    """The :class:`~pokergym.context.Scenario` indices of scenario names."""
    return tuple(list(Scenario).index(Scenario(name)) for name in names)


# A street's scenario by the hero's side, in the order (out of position, OOP facing a bet, in position,
# IP facing a bet); the flop's by whether the hero holds the initiative, the turn's by the flop's shape.
_FLOP_TREE = (_ids("F-D3", "F-D4", "F-D1", "F-D2"), _ids("F-A2", "F-D4", "F-A1", "F-A3"))
_TURN_TREE = (
    _ids("T-N2", "T-N3", "T-N1", "T-N3"),  # X
    _ids("T-A2", "T-A3", "T-A1", "T-A3"),  # H
    _ids("T-D3", "T-D4", "T-D1", "T-D2"),  # V
    _ids("T-CR1", "T-CR3", "T-CR2", "T-CR3"),  # HR
    _ids("T-VR3", "T-VR4", "T-VR1", "T-VR2"),  # VR
    _ids("T-3B1", "T-3B1", "T-3B1", "T-3B1"),  # 3B
)
_F_R2, _F_R3, _T_TR1, _T_TR2, _T_TR3 = _ids("F-R2", "F-R3", "T-TR1", "T-TR2", "T-TR3")
_R_3B1, _R_TR1, _R_TR2, _R_TR3 = _ids("R-3B1", "R-TR1", "R-TR2", "R-TR3")
_R_CR1, _R_CR2, _R_CR3, _R_CR4, _R_VCR1, _R_VCR2, _R_VCR3 = _ids(
    "R-CR1", "R-CR2", "R-CR3", "R-CR4", "R-VCR1", "R-VCR2", "R-VCR3"
)
# The single-bet river families by their first member; member k (1-based) is the first's index + k - 1.
_R_AA, _R_BC, _R_CB, _R_NN, _R_DD, _R_DM = _ids("R-AA1", "R-BC1", "R-CB1", "R-NN1", "R-DD1", "R-DM1")
_RIVER_FAMILY = ((_R_NN, _R_CB, _R_DM), (_R_BC, _R_AA, _R_DM), (_R_DM, _R_CB, _R_DD))  # by flop, turn: X, H, V
_FAMILY_MEMBER = (1, 2, 0, 2)  # the member (less one) by side: OOP, OOP facing, IP, IP facing
_DD_MEMBER = (2, 3, 0, 1)  # R-DD: IP before OOP

_ALL_IN = 5  # the column of the spot table for a seat facing an all-in; columns 0 .. 4 are raises faced


def _spot_table() -> Int64s:
    """The spot indices of :mod:`~pokergym.context.preflop`'s tables, by raises faced (0 .. 4), then facing an all-in.

    One row per pot origin and seat, at ``2 * opened + button``; ``deep_default`` where no spot applies.
    """
    spots = list(PreflopScenario)
    table = np.full((4, _ALL_IN + 1), spots.index(PreflopScenario.deep_default), np.int64)
    for (opened, button), by_raises in _BY_RAISES.items():
        row = 2 * opened + button
        for raises, spot in by_raises.items():
            table[row, raises] = spots.index(spot)
        table[row, _ALL_IN] = spots.index(_FACING_ALL_IN[opened, button])
    return table


_SPOTS = _spot_table()
_BTN_FIRST = list(PreflopScenario).index(PreflopScenario.btn_first)
_DEEP_DEFAULT = list(PreflopScenario).index(PreflopScenario.deep_default)


class LineFacts(NamedTuple):
    """What :func:`read_line` returns: the fields of a ``Line``, encoded as the module docstring says."""

    pot_type: int
    preflop_raises: int
    initiative: int
    role: int
    scenario: int
    pot: int
    weighted_total: float
    weighted_hero: float
    facing_pct: float
    facing_weight: float
    facing_raise: bool
    street_bets: int
    n_weights: int


class PressureTables(NamedTuple):
    """The pressure table of :mod:`pokergym.context.pressure` as arrays.

    Attributes:
        thresholds: ``float64 (k,)``, the bet sizes (percent of the pot) where the weight steps up.
        weights: ``float64 (k + 1,)``, the weight of a bet whose ``bisect_right`` index in
            ``thresholds`` is ``i`` (the last entry: at and above the last threshold).
        river_check_raise: ``float64 (1,)``, the factor of a river check-raise.
    """

    thresholds: Floats
    weights: Floats
    river_check_raise: Floats


@cache
def pressure_tables() -> PressureTables:
    """Build :class:`PressureTables` from ``data/pressure.json`` (plain Python).

    Example:
        >>> t = pressure_tables()
        >>> t.thresholds.shape, t.weights.shape, t.weights[[0, -1]].tolist(), t.river_check_raise.tolist()
        ((47,), (48,), [0.04, 4.0], [1.5])
    """
    thresholds, steps, above = weight_steps()
    weights = [steps[i] if i < len(steps) else above for i in range(len(thresholds) + 1)]
    return PressureTables(
        np.array(thresholds, np.float64), np.array(weights, np.float64), np.array([river_check_raise_factor()])
    )


def history_array(history: Sequence[ActionRecord]) -> Int64s:
    """An engine history as the compiled table's action log: ``int64 (len(history), 6)`` (plain Python).

    Example:
        >>> from pokergym.engine import HandState
        >>> s = HandState.new(deck=tuple(range(9)), button=0)
        >>> s.raise_to(250); s.call(); s.check()
        >>> history_array(s.view(0).history).tolist()
        [[0, 0, 4, 250, 200, 0], [0, 1, 2, 250, 150, 0], [1, 1, 1, 0, 0, 0]]
    """
    return np.fromiter(chain.from_iterable(history), np.int64, _FIELDS * len(history)).reshape(len(history), _FIELDS)


@kernel
def _weight_index(thresholds: Floats, pct: float) -> int:
    """``bisect.bisect_right(thresholds, pct)``."""
    return int(np.searchsorted(thresholds, pct, side="right"))


@kernel
def _shape(bets: int, first: int, second: int, hero: int) -> int:
    """A finished street's shape from its number of bets and raises and who made the first two."""
    if bets == 0:
        return _X
    if bets == 1:
        return _H if first == hero else _V
    if bets == 2:
        return _HR if second == hero else _VR
    return _3B


@kernel
def _side(ip: bool, facing: bool) -> int:
    """The column of a scenario tree: out of position, OOP facing a bet, in position, IP facing a bet."""
    return 2 * int(ip) + int(facing)


@kernel
def _river(ip: bool, flop: int, turn: int, facing: bool) -> int:
    if flop == _3B or turn == _3B:
        return _R_3B1
    if turn == _HR:
        return _R_TR1
    if turn == _VR:
        return _R_TR3 if facing else _R_TR2
    if flop == _HR:
        if turn == _H:  # the hero's raise line continued
            return _R_CR2 if facing else _R_CR1
        return _R_CR4 if facing else _R_CR3
    if flop == _VR:
        if facing:
            return _R_VCR3
        return _R_VCR1 if ip else _R_VCR2
    # single bets: flop and turn are each X, H or V
    family = _RIVER_FAMILY[flop][turn]
    return family + (_DD_MEMBER if family == _R_DD else _FAMILY_MEMBER)[_side(ip, facing)]


@kernel
def _record(log: Int64s, i: int, n: int, current_street: int) -> tuple[int, int, int, int, int]:
    """Row ``i`` of the log as ``(street, seat, kind, to, added)``; row ``n`` is the end marker.

    The end marker belongs to the current street: it closes the streets before it and adds nothing.
    """
    if i < n:
        return log[i, 0], log[i, 1], log[i, 2], log[i, 3], log[i, 4]
    return current_street, -1, _END, 0, 0


@kernel
def _bet_weight(
    street: int, street_pot: int, previous: int, to: int, river_check_raise: bool, tables: PressureTables
) -> tuple[float, float]:
    """A bet or raise to ``to`` as ``(percent of the pot, pressure weight)`` (:mod:`pokergym.context.pressure`).

    ``river_check_raise``: the bettor checked earlier on this street and raises now (only the river weighs it).
    """
    base = street_pot + 2 * previous
    pct = (to - previous) / base * 100.0 if base > 0 else 100.0
    weight = tables.weights[_weight_index(tables.thresholds, pct)]
    if street == 3 and previous and river_check_raise:
        weight *= tables.river_check_raise[0]
    return pct, weight


@kernel
def _scenario(
    current_street: int, bets: int, second: int, hero: int, hero_checked_first: bool, ip: bool,
    hero_initiative: bool, flop_shape: int, turn_shape: int, faced: bool,
) -> int:  # fmt: skip
    """The scenario index of the current street (``-1`` preflop); ``bets`` and ``second`` are its own."""
    if current_street == 0:
        return -1
    if current_street == 3:
        return _river(ip, flop_shape, turn_shape, faced)
    side = _side(ip, faced)
    if current_street == 1:
        if bets >= 2:
            return _F_R3 if bets >= 3 else _F_R2
        return _FLOP_TREE[int(hero_initiative)][side]
    if bets >= 3:
        hero_check_raised = hero_checked_first and second == hero
        return _T_TR1 if hero_check_raised and bets == 3 else _T_TR3
    if bets == 2:
        return _T_TR2
    return _TURN_TREE[flop_shape][side]


@kernel
def _walk(
    log: Int64s, n: int, hero: int, button: int, current_street: int, facing: bool, blinds: int,
    tables: PressureTables, weights_out: Floats,
) -> LineFacts:  # fmt: skip
    """:func:`read_line`: one pass over the log (the records come in street order), then the scenario and role.

    A street is closed when the first record of a later one arrives; the end marker closes the streets
    before the current one. ``bets``, ``second`` and ``hero_checked_first`` are those of the current street.
    """
    street_pot, raises, initiative, n_weights = blinds, 0, -1, 0
    weighted_total = hero_total = facing_weight = 0.0
    facing_pct = math.nan
    faced = lost = hero_checked_first = False  # faced: facing_pct holds a bet
    flop_shape = turn_shape = _X
    # The postflop street being read: its bets and raises (count, first two and last bettors),
    # chips added, last bet, and the seats that checked (bit mask).
    street = bets = added = previous = checked = 0
    first = second = last = -1
    for i in range(n + 1):
        record_street, seat, kind, to, chips = _record(log, i, n, current_street)
        if record_street == 0:
            street_pot += chips
            if kind in (_BET, _RAISE):
                raises += 1
                initiative = seat
            continue
        while street < record_street:  # close the streets before this record's
            if street:
                lost = bets == 0
                initiative = last if bets else initiative
                street_pot += added
                flop_shape = _shape(bets, first, second, hero) if street == 1 else flop_shape
                turn_shape = _shape(bets, first, second, hero) if street == 2 else turn_shape
                bets = added = previous = checked = 0
                first = second = last = -1
            elif initiative < 0:
                initiative = button
            street += 1
            hero_checked_first = seat == hero and kind == _CHECK
        added += chips
        if kind == _CHECK:
            checked |= 1 << seat
        elif kind in (_BET, _RAISE):
            pct, weight = _bet_weight(street, street_pot, previous, to, (checked >> seat) & 1 == 1, tables)
            weights_out[n_weights] = weight
            n_weights += 1
            weighted_total += weight
            faced = seat != hero
            facing_pct, facing_weight = (pct, weight) if faced else (math.nan, 0.0)
            if seat == hero:
                hero_total += weight
            previous = to
            first = seat if bets == 0 else first
            second = seat if bets == 1 else second
            last = seat
            bets += 1
    if not facing:
        facing_pct, facing_weight = math.nan, 0.0
    faced = faced and facing
    postflop = current_street > 0
    scenario = _scenario(current_street, bets, second, hero, hero_checked_first, hero == button, initiative == hero,
                         flop_shape, turn_shape, faced)  # fmt: skip
    # normal once a finished street went check-check with no bet since, else who holds the initiative
    role = _NORMAL if lost else _AGGRESSOR if initiative == hero else _DEFENDER
    return LineFacts(
        min(raises, _FIVE_BET_PLUS),
        raises,
        initiative,
        role,
        scenario,
        street_pot,
        weighted_total,
        hero_total,
        facing_pct,
        facing_weight,
        postflop and bets >= 2 and faced,
        bets if postflop else 0,
        n_weights,
    )


@kernel
def read_line(
    log: Int64s, n: int, hero: int, button: int, current_street: int, facing: bool, blinds: int,
    tables: PressureTables, weights_out: Floats,
) -> LineFacts:  # fmt: skip
    """The :class:`~pokergym.context.line.Line` of a history as :class:`LineFacts` (see the module docstring).

    Args: ``log`` (rows ``street, seat, kind, to, added, all_in``) and ``n``, the rows in use;
    ``hero``, the seat reading the line; ``button``; ``current_street``, the view's (0 .. 3);
    ``facing``, whether the hero must call (``legal is not None and legal.call_amount > 0``);
    ``blinds``, ``min(small_blind, stacks[button]) + min(big_blind, stacks[1 - button])``;
    ``tables``, :func:`pressure_tables`; ``weights_out``, ``float64`` of at least ``n`` entries.

    Example:
        >>> from pokergym.engine import HandState
        >>> s = HandState.new(deck=tuple(range(9)), button=0)
        >>> s.raise_to(250); s.call(); s.check(); s.raise_to(300)
        >>> w = np.empty(4)
        >>> line = read_line(history_array(s.history), len(s.history), 1, 0, 1, True, 150, pressure_tables(), w)
        >>> [int(x) for x in line[:4]], list(Scenario)[line.scenario].value, int(line.pot)
        ([1, 1, 0, 1], 'F-D4', 500)
        >>> [float(x) for x in line[6:10]]
        [0.8, 0.0, 60.0, 0.8]
        >>> bool(line.facing_raise), int(line.street_bets), w[: line.n_weights].tolist()
        (False, 1, [0.8])
    """
    return _walk(log, n, hero, button, current_street, facing, blinds, tables, weights_out)


@kernel
def preflop_spot(log: Int64s, n: int, is_button: bool, can_call: bool, can_raise: bool) -> int:
    """The preflop spot of the seat to act, as :func:`~pokergym.context.preflop.detect_scenario` names it.

    Only meaningful for a preflop decision of the seat (``detect_scenario``
    raises otherwise; the caller checks that), so it always returns a spot.

    Args:
        log: the action log (rows ``street, seat, kind, to, added, all_in``).
        n: the rows in use.
        is_button: whether the seat to act has the button.
        can_call: ``legal.can_call`` of the seat.
        can_raise: ``legal.can_raise`` of the seat.

    Returns:
        The spot's index in :class:`~pokergym.context.preflop.PreflopScenario`.

    Example:
        >>> from pokergym.engine import HandState
        >>> s = HandState.new(deck=tuple(range(9)), button=0)
        >>> s.call(); s.raise_to(500)
        >>> list(PreflopScenario)[preflop_spot(history_array(s.history), 2, True, True, True)].name
        'btn_limp_vs_raise'
    """
    actions = 0
    raises = 0
    opened = False
    for i in range(n):
        if log[i, 0] != 0:
            continue
        aggressive = log[i, 2] in (_BET, _RAISE)
        if actions == 0:
            opened = aggressive
        actions += 1
        if aggressive:
            raises += 1
    if actions == 0:
        return _BTN_FIRST
    spots = _SPOTS[2 * int(opened) + int(is_button)]
    if can_call and not can_raise:
        return int(spots[_ALL_IN])
    return int(spots[raises]) if raises < _ALL_IN else _DEEP_DEFAULT


_TABLES = pressure_tables()  # a module global: compiled into line_of as a constant


@kernel
def line_of(
    log: Int64s, n: int, hero: int, button: int, current_street: int, facing: bool, blinds: int, weights_out: Floats
) -> LineFacts:
    """:func:`read_line` with the pressure tables built in: how Python calls it (see :mod:`pokergym.context`)."""
    return read_line(log, n, hero, button, current_street, facing, blinds, _TABLES, weights_out)
