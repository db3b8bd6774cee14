"""Decision time of the registered agents on random game states.

Usage::

    python benchmarks/bench_agents.py                      # every registered agent
    python benchmarks/bench_agents.py honest maniac:aggression=0.5 --states 500

The states are the decision points of random hands (both seats played by
``pokergym.agents.RandomAgent``) with a mix of stacks: 200 BB most of the
time, plus short and uneven stacks. Every agent sees the same states in the
same order, is reset with a seeded generator at each state, and is timed on
``act(view)`` alone; the table gives the median, the 99th percentile and the
mean of the wall-clock time in microseconds, then the 99th percentile and
mean of the thread's CPU time (which leaves out time the thread was preempted,
so it stays meaningful on a loaded machine, but adds the cost of two clock
reads, about a microsecond). The anchor row times building the ``PlayerView``
itself, the floor under any agent's decision.

Each agent runs in a fresh process and first plays ``--warmup`` states of
other hands untimed, so one-off costs (numba compilation, table loading) and
caches filled by an earlier agent (honest and fish share equity results) do
not leak into its figures. Caches filled while it plays the timed states
stay, as they would in a match.

New agents need no change here: anything in ``baselines.registry`` is picked
up, and any spec can be named on the command line. ``--by-street`` adds a
row per street (preflop .. river) under each agent, for agents whose cost
depends on the street (the solver re-solves each postflop street).
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from baselines.registry import describe, make, names
from pokergym.agents import RandomAgent
from pokergym.engine import GameConfig, HandState, Street

CONFIGS = (
    GameConfig(),
    GameConfig(),
    GameConfig(),
    GameConfig(stacks=(2000, 20000)),
    GameConfig(stacks=(500, 500)),
    GameConfig(stacks=(20000, 150)),
)


def random_states(count: int, seed: int) -> list[tuple[HandState, int]]:
    """``count`` decision points (a state copy and the seat to act) of random hands."""
    rng = np.random.default_rng(seed)
    players = [RandomAgent(), RandomAgent()]
    states: list[tuple[HandState, int]] = []
    hand = 0
    while len(states) < count:
        state = HandState.new(CONFIGS[hand % len(CONFIGS)], button=hand % 2, rng=rng)
        for seat, player in enumerate(players):
            player.reset(seat, rng)
        while not state.terminal and len(states) < count:
            states.append((state.copy(), state.actor))
            state.apply(players[state.actor].act(state.view(state.actor)))
        hand += 1
    return states


def time_views(states: Sequence[tuple[HandState, int]]) -> np.ndarray:
    """Wall and CPU microseconds taken to build the view of each state (the anchor), shape (n, 2)."""
    out = np.empty((len(states), 2))
    for i, (state, seat) in enumerate(states):
        cpu = time.thread_time_ns()
        start = time.perf_counter_ns()
        state.view(seat)
        out[i] = time.perf_counter_ns() - start, time.thread_time_ns() - cpu
    return out / 1000.0


def time_agent(spec: str, count: int, seed: int, warmup: int) -> np.ndarray:
    """Wall and CPU microseconds of ``act`` of a fresh ``make(spec)`` on the ``count`` states of ``seed``.

    Returns:
        ``(n, 3)``: wall and CPU microseconds and the street of each state.
    """
    agent = make(spec)
    for state, seat in random_states(warmup, seed + 1):
        agent.reset(seat, np.random.default_rng(seed))
        agent.act(state.view(seat))
    views = [state.view(seat) for state, seat in random_states(count, seed)]
    out = np.empty((len(views), 3))
    for i, view in enumerate(views):
        agent.reset(view.seat, np.random.default_rng([seed, i]))
        cpu = time.thread_time_ns()
        start = time.perf_counter_ns()
        agent.act(view)
        out[i] = (time.perf_counter_ns() - start) / 1000.0, (time.thread_time_ns() - cpu) / 1000.0, int(view.street)
    return out


HEADER = (
    f"{'agent':<28} {'states':>6} {'median us':>10} {'p99 us':>10} {'mean us':>10} {'cpu p99':>10} {'cpu mean':>10}"
)


def row(label: str, micros: np.ndarray) -> str:
    """One table line from the (n, 2) wall/CPU timings."""
    wall, cpu = micros[:, 0], micros[:, 1]
    median, p99 = np.percentile(wall, [50, 99])
    return (
        f"{label:<28} {len(wall):>6} {median:>10.1f} {p99:>10.1f} {wall.mean():>10.1f} "
        f"{np.percentile(cpu, 99):>10.1f} {cpu.mean():>10.1f}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("specs", nargs="*", help="agent specs (default: every registered agent)")
    parser.add_argument("--states", type=int, default=2000, help="timed decision states per agent")
    parser.add_argument("--warmup", type=int, default=200, help="untimed states played first")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random hands")
    parser.add_argument("--by-street", action="store_true", help="a row per street under each agent")
    args = parser.parse_args(argv)
    # Agents that need a model endpoint are timed by benchmarks/bench_llm.py against a local server.
    specs = args.specs or [name for name in names() if not describe(name).service]
    print(HEADER)
    print(row("anchor: build PlayerView", time_views(random_states(args.states, args.seed))), flush=True)
    spawn = multiprocessing.get_context("spawn")
    for spec in specs:
        with ProcessPoolExecutor(max_workers=1, mp_context=spawn) as pool:
            micros = pool.submit(time_agent, spec, args.states, args.seed, args.warmup).result()
        print(row(spec, micros), flush=True)
        if args.by_street:
            for street in Street:
                chosen = micros[micros[:, 2] == int(street)]
                if len(chosen):
                    print(row(f"  {street.name.lower()}", chosen), flush=True)


if __name__ == "__main__":
    main()
