"""Range tracking for the solver agent: card blocking, street starts, tree paths, representative combos.

Ranges are 1326-entry weight vectors in the combo order of
:mod:`pokergym.evaluator.combos`; the preflop ranges they start from are
:func:`baselines.solver.preflop.preflop_ranges`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from typing import Any, Final

import numba
import numpy as np
import numpy.typing as npt

from pokergym.engine.actions import ActionKind, ActionRecord, Street
from pokergym.engine.config import GameConfig
from pokergym.evaluator import evaluate_batch
from pokergym.evaluator.combos import COMBO_CARDS, N_COMBOS, combo_array
from pokergym.solver.spot import TreeAction

__all__ = [
    "StreetStart",
    "block",
    "board_strength",
    "nearest_columns",
    "representatives",
    "runout_equity",
    "runout_strength",
    "street_start",
    "strength_order",
    "tree_path",
]

Weights = npt.NDArray[np.float64]

_BOARDS_KEPT: Final = 512
"""Boards whose strengths are kept (a long match deals thousands; each board's array is 10 KB)."""

_TIE_ORDER: Final = np.random.default_rng(20261127).permutation(N_COMBOS)
"""A fixed order of the combos that breaks ties in strength (a combo's index follows its cards' ranks)."""


@cache
def _card_masks() -> npt.NDArray[np.bool_]:
    """``(52, 1326)``: whether each combo holds each card."""
    masks = np.zeros((52, N_COMBOS), dtype=bool)
    for combo, (lo, hi) in enumerate(COMBO_CARDS):
        masks[lo, combo] = masks[hi, combo] = True
    return masks


def block(weights: Weights, cards: Sequence[int]) -> Weights:
    """A copy of ``weights`` with every combo holding one of ``cards`` at zero.

    Example:
        >>> w = block(np.ones(1326), [0, 1])
        >>> int((w == 0).sum())     # 50 + 50 - 1 combos hold card 0 or 1
        101
    """
    out = np.array(weights, dtype=np.float64)
    if len(cards):
        out[_card_masks()[list(cards)].any(axis=0)] = 0.0
    return out


@dataclass(frozen=True)
class StreetStart:
    """Chips when a postflop street begins.

    Attributes:
        pot: chips in the middle.
        stack: the effective stack (the smaller of the two stacks behind).
    """

    pot: int
    stack: int


def street_start(config: GameConfig, button: int, history: Sequence[ActionRecord], street: Street) -> StreetStart:
    """The pot and effective stack at the start of ``street``, from the actions before it.

    Example:
        >>> from pokergym.engine import HandState
        >>> state = HandState.new(deck=tuple(range(9)), button=0)
        >>> state.raise_to(250); state.call()
        >>> street_start(state.config, 0, state.history, Street.FLOP)
        StreetStart(pot=500, stack=19750)
    """
    put = [0, 0]
    put[button] = config.small_blind
    put[1 - button] = config.big_blind
    for record in history:
        if record.street < street:
            put[record.seat] += record.added
    stacks = (config.stacks[0] - put[0], config.stacks[1] - put[1])
    return StreetStart(put[0] + put[1], min(stacks))


def tree_path(records: Sequence[ActionRecord], stack: int) -> tuple[TreeAction, ...]:
    """The solver-tree path of one street's actions; amounts above the effective ``stack`` are clipped to it.

    Example:
        >>> from pokergym.engine import HandState
        >>> state = HandState.new(deck=tuple(range(9)), button=0)
        >>> state.raise_to(250); state.call(); state.check(); state.raise_to(300); state.raise_to(1000)
        >>> tree_path(state.view(1).street_history, 19750)
        (('check', 0), ('bet', 300), ('raise', 1000))
    """
    path: list[TreeAction] = []
    for record in records:
        kind = record.kind.name.lower()
        amount = min(record.to, stack) if record.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.CALL) else 0
        path.append((kind, amount))
    return tuple(path)


@lru_cache(maxsize=_BOARDS_KEPT)
def board_strength(board: tuple[int, ...]) -> npt.NDArray[np.int64]:
    """Per combo, the evaluator's rank of its cards with ``board`` (1 is the best hand; 0 where blocked).

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.evaluator.combos import combo_index
        >>> strength = board_strength(tuple(parse_cards("Td9d6h")))
        >>> aces, sevens = (combo_index(*parse_cards(h)) for h in ("AcAs", "7c2s"))
        >>> bool(0 < strength[aces] < strength[sevens])
        True
    """
    live = np.flatnonzero(block(np.ones(N_COMBOS), board) > 0.0)
    rows = np.empty((len(live), 2 + len(board)), dtype=np.uint8)
    rows[:, :2] = combo_array()[live]
    rows[:, 2:] = board
    strength = np.zeros(N_COMBOS, dtype=np.int64)
    strength[live] = evaluate_batch(rows, check=False)
    strength.setflags(write=False)
    return strength


def representatives(
    weights: Weights, board: tuple[int, ...], max_combos: int, strength: npt.NDArray[np.number] | None = None
) -> Weights:
    """At most ``max_combos`` combos standing for all of ``weights``, each with the weight of those it stands for.

    The combos are ordered by strength on ``board`` (ties in a fixed shuffled
    order) and picked at evenly spaced points of the cumulative weight
    (systematic sampling), so the picks spread over the range's strengths as
    its weight does; every combo's weight goes to the pick nearest to it in
    that order, so the total is kept. ``strength`` orders the combos instead
    of :func:`board_strength` (see :func:`runout_strength`). A range of at most ``max_combos``
    combos comes back unchanged. Keeping the heaviest combos instead would,
    among equal weights, keep the combos of lowest index: the low cards.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> board = tuple(parse_cards("Td9d6h"))
        >>> kept = representatives(block(np.ones(N_COMBOS), board), board, 100)
        >>> int(np.count_nonzero(kept)), round(float(kept.sum()))
        (100, 1176)
        >>> high = combo_array().max(axis=1) // 4          # the rank of each combo's higher card
        >>> bool(np.count_nonzero(kept[high == 12]) > 10)   # ace-high combos are among the picks
        True
    """
    live = np.flatnonzero(weights > 0.0)
    if len(live) <= max_combos:
        return np.array(weights, dtype=np.float64)
    key = board_strength(board) if strength is None else strength
    order = live[np.lexsort((_TIE_ORDER[live], key[live]))]
    cumulative = np.cumsum(weights[order])
    points = (np.arange(max_combos) + 0.5) * (cumulative[-1] / max_combos)
    picks = np.unique(np.minimum(np.searchsorted(cumulative, points), len(order) - 1))
    midpoints = (picks[:-1] + picks[1:]) / 2.0
    group = np.searchsorted(midpoints, np.arange(len(order)), side="right")
    out = np.zeros(N_COMBOS)
    out[order[picks]] = np.bincount(group, weights=weights[order], minlength=len(picks))
    return out


def nearest_columns(strength: npt.NDArray[np.number], hands: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """For each of the 1326 combos, the position in ``hands`` of the combo nearest to it in ``strength``.

    A combo of ``hands`` maps to itself; a combo whose strength is 0 (blocked by the board) to -1.

    Example:
        >>> strength = np.zeros(N_COMBOS); strength[:4] = [4.0, 1.0, 3.0, 9.0]
        >>> nearest_columns(strength, np.array([1, 3]))[:5].tolist()
        [0, 0, 0, 1, -1]
    """
    live = np.flatnonzero(strength > 0)
    order = np.argsort(strength[hands], kind="stable")
    sorted_strength = strength[hands][order]
    position = np.clip(np.searchsorted(sorted_strength, strength[live]), 0, len(hands) - 1)
    below = np.clip(position - 1, 0, len(hands) - 1)
    nearer_below = np.abs(sorted_strength[below] - strength[live]) < np.abs(sorted_strength[position] - strength[live])
    columns = np.full(N_COMBOS, -1, dtype=np.intp)
    columns[live] = order[np.where(nearer_below, below, position)]
    columns[hands] = np.arange(len(hands))
    return columns


@lru_cache(maxsize=4)
def _runout_ranks(board: tuple[int, ...]) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.uint8], npt.NDArray[np.int32]]:
    """``(live, runouts, ranks)``: the live combos, the run-outs' cards, each live combo's rank on each run-out.

    ``ranks[runout, i]``: lower is stronger; 5 MB on a flop, so only a few boards are kept.
    """
    live = np.flatnonzero(block(np.ones(N_COMBOS), board) > 0.0)
    rest = [c for c in range(52) if c not in board]
    extras = list(combinations(rest, 5 - len(board)))
    runouts = np.array(extras, dtype=np.uint8).reshape(len(extras), 5 - len(board))
    rows = np.empty((len(runouts), len(live), 7), dtype=np.uint8)
    rows[:, :, :2] = combo_array()[live]
    rows[:, :, 2 : 2 + len(board)] = board
    rows[:, :, 2 + len(board) :] = runouts[:, None, :]
    ranks = evaluate_batch(rows.reshape(-1, 7), check=False).reshape(len(runouts), len(live))
    return live, runouts, ranks


@lru_cache(maxsize=_BOARDS_KEPT)
def runout_strength(board: tuple[int, ...]) -> npt.NDArray[np.float64]:
    """Per combo, 1 less its mean share of the live combos it beats (ties half) over every run-out of ``board``.

    A strength on the scale of :func:`board_strength`'s order (lower is stronger, 0 where blocked) that counts
    what the turn and river bring: a flush draw is as strong as the made hands it wins as often as, where
    :func:`board_strength` ranks it by its high card. The opponent is any live combo, card removal left out
    (an order, not an equity). On the river it orders as :func:`board_strength` does.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.evaluator.combos import combo_index
        >>> flop = tuple(parse_cards("Td9d6h"))
        >>> draw, ace_high = (combo_index(*parse_cards(h)) for h in ("Ad5d", "Ac5c"))
        >>> made = board_strength(flop)
        >>> bool(made[draw] == made[ace_high]), bool(runout_strength(flop)[draw] < runout_strength(flop)[ace_high])
        (True, True)
    """
    live, runouts, ranks = _runout_ranks(board)
    masks = _card_masks()[:, live]
    beaten = np.zeros(len(live))
    for k, extra in enumerate(runouts):
        alive = ~masks[extra].any(axis=0)
        mine = ranks[k, alive]
        ordered = np.sort(mine)
        above = np.searchsorted(ordered, mine, side="right")
        worse, ties = len(ordered) - above, above - np.searchsorted(ordered, mine, side="left") - 1
        beaten[alive] += (worse + 0.5 * ties) / (len(ordered) - 1)
    strength = np.zeros(N_COMBOS)
    strength[live] = 1.0 - beaten / len(runouts) + 1e-9
    strength.setflags(write=False)
    return strength


@lru_cache(maxsize=4)
def _runout_orders(board: tuple[int, ...]) -> npt.NDArray[np.intp]:
    """Per run-out of ``board``, the live combos' positions (as in :func:`_runout_ranks`) strongest first."""
    orders: npt.NDArray[np.intp] = np.argsort(_runout_ranks(board)[2], axis=1, kind="stable")
    return orders


@numba.njit(cache=True, nogil=True)
def _equity_sweep(ranks: Any, orders: Any, runouts: Any, pairs: Any, weights: Any) -> Any:
    """``(won, met)`` per live combo summed over the run-outs: the range's weight it beats (ties half), and all of it.

    On each run-out (``orders``: its combos strongest first) the combos it blocks sit out; the others are swept
    from strongest to weakest, keeping the range's weight seen so far in all and per card, so that each combo's
    count leaves out the combos holding one of its cards (itself included) in O(1).
    """
    n = pairs.shape[0]
    won, met = np.zeros(n), np.zeros(n)
    dealt = np.zeros(52, dtype=np.bool_)
    order = np.empty(n, dtype=np.int64)
    per_card, before_card, group_card = np.zeros(52), np.zeros(52), np.zeros(52)
    for k in range(runouts.shape[0]):
        for c in runouts[k]:
            dealt[c] = True
        count, total = 0, 0.0
        per_card[:] = 0.0
        for i in orders[k]:  # strongest first
            if not (dealt[pairs[i, 0]] or dealt[pairs[i, 1]]):
                order[count] = i
                count += 1
                total += weights[i]
                per_card[pairs[i, 0]] += weights[i]
                per_card[pairs[i, 1]] += weights[i]
        before = 0.0
        before_card[:] = 0.0
        start = 0
        while start < count:
            stop, group = start, 0.0
            while stop < count and ranks[k, order[stop]] == ranks[k, order[start]]:
                i = order[stop]
                group += weights[i]
                group_card[pairs[i, 0]] += weights[i]
                group_card[pairs[i, 1]] += weights[i]
                stop += 1
            for j in range(start, stop):
                i, a, b = order[j], pairs[order[j], 0], pairs[order[j], 1]
                meets = total - per_card[a] - per_card[b] + weights[i]
                stronger = before - before_card[a] - before_card[b]
                ties = group - group_card[a] - group_card[b] + weights[i]
                won[i] += meets - stronger - 0.5 * ties
                met[i] += meets
            before += group
            for j in range(start, stop):  # the group's cards into the stronger side, and the group's sums cleared
                for c in pairs[order[j]]:
                    before_card[c] += group_card[c]
                    group_card[c] = 0.0
            start = stop
        for c in runouts[k]:
            dealt[c] = False
    return won, met


def runout_equity(board: tuple[int, ...], weights: Weights) -> Weights:
    """Per combo, its equity (wins and half the ties) against the range ``weights`` over every run-out of ``board``.

    Exact card removal: on each run-out, only the range's combos that share no card with the board, the
    run-out or the combo itself count, each by its weight. A combo ``board`` blocks, or one that no combo
    of the range can meet, gets 0.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.evaluator.combos import combo_index
        >>> flop = tuple(parse_cards("Td9d6h"))
        >>> nuts, air = (combo_index(*parse_cards(h)) for h in ("8c7c", "3c2s"))
        >>> equity = runout_equity(flop, np.ones(1326))
        >>> bool(equity[nuts] > 0.8 > 0.2 > equity[air] > 0.0)
        True
    """
    live, runouts, ranks = _runout_ranks(board)
    range_weights = block(np.asarray(weights, dtype=np.float64), board)[live]
    won, met = _equity_sweep(ranks, _runout_orders(board), runouts, combo_array()[live], range_weights)
    equity = np.zeros(N_COMBOS)
    equity[live] = np.where(met > 0.0, won / np.where(met > 0.0, met, 1.0), 0.0)
    return equity


def strength_order(board: tuple[int, ...], runout: bool) -> npt.NDArray[np.number]:
    """The strength the combo cap and the proxies follow on ``board``.

    Made (:func:`board_strength`) or, with ``runout`` before the river, :func:`runout_strength`.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> river = tuple(parse_cards("Td9d6h2cKs"))
        >>> strength_order(river, True) is board_strength(river)
        True
    """
    return runout_strength(board) if runout and len(board) < 5 else board_strength(board)
