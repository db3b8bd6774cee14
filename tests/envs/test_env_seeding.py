"""The counter-based dealer and how both environments seed from it."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from pokergym.agents import CallAgent, RandomAgent
from pokergym.engine.dealer import DEALS, GOLDEN, LIMIT, Dealer, deal, mix64, seed_key
from pokergym.envs import HUNLEnv
from pokergym.pettingzoo import hunl_v0

_MASK64 = (1 << 64) - 1


def test_mix64_is_splitmix64() -> None:
    # The first three outputs of SplitMix64 seeded with 1234567 (the reference generator's published test vector).
    state = 1234567
    outputs = []
    for _ in range(3):
        state = (state + GOLDEN) & _MASK64
        outputs.append(mix64(state))
    assert outputs == [6457827717110365317, 3203168211198807973, 9817491932198370423]


def test_limit_is_the_largest_even_multiple_of_the_deal_count() -> None:
    assert LIMIT % (2 * DEALS) == 0 and LIMIT <= 1 << 64 < LIMIT + 2 * DEALS


def test_redrawn_deals_are_still_valid() -> None:
    key = seed_key(0)
    redrawn = [n for n in range(100_000) if mix64((key + (n + 1) * GOLDEN) & _MASK64) >= LIMIT]
    assert redrawn, "some draw in 100,000 should exceed the limit (probability 1.4e-4 each)"
    for n in redrawn:
        cards, bit = deal(key, n)
        assert len(set(cards)) == 9 and all(0 <= c < 52 for c in cards) and bit in (0, 1)


def test_cards_and_button_bits_are_spread_evenly() -> None:
    key = seed_key(2024)
    positions: list[Counter[int]] = [Counter() for _ in range(9)]
    bits = 0
    hands = 52_000
    for n in range(hands):
        cards, bit = deal(key, n)
        bits += bit
        for position, card in enumerate(cards):
            positions[position][card] += 1
    # 1,000 expected per card and position; 6 standard deviations is about 190.
    for counts in positions:
        assert len(counts) == 52 and max(abs(c - 1000) for c in counts.values()) < 190
    assert abs(bits - hands / 2) < 6 * (hands / 4) ** 0.5


def test_seed_keys() -> None:
    assert seed_key(0) != seed_key(1) != seed_key(1 << 64)
    assert seed_key(1 << 64) != seed_key(0)  # the high word counts
    for bad in (-1, 1.5, "3", True):
        with pytest.raises(ValueError, match="non-negative int"):
            seed_key(bad)  # type: ignore[arg-type]


def test_dealer_counts_hands_and_reseeds() -> None:
    dealer = Dealer.from_seed(9)
    first = [dealer.deal() for _ in range(3)]
    assert dealer.count == 3 and len({cards for cards, _ in first}) == 3
    dealer.reseed(seed_key(9))
    assert dealer.deal() == first[0]
    assert "count=1" in repr(dealer)


def test_gym_and_aec_deal_the_same_first_hand_for_a_seed() -> None:
    for seed in range(20):
        gym_env = HUNLEnv()  # the call station never folds, so the first hand is the learner's
        gym_env.reset(seed=seed)
        aec = hunl_v0.raw_env()
        aec.reset(seed=seed)
        cards, bit = deal(seed_key(seed), 0)
        assert gym_env.hand.deck == aec.hand.deck == cards
        assert gym_env.hand.button == aec.hand.button == bit


def test_np_random_is_default_rng_of_the_seed_and_independent_of_the_deal() -> None:
    env = HUNLEnv()
    env.reset(seed=42)
    assert env.np_random_seed == 42
    assert env.np_random.bit_generator.state == np.random.default_rng(42).bit_generator.state
    env.np_random.random(10)  # drawing from np_random never changes the cards
    env.reset()
    untouched = HUNLEnv()
    untouched.reset(seed=42)
    untouched.reset()
    assert env.hand.deck == untouched.hand.deck


def test_np_random_spawns_the_children_of_the_seed() -> None:
    env = HUNLEnv()
    for _ in range(2):  # seeded again, the same children
        env.reset(seed=42)
        child = env.np_random.spawn(1)[0]
        assert child.random() == np.random.default_rng(42).spawn(1)[0].random()
    env.reset(seed=7)
    assert env.np_random.spawn(1)[0].random() != np.random.default_rng(42).spawn(1)[0].random()


def test_assigned_np_random_is_kept_until_the_next_seed() -> None:
    env = HUNLEnv()
    mine = np.random.default_rng(5)
    env.np_random = mine
    env.reset()
    assert env.np_random is mine
    env.reset(seed=1)
    assert env.np_random is not mine


def test_random_opponent_replays_under_the_same_seed() -> None:
    def opponent_lines(seed: int) -> list[tuple[object, ...]]:
        env = HUNLEnv(RandomAgent())
        lines: list[tuple[object, ...]] = []
        for i in range(5):
            env.reset(seed=seed if i == 0 else None)
            terminated = False
            while not terminated:
                _, _, terminated, _, _ = env.step(1)
            lines.append(tuple((r.kind, r.to) for r in env.hand.history if r.seat == 1))
        return lines

    assert opponent_lines(3) == opponent_lines(3)
    assert opponent_lines(3) != opponent_lines(4)


def test_a_call_station_generator_is_not_reseeded() -> None:
    assert CallAgent.draws_random is False and RandomAgent.draws_random is True
    env = HUNLEnv(CallAgent())
    before = env._opponent_rng.bit_generator.state
    env.reset(seed=8)
    assert env._opponent_rng.bit_generator.state == before
    drawing = HUNLEnv(RandomAgent())
    before = drawing._opponent_rng.bit_generator.state
    drawing.reset(seed=8)
    assert drawing._opponent_rng.bit_generator.state != before
