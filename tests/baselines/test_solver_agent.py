"""The solver agent: legal play, range bookkeeping, reproducibility, fallbacks, real sizes in the tree."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from baselines import make
from baselines.policy import legal_of
from baselines.simple import ManiacBot
from baselines.solver import SolverAgent
from baselines.solver.preflop import preflop_ranges
from baselines.solver.ranges import (
    block,
    board_strength,
    nearest_columns,
    representatives,
    runout_equity,
    runout_strength,
    strength_order,
)
from baselines.solver.solved_preflop import (
    PREFLOP_MODELS,
    board_shares,
    flop_shares,
    flop_values,
    solved_line,
    solved_probabilities,
    solved_ranges,
)
from pokergym.agents import Action, Agent, BaseAgent, PlayerView, RandomAgent, Street
from pokergym.arena import match
from pokergym.cards import parse_cards
from pokergym.engine import GameConfig, HandState
from pokergym.errors import ConfigError
from pokergym.evaluator import equity_vs_random, equity_vs_range
from pokergym.evaluator.combos import COMBO_CARDS, N_COMBOS, combo_index
from pokergym.solver import Gadget, Spot, solve
from pokergym.solver.preflop import PreflopMenu, PreflopSolution, combo_classes
from pokergym.solver.ranges import HAND_GROUPS, hand_classes, hand_group

CHEAP = "solver:iterations=1"


class MinRaiser(BaseAgent):
    """Min-raises whenever it can, else calls or checks: min-raise wars and all-ins."""

    name = "min-raiser"

    def act(self, view: PlayerView) -> Action:
        legal = legal_of(view)
        if legal.can_raise:
            return Action.raise_to(legal.min_raise_to)
        return Action.call() if legal.can_call else Action.check()


def card_set(combo: int) -> set[int]:
    return set(COMBO_CARDS[combo])


@pytest.mark.parametrize(
    ("opponent", "config", "spec"),
    [
        (RandomAgent(), GameConfig(), CHEAP),
        (ManiacBot(), GameConfig(), CHEAP),
        (MinRaiser(), GameConfig(), CHEAP),
        (RandomAgent(), GameConfig(stacks=(20000, 700)), CHEAP),
        (RandomAgent(), GameConfig(), f"{CHEAP},flop_turns=0,safe=false,deep_menus=false"),
        (ManiacBot(), GameConfig(), f"{CHEAP},preflop=solved,preflop_tremble=0.3"),
        (MinRaiser(), GameConfig(stacks=(20000, 3000)), f"{CHEAP},preflop=solved"),
        (ManiacBot(), GameConfig(), f"{CHEAP},preflop=mixed"),
        (MinRaiser(), GameConfig(), f"{CHEAP},order=runout"),
    ],
)
def test_plays_only_legal_actions_from_its_stated_distribution(opponent: Agent, config: GameConfig, spec: str) -> None:
    agent = make(spec)
    assert isinstance(agent, SolverAgent)
    master = np.random.default_rng(5)
    postflop = 0
    for hand in range(10):
        state = HandState.new(config, button=hand % 2, rng=master)
        seat = int(master.integers(2))
        agent.reset(seat, np.random.default_rng([hand, 1]))
        opponent.reset(1 - seat, np.random.default_rng([hand, 2]))
        while not state.terminal:
            view = state.view(state.actor)
            if state.actor != seat:
                state.apply(opponent.act(view))
                continue
            distribution = agent.action_probabilities(view)
            assert math.isclose(sum(p for _, p in distribution), 1.0) and min(p for _, p in distribution) > 0.0
            assert all(state.can_apply(a) for a, _ in distribution)
            action = agent.act(view)
            assert action in [a for a, _ in distribution]
            postflop += bool(view.board)
            if view.board:
                own, other = agent.ranges(view)
                assert math.isclose(own.sum(), 1.0) and math.isclose(other.sum(), 1.0)
                blocked = set(view.board)
                assert all(own[c] == 0.0 for c in range(1326) if card_set(c) & blocked)
                assert all(other[c] == 0.0 for c in range(1326) if card_set(c) & (blocked | set(view.hole)))
            state.apply(action)
    assert postflop > 0


def test_preflop_ranges_follow_the_tables() -> None:
    state = HandState.new(deck=parse_cards("AsKd7c2d2s5h9dKc3h"), button=0)
    state.raise_to(250)
    state.call()
    button, big_blind = preflop_ranges(state.config, 0, state.history)
    aces, seven_deuce = 1325, next(c for c, cards in enumerate(COMBO_CARDS) if set(cards) == {20, 1})
    assert button[aces] == 1.0 and big_blind[seven_deuce] == 0.0  # 72o never calls an open in the table
    assert 0.0 < big_blind.sum() < button.sum() < 1326


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_representatives_keep_each_strength_bands_weight(seed: int) -> None:
    board = tuple(parse_cards("Td9d6h"))
    rng = np.random.default_rng(seed)
    weights = block(rng.choice([0.0, 0.25, 1.0], size=N_COMBOS), board)  # ties, as the range tables give
    kept = representatives(weights, board, 150)
    assert np.count_nonzero(kept) <= 150 and np.all(kept[weights == 0.0] == 0.0)
    assert math.isclose(kept.sum(), weights.sum())
    strength = board_strength(board)
    edges = np.quantile(strength[weights > 0], [0.2, 0.4, 0.6, 0.8])
    band = np.digitize(strength, edges)
    for b in range(5):  # each fifth of the range by strength keeps its weight within about one pick's share
        assert abs(kept[band == b].sum() - weights[band == b].sum()) <= 2.0 * weights.sum() / 150


@pytest.mark.parametrize("board", ["Td9d6h", "Ks7d2c", "Qh8h3h2s"])
def test_runout_strength_orders_combos_by_their_equity_against_any_hand(board: str) -> None:
    cards = tuple(parse_cards(board))
    strength = runout_strength(cards)
    live = np.flatnonzero(strength > 0)
    assert len(live) == np.count_nonzero(board_strength(cards)) and np.all(strength[live] < 1.0)
    sample = np.random.default_rng(3).choice(live, 25, replace=False)
    exact = np.array([equity_vs_random(COMBO_CARDS[c], cards).equity for c in sample])  # with card removal
    assert np.corrcoef(1.0 - strength[sample], exact)[0, 1] > 0.999  # the same order; card removal left out
    assert np.max(np.abs((1.0 - strength[sample]) - exact)) < 0.1


@pytest.mark.parametrize(("board", "seed"), [("Td9d6h", 0), ("Ks7d2c", 1), ("QhJh8c", 2)])
def test_runout_equity_is_the_evaluators_exact_equity_against_the_range(board: str, seed: int) -> None:
    cards = tuple(parse_cards(board))
    rng = np.random.default_rng(seed)
    weights = rng.choice([0.0, 0.3, 1.0], size=N_COMBOS)  # ties and zeros, as ranges have
    equity = runout_equity(cards, weights)
    assert np.all(equity[block(np.ones(N_COMBOS), cards) == 0.0] == 0.0)  # the board's own combos
    live = np.flatnonzero(block(np.ones(N_COMBOS), cards))
    for combo in rng.choice(live, 30, replace=False):  # the oracle: every run-out, card removal with the range
        exact = equity_vs_range(COMBO_CARDS[combo], cards, weights).equity
        assert equity[combo] == pytest.approx(exact, abs=1e-9)


def test_board_shares_price_each_hand_by_this_flop_and_keep_the_models_split() -> None:
    state = HandState.new(deck=parse_cards("AsKd7c2dTd9d6h3h4s"), button=0)
    state.raise_to(250)
    state.call()
    board = state.board
    solution, line = solved_line(state.config, state.history)
    ranges = solved_ranges(state.config, 0, state.history)
    realisation = solution.realisation(line)
    big_blind = board_shares(state.config, 0, state.history, 1, board)
    np.testing.assert_allclose(big_blind, realisation * runout_equity(board, ranges[0]))
    button = board_shares(state.config, 0, state.history, 0, board)
    equity = runout_equity(board, ranges[1])
    own = block(ranges[0], board)
    held = float(own @ equity) / float(own.sum())
    assert float(own @ button) / float(own.sum()) == pytest.approx(1.0 - realisation * (1.0 - held))
    np.testing.assert_allclose(button[equity > 0] / equity[equity > 0], button[equity > 0][0] / equity[equity > 0][0])
    air, set_of_nines = (combo_index(*parse_cards(h)) for h in ("3c2s", "9h9c"))
    by_class = flop_shares(state.config, 0, state.history, 0)
    assert button[air] < 0.5 * by_class[air] and button[set_of_nines] > by_class[set_of_nines]
    np.testing.assert_array_equal(flop_values(state.config, 0, state.history, 0, board, "board"), button)
    np.testing.assert_array_equal(flop_values(state.config, 0, state.history, 0, board, "classes"), by_class)
    with pytest.raises(ValueError, match="flop values must be one of classes, proportional, board"):
        flop_values(state.config, 0, state.history, 0, board, "flop")


def test_the_runout_order_plays_a_left_out_draw_like_a_draw() -> None:
    board = tuple(parse_cards("Td9d6h"))
    draw, ace_high = (combo_index(*parse_cards(h)) for h in ("Ad5d", "Ac5c"))
    weights = block(np.ones(N_COMBOS), board)
    weights[[draw, ace_high]] = 0.0  # both left out of the solve
    kept = np.flatnonzero(representatives(weights, board, 100, runout_strength(board)))
    made, runout = (nearest_columns(strength_order(board, r), kept) for r in (False, True))
    assert made[draw] == made[ace_high]  # by the made hand: the same ace-high proxy
    equity = equity_vs_random(COMBO_CARDS[kept[runout[draw]]], board).equity
    assert abs(equity - equity_vs_random(COMBO_CARDS[draw], board).equity) < 0.05  # by run-out: a hand as strong
    with pytest.raises(ConfigError, match="order must be one of made, runout"):
        SolverAgent(order="equity")


def test_a_capped_flop_solve_holds_every_rank() -> None:
    state = HandState.new(deck=parse_cards("AsKd7c2d2s5h9dKc3h"), button=0)
    state.raise_to(250)
    state.call()
    plan = SolverAgent(iterations=2, preflop="tables")._plan(state.view(1))
    assert plan.solution is not None
    for player in (0, 1):
        hands = plan.solution.spot.hands(player)
        assert 0 < len(hands) <= 200
        high_ranks = {max(COMBO_CARDS[h]) // 4 for h in hands}
        assert {9, 10, 11, 12} <= high_ranks  # jack-, queen-, king- and ace-high combos are in the solve


def test_an_off_menu_bet_is_solved_at_its_real_size() -> None:
    state = HandState.new(deck=parse_cards("AsKd7c7dQsJh2d3c8h"), button=0)
    state.raise_to(250)
    state.call()
    for _ in range(2):  # checked to the river
        state.check()
        state.check()
    state.check()  # the big blind checks, the button bets an odd size
    state.raise_to(137)
    view = state.view(1)
    agent = SolverAgent(iterations=5)
    plan = agent._plan(view)
    assert plan.reason == "" and plan.path == (("check", 0), ("bet", 137))
    assert agent.act(view) in [a for a, _ in agent.action_probabilities(view)]
    assert agent.fallbacks.total() == 0


def test_the_opponents_bet_moves_its_range_by_the_solved_strategy() -> None:
    def turn_ranges(flop_bet: bool) -> np.ndarray:
        state = HandState.new(deck=parse_cards("AsKd7c7dQsJh2d3c8h"), button=0)
        state.raise_to(250)
        state.call()
        state.check()
        if flop_bet:
            state.raise_to(375)  # the button's 75% flop bet (on the menu), called
            state.call()
        else:
            state.check()
        state.check()
        return SolverAgent(iterations=30).ranges(state.view(0))[1]

    after_bet, after_check = turn_ranges(True), turn_ranges(False)
    assert not np.allclose(after_bet, after_check)


def test_turn_and_river_are_re_solved_safely_by_default() -> None:
    state = HandState.new(deck=parse_cards("AsKd7c7dQsJh2d3c8h"), button=0)
    state.raise_to(250)
    state.call()
    state.check()
    state.raise_to(375)  # the button bets 75% on the flop, called; the turn is checked through
    state.call()
    state.check()
    state.check()
    view = state.view(1)  # the big blind, first on the river
    # all-in menus: with raises of 2.5 times the bet the button's flop bet of 75% is a narrow range of second pairs
    tables = {"flop_turns": 0, "deep_menus": False, "preflop": "tables"}  # the flop re-solved unsafely
    safe = SolverAgent(iterations=15, **tables)
    unsafe = SolverAgent(iterations=15, safe=False, **tables)
    plans = safe._plan(view), unsafe._plan(view)
    assert plans[0].solution is not None and plans[1].solution is not None
    spot = plans[0].solution.spot
    before = tuple(r for r in view.history if r.street < view.street)
    gadget = safe._gadget(view.config, 1, 0, before, spot)
    assert gadget is not None and gadget.player == 1  # the button's hands choose
    assert gadget.values.shape == (spot.n_hands[1],) and np.all(np.isfinite(gadget.values))
    # a hand can win at most the pot and the stack behind, and lose at most the stack
    assert gadget.values.min() >= -spot.stack and gadget.values.max() <= spot.pot + spot.stack
    assert np.ptp(gadget.values) > 0.1 * spot.pot  # strong and weak hands are worth different amounts
    decisions = np.flatnonzero(plans[0].solution.tree.kind == 0)
    frequencies = [  # each decision's action frequencies, averaged over hands
        np.concatenate([plan.solution.strategy(int(n)).mean(axis=1) for n in decisions])
        for plan in plans
        if plan.solution is not None
    ]
    assert not np.allclose(frequencies[0], frequencies[1], atol=1e-3)  # the gadget changes the river's play
    flop_spot = safe._solve(
        view.config,
        1,
        0,
        view.board[:3],
        before[:2],
        (),
        safe._start(view.config, 1, 0, view.board, view.history, Street.FLOP),
    )
    # the turn after a depth-limited flop solve: no gadget (that solve checked down from here); with the turn
    # dealt in the flop's solve, a gadget
    turn_view = HandState.new(deck=parse_cards("AsKd7c7dQsJh2d3c8h"), button=0)
    for act in (lambda s: s.raise_to(250), lambda s: s.call(), lambda s: s.check(), lambda s: s.raise_to(375)):
        act(turn_view)
    turn_view.call()
    turn_plan = safe._plan(turn_view.view(1))
    assert turn_plan.solution is not None
    turn_spot = turn_plan.solution.spot
    assert safe._gadget(view.config, 1, 0, before[:5], turn_spot) is None
    dealt = SolverAgent(iterations=15, flop_turns=49, deep_menus=False, preflop="tables")  # every turn card
    turn_spot = dealt._plan(turn_view.view(1)).solution.spot  # type: ignore[union-attr]
    turn_gadget = dealt._gadget(view.config, 1, 0, before[:5], turn_spot)
    assert turn_gadget is not None and turn_gadget.values.shape == (turn_spot.n_hands[1],)
    assert np.ptp(turn_gadget.values) > 0.1 * turn_spot.pot
    # the flop follows the range tables: no gadget without an off-menu size
    assert flop_spot is not None and safe._gadget(view.config, 1, 0, before[:2], flop_spot.spot) is None


def test_the_flop_can_be_re_solved_safely_against_the_opponents_off_menu_sizes() -> None:
    state = HandState.new(deck=parse_cards("AsKd7c7dQsJh2d3c8h"), button=0)
    state.raise_to(200)
    state.call()
    state.check()
    agent = SolverAgent(iterations=10, flop_gadget=True, preflop="tables")
    menu_bet, off_menu = state.copy(), state.copy()
    menu_bet.raise_to(300)  # the deep flop menu's 75% pot
    off_menu.raise_to(800)  # twice the pot
    before = tuple(r for r in state.history if r.street == Street.PREFLOP)
    on_plan, off_plan = agent._plan(menu_bet.view(1)), agent._plan(off_menu.view(1))
    assert on_plan.solution is not None and off_plan.solution is not None
    assert agent._gadget(state.config, 1, 0, before, on_plan.solution.spot) is None
    gadget = agent._gadget(state.config, 1, 0, before, off_plan.solution.spot)
    assert gadget is not None and gadget.player == 1  # the button's hands choose
    spot = off_plan.solution.spot
    blueprint = agent._solve(
        state.config,
        1,
        0,
        spot.board,
        before,
        (),
        agent._start(state.config, 1, 0, spot.board, state.history, Street.FLOP),
    )
    assert blueprint is not None and blueprint.spot.extra_actions == ()
    assert np.allclose(gadget.values, np.nan_to_num(blueprint.ev((), 1))[: spot.n_hands[1]])  # the same hands
    assert np.ptp(gadget.values) > 0.1 * spot.pot
    # the agent's own off-menu sizes are not the opponent's: the button facing a big blind's lead of its own size
    lead = state.copy()
    lead_view = HandState.new(deck=parse_cards("AsKd7c7dQsJh2d3c8h"), button=0)
    for act in (lambda s: s.raise_to(200), lambda s: s.call(), lambda s: s.raise_to(800)):
        act(lead_view)
    del lead
    plan = agent._plan(lead_view.view(0))
    assert plan.solution is not None
    assert agent._gadget(state.config, 0, 0, before, plan.solution.spot) is not None  # seat 0 faces seat 1's size
    tables = SolverAgent(iterations=10, preflop="tables")  # after the tables the flop gadget is off by default
    assert tables._gadget(state.config, 1, 0, before, spot) is None


def test_less_than_a_big_blind_behind_falls_back_and_is_counted() -> None:
    state = HandState.new(GameConfig(stacks=(20000, 300)), deck=parse_cards("AsKd7c7dQsJh2d3c8h"), button=0)
    state.raise_to(250)
    state.call()  # the big blind has 50 chips behind on the flop
    agent = SolverAgent(iterations=3)
    agent.reset(1, np.random.default_rng(0))
    action = agent.act(state.view(1))
    assert state.can_apply(action) and agent.fallbacks["no_solve"] == 1


def test_the_solved_preflop_plays_and_models_the_tree_with_the_real_sizes() -> None:
    state = HandState.new(deck=parse_cards("AsKd7c2d2s5h9dKc3h"), button=0)
    state.raise_to(300)  # off the solved menu's opens (200, 250, 350, 500)
    agent = SolverAgent(iterations=1, preflop="solved")
    distribution = dict(agent.action_probabilities(state.view(1)))
    solution, line = solved_line(state.config, state.history)
    assert line == (Action.raise_to(300),) and solution.actor(line) == 1
    assert set(distribution) <= set(solution.actions(line)) and math.isclose(sum(distribution.values()), 1.0)
    state.call()
    button, big_blind = solved_ranges(state.config, 0, state.history)
    _, trembled = solved_ranges(state.config, 0, state.history, tremble=0.3)
    np.testing.assert_allclose(button[1325], solution.reach(line)[0][0])  # AA's reach in the solve
    seven_deuce = next(c for c, cards in enumerate(COMBO_CARDS) if set(cards) == {20, 1})
    assert big_blind[seven_deuce] < 1e-3 and trembled[seven_deuce] > 0.3 / len(solution.actions(line))
    state.check()  # the big blind on the flop: the button's range is the opponent's
    own, other = SolverAgent(iterations=1, preflop="solved", preflop_tremble=0.3).ranges(state.view(1))
    exact_own, exact_other = agent.ranges(state.view(1))
    np.testing.assert_allclose(own, exact_own)  # its own range is never trembled
    light = np.count_nonzero(exact_other < 1e-3 * exact_other.max())
    assert np.count_nonzero(other < 1e-3 * other.max()) < light  # fewer hands all but ruled out


def test_after_the_solved_preflop_the_flop_is_re_solved_safely_against_any_range(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import baselines.solver.agent as agent_module

    seen: list[tuple[Spot, Gadget | None]] = []

    def recording(spot: Spot, **options: object) -> object:
        seen.append((spot, options.get("gadget")))  # type: ignore[arg-type]
        return solve(spot, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(agent_module, "solve", recording)
    state = HandState.new(deck=parse_cards("AsKd7c2d2s5h9dKc3h"), button=0)
    state.raise_to(350)
    state.call()
    agent = SolverAgent(iterations=2, preflop="solved")
    agent.action_probabilities(state.view(1))  # the big blind first on the flop
    spot, gadget = seen[-1]
    assert isinstance(gadget, Gadget) and gadget.player == 1  # the button's hands hold their values
    shares = flop_shares(state.config, 0, state.history, 0)
    np.testing.assert_allclose(gadget.values, shares[spot.hands(1)] * spot.pot)
    assert len(spot.hands(1)) == 100  # representatives of every live hand, not of the modelled range
    assert ((gadget.values > 0.0) & (gadget.values < spot.pot)).all()
    for values, expected in [
        ("board", board_shares(state.config, 0, state.history, 0, state.board)),
        ("proportional", flop_shares(state.config, 0, state.history, 0, "proportional")),
    ]:
        SolverAgent(iterations=2, preflop="solved", flop_values=values).action_probabilities(state.view(1))
        spot, gadget = seen[-1]
        assert isinstance(gadget, Gadget) and gadget.player == 1
        np.testing.assert_allclose(gadget.values, expected[spot.hands(1)] * spot.pot)
    seen.clear()
    SolverAgent(iterations=2, preflop="solved", safe=False).action_probabilities(state.view(1))
    assert seen[-1][1] is None
    seen.clear()
    ranged = SolverAgent(iterations=2, preflop="solved", flop_shares=False)
    ranged.action_probabilities(state.view(1))  # the modelled ranges, as after the tables: no gadget
    spot, gadget = seen[-1]
    assert gadget is None
    modelled = set(np.flatnonzero(ranged.ranges(state.view(1))[1] > 0.0))  # blocked by the big blind's cards
    unblocked = {int(c) for c in spot.hands(1) if not set(COMBO_CARDS[c]) & set(state.hole(1))}
    assert unblocked <= modelled  # the button's modelled hands only


def test_the_mixed_preflop_is_the_solved_one_in_the_big_blind_and_the_tables_on_the_button(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import baselines.solver.agent as agent_module

    seen: list[Gadget | None] = []

    def recording(spot: Spot, **options: object) -> object:
        seen.append(options.get("gadget"))  # type: ignore[arg-type]
        return solve(spot, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(agent_module, "solve", recording)
    mixed, solved, tables = (SolverAgent(iterations=2, preflop=p) for p in ("mixed", "solved", "tables"))
    state = HandState.new(deck=parse_cards("AsKd7c2d2s5h9dKc3h"), button=0)
    button_view = state.view(0)
    assert mixed.action_probabilities(button_view) == tables.action_probabilities(button_view)
    assert mixed.action_probabilities(button_view) != solved.action_probabilities(button_view)
    state.raise_to(500)
    big_blind_view = state.view(1)
    assert mixed.action_probabilities(big_blind_view) == solved.action_probabilities(big_blind_view)
    assert mixed.action_probabilities(big_blind_view) != tables.action_probabilities(big_blind_view)
    state.call()
    for expected, view in ((solved, state.view(1)), (tables, state.view(0))):
        np.testing.assert_array_equal(mixed.ranges(view)[0], expected.ranges(view)[0])
        np.testing.assert_array_equal(mixed.ranges(view)[1], expected.ranges(view)[1])
    mixed.action_probabilities(state.view(1))  # the big blind's flop: safe against the abstraction's values
    assert isinstance(seen[-1], Gadget)


def test_the_tables_tremble_the_opponents_preflop_range_only() -> None:
    state = HandState.new(deck=parse_cards("AsKd7c2d2s5h9dKc3h"), button=0)
    state.raise_to(250)
    state.raise_to(750)
    state.call()
    exact = preflop_ranges(state.config, 0, state.history)
    trembled = preflop_ranges(state.config, 0, state.history, tremble=0.3)
    assert np.count_nonzero(trembled[1]) == N_COMBOS > np.count_nonzero(exact[1])
    seven_deuce = next(c for c, cards in enumerate(COMBO_CARDS) if set(cards) == {20, 1})
    assert trembled[1][seven_deuce] == pytest.approx(0.1)  # the table folds it: 0.3 of uniform over 3 actions


def test_registry_specs() -> None:
    agent = make("solver:iterations=20")
    assert isinstance(agent, SolverAgent) and agent.iterations == 20 and agent.reproducible
    timed = make("solver:budget_ms=500")
    assert isinstance(timed, SolverAgent) and not timed.reproducible
    with pytest.raises(ValueError, match="iterations"):
        make("solver:iterations=0")
    with pytest.raises(ValueError, match="flop_turns"):
        make("solver:flop_turns=50")
    shallow = make("solver:flop_turns=0,safe=false,deep_menus=false")
    assert isinstance(shallow, SolverAgent) and shallow.flop_turns == 0 and not shallow.safe and not shallow.deep_menus
    assert SolverAgent().flop_turns == 6 and SolverAgent().safe and SolverAgent().deep_menus
    assert SolverAgent().tremble == 0.3 and SolverAgent(tremble=0.0).tremble == 0.0
    for bad in ("1.0", "-0.1"):
        with pytest.raises(ValueError, match="tremble"):
            make(f"solver:tremble={bad}")
        with pytest.raises(ValueError, match="preflop_tremble"):
            make(f"solver:preflop_tremble={bad}")
    with pytest.raises(ValueError, match="preflop must be one of"):
        make("solver:preflop=chart")
    assert SolverAgent().preflop == "mixed" and SolverAgent().preflop_tremble == 0.0
    assert SolverAgent().flop_shares and not SolverAgent(flop_shares=False).flop_shares
    with pytest.raises(ValueError, match="flop_shares must be True or False"):
        SolverAgent(flop_shares=1)  # type: ignore[arg-type]
    assert SolverAgent().flop_values == "classes" and make("solver:flop_values=board").flop_values == "board"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="flop_values must be one of classes, proportional, board"):
        SolverAgent(flop_values="flop")
    assert SolverAgent().preflop_menu == PreflopMenu()  # the linear model, as before the option
    assert make("solver:preflop_model=curved").preflop_menu.curve == 2.0  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="preflop_model must be one of linear, curved, typed"):
        make("solver:preflop_model=bent")
    with pytest.raises(ValueError, match="does not go with a curved one"):
        make("solver:preflop_model=curved,flop_values=board")


def test_the_curved_preflop_model_folds_more_big_blinds_and_prices_the_flop_by_its_curve() -> None:
    state = HandState.new(deck=parse_cards("7c2dTs2sKd9h3c5s4h"), button=0)
    state.raise_to(250)  # the big blind holds Ts2s facing an open to 2.5 big blinds: the linear model defends it
    fold = Action.fold()
    models = (PREFLOP_MODELS["linear"], PREFLOP_MODELS["curved"])
    linear, curved = (dict(solved_probabilities(state.view(1), m)).get(fold, 0.0) for m in models)
    assert linear < 0.5 < curved
    state.call()
    solution, line = solved_line(state.config, state.history, PREFLOP_MODELS["curved"])
    shares = flop_shares(state.config, 0, state.history, 1, menu=PREFLOP_MODELS["curved"])
    assert shares[combo_index(*parse_cards("AsAh"))] == pytest.approx(
        solution.flop_shares(line, 1)[PreflopSolution.class_index("AA")]
    )
    with pytest.raises(ValueError, match="board shares follow a linear realisation model"):
        flop_values(state.config, 0, state.history, 0, state.board, "board", PREFLOP_MODELS["curved"])


def test_the_typed_preflop_model_defends_suited_connectors_and_folds_weak_offsuit_hands() -> None:
    state = HandState.new(deck=parse_cards("7c2dTs2sKd9h3c5s4h"), button=0)
    state.raise_to(250)  # the big blind faces an open to 2.5 big blinds
    combos = np.bincount(combo_classes(), minlength=169)
    groups = np.array([hand_group(name) for name in hand_classes()])
    folded = {}
    for model in ("linear", "typed"):
        solution, line = solved_line(state.config, state.history, PREFLOP_MODELS[model])
        fold = solution.strategy(line)[0] * combos
        folded[model] = {g: float(fold[groups == g].sum() / combos[groups == g].sum()) for g in HAND_GROUPS}
    assert folded["typed"]["other offsuit"] > folded["linear"]["other offsuit"] + 0.1
    assert folded["typed"]["suited connectors"] < folded["linear"]["suited connectors"]
    assert make("solver:preflop_model=typed").preflop_menu.typed  # type: ignore[attr-defined]
    for values in ("board", "proportional"):
        with pytest.raises(ValueError, match="does not go with bonuses by hand group"):
            make(f"solver:preflop_model=typed,flop_values={values}")
    with pytest.raises(ValueError, match="bonuses by hand group"):
        board_shares(state.config, 0, state.history, 0, state.board, PREFLOP_MODELS["typed"])


def test_a_trembling_opponent_keeps_every_live_hand_in_its_range() -> None:
    state = HandState.new(deck=parse_cards("AsKd7c7dQsJh2d3c8h"), button=0)
    state.raise_to(250)
    state.call()
    state.check()
    state.raise_to(375)  # the button bets 75% on the flop, the big blind calls
    state.call()
    view = state.view(1)  # the big blind on the turn: the button's range went through one bet
    board = view.board
    live = block(np.ones(N_COMBOS), (*board, *view.hole)) > 0.0
    strict = SolverAgent(iterations=5, tremble=0.0).ranges(view)[1]
    trembling = SolverAgent(iterations=5, tremble=0.3).ranges(view)[1]
    preflop = block(preflop_ranges(view.config, 0, view.history)[0], (*board, *view.hole)) > 0.0
    assert np.all(trembling[live & preflop] > 0.0)  # every hand the preflop tables allow stays possible
    assert np.count_nonzero(strict[live & preflop]) < np.count_nonzero(trembling[live & preflop])
    assert np.all(trembling[~live] == 0.0) and math.isclose(trembling.sum(), 1.0)


def test_the_same_seed_gives_the_same_match() -> None:
    results = [match(make(CHEAP), make("maniac"), pairs=3, seed=4, backend="local") for _ in range(2)]
    assert results[0].per_pair.tolist() == results[1].per_pair.tolist()


def test_the_process_backend_plays_the_local_match() -> None:
    # blocks of one pair: two blocks run in other processes, with their own unpickled copies of the agent
    local, pooled = (
        match(make(CHEAP), make("rule"), pairs=2, seed=6, backend=backend, workers=2, block_size=1)
        for backend in ("local", "process")
    )
    assert pooled.pair_chips == local.pair_chips and pooled.stats == local.stats


def test_the_paper_protocol_example_plays_rule_against_the_solver(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "examples" / "llm_vs_solver.py"
    spec = importlib.util.spec_from_file_location("llm_vs_solver", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    histories = tmp_path / "h.jsonl"
    example.run(
        [
            "--player",
            "rule",
            "--solver",
            "solver:iterations=2,flop_turns=0",
            "--pairs",
            "3",
            "--seed",
            "5",
            "--aivat",
            "--histories",
            str(histories),
        ]
    )
    out = capsys.readouterr().out
    assert "rule vs solver:iterations=2,flop_turns=0:" in out and "over 3 pairs (6 hands)" in out
    assert "(AIVAT, strategies of rule and solver:iterations=2,flop_turns=0), raw " in out
    assert len(histories.read_text().splitlines()) == 6
    with pytest.raises(SystemExit) as stopped:
        example.run(["--solver", "nosuch"])
    assert stopped.value.code == 2


def test_threads_play_the_same_match() -> None:
    """Against the calling station every hand the solver plays reaches the flop, where its solves split."""
    agents = [make(spec) for spec in (CHEAP, f"{CHEAP},threads=2")]
    one, two = (match(agent, make("call"), pairs=2, seed=4, backend="local") for agent in agents)
    assert one.per_pair.tolist() == two.per_pair.tolist() and one.stats == two.stats
    assert isinstance(agents[1], SolverAgent) and agents[1].threads == 2 and two.stats[0].saw_flop >= 3
    with pytest.raises(ValueError, match="threads"):
        make("solver:threads=0")
