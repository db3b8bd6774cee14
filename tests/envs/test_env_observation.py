"""The observation vector: layout, values, bounds and incremental encoding."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokergym.cards import parse_cards
from pokergym.engine import GameConfig, HandState
from pokergym.envs import HUNLEnv
from pokergym.envs.observation import MAX_RAISE_COUNT, ObservationLayout, SeatEncoder
from pokergym.errors import ConfigError

DECK = parse_cards("AsAh KsKh 2c7d9h Js Qd")
LAYOUT = ObservationLayout(GameConfig())


def encode(hand: HandState, seat: int, layout: ObservationLayout = LAYOUT) -> np.ndarray:
    return SeatEncoder(layout, seat).reset(hand).encode(hand)


def value(vector: np.ndarray, name: str, layout: ObservationLayout = LAYOUT) -> float:
    return round(float(vector[layout.index(name)]), 6)


def test_layout_names_every_index_once() -> None:
    for slots in (1, 6, 10):
        layout = ObservationLayout(GameConfig(), slots)
        assert layout.size == len(layout.feature_names) == 118 + 4 * (8 * slots + 2)
        assert len(set(layout.feature_names)) == layout.size
        assert layout.space.shape == (layout.size,)
        assert np.isfinite(layout.space.high).all()


def test_docstring_table_matches_the_layout() -> None:
    doc = HUNLEnv.__doc__ or ""
    assert "118 + 4 * (8 * K + 2)" in doc
    names = LAYOUT.feature_names
    assert names[:2] == ("hole_2c", "hole_2d") and names[51] == "hole_As"
    assert names[52] == "board_2c" and names[103] == "board_As"
    assert names[104:109] == ("street_preflop", "street_flop", "street_turn", "street_river", "is_button")
    assert names[109:118] == (
        "pot",
        "stack_self",
        "stack_opp",
        "bet_self",
        "bet_opp",
        "to_call",
        "min_raise_to",
        "max_raise_to",
        "pot_odds",
    )
    assert names[118:126] == tuple(
        f"preflop_0_{f}" for f in ("self", "opp", "fold", "check", "call", "raise", "all_in", "size")
    )
    k = LAYOUT.history_slots
    assert names[118 + 8 * (1 * k + 2)] == "flop_2_self"
    assert names[118 + 32 * k + 2 * 3 + 1] == "river_raises_opp"
    for name in re.findall(r"``(\w+)``", doc):
        if name.startswith(("hole_", "board_", "street_", "is_", "pot")):
            assert name in names


def test_values_after_a_raise_and_a_call() -> None:
    hand = HandState.new(deck=DECK, button=0)
    hand.raise_to(300)
    hand.call()
    hand.check()
    hand.raise_to(450)  # button bets 450 into 600
    big = encode(hand, 1)
    button = encode(hand, 0)
    assert {n for n, v in zip(LAYOUT.feature_names, big, strict=True) if n.startswith("hole_") and v} == {
        "hole_Ks",
        "hole_Kh",
    }
    assert {n for n, v in zip(LAYOUT.feature_names, big, strict=True) if n.startswith("board_") and v} == {
        "board_2c",
        "board_7d",
        "board_9h",
    }
    assert value(big, "street_flop") == 1 and value(big, "street_preflop") == 0
    assert value(big, "is_button") == 0 and value(button, "is_button") == 1
    assert value(big, "pot") == 0.105  # 1050 chips = 10.5 BB
    assert value(big, "stack_self") == 1.97 and value(big, "stack_opp") == 1.925
    assert value(big, "bet_self") == 0 and value(big, "bet_opp") == 0.045
    assert value(big, "to_call") == 0.045
    assert value(big, "min_raise_to") == 0.09 and value(big, "max_raise_to") == 1.97
    assert value(big, "pot_odds") == round(450 / 1500, 6)
    assert value(button, "min_raise_to") == 0 and value(button, "to_call") == 0  # not its turn
    # Preflop: the button raised to 300 (a pot-after-call size of 200 / 200 = 1 -> 0.5), the big blind called.
    assert value(big, "preflop_0_opp") == 1 and value(big, "preflop_0_raise") == 1
    assert value(big, "preflop_0_size") == 0.5
    assert value(big, "preflop_1_self") == 1 and value(big, "preflop_1_call") == 1
    assert value(big, "preflop_1_size") == round(0.5 / 1.5, 6)  # 200 chips called into a 400 pot
    assert value(big, "flop_0_self") == 1 and value(big, "flop_0_check") == 1
    assert value(big, "flop_1_opp") == 1 and value(big, "flop_1_raise") == 1
    assert value(big, "flop_1_size") == round(0.75 / 1.75, 6)
    assert value(big, "preflop_raises_opp") == 1 and value(big, "flop_raises_opp") == 1
    assert value(big, "preflop_raises_self") == 0
    assert value(button, "preflop_0_self") == 1 and value(button, "flop_raises_self") == 1


def test_the_opponents_cards_never_appear() -> None:
    hand = HandState.new(deck=DECK, button=0)
    hand.call()
    for _ in range(7):
        hand.check()
    assert hand.terminal and hand.showdown
    vector = encode(hand, 0)
    assert vector[:52].sum() == 2 and vector[LAYOUT.index("hole_Ks")] == 0
    assert vector[52:104].sum() == 5


def test_overflowing_streets_keep_the_latest_action_in_the_last_slot() -> None:
    layout = ObservationLayout(GameConfig(), history_slots=2)
    hand = HandState.new(deck=DECK, button=0)
    encoder = SeatEncoder(layout, 0).reset(hand)
    amounts = [300, 600, 1200, 2400, 4800, 9600, 19200]
    for i, amount in enumerate(amounts):
        hand.raise_to(amount)
        vector = encoder.encode(hand)
        latest = f"preflop_{min(i, 1)}_{'self' if i % 2 == 0 else 'opp'}"
        assert value(vector, latest, layout) == 1
        assert value(vector, "preflop_raises_self", layout) == min((i + 2) // 2, MAX_RAISE_COUNT)
    assert value(vector, "preflop_0_self", layout) == 1  # the first action stays in slot 0


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([1, 3, 6]))
def test_incremental_encoding_equals_a_fresh_encoding_and_stays_in_bounds(seed: int, slots: int) -> None:
    config = GameConfig(stacks=(20000, 3000))
    layout = ObservationLayout(config, slots)
    rng = np.random.default_rng(seed)
    hand = HandState.new(config, button=int(rng.integers(2)), rng=rng)
    encoders = [SeatEncoder(layout, s).reset(hand) for s in (0, 1)]
    while True:
        for seat in (0, 1):
            if rng.random() < 0.6:  # encode at irregular moments, as the environments do
                incremental = encoders[seat].encode(hand)
                assert np.array_equal(incremental, encode(hand, seat, layout))
                assert incremental in layout.space
        if hand.terminal:
            break
        if hand.can_raise and rng.random() < 0.4:
            hand.raise_to(int(rng.integers(hand.min_raise_to, hand.max_raise_to + 1)))
        elif hand.to_call and rng.random() < 0.1:
            hand.fold()
        else:
            hand.check_or_call()
    for seat in (0, 1):
        assert np.array_equal(encoders[seat].encode(hand), encode(hand, seat, layout))


@pytest.mark.parametrize("slots", [0, -1, 1.5, True])
def test_bad_history_slots_are_rejected(slots: object) -> None:
    with pytest.raises(ConfigError):
        ObservationLayout(GameConfig(), slots)  # type: ignore[arg-type]
