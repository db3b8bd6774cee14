"""How much of the pot each preflop class wins after the flop: the postflop solver against the preflop model.

The solver agent's preflop abstraction (:mod:`pokergym.solver.preflop`, the agent's default ``linear`` model)
prices a pot that reaches the flop by equity realisation: the big blind realises a fixed share of its equity
and the button gets the rest. This script measures what the classes really win in the abstraction's own
single-raised pot. The button opens to 2.5 BB, the big blind calls, and each player's range is the
abstraction's reach along that line, less the combos it reaches with a weight under ``--min-weight`` (0.01
leaves out 0.02% of the big blind's mass and 0.1% of the button's, and halves the hands). For each of
``--flops`` flops drawn at random (seeded), it solves the flop to the river with :func:`pokergym.solver.solve`
for ``--iterations``. The pot is 500 chips with 19,750 behind, and the menu is the flop benchmark's: flop
33/75%, turn and river 75%, all-in raises, one raise. Each combo's EV at the root, over the pot, is its share
of the pot. Shares are averaged per class and per group of classes (pairs, suited aces, suited connectors and
one-gappers, other suited hands, offsuit broadways, other offsuit hands), weighted by each combo's reach, and
printed beside the model's share for the same class
(:meth:`~pokergym.solver.preflop.PreflopSolution.flop_shares`, which is taken against the whole other range,
with no board).

``--model typed`` (or ``curved``) takes the ranges and the model's shares from that preflop model instead: how
well a model fitted to these measurements describes the ranges it makes.

A share is the player's net chips from the flop on, over the pot: a hand that checks down with equity ``e``
gets ``e``; a fold gets 0; a hand that wins bets on later streets can get more than 1.

Usage (from the repository root; about two minutes of one core a flop at 80 iterations):
    PYTHONPATH=. python benchmarks/realisation.py --flops 20 --iterations 80 --seed 0 --workers 2
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import numpy.typing as npt

from baselines.solver.solved_preflop import PREFLOP_MODELS, solved_line
from pokergym.engine import HandState
from pokergym.engine.actions import Street
from pokergym.engine.config import GameConfig
from pokergym.evaluator.combos import COMBO_CARDS, N_COMBOS
from pokergym.solver import Menu, Range, Solution, Spot, solve
from pokergym.solver.preflop import N_CLASSES, combo_classes
from pokergym.solver.ranges import HAND_GROUPS, hand_classes, hand_group

Floats = npt.NDArray[np.float64]
POT, BEHIND = 500, 19_750
MENU = Menu.per_street(("33,75", "a"), ("75", "a"), ("75", "a"), raise_cap=1)


def line_ranges(config: GameConfig, model: str = "linear") -> tuple[Floats, Floats, Floats, Floats]:
    """The big blind's and the button's combo weights after an open to 2.5 BB and a call, and the model's shares.

    Returns ``(big blind weights, button weights, big blind model shares, button model shares)``: 1,326 combo
    weights each (the class reach) and 169 class shares each.
    """
    state = HandState.new(config, button=0, deck=tuple(range(9)))
    state.raise_to(250)
    state.call()
    history = [r for r in state.history if r.street == Street.PREFLOP]
    solution, line = solved_line(config, history, PREFLOP_MODELS[model])
    button, big_blind = solution.reach(line)
    classes = combo_classes()
    return big_blind[classes], button[classes], solution.flop_shares(line, 1), solution.flop_shares(line, 0)


def pot_shares(solution: Solution, player: int) -> Floats:
    """Per combo (1,326, 0 where the player does not hold it) the player's root EV over the spot's pot.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.evaluator.combos import combo_index
        >>> spot = Spot(parse_cards("2c7d9hJsKd"), 500, 5000, (Range.parse("AA"), Range.parse("QQ")),
        ...             Menu.uniform(""))                        # no bets: the pot goes to the better hand
        >>> shares = [pot_shares(solve(spot, iterations=2), p) for p in range(2)]
        >>> float(shares[0][combo_index(*parse_cards("AsAh"))]), float(shares[1][combo_index(*parse_cards("QsQh"))])
        (1.0, 0.0)
    """
    out = np.zeros(N_COMBOS)
    out[solution.spot.hands(player)] = solution.node(()).ev[player] / solution.spot.pot
    return out


def flop_shares(
    board: tuple[int, ...], weights: tuple[Floats, Floats], iterations: int
) -> tuple[Floats, Floats, float]:
    """The big blind's and the button's pot shares per combo on ``board``, and the solve's exploitability in %."""
    spot = Spot(board, POT, BEHIND, (Range(weights[0]), Range(weights[1])), MENU)
    solution = solve(spot, iterations=iterations)
    return pot_shares(solution, 0), pot_shares(solution, 1), solution.exploitability_pct


def by_class(shares: Floats, held: Floats) -> tuple[Floats, Floats]:
    """Per class, the held-weighted mean share and the weight behind it."""
    classes = combo_classes()
    weight = np.asarray(np.bincount(classes, weights=held, minlength=N_CLASSES), dtype=np.float64)
    total = np.asarray(np.bincount(classes, weights=shares * held, minlength=N_CLASSES), dtype=np.float64)
    return np.divide(total, weight, out=np.full(N_CLASSES, np.nan), where=weight > 0.0), weight


def report(name: str, measured: Floats, weight: Floats, model: Floats) -> None:
    """Print the groups' and the heaviest classes' measured and model shares for one player."""
    names = hand_classes()
    print(f"\n{name}: group, weight (combos over the flops), measured share, model share, measured / model")
    for group in HAND_GROUPS:
        members = [i for i in range(N_CLASSES) if hand_group(names[i]) == group and weight[i] > 0.0]
        w = weight[members]
        if not w.sum() > 0.0:
            print(f"  {group:18s} {0.0:9.1f}  (none in the range)")
            continue
        got, want = float(w @ measured[members] / w.sum()), float(w @ model[members] / w.sum())
        print(f"  {group:18s} {w.sum():9.1f} {got:7.3f} {want:7.3f} {got / want:6.2f}")
    print(f"{name}: the classes of most weight, measured share / model share")
    order = np.argsort(-weight)[:40]
    print("  " + ", ".join(f"{names[i]} {measured[i]:.2f}/{model[i]:.2f}" for i in order))


def main(argv: Sequence[str] | None = None) -> int:
    """Solve the flops and print the shares; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flops", type=int, default=24, help="flops drawn at random (default 24)")
    parser.add_argument("--iterations", type=int, default=30, help="Discounted CFR iterations a flop (default 30)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the flops drawn (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="processes solving flops side by side (default 1)")
    parser.add_argument(
        "--min-weight", type=float, default=0.01, help="combos reached less often are left out (default 0.01)"
    )
    parser.add_argument(
        "--model", choices=list(PREFLOP_MODELS), default="linear", help="the agent's preflop_model (default linear)"
    )
    args = parser.parse_args(argv)
    if args.flops < 1 or args.iterations < 1 or args.workers < 1:
        parser.error("--flops, --iterations and --workers must be at least 1")
    big_blind, button, model_bb, model_button = line_ranges(GameConfig(), args.model)
    big_blind, button = (np.where(w >= args.min_weight, w, 0.0) for w in (big_blind, button))
    rng = np.random.default_rng(args.seed)
    boards = [tuple(int(c) for c in rng.choice(52, 3, replace=False)) for _ in range(args.flops)]
    jobs = [(b, (big_blind, button), args.iterations) for b in boards]
    if args.workers == 1:
        results = [flop_shares(*job) for job in jobs]
    else:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(flop_shares, *zip(*jobs, strict=True)))
    held = [np.zeros(N_COMBOS), np.zeros(N_COMBOS)]
    summed = [np.zeros(N_COMBOS), np.zeros(N_COMBOS)]
    for board, (bb, btn, exploitability) in zip(boards, results, strict=True):
        live = ~np.isin(COMBO_CARDS, board).any(axis=1)
        for p, (weights, shares) in enumerate(((big_blind, bb), (button, btn))):
            held[p] += weights * live
            summed[p] += shares * weights * live
        print(f"flop {board}: exploitability {exploitability:.2f}% of the pot", flush=True)
    for p, (name, model) in enumerate((("big blind (out of position)", model_bb), ("button", model_button))):
        measured, weight = by_class(np.divide(summed[p], held[p], out=np.zeros(N_COMBOS), where=held[p] > 0), held[p])
        report(name, measured, weight, model)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
