"""Differential test of the rules engine against pokerkit.

Random hands (random blinds, buttons, stacks from 1 chip to 40,000, random
legal actions including exact minimum and maximum raises, all-ins, folds,
calls and checks) are played in the pokergym engine and in pokerkit side by
side. At every decision both must agree on the seat to act, the street, the
stacks and street bets, whether folding, checking/calling and raising are
legal, the call amount and the exact minimum and maximum raise-to; at the end
on the payoffs of each seat, on how many board cards were used and on whether
somebody folded. Any other disagreement fails with a script that replays the
hand.

Run more hands locally with ``POKERGYM_PK_HANDS=200000`` (and another
``POKERGYM_PK_SEED``); the default is 20,000 hands.

Known pokerkit departures from the rulebook (see :func:`known_deviation`):

* **Equal blinds** (small blind == big blind). pokerkit derives the heads-up
  preflop opener from the blind *sizes* (the player after the largest blind;
  with a tie that is its player 0, the non-button seat), so with equal blinds
  the big blind acts first on every street. The rulebook's heads-up rule puts
  the button first preflop whatever the amounts. Related to pokerkit issue #31
  (heads-up actor derived from the blinds), no pokerkit issue names this
  case. Hands with equal blinds are therefore checked against the rulebook on
  the engine alone, and :func:`test_equal_blinds_button_acts_first` tests the
  rulebook answer explicitly.
* **pokerkit issue #40** ("``min_completion_betting_or_raising_to_amount`` is
  capped by opponent's effective stack"). Reported as open, but pokerkit
  0.7.7's ``min_completion_betting_or_raising_to_amount`` is
  ``min(own stack + own bet, last bet + increment)`` with no cap at the
  opponent's stack, and the issue's own reproduction gives the rulebook 260
  (:func:`test_pokerkit_issue_40_scenario`). The comparison still carries a
  narrowly scoped predicate for it, so that a pokerkit version that shows the
  cap is reported as that known deviation rather than as an engine bug.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np
import pytest
from pokerkit import Automation, Mode, NoLimitTexasHoldem, StandardHighHand
from pokerkit_oracle import Decision, PokerkitHand, engine_decision, fast_from_game

from pokergym.cards import format_cards, parse_cards
from pokergym.engine import Action, ActionKind, GameConfig, HandState, LegalActions, Street, deal_deck

HANDS = int(os.environ.get("POKERGYM_PK_HANDS", "20000"))
"""Random hands in the differential test (at least 20,000 by default)."""
SEED = int(os.environ.get("POKERGYM_PK_SEED", "20260122"))
"""Seed of the numpy Generator that draws the hands and the actions."""

BLINDS: tuple[tuple[int, int], ...] = (
    *((50, 100),) * 12,
    (1, 2),
    (5, 10),
    (25, 50),
    (30, 100),
    (99, 100),
    (1, 100),
    (100, 100),  # equal blinds: a known pokerkit deviation, engine-only
)

EQUAL_BLINDS = "equal blinds: pokerkit opens preflop with the non-button seat (cf. pokerkit #31)"
ISSUE_40 = "pokerkit #40: minimum raise-to capped at the opponent's all-in total"


# --------------------------------------------------------------------------- hand generation
def random_stack(rng: np.random.Generator, small: int, big: int) -> int:
    """A starting stack: many short (1-10 BB), some below or exactly at the blinds, some deep."""
    u = rng.random()
    if u < 0.08:
        return int(rng.integers(1, 2 * big + 1))
    if u < 0.16:
        edges = (1, max(small - 1, 1), small, small + 1, max(big - 1, 1), big, big + 1, small + big, 2 * big, 3 * big)
        return int(edges[int(rng.integers(len(edges)))])
    if u < 0.60:
        return int(rng.integers(big, 10 * big + 1))
    if u < 0.85:
        return int(rng.integers(10 * big, 100 * big + 1))
    return int(rng.integers(100 * big, 400 * big + 1))


def random_config(rng: np.random.Generator) -> GameConfig:
    """Random blinds and stacks; equal stacks 30% of the time."""
    small, big = BLINDS[int(rng.integers(len(BLINDS)))]
    first = random_stack(rng, small, big)
    second = first if rng.random() < 0.3 else random_stack(rng, small, big)
    return GameConfig(small_blind=small, big_blind=big, stacks=(first, second))


def pot_raise_to(state: HandState) -> int:
    """The pot-sized raise-to: call first, then raise by the pot after the call."""
    seat = state.actor
    return state.bets[seat] + state.to_call + state.pot + state.to_call


def random_action(rng: np.random.Generator, state: HandState, legal: LegalActions) -> Action:
    """A random legal action with sizes at and between the edges."""
    u = rng.random()
    if legal.can_fold and u < 0.12:
        return Action.fold()
    if legal.can_raise and u >= (0.75 if legal.can_fold else 0.65):
        low, high = legal.min_raise_to, legal.max_raise_to
        v = rng.random()
        if v < 0.25:
            return Action.raise_to(low)
        if v < 0.31:
            return Action.raise_to(high)
        if v < 0.36:
            return Action.all_in()
        if v < 0.41 and low < high:
            return Action.raise_to(low + 1)
        if v < 0.45 and low < high:
            return Action.raise_to(high - 1)
        if v < 0.60:
            return Action.raise_to(min(max(pot_raise_to(state), low), high))
        amount = round(math.exp(rng.uniform(math.log(low), math.log(high))))
        return Action.raise_to(min(max(amount, low), high))
    if legal.can_call and not legal.can_raise and rng.random() < 0.3:
        return Action.all_in()  # a call (for less, or facing an all-in) spelled as all-in
    return Action.call() if legal.can_call else Action.check()


# --------------------------------------------------------------------------- comparison
@dataclass
class Replay:
    """Everything needed to replay a hand, printed when a check fails."""

    config: GameConfig
    button: int
    deck: tuple[int, ...]
    actions: list[Action] = field(default_factory=list)

    def script(self) -> str:
        """A snippet that replays the hand in the engine."""
        steps = "\n".join(f"state.apply(Action(ActionKind.{a.kind.name}, {a.amount}))" for a in self.actions)
        return (
            f"state = HandState.new({self.config!r}, button={self.button}, "
            f"deck=parse_cards({format_cards(self.deck)!r}))\n{steps}"
        )


def known_deviation(engine: Decision, pokerkit: Decision) -> str | None:
    """Name the known pokerkit deviation that explains a disagreement, else ``None``.

    Only pokerkit issue #40 can show up at a decision (equal blinds are kept
    away from pokerkit entirely): same seat, street, chips and options, but
    pokerkit's minimum raise-to lower than the rulebook's and equal to the
    opponent's whole total (street bet plus stack), which is the cap the issue
    describes.
    """
    if engine.min_raise_to is None or pokerkit.min_raise_to is None:
        return None
    opponent = 1 - engine.actor
    capped = pokerkit.min_raise_to == engine.bets[opponent] + engine.stacks[opponent]
    same_otherwise = replace(pokerkit, min_raise_to=engine.min_raise_to) == engine
    if capped and same_otherwise and pokerkit.min_raise_to < engine.min_raise_to:
        return ISSUE_40
    return None


Chooser = Callable[[HandState, LegalActions], Action]


def play_against_pokerkit(choose: Chooser, replay: Replay, tally: Counter[str]) -> None:
    """Play one hand in both engines, failing with a replay script on any unexplained difference."""
    ours = HandState.new(replay.config, button=replay.button, deck=replay.deck)
    theirs = PokerkitHand(replay.config, replay.button, replay.deck)
    while not ours.terminal:
        if theirs.terminal:
            pytest.fail(f"pokerkit ended the hand but the engine did not:\n{replay.script()}")
        mine, its = engine_decision(ours), theirs.decision()
        if mine != its:
            deviation = known_deviation(mine, its)
            if deviation is None:
                pytest.fail(f"decision differs\n engine:   {mine}\n pokerkit: {its}\n{replay.script()}")
            tally[deviation] += 1
        legal = ours.legal_actions()
        action = choose(ours, legal)
        _count_action(tally, legal, action)
        replay.actions.append(action)
        ours.apply(action)
        theirs.apply(action)
    if not theirs.terminal:
        pytest.fail(f"the engine ended the hand but pokerkit did not:\n{replay.script()}")
    assert ours.payoffs == theirs.payoffs, f"payoffs {ours.payoffs} != pokerkit {theirs.payoffs}\n{replay.script()}"
    assert ours.board == theirs.board, f"board {ours.board} != pokerkit {theirs.board}\n{replay.script()}"
    assert ours.showdown != theirs.ended_by_fold, f"showdown {ours.showdown}\n{replay.script()}"
    _count_end(tally, ours)


def play_equal_blinds(rng: np.random.Generator, replay: Replay, tally: Counter[str]) -> None:
    """Equal blinds (known pokerkit deviation): check the rulebook's order of play on the engine alone."""
    state = HandState.new(replay.config, button=replay.button, deck=replay.deck)
    while not state.terminal:
        street_actions = [r for r in state.history if r.street == state.street]
        if not street_actions:
            first = state.button if state.street == Street.PREFLOP else 1 - state.button
            assert state.actor == first, replay.script()
        action = random_action(rng, state, state.legal_actions())
        replay.actions.append(action)
        state.apply(action)
    assert state.payoffs is not None and sum(state.payoffs) == 0, replay.script()
    tally[EQUAL_BLINDS] += 1


def _count_action(tally: Counter[str], legal: LegalActions, action: Action) -> None:
    if action.kind in (ActionKind.RAISE, ActionKind.BET):
        tally["raise"] += 1
        tally["raise at min"] += action.amount == legal.min_raise_to
        tally["raise at max"] += action.amount == legal.max_raise_to
        tally["short all-in raise"] += legal.min_raise_to == legal.max_raise_to and legal.call_amount > 0
    elif action.kind == ActionKind.ALL_IN:
        tally["all-in action"] += 1
    elif action.kind == ActionKind.CALL:
        tally["call"] += 1
    tally["fold"] += action.kind == ActionKind.FOLD


def _count_end(tally: Counter[str], state: HandState) -> None:
    tally["hands"] += 1
    tally["showdown"] += state.showdown
    tally["hand over before any action"] += not state.history
    tally["uncalled chips returned"] += sum(state.returned) > 0 and state.showdown
    tally["all-in call for less"] += any(r.kind == ActionKind.CALL and r.all_in for r in state.history) and (
        state.returned[0] + state.returned[1] > 0
    )
    tally["river reached by betting"] += any(r.street == Street.RIVER for r in state.history)
    tally["run-out after all-in"] += state.showdown and not any(r.street == Street.RIVER for r in state.history)
    tally["split pot"] += state.showdown and state.payoffs == (0, 0)


# --------------------------------------------------------------------------- tests
def test_random_hands_agree_with_pokerkit() -> None:
    """HANDS random hands: same decisions, payoffs and board usage as pokerkit.

    About 5% more hands with equal blinds are drawn along the way and checked
    on the engine alone (known pokerkit deviation, see the module docstring).
    """
    rng = np.random.default_rng(SEED)
    tally: Counter[str] = Counter()
    while tally["hands"] < HANDS:  # HANDS compared with pokerkit, plus the equal-blind ones
        config = random_config(rng)
        replay = Replay(config, int(rng.integers(2)), deal_deck(rng))
        if config.small_blind == config.big_blind:
            play_equal_blinds(rng, replay, tally)
        else:
            play_against_pokerkit(lambda state, legal: random_action(rng, state, legal), replay, tally)
    assert tally["hands"] == HANDS
    if HANDS >= 5000:  # the generator must reach every situation the test is meant to cover
        for situation in (
            "showdown",
            "fold",
            "call",
            "raise at min",
            "raise at max",
            "all-in action",
            "short all-in raise",
            "hand over before any action",
            "uncalled chips returned",
            "all-in call for less",
            "river reached by betting",
            "run-out after all-in",
            "split pot",
            EQUAL_BLINDS,
        ):
            assert tally[situation] >= HANDS // 1000, f"only {tally[situation]} hands with {situation}: {tally}"


R = Action.raise_to
C = Action.call()
K = Action.check()
A = Action.all_in()
F = Action.fold()
EDGE_SCENARIOS: list[tuple[tuple[int, int], tuple[int, int], list[Action]]] = [
    # ((small blind, big blind), (button stack, big-blind stack), actions; then check/call to the end)
    ((50, 100), (20000, 30), []),  # big blind cannot cover its blind
    ((50, 100), (20000, 50), []),  # big blind has exactly the small blind
    ((50, 100), (20000, 100), [C]),  # big blind all-in posting: call only
    ((50, 100), (30, 20000), []),  # button cannot cover the small blind
    ((50, 100), (50, 20000), []),  # button has exactly the small blind
    ((50, 100), (80, 20000), [C]),  # button can only call 30 more
    ((50, 100), (150, 20000), [A, C]),  # all-in raise for less than a full raise
    ((50, 100), (1, 1), []),
    ((50, 100), (20000, 150), [R(300), C]),  # call all-in for less, 150 back
    ((50, 100), (20000, 700), [C, K, K, R(500), A, C]),  # short all-in raise on the flop
    ((50, 100), (20000, 160), [C, K, A, C]),  # 60 behind: flop bet all-in below the big blind
    ((50, 100), (20000, 20000), [R(300), R(500), R(700), R(1200), R(1900), C, R(100), R(200), R(450), C]),
    ((50, 100), (20000, 20000), [R(20000), C]),  # max raise is the whole stack
    ((50, 100), (20000, 1000), [R(20000), C]),  # ...even against a shorter stack
    ((50, 100), (1000, 20000), [C, R(5000), A]),  # all-in meaning a call for less
    ((10, 20), (1000, 200), [R(100), R(180), R(260), C]),  # pokerkit #40's scenario
    ((50, 100), (20000, 20000), [C, K, R(100), R(200), R(300), F]),
]


@pytest.mark.parametrize("button", [0, 1])
@pytest.mark.parametrize(("blinds", "stacks", "actions"), EDGE_SCENARIOS)
def test_edge_scenarios_agree_with_pokerkit(
    button: int, blinds: tuple[int, int], stacks: tuple[int, int], actions: list[Action]
) -> None:
    """Hand-picked edge cases, compared with pokerkit decision by decision (both buttons)."""
    seat_stacks = (stacks[0], stacks[1]) if button == 0 else (stacks[1], stacks[0])
    config = GameConfig(small_blind=blinds[0], big_blind=blinds[1], stacks=seat_stacks)
    script = iter(actions)

    def choose(state: HandState, legal: LegalActions) -> Action:
        action = next(script, None)
        return action if action is not None else (Action.call() if legal.can_call else Action.check())

    tally: Counter[str] = Counter()
    play_against_pokerkit(choose, Replay(config, button, parse_cards("AsAhKsKh2c7d9hJsQd")), tally)
    assert next(script, None) is None, "the hand ended before the script"
    assert tally["hands"] == 1 and not tally[ISSUE_40]


@pytest.mark.parametrize("button", [0, 1])
def test_equal_blinds_button_acts_first(button: int) -> None:
    """Rulebook answer where pokerkit differs: with equal blinds the button still acts first preflop."""
    config = GameConfig(small_blind=100, big_blind=100, stacks=(5000, 5000))
    deck = parse_cards("AsAhKsKh2c7d9hJsQd")
    state = HandState.new(config, button=button, deck=deck)
    assert state.actor == button
    assert state.to_call == 0 and state.legal_actions().can_check
    state.check()
    assert (state.street, state.actor) == (Street.PREFLOP, 1 - button)  # the big blind keeps its option
    state.check()
    assert (state.street, state.actor) == (Street.FLOP, 1 - button)
    # pokerkit, same hand: its player 0 (our big blind) acts first preflop.
    theirs = PokerkitHand(config, button, deck)
    assert theirs.decision().actor == 1 - button


def test_pokerkit_issue_40_scenario() -> None:
    """pokerkit #40's scenario: 10/20, big blind 200 chips, button 1000; 100, 180, then the button.

    Rulebook: the last increment is 80, so the minimum raise-to is 260 even
    though the big blind has only 200 in total; the 60 it cannot match comes
    back. The engine says so, and pokerkit 0.7.7 agrees (no cap at 200).
    """
    config = GameConfig(small_blind=10, big_blind=20, stacks=(1000, 200))
    deck = parse_cards("AcKd7h2c2d3h4s9sTd")
    state = HandState.new(config, button=0, deck=deck)
    theirs = PokerkitHand(config, 0, deck)
    for action in (Action.raise_to(100), Action.raise_to(180)):
        state.apply(action)
        theirs.apply(action)
    assert (state.actor, state.to_call, state.min_raise_to, state.max_raise_to) == (0, 80, 260, 1000)
    assert known_deviation(engine_decision(state), theirs.decision()) is None
    assert engine_decision(state) == theirs.decision()
    assert not state.can_apply(Action.raise_to(259))
    state.raise_to(260)
    state.call()  # the big blind calls its last 20 chips
    assert state.returned == [60, 0]
    assert state.terminal and state.contributions == [200, 200]


def test_known_deviation_predicate_is_narrow() -> None:
    """The #40 predicate accepts only the capped-minimum shape, nothing else."""
    engine = Decision(0, 0, (900, 20), (100, 180), True, True, 80, 260, 1000)
    assert known_deviation(engine, replace(engine, min_raise_to=200)) == ISSUE_40
    assert known_deviation(engine, replace(engine, min_raise_to=240)) is None  # not the opponent's total
    assert known_deviation(engine, replace(engine, min_raise_to=200, max_raise_to=900)) is None
    assert known_deviation(engine, replace(engine, min_raise_to=200, actor=1)) is None
    assert known_deviation(engine, replace(engine, min_raise_to=200, call_amount=70)) is None
    assert known_deviation(engine, replace(engine, min_raise_to=None, max_raise_to=None)) is None


def test_fast_hand_ranking_matches_pokerkit() -> None:
    """The oracle's faster best-hand search gives pokerkit's own ``from_game`` answer."""
    rng = np.random.default_rng(7)
    for _ in range(400):
        cards = format_cards(int(c) for c in rng.permutation(52)[:7])
        hole, board = cards[:4], cards[4:]
        slow = StandardHighHand.from_game(hole, board)
        fast = fast_from_game(hole, board)
        assert fast.entry == slow.entry, cards


@pytest.mark.parametrize("button", [0, 1])
def test_oracle_seat_mapping(button: int) -> None:
    """Our button seat is pokerkit's player 1; stacks, bets and actors map both ways."""
    config = GameConfig(stacks=(3000, 7000))
    state = HandState.new(config, button=button, deck=parse_cards("AsAhKsKh2c7d9hJsQd"))
    theirs = PokerkitHand(config, button, state.deck)
    assert theirs.state.starting_stacks[1] == config.stacks[button]
    assert theirs.state.bets == [100, 50]
    assert engine_decision(state) == theirs.decision()
    assert theirs.decision().actor == button


def test_pokerkit_setup_matches_the_documented_conventions() -> None:
    """Sanity check of the pokerkit conventions the oracle relies on (heads-up, 50/100)."""
    state = NoLimitTexasHoldem.create_state(
        (Automation.ANTE_POSTING, Automation.BLIND_OR_STRADDLE_POSTING, Automation.HOLE_DEALING),
        True,
        0,
        (50, 100),
        100,
        (1000, 2000),
        2,
        mode=Mode.TOURNAMENT,
    )
    assert state.bets == [100, 50]  # player 0 posts the big blind
    assert state.actor_index == 1  # the button acts first preflop
