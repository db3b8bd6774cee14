"""The PokerSkill context engine: labels, budgets and viable options for one decision.

:func:`analyze` turns a :class:`~pokergym.engine.view.PlayerView` into an
immutable :class:`Context`: board texture, hand and draw classes, pot type,
initiative, role, position, SPR, the action-line scenario, weighted
pressure, attack/defense budgets with their modifiers, the value tier, the
slow-play verdict and the viable options with concrete sizes. The engine is
deterministic; tables come from ``pokergym/context/data``.

Each rule runs in a numba kernel (one source per rule), and a Python decoder
packs its results into the typed records; :mod:`~pokergym.context.pressure`
(bet weights), :mod:`~pokergym.context.sizing` (sizes and chip amounts) and
:mod:`~pokergym.context.preflop` (preflop spots and ranges) complete the package.

=====================================  ==========================================  =========================
rule                                   kernel (the implementation)                 decoder
=====================================  ==========================================  =========================
board labels, straight structure       ``_texture_kernel.board_facts``             ``board.analyze_board``
made hand, draw, special-board tiers   ``_hand_kernel.hand_codes``,                ``hand.classify_hand``
                                       ``_texture_kernel.hand_facts``
pot type, role, scenario, pressure     ``_line_kernel.read_line``                  ``line.read_line``
budgets and their modifiers            ``_budget_kernel.make_budget``              ``budget.make_budget``
value tier, low-SPR threshold          ``_budget_kernel``                          ``budget``
slow play (next-card look-ahead)       ``_slow_play_kernel.look_ahead``            ``slow_play.slow_play``
viable options                         ``_viable_kernel.viable_kernel``            ``viable.viable_options``
the feature vector                     ``_context_kernel.row_features``            ``compiled.skill_features``
=====================================  ==========================================  =========================

Numbers live in ``data/*.json`` (read once into the kernels' table tuples;
Python calls the kernels through ``*_of`` variants that read the tables as
module globals, which numba compiles in as constants, where a tuple of arrays
passed from Python costs a slow argument check on every call);
wording lives with the decoders (``budget.modifier_text``, the prompt). To
change a rule, edit its kernel (``NUMBA_DISABLE_JIT=1`` runs every kernel as
plain Python, for a debugger or line coverage); the differential tests in
``tests/context`` compare kernels and decoded records with the frozen Python
references ``tests/context/*_reference.py`` and will name every spot where
the new rule answers differently; where the change is intended, change the
reference the same way (or the labelled case) so the tests pin it.

Before the flop the context names the preflop spot instead of a board, hand,
budget or options: preflop decisions come from :mod:`~pokergym.context.preflop`.

Example (the paper's appendix I hand, the big blind's flop decision):
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.engine import HandState
    >>> s = HandState.new(deck=parse_cards("Ah9d5c4c7s6hJc6c9h"), button=0)
    >>> s.raise_to(275); s.raise_to(900); s.call()
    >>> ctx = analyze(s.view(1))
    >>> ctx.board.labels, ctx.hand.made.value, ctx.hand.draw.value, ctx.scenario.value
    (('dry',), 'trash', 'strong_draw', 'F-A2')
    >>> ctx.budget.attack, round(ctx.spr, 1), ctx.viable[0].to_action(s.view(1))
    (5.0, 10.6, Action(kind=<ActionKind.RAISE: 4>, amount=450))
"""

from __future__ import annotations

from typing import NamedTuple

from pokergym.cards import validate_cards
from pokergym.engine.actions import Street
from pokergym.engine.view import PlayerView
from pokergym.errors import CardError, ContextError, PokerGymError

from . import record as _record
from ._budget_kernel import low_spr_threshold as _low_spr_threshold
from .board import analyze_board
from .budget import make_budget, value_tier
from .hand import classify_hand
from .line import Line, read_line
from .preflop import detect_scenario
from .record import *  # noqa: F403  (the records are part of this package's API: record.__all__)
from .record import Context, Position, new_record
from .slow_play import slow_play
from .viable import viable_options

# Enum members as module constants: Python 3.11 reaches ``Enum.MEMBER`` through a slow descriptor.
_POS_IP = Position.IP
_POS_OOP = Position.OOP
_STREET_PREFLOP = Street.PREFLOP

__all__ = ["analyze"]
__all__ += _record.__all__

_BOARD_SIZE = (0, 3, 4, 5)


def board_of(view: PlayerView) -> tuple[int, ...]:
    """The view's board, checked against its street, with the hole cards (on every street, as the engine would).

    Raises:
        ContextError: if the board does not have the street's number of cards, or the hole and board cards
            are not two and a board of distinct card codes in 0..51.

    Example:
        >>> from pokergym.engine import HandState
        >>> view = HandState.new(deck=tuple(range(9)), button=0).view(0)
        >>> board_of(view), len(board_of(view._replace(street=Street.FLOP, board=(4, 5, 6))))
        ((), 3)
    """
    board = view.board
    street = view.street
    if len(board) != _BOARD_SIZE[street]:
        raise ContextError(f"a {street.name.lower()} view needs {_BOARD_SIZE[street]} board cards, got {board!r}")
    hole = view.hole
    try:
        if len(hole) != 2:
            raise CardError(f"{len(hole)} hole cards")
        validate_cards((*hole, *board))
    except CardError:
        raise ContextError(
            f"need two hole cards and a board of distinct card codes in 0..51, got {hole!r} {board!r}"
        ) from None
    return board


class _Stakes(NamedTuple):
    """The chips of one decision: what the seat owes, the pot, the stacks behind and the SPR."""

    ip: bool
    to_call: int
    total_pot: int
    effective: int
    behind: int
    pot_after_call: int
    spr: float


def _stakes(view: PlayerView) -> _Stakes:
    """The :class:`_Stakes` of a view (its ``is_button``, ``to_call`` and ``pot`` properties inlined)."""
    seat = view.seat
    legal = view.legal
    to_call = legal.call_amount if legal is not None else 0
    contributions = view.contributions
    total_pot = contributions[0] + contributions[1]
    stacks = view.stacks
    effective = min(stacks[seat], stacks[1 - seat] + to_call)
    behind = effective - to_call if effective > to_call else 0
    pot_after_call = total_pot + to_call
    spr = behind / pot_after_call if pot_after_call > 0 else 0.0
    return _Stakes(seat == view.button, to_call, total_pot, effective, behind, pot_after_call, spr)


def analyze(view: PlayerView) -> Context:
    """Compute the :class:`Context` of one seat's view.

    Args:
        view: the seat's view; any street. Viable options are listed only
            when it is the seat's turn after the flop.

    Returns:
        The context record.

    Raises:
        ContextError: if the view is inconsistent (board size against the
            street, malformed or repeated cards).

    Example:
        >>> from pokergym.engine import HandState
        >>> s = HandState.new(deck=tuple(range(9)), button=0)
        >>> ctx = analyze(s.view(0))
        >>> ctx.pot_type.value, ctx.position.value, ctx.preflop_scenario, ctx.viable
        ('limp', 'ip', 'btn_first', ())
    """
    board_cards = board_of(view)
    line = read_line(view)
    stakes = _stakes(view)
    if view.street == _STREET_PREFLOP:
        return _preflop_context(view, line, stakes)
    return _postflop_context(view, board_cards, line, stakes)


def _preflop_context(view: PlayerView, line: Line, stakes: _Stakes) -> Context:
    """Before the flop: pot type, position, initiative, SPR and the preflop spot of the seat to act."""
    preflop: str | None = None
    if view.legal is not None:
        try:
            preflop = detect_scenario(view).value
        except PokerGymError:
            preflop = None
    return Context(
        street=view.street,
        seat=view.seat,
        position=_POS_IP if stakes.ip else _POS_OOP,
        pot_type=line.pot_type,
        preflop_raises=line.preflop_raises,
        initiative=line.initiative,
        role=line.role,
        pot=view.pot_at_street_start,
        total_pot=stakes.total_pot,
        to_call=stakes.to_call,
        effective_stack=stakes.effective,
        spr=stakes.spr,
        preflop_scenario=preflop,
    )


def _postflop_context(view: PlayerView, board_cards: tuple[int, ...], line: Line, stakes: _Stakes) -> Context:
    """After the flop: board, hand, budgets, slow play and the viable options."""
    ip, spr = stakes.ip, stakes.spr
    hole = view.hole
    pot_type = line.pot_type
    weighted_total = line.weighted_total
    board = analyze_board(board_cards)
    # The hole cards sorted: a view's are a tuple, and most come sorted already.
    in_order = len(hole) == 2 and hole[0] < hole[1] and type(hole) is tuple
    hand = classify_hand(hole if in_order else tuple(sorted(hole)), board_cards, pot_type)
    budget = make_budget(
        hand,
        board,
        pot_type,
        oop=not ip,
        spr=spr,
        facing_raise=line.facing_raise,
        weighted_total=weighted_total,
        facing_weight=line.facing_weight,
    )
    threshold = _low_spr_threshold(int(view.street), spr)
    options = viable_options(
        legal=view.legal,
        board_cards=board_cards,
        board=board,
        hand=hand,
        budget=budget,
        line=line,
        hero=view.seat,
        ip=ip,
        spr=spr,
        stack_after_call=stakes.behind,
        pot_after_call=stakes.pot_after_call,
        spr_threshold=threshold,
    )
    # Every field, in order (see new_record).
    return new_record(
        Context,
        (
            view.street,
            view.seat,
            _POS_IP if ip else _POS_OOP,
            pot_type,
            line.preflop_raises,
            line.initiative,
            line.role,
            line.pot,
            stakes.total_pot,
            stakes.to_call,
            stakes.effective,
            spr,
            line.facing_pct,
            line.facing_weight,
            round(weighted_total, 4),
            round(line.weighted_hero, 4),
            board,
            hand,
            line.scenario,
            None,
            budget,
            value_tier(weighted_total, pot_type),
            slow_play(hole, board_cards, pot_type, budget.attack_base, weighted_total),
            None if threshold != threshold else threshold,
            options,
        ),
    )
