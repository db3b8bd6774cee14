"""Tests of the AIVAT match estimator, whose action terms use the distributions logged as the agents played."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from baselines.bayes import BayesAgent
from baselines.simple import CallBot, HonestBot, ManiacBot
from pokergym.agents import CallAgent
from pokergym.arena import match
from pokergym.arena.blocks import BlockTask, play_block
from pokergym.arena.ladder import ladder
from pokergym.arena.result import MatchResult
from pokergym.arena.variance import adjust_hand, adjust_hand_with
from pokergym.cards import parse_cards
from pokergym.cli import main
from pokergym.engine import Action, GameConfig, HandHistory, HandState
from pokergym.errors import AgentError, ConfigError
from pokergym.evaluator import equity_hand_vs_hand


def _maniac() -> ManiacBot:
    """Raises half the time, two sizes: a mixed strategy with few actions (``random`` reports 19,803 amounts)."""
    return ManiacBot(aggression=0.5, sizes=(0.5, 1.0))


def _hands(lines: list[str]) -> list[HandHistory]:
    return [HandHistory.from_json(line) for line in lines]


def test_logged_strategies_give_the_aivat_of_agents_asked_after_the_hand() -> None:
    agents = (_maniac(), HonestBot())  # both memoryless, the maniac mixes
    task = BlockTask(agents, GameConfig(), np.random.SeedSequence(5), 0, 12, histories=True)
    plain, scored = play_block(task), play_block(replace(task, aivat=True))
    assert scored.chips == plain.chips and scored.histories == plain.histories  # logging changes no play
    hands = _hands(plain.histories)
    asked = [adjust_hand(hand, agents, lookahead=True).aivat for hand in hands]
    assert [v for pair in scored.aivat_chips for v in pair] == pytest.approx(asked, abs=1e-9)
    chance_only = [adjust_hand(hand).aivat for hand in hands]
    assert [v for pair in scored.aivat_chips for v in pair] != pytest.approx(chance_only)  # action terms counted
    check_down = [adjust_hand(hand, agents).aivat for hand in hands]
    assert [v for pair in scored.aivat_chips for v in pair] != pytest.approx(check_down)  # and looked ahead


def test_the_lookahead_values_a_raise_by_the_answer_it_gets() -> None:
    """The button raises or calls half the time each; the big blind folds to a raise and checks after a call."""
    state = HandState.new(deck=parse_cards("7c2dKsKh2c7d9hJsQd"), button=0)
    state.raise_to(300)
    state.fold()
    hand = HandHistory.from_state(state)
    mixed = [(Action.raise_to(300), 0.5), (Action.call(), 0.5)]

    def button(before: HandState, seat: int) -> list[tuple[Action, float]]:
        return mixed

    def big_blind(before: HandState, seat: int) -> list[tuple[Action, float]]:
        return [(Action.fold() if before.to_call else Action.check(), 1.0)]

    ahead = adjust_hand_with(hand, (button, None), ahead=(None, big_blind))
    down = adjust_hand_with(hand, (button, None))
    e = equity_hand_vs_hand(parse_cards("7c2d"), parse_cards("KsKh"), []).equity
    value_call = (2 * e - 1) * 100  # the big blind checks: the check-down value of a called blind
    assert ahead.terms[5] == pytest.approx(0.5 * (100 - value_call))  # the raise takes the blind
    assert down.terms[5] == pytest.approx(0.5 * ((2 * e - 1) * 300 - value_call))  # as if the raise were called
    assert ahead.raw == down.raw == 100


def test_the_lookahead_keeps_the_mean() -> None:
    agents = (_maniac(), HonestBot())
    task = BlockTask(agents, GameConfig(), np.random.SeedSequence(11), 0, 300, aivat=True)
    block = play_block(task)
    raw = np.asarray(block.chips, dtype=float).sum(axis=1)
    scored = np.asarray(block.aivat_chips).sum(axis=1)
    difference = scored - raw  # the corrections: mean zero
    assert abs(difference.mean()) < 3 * difference.std(ddof=1) / np.sqrt(len(difference))
    assert scored.std() < raw.std()


def test_a_learning_agent_gets_chance_terms_only() -> None:
    agents = (BayesAgent(), _maniac())
    task = BlockTask(agents, GameConfig(), np.random.SeedSequence(2), 0, 4, histories=True, aivat=True)
    block = play_block(task)
    hands = _hands(block.histories)
    expected = [adjust_hand(hand, (None, agents[1])).aivat for hand in hands]
    assert [v for pair in block.aivat_chips for v in pair] == pytest.approx(expected, abs=1e-9)
    result = match(*agents, pairs=4, seed=2, estimator="aivat")
    assert result.aivat_known == (False, True) and "(AIVAT, strategy of maniac)" in result.summary()


class _Liar(CallAgent):
    """Reports that it folds, then calls: its action terms would be biased."""

    name = "liar"

    def action_probabilities(self, view: object) -> list[tuple[Action, float]]:
        return [(Action.fold(), 1.0)]


def test_an_agent_that_does_not_play_its_reported_strategy_stops_the_match() -> None:
    assert match(_Liar(), CallBot(), pairs=2, seed=1).pairs == 2  # the raw estimator does not ask
    with pytest.raises(AgentError, match=r"action_probabilities it reports \(agents .liar."):
        match(_Liar(), CallBot(), pairs=2, seed=1, estimator="aivat")


def test_the_estimator_scores_the_aivat_chips_and_survives_json() -> None:
    raw = match(_maniac(), HonestBot(), pairs=60, seed=3)
    scored = match(_maniac(), HonestBot(), pairs=60, seed=3, estimator="aivat", backend="process", workers=2)
    assert scored.pair_chips == raw.pair_chips and scored.aivat_known == (True, True)
    values = np.asarray(scored.aivat_chips).sum(axis=1) * 500.0 / scored.config.big_blind
    assert scored.mbb_per_hand == pytest.approx(values.mean())
    assert scored.ci95 < raw.ci95  # both strategies known: a narrower interval on the same hands
    assert MatchResult.from_json(scored.to_json()) == scored
    assert "strategies of maniac and honest" in scored.summary()
    assert f"(AIVAT, strategies of maniac and honest), raw {raw.mbb_per_hand:+.1f} +- {raw.ci95:.1f} over" in (
        scored.summary()
    )


def test_a_result_without_its_aivat_chips_or_with_bad_flags_is_refused() -> None:
    scored = match(_maniac(), CallBot(), pairs=3, seed=1, estimator="aivat")
    with pytest.raises(ConfigError, match="aivat estimator needs adjusted chips for every counted pair"):
        replace(scored, aivat_chips=())
    data = json.loads(scored.to_json())
    data["aivat_known"] = [True, "yes"]
    with pytest.raises(ConfigError, match="aivat_known must be two booleans"):
        MatchResult.from_dict(data)


def test_the_ladder_and_the_cli_take_the_aivat_estimator(tmp_path, capsys) -> None:
    options = {"target_ci": 5000.0, "budget_pairs": 60, "block_size": 10, "min_pairs": 20, "seed": 2}
    result = ladder([_maniac(), CallBot(), BayesAgent()], **options, estimator="aivat")  # type: ignore[arg-type]
    for m in result.matches:
        assert m.estimator == "aivat" and len(m.aivat_chips) == m.pairs
    known = {m.agents: m.aivat_known for m in result.matches}
    assert known == {
        ("maniac", "call"): (True, True),
        ("maniac", "bayes"): (True, False),
        ("call", "bayes"): (True, False),
    }
    out = tmp_path / "m"
    code = main(["match", "maniac:aggression=0.5,sizes=50", "call", "--pairs", "20", "--seed", "3",
                 "--estimator", "aivat", "--out", str(out), "--no-plots", "--no-progress"])  # fmt: skip
    assert code == 0
    saved = json.loads((out / "result.json").read_text())
    assert saved["estimator"] == "aivat" and len(saved["aivat_chips"]) == 20 and saved["aivat_known"] == [True, True]
    assert "(AIVAT, strategies of maniac:aggression=0.5,sizes=50.0 and call)" in capsys.readouterr().out
