"""The preflop abstraction: card removal in the class matchups, the tree, DCFR's convergence, a second best response."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from pokergym.engine.actions import Action, ActionKind
from pokergym.engine.config import GameConfig
from pokergym.errors import ConfigError
from pokergym.solver.preflop import (
    PreflopMenu,
    PreflopSolution,
    class_matchups,
    combo_classes,
    preflop_tree,
    solve_preflop,
)
from pokergym.solver.ranges import hand_classes

PUSH_FOLD = PreflopMenu(opens=(), over_limp=(), reraises=(), later_raises=())
SHORT = GameConfig(stacks=(1000, 1000))


@pytest.fixture(scope="module")
def default() -> PreflopSolution:
    return solve_preflop(iterations=300)


def test_class_matchups_count_card_removal() -> None:
    pairs, equity = class_matchups()
    aa, kk, aks = 0, 1, 13
    assert pairs[aa, aa] == 6  # AsAh meets only AdAc
    assert pairs[aa, aks] == 12  # each AA combo meets the 2 AKs combos of the other suits
    assert pairs[aa, kk] == 36
    assert pairs.sum() == 1326 * 1225
    np.testing.assert_allclose(equity + equity.T, pairs, atol=1e-9)  # ties split: the two equities add to one
    assert 0.81 < equity[aa, kk] / pairs[aa, kk] < 0.83


def test_strategies_are_distributions_over_the_tree(default: PreflopSolution) -> None:
    for line in default._lines:
        if default.has(line):
            strategy = default.strategy(line)
            assert strategy.shape == (len(default.actions(line)), 169)
            np.testing.assert_allclose(strategy.sum(axis=0), 1.0, atol=1e-9)
            assert (strategy >= 0.0).all()
    assert [str(a) for a in default.actions(())] == [
        "fold",
        "call",
        "raise to 200",
        "raise to 250",
        "raise to 350",
        "raise to 500",
        "raise to 20000",
    ]


def test_exploitability_falls_with_iterations() -> None:
    few, many = solve_preflop(iterations=20), solve_preflop(iterations=400)
    assert many.exploitability_mbb < few.exploitability_mbb / 4
    assert many.exploitability_mbb < 5.0
    assert few.exploitability_mbb > 0.0


def test_the_big_blind_defends_less_against_larger_opens(default: PreflopSolution) -> None:
    pairs, _ = class_matchups()
    combos = pairs.sum(axis=1) / 1225
    folds = []
    for amount in (200, 250, 350, 500):
        line = (Action.raise_to(amount),)
        fold = default.strategy(line)[default.actions(line).index(Action.fold())]
        folds.append(float((fold * combos).sum() / combos.sum()))
    assert folds == sorted(folds) and folds[-1] > folds[0] + 0.3
    aa, seven_two = default.class_index("AA"), default.class_index("72o")
    line = (Action.raise_to(500),)
    assert default.strategy(line)[0, aa] < 1e-3 and default.strategy(line)[0, seven_two] > 0.99


def test_reach_multiplies_the_actions_taken(default: PreflopSolution) -> None:
    line = (Action.raise_to(350), Action.call())
    button, big_blind = default.reach(line)
    np.testing.assert_allclose(button, default.strategy(())[4])
    np.testing.assert_allclose(big_blind, default.strategy(line[:1])[1])


def test_extra_sizes_enter_the_tree_and_bad_ones_are_refused() -> None:
    solution = solve_preflop(SHORT, extra={(): [300]}, iterations=50)
    assert Action.raise_to(300) in solution.actions(())
    assert solution.has((Action.raise_to(300),))
    with pytest.raises(ConfigError, match="not legal"):
        solve_preflop(SHORT, extra={(): [150]}, iterations=1)  # below the minimum raise to 200
    with pytest.raises(ConfigError, match="iterations"):
        solve_preflop(iterations=0)
    with pytest.raises(ConfigError, match="iterations"):
        solve_preflop(iterations="3")  # type: ignore[arg-type]
    for stack in (30, 50):  # both blinds all-in: it raised IndexError
        with pytest.raises(ConfigError, match="all in the blinds"):
            solve_preflop(GameConfig(stacks=(stack, stack)), iterations=1)
    with pytest.raises(ConfigError, match="exceed 1"):
        PreflopMenu(opens=(0.5,))


def _second_best_response(solution: PreflopSolution, player: int) -> float:
    """A best response written apart from the solver's: every pure plan of ``player`` by enumeration is too many,
    so walk the tree with explicit loops over the 169 classes and the opponent's reach per class."""
    pairs, equity = class_matchups()
    nodes = solution._nodes

    def value(index: int, reach: np.ndarray) -> np.ndarray:
        node = nodes[index]
        if node.kind == "fold":
            sign = -1.0 if node.actor == player else 1.0
            return np.array([sign * node.matched * sum(pairs[a, b] * reach[b] for b in range(169)) for a in range(169)])
        if node.kind in ("showdown", "flop"):
            out = np.zeros(169)
            for a in range(169):
                for b in range(169):
                    if pairs[a, b] == 0:
                        continue
                    mine = equity[a, b] / pairs[a, b]
                    big_blind_equity = mine if player == 1 else 1.0 - mine
                    big_blind_share = node.share * big_blind_equity
                    share = big_blind_share if player == 1 else 1.0 - big_blind_share
                    out[a] += pairs[a, b] * reach[b] * (2 * node.matched * share - node.matched)
            return out
        strategy = solution._strategies[index]
        if node.actor == player:
            return np.max([value(c, reach) for c in node.children], axis=0)
        return np.sum([value(c, reach * strategy[k]) for k, c in enumerate(node.children)], axis=0)

    return float(value(0, np.ones(169)).sum()) * 1000.0 / solution.config.big_blind / float(pairs.sum())


def test_exploitability_agrees_with_a_second_best_response() -> None:
    solution = solve_preflop(SHORT, PUSH_FOLD, iterations=30)
    kinds = {a.kind for line in solution._lines if solution.has(line) for a in solution.actions(line)}
    assert kinds <= {ActionKind.FOLD, ActionKind.CALL, ActionKind.CHECK, ActionKind.RAISE}
    responses = [_second_best_response(solution, p) for p in (0, 1)]
    assert solution.exploitability_mbb == pytest.approx(sum(responses) / 2, rel=1e-9, abs=1e-9)
    assert responses[0] >= solution.value_mbb - 1e-9 and responses[1] >= -solution.value_mbb - 1e-9


def test_the_unsolved_tree_is_the_solved_one(default: PreflopSolution) -> None:
    tree = preflop_tree()
    decisions = {line for line in default._lines if default.has(line)}
    assert {line for line, actions in tree.items() if actions} == decisions
    assert all(tree[line] == default.actions(line) for line in decisions)
    inserted = preflop_tree(extra={(Action.raise_to(250),): [1000]})
    assert Action.raise_to(1000) in inserted[(Action.raise_to(250),)]


def test_flop_shares_split_every_pot_between_the_two_players(default: PreflopSolution) -> None:
    pairs, _ = class_matchups()
    for line in [(Action.raise_to(350), Action.call()), (Action.call(), Action.check())]:
        button, big_blind = default.reach(line)
        shares = [default.flop_shares(line, 0), default.flop_shares(line, 1)]
        assert all(((s >= 0.0) & (s <= 1.0)).all() for s in shares)
        met = [pairs @ big_blind, pairs @ button]  # each class's weight of meetings with the other range
        total = float(button @ met[0])
        won = float((button * met[0]) @ shares[0] + (big_blind * met[1]) @ shares[1])
        assert won == pytest.approx(total, rel=1e-9)  # each pot goes to one player or the other
        assert shares[1][default.class_index("AA")] > shares[1][default.class_index("72o")]
    with pytest.raises(KeyError, match="does not end at the flop"):
        default.flop_shares((Action.raise_to(350),), 0)


def test_proportional_button_shares_keep_the_ranges_total_and_move_it_to_strong_classes(
    default: PreflopSolution,
) -> None:
    pairs, equity = class_matchups()
    line = (Action.raise_to(250), Action.call())
    button, big_blind = default.reach(line)
    remainder = default.flop_shares(line, 0)
    proportional = default.flop_shares(line, 0, "proportional")
    weights = button * (pairs @ big_blind)
    assert float(weights @ proportional) == pytest.approx(float(weights @ remainder), rel=1e-12)
    mean = (equity @ big_blind) / (pairs @ big_blind)
    np.testing.assert_allclose(proportional / mean, proportional[0] / mean[0])  # one factor for every class
    strong, weak = default.class_index("AA"), default.class_index("72o")
    assert proportional[strong] > remainder[strong] and proportional[weak] < remainder[weak]
    np.testing.assert_array_equal(default.flop_shares(line, 1, "proportional"), default.flop_shares(line, 1))
    assert default.realisation(line) == pytest.approx(default.menu.big_blind_share(195 / 5))
    with pytest.raises(ValueError, match="button must be one of remainder, proportional"):
        default.flop_shares(line, 0, "even")
    with pytest.raises(KeyError, match="does not end at the flop"):
        default.realisation((Action.raise_to(250),))


def test_the_big_blind_realises_its_equity_where_it_raised_last(default: PreflopSolution) -> None:
    def share(*line: Action) -> float:
        return default._nodes[default._lines[line]].share

    assert share(Action.raise_to(250), Action.call()) == pytest.approx(0.8)  # deep, the button raised
    assert share(Action.call(), Action.check()) == pytest.approx(0.8)  # a limped pot: nobody raised
    assert share(Action.raise_to(250), Action.raise_to(750), Action.call()) == pytest.approx(1.0)
    four_bet = default.actions((Action.raise_to(250), Action.raise_to(750)))[2]
    spr = (20000 - four_bet.amount) / (2 * four_bet.amount)  # the 4-bet called: the button raised last
    expected = 1.0 - 0.2 * min(1.0, spr / 8.0)
    assert share(Action.raise_to(250), Action.raise_to(750), four_bet, Action.call()) == pytest.approx(expected)
    assert PreflopMenu(raiser_realization=0.9).big_blind_share(20.0, big_blind_raised=True) == pytest.approx(0.9)
    with pytest.raises(ConfigError, match="realisations"):
        PreflopMenu(raiser_realization=1.5)


def test_the_curve_keeps_each_matchups_pot_whole_and_favours_the_hand_ahead() -> None:
    pairs, equity = class_matchups()
    assert PreflopMenu().flop_equity(pairs, equity) is equity  # curve 1: the equities themselves
    curved = PreflopMenu(curve=2.0).flop_equity(pairs, equity)
    np.testing.assert_allclose(curved + curved.T, pairs)  # ahead's gain is behind's loss: S(e) + S(1 - e) = 1
    aa, kk, seven_two = (PreflopSolution.class_index(name) for name in ("AA", "KK", "72o"))
    ahead = equity[aa, kk] / pairs[aa, kk]  # about 0.82
    assert curved[aa, kk] / pairs[aa, kk] == pytest.approx(ahead**2 / (ahead**2 + (1 - ahead) ** 2))
    assert curved[aa, kk] / pairs[aa, kk] > ahead and curved[seven_two, kk] < equity[seven_two, kk]
    with pytest.raises(ConfigError, match="curve must be a positive exponent"):
        PreflopMenu(curve=0.0)


def test_a_curved_realisation_folds_the_buttons_weakest_hands(default: PreflopSolution) -> None:
    curved = solve_preflop(menu=PreflopMenu(curve=2.0, realization=0.9, raiser_realization=0.9), iterations=200)
    combos = np.bincount(combo_classes(), minlength=169)
    folds = [float(s.strategy(())[0] @ combos) for s in (default, curved)]
    assert folds[0] < 50.0 < 150.0 < folds[1]  # the linear model plays almost every hand
    seven_two = PreflopSolution.class_index("72o")
    assert curved.strategy(())[0, seven_two] > 0.9
    line = (Action.raise_to(250), Action.call())
    shares = curved.flop_shares(line, 1)
    button, _ = curved.reach(line)
    pairs, equity = class_matchups()
    flop = curved.menu.flop_equity(pairs, equity)
    aa = PreflopSolution.class_index("AA")
    expected = curved.realisation(line) * (flop[aa] @ button) / (pairs[aa] @ button)
    assert shares[aa] == pytest.approx(expected)  # the gadget's values use the curve the solve used


def test_zero_bonuses_solve_exactly_as_the_linear_model(default: PreflopSolution) -> None:
    zero = PreflopMenu(big_blind_bonus=(0.0,) * 6, button_bonus=(0.0,) * 6)
    assert zero.typed and not PreflopMenu().typed
    typed = solve_preflop(menu=zero, iterations=300)
    decisions = [line for line in default._lines if default.has(line)]
    assert all(np.array_equal(typed.strategy(line), default.strategy(line)) for line in decisions)
    assert typed.exploitability_mbb == default.exploitability_mbb


def test_bonuses_move_the_pot_between_the_seats_by_group_and_depth(default: PreflopSolution) -> None:
    pairs, _ = class_matchups()
    typed = dataclasses.replace(default, menu=PreflopMenu(button_bonus=(0.3, 0.0, 0.0, 0.0, 0.0, 0.0)))
    sevens, seven_two, ako = (PreflopSolution.class_index(n) for n in ("77", "72o", "AKo"))
    is_pair = np.array([len(name) == 2 for name in hand_classes()], dtype=float)
    depths = []
    four_bet = default.actions((Action.raise_to(250), Action.raise_to(750)))[2]
    for line in [
        (Action.raise_to(250), Action.call()),
        (Action.raise_to(250), Action.raise_to(750), four_bet, Action.call()),
    ]:
        depth = default._nodes[default._lines[line]].depth
        depths.append(depth)
        button, big_blind = default.reach(line)
        plain, bonus = ([s.flop_shares(line, p) for p in (0, 1)] for s in (default, typed))
        assert bonus[0][sevens] - plain[0][sevens] == pytest.approx(0.3 * depth)  # a pair on the button
        assert bonus[0][seven_two] == pytest.approx(plain[0][seven_two])  # no bonus for its group
        met_pairs = pairs[ako] @ (button * is_pair) / (pairs[ako] @ button)  # the button's pairs AKo meets
        assert plain[1][ako] - bonus[1][ako] == pytest.approx(0.3 * depth * met_pairs)
        met = [pairs @ big_blind, pairs @ button]
        won = float((button * met[0]) @ bonus[0] + (big_blind * met[1]) @ bonus[1])
        assert won == pytest.approx(float(button @ met[0]), rel=1e-9)  # the pot stays whole
    assert depths[0] == 1.0 > depths[1] > 0.0  # deep after an open called, shallower after a 4-bet
    with pytest.raises(ValueError, match="remainder only"):
        typed.flop_shares((Action.raise_to(250), Action.call()), 0, "proportional")


@pytest.mark.parametrize("bonus", [(0.1,) * 5, (0.0, 0.0, 0.0, 0.0, 0.0, 1.5)])
def test_a_bonus_needs_one_share_per_group(bonus: tuple[float, ...]) -> None:
    with pytest.raises(ConfigError, match="big_blind_bonus must be empty or 6 shares of the pot"):
        PreflopMenu(big_blind_bonus=bonus)
