from __future__ import annotations

import time

import numpy as np
import pytest

from baselines.expectiminimax import (
    ExpectiminimaxAgent,
    OpponentModel,
    SearchConfig,
    Strength,
    UtilityWeights,
    abstract_actions,
    ahead_confidence,
    determinize,
    hand_strength,
    heuristic_utility,
    search,
)
from baselines.policy import DistributionAgent, check_or_call, legal_of, pot_raise_to
from baselines.simple import CallBot, RandomBot
from pokergym.agents import Action, PlayerView, play_hand
from pokergym.cards import parse_cards
from pokergym.engine import ActionKind, GameConfig, HandState, Street

EXACT = {"depth": 3, "budget_ms": None}


def decide(view: PlayerView, seed: int = 0, **options: object) -> Action:
    agent = ExpectiminimaxAgent(**{**EXACT, "seed": seed, **options})  # type: ignore[arg-type]
    agent.reset(view.seat, np.random.default_rng(seed))
    action = agent.act(view)
    assert agent.action_probabilities(view) == [(action, 1.0)]
    return action


def river_spot(deck: str, actions: list[str]) -> HandState:
    """Button 0; preflop raise-call, then checks to the river, then ``actions`` on the river."""
    state = HandState.new(deck=parse_cards(deck), button=0)
    state.raise_to(300)
    state.call()
    for _ in range(4):  # flop and turn checked through
        state.check()
    for action in actions:
        if action == "shove":
            state.all_in()
        elif action == "pot":
            state.raise_to(state.pot)
        else:
            state.check()
    return state


# ---------------------------------------------------------------- constructed spots
@pytest.mark.parametrize(
    ("deck", "seed"),
    [
        ("AsAd7c2hKhQh9s5d3c", 0),  # seat 1 holds 7-2 high on a dry board
        ("KcKs8d3hAhJc9s5d2c", 1),  # seat 1: eight high
        ("QdQh6c4sAcKd9h8hTc", 2),  # seat 1: six high, straight board
    ],
)
def test_folds_hopeless_hand_to_a_shove(deck: str, seed: int) -> None:
    state = river_spot(deck, ["check", "shove"])  # seat 1 checks, seat 0 shoves
    assert state.actor == 1
    assert decide(state.view(1), seed) == Action.fold()


def test_folds_trash_preflop_to_a_shove() -> None:
    state = HandState.new(deck=parse_cards("AsAd7c2hKhQh9s5d3c"), button=0)
    state.all_in()
    assert decide(state.view(1)) == Action.fold()


@pytest.mark.parametrize("facing", ["pot", "shove"])
def test_never_folds_the_nuts(facing: str) -> None:
    # seat 1 holds the royal flush on the river and faces a bet
    state = river_spot("7c2dAhKhQhJhTh4s5c", ["check", facing])
    action = decide(state.view(1))
    assert action.kind in (ActionKind.CALL, ActionKind.RAISE)


def test_bets_the_nuts_when_checked_to() -> None:
    state = river_spot("AhKh7c2dQhJhTh4s5c", ["check"])  # seat 0 (royal) is checked to
    assert state.actor == 0
    assert decide(state.view(0)).kind == ActionKind.RAISE


def test_calls_a_small_bet_with_a_strong_hand() -> None:
    state = river_spot("7c2dAsAhAdKc8h4s2c", ["check"])  # seat 1: trip aces
    state.raise_to(200)  # seat 0 bets small into 600
    assert decide(state.view(1)).kind in (ActionKind.CALL, ActionKind.RAISE)


# ---------------------------------------------------------------- legality and determinism
def random_views(seed: int, config: GameConfig, count: int) -> list[tuple[HandState, PlayerView]]:
    """Random legal play (biased to checks and calls) stopped at a random decision of a random hand."""
    rng = np.random.default_rng(seed)
    bot = RandomBot()
    bot.reset(0, rng)
    out = []
    while len(out) < count:
        state = HandState.new(config, button=int(rng.integers(2)), rng=rng)
        stop = int(rng.integers(0, 12))
        for _ in range(stop):
            if state.terminal:
                break
            if rng.random() < 0.6:
                state.check_or_call()
            else:
                state.apply(bot.act(state.view(state.actor)))
        if not state.terminal:
            out.append((state, state.view(state.actor)))
    return out


CONFIGS = [
    GameConfig(),
    GameConfig(stacks=(100, 20000)),
    GameConfig(stacks=(20000, 250)),
    GameConfig(stacks=(900, 700)),
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.stacks[0]}-{c.stacks[1]}")
def test_actions_are_always_legal(config: GameConfig) -> None:
    streets = set()
    for i, (state, view) in enumerate(random_views(7, config, 40)):
        streets.add(view.street)
        action = decide(view, i, depth=2 + i % 2, chance_samples=2, strength_samples=60)
        assert state.can_apply(action), (state, action)
    if config == GameConfig():
        assert streets == set(Street)


def test_determinized_state_matches_the_view() -> None:
    for state, view in random_views(3, GameConfig(stacks=(3000, 20000)), 60):
        copy = determinize(view)
        assert copy.actor == state.actor and copy.street == state.street
        assert copy.legal_actions() == state.legal_actions()
        assert copy.stacks == state.stacks and copy.bets == state.bets and copy.pot == state.pot
        assert copy.hole(view.seat) == view.hole and copy.board == view.board
        for action in abstract_actions(copy, (0.33, 0.5, 1.0, 2.0)):
            assert state.can_apply(action)


def test_same_view_and_seed_give_the_same_action_and_value() -> None:
    for i, (_, view) in enumerate(random_views(11, GameConfig(), 12)):
        results = [
            search(view, OpponentModel(), np.random.default_rng(i), SearchConfig(budget_ms=None)) for _ in range(2)
        ]
        assert results[0] == results[1]
        assert results[0].depth == 3


def test_decision_ignores_the_hand_generator() -> None:
    view = random_views(19, GameConfig(), 1)[0][1]
    actions = set()
    for seed in range(3):
        agent = ExpectiminimaxAgent(depth=2, budget_ms=None)
        agent.reset(view.seat, np.random.default_rng(seed))
        actions.add(agent.act(view))
    assert len(actions) == 1


def test_plays_whole_hands_against_random_play() -> None:
    rng = np.random.default_rng(5)
    agents = [ExpectiminimaxAgent(depth=2, budget_ms=None, strength_samples=60), RandomBot()]
    for _ in range(30):
        state = play_hand(HandState.new(rng=rng), agents, [np.random.default_rng(1), np.random.default_rng(2)])
        assert state.terminal and state.payoffs is not None


# ---------------------------------------------------------------- time budget
def test_respects_the_time_budget() -> None:
    budget = 40.0
    agent = ExpectiminimaxAgent(depth=8, budget_ms=budget)
    views = [view for _, view in random_views(13, GameConfig(), 12)]
    agent.reset(0, np.random.default_rng(0))
    agent.act(views[0])  # warm-up: numba load and the percentile table
    worst = 0.0
    for view in views:
        start = time.perf_counter()
        action = agent.act(view)
        worst = max(worst, time.perf_counter() - start)
        assert agent.last is not None and agent.last.action == action and agent.last.depth >= 1
    # lenient: the budget plus the one iteration step that may overrun it on a loaded machine
    assert worst * 1000.0 < budget * 1.1 + 60.0


def test_deeper_search_happens_with_more_time() -> None:
    view = random_views(17, GameConfig(), 1)[0][1]
    result = search(view, OpponentModel(), np.random.default_rng(0), SearchConfig(depth=2, budget_ms=10_000))
    assert result.depth == 2


# ---------------------------------------------------------------- opponent model
class FixedMix(DistributionAgent):
    """Facing a bet: fold 0.5, call 0.3, pot raise 0.2; otherwise check 0.7, pot bet 0.3."""

    name = "fixed"

    def action_probabilities(self, view: PlayerView) -> list[tuple[Action, float]]:
        legal = legal_of(view)
        passive = check_or_call(legal)
        raise_share = 0.2 if legal.can_fold else 0.3
        if not legal.can_raise:
            raise_share = 0.0
        mix = [(passive, (0.3 if legal.can_fold else 0.7) + (0.2 if legal.can_fold else 0.3) - raise_share)]
        if legal.can_fold:
            mix.append((Action.fold(), 0.5))
        if raise_share:
            mix.append((Action.raise_to(pot_raise_to(view, 1.0)), raise_share))
        return mix


class Watcher(CallBot):
    """A calling station that feeds every event to an opponent model."""

    def __init__(self) -> None:
        super().__init__()
        self.model = OpponentModel(prior=1.0)

    def observe(self, event: object) -> None:
        self.model.observe(event)  # type: ignore[arg-type]


def test_opponent_model_converges_to_fixed_frequencies() -> None:
    rng = np.random.default_rng(0)
    watcher = Watcher()
    for hand in range(1500):
        agents = [watcher, FixedMix()] if hand % 2 else [FixedMix(), watcher]
        play_hand(HandState.new(button=hand % 2, rng=rng), agents, [np.random.default_rng(hand), rng])
    model = watcher.model
    facing = model.probabilities(Street.PREFLOP, facing_bet=True)
    assert facing.fold == pytest.approx(0.5, abs=0.04)
    assert facing.passive == pytest.approx(0.3, abs=0.04)
    assert facing.aggressive == pytest.approx(0.2, abs=0.04)
    free = model.probabilities(Street.FLOP, facing_bet=False)
    assert free.fold == 0.0
    assert free.aggressive == pytest.approx(0.3, abs=0.05)
    assert model.counts[Street.PREFLOP, 1].sum() > 500
    model.clear()
    assert model.probabilities(Street.FLOP, facing_bet=True).fold == pytest.approx(1 / 3)


def test_opponent_model_ignores_own_actions() -> None:
    watcher = Watcher()
    play_hand(HandState.new(rng=np.random.default_rng(1)), [watcher, CallBot()], [np.random.default_rng(2)] * 2)
    own = [CallBot(), watcher]
    play_hand(HandState.new(rng=np.random.default_rng(1)), own, [np.random.default_rng(2)] * 2)
    assert watcher.model.counts[:, :, [0, 2]].sum() == 0.0  # a calling station never folds or raises


# ---------------------------------------------------------------- abstraction pieces
def test_strength_orders_hands_and_is_exact_on_the_river() -> None:
    rng = np.random.default_rng(0)
    aces, field = hand_strength(parse_cards("AsAh"), (), rng, 400)
    trash, _ = hand_strength(parse_cards("7c2d"), (), rng, 400)
    assert aces.mean > field.mean > trash.mean
    quads, opponent = hand_strength(parse_cards("AsAh"), parse_cards("AdAc2h3s9d"), rng, 100)
    assert quads.var == 0.0 and quads.mean > 0.99 and opponent.var > 0.0


def test_utility_follows_confidence_risk_and_raises() -> None:
    hero, field = Strength(0.7, 0.01), Strength(0.5, 0.05)
    values = {
        risk: heuristic_utility(hero, field, 500, 500, 19500, 19500, 0, UtilityWeights.for_risk(risk))
        for risk in ("zero", "low", "medium", "high")
    }
    assert values["zero"] < values["low"] < values["medium"] < values["high"]
    calm = heuristic_utility(hero, field, 500, 500, 19500, 19500, 0, UtilityWeights())
    stormy = heuristic_utility(hero, field, 500, 500, 19500, 19500, 3, UtilityWeights())
    assert stormy < calm
    rich = heuristic_utility(hero, field, 500, 500, 39000, 9000, 0, UtilityWeights())
    assert rich > calm
    assert heuristic_utility(hero, field, 900, 500, 0, 0, 0, UtilityWeights()) == pytest.approx(
        heuristic_utility(hero, field, 500, 500, 0, 0, 0, UtilityWeights())
    )
    assert ahead_confidence(Strength(0.9, 0.0), Strength(0.2, 0.0)) == 1.0


def test_bad_options_are_rejected() -> None:
    with pytest.raises(ValueError, match="risk"):
        ExpectiminimaxAgent(risk="reckless")
    with pytest.raises(ValueError, match="depth"):
        SearchConfig(depth=0)
    with pytest.raises(ValueError, match="budget_ms"):
        SearchConfig(budget_ms=0)
    with pytest.raises(ValueError, match="prior"):
        OpponentModel(prior=0)


def test_decisions_ignore_the_opponents_hidden_cards() -> None:
    deck = parse_cards("AsKd7c2h9s8s3d4cJh")
    other = (*deck[:2], *parse_cards("QcQd"), *deck[4:])  # seat 1 (big blind) holds other cards
    actions = []
    for cards in (deck, other):
        state = HandState.new(deck=cards, button=0)
        state.raise_to(300)
        state.call()
        state.raise_to(200)  # the big blind leads the flop
        actions.append(decide(state.view(0), 4))
    assert actions[0] == actions[1]


def test_default_agent_ignores_a_slow_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    from pokergym.arena import match

    search_module = importlib.import_module("baselines.expectiminimax.search")

    def views() -> list[PlayerView]:
        state = HandState.new(deck=parse_cards("AsKd7c2h9s8s3d4cJh"))
        first = state.view(state.actor)
        state.raise_to(300)
        return [first, state.view(state.actor)]

    normal = [ExpectiminimaxAgent().act(view) for view in views()]
    first_match = match(ExpectiminimaxAgent(), RandomBot(), pairs=3, seed=5, backend="local")
    clock = iter(range(0, 10**9, 10))  # every reading of the clock is 10 s after the last
    monkeypatch.setattr(search_module.time, "perf_counter", lambda: float(next(clock)))
    agent = ExpectiminimaxAgent()
    assert agent.reproducible
    assert [agent.act(view) for view in views()] == normal
    assert agent.last is not None and agent.last.depth == 3
    assert match(ExpectiminimaxAgent(), RandomBot(), pairs=3, seed=5, backend="local") == first_match
    timed = ExpectiminimaxAgent(budget_ms=100)
    timed.act(views()[1])
    assert not timed.reproducible and timed.last is not None and timed.last.depth == 1
