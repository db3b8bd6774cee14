"""A small wrapper around the ``openai`` client for any OpenAI-compatible chat endpoint.

:class:`LLMClient` sends chat messages to ``POST {base_url}/chat/completions``
(OpenAI itself, or a local vLLM, Ollama or llama.cpp server) and returns a
:class:`Reply` with the text, the tool-call arguments, the token counts and
the latency. It adds what a long match needs on top of the ``openai``
package:

* **Retries** on connection errors, timeouts, HTTP 429 and 5xx, and on
  malformed replies with status 200 (a body that is not a chat completion:
  HTML, broken JSON, no choices, no message, neither text nor tool call;
  or one the caller's ``check`` refuses), with exponential backoff
  (``backoff * 2**k`` seconds), within a per-decision ``deadline`` that
  bounds the whole exchange; other errors (400, 401, 404 ...) are not
  retried. The ``openai`` package's own retries are switched off so the two
  do not multiply. When the attempts run out, :class:`LLMError` says why,
  and its :attr:`~LLMError.fault` tells a malformed reply from a failed request.
* **Structured output** by tool calling (:data:`~baselines.llm_skill.parse.ANSWER_TOOL`,
  forced with ``tool_choice``). When a server rejects the tool request
  (HTTP 400) the client drops tools for the rest of its life and asks for
  JSON in the text instead.
* **A reply cache** (:class:`~baselines.llm_skill.cache.ReplyCache`): a
  request seen before is answered from disk without any network traffic.
* **The API key** is read from an environment variable and never stored in
  replies, errors or transcripts; local servers that need no key get a
  placeholder when the variable is unset and ``base_url`` is given. A client
  with neither is refused when it is made (:class:`~pokergym.errors.ConfigError`),
  before any match can start.

Both a synchronous (:meth:`LLMClient.complete`) and an asynchronous
(:meth:`LLMClient.acomplete`) path exist; :meth:`LLMClient.complete_batch`
runs many requests concurrently with a bound.

Example:
    >>> config = LLMConfig(model="qwen2.5:7b", base_url="http://localhost:11434/v1", retries=2)
    >>> config.request_params()
    {'temperature': 0.0, 'max_tokens': 1024}
    >>> LLMConfig(model="o4-mini", reasoning_effort="high", temperature=None).request_params()
    {'reasoning_effort': 'high', 'max_completion_tokens': 1024}
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

from baselines.llm_skill.cache import ReplyCache, cache_key
from baselines.llm_skill.parse import ANSWER_TOOL, MalformedReplyError
from pokergym.errors import ConfigError, PokerGymError

if TYPE_CHECKING:  # the client library is the optional 'llm' extra, imported where it is used
    import openai

__all__ = ["Fault", "LLMClient", "LLMConfig", "LLMError", "Message", "Reply", "ReplyCheck"]

Message = Mapping[str, Any]
"""A chat message: ``{"role": ..., "content": ...}``."""

Fault = Literal["api_error", "malformed_reply"]
"""Why a request failed: ``"api_error"`` (no reply: connection, timeout, HTTP
error) or ``"malformed_reply"`` (status 200 with no usable answer)."""

_NO_KEY: Final = "no-key-needed"
_MAX_SLEEP: Final = 30.0
_RETRY_STATUS: Final = 500
_PREVIEW: Final = 80


class LLMError(PokerGymError):
    """Every attempt of a request failed (or the deadline passed).

    Attributes:
        attempts: HTTP requests made.
        latency: seconds spent, sleeps included.
        fault: ``"api_error"`` or ``"malformed_reply"``, after the last attempt.
    """

    def __init__(self, message: str, attempts: int, latency: float, fault: Fault = "api_error") -> None:
        super().__init__(message)
        self.attempts = attempts
        self.latency = latency
        self.fault: Fault = fault


@dataclass(frozen=True, slots=True)
class LLMConfig:
    """Where and how to ask the model.

    Attributes:
        model: the model name the server knows.
        base_url: the API root, e.g. ``http://localhost:8000/v1``; ``None`` for OpenAI.
        api_key_env: the environment variable holding the API key.
        temperature: sampling temperature; ``None`` leaves the server's default
            (reasoning models accept no other).
        reasoning_effort: ``"low"``, ``"medium"``, ``"high"`` ... for reasoning
            models; ``None`` sends nothing.
        max_tokens: the reply's token limit (sent as ``max_completion_tokens``
            with a reasoning effort, as ``max_tokens`` otherwise); ``None`` for no limit.
        timeout: seconds per HTTP request.
        retries: extra attempts after a retryable failure.
        backoff: the first retry's delay in seconds; it doubles each time.
        deadline: seconds for the whole exchange of one request, retries included.
        tools: ask for a tool call; ``False`` asks for JSON in the text.
    """

    model: str
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    temperature: float | None = 0.0
    reasoning_effort: str | None = None
    max_tokens: int | None = 1024
    timeout: float = 60.0
    retries: int = 3
    backoff: float = 1.0
    deadline: float = 180.0
    tools: bool = True

    def __post_init__(self) -> None:
        if not self.model:
            raise ConfigError("an LLM model name is required")
        if not (0 < self.timeout < math.inf and 0 < self.deadline < math.inf):
            raise ConfigError(f"timeout and deadline must be positive seconds, got {self.timeout} and {self.deadline}")
        if self.retries < 0 or not 0 <= self.backoff < math.inf:
            raise ConfigError(f"retries and backoff must be >= 0, got {self.retries} and {self.backoff}")
        if self.temperature is not None and not 0 <= self.temperature < math.inf:
            raise ConfigError(f"temperature must be a non-negative number or None, got {self.temperature}")
        if self.max_tokens is not None and (isinstance(self.max_tokens, bool) or not self.max_tokens >= 1):
            raise ConfigError(f"max_tokens must be a positive integer or None, got {self.max_tokens}")

    def request_params(self) -> dict[str, Any]:
        """The sampling parameters sent with every request (and hashed into cache keys)."""
        params: dict[str, Any] = {}
        if self.temperature is not None:
            params["temperature"] = self.temperature
        if self.reasoning_effort is not None:
            params["reasoning_effort"] = self.reasoning_effort
        if self.max_tokens is not None:
            params["max_completion_tokens" if self.reasoning_effort else "max_tokens"] = self.max_tokens
        return params


@dataclass(frozen=True, slots=True)
class Reply:
    """A model's answer to one request.

    Attributes:
        content: the message text (``None`` when the model only called the tool).
        tool_arguments: the JSON arguments of the first tool call, if any.
        tokens_in: prompt tokens the server counted (0 when it reports none).
        tokens_out: completion tokens.
        latency: seconds from the first attempt to the answer (0 from the cache).
        attempts: HTTP requests made (0 from the cache).
        cached: whether the reply came from the cache.
    """

    content: str | None
    tool_arguments: str | None
    tokens_in: int
    tokens_out: int
    latency: float = 0.0
    attempts: int = 0
    cached: bool = False

    def to_cache(self) -> dict[str, Any]:
        """The fields worth storing: text, tool arguments and token counts."""
        return {
            "content": self.content,
            "tool_arguments": self.tool_arguments,
            "tokens_in": self.tokens_in,
            "tokens_out": self.tokens_out,
        }

    @classmethod
    def from_cache(cls, data: Mapping[str, Any]) -> Reply:
        """A cached reply: latency and attempts 0, ``cached`` true."""
        return cls(data["content"], data["tool_arguments"], data["tokens_in"], data["tokens_out"], cached=True)


def _retryable(exc: Exception) -> bool:
    import openai

    if isinstance(exc, openai.APIConnectionError | openai.RateLimitError):
        return True
    return isinstance(exc, openai.APIStatusError) and exc.status_code >= _RETRY_STATUS


ReplyCheck = Callable[[Reply], object]
"""A test of a reply's answer that raises :class:`~baselines.llm_skill.parse.MalformedReplyError` to refuse it."""


def _preview(value: object) -> str:
    text = repr(value)
    return text if len(text) <= _PREVIEW else f"{text[:_PREVIEW]}..."


def _count(usage: object, name: str) -> int:
    value = getattr(usage, name, None)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _arguments(message: object) -> str | None:
    """The arguments of the message's first tool call that has text arguments."""
    calls = getattr(message, "tool_calls", None)
    for call in calls if isinstance(calls, list) else []:
        arguments = getattr(getattr(call, "function", None), "arguments", None)
        if isinstance(arguments, str):
            return arguments
    return None


def _reply_of(completion: object, latency: float, attempts: int) -> Reply:
    """The reply in a decoded completion body.

    The body is checked, not trusted: the ``openai`` package builds it without
    validation, and returns the raw text when the server did not send JSON.

    Raises:
        MalformedReplyError: when the body has no choice with a message, or
            the message has neither text nor a tool call.
    """
    choices = getattr(completion, "choices", None)
    if not isinstance(choices, list) or not choices:
        raise MalformedReplyError(f"the reply holds no choices: {_preview(completion)}")
    message = getattr(choices[0], "message", None)
    if message is None:
        raise MalformedReplyError(f"the reply's first choice holds no message: {_preview(choices[0])}")
    content = getattr(message, "content", None)
    content = content if isinstance(content, str) else None
    arguments = _arguments(message)
    if not content and arguments is None:
        raise MalformedReplyError(f"the reply's message holds neither text nor a tool call: {_preview(message)}")
    usage = getattr(completion, "usage", None)
    return Reply(
        content, arguments, _count(usage, "prompt_tokens"), _count(usage, "completion_tokens"), latency, attempts
    )


def _undecodable(exc: Exception) -> MalformedReplyError:
    """A body the ``openai`` package could not decode (e.g. truncated JSON), as a malformed reply."""
    return MalformedReplyError(f"the reply body could not be decoded: {type(exc).__name__}: {exc}")


def _checked(reply: Reply, check: ReplyCheck | None) -> Reply:
    """``reply``, once ``check`` (if any) accepted it.

    Raises:
        MalformedReplyError: when ``check`` refuses the reply.
    """
    if check is not None:
        check(reply)
    return reply


class LLMClient:
    """Chat completions with retries, a deadline, tool calling and a cache.

    The ``openai`` clients are created on first use and dropped when the
    object is copied or pickled, so an agent holding an :class:`LLMClient`
    can be deep-copied by the arena or sent to a worker process.

    Args:
        config: the endpoint, model and limits.
        cache: a reply cache, or ``None`` for none.

    Attributes:
        config: the endpoint, model and limits.
        cache: the reply cache, if any.
        tools_supported: ``False`` once the server has rejected a tool request.
        requests: HTTP requests made by this object.
    """

    def __init__(self, config: LLMConfig, cache: ReplyCache | None = None) -> None:
        if importlib.util.find_spec("openai") is None:
            raise ConfigError("the llm agent needs the openai client library: pip install 'pokergym[llm]'")
        self.config = config
        self._api_key()  # refuse a client that could never send a request, before any match starts
        self.cache = cache
        self.tools_supported = config.tools
        self.requests = 0
        self._sync: openai.OpenAI | None = None
        self._async: openai.AsyncOpenAI | None = None

    # ------------------------------------------------------------ plumbing
    def check_ready(self) -> None:
        """Check that a request could be authorised (no request is sent).

        Raises:
            ConfigError: when no API key is available.
        """
        self._api_key()

    def _api_key(self) -> str:
        key = os.environ.get(self.config.api_key_env, "")
        if key:
            return key
        if self.config.base_url is not None:
            return _NO_KEY
        raise ConfigError(
            f"no API key: set the environment variable {self.config.api_key_env} (or give base_url for a local server)"
        )

    def _scrub(self, exc: Exception) -> str:
        """``exc`` as text with the API key, if it ever appears, masked."""
        text = f"{type(exc).__name__}: {exc}"
        key = os.environ.get(self.config.api_key_env, "")
        return text.replace(key, "***") if key else text

    def _request(self, messages: Sequence[Message]) -> dict[str, Any]:
        params: dict[str, Any] = {"model": self.config.model, "messages": list(messages)}
        params.update(self.config.request_params())
        if self.tools_supported:
            params["tools"] = [ANSWER_TOOL]
            params["tool_choice"] = {"type": "function", "function": {"name": ANSWER_TOOL["function"]["name"]}}
        return params

    def _key(self, messages: Sequence[Message]) -> str:
        return cache_key(self.config.model, messages, self.config.request_params())

    def _cached(self, messages: Sequence[Message], check: ReplyCheck | None) -> tuple[str | None, Reply | None]:
        """The cache key and the cached reply (``None`` when absent or refused by ``check``)."""
        if self.cache is None:
            return None, None
        key = self._key(messages)
        stored = self.cache.get(key)
        if stored is None:
            return key, None
        reply = Reply.from_cache(stored)
        try:
            _checked(reply, check)
        except MalformedReplyError:
            return key, None
        return key, reply

    def _store(self, key: str | None, reply: Reply) -> None:
        if self.cache is not None and key is not None:
            self.cache.put(key, reply.to_cache())

    def _wait(self, attempt: int, start: float) -> float | None:
        """Seconds to sleep before retry number ``attempt`` (1-based), or ``None`` to give up."""
        if attempt > self.config.retries:
            return None
        delay = min(self.config.backoff * 2.0 ** (attempt - 1), _MAX_SLEEP)
        if time.perf_counter() - start + delay >= self.config.deadline:
            return None
        return delay

    def _timeout(self, start: float) -> float:
        return max(0.001, min(self.config.timeout, self.config.deadline - (time.perf_counter() - start)))

    def _drop_tools(self, exc: Exception) -> bool:
        """Whether ``exc`` is a rejected tool request (then tools are switched off)."""
        import openai

        if self.tools_supported and isinstance(exc, openai.BadRequestError):
            self.tools_supported = False
            return True
        return False

    def _retry_delay(self, exc: Exception, attempts: int, start: float) -> float:
        """Seconds to wait before the next attempt after ``exc`` (0: at once, tools now off).

        Raises:
            LLMError: when ``exc`` is not worth retrying or the deadline leaves no room.
        """
        if self._drop_tools(exc):
            return 0.0
        malformed = isinstance(exc, MalformedReplyError)
        delay = self._wait(attempts, start) if malformed or _retryable(exc) else None
        if delay is None:
            fault: Fault = "malformed_reply" if malformed else "api_error"
            raise LLMError(self._scrub(exc), attempts, time.perf_counter() - start, fault) from None
        return delay

    # ------------------------------------------------------------ sync
    def complete(self, messages: Sequence[Message], check: ReplyCheck | None = None) -> Reply:
        """Send ``messages`` and return the model's reply (from the cache when known).

        Args:
            messages: the conversation.
            check: called on each reply; when it raises
                :class:`~baselines.llm_skill.parse.MalformedReplyError` the
                reply is refused and the request retried, like a malformed
                body. Only accepted replies are cached or returned.

        Raises:
            LLMError: when every attempt failed, a non-retryable error came
                back, or the deadline passed; the message never holds the API key.
            ConfigError: when no API key is available.
        """
        import openai

        key, hit = self._cached(messages, check)
        if hit is not None:
            return hit
        if self._sync is None:
            self._sync = openai.OpenAI(api_key=self._api_key(), base_url=self.config.base_url, max_retries=0)
        start = time.perf_counter()
        attempts = 0
        while True:
            attempts += 1
            self.requests += 1
            try:
                try:
                    completion = self._sync.chat.completions.create(
                        **self._request(messages), timeout=self._timeout(start)
                    )
                except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                    raise _undecodable(exc) from exc
                reply = _checked(_reply_of(completion, time.perf_counter() - start, attempts), check)
            except (openai.OpenAIError, MalformedReplyError) as exc:
                delay = self._retry_delay(exc, attempts, start)
                if delay:
                    time.sleep(delay)
                continue
            self._store(key, reply)
            return reply

    # ------------------------------------------------------------ async
    async def acomplete(self, messages: Sequence[Message], check: ReplyCheck | None = None) -> Reply:
        """The asynchronous form of :meth:`complete` (same retries, check, deadline and cache).

        Raises:
            LLMError: as :meth:`complete`.
            ConfigError: as :meth:`complete`.
        """
        import openai

        key, hit = self._cached(messages, check)
        if hit is not None:
            return hit
        if self._async is None:
            self._async = openai.AsyncOpenAI(api_key=self._api_key(), base_url=self.config.base_url, max_retries=0)
        start = time.perf_counter()
        attempts = 0
        while True:
            attempts += 1
            self.requests += 1
            try:
                try:
                    completion = await self._async.chat.completions.create(
                        **self._request(messages), timeout=self._timeout(start)
                    )
                except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                    raise _undecodable(exc) from exc
                reply = _checked(_reply_of(completion, time.perf_counter() - start, attempts), check)
            except (openai.OpenAIError, MalformedReplyError) as exc:
                delay = self._retry_delay(exc, attempts, start)
                if delay:
                    await asyncio.sleep(delay)
                continue
            self._store(key, reply)
            return reply

    def complete_batch(self, batch: Sequence[Sequence[Message]], concurrency: int = 4) -> list[Reply | LLMError]:
        """Send many requests, at most ``concurrency`` at a time; results in input order.

        A request that fails yields its :class:`LLMError` in place of a reply.
        Runs its own event loop (do not call it from inside one).
        """
        if concurrency < 1:
            raise ConfigError(f"concurrency must be >= 1, got {concurrency}")

        async def run() -> list[Reply | LLMError]:
            gate = asyncio.Semaphore(concurrency)

            async def one(messages: Sequence[Message]) -> Reply | LLMError:
                async with gate:
                    try:
                        return await self.acomplete(messages)
                    except LLMError as exc:
                        return exc

            try:
                return list(await asyncio.gather(*(one(m) for m in batch)))
            finally:
                await self.aclose()

        return asyncio.run(run())

    # ------------------------------------------------------------ life cycle
    def close(self) -> None:
        """Close the synchronous HTTP client and the cache (both reopen on use)."""
        if self._sync is not None:
            self._sync.close()
            self._sync = None
        if self.cache is not None:
            self.cache.close()

    async def aclose(self) -> None:
        """Close the asynchronous HTTP client (it reopens on use)."""
        if self._async is not None:
            await self._async.close()
            self._async = None

    def __getstate__(self) -> dict[str, Any]:
        return {"config": self.config, "cache": self.cache, "tools_supported": self.tools_supported, "requests": 0}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.config = state["config"]
        self.cache = state["cache"]
        self.tools_supported = state["tools_supported"]
        self.requests = state["requests"]
        self._sync = None
        self._async = None

    def __repr__(self) -> str:
        """E.g. ``LLMClient(model='gpt-4o-mini', base_url=None)``; never shows the key."""
        return f"LLMClient(model={self.config.model!r}, base_url={self.config.base_url!r})"
