"""The contract every registered agent keeps, checked over thousands of random states."""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import compress
from operator import attrgetter, not_

import numpy as np
import pytest

from baselines import PolicyAgent, describe, make, names
from baselines.policy import ActionDistribution
from pokergym.agents import Action, ActionKind, Agent, RandomAgent, play_hand
from pokergym.engine import GameConfig, HandState, Street
from pokergym.errors import PokerGymError

# Agents that need a model endpoint test the same contract against a local server in tests/llm.
NAMES = tuple(name for name in names() if not describe(name).service)

# Specs that make an agent's play independent of wall-clock time, so that runs can be compared.
REPRODUCIBLE_SPECS = {"expectiminimax": "expectiminimax:budget_ms=none", "solver": "solver:iterations=1"}


# Decisions per agent in the random-states test: 1,200, except where each postflop decision is a fresh
# solve (about 0.15 s at one iteration): 300 still reach every street and every stack configuration.
DECISIONS = {"solver": 300, "ppo": 3000}


# Agents that do not report action probabilities (their strategy is not exposed); every
# other agent must, since variance reduction and LBR rely on it.
NO_PROBABILITIES: set[str] = set()


def build(name: str) -> Agent:
    """A fresh agent of a registered name, in its reproducible configuration."""
    return make(REPRODUCIBLE_SPECS.get(name, name))


# Deep, short, both-short and below-one-big-blind stacks (blinds 50/100).
FIXED_CONFIGS = (
    GameConfig(),
    GameConfig(stacks=(100, 20000)),
    GameConfig(stacks=(150, 150)),
    GameConfig(stacks=(20000, 60)),
    GameConfig(stacks=(30, 20000)),
)


def config_for(hand: int, rng: np.random.Generator) -> GameConfig:
    """Cycle through the fixed configs, every other hand random stacks from 1 chip to 60 BB."""
    if hand % 2:
        return FIXED_CONFIGS[(hand // 2) % len(FIXED_CONFIGS)]
    low, high = (1, 600) if hand % 4 == 0 else (1, 6000)
    return GameConfig(stacks=(int(rng.integers(low, high)), int(rng.integers(low, high))))


RAISES = (ActionKind.BET, ActionKind.RAISE)


def check_distribution(state: HandState, dist: ActionDistribution) -> Callable[[Action], bool]:
    """Positive probabilities summing to one, on distinct legal actions only.

    Returns a membership test for the support. The random bot lists every
    raise size (up to ~20,000 entries), so the per-entry work is done with
    C-level ``map``/``compress`` and raises are compared by amount (hashing
    an enum member runs Python code).
    """
    assert dist, "empty distribution"
    actions, probs = zip(*dist, strict=True)
    weights = np.array(probs)
    assert math.isclose(weights.sum(), 1.0, abs_tol=1e-9) and weights.min() > 0.0
    is_raise = list(map(RAISES.__contains__, map(attrgetter("kind"), actions)))
    raises = set(compress(map(attrgetter("amount"), actions), is_raise))
    others = set(compress(actions, map(not_, is_raise)))
    assert len(raises) + len(others) == len(dist), "repeated actions"
    legal = state.legal_actions()
    if raises:
        assert legal.can_raise and legal.min_raise_to <= min(raises) and max(raises) <= legal.max_raise_to, legal
    for action in others:
        assert state.can_apply(action), (action, legal)
    return lambda action: action.amount in raises if action.kind in RAISES else action in others


@pytest.mark.parametrize("name", NAMES)
def test_legal_actions_and_distributions_over_random_states(name: str) -> None:
    agent = build(name)
    reports = isinstance(agent, PolicyAgent)
    assert reports != (name in NO_PROBABILITIES)
    opponent = RandomAgent()
    master = np.random.default_rng(2024)
    decisions = hand = 0
    streets: set[Street] = set()
    while decisions < DECISIONS.get(name, 1200):
        config = config_for(hand, master)
        state = HandState.new(config, button=int(master.integers(2)), rng=master)
        seat = hand % 2
        agent.reset(seat, np.random.default_rng([hand, 1]))
        opponent.reset(1 - seat, np.random.default_rng([hand, 2]))
        while not state.terminal:
            view = state.view(state.actor)
            if state.actor == seat:
                in_support = check_distribution(state, agent.action_probabilities(view)) if reports else None
                action = agent.act(view)
                assert in_support is None or in_support(action), action
                assert state.can_apply(action)
                decisions += 1
                streets.add(state.street)
            else:
                action = opponent.act(view)
            state.apply(action)
        hand += 1
    assert streets == set(Street), f"{name} never acted on {set(Street) - streets}"


def _other_hole(deck: tuple[int, ...], opponent_first: int) -> tuple[int, ...]:
    """The same deck with the opponent's two hole cards replaced by unused cards."""
    unused = [c for c in range(52) if c not in deck]
    swapped = list(deck)
    swapped[opponent_first : opponent_first + 2] = unused[:2]
    return tuple(swapped)


@pytest.mark.parametrize("name", NAMES)
def test_decisions_ignore_the_opponents_hidden_cards(name: str) -> None:
    # Fresh agents for each deal: an agent that learns from one hand must not be compared
    # with itself after a different hand.
    opponent = RandomAgent()
    for trial in range(40):
        rng = np.random.default_rng([7, trial])
        config = FIXED_CONFIGS[trial % len(FIXED_CONFIGS)]
        button, seat = trial % 2, (trial // 2) % 2
        deck = tuple(int(c) for c in rng.permutation(52)[:9])
        opponent_first = 2 if seat == button else 0  # deck: button hole, big-blind hole, board
        other = _other_hole(deck, opponent_first)
        histories = []
        for cards in (deck, other):
            agent = build(name)
            agents: list[Agent] = [opponent, agent] if seat else [agent, opponent]
            rngs = [np.random.default_rng([trial, s]) for s in (0, 1)]
            histories.append(play_hand(HandState.new(config, button=button, deck=cards), agents, rngs).history)
        assert histories[0] == histories[1]
        if name in NO_PROBABILITIES:
            continue
        # Same public history: every decision point must get the same distribution.
        judges = (build(name), build(name))
        for judge in judges:
            judge.reset(seat, np.random.default_rng([trial, seat]))
        first = HandState.new(config, button=button, deck=deck)
        second = HandState.new(config, button=button, deck=other)
        for record in histories[0]:
            if record.seat == seat:
                view_a, view_b = first.view(seat), second.view(seat)
                assert view_a == view_b
                assert judges[0].action_probabilities(view_a) == judges[1].action_probabilities(view_b)
            action = Action.raise_to(record.to) if record.kind in (ActionKind.BET, ActionKind.RAISE) else None
            for state in (first, second):
                state.apply(action or Action(record.kind))


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_actions(name: str) -> None:
    def session(seed: int) -> list[object]:
        agent, opponent = build(name), RandomAgent()
        histories: list[object] = []
        for hand in range(60):
            state = HandState.new(FIXED_CONFIGS[hand % 3], button=hand % 2, rng=np.random.default_rng([seed, hand]))
            rngs = [np.random.default_rng([seed, hand, s]) for s in (0, 1)]
            histories.append(play_hand(state, [agent, opponent], rngs).history)
        return histories

    assert session(11) == session(11)


@pytest.mark.parametrize("name", NAMES)
def test_every_option_is_documented(name: str) -> None:
    info = describe(name)
    assert info.summary
    for option in info.options:
        assert option.doc, f"option {option.name!r} of {name!r} has no docstring entry"
    assert info.options[-1].name == "name"


@pytest.mark.parametrize("name", NAMES)
def test_a_view_of_the_seat_not_to_act_is_a_typed_error(name: str) -> None:
    state = HandState.new(deck=tuple(range(9)), button=0)
    view = state.view(1 - state.actor)  # ppo divided by zero, random, call and expectiminimax raised ValueError
    agent = build(name)
    agent.reset(view.seat, np.random.default_rng(0))
    with pytest.raises(PokerGymError):
        agent.act(view)
