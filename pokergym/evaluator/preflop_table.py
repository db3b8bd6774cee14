"""Generate ``data/preflop_equity_169.json``: each class's equity against a random hand.

Exact (the default, about 15 s on one core after numba's first compile)::

    python -m pokergym.evaluator.preflop_table

enumerates every 5-card board -- one per class of boards equal up to a suit
permutation, weighted by the class size -- and on each board ranks all 1081
hole-card pairs once and counts, per pair, the opponent pairs that avoid its
cards and beat or tie it. That covers all C(50, 5) * C(45, 2) deals of every
hand. Monte Carlo instead::

    python -m pokergym.evaluator.preflop_table --samples 200000 --seed 1

deals ``N`` random (opponent hand, board) pairs per class from the seeded
generator. ``--out PATH`` writes elsewhere than the shipped file.
"""

from __future__ import annotations

import argparse
import json
import time
from math import comb
from pathlib import Path
from typing import Any

import numpy as np

from pokergym.evaluator.preflop import CLASS_NAMES_169, PREFLOP_TABLE_FILE, class_index_169, combos_in_class

__all__ = ["exact_table", "main", "sampled_table"]

_SHOWDOWNS_PER_HAND = comb(50, 5) * comb(45, 2)


def exact_table() -> dict[str, Any]:
    """Exact win and tie probabilities of every class (see the module docstring)."""
    from pokergym.evaluator import _kernels

    class_of = np.zeros((52, 52), dtype=np.int64)
    for a in range(52):
        for b in range(52):
            if a != b:
                class_of[a, b] = class_index_169([a, b])
    boards, mult = _kernels.canonical_boards()
    wins, ties = _kernels.preflop_class_outcomes(boards, mult, class_of, _kernels.kernel_tables())
    classes = {}
    for i, name in enumerate(CLASS_NAMES_169):
        total = combos_in_class(i) * _SHOWDOWNS_PER_HAND
        win, tie = int(wins[i]) / total, int(ties[i]) / total
        classes[name] = {"equity": win + tie / 2, "win": win, "tie": tie}
    return {"method": "exact", "showdowns_per_hand": _SHOWDOWNS_PER_HAND, "classes": classes}


def sampled_table(samples: int, seed: int) -> dict[str, Any]:
    """Monte Carlo estimates, ``samples`` deals per class from ``numpy.random.default_rng(seed)``."""
    from pokergym.evaluator.equity import equity_vs_random

    rng = np.random.default_rng(seed)
    classes = {}
    for i, name in enumerate(CLASS_NAMES_169):
        row, col = divmod(i, 13)
        hi, lo = 12 - min(row, col), 12 - max(row, col)
        hole = [hi * 4 + 3, lo * 4 + (3 if col > row else 2)]  # a suited class shares the suit
        result = equity_vs_random(hole, samples=samples, rng=rng)
        classes[name] = {"equity": result.equity, "win": result.win, "tie": result.tie, "stderr": result.stderr}
    return {"method": "monte-carlo", "seed": seed, "showdowns_per_hand": samples, "classes": classes}


def main(argv: list[str] | None = None) -> None:
    """Command line entry point (see the module docstring)."""
    parser = argparse.ArgumentParser(description="Generate the 169-class preflop equity table.")
    parser.add_argument("--samples", type=int, default=None, help="Monte Carlo deals per class (default: exact)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the Monte Carlo generator")
    parser.add_argument("--out", type=Path, default=PREFLOP_TABLE_FILE, help="output JSON file")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    table = exact_table() if args.samples is None else sampled_table(args.samples, args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({table['method']}) in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
