"""``pokergym.cards``: what ``parse_cards`` accepts, and a typed error for everything else."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokergym.cards import CARD_STRINGS, format_card, parse_card, parse_cards, validate_cards
from pokergym.errors import CardError, PokerGymError

FUZZ = settings(max_examples=400, deadline=None, database=None)


def test_strings_lists_tuples_and_arrays_of_names_or_codes_are_read() -> None:
    assert parse_cards("As Kd,2c") == (51, 45, 0)
    assert parse_cards(["As", "kd"]) == parse_cards(("As", 45)) == (51, 45)
    assert parse_cards(np.array([51, 45], np.uint8)) == parse_cards(np.array(["As", "Kd"])) == (51, 45)
    assert parse_cards([np.int64(0), 51]) == (0, 51)
    assert parse_cards("") == parse_cards([]) == ()


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (None, "got NoneType"),
        (5, "got int"),
        (2.0, "got float"),
        (b"\x00\x01", "got bytes"),
        (bytearray(b"As"), "got bytearray"),
        ({0, 1}, "got set"),
        (frozenset({0}), "got frozenset"),
        ({0: 1}, "got dict"),
        ((code for code in (0, 1)), "got generator"),
        (iter([0, 1]), "got list_iterator"),
        (np.array([[0, 1]]), "a 2-dimensional array"),
    ],
)
def test_other_containers_are_refused(cards: object, expected: str) -> None:
    # Bytes read as codes 0 and 1, a set or a dict has no card order, an iterator is used up
    # by the error message: only a string or an ordered sequence names cards unambiguously.
    with pytest.raises(CardError, match="a string such as 'AsKd' or a list, tuple or array") as caught:
        parse_cards(cards)  # type: ignore[arg-type]
    assert expected in str(caught.value)


@pytest.mark.parametrize("item", [None, 1.5, 3.0, True, b"As", [0], {"As": 1}, np.float64(2.0)])
def test_items_must_be_card_names_or_codes(item: object) -> None:
    with pytest.raises(CardError, match=r"use a string like 'As' or a code 0\.\.51"):
        parse_cards([0, item])  # type: ignore[list-item]


@pytest.mark.parametrize("text", ["10h", "10hAs", "As 10h", "Ks10c"])
def test_a_ten_written_10_hints_at_t(text: str) -> None:
    with pytest.raises(CardError, match="write a ten as 'T'"):
        parse_cards(text)
    with pytest.raises(CardError, match="write a ten as 'T'"):
        parse_cards([text])


def test_parse_card_refuses_what_is_not_a_card_name() -> None:
    assert parse_card("Th") == CARD_STRINGS.index("Th")
    with pytest.raises(CardError, match="write a ten as 'T'"):
        parse_card("10h")
    with pytest.raises(CardError, match="expected a rank from"):
        parse_card(None)  # type: ignore[arg-type]


# Anything a caller might pass by mistake: scalars, text, bytes, containers, iterators, nesting.
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.binary(max_size=12)
    | st.sampled_from(CARD_STRINGS)
    | st.integers(-3, 55)
)
GARBAGE = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=6)
        | st.tuples(children, children)
        | st.dictionaries(st.text(max_size=3), children, max_size=3)
        | st.frozensets(st.integers(-3, 55), max_size=4)
        | st.lists(children, max_size=4).map(iter)
    ),
    max_leaves=12,
)


@FUZZ
@given(cards=GARBAGE)
def test_parse_cards_raises_only_card_errors(cards: object) -> None:
    try:
        codes = parse_cards(cards)  # type: ignore[arg-type]
    except PokerGymError as error:
        assert isinstance(error, CardError)
        return
    assert all(type(code) is int and 0 <= code < 52 for code in codes)
    assert len(set(codes)) == len(codes)


@pytest.mark.parametrize("bad", ["As", 1.0, 1.5, True, None])
def test_card_codes_that_are_not_integers_are_card_errors(bad: object) -> None:
    with pytest.raises(CardError, match=r"integer 0\.\.51"):
        format_card(bad)  # type: ignore[arg-type]
    with pytest.raises(CardError, match=r"integer 0\.\.51"):
        validate_cards([bad])  # type: ignore[list-item]
