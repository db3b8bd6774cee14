"""Environment throughput: pokergym's engine and environments against the anchors, in one run.

Every engine plays the same random loop: facing a bet, fold 5% of the time;
otherwise call or raise 50/50 (raise only when legal). Where amounts are
free, raise-to sizes are log-uniform between the minimum raise and all-in; in
discrete-action environments the raise id is uniform among the legal ones.
Stacks are 200 BB except PettingZoo's (fixed at 50 BB by RLCard's wrapper).
An anchor that is not installed stops the run with an error naming it (the
``dev`` extra installs them all), unless ``--allow-missing`` is given.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/bench_env.py [--seconds 3] [--hands N] [--repeat 3] [--only NAME ...]
        [--allow-missing]
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
import timeit
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
from anchors import add_allow_missing, import_error, require_anchors

if TYPE_CHECKING:
    from pokergym.envs.options import Backend

Runner = Callable[[int, float], tuple[int, int, float]]
"""(max hands, max seconds) -> (hands, decisions, seconds)."""

clock = time.perf_counter
"""The clock every measurement reads (``--clock cpu`` switches to ``time.process_time``)."""


# --------------------------------------------------------------------------- the shared policy
class Policy:
    """The benchmark's random player; every engine's loop uses the same one.

    Its uniforms are drawn from numpy 4096 at a time, so the policy costs about
    a microsecond per decision and the loop times the engines, not the player.
    """

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self._uniforms: list[float] = []

    def random(self) -> float:
        """A uniform draw in [0, 1)."""
        uniforms = self._uniforms
        if not uniforms:
            uniforms.extend(self.rng.random(4096).tolist())
        return uniforms.pop()

    def kind(self, facing: bool, can_raise: bool) -> int:
        """0 fold, 1 check/call, 2 raise."""
        if facing and self.random() < 0.05:
            return 0
        if not can_raise or self.random() < 0.5:
            return 1
        return 2

    def size(self, low: int, high: int) -> int:
        """A raise-to amount, log-uniform between ``low`` and ``high``."""
        if low >= high:
            return high
        amount = round(math.exp(math.log(low) + self.random() * (math.log(high) - math.log(low))))
        return min(max(amount, low), high)

    def discrete(self, facing: bool, raise_ids: list[int]) -> int:
        """A discrete action: 0 fold, 1 check/call, or one of ``raise_ids`` uniformly."""
        kind = self.kind(facing, len(raise_ids) > 0)
        if kind == 2:
            return raise_ids[int(self.random() * len(raise_ids))]
        return kind


def raise_ids(mask: np.ndarray, first: int) -> list[int]:
    """The legal ids from ``first`` on (the raise ids of a discrete mask)."""
    flags = mask.tolist()
    return [i for i in range(first, len(flags)) if flags[i]]


def timed(body: Callable[[], int], hands: int, seconds: float) -> tuple[int, int, float]:
    """Call ``body`` (one hand, returns its decisions) until ``hands`` or ``seconds`` is reached."""
    done = decisions = 0
    start = clock()
    deadline = start + seconds
    while done < hands:
        decisions += body()
        done += 1
        if clock() > deadline:
            break
    return done, decisions, clock() - start


# --------------------------------------------------------------------------- pokergym
def pokergym_engine(hands: int, seconds: float) -> tuple[int, int, float]:
    from pokergym.engine import GameConfig, HandState

    config = GameConfig()
    policy = Policy(1)
    deck_rng = np.random.default_rng(2)
    button = [0]

    def hand() -> int:
        state = HandState.new(config, button=button[0], rng=deck_rng)
        button[0] ^= 1
        n = 0
        while not state.terminal:
            kind = policy.kind(state.to_call > 0, state.can_raise)
            if kind == 0:
                state.fold()
            elif kind == 1:
                state.check_or_call()
            else:
                state.raise_to(policy.size(state.min_raise_to, state.max_raise_to))
            n += 1
        return n

    return timed(hand, hands, seconds)


def pokergym_gym(backend: str) -> Runner:
    def run(hands: int, seconds: float) -> tuple[int, int, float]:
        import gymnasium as gym

        import pokergym  # noqa: F401

        env = gym.make("HUNL-v0", backend=backend)  # default opponent: CallAgent; learner steps are counted
        env.reset(seed=3)
        policy = Policy(1)

        def hand() -> int:
            obs, _ = env.reset()
            n = 0
            terminated = False
            while not terminated:
                mask = obs["action_mask"]
                obs, _, terminated, _, _ = env.step(policy.discrete(bool(mask[0]), raise_ids(mask, 2)))
                n += 1
            return n

        return timed(hand, hands, seconds)

    return run


def _aec_hand(env: Any, policy: Policy, facing: Callable[[np.ndarray, np.ndarray], bool], first: int) -> int:
    env.reset()
    n = 0
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        env.step(policy.discrete(facing(obs["observation"], mask), raise_ids(mask, first)))
        n += 1
    return n


def pokergym_aec(wrapped: bool, backend: Backend = "auto") -> Runner:
    def run(hands: int, seconds: float) -> tuple[int, int, float]:
        from pokergym.pettingzoo import hunl_v0

        env = hunl_v0.env(backend=backend) if wrapped else hunl_v0.raw_env(backend=backend)
        env.reset(seed=3)
        policy = Policy(1)
        return timed(lambda: _aec_hand(env, policy, lambda obs, mask: bool(mask[0]), 2), hands, seconds)

    return run


# --------------------------------------------------------------------------- anchors
def pettingzoo_holdem(wrapped: bool) -> Runner:
    def run(hands: int, seconds: float) -> tuple[int, int, float]:
        from pettingzoo.classic import texas_holdem_no_limit_v6

        env = texas_holdem_no_limit_v6.env() if wrapped else texas_holdem_no_limit_v6.raw_env()
        env.reset(seed=3)
        policy = Policy(1)
        # Observation 52 is the actor's chips in the pot, 53 the largest: a bet is faced when they differ.
        return timed(lambda: _aec_hand(env, policy, lambda obs, mask: bool(obs[53] > obs[52]), 2), hands, seconds)

    return run


def rlcard_holdem(hands: int, seconds: float) -> tuple[int, int, float]:
    import rlcard

    env = rlcard.make("no-limit-holdem", config={"chips_for_each": 400, "seed": 3})  # 200 BB (BB = 2 chips)
    policy = Policy(1)

    def hand() -> int:
        state, _ = env.reset()
        n = 0
        while not env.is_over():
            raw = state["raw_obs"]
            legal = list(state["legal_actions"])
            action = policy.discrete(raw["my_chips"] < max(raw["all_chips"]), [a for a in legal if a >= 2])
            state, _ = env.step(action)
            n += 1
        return n

    return timed(hand, hands, seconds)


def pokerkit_holdem(hands: int, seconds: float) -> tuple[int, int, float]:
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    policy = Policy(1)

    def hand() -> int:
        state = NoLimitTexasHoldem.create_state(automations, True, 0, (50, 100), 100, (20000, 20000), 2)
        n = 0
        while state.status:
            can_raise = state.can_complete_bet_or_raise_to()
            kind = policy.kind(bool(state.checking_or_calling_amount), can_raise)
            if kind == 0:
                state.fold()
            elif kind == 1:
                state.check_or_call()
            else:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None and high is not None  # a raise is open: pokerkit gives both
                state.complete_bet_or_raise_to(policy.size(int(low), int(high)))
            n += 1
        return n

    return timed(hand, hands, seconds)


def clubs_holdem(hands: int, seconds: float) -> tuple[int, int, float]:
    import clubs

    config = dict(clubs.configs.NO_LIMIT_HOLDEM_TWO_PLAYER, blinds=[50, 100], start_stack=20000)
    dealer = clubs.Dealer(**config)
    policy = Policy(1)

    def hand() -> int:
        obs = dealer.reset(reset_button=False, reset_stacks=True)
        n = 0
        while True:
            call = obs["call"]
            low, high = obs["min_raise"], obs["max_raise"]  # chips added, as clubs counts bets
            kind = policy.kind(call > 0, high > call and high > 0)
            bet = 0 if kind == 0 else call if kind == 1 else policy.size(max(int(low), 1), int(high))
            obs, _, done = dealer.step(bet)
            n += 1
            if all(done):
                return n

    return timed(hand, hands, seconds)


# --------------------------------------------------------------------------- reset cost
def reset_cost(make: Callable[[], Any], count: int, rounds: int = 7) -> tuple[float, float]:
    """Microseconds of ``reset()`` and of ``reset(seed=k)`` (a new ``k`` each time): best of interleaved rounds.

    The two kinds alternate round by round, so a change of load hits both alike.
    """
    env = make()
    env.reset(seed=0)
    plain = seeded = float("inf")
    for _ in range(rounds):
        start = clock()
        for _ in range(count):
            env.reset()
        plain = min(plain, (clock() - start) / count * 1e6)
        start = clock()
        for k in range(count):
            env.reset(seed=k)
        seeded = min(seeded, (clock() - start) / count * 1e6)
    return plain, seeded


def resets(count: int, pettingzoo: bool) -> list[tuple[str, float, float]]:
    import gymnasium as gym

    import pokergym  # noqa: F401
    from pokergym.pettingzoo import hunl_v0

    rows = [
        ("pokergym HUNL-v0", *reset_cost(lambda: gym.make("HUNL-v0"), count)),
        ('pokergym HUNL-v0, backend="python"', *reset_cost(lambda: gym.make("HUNL-v0", backend="python"), count)),
        ("pokergym hunl_v0.raw_env()", *reset_cost(hunl_v0.raw_env, count)),
        ('pokergym hunl_v0.raw_env(backend="python")', *reset_cost(lambda: hunl_v0.raw_env(backend="python"), count)),
    ]
    if not pettingzoo:
        return rows
    from pettingzoo.classic import texas_holdem_no_limit_v6

    rows.append(("PettingZoo texas_holdem_no_limit_v6.raw_env()", *reset_cost(texas_holdem_no_limit_v6.raw_env, count)))
    return rows


# --------------------------------------------------------------------------- main
RUNNERS: dict[str, tuple[str, Runner]] = {
    "engine": ("pokergym HandState (raw engine)", pokergym_engine),
    "gym": ('pokergym gym.make("HUNL-v0") step vs CallAgent', pokergym_gym("auto")),
    "gym_python": ('pokergym gym.make("HUNL-v0", backend="python")', pokergym_gym("python")),
    "aec": ("pokergym hunl_v0.env() (AEC)", pokergym_aec(True)),
    "aec_raw": ("pokergym hunl_v0.raw_env() (AEC)", pokergym_aec(False)),
    "aec_python": ('pokergym hunl_v0.raw_env(backend="python")', pokergym_aec(False, "python")),
    "pz": ("PettingZoo texas_holdem_no_limit_v6.env()", pettingzoo_holdem(True)),
    "pz_raw": ("PettingZoo texas_holdem_no_limit_v6.raw_env()", pettingzoo_holdem(False)),
    "rlcard": ("RLCard no-limit-holdem", rlcard_holdem),
    "pokerkit": ("pokerkit NoLimitTexasHoldem (automations)", pokerkit_holdem),
    "clubs": ("clubs Dealer", clubs_holdem),
}
OURS = ("engine", "gym", "gym_python", "aec", "aec_raw", "aec_python")
MODULES = {
    "pz": "pettingzoo.classic.texas_holdem_no_limit_v6",  # imports pygame and rlcard (pettingzoo[classic])
    "pz_raw": "pettingzoo.classic.texas_holdem_no_limit_v6",
    "rlcard": "rlcard",
    "pokerkit": "pokerkit",
    "clubs": "clubs",
}
ANCHORS = ("pz", "pz_raw", "rlcard", "pokerkit", "clubs")


def available(keys: list[str], allow_missing: bool) -> list[str]:
    """The ``keys`` whose engine can be imported; a missing anchor is an error unless ``allow_missing``.

    Raises:
        SystemExit: an anchor is not installed and ``allow_missing`` is false.
    """
    errors = {key: import_error(MODULES[key]) for key in keys if key in MODULES}
    missing = {key: error for key, error in errors.items() if error is not None}
    require_anchors({RUNNERS[key][0]: error for key, error in missing.items()}, allow_missing)
    return [key for key in keys if key not in missing]


def call_cost_ns() -> float:
    """Nanoseconds of a bare Python function call: how loaded the machine is (about 50 ns when quiet)."""

    def nothing() -> None:
        return None

    return min(timeit.repeat(nothing, number=200_000, repeat=5)) / 200_000 * 1e9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget per engine and repeat")
    parser.add_argument("--hands", type=int, default=10**9, help="hand budget per engine and repeat")
    parser.add_argument("--repeat", type=int, default=1, help="repeats; the median is reported")
    parser.add_argument("--resets", type=int, default=2000, help="resets timed per reset-cost row (0 to skip)")
    parser.add_argument("--only", nargs="*", choices=sorted(RUNNERS), help="engines to run (default: all)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall", help="wall time or this process's CPU time")
    add_allow_missing(parser)
    args = parser.parse_args()
    warnings.simplefilter("ignore")  # the anchors warn about deprecated NumPy and gym APIs

    if args.clock == "cpu":
        global clock
        clock = time.process_time
    print(f"machine: bare function call {call_cost_ns():.0f} ns, load average {os.getloadavg()[0]:.1f}\n")
    # Rounds interleave the engines, so a change of load during the run hits all of them alike.
    selected = args.only or list(RUNNERS)
    # PettingZoo is an anchor of the reset-cost table too, even when --only leaves its throughput out
    extra = ["pz_raw"] if args.resets and "pz_raw" not in selected else []
    present = available([*selected, *extra], args.allow_missing)
    keys = [k for k in selected if k in present]
    samples: dict[str, list[tuple[int, int, float]]] = {k: [] for k in keys}
    for _ in range(args.repeat):
        for key in keys:
            samples[key].append(RUNNERS[key][1](args.hands, args.seconds))
    rates: dict[str, tuple[float, float]] = {}
    print(
        f"| engine / API | hands/s | decisions/s | decisions/hand |  "
        f"(median of {args.repeat} interleaved rounds, {args.seconds:g} s each, {args.clock} clock)"
    )
    print("|---|---:|---:|---:|")
    for key in args.only or list(RUNNERS):
        title = RUNNERS[key][0]
        if key not in samples:
            print(f"| {title} | not installed (--allow-missing) | | |")
            continue
        runs = samples[key]
        hands_rate = statistics.median(h / s for h, _, s in runs)
        decision_rate = statistics.median(d / s for _, d, s in runs)
        per_hand = sum(d for _, d, _ in runs) / sum(h for h, _, _ in runs)
        rates[key] = (hands_rate, decision_rate)
        print(f"| {title} | {hands_rate:,.0f} | {decision_rate:,.0f} | {per_hand:.2f} |")

    ours = [k for k in OURS if k in rates]
    anchors = [k for k in ANCHORS if k in rates]
    if ours and anchors:
        print("\nRatios, decisions/s ours / anchor:")
        print("| ours \\ anchor | " + " | ".join(RUNNERS[a][0] for a in anchors) + " |")
        print("|---|" + "---:|" * len(anchors))
        for key in ours:
            cells = " | ".join(f"{rates[key][1] / rates[a][1]:.1f}x" for a in anchors)
            print(f"| {RUNNERS[key][0]} | {cells} |")

    if args.resets:
        print("\n| reset cost (best of 7 interleaved rounds) | reset() us | reset(seed=k) us |")
        print("|---|---:|---:|")
        for title, plain, seeded in resets(args.resets, pettingzoo="pz_raw" in present):
            print(f"| {title} | {plain:.1f} | {seeded:.1f} |")


if __name__ == "__main__":
    main()
