"""How well the solver agent's model of the opponent's range covers the hands the opponent really held.

Replays a saved match (``pokergym match solver B --out DIR``) to the solver's first decision on a street
and asks a fresh agent (``--spec``) for its opponent range there; the opponent's real hand is in the
history. Per spot: the real hand's weight as a share of the heaviest combo's, and the model's mass on
combos heavier than the real hand (uniform on [0, 1] over spots if the model were calibrated; near 1 when
the real hands are ones the model thinks unlikely).

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/range_calibration.py runs/solver-rule/histories.jsonl --spots 40
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from typing import NamedTuple

import numpy as np

from baselines import make
from baselines.solver import SolverAgent
from pokergym.agents import Street
from pokergym.engine import HandState
from pokergym.engine.history import HandHistory
from pokergym.evaluator.combos import combo_index


class Spot(NamedTuple):
    """One replayed decision: the real hand's weight relative to the heaviest, and the mass above it."""

    weight: float
    mass_above: float


def replay(hand: HandHistory, prefix: str, street: Street) -> tuple[HandState, int] | None:
    """The state at the agent's first decision on ``street`` in ``hand`` and the agent's seat (None: none)."""
    names = hand.names or ("", "")
    seat = next((i for i, name in enumerate(names) if name.startswith(prefix)), None)
    if seat is None:
        raise SystemExit(f"no player named {prefix}... in hand {hand.hand_id}")
    index = next((i for i, a in enumerate(hand.actions) if a.street == street and a.seat == seat), None)
    return None if index is None else (hand.state_before(index), seat)


def spots(lines: Iterator[str], agent: SolverAgent, prefix: str, street: Street, count: int) -> list[Spot]:
    """The first ``count`` decisions of the agent on ``street`` in the hands of ``lines``."""
    found: list[Spot] = []
    for line in lines:
        reached = replay(HandHistory.from_json(line, verify=False), prefix, street)
        if reached is None:
            continue
        state, seat = reached
        opponent = agent.ranges(state.view(seat))[1]
        real = combo_index(*state.hole(1 - seat))
        found.append(Spot(float(opponent[real] / opponent.max()), float(opponent[opponent > opponent[real]].sum())))
        if len(found) == count:
            break
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("histories", help="a match's histories.jsonl with the solver in it")
    parser.add_argument("--spec", default="solver", help="the agent whose model is read (default solver)")
    parser.add_argument("--name", default="solver", help="the start of the solver's name in the histories")
    parser.add_argument("--street", choices=("flop", "turn", "river"), default="river")
    parser.add_argument("--spots", type=int, default=40)
    args = parser.parse_args(argv)
    agent = make(args.spec)
    if not isinstance(agent, SolverAgent):
        raise SystemExit(f"{args.spec} is not a solver agent")
    with open(args.histories) as lines:
        found = spots(lines, agent, args.name, Street[args.street.upper()], args.spots)
    if not found:
        raise SystemExit(f"no {args.street} decision of {args.name} in {args.histories}")
    weights = np.array([s.weight for s in found])
    above = np.array([s.mass_above for s in found])
    print(f"{args.spec}: {len(found)} {args.street} decisions")
    print(
        f"  real hand's weight / heaviest: median {np.median(weights):.3f}; under 1% in {np.mean(weights < 0.01):.0%}"
    )
    print(
        f"  model mass on heavier combos: mean {above.mean():.2f} (0.50 if calibrated), "
        f"quartiles {np.percentile(above, 25):.2f} {np.median(above):.2f} {np.percentile(above, 75):.2f}"
    )


if __name__ == "__main__":
    main()
