"""Expectiminimax (PokerMan) agent: decision time, and duplicate matches in the seed's Table 1 protocol.

    PYTHONPATH=. python benchmarks/bench_expectiminimax.py timing --views 300 --seed 0
    PYTHONPATH=. python benchmarks/bench_expectiminimax.py matches --pairs 1000 --seed 0

``timing`` collects decision views from seeded random hands (every street) and times
``ExpectiminimaxAgent.act`` at depth 3 in the reproducible mode (``budget_ms=None``) and in the
timed mode (default budget 100 ms, checked: p99 <= budget + 10%), beside the anchor ``HonestBot.act``
on the same views. ``matches`` plays duplicate pairs (the same 9-card deck twice, seats swapped,
``play_hand``) against random, fold, fish, honest and a clone, and reports mbb/hand with a 95% CI
(1.96 x SE over pairs) beside the seed's win rate (share of hands with a non-zero result that were
won) and its average winnings / losses per won / lost hand. Agents keep what they learned for the
whole match; each agent draws from its own generator stream.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from baselines.expectiminimax import ExpectiminimaxAgent
from baselines.simple import FishBot, FoldBot, HonestBot, RandomBot
from pokergym.agents import Agent, PlayerView, play_hand
from pokergym.engine import GameConfig, HandState, deal_deck


def collect_views(count: int, seed: int) -> list[PlayerView]:
    rng = np.random.default_rng(seed)
    bot = RandomBot()
    bot.reset(0, rng)
    views: list[PlayerView] = []
    while len(views) < count:
        state = HandState.new(GameConfig(), button=int(rng.integers(2)), rng=rng)
        for _ in range(int(rng.integers(0, 12))):
            if state.terminal:
                break
            if rng.random() < 0.6:
                state.check_or_call()
            else:
                state.apply(bot.act(state.view(state.actor)))
        if not state.terminal:
            views.append(state.view(state.actor))
    return views


def time_agent(agent: Agent, views: list[PlayerView], seed: int) -> np.ndarray:
    agent.reset(0, np.random.default_rng(seed))
    agent.act(views[0])  # warm-up (numba load, percentile table)
    out = []
    for view in views:
        start = time.perf_counter()
        agent.act(view)
        out.append(time.perf_counter() - start)
    return np.array(out) * 1000.0


def timing(args: argparse.Namespace) -> None:
    views = collect_views(args.views, args.seed)
    streets = np.bincount([int(v.street) for v in views], minlength=4).tolist()
    print(f"{len(views)} views (preflop/flop/turn/river: {streets})")
    print("| mode | median ms | mean ms | p99 ms | max ms |")
    print("|---|---|---|---|---|")
    rows: list[tuple[str, Agent]] = [
        ("depth 3, budget_ms=None", ExpectiminimaxAgent(depth=3, budget_ms=None)),
        (f"depth 3, budget_ms={args.budget:g}", ExpectiminimaxAgent(depth=3, budget_ms=args.budget)),
        (f"depth 6, budget_ms={args.budget:g}", ExpectiminimaxAgent(depth=6, budget_ms=args.budget)),
        ("anchor HonestBot.act", HonestBot()),
    ]
    p99_timed = {}
    for label, agent in rows:
        ms = time_agent(agent, views, args.seed)
        p99 = float(np.percentile(ms, 99))
        p99_timed[label] = p99
        print(f"| {label} | {np.median(ms):.2f} | {ms.mean():.2f} | {p99:.2f} | {ms.max():.2f} |")
    limit = args.budget * 1.1
    for label, p99 in p99_timed.items():
        if "budget_ms=" in label and "None" not in label:
            print(f"check {label}: p99 {p99:.1f} ms <= {limit:.1f} ms: {'PASS' if p99 <= limit else 'FAIL'}")


def duplicate_match(
    make_hero: Callable[[], Agent], make_villain: Callable[[], Agent], pairs: int, seed: int
) -> dict[str, float]:
    hero, villain = make_hero(), make_villain()
    per_pair = np.empty(pairs)
    results: list[int] = []
    for i, child in enumerate(np.random.SeedSequence(seed).spawn(pairs)):
        deck_rng, hero_rng, villain_rng = (np.random.default_rng(s) for s in child.spawn(3))
        deck = deal_deck(deck_rng)
        total = 0
        for hero_seat in (0, 1):
            agents = [hero, villain] if hero_seat == 0 else [villain, hero]
            rngs = [hero_rng, villain_rng] if hero_seat == 0 else [villain_rng, hero_rng]
            state = play_hand(HandState.new(deck=deck, button=0), agents, rngs)
            assert state.payoffs is not None
            won = state.payoffs[hero_seat]
            results.append(won)
            total += won
        per_pair[i] = total / 2
    mbb = per_pair / 100 * 1000  # big blind 100 chips
    outcomes = np.array(results)
    wins, losses = outcomes[outcomes > 0], outcomes[outcomes < 0]
    return {
        "mbb": float(mbb.mean()),
        "ci": float(1.96 * mbb.std(ddof=1) / np.sqrt(pairs)),
        "win_rate": float(len(wins) / max(1, len(wins) + len(losses))),
        "avg_win_bb": float(wins.mean() / 100) if len(wins) else 0.0,
        "avg_loss_bb": float(losses.mean() / 100) if len(losses) else 0.0,
        "hands": float(len(outcomes)),
    }


def matches(args: argparse.Namespace) -> None:
    def hero() -> Agent:
        return ExpectiminimaxAgent(depth=args.depth, budget_ms=None)

    opponents: dict[str, Callable[[], Agent]] = {
        "random": RandomBot,
        "fold": FoldBot,
        "fish": FishBot,
        "honest": HonestBot,
        "clone": hero,
    }
    print(f"duplicate pairs: {args.pairs} per opponent, hero depth {args.depth}, budget_ms=None, seed {args.seed}")
    print("| opponent | hands | mbb/hand | 95% CI | win rate | avg win (BB) | avg loss (BB) | wall s |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.opponents.split(","):
        start = time.perf_counter()
        r = duplicate_match(hero, opponents[name], args.pairs, args.seed)
        print(
            f"| {name} | {r['hands']:.0f} | {r['mbb']:+.0f} | ±{r['ci']:.0f} | {r['win_rate']:.3f} | "
            f"{r['avg_win_bb']:.2f} | {r['avg_loss_bb']:.2f} | {time.perf_counter() - start:.0f} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("timing")
    t.add_argument("--views", type=int, default=300)
    t.add_argument("--budget", type=float, default=100.0)
    t.add_argument("--seed", type=int, default=0)
    m = sub.add_parser("matches")
    m.add_argument("--pairs", type=int, default=1000)
    m.add_argument("--depth", type=int, default=3)
    m.add_argument("--opponents", default="random,fold,fish,honest,clone")
    m.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    timing(args) if args.command == "timing" else matches(args)


if __name__ == "__main__":
    main()
