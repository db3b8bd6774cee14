"""Environment-level regressions for the rules defects found in RLCard and PettingZoo's hold'em.

Each test names the anchor behaviour it guards against (see
``shared/reference/anchors.md``).
"""

from __future__ import annotations

import itertools

import gymnasium as gym
import numpy as np
import pytest

import pokergym  # noqa: F401  (registers HUNL-v0)
from pokergym.engine import ActionKind, Street
from pokergym.envs import HUNLEnv
from pokergym.errors import IllegalActionError
from pokergym.pettingzoo import hunl_v0


def test_button_rotates_across_resets_in_both_envs() -> None:
    # Anchor: the button never rotates across resets.
    env = gym.make("HUNL-v0")
    gym_buttons = [env.reset(seed=1 if i == 0 else None)[1]["button"] for i in range(6)]
    aec = hunl_v0.env()
    aec_buttons = []
    for i in range(6):
        aec.reset(seed=1 if i == 0 else None)
        aec_buttons.append(aec.unwrapped.hand.button)
    for buttons in (gym_buttons, aec_buttons):
        assert all(a != b for a, b in itertools.pairwise(buttons))


def test_big_blind_acts_first_after_the_flop() -> None:
    # Anchor: the small blind (button) also acts first on every postflop street.
    aec = hunl_v0.env(button=0)
    aec.reset(seed=2)
    assert aec.agent_selection == "player_0"  # button first preflop
    aec.step(1)
    aec.step(1)
    assert aec.unwrapped.hand.street == Street.FLOP and aec.agent_selection == "player_1"
    env = HUNLEnv(button=0)  # the learner (seat 0) is the button: the calling station acts first on the flop
    env.reset(seed=2)
    _, _, _, _, info = env.step(1)
    flop = [r for r in info["history"] if r.street == Street.FLOP]
    assert [r.seat for r in flop] == [1] and env.hand.actor == 0


def test_sub_minimum_sizes_are_clamped_or_masked() -> None:
    # Anchor: 13% of half-pot/pot raises were below the legal minimum raise.
    env = HUNLEnv(button=1)
    env.reset(seed=3)  # the calling station limped
    env.step(7)  # the learner raises 2 x pot: 100 + 2 x 200 = 500
    hand = env.hand
    assert hand.history[-1].to == 500
    aec = hunl_v0.raw_env(button=0)
    aec.reset(seed=3)
    aec.step(1)
    aec.step(7)  # big blind raises to 500 (increment 400)
    codec = aec.codec
    amounts = codec.raise_amounts(aec.hand)  # type: ignore[attr-defined]
    assert min(amounts) == aec.hand.min_raise_to == 900
    mask = aec.observe("player_0")["action_mask"]
    legal = [a for a, m in zip(amounts, mask[2:-1], strict=True) if m]
    assert legal == sorted(set(legal)) and all(a >= 900 for a in legal)


def test_preflop_pot_raise_is_three_big_blinds() -> None:
    # Anchor: "raise pot" added the pot to the player's own bet (2 BB instead of 3 BB).
    env = HUNLEnv(button=0)
    env.reset(seed=4)
    pot_id = 2 + env.codec.fractions.index(1.0)  # type: ignore[attr-defined]
    _, _, _, _, info = env.step(pot_id)
    assert info["history"][0].to == 300 and info["history"][0].kind == ActionKind.RAISE


def test_the_off_turn_mask_is_all_zeros() -> None:
    # Anchor: the off-turn agent's mask is the acting agent's mask.
    aec = hunl_v0.env()
    aec.reset(seed=5)
    actor = aec.agent_selection
    other = next(a for a in aec.agents if a != actor)
    assert aec.observe(actor)["action_mask"].any()
    assert not aec.observe(other)["action_mask"].any()


@pytest.mark.parametrize("mode", ["discrete", "continuous", "chips"])
def test_illegal_actions_never_become_check_or_fold(mode: str) -> None:
    # Anchor: illegal actions silently become check or fold.
    fold = {"discrete": 0, "continuous": np.array([-1.0, 0.0], np.float32), "chips": np.array([0, 0])}[mode]
    env = HUNLEnv(button=1, action_mode=mode)  # the learner is the big blind facing a limp: folding is illegal
    env.reset(seed=6)
    before = list(env.hand.history)
    with pytest.raises(IllegalActionError):
        env.step(fold)
    assert env.hand.history == before and not env.hand.terminal
    penalised = HUNLEnv(button=1, action_mode=mode, illegal_action="penalty")
    penalised.reset(seed=6)
    _, reward, terminated, _, info = penalised.step(fold)
    assert terminated and info["illegal_action"] and reward == -200.0
    assert list(penalised.hand.history) == before and penalised.hand.payoffs is None


def test_fold_is_masked_when_checking_is_free() -> None:
    # Anchor: fold is legal when checking is free.
    env = HUNLEnv(button=1)
    obs, _ = env.reset(seed=7)
    assert env.hand.to_call == 0 and obs["action_mask"][0] == 0
    obs, *_ = env.step(1)  # the learner checks its option and opens the flop: checking is free again
    assert env.hand.street == Street.FLOP and env.hand.actor == 0 and obs["action_mask"][0] == 0


def test_observation_separates_cards_and_carries_the_table_state() -> None:
    # Anchor: the observation mixes hole and board cards and has no pot, stacks, street or position.
    env = HUNLEnv(button=0)
    env.reset(seed=8)
    obs, *_ = env.step(1)  # the calling station checks its option: the flop is dealt
    names = env.feature_names
    vector = obs["observation"]
    hole = {names[i][5:] for i in np.flatnonzero(vector[:52])}
    board = {names[52 + i][6:] for i in np.flatnonzero(vector[52:104])}
    assert len(hole) == 2 and len(board) == 3 and not hole & board
    assert vector[names.index("street_flop")] == 1
    assert vector[names.index("is_button")] == 1
    assert vector[names.index("pot")] == pytest.approx(0.02)
    assert vector[names.index("stack_self")] == pytest.approx(1.99)
    assert vector[names.index("stack_opp")] == pytest.approx(1.99)
