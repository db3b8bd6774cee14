"""Hand evaluation and equity speed: pokergym against treys, eval7 and phevaluator, in one run.

Throughputs are measured on the same random 7-card hands (from a seeded
generator) for every library; each figure is the best of ``--repeat`` runs,
both in wall-clock time and in this process's CPU time (which discounts time
spent waiting for a core on a shared machine). An anchor library that is not
installed stops the run with an error naming it, unless ``--allow-missing``
is given. numba start-up costs are measured in fresh
subprocesses: once with the on-disk cache (normal use) and once with an empty
cache directory (first use after installing or editing the kernels).

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/bench_evaluator.py [--repeat 5] [--hands 20000] [--batch 2000000] [--allow-missing]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from anchors import add_allow_missing, import_error, require_anchors

from pokergym.cards import CARD_STRINGS, parse_cards
from pokergym.evaluator import (
    N_COMBOS,
    equity_hand_vs_hand,
    equity_vs_random,
    equity_vs_range,
    evaluate,
    evaluate_batch,
    rank7,
)
from pokergym.evaluator.equity import _enumerated


def measure(body: Callable[[], object], items: int, repeat: int) -> tuple[float, float]:
    """Best (items per wall second, items per CPU second) over ``repeat`` calls of ``body``."""
    best_wall = best_cpu = float("inf")
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        body()
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return items / best_wall, items / max(best_cpu, 1e-9)


def random_hands(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :7].astype(np.uint8)


ANCHORS = ("treys", "eval7", "phevaluator")
"""The anchor libraries (their import names)."""


def available_anchors(allow_missing: bool) -> set[str]:
    """The installed anchors; a missing one is an error unless ``allow_missing``.

    Raises:
        SystemExit: an anchor is not installed and ``allow_missing`` is false.
    """
    errors = {name: import_error(name) for name in ANCHORS}
    require_anchors({name: error for name, error in errors.items() if error is not None}, allow_missing)
    return {name for name, error in errors.items() if error is None}


def single_call_rates(hands: list[list[int]], repeat: int, anchors: set[str]) -> dict[str, tuple[float, float]]:
    """Evaluations per second of each single-hand evaluator on the same hands (of the ``anchors`` given)."""
    n = len(hands)
    rates: dict[str, tuple[float, float]] = {}

    def noop(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
        return 0

    def run_noop() -> None:  # calibration: the loop and call overhead alone
        for a, b, c, d, e, f, g in hands:
            noop(a, b, c, d, e, f, g)

    rates["(calibration: empty 7-argument function)"] = measure(run_noop, n, repeat)

    def run_rank7() -> None:
        for a, b, c, d, e, f, g in hands:
            rank7(a, b, c, d, e, f, g)

    rates["pokergym rank7"] = measure(run_rank7, n, repeat)
    names = [[CARD_STRINGS[c] for c in h] for h in hands]
    rates["pokergym evaluate (card strings)"] = measure(lambda: [evaluate(h) for h in names], n, repeat)
    rates["pokergym evaluate (codes)"] = measure(lambda: [evaluate(h) for h in hands], n, repeat)
    if "treys" in anchors:
        import treys

        ev = treys.Evaluator()
        tc = [treys.Card.new(s) for s in CARD_STRINGS]
        th = [([tc[c] for c in h[:2]], [tc[c] for c in h[2:]]) for h in hands]
        rates["treys"] = measure(lambda: [ev.evaluate(hole, board) for hole, board in th], n, repeat)
    if "eval7" in anchors:
        import eval7

        ec = [eval7.Card(s) for s in CARD_STRINGS]
        eh = [[ec[c] for c in h] for h in hands]
        rates["eval7"] = measure(lambda: [eval7.evaluate(h) for h in eh], n, repeat)
    if "phevaluator" in anchors:  # it numbers cards rank * 4 + suit with suits c, d, h, s, as pokergym does
        from phevaluator import evaluate_cards

        rates["phevaluator"] = measure(lambda: [evaluate_cards(*h) for h in hands], n, repeat)
    return rates


def batch_rates(n: int, repeat: int) -> dict[str, tuple[float, float]]:
    hands8 = random_hands(n, seed=2)
    hands64 = hands8.astype(np.int64)
    evaluate_batch(hands8[:1])
    evaluate_batch(hands64[:1])
    return {
        "pokergym evaluate_batch uint8": measure(lambda: evaluate_batch(hands8), n, repeat),
        "pokergym evaluate_batch uint8, check=False": measure(lambda: evaluate_batch(hands8, check=False), n, repeat),
        "pokergym evaluate_batch int64": measure(lambda: evaluate_batch(hands64), n, repeat),
    }


def equity_times(repeat: int) -> dict[str, tuple[float, float]]:
    """Milliseconds per flop equity query (wall, CPU), best of ``repeat`` rounds of several queries."""
    spots = [("AsAd", "Kh7c2d"), ("9h8h", "Th7c2h"), ("Ac5d", "Ks5s5h"), ("7c2d", "QdJd3s")]
    rng = np.random.default_rng(3)
    equity_vs_random(*spots[0])
    equity_vs_random(*spots[0], samples=1000, rng=rng)
    out = {}
    cases: tuple[tuple[str, dict[str, Any], int], ...] = (
        ("exact", {}, 4),
        ("Monte Carlo, 1000 samples", {"samples": 1000, "rng": rng}, 200),
    )
    for label, kwargs, rounds in cases:
        queries = spots * rounds

        def run(queries: list[tuple[str, str]] = queries, kwargs: dict[str, Any] = kwargs) -> None:
            for hole, board in queries:
                equity_vs_random(hole, board, **kwargs)

        wall, cpu = measure(run, len(queries), repeat)
        out[label] = (1e3 / wall, 1e3 / cpu)
    return out


def preflop_matchup_times(repeat: int, anchors: set[str]) -> dict[str, tuple[float, float]]:
    """Milliseconds per preflop hand-against-hand equity (wall, CPU), best of ``repeat`` rounds.

    Ours exact from the table (what :func:`equity_hand_vs_hand` does) and exact by enumerating the 1,712,304
    boards (the kernel the table replaced, which :func:`equity_hand_vs_hand` still runs after the flop); eval7's
    exact function answers 0.0 for every preflop query (and for the flop 2s3h9d tried), so its Monte Carlo with
    200,000 deals (standard error about 0.001) stands in.
    """
    matchups = [("AsKd", "7c7h"), ("Td9d", "AhQc"), ("2c2d", "KsQs"), ("8h7h", "8c7c")]
    holes = [(parse_cards(a), parse_cards(b)) for a, b in matchups]
    equity_hand_vs_hand(*matchups[0])
    _enumerated(holes[0][0], (), holes[0][1])
    out = {
        "pokergym exact, table": measure(lambda: [equity_hand_vs_hand(a, b) for a, b in matchups * 50], 200, repeat),
        "pokergym exact, enumerated": measure(lambda: [_enumerated(a, (), b) for a, b in holes], 4, repeat),
    }
    everyone = np.ones(N_COMBOS)
    equity_vs_range(matchups[0][0], (), everyone)
    out["pokergym exact vs a range (all 1,326 hands), table"] = measure(
        lambda: [equity_vs_range(a, (), everyone) for a, _ in matchups * 10], 40, repeat
    )
    out["pokergym vs a range, Monte Carlo 100,000 deals"] = measure(
        lambda: [equity_vs_range(a, (), everyone, samples=100_000, rng=1) for a, _ in matchups], 4, min(repeat, 2)
    )
    if "eval7" in anchors:
        import eval7

        hands = [([eval7.Card(a[:2]), eval7.Card(a[2:])], eval7.HandRange(b)) for a, b in matchups]
        out["eval7 Monte Carlo, 200,000 deals"] = measure(
            lambda: [eval7.py_hand_vs_range_monte_carlo(h, r, [], 200_000) for h, r in hands], 4, min(repeat, 2)
        )
    return {name: (1e3 / wall, 1e3 / cpu) for name, (wall, cpu) in out.items()}


_STARTUP_PROBE = r"""
import json, time
import numpy as np
t0 = time.perf_counter()
import pokergym.evaluator as ev
t1 = time.perf_counter()
import pokergym.evaluator._kernels
t2 = time.perf_counter()
ev.evaluate_batch(np.arange(7)[None])
t3 = time.perf_counter()
ev.equity_vs_random("AsAd", "Kh7c2d")
t4 = time.perf_counter()
ev.equity_vs_random("AsAd", "Kh7c2d", samples=10, rng=1)
t5 = time.perf_counter()
print(json.dumps({"import pokergym (incl. evaluator)": t1 - t0, "import numba + kernels": t2 - t1,
                  "first evaluate_batch": t3 - t2, "first exact equity": t4 - t3, "first MC equity": t5 - t4}))
"""


def startup_costs(cold_cache: bool) -> dict[str, float]:
    """Seconds for each first-time step in a fresh interpreter."""
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as cache:
        if cold_cache:
            env["NUMBA_CACHE_DIR"] = cache
        done = subprocess.run(
            [sys.executable, "-c", _STARTUP_PROBE], env=env, capture_output=True, text=True, check=True
        )
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def evaluator_import_ms() -> float:
    """Cumulative import time of ``pokergym.evaluator`` itself (numpy excluded), from ``-X importtime``."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import pokergym.evaluator"],
        capture_output=True,
        text=True,
        check=True,
    )
    for line in done.stderr.splitlines():
        if line.rstrip().endswith(" pokergym.evaluator") and "|" in line:
            return int(line.split("|")[1]) / 1e3
    return float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure; the best is kept")
    parser.add_argument("--hands", type=int, default=20_000, help="hands for single-call evaluators")
    parser.add_argument("--batch", type=int, default=2_000_000, help="hands for evaluate_batch")
    add_allow_missing(parser)
    args = parser.parse_args()
    anchors = available_anchors(args.allow_missing)

    print(f"python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    evaluate_batch(np.arange(7)[None])  # load the numba kernels before timing anything
    hands = random_hands(args.hands, seed=1).tolist()
    single = single_call_rates(hands, args.repeat, anchors)
    batch = batch_rates(args.batch, args.repeat)
    print(f"\n7-card evaluations per second ({args.hands:,} hands single-call, {args.batch:,} batch):")
    print(f"  {'evaluator':44s} {'wall':>12s} {'CPU':>12s}")
    for name, (wall, cpu) in {**single, **batch}.items():
        print(f"  {name:44s} {wall / 1e6:10.3f} M {cpu / 1e6:10.3f} M")
    print("\nratios ours / anchor (CPU time):")
    for anchor in ANCHORS:
        if anchor in single:
            base = single[anchor][1]
            print(
                f"  vs {anchor:12s} rank7 x{single['pokergym rank7'][1] / base:8.1f}"
                f"   evaluate(codes) x{single['pokergym evaluate (codes)'][1] / base:8.1f}"
                f"   batch uint8 x{batch['pokergym evaluate_batch uint8'][1] / base:8.1f}"
            )
    print("\nflop equity vs a random hand, ms per query:")
    for name, (wall, cpu) in equity_times(args.repeat).items():
        print(f"  {name:28s} wall {wall:8.3f} ms   CPU {cpu:8.3f} ms")
    print("\npreflop equity against one hand (and against a range), ms per query:")
    matchup_times = preflop_matchup_times(args.repeat, anchors)
    for name, (wall, cpu) in matchup_times.items():
        print(f"  {name:34s} wall {wall:10.4f} ms   CPU {cpu:10.4f} ms")
    table_cpu = matchup_times["pokergym exact, table"][1]
    for name, (_, cpu) in matchup_times.items():
        if name != "pokergym exact, table" and "range" not in name:
            print(f"  the table is x{cpu / table_cpu:,.0f} faster than {name} (CPU)")
    print(f"\nimport pokergym.evaluator (own modules, -X importtime): {evaluator_import_ms():.0f} ms")
    for label, cold in (("numba cache warm", False), ("numba cache empty (compiles)", True)):
        costs = startup_costs(cold)
        print(f"fresh process, {label}:")
        for step, seconds in costs.items():
            print(f"  {step:36s} {seconds * 1e3:8.0f} ms")


if __name__ == "__main__":
    main()
