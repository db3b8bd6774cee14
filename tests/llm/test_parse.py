from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baselines.llm_skill import ANSWER_TOOL, MalformedReplyError, conservative_action, find_answer, parse_reply
from pokergym.cards import parse_cards
from pokergym.engine import HandState
from pokergym.engine.actions import Action, ActionKind
from pokergym.engine.state import LegalActions
from pokergym.engine.view import PlayerView


def flop_state() -> HandState:
    """Button raises to 2.75 BB, big blind 3-bets to 9, button calls: the big blind acts first on the flop."""
    s = HandState.new(deck=parse_cards("Ah9d5c4c7s6hJc6c9h"), button=0)
    s.raise_to(275)
    s.raise_to(900)
    s.call()
    return s


def facing_bet() -> PlayerView:
    s = flop_state()
    s.raise_to(900)  # big blind bets 9 BB into 18
    return s.view(0)


def free_view() -> PlayerView:
    return flop_state().view(1)


def facing_all_in() -> PlayerView:
    s = HandState.new(deck=tuple(range(9)), button=0)
    s.raise_to(s.legal_actions().max_raise_to)
    return s.view(1)


def is_legal(action: Action, legal: LegalActions) -> bool:
    if action.kind in (ActionKind.BET, ActionKind.RAISE):
        return legal.can_raise and legal.min_raise_to <= action.amount <= legal.max_raise_to
    return {
        ActionKind.FOLD: legal.can_fold,
        ActionKind.CHECK: legal.can_check,
        ActionKind.CALL: legal.can_call,
    }.get(action.kind, False)


def test_tool_arguments_amount_in_big_blinds() -> None:
    d = parse_reply(None, '{"action": "bet", "amount": 6, "reasoning": "semi-bluff"}', free_view())
    assert d.action == Action.raise_to(600)
    assert (d.source, d.outcome, d.reasoning, d.amount_bb) == ("tool", "valid", "semi-bluff", 6.0)


def test_tool_arguments_win_over_text() -> None:
    d = parse_reply('{"action": "fold"}', '{"action": "call"}', facing_bet())
    assert (d.action, d.source) == (Action.call(), "tool")


def test_last_json_object_with_action_wins() -> None:
    text = 'First {"action": "fold"} then {"note": 1}.\n```json\n{"action": "call", "reasoning": "odds"}\n```\nok'
    d = parse_reply(text, None, facing_bet())
    assert (d.action, d.source, d.requested) == (Action.call(), "json", "call")
    assert find_answer('{"outer": {"action": "check"}}') == {"action": "check"}


def test_name_normalisation() -> None:
    view = facing_bet()
    legal = view.legal
    assert legal is not None
    for name in ("ALL_IN", "all-in", "Shove", "jam"):
        assert parse_reply(f'{{"action": "{name}"}}', None, view).action == Action.raise_to(legal.max_raise_to)
    for name in ("Raise To", "bet_to", "RAISE"):
        assert parse_reply(f'{{"action": "{name}", "amount": 27}}', None, view).action == Action.raise_to(2700)
    assert parse_reply('{"action": " Call "}', None, view).action == Action.call()


def test_illegal_actions_map_to_nearest_legal() -> None:
    cases = [
        (facing_bet(), "check", Action.call(), "check->call"),
        (free_view(), "call", Action.check(), "call->check"),
        (free_view(), "fold", Action.check(), "fold->check"),
        (facing_all_in(), "raise", Action.call(), "raise->call"),
        (facing_all_in(), "allin", Action.call(), "allin->call"),
    ]
    for view, name, expected, repair in cases:
        d = parse_reply(f'{{"action": "{name}", "amount": 10}}', None, view)
        assert d.action == expected, name
        assert d.repairs == (repair,)
        assert d.outcome == "repaired"


def test_amount_repairs() -> None:
    view = free_view()  # pot 18 BB, stacks 191 BB
    legal = view.legal
    assert legal is not None
    missing = parse_reply('{"action": "bet"}', None, view)
    assert (missing.action, missing.repairs) == (Action.raise_to(legal.min_raise_to), ("amount_missing",))
    low = parse_reply('{"action": "bet", "amount": 0.2}', None, view)
    assert (low.action, low.repairs) == (Action.raise_to(legal.min_raise_to), ("amount_clamped",))
    big = parse_reply('{"action": "bet", "amount": 100}', None, view)
    assert (big.action, big.repairs) == (Action.raise_to(3600), ("capped_2x_pot",))
    says_all_in = parse_reply('{"action": "bet", "amount": 100, "reasoning": "basically all-in"}', None, view)
    assert (says_all_in.action, says_all_in.repairs) == (Action.raise_to(5400), ("capped_3x_pot",))
    stack = parse_reply('{"action": "bet", "amount": 500}', None, view)
    assert (stack.action, stack.repairs) == (Action.raise_to(legal.max_raise_to), ("amount_clamped",))
    text_amount = parse_reply('{"action": "bet", "amount": "12 BB"}', None, view)
    assert text_amount.action == Action.raise_to(1200)


def test_regex_fallback() -> None:
    view = facing_bet()
    d = parse_reply('{"action": "raise", "amount": 30', None, view)  # broken JSON
    assert (d.source, d.action) == ("regex", Action.raise_to(view.legal.min_raise_to if view.legal else 0))
    d = parse_reply("I won't fold here. I raise to 30 BB.", None, view)
    assert (d.source, d.action) == ("regex", Action.raise_to(3000))
    d = parse_reply("Tough spot, but I call.", None, view)
    assert (d.source, d.action) == ("regex", Action.call())
    d = parse_reply("Going all in!", None, view)
    assert d.action.amount == (view.legal.max_raise_to if view.legal else 0)


def test_all_in_words_are_whole_words() -> None:
    view = free_view()
    for text in ("I check; overall in this spot my range is capped", "check, I am not a pajama player"):
        assert parse_reply(text, None, view).action == Action.check()
    for text in ("All-in.", "I shove", "jam it", "going allin"):
        assert parse_reply(text, None, view).action.amount == (view.legal.max_raise_to if view.legal else 0)


def test_nothing_parses_falls_back_conservatively() -> None:
    for view, expected in ((facing_bet(), Action.call()), (free_view(), Action.check())):
        for content in (None, "", "?!", '{"action": 7}'):
            d = parse_reply(content, "not json", view)
            assert (d.action, d.source, d.fallback, d.outcome) == (expected, "fallback", True, "fallback")
        assert view.legal is not None
        assert conservative_action(view.legal) == expected


def test_json_nested_too_deeply_is_skipped() -> None:
    deep = "[" * 5000 + "]" * 5000
    d = parse_reply(f'{{"action": "fold", "x": {deep}}} so I call', None, facing_bet())
    assert (d.action, d.source) == (Action.call(), "regex")
    assert parse_reply('{"a":' * 5000, None, free_view()).fallback


def test_schema_names_the_three_fields() -> None:
    assert ANSWER_TOOL["function"]["parameters"]["required"] == ["action", "amount", "reasoning"]


HUGE = "1" + "0" * 400


@pytest.mark.parametrize(
    "amount",
    [
        '"1e400"',
        "1e400",
        "NaN",
        "-Infinity",
        "Infinity",
        "-5",
        '"-5 BB"',
        '"inf"',
        pytest.param(HUGE, id="huge_integer"),
        pytest.param(f'"{HUGE}"', id="huge_integer_string"),
    ],
)
@pytest.mark.parametrize("source", ["tool", "json"])
def test_unusable_bet_amounts_are_invalid_replies(amount: str, source: str) -> None:
    answer = f'{{"action": "raise", "amount": {amount}, "reasoning": "value"}}'
    tool, text = (answer, None) if source == "tool" else (None, f"My answer: {answer}")
    for view in (facing_bet(), free_view(), facing_all_in()):
        with pytest.raises(MalformedReplyError, match="amount"):
            parse_reply(text, tool, view)


def test_unusable_amount_in_free_text_is_an_invalid_reply() -> None:
    with pytest.raises(MalformedReplyError, match="amount"):
        parse_reply("I raise to 1e400 BB.", None, facing_bet())
    assert parse_reply("I raise to 3e1 BB.", None, facing_bet()).action == Action.raise_to(3000)


def test_amount_of_an_action_that_takes_none_is_ignored_when_unusable() -> None:
    d = parse_reply('{"action": "call", "amount": NaN}', None, facing_bet())
    assert (d.action, d.amount_bb, d.outcome) == (Action.call(), None, "valid")
    d = parse_reply('{"action": "call", "amount": 9}', None, facing_bet())
    assert (d.action, d.amount_bb) == (Action.call(), 9.0)


def test_large_finite_amount_is_clamped_to_the_stack() -> None:
    view = free_view()
    assert view.legal is not None
    for amount in ("1e300", "1.7e308", '"12345678901234567890"'):
        d = parse_reply(f'{{"action": "bet", "amount": {amount}}}', None, view)
        assert (d.action, d.repairs) == (Action.raise_to(view.legal.max_raise_to), ("amount_clamped",))


@settings(max_examples=150, deadline=None)
@given(
    text=st.text(max_size=80)
    | st.builds(
        lambda a, n: f'{{"action": "{a}", "amount": {json.dumps(n)}}}',
        st.sampled_from(["fold", "check", "call", "bet", "raise", "all-in", "hmm"]),
        st.floats(min_value=-10, max_value=1e6) | st.sampled_from([math.nan, math.inf, -math.inf, 1e300]),
    ),
    which=st.integers(0, 2),
)
def test_any_reply_becomes_a_legal_action_or_an_invalid_bet_size(text: str, which: int) -> None:
    view = (facing_bet, free_view, facing_all_in)[which]()
    assert view.legal is not None
    answer = find_answer(text)
    try:
        action = parse_reply(text, None, view).action
    except MalformedReplyError:
        assert answer is not None and answer["action"] in ("bet", "raise")
        assert not (math.isfinite(answer["amount"]) and answer["amount"] >= 0)
        return
    assert is_legal(action, view.legal)
