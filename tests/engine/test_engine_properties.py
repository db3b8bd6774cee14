"""Hypothesis property tests of the rules engine.

Random blinds, stacks (from 1 chip), buttons, decks and legal action
sequences; the properties hold at every step of every hand.
"""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokergym.engine import (
    Action,
    ActionKind,
    ActionTaken,
    Event,
    EventFeed,
    GameConfig,
    HandEnd,
    HandState,
    StreetStart,
)
from pokergym.engine.actions import Street

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BOARD_COUNT = (0, 3, 4, 5)

BLINDS = st.sampled_from([(50, 100), (50, 100), (1, 2), (5, 10), (30, 100), (100, 100), (1, 100)])


@st.composite
def hands(draw: st.DrawFn) -> tuple[GameConfig, int, tuple[int, ...]]:
    """A config (any blinds, stacks from 1 chip), a button and a 9-card deck."""
    small, big = draw(BLINDS)
    stack = st.one_of(
        st.integers(1, 3 * big),
        st.integers(big, 10 * big),
        st.integers(1, 400 * big),
    )
    first = draw(stack)
    second = draw(st.one_of(st.just(first), stack))
    button = draw(st.integers(0, 1))
    deck = tuple(draw(st.lists(st.integers(0, 51), min_size=9, max_size=9, unique=True)))
    return GameConfig(small_blind=small, big_blind=big, stacks=(first, second)), button, deck


def draw_action(data: st.DataObject, state: HandState) -> Action:
    """A legal action chosen by Hypothesis: fold, check/call, or a raise at or between the bounds."""
    legal = state.legal_actions()
    options = ["passive", "passive"]
    if legal.can_fold:
        options.append("fold")
    if legal.can_raise:
        options += ["min", "max", "between", "all-in"]
    elif legal.can_call:
        options.append("all-in")
    choice = data.draw(st.sampled_from(options))
    if choice == "fold":
        return Action.fold()
    if choice == "min":
        return Action.raise_to(legal.min_raise_to)
    if choice == "max":
        return Action.raise_to(legal.max_raise_to)
    if choice == "between":
        return Action.raise_to(data.draw(st.integers(legal.min_raise_to, legal.max_raise_to)))
    if choice == "all-in":
        return Action.all_in()
    return Action.call() if legal.can_call else Action.check()


def numpy_action(rng: np.random.Generator, state: HandState) -> Action:
    """A legal action chosen by a numpy Generator (for replaying with the same seed)."""
    legal = state.legal_actions()
    u = rng.random()
    if legal.can_fold and u < 0.15:
        return Action.fold()
    if legal.can_raise and u > 0.6:
        return Action.raise_to(int(rng.integers(legal.min_raise_to, legal.max_raise_to + 1)))
    return Action.call() if legal.can_call else Action.check()


def play(data: st.DataObject, state: HandState) -> list[Action]:
    actions = []
    while not state.terminal:
        action = draw_action(data, state)
        actions.append(action)
        state.apply(action)
    return actions


def check_invariants(state: HandState) -> None:
    start = state.config.stacks
    for seat in (0, 1):
        assert state.stacks[seat] >= 0 and state.returned[seat] >= 0
        assert state.stacks[seat] + state.contributions[seat] == start[seat]
        assert 0 <= state.bets[seat] <= state.contributions[seat]
    if state.terminal:
        assert state.actor == -1 and state.payoffs is not None
        return
    seat, other = state.actor, 1 - state.actor
    assert seat in (0, 1) and state.stacks[seat] > 0
    assert len(state.board) == BOARD_COUNT[state.street]
    assert state.to_call == min(max(state.bets[other] - state.bets[seat], 0), state.stacks[seat])
    if state.can_raise:
        assert state.stacks[other] > 0 and state.stacks[seat] > state.to_call
        assert state.max_raise_to == state.bets[seat] + state.stacks[seat]
        assert state.bets[other] < state.min_raise_to <= state.max_raise_to
        assert state.min_raise_to >= min(state.bets[other] + state.config.big_blind, state.max_raise_to)
    else:
        assert state.min_raise_to == state.max_raise_to == 0


def check_result(state: HandState) -> None:
    """Chips conserved to the end, payoffs zero-sum and bounded, each seat's winnings non-negative."""
    assert state.terminal and state.payoffs is not None
    start = state.config.stacks
    payoffs = state.payoffs
    assert payoffs[0] + payoffs[1] == 0
    assert abs(payoffs[0]) <= min(start)
    won = [start[seat] + payoffs[seat] - state.stacks[seat] for seat in (0, 1)]
    assert won[0] >= 0 and won[1] >= 0
    assert won[0] + won[1] == state.pot
    assert state.contributions[0] == state.contributions[1] or not state.showdown
    if state.showdown:
        assert len(state.board) == 5 and state.street == Street.RIVER
    else:
        loser = state.history[-1].seat
        assert state.history[-1].kind == ActionKind.FOLD
        assert payoffs[loser] == -state.contributions[loser] and won[loser] == 0


@SETTINGS
@given(hand=hands(), data=st.data())
def test_chips_are_conserved_and_payoffs_sum_to_zero(
    hand: tuple[GameConfig, int, tuple[int, ...]], data: st.DataObject
) -> None:
    config, button, deck = hand
    state = HandState.new(config, button=button, deck=deck)
    check_invariants(state)
    while not state.terminal:
        state.apply(draw_action(data, state))
        check_invariants(state)
    check_result(state)


def _legal_by_apply(state: HandState, action: Action) -> bool:
    trial = state.copy()
    try:
        trial.apply(action)
    except ValueError:
        return False
    return True


@SETTINGS
@given(hand=hands(), data=st.data())
def test_legal_actions_agree_with_can_apply(hand: tuple[GameConfig, int, tuple[int, ...]], data: st.DataObject) -> None:
    config, button, deck = hand
    state = HandState.new(config, button=button, deck=deck)
    while not state.terminal:
        legal = state.legal_actions()
        assert legal.seat == state.actor
        assert legal.can_check != legal.can_call
        assert legal.can_fold == legal.can_call == (legal.call_amount > 0)
        assert state.can_apply(Action.fold()) == legal.can_fold
        assert state.can_apply(Action.check()) == legal.can_check
        assert state.can_apply(Action.call()) == legal.can_call
        assert state.can_apply(Action.all_in()) == (legal.can_raise or legal.can_call)
        assert not state.can_apply(Action.check(), seat=1 - state.actor)
        low, high = legal.min_raise_to, legal.max_raise_to
        for kind in (ActionKind.RAISE, ActionKind.BET):
            assert state.can_apply(Action(kind, low)) == legal.can_raise
            assert state.can_apply(Action(kind, high)) == legal.can_raise
            assert not state.can_apply(Action(kind, low - 1))
            assert not state.can_apply(Action(kind, high + 1))
        for action in (
            Action.fold(),
            Action.check(),
            Action.call(),
            Action.raise_to(low),
            Action(ActionKind.RAISE, high + 1),
        ):
            assert _legal_by_apply(state, action) == state.can_apply(action)
        state.apply(draw_action(data, state))


@SETTINGS
@given(hand=hands(), seed=st.integers(0, 2**32 - 1), policy_seed=st.integers(0, 2**32 - 1))
def test_same_seed_gives_the_same_hand(
    hand: tuple[GameConfig, int, tuple[int, ...]], seed: int, policy_seed: int
) -> None:
    config, button, _ = hand
    results = []
    for _ in range(2):
        state = HandState.new(config, button=button, rng=np.random.default_rng(seed))
        policy = np.random.default_rng(policy_seed)
        while not state.terminal:
            state.apply(numpy_action(policy, state))
        results.append((state.deck, state.history, state.payoffs, state.stacks, state.returned))
    assert results[0] == results[1]
    assert len(set(results[0][0])) == 9


@SETTINGS
@given(hand=hands(), data=st.data())
def test_copy_then_the_same_actions_give_the_same_result(
    hand: tuple[GameConfig, int, tuple[int, ...]], data: st.DataObject
) -> None:
    config, button, deck = hand
    reference = HandState.new(config, button=button, deck=deck)
    actions = play(data, reference)
    split = data.draw(st.integers(0, len(actions)))
    state = HandState.new(config, button=button, deck=deck)
    for action in actions[:split]:
        state.apply(action)
    clone = state.copy()
    snapshot = repr(clone), clone.history[:], clone.returned[:], clone.contributions[:]
    for action in actions[split:]:
        state.apply(action)
    assert (repr(clone), clone.history, clone.returned, clone.contributions) == snapshot  # untouched
    for action in actions[split:]:
        clone.apply(action)
    for copy in (state, clone):
        assert copy.history == reference.history
        assert copy.payoffs == reference.payoffs
        assert copy.stacks == reference.stacks
        assert copy.returned == reference.returned
        assert copy.showdown == reference.showdown


@SETTINGS
@given(hand=hands(), data=st.data())
def test_event_feed_yields_each_action_once_and_one_hand_end(
    hand: tuple[GameConfig, int, tuple[int, ...]], data: st.DataObject
) -> None:
    config, button, deck = hand
    state = HandState.new(config, button=button, deck=deck)
    feed = EventFeed(state)
    for seat in (0, 1):
        start = feed.start(seat)
        assert start.hole == state.hole(seat) and start.button == button and start.stacks == config.stacks
    events: list[Event] = list(feed.pending())
    while not state.terminal:
        state.apply(draw_action(data, state))
        if data.draw(st.booleans()):  # poll after some actions only: nothing may be lost or repeated
            events += feed.pending()
    events += feed.pending()
    assert feed.pending() == []
    taken = [e.record for e in events if isinstance(e, ActionTaken)]
    assert taken == state.history
    ends = [e for e in events if isinstance(e, HandEnd)]
    assert len(ends) == 1 and events[-1] is ends[0]
    end = ends[0]
    assert end.payoffs == state.payoffs and end.showdown == state.showdown and end.board == state.board
    assert end.shown == (state.hole_cards if state.showdown else (None, None))
    streets = [e for e in events if isinstance(e, StreetStart)]
    assert [int(e.street) for e in streets] == list(range(1, int(state.street) + 1))
    for street_start in streets:
        assert street_start.board == deck[4 : 4 + BOARD_COUNT[street_start.street]]
    # every action comes after the start of its street
    current = Street.PREFLOP
    for event in events:
        if isinstance(event, StreetStart):
            current = event.street
        elif isinstance(event, ActionTaken):
            assert event.record.street == current


@SETTINGS
@given(hand=hands(), data=st.data())
def test_swapping_seats_mirrors_the_hand(hand: tuple[GameConfig, int, tuple[int, ...]], data: st.DataObject) -> None:
    config, button, deck = hand
    state = HandState.new(config, button=button, deck=deck)
    actions = play(data, state)
    mirrored_config = GameConfig(config.small_blind, config.big_blind, (config.stacks[1], config.stacks[0]))
    mirror = HandState.new(mirrored_config, button=1 - button, deck=deck)
    for action in actions:
        mirror.apply(action)
    assert state.payoffs is not None and mirror.payoffs is not None
    assert mirror.payoffs == (state.payoffs[1], state.payoffs[0])
    assert [(r.seat, r.kind, r.to) for r in mirror.history] == [(1 - r.seat, r.kind, r.to) for r in state.history]


@SETTINGS
@given(hand=hands(), data=st.data())
def test_views_show_own_cards_and_legal_actions_only_to_the_actor(
    hand: tuple[GameConfig, int, tuple[int, ...]], data: st.DataObject
) -> None:
    config, button, deck = hand
    state = HandState.new(config, button=button, deck=deck)
    while True:
        for seat in (0, 1):
            view = state.view(seat)
            assert view.hole == state.hole(seat)
            assert view.board == state.board and view.pot == state.pot
            assert (view.legal is not None) == (not state.terminal and state.actor == seat)
            if view.legal is not None:
                assert view.legal == state.legal_actions()
        if state.terminal:
            break
        state.apply(draw_action(data, state))


@given(hand=hands(), min_raise_war=st.booleans(), data=st.data())
def test_hands_never_take_more_actions_than_max_actions(
    hand: tuple[GameConfig, int, tuple[int, ...]], min_raise_war: bool, data: st.DataObject
) -> None:
    """``GameConfig.max_actions`` bounds every hand, the longest line (min-raises until all-in) included."""
    config, button, deck = hand
    state = HandState.new(config, button=button, deck=deck)
    while not state.terminal:
        if min_raise_war:
            if state.can_raise:
                state.raise_to(state.min_raise_to)
            else:
                state.check_or_call()
        else:
            state.apply(draw_action(data, state))
    assert len(state.history) <= config.max_actions
