"""A solved spot: average strategies per node and hand, values, equities, exploitability; saved to one file.

Nodes are named by their path from the root: the actions taken, as
:data:`~pokergym.solver.spot.TreeAction` pairs, and ``("deal", card)`` for
each turn or river card.

Example:
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.solver import Menu, Range, Spot, solve
    >>> ranges = (Range.parse("AA,32o"), Range.parse("KQ"))
    >>> spot = Spot(parse_cards("Ks7d2c5h9s"), 1000, 1000, ranges, Menu.uniform("a"))
    >>> node = solve(spot, iterations=200).node(())
    >>> node.actions
    [('check', 0), ('bet', 1000)]
    >>> round(float(node.strategy_of("AsAh")[1]), 2)  # the nuts always bet
    1.0
"""

from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from pokergym.cards import parse_cards
from pokergym.errors import SolverError
from pokergym.evaluator.combos import N_COMBOS, combo_index, permuted_combos
from pokergym.solver import _cfr_kernel as K
from pokergym.solver.ranges import Range, class_of_combo
from pokergym.solver.spot import Menu, Sizes, Spot, TreeAction
from pokergym.solver.tree import CHANCE, DECISION

if TYPE_CHECKING:
    from pokergym.solver.solve import Prepared

__all__ = ["NodeView", "Solution"]

_FORMAT = "pokergym-solution-1"


@dataclass(frozen=True)
class NodeView:
    """One node of a solved tree.

    Attributes:
        path: the actions (and cards) from the root.
        player: who acts (-1 at a terminal or chance node).
        actions: the actions available, in the order of ``strategy``'s rows.
        hands: each player's combo indices (:meth:`Spot.hands` order).
        reach: each player's range at the node (combo weights times the probability of the path).
        strategy: ``(len(actions), n_hands[player])`` average strategy of the actor.
        ev: each player's expected chips won from here per hand (net of chips put in since the spot began),
            against the other's range at the node: a counterfactual value, given also for a hand the strategy
            never brings here; ``nan`` where the cards dealt on the way block the hand or the other's range
            holds nothing it can face.
        equity: each player's showdown equity per hand against the other's range at the node; ``nan`` for a
            hand that does not reach the node (its reach is 0).
    """

    path: tuple[TreeAction, ...]
    player: int
    actions: list[TreeAction]
    hands: tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]
    reach: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]
    strategy: npt.NDArray[np.float64]
    ev: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]
    equity: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]

    def strategy_of(self, combo: str) -> npt.NDArray[np.float64]:
        """The actor's action probabilities with ``combo`` (e.g. ``"AsAh"``)."""
        index = combo_index(*parse_cards(combo))
        rows = np.flatnonzero(self.hands[self.player] == index)
        if self.player < 0 or not len(rows):
            raise SolverError(f"{combo} is not in the acting player's range here")
        return self.strategy[:, int(rows[0])]

    def by_class(self) -> dict[str, npt.NDArray[np.float64]]:
        """The actor's strategy per 169-class, averaged over its combos by their reach."""
        if self.player < 0:
            raise SolverError("no one acts at this node")
        totals: dict[str, npt.NDArray[np.float64]] = {}
        weights: dict[str, float] = {}
        reach = self.reach[self.player]
        for i, combo in enumerate(self.hands[self.player]):
            name = class_of_combo(int(combo))
            totals[name] = totals.get(name, 0.0) + reach[i] * self.strategy[:, i]
            weights[name] = weights.get(name, 0.0) + float(reach[i])
        return {name: totals[name] / weights[name] for name in totals if weights[name] > 0.0}


class Solution:
    """Average strategies of a solved spot (see :func:`~pokergym.solver.solve`)."""

    def __init__(
        self, prepared: Prepared, iterations: int, history: list[tuple[int, float]], algorithm: str, seconds: float
    ) -> None:
        self._prepared = prepared
        self.spot = prepared.spot
        self.tree = prepared.tree
        self.iterations = iterations
        self.history = history
        self.algorithm = algorithm
        self.seconds = seconds

    @property
    def exploitability(self) -> float:
        """Exploitability in chips: half of what two best responses win beyond the pot (measured once)."""
        if not self.history or self.history[-1][0] != self.iterations:
            self.history.append((self.iterations, 100.0 * self._prepared.exploitability() / self.spot.pot))
        return self.history[-1][1] * self.spot.pot / 100.0

    @property
    def exploitability_pct(self) -> float:
        """Exploitability as a percentage of the starting pot."""
        return 100.0 * self.exploitability / self.spot.pot

    def values(self) -> tuple[float, float]:
        """Each player's expected chips won from the spot under the average strategies (they sum to the pot)."""
        return self._prepared.values(K.AVERAGE)

    def strategy(self, node: int) -> npt.NDArray[np.float64]:
        """``(actions, hands)`` average strategy at decision node id ``node``."""
        tree = self.tree
        if tree.kind[node] != DECISION:
            raise SolverError(f"node {node} is not a decision node")
        actor = int(tree.player[node])
        sums = self._prepared.store[2 + actor]
        return np.asarray(
            K._strategy(sums, int(tree.offset[node]), int(tree.n_children[node]), self.spot.n_hands[actor], False)
        )

    def override(self, node: int, strategy: npt.ArrayLike) -> None:
        """Replace the average strategy at decision node ``node`` by ``strategy`` (``(actions, hands)``).

        The rest of the tree is not re-solved: every later reach, value and equity read from this solution
        follows the new strategy, and :attr:`exploitability` is measured again for the changed profile.

        Raises:
            SolverError: if ``node`` is not a decision node, or ``strategy`` is not a distribution per hand
                of the node's actor (non-negative, each column summing to 1).

        Example:
            >>> from pokergym.cards import parse_cards
            >>> from pokergym.solver import Menu, Range, Spot, solve
            >>> spot = Spot(parse_cards("Ks7d2c5h9s"), 1000, 1000, (Range.parse("AA,32o"), Range.parse("KQ")),
            ...             Menu.uniform("a"))
            >>> solution = solve(spot, iterations=200)
            >>> n = len(spot.hands(0))
            >>> solution.override(solution.tree.root, np.vstack([np.ones(n), np.zeros(n)]))  # always check
            >>> solution.node(()).strategy_of("AsAh").tolist()
            [1.0, 0.0]
        """
        tree = self.tree
        if not 0 <= node < tree.n_nodes or tree.kind[node] != DECISION:
            raise SolverError(f"node {node} is not a decision node")
        actor = int(tree.player[node])
        shape = (int(tree.n_children[node]), self.spot.n_hands[actor])
        rows = np.asarray(strategy, dtype=np.float64)
        if rows.shape != shape or np.any(rows < 0.0) or not np.allclose(rows.sum(axis=0), 1.0, atol=1e-6):
            raise SolverError(
                f"a strategy for node {node} is {shape} (actions, hands), non-negative, columns summing to 1"
            )
        offset = int(tree.offset[node])
        self._prepared.store[2 + actor][offset : offset + rows.size] = rows.reshape(-1)
        self.history = [entry for entry in self.history if entry[0] != self.iterations]

    def node(self, path: tuple[TreeAction, ...] | list[TreeAction]) -> NodeView:
        """The node that ``path`` leads to, with reaches, strategy, EVs and equities.

        A path that deals a card the tree reads off its suit-isomorphic twin (:attr:`Spot.isomorphism`) gets the
        twin's node with the suits exchanged back: every per-hand array is in the path's own suits.
        """
        tree = self.tree
        hands = (self.spot.hands(0), self.spot.hands(1))
        node, reach, suits = self._reached(path)
        actor = int(tree.player[node]) if tree.kind[node] == DECISION else -1
        actions = [tree.label(c) for c in tree.children_of(node)] if actor >= 0 else []
        strategy = self.strategy(node)[:, self._columns(actor, suits)] if actor >= 0 else np.zeros((0, 0))
        ev = tuple(self._ev(node, p, reach)[self._columns(p, suits)] for p in range(2))
        equity = tuple(self._equity(node, p, reach)[self._columns(p, suits)] for p in range(2))
        seen = tuple(reach[p][self._columns(p, suits)] for p in range(2))
        return NodeView(
            tuple(path), actor, actions, hands, (seen[0], seen[1]), strategy, (ev[0], ev[1]), (equity[0], equity[1])
        )

    def reach(self, path: tuple[TreeAction, ...] | list[TreeAction], player: int) -> npt.NDArray[np.float64]:
        """:attr:`NodeView.reach` of one player at the node ``path`` leads to, without the rest of :meth:`node`.

        Raises:
            SolverError: if a step of ``path`` is not in the tree.
        """
        _, reach, suits = self._reached(path)
        return reach[player][self._columns(player, suits)]

    def ev(self, path: tuple[TreeAction, ...] | list[TreeAction], player: int) -> npt.NDArray[np.float64]:
        """:attr:`NodeView.ev` of one player at the node ``path`` leads to, without the rest of :meth:`node`.

        Raises:
            SolverError: if a step of ``path`` is not in the tree.
        """
        node, reach, suits = self._reached(path)
        return self._ev(node, player, reach)[self._columns(player, suits)]

    def best_response_ev(self, player: int) -> npt.NDArray[np.float64]:
        """Per hand of ``player``, the chips its best response wins from the root against the other's average.

        Hands in :meth:`Spot.hands` order; 0 where no hand of the other's range is compatible.

        Example:
            >>> from pokergym.cards import parse_cards
            >>> from pokergym.solver import Menu, Range, Spot, solve
            >>> spot = Spot(parse_cards("Ks7d2c5h9s"), 1000, 1000, (Range.parse("AA,32o"), Range.parse("KQ")),
            ...             Menu.uniform("a"))
            >>> solution = solve(spot, iterations=50)
            >>> bool(solution.best_response_ev(0).max() >= solution.node(()).ev[0].max() - 1e-6)
            True
        """
        prepared = self._prepared
        values = prepared.walk(K.BEST_RESPONSE, player)
        weight = prepared.compatible(player, prepared.weights[1 - player])
        return np.where(weight > 0.0, values / np.where(weight > 0.0, weight, 1.0), 0.0)

    def _reached(
        self, path: tuple[TreeAction, ...] | list[TreeAction]
    ) -> tuple[int, tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]], tuple[int, ...]]:
        """The node ``path`` leads to, both players' reach there and the suit map to the tree's suits there.

        The reaches are in the tree's suits (see :meth:`GameTree.follow`): a twin's step permutes them.

        Raises:
            SolverError: if a step of ``path`` is not in the tree.
        """
        tree, images = self.tree, self._prepared.hands_args[8]
        reach = [w.copy() for w in self._prepared.weights]
        node = tree.root
        suits: tuple[int, ...] = (0, 1, 2, 3)
        for parent, child, swap, below in tree.steps(path):
            if tree.kind[parent] == DECISION:
                actor = int(tree.player[parent])
                index = list(tree.children_of(parent)).index(child)
                reach[actor] = reach[actor] * self.strategy(parent)[index]
            else:
                for p in range(2):
                    mapped = reach[p] if swap < 0 else reach[p][images[swap, p, : len(reach[p])]]
                    reach[p] = np.asarray(K._deal(p, int(tree.card[child]), mapped, self._prepared.hands_args))
            node, suits = child, below
        return node, (reach[0], reach[1]), suits

    def _columns(self, player: int, suits: tuple[int, ...]) -> npt.NDArray[np.intp]:
        """For each of ``player``'s hands, the column of its image under ``suits`` (the tree's suits at a node)."""
        hands = self.spot.hands(player)
        if player < 0 or suits == (0, 1, 2, 3):
            return np.arange(len(hands) if player >= 0 else 0)
        image = permuted_combos((suits[0], suits[1], suits[2], suits[3]))
        position = np.full(N_COMBOS, -1, dtype=np.intp)
        position[hands] = np.arange(len(hands))
        return np.asarray(position[image[hands]], dtype=np.intp)

    def _ev(self, node: int, player: int, reach: tuple[npt.NDArray[np.float64], ...]) -> npt.NDArray[np.float64]:
        prepared = self._prepared
        values = prepared.walk(K.AVERAGE, player, node, (reach[0], reach[1]))
        weight = prepared.compatible(player, reach[1 - player])
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(weight > 0.0, values / weight, np.nan)

    def _equity(self, node: int, player: int, reach: tuple[npt.NDArray[np.float64], ...]) -> npt.NDArray[np.float64]:
        """Showdown equity per hand: the average over run-outs of win + tie / 2 against the other's range."""
        prepared = self._prepared
        board = self._board_at(node)
        boards, boards_args = prepared.runouts()
        matching = [b for b in range(len(boards)) if set(board) <= set(boards[b].tolist())]
        total = np.zeros(self.spot.n_hands[player])
        weight = np.zeros(self.spot.n_hands[player])
        for b in matching:
            extra = [c for c in boards[b].tolist() if c not in board]
            rt, ro = reach[player], reach[1 - player]
            for card in extra:
                rt = np.asarray(K._deal(player, card, rt, prepared.hands_args))
                ro = np.asarray(K._deal(1 - player, card, ro, prepared.hands_args))
            live = rt > 0.0
            values = K._showdown(player, b, 1.0, 0.0, ro, prepared.hands_args, boards_args)
            total += live * np.asarray(values)
            weight += live * prepared.compatible(player, ro)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(weight > 0.0, total / weight, np.nan)

    def _board_at(self, node: int) -> list[int]:
        cards = list(self.spot.board)
        tree = self.tree
        while node != tree.root:
            parent = int(tree.parent[node])
            if tree.kind[parent] == CHANCE:
                cards.append(int(tree.card[node]))
            node = parent
        return cards

    def save(self, path: str | Path) -> None:
        """Write the spot and the average-strategy sums to one compressed ``.npz`` file."""
        spot = self.spot
        meta = {
            "format": _FORMAT,
            "board": list(spot.board),
            "pot": spot.pot,
            "stack": spot.stack,
            "big_blind": spot.big_blind,
            "raise_cap": spot.menu.raise_cap,
            "allin_threshold": spot.menu.allin_threshold,
            "bets": [[_sizes_json(s) for s in row] for row in spot.menu.bets],
            "raises": [[_sizes_json(s) for s in row] for row in spot.menu.raises],
            "extra_actions": [[list(map(list, p)), a] for p, a in spot.extra_actions],
            "iterations": self.iterations,
            "history": self.history,
            "algorithm": self.algorithm,
            "seconds": self.seconds,
            "betting_streets": spot.betting_streets,
            "deal_sample": spot.deal_sample,
            "deal_seed": spot.deal_seed,
            "isomorphism": spot.isomorphism,
        }
        buffer = io.BytesIO()
        np.savez_compressed(
            buffer,
            meta=np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8),
            oop=spot.ranges[0].weights,
            ip=spot.ranges[1].weights,
            sums0=self._prepared.store[2],
            sums1=self._prepared.store[3],
        )
        Path(path).write_bytes(buffer.getvalue())

    @classmethod
    def load(cls, path: str | Path) -> Solution:
        """Read a file written by :meth:`save`; the tree is rebuilt from the spot and checked against the data.

        Raises:
            SolverError: if the file is not a pokergym solution or does not fit its spot.
        """
        from pokergym.solver.solve import prepare

        try:
            # the file is opened here: numpy leaks the one it opens itself when the archive is cut short
            with open(path, "rb") as handle, np.load(handle, allow_pickle=False) as data:
                meta = json.loads(bytes(data["meta"]).decode())
                if not isinstance(meta, dict) or meta.get("format") != _FORMAT:
                    raise SolverError(f"{path} is not a {_FORMAT} file")
                spot = _spot_of(meta, data)
                sums = [np.array(data[f"sums{p}"]) for p in range(2)]
        except (OSError, ValueError, KeyError, TypeError, IndexError, EOFError, zipfile.BadZipFile) as error:
            raise SolverError(f"cannot read a solution from {path}: {error}") from None
        prepared = prepare(spot)
        for p in range(2):
            if sums[p].shape != prepared.store[2 + p].shape:
                raise SolverError(f"{path}: strategy data does not fit the spot's tree")
            prepared.store[2 + p][:] = sums[p]
        return cls(
            prepared, meta["iterations"], [tuple(h) for h in meta["history"]], meta["algorithm"], meta["seconds"]
        )


def _sizes_json(sizes: Sizes) -> dict[str, Any]:
    """``sizes`` for a solution file, every number exact (text such as ``"33,75"`` keeps six digits)."""
    return {
        "fractions": list(sizes.fractions),
        "multiples": list(sizes.multiples),
        "geometric": sizes.geometric,
        "allin": sizes.allin,
    }


def _sizes_of(entry: object) -> Sizes:
    """Sizes read from a solution file: the exact form, or the text files written before 2026-11-30 hold."""
    if isinstance(entry, str):
        return Sizes.parse(entry)
    if not isinstance(entry, dict):
        raise ValueError(f"bad sizes entry {entry!r}")
    fractions, multiples = tuple(map(float, entry["fractions"])), tuple(map(float, entry["multiples"]))
    return Sizes(fractions, multiples, bool(entry["geometric"]), bool(entry["allin"]))


def _spot_of(meta: dict[str, Any], data: Any) -> Spot:
    """The spot a solution file describes (its meta entry and its two ranges)."""
    menu = Menu(
        tuple((_sizes_of(row[0]), _sizes_of(row[1])) for row in meta["bets"]),
        tuple((_sizes_of(row[0]), _sizes_of(row[1])) for row in meta["raises"]),
        meta["raise_cap"],
        meta["allin_threshold"],
    )
    extras = tuple((tuple((k, int(a)) for k, a in p), int(amount)) for p, amount in meta["extra_actions"])
    return Spot(
        tuple(meta["board"]),
        meta["pot"],
        meta["stack"],
        (Range(data["oop"]), Range(data["ip"])),
        menu,
        meta["big_blind"],
        extras,
        meta.get("betting_streets"),
        meta.get("deal_sample"),
        meta.get("deal_seed", 0),
        meta.get("isomorphism", False),  # files written before it existed hold every card's subtree
    )
