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

_KINDS = tuple(OptionKind)
# Label indices, in the order of VIABLE_LABELS.
(
    _C_BET, _STAB_BET, _PROBE_BET, _DELAY_C_BET, _BLOCK_BET, _DONK_BET, _MEDIUM_BET, _POLARIZED_BET,
    _SEMI_BLUFF_LARGE, _SEMI_BLUFF_SMALL, _BET_ALL_IN,
    _RAISE, _RAISE_SMALL, _CHECK_RAISE, _POLARIZE_RAISE, _SEMI_BLUFF_RAISE, _RAISE_BLUFF, _RAISE_ALL_IN,
    _CALL, _FOLD, _CHECK,
) = range(len(LABELS))  # fmt: skip

_K_CHECK, _K_CALL, _K_FOLD, _K_BET, _K_RAISE, _K_ALL_IN = (
    _KINDS.index(k)
    for k in (OptionKind.CHECK, OptionKind.CALL, OptionKind.FOLD, OptionKind.BET, OptionKind.RAISE, OptionKind.ALL_IN)
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

_M_TRIPS, _M_NUTS_HIGH, _M_SECOND_HIGH, _M_WEAK_SHOWDOWN, _M_TRASH = (
    list(MadeClass).index(m)
    for m in (MadeClass.TRIPS, MadeClass.NUTS_HIGH, MadeClass.SECOND_HIGH, MadeClass.WEAK_SHOWDOWN, MadeClass.TRASH)
)
_D_STRONG, _D_MEDIUM_STRONG, _D_STRONG_OVERCARD, _D_MEDIUM_OVERCARD, _D_WEAK_OVERCARD, _D_NO_DRAW = (
    list(DrawClass).index(d)
    for d in (
        DrawClass.STRONG_DRAW,
        DrawClass.MEDIUM_STRONG_DRAW,
        DrawClass.STRONG_OVERCARD_DRAW,
        DrawClass.MEDIUM_OVERCARD_DRAW,
        DrawClass.WEAK_OVERCARD_DRAW,
        DrawClass.NO_DRAW,
    )
)
_POT_FOUR_BET, _POT_FIVE_BET_PLUS = list(PotType).index(PotType.FOUR_BET), list(PotType).index(PotType.FIVE_BET_PLUS)
_ROLE_AGGRESSOR, _ROLE_DEFENDER, _ROLE_NORMAL = (
    list(Role).index(r) for r in (Role.AGGRESSOR, Role.DEFENDER, Role.NORMAL)
)
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


@kernel
def _put(out: npt.NDArray[np.float64], i: int, label: int, fraction: float, note: int) -> int:
    """Write option ``label`` in row ``i`` of ``out``; return the next row."""
    out[i, 0] = label
    out[i, 1] = _LABEL_KIND[label]
    out[i, 2] = fraction
    out[i, 3] = note
    return i + 1


@kernel
def _polarized(out: npt.NDArray[np.float64], i: int, note: int, stack: int, pot: int, street: int, att: float) -> int:
    """A POLARIZED BET of 75%, or of the rounded geometric size for value that can last the streets left."""
    fraction = 0.75
    streets_left = 4 - street
    if note == _NOTE_VALUE and att >= streets_left:
        if pot <= 0:
            raise ValueError("geometric sizing needs a positive pot")
        geometric = ((stack + pot) / pot) ** (1.0 / streets_left) - 1.0
        if 0.6 <= geometric <= GEOMETRIC_MAX:
            fraction = round2(geometric)
    return _put(out, i, _POLARIZED_BET, fraction, note)


@kernel
def _donk_board(
    cards: npt.NDArray[np.int64], n_cards: int, street: int, top_rank: int, paired: bool, double_paired: bool
) -> bool:
    """Unpaired low flop, or a new card that pairs a lower board card or double-pairs the board."""
    if street == _FLOP:
        return not paired and top_rank <= _EIGHT
    new = cards[n_cards - 1] >> 2
    seen = False
    highest = -1
    for k in range(n_cards - 1):
        rank = cards[k] >> 2
        seen = seen or rank == new
        highest = max(highest, rank)
    return (seen and new < highest) or (double_paired and seen)


@kernel
def _cbet(
    out: npt.NDArray[np.float64],
    top_rank: int,
    paired: bool,
    monotone: bool,
    wet: bool,
    pot_type: int,
    ip: bool,
    att: float,
) -> int:
    """The flop c-bet of the preflop raiser; return the number of options."""
    add_check = att < 0.5
    if pot_type in (_POT_FOUR_BET, _POT_FIVE_BET_PLUS):
        size = 0.15
    elif top_rank >= _TEN or paired or monotone:
        size = 0.25
    elif not ip and wet:
        return _put(out, 0, _CHECK, np.nan, _NO_NOTE)
    else:
        size = 0.65
        add_check = True
    n = _put(out, 0, _C_BET, size, _NO_NOTE)
    if add_check:
        n = _put(out, n, _CHECK, np.nan, _NO_NOTE)
    return n


@kernel
def _river(out: npt.NDArray[np.float64], made: int, att: float, ip: bool, spr: float, stack: int, pot: int) -> int:
    """Not facing a bet on the river with the initiative lost or held in position."""
    if made == _M_TRASH:
        n = _polarized(out, 0, _NOTE_BLUFF, stack, pot, _RIVER, 0.0)
        if spr < 2.0:
            n = _put(out, n, _BET_ALL_IN, np.nan, _NO_NOTE)
        if not ip:
            n = _put(out, n, _BLOCK_BET, 0.25, _NO_NOTE)
    elif att >= _VALUE:
        n = _polarized(out, 0, _NOTE_VALUE, stack, pot, _RIVER, att)
        if spr < 2.0:
            n = _put(out, n, _BET_ALL_IN, np.nan, _NO_NOTE)
        if ip:
            n = _put(out, n, _MEDIUM_BET, 0.60, _NO_NOTE)
    elif ip:
        n = _put(out, 0, _CHECK, np.nan, _NO_NOTE)
        if att >= _STAB:
            n = _put(out, n, _MEDIUM_BET, 0.60, _NO_NOTE)
        return n
    elif att >= _PROBE:
        return _put(out, _put(out, 0, _BLOCK_BET, 0.25, _NO_NOTE), _CHECK, np.nan, _NO_NOTE)
    else:
        return _put(out, 0, _CHECK, np.nan, _NO_NOTE)
    return _put(out, n, _CHECK, np.nan, _NO_NOTE)


@kernel
def _not_facing(
    out: npt.NDArray[np.float64],
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
    att: float,
    pot_type: int,
    role: int,
    initiative: int,
    hero: int,
    ip: bool,
    spr: float,
    stack: int,
    pot: int,
) -> int:
    """The options when no bet is faced, before legalising; return their number."""
    if street == _FLOP and role == _ROLE_AGGRESSOR:
        return _cbet(out, top_rank, paired, monotone, wet, pot_type, ip, att)
    if not ip and role == _ROLE_DEFENDER:
        n = 0
        if street == _RIVER and att >= _VALUE and made != _M_TRASH:
            n = _polarized(out, n, _NOTE_VALUE, stack, pot, street, att)
        n = _put(out, n, _CHECK, np.nan, _NO_NOTE)
        if _donk_board(cards, n_cards, street, top_rank, paired, double_paired):
            n = _put(out, n, _DONK_BET, 0.15, _NO_NOTE)
        return n
    if street == _TURN and role == _ROLE_AGGRESSOR:
        n = 0
        if made != _M_TRASH and att >= _VALUE:
            n = _polarized(out, n, _NOTE_VALUE, stack, pot, street, att)
        return _put(out, n, _CHECK, np.nan, _NO_NOTE)
    if street == _RIVER:
        return _river(out, made, att, ip, spr, stack, pot)
    if ip:
        draw_led = draw != _D_NO_DRAW and (made in (_M_TRASH, _M_NUTS_HIGH, _M_SECOND_HIGH, _M_WEAK_SHOWDOWN))
        if draw_led and att >= _VALUE:
            if draw in (_D_STRONG, _D_MEDIUM_STRONG):
                n = _put(out, 0, _SEMI_BLUFF_LARGE, 0.75, _NO_NOTE)
            else:
                n = _put(out, 0, _SEMI_BLUFF_SMALL, 0.30, _NO_NOTE)
        elif att >= _VALUE:
            n = _polarized(out, 0, _NOTE_VALUE, stack, pot, street, att)
        elif att >= _STAB:
            if street == _TURN and role == _ROLE_NORMAL and initiative == hero:
                n = _put(out, 0, _DELAY_C_BET, 0.30, _NO_NOTE)
            else:
                n = _put(out, 0, _STAB_BET, 0.25, _NO_NOTE)
        else:
            n = 0
        return _put(out, n, _CHECK, np.nan, _NO_NOTE)
    n = 0
    if street == _TURN and role == _ROLE_NORMAL and att >= _PROBE:
        if made != _M_TRASH and att >= _VALUE:
            n = _polarized(out, n, _NOTE_VALUE, stack, pot, street, att)
        n = _put(out, n, _PROBE_BET, 0.25, _NO_NOTE)
    return _put(out, n, _CHECK, np.nan, _NO_NOTE)


@kernel
def _call_answer(out: npt.NDArray[np.float64], def_rem: float, pct: float, weight: float) -> int:
    """CALL and FOLD by the remaining defense against the bet's size; return the number of options."""
    # the threshold: below 75% pot the bet's size as a fraction (+0.01), from 75% its weight (wider sure calls)
    threshold, sure = (pct / 100.0 + 0.01, _FUZZ) if pct < 75.0 else (weight, 0.5)
    if def_rem >= threshold + sure:
        return _put(out, 0, _CALL, np.nan, _NO_NOTE)
    if def_rem >= threshold:
        return _put(out, _put(out, 0, _CALL, np.nan, _NO_NOTE), _FOLD, np.nan, _NO_NOTE)
    if def_rem >= threshold - _FUZZ:
        return _put(out, _put(out, 0, _FOLD, np.nan, _NO_NOTE), _CALL, np.nan, _NO_NOTE)
    return _put(out, 0, _FOLD, np.nan, _NO_NOTE)


@kernel
def _raise_then_call(out: npt.NDArray[np.float64], label: int, fraction: float, note: int) -> int:
    return _put(out, _put(out, 0, label, fraction, note), _CALL, np.nan, _NO_NOTE)


@kernel
def _call_then_raise(out: npt.NDArray[np.float64], label: int, fraction: float, note: int) -> int:
    return _put(out, _put(out, 0, _CALL, np.nan, _NO_NOTE), label, fraction, note)


@kernel
def _made_facing(
    out: npt.NDArray[np.float64],
    attack: float,
    att: float,
    def_rem: float,
    pct: float,
    weight: float,
    street_bets: int,
    ip: bool,
    spr_threshold: float,
    street: int,
) -> int:
    """The made hand's answer to a bet; return the number of options."""
    if att >= spr_threshold and attack > 0:  # false when the threshold is NaN
        if att >= spr_threshold + (1.0 if ip else 2.0):  # trap_offset(not ip)
            return _call_then_raise(out, _RAISE_ALL_IN, np.nan, _NO_NOTE)
        return _raise_then_call(out, _RAISE_ALL_IN, np.nan, _NO_NOTE)
    checked_first = not ip and street_bets == 1
    raise_label = _CHECK_RAISE if checked_first else _RAISE
    if attack >= UNLIMITED:
        return _raise_then_call(out, raise_label, 0.75, _NOTE_VALUE)
    if street == _RIVER:
        if att >= 1.0:
            return _raise_then_call(out, _RAISE, 0.75, _NOTE_VALUE)
        if att >= 0.75:
            return _call_then_raise(out, _RAISE, 0.75, _NOTE_VALUE)
        if att >= 0.63:
            return _call_then_raise(out, _RAISE_SMALL, 0.33, _NOTE_VALUE)
        return _call_answer(out, def_rem, pct, weight)
    if street == _FLOP:
        need = (2.89 if pct >= 100.0 else 2.39) if ip else 2.89
    else:
        need = (1.89 if pct >= 100.0 else 1.39) if ip else 1.89
    if att < need:
        return _call_answer(out, def_rem, pct, weight)
    if not ip or pct <= 50.0:
        return _raise_then_call(out, raise_label, 0.75, _NOTE_VALUE)
    return _call_then_raise(out, raise_label, 0.75, _NOTE_VALUE)


@kernel
def _draw_answer(
    can_raise: bool,
    call_amount: int,
    pot_after_call: int,
    draw: int,
    facing_raise: bool,
    ip: bool,
    street: int,
    pct: float,
    tables: ViableTables,
) -> int:
    """The draw's answer to a bet: 0 [FOLD], 1 [CALL], 2 [CALL, SEMI-BLUFF RAISE], 3 [FOLD, CALL, POLARIZE RAISE]."""
    if not can_raise:
        equity = tables.all_in_equity[draw, street - 1]
        odds = call_amount / pot_after_call if pot_after_call else 1.0
        return 1 if equity >= odds else 0
    column = (0 if street == _FLOP else 2) + (0 if ip else 1) + (4 if facing_raise else 0)
    limit = tables.limits[draw, column]
    if pct <= limit:
        return 2
    if pct <= limit * tables.near_factor[0]:
        return 3
    return 0


@kernel
def _facing(
    out: npt.NDArray[np.float64],
    can_raise: bool,
    call_amount: int,
    street: int,
    paired: bool,
    made: int,
    draw: int,
    attack: float,
    att: float,
    def_rem: float,
    role: int,
    pct: float,
    weight: float,
    facing_raise: bool,
    street_bets: int,
    ip: bool,
    spr_threshold: float,
    pot_after_call: int,
    tables: ViableTables,
) -> int:
    """The options when facing a bet, before legalising; return their number."""
    if made == _M_TRASH:
        n = _put(out, 0, _FOLD, np.nan, _NO_NOTE)
        if street == _RIVER and weight <= 0.5:
            n = _put(out, n, _RAISE_BLUFF, 0.75, _NOTE_BLUFF)
    elif (
        street == _FLOP
        and not ip
        and role == _ROLE_DEFENDER
        and paired
        and (made == _M_TRIPS or draw not in (_D_NO_DRAW, _D_STRONG_OVERCARD, _D_MEDIUM_OVERCARD, _D_WEAK_OVERCARD))
        and att > 0
    ):
        n = _put(out, 0, _RAISE_SMALL, 0.33, _NO_NOTE)
    else:
        n = _made_facing(out, attack, att, def_rem, pct, weight, street_bets, ip, spr_threshold, street)
    if draw == _D_NO_DRAW or street == _RIVER:
        return n
    # _score of viable.py: 3 raise or all-in first, 2 call first, 1 a call later, else 0
    first = int(out[0, 1])
    made_score = 0
    if first in (_K_RAISE, _K_ALL_IN):
        made_score = 3
    elif first == _K_CALL:
        made_score = 2
    else:
        for k in range(1, n):
            if int(out[k, 1]) == _K_CALL:
                made_score = 1
    answer = _draw_answer(can_raise, call_amount, pot_after_call, draw, facing_raise, ip, street, pct, tables)
    draw_score = 0 if answer == 0 else 1 if answer == 3 else 2
    if draw_score <= made_score:
        return n
    if answer == 1:
        return _put(out, 0, _CALL, np.nan, _NO_NOTE)
    if answer == 2:
        return _call_then_raise(out, _SEMI_BLUFF_RAISE, 0.75, _NOTE_BLUFF)
    n = _put(out, _put(out, 0, _FOLD, np.nan, _NO_NOTE), _CALL, np.nan, _NO_NOTE)
    return _put(out, n, _POLARIZE_RAISE, 1.0, _NOTE_BLUFF)


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
    if math.isnan(facing_pct) or call_amount == 0:
        n = _not_facing(out, cards, n_cards, street, top_rank, paired, double_paired, monotone, wet, made, draw,
                        attack_remaining, pot_type, role, initiative, hero, ip, spr, stack_after_call,
                        pot_after_call)  # fmt: skip
    else:
        n = _facing(out, can_raise, call_amount, street, paired, made, draw, attack, attack_remaining,
                    defense_remaining, role, facing_pct, facing_weight, facing_raise, street_bets, ip,
                    spr_threshold, pot_after_call, tables)  # fmt: skip
    mask, kept = _legalize(out, n, can_check, can_call, can_raise)
    return mask, kept, int(out[0, 1]), out[0, 2]


@kernel
def _legalize(
    out: npt.NDArray[np.float64], n: int, can_check: bool, can_call: bool, can_raise: bool
) -> tuple[int, int]:
    """Drop, in place, the options the seat cannot take (no rule repeats a label); never leave none.

    Returns ``(label_mask, options kept)``: a check when checking is allowed, else a call, when none is left.
    """
    mask = 0
    kept = 0
    for i in range(n):
        label = int(out[i, 0])
        kind = _LABEL_KIND[label]
        if kind in (_K_BET, _K_RAISE, _K_ALL_IN):
            if not can_raise:
                continue
        elif kind == _K_CHECK:
            if not can_check:
                continue
        elif not can_call:
            continue
        mask |= 1 << label
        if kept != i:
            for j in range(4):
                out[kept, j] = out[i, j]
        kept += 1
    if kept == 0:
        label = _CHECK if can_check else _CALL
        kept = _put(out, 0, label, np.nan, _NO_NOTE)
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
