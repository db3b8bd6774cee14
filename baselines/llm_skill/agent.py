"""The PokerSkill agent with a language model behind any OpenAI-compatible endpoint.

Example (against a server on this machine; no network is used here):
    >>> agent = LLMSkillAgent(model="qwen2.5:7b", base_url="http://localhost:11434/v1")
    >>> agent.name, agent.mode, agent.preflop, agent.client
    ('llm', 'skills', 'table', LLMClient(model='qwen2.5:7b', base_url='http://localhost:11434/v1'))
"""

from __future__ import annotations

import copy
import time
import uuid
from collections import Counter
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from baselines.llm_skill.cache import ReplyCache
from baselines.llm_skill.client import Fault, LLMClient, LLMConfig, LLMError, Message, Reply
from baselines.llm_skill.parse import Decision, parse_reply
from baselines.llm_skill.transcript import Transcript, estimate_cost
from baselines.policy import legal_of
from pokergym.agents import Action, BaseAgent, PlayerView, Street
from pokergym.context.preflop import NoPreflopTableError, preflop_decision
from pokergym.context.prompt import PromptMode, prompt
from pokergym.errors import ConfigError

__all__ = ["PREFLOP_MODES", "LLMSkillAgent"]

PREFLOP_MODES: Final = ("table", "llm")
"""How :class:`LLMSkillAgent` plays before the flop."""

_MODES: Final = ("skills", "default")


@dataclass(frozen=True, slots=True)
class _Question:
    """A model decision being asked: the view, the messages added for it and the whole request."""

    view: PlayerView
    added: list[Message]
    messages: list[Message]
    prompt_ms: float

    def check(self, reply: Reply) -> Decision:
        """The decision ``reply`` gives in this view.

        Raises:
            MalformedReplyError: when the reply's bet amount is unusable (the client then asks again).
        """
        return parse_reply(reply.content, reply.tool_arguments, self.view)


def _sendable(text: str) -> str:
    """``text`` with each lone surrogate (JSON may carry one) replaced by U+FFFD, so that it can be sent again.

    Example:
        >>> _sendable("ok " + chr(0xD800) + "!") == "ok \N{REPLACEMENT CHARACTER}!"
        True
    """
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


class LLMSkillAgent(BaseAgent):
    """A language model choosing actions from the PokerSkill prompt.

    **Preflop** (``preflop="table"``, the paper's setting) the agent draws
    from the range table of its spot, exactly as
    :class:`~baselines.rule_skill.RuleSkillAgent` does with the same
    generator, so the two make identical preflop choices; only spots without
    a table (``deep_default``) go to the model. With ``preflop="llm"`` every
    preflop decision goes to the model.

    **Model decisions** send :func:`~pokergym.context.prompt.prompt` of the
    view (``mode="skills"``, or ``"default"`` for the paper's default-prompt
    ablation). Within a hand the conversation is kept: the first request has
    the system and user messages, each later one adds the model's previous
    answer and the new user message. :meth:`reset` (a new hand) starts a new
    conversation. The reply is read and made legal by
    :func:`~baselines.llm_skill.parse.parse_reply`. A reply with status 200
    that holds no usable answer (HTML, broken JSON, no choices or message,
    neither text nor tool call, a bet of ``NaN``, ``1e400`` or ``-5`` big
    blinds) is asked again like a server error. When the request still fails
    after all retries, the agent checks, else calls, else folds; the
    fallback is counted by its reason and its transcript line names the
    fault and the error. No reply, however broken, makes :meth:`act` raise.

    Counters cover the agent object's lifetime (the arena plays with deep
    copies, so for match totals read the transcript with
    :func:`~baselines.llm_skill.transcript.summarize`).

    Deep copies share the client, the cache and the transcript file; pickled
    copies (the arena's ``"process"`` and ``"ray"`` backends) open their own
    HTTP connection, so blocks of a match query the server in parallel. The
    agent is also an :class:`~pokergym.agents.base.AsyncAgent`: the arena's
    ``"async"`` backend awaits :meth:`act_async`, which sends the same request
    through the asynchronous client, so many hands wait for their replies at
    once in one process, and :meth:`aclose` closes that client before the
    event loop goes. Every transcript line names its hand (a random id per
    hand) and carries the agent's hole cards and the board, so lines stay
    attributable when hands interleave.

    Args:
        model: the model name the server knows.
        base_url: the API root, e.g. ``http://localhost:8000/v1`` (vLLM) or
            ``http://localhost:11434/v1`` (Ollama); none means OpenAI.
        api_key_env: the environment variable that holds the API key.
        mode: ``skills`` (PokerSkill prompt) or ``default`` (state and legal actions only).
        preflop: ``table`` (range tables, the model only where none applies) or ``llm``.
        temperature: sampling temperature; none for the server's default.
        reasoning_effort: reasoning effort for models that take one (low, medium, high).
        max_tokens: the reply's token limit; none for no limit.
        timeout: seconds per HTTP request.
        retries: extra attempts after a connection error, timeout, 429 or 5xx.
        backoff: seconds before the first retry (doubling after).
        deadline: seconds for one decision's whole exchange.
        tools: ask for a tool call (JSON schema); false asks for JSON in the text.
        cache: an SQLite file of replies; a replayed match is then free and identical.
        transcript: a JSON-lines file receiving one record per model decision.
        price_in: dollars per million prompt tokens, for the cost estimate.
        price_out: dollars per million completion tokens, for the cost estimate.
        name: display name.

    Raises:
        ConfigError: for an unknown mode or preflop setting, a negative price,
            a bad client setting, or when ``api_key_env`` is unset and no
            ``base_url`` is given (the agent could never ask the model).

    Attributes:
        client: the :class:`~baselines.llm_skill.client.LLMClient` (shared by deep copies).
        decisions: decisions taken by :meth:`act`.
        model_decisions: decisions that went to the model.
        fallbacks: model decisions played by the last-resort rule, by reason
            (``"unparsed"``: no action in the reply; ``"api_error"``: the
            request failed; ``"malformed_reply"``: every reply was malformed).
        outcomes: model decisions by outcome (``"valid"``, ``"repaired"``, ``"fallback"``).
        tokens_in: prompt tokens used.
        tokens_out: completion tokens used.
        cost: estimated dollars.
    """

    name = "llm"
    reproducible = False  # the replies come from a model endpoint (a reply cache replays them)

    def __init__(
        self,
        *,
        model: str = "gpt-4o-mini",
        base_url: str | None = None,
        api_key_env: str = "OPENAI_API_KEY",
        mode: str = "skills",
        preflop: str = "table",
        temperature: float | None = 0.0,
        reasoning_effort: str | None = None,
        max_tokens: int | None = 1024,
        timeout: float = 60.0,
        retries: int = 3,
        backoff: float = 1.0,
        deadline: float = 180.0,
        tools: bool = True,
        cache: str | None = None,
        transcript: str | None = None,
        price_in: float = 0.0,
        price_out: float = 0.0,
        name: str | None = None,
    ) -> None:
        super().__init__(name)
        if mode not in _MODES:
            raise ConfigError(f"mode must be one of {', '.join(_MODES)}; got {mode!r}")
        if preflop not in PREFLOP_MODES:
            raise ConfigError(f"preflop must be one of {', '.join(PREFLOP_MODES)}; got {preflop!r}")
        if price_in < 0 or price_out < 0:
            raise ConfigError(f"prices must be >= 0, got {price_in} and {price_out}")
        config = LLMConfig(
            model=model,
            base_url=base_url,
            api_key_env=api_key_env,
            temperature=temperature,
            reasoning_effort=reasoning_effort,
            max_tokens=max_tokens,
            timeout=timeout,
            retries=retries,
            backoff=backoff,
            deadline=deadline,
            tools=tools,
        )
        self.mode: PromptMode = "skills" if mode == "skills" else "default"
        self.preflop = preflop
        self.price_in = float(price_in)
        self.price_out = float(price_out)
        self.client = LLMClient(config, ReplyCache(cache) if cache else None)
        self.transcript = Transcript(transcript) if transcript else None
        self.decisions = 0
        self.model_decisions = 0
        self.fallbacks: Counter[str] = Counter()
        self.outcomes: Counter[str] = Counter()
        self.tokens_in = 0
        self.tokens_out = 0
        self.cost = 0.0
        self._conversation: list[Message] = []
        self._hand = ""

    # ------------------------------------------------------------ agent protocol
    def reset(self, seat: int, rng: np.random.Generator) -> None:
        """Start a new hand: remember seat and generator, forget the conversation."""
        super().reset(seat, rng)
        self._conversation = []
        self._hand = uuid.uuid4().hex[:16]

    def act(self, view: PlayerView) -> Action:
        """Play the preflop table or ask the model (see the class docstring).

        Raises:
            AgentError: if it is not this seat's turn.
            ConfigError: if the API key's environment variable is unset for OpenAI.
        """
        question = self._question(view)
        if isinstance(question, Action):
            return question
        try:
            outcome: Reply | LLMError = self.client.complete(question.messages, question.check)
        except LLMError as exc:
            outcome = exc
        return self._answer(question, outcome)

    async def act_async(self, view: PlayerView) -> Action:
        """:meth:`act` with the request awaited: the same action for the same reply.

        Raises:
            AgentError: if it is not this seat's turn.
            ConfigError: if the API key's environment variable is unset for OpenAI.
        """
        question = self._question(view)
        if isinstance(question, Action):
            return question
        try:
            outcome: Reply | LLMError = await self.client.acomplete(question.messages, question.check)
        except LLMError as exc:
            outcome = exc
        return self._answer(question, outcome)

    def check_ready(self) -> None:
        """Check, before a match, that the endpoint can be asked (no request is sent).

        Raises:
            ConfigError: if the API key's environment variable is unset for OpenAI.
        """
        self.client.check_ready()

    def close(self) -> None:
        """Close the HTTP connection and the cache (both reopen when needed)."""
        self.client.close()

    async def aclose(self) -> None:
        """Close the asynchronous HTTP connection of the running event loop (it reopens when needed)."""
        await self.client.aclose()

    @property
    def fallback_rate(self) -> float:
        """Fallbacks per model decision (0 before any)."""
        return self.fallbacks.total() / self.model_decisions if self.model_decisions else 0.0

    # ------------------------------------------------------------ the model
    def _question(self, view: PlayerView) -> Action | _Question:
        """The preflop table's action, or the request to send to the model."""
        legal_of(view)
        self.decisions += 1
        if view.street == Street.PREFLOP and self.preflop == "table":
            try:
                return preflop_decision(view, self.rng)
            except NoPreflopTableError:
                pass
        started = time.perf_counter()
        built = prompt(view, mode=self.mode)
        prompt_ms = (time.perf_counter() - started) * 1e3
        added: list[Message] = (
            [{"role": "user", "content": built.user}] if self._conversation else list(built.messages())
        )
        return _Question(view, added, [*self._conversation, *added], prompt_ms)

    def _answer(self, question: _Question, outcome: Reply | LLMError) -> Action:
        """Read the model's reply (or note the failed request) and choose the action."""
        reply = outcome if isinstance(outcome, Reply) else None
        fault = outcome.fault if isinstance(outcome, LLMError) else None
        decision = question.check(reply) if reply else parse_reply(None, None, question.view)
        if reply is not None:
            answer = _sendable(reply.tool_arguments or reply.content or "")
            self._conversation = [*question.messages, {"role": "assistant", "content": answer}]
        self._count(decision, reply, fault)
        if self.transcript is not None:
            self.transcript.write(self._record(question, decision, outcome))
        return decision.action

    def _count(self, decision: Decision, reply: Reply | None, fault: Fault | None) -> None:
        self.model_decisions += 1
        self.outcomes[decision.outcome] += 1
        if decision.fallback:
            self.fallbacks[fault or "unparsed"] += 1
        if reply is not None and not reply.cached:
            self.tokens_in += reply.tokens_in
            self.tokens_out += reply.tokens_out
            self.cost += estimate_cost(reply.tokens_in, reply.tokens_out, self.price_in, self.price_out)

    def _record(self, question: _Question, decision: Decision, outcome: Reply | LLMError) -> dict[str, Any]:
        view = question.view
        reply = outcome if isinstance(outcome, Reply) else None
        tokens_in = reply.tokens_in if reply else 0
        tokens_out = reply.tokens_out if reply else 0
        cached = reply.cached if reply else False
        return {
            "hand": self._hand,
            "agent": self.name,
            "model": self.client.config.model,
            "mode": self.mode,
            "seat": view.seat,
            "hole": list(view.hole),
            "board": list(view.board),
            "street": Street(view.street).name.lower(),
            "messages": question.added,
            "context_messages": len(question.messages),
            "reply": {"content": reply.content, "tool_arguments": reply.tool_arguments} if reply else None,
            "action": str(decision.action),
            "requested": decision.requested,
            "amount_bb": decision.amount_bb,
            "reasoning": decision.reasoning,
            "source": decision.source,
            "outcome": decision.outcome,
            "repairs": list(decision.repairs),
            "fallback": decision.fallback,
            "error": str(outcome) if isinstance(outcome, LLMError) else None,
            "fault": outcome.fault if isinstance(outcome, LLMError) else None,
            "tokens_in": tokens_in,
            "tokens_out": tokens_out,
            "latency": round(outcome.latency, 6),
            "attempts": outcome.attempts,
            "cached": cached,
            "cost": 0.0 if cached else estimate_cost(tokens_in, tokens_out, self.price_in, self.price_out),
            "prompt_ms": round(question.prompt_ms, 3),
        }

    # ------------------------------------------------------------ copies
    def __deepcopy__(self, memo: dict[int, Any]) -> LLMSkillAgent:
        """A copy with its own counters and conversation that shares the client, cache and transcript."""
        clone = copy.copy(self)
        clone.rng = copy.deepcopy(self.rng, memo)
        clone.fallbacks = Counter(self.fallbacks)
        clone.outcomes = Counter(self.outcomes)
        clone._conversation = list(self._conversation)
        return clone

    def __repr__(self) -> str:
        """E.g. ``LLMSkillAgent(name='llm', model='gpt-4o-mini', mode='skills')``."""
        return f"LLMSkillAgent(name={self.name!r}, model={self.client.config.model!r}, mode={self.mode!r})"
