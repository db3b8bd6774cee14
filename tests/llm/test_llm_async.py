"""The LLM agent on the arena's async backend, against the scripted local server."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fake_openai_server import Answer, FakeOpenAIServer, betting_brain

from baselines.llm_skill import LLMSkillAgent, summarize
from baselines.rule_skill import RuleSkillAgent
from pokergym.arena import AsyncRunner, match, read_histories


def llm(server: FakeOpenAIServer, **options: Any) -> LLMSkillAgent:
    settings: dict[str, Any] = {"model": "fake", "base_url": server.url, "api_key_env": "POKERGYM_UNSET_KEY"}
    settings.update(options)
    return LLMSkillAgent(**settings)


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(betting_brain) as fake:
        yield fake


@pytest.mark.parametrize("concurrency", [1, 4])
def test_exactly_k_requests_in_flight_and_the_local_result(server: FakeOpenAIServer, concurrency: int) -> None:
    kwargs: dict[str, Any] = {"pairs": 12, "seed": 21, "block_size": 1}
    local = match(llm(server, preflop="llm"), RuleSkillAgent(), **kwargs)
    assert server.peak == 1  # the local backend asks one question at a time
    with FakeOpenAIServer(betting_brain, hold=concurrency, hold_timeout=10.0) as held:
        agent = llm(held, preflop="llm")
        together = match(agent, RuleSkillAgent(), backend="async", concurrency=concurrency, **kwargs)
        # Every request waited until `concurrency` were outstanding together: the peak proves they were,
        # and it never went higher because a block asks one question at a time.
        assert held.peak == concurrency
        assert len(held.requests) == len(server.requests)
    assert together == local
    assert agent.client._async is None  # the runner closed the async connection before its loop


def test_async_histories_and_transcripts_match_the_local_run(server: FakeOpenAIServer, tmp_path: Path) -> None:
    runs = {}
    for backend in ("local", "async"):
        transcript = tmp_path / f"{backend}.jsonl"
        histories = tmp_path / f"{backend}-hands.jsonl"
        agent = llm(server, transcript=str(transcript))
        kwargs: dict[str, Any] = {"pairs": 10, "seed": 5, "block_size": 2, "histories": histories}
        result = match(agent, RuleSkillAgent(), backend=backend, concurrency=5, **kwargs)  # type: ignore[arg-type]
        records = [json.loads(line) for line in transcript.read_text().splitlines()]  # every line whole
        runs[backend] = (result, histories.read_text(), records)
        agent.close()
    (local, local_hands, local_records), (together, together_hands, together_records) = runs["local"], runs["async"]
    assert together == local and together_hands == local_hands
    assert len(local_records) > 10

    def by_hand(records: list[dict[str, Any]]) -> list[list[tuple[Any, ...]]]:
        hands: dict[str, list[tuple[Any, ...]]] = defaultdict(list)
        for r in records:
            hands[r["hand"]].append((r["seat"], tuple(r["hole"]), tuple(r["board"]), r["street"], r["action"]))
        return sorted(hands.values())

    assert by_hand(together_records) == by_hand(local_records)
    # Each transcript hand points at one counted hand: the LLM (agent A, seat 0) held those cards there.
    dealt = [hand.hole_cards[0] for hand in read_histories(tmp_path / "async-hands.jsonl")]
    assert all(dealt.count(decisions[0][1]) == 1 for decisions in by_hand(together_records))


def test_errors_timeouts_and_fallbacks_are_counted_under_concurrency(tmp_path: Path) -> None:
    with FakeOpenAIServer(betting_brain) as server:
        transcript = tmp_path / "t.jsonl"
        agent = llm(server, transcript=str(transcript), timeout=0.3, retries=0)
        # Whichever hands draw them: one unparsable reply, two server errors and one timeout.
        server.queue(Answer(text="no idea"), Answer(status=500), Answer(status=503), Answer(delay=1.0))
        result = match(agent, RuleSkillAgent(), pairs=8, seed=2, block_size=1, backend="async", concurrency=4)
    assert result.voided == () and result.pairs == 8
    usage = summarize(transcript)
    assert (usage.fallbacks, usage.errors) == (4, 3)
    assert usage.decisions == len(server.requests)  # no retries: one request per decision
    errors = [json.loads(line)["error"] for line in transcript.read_text().splitlines()]
    assert sum("Timeout" in e for e in errors if e) == 1


def test_the_same_runner_serves_several_matches(server: FakeOpenAIServer) -> None:
    agent = llm(server)
    with AsyncRunner(concurrency=3) as runner:
        first = match(agent, RuleSkillAgent(), pairs=6, seed=1, block_size=1, backend=runner)
        second = match(agent, RuleSkillAgent(), pairs=6, seed=1, block_size=1, backend=runner)
        assert agent.client._async is not None  # still open: the runner may play more
    assert first == second
    assert agent.client._async is None
