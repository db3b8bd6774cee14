"""Vectorised CFR and CFR+ for batches of single-street bucket games.

A *bucket game* (:class:`BucketGame`) is a :class:`~baselines.cfr.game.BettingTree`
played after chance gives OOP bucket ``i`` and IP bucket ``j`` with
probability ``weights[g, i, j]``; a showdown pays OOP ``pot x (equity[g, i, j]
- 1/2)`` (both have put in half the pot) and a fold costs the folder what it
has put in. Several games (index ``g``: textures, streets) share the tree and
are solved together: every quantity is an array over ``(game, bucket)``, so
one walk of the tree updates all information sets of all games at once.

The walk computes counterfactual values: at a terminal the value of player
``p`` holding bucket ``i`` is the sum over the opponent's buckets ``j`` of
``weights[i, j] x reach_opp[j] x payoff`` -- regrets are weighted by chance
and by the opponent's reach, which the LiveGTO code left out (its regrets
were those of a game without the bucket prior). An information set is
(decision node, bucket of the player to act).

:class:`CFRBase` holds the one implementation; its switches pick the variant:

* ``regret_floor``: clip cumulative regrets at zero after every update
  (regret-matching+);
* ``linear_average``: weight iteration ``t`` by ``t`` in the average strategy;
* ``alternating``: update OOP, then IP against OOP's new strategy.

:class:`CFRSolver` (vanilla: none of them) and :class:`CFRPlusSolver` (all
three) are the public faces. :meth:`CFRBase.nash_conv` is exact: a best
response is computed on the whole abstract game, with no sampling.

Example:
    >>> from baselines.cfr.kuhn import kuhn_game
    >>> solver = CFRPlusSolver(kuhn_game())
    >>> solver.run(300)
    >>> bool(solver.nash_conv()[0] < 1e-3)
    True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from baselines.cfr.game import IP, OOP, BettingTree, Node

__all__ = ["BucketGame", "CFRBase", "CFRPlusSolver", "CFRSolver"]

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class BucketGame:
    """A batch of bucket games on one betting tree.

    Attributes:
        tree: the betting tree.
        weights: ``(games, n, n)`` chance probability of (OOP bucket, IP bucket); each game sums to one.
        equity: ``(games, n, n)`` OOP's share of the pot at a showdown.
    """

    tree: BettingTree
    weights: FloatArray
    equity: FloatArray

    def __post_init__(self) -> None:
        """Check the shapes.

        Raises:
            ValueError: if the arrays are not ``(games, n, n)`` of equal shape.
        """
        if (
            self.weights.ndim != 3
            or self.weights.shape != self.equity.shape
            or self.weights.shape[1:2] * 2 != (self.weights.shape[1:])
        ):
            raise ValueError(
                f"weights and equity must both be (games, n, n), got {self.weights.shape}, {self.equity.shape}"
            )

    @property
    def games(self) -> int:
        """Number of games in the batch."""
        return int(self.weights.shape[0])

    @property
    def buckets(self) -> int:
        """Number of buckets per player."""
        return int(self.weights.shape[1])


_Mode = Callable[[Node, list[FloatArray], FloatArray], FloatArray]


class CFRBase:
    """Counterfactual regret minimisation on a :class:`BucketGame`; variants by switches.

    Args:
        game: the games to solve.
        regret_floor: clip cumulative regrets at zero (regret-matching+).
        linear_average: weight iteration ``t`` by ``t`` in the average strategy (else uniformly).
        alternating: update the players one after the other (else simultaneously).
    """

    def __init__(self, game: BucketGame, *, regret_floor: bool, linear_average: bool, alternating: bool) -> None:
        self.game = game
        self.regret_floor = regret_floor
        self.linear_average = linear_average
        self.alternating = alternating
        self.iterations = 0
        g, n = game.games, game.buckets
        self._showdown = game.weights * (game.equity - 0.5)
        self._regrets: dict[int, FloatArray] = {}
        self._sums: dict[int, FloatArray] = {}
        self._current: dict[int, FloatArray] = {}
        for node in game.tree.decisions:
            shape = (g, n, len(node.actions))
            self._regrets[node.index] = np.zeros(shape)
            self._sums[node.index] = np.zeros(shape)
            self._current[node.index] = np.full(shape, 1.0 / len(node.actions))

    # ------------------------------------------------------------ values
    def _terminal(self, node: Node, player: int, reach_opp: FloatArray) -> FloatArray:
        """Counterfactual values ``(games, n)`` of ``player`` at a terminal."""
        sign = 1.0 if player == OOP else -1.0
        if node.folder < 0:
            matrix, scale = self._showdown, sign * (node.invested[0] + node.invested[1])
        else:
            matrix = self.game.weights
            lost = node.invested[node.folder]  # the folder's chips go to the other player
            scale = -lost if node.folder == player else lost
        spec = "gij,gj->gi" if player == OOP else "gij,gi->gj"
        return np.asarray(scale * np.einsum(spec, matrix, reach_opp), dtype=np.float64)

    def _walk(
        self, node: Node, player: int, reach_opp: FloatArray, own: _Mode, opp_strategy: dict[int, FloatArray]
    ) -> FloatArray:
        """Values of ``player`` below ``node``; ``own`` combines them at ``player``'s decisions."""
        if node.terminal:
            return self._terminal(node, player, reach_opp)
        nodes = self.game.tree.nodes
        if node.player == player:
            values = [self._walk(nodes[c], player, reach_opp, own, opp_strategy) for c in node.children]
            return own(node, values, reach_opp)
        strategy = opp_strategy[node.index]
        total = np.zeros_like(reach_opp)
        for a, child in enumerate(node.children):
            total += self._walk(nodes[child], player, reach_opp * strategy[:, :, a], own, opp_strategy)
        return total

    # ------------------------------------------------------------ training
    def _regret_pass(self, player: int) -> dict[int, FloatArray]:
        """Instantaneous regrets of ``player`` against the current profile, and its reach-weighted strategy."""
        increments: dict[int, FloatArray] = {}
        own_reach: dict[int, FloatArray] = {}
        self._own_reach(self.game.tree.nodes[0], player, np.ones((self.game.games, self.game.buckets)), own_reach)

        def combine(node: Node, values: list[FloatArray], _: FloatArray) -> FloatArray:
            stacked = np.stack(values, axis=2)
            value = np.asarray(np.einsum("gia,gia->gi", stacked, self._current[node.index]), dtype=np.float64)
            increments[node.index] = stacked - value[:, :, None]
            return value

        reach = np.ones((self.game.games, self.game.buckets))
        self._walk(self.game.tree.nodes[0], player, reach, combine, self._current)
        weight = float(self.iterations + 1) if self.linear_average else 1.0
        for index, reach_here in own_reach.items():
            self._sums[index] += weight * reach_here[:, :, None] * self._current[index]
        return increments

    def _own_reach(self, node: Node, player: int, reach: FloatArray, out: dict[int, FloatArray]) -> None:
        """Fill ``out`` with ``player``'s own reach at each of its decisions."""
        if node.terminal:
            return
        if node.player == player:
            out[node.index] = reach
        strategy = self._current[node.index]
        for a, child in enumerate(node.children):
            below = reach * strategy[:, :, a] if node.player == player else reach
            self._own_reach(self.game.tree.nodes[child], player, below, out)

    def _apply(self, increments: dict[int, FloatArray]) -> None:
        for index, delta in increments.items():
            regrets = self._regrets[index] + delta
            if self.regret_floor:
                np.maximum(regrets, 0.0, out=regrets)
            self._regrets[index] = regrets
            positive = np.maximum(regrets, 0.0)
            total = positive.sum(axis=2, keepdims=True)
            uniform = 1.0 / positive.shape[2]
            self._current[index] = np.divide(positive, total, out=np.full(positive.shape, uniform), where=total > 0)

    def iterate(self) -> None:
        """Run one iteration (both players update once)."""
        if self.alternating:
            for player in (OOP, IP):
                self._apply(self._regret_pass(player))
        else:
            first = self._regret_pass(OOP)
            second = self._regret_pass(IP)
            self._apply(first)
            self._apply(second)
        self.iterations += 1

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations."""
        for _ in range(iterations):
            self.iterate()

    # ------------------------------------------------------------ results
    def average_strategy(self) -> dict[int, FloatArray]:
        """The average strategy: node index -> ``(games, n, actions)``, uniform where never reached."""
        result = {}
        for index, sums in self._sums.items():
            total = sums.sum(axis=2, keepdims=True)
            uniform = 1.0 / sums.shape[2]
            result[index] = np.divide(sums, total, out=np.full(sums.shape, uniform), where=total > 0)
        return result

    def _profile_walk(self, player: int, own: _Mode, strategy: dict[int, FloatArray]) -> FloatArray:
        reach = np.ones((self.game.games, self.game.buckets))
        values = self._walk(self.game.tree.nodes[0], player, reach, own, strategy)
        return np.asarray(values.sum(axis=1), dtype=np.float64)

    def best_response_values(self, strategy: dict[int, FloatArray] | None = None) -> tuple[FloatArray, FloatArray]:
        """Exact best-response values ``(games,)`` of OOP and of IP against ``strategy`` (default: the average).

        Example:
            >>> from baselines.cfr.kuhn import kuhn_game
            >>> oop, ip = CFRSolver(kuhn_game()).best_response_values()
            >>> round(float(oop[0] + ip[0]), 4)  # uniform play in Kuhn poker (pot units)
            0.4583
        """
        profile = self.average_strategy() if strategy is None else strategy

        def best(_: Node, values: list[FloatArray], __: FloatArray) -> FloatArray:
            return np.asarray(np.max(np.stack(values, axis=2), axis=2), dtype=np.float64)

        return self._profile_walk(OOP, best, profile), self._profile_walk(IP, best, profile)

    def nash_conv(self, strategy: dict[int, FloatArray] | None = None) -> FloatArray:
        """Sum of both best-response gains ``(games,)``, in pots; zero exactly at an equilibrium.

        The exploitability is half of it.
        """
        oop, ip = self.best_response_values(strategy)
        return oop + ip

    def exploitability(self, strategy: dict[int, FloatArray] | None = None) -> FloatArray:
        """Half the :meth:`nash_conv` ``(games,)``: the average gain of a best responder, in pots."""
        return self.nash_conv(strategy) / 2.0

    def game_value(self, strategy: dict[int, FloatArray] | None = None) -> FloatArray:
        """OOP's expected payoff ``(games,)`` under ``strategy`` (default: the average), in pots."""
        profile = self.average_strategy() if strategy is None else strategy

        def follow(node: Node, values: list[FloatArray], _: FloatArray) -> FloatArray:
            return np.asarray(np.einsum("gia,gia->gi", np.stack(values, axis=2), profile[node.index]))

        own_reach = np.ones((self.game.games, self.game.buckets))
        values = self._walk(self.game.tree.nodes[0], OOP, own_reach, follow, profile)
        return np.asarray(values.sum(axis=1), dtype=np.float64)


class CFRSolver(CFRBase):
    """Vanilla CFR: plain regret matching, uniform averaging, simultaneous updates."""

    def __init__(self, game: BucketGame) -> None:
        super().__init__(game, regret_floor=False, linear_average=False, alternating=False)


class CFRPlusSolver(CFRBase):
    """CFR+: regret-matching+, linear averaging, alternating updates."""

    def __init__(self, game: BucketGame) -> None:
        super().__init__(game, regret_floor=True, linear_average=True, alternating=True)
