"""The terminal player: command parsing and a scripted session."""

from __future__ import annotations

import pytest

from pokergym.agents import CallAgent
from pokergym.arena.human import parse_command, play_session
from pokergym.engine import Action, HandState


def _legal(*moves: str):
    state = HandState.new(deck=tuple(range(9)))
    for move in moves:
        getattr(state, move)()
    return state.legal_actions()


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("f", Action.fold()),
        ("C", Action.call()),
        ("call", Action.call()),
        (" r 300 ", Action.raise_to(300)),
        ("b 20000", Action.raise_to(20000)),
        ("a", Action.all_in()),
    ],
)
def test_commands_facing_the_small_blind(text: str, action: Action) -> None:
    assert parse_command(text, _legal()) == action


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "type a command"),
        ("z", "unknown command"),
        ("k", "cannot check"),
        ("r", "amount"),
        ("r 150", "must be to 200..20000"),
        ("r 30000", "must be to 200..20000"),
        ("r x", "amount"),
        ("f 3", "takes no amount"),
    ],
)
def test_bad_commands_say_what_is_legal(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why) as error:
        parse_command(text, _legal())
    assert "legal: f (fold), c (call 50)" in str(error.value)


def test_checking_spots() -> None:
    legal = _legal("call")  # the big blind may check
    assert parse_command("k", legal) == Action.check()
    assert parse_command("c", legal) == Action.check()
    with pytest.raises(ValueError, match="nothing to fold"):
        parse_command("f", legal)


def test_session_reprompts_and_stops_at_end_of_input() -> None:
    answers = iter(["r 100", "r 300", "hello"])
    lines: list[str] = []

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    total = play_session(CallAgent(), hands=3, seed=1, read=read, write=lines.append)
    assert total == 0
    assert any("must be to 200..20000" in line for line in lines)
    assert any("unknown command 'hello'" in line for line in lines)
    assert lines[-1] == "after 0 hands: you +0 chips (+0.0 bb)"


@pytest.mark.parametrize(
    ("hole", "board", "name"),
    [
        ("AhKh", "QhJhTh2c3d", "royal flush"),
        ("9h8h", "7h6h5h2c3d", "straight flush, nine high"),
        ("AsAd", "AhAc2c3d9s", "four of a kind, aces"),
        ("6s6d", "6h9c9d2s3h", "full house, sixes full of nines"),
        ("Ah2h", "9h7h4h2c3d", "flush, ace high"),
        ("Ah2d", "3c4d5hKsKd", "straight, five high"),
        ("7s7d", "7hKcQd2s3h", "three of a kind, sevens"),
        ("Kh7d", "Ks7c2d9hJs", "two pair, kings and sevens"),
        ("Th4d", "Ts8c2d9hJs", "a pair of tens"),
        ("Ah4d", "Ts8c2d9hJs", "ace high"),
    ],
)
def test_describe_hand_names_every_class(hole: str, board: str, name: str) -> None:
    from pokergym.arena.human import describe_hand
    from pokergym.cards import parse_cards

    assert describe_hand(parse_cards(hole), parse_cards(board)) == name


def test_options_say_bet_when_nothing_is_to_be_called() -> None:
    from pokergym.arena.human import describe_options
    from pokergym.engine import Street

    state = HandState.new(deck=tuple(range(9)))
    assert "r N (raise to 200..20000)" in describe_options(state.legal_actions(), Street.PREFLOP)
    state.call()
    assert "r N (raise to 200..20000)" in describe_options(state.legal_actions(), Street.PREFLOP)  # the big blind
    state.check()
    assert "r N (bet 100..19900)" in describe_options(state.legal_actions(), Street.FLOP)
    state.raise_to(300)
    assert "r N (raise to 600..19900)" in describe_options(state.legal_actions(), Street.FLOP)
