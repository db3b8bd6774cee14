"""The preflop table generator: shipped data regenerate bit for bit, and the equity kernel is exact.

The full regeneration (about 35 s of one core for the exact equity matrix)
runs only with ``POKERGYM_SLOW=1``; the default suite rebuilds the range
tables from the shipped matrix, checks the matrix against the evaluator's
exact equities versus a random hand, and checks the kernel against brute
force on a few boards.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

import numpy as np
import pytest

from pokergym.cards import parse_cards
from pokergym.context.preflop import RANGES_FILE
from pokergym.evaluator import CLASS_NAMES_169, combo_array, combos_in_class, evaluate_batch, preflop_equity
from pokergym.evaluator._kernels import kernel_tables
from tools import build_preflop as bp
from tools._preflop_kernel import class_showdowns

DATA = bp.DATA_DIR


@pytest.fixture(scope="module")
def equity() -> list[list[float]]:
    return bp.load_equity()


@pytest.fixture(scope="module")
def counts() -> list[list[int]]:
    return bp.pair_counts()


def test_ranges_regenerate_bit_for_bit(equity: list[list[float]], counts: list[list[int]]) -> None:
    shipped = (DATA / RANGES_FILE).read_text(encoding="utf-8")
    assert bp.ranges_json(bp.build_tables(equity, counts)) == shipped


def test_tables_reach_their_totals(equity: list[list[float]], counts: list[list[int]]) -> None:
    tables = bp.build_tables(equity, counts)
    for spec in bp.SPECS:
        raised, called = tables[spec.name]
        for column, target in ((raised, spec.raise_total), (called, spec.call_total)):
            total = sum(combos_in_class(i) * v for i, v in enumerate(column)) / 1326 / bp.FREQ_SCALE
            assert total == pytest.approx(target, abs=5e-4), spec.name


def test_tables_are_a_fixed_point(equity: list[list[float]], counts: list[list[int]]) -> None:
    tables = bp.build_tables(equity, counts)
    assert bp._one_pass(equity, counts, tables) == tables


def test_pair_counts(counts: list[list[int]]) -> None:
    assert all(counts[i][j] == counts[j][i] for i in range(169) for j in range(169))
    for i in range(169):  # every hand has C(50, 2) disjoint hands
        assert sum(counts[i]) == combos_in_class(i) * math.comb(50, 2)


def test_equity_matrix_agrees_with_the_exact_equity_vs_a_random_hand(
    equity: list[list[float]], counts: list[list[int]]
) -> None:
    for i, name in enumerate(CLASS_NAMES_169):
        mixed = sum(c * e for c, e in zip(counts[i], equity[i], strict=True)) / sum(counts[i])
        assert mixed == pytest.approx(preflop_equity(name), abs=1e-4)
        assert equity[i][i] == 0.5
        for j in range(169):
            assert equity[i][j] + equity[j][i] == pytest.approx(1.0, abs=1.01e-4)
    aces, kings = CLASS_NAMES_169.index("AA"), CLASS_NAMES_169.index("KK")
    assert equity[aces][kings] == pytest.approx(0.8195, abs=1e-4)


@pytest.mark.parametrize("board", ["2c7d9hJsQd", "AsAhAdKsKh", "9s8s7s6s2s", "5c5d5h5sTc"])
def test_kernel_matches_brute_force(board: str) -> None:
    cards = np.array(parse_cards(board), dtype=np.int64)
    combos = combo_array()
    classes = bp.combo_classes()
    losses, ties = class_showdowns(cards[None, :], np.array([3]), combos, classes, kernel_tables())
    board_mask = sum(1 << int(c) for c in cards)
    masks = (np.int64(1) << combos[:, 0]) | (np.int64(1) << combos[:, 1])
    live = (masks & board_mask) == 0
    ranks = evaluate_batch(np.hstack([combos[live], np.repeat(cards[None, :], int(live.sum()), axis=0)]))
    disjoint = (masks[live][:, None] & masks[live][None, :]) == 0
    onehot = np.zeros((int(live.sum()), 169))  # float matrices: exact for these small counts, and fast
    onehot[np.arange(int(live.sum())), classes[live]] = 1.0
    lose = (disjoint & (ranks[None, :] < ranks[:, None])).astype(np.float64)
    tie = (disjoint & (ranks[None, :] == ranks[:, None])).astype(np.float64)
    assert np.array_equal(losses, 3 * (onehot.T @ lose @ onehot))
    assert np.array_equal(ties, 3 * (onehot.T @ tie @ onehot))


@pytest.mark.skipif(not os.environ.get("POKERGYM_SLOW"), reason="about a minute; set POKERGYM_SLOW=1")
def test_full_regeneration_is_bit_for_bit(tmp_path: Path) -> None:
    assert bp.main(["--out", str(tmp_path)]) == 0
    for name in (bp.EQUITY_FILE, RANGES_FILE):
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes(), name
