"""Would valuing four showdowns of one river board at once pay? A prototype kernel timed against the solver's.

The solver values each showdown terminal on its own (``_cfr_kernel._showdown_into``): two running
sums over the opponent's reach, then per hand of the traverser three packed words decoded into the
positions of eleven look-ups. A river subtree has several showdown terminals on the same board (check
down, bet and call, raise and call, ...), whose opponent reaches the walk could fix in a forward pass
before any value is needed. This script times the prototype of that batch: the four terminals' reaches
interleaved hand by hand (``reach[4 * h + k]``), the two running sums taken for all four in one pass, each
hand's positions decoded once and read for the four terminals from one cache line.

It checks that the batch gives the shipped kernel's values (to 1e-9 of the largest), then times both in
turn over ``--rounds`` rounds on the river spot of ``bench_solver.py`` (445 and 534 combos) and prints the
CPU per showdown and the ratio. What the ratio is worth to an iteration: the showdowns' share of the flop
spot's samples (``profile_solver.py``: ``_showdown_into`` and ``_running_sum``) times ``1 - 1 / ratio``,
less the forward pass the walk would need to fix the reaches first.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/showdown_batch.py [--rounds 4] [--reps 3000]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numba
import numpy as np
from bench_solver import SPOTS

from pokergym.solver import _cfr_kernel as kernel
from pokergym.solver.solve import prepare

BATCH = 4
"""Showdowns valued together: four doubles fill one 256-bit vector."""
POT = 1000.0
AMOUNTS = np.array([0.0, 750.0, 2625.0, 9000.0])
"""What each player put in on the river at the four terminals: check down, bet, raise, all-in."""


@numba.njit(boundscheck=False)
def _running_sums(reach: Any, order: Any, count: int, out: Any) -> None:
    """``out[4 * (k + 1) + j] = out[4 * k + j] + reach[4 * order[k] + j]``: ``BATCH`` (4) running sums."""
    a0 = a1 = a2 = a3 = 0.0
    out[0:4] = 0.0
    for k in range(count):
        at = 4 * order[k]
        a0 += reach[at]
        a1 += reach[at + 1]
        a2 += reach[at + 2]
        a3 += reach[at + 3]
        to = 4 * (k + 1)
        out[to], out[to + 1], out[to + 2], out[to + 3] = a0, a1, a2, a3


@numba.njit(boundscheck=False)
def batched(reach: Any, stakes: Any, counts: Any, ranked: Any, sums: Any, out: Any, reps: int) -> None:
    """Values of player 0's hands at four showdowns on board 0 of ``ranked``, ``reps`` times.

    ``reach``: the opponent's four reaches interleaved (padded, as the walk's); ``stakes``: each terminal's
    amount plus half the pot; ``sums``: two scratch rows for the running sums; ``out[4 * h + k]``: hand
    ``h``'s value at terminal ``k``.
    """
    n, m = counts
    by_rank, by_card = sums[0], sums[1]
    packed = ranked[2][0, 0]
    field, s16, s32, s48 = np.uint64(0xFFFF), np.uint64(16), np.uint64(32), np.uint64(48)
    half, whole = 0.5 * POT, BATCH * m
    for _ in range(reps):
        _running_sums(reach, ranked[0][0, 1], m, by_rank)
        _running_sums(reach, ranked[1][0, 1], 2 * m, by_card)
        for h in range(n):
            x, y, z = packed[0][h], packed[1][h], packed[2][h]
            low1, low2, twin_at = BATCH * ((y >> s32) & field), BATCH * (y >> s48), BATCH * ((z >> s32) & field)
            card1, card2 = BATCH * (z & field), BATCH * ((z >> s16) & field)
            win0, win1, win2 = BATCH * (x & field), BATCH * ((x >> s32) & field), BATCH * (y & field)
            tie0, tie1, tie2 = BATCH * ((x >> s16) & field), BATCH * (x >> s48), BATCH * ((y >> s16) & field)
            for k in range(BATCH):
                below = by_card[low1 + k] + by_card[low2 + k]
                twin = reach[twin_at + k]
                compatible = by_rank[whole + k] - by_card[card1 + k] - by_card[card2 + k] + below + twin
                win = by_rank[win0 + k] - by_card[win1 + k] - by_card[win2 + k] + below
                not_stronger = by_rank[tie0 + k] - by_card[tie1 + k] - by_card[tie2 + k] + below + twin
                out[BATCH * h + k] = stakes[k] * (win - (compatible - not_stronger)) + half * compatible


@numba.njit
def one_by_one(reach: Any, counts: Any, ranked: Any, work: Any, out: Any, reps: int) -> None:
    """The shipped kernel on the same four showdowns, ``reps`` times (``reach`` and ``out``: a row a terminal)."""
    for _ in range(reps):
        for k in range(BATCH):
            kernel._showdown_into(0, 0, POT, AMOUNTS[k], reach[k], counts, ranked, work, out[k], 0.0, work[2])


def main(argv: list[str] | None = None) -> None:
    """Check the prototype against the shipped kernel, then time both in turn."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4, help="rounds of timing, the two kernels in turn")
    parser.add_argument("--reps", type=int, default=3000, help="batches of four showdowns a round")
    args = parser.parse_args(argv)
    prepared = prepare(next(iter(SPOTS.values())))
    hands, ranked = prepared.hands_args, prepared.boards_args[2:5]
    n, m = int(hands[2][0]), int(hands[2][1])
    counts, n_max = (n, m), hands[0].shape[1]
    rows = np.zeros((BATCH, n_max + 1))
    rows[:, :m] = np.random.default_rng(0).random((BATCH, m))
    interleaved = np.ascontiguousarray(rows.T).ravel()
    stakes, sums = AMOUNTS + 0.5 * POT, np.zeros((2, BATCH * (2 * n_max + 1)))
    work, shipped, batch = kernel._workspace(hands), np.zeros((BATCH, n)), np.zeros(BATCH * n)
    one_by_one(rows, counts, ranked, work, shipped, 1)
    batched(interleaved, stakes, counts, ranked, sums, batch, 1)
    gap = float(np.max(np.abs(batch.reshape(n, BATCH).T - shipped)))
    scale = float(np.max(np.abs(shipped)))
    if not gap <= 1e-9 * scale:
        raise SystemExit(f"the batch differs from the shipped kernel by {gap} (largest value {scale})")
    print(f"river spot, {n} by {m} combos: the batch equals the shipped values (largest gap {gap:.1e} of {scale:.3g})")
    us_a_showdown = 1e6 / (args.reps * BATCH)  # CPU seconds of a round to microseconds a showdown
    for round_ in range(args.rounds):
        start = time.process_time()
        one_by_one(rows, counts, ranked, work, shipped, args.reps)
        alone = time.process_time() - start
        start = time.process_time()
        batched(interleaved, stakes, counts, ranked, sums, batch, args.reps)
        together = time.process_time() - start
        print(
            f"round {round_ + 1}: one by one {alone * us_a_showdown:.2f} us a showdown, "
            f"four at once {together * us_a_showdown:.2f} us: {alone / together:.2f}x"
        )


if __name__ == "__main__":
    main()
