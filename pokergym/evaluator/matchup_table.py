"""Generate ``data/preflop_matchups.npz``: every hand's exact preflop outcome against every other hand.

About eight minutes of one core after numba's first compile::

    python -m pokergym.evaluator.matchup_table

The 878,475 matchups of two disjoint hands fall in 47,008 classes equal up to
a permutation of the suits (:func:`~pokergym.evaluator._matchup_kernel.matchup_classes`).
Every 5-card board is walked once -- one per class of boards equal up to a
suit permutation, weighted by the class size -- and on it every two disjoint
hands off the board are compared; the counts are summed per matchup class
and divided by the class's size. Each class's counts are then checked: its
matchups were dealt exactly ``C(48, 5) = 1,712,304`` boards each, and its
wins and ties divide evenly among them (isomorphic matchups have equal
outcomes). In a symmetric class (a suit permutation swaps the two hands,
``AsAh`` against ``AdAc``) "first" is not defined, so its wins are not
counted but derived: equity one half, half of the boards not tied.
``--out PATH`` writes elsewhere than the shipped file.

The file holds three ``uint32`` arrays of one row per class: ``keys``
(``first * 1326 + second``, the class's smallest image as combo indices,
ascending), ``wins`` and ``ties`` (boards of the 1,712,304 on which ``first``
beats or ties ``second``). :mod:`pokergym.evaluator.matchups` reads it.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pokergym.evaluator.matchups import BOARDS_PER_MATCHUP, MATCHUP_TABLE_FILE

__all__ = ["build_table", "main", "outcomes_per_matchup"]


def build_table() -> dict[str, npt.NDArray[np.uint32]]:
    """The arrays of the file (see the module docstring).

    Raises:
        RuntimeError: if a class's counts fail the checks (see :func:`outcomes_per_matchup`).
    """
    from pokergym.evaluator import _kernels, _matchup_kernel

    signed, keys, symmetric = _matchup_kernel.matchup_classes()
    upper = np.triu(signed, 1)
    members = np.bincount(np.abs(upper[upper != 0]) - 1, minlength=len(keys))
    boards, mult = _kernels.canonical_boards()
    wins, ties, dealt = _matchup_kernel.matchup_outcomes(boards, mult, signed, len(keys), _kernels.kernel_tables())
    return outcomes_per_matchup(keys, symmetric, members, wins, ties, dealt)


def outcomes_per_matchup(
    keys: npt.NDArray[np.int64],
    symmetric: npt.NDArray[np.bool_],
    members: npt.NDArray[np.int64],
    wins: npt.NDArray[np.int64],
    ties: npt.NDArray[np.int64],
    dealt: npt.NDArray[np.int64],
) -> dict[str, npt.NDArray[np.uint32]]:
    """The file's arrays from the counts summed per class (see the module docstring).

    A symmetric class (a suit permutation swaps its two hands) has no first
    hand to count wins for; it wins half the boards it does not tie.

    Raises:
        RuntimeError: if a class's counts fail the checks (a defect of the kernels, never of the input).
    """
    if not np.array_equal(dealt, members * BOARDS_PER_MATCHUP):
        raise RuntimeError("a matchup class was not dealt 1,712,304 boards per matchup")
    if np.any(ties % members) or np.any((BOARDS_PER_MATCHUP * members - ties)[symmetric] % (2 * members[symmetric])):
        raise RuntimeError("the ties of a matchup class do not divide evenly among its matchups")
    per_tie = ties // members
    per_win = np.where(symmetric, (BOARDS_PER_MATCHUP - per_tie) // 2, wins // members)
    if np.any((wins % members)[~symmetric]):
        raise RuntimeError("the wins of a matchup class do not divide evenly among its matchups")
    return {"keys": keys.astype(np.uint32), "wins": per_win.astype(np.uint32), "ties": per_tie.astype(np.uint32)}


def main(argv: list[str] | None = None) -> None:
    """Command line entry point (see the module docstring)."""
    parser = argparse.ArgumentParser(description="Generate the exact preflop table of every matchup.")
    parser.add_argument("--out", type=Path, default=MATCHUP_TABLE_FILE, help="output .npz file")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    table = build_table()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, keys=table["keys"], wins=table["wins"], ties=table["ties"])
    print(f"wrote {args.out} ({len(table['keys'])} matchup classes) in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
