from __future__ import annotations

import numpy as np
import pytest

from baselines.cfr.game import IP, OOP, BettingConfig, build_tree
from baselines.cfr.kuhn import KUHN_POT, KUHN_VALUE, kuhn_game
from baselines.cfr.solver import BucketGame, CFRBase, CFRPlusSolver, CFRSolver


def test_tree_shape() -> None:
    tree = build_tree()
    assert len(tree.decisions) == 14
    assert {n.history for n in tree.decisions if n.player == OOP} == {"", "xb0", "xb1", "xb2", "b0r", "b1r", "b2r"}
    assert [round(x, 4) for x in tree.node("b0r").invested] == [0.83, 1.655]
    assert tree.node("xb2f").folder == OOP
    with pytest.raises(ValueError):
        BettingConfig(bet_fractions=(1.0, 0.5))


def test_kuhn_value_and_exploitability_cfr_plus() -> None:
    solver = CFRPlusSolver(kuhn_game())
    previous = np.inf
    for _ in range(5):
        solver.run(200)
        conv = float(solver.nash_conv()[0])
        assert conv <= previous + 1e-4
        previous = min(previous, conv)
    assert abs(float(solver.game_value()[0]) * KUHN_POT - KUHN_VALUE) < 1e-3
    assert previous * KUHN_POT < 1e-3


def test_kuhn_vanilla_cfr_converges_slower() -> None:
    vanilla, plus = CFRSolver(kuhn_game()), CFRPlusSolver(kuhn_game())
    vanilla.run(300)
    plus.run(300)
    assert float(plus.nash_conv()[0]) < float(vanilla.nash_conv()[0]) < 0.05
    assert abs(float(vanilla.game_value()[0]) * KUHN_POT - KUHN_VALUE) < 5e-3


def test_uniform_kuhn_nash_conv_matches_known_value() -> None:
    # OpenSpiel: the uniform policy of Kuhn poker has NashConv 0.916666 chips.
    assert float(CFRSolver(kuhn_game()).nash_conv()[0]) * KUHN_POT == pytest.approx(0.9166666, abs=1e-6)


def test_kuhn_equilibrium_is_the_known_family() -> None:
    solver = CFRPlusSolver(kuhn_game())
    solver.run(2000)
    strategy = solver.average_strategy()
    tree = solver.game.tree
    jack, queen, king = 0, 1, 2
    alpha = strategy[tree.node("").index][0, jack, 1]  # jack bets (bluffs) alpha
    assert 0.0 <= alpha <= 1 / 3 + 0.02
    assert strategy[tree.node("").index][0, king, 1] == pytest.approx(3 * alpha, abs=0.05)
    assert strategy[tree.node("b0").index][0, king, 1] == pytest.approx(1.0, abs=1e-3)  # king calls
    assert strategy[tree.node("b0").index][0, queen, 1] == pytest.approx(1 / 3, abs=0.03)
    assert strategy[tree.node("b0").index][0, jack, 1] == pytest.approx(0.0, abs=1e-3)


def _naive_value(game: BucketGame, strategy: dict[int, np.ndarray], g: int) -> float:
    """OOP's expected payoff by walking the tree once per bucket pair (a second implementation)."""
    tree = game.tree
    total = 0.0
    n = game.buckets
    for i in range(n):
        for j in range(n):
            w = game.weights[g, i, j]
            if w == 0:
                continue

            def value(index: int, i: int = i, j: int = j) -> float:
                node = tree.nodes[index]
                if node.terminal:
                    pot = node.invested[0] + node.invested[1]
                    if node.folder < 0:
                        return pot * game.equity[g, i, j] - node.invested[0]
                    return -node.invested[OOP] if node.folder == OOP else node.invested[IP]
                bucket = i if node.player == OOP else j
                row = strategy[node.index][g, bucket]
                return sum(p * value(c) for p, c in zip(row, node.children, strict=True))

            total += w * value(0)
    return total


def test_vectorised_values_match_a_per_pair_walk() -> None:
    rng = np.random.default_rng(5)
    n, games = 4, 3
    weights = rng.random((games, n, n))
    weights /= weights.sum(axis=(1, 2), keepdims=True)
    upper = rng.random((games, n, n))
    equity = np.where(np.arange(n)[:, None] < np.arange(n)[None, :], upper, 1 - upper.transpose(0, 2, 1))
    equity[:, np.arange(n), np.arange(n)] = 0.5
    game = BucketGame(build_tree(), weights, equity)
    solver = CFRBase(game, regret_floor=True, linear_average=False, alternating=False)
    strategy = {}
    for node in game.tree.decisions:
        raw = rng.random((games, n, len(node.actions)))
        strategy[node.index] = raw / raw.sum(axis=2, keepdims=True)
    values = solver.game_value(strategy)
    for g in range(games):
        assert values[g] == pytest.approx(_naive_value(game, strategy, g), abs=1e-12)
    oop, ip = solver.best_response_values(strategy)
    assert np.all(oop >= values - 1e-12) and np.all(ip >= -values - 1e-12)


def test_bucket_game_checks_shapes() -> None:
    with pytest.raises(ValueError, match="games, n, n"):
        BucketGame(build_tree(), np.ones((1, 2, 3)), np.ones((1, 2, 3)))
