"""Labelled hand, board and budget cases, written from the reference tables."""

from __future__ import annotations

from typing import Any

import pytest

from pokergym.cards import parse_cards
from pokergym.context import PotType
from pokergym.context.board import analyze_board
from pokergym.context.budget import hand_budget, make_budget, value_tier
from pokergym.context.hand import classify_hand

P = {"limp": PotType.LIMP, "srp": PotType.SRP, "3bp": PotType.THREE_BET, "4bp": PotType.FOUR_BET}

# (hole, board, pot type, made class, draw class, other HandInfo fields)
HANDS: list[tuple[str, str, str, str, str, dict[str, Any]]] = [
    # one pair, kicker positions and pair levels
    ("AsKd", "Kh7d2c", "srp", "top_pair", "no_draw", {"kicker_position": 1, "pair_level": 0}),
    ("KsQd", "Kh7d2c", "srp", "top_pair", "no_draw", {"kicker_position": 2}),
    ("KsJd", "Kh7d2c", "srp", "top_pair", "no_draw", {"kicker_position": 3}),
    ("Ks6d", "Kh7d2c", "srp", "top_pair", "no_draw", {"kicker_position": 8}),
    ("AhAd", "Kh7d2c", "srp", "overpair", "no_draw", {"pocket_pair": True, "pair_level": 0}),
    ("AhAd", "8h8d2c", "srp", "overpair", "no_draw", {}),
    ("QhQd", "Kh7d2c", "srp", "second_pair", "no_draw", {"pair_level": 1, "kicker_position": None}),
    ("8h8d", "Kh7d2c", "srp", "second_pair", "no_draw", {"pair_level": 1}),
    ("As7s", "Kh7d2c", "srp", "second_pair", "no_draw", {"kicker_position": 1}),
    ("6h6d", "Kh7d2c", "srp", "third_pair", "no_draw", {"pair_level": 2}),
    ("As2d", "Kh7d2c", "srp", "third_pair", "no_draw", {"kicker_position": 1}),
    ("2s2d", "Kh7d4c", "srp", "fourth_fifth_pair", "no_draw", {"pair_level": 3}),
    ("3s3d", "KhJd8c6s2h", "srp", "fourth_fifth_pair", "no_draw", {"pair_level": 4}),
    ("2s2d", "KhJd8c6s4h", "srp", "weak_showdown", "no_draw", {"pair_level": 5}),
    ("9s9d", "KhKd7c", "srp", "top_pair", "no_draw", {"pair_level": 0, "pocket_pair": True}),
    ("Js9d", "KhKd9c", "srp", "top_pair", "no_draw", {"pair_level": 0, "kicker_position": 4}),
    ("QsQd", "Kh7d7c", "srp", "second_pair", "no_draw", {"pair_level": 1}),
    # high cards
    ("AsJd", "Kh7d2c", "srp", "nuts_high", "medium_overcard_draw", {"kicker_position": 3}),
    ("QsJd", "Kh7d2c", "srp", "second_high", "medium_overcard_draw", {"kicker_position": 3}),
    ("Qs9d", "Kh7d2c", "srp", "trash", "weak_overcard_draw", {}),
    ("Js9d", "Kh7d2c", "srp", "trash", "weak_overcard_draw", {}),
    ("KsQd", "9h7d2c", "srp", "second_high", "strong_overcard_draw", {"kicker_position": 2}),
    ("KsJd", "9h7d2c", "srp", "second_high", "strong_overcard_draw", {}),
    ("Ks9d", "Th7d2c", "srp", "trash", "medium_overcard_draw", {}),
    ("As3d", "Kh7d7c", "srp", "nuts_high", "no_draw", {"kicker_position": 11}),
    ("Ks3d", "Ah7d7c", "srp", "nuts_high", "no_draw", {}),
    ("Qs3d", "Kh7d7c", "srp", "second_high", "no_draw", {}),
    ("Js3d", "Kh7d7c", "srp", "weak_showdown", "no_draw", {}),
    ("9s3d", "Kh7d7c", "srp", "trash", "no_draw", {}),
    ("As4d", "Kh9d7c5s2h", "srp", "nuts_high", "no_draw", {}),
    # two pair, sets, trips, full houses, quads
    ("Ks7s", "Kh7d2c", "srp", "two_pair", "no_draw", {"two_pair_rank": 1}),
    ("Ks2s", "Kh7d2c", "srp", "two_pair", "no_draw", {"two_pair_rank": 2}),
    ("7s2s", "Kh7d2c", "srp", "two_pair", "no_draw", {"two_pair_rank": 3}),
    ("9s4s", "Kh9d4c2s", "srp", "two_pair", "no_draw", {"two_pair_rank": 4}),
    ("KsKd", "Kh7d2c", "srp", "set", "no_draw", {"set_level": "top"}),
    ("7s7h", "Kh7d2c", "srp", "set", "no_draw", {"set_level": "middle"}),
    ("2s2d", "Kh7d2c", "srp", "set", "no_draw", {"set_level": "bottom"}),
    ("Ks7s", "KhKd2c", "srp", "trips", "no_draw", {"kicker_rank": 5}),
    ("Ks2s", "KhKd2c", "srp", "nuts", "no_draw", {}),
    ("KsKc", "KhKd2c", "srp", "nuts", "no_draw", {}),
    ("9s9d", "9h4d4c", "srp", "nuts", "no_draw", {}),
    ("5h4h", "Qh7h6h", "srp", "flush", "no_draw", {"flush_rank": 7}),
    ("Ts9s", "8s7s6s", "srp", "nuts", "no_draw", {}),
    # flushes and straights
    ("AhJh", "Qh7h2h", "srp", "flush", "no_draw", {"flush_rank": 1, "flush_high_rank": 12}),
    ("9h8h", "Qh7h2h", "srp", "flush", "no_draw", {"flush_rank": 5}),
    ("Ks2c", "As9s5s2s", "srp", "flush", "no_draw", {"flush_rank": 1}),
    ("Ts9d", "8h7d6c", "srp", "straight", "no_draw", {"straight_cards": 2, "nut_straight": True}),
    ("5s4d", "8h7d6c", "srp", "straight", "no_draw", {"straight_cards": 2, "nut_straight": False}),
    ("Ts2d", "9h8d7c6s", "srp", "straight", "no_draw", {"straight_cards": 1, "nut_straight": False}),
    ("JsTd", "9h8d7c6s", "srp", "straight", "no_draw", {"straight_cards": 2, "nut_straight": True}),
    ("As2d", "5h4d3c", "srp", "straight", "no_draw", {"nut_straight": False}),
    # draws
    ("AhKh", "Qh7h2c", "srp", "nuts_high", "strong_draw", {"features": ("flush_draw", "bdsd", "overcards_2")}),
    ("6h5h", "Kh9h2c", "srp", "trash", "medium_strong_draw", {}),
    ("Jh5h", "Kh9h2c", "srp", "trash", "strong_draw", {}),
    ("5c4c", "7s6hJc", "srp", "trash", "strong_draw", {"features": ("oesd", "bdfd")}),
    ("5c4d", "7s6sJd", "srp", "trash", "medium_strong_draw", {}),
    ("Jc8c", "Ts9h6d", "srp", "trash", "medium_strong_draw", {}),
    ("8c6d", "Ts9h2d", "srp", "trash", "medium_weak_draw", {"features": ("gutshot",)}),
    ("Js2d", "Qh9d8c", "srp", "trash", "medium_weak_draw", {}),
    ("5s2d", "9h8d6c", "srp", "trash", "weak_draw", {}),
    ("Jc8d", "Ts7h2d", "srp", "trash", "medium_draw", {}),
    ("9h8h", "Th7h2c", "srp", "trash", "strong_draw", {"features": ("flush_draw", "oesd")}),
    ("As5d", "Ks9s4s", "srp", "nuts_high", "strong_draw", {}),
    ("Ks5d", "As9s4s", "srp", "nuts_high", "strong_draw", {}),
    ("Qs5d", "Ks9s4s", "srp", "trash", "medium_draw", {}),
    ("8s5d", "Ks9s4s", "srp", "trash", "medium_weak_draw", {}),
    ("3s5d", "Ks9s4s", "srp", "trash", "weak_draw", {}),
    ("Ah7h", "Kh7d2h", "srp", "second_pair", "strong_draw", {"kicker_position": 1}),
    ("Qs9s", "JsTd4s", "srp", "trash", "strong_draw", {}),
    ("AsKd", "8h7d2c", "srp", "nuts_high", "strong_overcard_draw", {}),
    ("AsQd", "8h7d2c", "srp", "nuts_high", "strong_overcard_draw", {}),
    ("KsTd", "8h7d2c", "srp", "second_high", "medium_overcard_draw", {}),
    ("Ts9d", "8h5d2c", "srp", "trash", "weak_overcard_draw", {}),
    ("AsKd", "Th9h8c", "srp", "nuts_high", "medium_overcard_draw", {}),
    ("AsKd", "8h7d2c", "3bp", "nuts_high", "strong_overcard_draw", {}),
    ("KsTd", "8h7d2c", "3bp", "second_high", "weak_overcard_draw", {}),
    ("Ts9d", "8h5d2c", "3bp", "trash", "no_draw", {}),
    ("AsKd", "8h7d2c", "4bp", "nuts_high", "no_draw", {}),
    ("AhKh", "8h7d2c", "4bp", "nuts_high", "strong_overcard_draw", {}),
    ("AhQh", "8h7d2c", "3bp", "nuts_high", "strong_overcard_draw", {}),
    ("5c4c", "7s6hJc6c", "srp", "trash", "strong_draw", {}),
    ("5c4c", "7s6hJc6c9h", "srp", "trash", "no_draw", {}),
    ("AhKh", "Qh7h2c5s9d", "srp", "nuts_high", "no_draw", {}),
    # special boards
    ("AsKd", "7c7d7h", "srp", "nuts_high", "no_draw", {"kicker_position": 1}),
    ("KsQd", "7c7d7h", "srp", "second_high", "no_draw", {"kicker_position": 2}),
    ("5s4d", "7c7d7h", "srp", "trash", "no_draw", {}),
    ("AsAd", "8h8d8c", "srp", "nuts", "no_draw", {}),
    ("3s3d", "8h8d8c", "srp", "nuts", "no_draw", {}),
    ("8s2d", "8h8d8c2c", "srp", "nuts", "no_draw", {}),
    ("As2d", "7c7d7h7s", "srp", "nuts", "no_draw", {}),
    ("Ks2d", "7c7d7h7s", "srp", "second_high", "no_draw", {}),
    ("Qs2d", "7c7d7h7s", "srp", "weak_showdown", "no_draw", {}),
    ("5s2d", "7c7d7h7s", "srp", "trash", "no_draw", {}),
    ("Qs2d", "7c7d7h7sAh", "srp", "nuts_high", "no_draw", {}),
    ("As2d", "KhKdKc7h7d", "srp", "nuts", "no_draw", {}),
    ("AsAd", "KhKdKc7h7d", "srp", "nuts", "no_draw", {}),
    ("Ks2d", "KhKdKc7h7d", "srp", "nuts", "no_draw", {}),
    ("AhQh", "KsKd7c7h", "srp", "nuts_high", "no_draw", {}),
    ("Ah7d", "KsKd7c7h", "srp", "nuts", "no_draw", {}),
    ("Kh3c", "KsKd7c7h2s", "srp", "nuts", "no_draw", {}),
    ("AhAc", "KsKd7c7h2s", "srp", "two_pair", "no_draw", {}),
    ("5h3c", "KsKd7c7h2s", "srp", "trash", "no_draw", {}),
    ("Ah2d", "KhQhJh9h3h", "srp", "flush", "no_draw", {"flush_rank": 1}),
    ("Th2d", "KhQhJh8h3h", "srp", "flush", "no_draw", {"flush_rank": 2}),
    ("2h3d", "KhQhJh9h5h", "srp", "flush", "no_draw", {"flush_rank": None}),
    ("AsKd", "QhJdTc9s8h", "srp", "straight", "no_draw", {"nut_straight": True}),
    ("Ks2d", "QhJdTc9s8h", "srp", "straight", "no_draw", {"nut_straight": False}),
    ("7s6d", "QhJdTc9s8h", "srp", "straight", "no_draw", {}),
    ("2s3d", "AhKdQcJsTh", "srp", "straight", "no_draw", {}),
]

# (hole, board, pot type, override label, attack, defense)
OVERRIDES: list[tuple[str, str, str, str, float, float]] = [
    ("AsKd", "7c7d7h", "srp", "trips_board_kicker_1", 0.5, 1.5),
    ("AsKd", "7c7d7h", "3bp", "trips_board_kicker_1", 0.0, 1.0),
    ("AsKd", "7c7d7h", "4bp", "trips_board_kicker_1", 0.0, 0.5),
    ("KsQd", "7c7d7h", "srp", "trips_board_kicker_2", 0.0, 0.8),
    ("AsAd", "8h8d8c", "srp", "trips_board_best_full_house", 99.0, 99.0),
    ("KsKd", "8h8d8c", "srp", "trips_board_full_house_over", 5.0, 6.0),
    ("3s3d", "8h8d8c", "srp", "trips_board_full_house_under", 3.0, 4.0),
    ("8s2d", "8h8d8c2c", "srp", "trips_board_quads", 99.0, 99.0),
    ("As2d", "7c7d7h7s", "srp", "quads_board_kicker_1", 99.0, 99.0),
    ("Ks2d", "7c7d7h7s", "srp", "quads_board_kicker_2", 1.5, 2.5),
    ("Qs2d", "7c7d7h7s", "srp", "quads_board_kicker_3", 0.5, 1.5),
    ("Qs2d", "7c7d7h7sAh", "srp", "quads_board_nut_chop", 0.0, 99.0),
    ("As2d", "KhKdKc7h7d", "srp", "full_house_board_plays_board", 0.0, 0.5),
    ("AsAd", "KhKdKc7h7d", "srp", "full_house_board_best", 99.0, 99.0),
    ("Ks2d", "KhKdKc7h7d", "srp", "full_house_board_quads", 99.0, 99.0),
    ("AhQh", "KsKd7c7h", "srp", "double_paired_kicker_1", 0.0, 1.5),
    ("AhQh", "KsKd7c7h", "3bp", "double_paired_kicker_1", 0.0, 1.0),
    ("QhJh", "KsKd7c7h", "srp", "double_paired_kicker_2", 0.0, 1.0),
    ("Ah7d", "KsKd7c7h", "srp", "double_paired_lower_full_house", 2.5, 3.5),
    ("Kh3c", "KsKd7c7h2s", "srp", "double_paired_best_full_house", 99.0, 99.0),
    ("AhAc", "KsKd7c7h2s", "srp", "double_paired_improved_two_pair", 1.0, 2.0),
    ("Ah2d", "KhQhJh9h3h", "srp", "flush_board_level_1", 99.0, 99.0),
    ("Th2d", "KhQhJh8h3h", "srp", "flush_board_level_2", 3.0, 4.0),
    ("8h2d", "KhQhJh7h3h", "srp", "flush_board_level_4", 1.8, 2.8),
    ("2h3d", "KhQhJh9h5h", "srp", "flush_board_plays_board", 0.0, 1.5),
    ("AsKd", "QhJdTc9s8h", "srp", "straight_board_nut_higher", 99.0, 99.0),
    ("Ks2d", "QhJdTc9s8h", "srp", "straight_board_higher", 2.5, 3.5),
    ("7s6d", "QhJdTc9s8h", "srp", "straight_board_plays_board", 0.0, 0.5),
    ("2s3d", "AhKdQcJsTh", "srp", "straight_board_nut_chop", 0.0, 99.0),
]

# (hole, board, pot type, attack, defense) before position and pressure
BUDGETS: list[tuple[str, str, str, float, float]] = [
    ("AsKd", "Kh7d2c", "srp", 3.0, 4.0),
    ("AsKd", "Kh7d2c", "limp", 3.0, 4.0),
    ("KsQd", "Kh7d2c", "srp", 2.8, 3.8),
    ("KsJd", "Kh7d2c", "3bp", 2.2, 3.2),
    ("Ks6d", "Kh7d2c", "4bp", 1.6, 2.6),
    ("AhAd", "Kh7d2c", "srp", 3.5, 4.5),
    ("KsKd", "Qh7d2c", "3bp", 3.2, 4.3),
    ("JsJd", "Th7d2c", "4bp", 2.4, 3.4),
    ("AhAd", "Ks9s4s", "srp", 2.4, 3.4),  # flush possible on the flop -1.1
    ("AhAd", "Ks9s4s2s", "srp", 0.0, 0.6),  # one-card flush: attack 0, defense at most 0.6
    ("AsKd", "Kh7d7c", "srp", 2.5, 3.5),  # paired board -0.5
    ("QhQd", "Kh7d2c", "srp", 1.8, 2.8),
    ("QhQd", "Kh7d2c", "3bp", 1.3, 2.5),
    ("Js7s", "Kh7d2c", "3bp", 1.2, 2.0),
    ("As7s", "Kh7d2c", "3bp", 1.5, 2.3),
    ("6h6d", "Kh7d2c", "srp", 1.2, 2.2),
    ("6h6d", "Kh7d2c", "3bp", 0.0, 0.6),
    ("As2d", "Kh7d2c", "3bp", 1.5, 1.5),
    ("2s2d", "Kh7d4c", "srp", 0.8, 1.8),
    ("AsQd", "Kh9d6c3s2h", "srp", 0.0, 0.85),  # kicker 2nd: 0.95, one straight holding on the river -0.1
    ("AsQd", "Kh9d6c3s3h", "srp", 0.0, 1.28),  # paired board x1.35
    ("AsQd", "Kh9d6c3s2h", "3bp", 0.0, 0.56),
    ("KsQd", "Jh9d6c3s2h", "srp", 0.0, 0.38),  # 0.475, one straight holding -0.1
    ("KsQd", "Jh9d8c7s2h", "srp", 0.0, 0.0),  # a one-card straight (any ten) wipes high-card defense
    ("AsKd", "Qh7d2c", "srp", 1.0, 1.3),  # strong overcard draw: floor 1.0, combo +0.3
    ("AsKd", "Qh7d2c", "limp", 1.0, 1.5),
    ("AsKd", "Qh7d7c", "srp", 1.0, 1.8),  # paired board: high-card tier 1.5 + 0.3
    ("KsQd", "9h7d2c", "srp", 1.0, 1.0),  # second high 0.48 + 0.3 < the draw's own 1.0
    ("KsKd", "Kh7d2c", "srp", 99.0, 99.0),  # set on a clean board
    ("8s8d", "Th9d8c", "srp", 4.0, 5.0),  # set, three straight holdings
    ("8s8d", "Ts9s8c", "srp", 4.0, 5.0),  # set with three straight holdings
    ("8s8d", "Th9h8h", "srp", 2.9, 3.9),  # set on a three-flush with three straight holdings
    ("Ks7s", "Kh7d2c", "srp", 5.0, 6.5),
    ("7s2s", "Kh7d2c", "srp", 4.5, 5.7),
    ("Ts9d", "8h7d6c", "srp", 99.0, 99.0),
    ("5s4d", "8h7d6c", "srp", 5.5, 6.5),
    ("AhJh", "Qh7h2h", "srp", 99.0, 99.0),
    ("ThJh", "Qh7h2h", "srp", 5.0, 6.0),
    ("5h4h", "Qh7h6h", "srp", 4.0, 5.0),
    ("Kh2c", "Ah9h5h2h", "srp", 99.0, 99.0),
    ("Qh2c", "Ah9h5h2d3h", "srp", 4.0, 5.0),
    ("Ks7s", "KhKd2c", "srp", 4.21, 5.5),
    ("5c4c", "7s6hJc", "srp", 5.0, 2.5),
    ("Ah7h", "Kh7d2h", "srp", 5.0, 4.3),  # second pair + strong draw: combo defense 2.8 + 1.5
    ("9s3d", "Kh7d7c", "srp", 0.5, 0.0),
]


@pytest.mark.parametrize(
    ("hole", "board", "pot", "made", "draw", "fields"), HANDS, ids=[f"{h}-{b}-{p}" for h, b, p, *_ in HANDS]
)
def test_hand_class(hole: str, board: str, pot: str, made: str, draw: str, fields: dict[str, Any]) -> None:
    hand = classify_hand(parse_cards(hole), parse_cards(board), P[pot])
    assert (hand.made.value, hand.draw.value) == (made, draw)
    for name, value in fields.items():
        assert getattr(hand, name) == value, name


@pytest.mark.parametrize(
    ("hole", "board", "pot", "label", "attack", "defense"), OVERRIDES, ids=[o[3] + "-" + o[2] for o in OVERRIDES]
)
def test_board_override(hole: str, board: str, pot: str, label: str, attack: float, defense: float) -> None:
    hand = classify_hand(parse_cards(hole), parse_cards(board), P[pot])
    assert hand.override is not None
    assert (hand.override.label, hand.override.attack, hand.override.defense) == (label, attack, defense)


@pytest.mark.parametrize(
    ("hole", "board", "pot", "attack", "defense"), BUDGETS, ids=[f"{h}-{b}-{p}" for h, b, p, *_ in BUDGETS]
)
def test_hand_budget(hole: str, board: str, pot: str, attack: float, defense: float) -> None:
    cards = parse_cards(board)
    hand = classify_hand(parse_cards(hole), cards, P[pot])
    _, _, att, dfn, _ = hand_budget(hand, analyze_board(cards), P[pot])
    assert (att, dfn) == (pytest.approx(attack), pytest.approx(defense))


def test_position_and_river_reraise_modifiers() -> None:
    cards = parse_cards("Kh7d2c")
    hand = classify_hand(parse_cards("AsKd"), cards)
    board = analyze_board(cards)
    ip = make_budget(hand, board, PotType.SRP, oop=False, spr=8, facing_raise=False, weighted_total=0, facing_weight=0)
    oop = make_budget(hand, board, PotType.SRP, oop=True, spr=8, facing_raise=False, weighted_total=0, facing_weight=0)
    short = make_budget(
        hand, board, PotType.SRP, oop=True, spr=0.4, facing_raise=False, weighted_total=0, facing_weight=0
    )
    assert (ip.defense, oop.defense, short.defense) == (4.0, 3.7, 4.0)
    river_cards = parse_cards("Kh7d2c4sJh")
    river_hand = classify_hand(parse_cards("AsKd"), river_cards)
    river_board = analyze_board(river_cards)
    raised = make_budget(
        river_hand, river_board, PotType.SRP, oop=False, spr=3, facing_raise=True, weighted_total=2.0, facing_weight=1.0
    )
    assert raised.defense == pytest.approx(3.7) and raised.defense_remaining == pytest.approx(2.7)
    assert raised.attack_remaining == pytest.approx(1.0)
    assert "facing a river raise -0.3" in raised.modifiers


@pytest.mark.parametrize(
    ("weighted", "pot", "tier"),
    [
        (0.0, "srp", 1),
        (0.45, "srp", 1),
        (0.6, "srp", 2),
        (1.4, "srp", 2),
        (1.6, "srp", 3),
        (0.0, "3bp", 2),
        (0.0, "4bp", 2),
        (1.0, "4bp", 3),
        (0.0, "limp", 1),
        (3.0, "srp", 4),
        (5.0, "srp", 5),
        (9.0, "4bp", 5),
    ],
)
def test_value_tier(weighted: float, pot: str, tier: int) -> None:
    assert value_tier(weighted, P[pot]) == tier
