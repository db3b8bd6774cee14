"""Seed comparisons: t quantiles against scipy, Welch against scipy, the permutation test by hand."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy import stats

from pokergym.arena.seeds import compare_seeds, t_interval, t_quantile95
from pokergym.errors import ConfigError


@pytest.mark.parametrize("df", [0.3, 1, 1.12, 2, 3, 5, 6, 7, 7.3, 9, 14, 30, 200, 1e6, 1e9])
def test_t_quantile_equals_scipy(df: float) -> None:
    assert t_quantile95(df) == pytest.approx(stats.t.ppf(0.975, df), rel=1e-9)


def test_two_seeds_get_the_interval_of_one_degree_of_freedom() -> None:
    _, half = t_interval([1.0, 3.0])
    assert half == pytest.approx(12.706204736, rel=1e-9)  # t(0.975, 1) * sd 1.414 / sqrt 2


@pytest.mark.parametrize("df", [0, -1, float("nan")])
def test_t_quantile_refuses_a_degree_that_is_not_positive(df: float) -> None:
    with pytest.raises(ConfigError, match="degrees of freedom"):
        t_quantile95(df)


def test_t_interval_matches_scipy() -> None:
    values = [11_900.0, 12_100.0, 12_800.0, 12_300.0, 12_050.0, 12_400.0, 12_600.0, 11_950.0]
    mean, half = t_interval(values)
    low, high = stats.t.interval(0.95, len(values) - 1, loc=np.mean(values), scale=stats.sem(values))
    assert mean == pytest.approx(np.mean(values))
    assert half == pytest.approx((high - low) / 2, rel=1e-3)


def test_welch_interval_and_degrees_match_scipy() -> None:
    rng = np.random.default_rng(3)
    a, b = rng.normal(0, 1, 8), rng.normal(2, 3, 9)
    result = compare_seeds(a.tolist(), b.tolist())
    test = stats.ttest_ind(b, a, equal_var=False)
    low, high = test.confidence_interval(0.95)
    assert result.difference == pytest.approx(b.mean() - a.mean())
    assert result.ci95 == pytest.approx((high - low) / 2, rel=1e-3)
    assert result.df == pytest.approx(test.df)


def test_exact_permutation_p_counts_every_relabelling() -> None:
    a, b = [1.0, 4.0, 2.0, 8.0], [3.0, 9.0, 7.0]
    pooled = a + b
    observed = abs(np.mean(b) - np.mean(a))
    hits = total = 0
    for chosen in itertools.combinations(range(7), 3):
        group = [pooled[i] for i in chosen]
        rest = [pooled[i] for i in range(7) if i not in chosen]
        hits += abs(np.mean(group) - np.mean(rest)) >= observed - 1e-12
        total += 1
    result = compare_seeds(a, b)
    assert result.exact
    assert result.p_value == pytest.approx(hits / total)


def test_sampled_permutation_p_is_seeded_and_close_to_exact() -> None:
    rng = np.random.default_rng(0)
    a, b = rng.normal(0, 1, 9).tolist(), rng.normal(0.8, 1, 9).tolist()
    exact = compare_seeds(a, b)
    sampled = compare_seeds(a, b, max_exact=10, permutations=20_000, seed=5)
    assert exact.exact and not sampled.exact
    assert sampled == compare_seeds(a, b, max_exact=10, permutations=20_000, seed=5)
    assert sampled.p_value == pytest.approx(exact.p_value, abs=0.01)


def test_separated_arms_are_significant_and_identical_arms_are_not() -> None:
    far = compare_seeds([0.0, 1.0, 0.5, 0.2, 0.9, 0.4, 0.1, 0.7], [10.0, 11.0, 10.5, 10.2, 10.9, 10.4, 10.1, 10.7])
    assert far.p_value == pytest.approx(2 / 12_870)
    assert far.difference - far.ci95 > 0
    same = compare_seeds([1.0, 2.0, 3.0], [1.0, 2.0, 3.0])
    assert same.p_value == 1.0 and same.difference == 0.0


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [([1.0], [1.0, 2.0], "at least two"), ([1.0, float("inf")], [1.0, 2.0], "not finite")],
)
def test_bad_arms_are_refused(a: list[float], b: list[float], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        compare_seeds(a, b)
