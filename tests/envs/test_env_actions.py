"""The action codecs: masks against the engine's legality, sizes, clamping and conversions."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokergym.cards import parse_cards
from pokergym.engine import Action, ActionKind, GameConfig, HandState
from pokergym.envs.actions import (
    ChipActions,
    ChipSpace,
    ContinuousActions,
    ContinuousSpace,
    DiscreteActions,
    make_codec,
)
from pokergym.errors import ConfigError, IllegalActionError

DECK = parse_cards("AsAh KsKh 2c7d9h Js Qd")
CODEC = DiscreteActions()


def random_state(seed: int, actions: int, stacks: tuple[int, int] = (20000, 20000)) -> HandState:
    """A hand after up to ``actions`` random legal moves (RandomAgent-style sizes)."""
    rng = np.random.default_rng(seed)
    hand = HandState.new(GameConfig(stacks=stacks), button=int(rng.integers(2)), rng=rng)
    for _ in range(actions):
        if hand.terminal:
            break
        choice = rng.integers(3)
        if choice == 0 and hand.to_call and rng.random() < 0.2:
            hand.fold()
        elif choice == 2 and hand.can_raise:
            low, high = hand.min_raise_to, hand.max_raise_to
            hand.raise_to(round(math.exp(rng.uniform(math.log(low), math.log(high)))) if low < high else high)
        else:
            hand.check_or_call()
    return hand


def mask_of(codec: DiscreteActions, hand: HandState) -> np.ndarray:
    mask = codec.mask(hand)
    assert mask.dtype == np.int8 and mask.flags.writeable and mask.shape == (codec.mask_size,)
    return mask


STATES = st.builds(
    random_state,
    st.integers(0, 2**32 - 1),
    st.integers(0, 12),
    st.sampled_from([(20000, 20000), (20000, 1000), (150, 20000), (5000, 7000)]),
)


@settings(max_examples=150, deadline=None)
@given(STATES, st.sampled_from([(0.33, 0.5, 0.75, 1.0, 1.5, 2.0), (0.01, 0.02), (1.0,), (0.5, 1.0, 3.0, 10.0, 100.0)]))
def test_mask_is_exactly_the_legal_ids(hand: HandState, fractions: tuple[float, ...]) -> None:
    codec = DiscreteActions(fractions)
    mask = mask_of(codec, hand)
    if hand.terminal:
        assert not mask.any()
        return
    applied: list[int] = []
    for index in range(codec.mask_size):
        probe = hand.copy()
        try:
            codec.apply(probe, index)
        except IllegalActionError:
            assert mask[index] == 0, f"id {index} masked legal but rejected"
            assert probe.history == hand.history, "a rejected action must leave the hand untouched"
            continue
        assert mask[index] == 1, f"id {index} applied but masked"
        record = probe.history[-1]
        assert hand.can_apply(Action(record.kind, record.to) if record.kind >= ActionKind.BET else Action(record.kind))
        if index >= 2:
            applied.append(record.to)
    assert mask[0] == (1 if hand.to_call else 0)
    assert mask[1] == 1
    assert mask[-1] == (1 if hand.can_raise else 0)
    assert len(applied) == len(set(applied)), "two ids give the same raise-to amount"
    if applied:
        assert all(hand.min_raise_to <= a <= hand.max_raise_to for a in applied)
        assert applied[-1] == hand.max_raise_to and applied.count(hand.max_raise_to) == 1


@settings(max_examples=100, deadline=None)
@given(STATES)
def test_discrete_decode_encode_round_trip(hand: HandState) -> None:
    if hand.terminal:
        return
    for index in np.flatnonzero(mask_of(CODEC, hand)):
        action = CODEC.decode(int(index), hand)
        assert hand.can_apply(action)
        assert CODEC.encode(action, hand) == index


@settings(max_examples=100, deadline=None)
@given(STATES, st.floats(0.0, 1.0))
def test_discrete_encode_picks_the_nearest_legal_size(hand: HandState, share: float) -> None:
    if hand.terminal or not hand.can_raise:
        return
    target = round(hand.min_raise_to + share * (hand.max_raise_to - hand.min_raise_to))
    index = CODEC.encode(Action.raise_to(target), hand)
    mask = mask_of(CODEC, hand)
    assert mask[index] == 1 and index >= 2
    amounts = {i: (CODEC.raise_amounts(hand)[i - 2] if i < CODEC.all_in_id else hand.max_raise_to) for i in range(2, 9)}
    gap = abs(amounts[index] - target)
    assert all(gap <= abs(amounts[i] - target) for i in range(2, 9) if mask[i])


def test_pot_fraction_is_measured_after_calling() -> None:
    hand = HandState.new(deck=DECK, button=0)
    assert CODEC.raise_amounts(hand) == [200, 200, 250, 300, 400, 500]
    hand.raise_to(300)
    # Big blind faces 300 with 400 in the pot: a pot raise is 300 + (400 + 200) = 900.
    assert CODEC.raise_amounts(hand)[3] == 900
    hand.call()
    hand.check()  # big blind checks the flop; pot 600
    assert CODEC.raise_amounts(hand) == [198, 300, 450, 600, 900, 1200]


def test_small_sizes_clamp_to_the_minimum_raise_and_duplicates_are_masked() -> None:
    hand = HandState.new(deck=DECK, button=0)
    hand.call()
    hand.raise_to(2000)  # small blind faces a raise of 1900: min re-raise to 3900
    amounts = CODEC.raise_amounts(hand)
    assert amounts[0] == hand.min_raise_to == 3900
    mask = mask_of(CODEC, hand)
    assert [a for a, m in zip(amounts, mask[2:-1], strict=True) if m] == sorted(set(amounts) - {hand.max_raise_to})


def test_sizes_reaching_all_in_are_masked() -> None:
    hand = HandState.new(GameConfig(stacks=(600, 600)), deck=DECK, button=0)
    amounts = CODEC.raise_amounts(hand)
    assert amounts == [200, 200, 250, 300, 400, 500]
    hand.raise_to(300)
    # The big blind may raise to 500..600: the smallest size clamps to 500, every other one to all-in.
    assert CODEC.raise_amounts(hand) == [500, 600, 600, 600, 600, 600]
    assert mask_of(CODEC, hand).tolist() == [1, 1, 1, 0, 0, 0, 0, 0, 1]


def test_fold_is_masked_and_rejected_when_checking_is_free() -> None:
    hand = HandState.new(deck=DECK, button=0)
    hand.call()
    assert mask_of(CODEC, hand)[0] == 0
    with pytest.raises(IllegalActionError, match=r"legal: check \(1\)"):
        CODEC.apply(hand, 0)
    assert len(hand.history) == 1


def test_all_in_id_is_masked_when_only_a_call_is_possible() -> None:
    hand = HandState.new(GameConfig(stacks=(20000, 3000)), deck=DECK, button=0)
    hand.raise_to(5000)  # the big blind (3000 chips) can only call all-in or fold
    assert mask_of(CODEC, hand).tolist() == [1, 1, 0, 0, 0, 0, 0, 0, 0]
    assert CODEC.encode(Action.all_in(), hand) == 1


@pytest.mark.parametrize("bad", [True, 1.0, "1", None, -1, 9, np.float32(1)])
def test_discrete_rejects_ids_outside_the_space(bad: object) -> None:
    with pytest.raises(IllegalActionError):
        CODEC.apply(HandState.new(deck=DECK), bad)


def test_discrete_accepts_numpy_integers() -> None:
    hand = HandState.new(deck=DECK)
    CODEC.apply(hand, np.int64(1))
    CODEC.apply(hand, np.array(1))
    assert hand.street == 1


def test_encode_rejects_an_illegal_engine_action() -> None:
    hand = HandState.new(deck=DECK)
    with pytest.raises(IllegalActionError):
        CODEC.encode(Action.check(), hand)


@pytest.mark.parametrize("fractions", [(), (0.5, 0.5), (1.0, 0.5), (0.0,), (-1.0,), (math.inf,), (math.nan,)])
def test_bad_fractions_are_rejected(fractions: tuple[float, ...]) -> None:
    with pytest.raises(ConfigError):
        DiscreteActions(fractions)


def test_unknown_action_mode_is_rejected() -> None:
    with pytest.raises(ConfigError, match="action_mode"):
        make_codec("matrix", GameConfig())


# --------------------------------------------------------------------------- continuous
def test_continuous_kind_thirds_and_log_size() -> None:
    codec = ContinuousActions()
    hand = HandState.new(deck=DECK, button=0)
    assert [codec.amount(hand, s) for s in (-1.0, 0.0, 1.0, 5.0)] == [200, 2000, 20000, 20000]
    for selector, kind in (
        (-0.9, ActionKind.FOLD),
        (-0.3, ActionKind.CALL),
        (0.3, ActionKind.CALL),
        (0.34, ActionKind.RAISE),
    ):
        probe = hand.copy()
        codec.apply(probe, [selector, -1.0])
        assert probe.history[-1].kind == kind


def test_continuous_fold_when_checking_is_free_is_illegal() -> None:
    codec = ContinuousActions()
    hand = HandState.new(deck=DECK, button=0)
    hand.call()
    with pytest.raises(IllegalActionError, match="fold"):
        codec.apply(hand, np.array([-1.0, 0.0], np.float32))
    assert len(hand.history) == 1


@pytest.mark.parametrize("bad", [[np.nan, 0.0], [0.0, np.inf], [1.0], "x", None])
def test_continuous_rejects_malformed_actions(bad: object) -> None:
    with pytest.raises(IllegalActionError):
        ContinuousActions().apply(HandState.new(deck=DECK), bad)


@settings(max_examples=100, deadline=None)
@given(STATES, st.floats(0.0, 1.0))
def test_continuous_encode_round_trips_raise_amounts(hand: HandState, share: float) -> None:
    codec = ContinuousActions()
    if hand.terminal or not hand.can_raise:
        return
    target = round(hand.min_raise_to * (hand.max_raise_to / hand.min_raise_to) ** share)
    target = min(max(target, hand.min_raise_to), hand.max_raise_to)
    point = codec.encode(Action.raise_to(target), hand)
    assert point in codec.space
    probe = hand.copy()
    codec.apply(probe, point)
    assert abs(probe.history[-1].to - target) <= max(1, 1e-5 * target)


@settings(max_examples=100, deadline=None)
@given(STATES, st.integers(0, 2**32 - 1))
def test_continuous_space_samples_are_legal_under_the_mask(hand: HandState, seed: int) -> None:
    codec = ContinuousActions()
    if hand.terminal:
        return
    mask = codec.mask(hand)
    space = ContinuousSpace(seed=seed)
    for _ in range(5):
        codec.apply(hand.copy(), space.sample(mask))


# --------------------------------------------------------------------------- chips
def test_chips_take_exact_amounts_and_name_the_range() -> None:
    hand = HandState.new(deck=DECK, button=0)
    codec = ChipActions(hand.config)
    with pytest.raises(IllegalActionError, match=r"bet/raise to 200\.\.20000"):
        codec.apply(hand, [2, 199])
    codec.apply(hand, np.array([2, 777]))
    assert hand.history[-1].to == 777
    with pytest.raises(IllegalActionError, match="kind 5"):
        codec.apply(hand, [5, 0])
    with pytest.raises(IllegalActionError, match="two integers"):
        codec.apply(hand, [2.0, 900.5])  # never rounded into some other amount
    codec.apply(hand, [0, 12345])
    assert hand.terminal and hand.history[-1].kind == ActionKind.FOLD


@settings(max_examples=100, deadline=None)
@given(STATES)
def test_chips_encode_round_trip(hand: HandState) -> None:
    if hand.terminal:
        return
    codec = ChipActions(hand.config)
    candidates = [Action.fold(), Action.check(), Action.call(), Action.all_in()]
    if hand.can_raise:
        candidates.append(Action.raise_to(hand.min_raise_to))
    for action in candidates:
        if not hand.can_apply(action):
            continue
        pair = codec.encode(action, hand)
        assert pair in codec.space
        direct, coded = hand.copy(), hand.copy()
        direct.apply(action)
        codec.apply(coded, pair)
        assert direct.history == coded.history


def test_chip_space_sampling_respects_the_kind_mask() -> None:
    space = ChipSpace(1000, seed=1)
    kinds = {int(space.sample(np.array([1, 0, 1], np.int8))[0]) for _ in range(50)}
    assert kinds == {0, 2}
    assert space.sample((np.array([0, 1, 0], np.int8), np.ones(1001, np.int8)))[0] == 1


def test_every_codec_names_its_mask_entries() -> None:
    config = GameConfig()
    for mode in ("discrete", "continuous", "chips"):
        codec = make_codec(mode, config)
        assert len(codec.mask_names) == codec.mask_size == len(set(codec.mask_names))
    assert DiscreteActions((0.5, 1.0)).mask_names == ("fold", "check_call", "raise_0.5pot", "raise_1pot", "all_in")
