from __future__ import annotations

import copy
import itertools
import json
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fake_openai_server import FAULTS, Answer, FakeOpenAIServer, act, passive_brain
from test_parse import facing_bet, free_view

from baselines.llm_skill import (
    LLMClient,
    LLMConfig,
    LLMError,
    LLMSkillAgent,
    MalformedReplyError,
    Reply,
    ReplyCache,
    Transcript,
    summarize,
)
from pokergym.agents import CallAgent, play_hand
from pokergym.context.prompt import DEFAULT_SYSTEM
from pokergym.engine import HandState
from pokergym.engine.actions import Action
from pokergym.errors import ConfigError

KEY = "sk-test-very-secret-0123456789"


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


@pytest.fixture(autouse=True)
def api_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POKERGYM_TEST_KEY", KEY)


def make_agent(server: FakeOpenAIServer, tmp_path: Path, **options: Any) -> LLMSkillAgent:
    settings: dict[str, Any] = {
        "model": "fake-model",
        "base_url": server.url,
        "api_key_env": "POKERGYM_TEST_KEY",
        "timeout": 2.0,
        "retries": 2,
        "backoff": 0.01,
        "deadline": 10.0,
        "transcript": str(tmp_path / "transcript.jsonl"),
        "price_in": 1.0,
        "price_out": 4.0,
    }
    settings.update(options)
    agent = LLMSkillAgent(**settings)
    agent.reset(1, np.random.default_rng(0))
    return agent


def records(tmp_path: Path) -> list[dict[str, Any]]:
    lines = (tmp_path / "transcript.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def test_tool_call_path(server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path)
    server.queue(act("bet", 6, "semi-bluff with a strong draw"))
    assert agent.act(free_view()) == Action.raise_to(600)
    request = server.requests[0]
    assert request["model"] == "fake-model"
    assert request["tools"][0]["function"]["name"] == "choose_action"
    assert request["tool_choice"]["function"]["name"] == "choose_action"
    assert request["temperature"] == 0.0
    assert [m["role"] for m in request["messages"]] == ["system", "user"]
    assert server.authorizations == [f"Bearer {KEY}"]
    (record,) = records(tmp_path)
    assert (record["source"], record["outcome"], record["fallback"], record["action"]) == (
        "tool",
        "valid",
        False,
        "raise to 600",
    )
    assert record["tokens_in"] > 100 and record["tokens_out"] > 0
    assert record["cost"] == pytest.approx((record["tokens_in"] * 1.0 + record["tokens_out"] * 4.0) / 1e6)
    assert record["attempts"] == 1 and record["street"] == "flop" and record["prompt_ms"] > 0
    assert agent.tokens_in == record["tokens_in"] and agent.outcomes["valid"] == 1


def test_text_json_when_server_has_no_tools(tmp_path: Path) -> None:
    with FakeOpenAIServer(tools=False) as server:
        agent = make_agent(server, tmp_path)
        server.queue(Answer(text='Thinking... {"action": "call", "amount": null, "reasoning": "pot odds"}'))
        assert agent.act(facing_bet()) == Action.call()
        assert agent.client.tools_supported is False
        assert "tools" in server.requests[0] and "tools" not in server.requests[1]
        agent.act(facing_bet())  # later requests go straight to text
        assert len(server.requests) == 3
    assert [r["source"] for r in records(tmp_path)] == ["json", "json"]


def test_tools_off_by_option(server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path, tools=False)
    agent.act(facing_bet())
    assert "tools" not in server.requests[0]
    assert records(tmp_path)[0]["source"] == "json"


def test_garbage_reply_falls_back(server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path)
    server.queue(Answer("{{{not json"), Answer(text="lorem ipsum"))
    assert agent.act(facing_bet()) == Action.call()
    assert agent.act(free_view()) == Action.check()
    assert [(r["source"], r["fallback"], r["error"]) for r in records(tmp_path)] == [("fallback", True, None)] * 2
    assert agent.fallbacks == {"unparsed": 2} and agent.fallback_rate == 1.0


def test_illegal_reply_is_repaired(server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path)
    server.queue(act("check"))
    assert agent.act(facing_bet()) == Action.call()
    (record,) = records(tmp_path)
    assert (record["outcome"], record["repairs"], record["requested"]) == ("repaired", ["check->call"], "check")


def test_rate_limit_then_success(server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path)
    server.queue(Answer(status=429), act("call"))
    assert agent.act(facing_bet()) == Action.call()
    (record,) = records(tmp_path)
    assert (record["attempts"], record["outcome"], record["error"]) == (2, "valid", None)


def test_timeout_then_success(server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path, timeout=0.3)
    server.queue(Answer({"action": "fold"}, delay=1.0), act("call"))
    assert agent.act(facing_bet()) == Action.call()
    assert records(tmp_path)[0]["attempts"] == 2


def test_fallback_after_all_retries_fail(server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path, retries=2)
    server.queue(Answer(status=500), Answer(status=503), Answer(status=502))
    assert agent.act(facing_bet()) == Action.call()
    (record,) = records(tmp_path)
    assert len(server.requests) == 3
    assert (record["fallback"], record["attempts"], record["reply"]) == (True, 3, None)
    assert "InternalServerError" in record["error"] or "APIStatusError" in record["error"]
    assert agent.fallbacks == {"api_error": 1}


def test_timeouts_respect_the_deadline(server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path, timeout=0.2, retries=5, deadline=0.5)
    server.queue(*[Answer({"action": "fold"}, delay=0.6)] * 6)
    assert agent.act(free_view()) == Action.check()
    (record,) = records(tmp_path)
    assert record["fallback"] and "Timeout" in record["error"]
    assert record["latency"] < 1.5 and record["attempts"] < 6


def test_client_errors_are_not_retried(server: FakeOpenAIServer, tmp_path: Path) -> None:
    client = LLMClient(LLMConfig("m", base_url=server.url, api_key_env="POKERGYM_TEST_KEY", tools=False, retries=3))
    server.queue(Answer(status=404))
    with pytest.raises(LLMError) as info:
        client.complete([{"role": "user", "content": "hi"}])
    assert info.value.attempts == 1 and KEY not in str(info.value)
    client.close()


def test_key_is_never_written(server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path, retries=0)
    server.queue(Answer(status=500), act("call"))
    agent.act(facing_bet())
    agent.act(facing_bet())
    text = (tmp_path / "transcript.jsonl").read_text()
    assert KEY not in text and KEY not in repr(agent) and KEY not in repr(agent.client)
    assert KEY not in str(pickle.dumps(agent))


def test_missing_key_for_openai_is_a_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("POKERGYM_NO_SUCH_KEY", raising=False)
    with pytest.raises(ConfigError, match="POKERGYM_NO_SUCH_KEY"):
        LLMClient(LLMConfig("m", api_key_env="POKERGYM_NO_SUCH_KEY"))
    with pytest.raises(ConfigError, match=r"POKERGYM_NO_SUCH_KEY.*base_url"):
        LLMSkillAgent(api_key_env="POKERGYM_NO_SUCH_KEY")  # before any match can start
    monkeypatch.setenv("POKERGYM_NO_SUCH_KEY", KEY)
    client = LLMClient(LLMConfig("m", api_key_env="POKERGYM_NO_SUCH_KEY"))
    monkeypatch.delenv("POKERGYM_NO_SUCH_KEY")  # the key is read again at first use
    with pytest.raises(ConfigError, match="POKERGYM_NO_SUCH_KEY"):
        client.complete([{"role": "user", "content": "hi"}])


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_malformed_reply_is_retried_then_a_counted_fallback(
    fault: str, server: FakeOpenAIServer, tmp_path: Path
) -> None:
    agent = make_agent(server, tmp_path, retries=1)
    server.queue(FAULTS[fault], FAULTS[fault])
    assert agent.act(facing_bet()) == Action.call()
    assert len(server.requests) == 2
    (record,) = records(tmp_path)
    assert (record["fallback"], record["fault"], record["attempts"], record["reply"]) == (
        True,
        "malformed_reply",
        2,
        None,
    )
    assert record["error"].startswith("MalformedReplyError: ")
    assert agent.fallbacks == {"malformed_reply": 1} and agent.outcomes == {"fallback": 1}
    assert agent.model_decisions == 1 and agent.fallback_rate == 1.0
    assert summarize(tmp_path / "transcript.jsonl").errors == 1


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_malformed_reply_then_a_good_one(fault: str, server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path, retries=1, cache=str(tmp_path / "c.sqlite"))
    server.queue(FAULTS[fault], act("raise", 27, "value"))
    assert agent.act(facing_bet()) == Action.raise_to(2700)
    (record,) = records(tmp_path)
    assert (record["attempts"], record["outcome"], record["error"], record["fault"]) == (2, "valid", None, None)
    assert agent.fallbacks == {}
    agent.close()


def test_lone_surrogates_in_a_reply_are_recorded_and_the_hand_goes_on(server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path, cache=str(tmp_path / "c.sqlite"))
    odd = chr(0xD800)
    server.queue(Answer(text=f'{odd} {{"action": "call", "reasoning": "odd {odd}"}}'), act("call"))
    assert agent.act(facing_bet()) == Action.call()
    assert agent.act(facing_bet()) == Action.call()  # the earlier answer goes back in the conversation
    first, second = records(tmp_path)
    assert (first["reasoning"], first["reply"]["content"][0], first["outcome"]) == (f"odd {odd}", odd, "valid")
    assert (second["error"], second["attempts"]) == (None, 1)
    assert server.requests[1]["messages"][-2]["content"].startswith("\N{REPLACEMENT CHARACTER} ")
    agent.close()


def test_malformed_reply_is_not_cached_and_a_cached_one_is_asked_again(
    server: FakeOpenAIServer, tmp_path: Path
) -> None:
    config = LLMConfig("m", base_url=server.url, api_key_env="POKERGYM_TEST_KEY", retries=0, tools=False)
    client = LLMClient(config, ReplyCache(tmp_path / "c.sqlite"))
    messages = [{"role": "user", "content": "hi"}]

    def refuse_odd(reply: Reply) -> None:
        if reply.content == "odd":
            raise MalformedReplyError("odd reply")

    server.queue(FAULTS["empty_choices"])
    with pytest.raises(LLMError, match="choices") as info:
        client.complete(messages)
    assert (info.value.fault, info.value.attempts) == ("malformed_reply", 1)
    server.queue(Answer(text="odd"), Answer(text="fine"))
    assert client.complete(messages).content == "odd"  # without a check any text is an answer, and cached
    assert client.complete(messages).cached
    assert client.complete(messages, check=refuse_odd).content == "fine"  # the cached reply fails the check
    assert client.complete(messages, check=refuse_odd).cached and len(server.requests) == 3
    client.close()


def test_malformed_reply_in_a_batch_is_an_error_in_place(server: FakeOpenAIServer) -> None:
    config = LLMConfig("m", base_url=server.url, api_key_env="POKERGYM_TEST_KEY", retries=0, tools=False)
    client = LLMClient(config)
    server.queue(FAULTS["truncated_json"])
    (outcome,) = client.complete_batch([[{"role": "user", "content": "hi"}]])
    assert isinstance(outcome, LLMError) and outcome.fault == "malformed_reply"


def test_cache_hit_makes_no_request(server: FakeOpenAIServer, tmp_path: Path) -> None:
    cache = str(tmp_path / "replies.sqlite")
    first = make_agent(server, tmp_path, cache=cache)
    server.queue(act("raise", 27, "value"))
    assert first.act(facing_bet()) == Action.raise_to(2700)
    first.close()
    second = make_agent(server, tmp_path, cache=cache)
    assert second.act(facing_bet()) == Action.raise_to(2700)
    assert len(server.requests) == 1
    cached = records(tmp_path)[1]
    assert (cached["cached"], cached["cost"], cached["attempts"], cached["tokens_in"] > 0) == (True, 0.0, 0, True)
    assert second.cost == 0.0 and second.client.cache is not None and second.client.cache.hits == 1
    second.close()


def test_conversation_kept_within_a_hand_and_reset_between(server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path)
    for hand in range(2):
        state = HandState.new(rng=np.random.default_rng(11), button=1)
        seen = len(server.requests)
        play_hand(state, [CallAgent(), agent], [np.random.default_rng(hand), np.random.default_rng(hand + 9)])
        requests = server.requests[seen:]
        assert len(requests) >= 2, "the hand should reach several postflop decisions"
        assert [m["role"] for m in requests[0]["messages"]] == ["system", "user"]
        for earlier, later in itertools.pairwise(requests):
            assert later["messages"][: len(earlier["messages"])] == earlier["messages"]
            assert later["messages"][len(earlier["messages"])]["role"] == "assistant"
            assert later["messages"][-1]["role"] == "user"
    hands = [r["hand"] for r in records(tmp_path)]
    assert len(set(hands)) == 2


def test_preflop_llm_and_default_mode(server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path, mode="default", preflop="llm")
    view = HandState.new(deck=tuple(range(9)), button=1).view(1)
    assert agent.act(view) == Action.call()
    assert server.requests[0]["messages"][0]["content"] == DEFAULT_SYSTEM
    assert records(tmp_path)[0]["street"] == "preflop"


def test_table_preflop_makes_no_request(server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path)
    agent.act(HandState.new(deck=tuple(range(9)), button=1).view(1))
    assert server.requests == [] and agent.decisions == 1 and agent.model_decisions == 0


def test_bad_options() -> None:
    with pytest.raises(ConfigError):
        LLMSkillAgent(mode="fancy")
    with pytest.raises(ConfigError):
        LLMSkillAgent(preflop="never")
    with pytest.raises(ConfigError):
        LLMSkillAgent(timeout=0)


def test_copies_share_the_client_and_pickle_without_it(server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path, cache=str(tmp_path / "c.sqlite"))
    agent.act(facing_bet())
    clone = copy.deepcopy(agent)
    assert clone.client is agent.client and clone.fallbacks is not agent.fallbacks
    restored = pickle.loads(pickle.dumps(agent))
    assert restored.client is not agent.client and restored.client.requests == 0
    restored.reset(1, np.random.default_rng(0))  # a new hand: same first request as before
    assert restored.act(facing_bet()) == Action.call()  # answered from the cache
    assert len(server.requests) == 1
    agent.close()
    restored.close()


def test_async_batch_is_bounded_and_ordered(tmp_path: Path) -> None:
    def echo(request: dict[str, Any]) -> Answer:
        return Answer(text=request["messages"][-1]["content"], delay=0.05)

    with FakeOpenAIServer(echo, tools=False) as server:
        config = LLMConfig("m", base_url=server.url, api_key_env="POKERGYM_TEST_KEY", tools=False, backoff=0.01)
        client = LLMClient(config, ReplyCache(tmp_path / "c.sqlite"))
        batch = [[{"role": "user", "content": f"q{i}"}] for i in range(6)]
        server.queue(Answer(status=429))
        replies = client.complete_batch(batch, concurrency=3)
        assert [r.content if not isinstance(r, LLMError) else None for r in replies] == [f"q{i}" for i in range(6)]
        assert len(server.requests) == 7
        again = client.complete_batch(batch, concurrency=3)
        assert all(not isinstance(r, LLMError) and r.cached for r in again) and len(server.requests) == 7
        client.close()


def test_transcript_summary(server: FakeOpenAIServer, tmp_path: Path) -> None:
    agent = make_agent(server, tmp_path)
    server.queue(act("call"), Answer(text="???"), Answer(status=400))
    agent.act(facing_bet())
    agent.act(facing_bet())
    summary = summarize(tmp_path / "transcript.jsonl")
    assert (summary.decisions, summary.fallbacks, summary.fallback_rate) == (2, 1, 0.5)
    assert summary.tokens_in > 0 and summary.cost > 0
    assert summary.to_dict()["fallback_rate"] == 0.5
    assert passive_brain(server.requests[0]).arguments is not None


def test_transcript_file_exists_before_its_first_line(tmp_path: Path) -> None:
    path = tmp_path / "runs" / "llm.jsonl"
    Transcript(path)
    assert path.read_text() == "" and summarize(path).decisions == 0
