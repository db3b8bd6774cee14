"""Variance reduction and LBR figures for benchmarks/RESULTS.md.

Usage:
    python benchmarks/bench_variance.py [--pairs N] [--matchups rule:honest,rule:cfr]
        [--lbr-hands N] [--lbr-agents fold,call,honest,rule,cfr] [--lbr-variants full,call_until_turn]

An empty ``--matchups`` or ``--lbr-agents`` skips that part.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from baselines.registry import make
from pokergym.arena import match
from pokergym.arena.lbr import Variant, lbr
from pokergym.arena.variance import adjusted_match


def _names(text: str) -> list[str]:
    return [name for name in text.split(",") if name]


def main() -> None:
    """Print an estimator table per matchup, then one LBR line per agent and variant."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=1000, help="duplicate pairs per matchup")
    parser.add_argument("--matchups", default="rule:honest,rule:cfr", help="comma-separated A:B agent specs")
    parser.add_argument("--lbr-hands", type=int, default=100, help="LBR hands per agent")
    parser.add_argument("--lbr-agents", default="fold,call,honest,rule,cfr", help="comma-separated agent specs")
    parser.add_argument("--lbr-variants", default="full", help="comma-separated: full, call_until_turn")
    args = parser.parse_args()
    for matchup in _names(args.matchups):
        agents = tuple(make(spec) for spec in matchup.split(":"))
        path = Path(tempfile.mkdtemp()) / "hands.jsonl"
        match(*agents, pairs=args.pairs, seed=5, histories=path)
        start = time.perf_counter()
        result = adjusted_match(path, agents)
        print(f"{matchup}, {args.pairs} pairs (adjusted in {time.perf_counter() - start:.1f} s)")
        print(result.table(), flush=True)
    variants: list[Variant] = [v for v in ("full", "call_until_turn") if v in _names(args.lbr_variants)]
    for variant in variants:
        for spec in _names(args.lbr_agents):
            start = time.perf_counter()
            bound = lbr(make(spec), hands=args.lbr_hands, seed=11, variant=variant)  # type: ignore[arg-type]
            print(bound, f"[{time.perf_counter() - start:.1f} s]", flush=True)


if __name__ == "__main__":
    main()
