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
