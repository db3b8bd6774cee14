"""How often the solver agent folds its range to a flop bet, in position after a 3-bet or in the big blind.

``--line 3bet`` (the default): the button opens, the big blind 3-bets and the button calls (``--open``,
``--three-bet``); on the flop the big blind leads with ``--sizes`` (pot fractions, ``a`` all-in), and the
button's folds are read. ``--line open``: the button opens, the big blind calls and checks the flop, the
button bets ``--sizes`` (a continuation bet), and the big blind's folds are read. For each agent spec and
size, the share of the responder's range (the agent's own, from :meth:`SolverAgent.ranges`) whose
distribution folds, each combo weighted by its range weight. A range that folds more than
``bet / (pot + bet)`` of itself (one minus the minimum defence) lets any two cards bet at a profit: local
best response leads the first spot with most of its 3-betting range, and the rule agent continuation-bets a
third of the pot with every hand it opened.

``--played FILE...`` reads saved matches instead (``pokergym match ... --out DIR``'s ``histories.jsonl``): in
the hands where the agent (the first name starting with ``solver``) is the big blind, called an open to
``--open`` chips and checked the flop, and the opponent bet, how often the agent folded to each bet size (a
share of the pot, to two decimals) and its net in big blinds over those hands.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/solver_folds.py solver:preflop=solved solver:preflop=solved,safe=false
    PYTHONPATH=. python benchmarks/solver_folds.py solver solver:flop_shares=false --line open --sizes 0.25 0.65
    PYTHONPATH=. python benchmarks/solver_folds.py --played runs/solver-rule-s7/histories.jsonl --open 250
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from baselines import make
from baselines.solver import SolverAgent
from pokergym.cards import parse_cards
from pokergym.engine import HandState
from pokergym.engine.actions import ActionKind
from pokergym.evaluator.combos import COMBO_CARDS

LINES = ("3bet", "open")
"""The preflop lines: the button calls a 3-bet, or the big blind calls an open (see the module)."""


def fold_share(agent: SolverAgent, deck: str, opened: int, three_bet: int, size: str, line: str = "3bet") -> float:
    """The weighted share of the responder's range that folds to a flop bet of ``size`` (see the module)."""
    if line not in LINES:
        raise ValueError(f"line must be one of {', '.join(LINES)}, got {line!r}")
    state = HandState.new(deck=parse_cards(deck), button=0)
    state.raise_to(opened)
    if line == "3bet":
        state.raise_to(three_bet)
    state.call()
    if line == "open":
        state.check()
    responder = 0 if line == "3bet" else 1
    stack = state.stacks[1 - responder]
    state.raise_to(stack if size == "a" else min(stack, round(float(size) * state.pot)))
    view = state.view(responder)
    own, _ = agent.ranges(view)
    taken = {*view.board, *state.hole(1 - responder)}
    folded = total = 0.0
    for combo in np.flatnonzero(own > 0.0):
        cards = COMBO_CARDS[combo]
        if taken & set(cards):
            continue
        distribution = agent.action_probabilities(view._replace(hole=(int(cards[0]), int(cards[1]))))
        folded += own[combo] * sum(p for a, p in distribution if a.kind == ActionKind.FOLD)
        total += own[combo]
    return folded / total


def played_folds(hands: Iterable[dict[str, Any]], opened: int) -> dict[float, tuple[int, int, float]]:
    """Per flop bet size (a share of the pot), ``(hands, folds, net BB)`` of the agent in the big blind's spot.

    The spot: the agent in the big blind called an open to ``opened`` chips and checked the flop, and the
    opponent bet (see the module). ``hands`` are saved hand histories as JSON objects.

    Raises:
        ValueError: if a hand has no player whose name starts with ``solver``.
    """
    table: dict[float, list[float]] = defaultdict(lambda: [0, 0, 0.0])
    for hand in hands:
        seat = next((i for i, name in enumerate(hand["names"]) if name.startswith("solver")), None)
        if seat is None:
            raise ValueError(f"no player named solver... in hand {hand.get('hand_id')}: {hand['names']}")
        actions = hand["actions"]
        preflop = [(a["kind"], a["to"]) for a in actions if a["street"] == "preflop"]
        flop = [a for a in actions if a["street"] == "flop"]
        if hand["button"] == seat or preflop != [("raise", opened), ("call", opened)] or len(flop) < 3:
            continue
        if flop[0]["kind"] != "check" or flop[1]["kind"] != "bet":
            continue
        row = table[round(flop[1]["to"] / (2 * opened), 2)]
        row[0] += 1
        row[1] += flop[2]["kind"] == "fold"
        row[2] += hand["payoffs"][seat] / hand["config"]["big_blind"]
    return {size: (int(n), int(folds), net) for size, (n, folds, net) in sorted(table.items())}


def _print_played(paths: Sequence[str], opened: int) -> None:
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            table = played_folds((json.loads(line) for line in lines if line.strip()), opened)
        for size, (n, folds, net) in table.items():
            print(f"{path}  bet {size:.2f} of the pot: {n:5d} hands, folds {folds / n:6.1%}, net {net:+9.1f} BB")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", default=["solver"], help="solver agent specs")
    parser.add_argument("--deck", default="AsKd7c2d2s5h9dKc3h", help="button, big blind, board (9 cards)")
    parser.add_argument("--line", choices=LINES, default="3bet", help="the preflop line (see above)")
    parser.add_argument("--open", type=int, default=350, help="the button's open, chips")
    parser.add_argument("--three-bet", type=int, default=1750, help="the big blind's 3-bet, chips")
    parser.add_argument("--sizes", nargs="*", default=["0.5", "1", "2", "a"], help="lead sizes, pot fractions or a")
    parser.add_argument("--played", nargs="+", metavar="FILE", help="saved matches' histories.jsonl (see above)")
    args = parser.parse_args(argv)
    if args.played:
        _print_played(args.played, args.open)
        return
    for spec in args.specs:
        agent = make(spec)
        if not isinstance(agent, SolverAgent):
            raise SystemExit(f"{spec} is not a solver agent")
        shares = [fold_share(agent, args.deck, args.open, args.three_bet, size, args.line) for size in args.sizes]
        print(
            f"{spec:50s} " + "  ".join(f"{size}: {share:5.1%}" for size, share in zip(args.sizes, shares, strict=True))
        )


if __name__ == "__main__":
    main()
