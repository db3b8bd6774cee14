"""The viable options from scalar inputs: the one implementation of the rules of :mod:`pokergym.context.viable`.

:func:`viable_kernel` runs the decision tree that :mod:`pokergym.context.viable`
describes (Python's ``round(x, 2)`` reproduced exactly by
:func:`._budget_kernel.round2`) and writes the options, best first, as rows of
numbers; :func:`pokergym.context.viable.viable_options` decodes them, and the
tests compare both with the frozen Python reference
(``tests/context/viable_reference.py``). The board and hand classes, budgets and line
come in as scalars worked out elsewhere.

Inputs of :func:`viable_kernel` (flags are ``bool``; ``0``/``1`` integers also work):

* ``is_turn``: ``view.legal is not None``; when false nothing else is read.
* ``can_check``, ``can_call``, ``call_amount``, ``can_raise``: the fields of
  :class:`~pokergym.engine.actions.LegalActions` (its raise bounds are not read).
* ``cards``: ``int64`` array whose first ``n_cards`` entries are the board's card
  codes in the order dealt (3, 4 or 5 of them).
* ``street``: ``Street`` as an int, 1 flop .. 3 river.
* ``top_rank``, ``paired``, ``double_paired``: the :class:`~pokergym.context.record.BoardInfo`
  field and properties; ``monotone``, ``wet``: whether ``"monotone"`` / ``"wet"`` is
  in ``BoardInfo.labels``.
* ``made``, ``draw``: index of the hand's ``MadeClass`` / ``DrawClass`` in declaration order.
* ``attack``, ``attack_remaining``, ``defense_remaining``: the :class:`~pokergym.context.record.Budget` fields.
* ``pot_type``, ``role``: index of the line's ``PotType`` / ``Role`` in declaration order.
* ``initiative``: the line's initiative seat, ``-1`` for ``None``.
* ``facing_pct`` (``NaN`` for ``None``), ``facing_weight``, ``facing_raise``,
  ``street_bets``: the :class:`~pokergym.context.line.Line` fields.
* ``hero``: the hero's seat; ``ip``: the hero is in position; ``spr``: the context's SPR.
* ``spr_threshold``: ``low_spr_threshold(street, spr)``, ``NaN`` for ``None``
  (the reference recomputes it from the same two values).
* ``stack_after_call``, ``pot_after_call``: integers as passed to ``viable_options``;
  ``pot_after_call`` must be positive when a value bet may be sized geometrically
  (the kernel raises ``ValueError``, which ``viable_options`` turns into ``ContextError``).
* ``tables``: :func:`viable_tables`.
* ``out``: ``float64`` array of shape ``(>= MAX_OPTIONS, 4)``, overwritten.

Outputs: row ``i < n_options`` of ``out`` is option ``i`` as (index of its label in
:data:`LABELS`, index of its ``OptionKind`` in declaration order (check 0, call 1,
fold 2, bet 3, raise 4, all-in 5), its pot fraction or ``NaN`` without one, index
of its note in :data:`NOTES`); later rows hold scratch values. The kernel returns
``(label_mask, n_options, first_kind, first_fraction)``: bit ``i`` of
``label_mask`` is set when ``LABELS[i]`` is offered, and the kind and fraction of
the first option (``-1`` and ``NaN`` when the hero does not act).
"""

from __future__ import annotations

import math
from enum import StrEnum
from functools import cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from pokergym._jit import kernel
from pokergym.engine.actions import Street

from ._budget_kernel import round2
from .record import UNLIMITED, DrawClass, MadeClass, OptionKind, PotType, Role
from .sizing import GEOMETRIC_MAX
from .tables import table
from .vector import VIABLE_LABELS

__all__ = ["LABELS", "MAX_OPTIONS", "NOTES", "ViableTables", "options_of", "viable_kernel", "viable_tables"]

LABELS = VIABLE_LABELS
"""Every viable-option label; options travel as indices into this tuple."""
NOTES = ("", "value", "bluff")
"""Option notes; options travel with an index into this tuple."""
MAX_OPTIONS = 4
"""Most options one decision lists (a river polarized bet, all-in, a second bet, check)."""

# Label indices, in the order of VIABLE_LABELS.
(
    _C_BET, _STAB_BET, _PROBE_BET, _DELAY_C_BET, _BLOCK_BET, _DONK_BET, _MEDIUM_BET, _POLARIZED_BET,
    _SEMI_BLUFF_LARGE, _SEMI_BLUFF_SMALL, _BET_ALL_IN,
    _RAISE, _RAISE_SMALL, _CHECK_RAISE, _POLARIZE_RAISE, _SEMI_BLUFF_RAISE, _RAISE_BLUFF, _RAISE_ALL_IN,
    _CALL, _FOLD, _CHECK,
) = range(len(LABELS))  # fmt: skip


def _indices(*members: StrEnum) -> tuple[int, ...]:
    """How the kernel encodes enum members: their indices in declaration order."""
    return tuple(list(type(m)).index(m) for m in members)


_K_CHECK, _K_CALL, _K_FOLD, _K_BET, _K_RAISE, _K_ALL_IN = _indices(
    OptionKind.CHECK, OptionKind.CALL, OptionKind.FOLD, OptionKind.BET, OptionKind.RAISE, OptionKind.ALL_IN
)
_LABEL_KIND = (
    *(_K_BET,) * (_BET_ALL_IN - _C_BET),  # C-BET .. SEMI-BLUFF SMALL
    _K_ALL_IN,
    *(_K_RAISE,) * (_RAISE_ALL_IN - _RAISE),  # RAISE .. RAISE BLUFF
    _K_ALL_IN,
    _K_CALL,
    _K_FOLD,
    _K_CHECK,
)
"""The ``OptionKind`` index of every label."""
_NO_NOTE, _NOTE_VALUE, _NOTE_BLUFF = 0, 1, 2

_M_TRIPS, _M_NUTS_HIGH, _M_SECOND_HIGH, _M_WEAK_SHOWDOWN, _M_TRASH = _indices(
    MadeClass.TRIPS, MadeClass.NUTS_HIGH, MadeClass.SECOND_HIGH, MadeClass.WEAK_SHOWDOWN, MadeClass.TRASH
)
_D_STRONG, _D_MEDIUM_STRONG, _D_NO_DRAW = _indices(
    DrawClass.STRONG_DRAW, DrawClass.MEDIUM_STRONG_DRAW, DrawClass.NO_DRAW
)
_OVERCARD = tuple(d.is_overcard for d in DrawClass)
"""Whether each ``DrawClass`` is an overcard draw."""
_POT_FOUR_BET, _POT_FIVE_BET_PLUS = _indices(PotType.FOUR_BET, PotType.FIVE_BET_PLUS)
_ROLE_AGGRESSOR, _ROLE_DEFENDER, _ROLE_NORMAL = _indices(Role.AGGRESSOR, Role.DEFENDER, Role.NORMAL)
_FLOP, _TURN, _RIVER = int(Street.FLOP), int(Street.TURN), int(Street.RIVER)
_TEN = 8  # rank of a ten: a c-bet is small on a board topped by a ten or better
_EIGHT = 6  # rank of an eight: a donk bet needs a flop topped by an eight or lower
_VALUE = 0.88  # remaining attack that bets for value
_STAB = 0.58  # remaining attack that stabs (or bets medium on the river in position)
_PROBE = 0.18  # remaining attack that probes (or blocks on the river out of position)
_FUZZ = 0.12  # width of the band around a call threshold where both answers are listed


class ViableTables(NamedTuple):
    """The ``draws.json`` numbers the kernel reads; rows follow ``DrawClass`` (``no_draw`` left out).

    Attributes:
        limits: ``8 x 8`` largest bet (percent of pot) each draw class continues
            against; columns flop IP, flop OOP, turn IP, turn OOP, then the same
            four facing a raise.
        near_factor: one entry: how far past its limit a draw still answers
            (fold, call or polarize raise).
        all_in_equity: ``8 x 2`` flop and turn equity compared with the pot odds
            when calling ends the betting.
    """

    limits: npt.NDArray[np.float64]
    near_factor: npt.NDArray[np.float64]
    all_in_equity: npt.NDArray[np.float64]


@cache
def viable_tables() -> ViableTables:
    """The kernel's tables, read from ``draws.json``.

    Example:
        >>> t = viable_tables()
        >>> t.limits.shape, float(t.near_factor[0]), float(t.all_in_equity[0, 1])
        ((8, 8), 1.3, 0.33)
    """
    data = table("draws")
    draws = list(DrawClass)[:_D_NO_DRAW]
    return ViableTables(
        limits=np.array([[float(x) for x in data["limits"][d]] for d in draws], dtype=np.float64),
        near_factor=np.array([float(data["near_factor"])], dtype=np.float64),
        all_in_equity=np.array([[float(x) for x in data["all_in_equity"][d]] for d in draws], dtype=np.float64),
    )


class _Spot(NamedTuple):
    """The scalar inputs of :func:`viable_kernel` that the rules read, named as in the module docstring but six.

    ``att`` and ``def_rem`` are ``attack_remaining`` and ``defense_remaining``, ``pct`` and ``weight`` are
    ``facing_pct`` and ``facing_weight``, ``stack`` and ``pot`` are ``stack_after_call`` and ``pot_after_call``.
    """

    street: int
    top_rank: int
    paired: bool
    double_paired: bool
    monotone: bool
    wet: bool
    made: int
    draw: int
    attack: float
    att: float
    def_rem: float
    pot_type: int
    role: int
    initiative: int
    pct: float
    weight: float
    facing_raise: bool
    street_bets: int
    hero: int
    ip: bool
    spr: float
    spr_threshold: float
    can_raise: bool
    call_amount: int
    stack: int
    pot: int


@kernel
def _put(out: npt.NDArray[np.float64], i: int, label: int, fraction: float, note: int) -> int:
    """Write option ``label`` in row ``i`` of ``out``; return the next row."""
    out[i, 0] = label
    out[i, 1] = _LABEL_KIND[label]
    out[i, 2] = fraction
    out[i, 3] = note
    return i + 1


@kernel
def _bare(out: npt.NDArray[np.float64], i: int, label: int) -> int:
    """Write option ``label``, without a size or a note, in row ``i`` of ``out``; return the next row."""
    return _put(out, i, label, np.nan, _NO_NOTE)


@kernel
def _polarized(out: npt.NDArray[np.float64], i: int, note: int, s: _Spot) -> int:
    """A POLARIZED BET of 75%, or of the rounded geometric size for value that can last the streets left."""
    fraction = 0.75
    streets_left = 4 - s.street
    if note == _NOTE_VALUE and s.att >= streets_left:
        if s.pot <= 0:
            raise ValueError("geometric sizing needs a positive pot")
        geometric = ((s.stack + s.pot) / s.pot) ** (1.0 / streets_left) - 1.0
        if 0.6 <= geometric <= GEOMETRIC_MAX:
            fraction = round2(geometric)
    return _put(out, i, _POLARIZED_BET, fraction, note)


@kernel
def _value_bet(out: npt.NDArray[np.float64], s: _Spot) -> int:
    """A value POLARIZED BET in row 0 for a made hand with the attack left for it; return the next row."""
    if s.made != _M_TRASH and s.att >= _VALUE:
        return _polarized(out, 0, _NOTE_VALUE, s)
    return 0


@kernel
def _donk_board(cards: npt.NDArray[np.int64], n_cards: int, s: _Spot) -> bool:
    """Unpaired low flop, or a new card that pairs a lower board card or double-pairs the board."""
    if s.street == _FLOP:
        return not s.paired and s.top_rank <= _EIGHT
    new = cards[n_cards - 1] >> 2
    seen = False
    highest = -1
    for k in range(n_cards - 1):
        rank = cards[k] >> 2
        seen = seen or rank == new
        highest = max(highest, rank)
    return (seen and new < highest) or (s.double_paired and seen)


@kernel
def _cbet(out: npt.NDArray[np.float64], s: _Spot) -> int:
    """The flop c-bet of the preflop raiser; return the number of options."""
    add_check = s.att < 0.5
    if s.pot_type in (_POT_FOUR_BET, _POT_FIVE_BET_PLUS):
        size = 0.15
    elif s.top_rank >= _TEN or s.paired or s.monotone:
        size = 0.25
    elif not s.ip and s.wet:
        return _bare(out, 0, _CHECK)
    else:
        size = 0.65
        add_check = True
    n = _put(out, 0, _C_BET, size, _NO_NOTE)
    return _bare(out, n, _CHECK) if add_check else n


@kernel
def _river(out: npt.NDArray[np.float64], s: _Spot) -> int:
    """Not facing a bet on the river with the initiative lost or held in position."""
    if s.made == _M_TRASH or s.att >= _VALUE:  # a bluff with no made hand, else for value
        value = s.made != _M_TRASH
        n = _polarized(out, 0, _NOTE_VALUE if value else _NOTE_BLUFF, s)
        if s.spr < 2.0:
            n = _bare(out, n, _BET_ALL_IN)
        if value and s.ip:
            n = _put(out, n, _MEDIUM_BET, 0.60, _NO_NOTE)
        elif not value and not s.ip:
            n = _put(out, n, _BLOCK_BET, 0.25, _NO_NOTE)
        return _bare(out, n, _CHECK)
    if s.ip:
        n = _bare(out, 0, _CHECK)
        return _put(out, n, _MEDIUM_BET, 0.60, _NO_NOTE) if s.att >= _STAB else n
    if s.att >= _PROBE:
        return _bare(out, _put(out, 0, _BLOCK_BET, 0.25, _NO_NOTE), _CHECK)
    return _bare(out, 0, _CHECK)


@kernel
def _bet_in_position(out: npt.NDArray[np.float64], s: _Spot) -> int:
    """The bet in position on the flop or turn, before CHECK: a semi-bluff, for value or a stab (or none)."""
    if s.att >= _VALUE:
        if s.draw == _D_NO_DRAW or s.made not in (_M_TRASH, _M_NUTS_HIGH, _M_SECOND_HIGH, _M_WEAK_SHOWDOWN):
            return _polarized(out, 0, _NOTE_VALUE, s)
        if s.draw in (_D_STRONG, _D_MEDIUM_STRONG):
            return _put(out, 0, _SEMI_BLUFF_LARGE, 0.75, _NO_NOTE)
        return _put(out, 0, _SEMI_BLUFF_SMALL, 0.30, _NO_NOTE)
    if s.att < _STAB:
        return 0
    if s.street == _TURN and s.role == _ROLE_NORMAL and s.initiative == s.hero:
        return _put(out, 0, _DELAY_C_BET, 0.30, _NO_NOTE)
    return _put(out, 0, _STAB_BET, 0.25, _NO_NOTE)


@kernel
def _not_facing(out: npt.NDArray[np.float64], cards: npt.NDArray[np.int64], n_cards: int, s: _Spot) -> int:
    """The options when no bet is faced, before legalising; return their number."""
    if s.street == _FLOP and s.role == _ROLE_AGGRESSOR:
        return _cbet(out, s)
    if not s.ip and s.role == _ROLE_DEFENDER:
        n = _bare(out, _value_bet(out, s) if s.street == _RIVER else 0, _CHECK)
        return _put(out, n, _DONK_BET, 0.15, _NO_NOTE) if _donk_board(cards, n_cards, s) else n
    if s.street == _TURN and s.role == _ROLE_AGGRESSOR:
        return _bare(out, _value_bet(out, s), _CHECK)
    if s.street == _RIVER:
        return _river(out, s)
    if s.ip:
        return _bare(out, _bet_in_position(out, s), _CHECK)
    if s.street == _TURN and s.role == _ROLE_NORMAL and s.att >= _PROBE:
        n = _put(out, _value_bet(out, s), _PROBE_BET, 0.25, _NO_NOTE)
        return _bare(out, n, _CHECK)
    return _bare(out, 0, _CHECK)


@kernel
def _call_answer(out: npt.NDArray[np.float64], s: _Spot) -> int:
    """CALL and FOLD by the remaining defense against the bet's size; return the number of options."""
    # the threshold: below 75% pot the bet's size as a fraction (+0.01), from 75% its weight (wider sure calls)
    threshold, sure = (s.pct / 100.0 + 0.01, _FUZZ) if s.pct < 75.0 else (s.weight, 0.5)
    if s.def_rem >= threshold + sure:
        return _bare(out, 0, _CALL)
    if s.def_rem >= threshold:
        return _bare(out, _bare(out, 0, _CALL), _FOLD)
    if s.def_rem >= threshold - _FUZZ:
        return _bare(out, _bare(out, 0, _FOLD), _CALL)
    return _bare(out, 0, _FOLD)


@kernel
def _raise_then_call(out: npt.NDArray[np.float64], label: int, fraction: float, note: int) -> int:
    return _bare(out, _put(out, 0, label, fraction, note), _CALL)


@kernel
def _call_then_raise(out: npt.NDArray[np.float64], label: int, fraction: float, note: int) -> int:
    return _put(out, _bare(out, 0, _CALL), label, fraction, note)


@kernel
def _made_facing(out: npt.NDArray[np.float64], s: _Spot) -> int:
    """The made hand's answer to a bet; return the number of options."""
    att = s.att
    if att >= s.spr_threshold and s.attack > 0:  # false when the threshold is NaN
        if att >= s.spr_threshold + (1.0 if s.ip else 2.0):  # trap_offset(not ip)
            return _call_then_raise(out, _RAISE_ALL_IN, np.nan, _NO_NOTE)
        return _raise_then_call(out, _RAISE_ALL_IN, np.nan, _NO_NOTE)
    raise_label = _CHECK_RAISE if not s.ip and s.street_bets == 1 else _RAISE  # after checking first
    if s.attack >= UNLIMITED:
        return _raise_then_call(out, raise_label, 0.75, _NOTE_VALUE)
    if s.street == _RIVER:
        if att >= 1.0:
            return _raise_then_call(out, _RAISE, 0.75, _NOTE_VALUE)
        if att >= 0.75:
            return _call_then_raise(out, _RAISE, 0.75, _NOTE_VALUE)
        if att >= 0.63:
            return _call_then_raise(out, _RAISE_SMALL, 0.33, _NOTE_VALUE)
        return _call_answer(out, s)
    if s.street == _FLOP:
        need = (2.89 if s.pct >= 100.0 else 2.39) if s.ip else 2.89
    else:
        need = (1.89 if s.pct >= 100.0 else 1.39) if s.ip else 1.89
    if att < need:
        return _call_answer(out, s)
    if not s.ip or s.pct <= 50.0:
        return _raise_then_call(out, raise_label, 0.75, _NOTE_VALUE)
    return _call_then_raise(out, raise_label, 0.75, _NOTE_VALUE)


@kernel
def _draw_answer(s: _Spot, tables: ViableTables) -> int:
    """The draw's answer to a bet: 0 [FOLD], 1 [CALL], 2 [CALL, SEMI-BLUFF RAISE], 3 [FOLD, CALL, POLARIZE RAISE]."""
    if not s.can_raise:
        equity = tables.all_in_equity[s.draw, s.street - 1]
        odds = s.call_amount / s.pot if s.pot else 1.0
        return 1 if equity >= odds else 0
    column = (0 if s.street == _FLOP else 2) + (0 if s.ip else 1) + (4 if s.facing_raise else 0)
    limit = tables.limits[s.draw, column]
    if s.pct <= limit:
        return 2
    if s.pct <= limit * tables.near_factor[0]:
        return 3
    return 0


@kernel
def _facing(out: npt.NDArray[np.float64], s: _Spot, tables: ViableTables) -> int:
    """The options when facing a bet, before legalising; return their number."""
    if s.made == _M_TRASH:
        n = _bare(out, 0, _FOLD)
        if s.street == _RIVER and s.weight <= 0.5:
            n = _put(out, n, _RAISE_BLUFF, 0.75, _NOTE_BLUFF)
    elif (
        s.street == _FLOP
        and not s.ip
        and s.role == _ROLE_DEFENDER
        and s.paired
        and (s.made == _M_TRIPS or (s.draw != _D_NO_DRAW and not _OVERCARD[s.draw]))
        and s.att > 0
    ):
        n = _put(out, 0, _RAISE_SMALL, 0.33, _NO_NOTE)
    else:
        n = _made_facing(out, s)
    if s.draw == _D_NO_DRAW or s.street == _RIVER:
        return n
    # _score of viable_reference.py: 3 raise or all-in first, 2 call first, 1 a call later, else 0
    first = int(out[0, 1])
    made_score = 3 if first in (_K_RAISE, _K_ALL_IN) else 2 if first == _K_CALL else 0
    for k in range(1, n):
        if made_score == 0 and int(out[k, 1]) == _K_CALL:
            made_score = 1
    answer = _draw_answer(s, tables)
    draw_score = 0 if answer == 0 else 1 if answer == 3 else 2
    if draw_score <= made_score:
        return n
    if answer == 1:
        return _bare(out, 0, _CALL)
    if answer == 2:
        return _call_then_raise(out, _SEMI_BLUFF_RAISE, 0.75, _NOTE_BLUFF)
    return _put(out, _bare(out, _bare(out, 0, _FOLD), _CALL), _POLARIZE_RAISE, 1.0, _NOTE_BLUFF)


@kernel
def viable_kernel(
    is_turn: bool,
    can_check: bool,
    can_call: bool,
    call_amount: int,
    can_raise: bool,
    cards: npt.NDArray[np.int64],
    n_cards: int,
    street: int,
    top_rank: int,
    paired: bool,
    double_paired: bool,
    monotone: bool,
    wet: bool,
    made: int,
    draw: int,
    attack: float,
    attack_remaining: float,
    defense_remaining: float,
    pot_type: int,
    role: int,
    initiative: int,
    facing_pct: float,
    facing_weight: float,
    facing_raise: bool,
    street_bets: int,
    hero: int,
    ip: bool,
    spr: float,
    spr_threshold: float,
    stack_after_call: int,
    pot_after_call: int,
    tables: ViableTables,
    out: npt.NDArray[np.float64],
) -> tuple[int, int, int, float]:
    """The viable options of a postflop decision, best first, as rows of ``out``.

    Every input and output is described in the module docstring.

    Returns:
        ``(label_mask, n_options, first_kind, first_fraction)``.

    Example:
        >>> out = np.empty((MAX_OPTIONS, 4))
        >>> flop = np.array([4 * 12, 4 * 9 + 1, 4 * 2 + 2])  # Ac Jd 4h
        >>> mask, n, kind, fraction = viable_kernel(
        ...     True, True, False, 0, True, flop, 3, 1, 12, False, False, False, False,
        ...     7, 8, 1.5, 1.5, 1.0, 1, 0, 0, np.nan, 0.0, False, 0, 0, True, 9.0, np.nan,
        ...     18000, 2000, viable_tables(), out)
        >>> [LABELS[int(i)] for i in out[:n, 0]], kind, float(fraction)
        (['C-BET'], 3, 0.25)
    """
    if not is_turn:
        return 0, 0, -1, np.nan
    s = _Spot(street, top_rank, paired, double_paired, monotone, wet, made, draw, attack, attack_remaining,
              defense_remaining, pot_type, role, initiative, facing_pct, facing_weight, facing_raise, street_bets,
              hero, ip, spr, spr_threshold, can_raise, call_amount, stack_after_call, pot_after_call)  # fmt: skip
    facing = not math.isnan(facing_pct) and call_amount != 0
    n = _facing(out, s, tables) if facing else _not_facing(out, cards, n_cards, s)
    mask, kept = _legalize(out, n, can_check, can_call, can_raise)
    return mask, kept, int(out[0, 1]), out[0, 2]


@kernel
def _legalize(
    out: npt.NDArray[np.float64], n: int, can_check: bool, can_call: bool, can_raise: bool
) -> tuple[int, int]:
    """Drop, in place, the options the seat cannot take (no rule repeats a label); never leave none.

    Returns ``(label_mask, options kept)``: a check when checking is allowed, else a call, when none is left.
    """
    mask = kept = 0
    for i in range(n):
        label = int(out[i, 0])
        kind = _LABEL_KIND[label]
        allowed = can_raise if kind in (_K_BET, _K_RAISE, _K_ALL_IN) else can_check if kind == _K_CHECK else can_call
        if not allowed:
            continue
        mask |= 1 << label
        if kept != i:
            for j in range(4):
                out[kept, j] = out[i, j]
        kept += 1
    if kept == 0:
        label = _CHECK if can_check else _CALL
        kept = _bare(out, 0, label)
        mask = 1 << label
    return mask, kept


_TABLES = viable_tables()  # a module global: compiled into options_of as a constant


@kernel
def options_of(
    can_check: bool, can_call: bool, call_amount: int, can_raise: bool, cards: npt.NDArray[np.int64], n_cards: int,
    street: int, top_rank: int, paired: bool, double_paired: bool, monotone: bool, wet: bool, made: int, draw: int,
    attack: float, attack_remaining: float, defense_remaining: float, pot_type: int, role: int, initiative: int,
    facing_pct: float, facing_weight: float, facing_raise: bool, street_bets: int, hero: int, ip: bool, spr: float,
    spr_threshold: float, stack_after_call: int, pot_after_call: int, out: npt.NDArray[np.float64],
) -> int:  # fmt: skip
    """:func:`viable_kernel` for a seat to act, tables built in (see :mod:`pokergym.context`); returns ``n_options``."""
    _, n, _, _ = viable_kernel(
        True, can_check, can_call, call_amount, can_raise, cards, n_cards, street, top_rank, paired, double_paired,
        monotone, wet, made, draw, attack, attack_remaining, defense_remaining, pot_type, role, initiative,
        facing_pct, facing_weight, facing_raise, street_bets, hero, ip, spr, spr_threshold, stack_after_call,
        pot_after_call, _TABLES, out,
    )  # fmt: skip
    return n
