"""The 169 preflop classes and the shipped equity table."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from pokergym.cards import parse_cards
from pokergym.errors import CardError, DuplicateCardError
from pokergym.evaluator import (
    CLASS_NAMES_169,
    COMBO_CARDS,
    class_index_169,
    combos_in_class,
    equity_vs_random,
    hand_class_169,
    preflop_equity,
)
from pokergym.evaluator.preflop import PREFLOP_TABLE_FILE, preflop_outcome
from pokergym.evaluator.preflop_table import main


def test_class_names_and_grid() -> None:
    assert len(set(CLASS_NAMES_169)) == 169
    assert CLASS_NAMES_169[:3] == ("AA", "AKs", "AQs")
    assert CLASS_NAMES_169[13] == "AKo" and CLASS_NAMES_169[14] == "KK" and CLASS_NAMES_169[168] == "22"
    for i, name in enumerate(CLASS_NAMES_169):
        assert class_index_169(name) == i
        assert class_index_169(name.lower()) == i


def test_every_combo_falls_in_its_class() -> None:
    counts = Counter(hand_class_169(pair) for pair in COMBO_CARDS)
    assert sum(counts.values()) == 1326
    for i, name in enumerate(CLASS_NAMES_169):
        assert counts[name] == combos_in_class(i)
    assert hand_class_169("Th9h") == "T9s" and hand_class_169(["9d", "Tc"]) == "T9o"
    assert hand_class_169((51, 50)) == "AA" and hand_class_169("2c7d") == "72o"
    assert class_index_169("7d2c") == class_index_169("72o")


@pytest.mark.parametrize("bad", ["As", "AsKsQs", "AK", "XX", "AKx", "", [0]])
def test_bad_holes_and_names_raise_card_error(bad: object) -> None:
    with pytest.raises(CardError):
        class_index_169(bad)  # type: ignore[arg-type]
    with pytest.raises(CardError):
        preflop_equity(bad)  # type: ignore[arg-type]


def test_duplicate_hole_cards() -> None:
    with pytest.raises(DuplicateCardError):
        hand_class_169("AsAs")


def test_table_is_exact_and_consistent() -> None:
    data = json.loads(PREFLOP_TABLE_FILE.read_text(encoding="utf-8"))
    assert data["method"] == "exact" and list(data["classes"]) == list(CLASS_NAMES_169)
    # Each matchup is counted once from each side, so the hand-weighted mean equity is exactly 1/2.
    mean = sum(combos_in_class(i) * preflop_equity(name) for i, name in enumerate(CLASS_NAMES_169)) / 1326
    assert mean == pytest.approx(0.5, abs=1e-12)
    assert max(CLASS_NAMES_169, key=preflop_equity) == "AA"
    assert min(CLASS_NAMES_169, key=preflop_equity) == "32o"
    win, tie, n = preflop_outcome("KK")
    assert preflop_equity("KhKs") == pytest.approx(win + tie / 2) and n == 2_097_572_400


@pytest.mark.parametrize(
    ("name", "hole", "known"), [("AA", "AsAh", 0.852), ("72o", "7c2d", 0.346), ("T9s", "Td9d", 0.541)]
)
def test_table_matches_fresh_monte_carlo(name: str, hole: str, known: float) -> None:
    mc = equity_vs_random(parse_cards(hole), samples=40_000, rng=np.random.default_rng(2024))
    assert abs(preflop_equity(name) - mc.equity) < 3 * mc.stderr
    assert preflop_equity(name) == pytest.approx(known, abs=1e-3)


def test_generator_command_monte_carlo_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "table.json"
    main(["--samples", "300", "--seed", "5", "--out", str(out)])
    assert "monte-carlo" in capsys.readouterr().out
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["method"] == "monte-carlo" and data["seed"] == 5
    assert list(data["classes"]) == list(CLASS_NAMES_169)
    for name, row in data["classes"].items():
        assert abs(row["equity"] - preflop_equity(name)) < 6 * row["stderr"] + 1e-9


def test_canonical_boards_cover_every_board_once() -> None:
    from pokergym.evaluator import _kernels

    boards, mult = _kernels.canonical_boards()
    assert len(boards) == 134_459 and int(mult.sum()) == 2_598_960


def test_class_outcome_counting_matches_river_equities() -> None:
    """The sort-and-count kernel behind the table agrees with per-hand exact river equities."""
    from pokergym.evaluator import _kernels

    boards = np.array([parse_cards("Ah Kd 7c 7s 2h"), parse_cards("9s 8s 7s 2d 2c")], dtype=np.int64)
    mult = np.array([1, 3], dtype=np.int64)
    class_of = np.zeros((52, 52), dtype=np.int64)
    for a, b in COMBO_CARDS:
        class_of[a, b] = class_of[b, a] = class_index_169([a, b])
    wins, ties = _kernels.preflop_class_outcomes(boards, mult, class_of, _kernels.kernel_tables())
    expected_wins = np.zeros(169)
    expected_ties = np.zeros(169)
    for board, weight in zip(boards.tolist(), mult.tolist(), strict=True):
        for pair in COMBO_CARDS:
            if set(pair) & set(board):
                continue
            result = equity_vs_random(pair, board)
            expected_wins[class_of[pair]] += weight * round(result.win * 990)
            expected_ties[class_of[pair]] += weight * round(result.tie * 990)
    assert wins.tolist() == expected_wins.astype(np.int64).tolist()
    assert ties.tolist() == expected_ties.astype(np.int64).tolist()
