from __future__ import annotations

import math

import numpy as np
import pytest

from baselines.cfr import CFRBucketAgent
from baselines.policy import PolicyAgent
from pokergym.agents import ActionKind, RandomAgent, play_hand
from pokergym.cards import parse_cards
from pokergym.engine import GameConfig, HandState, Street

CONFIGS = (
    GameConfig(),
    GameConfig(stacks=(100, 20000)),
    GameConfig(stacks=(20000, 100)),
    GameConfig(stacks=(150, 150)),
    GameConfig(stacks=(30, 20000)),
    GameConfig(stacks=(20000, 900)),
)


class Checked(CFRBucketAgent):
    """Checks every decision against its reported distribution."""

    def act(self, view):  # type: ignore[no-untyped-def]
        distribution = self.action_probabilities(view)
        assert math.isclose(sum(p for _, p in distribution), 1.0, abs_tol=1e-9)
        assert all(p > 0 for _, p in distribution)
        legal = view.legal
        for action, _ in distribution:
            if action.kind in (ActionKind.BET, ActionKind.RAISE):
                assert legal.can_raise and legal.min_raise_to <= action.amount <= legal.max_raise_to
            elif action.kind == ActionKind.FOLD:
                assert legal.can_fold
            elif action.kind == ActionKind.CHECK:
                assert legal.can_check
            else:
                assert legal.can_call
        chosen = super().act(view)
        assert chosen in [a for a, _ in distribution]
        return chosen


def test_is_a_policy_agent() -> None:
    agent = CFRBucketAgent()
    assert isinstance(agent, PolicyAgent) and agent.name == "cfr"


@pytest.mark.parametrize("config", CONFIGS)
def test_legal_and_consistent_over_many_hands(config: GameConfig) -> None:
    agent = Checked()
    for hand in range(120):
        rng = np.random.default_rng(hand)
        opponent = RandomAgent()
        agents = [agent, opponent] if hand % 2 else [opponent, agent]
        state = HandState.new(config, button=hand % 2, rng=rng)
        play_hand(state, agents, [np.random.default_rng(1000 + hand), np.random.default_rng(2000 + hand)])
        assert state.terminal


def test_self_play_reaches_postflop_raises() -> None:
    agents = [Checked(), Checked()]
    for hand in range(60):
        state = HandState.new(button=hand % 2, rng=np.random.default_rng(hand))
        play_hand(state, agents, [np.random.default_rng(hand + 7), np.random.default_rng(hand + 8)])


def _flop_state() -> HandState:
    # seat 0 (button) AsKd, seat 1 7c7h; flop Ks 8h 2c, pot 200
    state = HandState.new(deck=parse_cards("AsKd 7c7h Ks8h2c 3d 4s"))
    state.call()
    state.check()
    return state


def test_bet_size_mapping_and_histories() -> None:
    agent = CFRBucketAgent()
    state = _flop_state()
    assert agent.abstract_state(state.view(1)) == ("flop", "low_dry", "", 6)  # 77 below the 8: weak_made
    for to, k in ((100, 1), (132, 1), (165, 1), (170, 2), (1000, 2)):
        probe = state.copy()
        probe.raise_to(to)
        assert agent.abstract_state(probe.view(0))[2] == f"b{k}"
    state.check()
    assert agent.abstract_state(state.view(0))[2] == "x"
    state.raise_to(100)  # IP bets half the pot: nearest 0.66
    assert agent.abstract_state(state.view(1))[2] == "xb1"
    state.raise_to(350)  # OOP raises
    assert agent.abstract_state(state.view(0))[2] == "xb1r"
    state.raise_to(1200)  # IP re-raises: off the tree, OOP's facing-raise node
    assert agent.abstract_state(state.view(1))[2] == "b1r"


def test_concrete_sizes() -> None:
    agent = CFRBucketAgent()
    state = _flop_state()
    view = state.view(1)
    amounts = sorted(
        a.amount for a, _ in agent.action_probabilities(view) if a.kind in (ActionKind.BET, ActionKind.RAISE)
    )
    assert set(amounts) <= {100, 132, 200}  # a third of the pot is below the minimum bet
    state.raise_to(120)
    raises = [a.amount for a, _ in agent.action_probabilities(state.view(0)) if a.kind == ActionKind.RAISE]
    assert raises in ([], [120 + 300])


def test_short_stack_turns_bets_into_all_ins() -> None:
    state = HandState.new(GameConfig(stacks=(20000, 250)), deck=parse_cards("AsKd 7c7h Ks8h2c 3d 4s"))
    state.call()
    state.check()
    state.raise_to(150)  # big blind all-in
    for action, _ in CFRBucketAgent().action_probabilities(state.view(0)):
        assert action.kind in (ActionKind.FOLD, ActionKind.CALL)


def test_preflop_uses_the_range_tables() -> None:
    from pokergym.context.preflop import preflop_probabilities

    view = HandState.new(rng=np.random.default_rng(3)).view(0)
    assert view.street == Street.PREFLOP
    assert CFRBucketAgent().action_probabilities(view) == preflop_probabilities(view)


def test_deep_preflop_fallback_is_counted() -> None:
    state = HandState.new(deck=parse_cards("AsAd 7c7h Ks8h2c 3d 4s"))
    for to in (250, 900, 2700, 6000, 12000):
        state.raise_to(to)
    agent = CFRBucketAgent()
    agent.reset(state.actor, np.random.default_rng(0))
    action = agent.act(state.view(state.actor))
    assert action.kind in (ActionKind.CALL, ActionKind.FOLD)
    assert agent.fallbacks["deep_preflop"] == 1
