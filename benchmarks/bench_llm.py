"""Prompt assembly time and prompt size of the LLM skill agent.

Random hands are played with random legal actions from a seeded generator;
every postflop decision view is collected. For each view the context is
computed once (``analyze``, not timed: the context engine has its own
benchmark), then the prompt is assembled as ``LLMSkillAgent`` does it
(``prompt(view, ctx, mode=...)`` and its chat messages) and timed, in both
modes. Sizes are approximate tokens (characters / 4; no tokenizer is
installed here). The conversation size is what the last request of a seat's
hand carries: every user message of its postflop decisions in that hand
plus the system message once (model answers, roughly 40 tokens each, are
left out).

    PYTHONPATH=. python benchmarks/bench_llm.py [--states 2000] [--seed 0]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import defaultdict

import numpy as np

from pokergym.context import analyze
from pokergym.context.prompt import prompt
from pokergym.engine import Action, HandState, Street
from pokergym.engine.view import PlayerView

REPEATS = 5


def random_views(n: int, seed: int) -> list[tuple[int, PlayerView]]:
    rng = np.random.default_rng(seed)
    views: list[tuple[int, PlayerView]] = []
    hand = 0
    while len(views) < n:
        hand += 1
        state = HandState.new(button=int(rng.integers(2)), rng=rng)
        while not state.terminal and len(views) < n:
            legal = state.legal_actions()
            if state.street > Street.PREFLOP:
                views.append((hand, state.view(state.actor)))
            roll = rng.random()
            if legal.can_raise and roll < 0.3:
                pot = state.pot + legal.call_amount
                to = state.bets[state.actor] + legal.call_amount + int(pot * rng.choice([0.33, 0.5, 0.75, 1.0]))
                state.apply(Action.raise_to(max(legal.min_raise_to, min(legal.max_raise_to, to))))
            elif legal.can_fold and roll > 0.95:
                state.fold()
            else:
                state.apply(Action.check() if legal.can_check else Action.call())
    return views


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    views = random_views(args.states, args.seed)
    contexts = [analyze(view) for _, view in views]
    print(f"{len(views)} postflop decisions; load average {os.getloadavg()[0]:.1f}")
    for mode in ("skills", "default"):
        times: list[float] = []
        sizes: dict[int, list[int]] = defaultdict(list)
        conversation: dict[tuple[int, int], int] = defaultdict(int)
        for (hand, view), ctx in zip(views, contexts, strict=True):
            best = float("inf")
            for _ in range(REPEATS):
                start = time.perf_counter()
                built = prompt(view, ctx, mode=mode)  # type: ignore[arg-type]
                built.messages()
                best = min(best, time.perf_counter() - start)
            times.append(best * 1e6)
            sizes[view.street].append(built.approx_tokens)
            key = (hand, view.seat)
            conversation[key] += len(built.user) // 4 + (0 if conversation[key] else len(built.system) // 4)
        print(
            f"{mode}: assembly median {statistics.median(times):.0f} us, p90 {percentile(times, 90):.0f} us, "
            f"p99 {percentile(times, 99):.0f} us"
        )
        for street, tokens in sorted(sizes.items()):
            print(
                f"  {Street(street).name.lower():5s}: {len(tokens):5d} prompts, tokens median "
                f"{statistics.median(tokens):.0f}, min {min(tokens)}, max {max(tokens)}"
            )
        totals = list(conversation.values())
        print(
            f"  conversation per seat-hand: median {statistics.median(totals):.0f}, "
            f"p90 {percentile(totals, 90):.0f}, max {max(totals)} tokens"
        )


if __name__ == "__main__":
    main()
