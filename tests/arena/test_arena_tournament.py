"""Tournaments, artefacts on disk, and export of hand histories."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from arena_agents import Folder

from pokergym.agents import CallAgent, RandomAgent
from pokergym.arena import TournamentResult, export_histories, match, read_histories, save_match, tournament
from pokergym.arena.result import MatchResult
from pokergym.arena.stats import StyleStats, mean_ci
from pokergym.engine.config import GameConfig
from pokergym.errors import ConfigError


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    out = tmp_path_factory.mktemp("tournament")
    result = tournament([RandomAgent(), CallAgent(), Folder()], pairs=40, seed=6, block_size=15, out_dir=out)
    return result, out


def test_round_robin_crosstable_and_ranking(played) -> None:
    result, _ = played
    assert result.names == ("random", "call", "folder")
    assert [m.agents for m in result.matches] == [("random", "call"), ("random", "folder"), ("call", "folder")]
    means, halves = result.crosstable()
    assert np.allclose(means, -means.T, equal_nan=True) and np.allclose(halves, halves.T, equal_nan=True)
    assert np.isnan(np.diag(means)).all()
    ranking = result.ranking()
    assert [s.mbb_per_hand for s in ranking] == sorted((s.mbb_per_hand for s in ranking), reverse=True)
    call = next(s for s in ranking if s.name == "call")
    assert call.mbb_per_hand == pytest.approx((means[1, 0] + means[1, 2]) / 2)
    # the matches share their deals: the interval is that of call's per-deal average over its two opponents
    per_deal = (-result.matches[0].per_pair + result.matches[2].per_pair) / 2
    assert call.ci95 == pytest.approx(mean_ci(per_deal)[1])
    assert call.ci95 != pytest.approx(np.sqrt(halves[1, 0] ** 2 + halves[1, 2] ** 2) / 2, rel=1e-3)
    # every pairing is dealt the same cards, so a match equals the same match played alone
    assert result.matches[2] == match(CallAgent(), Folder(), pairs=40, seed=6, block_size=15)
    text = result.format_crosstable() + result.format_ranking()
    assert "folder" in text and "mbb/hand" in text
    assert result.style()["call"].hands == 160


def test_artefacts_are_saved(played) -> None:
    result, out = played
    assert TournamentResult.from_json((out / "results.json").read_text()) == result
    data = json.loads((out / "results.json").read_text())
    assert data["ranking"][0]["name"] == result.ranking()[0].name
    files = sorted(p.name for p in (out / "histories").iterdir())
    assert files == ["00-random-vs-call.jsonl", "01-random-vs-folder.jsonl", "02-call-vs-folder.jsonl"]
    assert len(list(read_histories(out / "histories" / files[0]))) == result.matches[0].hands
    for plot in ("cumulative.png", "crosstable.png"):
        assert (out / plot).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_specs_and_names() -> None:
    pytest.importorskip("baselines.registry")
    result = tournament(["fold", "call"], pairs=5, seed=0)
    assert result.names == ("fold", "call")
    with pytest.raises(ValueError, match="distinct names"):
        tournament([CallAgent(), CallAgent()], pairs=2)
    with pytest.raises(TypeError, match="list of agents"):
        tournament("call", pairs=2)  # type: ignore[arg-type]


def test_export_to_acpc_and_phh(tmp_path) -> None:
    source = tmp_path / "hands.jsonl"
    result = match(RandomAgent(), CallAgent(), pairs=15, seed=2, histories=source)
    save_match(result, tmp_path, plots=False)
    assert (tmp_path / "result.json").exists()
    log = export_histories(source, "acpc").read_text().splitlines()
    assert log[0].startswith("#") and len(log) == result.hands + 2
    assert all(line.startswith(f"STATE:{n}:") for n, line in enumerate(log[1:-1]))
    total = sum(a + b for a, b in result.pair_chips)
    assert log[-1] == f"SCORE:{total}|{-total}:random|call"
    phh = export_histories(source, "phh", tmp_path / "out" / "hands.phhs")
    text = phh.read_text()
    assert text.startswith("[1]\nvariant = 'NT'") and f"[{result.hands}]" in text
    pokerkit = pytest.importorskip("pokerkit")
    loaded = list(pokerkit.HandHistory.loads_all(text))
    assert len(loaded) == result.hands
    with pytest.raises(ValueError, match="unknown export format"):
        export_histories(source, "pgn")  # type: ignore[arg-type]


def test_a_match_with_no_pair_counted_leaves_its_agents_unranked() -> None:
    def played(agents: tuple[str, str], chips: tuple[tuple[int, int], ...]) -> MatchResult:
        return MatchResult(agents, 0, GameConfig(), True, 100, chips, (), (StyleStats(), StyleStats()))

    chips = ((100, -50), (-100, 300), (50, 50))
    matches = (played(("a", "b"), ()), played(("a", "c"), chips), played(("b", "c"), chips))
    result = TournamentResult(("a", "b", "c"), matches)
    ranking = result.ranking()
    assert [s.name for s in ranking] == ["c", "a", "b"]  # a and b have no average over both opponents
    assert np.isnan(ranking[1].mbb_per_hand) and np.isnan(ranking[2].ci95)
    assert ranking[0].mbb_per_hand == pytest.approx(-matches[1].mbb_per_hand) and np.isfinite(ranking[0].ci95)
    assert "n/a" in result.format_ranking(width=100)


@pytest.mark.parametrize(
    ("reader", "text"),
    [
        (MatchResult.from_json, "{}"),
        (MatchResult.from_json, "[1]"),
        (TournamentResult.from_json, '{"names": ["a", "b"]}'),
    ],
)
def test_documents_that_are_not_results_are_config_errors(reader: Any, text: str) -> None:
    with pytest.raises(ConfigError, match="not a"):
        reader(text)
