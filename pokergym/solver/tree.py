"""The game tree of a spot, in real chips, as flat arrays a compiled solver walks.

Each street's betting is built once per (street, chips committed) as a
template and copied under every card a chance node deals, so a flop tree is
the flop template, one turn template per flop line that sees the turn, and so
on. :func:`count_tree` counts nodes and storage without building anything,
for the memory guard.

Node kinds: ``DECISION`` (``player`` acts; one child per action),
``FOLD`` (``player`` folded having put ``amount`` chips in the spot),
``SHOWDOWN`` (both put ``amount`` in; ``board`` indexes the five-card board),
``CHANCE`` (one child per card dealt; ``amount`` is the number of cards that can
come once both players' hands are known; with a sampled deal, see
:attr:`~pokergym.solver.spot.Spot.deal_sample`, a child's values are divided by
:func:`chance_divisor` instead), ``CHECKDOWN`` (no more betting
before the river: both are all-in, or the spot's depth limit is reached;
both put ``amount`` in and the rest of the board is dealt; ``board``
indexes :attr:`GameTree.checkdowns`, whose pairwise equities the solver
computes once, so such a leaf costs one matrix-vector product instead of a
showdown per run-out).

Example:
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.solver.ranges import Range
    >>> from pokergym.solver.spot import Menu, Spot
    >>> spot = Spot(parse_cards("Td9d6h2c3s"), 1000, 1000, (Range.parse("AA"), Range.parse("KK")), Menu.uniform("a"))
    >>> tree = build_tree(spot)
    >>> [tree.label(c) for c in tree.children_of(tree.root)]
    [('check', 0), ('bet', 1000)]
    >>> count_tree(spot).nodes == tree.n_nodes
    True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokergym.errors import SolverError
from pokergym.solver.isomorphism import swap_suits
from pokergym.solver.spot import Sizes, Spot, TreeAction

__all__ = [
    "CHANCE",
    "CHECKDOWN",
    "DECISION",
    "FOLD",
    "SHOWDOWN",
    "GameTree",
    "TreeCount",
    "build_tree",
    "chance_divisor",
    "count_tree",
]

DECISION: Final = 0
FOLD: Final = 1
SHOWDOWN: Final = 2
CHANCE: Final = 3
CHECKDOWN: Final = 4

_KINDS: Final = ("fold", "check", "call", "bet", "raise", "deal")
_CONTINUE: Final = 10  # template leaf: the street ends, both committed ``amount``
_ALLIN: Final = 11  # template leaf: both are all-in with ``amount`` committed


def chance_divisor(cards: int, dealt: int) -> float:
    """What a chance node divides the sum of its children's values by.

    ``cards`` can come once both hands are known (the node's ``amount``), out of ``cards + 4`` off the board;
    ``dealt`` of those are children. Every card dealt: ``cards``. A sample: ``cards * dealt / (cards + 4)``, the
    expected number of sampled cards that a given pair of hands does not block, so the estimate is unbiased.

    Example:
        >>> chance_divisor(45, 49), chance_divisor(45, 12)
        (45.0, 11.020408163265307)
    """
    return cards * dealt / (cards + 4.0)


class _Node(NamedTuple):
    kind: int
    player: int
    amount: int
    children: tuple[int, ...]
    label: TreeAction


@dataclass(frozen=True)
class _Street:
    """What a street's betting depends on: street (1..3), chips each has in the spot, whether it is the root street."""

    street: int
    committed: int
    root: bool


class _Betting(NamedTuple):
    """The state of a street's betting at a decision.

    Attributes:
        player: who acts (0 out of position, 1 in position).
        bets: each player's chips on this street.
        last_raise: the last full bet or raise (the minimum raise increment).
        raises: raises made after the street's first bet (-1 before any bet).
        path: the actions of the street so far.
    """

    player: int
    bets: tuple[int, int]
    last_raise: int
    raises: int
    path: tuple[TreeAction, ...]

    @property
    def faced(self) -> int:
        """The opponent's chips on the street (what a call puts in)."""
        return self.bets[1 - self.player]

    @property
    def facing(self) -> int:
        """Chips to call."""
        return self.faced - self.bets[self.player]


class _TemplateBuilder:
    """Builds one street's betting tree (a list of :class:`_Node`, root first) from the spot's menu."""

    def __init__(self, spot: Spot, where: _Street) -> None:
        self.spot, self.where = spot, where
        self.behind = spot.stack - where.committed
        self.nodes: list[_Node] = []
        self.extras: dict[tuple[TreeAction, ...], list[int]] = {}
        self._decided: set[tuple[TreeAction, ...]] = set()  # the paths of the decisions built
        if where.root:
            for path, amount in spot.extra_actions:
                self.extras.setdefault(path, []).append(amount)

    def build(self) -> list[_Node]:
        self._decide(_Betting(0, (0, 0), self.spot.big_blind, -1, ()), ("deal", 0))
        for path in sorted(self.extras.keys() - self._decided):
            raise SolverError(f"extra action after {list(path)}: no decision of the spot's first street has that path")
        return self.nodes

    def _add(self, node: _Node) -> int:
        self.nodes.append(node)
        return len(self.nodes) - 1

    def _decide(self, state: _Betting, label: TreeAction) -> int:
        self._decided.add(state.path)
        index = self._add(_Node(DECISION, state.player, 0, (), label))
        children = [self._child(state, action) for action in self._actions(state)]
        self.nodes[index] = self.nodes[index]._replace(children=tuple(children))
        return index

    def _child(self, state: _Betting, action: TreeAction) -> int:
        kind, amount = action
        player, bets = state.player, state.bets
        path = (*state.path, action)
        if kind == "fold":
            return self._add(_Node(FOLD, player, self.where.committed + bets[player], (), action))
        if kind == "check" and player == 0:
            return self._decide(state._replace(player=1, path=path), action)
        if kind in ("check", "call"):
            last = state.faced == self.behind or self.where.street >= self.spot.last_betting_street
            leaf = _ALLIN if last else _CONTINUE  # all-in, or past the depth limit: the board is run out
            return self._add(_Node(leaf, -1, self.where.committed + state.faced, (), action))
        new_bets = (amount, bets[1]) if player == 0 else (bets[0], amount)
        last_raise = max(state.last_raise, amount - state.faced)
        return self._decide(_Betting(1 - player, new_bets, last_raise, state.raises + 1, path), action)

    def _actions(self, state: _Betting) -> list[TreeAction]:
        facing = state.facing
        actions: list[TreeAction] = [("fold", 0), ("call", state.faced)] if facing > 0 else [("check", 0)]
        opponent_all_in = state.faced >= self.behind
        if opponent_all_in or state.raises >= self.spot.menu.raise_cap:
            amounts: set[int] = set()
        else:
            amounts = self._sizes(state)
        for extra in self.extras.get(state.path, ()):
            amounts.add(self._check_extra(extra, state, opponent_all_in))
        kind = "raise" if facing > 0 else "bet"
        return actions + [(kind, a) for a in sorted(amounts)]

    def _sizes(self, state: _Betting) -> set[int]:
        spot, street = self.spot, self.where.street
        menu = spot.menu
        facing, faced = state.facing, state.faced
        sizes: Sizes = (menu.raises if facing > 0 else menu.bets)[street - 1][state.player]
        pot = spot.pot + 2 * self.where.committed + 2 * faced
        raw = [faced + round(f * pot) for f in sizes.fractions]
        if facing > 0:
            raw += [round(m * faced) for m in sizes.multiples]
        if sizes.geometric:
            raw.append(faced + round(_geometric_fraction(pot, self.behind - faced, 4 - street) * pot))
        if sizes.allin:
            raw.append(self.behind)
        minimum = self._minimum(state)
        mine = state.bets[state.player]
        out = set()
        for amount in raw:
            amount = max(amount, minimum)
            if amount - mine >= menu.allin_threshold * (self.behind - mine) or amount > self.behind:
                amount = self.behind
            out.add(amount)
        return out

    def _minimum(self, state: _Betting) -> int:
        """The smallest bet or raise-to: one big blind, or the bet faced plus the last full raise."""
        return state.faced + state.last_raise if state.facing > 0 else self.spot.big_blind

    def _check_extra(self, amount: int, state: _Betting, opponent_all_in: bool) -> int:
        minimum = min(self._minimum(state), self.behind)
        if opponent_all_in or not minimum <= amount <= self.behind:
            legal = "none (the opponent is all-in)" if opponent_all_in else f"{minimum}..{self.behind}"
            raise SolverError(
                f"extra action to {amount} after {list(state.path)} is not legal: bet or raise to {legal}"
            )
        return amount


def _geometric_fraction(pot: int, behind: int, streets: int) -> float:
    """Pot fraction that, bet on each of ``streets`` streets and called, puts ``behind`` in."""
    return float(((1.0 + 2.0 * behind / pot) ** (1.0 / streets) - 1.0) / 2.0)


@lru_cache(maxsize=64)
def _template(spot: Spot, where: _Street) -> tuple[_Node, ...]:
    return tuple(_TemplateBuilder(spot, where).build())


class TreeCount(NamedTuple):
    """Size of a tree before it is built.

    Attributes:
        nodes: all nodes.
        decisions: decision nodes per player.
        slots: strategy entries (actions x hands summed over decision nodes) per player.
        showdown_boards: distinct five-card boards reached.
    """

    nodes: int
    decisions: tuple[int, int]
    slots: tuple[int, int]
    showdown_boards: int


def count_tree(spot: Spot) -> TreeCount:
    """Count the nodes and strategy slots of ``spot``'s tree without building it."""
    n_hands = spot.n_hands
    memo: dict[tuple[int, int, bool, tuple[int, ...]], tuple[int, int, int, int, int]] = {}

    def street(where: _Street, board: tuple[int, ...]) -> tuple[int, int, int, int, int]:
        # a street's size depends on its board only through the cards its chance nodes deal (none on the river)
        key = (where.street, where.committed, where.root, tuple(sorted(board)) if where.street < 3 else ())
        if key in memo:
            return memo[key]
        totals = [0, 0, 0, 0, 0]  # nodes, decisions of each player, slots of each player
        for node in _template(spot, where):
            totals[0] += 1
            if node.kind == DECISION:
                totals[1 + node.player] += 1
                totals[3 + node.player] += len(node.children) * n_hands[node.player]
            elif node.kind == _CONTINUE and where.street < 3:
                for card in spot.deal(board).cards:
                    sub = street(_Street(where.street + 1, node.amount, False), (*board, card))
                    totals = [t + x for t, x in zip(totals, sub, strict=True)]
        memo[key] = (totals[0], totals[1], totals[2], totals[3], totals[4])
        return memo[key]

    total = street(_Street(int(spot.street), 0, True), spot.board)
    boards = {3: (49 * 48) // 2, 4: 48, 5: 1}[len(spot.board)]
    return TreeCount(total[0], (total[1], total[2]), (total[3], total[4]), boards)


class GameTree:
    """A built tree: flat node arrays (see the module docstring) plus the boards its showdowns use.

    Attributes:
        kind, player, amount: per node.
        child_start, n_children: a node's children are ``children[child_start : child_start + n_children]``.
        card: the card a chance node's child was dealt (-1 elsewhere).
        parent: each node's parent (-1 at the root).
        board: the showdown board index of a showdown node (-1 elsewhere).
        offset: start of a decision node's slice in its player's strategy arrays (-1 elsewhere).
        edge_kind, edge_amount: the action leading to each node (index into the action kinds; ``deal`` for the
            root and chance children).
        boards: ``(n_boards, 5)`` card codes of the showdown boards (run-outs of check-down leaves included).
        checkdowns: the boards (3 or 4 cards) of check-down leaves; ``checkdown_runouts[i]`` lists the indices
            into ``boards`` of the run-outs of ``checkdowns[i]``.
        slots: strategy entries per player.
        twin_start, n_twins, twin_card, twin_swap: the twins a chance node's child stands for (suit isomorphism,
            :attr:`Spot.isomorphism`): ``twin_card[twin_start : twin_start + n_twins]`` are the cards whose subtrees
            are the child's with the suits of ``SWAPS[twin_swap[...]]`` exchanged.
    """

    def __init__(self, spot: Spot) -> None:
        self.spot = spot
        self.n_hands = spot.n_hands
        self._kind: list[int] = []
        self._player: list[int] = []
        self._amount: list[int] = []
        self._children: list[list[int]] = []
        self._card: list[int] = []
        self._board: list[int] = []
        self._edge: list[TreeAction] = []
        self._boards: dict[tuple[int, ...], int] = {}
        self._checkdowns: dict[tuple[int, ...], int] = {}
        self._twins: dict[int, tuple[tuple[int, int], ...]] = {}
        self.root = self._street(_Street(int(spot.street), 0, True), spot.board, ("deal", 0), -1)
        self._freeze()

    def _new(self, kind: int, player: int, amount: int, edge: TreeAction, card: int) -> int:
        self._kind.append(kind)
        self._player.append(player)
        self._amount.append(amount)
        self._children.append([])
        self._card.append(card)
        self._board.append(-1)
        self._edge.append(edge)
        return len(self._kind) - 1

    def _street(self, where: _Street, board: tuple[int, ...], edge: TreeAction, card: int) -> int:
        template = _template(self.spot, where)
        ids: list[int] = []
        for position, node in enumerate(template):
            this_edge, this_card = (edge, card) if position == 0 else (node.label, -1)
            if node.kind in (_CONTINUE, _ALLIN):
                ids.append(self._street_end(node, where, board, this_edge))
            else:
                ids.append(self._new(node.kind, node.player, node.amount, this_edge, this_card))
        for position, node in enumerate(template):
            if node.children:
                self._children[ids[position]] = [ids[c] for c in node.children]
        return ids[0]

    def _street_end(self, node: _Node, where: _Street, board: tuple[int, ...], edge: TreeAction) -> int:
        if len(board) == 5:
            return self._showdown(node.amount, board, edge, -1)
        if node.kind == _ALLIN:
            return self._checkdown(node.amount, board, edge)
        chance = self._new(CHANCE, -1, 52 - len(board) - 4, edge, -1)
        children = []
        deal = self.spot.deal(board)
        for card, twins in zip(deal.cards, deal.twins, strict=True):
            street = _Street(where.street + 1, node.amount, False)
            children.append(self._street(street, (*board, card), ("deal", card), card))
            if twins:
                self._twins[children[-1]] = twins
        self._children[chance] = children
        return chance

    def _checkdown(self, amount: int, board: tuple[int, ...], edge: TreeAction) -> int:
        node = self._new(CHECKDOWN, -1, amount, edge, -1)
        key = tuple(sorted(board))
        if key not in self._checkdowns:
            self._checkdowns[key] = len(self._checkdowns)
            rest = [c for c in range(52) if c not in key]
            pairs = (
                [(a,) for a in rest] if len(key) == 4 else [(a, b) for i, a in enumerate(rest) for b in rest[i + 1 :]]
            )
            for extra in pairs:
                self._boards.setdefault(tuple(sorted((*key, *extra))), len(self._boards))
        self._board[node] = self._checkdowns[key]
        return node

    def _showdown(self, amount: int, board: tuple[int, ...], edge: TreeAction, card: int) -> int:
        node = self._new(SHOWDOWN, -1, amount, edge, card)
        self._board[node] = self._boards.setdefault(tuple(sorted(board)), len(self._boards))
        return node

    def _freeze(self) -> None:
        self.kind = np.array(self._kind, dtype=np.int8)
        self.player = np.array(self._player, dtype=np.int8)
        self.amount = np.array(self._amount, dtype=np.int64)
        self.n_children = np.array([len(c) for c in self._children], dtype=np.int32)
        self.child_start = np.zeros(len(self._kind), dtype=np.int64)
        np.cumsum(self.n_children[:-1], out=self.child_start[1:])
        self.children = np.fromiter(
            (c for cs in self._children for c in cs), dtype=np.int32, count=int(self.n_children.sum())
        )
        self.card = np.array(self._card, dtype=np.int8)
        self.board = np.array(self._board, dtype=np.int32)
        self.edge_kind = np.array([_KINDS.index(k) for k, _ in self._edge], dtype=np.int8)
        self.edge_amount = np.array([a for _, a in self._edge], dtype=np.int64)
        self.boards = np.array(list(self._boards), dtype=np.int64).reshape(-1, 5)
        self.checkdowns = [list(board) for board in self._checkdowns]
        self.checkdown_runouts = [
            np.array([i for i, full in enumerate(self._boards) if set(board) <= set(full)], dtype=np.int64)
            for board in self._checkdowns
        ]
        self._freeze_twins()
        self.parent = np.full(len(self._kind), -1, dtype=np.int64)
        self.parent[self.children] = np.repeat(np.arange(len(self._kind)), self.n_children)
        depth = np.zeros(len(self._kind), dtype=np.int64)
        for node in range(1, len(self._kind)):  # parents are created before their children
            depth[node] = depth[self.parent[node]] + 1
        self.max_depth = int(depth.max())
        self.max_actions = int(self.n_children[self.kind == DECISION].max())
        self.offset = np.full(len(self._kind), -1, dtype=np.int64)
        self.slots = [0, 0]
        for node in np.flatnonzero(self.kind == DECISION).tolist():
            p = int(self.player[node])
            self.offset[node] = self.slots[p]
            self.slots[p] += int(self.n_children[node]) * self.n_hands[p]
        del self._kind, self._player, self._amount, self._children, self._card, self._board, self._edge
        del self._checkdowns, self._twins

    def _freeze_twins(self) -> None:
        self.n_twins = np.zeros(len(self._kind), dtype=np.int32)
        self.twin_start = np.zeros(len(self._kind), dtype=np.int64)
        cards: list[int] = []
        swaps: list[int] = []
        for node, twins in sorted(self._twins.items()):
            self.twin_start[node], self.n_twins[node] = len(cards), len(twins)
            cards += [card for card, _ in twins]
            swaps += [swap for _, swap in twins]
        self.twin_card = np.array(cards, dtype=np.int64)
        self.twin_swap = np.array(swaps, dtype=np.int64)

    @property
    def n_nodes(self) -> int:
        """Number of nodes."""
        return len(self.kind)

    def children_of(self, node: int) -> Iterator[int]:
        """Child node ids of ``node``."""
        start = int(self.child_start[node])
        return iter(int(c) for c in self.children[start : start + int(self.n_children[node])])

    def label(self, node: int) -> TreeAction:
        """The action that leads to ``node`` (``("deal", card)`` for a chance child, ``("deal", 0)`` at the root)."""
        kind = _KINDS[int(self.edge_kind[node])]
        return (
            (kind, int(self.card[node]))
            if kind == "deal" and node != self.root
            else (kind, int(self.edge_amount[node]))
        )

    def deals(self, node: int) -> dict[int, tuple[int, int]]:
        """Every card chance node ``node`` deals: ``card -> (child, swap)``.

        ``child`` is the node walked for the card: its own (``swap`` -1) or, for a twin under suit isomorphism,
        its canonical card's (``swap`` indexes :data:`~pokergym.solver.isomorphism.SWAPS`: the two suits to
        exchange to read the twin's subtree off the child's).
        """
        out = {}
        for child in self.children_of(node):
            out[int(self.card[child])] = (child, -1)
            start = int(self.twin_start[child])
            for k in range(start, start + int(self.n_twins[child])):
                out[int(self.twin_card[k])] = (child, int(self.twin_swap[k]))
        return dict(sorted(out.items()))

    def steps(self, path: Sequence[TreeAction]) -> Iterator[tuple[int, int, int, tuple[int, ...]]]:
        """Walk ``path`` from the root, one tuple a step.

        Each tuple: the node, the child taken, the swap taken (-1 if none) and the suit map from the path's cards
        to the tree's below the child (see :meth:`follow`).

        Raises:
            SolverError: if a step is not in the tree, naming what the node offers.
        """
        node = self.root
        suits: tuple[int, ...] = (0, 1, 2, 3)
        for position, step in enumerate(path):
            wanted = (str(step[0]), int(step[1]))
            child, swap = self.step(node, wanted, suits)
            if child < 0:
                there = [self.label(c) for c in self.children_of(node)]
                raise SolverError(f"no step {wanted} after {list(path)[:position]}; the node offers {there}")
            suits = suits if swap < 0 else tuple(swap_suits(s, swap) for s in suits)
            yield node, child, swap, suits
            node = child

    def follow(self, path: Sequence[TreeAction]) -> tuple[int, tuple[int, ...]]:
        """The node ``path`` leads to, and the suit map from the path's cards to the tree's at that node.

        The map is the identity unless the path dealt a twin (see :meth:`deals`): then the node is in its
        canonical card's subtree, and the path's suit ``s`` is the tree's suit ``suits[s]`` there.

        Raises:
            SolverError: if a step is not in the tree, naming what the node offers.
        """
        walked = list(self.steps(path))
        return (walked[-1][1], walked[-1][3]) if walked else (self.root, (0, 1, 2, 3))

    def step(self, node: int, action: TreeAction, suits: tuple[int, ...]) -> tuple[int, int]:
        """The child ``action`` leads to from ``node`` and the swap it takes (-1 if none); ``(-1, -1)`` if none."""
        if self.kind[node] == CHANCE:
            card = action[1] - (action[1] & 3) + suits[action[1] & 3]
            return self.deals(node).get(card, (-1, -1)) if action[0] == "deal" else (-1, -1)
        for child in self.children_of(node):
            if self.label(child) == action:
                return child, -1
        return -1, -1

    def find(self, path: Sequence[TreeAction]) -> int:
        """Node reached from the root by ``path`` (actions, and ``("deal", card)`` at chance nodes).

        A twin card leads into its canonical card's subtree (see :meth:`follow` for the suit map).

        Raises:
            SolverError: if a step is not in the tree, naming the actions there.
        """
        return self.follow(path)[0]


def build_tree(spot: Spot) -> GameTree:
    """Build the tree of ``spot`` (see :func:`count_tree` for its size first)."""
    return GameTree(spot)


def hand_cards(spot: Spot) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``(2, n_max)`` arrays of each player's hands' first and second card (-1 padding), in :meth:`Spot.hands` order."""
    from pokergym.evaluator.combos import combo_array

    n_max = max(spot.n_hands)
    first = np.full((2, n_max), -1, dtype=np.int64)
    second = np.full((2, n_max), -1, dtype=np.int64)
    for p in range(2):
        cards = combo_array()[spot.hands(p)]
        first[p, : len(cards)] = cards[:, 0]
        second[p, : len(cards)] = cards[:, 1]
    return first, second
