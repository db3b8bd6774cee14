"""How often an agent continues (calls or raises) against a preflop shove, and against a 3 BB open.

For each agent spec and line, every one of the 1,326 holdings is dealt to the agent once (the opponent's
two cards drawn from the rest with a seeded generator) and the share of its probability on anything but
fold is averaged over the holdings:

* ``bb vs shove``: the button moves all in (200 BB) first, the big blind answers;
* ``button limp vs shove``: the button calls the blind, the big blind moves all in, the button answers;
* ``bb vs 3 BB open``: the button raises to 3 BB, the big blind answers.

Against an opponent that shoves every hand, calling 199 BB to win 201 pays with about half of all
holdings (those with at least 49.75% equity against a random hand); a player that calls with far fewer
gives a shover the blinds, which is what local best response (``pokergym exploit``) takes.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/shove_calls.py ppo ppo:postflop=same rule
"""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Sequence

import numpy as np

from baselines import make
from baselines.policy import PolicyAgent
from pokergym.engine import HandState
from pokergym.engine.actions import ActionKind

LINES = ("bb vs shove", "button limp vs shove", "bb vs 3 BB open")


def _spot(line: str, hole: tuple[int, int], other: tuple[int, int], board: Sequence[int]) -> tuple[HandState, int]:
    """The hand at the agent's answer in ``line`` (the button is seat 0), and the agent's seat."""
    if line == "button limp vs shove":
        state = HandState.new(deck=(*hole, *other, *board), button=0)
        state.call()
        state.raise_to(state.max_raise_to)
        return state, 0
    state = HandState.new(deck=(*other, *hole, *board), button=0)
    state.raise_to(state.max_raise_to if line == "bb vs shove" else 3 * state.config.big_blind)
    return state, 1


def continue_share(agent: PolicyAgent, line: str, seed: int = 0) -> float:
    """The agent's probability of not folding in ``line`` (one of :data:`LINES`), averaged over the holdings."""
    rng = np.random.default_rng(seed)
    total = 0.0
    holdings = list(itertools.combinations(range(52), 2))
    for hole in holdings:
        rest = np.array([card for card in range(52) if card not in hole])
        drawn = rng.choice(rest, 7, replace=False)
        other, board = (int(drawn[0]), int(drawn[1])), [int(card) for card in drawn[2:]]
        state, seat = _spot(line, (hole[0], hole[1]), other, board)
        distribution = agent.action_probabilities(state.view(seat))
        total += 1.0 - sum(p for action, p in distribution if action.kind == ActionKind.FOLD)
    return total / len(holdings)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="+", help="agent specs that report their action probabilities")
    parser.add_argument("--seed", type=int, default=0, help="seeds the opponents' cards (default 0)")
    args = parser.parse_args(argv)
    print("| agent | " + " | ".join(LINES) + " |")
    print("|---|" + "---:|" * len(LINES))
    for spec in args.specs:
        agent = make(spec)
        if not isinstance(agent, PolicyAgent):
            raise SystemExit(f"{spec} does not report its action probabilities")
        shares = [continue_share(agent, line, args.seed) for line in LINES]
        print(f"| {spec} | " + " | ".join(f"{share:.1%}" for share in shares) + " |")


if __name__ == "__main__":
    main()
