import numpy as np
import pytest

from pokergym.cards import parse_cards
from pokergym.errors import CardError, PokerGymError, RangeError
from pokergym.evaluator.combos import COMBO_CARDS
from pokergym.solver import Range, class_of_combo, hand_classes
from pokergym.solver.ranges import HAND_GROUPS, hand_group


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("AA", 6),
        ("22+", 78),
        ("22-44", 18),
        ("AK", 16),
        ("AKs", 4),
        ("KTo+", 36),
        ("A2s+", 48),
        ("A2s-A5s", 16),
        ("K8o-KTo", 36),
        ("AhKh", 1),
        ("QJs:0.5", 2),
    ],
)
def test_notation_counts(text: str, count: float) -> None:
    assert Range.parse(text).count() == count


def test_plus_ranges_name_the_right_classes() -> None:
    classes = {class_of_combo(int(c)) for c in np.flatnonzero(Range.parse("KTo+,A2s+").weights)}
    assert classes == {"KTo", "KJo", "KQo"} | {f"A{r}s" for r in "23456789TJQK"}


def test_later_tokens_override_earlier_weights() -> None:
    r = Range.parse("AA,AsAh:0.25")
    assert r.weight_of("AsAh") == 0.25 and r.weight_of("AdAc") == 1.0


@pytest.mark.parametrize(
    "text",
    ["A1s", "AKx", "AAs", "AK+-", "22-AKs", "AKs-QJs", "AsAs", "", "AA,,KK", "AA:1.5", "AA:x", "AA:", "ZZ", "AKs-AQo"],
)
def test_bad_tokens_are_typed_errors_naming_them(text: str) -> None:
    with pytest.raises(PokerGymError) as caught:
        Range.parse(text)
    assert isinstance(caught.value, RangeError | CardError)


def test_bad_cards_to_remove_and_combos_to_read_are_typed_errors() -> None:
    for cards in ([-1], [52], [True]):  # -1 blocked the ace of spades
        with pytest.raises(RangeError, match=r"0\.\.51"):
            Range.parse("AA").without(cards)
    with pytest.raises(RangeError, match="two cards"):
        Range.parse("AA").weight_of("Ah")


def test_non_text_is_refused() -> None:
    with pytest.raises(RangeError, match="text"):
        Range.parse(22)  # type: ignore[arg-type]


def test_weights_are_validated() -> None:
    with pytest.raises(RangeError):
        Range(np.ones(10))
    with pytest.raises(RangeError):
        Range(np.full(1326, 2.0))
    with pytest.raises(RangeError):
        Range(np.full(1326, np.nan))


def test_card_removal_zeroes_every_combo_holding_a_board_card() -> None:
    board = parse_cards("AsKd7c")
    r = Range.full().without(board)
    for i, cards in enumerate(COMBO_CARDS):
        assert (r.weights[i] == 0.0) == bool(set(cards) & set(board))
    assert r.count() == 49 * 48 / 2


def test_hand_classes_cover_every_combo() -> None:
    names = hand_classes()
    assert len(set(names)) == 169
    assert {class_of_combo(i) for i in range(1326)} == set(names)


def test_every_class_falls_in_one_hand_group() -> None:
    groups = [hand_group(n) for n in ("77", "A5s", "T8s", "K4s", "KJo", "T9o", "ATo", "AKs", "32s", "42s", "52s")]
    assert groups == [*HAND_GROUPS, "offsuit broadways", "suited aces", *["suited connectors"] * 2, "other suited"]
    counts = {g: sum(hand_group(n) == g for n in hand_classes()) for g in HAND_GROUPS}
    assert counts == {
        "pairs": 13,
        "suited aces": 12,
        "suited connectors": 21,
        "other suited": 45,
        "offsuit broadways": 10,
        "other offsuit": 68,
    }
