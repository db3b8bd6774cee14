"""PNG plots of arena results (matplotlib, drawn off-screen).

matplotlib is an optional extra (``pip install "pokergym[plot]"``); it is
imported only when a plot is drawn, and figures are built without pyplot so
no global backend is changed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from pokergym.arena.stats import Z95

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.colors import SymLogNorm

    from pokergym.arena.ladder import LadderResult
    from pokergym.arena.result import MatchResult
    from pokergym.arena.tournament import TournamentResult

__all__ = [
    "ALWAYS_FOLD_LBR",
    "BAND_LABEL",
    "HEATMAP_LINEAR",
    "crosstable_norm",
    "plot_crosstable",
    "plot_cumulative",
    "plot_exploit",
]

ALWAYS_FOLD_LBR = 750.0
"""LBR of always-fold in mbb/hand (it loses its blinds): the floor every sound agent must beat."""

BAND_LABEL = "95% interval of the expected total"
"""Legend entry of the shaded band of :func:`plot_cumulative`."""

HEATMAP_LINEAR = 100.0
"""mbb/hand up to which the crosstable heatmap's colour scale is linear (logarithmic beyond)."""


def plot_cumulative(matches: Sequence[MatchResult], path: str | Path) -> Path:
    """Draw each match's cumulative winnings (agent A, big blinds) against hands played.

    The shaded band around the line (labelled in each panel's legend) is the 95% interval of the expected
    cumulative winnings: after ``k`` pairs, ``line +- 1.96 x s x sqrt(k)``
    with ``s`` the standard deviation of the winnings per pair. Where the
    band leaves zero at the right edge, the match result is significant.
    One panel per match.

    Returns:
        ``path``.
    """
    from matplotlib.figure import Figure

    count = max(1, len(matches))
    columns = min(3, count)
    rows = math.ceil(count / columns)
    figure = Figure(figsize=(4.2 * columns, 3.0 * rows), layout="constrained")
    axes = figure.subplots(rows, columns, squeeze=False).ravel()
    for ax, result in zip(axes, matches, strict=False):
        _cumulative_panel(ax, result)
    for ax in axes[len(matches) :]:
        ax.set_axis_off()
    figure.savefig(path, dpi=100)
    return Path(path)


def _cumulative_panel(ax: Axes, result: MatchResult) -> None:
    per_pair = np.asarray(result.pair_chips, dtype=float).reshape(-1, 2).sum(axis=1) / result.config.big_blind
    hands = 2 * np.arange(1, per_pair.size + 1)
    total = np.cumsum(per_pair)
    spread = Z95 * (per_pair.std(ddof=1) if per_pair.size > 1 else 0.0) * np.sqrt(np.arange(1, per_pair.size + 1))
    ax.fill_between(hands, total - spread, total + spread, alpha=0.25, linewidth=0, label=BAND_LABEL)
    ax.plot(hands, total, linewidth=1.2, label="cumulative winnings")
    ax.axhline(0.0, color="black", linewidth=0.6)
    ax.legend(loc="best", fontsize=7, frameon=False)
    ax.set_title(
        f"{result.agents[0]} vs {result.agents[1]}\n{result.mbb_per_hand:+.0f} ± {result.ci95:.0f} mbb/hand",
        fontsize=9,
    )
    ax.set_xlabel("hands")
    ax.set_ylabel(f"{result.agents[0]} won (bb)")


def crosstable_norm(means: np.ndarray[Any, np.dtype[np.float64]]) -> SymLogNorm:
    """The heatmap's colour scale: symmetric about zero, linear up to :data:`HEATMAP_LINEAR`, logarithmic beyond.

    A few lopsided pairings (a calling station against a maniac wins or loses
    tens of thousands of mbb/hand) would wash every other cell out on a linear
    scale; on this one a cell of a few hundred mbb/hand still shows its colour.

    Example:
        >>> norm = crosstable_norm(np.array([[np.nan, 46000.0], [-46000.0, np.nan]]))
        >>> float(norm(0.0)), float(norm(46000.0)), round(float(norm(300.0)), 2)
        (0.5, 1.0, 0.71)
    """
    from matplotlib.colors import SymLogNorm

    finite = np.abs(means[np.isfinite(means)])
    limit = max(float(finite.max()) if finite.size else 0.0, HEATMAP_LINEAR)
    return SymLogNorm(linthresh=HEATMAP_LINEAR, linscale=1.0, vmin=-limit, vmax=limit, base=10)


def plot_crosstable(result: TournamentResult, path: str | Path) -> Path:
    """Draw the crosstable as a heatmap: row agent's mbb/hand against the column agent, with 95% CI.

    Returns:
        ``path``.
    """
    from matplotlib.figure import Figure

    means, halves = result.crosstable()
    size = len(result.names)
    norm = crosstable_norm(means)
    figure = Figure(figsize=(1.3 * size + 2.5, 1.1 * size + 1.5), layout="constrained")
    ax = figure.subplots()
    image = ax.imshow(np.ma.masked_invalid(means), cmap="RdBu", norm=norm)
    figure.colorbar(image, ax=ax, label=f"mbb/hand (row vs column; log scale beyond ±{HEATMAP_LINEAR:.0f})")
    ax.set_xticks(range(size), result.names, rotation=45, ha="right")
    ax.set_yticks(range(size), result.names)
    for i in range(size):
        for j in range(size):
            if i != j:
                dark = abs(float(norm(means[i, j])) - 0.5) > 0.3
                ax.text(
                    j,
                    i,
                    f"{means[i, j]:+.0f}\n±{halves[i, j]:.0f}",
                    ha="center",
                    va="center",
                    fontsize=7,
                    color="white" if dark else "black",
                )
    ax.set_title("crosstable (mbb/hand, 95% CI)")
    figure.savefig(path, dpi=100)
    return Path(path)


def plot_exploit(result: LadderResult, path: str | Path) -> Path:
    """Draw each agent's LBR (mbb/hand) with its 95% interval, and always-fold's 750 as a reference line.

    Agents without an LBR figure are left out.

    Returns:
        ``path``.
    """
    from matplotlib.figure import Figure

    measured = [(name, bound) for name, bound in zip(result.names, result.exploit, strict=True) if bound is not None]
    figure = Figure(figsize=(1.0 * len(measured) + 3.0, 3.6), layout="constrained")
    ax = figure.subplots()
    positions = np.arange(len(measured))
    ax.bar(positions, [b.mbb_per_hand for _, b in measured], yerr=[b.ci95 for _, b in measured], capsize=4)
    ax.axhline(ALWAYS_FOLD_LBR, color="firebrick", linestyle="--", linewidth=1.0, label="always-fold (750)")
    ax.axhline(0.0, color="black", linewidth=0.6)
    ax.set_xticks(positions, [name for name, _ in measured], rotation=30, ha="right")
    ax.set_ylabel("LBR win rate (mbb/hand)")
    hands = sorted({b.hands for _, b in measured})
    ax.set_title(f"local best response, 95% CI ({'/'.join(map(str, hands))} hands)", fontsize=9)
    ax.legend(loc="best", fontsize=7, frameon=False)
    figure.savefig(path, dpi=100)
    return Path(path)
