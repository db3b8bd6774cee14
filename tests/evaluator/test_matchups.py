"""The shipped exact preflop table of every matchup, against enumeration and the 169-class table."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from pokergym.cards import parse_cards
from pokergym.evaluator import COMBO_CARDS, combo_index, equity_hand_vs_hand, rank7
from pokergym.evaluator.equity import _enumerated
from pokergym.evaluator.matchups import (
    BOARDS_PER_MATCHUP,
    MATCHUP_TABLE_FILE,
    canonical_matchup,
    matchup_counts,
)
from pokergym.evaluator.preflop import preflop_outcome


def _random_matchups(n: int, seed: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        cards = rng.choice(52, size=4, replace=False).tolist()
        out.append(((cards[0], cards[1]), (cards[2], cards[3])))
    return out


@pytest.mark.parametrize(("hero", "villain"), [*_random_matchups(4, 0), (parse_cards("AsAh"), parse_cards("AdAc"))])
def test_the_table_equals_enumerating_every_board(hero: tuple[int, int], villain: tuple[int, int]) -> None:
    enumerated = _enumerated(hero, (), villain)  # what equity_hand_vs_hand does after the flop
    looked_up = equity_hand_vs_hand(hero, villain)
    assert enumerated.samples == looked_up.samples == BOARDS_PER_MATCHUP
    assert (looked_up.win, looked_up.tie, looked_up.equity) == (enumerated.win, enumerated.tie, enumerated.equity)
    assert looked_up.exact and looked_up.stderr == 0.0


def test_the_two_sides_of_a_matchup_add_up() -> None:
    for hero, villain in _random_matchups(200, 1):
        wins, ties = matchup_counts(hero, villain)
        back_wins, back_ties = matchup_counts(villain, hero)
        assert ties == back_ties
        assert wins + ties + back_wins == BOARDS_PER_MATCHUP


def test_permuting_the_suits_keeps_the_outcome() -> None:
    rng = np.random.default_rng(2)
    for hero, villain in _random_matchups(100, 3):
        perm = rng.permutation(4).tolist()
        moved = [(c & ~3) | perm[c & 3] for c in (*hero, *villain)]
        assert matchup_counts((moved[0], moved[1]), (moved[2], moved[3])) == matchup_counts(hero, villain)
        assert canonical_matchup(hero, villain) == canonical_matchup((moved[0], moved[1]), (moved[2], moved[3]))


@pytest.mark.parametrize("hole", ["AsAh", "7c2d", "Td9d", "5h4s"])
def test_averaged_over_every_opponent_hand_it_is_the_equity_against_a_random_hand(hole: str) -> None:
    hero = parse_cards(hole)
    wins = ties = opponents = 0
    for villain in COMBO_CARDS:
        if set(villain) & set(hero):
            continue
        w, t = matchup_counts((hero[0], hero[1]), villain)
        wins, ties, opponents = wins + w, ties + t, opponents + 1
    win, tie, _ = preflop_outcome(hole)  # the 169-class table, built by a different kernel
    assert opponents == 1225
    assert wins / (opponents * BOARDS_PER_MATCHUP) == pytest.approx(win, abs=1e-12)
    assert ties / (opponents * BOARDS_PER_MATCHUP) == pytest.approx(tie, abs=1e-12)


def test_the_shipped_file_holds_every_class_once() -> None:
    with np.load(MATCHUP_TABLE_FILE) as data:
        keys, wins, ties = data["keys"], data["wins"], data["ties"]
    assert len(keys) == len(wins) == len(ties) == 47_008
    assert np.all(np.diff(keys.astype(np.int64)) > 0)
    assert np.all(wins.astype(np.int64) + ties <= BOARDS_PER_MATCHUP)


def test_the_outcome_kernel_counts_each_class_on_one_board_as_brute_force_does() -> None:
    from pokergym.evaluator import _kernels
    from pokergym.evaluator._matchup_kernel import matchup_classes, matchup_outcomes

    signed, keys, _ = matchup_classes()
    board = parse_cards("Kh9h4c4d2s")
    wins, ties, dealt = matchup_outcomes(
        np.array([board], dtype=np.int64), np.array([3]), signed, len(keys), _kernels.kernel_tables()
    )
    live = [c for c in COMBO_CARDS if not set(c) & set(board)]
    rank = {c: rank7(*c, *board) for c in live}
    expected = np.zeros((3, len(keys)), dtype=np.int64)
    for a, b in combinations(live, 2):
        if set(a) & set(b):
            continue
        k = int(signed[combo_index(*a), combo_index(*b)])
        first, second = (a, b) if k > 0 else (b, a)
        row = abs(k) - 1
        expected[2, row] += 3
        expected[1, row] += 3 * (rank[first] == rank[second])
        expected[0, row] += 3 * (rank[first] < rank[second])
    assert np.array_equal(np.stack([wins, ties, dealt]), expected)
    assert int(dealt.sum()) == 3 * 1081 * 990 // 2


def test_a_row_holds_the_outcome_against_every_hand() -> None:
    from pokergym.evaluator.matchups import matchup_row

    for hero, _ in _random_matchups(5, 4):
        wins, ties, live = matchup_row(hero)
        assert int(live.sum()) == 1225
        for index, villain in enumerate(COMBO_CARDS):
            if live[index]:
                assert (int(wins[index]), int(ties[index])) == matchup_counts(hero, villain)
            else:
                assert set(villain) & set(hero) and wins[index] == ties[index] == 0
