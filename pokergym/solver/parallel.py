"""One walk of the solver spread over threads: the subtrees under the first chance nodes in parallel.

A walk's values and updates below a chance node depend only on the two reaches
that arrive there, and the subtrees of its cards touch disjoint strategy
entries. So a walk can be cut in three: (1) the reaches at the *split* nodes
(the chance nodes with no chance node above them) from the strategies of the
nodes above, (2) a walk of every split node's child, in parallel (the compiled
walks release the GIL), each summed into its split node in card order as one
walk would, and (3) the walk of the tree above, taking those sums as the split
nodes' values. The arithmetic is the single walk's, operation for operation,
so the values and the strategies after any number of iterations are the same
to the last bit (a test checks it); only the clock differs.

Example:
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.solver import Menu, Range, Spot, solve
    >>> spot = Spot(parse_cards("KsQd7h4c"), 1000, 2000, (Range.parse("AA,77,54s"), Range.parse("KQ,JTs")),
    ...             Menu.uniform("a"))
    >>> one, two = solve(spot, iterations=20), solve(spot, iterations=20, threads=2)
    >>> one.values() == two.values()
    True
"""

from __future__ import annotations

from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from pokergym.solver import _cfr_kernel as K
from pokergym.solver.tree import CHANCE, DECISION, GameTree

if TYPE_CHECKING:
    from pokergym.solver.solve import Prepared

__all__ = ["Split", "split_iterate", "split_walk", "thread_pool"]

_Reach = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Split:
    """The split nodes of a tree and the decisions above each (the path's nodes and the action taken at each).

    Attributes:
        nodes: the chance nodes with no chance node above them, in the order a walk meets them.
        paths: per split node, ``(decision node, action index)`` from the root down.
        leaf_of: per node of the tree, the split node's index, or -1.
    """

    nodes: tuple[int, ...]
    paths: tuple[tuple[tuple[int, int], ...], ...]
    leaf_of: npt.NDArray[np.int64]

    @classmethod
    def of(cls, tree: GameTree) -> Split:
        """Find the split nodes of ``tree`` (none on a river spot)."""
        nodes: list[int] = []
        paths: list[tuple[tuple[int, int], ...]] = []
        stack: list[tuple[int, tuple[tuple[int, int], ...]]] = [(tree.root, ())]
        while stack:
            node, path = stack.pop()
            if tree.kind[node] == CHANCE:
                nodes.append(node)
                paths.append(path)
            elif tree.kind[node] == DECISION:
                children = list(tree.children_of(node))
                stack.extend((child, (*path, (node, i))) for i, child in reversed(list(enumerate(children))))
        leaf_of = np.full(tree.n_nodes, -1, dtype=np.int64)
        leaf_of[nodes] = np.arange(len(nodes))
        return cls(tuple(nodes), tuple(paths), leaf_of)


def _reaches(
    prepared: Prepared, split: Split, trav: int, mode: int, reach_t: _Reach, reach_o: _Reach
) -> list[tuple[_Reach, _Reach]]:
    """Each split node's traverser and opponent reach, computed as the single walk computes them."""
    tree, store = prepared.tree, prepared.store
    n_hands = prepared.spot.n_hands
    out = []
    for path in split.paths:
        rt, ro = reach_t, reach_o
        for node, action in path:
            actor = int(tree.player[node])
            source = store[actor] if mode == K.UPDATE else store[2 + actor]
            if actor == trav and mode != K.UPDATE:
                continue  # only an update keeps the traverser's reach
            count = int(tree.n_children[node])
            strategy = K._strategy(source, int(tree.offset[node]), count, n_hands[actor], mode == K.UPDATE)
            if actor == trav:
                rt = rt * strategy[action]
            else:
                ro = ro * strategy[action]
        out.append((rt, ro))
    return out


@cache
def thread_pool(threads: int) -> ThreadPoolExecutor:
    """One shared pool of ``threads`` threads (kept for the process's life, as numba keeps its own)."""
    return ThreadPoolExecutor(max_workers=threads, thread_name_prefix="pokergym-solver")


def split_walk(
    prepared: Prepared,
    split: Split,
    pool: Executor,
    trav: int,
    mode: int,
    reach_t: _Reach,
    reach_o: _Reach,
    discounts: tuple[float, ...],
) -> _Reach:
    """:func:`._cfr_kernel.walk` from the root for ``trav`` in ``mode``, the split nodes' subtrees on ``pool``."""
    tree = prepared.tree
    n = prepared.spot.n_hands[trav]
    hands = prepared.hands_args
    pot, args = float(prepared.spot.pot), ((prepared.tree_args, hands, prepared.boards_args), prepared.store)
    shape = (tree.max_depth, tree.max_actions)
    jobs = []
    for node, (rt, ro) in zip(split.nodes, _reaches(prepared, split, trav, mode, reach_t, reach_o), strict=True):
        for child in tree.children_of(node):
            card = int(tree.card[child])
            child_t = np.asarray(K._deal(trav, card, rt, hands))
            child_o = np.asarray(K._deal(1 - trav, card, ro, hands))
            below = (child, trav, mode, child_t, child_o, pot, *args, discounts, shape, K.NO_LEAVES)
            jobs.append(pool.submit(K.walk, *below))
    sums = np.zeros((len(split.nodes), n))
    results = iter(jobs)
    for k, node in enumerate(split.nodes):
        for child in tree.children_of(node):
            K._add_card(np.asarray(next(results).result()), sums[k], child, trav, prepared.tree_args, hands, n)
    above = (tree.root, trav, mode, reach_t, reach_o, pot, *args, discounts, shape, (split.leaf_of, sums))
    return np.asarray(K.walk(*above))


def split_iterate(
    prepared: Prepared,
    split: Split,
    pool: Executor,
    first: int,
    count: int,
    algorithm: int,
    gadget: tuple[int, npt.NDArray[np.float64], npt.NDArray[np.float64]],
    averaging_from: int,
) -> None:
    """:func:`._cfr_kernel.iterate` (the same steps, from the same kernels) with each walk split over ``pool``."""
    player, alternatives, regrets = gadget
    for t in range(first, first + count):
        discounts = K.iteration_discounts(t, algorithm, float(prepared.spot.pot), averaging_from)
        for trav in range(2):
            reach_t, reach_o, entered = K.gadget_reaches(trav, prepared.weights, player, regrets)
            values = split_walk(prepared, split, pool, trav, K.UPDATE, reach_t, reach_o, discounts)
            if trav == player:
                K._update_gadget(regrets, entered, values, alternatives, len(values), discounts)
