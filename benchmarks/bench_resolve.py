"""Re-solving tools of the solver: what a safety gadget buys, and what a sampled deal costs and saves.

Part 1, safety (:class:`pokergym.solver.Gadget`): a turn spot is solved to the
end (the blueprint); its river after check-check is re-solved with the
out-of-position range replaced by a wrong one (every hand of the blueprint's
range at weight 1), without and with a gadget holding that player's blueprint
values. Printed: how far the player's best response beats its blueprint value,
averaged over its true range at the river (chips; the pot is 1,000). The anchor
is the re-solve with the true range and no gadget.

Part 2, sampled deals (:attr:`pokergym.solver.Spot.deal_sample`): a flop spot
that plays the turn's betting (river checked down), 30 iterations, with every
turn card dealt (the anchor) and with samples of 16 and 10 turn cards: CPU
seconds, the ratio, and how far the root strategy moves from a 120-iteration
solve with every card (mean absolute difference of the action probabilities;
the every-card 30-iteration solve's own distance is the yardstick).

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/bench_resolve.py [--combos 150]
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from pokergym.cards import parse_cards
from pokergym.solver import Gadget, Menu, Range, Solution, Spot, solve

Weights = npt.NDArray[np.float64]
OOP = "22+,A2s+,K2s+,Q4s+,J6s+,T6s+,96s+,86s+,75s+,65s,54s,A2o+,K8o+,Q9o+,J9o+,T9o"
IP = "22+,A2+,K2s+,K5o+,Q2s+,Q8o+,J4s+,J8o+,T6s+,T8o+,96s+,98o,85s+,75s+,64s+,54s"


def excess(solution: Solution, values: Weights, weights: Weights) -> float:
    """Average over player 0's hands (weighted by ``weights``) of how far its best response beats ``values``."""
    hands = solution.spot.hands(0)
    ev = solution.best_response_ev(0)
    return float(weights[hands] @ np.maximum(ev - values[hands], 0.0) / weights[hands].sum())


def safety() -> None:
    """Part 1: the wrong range exploited without a gadget, and with one."""
    menu = Menu.uniform("50,a", "a", raise_cap=1)
    oop, ip = "22+,AJs+,KTs+,QTs+,JTs,T9s,98s,AQo+,KQo", "55+,A2s+,KQs,QJs,JTs,T9s,AKo"
    turn = Spot(parse_cards("KsQd7h4c"), 1000, 3000, (Range.parse(oop), Range.parse(ip)), menu)
    blueprint = solve(turn, iterations=400)
    node = blueprint.node([("check", 0), ("check", 0), ("deal", parse_cards("2s")[0])])
    true_oop, ip_range, values = np.zeros(1326), np.zeros(1326), np.zeros(1326)
    true_oop[node.hands[0]], ip_range[node.hands[1]] = node.reach[0], node.reach[1]
    values[node.hands[0]] = np.nan_to_num(node.ev[0])
    wrong = Range(np.where(true_oop > 0.0, 1.0, 0.0))
    board = parse_cards("KsQd7h4c2s")
    print(f"blueprint: turn spot to the end, 400 iterations, {blueprint.exploitability_pct:.3f}% of the pot")
    print("| river re-solve, 300 iterations | OOP's best response above its blueprint value, chips |")
    print("|---|---:|")
    for label, oop_range, gadget in (
        ("true range, no gadget (anchor)", Range(true_oop), False),
        ("wrong range, no gadget", wrong, False),
        ("wrong range, gadget", wrong, True),
    ):
        spot = Spot(board, 1000, 3000, (oop_range, Range(ip_range)), menu)
        resolve = solve(spot, iterations=300, gadget=Gadget(0, values[spot.hands(0)]) if gadget else None)
        print(f"| {label} | {excess(resolve, values, true_oop):.2f} |")


def sampled_deals(combos: int) -> None:
    """Part 2: a flop spot with the turn's betting, every turn card against samples."""
    rng = np.random.default_rng(0)
    ranges = []
    for text in (OOP, IP):
        weights = Range.parse(text).weights.copy()
        live = np.flatnonzero(weights)
        weights[rng.choice(live, max(0, len(live) - combos), replace=False)] = 0.0
        ranges.append(Range(weights))
    menu = Menu.per_street(("33,75", "a"), ("75", "a"), ("75", "a"), raise_cap=1)
    base = Spot(parse_cards("Td9d6h"), 1000, 9000, (ranges[0], ranges[1]), menu, betting_streets=2)
    solve(replace(base, deal_sample=2), iterations=1)  # load the compiled kernels
    reference = solve(base, iterations=120, measure=False)
    target = reference.strategy(reference.tree.root)
    print(f"\nflop Td9d6h, {combos} combos a side, turn betting, river checked down, 30 iterations")
    print("| turn cards dealt | CPU s | ratio to every card | root strategy's distance to 120 iterations |")
    print("|---|---:|---:|---:|")
    anchor = 0.0
    for sample in (None, 16, 10):
        started = time.process_time()
        solution = solve(replace(base, deal_sample=sample), iterations=30, measure=False)
        seconds = time.process_time() - started
        anchor = anchor or seconds
        distance = float(np.abs(solution.strategy(solution.tree.root) - target).mean())
        label = "every card (49, anchor)" if sample is None else str(sample)
        print(f"| {label} | {seconds:.2f} | {anchor / seconds:.1f}x | {distance:.3f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--combos", type=int, default=150, help="combos a side in the flop spot (default 150)")
    args = parser.parse_args()
    safety()
    sampled_deals(args.combos)


if __name__ == "__main__":
    main()
