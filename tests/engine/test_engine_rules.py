"""Hand-written rule scenarios for the rules engine, with fixed decks.

Deck order: button hole (2), big-blind hole (2), board (5). Unless a test
says otherwise the blinds are 50/100 and both seats have 20,000 chips.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokergym.cards import parse_cards
from pokergym.engine import Action, ActionKind, EventFeed, GameConfig, HandState, StreetStart
from pokergym.engine.actions import Street
from pokergym.errors import (
    CardError,
    ConfigError,
    DuplicateCardError,
    HandOverError,
    IllegalActionError,
    OutOfTurnError,
)

# Button AsAh beats big blind KsKh on a dry board.
DECK = parse_cards("AsAh KsKh 2c7d9h Js Qd")
# Both play the royal flush on the board: a split pot.
ROYAL_BOARD = parse_cards("2c3d 4h5c AsKsQs Js Ts")

BUTTONS = pytest.mark.parametrize("button", [0, 1])


def new(
    button: int = 0, stacks: tuple[int, int] = (20000, 20000), deck: tuple[int, ...] = DECK, **blinds: int
) -> HandState:
    return HandState.new(GameConfig(stacks=stacks, **blinds), button=button, deck=deck)


def to_flop(state: HandState) -> None:
    state.call()
    state.check()
    assert state.street == Street.FLOP


# --------------------------------------------------------------------------- order of play
@BUTTONS
def test_button_posts_small_blind_and_acts_first_preflop(button: int) -> None:
    state = new(button)
    big = 1 - button
    assert state.bets[button] == 50 and state.bets[big] == 100
    assert state.stacks[button] == 19950 and state.stacks[big] == 19900
    assert state.actor == button and state.to_call == 50
    assert state.big_blind_seat == big


@BUTTONS
def test_big_blind_acts_first_on_every_later_street(button: int) -> None:
    state = new(button)
    state.call()
    assert state.actor == 1 - button and state.street == Street.PREFLOP  # the big blind's option
    state.check()
    for street in (Street.FLOP, Street.TURN, Street.RIVER):
        assert state.street == street
        assert state.actor == 1 - button
        state.check()
        assert state.actor == button
        state.check()
    assert state.terminal


@BUTTONS
def test_big_blind_option_after_a_limp(button: int) -> None:
    state = new(button)
    state.call()
    legal = state.legal_actions()
    assert legal.seat == 1 - button
    assert legal.can_check and not legal.can_fold and not legal.can_call
    assert legal.can_raise and legal.min_raise_to == 200 and legal.max_raise_to == 20000
    state.raise_to(200)  # raising the option reopens the action for the button
    assert state.actor == button and state.street == Street.PREFLOP and state.to_call == 100


def test_both_buttons_give_mirrored_results() -> None:
    """The caller chooses the button; the same play from either seat gives mirrored payoffs."""
    actions = [Action.raise_to(300), Action.raise_to(900), Action.call(), Action.bet(1000), Action.call()]
    results = []
    for button in (0, 1):
        state = new(button, stacks=(20000, 20000))
        for action in actions:
            state.apply(action)
        state.check()
        state.check()
        state.check()
        state.check()
        assert state.terminal and state.payoffs is not None
        results.append(state.payoffs[button])
        assert state.payoffs[button] == 1900  # AsAh on the button wins 900 + 1000
    assert results[0] == results[1]


@BUTTONS
def test_equal_blinds_still_put_the_button_first_preflop(button: int) -> None:
    state = new(button, small_blind=100, big_blind=100)
    assert state.actor == button and state.to_call == 0
    state.check()
    state.check()
    assert state.street == Street.FLOP and state.actor == 1 - button


# --------------------------------------------------------------------------- bet sizes
def test_min_bet_is_the_big_blind_postflop() -> None:
    state = new()
    to_flop(state)
    assert state.min_raise_to == 100 and state.max_raise_to == 19900
    assert not state.can_apply(Action.bet(99))
    assert state.can_apply(Action.bet(100))
    state.raise_to(100)
    assert state.min_raise_to == 200  # the bet is the increment to beat


def test_min_bet_follows_a_custom_big_blind() -> None:
    state = new(stacks=(1000, 1000), small_blind=20, big_blind=40)
    to_flop(state)
    assert state.min_raise_to == 40
    with pytest.raises(IllegalActionError):
        state.raise_to(39)


def test_min_raise_tracks_the_last_full_raise_preflop() -> None:
    state = new()
    assert state.min_raise_to == 200  # raise by at least the big blind
    state.raise_to(300)  # raise of 200
    assert state.min_raise_to == 500
    assert not state.can_apply(Action.raise_to(499))
    state.raise_to(500)  # minimum re-raise, increment still 200
    assert state.min_raise_to == 700
    state.raise_to(1200)  # raise of 700
    assert state.min_raise_to == 1900
    state.raise_to(1900)
    assert state.min_raise_to == 2600 and state.to_call == 700


def test_min_raise_tracks_the_last_full_raise_postflop() -> None:
    state = new()
    to_flop(state)
    state.raise_to(250)
    assert state.min_raise_to == 500
    state.raise_to(800)  # increment 550
    assert state.min_raise_to == 1350
    state.call()
    assert state.street == Street.TURN and state.min_raise_to == 100  # reset on a new street


def test_max_raise_is_the_whole_stack_even_against_a_shorter_stack() -> None:
    state = new(stacks=(20000, 1000))
    assert state.max_raise_to == 20000  # not capped at the opponent's 1,000
    state.all_in()
    assert state.history[-1].kind == ActionKind.RAISE and state.history[-1].to == 20000
    state.call()
    assert state.returned == [19000, 0]
    assert state.contributions == [1000, 1000]
    assert state.payoffs == (1000, -1000)


def test_all_in_for_less_than_a_min_raise_is_allowed() -> None:
    state = new(stacks=(150, 20000))  # button has 100 behind after the small blind
    legal = state.legal_actions()
    assert legal.can_raise and legal.min_raise_to == legal.max_raise_to == 150
    assert legal.describe() == "fold, call 50, all-in to 150"
    assert not state.can_apply(Action.raise_to(200))
    state.raise_to(150)
    assert state.history[-1].all_in and state.stacks[0] == 0


def test_short_all_in_raise_does_not_reopen_the_betting() -> None:
    """A short all-in leaves the other seat only call or fold (it cannot re-raise)."""
    state = new(stacks=(20000, 700))
    to_flop(state)  # big blind (seat 1) has 600 behind and acts first
    state.check()
    state.raise_to(500)
    # a full raise would be to 1000; with 600 in all, the only raise is all-in
    assert state.min_raise_to == state.max_raise_to == 600
    state.all_in()  # raise to 600: an increment of 100, less than the 500 bet
    assert state.history[-1].kind == ActionKind.RAISE and state.history[-1].all_in
    legal = state.legal_actions()
    assert legal.can_call and legal.call_amount == 100 and legal.can_fold
    assert not legal.can_raise
    assert not state.can_apply(Action.raise_to(1100))
    state.call()
    assert state.terminal and state.showdown and len(state.board) == 5


def test_short_all_in_bet_below_the_big_blind() -> None:
    state = new(stacks=(20000, 160))
    to_flop(state)  # big blind has 60 behind
    assert state.min_raise_to == state.max_raise_to == 60
    state.raise_to(60)
    assert state.to_call == 60 and not state.can_raise
    state.call()
    assert state.terminal and state.contributions == [160, 160]


def test_call_all_in_for_less_returns_the_uncalled_chips() -> None:
    state = new(stacks=(20000, 1000))
    state.raise_to(5000)
    legal = state.legal_actions()
    assert legal.call_amount == 900  # capped at the big blind's stack
    assert not legal.can_raise
    state.call()
    record = state.history[-1]
    assert record.kind == ActionKind.CALL and record.added == 900 and record.all_in
    assert state.returned == [4000, 0]
    assert state.terminal and state.showdown and state.payoffs == (1000, -1000)


def test_fold_returns_nothing_to_the_folder_and_the_unmatched_raise_to_the_winner() -> None:
    state = new()
    state.raise_to(300)
    state.fold()
    assert state.payoffs == (100, -100)
    assert state.returned == [200, 0]
    assert not state.showdown


def test_no_bet_or_raise_against_an_all_in_opponent() -> None:
    state = new(stacks=(20000, 100))  # the big blind is all-in posting its blind
    legal = state.legal_actions()
    assert legal.can_call and legal.call_amount == 50
    assert not legal.can_raise and legal.min_raise_to == legal.max_raise_to == 0
    with pytest.raises(IllegalActionError, match="no bet or raise"):
        state.raise_to(200)
    state.all_in()  # means "call" here
    assert state.history[-1].kind == ActionKind.CALL
    assert state.terminal


# --------------------------------------------------------------------------- run-out, showdown
def test_all_in_preflop_runs_the_board_out_to_showdown() -> None:
    state = new()
    feed = EventFeed(state)
    state.all_in()
    state.call()
    assert state.terminal and state.showdown
    assert state.street == Street.RIVER and state.board == DECK[4:]
    assert state.payoffs == (20000, -20000)
    streets = [e.street for e in feed.pending() if isinstance(e, StreetStart)]
    assert streets == [Street.FLOP, Street.TURN, Street.RIVER]


def test_split_pot_gives_back_the_contributions() -> None:
    state = new(deck=ROYAL_BOARD)
    state.raise_to(400)
    state.call()
    state.raise_to(1000)
    state.call()
    for _ in range(4):
        state.check()
    assert state.terminal and state.showdown
    assert state.payoffs == (0, 0)


@BUTTONS
def test_the_best_hand_wins_whichever_seat_holds_it(button: int) -> None:
    state = new(button)
    to_flop(state)
    for _ in range(6):
        state.check()
    assert state.payoffs is not None
    assert state.payoffs[button] == 100 and state.payoffs[1 - button] == -100


# --------------------------------------------------------------------------- blinds bigger than a stack
@BUTTONS
def test_big_blind_smaller_than_the_blind(button: int) -> None:
    """Big blind with 30 chips (blind 100): it posts 30 all-in, 20 of the small blind come back."""
    stacks = (20000, 30) if button == 0 else (30, 20000)
    state = new(button, stacks=stacks)
    big = 1 - button
    assert state.terminal and not state.history  # nobody has a decision
    assert state.returned[button] == 20
    assert state.contributions == [30, 30]
    assert state.payoffs is not None and state.payoffs[button] == 30 and state.payoffs[big] == -30
    assert len(state.board) == 5


@BUTTONS
@pytest.mark.parametrize(("small_stack", "returned"), [(30, 70), (50, 50), (1, 99)])
def test_button_stack_at_or_below_the_small_blind(button: int, small_stack: int, returned: int) -> None:
    stacks = (small_stack, 20000) if button == 0 else (20000, small_stack)
    state = new(button, stacks=stacks)
    assert state.terminal and state.showdown and not state.history
    assert state.returned[1 - button] == returned
    assert state.contributions == [small_stack, small_stack]


def test_big_blind_stack_exactly_the_small_blind() -> None:
    state = new(stacks=(20000, 50))
    assert state.terminal and not state.history
    assert state.returned == [0, 0] and state.contributions == [50, 50]


def test_big_blind_stack_exactly_the_big_blind() -> None:
    state = new(stacks=(20000, 100))
    assert state.actor == 0 and state.to_call == 50 and not state.can_raise
    state.fold()
    assert state.payoffs == (-50, 50)


def test_button_can_only_complete_part_of_the_call() -> None:
    state = new(stacks=(80, 20000))  # 30 behind after posting 50
    legal = state.legal_actions()
    assert legal.call_amount == 30 and not legal.can_raise
    state.call()
    assert state.terminal and state.returned == [0, 20] and state.contributions == [80, 80]


def test_one_chip_each() -> None:
    state = new(stacks=(1, 1))
    assert state.terminal and state.contributions == [1, 1] and state.payoffs == (1, -1)


# --------------------------------------------------------------------------- legality and errors
def test_fold_is_illegal_when_checking_is_free() -> None:
    state = new()
    state.call()
    assert not state.can_apply(Action.fold())
    with pytest.raises(IllegalActionError, match="only legal when facing a bet"):
        state.fold()
    state.check()
    with pytest.raises(IllegalActionError):
        state.apply(Action.fold())
    assert not state.terminal and len(state.history) == 2


def test_check_is_illegal_facing_a_bet() -> None:
    state = new()
    assert not state.can_apply(Action.check())
    with pytest.raises(IllegalActionError, match="50 chips to call"):
        state.check()
    to_flop(state)
    state.raise_to(300)
    with pytest.raises(IllegalActionError):
        state.apply(Action.check())


def test_call_is_illegal_when_there_is_nothing_to_call() -> None:
    state = new()
    state.call()
    with pytest.raises(IllegalActionError, match="nothing to call"):
        state.call()


def test_acting_out_of_turn_raises() -> None:
    state = new(button=1)
    with pytest.raises(OutOfTurnError, match="seat 0 cannot act"):
        state.apply(Action.call(), seat=0)
    with pytest.raises(OutOfTurnError):
        state.verify(Action.fold(), seat=0)
    assert not state.can_apply(Action.call(), seat=0)
    assert state.can_apply(Action.call(), seat=1)
    state.apply(Action.call(), seat=1)
    assert state.actor == 0


def test_acting_after_the_end_raises() -> None:
    state = new()
    state.fold()
    for act in (state.fold, state.check, state.call, state.all_in, state.check_or_call):
        with pytest.raises(HandOverError):
            act()
    with pytest.raises(HandOverError):
        state.raise_to(300)
    with pytest.raises(HandOverError):
        state.apply(Action.call())
    with pytest.raises(HandOverError):
        state.legal_actions()
    assert not state.can_apply(Action.check())
    assert state.payoffs == (-50, 50)


@pytest.mark.parametrize("amount", [199, 20001, 0, -300])
def test_out_of_range_amount_lists_the_legal_actions(amount: int) -> None:
    state = new()
    with pytest.raises(IllegalActionError) as caught:
        state.raise_to(amount)
    assert "legal: fold, call 50, raise to 200..20000" in str(caught.value)
    assert not state.history and state.actor == 0 and state.stacks == [19950, 19900]


@pytest.mark.parametrize("amount", [250.5, 300.0, "300", True, None])
def test_non_integer_amounts_are_rejected(amount: object) -> None:
    state = new()
    with pytest.raises(IllegalActionError) as caught:
        state.raise_to(amount)  # type: ignore[arg-type]
    assert "legal: fold, call 50, raise to 200..20000" in str(caught.value)
    with pytest.raises(IllegalActionError, match="legal: "):
        state.apply(Action(ActionKind.RAISE, amount))  # type: ignore[arg-type]
    assert not state.history


def test_action_constructor_rejects_fractional_chips() -> None:
    with pytest.raises(IllegalActionError):
        Action.raise_to(250.5)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        Action.bet(True)
    assert Action.raise_to(300.0) == Action.raise_to(300)  # type: ignore[arg-type]
    assert Action.raise_to(np.int64(300)).amount == 300  # type: ignore[arg-type]


def test_numpy_integer_amounts_are_accepted() -> None:
    state = new()
    state.raise_to(np.int64(300))  # type: ignore[arg-type]
    assert state.history[-1].to == 300 and type(state.history[-1].to) is int
    state.apply(Action(ActionKind.RAISE, np.int32(900)))  # type: ignore[arg-type]
    assert state.bets == [300, 900]


def test_raise_when_no_raise_is_possible_lists_the_legal_actions() -> None:
    state = new(stacks=(20000, 100))
    with pytest.raises(IllegalActionError, match=r"legal: fold, call 50$"):
        state.apply(Action.raise_to(200))


@pytest.mark.parametrize(
    ("deck", "error"),
    [
        (tuple(range(8)), CardError),
        (tuple(range(10)), CardError),
        ((0, 1, 2, 3, 4, 5, 6, 7, 7), DuplicateCardError),
        ((0, 1, 2, 3, 4, 5, 6, 7, 52), CardError),
        ((0, 1, 2, 3, 4, 5, 6, 7, -1), CardError),
    ],
)
def test_malformed_decks_are_rejected(deck: tuple[int, ...], error: type[Exception]) -> None:
    with pytest.raises(error):
        HandState.new(deck=deck)


def test_duplicate_card_error_is_a_card_error() -> None:
    with pytest.raises(CardError):
        HandState.new(deck=parse_cards("AsAh") + parse_cards("KsKh") + (51, 0, 1, 2, 3))


def test_bad_button_or_missing_deck() -> None:
    with pytest.raises(ValueError, match="button"):
        HandState.new(deck=DECK, button=2)
    with pytest.raises(ValueError, match="deck or a numpy Generator"):
        HandState.new()


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"deck": [0.9, 1.9, 2.9, 3.9, 4.9, 5.9, 6.9, 7.9, 8.9]}, CardError),  # truncated to 0..8 before
        ({"deck": [True, False, 2, 3, 4, 5, 6, 7, 8]}, CardError),
        ({"deck": "AsAhKsKh2c7d9hJsQd"}, CardError),
        ({"rng": 5}, ConfigError),
        ({"deck": tuple(range(9)), "button": 1.0}, ConfigError),
        ({"deck": tuple(range(9)), "button": True}, ConfigError),
        ({"config": "x", "deck": tuple(range(9))}, ConfigError),
    ],
)
def test_bad_hand_arguments_are_typed_errors(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        HandState.new(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs", [{"small_blind": True, "big_blind": 2}, {"stacks": 100}, {"stacks": None}])
def test_bad_game_configs_are_config_errors(kwargs: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        GameConfig(**kwargs)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- copy, verify, can_apply
def test_copy_is_independent() -> None:
    state = new()
    state.raise_to(300)
    clone = state.copy()
    clone.raise_to(900)
    clone.fold()
    assert clone.terminal and not state.terminal
    assert state.actor == 1 and state.bets == [300, 100] and state.stacks == [19700, 19900]
    assert len(state.history) == 1 and len(clone.history) == 3
    state.call()
    # The unmatched 600 of the 3-bet went back to seat 1's stack when seat 0 folded.
    assert clone.street == Street.PREFLOP and clone.bets == [300, 300] and clone.stacks == [19700, 19700]
    assert clone.returned == [0, 600] and state.returned == [0, 0]


def test_copy_mid_hand_then_same_actions_give_the_same_result() -> None:
    state = new()
    state.raise_to(300)
    clone = state.copy()
    for target in (state, clone):
        target.call()
        target.raise_to(500)
        target.call()
        target.check()
        target.check()
        target.check()
        target.check()
    assert state.payoffs == clone.payoffs == (800, -800)
    assert state.history == clone.history


def _candidates(state: HandState) -> list[Action]:
    low, high = state.min_raise_to, state.max_raise_to
    amounts = {low - 1, low, low + 1, high - 1, high, high + 1, 1, 100, 200, 300}
    return [
        Action.fold(),
        Action.check(),
        Action.call(),
        Action.all_in(),
        *(Action(ActionKind.RAISE, a) for a in sorted(amounts)),
        *(Action(ActionKind.BET, a) for a in sorted(amounts)),
    ]


@pytest.mark.parametrize(
    "prefix",
    [
        [],
        [Action.call()],
        [Action.raise_to(300)],
        [Action.call(), Action.check()],
        [Action.call(), Action.check(), Action.bet(400)],
        [Action.raise_to(19000)],
    ],
)
def test_verify_and_can_apply_agree_with_apply(prefix: list[Action]) -> None:
    state = new(stacks=(20000, 19500))
    for action in prefix:
        state.apply(action)
    for action in _candidates(state):
        legal = state.can_apply(action)
        try:
            state.verify(action)
        except IllegalActionError:
            verified = False
        else:
            verified = True
        trial = state.copy()
        try:
            trial.apply(action)
        except IllegalActionError:
            applied = False
        else:
            applied = True
        assert legal == verified == applied, action
        if not applied:
            assert trial.history == state.history and trial.stacks == state.stacks


def test_rng_hands_are_reproducible() -> None:
    first = HandState.new(rng=np.random.default_rng(123))
    second = HandState.new(rng=np.random.default_rng(123))
    other = HandState.new(rng=np.random.default_rng(124))
    assert first.deck == second.deck
    assert first.deck != other.deck
    assert len(set(first.deck)) == 9
