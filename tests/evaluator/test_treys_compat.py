"""Card conversion to and from treys."""

from __future__ import annotations

import pytest
import treys

from pokergym.cards import CARD_STRINGS
from pokergym.errors import CardError
from pokergym.evaluator import evaluate, from_treys, from_treys_list, to_treys, to_treys_list


def test_conversion_matches_treys_card_new() -> None:
    for code, name in enumerate(CARD_STRINGS):
        assert to_treys(code) == treys.Card.new(name)
        assert from_treys(treys.Card.new(name)) == code
    assert from_treys_list(to_treys_list(range(52))) == list(range(52))


def test_ranks_match_treys_through_the_conversion() -> None:
    hole, board = [51, 47], [43, 39, 35, 0, 5]
    assert treys.Evaluator().evaluate(to_treys_list(hole), to_treys_list(board)) == evaluate(hole + board) == 1


@pytest.mark.parametrize("bad", [-1, 52])
def test_to_treys_rejects_bad_codes(bad: int) -> None:
    with pytest.raises(CardError):
        to_treys(bad)


@pytest.mark.parametrize("bad", [0, 1, treys.Card.new("As") + 1, 2**40])
def test_from_treys_rejects_non_cards(bad: int) -> None:
    with pytest.raises(CardError):
        from_treys(bad)
