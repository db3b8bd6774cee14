"""Solver speed: time to 0.5% of the pot on river, turn and flop spots, and the plain implementation for the ratio.

Each spot uses the same realistic ranges (a big-blind defence range against a
button open, about 450-550 combos each once the board is removed). Times are
wall clock and this process's CPU time (CPU time discounts waiting for a core
on a shared machine), after a warm-up solve that loads the compiled kernels.
The anchor is :class:`pokergym.solver.reference.PlainCFR`: the same
Discounted CFR in plain Python with pairwise ``n x m`` terminal matrices,
timed per iteration on the river spot in this process; the ratio compares
time per iteration.

``--flop-threads N`` solves the flop spot once more with its walks split over
N threads (:mod:`pokergym.solver.parallel`; the same iterates, so the same
exploitability at each check): wall time is the figure there, CPU time
counts every thread.

``--isomorphism-rounds N`` times the flop spot's iterations with suit
isomorphism (the default, :attr:`Spot.isomorphism`) and without, both trees
in this process, alternating a few iterations of each N times, and prints the
CPU time per iteration of each and their exploitability after the same
iterations.

``--compare-algorithms CHECKS`` solves the first turn spot with each of
:func:`pokergym.solver.solve`'s algorithms (DCFR, CFR+, predictive DCFR+)
and prints its exploitability after each number of iterations in
``CHECKS`` (comma-separated) and the CPU time of the whole run, then stops.

``--averaging-rounds N`` times iterations of the flop spot and of the
two-raise turn spot with the average-strategy sums and without (an update
whose sums a restart of Discounted CFR's average wipes unread skips them,
:func:`pokergym.solver._cfr_kernel.averaging_start`), alternating two of each
N times on one tree, and prints the CPU time per iteration of each.

``--flop-only`` solves only the flop-to-river spot (its row of the table),
for comparing two checkouts run alternately.

``--iteration-rounds N`` only times the flop spot's iterations (N rounds of
two, after two that load the kernels and touch the arrays) and one
exploitability check, then stops: for comparing two checkouts run alternately
(``PYTHONPATH=<checkout>``), where a whole solve would take minutes each.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/bench_solver.py [--skip-flop] [--plain-iterations 2] [--flop-threads 2]
        [--isomorphism-rounds 6] [--compare-algorithms 20,40,80,150] [--iteration-rounds 4] [--averaging-rounds 5]
        [--flop-only]
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace
from typing import get_args

from pokergym.cards import format_cards, parse_cards
from pokergym.solver import Menu, Range, Spot, count_tree, estimate_bytes, solve
from pokergym.solver.reference import PlainCFR
from pokergym.solver.solve import NO_GADGET, Algorithm, _iterate, prepare

OOP = "22+,A2s+,K2s+,Q4s+,J6s+,T6s+,96s+,86s+,75s+,65s,54s,A2o+,K8o+,Q9o+,J9o+,T9o"
IP = "22+,A2+,K2s+,K5o+,Q2s+,Q8o+,J4s+,J8o+,T6s+,T8o+,96s+,98o,85s+,75s+,64s+,54s"
RANGES = (Range.parse(OOP), Range.parse(IP))

FLOP = "flop to the river: flop 33/75%, turn and river 75%, raises all-in, 1 raise"
SPOTS = {
    "river: 33/75/150% + all-in, raises 60% + all-in, 2 raises": Spot(
        parse_cards("Td9d6h2cKs"), 1000, 9000, RANGES, Menu.uniform("33,75,150,a", "60,a", raise_cap=2)
    ),
    "turn: 50/100% + all-in, raise all-in, 1 raise": Spot(
        parse_cards("Td9d6h2c"), 1000, 9000, RANGES, Menu.uniform("50,100,a", "a", raise_cap=1)
    ),
    "turn: 50/100% + all-in, raises 60% + all-in, 2 raises": Spot(
        parse_cards("Td9d6h2c"), 1000, 9000, RANGES, Menu.uniform("50,100,a", "60,a", raise_cap=2)
    ),
    "flop, depth 1 (checked down after the flop): 33/75%, raise all-in, 1 raise": Spot(
        parse_cards("Td9d6h"), 1000, 9000, RANGES, Menu.uniform("33,75", "a", raise_cap=1), betting_streets=1
    ),
    FLOP: Spot(
        parse_cards("Td9d6h"),
        1000,
        9000,
        RANGES,
        Menu.per_street(("33,75", "a"), ("75", "a"), ("75", "a"), raise_cap=1),
    ),
}


def run_spot(name: str, spot: Spot, seconds: float | None, threads: int = 1) -> tuple[float, float, float, int]:
    count = count_tree(spot)
    wall, cpu = time.perf_counter(), time.process_time()
    solution = solve(
        spot, target_exploitability=0.005, check_every=10, max_iterations=1000, time_limit_s=seconds, threads=threads
    )
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"| {name} | {spot.n_hands[0]}/{spot.n_hands[1]} | {count.nodes:,} | {estimate_bytes(spot) / 2**20:,.0f} MiB "
        f"| {solution.iterations} | {solution.exploitability_pct:.3f}% | {wall:.2f} s | {cpu:.2f} s |",
        flush=True,
    )
    return wall, cpu, solution.exploitability_pct, solution.iterations


def compare_isomorphism(spot: Spot, rounds: int, per_round: int = 3) -> None:
    """Interleaved CPU time per iteration of ``spot`` with and without suit isomorphism; exploitability after."""
    arms = {"isomorphism": spot, "every card": replace(spot, isomorphism=False)}
    prepared = {name: prepare(s) for name, s in arms.items()}
    times: dict[str, list[float]] = {name: [] for name in arms}
    for name in arms:
        _iterate(prepared[name], 1, 2, "dcfr", NO_GADGET)  # warm-up: first touch of the arrays
    done = 2
    for _ in range(rounds):
        for name in arms:
            start = time.process_time()
            _iterate(prepared[name], done + 1, per_round, "dcfr", NO_GADGET)
            times[name].append((time.process_time() - start) / per_round)
        done += per_round
    print(
        f"\n{format_cards(spot.board)} flop to the river, {rounds} rounds of {per_round} iterations each, interleaved:"
    )
    print("| tree | nodes | CPU per iteration (median) | exploitability after |")
    print("|---|---:|---:|---:|")
    for name, p in prepared.items():
        pct = 100.0 * p.exploitability() / spot.pot
        print(f"| {name} | {p.tree.n_nodes:,} | {statistics.median(times[name]):.3f} s | {pct:.3f}% ({done} it.) |")
    ratio = statistics.median(times["every card"]) / statistics.median(times["isomorphism"])
    print(f"speed-up per iteration: {ratio:.2f}x")


def time_iterations(spot: Spot, rounds: int, per_round: int = 2) -> None:
    """CPU time per iteration of ``spot`` in each of ``rounds`` rounds, then one exploitability check's."""
    prepared = prepare(spot)
    _iterate(prepared, 1, 2, "dcfr", NO_GADGET)
    times = []
    for r in range(rounds):
        start = time.process_time()
        _iterate(prepared, 3 + per_round * r, per_round, "dcfr", NO_GADGET)
        times.append((time.process_time() - start) / per_round)
    start = time.process_time()
    pct = 100.0 * prepared.exploitability() / spot.pot
    check = time.process_time() - start
    print(
        f"CPU per iteration: {', '.join(f'{t:.3f}' for t in sorted(times))} s (median {statistics.median(times):.3f})"
    )
    print(f"exploitability check: {check:.2f} s CPU; {pct:.3f}% after {2 + per_round * rounds} iterations")


def compare_averaging(name: str, spot: Spot, rounds: int, per_round: int = 2) -> None:
    """Interleaved CPU time per iteration of ``spot`` with the average-strategy sums and without them."""
    prepared = prepare(spot)
    _iterate(prepared, 1, 4, "dcfr", NO_GADGET)  # warm-up: first touch of the arrays
    done = 4
    times: dict[str, list[float]] = {"with the sums": [], "without (wiped by a later restart)": []}
    for _ in range(rounds):
        for arm, far in zip(times, (False, True), strict=True):
            start = time.process_time()
            read_at = 10**6 if far else done + per_round  # a read a million iterations on: a restart comes first
            _iterate(prepared, done + 1, per_round, "dcfr", NO_GADGET, read_at)
            times[arm].append((time.process_time() - start) / per_round)
            done += per_round
    cells = ", ".join(f"{arm} {statistics.median(t):.3f} s" for arm, t in times.items())
    ratio = statistics.median(b / a for a, b in zip(*times.values(), strict=True))
    print(f"{name}: CPU per iteration (median of {rounds}): {cells}; without / with {ratio:.3f}", flush=True)


def compare_algorithms(spot: Spot, checks: list[int]) -> None:
    """Exploitability (% of the pot) of each algorithm after each of ``checks`` iterations, on ``spot``."""
    print("| algorithm | " + " | ".join(f"{c} it." for c in checks) + " | CPU |")
    print("|---|" + "---:|" * (len(checks) + 1))
    for algorithm in get_args(Algorithm):
        prepared = prepare(spot, algorithm=algorithm)
        done, cells, cpu = 0, [], 0.0
        for check in checks:
            start = time.process_time()
            _iterate(prepared, done + 1, check - done, algorithm, NO_GADGET)
            cpu += time.process_time() - start
            done = check
            cells.append(f"{100.0 * prepared.exploitability() / spot.pot:.3f}%")
        print(f"| {algorithm} | " + " | ".join(cells) + f" | {cpu:.2f} s |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-flop", action="store_true", help="leave out the full flop spot (the slowest)")
    parser.add_argument("--plain-iterations", type=int, default=2, help="iterations to time the plain solver over")
    parser.add_argument(
        "--seconds",
        type=float,
        default=600.0,
        help="stop a spot at the first check past this many seconds (its row then shows where it got)",
    )
    parser.add_argument(
        "--flop-threads",
        type=int,
        default=0,
        help="also solve the flop-to-river spot with this many threads (pokergym.solver.parallel; CPU is all threads')",
    )
    parser.add_argument(
        "--isomorphism-rounds",
        type=int,
        default=0,
        help="also time the flop spot with and without suit isomorphism, interleaved over this many rounds",
    )
    parser.add_argument(
        "--compare-algorithms",
        default="",
        help="comma-separated iteration counts: only compare the algorithms on the first turn spot at these",
    )
    parser.add_argument(
        "--averaging-rounds",
        type=int,
        default=0,
        help="only time the flop and turn spots' iterations with and without the average's sums, this many rounds",
    )
    parser.add_argument("--flop-only", action="store_true", help="only solve the flop-to-river spot")
    parser.add_argument(
        "--iteration-rounds",
        type=int,
        default=0,
        help="only time this many rounds of the flop spot's iterations and one check (A/B runs of two checkouts)",
    )
    args = parser.parse_args()
    river = next(iter(SPOTS.values()))
    solve(river, iterations=2)  # load or compile the kernels
    if args.compare_algorithms:
        compare_algorithms(list(SPOTS.values())[1], [int(c) for c in args.compare_algorithms.split(",")])
        return
    if args.iteration_rounds > 0:
        time_iterations(SPOTS[FLOP], args.iteration_rounds)
        return
    if args.averaging_rounds > 0:
        for name in (FLOP, list(SPOTS)[2]):
            compare_averaging(name, SPOTS[name], args.averaging_rounds)
        return
    print("| spot | combos OOP/IP | nodes | memory (estimate) | iterations | exploitability | wall | CPU |")
    print("|---|---|---|---|---|---|---|---|")
    results = {}
    for name, spot in SPOTS.items():
        if (args.skip_flop and name == FLOP) or (args.flop_only and name != FLOP):
            continue
        results[name] = run_spot(name, spot, args.seconds)
    if args.flop_threads > 1:
        run_spot(f"{FLOP}, {args.flop_threads} threads", SPOTS[FLOP], args.seconds, args.flop_threads)
    if args.flop_only:
        return
    _, cpu, _, iterations = results[next(iter(SPOTS))]
    plain = PlainCFR(river)
    plain.run(1)  # builds its pairwise matrices
    start_wall, start_cpu = time.perf_counter(), time.process_time()
    plain.run(args.plain_iterations)
    plain_wall = (time.perf_counter() - start_wall) / args.plain_iterations
    plain_cpu = (time.process_time() - start_cpu) / args.plain_iterations
    ours = cpu / iterations
    print(
        f"\nriver, per iteration: pokergym {1000 * ours:.2f} ms CPU, plain reference {1000 * plain_cpu:.0f} ms CPU "
        f"({1000 * plain_wall:.0f} ms wall): ratio {plain_cpu / ours:.0f}x"
    )
    if args.isomorphism_rounds > 0:
        compare_isomorphism(SPOTS[FLOP], args.isomorphism_rounds)


if __name__ == "__main__":
    main()
