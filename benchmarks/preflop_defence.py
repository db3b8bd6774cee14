"""How often the solver agent's preflop minimum defence changes its play against each opponent.

Plays the preflop only of ``--hands`` hands (seeded deals, the button alternating) between the solver
agent's preflop (:func:`baselines.solver.preflop.defended_probabilities`, sampled with a seeded generator)
and each opponent, and counts the agent's decisions where the defended distribution differs from the range
table's, and the flops where either seat's range differs from the one the tables alone give. Where both
counts are zero, the agent played every one of those preflops, and so every solve after them, as it did
before the defence (``solver:defend=false``).

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/preflop_defence.py rule cfr call expectiminimax honest bayes maniac --hands 1000
"""

from __future__ import annotations

import argparse
from collections import Counter

import numpy as np

import baselines
from baselines.policy import sample_action
from baselines.solver.preflop import defended_probabilities, preflop_ranges
from pokergym.engine import HandState
from pokergym.engine.actions import Action, Street

_AGENT = 0


def count(opponent_spec: str, hands: int) -> tuple[int, int, int, int, Counter[tuple[int, ...]]]:
    """``(decisions, decisions changed, flops, flops with other ranges, changed lines by raise sizes)``."""
    opponent = baselines.make(opponent_spec)
    decisions = changed = flops = other_ranges = 0
    lines: Counter[tuple[int, ...]] = Counter()
    for hand in range(hands):
        state = HandState.new(rng=np.random.default_rng(hand), button=hand % 2)
        opponent.reset(1 - _AGENT, np.random.default_rng([hand, 1]))
        rng = np.random.default_rng([hand, 0])
        while not state.terminal and state.street == Street.PREFLOP:
            view = state.view(state.actor)
            if state.actor != _AGENT:
                state.apply(opponent.act(view))
                continue
            defended = defended_probabilities(view)
            decisions += 1
            if defended != defended_probabilities(view, defend=False):
                changed += 1
                lines[tuple(r.to for r in view.history)] += 1
            passive = Action.call() if view.to_call else Action.check()
            state.apply(sample_action(defended, rng) if defended is not None else passive)
        if not state.terminal:
            flops += 1
            with_defence = preflop_ranges(state.config, state.button, state.history)
            tables = preflop_ranges(state.config, state.button, state.history, defend=False)
            other_ranges += not all(np.array_equal(a, b) for a, b in zip(with_defence, tables, strict=True))
    return decisions, changed, flops, other_ranges, lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("opponents", nargs="+", help="opponent specs, e.g. rule cfr")
    parser.add_argument("--hands", type=int, default=1000, help="preflops per opponent (default 1000)")
    args = parser.parse_args()
    print("| opponent | agent decisions | changed | flops | other ranges | changed lines (raise-to sizes) |")
    print("|---|---:|---:|---:|---:|---|")
    for spec in args.opponents:
        decisions, changed, flops, other, lines = count(spec, args.hands)
        shown = ", ".join(f"{'/'.join(map(str, line))}: {n}" for line, n in lines.most_common(3))
        print(f"| {spec} | {decisions} | {changed} ({changed / max(decisions, 1):.1%}) | {flops} | {other} | {shown} |")


if __name__ == "__main__":
    main()
