"""Viable options in typical spots, and properties on random legal states."""

from __future__ import annotations

import numpy as np
import pytest
from context_helpers import actor_view, deck_for
from hypothesis import given, settings
from hypothesis import strategies as st

from pokergym.context import OptionKind, analyze
from pokergym.engine import Action, HandState, Street


def labels(actions: str, btn: str, bb: str, board: str) -> list[str]:
    return [str(o) for o in analyze(actor_view(actions, deck_for(btn, bb, board))).viable]


@pytest.mark.parametrize(
    ("actions", "btn", "bb", "board", "expected"),
    [
        # flop c-bets of the preflop raiser
        ("r250 c | k", "AsQs", "5h5d", "Kh7d2c", ["C-BET (25% pot)"]),
        ("r250 c | k", "AsQs", "5h5d", "9h7d2c", ["C-BET (65% pot)", "CHECK"]),
        ("r250 c | k", "AsQs", "5h5d", "Kh8h3h", ["C-BET (25% pot)"]),
        ("r250 c | k", "5s5d", "AcAd", "Kh8h3h", ["C-BET (25% pot)", "CHECK"]),
        ("r250 c | k", "AsQs", "5h5d", "9c4d4s", ["C-BET (25% pot)"]),
        ("r250 r900 r2400 c | k", "AsQs", "5h5d", "9h7d2c", ["C-BET (15% pot)", "CHECK"]),
        ("r250 r900 r2400 c | k", "AsAd", "5h5d", "9h7d2c", ["C-BET (15% pot)"]),
        ("r250 r900 c |", "AsQs", "5h5d", "8h7h6c", ["CHECK"]),
        ("r250 r900 c |", "AsQs", "KhKd", "Ks7d2c", ["C-BET (25% pot)"]),
        # out-of-position defender
        ("r250 c |", "AsQs", "Th9d", "8h6d3c", ["CHECK", "DONK BET (15% pot)"]),
        ("r250 c |", "AsQs", "Th9d", "Kh7d2c", ["CHECK"]),
        # facing a one-third pot c-bet out of position
        ("r250 c | k r165", "5h5d", "AsKd", "Kh7d2c", ["CALL"]),
        ("r250 c | k r165", "5h5d", "7s7h", "Kh7d2c", ["CHECK-RAISE (value, 75% pot)", "CALL"]),
        ("r250 c | k r165", "5h5d", "QhQd", "Kh7d2c", ["CALL"]),
        ("r250 c | k r165", "5h5d", "9s4d", "Kh7d2c", ["FOLD"]),
        # draws against bets
        ("r250 c | k r500", "AsQs", "5c4c", "7s6hJc", ["CALL", "SEMI-BLUFF RAISE (bluff, 75% pot)"]),
        ("r250 c | k r450", "AsQs", "8c6d", "Ts9h2d", ["FOLD", "CALL", "POLARIZE RAISE (bluff, 100% pot)"]),
        ("r250 c | k r1000", "AsQs", "8c6d", "Ts9h2d", ["FOLD"]),
        # in position checked to
        ("r250 r900 c | k", "Kc9c", "AsQs", "Kh7d2c", ["POLARIZED BET (value, 75% pot)", "CHECK"]),
        ("r250 r900 c | k", "9c8c", "AsQs", "Kh7d2c", ["SEMI-BLUFF SMALL (30% pot)", "CHECK"]),
        ("r250 r900 c | k", "9c8d", "AsQs", "Kh7d2c", ["CHECK"]),
        ("r250 r900 c | k", "KcKd", "AsQs", "Kh7d2c", ["POLARIZED BET (value, 126% pot)", "CHECK"]),
        # river: trash bluffs when checked to, value bets, thin hands check
        ("r250 c | k k | k k | k", "5s4d", "AsQs", "Kh9d7c2hJs", ["POLARIZED BET (bluff, 75% pot)", "CHECK"]),
        (
            "r250 c | k k | k k | k",
            "KsQd",
            "Th8s",
            "Kh9d7c2hJs",
            ["POLARIZED BET (value, 75% pot)", "MEDIUM BET (60% pot)", "CHECK"],
        ),
        ("r250 c | k k | k k | r100", "5s4d", "AsQs", "Kh9d7c2hJs", ["FOLD", "RAISE BLUFF (bluff, 75% pot)"]),
    ],
)
def test_options(actions: str, btn: str, bb: str, board: str, expected: list[str]) -> None:
    assert labels(actions, btn, bb, board) == expected


def test_preflop_context() -> None:
    ctx = analyze(actor_view("r250"))
    assert ctx.preflop_scenario == "bb_vs_open" and ctx.viable == () and ctx.hand is None
    assert ctx.pot_type.value == "srp" and ctx.initiative == 0 and ctx.position.value == "oop"


def test_view_of_the_waiting_seat_has_no_options() -> None:
    state = HandState.new(deck=tuple(range(9)), button=0)
    state.raise_to(250)
    state.call()
    ctx = analyze(state.view(0))
    assert ctx.viable == () and ctx.hand is not None and ctx.scenario is not None


def _random_decision(seed: int) -> HandState:
    """Play random legal actions from a seeded generator and stop at a postflop decision."""
    rng = np.random.default_rng(seed)
    while True:
        state = HandState.new(button=int(rng.integers(2)), rng=rng)
        while not state.terminal:
            legal = state.legal_actions()
            if state.street > Street.PREFLOP and (state.street == Street.RIVER or rng.random() < 0.3):
                return state
            roll = rng.random()
            if legal.can_raise and roll < 0.4:
                pot = state.pot + legal.call_amount
                to = state.bets[state.actor] + legal.call_amount + int(pot * rng.choice([0.3, 0.5, 1.0, 2.0]))
                if rng.random() < 0.05:
                    to = legal.max_raise_to
                state.apply(Action.raise_to(max(legal.min_raise_to, min(legal.max_raise_to, to))))
            elif legal.can_fold and roll > 0.97:
                state.fold()
            else:
                state.apply(Action.check() if legal.can_check else Action.call())


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_states(seed: int) -> None:
    state = _random_decision(seed)
    view = state.view(state.actor)
    ctx = analyze(view)
    assert analyze(view) == ctx  # deterministic
    assert ctx.viable
    for option in ctx.viable:
        action = option.to_action(view)
        assert state.can_apply(action), (option, action, view.legal)
        if option.kind in (OptionKind.BET, OptionKind.RAISE, OptionKind.ALL_IN) and view.legal.can_raise:
            assert view.legal.min_raise_to <= action.amount <= view.legal.max_raise_to
    other = analyze(state.view(1 - state.actor))
    assert other.viable == ()


def test_an_unknown_option_kind_is_refused() -> None:
    from pokergym.context.sizing import option_action, option_to_chips
    from pokergym.errors import ContextError

    state = HandState.new(deck=tuple(range(9)), button=0)
    state.raise_to(250)
    state.call()
    view = state.view(1)
    with pytest.raises(ContextError, match="option kind"):
        option_action(view, "jump", None)  # it was played as a check
    with pytest.raises(ContextError, match="finite"):
        option_to_chips(view, float("nan"))
