"""The rule-only PokerSkill agent: legality, reproducibility, fallbacks and a sanity match."""

from __future__ import annotations

import math
from collections import Counter
from types import SimpleNamespace

import numpy as np
import pytest

import baselines.rule_skill as rule_skill
from baselines import make
from baselines.rule_skill import RuleSkillAgent
from pokergym.agents import Action, ActionKind, Agent, CallAgent, PlayerView, RandomAgent, play_hand
from pokergym.cards import parse_cards
from pokergym.context import analyze
from pokergym.context.preflop import PreflopScenario, detect_scenario, preflop_probabilities
from pokergym.engine import GameConfig, HandState, Street
from pokergym.errors import AgentError, ConfigError
from pokergym.evaluator import preflop_equity

# Deep, one-big-blind, 1.5-big-blind and under-a-blind stacks (blinds 50/100).
CONFIGS = (
    GameConfig(),
    GameConfig(stacks=(100, 20000)),
    GameConfig(stacks=(150, 150)),
    GameConfig(stacks=(20000, 60)),
)
RAISES = (ActionKind.BET, ActionKind.RAISE)

# Deck order: button hole, big-blind hole, board.
ACES_VS_TRASH = "AsAh7c2d2s5h9dKc3h"
TRASH_VS_ACES = "7c2dAsAh2s5h9dKc3h"


def hand(cards: str, *moves: Action, config: GameConfig | None = None, button: int = 0) -> HandState:
    state = HandState.new(config or GameConfig(), button=button, deck=parse_cards(cards))
    for move in moves:
        state.apply(move)
    return state


def actor_view(state: HandState) -> PlayerView:
    return state.view(state.actor)


def five_bet_spot(cards: str, five_bet_to: int = 10000) -> HandState:
    """Open, 3-bet, 4-bet, then a 5-bet with chips behind: the big blind has no table (``deep_default``)."""
    raises = (250, 900, 2700, 5400, five_bet_to)
    return hand(cards, *map(Action.raise_to, raises))


def check_distribution(state: HandState, dist: list[tuple[Action, float]]) -> None:
    """Positive probabilities summing to one over distinct concrete legal actions."""
    assert dist and math.isclose(sum(p for _, p in dist), 1.0, abs_tol=1e-9)
    assert all(p > 0.0 for _, p in dist)
    assert len({a for a, _ in dist}) == len(dist)
    legal = state.legal_actions()
    for action, _ in dist:
        assert action.kind != ActionKind.ALL_IN
        assert state.can_apply(action), (action, legal)
        if action.kind in RAISES:
            assert legal.min_raise_to <= action.amount <= legal.max_raise_to


# ----------------------------------------------------------------- legality
@pytest.mark.parametrize("opponent", [RandomAgent(), CallAgent()], ids=["random", "call"])
def test_legal_and_consistent_over_thousands_of_random_states(opponent: Agent) -> None:
    agent = RuleSkillAgent()
    master = np.random.default_rng(99)
    decisions = hand_no = 0
    streets: set[Street] = set()
    while decisions < 2500:
        if hand_no % 3:
            config = CONFIGS[hand_no % len(CONFIGS)]
        else:  # random stacks from 1 chip to 30 BB
            config = GameConfig(stacks=(int(master.integers(1, 3000)), int(master.integers(1, 3000))))
        state = HandState.new(config, button=int(master.integers(2)), rng=master)
        seat = hand_no % 2
        agent.reset(seat, np.random.default_rng([hand_no, 1]))
        opponent.reset(1 - seat, np.random.default_rng([hand_no, 2]))
        while not state.terminal:
            view = state.view(state.actor)
            if state.actor == seat:
                dist = agent.action_probabilities(view)
                check_distribution(state, dist)
                action = agent.act(view)
                assert action in {a for a, _ in dist}, (action, dist)
                if state.street != Street.PREFLOP:
                    assert dist == [(action, 1.0)]  # postflop play is deterministic
                decisions += 1
                streets.add(state.street)
            else:
                action = opponent.act(view)
            state.apply(action)
        hand_no += 1
    assert streets == set(Street)
    assert agent.decisions == decisions
    assert agent.fallbacks.total() <= decisions // 100  # fallbacks are rare


@pytest.mark.parametrize("config", CONFIGS[1:], ids=lambda c: f"stacks={c.stacks}")
def test_survives_short_stacks_in_both_seats(config: GameConfig) -> None:
    agent, opponent = RuleSkillAgent(), RandomAgent()
    for i in range(200):
        state = HandState.new(config, button=i % 2, rng=np.random.default_rng([3, i]))
        seats: list[Agent] = [agent, opponent] if i % 4 < 2 else [opponent, agent]
        rngs = [np.random.default_rng([4, i, s]) for s in (0, 1)]
        assert play_hand(state, seats, rngs).terminal


def test_refuses_to_act_out_of_turn() -> None:
    state = hand(ACES_VS_TRASH)
    with pytest.raises(AgentError):
        RuleSkillAgent().act(state.view(1))
    with pytest.raises(AgentError):
        RuleSkillAgent().action_probabilities(state.view(1))


def test_rejects_bad_options() -> None:
    with pytest.raises(ConfigError, match="fallback"):
        RuleSkillAgent(fallback="coinflip")
    with pytest.raises(ConfigError, match="value_equity"):
        RuleSkillAgent(value_equity=1.5)
    assert RuleSkillAgent(name="r2").name == "r2"


# ------------------------------------------------------------ the rules used
def test_preflop_follows_the_range_tables() -> None:
    agent = RuleSkillAgent()
    for cards in (ACES_VS_TRASH, TRASH_VS_ACES):
        view = actor_view(hand(cards))
        assert agent.action_probabilities(view) == preflop_probabilities(view)


def test_postflop_plays_the_first_viable_option() -> None:
    master = np.random.default_rng(5)
    agent, opponent = RuleSkillAgent(), CallAgent()
    checked = 0
    while checked < 300:
        state = HandState.new(button=int(master.integers(2)), rng=master)
        while not state.terminal:
            view = actor_view(state)
            if state.street != Street.PREFLOP and state.actor == 0:
                first = analyze(view).viable[0].to_action(view)
                assert agent.act(view) == first
                checked += 1
                state.apply(first)
            else:
                state.apply(opponent.act(view))
    assert agent.fallbacks.total() == 0


def test_facing_all_in_preflop_uses_the_all_in_tables() -> None:
    # The button limps and the big blind moves all-in: the button's jam-or-fold table decides.
    # The button opens and the big blind jams: same. No fallback in either.
    agent = RuleSkillAgent()
    for moves in ((Action.call(), Action.all_in()), (Action.raise_to(250), Action.all_in())):
        for cards, expected in ((ACES_VS_TRASH, Action.call()), (TRASH_VS_ACES, Action.fold())):
            view = actor_view(hand(cards, *moves))
            assert detect_scenario(view).has_table
            assert agent.action_probabilities(view) == [(expected, 1.0)]
            assert agent.act(view) == expected
    # Under-a-blind stacks: the big blind is all-in with its post; the button may only call or fold.
    short = actor_view(hand(ACES_VS_TRASH, config=GameConfig(stacks=(20000, 60))))
    assert agent.act(short) == Action.call()
    assert agent.fallbacks.total() == 0


# ---------------------------------------------------------------- fallbacks
def test_deep_preflop_spot_falls_back_to_equity() -> None:
    # The big blind faces a 5-bet to 100 BB with 100 BB behind: no table.
    # Pot odds: 4,600 to call into 15,400 -> 23%.
    aces = actor_view(five_bet_spot(TRASH_VS_ACES))
    assert detect_scenario(aces) == PreflopScenario.deep_default
    agent = RuleSkillAgent()
    assert agent.act(aces) == Action.raise_to(20000)  # a pot raise is all-in here
    assert agent.action_probabilities(aces) == [(Action.raise_to(20000), 1.0)]
    trash = actor_view(five_bet_spot(ACES_VS_TRASH))
    assert preflop_equity(trash.hole) > 0.23
    assert agent.act(trash) == Action.call()
    assert agent.fallbacks == Counter({"deep_preflop": 2}) and agent.decisions == 2
    # A tighter value threshold turns the aces into a call; check_fold folds everything.
    assert RuleSkillAgent(value_equity=0.9).act(aces) == Action.call()
    nit = RuleSkillAgent(fallback="check_fold")
    assert [nit.act(aces), nit.act(trash)] == [Action.fold(), Action.fold()]


def test_equity_fallback_folds_below_the_pot_odds() -> None:
    # A 5-bet to 184 BB: 13,000 to call into 23,800, odds 35.3%. 3-2 offsuit (32.3%) folds.
    view = actor_view(five_bet_spot("AsAh3c2d2s5h9dKc4h", five_bet_to=18400))
    assert detect_scenario(view) == PreflopScenario.deep_default
    assert preflop_equity(view.hole) < view.to_call / (view.pot + view.to_call)
    assert RuleSkillAgent().act(view) == Action.fold()


class _FixedOption:
    """A stand-in viable option that always maps to the same action."""

    def __init__(self, action: Action) -> None:
        self.action = action

    def to_action(self, view: PlayerView) -> Action:
        return self.action


def _fake_analyze(*options: _FixedOption) -> object:
    return lambda view: SimpleNamespace(viable=options)


def test_empty_or_unusable_options_fall_back(monkeypatch: pytest.MonkeyPatch) -> None:
    flop = hand(TRASH_VS_ACES, Action.call(), Action.raise_to(400), Action.call(), Action.check())
    view = actor_view(flop)  # the button, 7-2 on 2s 5h 9d, checked to: equity below 0.8, checks
    agent = RuleSkillAgent()
    monkeypatch.setattr(rule_skill, "analyze", _fake_analyze())
    assert agent.act(view) == Action.check()
    monkeypatch.setattr(rule_skill, "analyze", _fake_analyze(_FixedOption(Action.raise_to(10**9))))
    assert agent.act(view) == Action.check()
    assert agent.action_probabilities(view) == [(Action.check(), 1.0)]
    assert agent.fallbacks == Counter({"empty_options": 1, "illegal_options": 1})
    # An unusable first option is skipped in favour of the next usable one.
    monkeypatch.setattr(
        rule_skill, "analyze", _fake_analyze(_FixedOption(Action.fold()), _FixedOption(Action.raise_to(300)))
    )
    assert agent.act(view) == Action.raise_to(300)
    assert agent.fallbacks.total() == 2


def test_empty_options_facing_a_bet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rule_skill, "analyze", _fake_analyze())
    # The big blind bets 200 into 200 on K Q J: the button's 7-2 (about 21% equity) folds to 1/3 pot odds.
    trash = actor_view(hand("7c2dAsAhKsQhJd8c3h", Action.call(), Action.check(), Action.raise_to(200)))
    assert RuleSkillAgent().act(trash) == Action.fold()
    assert RuleSkillAgent(fallback="check_fold").act(trash) == Action.fold()
    # Aces on 2 5 9 (86%) raise the pot, measured after calling: 200 + (400 + 200).
    aces = actor_view(hand(ACES_VS_TRASH, Action.call(), Action.check(), Action.raise_to(200)))
    assert RuleSkillAgent().act(aces) == Action.raise_to(800)


# ---------------------------------------------------- randomness and secrets
def test_same_seed_same_play() -> None:
    def session(seed: int) -> list[object]:
        agent, opponent = RuleSkillAgent(), RandomAgent()
        out: list[object] = []
        for i in range(80):
            state = HandState.new(CONFIGS[i % 4], button=i % 2, rng=np.random.default_rng([seed, i]))
            rngs = [np.random.default_rng([seed, i, s]) for s in (0, 1)]
            out.append(play_hand(state, [agent, opponent], rngs).history)
        return out

    assert session(1) == session(1)
    assert session(1) != session(2)


def test_act_samples_the_reported_mix() -> None:
    # Find a button hand whose first decision is mixed, then sample it many times.
    rng = np.random.default_rng(0)
    while True:
        view = actor_view(HandState.new(button=0, rng=rng))
        dist = preflop_probabilities(view)
        if len(dist) > 1 and min(p for _, p in dist) > 0.2:
            break
    agent = RuleSkillAgent()
    agent.reset(0, np.random.default_rng(7))
    draws = 4000
    counts = Counter(agent.act(view) for _ in range(draws))
    for action, p in agent.action_probabilities(view):
        assert abs(counts[action] / draws - p) < 4.5 * math.sqrt(p * (1 - p) / draws), (action, p, counts)


def test_decisions_ignore_the_opponents_hidden_cards() -> None:
    # Button 0, so the deck holds seat 0's cards, then seat 1's, then the board.
    for trial in range(40):
        rng = np.random.default_rng([8, trial])
        deck = tuple(int(c) for c in rng.permutation(52)[:9])
        unused = tuple(c for c in range(52) if c not in deck)
        seat = trial % 2
        hidden = 2 * (1 - seat)  # where the opponent's hole cards sit in the deck
        other = deck[:hidden] + unused[:2] + deck[hidden + 2 :]
        config = CONFIGS[trial % len(CONFIGS)]
        histories = []
        for cards in (deck, other):
            agents: list[Agent] = [RuleSkillAgent(), RandomAgent()]
            if seat:
                agents.reverse()
            rngs = [np.random.default_rng([trial, s]) for s in (0, 1)]
            histories.append(play_hand(HandState.new(config, button=0, deck=cards), agents, rngs).history)
        assert histories[0] == histories[1]


# ------------------------------------------------------------ sanity match
def duplicate_match(opponent: Agent, pairs: int, seed: int) -> tuple[float, float]:
    """Mean and 95% half-width (1.96 SE over pairs) of the rule agent's result, mbb/hand.

    Each pair plays one deck twice with the seats swapped; the button alternates between pairs.
    """
    agent = RuleSkillAgent()
    config = GameConfig()
    results = np.empty(pairs)
    for i, pair_seed in enumerate(np.random.SeedSequence(seed).spawn(pairs)):
        deck_seed, *seat_seeds = pair_seed.spawn(5)
        deck = tuple(int(c) for c in np.random.default_rng(deck_seed).permutation(52)[:9])
        won = 0
        for hero in (0, 1):
            seats: list[Agent] = [agent, opponent] if hero == 0 else [opponent, agent]
            rngs = [np.random.default_rng(seat_seeds[2 * hero + s]) for s in (0, 1)]
            payoffs = play_hand(HandState.new(config, button=i % 2, deck=deck), seats, rngs).payoffs
            assert payoffs is not None
            won += payoffs[hero]
        results[i] = won / 2 / config.big_blind * 1000
    return float(results.mean()), float(1.96 * results.std(ddof=1) / math.sqrt(pairs))


# Heavy-tailed opponents (random, maniac: many all-ins) get more pairs.
@pytest.mark.parametrize(
    ("opponent", "pairs"),
    [("random", 1000), ("call", 400), ("fold", 200), ("maniac", 1000), ("honest", 400), ("fish", 400)],
)
def test_beats_the_simple_bots(opponent: str, pairs: int) -> None:
    mean, half_width = duplicate_match(make(opponent), pairs=pairs, seed=2026)
    assert mean - half_width > 0, f"rule vs {opponent}: {mean:.0f} +- {half_width:.0f} mbb/hand"
