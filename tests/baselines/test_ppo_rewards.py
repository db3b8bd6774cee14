"""The training reward without all-in luck: called all-ins before the river paid at their exact equity."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import pokergym  # noqa: F401  (registers HUNL-v0)
from baselines.ppo.rewards import AllInEquityReward
from pokergym.arena.variance import allin_chips
from pokergym.engine import HandHistory
from pokergym.evaluator.equity import equity_hand_vs_hand


def _play(env: gym.Env, seed: int, pick: str) -> tuple[float, dict, gym.Env]:  # type: ignore[type-arg]
    """One hand: the learner shoves (``"shove"``) or checks and calls down (``"passive"``)."""
    observation, _ = env.reset(seed=seed)
    while True:
        mask = observation["action_mask"]
        legal = np.flatnonzero(mask)
        action = int(legal[-1]) if pick == "shove" else int(legal[1] if mask[1] else legal[0])
        observation, reward, terminated, _, info = env.step(action)
        if terminated:
            return float(reward), info, env


@pytest.mark.parametrize("seed", range(8))
def test_a_called_shove_pays_its_exact_equity(seed: int) -> None:
    env = AllInEquityReward(gym.make("HUNL-v0", opponent="call"))
    reward, info, _ = _play(env, seed, "shove")
    hand = HandHistory.from_state(env.unwrapped.hand)  # type: ignore[attr-defined]
    learner = info["seat"]
    chips = allin_chips(hand) if learner == 0 else -allin_chips(hand)
    assert env.adjusted == 1 and reward * 100 == pytest.approx(chips) == info["allin_chips"]
    assert info["chips"] in (-20000, 0, 20000)  # what the hand really paid stays in the info
    if hand.actions[-1].street == 0:  # preflop: the equity of the two hands over every board
        equity = equity_hand_vs_hand(hand.hole_cards[learner], hand.hole_cards[1 - learner]).equity
        assert reward == pytest.approx(400.0 * equity - 200.0, abs=1e-6)


def test_hands_without_an_early_all_in_pay_their_chips() -> None:
    plain, wrapped = gym.make("HUNL-v0", opponent="call"), AllInEquityReward(gym.make("HUNL-v0", opponent="call"))
    for seed in range(20):
        expected, _, _ = _play(plain, seed, "passive")
        reward, info, _ = _play(wrapped, seed, "passive")
        assert reward == expected == info["chips"] / 100
    assert wrapped.adjusted == 0


def test_the_league_tables_can_pay_all_ins_at_equity() -> None:
    pytest.importorskip("sb3_contrib")
    from baselines.ppo.train import LeagueTables

    tables = LeagueTables(2, ("call",), allin_reward=True)
    assert all(isinstance(env, AllInEquityReward) for env in tables.env.venv.envs)
    assert not any(isinstance(env, AllInEquityReward) for env in LeagueTables(2, ("call",)).env.venv.envs)
