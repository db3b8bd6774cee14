"""A saved duplicate match re-scored with the all-in adjustment and AIVAT (:mod:`pokergym.arena.variance`).

Reads the ``histories.jsonl`` of ``pokergym match A B --out DIR`` and prints agent A's mbb/hand under the raw,
all-in-adjusted and AIVAT estimators, each with its 95% interval over pairs. ``--known-a``/``--known-b``
give the spec of a seat whose strategy AIVAT may use (its ``action_probabilities``; a memoryless agent
only); a seat left out keeps the chance terms alone, which are unbiased too. A known strategy is asked once
per decision, so a slow agent (the solver) makes re-scoring as slow as its match.

``--terms`` adds AIVAT's corrections by kind (hole deal, flop deal, turn and river deals, all-in run-outs, each
seat's actions), each with its interval: every kind has mean zero, so one whose interval excludes zero over a
long match points at a biased correction.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/rescore.py runs/solver-rule/histories.jsonl --known-b rule [--terms]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from baselines import make
from pokergym.agents import Agent
from pokergym.arena.variance import AdjustedMatch, adjusted_match


def rescore(path: str, known: tuple[str | None, str | None]) -> AdjustedMatch:
    """The three estimates of the match in ``path`` with the strategies of the ``known`` specs (None: unknown)."""
    agents: tuple[Agent | None, Agent | None] = (
        None if known[0] is None else make(known[0]),
        None if known[1] is None else make(known[1]),
    )
    return adjusted_match(path, agents)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("histories", help="a match's histories.jsonl")
    parser.add_argument("--known-a", default=None, help="spec of agent A if AIVAT may use its strategy")
    parser.add_argument("--known-b", default=None, help="spec of agent B if AIVAT may use its strategy")
    parser.add_argument("--terms", action="store_true", help="also print AIVAT's corrections by kind")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    result = rescore(args.histories, (args.known_a, args.known_b))
    print(f"{result.pairs} pairs, agent A's mbb/hand, 95% CI over pairs:")
    for name, estimate in (("raw", result.raw), ("all-in adjusted", result.allin), ("AIVAT", result.aivat)):
        print(f"  {name:16s} {estimate.mbb_per_hand:+8.0f} +- {estimate.ci95:.0f}")
    if args.terms:
        print("AIVAT's corrections by kind (each has mean zero; raw - AIVAT is their sum), A's mbb/hand:")
        for kind, estimate in result.terms.items():
            kind = kind.replace("seat 0", "A's").replace("seat 1", "B's")
            print(f"  {kind:24s} {estimate.mbb_per_hand:+9.1f} +- {estimate.ci95:.1f}")
        total = result.corrections
        assert total is not None
        print(f"  {'all (raw - AIVAT)':24s} {total.mbb_per_hand:+9.1f} +- {total.ci95:.1f}")
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
