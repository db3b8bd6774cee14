"""Time the PokerSkill context engine, prompt assembly and the PokerSkillObservation wrapper.

Four measurements, each with its anchor printed in the same run:

1. ``analyze`` on random postflop decisions. Random hands are played with
   random legal actions (check/call, fold rarely, bets of 25-150% pot, some
   all-ins) from a seeded generator; every postflop decision view is
   collected, then each one is analysed once and timed, on the wall clock and
   on the process CPU clock (less sensitive to other processes on a loaded
   machine). Anchor: building the view itself (``HandState.view``). The
   first calls, timed apart, load the compiled hand kernels (a fixed flop
   decision with trips on a paired board runs the slow-play look-ahead and
   its full-house check); twenty views of another seed warm up before the
   timed ones.
2. Prompt assembly (``pokergym.context.prompt.prompt`` with the context
   given) on the same views, and the prompt size per street in approximate
   tokens (characters / 4). Anchor: ``analyze`` above.
3. The feature vector: ``skill_features(view)`` (the compiled engine,
   :mod:`pokergym.context.compiled`) on the same views, against its
   reference ``skill_vector(analyze(view))``.
4. ``env.step`` of ``gym.make("HUNL-v0")`` with and without
   ``PokerSkillObservation``, on the same seeded hands and actions (random
   legal actions of the learner; the default calling-station opponent),
   stepped in turn so that both see the same machine. The ratio wrapped /
   unwrapped is the wrapper's cost.

``--clock cpu`` times everything on the process CPU clock instead of the
wall clock (steadier when other processes share the machine); ``analyze``
is reported on both clocks either way.

    PYTHONPATH=. python benchmarks/bench_context.py [--states 5000] [--seed 0] [--steps 5000] [--clock wall|cpu]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import timeit
from collections.abc import Callable
from typing import Any

import gymnasium as gym
import numpy as np

from pokergym.cards import parse_cards
from pokergym.context import analyze
from pokergym.context.compiled import skill_features
from pokergym.context.prompt import prompt
from pokergym.context.record import Context
from pokergym.context.vector import skill_vector
from pokergym.engine import Action, HandState, PlayerView, Street
from pokergym.wrappers import PokerSkillObservation


def random_views(n: int, seed: int) -> tuple[list[PlayerView], list[HandState]]:
    rng = np.random.default_rng(seed)
    views: list[PlayerView] = []
    states: list[HandState] = []
    while len(views) < n:
        state = HandState.new(button=int(rng.integers(2)), rng=rng)
        while not state.terminal and len(views) < n:
            legal = state.legal_actions()
            if state.street > Street.PREFLOP:
                views.append(state.view(state.actor))
                states.append(state.copy())
            roll = rng.random()
            if legal.can_raise and roll < 0.35:
                pot = state.pot + legal.call_amount
                size = legal.call_amount + int(pot * rng.choice([0.25, 0.33, 0.5, 0.75, 1.0, 1.5]))
                to = state.bets[state.actor] + size
                if rng.random() < 0.03:
                    to = legal.max_raise_to
                state.apply(Action.raise_to(max(legal.min_raise_to, min(legal.max_raise_to, to))))
            elif legal.can_fold and roll > 0.95:
                state.fold()
            else:
                state.apply(Action.check() if legal.can_check else Action.call())
    return views, states


def kernel_view() -> PlayerView:
    """The big blind's flop decision with 9s8d on 9h9c4d: trips, so the slow-play look-ahead runs every kernel."""
    state = HandState.new(deck=parse_cards("2c3d9s8d9h9c4d5h6s"), button=0)
    state.call()
    state.check()
    return state.view(state.actor)


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[int(0.99 * (len(ordered) - 1))]
    return f"median {statistics.median(ordered):.1f} us, mean {statistics.fmean(ordered):.1f} us, p99 {p99:.1f} us"


CLOCKS = {"wall": time.perf_counter_ns, "cpu": time.process_time_ns}


def time_paired_steps(
    plain: gym.Env[Any, Any],
    wrapped: gym.Env[Any, Any],
    steps: int,
    seed: int,
    clock: Callable[[], int] = time.perf_counter_ns,
) -> tuple[list[float], list[float]]:
    """Per-call ``env.step`` times (us) of both environments, stepped in turn through the same hands.

    Both are reset with ``seed`` and take the same seeded random legal
    actions (the wrapper changes no card or action), alternating which one
    steps first, so that a change in machine speed during the run hits both
    sides alike.
    """
    rng = np.random.default_rng(seed)
    obs, _ = plain.reset(seed=seed)
    wrapped_obs, _ = wrapped.reset(seed=seed)
    times: tuple[list[float], list[float]] = ([], [])
    envs = (plain, wrapped)
    while len(times[0]) < steps:
        if not np.array_equal(obs["action_mask"], wrapped_obs["action_mask"]):
            raise AssertionError("the wrapped environment left the plain one's hands")
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        results: list[Any] = [None, None]  # each environment's step result
        order = (0, 1) if len(times[0]) % 2 else (1, 0)
        for k in order:
            t0 = clock()
            results[k] = envs[k].step(action)
            times[k].append((clock() - t0) / 1000)
        (obs, _, terminated, truncated, _), (wrapped_obs, *_) = results
        if terminated or truncated:
            obs, _ = plain.reset()
            wrapped_obs, _ = wrapped.reset()
    return times


def bare_call_ns() -> float:
    """Machine-speed calibration: best time of an empty Python function call, in ns."""

    def noop() -> None:
        return None

    best = min(timeit.repeat(noop, number=100_000, repeat=5))
    return best / 100_000 * 1e9


def time_analyze(
    views: list[PlayerView], states: list[HandState], seed: int, clock: Callable[[], int]
) -> list[Context]:
    """Print ``analyze``'s time per view (wall and CPU) beside the anchor ``HandState.view``; return the contexts."""
    times, cpu_times, contexts = [], [], []
    for view in views:
        c0 = time.process_time_ns()
        t0 = time.perf_counter_ns()
        ctx = analyze(view)
        times.append((time.perf_counter_ns() - t0) / 1000)
        cpu_times.append((time.process_time_ns() - c0) / 1000)
        contexts.append(ctx)
    anchor = []
    for state in states:
        t0 = clock()
        state.view(state.actor)
        anchor.append((clock() - t0) / 1000)
    print(f"states: {len(times)} postflop decisions (seed {seed})")
    print(f"analyze: {summary(times)}")
    print(f"analyze, CPU clock: {summary(cpu_times)}")
    print(f"anchor HandState.view: median {statistics.median(anchor):.1f} us")
    return contexts


def report_prompts(views: list[PlayerView], contexts: list[Context], seed: int, clock: Callable[[], int]) -> None:
    """Print the prompt's time (context given) and its size in tokens per street and mode."""
    prompt_times = []
    tokens: dict[Street, list[int]] = {}
    for view, ctx in zip(views, contexts, strict=True):
        t0 = clock()
        p = prompt(view, ctx)
        prompt_times.append((clock() - t0) / 1000)
        tokens.setdefault(view.street, []).append(p.approx_tokens)
    print(f"prompt (context given): {summary(prompt_times)}")
    for street in sorted(tokens):
        sizes = tokens[street]
        print(
            f"  {street.name.lower()} prompt: median {statistics.median(sizes):.0f} tokens "
            f"(min {min(sizes)}, max {max(sizes)}, chars/4, {len(sizes)} prompts)"
        )
    preflop_tokens = []
    rng = np.random.default_rng(seed)
    for _ in range(200):
        state = HandState.new(button=int(rng.integers(2)), rng=rng)
        preflop_tokens.append(prompt(state.view(state.actor)).approx_tokens)
    print(f"  preflop prompt: median {statistics.median(preflop_tokens):.0f} tokens (first decision, 200 hands)")
    default_tokens = [prompt(v, mode="default").approx_tokens for v in views[:500]]
    print(f"  default-mode prompt (postflop): median {statistics.median(default_tokens):.0f} tokens")


def time_features(views: list[PlayerView], warm_view: PlayerView, clock: Callable[[], int]) -> None:
    """Print the compiled ``skill_features`` time beside the anchor ``skill_vector(analyze(view))``."""
    t0 = time.perf_counter_ns()
    skill_features(warm_view)
    skill_features(kernel_view())
    print(f"first skill_features calls (load the compiled engine): {(time.perf_counter_ns() - t0) / 1e6:.1f} ms")
    compiled_times = []
    for view in views:
        t0 = clock()
        skill_features(view)
        compiled_times.append((clock() - t0) / 1000)
    reference_times = []
    for view in views:
        t0 = clock()
        skill_vector(analyze(view))
        reference_times.append((clock() - t0) / 1000)
    print(f"skill_features(view), compiled: {summary(compiled_times)}")
    print(f"anchor skill_vector(analyze(view)): {summary(reference_times)}")
    speedup = statistics.median(reference_times) / statistics.median(compiled_times)
    print(f"compiled speed-up (median): {speedup:.1f}x")


def time_wrapper(steps: int, seed: int, clock: Callable[[], int]) -> None:
    """Print ``HUNL-v0``'s step time with and without ``PokerSkillObservation``."""
    plain = gym.make("HUNL-v0")
    wrapped = PokerSkillObservation(gym.make("HUNL-v0"))
    time_paired_steps(plain, wrapped, 200, seed + 1)  # warm up both (imports, caches of the first hands)
    base, skill = time_paired_steps(plain, wrapped, steps, seed, clock)
    ratio = statistics.median(skill) / statistics.median(base)
    print(f"HUNL-v0 step: {summary(base)}")
    print(f"PokerSkillObservation(HUNL-v0) step: {summary(skill)}")
    print(f"wrapped / unwrapped median step: {ratio:.2f}x")
    print(f"wrapper cost per step: median {statistics.median(skill) - statistics.median(base):.1f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--states", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--steps", type=int, default=5000)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall", help="timer of prompt, view and step times")
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    print(f"clock: {args.clock}")
    print(f"load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"bare function call: {bare_call_ns():.0f} ns")
    warm_views, _ = random_views(20, args.seed + 1)
    t0 = time.perf_counter_ns()
    analyze(warm_views[0])
    analyze(kernel_view())
    first_ms = (time.perf_counter_ns() - t0) / 1e6
    print(f"first analyze calls (imports done; load the compiled hand kernels): {first_ms:.1f} ms")
    for view in warm_views[1:]:
        analyze(view)
    views, states = random_views(args.states, args.seed)
    contexts = time_analyze(views, states, args.seed, clock)
    report_prompts(views, contexts, args.seed, clock)
    time_features(views, warm_views[0], clock)
    time_wrapper(args.steps, args.seed, clock)
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
