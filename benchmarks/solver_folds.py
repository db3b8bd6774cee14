"""How often the solver agent folds its range to flop bets after calling a 3-bet in position.

The button opens, the big blind 3-bets and the button calls (``--open``, ``--three-bet``); on the flop the
big blind leads with ``--sizes`` (pot fractions, ``a`` all-in). For each agent spec and size, the share of
the button's range (the agent's own, from :meth:`SolverAgent.ranges`) whose distribution folds, each combo
weighted by its range weight. Local best response leads these spots with most of its 3-betting range, so a
range that folds more than ``bet / (pot + 2 bet)`` (the minimum defence) lets any two cards bet at a profit.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/solver_folds.py solver:preflop=solved solver:preflop=solved,safe=false
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np

from baselines import make
from baselines.solver import SolverAgent
from pokergym.cards import parse_cards
from pokergym.engine import HandState
from pokergym.engine.actions import ActionKind
from pokergym.evaluator.combos import COMBO_CARDS


def fold_share(agent: SolverAgent, deck: str, opened: int, three_bet: int, size: str) -> float:
    """The weighted share of the button's range that folds to the big blind's flop lead of ``size``."""
    state = HandState.new(deck=parse_cards(deck), button=0)
    state.raise_to(opened)
    state.raise_to(three_bet)
    state.call()
    stack = state.stacks[1]
    state.raise_to(stack if size == "a" else min(stack, round(float(size) * state.pot)))
    view = state.view(0)
    own, _ = agent.ranges(view)
    taken = {*view.board, *state.hole(1)}
    folded = total = 0.0
    for combo in np.flatnonzero(own > 0.0):
        cards = COMBO_CARDS[combo]
        if taken & set(cards):
            continue
        distribution = agent.action_probabilities(view._replace(hole=(int(cards[0]), int(cards[1]))))
        folded += own[combo] * sum(p for a, p in distribution if a.kind == ActionKind.FOLD)
        total += own[combo]
    return folded / total


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", default=["solver"], help="solver agent specs")
    parser.add_argument("--deck", default="AsKd7c2d2s5h9dKc3h", help="button, big blind, board (9 cards)")
    parser.add_argument("--open", type=int, default=350, help="the button's open, chips")
    parser.add_argument("--three-bet", type=int, default=1750, help="the big blind's 3-bet, chips")
    parser.add_argument("--sizes", nargs="*", default=["0.5", "1", "2", "a"], help="lead sizes, pot fractions or a")
    args = parser.parse_args(argv)
    for spec in args.specs:
        agent = make(spec)
        if not isinstance(agent, SolverAgent):
            raise SystemExit(f"{spec} is not a solver agent")
        shares = [fold_share(agent, args.deck, args.open, args.three_bet, size) for size in args.sizes]
        print(
            f"{spec:50s} " + "  ".join(f"{size}: {share:5.1%}" for size, share in zip(args.sizes, shares, strict=True))
        )


if __name__ == "__main__":
    main()
