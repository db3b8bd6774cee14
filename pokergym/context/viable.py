"""Viable options: the short list of sensible actions, best first, with sizes.

The rules follow the release's decision tree (``shared/reference``, section
8) on the remaining budgets. Sizes are pot fractions (of the total pot for a
bet, of the pot after calling for a raise); ranges in the labels are turned
into one size each: STAB, PROBE BET and BLOCK BET 25%, DELAY C-BET and
SEMI-BLUFF SMALL 30%, RAISE SMALL 33%, MEDIUM BET 60%, SEMI-BLUFF LARGE,
RAISE, CHECK-RAISE, SEMI-BLUFF RAISE and RAISE BLUFF 75%, POLARIZE RAISE
100%, DONK BET 15%, and POLARIZED BET 75%, or the geometric size when
it lies in 60-150% and the remaining attack covers a bet on every street left.

Not facing a bet:

* Flop, preflop raiser (or the button in a limped pot): a C-BET of 15% in
  4-bet pots, 25% when the top card is a ten or better or the board is
  paired or monotone, else 65% with CHECK as second choice; out of position
  on a wet board topped by a nine or lower it checks. CHECK is added when
  less than 0.5 attack remains.
* Out-of-position defender: CHECK, plus a DONK BET on an unpaired flop
  topped by an eight or lower, and on a turn or river card that pairs a
  non-top board card or double-pairs the board. With value on the river
  (0.88+ remaining attack) a POLARIZED BET comes first.
* Turn, holding the initiative: POLARIZED BET then CHECK from 0.88
  remaining attack; otherwise (and always with no made hand) CHECK.
* River: no made hand bluffs (POLARIZED BET, then BLOCK BET out of
  position, then CHECK); from 0.88 a value POLARIZED BET (then MEDIUM BET
  in position, CHECK); in position 0.58-0.88 CHECK then MEDIUM BET; out of
  position from 0.18 BLOCK BET then CHECK. With SPR under 2 a BET ALL-IN
  follows the polarized bet.
* Flop or turn otherwise: in position, draws carry SEMI-BLUFF bets (LARGE
  for the two strongest draw classes), made hands POLARIZED BET from 0.88,
  STAB (DELAY C-BET for a preflop raiser who checked the flop) from 0.58,
  else CHECK; out of position on the turn after a checked flop a PROBE BET
  from 0.18 remaining attack.

Facing a bet:

* Made hands call when the remaining defense reaches the bet's size: a
  bet under 75% of the pot needs its size as a fraction plus 0.01 (25% ->
  0.26, 50% -> 0.51), a bigger one its pressure weight (75% -> 0.95) and a
  0.5-wide CALL / FOLD band above it; within 0.12 of a threshold both
  answers are listed. No made hand and no draw folds (on the river it may
  RAISE BLUFF a bet of 0.5 weight or less).
* They raise on remaining attack: flop 2.39 in position (2.89 against a pot
  bet or more) and 2.89 out of position (a CHECK-RAISE after checking);
  turn 1.39 / 1.89 and 1.89; river 0.63 (CALL, RAISE SMALL), 0.75 (CALL,
  RAISE), 1.0 and more (RAISE, CALL). In position against a bet of half pot
  or less the raise comes first. Unlimited hands always raise first.
* At low SPR (see :func:`~pokergym.context.budget.low_spr_threshold`) a
  remaining attack at the threshold moves all in (RAISE (all-in)), calling
  first when it clears the threshold by the trap offset; such hands never fold.
* On a paired flop an out-of-position defender with trips or a draw (not
  an overcard draw) prefers RAISE SMALL to a flat call.
* Draws compare the bet with their class's limit (percent of pot, by
  street, position, and whether the bet is a raise): under it CALL then
  SEMI-BLUFF RAISE, within 1.3 times it FOLD / CALL / POLARIZE RAISE, else
  FOLD. When calling ends the betting (an all-in) the draw's equity is
  compared with the pot odds instead. A hand with both a made hand and a
  draw takes whichever answer continues more.

Options the rules cannot take (a bet when raising is not allowed, a check
when facing a bet) are dropped, and the list is never empty.

The rules live in one place, the compiled kernel
:func:`pokergym.context._viable_kernel.viable_kernel`; :func:`viable_options`
passes it the decision's classes, budgets and line and decodes its rows into
:class:`~pokergym.context.record.ViableOption` records.

Example:
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.engine import HandState
    >>> from pokergym.context import analyze
    >>> s = HandState.new(deck=parse_cards("Ah9d5c4c7s6hJc6c9h"), button=0)
    >>> s.raise_to(275); s.raise_to(900); s.call()
    >>> [str(o) for o in analyze(s.view(1)).viable]
    ['C-BET (25% pot)']
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from pokergym.engine.state import LegalActions
from pokergym.errors import ContextError

from ._budget_kernel import _DRAW_INDEX, _MADE_INDEX, _POT_INDEX, low_spr_threshold
from ._viable_kernel import LABELS, MAX_OPTIONS, NOTES, options_of
from .board import _board_row
from .line import Line
from .record import BoardInfo, Budget, HandInfo, OptionKind, Role, ViableOption

__all__ = ["viable_options"]

_KINDS = tuple(OptionKind)
_ROLE = {r: i for i, r in enumerate(Role)}


@lru_cache(maxsize=512)
def _option(label: float, kind: float, fraction: float, note: float) -> ViableOption:
    """The record of one kernel row; a negative ``fraction`` stands for none (the kernel's NaN)."""
    return ViableOption(LABELS[int(label)], _KINDS[int(kind)], None if fraction < 0 else fraction, NOTES[int(note)])


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
    spr_threshold: float | None = None,
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
        spr_threshold: the low-SPR threshold as the budget kernel gives it
            (NaN where the SPR is not low); computed here when not given.

    Returns:
        The options; empty when ``legal`` is ``None``.

    Raises:
        ContextError: when a value bet would be sized geometrically into a pot that is not positive.
    """
    if legal is None:
        return ()
    cards = _board_row(board_cards)[0]  # shared: the kernel does not write it
    labels = board.labels
    facing_pct = line.facing_pct
    initiative = line.initiative
    street = int(board.street)
    if spr_threshold is None:
        spr_threshold = low_spr_threshold(street, float(spr))
    out = np.empty((MAX_OPTIONS, 4))
    try:
        n = options_of(
            legal.can_check, legal.can_call, legal.call_amount, legal.can_raise, cards, len(board_cards), street,
            board.top_rank, board.paired, board.double_paired, "monotone" in labels, "wet" in labels,
            _MADE_INDEX[hand.made], _DRAW_INDEX[hand.draw], float(budget.attack), float(budget.attack_remaining),
            float(budget.defense_remaining), _POT_INDEX[line.pot_type], _ROLE[line.role],
            -1 if initiative is None else initiative, math.nan if facing_pct is None else float(facing_pct),
            float(line.facing_weight), line.facing_raise, line.street_bets, hero, ip, float(spr),
            spr_threshold, stack_after_call, pot_after_call, out,
        )  # fmt: skip
    except ValueError as error:
        raise ContextError(f"{error}: got a pot of {pot_after_call} after calling") from None
    # a NaN fraction (none) becomes -1.0: NaN keys never match in the option cache
    return tuple(_option(label, kind, -1.0 if f != f else f, note) for label, kind, f, note in out[:n].tolist())
