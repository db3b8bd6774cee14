"""Play the LLM skill agent against the rule-only skill agent in a duplicate match.

Against OpenAI (the key is read from the variable named by --api-key-env):

    export OPENAI_API_KEY=...
    python examples/llm_vs_rule.py --model gpt-4o-mini --pairs 20 \
        --price-in 0.15 --price-out 0.60 --cache runs/llm_cache.sqlite --transcript runs/llm.jsonl

Against a local OpenAI-compatible server (no key needed):

    vllm serve Qwen/Qwen2.5-7B-Instruct --enable-auto-tool-choice --tool-call-parser hermes   # port 8000
    python examples/llm_vs_rule.py --model Qwen/Qwen2.5-7B-Instruct --base-url http://localhost:8000/v1

    ollama serve & ollama pull qwen2.5:7b
    python examples/llm_vs_rule.py --model qwen2.5:7b --base-url http://localhost:11434/v1

The match runs on the arena's async backend: --concurrency blocks (default
8) play at once in one process, so that many requests wait on the server
together instead of one after another. Each block has --block-size pairs
(default 1; the two agents keep no memory between hands, so small blocks
cost nothing), and the result is the one the sequential backend gives for
the same seed and block size; --concurrency 1 asks one question at a time.

Servers without tool calling are detected (HTTP 400) and asked for JSON in
the text instead; --no-tools skips the attempt. Prices are dollars per
million tokens and only feed the cost estimate. With --cache, running the
same command again replays the match from disk: no requests, no cost, the
same result. The script prints the match result, the LLM's fallback rate,
its tokens and the estimated cost per hand, and writes everything as JSON
with --out. Without a key and without --base-url it says so on one line and
exits with status 2 before playing.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

from baselines.llm_skill import LLMSkillAgent, summarize
from baselines.rule_skill import RuleSkillAgent
from pokergym.arena import match
from pokergym.errors import ConfigError


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="gpt-4o-mini")
    parser.add_argument("--base-url", default=None, help="API root of a local server, e.g. http://localhost:8000/v1")
    parser.add_argument("--api-key-env", default="OPENAI_API_KEY", help="environment variable holding the key")
    parser.add_argument("--mode", choices=("skills", "default"), default="skills")
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--concurrency", type=int, default=8, help="blocks (and so requests) in flight at once")
    parser.add_argument("--block-size", type=int, default=1, help="pairs per block (blocks run concurrently)")
    parser.add_argument("--temperature", type=float, default=0.0)
    parser.add_argument("--reasoning-effort", default=None)
    parser.add_argument("--max-tokens", type=int, default=1024)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--retries", type=int, default=3)
    parser.add_argument("--backoff", type=float, default=1.0)
    parser.add_argument("--no-tools", action="store_true", help="ask for JSON in the text, not a tool call")
    parser.add_argument("--price-in", type=float, default=0.0, help="dollars per million prompt tokens")
    parser.add_argument("--price-out", type=float, default=0.0, help="dollars per million completion tokens")
    parser.add_argument("--cache", default=None, help="SQLite reply cache (replays cost nothing)")
    parser.add_argument("--transcript", default=None, help="JSON-lines transcript (default: a temporary file)")
    parser.add_argument("--out", default=None, help="write the result and the LLM summary as JSON here")
    return parser.parse_args(argv)


def make_llm(args: argparse.Namespace, transcript: str) -> LLMSkillAgent:
    """The LLM agent the options describe.

    Raises:
        ConfigError: when no key is set and no --base-url given, or an option is out of range.
    """
    return LLMSkillAgent(
        model=args.model,
        base_url=args.base_url,
        api_key_env=args.api_key_env,
        mode=args.mode,
        temperature=args.temperature,
        reasoning_effort=args.reasoning_effort,
        max_tokens=args.max_tokens,
        timeout=args.timeout,
        retries=args.retries,
        backoff=args.backoff,
        tools=not args.no_tools,
        cache=args.cache,
        transcript=transcript,
        price_in=args.price_in,
        price_out=args.price_out,
    )


def run(argv: list[str] | None = None) -> dict[str, Any]:
    """Play the match the command line asks for, print its summary and return the report.

    Raises:
        SystemExit: with status 2 and a one-line message, before playing, when
            the agent cannot be made (no key and no --base-url, a bad option).
    """
    args = parse_args(argv)
    # A fresh folder, made by the agent's transcript only once the agent could be made.
    temporary = Path(tempfile.gettempdir(), f"pokergym-llm-{uuid.uuid4().hex[:12]}", "transcript.jsonl")
    transcript = args.transcript or str(temporary)
    try:
        llm = make_llm(args, transcript)
    except ConfigError as exc:
        print(f"llm_vs_rule: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    try:
        result = match(
            llm,
            RuleSkillAgent(),
            pairs=args.pairs,
            seed=args.seed,
            backend="async",
            concurrency=args.concurrency,
            block_size=args.block_size,
        )
    finally:
        llm.close()
    usage = summarize(transcript)
    report = {
        "match": result.to_dict(),
        "llm": usage.to_dict(),
        "cost_per_hand": usage.cost / result.hands if result.hands else 0.0,
        "transcript": transcript,
    }
    print(result.summary())
    print(
        f"LLM decisions: {usage.decisions} in {usage.hands} hands; fallbacks {usage.fallbacks} "
        f"({usage.fallback_rate:.1%}); repaired {usage.repaired}; cache hits {usage.cache_hits}"
    )
    print(
        f"tokens: {usage.tokens_in} in / {usage.tokens_out} out; estimated cost ${usage.cost:.4f} "
        f"(${report['cost_per_hand']:.5f} per hand); mean latency {usage.mean_latency:.2f} s"
    )
    print(f"transcript: {transcript}")
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=2))
    return report


if __name__ == "__main__":
    run(sys.argv[1:])
