"""The solver agent's flop: the solve's folds cut to the minimum defence against the size faced."""

from __future__ import annotations

import numpy as np
import pytest

from baselines import make
from baselines.solver.defence import continuing_share, defence_floor, defend_street
from pokergym.cards import parse_cards
from pokergym.engine import HandState
from pokergym.errors import SolverError
from pokergym.solver import Menu, Range, Solution, Spot, solve
from pokergym.solver.tree import DECISION

_WIDE = "22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+"


def _solution(iterations: int = 60) -> Solution:
    """A flop where the out-of-position range is wide and weak against a strong one: it folds a lot."""
    spot = Spot(
        parse_cards("Td9d6h"),
        400,
        19800,
        (Range.parse(_WIDE), Range.parse("66+,AT+,KQ,QJs,J9s+,T9s,87s")),
        Menu.uniform("50,100,200", "2.5x", raise_cap=2),
        betting_streets=1,
    )
    return solve(spot, iterations=iterations)


def _decisions(solution: Solution, player: int | None = None) -> list[tuple[int, tuple[tuple[str, int], ...]]]:
    """The decision nodes before any card is dealt with their paths (``player``'s only, if given)."""
    tree = solution.tree
    out, stack = [], [(tree.root, ())]
    while stack:
        node, path = stack.pop()
        if tree.kind[node] != DECISION:
            continue
        if player is None or int(tree.player[node]) == player:
            out.append((node, path))
        stack.extend((c, (*path, tree.label(c))) for c in tree.children_of(node))
    return out


@pytest.mark.parametrize(
    ("path", "floor"),
    [
        ((("check", 0), ("bet", 200)), 1 - 200 / 600),
        ((("bet", 800),), 1 - 800 / 1200),
        ((("bet", 200), ("raise", 500)), 1 - 500 / 1100),
        ((("check", 0), ("bet", 200), ("raise", 500), ("raise", 1250)), 1 - 1050 / 2150),
        ((("check", 0),), 0.0),
        ((("bet", 200), ("call", 200)), 0.0),
    ],
)
def test_the_floor_is_one_less_what_the_last_raise_added_over_the_pot(
    path: tuple[tuple[str, int], ...], floor: float
) -> None:
    assert defence_floor(400, path) == pytest.approx(floor)


def test_every_decision_facing_a_bet_continues_with_at_least_the_floor() -> None:
    solution = _solution()
    before = {path: continuing_share(solution, path) for _, path in _decisions(solution, 0)}
    binding = [p for p, share in before.items() if share < defence_floor(400, p) - 1e-9]
    assert binding, "the spot should fold too much somewhere, or the test proves nothing"
    assert defend_street(solution, 0) >= 1
    for _, path in _decisions(solution, 0):
        floor = defence_floor(400, path)
        after = continuing_share(solution, path)
        assert after >= floor - 1e-6
        if before[path] >= floor + 1e-6 and not any(path[: len(b)] == b for b in binding if len(b) < len(path)):
            assert after == pytest.approx(before[path], abs=1e-6)  # a node that defends enough keeps its strategy


def test_the_folds_that_become_calls_are_those_worth_most_when_called() -> None:
    solution = _solution()
    path = (("check", 0), ("bet", 800))
    node = solution.tree.follow(path)[0]
    fold_before = solution.strategy(node)[0].copy()
    call_value = solution.ev((*path, ("call", 800)), 0)
    defend_street(solution, 0)
    fold_after = solution.strategy(node)[0]
    assert np.allclose(solution.strategy(node).sum(axis=0), 1.0)
    share = np.divide(fold_before - fold_after, fold_before, out=np.zeros_like(fold_before), where=fold_before > 1e-9)
    folded = (fold_before > 1e-9) & np.isfinite(call_value)
    assert share[folded].max() > 0.0
    order = np.argsort(-call_value[folded], kind="stable")
    assert np.all(np.diff(share[folded][order]) <= 1e-6)  # converted shares never rise as the call's value falls


def test_the_other_player_and_later_streets_keep_the_solve() -> None:
    spot = Spot(
        parse_cards("Td9d6h"),
        400,
        19800,
        (Range.parse(_WIDE), Range.parse("66+,AT+,KQ,QJs,J9s+")),
        Menu.per_street(("50,200", "2.5x"), ("75", "2.5x"), ("75", "2.5x"), raise_cap=1),
        betting_streets=2,
        deal_sample=2,
    )
    solution = solve(spot, iterations=20)
    tree = solution.tree
    every = [n for n in range(tree.n_nodes) if tree.kind[n] == DECISION]
    before = {n: solution.strategy(n).copy() for n in every}
    assert defend_street(solution, 0) >= 1
    flop = {n for n, _ in _decisions(solution)}
    changed = {n for n in every if not np.allclose(before[n], solution.strategy(n))}
    assert changed and changed <= {n for n in flop if int(tree.player[n]) == 0}


def test_override_refuses_what_is_not_a_strategy() -> None:
    solution = _solution(iterations=5)
    root = solution.tree.root
    n = len(solution.spot.hands(0))
    width = int(solution.tree.n_children[root])
    with pytest.raises(SolverError, match="columns summing to 1"):
        solution.override(root, np.full((width, n), 0.9))
    with pytest.raises(SolverError, match="not a decision node"):
        solution.override(solution.tree.n_nodes + 3, np.ones((1, n)))
    uniform = np.full((width, n), 1.0 / width)
    solution.override(root, uniform)
    assert np.allclose(solution.strategy(root), uniform)
    assert solution.exploitability_pct > 0.0  # measured again for the changed profile


def test_the_agent_defends_its_flop_and_can_be_told_not_to() -> None:
    state = HandState.new(rng=np.random.default_rng(0), button=0)
    state.raise_to(200)
    state.call()
    state.check()
    state.raise_to(800)  # twice the pot
    view = state.view(1)
    shares = {}
    for defend in (True, False):
        agent = make(f"solver:defend={'river' if defend else 'preflop'}")
        plan = agent._plan(view)
        assert plan.solution is not None
        shares[defend] = continuing_share(plan.solution, plan.path)
    assert shares[True] >= 1 - 800 / 1200 - 1e-6 > shares[False]
