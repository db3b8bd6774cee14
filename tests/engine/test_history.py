"""Tests of pokergym.engine.history: JSON, replay, ACPC, Slumbot and PHH exports."""

from __future__ import annotations

import dataclasses
import json
import re
import tomllib
from typing import Any

import numpy as np
import pokerkit
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokergym.cards import parse_cards
from pokergym.engine import Action, ActionKind, ActionRecord, GameConfig, HandState, Street
from pokergym.engine.config import DEFAULT_CONFIG
from pokergym.engine.history import FORMAT_VERSION, HandHistory
from pokergym.errors import CardError, DuplicateCardError, HistoryError

SEEDS = settings(max_examples=150, deadline=None, database=None)

BLINDS = ((50, 100), (1, 2), (5, 10), (25, 50), (100, 100), (1, 1))
# pokerkit ends the preflop round when the button checks with equal blinds
# (pokergym gives the big blind its option), so PHH tests use unequal blinds.
UNEQUAL_BLINDS = tuple(blinds for blinds in BLINDS if blinds[0] < blinds[1])

# Seat 0 is the button in every hand-written hand below: AsAh for the button,
# KsKh for the big blind, board 2c7d9h / Js / Qd.
DECK = parse_cards("AsAhKsKh2c7d9hJsQd")
# Raise to 300, call; on the flop the big blind bets 200 and the button folds.
FLOP_FOLD = (300, "c", 200, "f")


# ------------------------------------------------------------- random hands
def random_stack(rng: np.random.Generator, big_blind: int) -> int:
    """Short (often below a blind), medium or deep stacks."""
    kind = rng.integers(3)
    if kind == 0:
        return int(rng.integers(1, 3 * big_blind + 1))
    if kind == 1:
        return int(rng.integers(big_blind, 40 * big_blind + 1))
    return int(rng.integers(40 * big_blind, 400 * big_blind + 1))


def random_config(rng: np.random.Generator, blinds: tuple[tuple[int, int], ...] = BLINDS) -> GameConfig:
    small, big = blinds[rng.integers(len(blinds))]
    return GameConfig(small, big, (random_stack(rng, big), random_stack(rng, big)))


def random_action(state: HandState, rng: np.random.Generator) -> Action:
    legal = state.legal_actions()
    roll = rng.random()
    if legal.can_raise and roll < 0.35:
        if rng.random() < 0.3:
            return Action.raise_to(legal.max_raise_to)
        high = min(legal.max_raise_to, legal.min_raise_to + 4 * state.config.big_blind)
        return Action.raise_to(int(rng.integers(legal.min_raise_to, high + 1)))
    if legal.can_fold and roll < 0.5:
        return Action.fold()
    return Action.call() if legal.can_call else Action.check()


def random_state(
    seed: int, *, finish: bool = True, config: GameConfig | None = None, blinds: tuple[tuple[int, int], ...] = BLINDS
) -> HandState:
    """A hand played by random legal actions; unfinished ones stop at a random point."""
    rng = np.random.default_rng(seed)
    config = config or random_config(rng, blinds)
    state = HandState.new(config, button=int(rng.integers(2)), rng=rng)
    stop = None if finish else int(rng.integers(0, 8))
    while not state.terminal and stop != len(state.history):
        state.apply(random_action(state, rng))
    return state


def random_history(seed: int, *, finish: bool = True, blinds: tuple[tuple[int, int], ...] = BLINDS) -> HandHistory:
    rng = np.random.default_rng(seed + 1)
    return HandHistory.from_state(
        random_state(seed, finish=finish, blinds=blinds),
        hand_id=int(rng.integers(1000)) if rng.random() < 0.5 else f"hand-{seed}",
        names=("alice", "bob") if rng.random() < 0.5 else None,
        seed=seed,
        extra={"table": [1, 2.5, "x"], "nested": {"ok": True, "none": None}},
        hide_undealt=bool(rng.random() < 0.3),
    )


def play(deck: tuple[int, ...], button: int, *moves: int | str, config: GameConfig = DEFAULT_CONFIG) -> HandState:
    """Play ``moves``: 'c' check/call, 'f' fold, an int raises to that street total."""
    state = HandState.new(config, deck=deck, button=button)
    for move in moves:
        if move == "c":
            state.check_or_call()
        elif move == "f":
            state.fold()
        else:
            state.raise_to(int(move))
    return state


def history_of(
    *moves: int | str,
    button: int = 0,
    names: tuple[str, str] | None = ("alice", "bob"),
    config: GameConfig = DEFAULT_CONFIG,
) -> HandHistory:
    return HandHistory.from_state(play(DECK, button, *moves, config=config), names=names)


# -------------------------------------------------------------------- JSON
@SEEDS
@given(seed=st.integers(0, 2**32 - 1), finish=st.booleans())
def test_json_round_trip_is_exact(seed: int, finish: bool) -> None:
    history = random_history(seed, finish=finish)
    text = history.to_json()
    assert "\n" not in text
    loaded = HandHistory.from_json(text)
    assert loaded == history
    assert loaded.to_dict() == history.to_dict() == json.loads(text)
    assert HandHistory.from_dict(history.to_dict()) == history


def test_json_layout() -> None:
    history = HandHistory.from_state(play(DECK, 0, *FLOP_FOLD), hand_id=3, names=("a", "b"), seed=9)
    data = history.to_dict()
    assert data == {
        "format_version": FORMAT_VERSION,
        "hand_id": 3,
        "config": {"small_blind": 50, "big_blind": 100, "stacks": [20000, 20000]},
        "button": 0,
        "names": ["a", "b"],
        "hole_cards": ["AsAh", "KsKh"],
        "board": "2c7d9hJsQd",
        "actions": [
            {"street": "preflop", "seat": 0, "kind": "raise", "to": 300, "added": 250, "all_in": False},
            {"street": "preflop", "seat": 1, "kind": "call", "to": 300, "added": 200, "all_in": False},
            {"street": "flop", "seat": 1, "kind": "bet", "to": 200, "added": 200, "all_in": False},
            {"street": "flop", "seat": 0, "kind": "fold", "to": 0, "added": 0, "all_in": False},
        ],
        "payoffs": [-300, 300],
        "showdown": False,
        "returned": [0, 200],
        "seed": 9,
        "extra": {},
    }


def test_optional_fields_may_be_missing() -> None:
    data = history_of("f").to_dict()
    for key in ("hand_id", "names", "seed", "extra"):
        del data[key]
    loaded = HandHistory.from_dict(data)
    assert (loaded.hand_id, loaded.names, loaded.seed, loaded.extra) == (None, None, None, {})


def test_from_state_copies_state_and_metadata() -> None:
    state = play(DECK, 1, "c")
    extra = {"k": [1]}
    history = HandHistory.from_state(state, names=["x", "y"], extra=extra)
    assert history.names == ("x", "y")
    assert history.extra == extra and history.extra is not extra
    assert history.actions == tuple(state.history)
    assert not history.finished and history.payoffs is None and history.finishing_stacks is None
    assert history.hole_cards == state.hole_cards and history.board == DECK[4:]
    assert HandHistory.from_state(state, hide_undealt=True).board == ()


def test_history_is_hashable_and_sequences_are_tuples() -> None:
    history = history_of(300, "c")
    rebuilt = HandHistory(
        config=history.config,
        button=0,
        hole_cards=[list(history.hole_cards[0]), list(history.hole_cards[1])],  # type: ignore[arg-type]
        board=list(history.board),  # type: ignore[arg-type]
        actions=list(history.actions),  # type: ignore[arg-type]
        payoffs=None,
        showdown=False,
        returned=[0, 0],  # type: ignore[arg-type]
        names=["alice", "bob"],  # type: ignore[arg-type]
    )
    assert rebuilt == history
    assert hash(rebuilt) == hash(history)


# ----------------------------------------------------------- replay proofs
@SEEDS
@given(seed=st.integers(0, 2**32 - 1), finish=st.booleans())
def test_replay_reproduces_the_hand(seed: int, finish: bool) -> None:
    state = random_state(seed, finish=finish)
    replayed = HandHistory.from_state(state, hide_undealt=bool(seed % 2)).replay()
    assert replayed.history == state.history
    assert (replayed.payoffs, replayed.showdown, replayed.returned) == (state.payoffs, state.showdown, state.returned)
    assert (replayed.street, replayed.stacks, replayed.board) == (state.street, state.stacks, state.board)


def tampered(history: HandHistory, **changes: Any) -> HandHistory:
    return dataclasses.replace(history, **changes)


def test_tampered_payoffs_raise() -> None:
    history = history_of(300, "c", "c", "c", "c", "c", "c", "c")
    with pytest.raises(HistoryError, match=r"recorded payoffs \(-300, 300\) differ from the replayed \(300, -300\)"):
        tampered(history, payoffs=(-300, 300)).replay()


def test_swapped_cards_change_the_winner_and_raise() -> None:
    history = history_of(300, "c", "c", "c", "c", "c", "c", "c")
    swapped = tampered(history, hole_cards=(history.hole_cards[1], history.hole_cards[0]))
    with pytest.raises(HistoryError, match="payoffs"):
        swapped.replay()


def test_tampered_amount_raises() -> None:
    history = history_of(*FLOP_FOLD)
    record = history.actions[0]
    with pytest.raises(HistoryError, match="action 0 was recorded as"):
        tampered(history, actions=(record._replace(added=300), *history.actions[1:])).replay()
    with pytest.raises(HistoryError, match=r"action 0 \(seat 0 raises to 30000\) cannot be replayed: illegal"):
        tampered(history, actions=(record._replace(to=30000), *history.actions[1:])).replay()


def test_tampered_seat_street_and_kind_raise() -> None:
    history = history_of(*FLOP_FOLD)
    first, second, third, fourth = history.actions
    with pytest.raises(HistoryError, match="cannot be replayed: seat 1 cannot act"):
        tampered(history, actions=(first._replace(seat=1), second, third, fourth)).replay()
    with pytest.raises(HistoryError, match="replays as"):
        tampered(history, actions=(first, second, third._replace(street=Street.TURN), fourth)).replay()
    with pytest.raises(HistoryError, match="replays as"):
        tampered(history, actions=(first._replace(kind=ActionKind.BET), second, third, fourth)).replay()


def test_missing_or_extra_actions_raise() -> None:
    history = history_of(*FLOP_FOLD)
    with pytest.raises(HistoryError, match="the actions do not end the hand"):
        tampered(history, actions=history.actions[:-1]).replay()
    extra = ActionRecord(Street.FLOP, 0, ActionKind.CHECK, 0, 0, False)
    with pytest.raises(HistoryError, match=r"action 4 \(seat 0 checks\) comes after the end of the hand"):
        tampered(history, actions=(*history.actions, extra)).replay()
    with pytest.raises(HistoryError, match="the actions end the hand, but the record says the opposite"):
        tampered(history, payoffs=None).replay()


def test_tampered_flags_raise() -> None:
    history = history_of(*FLOP_FOLD)
    with pytest.raises(HistoryError, match="showdown"):
        tampered(history, showdown=True).replay()
    with pytest.raises(HistoryError, match="returned chips"):
        tampered(history, returned=(100, 0)).replay()


def test_board_must_cover_the_dealt_streets() -> None:
    history = HandHistory.from_state(play(DECK, 0, "c", "c", 200, "f"), hide_undealt=True)
    assert len(history.board) == 3
    history.replay()
    with pytest.raises(HistoryError, match="reached the flop, which needs 3 board cards"):
        tampered(history, board=history.board[:2]).replay()


def test_tampered_json_is_refused_on_load() -> None:
    data = history_of(*FLOP_FOLD).to_dict()
    data["payoffs"] = [300, -300]
    with pytest.raises(HistoryError, match="payoffs"):
        HandHistory.from_dict(data)
    assert HandHistory.from_dict(data, verify=False).payoffs == (300, -300)


# ----------------------------------------------------------- load validation
def fold_dict() -> dict[str, Any]:
    return history_of(300, "f").to_dict()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("format_version",), 2, "unsupported hand history format_version 2"),
        (("format_version",), True, "unsupported hand history format_version True"),
        (("button",), True, "button must be an integer, got True"),
        (("button",), 2, "button must be seat 0 or 1"),
        (("config",), [50, 100], "config must be an object"),
        (("config", "stacks"), [0, 100], "invalid hand history: stacks must be positive"),
        (("config", "big_blind"), "100", "config.big_blind must be an integer"),
        (("hole_cards",), ["AsAh"], "hole_cards must be a list of 2"),
        (("hole_cards", 1), "KsK", "hole_cards\\[1\\]: malformed card string"),
        (("hole_cards", 1), "Ks", "two hole cards per seat"),
        (("hole_cards", 1), "AsKh", "duplicate card 'As'"),
        (("board",), ["2c"], "board must be a card string"),
        (("board",), "2c7d9hJsQdTc", "at most five board cards"),
        (("actions",), {}, "actions must be a list"),
        (("actions", 0), [0, 0], "actions\\[0\\] must be an object with the keys"),
        (("actions", 0, "street"), "showdown", "actions\\[0\\].street must be one of"),
        (("actions", 0, "kind"), "all_in", "actions\\[0\\].kind must be one of"),
        (("actions", 0, "seat"), 3, "actions\\[0\\].seat must be 0 or 1"),
        (("actions", 0, "to"), 300.0, "actions\\[0\\].to must be an integer"),
        (("actions", 0, "all_in"), 0, "actions\\[0\\].all_in must be true or false"),
        (("payoffs",), [100, 100], "payoffs must sum to zero"),
        (("payoffs",), [100], "payoffs must be a list of 2"),
        (("showdown",), "no", "showdown must be true or false"),
        (("returned",), None, "returned must be a list of 2"),
        (("hand_id",), 1.5, "hand_id must be an integer"),
        (("names",), ["a", 1], "names must be two strings"),
        (("names",), "ab", "names must be a list of 2"),
        (("seed",), "1", "seed must be an integer"),
        (("extra",), [], "extra must be a JSON object"),
    ],
)
def test_load_rejects_malformed_fields(path: tuple[str | int, ...], value: object, message: str) -> None:
    data = fold_dict()
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(HistoryError, match=message):
        HandHistory.from_dict(data)


def test_load_rejects_missing_and_unknown_keys() -> None:
    data = fold_dict()
    del data["board"]
    with pytest.raises(HistoryError, match=r"misses \['board'\]"):
        HandHistory.from_dict(data)
    data = fold_dict()
    data["boards"] = "2c"
    with pytest.raises(HistoryError, match=r"unknown fields \['boards'\]"):
        HandHistory.from_dict(data)


def test_load_rejects_non_objects_and_bad_json() -> None:
    with pytest.raises(HistoryError, match="must be a JSON object, got list"):
        HandHistory.from_json("[]")
    with pytest.raises(HistoryError, match="must be JSON"):
        HandHistory.from_json('{"format_version": 1,')


def test_constructor_checks_invariants() -> None:
    history = history_of(300, "f")
    with pytest.raises(HistoryError, match="a hand that reached a showdown must have payoffs"):
        tampered(history, payoffs=None, showdown=True)
    with pytest.raises(DuplicateCardError):
        tampered(history, board=(DECK[0],))
    with pytest.raises(CardError, match="out of range"):
        tampered(history, board=(52,))


def test_to_json_refuses_non_json_extra() -> None:
    with pytest.raises(HistoryError, match="cannot be written as JSON"):
        tampered(history_of("f"), extra={"x": {1, 2}}).to_json()
    with pytest.raises(HistoryError, match="cannot be written as JSON"):
        tampered(history_of("f"), extra={"x": float("nan")}).to_json()


# -------------------------------------------------------------------- ACPC
# Hand-derived from the ACPC protocol: position 0 = big blind (seat 1 here,
# KsKh), position 1 = button (seat 0, AsAh); r<N> is the whole-hand total.
@pytest.mark.parametrize(
    ("moves", "expected"),
    [
        ((300, "c", "c", "c", "c", "c", "c", "c"), "STATE:0:r300c/cc/cc/cc:KsKh|AsAh/2c7d9h/Js/Qd:-300|300:bob|alice"),
        (("f",), "STATE:0:f:KsKh|AsAh:50|-50:bob|alice"),
        (
            ("c", "c", 200, 600, "c", "c", 1000, "f"),
            "STATE:0:cc/r300r700c/cr1700f:KsKh|AsAh/2c7d9h/Js:-700|700:bob|alice",
        ),
        ((300, 900, "c", "c", "c", 2000, "f"), "STATE:0:r300r900c/cc/r2900f:KsKh|AsAh/2c7d9h/Js:900|-900:bob|alice"),
        ((20000, "c"), "STATE:0:r20000c///:KsKh|AsAh/2c7d9h/Js/Qd:-20000|20000:bob|alice"),
        (("c", "c", 5000, 19900, "c"), "STATE:0:cc/r5100r20000c//:KsKh|AsAh/2c7d9h/Js/Qd:-20000|20000:bob|alice"),
    ],
)
def test_acpc_state_by_hand(moves: tuple[int | str, ...], expected: str) -> None:
    assert history_of(*moves).to_acpc_state(0) == expected


def test_acpc_state_positions_follow_the_button() -> None:
    # Seat 1 has the button: it holds AsAh and sits at position 1 again.
    history = history_of(300, "c", "c", "c", "c", "c", "c", "c", button=1)
    assert history.to_acpc_state(7) == "STATE:7:r300c/cc/cc/cc:KsKh|AsAh/2c7d9h/Js/Qd:-300|300:alice|bob"
    assert (history.acpc_position(0), history.acpc_position(1)) == (0, 1)


def test_acpc_state_names_and_errors() -> None:
    history = history_of("f", names=None)
    assert history.to_acpc_state(12) == "STATE:12:f:KsKh|AsAh:50|-50:seat1|seat0"
    assert history.to_acpc_state(12, names=["p", "q"]).endswith(":q|p")
    with pytest.raises(HistoryError, match="ACPC names cannot hold"):
        history.to_acpc_state(12, names=["a|b", "c"])
    with pytest.raises(HistoryError, match="names must be two strings"):
        history.to_acpc_state(12, names="ab")
    with pytest.raises(HistoryError, match="only a finished hand"):
        history_of(300).to_acpc_state(0)
    with pytest.raises(ValueError, match="seat must be 0 or 1"):
        history.acpc_position(2)


def test_acpc_matchstate_hides_the_opponent_until_showdown() -> None:
    unfinished = history_of(300, "c", "c")
    assert unfinished.to_acpc_matchstate(0, 4) == "MATCHSTATE:1:4:r300c/c:|AsAh/2c7d9h"
    assert unfinished.to_acpc_matchstate(1, 4) == "MATCHSTATE:0:4:r300c/c:KsKh|/2c7d9h"
    start = history_of()
    assert start.to_acpc_matchstate(1, 0) == "MATCHSTATE:0:0::KsKh|"
    folded = history_of(300, "c", 500, "f")
    assert folded.to_acpc_matchstate(0, 2) == "MATCHSTATE:1:2:r300c/r800f:|AsAh/2c7d9h"
    shown = history_of(20000, "c")
    expected = "MATCHSTATE:0:2:r20000c///:KsKh|AsAh/2c7d9h/Js/Qd"
    assert shown.to_acpc_matchstate(1, 2) == expected


def acpc_game() -> pokerkit.NoLimitTexasHoldem:
    return pokerkit.NoLimitTexasHoldem(
        automations=(), ante_trimming_status=False, raw_antes=0, raw_blinds_or_straddles=(50, 100), min_bet=100
    )


def test_acpc_state_lines_parse_in_pokerkit_with_the_same_payoffs() -> None:
    """pokerkit's own ACPC log parser reads our lines and finds the same winnings."""
    histories = [HandHistory.from_state(random_state(seed, config=GameConfig())) for seed in range(120)]
    log = "\n".join(history.to_acpc_state(i) for i, history in enumerate(histories))
    parsed = list(pokerkit.HandHistory.from_acpc_protocol(acpc_game(), 20000, log, error_status=True))
    assert len(parsed) == len(histories)
    for history, phh in zip(histories, parsed, strict=True):
        *_, final = phh
        by_position = [history.payoffs[seat] for seat in (1 - history.button, history.button)]  # type: ignore[index]
        assert list(final.payoffs) == by_position


# A button whose whole stack is at most the big blind (a preflop call puts it
# all-in) ends the engine's hand at that call; ACPC and OpenSpiel still make
# the big blind check, so the line has ``cc`` where the engine recorded one call.
@pytest.mark.parametrize(
    ("button_stack", "button", "expected"),
    [
        (100, 0, "STATE:0:cc///:KsKh|AsAh/2c7d9h/Js/Qd:-100|100:bob|alice"),
        (80, 0, "STATE:0:cc///:KsKh|AsAh/2c7d9h/Js/Qd:-80|80:bob|alice"),
        (100, 1, "STATE:0:cc///:KsKh|AsAh/2c7d9h/Js/Qd:-100|100:alice|bob"),
    ],
)
def test_acpc_state_adds_the_big_blinds_check_after_a_short_buttons_all_in_call(
    button_stack: int, button: int, expected: str
) -> None:
    stacks = (button_stack, 20000) if button == 0 else (20000, button_stack)
    history = history_of("c", button=button, config=GameConfig(stacks=stacks))
    assert [record.kind for record in history.actions] == [ActionKind.CALL] and history.actions[0].all_in
    assert history.to_acpc_state(0) == expected
    matchstate = history.to_acpc_matchstate(1 - button, 0)
    assert matchstate == "MATCHSTATE:0:0:cc///:KsKh|AsAh/2c7d9h/Js/Qd"


def test_acpc_state_keeps_the_big_blinds_own_actions() -> None:
    # The big blind acts by itself here (it raises, the button calls all-in): nothing to add.
    history = history_of("c", 300, "c", config=GameConfig(stacks=(200, 20000)))
    assert history.to_acpc_state(0) == "STATE:0:cr300c///:KsKh|AsAh/2c7d9h/Js/Qd:-200|200:bob|alice"
    # A big blind all-in from its blind has nothing to check with.
    history = history_of("c", config=GameConfig(stacks=(20000, 100)))
    assert history.to_acpc_state(0) == "STATE:0:c///:KsKh|AsAh/2c7d9h/Js/Qd:-100|100:bob|alice"


def test_acpc_state_adds_the_big_blinds_check_after_a_button_all_in_from_its_blind() -> None:
    history = history_of(config=GameConfig(stacks=(50, 20000)))
    assert history.actions == () and history.payoffs == (50, -50)
    assert history.to_acpc_state(0) == "STATE:0:c///:KsKh|AsAh/2c7d9h/Js/Qd:-50|50:bob|alice"


@pytest.mark.parametrize(("stacks", "moves"), [((30, 20000), ()), ((20000, 60), ("c",))])
def test_acpc_has_no_line_for_a_stack_below_its_blind(stacks: tuple[int, int], moves: tuple[str, ...]) -> None:
    # ACPC posts every blind in full; the engine posts what a short stack has.
    history = history_of(*moves, config=GameConfig(stacks=stacks))
    with pytest.raises(HistoryError, match="ACPC posts the whole blind"):
        history.to_acpc_state(0)
    with pytest.raises(HistoryError, match="ACPC posts the whole blind"):
        history.to_acpc_matchstate(0, 0)


def openspiel_returns(line: str, config: GameConfig, button: int) -> list[float]:
    """Replay an ACPC ``STATE`` line in OpenSpiel's ``universal_poker`` and return its payoffs by position."""
    pyspiel = pytest.importorskip("pyspiel")
    _, _, betting, cards, _, _ = line.split(":")
    big_seat = 1 - button
    game = pyspiel.load_game(
        "universal_poker",
        {
            "betting": "nolimit",
            "numPlayers": 2,
            "numRounds": 4,
            "blind": f"{config.big_blind} {config.small_blind}",
            "firstPlayer": "2 1 1 1",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "stack": f"{config.stacks[big_seat]} {config.stacks[button]}",
            "bettingAbstraction": "fullgame",
        },
    )
    state = game.new_initial_state()
    holes, *boards = cards.split("/")
    dealt = iter(parse_cards(holes.replace("|", "")) + parse_cards("".join(boards)))
    tokens = iter(re.findall(r"r\d+|[cf/]", betting))
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(next(dealt))
            continue
        token = next(tokens)
        while token == "/":
            token = next(tokens)
        action = 0 if token == "f" else 1 if token == "c" else int(token[1:])
        assert action in state.legal_actions(), f"{token!r} is illegal in OpenSpiel after {state.history()}"
        state.apply_action(action)
    assert next(tokens, None) in (None, "/")
    return list(state.returns())


@pytest.mark.parametrize(("button_stack", "moves"), [(100, ("c",)), (80, ("c",)), (200, ("c", 300, "c"))])
def test_acpc_short_stack_lines_replay_in_openspiel(button_stack: int, moves: tuple[int | str, ...]) -> None:
    config = GameConfig(stacks=(button_stack, 20000))
    history = history_of(*moves, config=config)
    payoffs = history.payoffs
    assert payoffs is not None
    by_position = [float(payoffs[seat]) for seat in (1, 0)]
    assert openspiel_returns(history.to_acpc_state(0), config, button=0) == by_position


def test_acpc_has_the_button_check_when_equal_blinds_put_the_big_blind_all_in() -> None:
    config = GameConfig(100, 100, (20000, 100))  # the big blind all-in by its blind; the button owes nothing
    history = history_of(config=config)
    assert history.actions == () and history.payoffs == (100, -100)
    line = history.to_acpc_state(0)
    assert line == "STATE:0:c///:KsKh|AsAh/2c7d9h/Js/Qd:-100|100:bob|alice"  # it read '///'
    assert openspiel_returns(line, config, button=0) == [-100.0, 100.0]  # by position: big blind, button


@SEEDS
@given(seed=st.integers(0, 2**32 - 1))
def test_acpc_lines_of_random_hands_replay_in_openspiel(seed: int) -> None:
    rng = np.random.default_rng(seed)
    button = int(rng.integers(2))
    button_stack, big_stack = int(rng.integers(50, 400)), int(rng.integers(100, 3000))  # short, never below a blind
    config = GameConfig(50, 100, (button_stack, big_stack) if button == 0 else (big_stack, button_stack))
    state = HandState.new(config, button=button, rng=rng)
    while not state.terminal:
        state.apply(random_action(state, rng))
    history = HandHistory.from_state(state)
    by_position = [float(history.payoffs[seat]) for seat in (1 - state.button, state.button)]  # type: ignore[index]
    assert openspiel_returns(history.to_acpc_state(0), config, state.button) == by_position


# ----------------------------------------------------------------- Slumbot
@pytest.mark.parametrize(
    ("moves", "expected"),
    [
        ((300, "c", "c", "c", "c", "c", "c", "c"), "b300c/kk/kk/kk"),
        (("c", "c", 200, 600, "c", "c", 1000, "f"), "ck/b200b600c/kb1000f"),
        (("f",), "f"),
        ((20000, "c"), "b20000c///"),
        ((300, "c"), "b300c/"),
        ((), ""),
    ],
)
def test_slumbot_actions_by_hand(moves: tuple[int | str, ...], expected: str) -> None:
    assert history_of(*moves).to_slumbot_actions() == expected


# --------------------------------------------------------------------- PHH
def pokerkit_final_state(text: str) -> pokerkit.State:
    *_, final = pokerkit.HandHistory.loads(text)
    return final


def test_phh_by_hand() -> None:
    text = history_of(300, "c", "c", 200, "c", "c", "c", "c", "c").to_phh()
    phh = tomllib.loads(text)
    assert phh == {
        "variant": "NT",
        "antes": [0, 0],
        "blinds_or_straddles": [50, 100],
        "min_bet": 100,
        "starting_stacks": [20000, 20000],
        "actions": [
            "d dh p1 KsKh",
            "d dh p2 AsAh",
            "p2 cbr 300",
            "p1 cc",
            "d db 2c7d9h",
            "p1 cc",
            "p2 cbr 200",
            "p1 cc",
            "d db Js",
            "p1 cc",
            "p2 cc",
            "d db Qd",
            "p1 cc",
            "p2 cc",
            "p1 sm KsKh",
            "p2 sm AsAh",
        ],
        "players": ["bob", "alice"],
        "finishing_stacks": [19500, 20500],
    }
    assert list(pokerkit_final_state(text).stacks) == [19500, 20500]


def test_phh_showdown_order_puts_the_last_bettor_first() -> None:
    actions = tomllib.loads(history_of("c", "c", "c", "c", "c", "c", "c", 300, "c").to_phh())["actions"]
    assert actions[-2:] == ["p2 sm AsAh", "p1 sm KsKh"]


def test_phh_quotes_names_and_hand_ids() -> None:
    names = ('say "hi" \\ \n\x7f', "ünï ☃")
    state = play(DECK, 0, "f")
    text = HandHistory.from_state(state, names=names, hand_id='id "1"').to_phh()
    phh = tomllib.loads(text)
    assert phh["players"] == [names[1], names[0]] and phh["hand"] == 'id "1"'
    assert pokerkit.HandHistory.loads(text).players == [names[1], names[0]]
    assert tomllib.loads(HandHistory.from_state(state, hand_id=42).to_phh())["hand"] == 42


def test_phh_replays_in_pokerkit_with_the_same_results() -> None:
    """A few hundred random hands, short stacks and all-ins included, both buttons."""
    seen = {"showdown": 0, "fold": 0, "all_in": 0, "short_blind": 0, "button0": 0, "button1": 0}
    for seed in range(400):
        history = random_history(seed, finish=seed % 5 != 0, blinds=UNEQUAL_BLINDS)
        state = history.replay()
        text = history.to_phh()
        final = pokerkit_final_state(text)
        seats = (1 - history.button, history.button)
        if history.finished:
            assert history.finishing_stacks is not None
            assert list(final.stacks) == [history.finishing_stacks[s] for s in seats], text
            assert list(final.payoffs) == [history.payoffs[s] for s in seats], text  # type: ignore[index]
            assert not final.status
        else:
            assert list(final.stacks) == [state.stacks[s] for s in seats], text
            assert list(final.bets) == [state.bets[s] for s in seats], text
        assert pokerkit.HandHistory.loads(text).finishing_stacks == tomllib.loads(text).get("finishing_stacks")
        seen["showdown"] += history.showdown
        seen["fold"] += history.finished and not history.showdown
        seen["all_in"] += any(record.all_in for record in history.actions)
        seen["short_blind"] += min(history.config.stacks) <= history.config.big_blind
        seen[f"button{history.button}"] += 1
    assert min(seen.values()) >= 20, seen


def test_phh_of_unequal_stacks_lists_stacks_by_player() -> None:
    state = HandState.new(GameConfig(stacks=(1000, 3000)), button=1, deck=DECK)
    text = HandHistory.from_state(state).to_phh()
    phh = tomllib.loads(text)
    assert phh["starting_stacks"] == [1000, 3000]
    assert "finishing_stacks" not in phh


def test_state_before_replays_a_prefix_of_the_actions() -> None:
    state = HandState.new(deck=parse_cards("AsKd7c7dQsJh2d3c8h"), button=0)
    state.raise_to(250)
    state.call()
    state.check()
    state.raise_to(375)
    history = HandHistory.from_state(state)
    for index in range(len(history.actions) + 1):
        before = history.state_before(index)
        assert before.history == state.history[:index]
    assert history.state_before(2).street == Street.FLOP and history.state_before(2).actor == 1
    for bad in (-1, len(history.actions) + 1):
        with pytest.raises(HistoryError, match="action index"):
            history.state_before(bad)


@pytest.mark.parametrize(
    "kwargs", [{"seed": "x"}, {"seed": 2.5}, {"hand_id": [1]}, {"hand_id": 1.5}, {"hand_id": True}, {"names": 5}]
)
def test_a_record_json_would_refuse_is_refused_when_made(kwargs: dict[str, object]) -> None:
    state = HandState.new(deck=tuple(range(9)), button=0)  # to_json wrote these; from_json or to_phh then failed
    with pytest.raises(HistoryError):
        HandHistory.from_state(state, **kwargs)  # type: ignore[arg-type]
