"""Variance reduction and LBR figures for benchmarks/RESULTS.md.

Usage: python benchmarks/bench_variance.py [PAIRS] [LBR_HANDS]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from baselines.registry import make
from pokergym.arena import match
from pokergym.arena.lbr import lbr
from pokergym.arena.variance import adjusted_match


def main() -> None:
    """Print the estimator table for rule vs honest and an LBR table."""
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    lbr_hands = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    agents = (make("rule"), make("honest"))
    path = Path(tempfile.mkdtemp()) / "hands.jsonl"
    match(*agents, pairs=pairs, seed=5, histories=path)
    start = time.perf_counter()
    result = adjusted_match(path, agents)
    print(f"rule vs honest, {pairs} pairs (adjusted in {time.perf_counter() - start:.1f} s)")
    print(result.table())
    runs = [(spec, "full") for spec in ("fold", "call", "honest", "rule", "cfr")]
    for spec, variant in [*runs, ("call", "call_until_turn"), ("rule", "call_until_turn")]:
        start = time.perf_counter()
        result = lbr(make(spec), hands=lbr_hands, seed=11, variant=variant)  # type: ignore[arg-type]
        print(result, f"[{time.perf_counter() - start:.1f} s]")


if __name__ == "__main__":
    main()
