"""The texture kernels agree with analyze_board, classify_hand and made_hand, field by field.

:mod:`pokergym.context._texture_kernel` writes a board and a hand as integer
and float rows; :func:`board_info` and :func:`hand_info` decode them back
into the records, which must equal the Python ones in every field, value
and type (the override budgets compared with ``==``). The hands come from
uniform deals, from the generators of ``test_hand_kernel`` (few ranks, two
suits, narrow rank bands) and from deals built around the special boards
(quads, full house, trips, two pairs, four and five of a suit, five ranks in
a row, a pair), with hole cards drawn towards the board's ranks and suit.
Coverage is asserted: every made class, draw class, draw feature, override
label, board label and encoded value of the board row was reached.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import pytest
from board_reference import analyze_board as reference_analyze_board
from hand_reference import full_house_is_best as reference_full_house_is_best
from special_board_reference import classify_hand, made_hand
from test_context_memos import few_rank_hands, random_hands
from test_hand_kernel import narrow_rank_hands, two_suit_hands

from pokergym.cards import parse_cards
from pokergym.context import DrawClass, MadeClass, PotType
from pokergym.context._hand_kernel import _add_rank, _best_full_house, _full_house_is_best
from pokergym.context._texture_kernel import (
    B_LABELS,
    B_ONE_CARD_STRAIGHT,
    BOARD_FIELDS,
    BOARD_NAMES,
    FEATURE_LABELS,
    H_HAS_OVERRIDE,
    H_NUT_STRAIGHT,
    H_OVERRIDE_ATTACK,
    H_OVERRIDE_DEFENSE,
    H_OVERRIDE_LABEL,
    H_SET_LEVEL,
    HAND_FIELDS,
    OVERRIDE_LABELS,
    board_facts,
    board_info,
    hand_facts,
    hand_info,
    pack_board,
    texture_tables,
)
from pokergym.context.board import analyze_board
from pokergym.context.hand import classify_hand as decoded_classify_hand
from pokergym.context.record import BoardInfo, HandInfo
from pokergym.context.vector import _BOARD_NAMES

Hand = tuple[tuple[int, int], tuple[int, ...], PotType]

TABLES = texture_tables()
POTS = list(PotType)


def _shuffled(rng: np.random.Generator, cards: list[int]) -> tuple[int, ...]:
    return tuple(cards[int(i)] for i in rng.permutation(len(cards)))


def _special_board(rng: np.random.Generator, kind: str) -> tuple[int, ...]:
    """A board of the given kind, dealt in a random order (the last card sets the change labels)."""
    ranks = [int(r) for r in rng.permutation(13)]
    suits = [int(s) for s in rng.permutation(4)]
    if kind == "quads":
        cards = [ranks[0] * 4 + s for s in range(4)] + [ranks[1] * 4 + suits[0]] * int(rng.integers(2))
    elif kind == "full_house":
        cards = [ranks[0] * 4 + s for s in suits[:3]] + [ranks[1] * 4 + s for s in suits[:2]]
    elif kind == "trips":
        cards = [ranks[0] * 4 + s for s in suits[:3]]
        cards += [r * 4 + int(rng.integers(4)) for r in ranks[1 : 1 + int(rng.integers(3))]]
    elif kind == "double_paired":
        cards = [ranks[0] * 4 + s for s in suits[:2]] + [ranks[1] * 4 + s for s in suits[2:]]
        cards += [ranks[2] * 4 + int(rng.integers(4))] * int(rng.integers(2))
    elif kind == "paired":
        cards = [ranks[0] * 4 + s for s in suits[:2]]
        cards += [r * 4 + int(rng.integers(4)) for r in ranks[1 : 2 + int(rng.integers(3))]]
    elif kind in ("flush", "four_flush"):
        size = 5 if kind == "flush" else 4
        cards = [r * 4 + suits[0] for r in ranks[:size]]
        if kind == "four_flush" and rng.integers(2):
            cards.append(ranks[size] * 4 + suits[1])
    else:  # five ranks in a row, the wheel included
        top = int(rng.integers(3, 13))
        cards = [(12 if r < 0 else r) * 4 + int(rng.integers(4)) for r in range(top - 4, top + 1)]
    return _shuffled(rng, cards)


_KINDS = ("quads", "full_house", "trips", "double_paired", "paired", "flush", "four_flush", "straight")


def special_hands(n: int, seed: int) -> list[Hand]:
    """Hands on special boards; hole cards favour the board's ranks, their neighbours and its main suit."""
    rng = np.random.default_rng(seed)
    hands = []
    for i in range(n):
        board = _special_board(rng, _KINDS[i % len(_KINDS)])
        ranks = {c >> 2 for c in board}
        near = ranks | {r + d for r in ranks for d in (-2, -1, 1, 2)} | ({12} if 0 in ranks or 1 in ranks else set())
        suit = np.bincount([c & 3 for c in board], minlength=4).argmax()
        pool = [c for c in range(52) if c not in board]
        weight = np.array([1.0 + 3.0 * (c >> 2 in near) + 3.0 * (c & 3 == suit) for c in pool])
        picks = rng.choice(len(pool), size=2, replace=False, p=weight / weight.sum())
        hole = (pool[int(picks[0])], pool[int(picks[1])])
        hands.append((hole, board, POTS[int(rng.integers(len(POTS)))]))
    return hands


# hand-picked cards for branches the generators rarely reach
EDGE_CASES: list[tuple[str, str]] = [
    ("AsKd", "7c7d7h"),
    ("KsQd", "Kh7d2c"),
    ("5c4c", "7s6hJc"),
    ("AsJd", "Kh7d2c"),
    ("QhQd", "Kh7d2c"),
    ("AhKh", "Qh7h2c"),
    ("3h5d", "2h8h9hJhKh"),  # eighth nut flush level
    ("3h4d", "2h8h9hJhKh"),
    ("Qs2d", "AcAdAhAsKc"),  # the board's kicker is the nut kicker: chop
    ("Qs2d", "AcAdAhAsJc"),
    ("Ks2d", "AcAdAhAs"),
    ("Qs2d", "AcAdAhAs"),
    ("Js2d", "AcAdAhAs"),
    ("Ts2d", "AcAdAhAs"),
    ("AsAd", "7c7d7h2c2d"),
    ("8s8d", "7c7d7h2c2d"),
    ("7s8d", "7c7d7h2c2d"),
    ("3s3d", "9c9d9hKc5d"),
    ("KsKd", "9c9d9hKc5d"),
    ("9s2d", "KcKdQhQc5d"),
    ("AsAd", "KcKdQhQc5d"),
    ("Ts9d", "KcKdQhQcJd"),
    ("6s5s", "4c3d2h6d5c"),
    ("AsKd", "Ac2d3h4c5d"),
    ("9s8s", "Tc9d8h7c6d"),
    ("Js8s", "Tc9d8h7c6c"),
    ("2s3s", "AcKdQhJcTd"),
    ("2s3s", "AcKcQhJcTd"),
    ("AhKd", "Jh9h4h"),
    ("Ah2d", "Jh9h4hTh"),
]


def edge_hands() -> list[Hand]:
    return [(parse_cards(hole), parse_cards(board), pot) for hole, board in EDGE_CASES for pot in POTS]


def _fields(record: NamedTuple) -> list[tuple[str, object, type]]:
    return [(name, value, type(value)) for name, value in zip(record._fields, record, strict=True)]


class Outcome(NamedTuple):
    hand: Hand
    board_row: np.ndarray
    classify_row: np.ndarray
    made_row: np.ndarray
    board: BoardInfo
    classify: HandInfo
    made: HandInfo


def _run(hand: Hand) -> Outcome:
    hole, board, pot_type = hand
    cards = pack_board(board)
    row = np.empty(BOARD_FIELDS, dtype=np.int64)
    board_facts(cards, len(board), row)
    pot = POTS.index(pot_type)
    classify_row = np.empty(HAND_FIELDS)
    made_row = np.empty(HAND_FIELDS)
    # hole cards as dealt: the kernel sorts them as the context engine does
    hand_facts(hole[0], hole[1], cards, len(board), pot, True, row, TABLES, classify_row)
    hand_facts(hole[0], hole[1], cards, len(board), pot, False, row, TABLES, made_row)
    return Outcome(hand, row, classify_row, made_row, board_info(row), hand_info(classify_row), hand_info(made_row))


GENERATORS: dict[str, Any] = {
    "random": lambda: random_hands(6000, 10),
    "few_ranks": lambda: few_rank_hands(5000, 11),
    "two_suits": lambda: two_suit_hands(4000, 12),
    "narrow_ranks": lambda: narrow_rank_hands(4000, 13),
    "special": lambda: special_hands(16000, 14),
    "edge": edge_hands,
}


@pytest.fixture(scope="module")
def outcomes() -> dict[str, list[Outcome]]:
    return {name: [_run(hand) for hand in make()] for name, make in GENERATORS.items()}


@pytest.mark.parametrize("name", GENERATORS)
def test_board_facts_match_analyze_board(outcomes: dict[str, list[Outcome]], name: str) -> None:
    for o in outcomes[name]:
        expected = reference_analyze_board.__wrapped__(o.hand[1])
        assert _fields(o.board) == _fields(expected._replace(descriptors=())), o.hand
        assert _fields(analyze_board(o.hand[1])) == _fields(expected), o.hand


@pytest.mark.parametrize("name", GENERATORS)
def test_hand_facts_match_classify_hand(outcomes: dict[str, list[Outcome]], name: str) -> None:
    for o in outcomes[name]:
        hole, board, pot_type = o.hand
        expected = classify_hand.__wrapped__(tuple(sorted(hole)), board, pot_type)
        assert _fields(o.classify) == _fields(expected), o.hand
        assert _fields(decoded_classify_hand.__wrapped__(tuple(sorted(hole)), board, pot_type)) == _fields(expected)


@pytest.mark.parametrize("name", GENERATORS)
def test_hand_facts_without_draw_match_made_hand(outcomes: dict[str, list[Outcome]], name: str) -> None:
    for o in outcomes[name]:
        hole, board, pot_type = o.hand
        expected = made_hand(tuple(sorted(hole)), board, analyze_board(board), pot_type)
        assert _fields(o.made) == _fields(expected), o.hand


def test_override_budgets_are_exact_and_absent_budgets_are_nan(outcomes: dict[str, list[Outcome]]) -> None:
    for runs in outcomes.values():
        for o in runs:
            for row, info in ((o.classify_row, o.classify), (o.made_row, o.made)):
                if info.override is None:
                    assert row[H_HAS_OVERRIDE] == 0 and row[H_OVERRIDE_LABEL] == -1
                    assert np.isnan(row[H_OVERRIDE_ATTACK]) and np.isnan(row[H_OVERRIDE_DEFENSE])
                else:
                    assert row[H_HAS_OVERRIDE] == 1
                    assert (row[H_OVERRIDE_ATTACK], row[H_OVERRIDE_DEFENSE]) == info.override[1:]


def test_every_class_label_and_code_is_reached(outcomes: dict[str, list[Outcome]]) -> None:
    made, draws, features, overrides, labels = set(), set(), set(), set(), set()
    one_card, nut_straight, set_level, shifted = set(), set(), set(), set()
    for runs in outcomes.values():
        for o in runs:
            made.update((o.classify.made, o.made.made))
            draws.add(o.classify.draw)
            features.update(o.classify.features)
            labels.update(o.board.labels)
            one_card.add(int(o.board_row[B_ONE_CARD_STRAIGHT]))
            nut_straight.update((int(o.classify_row[H_NUT_STRAIGHT]), int(o.made_row[H_NUT_STRAIGHT])))
            set_level.add(int(o.classify_row[H_SET_LEVEL]))
            if o.made.override is not None:
                overrides.add(o.made.override.label)
                if "_kicker_" in o.made.override.label:
                    shifted.add((o.made.override.label, o.hand[2]))
    assert made == set(MadeClass)
    assert draws == set(DrawClass)
    assert features == set(FEATURE_LABELS)
    assert overrides == set(OVERRIDE_LABELS)
    assert labels == set(BOARD_NAMES)
    assert one_card == {0, 1, 2} and nut_straight == {-1, 0, 1} and set_level == {-1, 0, 1, 2}
    assert {(label, pot) for label in OVERRIDE_LABELS if "_kicker_" in label for pot in POTS} <= shifted


def test_every_board_label_bit_is_a_board_name() -> None:
    assert BOARD_NAMES == _BOARD_NAMES and len(BOARD_NAMES) == 19
    row = np.empty(BOARD_FIELDS, dtype=np.int64)
    board_facts(pack_board(parse_cards("9h8h7h6hTh")), 5, row)
    assert int(row[B_LABELS]) < 1 << len(BOARD_NAMES)
    assert board_info(row).labels == analyze_board(parse_cards("9h8h7h6hTh")).labels
    assert board_info(row).labels == ("very_wet", "scare_wet", "one_card_straight_oe", "board_straight", "board_flush")


def _count_masks(ranks: list[int]) -> tuple[int, int, int, int]:
    masks = (0, 0, 0, 0)
    for r in ranks:
        masks = _add_rank(*masks, r)
    return masks


def test_full_house_check_on_masks_matches_the_count_loop() -> None:
    """The bit-mask full-house check answers as the plain Python loop of the reference, on random few-rank deals."""
    answers = set()
    for hole, board, _ in few_rank_hands(3000, 15) + special_hands(3000, 16):
        board_ranks = [c >> 2 for c in board]
        hole_ranks = [c >> 2 for c in hole]
        once, twice, thrice, _ = _count_masks(board_ranks)
        _, all_twice, all_thrice, all_four = _count_masks(board_ranks + hole_ranks)
        trips, pair = _best_full_house(all_twice, all_thrice)
        if trips < 0 or all_four:
            continue
        bcounts = tuple(board_ranks.count(r) for r in range(13))
        expected = reference_full_house_is_best(bcounts, *hole_ranks, (trips, pair))
        assert _full_house_is_best(once, twice, thrice, all_thrice, all_four, trips, pair) == expected, (hole, board)
        answers.add(expected)
    assert answers == {True, False}
