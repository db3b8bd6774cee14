"""``pokergym solve spot``: solve a postflop spot from the shell and print its root strategy.

Example:
    >>> main(["--board", "Ks7d2c5h9s", "--pot", "1000", "--stack", "1000", "--oop", "AA,32o", "--ip", "KQ",
    ...       "--sizes", "a", "--iterations", "100", "--quiet"])  # doctest: +ELLIPSIS
    spot: board Ks7d2c5h9s, pot 1000, stack 1000, OOP 15 combos, IP 12 combos; 9 nodes (suits alike: none)
    solved: 100 iterations, exploitability ...% of the pot (... s)
    OOP at the root (check, bet 1000), by hand class:
      AA       0.0% 100.0%
      32o    ...
    0
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import get_args

from pokergym.cards import SUITS, format_cards, parse_cards
from pokergym.solver.isomorphism import SWAPS
from pokergym.solver.ranges import Range, hand_classes
from pokergym.solver.solve import Algorithm, solve
from pokergym.solver.spot import Menu, Spot
from pokergym.solver.tree import count_tree

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pokergym solve spot",
        description="Solve a range-vs-range postflop spot with Discounted CFR and print the root strategy per hand "
        "class. Player OOP acts first. Sizes: 33 (% of the pot), 2.5x (raise to 2.5 times the bet), e (geometric), "
        "a (all-in).",
    )
    parser.add_argument("--board", required=True, help="3, 4 or 5 cards, e.g. Td9d6h")
    parser.add_argument("--pot", type=int, required=True, help="chips in the pot when the street begins")
    parser.add_argument("--stack", type=int, required=True, help="effective chips behind")
    parser.add_argument("--oop", required=True, help="OOP range, e.g. '22+,A2s+,KTo+'")
    parser.add_argument("--ip", required=True, help="IP range")
    parser.add_argument("--sizes", default="33,75,a", help="bet sizes (default %(default)s)")
    parser.add_argument("--raises", default=None, help="raise sizes (default: the bet sizes)")
    parser.add_argument("--raise-cap", type=int, default=2, help="raises per street after a bet (default 2)")
    parser.add_argument("--streets", type=int, default=None, help="streets of betting before the hand is checked down")
    parser.add_argument("--target", type=float, default=0.5, help="target exploitability, %% of the pot (default 0.5)")
    parser.add_argument("--iterations", type=int, default=None, help="run exactly this many iterations instead")
    parser.add_argument("--algorithm", choices=get_args(Algorithm), default="dcfr")
    parser.add_argument(
        "--threads", type=int, default=1, help="threads for the subtrees under the first chance nodes (default 1)"
    )
    parser.add_argument(
        "--no-isomorphism",
        action="store_true",
        help="walk every turn and river card, also those read off a suit-isomorphic twin by default",
    )
    parser.add_argument("--out", type=Path, default=None, help="save the solution to this .npz file")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; bad input raises a :class:`~pokergym.errors.PokerGymError` (the CLI prints it)."""
    args = _parser().parse_args(argv)
    ranges = (Range.parse(args.oop), Range.parse(args.ip))
    menu = Menu.uniform(args.sizes, args.raises, raise_cap=args.raise_cap)
    spot = Spot(
        parse_cards(args.board),
        args.pot,
        args.stack,
        ranges,
        menu,
        betting_streets=args.streets,
        isomorphism=not args.no_isomorphism,
    )
    count = count_tree(spot)
    swaps = ", ".join("".join(SUITS[s] for s in SWAPS[swap]) for swap in spot.suit_swaps) or "none"
    print(
        f"spot: board {format_cards(spot.board)}, pot {spot.pot}, stack {spot.stack}, OOP {spot.n_hands[0]} combos, "
        f"IP {spot.n_hands[1]} combos; {count.nodes:,} nodes (suits alike: {swaps})"
    )

    def report(done: int, pct: float) -> None:
        if not args.quiet:
            print(f"  iteration {done}: exploitability {pct:.3f}% of the pot", flush=True)

    solution = solve(
        spot,
        iterations=args.iterations,
        target_exploitability=args.target / 100.0,
        algorithm=args.algorithm,
        progress=report,
        threads=args.threads,
    )
    print(
        f"solved: {solution.iterations} iterations, exploitability {solution.exploitability_pct:.3f}% of the pot "
        f"({solution.seconds:.1f} s)"
    )
    root = solution.node(())
    labels = ", ".join(f"{kind} {amount}" if amount else kind for kind, amount in root.actions)
    print(f"OOP at the root ({labels}), by hand class:")
    strategy = root.by_class()
    for name in sorted(strategy, key=hand_classes().index):
        print(f"  {name:<6} " + " ".join(f"{p:6.1%}" for p in strategy[name]))
    if args.out is not None:
        solution.save(args.out)
        print(f"wrote {args.out}")
    return 0
