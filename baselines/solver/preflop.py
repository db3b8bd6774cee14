"""The solver agent's preflop: the range tables, a minimum defence against the size faced, and the ranges they imply.

The range tables (:mod:`pokergym.context.preflop`) say how often each
169-class raises, calls and folds in twelve spots named by the number of
raises, whatever their sizes: the big blind folds as much of its range to a
min-raise as to a raise of 5 big blinds, and the opener as much to a 3-bet to
twice its open as to a 3-bet to three times it. Against small raises that
folds more than any bluff needs: a raise that adds ``r`` chips to a pot of
``P`` (the raise included) wins at once if the defender folds more than
``r / P`` of its range, so every hand bluffs at a profit. Local best response
found it: 3-bets to 500 over the agent's opens to 250 (67% folds where
``r / P`` is 53%) and min 4- and 5-bets made about half of its winnings over
the first 400 hands of seed 1 (``benchmarks/lbr_breakdown.py``).

So, facing a voluntary raise, the agent continues with at least the
*minimum defence* ``1 - r / P`` of its range at that point (the range the
tables and its own earlier actions leave, :func:`preflop_ranges`): where the
table folds more, the strongest folding classes (by preflop equity against a
random hand) call instead, the last one in part, until the range continues
with exactly that share. Raises and the table's calls are kept; a spot whose
table already continues enough plays the table unchanged, which at the
standard sizes (an open to 2.5 big blinds, 3-bets to 9, 4-bets to 27) is
every spot. Both players' ranges follow the same defended tables (the
opponent's as a model: the same tables, the same floor).

Example:
    >>> from pokergym.engine import HandState
    >>> state = HandState.new(deck=tuple(range(9)), button=0)
    >>> state.raise_to(250); state.raise_to(500)    # an open, a 3-bet to twice the open
    >>> round(defence_floor(state.view(0)), 3)       # adds 400 to a pot of 750
    0.467
    >>> own = preflop_ranges(state.config, 0, state.history)[0]
    >>> table = continuing_share(state.view(0), own, defend=False)
    >>> round(table, 2), round(continuing_share(state.view(0), own), 3)
    (0.33, 0.467)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

from baselines.policy import ActionDistribution
from baselines.solver.defence import converted_folds, minimum_defence
from pokergym.context.preflop import detect_scenario, preflop_probabilities, preflop_range
from pokergym.engine.actions import Action, ActionKind, ActionRecord, Street
from pokergym.engine.config import GameConfig
from pokergym.engine.state import HandState
from pokergym.engine.view import PlayerView
from pokergym.evaluator import preflop_equity
from pokergym.evaluator.combos import N_COMBOS, combo_index
from pokergym.solver.preflop import combo_classes
from pokergym.solver.ranges import hand_classes

__all__ = ["continuing_share", "defence_floor", "defended_probabilities", "preflop_ranges"]

Weights = npt.NDArray[np.float64]
Frequencies = tuple[Weights, Weights, Weights]
"""Per 169-class (in :func:`~pokergym.solver.ranges.hand_classes` order): raise, call (or check), fold."""

_FILLER_DECK: Final = tuple(range(9))
"""Cards for replaying a history: the scenario of a preflop spot never depends on the cards."""

_RANGE_CACHE: Final = 4096
"""Preflop histories whose ranges are kept (a preflop line is a few actions; LBR asks each many times)."""


@cache
def _strongest_first() -> npt.NDArray[np.intp]:
    """The class positions by preflop equity against a random hand, strongest first."""
    equity = np.array([preflop_equity(name) for name in hand_classes()])
    return np.argsort(-equity, kind="stable")


def defence_floor(view: PlayerView) -> float | None:
    """The share of its range the seat to act continues with at least: ``1 - r / P``; None when not facing a raise.

    ``r`` is the chips the opponent's raise added, ``P`` the pot with them; a
    blind is not a raise, and a seat that may check faces nothing.
    """
    legal = view.legal
    if view.street != Street.PREFLOP or legal is None or not legal.can_fold:
        return None
    last = view.history[-1] if view.history else None
    if last is None or last.kind not in (ActionKind.BET, ActionKind.RAISE):
        return None
    return minimum_defence(last.added, view.pot)


def _table_frequencies(view: PlayerView) -> Frequencies | None:
    """The spot's table per class, moved to the legal actions as the tables do (None: no table)."""
    assert view.legal is not None
    scenario = detect_scenario(view)
    if not scenario.has_table:
        return None
    table = preflop_range(scenario)
    names = hand_classes()
    raise_p = np.array([table.raise_freq[n] for n in names])
    call_p = np.array([table.call_freq[n] for n in names])
    fold_p = np.clip(1.0 - raise_p - call_p, 0.0, 1.0)
    legal = view.legal
    if not legal.can_raise:  # the table's raise becomes the passive action
        call_p, raise_p = call_p + raise_p, np.zeros_like(raise_p)
    if not legal.can_fold:  # checking is free: the table's fold checks
        call_p, fold_p = call_p + fold_p, np.zeros_like(fold_p)
    return raise_p, call_p, fold_p


def _converted(fold_p: Weights, own: Weights, floor: float) -> Weights:
    """Per class, the share of its folds that call so that ``own`` continues with ``floor`` of its weight."""
    by_class = np.bincount(combo_classes(), weights=own, minlength=len(fold_p))
    return converted_folds(fold_p * by_class, float(by_class.sum()), floor, _strongest_first())  # strongest first


def _defended(view: PlayerView, own: Weights, defend: bool = True) -> tuple[Frequencies, Weights] | None:
    """The table's frequencies with the minimum defence, and the share of each class's folds that became calls."""
    frequencies = _table_frequencies(view)
    if frequencies is None:
        return None
    raise_p, call_p, fold_p = frequencies
    floor = defence_floor(view) if defend else None
    converted = np.zeros_like(fold_p) if floor is None else _converted(fold_p, own, floor)
    return (raise_p, call_p + fold_p * converted, fold_p * (1.0 - converted)), converted


def continuing_share(view: PlayerView, own: Weights, *, defend: bool = True) -> float:
    """The share of ``own`` (per combo) that raises or calls at ``view``, with the defence or by the table alone.

    Raises:
        ValueError: at a spot without a table.
    """
    defended = _defended(view, own, defend)
    if defended is None:
        raise ValueError("no preflop table for this spot")
    fold_p = defended[0][2]
    by_class = np.bincount(combo_classes(), weights=own, minlength=len(fold_p))
    return float(1.0 - (fold_p * by_class).sum() / by_class.sum())


def defended_probabilities(view: PlayerView, *, defend: bool = True) -> ActionDistribution | None:
    """The agent's preflop distribution at ``view``: the table's, with the minimum defence (None: no table).

    The table's mix (:func:`~pokergym.context.preflop.preflop_probabilities`) with the share of the
    hand class's folds that the defence converts moved to the call; ``defend=False``: the table's mix.
    """
    defended = _defended_at(view.config, view.button, _preflop(view.history), defend)
    if defended is None:
        return None
    converted = float(defended[1][combo_classes()[combo_index(*view.hole)]])
    table = preflop_probabilities(view)
    if converted <= 0.0:
        return table
    moved = sum(p for a, p in table if a.kind == ActionKind.FOLD) * converted
    out: dict[Action, float] = {}
    for action, p in table:
        share = p - moved if action.kind == ActionKind.FOLD else p
        if share > 0.0:
            out[action] = share
    out[Action.call()] = out.get(Action.call(), 0.0) + moved
    return sorted(out.items(), key=lambda item: item[0].kind)


def preflop_ranges(
    config: GameConfig, button: int, history: Sequence[ActionRecord], *, defend: bool = True, tremble: float = 0.0
) -> tuple[Weights, Weights]:
    """Each seat's range after the preflop actions of ``history``, by the defended tables (``defend=False``: as is).

    Each action multiplies the actor's range by the probability that each combo's class takes it. A
    preflop action under which no combo of the actor's range survives (a line the tables never take), or
    a spot without a table, leaves that range as it was.

    With ``tremble``, each action's probability is mixed with uniformly random play over the spot's
    actions (``(1 - tremble) * p + tremble / actions``), so that no class drops out.

    Returns:
        ``(seat 0, seat 1)`` weights, not normalised, no cards blocked (read-only).
    """
    return _preflop_ranges(config, button, _preflop(history), defend, tremble)


def _preflop(history: Sequence[ActionRecord]) -> tuple[ActionRecord, ...]:
    return tuple(r for r in history if r.street == Street.PREFLOP)


@lru_cache(maxsize=_RANGE_CACHE)
def _defended_at(
    config: GameConfig, button: int, history: tuple[ActionRecord, ...], defend: bool
) -> tuple[Frequencies, Weights] | None:
    """:func:`_defended` for the seat to act after the preflop ``history`` (one answer per public state)."""
    state = HandState.new(config, button=button, deck=_FILLER_DECK)
    for record in history:
        state.apply(record.action, record.seat)
    seat = state.actor
    return _defended(state.view(seat), _preflop_ranges(config, button, history, defend, 0.0)[seat], defend)


@lru_cache(maxsize=_RANGE_CACHE)
def _preflop_ranges(
    config: GameConfig, button: int, history: tuple[ActionRecord, ...], defend: bool, tremble: float
) -> tuple[Weights, Weights]:
    if not history:
        start = np.ones(N_COMBOS)
        start.setflags(write=False)
        return start, start
    ranges = list(_preflop_ranges(config, button, history[:-1], defend, tremble))
    record = history[-1]
    defended = _defended_at(config, button, history[:-1], defend)
    if defended is not None:
        raise_p, call_p, fold_p = defended[0]
        by_kind = {ActionKind.FOLD: fold_p, ActionKind.BET: raise_p, ActionKind.RAISE: raise_p}
        taken = by_kind.get(record.kind, call_p)
        if tremble > 0.0:
            actions = sum(1 for p in (raise_p, call_p, fold_p) if p.any())
            taken = (1.0 - tremble) * taken + tremble / actions
        updated = ranges[record.seat] * taken[combo_classes()]
        if updated.sum() > 0.0:
            updated.setflags(write=False)
            ranges[record.seat] = updated
    return ranges[0], ranges[1]
