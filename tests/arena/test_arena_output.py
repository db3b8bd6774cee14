"""What people read: text tables, the progress bar and the plots."""

from __future__ import annotations

import io
import itertools

import numpy as np
import pytest

from pokergym.arena.progress import ProgressBar
from pokergym.arena.result import MatchResult
from pokergym.arena.stats import StyleStats, format_style
from pokergym.arena.tournament import TournamentResult
from pokergym.engine import GameConfig

NAMES = ("random", "call", "fold", "maniac", "honest", "fish", "rule", "expectiminimax", "cfr")


def _lopsided_tournament() -> TournamentResult:
    """Nine agents; the first pairing is won by about 46,000 mbb/hand, the others by little."""
    rng = np.random.default_rng(0)
    matches = []
    for index, (first, second) in enumerate(itertools.combinations(NAMES, 2)):
        scale = 9000 if index == 0 else 300
        chips = tuple((int(a), int(b)) for a, b in rng.normal(scale, 4000, size=(40, 2)))
        stats = (StyleStats(), StyleStats())
        matches.append(MatchResult((first, second), 0, GameConfig(), True, 100, chips, (), stats))
    return TournamentResult(NAMES, tuple(matches))


def test_a_nine_agent_crosstable_fits_100_columns() -> None:
    result = _lopsided_tournament()
    text = result.format_crosstable(width=100)
    assert max(len(line) for line in text.splitlines()) <= 100
    means, halves = result.crosstable()
    assert f"{means[0, 1]:+.0f}" in text and f"±{halves[0, 1]:.0f}" in text and means[0, 1] > 40000
    assert "H expectiminimax" in text and "(columns: A, B, C, D, E, F, G, H, I)" in text


def test_ranking_and_style_tables_carry_their_legends() -> None:
    result = _lopsided_tournament()
    ranking = result.format_ranking(width=100)
    assert "mbb/hand: mean winnings against the other agents" in ranking
    assert ranking.splitlines()[2].split()[:2] == ["1.", result.ranking()[0].name]
    style = format_style({"expectiminimax": StyleStats(hands=10, vpip_hands=3)}, width=100)
    for column in ("VPIP:", "PFR:", "3-bet:", "AF:", "WTSD:", "W$SD:"):
        assert column in style
    assert max(len(line) for line in style.splitlines()) <= 100


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_draws_an_eta_on_a_terminal_only() -> None:
    quiet = ProgressBar(10, "demo", stream=io.StringIO())
    quiet.advance(5)
    quiet.finish()
    assert quiet.stream.getvalue() == ""
    terminal = _Terminal()
    bar = ProgressBar(10, "demo", stream=terminal)
    bar.advance(5)
    bar.finish()
    bar.finish()
    drawn = terminal.getvalue()
    assert "demo" in drawn and "10/10" in drawn and "<" in drawn  # elapsed<remaining


def test_heatmap_colours_stay_readable_next_to_a_huge_cell() -> None:
    pytest.importorskip("matplotlib")
    from pokergym.arena.plots import crosstable_norm

    means, _ = _lopsided_tournament().crosstable()
    norm = crosstable_norm(means)
    assert float(norm(np.nanmax(means))) == pytest.approx(1.0)
    assert abs(float(norm(300.0)) - 0.5) > 0.15  # a linear scale to ±46,000 would leave it white (0.503)


def test_plots_have_a_band_legend(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    from pokergym.arena.plots import BAND_LABEL, _cumulative_panel, plot_crosstable, plot_cumulative

    result = _lopsided_tournament()
    ax = Figure().subplots()
    _cumulative_panel(ax, result.matches[0])
    legend = ax.get_legend()
    assert legend is not None and BAND_LABEL in [text.get_text() for text in legend.get_texts()]
    assert plot_cumulative(result.matches[:2], tmp_path / "c.png").stat().st_size > 0
    assert plot_crosstable(result, tmp_path / "x.png").stat().st_size > 0
