"""CFR+ bucket solver: vectorised core vs a per-pair recursive loop, and a duplicate-match sanity check.

Usage:
    PYTHONPATH=. python benchmarks/bench_cfr.py --seed 0 [--reference-iterations 30] [--pairs 300]

Part 1 solves the five flop textures of the shipped tables (the same numbers as
the solve) with the vectorised CFRPlusSolver and reports iterations per second
and the time until every texture is below 0.5% of the pot. The anchor is a
straightforward CFR+ in the seed's style written here: for every iteration,
for every (OOP bucket, IP bucket) pair, a recursive walk of the tree per
player with scalar reaches and per-information-set dictionaries (chance- and
reach-weighted regrets, linear averaging, alternating), timed on the same
games in the same process.

Part 2 plays duplicate pairs (the same deck twice, seats swapped) of the CFR
agent against random, call and honest and reports mbb/hand +- 1.96 SE over pairs.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from baselines.cfr import CFRBucketAgent
from baselines.cfr.export import load
from baselines.cfr.game import IP, OOP, BettingTree, build_tree
from baselines.cfr.solver import BucketGame, CFRPlusSolver
from baselines.simple import CallBot, HonestBot, RandomBot
from pokergym.agents import Agent, play_hand
from pokergym.engine import HandState, deal_deck

Regrets = dict[tuple[int, int], list[float]]
"""Counterfactual regret increments per (node, bucket) key, summed over one traversal."""

TARGET = 0.005


class ReferenceCFRPlus:
    """Per-pair recursive CFR+ with scalar reaches (the seed's loop, with the weighting fixed)."""

    def __init__(self, tree: BettingTree, weights: np.ndarray, equity: np.ndarray) -> None:
        self.tree, self.w, self.e = tree, weights.tolist(), equity.tolist()
        self.n = len(self.w)
        self.regret: dict[tuple[int, int], list[float]] = {}
        self.sums: dict[tuple[int, int], list[float]] = {}
        for node in tree.decisions:
            for b in range(self.n):
                self.regret[node.index, b] = [0.0] * len(node.actions)
                self.sums[node.index, b] = [0.0] * len(node.actions)
        self.t = 0

    def strategy(self, key: tuple[int, int]) -> list[float]:
        r = self.regret[key]
        total = sum(r)
        return [x / total for x in r] if total > 0 else [1.0 / len(r)] * len(r)

    def walk(self, index: int, hero: int, buckets: tuple[int, int], reach: float, opp: float, out: Regrets) -> float:
        node = self.tree.nodes[index]
        if node.terminal:
            i, j = buckets
            pot = node.invested[0] + node.invested[1]
            if node.folder < 0:
                u = pot * self.e[i][j] - node.invested[OOP]
            else:
                u = -node.invested[OOP] if node.folder == OOP else node.invested[IP]
            return float(u if hero == OOP else -u)
        key = (index, buckets[node.player])
        sigma = self.strategy(key)
        if node.player != hero:
            children = zip(sigma, node.children, strict=True)
            return sum(p * self.walk(c, hero, buckets, reach, opp * p, out) for p, c in children)
        values = [self.walk(c, hero, buckets, reach * p, opp, out) for p, c in zip(sigma, node.children, strict=True)]
        value = sum(p * v for p, v in zip(sigma, values, strict=True))
        acc = out.setdefault(key, [0.0] * len(values))
        for a, v in enumerate(values):
            acc[a] += opp * (v - value)
        s = self.sums[key]
        for a, p in enumerate(sigma):
            s[a] += (self.t + 1) * reach * p
        return value

    def iterate(self) -> None:
        for hero in (OOP, IP):
            out: Regrets = {}
            for i in range(self.n):
                for j in range(self.n):
                    if self.w[i][j] > 0:
                        self.walk(0, hero, (i, j), 1.0, self.w[i][j], out)
            for key, delta in out.items():
                self.regret[key] = [max(r + d, 0.0) for r, d in zip(self.regret[key], delta, strict=True)]
        self.t += 1

    def average(self) -> dict[int, np.ndarray]:
        result = {}
        for node in self.tree.decisions:
            rows = []
            for b in range(self.n):
                s = self.sums[node.index, b]
                total = sum(s)
                rows.append([x / total for x in s] if total > 0 else [1.0 / len(s)] * len(s))
            result[node.index] = np.asarray(rows)[None]
        return result


def flop_games() -> tuple[BucketGame, list[str]]:
    document = load()
    textures = list(document["streets"]["flop"])
    sections = [document["streets"]["flop"][t] for t in textures]
    weights = np.asarray([s["weights"] for s in sections])
    equity = np.asarray([s["equity"] for s in sections])
    return BucketGame(build_tree(), weights, equity), textures


def bench_solver(reference_iterations: int) -> None:
    game, textures = flop_games()
    solver = CFRPlusSolver(game)
    start = time.perf_counter()
    reached = None
    while solver.iterations < 5000:
        solver.run(10)
        if reached is None and solver.exploitability().max() < TARGET:
            reached = (solver.iterations, time.perf_counter() - start)
            break
    assert reached is not None
    timed = CFRPlusSolver(game)
    start = time.perf_counter()
    timed.run(500)
    per_second = 500 / (time.perf_counter() - start)
    print(
        f"vectorised: {per_second:.0f} iterations/s (5 textures at once); target {100 * TARGET}% pot after "
        f"{reached[0]} iterations, {reached[1]:.2f} s (including exploitability checks every 10 iterations)"
    )
    tree = build_tree()
    ref_time = 0.0
    ref_iterations = 0
    worst = 0.0
    for g, texture in enumerate(textures):
        ref = ReferenceCFRPlus(tree, game.weights[g], game.equity[g])
        start = time.perf_counter()
        for _ in range(reference_iterations):
            ref.iterate()
        ref_time += time.perf_counter() - start
        ref_iterations += reference_iterations
        one = BucketGame(tree, game.weights[g : g + 1], game.equity[g : g + 1])
        check = CFRPlusSolver(one)
        check.run(reference_iterations)
        ref_expl = float(check.exploitability(ref.average())[0])
        vec_expl = float(check.exploitability()[0])
        worst = max(worst, abs(ref_expl - vec_expl))
        print(
            f"  {texture:<9} after {reference_iterations} its: reference {100 * ref_expl:.4f}% pot, "
            f"vectorised {100 * vec_expl:.4f}%"
        )
    ref_rate = ref_iterations / ref_time / len(textures)
    print(
        f"reference loop: {ref_rate:.2f} iterations/s (5 textures, one after the other); "
        f"speed-up {per_second / ref_rate:.0f}x; same iterates (max exploitability gap {worst:.2e})"
    )
    print(f"reference time to target (extrapolated at {reached[0]} iterations): {reached[0] / ref_rate:.0f} s")


def duplicate_match(opponent: Agent, pairs: int, seed: int) -> tuple[float, float]:
    """Mean and 1.96 SE of the CFR agent's result in mbb/hand over duplicate pairs."""
    hero = CFRBucketAgent()
    results = []
    for child in np.random.SeedSequence(seed).spawn(pairs):
        deck_rng, a, b = (np.random.default_rng(s) for s in child.spawn(3))
        deck = deal_deck(deck_rng)
        total = 0
        for hero_seat in (0, 1):
            agents = [hero, opponent] if hero_seat == 0 else [opponent, hero]
            rngs = [a, b] if hero_seat == 0 else [b, a]
            state = play_hand(HandState.new(button=0, deck=deck), agents, rngs)
            payoffs = state.payoffs
            assert payoffs is not None  # play_hand plays to the end
            total += payoffs[hero_seat]
        results.append(total / 2 / 100 * 1000)  # chips -> mbb (big blind 100)
    values = np.asarray(results)
    return float(values.mean()), float(1.96 * values.std(ddof=1) / np.sqrt(len(values)))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reference-iterations", type=int, default=30)
    parser.add_argument("--pairs", type=int, default=300)
    args = parser.parse_args()
    bench_solver(args.reference_iterations)
    for name, opponent in (("random", RandomBot()), ("call", CallBot()), ("honest", HonestBot())):
        start = time.perf_counter()
        mean, half = duplicate_match(opponent, args.pairs, args.seed)
        print(
            f"cfr vs {name:<6}: {mean:+8.0f} +- {half:.0f} mbb/hand over {args.pairs} duplicate pairs "
            f"({time.perf_counter() - start:.0f} s)"
        )


if __name__ == "__main__":
    main()
