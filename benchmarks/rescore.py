"""A saved duplicate match re-scored with the all-in adjustment and AIVAT (:mod:`pokergym.arena.variance`).

Reads the ``histories.jsonl`` of ``pokergym match A B --out DIR`` and prints agent A's mbb/hand under the raw,
all-in-adjusted and AIVAT estimators, each with its 95% interval over pairs. ``--known-a``/``--known-b``
give the spec of a seat whose strategy AIVAT may use (its ``action_probabilities``; a memoryless agent
only); a seat left out keeps the chance terms alone, which are unbiased too. A known strategy is asked once
per decision, so a slow agent (the solver) makes re-scoring as slow as its match. ``--lookahead`` values each
known seat's actions by the other known seat's answers (the module's "Lookahead"), asking that seat at states
the hand did not reach too.

``--terms`` adds AIVAT's corrections by kind (hole deal, flop deal, turn and river deals, all-in run-outs, each
seat's actions), each with its interval: every kind has mean zero, so one whose interval excludes zero over a
long match points at a biased correction.

Several files (the same pairing on several seeds) are scored one by one and then pooled: the seeds' means
averaged and their half-widths added in quadrature and divided by the number of seeds (the interval of the
mean of independent estimates; with equal pairs per seed, about the interval over all the pairs).

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/rescore.py runs/solver-rule/histories.jsonl --known-b rule [--terms] [--lookahead]
    PYTHONPATH=. python benchmarks/rescore.py runs/solver-cfr-s7/histories.jsonl runs/solver-cfr-s8/histories.jsonl
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence

from baselines import make
from pokergym.agents import Agent
from pokergym.arena.variance import AdjustedMatch, adjusted_match


def rescore(path: str, known: tuple[str | None, str | None], lookahead: bool = False) -> AdjustedMatch:
    """The three estimates of the match in ``path`` with the strategies of the ``known`` specs (None: unknown)."""
    agents: tuple[Agent | None, Agent | None] = (
        None if known[0] is None else make(known[0]),
        None if known[1] is None else make(known[1]),
    )
    return adjusted_match(path, agents, lookahead=lookahead)


def pooled(estimates: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The mean of independent ``(mean, 95% half-width)`` estimates and its half-width.

    Example:
        >>> pooled([(100.0, 300.0), (300.0, 400.0)])
        (200.0, 250.0)
    """
    count = len(estimates)
    mean = sum(m for m, _ in estimates) / count
    return mean, math.sqrt(sum(h * h for _, h in estimates)) / count


_ESTIMATORS = (("raw", "raw"), ("all-in adjusted", "allin"), ("AIVAT", "aivat"))


def _print(result: AdjustedMatch, terms: bool) -> None:
    print(f"{result.pairs} pairs, agent A's mbb/hand, 95% CI over pairs:")
    for name, attribute in _ESTIMATORS:
        estimate = getattr(result, attribute)
        print(f"  {name:16s} {estimate.mbb_per_hand:+8.0f} +- {estimate.ci95:.0f}")
    if terms:
        print("AIVAT's corrections by kind (each has mean zero; raw - AIVAT is their sum), A's mbb/hand:")
        for kind, estimate in result.terms.items():
            kind = kind.replace("seat 0", "A's").replace("seat 1", "B's")
            print(f"  {kind:24s} {estimate.mbb_per_hand:+9.1f} +- {estimate.ci95:.1f}")
        total = result.corrections
        assert total is not None
        print(f"  {'all (raw - AIVAT)':24s} {total.mbb_per_hand:+9.1f} +- {total.ci95:.1f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("histories", nargs="+", help="a match's histories.jsonl (several: pooled, see above)")
    parser.add_argument("--known-a", default=None, help="spec of agent A if AIVAT may use its strategy")
    parser.add_argument("--known-b", default=None, help="spec of agent B if AIVAT may use its strategy")
    parser.add_argument("--terms", action="store_true", help="also print AIVAT's corrections by kind")
    parser.add_argument("--lookahead", action="store_true", help="value actions by the other known seat's answers")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    results = []
    for path in args.histories:
        if len(args.histories) > 1:
            print(path)
        results.append(rescore(path, (args.known_a, args.known_b), args.lookahead))
        _print(results[-1], args.terms)
    if len(results) > 1:
        print(f"pooled over {len(results)} matches ({sum(r.pairs for r in results)} pairs), agent A's mbb/hand:")
        for name, attribute in _ESTIMATORS:
            mean, half = pooled([(getattr(r, attribute).mbb_per_hand, getattr(r, attribute).ci95) for r in results])
            print(f"  {name:16s} {mean:+8.0f} +- {half:.0f}")
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
