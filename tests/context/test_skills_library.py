"""The skill library: every file is reachable from a label and every label has its file."""

from __future__ import annotations

import numpy as np
import pytest

from pokergym.context import DrawClass, MadeClass, Position, PotType, Scenario
from pokergym.context.board import analyze_board
from pokergym.context.hand import classify_hand
from pokergym.context.preflop import PreflopScenario
from pokergym.context.record import BoardOverride, HandInfo
from pokergym.context.skills import (
    BOARD_LABELS,
    SPECIAL_BOARDS,
    board_fragments,
    fragment,
    fragment_names,
    hand_fragments,
    label_index,
    line_fragment,
    position_fragment,
    scenario_description,
)
from pokergym.engine import Street
from pokergym.errors import ContextError


def test_no_orphan_files() -> None:
    assert set(label_index().values()) == set(fragment_names())


def test_every_label_points_to_an_existing_file() -> None:
    names = set(fragment_names())
    for name in label_index().values():
        assert name in names


@pytest.mark.parametrize(
    ("kind", "labels"),
    [
        ("made", [m.value for m in MadeClass]),
        ("draw", [d.value for d in DrawClass if d != DrawClass.NO_DRAW]),
        ("pot", [p.value for p in PotType]),
        ("scenario", [s.value for s in Scenario]),
        ("preflop", [s.value for s in PreflopScenario]),
        ("special", list(SPECIAL_BOARDS)),
        ("position", ["ip_checked_to", "ip_facing", "oop_first", "oop_facing"]),
        ("layer", ["system", "principles", "blockers"]),
        ("note", ["low_spr", "slow_play"]),
    ],
)
def test_every_label_kind_is_covered(kind: str, labels: list[str]) -> None:
    index = label_index()
    for label in labels:
        assert f"{kind}:{label}" in index, f"{kind}:{label}"


def test_every_board_label_is_covered() -> None:
    index = label_index()
    for street, labels in BOARD_LABELS.items():
        for label in labels:
            assert f"board:{street.name.lower()}:{label}" in index


def test_layers_follow_the_file_prefix() -> None:
    for name in fragment_names():
        frag = fragment(name)
        assert frag.layer == name[:2].upper()
        assert frag.layer in {"P1", "P2", "P3", "P4", "P5"}
        assert frag.text.strip() == frag.text and len(frag.text) > 40


def test_fragments_are_plain_ascii() -> None:
    for name in fragment_names():
        text = fragment(name).text
        assert text.isascii(), name
        assert all(ch.isprintable() or ch == "\n" for ch in text), name


def test_fragment_texts_are_distinct() -> None:
    texts = [fragment(n).text for n in fragment_names()]
    assert len(set(texts)) == len(texts)


def test_every_scenario_has_one_description_in_its_family_file() -> None:
    descriptions = {s: scenario_description(s) for s in Scenario}
    assert len(set(descriptions.values())) == len(Scenario)
    for scenario in Scenario:
        assert line_fragment(scenario).endswith(scenario.value[:-1].lower().replace("-", "_"))
        assert scenario.value not in fragment(line_fragment(scenario)).text


def test_random_boards_only_produce_known_labels() -> None:
    rng = np.random.default_rng(11)
    seen: set[tuple[Street, str]] = set()
    for _ in range(4000):
        n = int(rng.integers(3, 6))
        board = tuple(int(c) for c in rng.choice(52, size=n, replace=False))
        info = analyze_board(board)
        for label in info.labels:
            assert label in BOARD_LABELS[info.street], (board, label)
            seen.add((info.street, label))
        for name in board_fragments(info):
            fragment(name)
    assert len(seen) >= 25


def test_special_board_overrides_map_to_a_fragment() -> None:
    rng = np.random.default_rng(5)
    few_ranks = [r * 4 + s for r in (12, 11, 5) for s in range(4)]  # trips, quads, two pairs, full houses
    one_suit = [r * 4 for r in range(13)] + [1, 6, 11]  # flush boards
    run = [r * 4 + s for r in range(4, 9) for s in range(4)]  # straight boards
    prefixes: set[str] = set()
    for pool in (few_ranks, one_suit, run):
        for _ in range(400):
            cards = [int(c) for c in rng.choice(pool, size=7, replace=False)]
            hand = classify_hand((cards[0], cards[1]), tuple(cards[2:]))
            if hand.override is not None:
                (name,) = hand_fragments(hand)
                fragment(name)
                prefixes.add(name.removeprefix("p4_special_"))
    assert prefixes == set(SPECIAL_BOARDS)


def test_hand_fragments_rules() -> None:
    assert hand_fragments(HandInfo(MadeClass.TOP_PAIR, DrawClass.NO_DRAW)) == ("p4_hand_top_pair",)
    assert hand_fragments(HandInfo(MadeClass.SECOND_PAIR, DrawClass.MEDIUM_DRAW)) == (
        "p4_hand_second_pair",
        "p4_draw_medium_draw",
    )
    assert hand_fragments(HandInfo(MadeClass.TRASH, DrawClass.NO_DRAW)) == ("p4_hand_trash",)
    assert hand_fragments(HandInfo(MadeClass.TRASH, DrawClass.WEAK_DRAW)) == ("p4_draw_weak_draw",)
    special = HandInfo(MadeClass.NUTS_HIGH, DrawClass.NO_DRAW, override=BoardOverride("quads_board_kicker_2", 1, 2))
    assert hand_fragments(special) == ("p4_special_quads_board",)
    with pytest.raises(ContextError):
        hand_fragments(HandInfo(MadeClass.TRASH, DrawClass.NO_DRAW, override=BoardOverride("mystery", 0, 0)))


def test_monotone_flop_skips_the_wet_entry() -> None:
    from pokergym.cards import parse_cards

    info = analyze_board(parse_cards("Kh8h3h"))
    assert info.labels == ("wet", "monotone")
    assert board_fragments(info) == ("p4_board_flop_monotone",)


def test_position_fragments() -> None:
    assert position_fragment(Position.IP, facing=True) == "p4_position_ip_facing"
    assert position_fragment(Position.IP, facing=False) == "p4_position_ip_checked_to"
    assert position_fragment(Position.OOP, facing=True) == "p4_position_oop_facing"


def test_unknown_names_raise() -> None:
    with pytest.raises(ContextError):
        fragment("p9_nothing")
