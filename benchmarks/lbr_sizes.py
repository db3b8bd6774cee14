"""How often a local best responder bet each pot fraction, by street, and what the hands with a given size won.

Reads the histories of ``pokergym exploit AGENT --fractions ... --histories FILE`` (seat 0 is the responder;
``extra.mbb`` a hand's counted value) and replays each hand: every bet or raise of the responder that is not
all-in is put at the nearest of the fractions of the pot after calling, and the hands with at least one bet
within 0.05 of ``--size`` are set apart with their mean counted value.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/lbr_sizes.py runs/lbr-quarter-s1.jsonl --fractions 0.25 0.5 1 2 --size 0.25
"""

from __future__ import annotations

import argparse
from collections import Counter

import numpy as np

from pokergym.arena import read_histories
from pokergym.arena.variance import canonical_action
from pokergym.engine import HandHistory
from pokergym.engine.actions import ActionKind, Street


def sizes_of(hand: HandHistory, fractions: tuple[float, ...]) -> list[tuple[Street, float, float]]:
    """``(street, nearest fraction, exact fraction)`` of each bet or raise of seat 0 short of all-in."""
    state = hand.state_before(0)
    out = []
    for record in hand.actions:
        played = record.action
        if record.seat == 0:
            kind, to = canonical_action(state.legal_actions(), played)
            if kind == ActionKind.RAISE and to < state.max_raise_to:
                exact = (to - state.bets[0] - state.to_call) / (state.pot + state.to_call)
                out.append((state.street, min(fractions, key=lambda f: abs(f - exact)), exact))
        state.apply(played, record.seat)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("histories", help="the JSON lines of 'pokergym exploit ... --histories FILE'")
    parser.add_argument("--fractions", type=float, nargs="+", default=[0.5, 1.0, 2.0], help="the run's sizes")
    parser.add_argument("--size", type=float, default=0.25, help="the size whose hands are set apart")
    args = parser.parse_args(argv)
    fractions = tuple(args.fractions)
    counts: Counter[tuple[str, float]] = Counter()
    with_size: list[float] = []
    without: list[float] = []
    for hand in read_histories(args.histories, verify=False):
        sizes = sizes_of(hand, fractions)
        counts.update((street.name.lower(), nearest) for street, nearest, _ in sizes)
        used = any(abs(exact - args.size) < 0.05 for _, _, exact in sizes)
        (with_size if used else without).append(float(hand.extra["mbb"]))
    for street in Street:
        row = ", ".join(f"{f:g}: {counts[(street.name.lower(), f)]}" for f in fractions)
        print(f"{street.name.lower():8s} {row}")
    for label, values in ((f"with a bet of {args.size:g}", with_size), ("the others", without)):
        mean = f"{np.mean(values):+,.0f} mbb/hand" if values else "none"
        print(f"hands {label}: {len(values):,}, the responder's mean {mean}")


if __name__ == "__main__":
    main()
