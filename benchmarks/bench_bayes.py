"""Decision time and gauntlet of the Bayes agent.

    PYTHONPATH=. python benchmarks/bench_bayes.py timing --db PATH --hands 300
    PYTHONPATH=. python benchmarks/bench_bayes.py gauntlet --pairs 500 --seed 0 [--only maniac call]

``timing`` plays hands against the maniac, the calling station and the honest
bot and times every ``act`` call (all of the agent's Bayes work happens
there; ``observe`` only counts). ``gauntlet`` plays duplicate matches of the
Bayes agent and, for comparison, of the honest bot against the same
opponents with the same seeds, so the deals are the same and the difference
is also reported pair by pair (its CI is much narrower than either match's).
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
import numpy.typing as npt

from baselines.bayes.agent import BayesAgent
from baselines.registry import make
from pokergym.agents import Agent, play_hand
from pokergym.arena import MatchResult, match
from pokergym.engine import Action, HandState, PlayerView


class _Timed:
    def __init__(self, agent: BayesAgent) -> None:
        self.agent = agent
        self.name = agent.name
        self.times: list[float] = []
        self.cpu: list[float] = []

    def reset(self, seat: int, rng: np.random.Generator) -> None:
        self.agent.reset(seat, rng)

    def observe(self, event: object) -> None:
        self.agent.observe(event)  # type: ignore[arg-type]

    def act(self, view: PlayerView) -> Action:
        start, cpu = time.perf_counter(), time.thread_time()
        action = self.agent.act(view)
        self.cpu.append(time.thread_time() - cpu)
        self.times.append(time.perf_counter() - start)
        return action


def timing(db: str | None, hands: int, seed: int) -> None:
    agent = BayesAgent(db=db)
    timed = _Timed(agent)
    rng = np.random.default_rng(seed)
    for hand in range(10):  # compile and load the numba kernels first
        warm = HandState.new(button=hand % 2, rng=rng)
        play_hand(warm, [timed, make("maniac")], [np.random.default_rng(hand), np.random.default_rng(1)])
    timed.times.clear()
    timed.cpu.clear()
    for hand in range(hands):
        opponent: Agent = make(("maniac", "call", "honest")[hand % 3])
        state = HandState.new(button=hand % 2, rng=rng)
        play_hand(state, [timed, opponent], [np.random.default_rng(hand), np.random.default_rng(hand + 1)])
    print(f"corpus: {agent.corpus.hand_count()} hands, {agent.corpus.decision_count()} decisions ({db or 'default'})")
    for clock, seconds in (("wall", timed.times), ("cpu", timed.cpu)):
        ms = sorted(t * 1e3 for t in seconds)
        print(
            f"{clock}: {len(ms)} decisions, median {statistics.median(ms):.2f} ms, mean {statistics.fmean(ms):.2f} ms, "
            f"p90 {ms[int(0.9 * len(ms))]:.2f} ms, p99 {ms[int(0.99 * len(ms))]:.2f} ms"
        )


def gauntlet(pairs: int, seed: int, db: str | None, only: list[str] | None) -> None:
    opponents = only or ["rule", "honest", "maniac", "call"]
    extra = {}
    if only is None:  # a project agent, never skipped: an import error here is a bug to see
        from baselines.cfr.agent import CFRBucketAgent

        extra = {"cfr": CFRBucketAgent}
    print("| opponent | bayes mbb/hand | 95% CI | honest mbb/hand | 95% CI | bayes - honest, paired | 95% CI |")
    print("|---|---|---|---|---|---|---|")
    for name in [*opponents, *extra]:
        opp = extra[name]() if name in extra else make(name)
        start = time.time()
        bayes = match(BayesAgent(db=db), opp, pairs=pairs, seed=seed)
        honest = match(make("honest"), opp, pairs=pairs, seed=seed)
        difference = _per_pair(bayes) - _per_pair(honest)
        spread = 1.96 * float(difference.std(ddof=1)) / len(difference) ** 0.5
        cells = [f"{r.mbb_per_hand:+.0f} | ±{r.ci95:.0f}" for r in (bayes, honest)]
        row = f"| {name} | {cells[0]} | {cells[1]} | {difference.mean():+.0f} | ±{spread:.0f} |"
        print(f"{row}  ({time.time() - start:.0f} s, voided {len(bayes.voided)}/{len(honest.voided)})", flush=True)


def _per_pair(result: MatchResult) -> npt.NDArray[np.float64]:
    """Agent A's mbb/hand in each duplicate pair (the same deals for every agent under one seed)."""
    chips = np.asarray(result.pair_chips, dtype=np.float64).reshape(-1, 2).sum(axis=1)
    per_pair: npt.NDArray[np.float64] = chips / result.config.big_blind * 1000 / 2
    return per_pair


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("timing")
    t.add_argument("--db", default=None)
    t.add_argument("--hands", type=int, default=300)
    t.add_argument("--seed", type=int, default=0)
    g = sub.add_parser("gauntlet")
    g.add_argument("--pairs", type=int, default=500)
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--db", default=None)
    g.add_argument("--only", nargs="+", default=None, help="registered opponents to play (default: all, and cfr)")
    args = parser.parse_args()
    if args.command == "timing":
        timing(args.db, args.hands, args.seed)
    else:
        gauntlet(args.pairs, args.seed, args.db, args.only)


if __name__ == "__main__":
    main()
