"""Two questions about the solver benchmark's flop spot that no timing answers: where 0.5% is crossed, and how
much of a walk an update could skip.

``trace`` runs the flop-to-river spot of ``bench_solver.py`` (or the first turn spot with ``--turn``) and
prints the exact exploitability after every iteration in a range. ``bench_solver.py`` checks every
``check_every`` = 10 iterations at the end, so the iteration at which the spot first reads 0.5% of the pot
says how many iterations the checks' granularity costs.

``dead`` runs a number of iterations, then, for each player as the opponent of a walk, follows the reach of
that player's current strategy (regret matching, as the next update's walk reads it) down the tree and
counts the traverser's decisions the opponent reaches with no hand at all. An update still walks those
subtrees (their regrets are discounted and their average-strategy sums grow with the traverser's reach), so
their share bounds what skipping them, with the discounts applied late, could save.

``sampled`` asks whether the iterations before the average's restart at 64, whose strategies the average
never reads, could be cheaper: it runs them with the turn cards sampled (each first chance node walks a
random ``--rate`` of its cards, their values scaled up to an unbiased estimate of the node's; the cards not
drawn are not updated that iteration), then the exact iterations, and prints the exploitability at
``--checks``. At ``--rate 1`` it is the exact solve, bit for bit.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/flop_iterations.py trace --start 94 --stop 112
    PYTHONPATH=. python benchmarks/flop_iterations.py dead --iterations 80 [--turn]
    PYTHONPATH=. python benchmarks/flop_iterations.py sampled --rate 0.25 --warm 63 --checks 80 90 100 110
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import numpy.typing as npt
from bench_solver import FLOP, SPOTS

from pokergym.solver import _cfr_kernel as K
from pokergym.solver.parallel import Split, _reaches
from pokergym.solver.solve import NO_GADGET, Prepared, _iterate, prepare
from pokergym.solver.spot import Spot
from pokergym.solver.tree import CHANCE, DECISION

TURN = "turn: 50/100% + all-in, raise all-in, 1 raise"


def trace(spot: Spot, start: int, stop: int) -> list[tuple[int, float]]:
    """``(iteration, exploitability in % of the pot)`` after each iteration from ``start`` to ``stop``."""
    prepared = prepare(spot)
    if start > 1:
        _iterate(prepared, 1, start - 1, "dcfr", NO_GADGET, read_at=start - 1)
    out = []
    for t in range(start, stop + 1):
        _iterate(prepared, t, 1, "dcfr", NO_GADGET, read_at=t)
        out.append((t, 100.0 * prepared.exploitability() / spot.pot))
    return out


def _current_strategy(regrets: npt.NDArray[np.float32], offset: int, count: int, n: int) -> npt.NDArray[np.float64]:
    """Regret matching on one node's rows: positive parts normalised per hand, uniform where all are 0."""
    rows = np.maximum(regrets[offset : offset + count * n].reshape(count, n).astype(np.float64), 0.0)
    total = rows.sum(axis=0)
    return np.where(total > 0.0, rows / np.where(total > 0.0, total, 1.0), 1.0 / count)


def dead_decisions(prepared: Prepared, opponent: int) -> tuple[int, int]:
    """The traverser's decisions, and those of them ``opponent``'s current strategy reaches with no hand.

    Nodes are numbered parents first (:mod:`pokergym.solver.tree`), so one pass in order carries each reach
    down: times the opponent's strategy at its decisions, less the hands holding the card at chance nodes.
    """
    tree, hands = prepared.tree, prepared.hands_args
    first, second, m = hands[0][opponent], hands[1][opponent], int(hands[2][opponent])
    reach: dict[int, npt.NDArray[np.float64]] = {int(tree.root): np.asarray(prepared.weights[opponent], dtype=float)}
    decisions = dead = 0
    for node in range(len(tree.kind)):
        r = reach.pop(node, None)
        if r is None:
            continue
        kind, start, count = tree.kind[node], tree.child_start[node], int(tree.n_children[node])
        children = tree.children[start : start + count]
        if kind == DECISION and tree.player[node] != opponent:
            decisions += 1
            dead += not (r > 0.0).any()
        if kind == DECISION and tree.player[node] == opponent:
            strategy = _current_strategy(prepared.store[opponent], int(tree.offset[node]), count, m)
            reach.update({int(child): r * strategy[a] for a, child in enumerate(children)})
        elif kind == CHANCE:
            for child in children:
                card = tree.card[child]
                reach[int(child)] = np.where((first[:m] == card) | (second[:m] == card), 0.0, r)
        else:
            reach.update({int(child): r for child in children})
    return decisions, dead


def sampled_update(prepared: Prepared, split: Split, trav: int, t: int, rng: np.random.Generator, rate: float) -> float:
    """One update walk of ``trav`` at iteration ``t`` with each first chance node walking ``rate`` of its cards.

    The drawn cards' values, times the node's cards over those drawn, stand for the node's sum (an unbiased
    estimate); the subtrees of the cards not drawn are left as they are. The average-strategy sums are not
    touched. Returns the share of the first chance nodes' cards walked. At ``rate`` 1 this is
    :func:`pokergym.solver.parallel.split_walk`'s update, operation for operation. ``split``: ``Split.of``
    the prepared tree.
    """
    tree, hands = prepared.tree, prepared.hands_args
    n, pot = prepared.spot.n_hands[trav], float(prepared.spot.pot)
    discounts = K.iteration_discounts(t, K.DCFR, pot, t + 1)  # no sums
    args = ((prepared.tree_args, hands, prepared.boards_args), prepared.store, discounts)
    shape = (tree.max_depth, tree.max_actions)
    reach_t, reach_o = prepared.weights[trav], prepared.weights[1 - trav]
    sums = np.zeros((len(split.nodes), n))
    walked = total = 0
    arrived = _reaches(prepared, split, trav, K.UPDATE, reach_t, reach_o)
    for k, (node, (rt, ro)) in enumerate(zip(split.nodes, arrived, strict=True)):
        children = list(tree.children_of(node))
        drawn = max(1, round(rate * len(children)))
        walked, total = walked + drawn, total + len(children)
        for i in sorted(rng.choice(len(children), size=drawn, replace=False).tolist()):
            child, card = children[i], int(tree.card[children[i]])
            below = (K._deal(trav, card, rt, hands), K._deal(1 - trav, card, ro, hands), pot, *args, shape)
            value = np.asarray(K.walk(child, trav, K.UPDATE, *below, K.NO_LEAVES))
            K._add_card(value * (len(children) / drawn), sums[k], child, trav, prepared.tree_args, hands, n)
    K.walk(tree.root, trav, K.UPDATE, reach_t, reach_o, pot, *args, shape, (split.leaf_of, sums))
    return walked / max(total, 1)


def sampled_then_exact(
    spot: Spot, rate: float, warm: int, checks: list[int], seed: int = 0
) -> tuple[float, list[tuple[int, float]]]:
    """Iterations 1..``warm`` sampled at ``rate`` (:func:`sampled_update`), then exact to each of ``checks``.

    Returns the warm-up's cost in exact iterations (walked cards' share) and ``(iteration, exploitability
    in % of the pot)`` at each check.
    """
    prepared, rng = prepare(spot), np.random.default_rng(seed)
    split = Split.of(prepared.tree)
    cost = sum(sampled_update(prepared, split, trav, t, rng, rate) / 2 for t in range(1, warm + 1) for trav in (0, 1))
    done, out = warm, []
    for check in checks:
        _iterate(prepared, done + 1, check - done, "dcfr", NO_GADGET, read_at=check)
        done = check
        out.append((check, 100.0 * prepared.exploitability() / spot.pot))
    return cost, out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("trace", "dead", "sampled"))
    parser.add_argument("--turn", action="store_true", help="the first turn spot instead of the flop spot")
    parser.add_argument("--start", type=int, default=94, help="trace: the first iteration read")
    parser.add_argument("--stop", type=int, default=112, help="trace: the last iteration read")
    parser.add_argument("--iterations", type=int, default=80, help="dead: iterations before counting")
    parser.add_argument("--rate", type=float, default=0.25, help="sampled: share of the turn cards walked")
    parser.add_argument("--warm", type=int, default=63, help="sampled: iterations sampled before the exact ones")
    parser.add_argument("--checks", type=int, nargs="+", default=[80, 90, 100, 110], help="sampled: reads")
    args = parser.parse_args(argv)
    spot = SPOTS[TURN if args.turn else FLOP]
    if args.mode == "sampled":
        began = time.process_time()
        cost, read = sampled_then_exact(spot, args.rate, args.warm, args.checks)
        print(f"{args.warm} iterations at rate {args.rate}: {cost:.1f} exact iterations' cards", flush=True)
        for t, pct in read:
            print(f"{t:4d} {pct:.4f}%", flush=True)
        print(f"{time.process_time() - began:.1f} s CPU")
        return
    if args.mode == "trace":
        for t, pct in trace(spot, args.start, args.stop):
            print(f"{t:4d} {pct:.4f}%", flush=True)
        return
    began = time.process_time()
    prepared = prepare(spot)
    _iterate(prepared, 1, args.iterations, "dcfr", NO_GADGET)
    print(f"{args.iterations} iterations: {time.process_time() - began:.1f} s CPU")
    for opponent in (0, 1):
        decisions, dead = dead_decisions(prepared, opponent)
        share = f"{dead / decisions:.1%}"
        print(f"opponent {opponent}: {dead:,} of the traverser's {decisions:,} decisions unreached ({share})")


if __name__ == "__main__":
    main()
