"""Arena throughput, and what duplicate dealing saves.

Usage::

    python benchmarks/bench_arena.py                 # full run (a few minutes on 2 cores)
    python benchmarks/bench_arena.py --pairs 500     # quicker, noisier

Part 1, throughput in hands per second for a few pairings:

* anchor: the bare ``pokergym.agents.play_hand`` loop over fresh decks in one
  process (no duplicate bookkeeping, statistics or agent copies): the floor
  under the arena's own cost;
* arena, 1 process: ``match(..., backend="local")``;
* arena, pool: ``match(..., backend="process")`` with all cores.

Each figure is given per wall-clock second and, in brackets, per CPU second
(this process plus the pool's workers, from ``getrusage``): on a machine
shared with other work the CPU-second figure is the per-core speed.

The cheap bots are ``random`` and ``call``. The heavier pairing is
``rule`` vs ``honest`` when the registry has ``rule``, else ``honest`` vs
``random``.

Part 2, variance: the same agents and seed played with duplicate pairs and
with independent deals (``duplicate=False``), reporting the standard
deviation per hand (``sqrt(2) x`` the standard deviation of pair means), the
hands needed for a +-50 mbb/hand 95% interval, and the factor duplicate saves.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from baselines.registry import make, names
from pokergym.agents import Agent, play_hand
from pokergym.arena import match
from pokergym.arena.runners import Backend
from pokergym.engine import HandState


def cpu_seconds() -> float:
    """CPU time of this process and of its finished child processes (the pool's workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def anchor_run(agent_a: Agent, agent_b: Agent, hands: int) -> int:
    """The plain play_hand loop over fresh decks; returns the hands played."""
    decks = np.random.default_rng(0)
    rngs = [np.random.default_rng(1), np.random.default_rng(2)]
    for number in range(hands):
        play_hand(HandState.new(button=number % 2, rng=decks), [agent_a, agent_b], rngs)
    return hands


def match_run(spec_a: str, spec_b: str, pairs: int, backend: Backend, workers: int | None) -> int:
    """One arena match; returns the hands played."""
    return match(make(spec_a), make(spec_b), pairs=pairs, seed=1, backend=backend, workers=workers).hands


def timed(run: Callable[..., int], *args: Any) -> tuple[float, float]:
    """Hands per wall-clock second and hands per CPU second of ``run(*args)``."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    hands = run(*args)
    return hands / (time.perf_counter() - wall), hands / (cpu_seconds() - cpu)


def throughput(pairings: list[tuple[str, str, int]], workers: int) -> None:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"## throughput: hands/s wall clock, and per CPU second in brackets (load average before: {load})")
    print(f"{'pairing':<20} {'pairs':>6} {'anchor 1 proc':>16} {'arena 1 proc':>16} {f'arena pool of {workers}':>18}")
    for spec_a, spec_b, pairs in pairings:
        anchor_run(make(spec_a), make(spec_b), 20)  # warm up compiled kernels and tables before timing
        rates = [
            timed(anchor_run, make(spec_a), make(spec_b), 2 * pairs),
            timed(match_run, spec_a, spec_b, pairs, "local", None),
            timed(match_run, spec_a, spec_b, pairs, "process", workers),
        ]
        cells = [f"{wall:>7.0f} [{cpu:>6.0f}]" for wall, cpu in rates]
        print(f"{spec_a + ' vs ' + spec_b:<20} {pairs:>6} {cells[0]:>16} {cells[1]:>16} {cells[2]:>18}")


def variance(pairings: list[tuple[str, str]], pairs: int, workers: int) -> None:
    print(f"\n## duplicate vs independent deals ({pairs} pairs each, seed 7)")
    print(f"{'pairing':<22} {'mode':<12} {'mbb/hand':>16} {'sd/hand (bb)':>13} {'hands for +-50':>15} {'saving':>7}")
    for spec_a, spec_b in pairings:
        needed = {}
        for duplicate in (False, True):
            result = match(
                make(spec_a), make(spec_b), pairs=pairs, seed=7, backend="process", workers=workers, duplicate=duplicate
            )
            sd_hand = float(np.std(result.per_pair, ddof=1)) * math.sqrt(2) / 1000
            needed[duplicate] = 2 * (1.96 * sd_hand * 1000 / math.sqrt(2) / 50) ** 2
            mode = "duplicate" if duplicate else "independent"
            saving = f"{needed[False] / needed[True]:.2f}x" if duplicate and needed[True] > 0 else ""
            label = f"{spec_a} vs {spec_b}"
            print(
                f"{label:<22} {mode:<12} {result.mbb_per_hand:>+8.0f} +- {result.ci95:<5.0f} {sd_hand:>13.2f} "
                f"{needed[duplicate]:>15,.0f} {saving:>7}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--pairs", type=int, default=2000, help="pairs per cheap-bot measurement (default 2000)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="pool processes (default: all cores)")
    args = parser.parse_args()
    heavy = ("rule", "honest") if "rule" in names() else ("honest", "random")
    heavy_pairs = max(50, args.pairs // 10)
    throughput([("random", "call", args.pairs), ("maniac", "call", args.pairs), (*heavy, heavy_pairs)], args.workers)
    variance([("maniac", "call"), heavy, ("honest", "fish")], max(200, args.pairs // 2), args.workers)


if __name__ == "__main__":
    main()
