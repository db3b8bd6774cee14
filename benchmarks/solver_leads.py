"""How the solver agent's flop solve plays the big blind's first decision after an open and a call.

For each agent spec and flop: the share of the big blind's range that bets first ("leads") in the agent's
flop solve, that solve's exploitability in its own game (% of the pot), and the CPU seconds of the solve.
An equilibrium of the real game leads rarely on flops that favour the opener (e.g. ``AsKd7c``); a tree whose
only raise is all-in at 40 pots deep leaves the button nothing but a call against a lead, and a solve of
that tree leads with most of the range.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/solver_leads.py solver solver:deep_menus=false
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from baselines import make
from baselines.solver import SolverAgent
from pokergym.cards import parse_cards
from pokergym.engine import HandState

FLOPS = ("AsKd7c", "9h8h2c", "Qc7s3d")


class Lead(NamedTuple):
    """One flop's figures."""

    flop: str
    lead: float
    exploitability_pct: float
    cpu_s: float


def lead(agent: SolverAgent, flop: str) -> Lead:
    """The big blind's lead share, the solve's exploitability and its CPU time on ``flop`` after 250 and a call."""
    board = parse_cards(flop)
    others = [c for c in range(52) if c not in board]
    state = HandState.new(deck=(*others[:4], *board, *others[4:6]), button=0)
    state.raise_to(250)
    state.call()
    started = time.process_time()
    plan = agent._plan(state.view(1))
    cpu = time.process_time() - started
    solution = plan.solution
    if solution is None:
        raise SystemExit(f"{agent.name}: no solve on {flop} ({plan.reason})")
    weights = np.asarray(solution.spot.ranges[0].weights, dtype=np.float64)[solution.spot.hands(0)]
    labels = [solution.tree.label(child) for child in solution.tree.children_of(plan.node)]
    checks = float(solution.strategy(plan.node)[labels.index(("check", 0))] @ (weights / weights.sum()))
    return Lead(flop, 1.0 - checks, solution.exploitability_pct, cpu)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", default=["solver"], help="solver agent specs")
    parser.add_argument("--flops", nargs="*", default=list(FLOPS))
    args = parser.parse_args(argv)
    for spec in args.specs:
        agent = make(spec)
        if not isinstance(agent, SolverAgent):
            raise SystemExit(f"{spec} is not a solver agent")
        lead(agent, args.flops[0])  # warm-up: compiles or loads the kernels
        for flop in args.flops:
            fresh = make(spec)
            assert isinstance(fresh, SolverAgent)
            row = lead(fresh, flop)
            print(
                f"{spec:40s} {flop}  lead {row.lead:6.1%}  exploitable {row.exploitability_pct:5.2f}% of the pot"
                f"  {row.cpu_s:5.2f} s CPU"
            )


if __name__ == "__main__":
    main()
