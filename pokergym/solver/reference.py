"""A plain second implementation of the solver's CFR, for tests and for the benchmark's ratio.

Python recursion over a :class:`~pokergym.solver.tree.GameTree` of the spot
without suit isomorphism (every card a chance node can deal is walked),
terminal values from pairwise ``n x m`` payoff matrices (every pair of
hands compared, cards checked pair by pair), and the same Discounted CFR
schedule with alternating updates. It shares nothing with the compiled
walks but the tree builder, so the two agreeing is evidence that both are
right (where the spot has no interchangeable suits, the two trees are the
same, node for node); it is orders of magnitude slower and meant for small
spots.

Example:
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.solver import Menu, Range, Spot
    >>> ranges = (Range.parse("AA,32o"), Range.parse("KQ"))
    >>> spot = Spot(parse_cards("Ks7d2c5h9s"), 1000, 1000, ranges, Menu.uniform("a"))
    >>> plain = PlainCFR(spot)
    >>> plain.run(200)
    >>> plain.exploitability_pct() < 0.5
    True
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import numpy.typing as npt

from pokergym.evaluator import evaluate
from pokergym.evaluator.combos import COMBO_CARDS
from pokergym.solver._cfr_kernel import dcfr_discounts
from pokergym.solver.spot import Spot
from pokergym.solver.tree import CHANCE, CHECKDOWN, DECISION, FOLD, GameTree, build_tree, chance_divisor

__all__ = ["PlainCFR"]

_Array = npt.NDArray[np.float64]


class PlainCFR:
    """Discounted CFR with per-pair terminal matrices, in plain Python."""

    def __init__(self, spot: Spot) -> None:
        self.spot = spot
        self.tree: GameTree = build_tree(replace(spot, isomorphism=False))
        self.hands = [[COMBO_CARDS[int(c)] for c in spot.hands(p)] for p in range(2)]
        self.weights = [spot.ranges[p].weights[spot.hands(p)].astype(np.float64) for p in range(2)]
        self.regrets: dict[int, _Array] = {}
        self.sums: dict[int, _Array] = {}
        for node in np.flatnonzero(self.tree.kind == DECISION):
            shape = (int(self.tree.n_children[node]), len(self.hands[int(self.tree.player[node])]))
            self.regrets[int(node)] = np.zeros(shape)
            self.sums[int(node)] = np.zeros(shape)
        self._strength: dict[int, list[list[int]]] = {}
        self._equities: dict[int, _Array] = {}
        self._pairs: dict[int, _Array] = {}
        self.iterations = 0

    def _compatible(self, player: int) -> _Array:
        """``(n, m)`` 0/1 matrix: may ``player``'s hand i and the other's hand j be dealt together?"""
        if player not in self._pairs:
            mine, theirs = self.hands[player], self.hands[1 - player]
            self._pairs[player] = np.array([[0.0 if set(a) & set(b) else 1.0 for b in theirs] for a in mine])
        return self._pairs[player]

    def _ranks(self, board: int) -> list[list[int]]:
        if board not in self._strength:
            cards = [int(c) for c in self.tree.boards[board]]
            self._strength[board] = [
                [evaluate([*h, *cards]) if not set(h) & set(cards) else 0 for h in self.hands[p]] for p in range(2)
            ]
        return self._strength[board]

    def _equity(self, index: int) -> _Array:
        """OOP's equity per pair at check-down board ``index``, every run-out dealt (0 for clashing pairs)."""
        if index not in self._equities:
            board = self.tree.checkdowns[index]
            rest = [c for c in range(52) if c not in board]
            runouts = [(a,) for a in rest] if len(board) == 4 else [(a, b) for a in rest for b in rest if a < b]
            equity = np.zeros((len(self.hands[0]), len(self.hands[1])))
            for i, a in enumerate(self.hands[0]):
                for j, b in enumerate(self.hands[1]):
                    if set(a) & set(b) or (set(a) | set(b)) & set(board):  # a clash, or a hand holds a dealt card
                        continue
                    scores = [
                        _score(evaluate([*a, *board, *extra]), evaluate([*b, *board, *extra]))
                        for extra in runouts
                        if not set(extra) & (set(a) | set(b))
                    ]
                    equity[i, j] = sum(scores) / len(scores)
            self._equities[index] = equity
        return self._equities[index]

    def _terminal(self, node: int, player: int, reach_o: _Array) -> _Array:
        tree, pot = self.tree, float(self.spot.pot)
        amount = float(tree.amount[node])
        compatible = self._compatible(player)
        if tree.kind[node] == FOLD:
            payoff = -amount if int(tree.player[node]) == player else pot + amount
            return payoff * (compatible @ reach_o)
        if tree.kind[node] == CHECKDOWN:
            equity = self._equity(int(tree.board[node]))
            share = equity if player == 0 else (1.0 - equity.T) * compatible
            return np.asarray(((pot + 2.0 * amount) * share - amount * compatible) @ reach_o)
        ranks = self._ranks(int(tree.board[node]))
        mine, theirs = np.array(ranks[player])[:, None], np.array(ranks[1 - player])[None, :]
        payoffs = np.where(mine < theirs, pot + amount, np.where(mine > theirs, -amount, pot / 2.0))
        return (payoffs * compatible) @ reach_o

    def _walk(self, node: int, player: int, reach: list[_Array], mode: str, discounts: tuple[float, ...]) -> _Array:
        tree = self.tree
        kind = int(tree.kind[node])
        children = list(tree.children_of(node))
        if kind not in (DECISION, CHANCE):
            return self._terminal(node, player, reach[1 - player])
        if kind == CHANCE:
            out = np.zeros(len(self.hands[player]))
            for child in children:
                card = int(tree.card[child])
                dealt = [r * np.array([card not in h for h in self.hands[p]]) for p, r in enumerate(reach)]
                values = self._walk(child, player, dealt, mode, discounts)
                out += values * np.array([card not in h for h in self.hands[player]])
            return out / chance_divisor(int(tree.amount[node]), len(children))
        actor = int(tree.player[node])
        strategy = self._average(node) if mode != "update" else self._current(node)
        if actor != player:
            out = np.zeros(len(self.hands[player]))
            for a, child in enumerate(children):
                new = list(reach)
                new[actor] = reach[actor] * strategy[a]
                out += self._walk(child, player, new, mode, discounts)
            return out
        values = np.array(
            [
                self._walk(
                    child,
                    player,
                    [reach[0] * strategy[a], reach[1]] if player == 0 else [reach[0], reach[1] * strategy[a]],
                    mode,
                    discounts,
                )
                for a, child in enumerate(children)
            ]
        )
        if mode == "best":
            return np.asarray(values.max(axis=0))
        node_value = (strategy * values).sum(axis=0)
        if mode == "update":
            positive, negative, keep = discounts
            regrets = self.regrets[node]
            regrets *= np.where(regrets > 0.0, positive, negative)
            regrets += values - node_value
            regrets[np.abs(regrets) < 1e-9 * self.spot.pot] = 0.0  # rounding noise, as the compiled solver
            self.sums[node] = self.sums[node] * keep + reach[player] * strategy
        return np.asarray(node_value)

    def _current(self, node: int) -> _Array:
        positive = np.maximum(self.regrets[node], 0.0)
        return _normalise(positive)

    def _average(self, node: int) -> _Array:
        return _normalise(self.sums[node])

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more alternating Discounted CFR iterations (the compiled solver's schedule)."""
        for _ in range(iterations):
            self.iterations += 1
            t = self.iterations
            discounts = dcfr_discounts(t)
            for player in range(2):
                self._walk(self.tree.root, player, list(self.weights), "update", discounts)

    def value(self, player: int, mode: str) -> float:
        """``player``'s expected chips won under ``mode`` (``"average"`` or ``"best"`` response)."""
        values = self._walk(self.tree.root, player, list(self.weights), mode, ())
        norm = float(self.weights[0] @ self._compatible(0) @ self.weights[1])
        return float(self.weights[player] @ values) / norm

    def exploitability_pct(self) -> float:
        """Exploitability of the average strategies in % of the starting pot."""
        pot = self.spot.pot
        return 100.0 * (self.value(0, "best") + self.value(1, "best") - pot) / 2.0 / pot

    def strategy(self, node: int) -> _Array:
        """Average strategy at a decision node, ``(actions, hands)``."""
        return self._average(node)


def _score(mine: int, theirs: int) -> float:
    return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0


def _normalise(values: _Array) -> _Array:
    totals = values.sum(axis=0)
    uniform = np.full_like(values, 1.0 / values.shape[0])
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(totals > 0.0, values / np.where(totals > 0.0, totals, 1.0), uniform)
