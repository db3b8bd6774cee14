"""Pooling matches of different seeds (:mod:`pokergym.arena.pool`) and ``pokergym pool``."""

from __future__ import annotations

import math

import pytest

from pokergym.agents import CallAgent, RandomAgent
from pokergym.arena import StyleStats, VoidedHand, match, save_match
from pokergym.arena.pool import pool, read_result
from pokergym.arena.result import MatchResult
from pokergym.cli import main
from pokergym.engine.config import GameConfig
from pokergym.errors import ConfigError


def _result(seed: int, chips: list[tuple[int, int]], agents: tuple[str, str] = ("a", "b"), **extra) -> MatchResult:
    return MatchResult(agents, seed, GameConfig(), True, 100, tuple(chips), (), (StyleStats(), StyleStats()), **extra)


def _mean_ci_by_hand(pairs: list[tuple[float, float]]) -> tuple[float, float]:
    """The mean and 95% half-width of per-pair mbb/hand, written out (big blind 100: a chip is 10 mbb)."""
    values = [(a + b) / 2 * 10 for a, b in pairs]
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, 1.96 * sd / math.sqrt(n)


def test_the_pooled_figure_is_one_estimate_over_every_pair() -> None:
    first, second = [(100, -40), (-300, 250), (60, 60)], [(500, -100), (0, 20)]
    pooled = pool([_result(7, first), _result(8, second)])
    mean, half = _mean_ci_by_hand(first + second)
    assert pooled.estimates["raw"] == pytest.approx((mean, half))
    assert (pooled.pairs, pooled.seeds, pooled.agents) == (5, (7, 8), ("a", "b"))
    assert list(pooled.estimates) == ["raw"]


def test_a_match_of_b_against_a_counts_from_a_side() -> None:
    chips = [(100, -40), (-300, 250)]
    swapped = pool([_result(1, [(0, 10), (20, 0)]), _result(2, [(-b, -a) for a, b in chips], agents=("b", "a"))])
    assert swapped.matches[1].pair_chips == tuple(chips)
    assert swapped.matches[1].agents == ("a", "b")
    assert swapped.estimates["raw"] == pytest.approx(_mean_ci_by_hand([(0, 10), (20, 0), *chips]))


def test_a_match_played_the_other_way_round_reads_as_the_same_match() -> None:
    """B against A on a seed deals what A against B deals there, seats swapped: flipped, the chips are A's."""
    caller, player = CallAgent(name="caller"), RandomAgent(name="random")
    forward = match(caller, player, pairs=30, seed=3)
    pooled = pool([match(caller, player, pairs=30, seed=4), match(player, caller, pairs=30, seed=3)])
    assert pooled.matches[1].agents == ("caller", "random")
    assert pooled.matches[1].pair_chips == forward.pair_chips
    assert pooled.matches[1].stats == forward.stats


def test_adjusted_estimators_are_pooled_where_every_match_has_them() -> None:
    allin = pool([_result(1, [(1, 2), (3, 4)], allin_chips=((1.5, 2.0), (3.0, 4.0))), _result(2, [(5, 6), (7, 8)])])
    assert list(allin.estimates) == ["raw"]
    both = pool(
        [
            _result(
                s,
                [(1, 2), (3, 4)],
                allin_chips=((1.5, 2.0), (3.0, 4.5)),
                aivat_chips=((1.0, 1.0), (2.0, 2.0)),
                aivat_known=(True, False),
            )
            for s in (1, 2)
        ]
    )
    assert list(both.estimates) == ["raw", "allin", "aivat"]
    assert both.estimates["aivat"] == pytest.approx(_mean_ci_by_hand([(1.0, 1.0), (2.0, 2.0)] * 2))
    assert both.aivat_strategies == "strategy of a"
    table = both.table()
    assert "| a vs b, seed | pairs | raw | all-in adjusted | AIVAT (strategy of a) |" in table
    assert table.splitlines()[-1].startswith("| pooled | 4 | **")


def test_voided_pairs_are_named_in_the_table() -> None:
    void = VoidedHand(1, 0, "a", 0, "illegal", "raise")
    voided = MatchResult(
        ("a", "b"), 2, GameConfig(), True, 100, ((1, 2), (3, 4)), (void,), (StyleStats(), StyleStats())
    )
    rows = pool([_result(1, [(1, 2), (5, 6)]), voided]).table().splitlines()
    assert rows[2].startswith("| 1 | 2 | ") and rows[3].startswith("| 2 | 2 (1 voided) | ")
    assert rows[4].startswith("| pooled | 4 | ")


def test_aivat_with_other_known_strategies_is_not_pooled() -> None:
    mixed = pool(
        [
            _result(1, [(1, 2), (3, 4)], aivat_chips=((1.0, 1.0), (2.0, 2.0)), aivat_known=(True, False)),
            _result(2, [(1, 2), (3, 4)], aivat_chips=((1.0, 1.0), (2.0, 2.0)), aivat_known=(True, True)),
        ]
    )
    assert list(mixed.estimates) == ["raw"]


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ([], "at least one match"),
        ([_result(7, [(1, 2)]), _result(7, [(3, 4)])], "seed 7 is given twice"),
        ([_result(1, [(1, 2)]), _result(2, [(3, 4)], agents=("a", "c"))], "cannot pool a vs c with a vs b"),
        ([_result(1, [(1, 2)]), _result(2, [])], "seed 2 counted no pair"),
    ],
)
def test_matches_that_cannot_be_pooled_are_refused(results: list[MatchResult], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        pool(results)


def test_other_blinds_or_single_deals_are_refused() -> None:
    deep = MatchResult(
        ("a", "b"), 2, GameConfig(50, 100, (40000, 40000)), True, 100, ((1, 2),), (), (StyleStats(), StyleStats())
    )
    with pytest.raises(ConfigError, match="blinds or stacks"):
        pool([_result(1, [(1, 2)]), deep])
    single = MatchResult(("a", "b"), 2, GameConfig(), False, 100, ((1, 2),), (), (StyleStats(), StyleStats()))
    with pytest.raises(ConfigError, match="single-deal"):
        pool([_result(1, [(1, 2)]), single])


def test_read_result_takes_a_folder_or_its_file_and_names_what_is_wrong(tmp_path) -> None:
    result = _result(3, [(1, 2), (3, 4)])
    save_match(result, tmp_path / "m", plots=False)
    assert read_result(tmp_path / "m") == result
    assert read_result(tmp_path / "m" / "result.json") == result
    with pytest.raises(ConfigError, match="no match result at"):
        read_result(tmp_path / "nothing")
    (tmp_path / "arena").mkdir()
    (tmp_path / "arena" / "result.json").write_text('{"standings": []}')
    with pytest.raises(ConfigError, match="not a match result"):
        read_result(tmp_path / "arena")


def test_pool_command_prints_the_table(tmp_path, capsys) -> None:
    for seed in (1, 2):
        assert (
            main(
                [
                    "match",
                    "call",
                    "random",
                    "--pairs",
                    "4",
                    "--seed",
                    str(seed),
                    "--backend",
                    "local",
                    "--out",
                    str(tmp_path / f"s{seed}"),
                    "--no-plots",
                ]
            )
            == 0
        )
    capsys.readouterr()
    assert main(["pool", str(tmp_path / "s1"), str(tmp_path / "s2" / "result.json")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "| call vs random, seed | pairs | raw |"
    assert [line.split(" | ")[0] for line in lines[2:]] == ["| 1", "| 2", "| pooled"]
    assert main(["pool", str(tmp_path / "s1"), str(tmp_path / "s1")]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "pokergym pool: error: seed 1 is given twice: the same seed deals the same cards"
