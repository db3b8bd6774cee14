"""The solved preflop abstraction along one raising line: who takes each action, and how the last actor answers.

The line is the button's open and the raises after it, as raise-to amounts in chips (``250 750 2700``: an open
to 2.5 BB, a 3-bet to 7.5 BB, a 4-bet to 27 BB), each raise called by nobody; sizes off the abstraction's menu
are inserted as the solver agent inserts them (:func:`baselines.solver.solved_preflop.solved_line`). For every
decision on the line it prints the actor's range there split over its actions, in combos (each class's
reach times its combos, card removal left out); then the classes of the last raiser's range at the end of the
line, most frequent first. ``--against`` names a range the last raise might really be made with (standard
notation) and lists the classes the answering player goes on with (calls or raises), with the share of each
that does and its preflop equity against that range (card removal counted).

``--model curved`` solves the agent's ``preflop_model="curved"`` abstraction instead.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/preflop_line.py 250 750 2700 --against "99+,AJs+,AQo+" [--model curved]
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from baselines.solver.solved_preflop import PREFLOP_MODELS, solved_line
from pokergym.engine import HandState
from pokergym.engine.actions import Action, ActionKind, ActionRecord, Street
from pokergym.engine.config import GameConfig
from pokergym.solver import Range
from pokergym.solver.preflop import PreflopSolution, class_matchups, combo_classes
from pokergym.solver.ranges import hand_classes

Line = tuple[Action, ...]
COMBOS = np.bincount(combo_classes(), minlength=len(hand_classes()))
"""The combos of each of the 169 classes (6 a pair, 4 suited, 12 offsuit)."""


def records(config: GameConfig, raises: Sequence[int]) -> list[ActionRecord]:
    """The engine's records of the button opening and the players re-raising to ``raises`` in turn."""
    state = HandState.new(config, button=0, deck=list(range(9)))
    for to in raises:
        state.raise_to(to)
    return [record for record in state.history if record.street == Street.PREFLOP]


def masses(solution: PreflopSolution, line: Line) -> list[tuple[str, float]]:
    """The actor's range at ``line`` split over its actions, in combos."""
    reach = solution.reach(line)[solution.actor(line)] * COMBOS
    strategy = solution.strategy(line)
    return [(str(a), float(strategy[k] @ reach)) for k, a in enumerate(solution.actions(line))]


def top_classes(weights: npt.NDArray[np.float64], n: int) -> str:
    """The ``n`` classes of most weight, with their weight (a probability per class)."""
    names = hand_classes()
    order = [i for i in np.argsort(-weights)[:n] if weights[i] > 0.0]
    return ", ".join(f"{names[i]} {weights[i]:.3f}" for i in order)


def against(solution: PreflopSolution, line: Line, notation: str) -> list[tuple[str, float, float]]:
    """Per class that the answering range continues with: its continue share and its equity against ``notation``."""
    weights = np.bincount(combo_classes(), weights=Range.parse(notation).weights, minlength=len(COMBOS)) / COMBOS
    pairs, equity = class_matchups()
    met = pairs @ weights
    mean = np.divide(equity @ weights, met, out=np.zeros_like(met), where=met > 0.0)
    actor = solution.actor(line)
    reach = solution.reach(line)[actor]
    fold = [k for k, a in enumerate(solution.actions(line)) if a.kind == ActionKind.FOLD]
    keep = reach * (1.0 - (solution.strategy(line)[fold[0]] if fold else 0.0))
    order = [i for i in np.argsort(-keep) if keep[i] > 0.05]
    return [(hand_classes()[i], float(keep[i]), float(mean[i])) for i in order]


def main(argv: Sequence[str] | None = None) -> int:
    """Print the line's figures; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("raises", nargs="+", type=int, help="the raise-to amounts in chips, the button's open first")
    parser.add_argument("--against", default="", help="a range the last raise is made with, in range notation")
    parser.add_argument("--top", type=int, default=20, help="classes of the last raiser's range to list")
    parser.add_argument(
        "--model", choices=list(PREFLOP_MODELS), default="linear", help="the agent's preflop_model (default linear)"
    )
    args = parser.parse_args(argv)
    config = GameConfig()
    solution, line = solved_line(config, records(config, args.raises), PREFLOP_MODELS[args.model])
    for depth in range(len(line) + 1):
        head = "button" if solution.actor(line[:depth]) == 0 else "big blind"
        split = ", ".join(f"{name} {combos:.1f}" for name, combos in masses(solution, line[:depth]))
        print(f"after {[str(a) for a in line[:depth]]}: the {head}'s range, combos: {split}")
    raiser = 1 - solution.actor(line)
    print(f"the last raiser's classes at the end: {top_classes(solution.reach(line)[raiser], args.top)}")
    if args.against:
        print(f"continuing against {args.against}: class, share of it continuing, equity against the range")
        for name, share, equity in against(solution, line, args.against):
            print(f"  {name:4s} {share:.2f} {equity:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
