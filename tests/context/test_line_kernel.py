"""The betting-line kernel agrees with the frozen Python reference (``line_reference.py``) bit for bit.

:mod:`pokergym.context._line_kernel` reads the action log of the compiled
table. Thousands of random hands are played on the Python engine with
biased random legal actions (per-hand aggression, min-raises, all-ins,
limps, raise wars) under odd blinds and equal, unequal, short and
shorter-than-the-blinds stacks; at every decision point and at the end of
every hand, both seats' lines are compared field by field with the Python
reference (the raw kernel result, and the decoded :class:`Line` of
:func:`pokergym.context.line.read_line` with its value types), and every acting preflop seat's spot with
:func:`~pokergym.context.preflop.detect_scenario`. The tests assert that
every scenario, pot type, role, preflop spot, pressure-weight step and the
river check-raise factor came up. Hands played on
:class:`~pokergym.envs.compiled.CompiledTable` check that its log is what
:func:`history_array` makes of the engine's history, and that the kernel
reads it as the composed kernel will (``log[0]`` and the ``LOGGED`` column).
"""

from __future__ import annotations

import bisect
import math
from collections import Counter
from typing import Any

import numpy as np
import pytest
from line_reference import _read_line
from line_reference import read_line as python_read_line

from pokergym.context import PotType, Role, Scenario
from pokergym.context._line_kernel import _weight_index, history_array, preflop_spot, pressure_tables, read_line
from pokergym.context.line import Line
from pokergym.context.line import read_line as decoded_read_line
from pokergym.context.preflop import PreflopScenario, detect_scenario
from pokergym.context.pressure import weight_steps
from pokergym.engine import GameConfig, HandState
from pokergym.engine.actions import ActionKind, ActionRecord, Street
from pokergym.engine.row_layout import ACTOR, BUTTON, DECK, LOG_FIELDS, LOGGED, STREET, TERMINAL, TO_CALL
from pokergym.engine.view import PlayerView
from pokergym.envs.compiled import CompiledTable
from pokergym.envs.discrete import DiscreteActions

TABLES = pressure_tables()
POT_TYPES = list(PotType)
ROLES = list(Role)
SCENARIOS = list(Scenario)
SPOTS = list(PreflopScenario)
THRESHOLDS = weight_steps()[0]
SCRATCH = np.empty(4096)  # the kernel's weights output: room for every action of any test hand
BLINDS = ((50, 100), (1, 2), (3, 7), (5, 5), (25, 50), (10, 30), (2, 5))


def random_config(rng: np.random.Generator) -> GameConfig:
    small, big = BLINDS[int(rng.integers(len(BLINDS)))]
    style = int(rng.integers(5))
    if style == 0:  # deep and equal
        depth = int(rng.integers(50, 400)) * big
        stacks = (depth, depth)
    elif style == 1:  # unequal
        stacks = (int(rng.integers(2, 300)) * big + int(rng.integers(big)), int(rng.integers(2, 300)) * big)
    elif style == 2:  # short
        stacks = (int(rng.integers(big + 1, 20 * big)), int(rng.integers(big + 1, 20 * big)))
    elif style == 3:  # one seat within a couple of blinds, perhaps under them
        stacks = (int(rng.integers(1, 3 * big)), int(rng.integers(10, 200)) * big)
        stacks = stacks if rng.random() < 0.5 else (stacks[1], stacks[0])
    else:  # very deep: many re-raises fit
        stacks = (1000 * big, 1000 * big)
    return GameConfig(small_blind=small, big_blind=big, stacks=stacks)


def random_action(state: HandState, rng: np.random.Generator, fold: float, aggression: float) -> None:
    """Fold, check/call or raise (minimum, all-in or log-uniform in between) with the hand's biases."""
    legal = state.legal_actions()
    r = rng.random()
    if legal.can_fold and r < fold:
        state.fold()
    elif legal.can_raise and r < fold + aggression:
        low, high = legal.min_raise_to, legal.max_raise_to
        size = rng.random()
        if size < 0.3 or low == high:
            state.raise_to(low)
        elif size < 0.4:
            state.all_in()
        else:
            state.raise_to(round(math.exp(rng.uniform(math.log(low), math.log(high)))))
    else:
        state.check_or_call()


def random_hands(n: int, seed: int) -> list[list[PlayerView]]:
    """Per hand, the views of both seats at every decision point and at the end."""
    rng = np.random.default_rng(seed)
    hands = []
    for _ in range(n):
        state = HandState.new(random_config(rng), button=int(rng.integers(2)), rng=rng)
        fold = 0.15 * rng.random()
        aggression = rng.choice((0.1, 0.3, 0.5, 0.8))
        views = []
        while True:
            views += [state.view(0), state.view(1)]
            if state.terminal:
                break
            # the aggression changes from street to street so that every shape of line comes up
            random_action(state, rng, fold, aggression * rng.random() * 1.6)
        hands.append(views)
    return hands


def blinds_of(view: PlayerView) -> int:
    config = view.config
    return min(config.small_blind, config.stacks[view.button]) + min(config.big_blind, config.stacks[1 - view.button])


def expected(line: Line) -> tuple[Any, ...]:
    return (
        POT_TYPES.index(line.pot_type),
        line.preflop_raises,
        -1 if line.initiative is None else line.initiative,
        ROLES.index(line.role),
        -1 if line.scenario is None else SCENARIOS.index(line.scenario),
        line.pot,
        line.weighted_total,
        line.weighted_hero,
        math.nan if line.facing_pct is None else line.facing_pct,
        line.facing_weight,
        line.facing_raise,
        line.street_bets,
    )


def assert_same(got: tuple[Any, ...], want: tuple[Any, ...], where: object) -> None:
    assert len(got) == 13 and len(want) == 12, where
    for index, (g, w) in enumerate(zip(got[:12], want, strict=True)):
        assert type(g) is type(w), (index, g, w, where)
        if isinstance(w, float) and math.isnan(w):
            assert math.isnan(g), (index, g, w, where)
        else:
            assert g == w, (index, g, w, where)


def same_line(got: Line, want: Line, where: object) -> None:
    """The decoded kernel's :class:`Line` equals the reference's field for field, value types included."""
    assert type(got) is Line and type(want) is Line, where
    assert [type(v) for v in got] == [type(v) for v in want], (got, want, where)
    assert [type(w) for w in got.weights] == [type(w) for w in want.weights], (got, want, where)
    assert got == want, where


def kernel_line(view: PlayerView) -> tuple[Any, ...]:
    log = history_array(view.history)
    facing = view.legal is not None and view.legal.call_amount > 0
    got = read_line(
        log, len(view.history), view.seat, view.button, int(view.street), facing, blinds_of(view), TABLES, SCRATCH
    )
    return tuple(got)


@pytest.fixture(scope="module")
def hands() -> list[list[PlayerView]]:
    return random_hands(4000, seed=11)


def test_every_view_of_random_hands_reads_the_same_line(hands: list[list[PlayerView]]) -> None:
    scenarios: Counter[int] = Counter()
    pot_types: set[int] = set()
    roles: set[int] = set()
    steps: set[int] = set()
    check_raises = 0
    facing_raises = 0
    for views in hands:
        for view in views:
            line = python_read_line(view)
            want = expected(line)
            same_line(decoded_read_line(view), line, (view.history, view.seat, view.street))
            assert_same(kernel_line(view), want, (view.history, view.seat, view.street))
            scenarios[want[4]] += 1
            pot_types.add(want[0])
            roles.add(want[3])
            facing_raises += line.facing_raise
            if line.facing_pct is not None:
                index = bisect.bisect_right(THRESHOLDS, line.facing_pct)
                steps.add(index)
                check_raises += line.facing_weight != TABLES.weights[index]
    assert set(scenarios) == {-1, *range(len(SCENARIOS))}, sorted(set(range(60)) - set(scenarios))
    assert pot_types == set(range(len(POT_TYPES)))
    assert roles == set(range(len(ROLES)))
    assert steps == set(range(len(THRESHOLDS) + 1)), sorted(set(range(48)) - steps)
    assert check_raises > 0 and facing_raises > 0


def test_preflop_spots_match_detect_scenario(hands: list[list[PlayerView]]) -> None:
    seen: set[int] = set()
    for views in hands:
        for view in views:
            legal = view.legal
            if view.street or legal is None:
                continue
            want = SPOTS.index(detect_scenario(view))
            log = history_array(view.history)
            got = preflop_spot(log, len(view.history), view.is_button, legal.can_call, legal.can_raise)
            assert got == want, (view.history, view.seat)
            seen.add(got)
    assert seen == set(range(len(SPOTS)))


def test_the_compiled_tables_log_is_the_engines_history() -> None:
    """Random discrete actions on a CompiledTable and on the engine; the kernel reads the table's log directly."""
    rng = np.random.default_rng(5)
    codec = DiscreteActions((0.04, 0.33, 0.75, 1.0, 2.5, 12.0, 30.0))
    assert len(ActionRecord._fields) == LOG_FIELDS
    configs = (GameConfig(), GameConfig(3, 7, (1500, 380)), GameConfig(1, 2, (60, 900)), GameConfig(5, 5, (400, 400)))
    checked = 0
    for hand_number in range(400):
        config = configs[hand_number % len(configs)]
        table = CompiledTable(config, codec.fractions, "alternate", 6, reply=False)
        table.reset(hand_number)
        state = table.state
        hand = HandState.start(config, state[BUTTON], tuple(state[DECK : DECK + 9]))
        while True:
            n = state[LOGGED]
            np.testing.assert_array_equal(table.log[0, :n], history_array(hand.history))
            assert state[STREET] == hand.street
            for seat in (0, 1):
                view = hand.view(seat)
                facing = state[ACTOR] == seat and state[TO_CALL] > 0
                assert facing == (view.legal is not None and view.legal.call_amount > 0)
                blinds = min(config.small_blind, config.stacks[state[BUTTON]]) + min(
                    config.big_blind, config.stacks[1 - state[BUTTON]]
                )
                got = read_line(table.log[0], n, seat, state[BUTTON], state[STREET], facing, blinds, TABLES, SCRATCH)
                assert_same(tuple(got), expected(python_read_line(view)), hand.history)
                checked += 1
            if state[TERMINAL]:
                assert hand.terminal
                break
            legal = np.flatnonzero(codec.mask(hand))
            action = int(legal[rng.integers(len(legal))]) if rng.random() < 0.7 else 1
            codec.apply(hand, action)
            assert table.act(codec, action, raise_on_illegal=True)
            state = table.state
    assert checked > 2000


def test_history_array_of_an_empty_history() -> None:
    log = history_array(())
    assert log.shape == (0, LOG_FIELDS) and log.dtype == np.int64
    hand = HandState.new(deck=tuple(range(9)), button=1)
    assert_same(
        tuple(read_line(log, 0, 1, 1, 0, True, 150, TABLES, SCRATCH)), expected(python_read_line(hand.view(1))), ()
    )


@pytest.mark.parametrize(
    ("stacks", "button"),
    [((30, 20000), 0), ((20000, 80), 0), ((100, 100), 1), ((50, 20000), 0)],
)
def test_blinds_that_put_a_seat_all_in(stacks: tuple[int, int], button: int) -> None:
    """Hands that end or skip streets at once: the streets left unplayed are read as checked through."""
    hand = HandState.new(GameConfig(stacks=stacks), deck=tuple(range(9)), button=button)
    while not hand.terminal:
        for seat in (0, 1):
            assert_same(kernel_line(hand.view(seat)), expected(python_read_line(hand.view(seat))), hand.history)
        hand.check_or_call()
    for seat in (0, 1):
        assert_same(kernel_line(hand.view(seat)), expected(python_read_line(hand.view(seat))), hand.history)


def test_log_rows_past_n_are_ignored() -> None:
    hand = HandState.new(deck=tuple(range(9)), button=0)
    hand.raise_to(250)
    hand.call()
    hand.check()
    hand.raise_to(300)
    view = hand.view(1)
    log = np.vstack([history_array(view.history), np.full((5, LOG_FIELDS), 7, np.int64)])
    got = read_line(log, 4, 1, 0, 1, True, 150, TABLES, SCRATCH)
    assert_same(tuple(got), expected(python_read_line(view)), view.history)
    assert SCENARIOS[got[4]] is Scenario.F_D4
    assert preflop_spot(log, 0, True, True, True) == SPOTS.index(PreflopScenario.btn_first)


def test_weight_lookup_matches_bisect_right_at_and_between_thresholds() -> None:
    rng = np.random.default_rng(3)
    sizes = [*THRESHOLDS, *(np.nextafter(t, -math.inf) for t in THRESHOLDS), *(rng.random(2000) * 1700), 0.0, 1e9]
    _, weights, above = weight_steps()
    for pct in sizes:
        index = bisect.bisect_right(THRESHOLDS, float(pct))
        assert _weight_index(TABLES.thresholds, float(pct)) == index
        assert TABLES.weights[index] == (weights[index] if index < len(weights) else above)


def test_a_bet_into_an_empty_pot_is_a_pot_sized_bet() -> None:
    """No real pot is empty (blinds are positive); the reference calls a bet into one 100% and so must the kernel."""
    history = (
        ActionRecord(Street.PREFLOP, 0, ActionKind.CALL, 0, 0, False),
        ActionRecord(Street.PREFLOP, 1, ActionKind.CHECK, 0, 0, False),
        ActionRecord(Street.FLOP, 1, ActionKind.BET, 40, 40, False),
    )
    want = expected(_read_line(history, 0, 0, Street.FLOP, True, 0))
    got = read_line(history_array(history), 3, 0, 0, 1, True, 0, TABLES, SCRATCH)
    assert_same(tuple(got), want, history)
    assert got[8] == 100.0
