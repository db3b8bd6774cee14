"""Two checkouts' context engines timed in one process, in turn, on the same random decisions.

Runs on a noisy machine drift by more than the differences a refactor makes
(separate runs of ``bench_context.py`` on one tree spread by 2x). This script
imports ``pokergym`` from each checkout in turn into the same process (each
copy keeps its own module objects), builds each one's views from the same
seed, and then times ``analyze``, the prompt (context given) and
``skill_features`` on them: a round times each part once per checkout, and
which checkout goes first alternates. It prints each side's median per
decision and the median over rounds of the ratio B / A (rounds see the same
machine state, so the ratio is steadier than either time). With the same
checkout on both sides the ratios stay within about 5% of 1 on the 2-core
development machine.

Usage (from anywhere; each checkout needs its numba cache warm, e.g. a test run):
    python benchmarks/ab_context.py A_CHECKOUT B_CHECKOUT [--rounds 30] [--states 1500]
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

Parts = dict[str, Callable[[], object]]


def import_checkout(checkout: Path, *modules: str) -> list[ModuleType]:
    """Import ``modules`` from ``checkout``'s ``pokergym``, afresh: a copy imported before keeps its own objects.

    Raises:
        SystemExit: if a module came from elsewhere (an installed copy shadowing the checkout).
    """
    for name in [name for name in sys.modules if name == "pokergym" or name.startswith("pokergym.")]:
        del sys.modules[name]
    sys.path.insert(0, str(checkout))
    try:
        loaded = [importlib.import_module(name) for name in modules]
    finally:
        sys.path.remove(str(checkout))
    for module in loaded:
        if not str(module.__file__).startswith(str(checkout)):
            raise SystemExit(f"{module.__name__} came from {module.__file__}, not from {checkout}")
    return loaded


def load(checkout: Path, states: int) -> Parts:
    """Import ``checkout``'s ``pokergym`` and return its timed parts on its own views (seed 0)."""
    names = ("pokergym.context", "pokergym.context.prompt", "pokergym.context.compiled")
    context, prompts, compiled = import_checkout(checkout, *names)
    spec = importlib.util.spec_from_file_location(
        f"bench_context_{id(checkout)}", checkout / "benchmarks/bench_context.py"
    )
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)  # its pokergym imports find the checkout's modules loaded above
    views, _ = bench.random_views(states, 0)
    contexts = [context.analyze(v) for v in views]
    parts: Parts = {
        "analyze": lambda: [context.analyze(v) for v in views],
        "prompt": lambda: [prompts.prompt(v, c) for v, c in zip(views, contexts, strict=True)],
        "skill_features": lambda: [compiled.skill_features(v) for v in views],
    }
    for run in parts.values():
        run()  # warm: compiled kernels loaded, caches filled
    return parts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=Path, help="checkout A (the baseline)")
    parser.add_argument("b", type=Path, help="checkout B")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--states", type=int, default=1500, help="random postflop decisions per checkout")
    args = parser.parse_args()
    sides = {"A": load(args.a.resolve(), args.states), "B": load(args.b.resolve(), args.states)}
    times: dict[tuple[str, str], list[float]] = {}
    for r in range(args.rounds):
        for part in sides["A"]:
            for side in ("A", "B") if r % 2 == 0 else ("B", "A"):
                start = time.process_time_ns()
                sides[side][part]()
                times.setdefault((side, part), []).append((time.process_time_ns() - start) / args.states / 1000)
    for part in sides["A"]:
        a, b = times[("A", part)], times[("B", part)]
        ratios = [y / x for x, y in zip(a, b, strict=True)]
        print(
            f"{part}: A {statistics.median(a):.1f} us, B {statistics.median(b):.1f} us a decision; "
            f"B / A per round: median {statistics.median(ratios):.3f} (range {min(ratios):.3f}-{max(ratios):.3f})"
        )


if __name__ == "__main__":
    main()
