"""The solver agent's solved preflop: its play and both players' ranges from :func:`pokergym.solver.solve_preflop`.

With ``preflop="solved"`` the agent plays the preflop abstraction's average
strategy (:mod:`pokergym.solver.preflop`: the 169 classes, the menu's sizes,
an equity-realisation value at the flop) instead of the range tables, and
starts the flop with the ranges that strategy implies: each player's class
weights multiplied by the probability of every preflop action it took. An
opponent's raise to a size off the menu goes into the tree at its real amount
(``extra``) and the abstraction is solved again with it, so the big blind's
defence and the opener's modelled range are those of that size, never of a
nearby one. Each tree is solved once per process (about 2 s with the
defaults, more with sizes inserted) and kept.

Example:
    >>> from pokergym.engine import HandState
    >>> state = HandState.new(deck=tuple(range(9)), button=0)
    >>> state.raise_to(500)                        # an open to 5 big blinds, on the menu
    >>> distribution = solved_probabilities(state.view(1))
    >>> sorted({a.kind.name for a, _ in distribution}) <= ["CALL", "FOLD", "RAISE"]
    True
    >>> button, big_blind = solved_ranges(state.config, 0, state.history)
    >>> 0.0 < float(button.mean()) < 0.5 < float(big_blind.mean())   # the open narrows the button's range
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Final

import numpy as np
import numpy.typing as npt

from baselines.policy import ActionDistribution, merge
from baselines.solver.ranges import block, runout_equity
from pokergym.engine.actions import Action, ActionKind, ActionRecord, Street
from pokergym.engine.config import GameConfig
from pokergym.engine.view import PlayerView
from pokergym.errors import PokerGymError
from pokergym.evaluator.combos import combo_index
from pokergym.solver.preflop import Line, PreflopMenu, PreflopSolution, combo_classes, preflop_tree, solve_preflop

__all__ = [
    "FLOP_VALUES",
    "PREFLOP_ITERATIONS",
    "PREFLOP_MODELS",
    "board_shares",
    "flop_shares",
    "flop_values",
    "solved_line",
    "solved_probabilities",
    "solved_ranges",
]

Weights = npt.NDArray[np.float64]
Key = tuple[int, int]
"""A preflop action as the tree matches it: ``(0, 0)`` fold, ``(1, 0)`` check or call, ``(2, to)`` a raise to ``to``."""

PREFLOP_ITERATIONS: Final = 400
"""Discounted CFR iterations per preflop tree (the abstraction's exploitability about 3 mbb a hand, 1 s)."""

FLOP_VALUES: Final = ("classes", "proportional", "board")
"""The agent's ``flop_values``: :func:`flop_shares` with either split of the button's, or :func:`board_shares`."""

PREFLOP_MODELS: Final = MappingProxyType(
    {
        "linear": PreflopMenu(),
        "curved": PreflopMenu(curve=2.0, realization=0.9, raiser_realization=0.9),
        "typed": PreflopMenu(
            big_blind_bonus=(0.33, 0.071, 0.087, 0.039, 0.075, -0.039),
            button_bonus=(0.304, 0.045, 0.12, 0.052, 0.063, -0.065),
        ),
    }
)
"""The agent's ``preflop_model`` values: the realisation models of :class:`~pokergym.solver.PreflopMenu`.

``"linear"`` (the default): the big blind realises 0.8 of its equity deep (all of it where it raised last),
the button the rest of the pot; ``"curved"``: each matchup's equity through an S-curve of exponent 2 first,
and the big blind 0.9 deep either way (``curve``: the hand behind realises less than its equity, so the
button folds its weakest hands instead of playing 99% of them); ``"typed"``: the linear model plus a bonus by
hand group (:data:`~pokergym.solver.ranges.HAND_GROUPS`) and seat, fitted to what each group won after the flop
in the postflop solver (``benchmarks/realisation.py``, 20 flops of the single-raised pot): pairs, suited
connectors and broadways win more than their realised equity, other offsuit hands less. The big blind's pairs
and suited aces, which that line's big blind never held, take the button's bonus over its other offsuit hands.
"""
_MENU: Final = PREFLOP_MODELS["linear"]
_CACHE: Final = 256
"""Preflop trees kept per process (one per set of inserted sizes)."""


def _key(kind: ActionKind, to: int, cap: int) -> Key:
    if kind == ActionKind.FOLD:
        return (0, 0)
    if kind in (ActionKind.CHECK, ActionKind.CALL):
        return (1, 0)
    return (2, min(to, cap))


def _keys(history: Sequence[ActionRecord], cap: int) -> tuple[Key, ...]:
    return tuple(_key(r.kind, r.to, cap) for r in history if r.street == Street.PREFLOP)


@lru_cache(maxsize=_CACHE)
def _solved(config: GameConfig, extra: tuple[tuple[Line, tuple[int, ...]], ...], menu: PreflopMenu) -> PreflopSolution:
    return solve_preflop(config, menu, extra=dict(extra), iterations=PREFLOP_ITERATIONS)


@lru_cache(maxsize=4096)
def _placed(config: GameConfig, keys: tuple[Key, ...], menu: PreflopMenu) -> tuple[PreflopSolution, Line]:
    """The solved tree that holds the line ``keys`` (sizes off the menu inserted) and the line in its actions.

    The sizes to insert are found on the unsolved trees (:func:`~pokergym.solver.preflop.preflop_tree`), so
    each line costs one solve.
    """
    extra: dict[Line, tuple[int, ...]] = {}
    while True:
        tree = preflop_tree(config, menu, extra=extra)
        line: list[Action] = []
        for key in keys:
            found = [a for a in tree[tuple(line)] if _key(a.kind, a.amount, config.effective_stack) == key]
            if found:
                line.append(found[0])
                continue
            if key[0] != 2:
                raise PokerGymError(f"preflop action {key} has no counterpart in the tree after {line}")
            extra[tuple(line)] = (*extra.get(tuple(line), ()), key[1])
            break
        else:
            return _solved(config, tuple(sorted(extra.items(), key=_line_order)), menu), tuple(line)


def _line_order(item: tuple[Line, tuple[int, ...]]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """A total order on inserted sizes (by their line), so that one set of sizes is one cache entry."""
    return len(item[0]), tuple((int(a.kind), a.amount) for a in item[0])


def solved_line(
    config: GameConfig, history: Sequence[ActionRecord], menu: PreflopMenu = _MENU
) -> tuple[PreflopSolution, Line]:
    """The tree solved with ``menu`` that holds ``history``'s preflop actions, and those actions as its line."""
    return _placed(config, _keys(history, config.effective_stack), menu)


def solved_probabilities(view: PlayerView, menu: PreflopMenu = _MENU) -> ActionDistribution:
    """The solved preflop strategy of ``view``'s hand class at its spot, as legal engine actions.

    Raises:
        PokerGymError: if the view is not a preflop decision.
    """
    legal = view.legal
    if view.street != Street.PREFLOP or legal is None:
        raise PokerGymError("solved_probabilities needs a preflop decision")
    solution, line = solved_line(view.config, view.history, menu)
    column = combo_classes()[combo_index(*view.hole)]
    weighted = []
    for action, p in zip(solution.actions(line), solution.strategy(line)[:, column], strict=True):
        if action.kind == ActionKind.RAISE:
            action = Action.raise_to(min(max(action.amount, legal.min_raise_to), legal.max_raise_to))
        weighted.append((action, float(p)))
    return merge(weighted)


def solved_ranges(
    config: GameConfig, button: int, history: Sequence[ActionRecord], tremble: float = 0.0, menu: PreflopMenu = _MENU
) -> tuple[Weights, Weights]:
    """Each seat's range (per combo, not normalised, cards not blocked) after ``history``'s preflop actions.

    ``tremble`` mixes each action's probability with uniformly random play over the node's actions.
    """
    solution, line = solved_line(config, history, menu)
    by_position = [reach[combo_classes()] for reach in solution.reach(line, tremble)]
    return (by_position[0], by_position[1]) if button == 0 else (by_position[1], by_position[0])


def flop_shares(
    config: GameConfig,
    button: int,
    history: Sequence[ActionRecord],
    seat: int,
    model: str = "remainder",
    menu: PreflopMenu = _MENU,
) -> Weights:
    """Per combo, the share of the flop's pot ``seat``'s hand wins in the solved abstraction's model.

    ``history``'s preflop actions must end at the flop; ``model`` splits the button's share over its hands; see
    :meth:`~pokergym.solver.PreflopSolution.flop_shares`.
    """
    solution, line = solved_line(config, history, menu)
    shares: Weights = solution.flop_shares(line, 0 if seat == button else 1, model)[combo_classes()]
    return shares


def board_shares(
    config: GameConfig,
    button: int,
    history: Sequence[ActionRecord],
    seat: int,
    board: tuple[int, ...],
    menu: PreflopMenu = _MENU,
) -> Weights:
    """Per combo, the share of the flop's pot ``seat``'s hand wins in the abstraction's model, by its equity here.

    Where :func:`flop_shares` prices a hand by its preflop class, this uses its equity on this flop against the
    other player's range at the flop (:func:`~baselines.solver.ranges.runout_equity`), realised as the model says:
    the big blind's times the line's realisation; the button's one factor times its equity, the factor that gives
    the button's range (each combo by its weight) the rest of the pot. A hand that missed this flop is worth what
    it holds here, not its class's average over every flop.

    Raises:
        ValueError: if ``menu`` bends the equities (``curve`` other than 1) or pays bonuses by hand group: the
            curve is of a matchup's equity and the bonuses are by class, and this prices a hand by its equity
            against a whole range.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.engine import HandState
        >>> from pokergym.evaluator.combos import combo_index
        >>> state = HandState.new(deck=tuple(parse_cards("AsKd7c2dTd9d6h3h4s")), button=0)
        >>> state.raise_to(250)
        >>> state.call()
        >>> shares = board_shares(state.config, 0, state.history, 0, state.board)
        >>> set_of_nines, air = (combo_index(*parse_cards(h)) for h in ("9h9c", "3c2s"))
        >>> bool(shares[set_of_nines] > 0.9 > 0.2 > shares[air])
        True
    """
    if menu.curve != 1.0 or menu.typed:
        raise ValueError(
            f"board shares follow a linear realisation model, not one with curve {menu.curve} or bonuses by hand group"
        )
    solution, line = solved_line(config, history, menu)
    realisation = solution.realisation(line)
    by_seat = solved_ranges(config, button, history, menu=menu)
    equity = runout_equity(board, by_seat[1 - seat])
    if seat != button:
        big_blind: Weights = realisation * equity
        return big_blind
    own = block(by_seat[seat], board)
    held = float(own @ equity) / float(own.sum())
    factor = (1.0 - realisation * (1.0 - held)) / held if held > 0.0 else 1.0
    shares: Weights = factor * equity
    return shares


def flop_values(
    config: GameConfig,
    button: int,
    history: Sequence[ActionRecord],
    seat: int,
    board: tuple[int, ...],
    kind: str,
    menu: PreflopMenu = _MENU,
) -> Weights:
    """Per combo, ``seat``'s share of the flop's pot as the solver agent's ``flop_values`` option ``kind`` prices it.

    ``"classes"``: :func:`flop_shares`, the button taking the rest of each matchup's pot; ``"proportional"``:
    :func:`flop_shares` with the button's share proportional to its class's equity; ``"board"``:
    :func:`board_shares`; each in the abstraction solved with ``menu``.

    Raises:
        ValueError: if ``kind`` is not one of :data:`FLOP_VALUES`, or is ``"board"`` with a curved ``menu``.
    """
    if kind == "board":
        return board_shares(config, button, history, seat, board, menu)
    if kind not in FLOP_VALUES:
        raise ValueError(f"flop values must be one of {', '.join(FLOP_VALUES)}, got {kind!r}")
    model = "remainder" if kind == "classes" else "proportional"
    return flop_shares(config, button, history, seat, model, menu)
