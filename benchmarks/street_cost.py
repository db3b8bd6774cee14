"""What the solver agent's solve of a street costs in the full game: its strategy locked into the full tree.

The agent solves the flop with a depth limit (by default the turn's betting on a sample of 6 turn cards, the river
checked down, 100 representative combos of each range) and the turn to the end of the hand with 150 combos (see
:mod:`baselines.solver.agent`). This script measures such a design in exact exploitability, on the benchmark's
flop-to-river spot (``bench_solver.py``; its menu is the agent's flop-with-turn menu on every street) or, with
``--turn``, on a turn spot with the agent's turn menus:

1. the street is solved as the agent solves it (the variant's depth limit, card sample, combo cap, iterations and
   strength order);
2. its strategy at every decision of the street, each hand playing its own column or, where the combo cap left it
   out, its proxy's (the solved hand nearest to it in the variant's strength order, as the agent plays it), is
   locked into the full tree (every later card, every later street's betting) for both players;
3. CFR solves the rest of that tree with the street held fixed, and the exact best responses of the locked
   profile give its exploitability.

An unlocked solve of the same tree for the same iterations is the reference, and the same tree with the
reference's own strategy locked shows what the locking alone leaves: the difference is what the street's
design costs when every later street is played as well as the same solver plays it. (The agent re-solves each
later street at each decision rather than on one tree; that is not measured here.)

A node is locked by writing its strategy as the actor's regrets and average-strategy sums after every walk:
regret matching on a distribution returns it, so the other player's walk and the best responses read exactly
the locked strategy.

Usage::

    PYTHONPATH=. python benchmarks/street_cost.py --iterations 110
    PYTHONPATH=. python benchmarks/street_cost.py --turn --iterations 150
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from bench_solver import FLOP, RANGES, SPOTS

from baselines.solver.agent import _FLOP_WITH_TURN
from baselines.solver.preflop import preflop_ranges
from baselines.solver.ranges import block, nearest_columns, representatives, strength_order
from pokergym.cards import format_cards, parse_cards
from pokergym.engine import GameConfig, HandState
from pokergym.solver import Menu, Range, Solution, Spot, TreeAction, solve
from pokergym.solver import _cfr_kernel as K
from pokergym.solver.solve import Prepared, prepare
from pokergym.solver.tree import DECISION, GameTree

Rows = npt.NDArray[np.float32]
Locks = list[tuple[int, int, Rows]]
"""``(player, offset, rows)`` per locked node: where its rows sit in the store and the strategy written there."""


class Variant(NamedTuple):
    """How the agent's solve of a street is set up: depth limit, card sample, combo cap, iterations, strength order.

    ``runout``: representatives and proxies by run-out strength, as ``solver:order=runout`` picks them
    (:func:`~baselines.solver.ranges.strength_order`).
    """

    betting_streets: int | None
    deal_sample: int | None
    max_combos: int | None
    iterations: int
    runout: bool = False

    def strength(self, board: tuple[int, ...]) -> npt.NDArray[np.number]:
        """The order the combo cap and the proxies follow."""
        return strength_order(board, self.runout)


FLOP_VARIANTS = {
    "agent default (turn betting on 6 sampled cards, 100 combos, 100 iterations)": Variant(2, 6, 100, 100),
    "the same, every combo": Variant(2, 6, None, 100),
    "the same, 12 sampled cards, every combo": Variant(2, 12, None, 100),
    "agent default, representatives and proxies by run-out strength": Variant(2, 6, 100, 100, True),
    "agent default with 200 combos": Variant(2, 6, 200, 100),
    "agent default with 200 combos, by run-out strength": Variant(2, 6, 200, 100, True),
    "to the river on 6 sampled turn and river cards, 100 combos by run-out strength": Variant(None, 6, 100, 100, True),
    "12 sampled turn cards, 100 combos by run-out strength": Variant(2, 12, 100, 100, True),
    "24 sampled turn cards, 100 combos by run-out strength": Variant(2, 24, 100, 100, True),
    "checked down after the flop (flop_turns=0: 300 combos, 30 iterations)": Variant(1, None, 300, 30),
}
"""The flop's designs (``Variant(betting_streets, deal_sample, max_combos, iterations, runout)``)."""

TURN_VARIANTS = {
    "agent default (150 combos, 40 iterations)": Variant(None, None, 150, 40),
    "the same, every combo": Variant(None, None, None, 40),
    "agent default, representatives and proxies by run-out strength": Variant(None, None, 150, 40, True),
}
"""The turn's designs: solved to the end of the hand, as the agent does."""

TURN_MENU = Menu.per_street(("33,75", "a"), ("50,100,a", "a"), ("75", "a"), raise_cap=1)
"""The agent's turn menu with all-in raises (``_STREETS[Street.TURN].menu``)."""


def street_decisions(tree: GameTree) -> list[tuple[int, tuple[TreeAction, ...]]]:
    """Every decision node before the first chance node, with the path from the root."""
    out: list[tuple[int, tuple[TreeAction, ...]]] = []
    stack: list[tuple[int, tuple[TreeAction, ...]]] = [(tree.root, ())]
    while stack:
        node, path = stack.pop()
        if tree.kind[node] != DECISION:
            continue
        out.append((node, path))
        stack.extend((child, (*path, tree.label(child))) for child in tree.children_of(node))
    return out


def agent_solve(spot: Spot, variant: Variant) -> Solution:
    """The street solved as the agent solves it under ``variant`` (ranges cut to representatives by the combo cap)."""
    ranges = spot.ranges
    if variant.max_combos is not None:
        key = variant.strength(spot.board)
        cut = [representatives(block(r.weights, spot.board), spot.board, variant.max_combos, key) for r in spot.ranges]
        ranges = (Range(cut[0] / cut[0].max()), Range(cut[1] / cut[1].max()))
    limited = replace(spot, ranges=ranges, betting_streets=variant.betting_streets, deal_sample=variant.deal_sample)
    return solve(limited, iterations=variant.iterations, measure=False)


def locks_from(full: Prepared, source: Solution, strength: npt.NDArray[np.number]) -> Locks:
    """``source``'s strategy at each decision of the first street of ``full``'s tree, per hand of ``full``.

    A hand ``source`` left out plays the column of its solved hand nearest in ``strength``.
    """
    locks = []
    for node, path in street_decisions(full.tree):
        there = source.tree.find(path)
        labels = [full.tree.label(c) for c in full.tree.children_of(node)]
        if [source.tree.label(c) for c in source.tree.children_of(there)] != labels:
            raise SystemExit(f"the trees differ after {path}")
        player = int(full.tree.player[node])
        columns = nearest_columns(strength, source.spot.hands(player))[full.spot.hands(player)]
        rows = source.strategy(there)[:, columns].astype(np.float32)
        locks.append((player, int(full.tree.offset[node]), rows.reshape(-1)))
    return locks


def locks_of_own(full: Prepared) -> Locks:
    """``full``'s own average strategy at its first street's decisions (locking them leaves the profile as it is)."""
    sums = full.store
    locks = []
    for node, _ in street_decisions(full.tree):
        player, offset = int(full.tree.player[node]), int(full.tree.offset[node])
        count, n = int(full.tree.n_children[node]), full.spot.n_hands[player]
        rows = np.asarray(K._strategy(sums[2 + player], offset, count, n, False), dtype=np.float32)
        locks.append((player, offset, rows.reshape(-1)))
    return locks


def lock(prepared: Prepared, locks: Locks) -> None:
    """Write each locked strategy as its actor's regrets and average-strategy sums."""
    for player, offset, rows in locks:
        prepared.store[player][offset : offset + rows.size] = rows
        prepared.store[2 + player][offset : offset + rows.size] = rows


def run(prepared: Prepared, iterations: int, locks: Locks) -> tuple[float, tuple[float, float], float]:
    """Discounted CFR with the locks held; the exploitability in % of the pot, the best responses' values, CPU s."""
    spot, tree = prepared.spot, prepared.tree
    pot, shape = float(spot.pot), (tree.max_depth, tree.max_actions)
    game = (prepared.tree_args, prepared.hands_args, prepared.boards_args)
    start = time.process_time()
    lock(prepared, locks)
    for t in range(1, iterations + 1):
        discounts = K.iteration_discounts(t, K.DCFR, pot, 1)
        for trav in (0, 1):
            reach = prepared.weights
            K.walk(tree.root, trav, K.UPDATE, reach[trav], reach[1 - trav], pot, game, prepared.store, discounts,
                   shape, K.NO_LEAVES)  # fmt: skip
            lock(prepared, locks)
    values = prepared.values(K.BEST_RESPONSE)
    return 100.0 * (values[0] + values[1] - pot) / 2.0 / pot, values, time.process_time() - start


def open_call(board: tuple[int, ...]) -> Spot:
    """The flop after the button's open to 250 and the big blind's call, 200 BB deep, as the agent solves it.

    Both ranges from the range tables (:func:`~baselines.solver.preflop.preflop_ranges`), the flop-with-turn
    menu the agent plays at this depth (``deep``: raises of 2.5 times the bet).
    """
    state = HandState.new(GameConfig(), button=0, deck=tuple(range(9)))
    state.raise_to(250)
    state.call()
    button, big_blind = preflop_ranges(state.config, 0, state.history)
    return Spot(board, 500, 19750, (Range(big_blind), Range(button)), _FLOP_WITH_TURN.deep)


def _row(name: str, result: tuple[float, tuple[float, float], float]) -> None:
    pct, values, cpu = result
    print(f"| {name} | {pct:.3f}% | {values[0]:.1f}, {values[1]:.1f} | {cpu:.0f} s |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=110, help="iterations of each full-tree solve")
    parser.add_argument("--variants", default="all", help="comma-separated indices into the variants, or all")
    parser.add_argument("--no-reference", action="store_true", help="leave out the two reference rows")
    parser.add_argument("--turn", action="store_true", help="a turn spot (Td9d6h2c) with the agent's turn menus")
    parser.add_argument("--board", help="another board for the spot (3 cards, or 4 with --turn)")
    parser.add_argument(
        "--open-call",
        action="store_true",
        help="the flop after an open to 250 and a call at 200 BB: the range tables' ranges, the deep menus",
    )
    args = parser.parse_args()
    if args.turn:
        spot, variants = Spot(parse_cards("Td9d6h2c"), 1000, 9000, RANGES, TURN_MENU), TURN_VARIANTS
    else:
        spot, variants = SPOTS[FLOP], FLOP_VARIANTS
    if args.board:
        spot = replace(spot, board=tuple(parse_cards(args.board)))
    if args.open_call:
        spot = open_call(spot.board)
    names = list(variants)
    chosen = names if args.variants == "all" else [names[int(i)] for i in args.variants.split(",")]
    depth = f"pot {spot.pot}, stack {spot.stack}"
    print(f"{format_cards(spot.board)}, {depth}, {args.iterations} iterations of Discounted CFR on the full tree each")
    print("| strategy locked (both players) | exploitability | BR of OOP, of IP (chips) | CPU |")
    print("|---|---:|---:|---:|")
    if not args.no_reference:
        reference = prepare(spot)
        _row("none (the reference)", run(reference, args.iterations, []))
        own = locks_of_own(reference)
        del reference
        _row("the reference's own", run(prepare(spot), args.iterations, own))
    for name in chosen:
        full = prepare(spot)
        variant = variants[name]
        locks = locks_from(full, agent_solve(spot, variant), variant.strength(spot.board))
        _row(name, run(full, args.iterations, locks))


if __name__ == "__main__":
    main()
