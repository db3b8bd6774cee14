"""Two checkouts' compiled environment kernels timed in one process, in turn, on the same random play.

The step kernel's speed differences after a refactor are a few percent, and
separate runs of ``bench_env.py`` on this 2-core machine spread by 30% (its
ratios to RLCard too). This script imports ``pokergym`` from each checkout in
turn into the same process (each copy keeps its own module objects and numba
kernels), builds a :class:`~pokergym.vector.HUNLVectorEnv` of 512 tables for
each, and times rounds of 400 steps of every table with actions drawn
uniformly among the legal ones from the same seeded draws; which checkout
goes first alternates. It prints each side's median CPU time per round and the
median over rounds of the ratio B / A.

Usage (from anywhere; each checkout compiles its kernels on the first run):
    python benchmarks/ab_vector.py A_CHECKOUT B_CHECKOUT [--rounds 15] [--tables 512]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from ab_context import import_checkout


def load(checkout: Path, tables: int, steps: int) -> Callable[[], None]:
    """Import ``checkout``'s ``pokergym`` and return a round of ``steps`` steps of its vector environment."""
    (vector,) = import_checkout(checkout, "pokergym.vector.env")
    env = vector.HUNLVectorEnv(tables)
    env.reset(seed=list(range(tables)))
    draws = np.random.default_rng(0).random((steps, tables))

    def play() -> None:
        for t in range(steps):
            legal = env.action_masks().cumsum(axis=1)
            pick = (draws[t] * legal[:, -1]).astype(np.int64)
            env.step_arrays((legal > pick[:, None]).argmax(axis=1))

    play()  # compiles or loads the kernels, touches the arrays
    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=Path, help="checkout A (the baseline)")
    parser.add_argument("b", type=Path, help="checkout B")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--tables", type=int, default=512)
    parser.add_argument("--steps", type=int, default=400, help="steps of every table per round")
    args = parser.parse_args()
    sides = {"A": args.a.resolve(), "B": args.b.resolve()}
    plays = {side: load(path, args.tables, args.steps) for side, path in sides.items()}
    times: dict[str, list[float]] = {"A": [], "B": []}
    for r in range(args.rounds):
        for side in ("A", "B") if r % 2 == 0 else ("B", "A"):
            start = time.process_time()
            plays[side]()
            times[side].append(time.process_time() - start)
    ratio = statistics.median(b / a for a, b in zip(times["A"], times["B"], strict=True))
    for side, path in sides.items():
        print(f"{side} {path}: {statistics.median(times[side]):.4f} s CPU per round (median of {args.rounds})")
    print(f"B / A: {ratio:.3f} (median over rounds)")


if __name__ == "__main__":
    main()
