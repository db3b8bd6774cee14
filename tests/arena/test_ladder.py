"""The ladder: sequential allocation, determinism, interval coverage, AIVAT agreement and LBR."""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from baselines.simple import CallBot, FoldBot, HonestBot, ManiacBot
from pokergym.agents import CallAgent, RandomAgent
from pokergym.arena import match
from pokergym.arena.ladder import LadderResult, allocate, ladder
from pokergym.cli import main
from pokergym.errors import ConfigError


def _random_ladders(seed: int) -> Iterator[tuple[int, int, list[int], list[float], int]]:
    """2,000 random allocation states: pairings, block size, pairs played, half-widths (nan below 2), budget."""
    rng = np.random.default_rng(seed)
    for _ in range(2000):
        count = int(rng.integers(1, 8))
        block = int(rng.choice([1, 10, 100]))
        pairs = [int(rng.integers(0, 40)) * block for _ in range(count)]
        halves = [float(h) if p > 1 else math.nan for h, p in zip(rng.uniform(0, 1000, count), pairs, strict=True)]
        yield count, block, pairs, halves, int(rng.integers(0, 20 * block))


def test_allocation_never_stops_an_open_pairing_while_budget_remains() -> None:
    for count, block, pairs, halves, budget in _random_ladders(0):
        target, least = 250.0, 2 * block
        grants = allocate(pairs, halves, target=target, block_size=block, budget_left=budget, min_pairs=least)
        is_open = [p < least or not h <= target for p, h in zip(pairs, halves, strict=True)]
        assert sum(grants) * block <= budget
        assert all(g == 0 for g, o in zip(grants, is_open, strict=True) if not o)
        if any(is_open) and budget >= block:
            assert sum(grants) >= 1
            widest = min(
                (i for i in range(count) if is_open[i]),
                key=lambda i: (-(halves[i] if math.isfinite(halves[i]) else math.inf), i),
            )
            assert grants[widest] >= 1, "the widest open pairing (unknown counts as widest) comes first"


def test_ladder_stops_only_when_resolved_or_out_of_budget() -> None:
    agents = [CallAgent(), RandomAgent(), ManiacBot()]
    for budget in (300, 3000):
        result = ladder(agents, target_ci=2000, budget_pairs=budget, block_size=10, min_pairs=20, seed=3)
        left = budget - result.pairs_used
        assert result.pairs_used <= budget
        assert not result.unresolved() or left < result.block_size
        for m in result.matches:
            assert m.pairs >= 20


def test_a_pairing_is_the_match_of_the_same_pairs_and_seed() -> None:
    result = ladder([CallAgent(), RandomAgent(), ManiacBot()], target_ci=3000, budget_pairs=1500, block_size=10,
                    min_pairs=20, seed=9)  # fmt: skip
    agents = {"call": CallAgent(), "random": RandomAgent(), "maniac": ManiacBot()}
    for m in result.matches:
        alone = match(agents[m.agents[0]], agents[m.agents[1]], pairs=m.pairs, seed=9, block_size=10)
        assert alone.pair_chips == m.pair_chips


def test_same_result_on_the_process_backend_and_json_round_trip(tmp_path: Path) -> None:
    agents = [CallAgent(), RandomAgent(), HonestBot()]
    options = {"target_ci": 3000.0, "budget_pairs": 400, "block_size": 10, "min_pairs": 20, "seed": 1}
    local = ladder(agents, **options, out_dir=tmp_path / "a", plots=False)  # type: ignore[arg-type]
    pooled = ladder(agents, **options, backend="process", workers=2, out_dir=tmp_path / "b", plots=False)  # type: ignore[arg-type]
    first, second = ((tmp_path / d / "results.json").read_text() for d in ("a", "b"))
    assert first == second
    assert LadderResult.from_json(first).to_json() == local.to_json() == pooled.to_json()
    assert json.loads(first)["ladder"]["pairs_used"] == local.pairs_used


def test_zero_edge_interval_covers_zero_at_the_nominal_rate() -> None:
    """Two copies of the random bot without duplicate deals: zero expected edge, real variance.

    Over 200 seeds the 95% interval must cover zero between 90% and 99% of the
    time (a binomial spread of about 1.5 points): an interval of one standard
    error (68%) or one computed over hands of a pair as if independent fails.
    """
    covered = 0
    for seed in range(200):
        result = match(RandomAgent(), RandomAgent(name="random2"), pairs=20, seed=seed, duplicate=False)
        covered += abs(result.mbb_per_hand) <= result.ci95
    assert 0.90 <= covered / 200 <= 0.99


def test_aivat_agrees_with_the_raw_mean_on_every_pairing() -> None:
    agents = [CallBot(), HonestBot(), ManiacBot(), FoldBot()]
    result = ladder(
        agents, target_ci=1e5, budget_pairs=600, block_size=25, min_pairs=50, seed=2, aivat=True, estimator="raw"
    )
    assert len(result.aivat) == len(result.matches) == 6
    for m, adjusted in zip(result.matches, result.aivat, strict=True):
        assert adjusted is not None
        assert adjusted.pairs == m.pairs
        assert adjusted.raw.mbb_per_hand == pytest.approx(m.mbb_per_hand)
        both = math.hypot(adjusted.raw.ci95, adjusted.aivat.ci95)
        assert abs(adjusted.aivat.mbb_per_hand - adjusted.raw.mbb_per_hand) <= max(both, 1e-9), m.agents
    data = json.loads(result.to_json())["ladder"]["pairings"]
    for stored, adjusted in zip(data, result.aivat, strict=True):  # the ratio saved is the ratio of the spreads
        assert adjusted is not None
        expected = (adjusted.raw.sd_pair / adjusted.aivat.sd_pair) ** 2 if adjusted.aivat.sd_pair > 0 else None
        assert stored["aivat"]["variance_ratio"] == (None if expected is None else pytest.approx(expected))


def test_exploit_of_always_fold_is_exactly_750(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    result = ladder([FoldBot(), CallAgent()], target_ci=1e6, budget_pairs=100, block_size=10, min_pairs=10,
                    seed=4, exploit_hands=30, out_dir=tmp_path)  # fmt: skip
    fold, call = result.exploit
    assert fold is not None and (fold.mbb_per_hand, fold.ci95, fold.hands) == (750.0, 0.0, 30)
    assert call is None  # the pokergym calling agent reports no action probabilities
    assert "always-fold gives exactly 750" in result.format_exploit()
    loaded = LadderResult.from_json(result.to_json())  # the LBR figures, AIVAT's included, come back
    assert str(loaded.exploit) == str(result.exploit) and loaded.format_exploit() == result.format_exploit()
    short = dataclasses.replace(fold, ci95=math.nan, aivat_ci95=math.nan)  # as of a run of too few hands
    again = LadderResult.from_json(dataclasses.replace(result, exploit=(short, None)).to_json())
    assert str(again.exploit[0]) == str(short)  # the saved None read back as nan, not passed on as None
    again.format_exploit()  # raised TypeError on the None
    assert {p.name for p in tmp_path.iterdir()} >= {"results.json", "crosstable.png", "exploit.png"}


def test_bad_ladders_are_refused() -> None:
    with pytest.raises(ConfigError, match="distinct names"):
        ladder([CallAgent(), CallAgent()])
    with pytest.raises(ConfigError, match="positive"):
        ladder([CallAgent(), RandomAgent()], target_ci=0)
    with pytest.raises(ConfigError, match="exploit_range_samples"):
        ladder([CallAgent(), RandomAgent()], exploit_hands=10, exploit_range_samples=0)
    with pytest.raises(ConfigError, match="positive"):
        ladder([CallAgent(), RandomAgent()], target_ci=math.inf)
    with pytest.raises(ConfigError, match="one block"):  # it failed deep inside with "got 0 and 100"
        ladder([CallAgent(), RandomAgent()], budget_pairs=50)
    with pytest.raises(ConfigError, match="at least 2 hands"):  # it failed only after every round was played
        ladder([CallAgent(), RandomAgent()], exploit_hands=1)


def test_cli_ladder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["ladder", "--agents", "fold", "call", "--target-ci", "100000", "--budget-pairs", "40",
                   "--min-pairs", "20", "--block-size", "10", "--backend", "local", "--exploit", "10",
                   "--exploit-range-samples", "40", "--no-plots", "--no-progress", "--out", str(tmp_path)])  # fmt: skip
    printed = capsys.readouterr().out
    assert status == 0
    assert "every pairing within ±100000" in printed and "LBR" in printed and "40 sampled (0 fell back)" in printed
    data = json.loads((tmp_path / "results.json").read_text())
    assert data["ladder"]["exploit"][0]["mbb_per_hand"] == 750.0
    assert (data["ladder"]["exploit"][0]["range_samples"], data["ladder"]["exploit"][0]["fallbacks"]) == (40, 0)
    loaded = LadderResult.from_json((tmp_path / "results.json").read_text()).exploit[0]
    assert loaded is not None and (loaded.range_samples, loaded.fallbacks) == (40, 0)


def test_cheapest_first_grants_the_pairings_closest_to_the_target_first() -> None:
    for count, block, pairs, halves, budget in _random_ladders(1):
        target, least = 250.0, 2 * block
        grants = allocate(pairs, halves, target=target, block_size=block, budget_left=budget, min_pairs=least,
                          order="cheapest")  # fmt: skip
        is_open = [p < least or not h <= target for p, h in zip(pairs, halves, strict=True)]
        assert sum(grants) * block <= budget
        assert all(g == 0 for g, o in zip(grants, is_open, strict=True) if not o)
        if any(is_open) and budget >= block:
            assert sum(grants) >= 1, "never stops an open pairing while a block of budget is left"
        known = [i for i in range(count) if is_open[i] and math.isfinite(halves[i])]
        if known and all(math.isfinite(halves[i]) for i in range(count) if is_open[i]):
            cost = [max(least, pairs[i] * (halves[i] / target) ** 2) - pairs[i] for i in range(count)]
            granted = [i for i in known if grants[i]]
            refused = [i for i in known if not grants[i]]
            if granted and refused:  # whoever got nothing needed at least as much as everyone served
                assert min(cost[i] for i in refused) >= max(cost[i] for i in granted) - 1


def test_the_order_is_checked_and_recorded() -> None:
    agents = [CallAgent(), RandomAgent(), ManiacBot()]
    with pytest.raises(ConfigError, match="order must be one of"):
        ladder(agents, order="random", budget_pairs=40, block_size=10, min_pairs=20)  # type: ignore[arg-type]
    result = ladder(agents, target_ci=100, budget_pairs=90, block_size=10, min_pairs=20, seed=2, order="cheapest")
    assert result.order == "cheapest" and result.pairs_used <= 90
    assert LadderResult.from_dict(result.to_dict()).order == "cheapest"


def test_the_allin_estimator_keeps_the_chips_and_scores_the_adjusted_ones() -> None:
    from pokergym.arena.blocks import BlockTask, play_block
    from pokergym.arena.variance import allin_chips
    from pokergym.engine import GameConfig, HandHistory

    task = BlockTask((RandomAgent(), CallBot()), GameConfig(), np.random.SeedSequence(3), 0, 15, histories=True)
    plain, adjusted = play_block(task), play_block(replace(task, allin=True))
    assert adjusted.chips == plain.chips and adjusted.histories == plain.histories and not plain.allin_chips
    hands = [HandHistory.from_json(line) for line in plain.histories]
    assert adjusted.allin_chips == [
        (allin_chips(a), allin_chips(b)) for a, b in zip(hands[::2], hands[1::2], strict=True)
    ]
    options = {"target_ci": 2000.0, "budget_pairs": 300, "block_size": 10, "min_pairs": 20, "seed": 2}
    shove = ManiacBot(aggression=0.5, sizes=(50.0,), name="shove")  # all-in half the time; the station calls
    agents = [shove, CallBot(), HonestBot()]
    raw = ladder(agents, **options, estimator="raw")  # type: ignore[arg-type]
    allin = ladder(agents, **options, estimator="allin")  # type: ignore[arg-type]
    for m in allin.matches:
        assert m.estimator == "allin" and len(m.allin_chips) == m.pairs
        values = np.asarray(m.allin_chips).sum(axis=1) * 500.0 / m.config.big_blind
        assert m.mbb_per_hand == pytest.approx(values.mean())
        same = next(r for r in raw.matches if r.agents == m.agents)
        n = min(same.pairs, m.pairs)
        assert same.pair_chips[:n] == m.pair_chips[:n]  # the same deals and play; only the scoring differs
    shove_call = next(m for m in allin.matches if m.agents == ("shove", "call"))
    assert shove_call.allin_chips != tuple(map(tuple, np.asarray(shove_call.pair_chips, float).tolist()))
    assert allin.matches != raw.matches
    assert LadderResult.from_json(allin.to_json()).to_json() == allin.to_json()


def test_an_unknown_estimator_is_refused() -> None:
    with pytest.raises(ConfigError, match="estimator"):
        ladder([CallAgent(), RandomAgent()], estimator="median")  # type: ignore[arg-type]
