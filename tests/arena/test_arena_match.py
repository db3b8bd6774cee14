"""Duplicate matches: statistics, determinism, failures, histories and JSON."""

from __future__ import annotations

import math

import numpy as np
import pytest
from arena_agents import LOG, Cheater, Coin, Diarist, Exploder, Folder, Mute

from pokergym.agents import CallAgent, RandomAgent
from pokergym.arena import MatchResult, StyleStats, match, mean_ci, read_histories
from pokergym.arena.blocks import BlockTask, play_block
from pokergym.engine import GameConfig
from pokergym.errors import AgentSpecError, ConfigError


def test_ci_half_width_shrinks_like_one_over_root_pairs() -> None:
    # Coin vs Folder wins 0 or 750 mbb/hand per pair with probability 1/2: sd = 375 exactly.
    widths = {}
    for pairs in (100, 400, 1600):
        result = match(Coin(), Folder(), pairs=pairs, seed=11)
        widths[pairs] = result.ci95
        expected = 1.96 * 375 / math.sqrt(pairs)
        assert result.ci95 == pytest.approx(expected, rel=0.06)
        assert abs(result.mbb_per_hand - 375) < 1.5 * result.ci95
        assert set(result.per_pair.tolist()) <= {0.0, 750.0}
    assert widths[100] / widths[1600] == pytest.approx(4.0, rel=0.08)


def test_identical_agents_win_exactly_zero_per_pair() -> None:
    for agent in (CallAgent(), RandomAgent()):  # deterministic, and random: generators follow the position
        result = match(agent, agent, pairs=150, seed=3, block_size=40)
        assert result.pairs == 150 and result.hands == 300
        assert np.all(result.per_pair == 0.0)
        assert result.mbb_per_hand == 0.0 and result.ci95 == 0.0


def test_self_play_without_duplicate_is_zero_within_ci() -> None:
    result = match(RandomAgent(), RandomAgent(), pairs=400, seed=5, duplicate=False)
    assert result.ci95 > 0
    assert abs(result.mbb_per_hand) < result.ci95


def test_same_seed_same_result_on_local_and_process_pool() -> None:
    kwargs = {"pairs": 90, "seed": 42, "block_size": 20}
    local = match(RandomAgent(), CallAgent(), **kwargs)
    pooled = match(RandomAgent(), CallAgent(), backend="process", workers=2, **kwargs)
    single = match(RandomAgent(), CallAgent(), backend="process", workers=1, **kwargs)
    assert local == pooled == single
    assert local != match(RandomAgent(), CallAgent(), pairs=90, seed=43, block_size=20)


def test_agents_as_passed_are_not_modified() -> None:
    agent = Diarist()
    match(agent, CallAgent(), pairs=5, seed=0)
    assert agent.seen == 0


def test_memory_persists_within_a_lineage_and_mirrors_are_isolated() -> None:
    LOG.clear()
    result = play_block(BlockTask((Diarist(), Folder()), GameConfig(), np.random.SeedSequence(0), 0, 6))
    assert len(result.chips) == 6
    ids = [instance for instance, _ in LOG]
    assert len(set(ids)) == 2  # agent A has one copy per lineage
    # hands are played pair by pair: hand 0 then its mirror; the mirror is always the other copy
    assert all(ids[2 * k] != ids[2 * k + 1] for k in range(6))
    # lineages alternate the button, so the copy that plays a mirror plays hand 0 of the next pair
    assert all(ids[2 * k + 1] == ids[2 * k + 2] for k in range(5))
    # each copy remembers every hand it played in the block
    for copy_id in set(ids):
        assert [seen for instance, seen in LOG if instance == copy_id] == list(range(1, 7))


def test_exception_voids_the_pair_and_the_match_goes_on() -> None:
    result = match(Exploder(), CallAgent(), pairs=60, seed=2)
    assert result.voided, "some deals give the exploder the ace of spades"
    assert result.pairs + result.voided_pairs == 60
    for voided in result.voided:
        assert voided.kind == "exception" and voided.agent == "exploder" and voided.seat == 0
        assert "Traceback" in voided.detail and "kaboom" in voided.detail
    assert result.hands == 2 * result.pairs


def test_illegal_actions_are_recorded_not_repaired() -> None:
    result = match(RandomAgent(), Cheater(), pairs=40, seed=9)
    assert result.voided and all(v.kind == "illegal" and v.agent == "cheater" for v in result.voided)
    assert all("illegal action 'check'" in v.detail for v in result.voided)
    mute = match(Mute(), CallAgent(), pairs=3, seed=0)
    assert mute.pairs == 0 and mute.voided_pairs == 3
    assert "not an Action" in mute.voided[0].detail
    assert math.isnan(mute.mbb_per_hand)
    assert MatchResult.from_json(mute.to_json()) == mute


def test_histories_replay_to_the_recorded_payoffs(tmp_path) -> None:
    path = tmp_path / "sub" / "hands.jsonl"
    result = match(RandomAgent(), Exploder(), pairs=30, seed=4, block_size=7, histories=path)
    hands = list(read_histories(path))  # verify=True replays each hand through the engine
    assert len(hands) == result.hands
    chips = [hand.payoffs[0] for hand in hands]
    assert [tuple(chips[i : i + 2]) for i in range(0, len(chips), 2)] == list(result.pair_chips)
    assert all(hand.names == ("random", "exploder") and hand.seed == 4 for hand in hands)
    assert [hand.button for hand in hands[:4]] == [0, 1, 0, 1]
    assert hands[0].hole_cards[0] == hands[1].hole_cards[1]  # the mirror deals agent B the same cards
    pooled = tmp_path / "pooled.jsonl"
    match(RandomAgent(), Exploder(), pairs=30, seed=4, block_size=7, histories=pooled, backend="process", workers=2)
    assert pooled.read_text() == path.read_text()


def test_result_json_round_trip_and_units() -> None:
    result = match(RandomAgent(), CallAgent(), pairs=25, seed=8, block_size=10)
    again = MatchResult.from_json(result.to_json())
    assert again == result
    data = result.to_dict()
    assert data["mbb_per_hand"] == pytest.approx(result.mbb_per_hand)
    assert result.bb_per_100 == pytest.approx(result.mbb_per_hand / 10)
    mean, half = mean_ci(result.per_pair)
    assert (mean, half) == (result.mbb_per_hand, result.ci95)
    assert result.per_pair.shape == (25,)
    assert result.stats[0].hands == result.stats[1].hands == 50


def test_style_statistics_of_known_bots() -> None:
    result = match(CallAgent(), Folder(), pairs=50, seed=1)
    call, folder = result.stats
    assert call.vpip == 50.0  # limps every button, checks every big blind
    assert call.pfr == 0.0 and folder.vpip == 0.0 and call.aggression == 0.0
    assert folder.aggression is None  # never called: undefined
    assert call.wtsd == 100.0 and call.showdowns == 50
    combined = call + folder
    assert combined.hands == 200 and StyleStats.from_dict(combined.to_dict()) == combined


def test_bad_arguments() -> None:
    with pytest.raises(AgentSpecError, match="not an Agent"):
        match(object(), CallAgent(), pairs=1)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="positive"):
        match(CallAgent(), CallAgent(), pairs=0)
    with pytest.raises(ValueError, match="unknown backend"):
        match(CallAgent(), CallAgent(), pairs=1, backend="gpu")  # type: ignore[arg-type]
