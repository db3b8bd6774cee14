"""Comparing training runs across seeds: t-intervals, Welch's interval and a permutation test.

An RL comparison has one number per seed and arm (say, each seed's final
mbb/hand against a fixed opponent). Seeds, not hands, are the independent
units, so the arm's interval is Student's t over its seeds, the difference of
two arms gets Welch's interval (unequal variances), and the p-value comes from
a two-sided permutation test of the difference of means: exact over every
relabelling when there are at most ``max_exact`` of them (8 seeds against 8:
12,870), else from ``permutations`` seeded random relabellings.

The t quantile is exact for any positive (fractional) degrees of freedom: the
two-sided tail of Student's t is a regularized incomplete beta function,
evaluated by its continued fraction and inverted by bisection
(``tests/arena/test_seeds.py`` checks it against scipy from 1 degree up).

Example:
    >>> from pokergym.arena.seeds import compare_seeds, t_interval
    >>> mean, half = t_interval([1.0, 2.0, 3.0, 4.0])
    >>> mean, round(half, 2)
    (2.5, 2.05)
    >>> result = compare_seeds([0.0, 1.0, 2.0, 1.0], [5.0, 6.0, 7.0, 6.0])
    >>> result.difference, result.exact, round(result.p_value, 4)
    (5.0, True, 0.0286)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pokergym.errors import ConfigError

__all__ = ["SeedComparison", "compare_seeds", "t_interval", "t_quantile95"]

_Z975 = 1.959963984540054
"""The normal quantile of 0.975."""


def t_quantile95(df: float) -> float:
    """Two-sided 95% quantile of Student's t with ``df`` (possibly fractional) degrees of freedom.

    Raises:
        ConfigError: if ``df`` is not a positive number.

    Example:
        >>> round(t_quantile95(1), 4), round(t_quantile95(7), 3), round(t_quantile95(1e9), 3)
        (12.7062, 2.365, 1.96)
    """
    if math.isnan(df) or df <= 0:
        raise ConfigError(f"degrees of freedom must be a positive number, got {df!r}")
    if df > 1e5:  # the incomplete beta loses digits; the normal quantile's first two corrections are exact here
        z = _Z975
        return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
    # P(|T| > q) = I_x(df / 2, 1 / 2) with x = df / (df + q^2): find the x whose tail is 5%, in log space.
    low, high = -745.0, 0.0  # log x: the tail rises with x, from 0 to 1
    for _ in range(200):
        middle = (low + high) / 2
        if _incomplete_beta(df / 2, 0.5, math.exp(middle)) < 0.05:
            low = middle
        else:
            high = middle
    x = math.exp((low + high) / 2)
    return math.sqrt(df * (1.0 - x) / x)


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function ``I_x(a, b)`` for ``0 < x < 1`` (its continued fraction)."""
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The incomplete beta function's continued fraction, by the modified Lentz method."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    fraction = d
    for m in range(1, 500):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            fraction *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return fraction


def _values(values: Sequence[float], name: str) -> np.ndarray:
    data = np.asarray(values, dtype=float)
    if data.ndim != 1 or data.size < 2:
        raise ConfigError(f"{name} needs at least two values (one per seed), got {data.size}")
    if not np.isfinite(data).all():
        raise ConfigError(f"{name} holds a value that is not finite: {data.tolist()}")
    return data


def t_interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean over seeds and the half-width of its 95% Student t interval.

    Raises:
        ConfigError: with fewer than two values or a value that is not finite.
    """
    data = _values(values, "t_interval")
    half = t_quantile95(data.size - 1) * data.std(ddof=1) / math.sqrt(data.size)
    return float(data.mean()), float(half)


@dataclass(frozen=True)
class SeedComparison:
    """Arm ``b`` against arm ``a`` over seeds.

    Attributes:
        difference: ``mean(b) - mean(a)``.
        ci95: half-width of Welch's 95% interval of the difference.
        df: Welch-Satterthwaite degrees of freedom of that interval.
        p_value: two-sided permutation p-value of the difference of means.
        exact: whether every relabelling was enumerated (else sampled).
        n_a: seeds in arm ``a``.
        n_b: seeds in arm ``b``.
    """

    difference: float
    ci95: float
    df: float
    p_value: float
    exact: bool
    n_a: int
    n_b: int


def compare_seeds(
    a: Sequence[float],
    b: Sequence[float],
    *,
    permutations: int = 20_000,
    max_exact: int = 50_000,
    seed: int = 0,
) -> SeedComparison:
    """Compare two arms' per-seed results (``b - a``): Welch's interval and a permutation test.

    Raises:
        ConfigError: with fewer than two seeds in an arm, a value that is not finite, or
            ``permutations`` below 1.
    """
    left, right = _values(a, "arm a"), _values(b, "arm b")
    if permutations < 1:
        raise ConfigError(f"permutations must be at least 1, got {permutations}")
    var_a, var_b = left.var(ddof=1) / left.size, right.var(ddof=1) / right.size
    spread = var_a + var_b
    if spread > 0:
        df = spread**2 / (var_a**2 / (left.size - 1) + var_b**2 / (right.size - 1))
    else:
        df = float(left.size + right.size - 2)
    difference = float(right.mean() - left.mean())
    p_value, exact = _permutation_p(left, right, permutations, max_exact, seed)
    return SeedComparison(
        difference=difference,
        ci95=float(t_quantile95(df) * math.sqrt(spread)),
        df=float(df),
        p_value=p_value,
        exact=exact,
        n_a=int(left.size),
        n_b=int(right.size),
    )


def _permutation_p(
    left: np.ndarray, right: np.ndarray, permutations: int, max_exact: int, seed: int
) -> tuple[float, bool]:
    """Share of relabellings whose |difference of means| reaches the observed one."""
    pooled = np.concatenate([right, left])
    n, k = pooled.size, right.size
    total = pooled.sum()
    observed = abs(right.mean() - left.mean())
    tolerance = 1e-9 * max(1.0, float(np.abs(pooled).max()))
    if math.comb(n, k) <= max_exact:
        sums = np.array([pooled[list(chosen)].sum() for chosen in itertools.combinations(range(n), k)])
        exact = True
    else:
        rng = np.random.default_rng(seed)
        picks = np.argsort(rng.random((permutations, n)), axis=1)[:, :k]
        sums = pooled[picks].sum(axis=1)
        exact = False
    differences = np.abs(sums / k - (total - sums) / (n - k))
    hits = int(np.count_nonzero(differences >= observed - tolerance))
    if exact:
        return hits / sums.size, True
    return (hits + 1) / (sums.size + 1), False
