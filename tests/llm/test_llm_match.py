from __future__ import annotations

import importlib.util
import itertools
import json
import os
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from fake_openai_server import FAULTS, Answer, FakeOpenAIServer, betting_brain

from baselines.llm_skill import LLMSkillAgent, summarize
from baselines.rule_skill import RuleSkillAgent
from pokergym.arena import match, read_histories

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "llm_vs_rule.py"


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


def hands_the_llm_acted_in(histories: Path) -> int:
    """Hands in which seat 0 (agent A, the LLM) took at least one action."""
    return sum(any(a.seat == 0 for a in hand.actions) for hand in read_histories(histories))


def fake_llm(server: FakeOpenAIServer, transcript: Path, **options: Any) -> LLMSkillAgent:
    """The LLM agent on the local test server, deciding preflop too, with its transcript at ``transcript``."""
    return LLMSkillAgent(
        model="fake",
        base_url=server.url,
        api_key_env="POKERGYM_UNSET_KEY",
        preflop="llm",
        transcript=str(transcript),
        **options,
    )


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_server_that_only_sends_malformed_replies_voids_no_pair(fault: str, tmp_path: Path) -> None:
    with FakeOpenAIServer(lambda request: FAULTS[fault]) as server:
        transcript, histories = tmp_path / "t.jsonl", tmp_path / "hands.jsonl"
        agent = fake_llm(server, transcript, retries=1, backoff=0.001)
        result = match(agent, RuleSkillAgent(), pairs=3, seed=7, backend="local", histories=histories)
    assert result.voided == () and result.hands == 6
    usage = summarize(transcript)
    assert usage.decisions == usage.fallbacks == usage.errors == len(server.requests) // 2 > 0
    assert usage.hands == hands_the_llm_acted_in(histories) > 0  # every hand the LLM played is in the transcript
    assert {json.loads(line)["fault"] for line in transcript.read_text().splitlines()} == {"malformed_reply"}


def test_malformed_replies_mixed_with_answers_on_the_async_backend(tmp_path: Path) -> None:
    others = {"status_500": Answer(status=500), "no_idea": Answer(text="no idea")}
    kinds = itertools.cycle([*FAULTS, *others])
    served: list[str] = []
    lock = threading.Lock()

    def brain(request: dict[str, Any]) -> Answer:
        """Every other request gets the next broken reply; the rest a real answer."""
        with lock:
            kind = next(kinds) if len(served) % 2 == 0 else "answer"
            served.append(kind)
        return FAULTS.get(kind) or others.get(kind) or betting_brain(request)

    with FakeOpenAIServer(brain) as server:
        transcript, histories = tmp_path / "t.jsonl", tmp_path / "hands.jsonl"
        agent = fake_llm(server, transcript, retries=0)
        result = match(
            agent, RuleSkillAgent(), pairs=6, seed=11, block_size=1, histories=histories, backend="async", concurrency=3
        )
    assert result.voided == () and result.hands == 12
    usage = summarize(transcript)
    assert usage.decisions == len(served) and usage.hands == hands_the_llm_acted_in(histories)
    reasons = {**dict.fromkeys(FAULTS, "malformed_reply"), "status_500": "api_error", "no_idea": "unparsed"}
    expected = Counter(reasons[kind] for kind in served if kind != "answer")
    lines = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert Counter(r["fault"] or "unparsed" for r in lines if r["fallback"]) == expected
    assert expected["malformed_reply"] > 0


def test_example_without_key_or_base_url_fails_before_playing(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    transcript = tmp_path / "t.jsonl"
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--pairs", "1", "--transcript", str(transcript)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode != 0 and done.stdout == ""
    (line,) = done.stderr.strip().splitlines()
    assert "OPENAI_API_KEY" in line and "base_url" in line
    assert not transcript.exists()
