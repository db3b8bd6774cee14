"""Tests of local best response (pokergym.arena.lbr)."""

from __future__ import annotations

import numpy as np
import pytest

from baselines.simple import CallBot, FoldBot
from pokergym.agents import RandomAgent
from pokergym.arena.lbr import _Responder, exploit_main, lbr
from pokergym.engine import HandState
from pokergym.evaluator import equity_vs_random


def test_always_fold_loses_its_blinds() -> None:
    # As small blind it folds (+50 for LBR); as big blind LBR raises and it folds (+100).
    result = lbr(FoldBot(), hands=10, seed=2)
    assert (result.mbb_per_hand, result.ci95, result.hands) == (750.0, 0.0, 10)


def test_call_until_turn_variant_against_fold() -> None:
    # LBR limps and checks to the turn, then bets and FoldBot folds its big blind anyway.
    result = lbr(FoldBot(), hands=6, seed=2, variant="call_until_turn")
    assert (result.mbb_per_hand, result.ci95) == (750.0, 0.0)


@pytest.mark.parametrize("seed", range(6))
def test_calling_station_policy_is_analytic(seed: int) -> None:
    # Against a calling station the range never narrows and no bet folds, so the best
    # check/call EV is (2e - 1) x (chips in): LBR shoves exactly when equity vs random > 1/2.
    state = HandState.new(rng=np.random.default_rng(seed), button=0)
    responder = _Responder(CallBot(), state, "full", (0.5, 1.0, 2.0), 500, np.random.default_rng(0))
    action = responder.act(state)
    shove = equity_vs_random(state.hole(0)).equity > 0.5
    assert (str(action) == f"raise to {state.max_raise_to}") == shove


def test_rejects_agent_without_probabilities() -> None:
    with pytest.raises(ValueError, match="action_probabilities"):
        lbr(RandomAgent(), hands=2)


def test_exploit_main(capsys: pytest.CaptureFixture[str]) -> None:
    assert exploit_main(["fold", "--hands", "4", "--seed", "1"]) == 0
    assert "750.0 +- 0.0 mbb/hand" in capsys.readouterr().out
