"""Garbage into the engine's entry points gets a typed ``PokerGymError``, never a builtin error.

Entry points: ``Action(...)``, ``HandState.apply`` (and ``can_apply``), and the
hand history loaders ``HandHistory.from_json`` / ``from_dict``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokergym.cards import parse_cards
from pokergym.engine import Action, ActionKind, HandState
from pokergym.engine.history import HandHistory
from pokergym.errors import HistoryError, IllegalActionError, PokerGymError

FUZZ = settings(max_examples=300, deadline=None, database=None)
DECK = parse_cards("AsAh KsKh 2c7d9h Js Qd")

# JSON values and the Python values a caller might pass by mistake.
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=10)
    | st.binary(max_size=6)
    | st.sampled_from(list(ActionKind))
    | st.sampled_from(["fold", "check", "call", "bet", "raise", "preflop", "flop", "AsKd"])
)
GARBAGE = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=5)
        | st.tuples(children, children)
        | st.dictionaries(st.text(max_size=6), children, max_size=4)
        | st.frozensets(st.integers(), max_size=3)
    ),
    max_leaves=15,
)


def fresh_hand() -> HandState:
    return HandState.new(deck=DECK, button=0)


def nested(depth: int, leaf: str = "1") -> str:
    """JSON text of ``depth`` nested arrays around ``leaf``."""
    return "[" * depth + leaf + "]" * depth


# ------------------------------------------------------------------ Action
@pytest.mark.parametrize("kind", [[1], {"kind": 1}, "fold", None, 1.0, True, 6, -1, {1, 2}])
def test_an_action_kind_must_be_an_action_kind(kind: object) -> None:
    with pytest.raises(IllegalActionError, match=r"an action kind is one of ActionKind\.FOLD"):
        Action(kind)  # type: ignore[arg-type]


def test_integer_kinds_become_action_kinds() -> None:
    assert Action(4, 300) == Action.raise_to(300)  # type: ignore[arg-type]
    assert str(Action(2)) == "call"  # type: ignore[arg-type]


@FUZZ
@given(kind=GARBAGE | st.sampled_from(list(ActionKind)), amount=GARBAGE)
def test_action_construction_and_apply_raise_only_typed_errors(kind: object, amount: object) -> None:
    hand = fresh_hand()
    try:
        action = Action(kind, amount)  # type: ignore[arg-type]
        str(action)
        hand.can_apply(action)
        hand.apply(action)
    except PokerGymError:
        pass


# ------------------------------------------------------------------- apply
@pytest.mark.parametrize("action", [300, "fold", None, ActionKind.CALL, (ActionKind.RAISE, 300), {"kind": "call"}])
def test_apply_takes_only_actions(action: object) -> None:
    hand = fresh_hand()
    with pytest.raises(IllegalActionError, match=r"expected an Action such as Action\.call\(\)"):
        hand.apply(action)  # type: ignore[arg-type]
    assert not hand.can_apply(action)  # type: ignore[arg-type]
    assert hand.history == [] and hand.actor == 0  # untouched


@FUZZ
@given(action=GARBAGE, seat=GARBAGE | st.integers(-1, 2))
def test_apply_raises_only_typed_errors(action: object, seat: object) -> None:
    hand = fresh_hand()
    with pytest.raises(PokerGymError):
        hand.apply(action, seat)  # type: ignore[arg-type]
    assert hand.history == []


# ----------------------------------------------------------------- history
def folded_history() -> dict[str, Any]:
    hand = fresh_hand()
    hand.fold()
    return HandHistory.from_state(hand).to_dict()


@pytest.mark.parametrize(
    "text",
    [nested(5000), '{"a":' * 5000 + "1" + "}" * 5000, nested(100_000)],
    ids=["arrays-5000", "objects-5000", "arrays-100000"],
)
def test_deeply_nested_json_is_a_history_error(text: str) -> None:
    with pytest.raises(HistoryError, match="nested too deeply"):
        HandHistory.from_json(text)


def test_nesting_the_parser_accepts_is_a_history_error() -> None:
    # Depths the parser reads must not overflow the stack later, in an error message.
    text = json.dumps({**folded_history(), "config": "DEEP"})
    for depth in (200, 500, 900, 990):
        with pytest.raises(HistoryError):
            HandHistory.from_json(text.replace('"DEEP"', nested(depth)))


@pytest.mark.parametrize("text", [None, 5, 1.5, ["{}"], {"format_version": 1}, b"\xff\xfe", "nan", ""])
def test_from_json_wants_json_text(text: object) -> None:
    with pytest.raises(HistoryError, match="a hand history"):
        HandHistory.from_json(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("field", ["kind", "street"])
@pytest.mark.parametrize("value", [["fold"], {"kind": "fold"}, 1, None])
def test_a_record_kind_or_street_of_the_wrong_type_is_a_history_error(field: str, value: object) -> None:
    hand = fresh_hand()
    hand.fold()
    data = HandHistory.from_state(hand).to_dict()
    data["actions"][0][field] = value
    with pytest.raises(HistoryError, match=rf"actions\[0\]\.{field} must be one of"):
        HandHistory.from_dict(data)


@FUZZ
@given(data=GARBAGE)
def test_from_dict_and_from_json_raise_only_typed_errors(data: object) -> None:
    with pytest.raises(PokerGymError):
        HandHistory.from_dict(data)  # type: ignore[arg-type]
    try:
        text = json.dumps(data)
    except (TypeError, ValueError):
        return
    with pytest.raises(PokerGymError):
        HandHistory.from_json(text)


@FUZZ
@given(
    field=st.sampled_from(sorted(folded_history())),
    record_field=st.sampled_from(sorted(folded_history()["actions"][0])),
    in_record=st.booleans(),
    value=GARBAGE,
)
def test_one_garbage_field_in_a_real_history_is_a_history_error(
    field: str, record_field: str, in_record: bool, value: object
) -> None:
    data = folded_history()
    if in_record:
        data["actions"][0][record_field] = value
    else:
        data[field] = value
    try:
        HandHistory.from_dict(data)  # some values are valid: a hand_id, a seed, an empty extra
    except PokerGymError as error:
        assert isinstance(error, HistoryError)
