"""The solver agent's preflop: the tables with a minimum defence against the size faced."""

from __future__ import annotations

import math

import numpy as np
import pytest

from baselines import make
from baselines.solver import SolverAgent
from baselines.solver.preflop import continuing_share, defence_floor, defended_probabilities, preflop_ranges
from pokergym.context.preflop import preflop_probabilities
from pokergym.engine import HandState
from pokergym.engine.actions import ActionKind, Street
from pokergym.engine.view import PlayerView
from pokergym.evaluator import preflop_equity
from pokergym.evaluator.combos import COMBO_CARDS, N_COMBOS
from pokergym.solver.ranges import class_of_combo

Line = list[int | str]


def _state(line: Line, button: int = 0) -> HandState:
    state = HandState.new(deck=tuple(range(9)), button=button)
    for step in line:
        if step == "c":
            state.call()
        else:
            assert isinstance(step, int)
            state.raise_to(step)
    return state


def _probability(agent: SolverAgent, view: PlayerView, combo: int, kind: ActionKind) -> float:
    """The probability that ``agent`` holding ``combo`` takes an action of ``kind`` at ``view``."""
    return sum(p for a, p in agent.action_probabilities(view._replace(hole=COMBO_CARDS[combo])) if a.kind == kind)


def _agent_continue_share(line: Line, defend: bool) -> float:
    """The share of the agent's own range that does not fold at the end of ``line``, asked hand by hand."""
    state = _state(line)
    view = state.view(state.actor)
    own = preflop_ranges(view.config, view.button, view.history, defend=defend)[view.seat]
    agent = SolverAgent(defend=defend)
    folded = sum(own[c] * _probability(agent, view, c, ActionKind.FOLD) for c in range(N_COMBOS) if own[c] > 0.0)
    return float(1.0 - folded / own.sum())


def test_the_floor_is_one_minus_the_raise_over_the_pot() -> None:
    assert math.isclose(defence_floor(_state([250, 500]).view(0)) or 0.0, 350 / 750)  # adds 400 to a pot of 750
    assert math.isclose(defence_floor(_state([250]).view(1)) or 0.0, 1 - 200 / 350)
    assert defence_floor(_state([]).view(0)) is None  # the blind is not a raise
    assert defence_floor(_state(["c"]).view(1)) is None  # the big blind may check


def test_a_min_three_bet_meets_the_minimum_defence_hand_by_hand() -> None:
    floor = 350 / 750
    assert math.isclose(_agent_continue_share([250, 500], defend=True), floor)
    assert _agent_continue_share([250, 500], defend=False) < floor - 0.1  # the table folds 67%


@pytest.mark.parametrize("line", [[250], [200], [500], [250, 900], [250, 900, 2700], ["c", 500]])
def test_where_the_table_defends_enough_it_plays_unchanged(line: Line) -> None:
    state = _state(line)
    view = state.view(state.actor)
    own = preflop_ranges(view.config, view.button, view.history)[view.seat]
    assert continuing_share(view, own) == continuing_share(view, own, defend=False)
    for combo in range(0, N_COMBOS, 7):
        probe = view._replace(hole=COMBO_CARDS[combo])
        assert defended_probabilities(probe) == preflop_probabilities(probe)


def test_the_strongest_folding_classes_call_first() -> None:
    view = _state([250, 500]).view(0)
    called, folded = [], []
    for combo in range(N_COMBOS):
        probe = view._replace(hole=COMBO_CARDS[combo])
        table = dict((a.kind, p) for a, p in preflop_probabilities(probe))
        defended = dict((a.kind, p) for a, p in defended_probabilities(probe) or [])
        equity = preflop_equity(class_of_combo(combo))
        if defended.get(ActionKind.CALL, 0.0) > table.get(ActionKind.CALL, 0.0) + 1e-12:
            called.append(equity)
        elif defended.get(ActionKind.FOLD, 0.0) > 0.0:
            folded.append(equity)
    assert called and folded and min(called) >= max(folded) - 1e-12


def test_ranges_follow_the_agents_own_preflop_strategy() -> None:
    state = _state([250, 500])
    view = state.view(0)
    before = preflop_ranges(view.config, 0, view.history)[0]
    agent = SolverAgent()
    call = np.array([_probability(agent, view, c, ActionKind.CALL) for c in range(N_COMBOS)])
    state.call()
    after = preflop_ranges(state.config, 0, state.history)[0]
    np.testing.assert_allclose(after, before * call, atol=1e-12)
    assert not after.flags.writeable


def test_against_the_tables_own_sizes_the_defence_never_binds() -> None:
    """Rule raises to the tables' sizes, so the agent plays its preflops against rule exactly as before the defence."""
    rule = make("rule")
    decisions = 0
    for hand in range(60):
        state = HandState.new(rng=np.random.default_rng(hand), button=hand % 2)
        rule.reset(1, np.random.default_rng([hand, 1]))
        while not state.terminal and state.street == Street.PREFLOP:
            view = state.view(state.actor)
            if state.actor == 1:
                state.apply(rule.act(view))
                continue
            table = defended_probabilities(view, defend=False)
            assert table is not None and defended_probabilities(view) == table
            decisions += 1
            state.apply(max(table, key=lambda item: item[1])[0])
        if not state.terminal:
            defended = preflop_ranges(state.config, state.button, state.history)
            tables = preflop_ranges(state.config, state.button, state.history, defend=False)
            assert all(np.array_equal(a, b) for a, b in zip(defended, tables, strict=True))
    assert decisions >= 50
