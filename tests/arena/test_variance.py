"""Tests of the all-in adjustment and AIVAT (pokergym.arena.variance)."""

from __future__ import annotations

import numpy as np
import pytest

from baselines.simple import CallBot, FoldBot, ManiacBot
from pokergym.agents import RandomAgent
from pokergym.arena import match
from pokergym.arena.variance import adjust_hand, adjusted_match
from pokergym.cards import parse_cards
from pokergym.engine import HandHistory, HandState
from pokergym.evaluator import equity_hand_vs_hand


def _history(deck: str, button: int, moves: str) -> HandHistory:
    state = HandState.new(deck=parse_cards(deck), button=button)
    for move in moves:
        {"a": state.all_in, "c": state.call, "k": state.check, "f": state.fold}[move]()
    return HandHistory.from_state(state)


def test_allin_preflop_is_exact_expectation() -> None:
    hand = _history("AsAhKsKh2c7d9hJsQd", 0, "ac")
    eq = equity_hand_vs_hand("AsAh", "KsKh").equity
    values = adjust_hand(hand, preflop_samples=None)
    assert values.raw == 20000
    assert values.allin == pytest.approx((2 * eq - 1) * 20000)


def test_allin_on_flop_uses_flop_equity() -> None:
    hand = _history("AsAhKsKh2c7d9hJsQd", 0, "ckac")  # limp, check, all-in on the flop, call
    eq = equity_hand_vs_hand("AsAh", "KsKh", "2c7d9h").equity
    assert adjust_hand(hand).allin == pytest.approx((2 * eq - 1) * 20000)


def test_no_adjustment_without_allin_and_fold_is_exact() -> None:
    hand = _history("AsAhKsKh2c7d9hJsQd", 1, "f")
    values = adjust_hand(hand, (FoldBot(), FoldBot()))
    assert values.raw == values.allin == 50  # seat 1 (AsAh, button) folds to seat 0 (KsKh)
    # the fold was certain: only the hole-card deal correction, (2e - 1) x the 100-chip big blind
    eq = equity_hand_vs_hand("KsKh", "AsAh").equity
    assert values.aivat == pytest.approx(50 - (2 * eq - 1) * 100, abs=2.0)


def test_inconsistent_strategy_is_rejected() -> None:
    hand = _history("AsAhKsKh2c7d9hJsQd", 0, "ac")
    with pytest.raises(ValueError, match="never plays"):
        adjust_hand(hand, (FoldBot(), None))


def test_two_calling_stations_are_exactly_zero(tmp_path: object) -> None:
    path = f"{tmp_path}/h.jsonl"
    match(CallBot(), CallBot(), pairs=30, seed=3, histories=path)
    result = adjusted_match(path, (CallBot(), CallBot()), preflop_samples=2000)
    assert result.raw.mbb_per_hand == 0.0
    assert result.aivat.mbb_per_hand == pytest.approx(0.0, abs=1e-9)


def test_fold_versus_call_hits_known_value(tmp_path: object) -> None:
    # FoldBot folds its small blind and checks down its big blind: EV -250 mbb/hand.
    # AIVAT leaves the folds alone and removes the card luck of the check-downs.
    path = f"{tmp_path}/h.jsonl"
    match(FoldBot(), CallBot(), pairs=150, seed=4, histories=path)
    result = adjusted_match(path, (FoldBot(), CallBot()), preflop_samples=2000)
    assert abs(result.aivat.mbb_per_hand + 250.0) < result.aivat.ci95
    assert result.aivat.sd_hand < 0.5 * result.raw.sd_hand


def test_aivat_unbiased_and_lower_variance(tmp_path: object) -> None:
    path = f"{tmp_path}/h.jsonl"
    agents = (ManiacBot(), CallBot())
    match(*agents, pairs=150, seed=5, histories=path)
    result = adjusted_match(path, agents, preflop_samples=2000)
    gap = abs(result.aivat.mbb_per_hand - result.raw.mbb_per_hand)
    assert gap < np.hypot(result.aivat.ci95, result.raw.ci95)
    assert result.aivat.sd_pair < result.raw.sd_pair


def test_a_learning_agent_is_refused_as_a_known_strategy(tmp_path: object) -> None:
    from pathlib import Path

    from pokergym.errors import AgentError

    class Learner(CallBot):
        memoryless = False

    path = Path(str(tmp_path)) / "hands.jsonl"
    match(Learner(), CallBot(), pairs=2, seed=1, histories=path)
    with pytest.raises(AgentError, match="memoryless"):
        adjusted_match(path, (Learner(), CallBot()), preflop_samples=100)
    dropped = adjusted_match(path, (None, CallBot()), preflop_samples=100)
    assert dropped.pairs == 2


def test_allin_chips_equals_adjust_hands_allin_figure(tmp_path) -> None:
    from pokergym.arena.variance import allin_chips

    path = tmp_path / "h.jsonl"
    match(RandomAgent(), CallBot(), pairs=40, seed=4, histories=path)
    match(ManiacBot(aggression=0.5, sizes=(50.0,)), CallBot(), pairs=10, seed=4, histories=tmp_path / "s.jsonl")
    path.write_text(path.read_text() + (tmp_path / "s.jsonl").read_text())  # the maniac shoves; the station calls
    hands = [HandHistory.from_json(line) for line in path.read_text().splitlines()]
    adjusted = [allin_chips(hand) for hand in hands]
    assert adjusted == [adjust_hand(hand).allin for hand in hands]
    assert sum(a != h.payoffs[0] for a, h in zip(adjusted, hands, strict=True)) >= 3  # all-ins were adjusted


def test_allin_chips_refuses_an_unfinished_hand() -> None:
    from pokergym.arena.variance import allin_chips

    state = HandState.new(deck=parse_cards("AsAhKsKh2c7d9hJsQd"), button=0)
    state.call()
    with pytest.raises(ValueError, match="unfinished"):
        allin_chips(HandHistory.from_state(state))


def test_the_terms_add_up_to_the_correction_and_name_their_events() -> None:
    from pokergym.arena.variance import AIVAT_TERMS

    allin = adjust_hand(_history("AsAhKsKh2c7d9hJsQd", 0, "ac"), (None, CallBot()))
    assert allin.terms[AIVAT_TERMS.index("flop deal")] == 0.0
    assert allin.terms[AIVAT_TERMS.index("preflop all-in run-out")] != 0.0
    later = adjust_hand(_history("AsAhKsKh2c7d9hJsQd", 0, "ckac"))  # all-in on the flop
    assert later.terms[AIVAT_TERMS.index("later all-in run-out")] != 0.0
    assert later.terms[AIVAT_TERMS.index("seat 0 actions")] == later.terms[AIVAT_TERMS.index("seat 1 actions")] == 0.0
    for values in (allin, later):
        assert len(values.terms) == len(AIVAT_TERMS)
        assert values.raw - sum(values.terms) == pytest.approx(values.aivat, abs=1e-9)


def test_a_deals_correction_averages_to_zero_over_every_card_it_could_deal() -> None:
    """The turn's correction, over the 45 turn cards of one flop: the value function is consistent."""
    from pokergym.arena.variance import AIVAT_TERMS

    holes, flop = parse_cards("AsKd7c7h"), parse_cards("Ks8h2c")
    turn_term = AIVAT_TERMS.index("turn and river deals")
    corrections = []
    for turn in sorted(set(range(52)) - set(holes) - set(flop)):
        river = min(set(range(52)) - set(holes) - set(flop) - {turn})
        hand = _history_of_cards((*holes, *flop, turn, river), 1, "ckkkaf")  # a turn all-in, folded to
        corrections.append(adjust_hand(hand).terms[turn_term])
    assert len(corrections) == 45 and max(abs(c) for c in corrections) > 100.0
    assert sum(corrections) / 45 == pytest.approx(0.0, abs=1e-9)


def _history_of_cards(deck: tuple[int, ...], button: int, moves: str) -> HandHistory:
    state = HandState.new(deck=deck, button=button)
    for move in moves:
        {"a": state.all_in, "c": state.call, "k": state.check, "f": state.fold}[move]()
    return HandHistory.from_state(state)


def test_the_corrections_estimate_is_raw_minus_aivat(tmp_path: object) -> None:
    path = f"{tmp_path}/h.jsonl"
    match(ManiacBot(), CallBot(), pairs=40, seed=5, histories=path)
    result = adjusted_match(path, (None, CallBot()))
    assert result.corrections is not None
    assert result.corrections.mbb_per_hand == pytest.approx(result.raw.mbb_per_hand - result.aivat.mbb_per_hand)
    assert sum(term.mbb_per_hand for term in result.terms.values()) == pytest.approx(result.corrections.mbb_per_hand)
    assert result.corrections.ci95 > 0.0
