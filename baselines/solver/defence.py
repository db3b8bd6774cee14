"""The minimum defence after the flop: a solve's folds cut to what keeps any bet from winning at once with any hand.

The flop's solve starts from ranges the preflop range tables model (there are
no values per hand from a preflop solve to re-solve against safely, see
:mod:`baselines.solver.agent`), so against an opponent whose range is not the
modelled one it can fold more than a bet's price allows: facing a bet or
raise that adds ``r`` chips to a pot of ``P`` (``r`` included), folding more
than ``r / P`` of the range lets the opponent bet any two cards for a profit
before the cards are seen. Measured on 200 hands of local best response
(``pokergym exploit solver --seed 11``, 8e23b6d): after a min-raise and a
call, the big blind's checking range folded 8 of 12 times to half-pot bets,
4 of 5 to pot and 12 of 14 to twice the pot (the minimum defence folds at
most 33%, 50% and 67%).

:func:`defend_street` raises the continuing share of one player's range at each
of its decisions on a solve's first street (the flop, the turn or the river
the solve starts on) that face a bet to at least ``1 - r / P``: where the
solve folds more, the folding hands whose call is worth the most in the
solve (its expected value per hand after the call) call instead, the last one
in part. Nodes are taken from the root down, so a node's range is the one
the defended strategy above it leads to; the rest of the tree keeps the
solve's strategy (:meth:`~pokergym.solver.Solution.override`). The preflop
counterpart is :mod:`baselines.solver.preflop`.

The agent applies it with ``solver:defend=flop`` (or ``turn``, ``river``: every
street up to that one); not by default, as LBR did not win less against it: on
seed 1's 2,000 hands +1,229 mbb/hand with the flop defended and +1,363 with
every street, against +559 without on the same decks (by AIVAT +990, +1,195
and +837; ``benchmarks/RESULTS.md``, "A minimum defence after the flop").

Example:
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.solver import Menu, Range, Spot, solve
    >>> spot = Spot(parse_cards("Td9d6h"), 400, 19800, (Range.parse("22+,A2+,K2+,Q2+,J2+"), Range.parse("AA,KK")),
    ...             Menu.uniform("50", "2.5x", raise_cap=1), betting_streets=1)
    >>> solution = solve(spot, iterations=50)
    >>> defend_street(solution, 0)
    1
    >>> round(continuing_share(solution, (("check", 0), ("bet", 200))), 3)  # 1 - 200 / 600
    0.667
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from pokergym.solver import Solution
from pokergym.solver.spot import TreeAction
from pokergym.solver.tree import DECISION

__all__ = ["continuing_share", "converted_folds", "defence_floor", "defend_street", "minimum_defence"]

Path = tuple[TreeAction, ...]


def defence_floor(pot: int, path: Path) -> float:
    """``1 - r / P`` at the node ``path`` leads to on a street that starts with ``pot`` chips.

    ``r`` is what the last bet or raise added (its total on the street less the bettor's earlier bet there), ``P``
    the pot with it. 0 where no bet is faced.

    Example:
        >>> round(defence_floor(400, (("check", 0), ("bet", 200))), 3)  # a half-pot bet: continue with 2/3
        0.667
        >>> round(defence_floor(400, (("bet", 200), ("raise", 500))), 3)  # raised to 500 over 200: 1 - 500 / 1100
        0.545
    """
    bets = [0, 0]
    actor, added = 0, 0
    for kind, amount in path:
        if kind in ("bet", "raise"):
            added = amount - bets[actor]
            bets[actor] = amount
        elif kind == "call":
            bets[actor] = bets[1 - actor]
            added = 0
        actor = 1 - actor
    if added <= 0:
        return 0.0
    return minimum_defence(added, pot + bets[0] + bets[1])


def continuing_share(solution: Solution, path: Path) -> float:
    """The share of the actor's range at ``path``'s node that does not fold (its reach there as the weights)."""
    node = solution.tree.follow(path)[0]
    weights = solution.reach(path, int(solution.tree.player[node]))
    actions = [solution.tree.label(child) for child in solution.tree.children_of(node)]
    fold = _fold_index(actions)
    folding = 0.0 if fold is None else float(weights @ solution.strategy(node)[fold])
    total = float(weights.sum())
    return 1.0 - folding / total if total > 0.0 else 1.0


def defend_street(solution: Solution, player: int) -> int:
    """Give ``player`` the minimum defence at each of its decisions on the solve's first street; nodes changed.

    Args:
        solution: a solve whose first street is the one to defend (later streets are left as solved).
        player: 0 out of position, 1 in position.

    Returns:
        The number of nodes whose strategy was changed.
    """
    changed = 0
    for node, path, actions in _facing(solution, player):
        floor = defence_floor(solution.spot.pot, path)
        fold, call = _fold_index(actions), _call_index(actions)
        if fold is None or call is None or floor <= 0.0:
            continue
        strategy = solution.strategy(node)
        weights = solution.reach(path, player)
        call_value = np.nan_to_num(solution.ev((*path, actions[call]), player), nan=-np.inf)
        converted = _converted(strategy[fold], weights, call_value, floor)
        if not converted.any():
            continue
        moved = strategy[fold] * converted
        strategy[fold] -= moved
        strategy[call] += moved
        solution.override(node, strategy)
        changed += 1
    return changed


def _converted(
    fold_p: npt.NDArray[np.float64], weights: npt.NDArray[np.float64], call_value: npt.NDArray[np.float64], floor: float
) -> npt.NDArray[np.float64]:
    """Per hand, the share of its folds that call so that ``weights`` continues with ``floor`` of its total."""
    order = np.argsort(-call_value, kind="stable")  # the folds that lose least by calling go first
    return converted_folds(weights * fold_p, float(weights.sum()), floor, order)


def converted_folds(
    folding: npt.NDArray[np.float64], total: float, floor: float, order: npt.NDArray[np.intp]
) -> npt.NDArray[np.float64]:
    """Per entry, the share of its folding weight that must continue for ``floor`` of ``total`` to continue.

    ``folding`` is each entry's folding weight (of a range weighing ``total``); the folds are converted in
    ``order``, the last one in part. The one rule behind both minimum defences (preflop per hand class,
    :mod:`baselines.solver.preflop`; after it per hand).

    Example:
        >>> converted_folds(np.array([0.2, 0.3, 0.1]), 1.0, 0.6, np.array([2, 0, 1])).round(3).tolist()
        [0.5, 0.0, 1.0]
    """
    missing = floor * total - (total - float(folding.sum()))
    converted = np.zeros_like(folding)
    if missing <= 0.0:
        return converted
    ordered = folding[order]
    taken = np.clip(missing - (np.cumsum(ordered) - ordered), 0.0, ordered)
    converted[order] = np.divide(taken, ordered, out=np.zeros_like(taken), where=ordered > 0.0)
    return converted


def minimum_defence(added: int, pot: int) -> float:
    """``1 - r / P``: the share of its range a player facing a bet or raise that added ``r`` to a pot ``P`` keeps.

    Folding more lets the bet win at once with any two cards. ``P`` includes ``r``.

    Example:
        >>> round(minimum_defence(200, 600), 3)  # a half-pot bet
        0.667
    """
    return (pot - added) / pot


def _facing(solution: Solution, player: int) -> Iterator[tuple[int, Path, list[TreeAction]]]:
    """``player``'s decisions on the first street that can fold (node, path, actions), each after those above it."""
    tree = solution.tree
    stack: list[tuple[int, Path]] = [(tree.root, ())]
    while stack:
        node, path = stack.pop()
        if tree.kind[node] != DECISION:
            continue
        children = list(tree.children_of(node))
        actions = [tree.label(child) for child in children]
        if int(tree.player[node]) == player and actions[0][0] == "fold":
            yield node, path, actions
        stack.extend((child, (*path, action)) for child, action in zip(children[::-1], actions[::-1], strict=True))


def _fold_index(actions: list[TreeAction]) -> int | None:
    return next((i for i, (kind, _) in enumerate(actions) if kind == "fold"), None)


def _call_index(actions: list[TreeAction]) -> int | None:
    return next((i for i, (kind, _) in enumerate(actions) if kind == "call"), None)
