"""A PokerSkill agent whose postflop decisions come from a language model.

:class:`LLMSkillAgent` plays the preflop range tables and, after the flop,
sends the PokerSkill prompt (:func:`pokergym.context.prompt.prompt`) to any
OpenAI-compatible chat endpoint: OpenAI, or a local vLLM, Ollama or
llama.cpp server. The parts can be used on their own:

* :mod:`~baselines.llm_skill.client`: :class:`LLMClient` (sync and async,
  retries with backoff, per-decision deadline, tool calling with a text fallback);
* :mod:`~baselines.llm_skill.parse`: :func:`parse_reply`, the action grounding
  of the PokerSkill release;
* :mod:`~baselines.llm_skill.cache`: :class:`ReplyCache`, replies on disk;
* :mod:`~baselines.llm_skill.transcript`: JSON-lines transcripts and :func:`summarize`.

Example:
    >>> from pokergym.engine import HandState
    >>> view = HandState.new(deck=tuple(range(9)), button=0).view(0)
    >>> str(parse_reply('{"action": "raise", "amount": 2.5}', None, view).action)
    'raise to 250'
"""

from baselines.llm_skill.agent import PREFLOP_MODES, LLMSkillAgent
from baselines.llm_skill.cache import ReplyCache, cache_key
from baselines.llm_skill.client import LLMClient, LLMConfig, LLMError, Reply
from baselines.llm_skill.parse import (
    ANSWER_TOOL,
    Decision,
    MalformedReplyError,
    conservative_action,
    find_answer,
    parse_reply,
)
from baselines.llm_skill.transcript import Transcript, TranscriptSummary, estimate_cost, summarize

__all__ = [
    "ANSWER_TOOL",
    "PREFLOP_MODES",
    "Decision",
    "LLMClient",
    "LLMConfig",
    "LLMError",
    "LLMSkillAgent",
    "MalformedReplyError",
    "Reply",
    "ReplyCache",
    "Transcript",
    "TranscriptSummary",
    "cache_key",
    "conservative_action",
    "estimate_cost",
    "find_answer",
    "parse_reply",
    "summarize",
]
