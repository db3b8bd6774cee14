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

The match part plays a short duplicate match of the LLM agent against the
rule agent, with the model replaced by the scripted local server of the
tests (tests/llm/fake_openai_server.py) answering every request after a
fixed delay, and reports hands per second on the sequential ``local``
backend and on the ``async`` backend at concurrency 1 and 8 (blocks of one
pair; the three results are checked to be identical).

    PYTHONPATH=. python benchmarks/bench_llm.py [--states 2000] [--seed 0] [--part all|prompts|match]
        [--pairs 40] [--delay 0.02]
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from baselines.llm_skill import LLMSkillAgent
from baselines.rule_skill import RuleSkillAgent
from pokergym.arena import MatchResult, match
from pokergym.arena.runners import Backend
from pokergym.context import analyze
from pokergym.context.prompt import prompt
from pokergym.engine import Action, HandState, Street
from pokergym.engine.view import PlayerView

REPEATS = 5
ROOT = Path(__file__).resolve().parents[1]


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


def percentile(values: Sequence[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q))


def prompt_speed(states: int, seed: int) -> None:
    views = random_views(states, seed)
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
                built = prompt(view, ctx, mode=mode)
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


def match_speed(pairs: int, delay: float, seed: int) -> None:
    sys.path.insert(0, str(ROOT / "tests" / "llm"))
    from fake_openai_server import (  # type: ignore[import-not-found]  # the tests' helper, on sys.path from here on
        Answer,
        FakeOpenAIServer,
        betting_brain,
    )

    def slow(request: dict[str, Any]) -> Answer:
        return dataclasses.replace(betting_brain(request), delay=delay)

    print(
        f"match: {pairs} pairs, blocks of 1 pair, every reply after {delay * 1e3:.0f} ms; "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    results: list[MatchResult] = []
    with FakeOpenAIServer(slow) as server:
        warm = LLMSkillAgent(model="fake", base_url=server.url, api_key_env="POKERGYM_BENCH_UNSET_KEY")
        match(warm, RuleSkillAgent(), pairs=4, seed=seed + 1, block_size=1)  # load tables, compile, connect
        warm.close()
        runs: tuple[tuple[Backend, int], ...] = (("local", 1), ("async", 1), ("async", 8))
        for backend, concurrency in runs:
            agent = LLMSkillAgent(model="fake", base_url=server.url, api_key_env="POKERGYM_BENCH_UNSET_KEY")
            sent = len(server.requests)
            start = time.perf_counter()
            result = match(
                agent, RuleSkillAgent(), pairs=pairs, seed=seed, block_size=1, backend=backend, concurrency=concurrency
            )
            elapsed = time.perf_counter() - start
            agent.close()
            results.append(result)
            print(
                f"  {backend} (concurrency {concurrency}): {result.hands} hands, {len(server.requests) - sent} "
                f"requests in {elapsed:.2f} s: {result.hands / elapsed:.1f} hands/s"
            )
    assert all(result == results[0] for result in results), "the backends disagree"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--part", choices=("all", "prompts", "match"), default="all")
    parser.add_argument("--pairs", type=int, default=40, help="pairs of the match part")
    parser.add_argument("--delay", type=float, default=0.02, help="seconds before each reply in the match part")
    args = parser.parse_args()
    if args.part in ("all", "prompts"):
        prompt_speed(args.states, args.seed)
    if args.part in ("all", "match"):
        match_speed(args.pairs, args.delay, args.seed)


if __name__ == "__main__":
    main()
