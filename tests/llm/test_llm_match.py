from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from fake_openai_server import Answer, FakeOpenAIServer, betting_brain

from baselines.llm_skill import LLMSkillAgent, summarize
from baselines.rule_skill import RuleSkillAgent
from pokergym.arena import match

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "llm_vs_rule.py"


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(betting_brain) as fake:
        yield fake


def test_duplicate_match_through_the_fake_server(server: FakeOpenAIServer, tmp_path: Path) -> None:
    transcript = tmp_path / "llm.jsonl"
    options = {
        "model": "fake-model",
        "base_url": server.url,
        "api_key_env": "POKERGYM_UNSET_KEY",
        "cache": str(tmp_path / "cache.sqlite"),
        "transcript": str(transcript),
        "backoff": 0.01,
        "price_in": 2.5,
        "price_out": 10.0,
    }
    server.queue(Answer(text="garbage"), Answer(status=500))
    agent = LLMSkillAgent(**options)
    result = match(agent, RuleSkillAgent(), pairs=4, seed=3, backend="local")
    assert result.hands == 8 and result.voided == ()
    usage = summarize(transcript)
    assert usage.decisions == len(server.requests) - 1  # the 500 was retried inside one decision
    assert usage.decisions > 4 and usage.tokens_in > 0 and usage.tokens_out > 0 and usage.cost > 0
    assert usage.fallbacks == 1 and usage.fallback_rate == pytest.approx(1 / usage.decisions)
    assert agent.client.requests == len(server.requests)  # the arena's copies share one client

    # Replaying the match is free (every reply from the cache) and gives the same result.
    before = len(server.requests)
    replay = match(LLMSkillAgent(**options), RuleSkillAgent(), pairs=4, seed=3, backend="local")
    assert len(server.requests) == before
    assert replay.pair_chips == result.pair_chips
    again = summarize(transcript)
    assert again.cache_hits == again.decisions - usage.decisions + usage.cache_hits
    agent.close()


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("llm_vs_rule", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_example_runs_against_the_fake_server(
    server: FakeOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.json"
    argv = ["--model", "fake", "--base-url", server.url, "--pairs", "2", "--price-in", "1", "--price-out", "2"]
    report = load_example().run([*argv, "--out", str(out), "--transcript", str(tmp_path / "t.jsonl")])
    printed = capsys.readouterr().out
    assert "per hand" in printed and "fallbacks 0" in printed
    assert report["llm"]["decisions"] > 0 and report["cost_per_hand"] > 0
    assert json.loads(out.read_text())["match"]["hands"] == 4
