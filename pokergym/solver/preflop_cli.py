"""``pokergym solve preflop``: solve the preflop abstraction and print both players' first decisions.

Example:
    >>> main(["--iterations", "50", "--stack", "20"])  # doctest: +ELLIPSIS
    preflop abstraction: blinds 50/100, stacks 2000, the big blind realises 0.8 (1.0 where it raised last) ...
    exploitability ... mbb/hand (of the abstraction), the button's value ... mbb/hand (... s)
    the button (share of hands): fold ...
    the big blind after call: check ...
    ...
    0
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import numpy as np

from pokergym.engine.actions import ActionKind
from pokergym.engine.config import GameConfig
from pokergym.solver.preflop import Line, PreflopMenu, PreflopSolution, combo_classes, solve_preflop
from pokergym.solver.ranges import hand_classes

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pokergym solve preflop",
        description="Solve the preflop abstraction (169 classes, the menu's sizes, equity realisation at the flop) "
        "with Discounted CFR; print the button's first decision and the big blind's answer to each, as shares of "
        "all hands, and with --classes the button's strategy per class.",
    )
    parser.add_argument("--stack", type=float, default=200.0, help="effective stack in big blinds (default 200)")
    parser.add_argument("--realization", type=float, default=PreflopMenu.realization, help="the big blind's share")
    parser.add_argument(
        "--raiser-realization",
        type=float,
        default=PreflopMenu.raiser_realization,
        help="the big blind's share where it raised last",
    )
    parser.add_argument("--full-spr", type=float, default=PreflopMenu.full_spr, help="SPR of full realisation loss")
    parser.add_argument(
        "--curve", type=float, default=PreflopMenu.curve, help="S-curve exponent of a flop matchup's equity (1: none)"
    )
    parser.add_argument("--iterations", type=int, default=1000, help="Discounted CFR iterations (default 1000)")
    parser.add_argument("--classes", action="store_true", help="also the button's strategy per hand class")
    return parser


def _shares(solution: PreflopSolution, line: Line) -> str:
    combos = np.bincount(combo_classes(), minlength=len(hand_classes()))
    strategy = solution.strategy(line)
    actions = solution.actions(line)
    parts = [f"{a} {float((row * combos).sum() / combos.sum()):.1%}" for a, row in zip(actions, strategy, strict=True)]
    return ", ".join(parts)


def _curve_text(menu: PreflopMenu) -> str:
    return "" if menu.curve == 1.0 else f", each matchup's equity through an S-curve of exponent {menu.curve} first"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    args = _parser().parse_args(argv)
    config = GameConfig(stacks=(round(args.stack * 100),) * 2)
    menu = PreflopMenu(
        realization=args.realization,
        raiser_realization=args.raiser_realization,
        full_spr=args.full_spr,
        curve=args.curve,
    )
    start = time.perf_counter()
    solution = solve_preflop(config, menu, iterations=args.iterations)
    print(
        f"preflop abstraction: blinds {config.small_blind}/{config.big_blind}, stacks {config.effective_stack}, "
        f"the big blind realises {menu.realization} ({menu.raiser_realization} where it raised last) at SPR >= "
        f"{menu.full_spr}{_curve_text(menu)}; {solution.iterations} iterations"
    )
    print(
        f"exploitability {solution.exploitability_mbb:.2f} mbb/hand (of the abstraction), "
        f"the button's value {solution.value_mbb:.1f} mbb/hand ({time.perf_counter() - start:.1f} s)"
    )
    print(f"the button (share of hands): {_shares(solution, ())}")
    for action in solution.actions(()):
        if action.kind != ActionKind.FOLD and solution.has((action,)):
            print(f"the big blind after {action}: {_shares(solution, (action,))}")
    if args.classes:
        root = solution.strategy(())
        labels = [str(a) for a in solution.actions(())]
        print("class  " + "  ".join(f"{label:>12s}" for label in labels))
        for index, name in enumerate(hand_classes()):
            print(f"{name:5s}  " + "  ".join(f"{p:12.1%}" for p in np.asarray(root[:, index])))
    return 0
