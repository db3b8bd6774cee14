"""Behaviour of each simple bot, and agreement between act and action_probabilities."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest

from baselines import make
from baselines.policy import pot_raise_to
from baselines.simple import FishBot, FoldBot, HonestBot, ManiacBot, RandomBot, view_equity
from pokergym.agents import Action, ActionKind, PlayerView
from pokergym.cards import parse_cards
from pokergym.engine import GameConfig, HandState
from pokergym.errors import AgentError, ConfigError

DEEP = GameConfig()


def hand(cards: str, *moves: Action, config: GameConfig = DEEP, button: int = 0) -> HandState:
    state = HandState.new(config, button=button, deck=parse_cards(cards))
    for move in moves:
        state.apply(move)
    return state


def actor_view(state: HandState) -> PlayerView:
    return state.view(state.actor)


# Deck order: button hole, big-blind hole, board.
ACES = "AsAh7c2d2s5h9dKc3h"  # the button holds aces
TRASH = "7c2dAsAh2s5h9dKc3h"  # the button holds 7-2 offsuit
RIVER_NUTS = "AsKs7c2dQsJsTs4h3c"  # the button flops a royal flush


def test_fold_bot_folds_to_bets_and_checks_when_free() -> None:
    bot = FoldBot()
    assert bot.action_probabilities(actor_view(hand(ACES))) == [(Action.fold(), 1.0)]
    limped = hand(ACES, Action.call())
    assert bot.action_probabilities(actor_view(limped)) == [(Action.check(), 1.0)]


def test_maniac_never_folds_and_raises_with_its_aggression() -> None:
    bot = ManiacBot(aggression=0.8, sizes=(0.1, 0.5, 1.0, 200.0))  # 0.1 and 0.5 pot both clamp to 200
    dist = dict(bot.action_probabilities(actor_view(hand(ACES))))
    expected = {Action.call(): 0.2, Action.raise_to(200): 0.4, Action.raise_to(300): 0.2, Action.raise_to(20000): 0.2}
    assert dist == pytest.approx(expected)
    short = hand(ACES, config=GameConfig(stacks=(150, 20000)))  # 1.5 BB: every size is all-in
    assert dict(bot.action_probabilities(actor_view(short))) == pytest.approx(
        {Action.call(): 0.2, Action.raise_to(150): 0.8}
    )
    facing_all_in = hand(ACES, Action.all_in())  # the big blind cannot raise: calls
    assert bot.action_probabilities(actor_view(facing_all_in)) == [(Action.call(), 1.0)]
    assert ManiacBot(aggression=1.0, sizes=(1.0,)).action_probabilities(actor_view(hand(ACES))) == [
        (Action.raise_to(300), 1.0)
    ]


def test_honest_bot_follows_equity_and_pot_odds() -> None:
    bot = HonestBot()
    assert bot.act(actor_view(hand(ACES))) == Action.raise_to(250)  # 0.75 pot: 100 + 0.75 x 200
    assert bot.act(actor_view(hand(TRASH))) == Action.call()  # 35% equity beats 25% pot odds
    # The small blind limps and the big blind moves all-in: 7-2 folds, aces call (raising is not possible).
    assert bot.act(actor_view(hand(TRASH, Action.call(), Action.all_in()))) == Action.fold()
    assert bot.act(actor_view(hand(ACES, Action.call(), Action.all_in()))) == Action.call()
    # On the flop the big blind (aces) checks; 7-2 on the button checks behind.
    flop = hand(TRASH, Action.call(), Action.check(), Action.check())
    assert flop.actor == 0 and bot.act(actor_view(flop)) == Action.check()
    # A made royal flush raises a flop bet for value.
    nuts = hand(RIVER_NUTS, Action.call(), Action.check(), Action.raise_to(400))
    assert nuts.actor == 0 and bot.act(actor_view(nuts)) == Action.raise_to(pot_raise_to(actor_view(nuts), 0.75))


def test_fish_calls_too_wide_and_blunders_with_strong_hands() -> None:
    fish = FishBot()
    weak = dict(fish.action_probabilities(actor_view(hand(TRASH))))
    assert weak == pytest.approx({Action.fold(): 0.65, Action.call(): 0.35})
    middling = "Jc4d7c2d2s5h9hKc3h"  # J-4 offsuit on the button (about 46% against a random hand)
    assert 0.4 <= view_equity(actor_view(hand(middling)), 200) < 0.7
    # Facing a 200 BB shove after limping, a middling hand still calls (honest folds it).
    shoved = hand(middling, Action.call(), Action.all_in())
    assert fish.action_probabilities(actor_view(shoved)) == [(Action.call(), 1.0)]
    assert HonestBot().act(actor_view(shoved)) == Action.fold()
    strong = dict(fish.action_probabilities(actor_view(hand(ACES))))
    assert strong == pytest.approx({Action.fold(): 0.05, Action.call(): 0.85, Action.raise_to(200): 0.1})
    # The button flopped a royal flush and the big blind checked to it: it bets only 10% of the time.
    unopposed = hand(RIVER_NUTS, Action.call(), Action.check(), Action.check())
    bets = dict(fish.action_probabilities(actor_view(unopposed)))
    assert bets == pytest.approx({Action.check(): 0.9, Action.raise_to(pot_raise_to(actor_view(unopposed), 0.5)): 0.1})


def test_equity_is_a_pure_function_of_the_cards() -> None:
    flop = hand(TRASH, Action.call(), Action.check())
    first = view_equity(actor_view(flop), 100, seed=1)
    assert view_equity(actor_view(flop), 100, seed=1) == first
    assert HonestBot(samples=37, seed=5).action_probabilities(actor_view(flop)) == HonestBot(
        samples=37, seed=5
    ).action_probabilities(actor_view(flop))


@pytest.mark.parametrize(
    ("cls", "options", "message"),
    [
        (ManiacBot, {"aggression": -0.1}, "probability"),
        (ManiacBot, {"sizes": ()}, "positive pot fractions"),
        (ManiacBot, {"sizes": (1.0, math.inf)}, "positive pot fractions"),
        (HonestBot, {"samples": True}, "positive integer"),
        (HonestBot, {"bet_fraction": 0.0}, "bet_fraction"),
        (FishBot, {"raise_prob": 0.7, "strong_fold_prob": 0.4}, "must not exceed 1"),
        (FishBot, {"bet_fraction": -1.0}, "bet_fraction"),
    ],
)
def test_bad_options_raise_config_error(cls: type, options: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        cls(**options)


def test_bots_refuse_to_act_out_of_turn() -> None:
    state = hand(ACES)
    for name in ("fold", "maniac", "honest", "random", "call"):
        with pytest.raises(AgentError, match="not its turn"):
            make(name).action_probabilities(state.view(1))  # type: ignore[attr-defined]


def bucket(action: Action, name: str) -> tuple[ActionKind, int]:
    """The action itself, except that the random bot's raises are pooled (it has thousands of sizes)."""
    if name == "random" and action.kind in (ActionKind.BET, ActionKind.RAISE):
        return (ActionKind.RAISE, 0)
    return (action.kind, action.amount)


@pytest.mark.parametrize("name", ["maniac", "fish:raise_prob=0.3,strong_fold_prob=0.2", "random"])
def test_act_samples_match_action_probabilities(name: str) -> None:
    """Empirical frequencies of act over many generators agree with the reported distribution."""
    states = [
        hand(ACES),  # facing the big blind, raise allowed
        hand(ACES, Action.call()),  # big blind may check or bet
        hand(TRASH, Action.raise_to(300)),  # big blind with aces facing a raise
    ]
    draws = 3000
    for state in states:
        agent = make(name)
        view = actor_view(state)
        dist = agent.action_probabilities(view)  # type: ignore[attr-defined]
        counts: Counter[tuple[ActionKind, int]] = Counter()
        for i in range(draws):
            agent.reset(view.seat, np.random.default_rng(i))
            counts[bucket(agent.act(view), name)] += 1
        expected: Counter[tuple[ActionKind, int]] = Counter()
        for action, p in dist:
            expected[bucket(action, name)] += p
        assert set(counts) <= set(expected)
        for key, p in expected.items():
            sigma = math.sqrt(p * (1 - p) / draws)
            assert abs(counts[key] / draws - p) <= 5 * sigma + 1e-9, (name, key, counts[key] / draws, p)


def test_random_bot_raise_sizes_follow_the_log_uniform_law() -> None:
    view = actor_view(hand(ACES))  # raises from 200 to 20000
    dist = RandomBot().action_probabilities(view)
    raises = [(a.amount, p) for a, p in dist if a.kind == ActionKind.RAISE]
    assert [a for a, _ in raises] == list(range(200, 20001))
    # A log-uniform size falls below the geometric mean (2000) half of the time.
    assert sum(p for a, p in raises if a < 2000) + 0.5 * dict(raises)[2000] == pytest.approx(1 / 6, abs=1e-4)
    agent = RandomBot()
    agent.reset(0, np.random.default_rng(9))
    sampled = [agent.act(view) for _ in range(4000)]
    sizes = np.array([a.amount for a in sampled if a.kind == ActionKind.RAISE])
    assert abs(np.mean(sizes < 2000) - 0.5) < 0.05
    short = hand(ACES, config=GameConfig(stacks=(150, 20000)))  # only an all-in raise is possible
    assert dict(RandomBot().action_probabilities(actor_view(short))) == pytest.approx(
        {Action.fold(): 1 / 3, Action.call(): 1 / 3, Action.raise_to(150): 1 / 3}
    )
