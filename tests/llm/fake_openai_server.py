"""A tiny OpenAI-compatible chat server for tests, run in a background thread.

It implements ``POST /v1/chat/completions``: replies carry a tool call when the
request offered tools (and the server supports them), otherwise a JSON answer
in the text, always with a ``usage`` block. What it answers is scripted:
queued :class:`Answer` objects are used first, in order, then ``brain(request)``.
Every request body is kept in :attr:`FakeOpenAIServer.requests`.

:data:`FAULTS` holds replies that a broken server or model may send with
status 200: bodies that are not a chat completion (HTML, truncated JSON, no
choices, a null message or null content) and answers whose amount is not a
usable number (``"1e400"``, the literal ``1e400``, ``NaN``, ``-Infinity``, a
negative number, integers with 400 digits).

For concurrency tests the server counts the requests it is answering at once
(:attr:`FakeOpenAIServer.peak` is the most ever seen), and with ``hold=K`` it
keeps every request waiting until K have been in flight together (after
``hold_timeout`` seconds without that it stops holding): a client that really keeps K requests
outstanding reaches ``peak == K`` whatever the machine's speed, one that does
not stays below it.
"""

from __future__ import annotations

import contextlib
import json
import re
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Answer:
    """One scripted reply.

    ``arguments`` (a dict or a raw string) become a tool call when tools were
    offered and supported, else the text; ``text`` is always sent as text;
    ``status`` other than 200 sends an error body; ``delay`` sleeps first.
    ``body`` replaces the whole completion: a dict is sent as JSON, a string
    as it is, with ``content_type``.
    """

    arguments: dict[str, Any] | str | None = None
    text: str | None = None
    status: int = 200
    delay: float = 0.0
    body: dict[str, Any] | list[Any] | str | None = None
    content_type: str = "application/json"


def act(action: str, amount: float | None = None, reasoning: str = "scripted") -> Answer:
    return Answer({"action": action, "amount": amount, "reasoning": reasoning})


Brain = Callable[[dict[str, Any]], Answer]


def completion(message: object) -> dict[str, Any]:
    """A chat completion body whose only choice holds ``message`` as given."""
    choice = {"index": 0, "message": message, "finish_reason": "stop"}
    return {"id": "chatcmpl-raw", "object": "chat.completion", "created": 0, "model": "fake", "choices": [choice]}


def raise_with(amount: str) -> Answer:
    """A raise whose amount is the JSON text ``amount``, written into the arguments as it is."""
    return Answer(f'{{"action": "raise", "amount": {amount}, "reasoning": "scripted"}}')


_HUGE = "1" + "0" * 400

FAULTS: dict[str, Answer] = {
    "html": Answer(
        body="<!DOCTYPE html><html><body><h1>Welcome to nginx!</h1></body></html>", content_type="text/html"
    ),
    "html_as_json": Answer(body="<html><body>502 Bad Gateway</body></html>"),
    "truncated_json": Answer(body='{"id": "chatcmpl-1", "object": "chat.completion", "choices": [{"index": 0, "mess'),
    "empty_choices": Answer(body={"choices": []}),
    "null_message": Answer(body=completion(None)),
    "null_content": Answer(body=completion({"role": "assistant", "content": None})),
    "amount_string_1e400": raise_with('"1e400"'),
    "amount_literal_1e400": raise_with("1e400"),
    "amount_nan": raise_with("NaN"),
    "amount_minus_infinity": raise_with("-Infinity"),
    "amount_negative": raise_with("-5"),
    "amount_huge_integer_string": raise_with(f'"{_HUGE}"'),
    "amount_huge_integer": raise_with(_HUGE),
}
"""Replies with status 200 that hold no usable answer, by name."""

_LEGAL = re.compile(r"Legal actions: (.*)")


def last_user(request: dict[str, Any]) -> str:
    users = [m["content"] for m in request["messages"] if m["role"] == "user"]
    return str(users[-1]) if users else ""


def passive_brain(request: dict[str, Any]) -> Answer:
    """Check when free, else call (read from the prompt's legal-actions line)."""
    match = _LEGAL.search(last_user(request))
    legal = match.group(1) if match else ""
    return act("check" if "check" in legal else "call", reasoning="passive")


def betting_brain(request: dict[str, Any]) -> Answer:
    """Bet or raise to the minimum when it may, else check or call."""
    match = _LEGAL.search(last_user(request))
    legal = match.group(1) if match else ""
    sized = re.search(r"(?:bet|raise) to ([\d.]+)", legal)
    if sized:
        return act("raise", float(sized.group(1)), "minimum raise")
    return act("check" if "check" in legal else "call")


class FakeOpenAIServer:
    def __init__(
        self, brain: Brain = passive_brain, *, tools: bool = True, hold: int = 0, hold_timeout: float = 5.0
    ) -> None:
        self.brain = brain
        self.tools = tools
        self.hold = hold
        self.hold_timeout = hold_timeout
        self.script: deque[Answer] = deque()
        self.requests: list[dict[str, Any]] = []
        self.authorizations: list[str] = []
        self.in_flight = 0
        self.peak = 0
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                request = json.loads(self.rfile.read(length) or b"{}")
                if self.path.rstrip("/") != "/v1/chat/completions":
                    self._send(404, {"error": {"message": "not found"}})
                    return
                server.arrive()
                try:
                    status, body, delay, content_type = server.answer(request, self.headers.get("Authorization", ""))
                    if delay:
                        time.sleep(delay)
                finally:
                    server.leave()  # before replying: the client cannot have sent its next request yet
                with contextlib.suppress(OSError):  # the client may have given up (timeout)
                    self._send(status, body, content_type)

            def _send(
                self, status: int, body: dict[str, Any] | list[Any] | str, content_type: str = "application/json"
            ) -> None:
                data = (body if isinstance(body, str) else json.dumps(body)).encode()
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._http.daemon_threads = True
        self._thread = threading.Thread(target=self._http.serve_forever, args=(0.05,), daemon=True)

    @property
    def url(self) -> str:
        host, port = self._http.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def arrive(self) -> None:
        """Count a request in; with ``hold``, wait until ``hold`` requests were in flight together."""
        with self._changed:
            self.in_flight += 1
            self.peak = max(self.peak, self.in_flight)
            self._changed.notify_all()
            if not self._changed.wait_for(lambda: self.peak >= self.hold, timeout=self.hold_timeout):
                self.hold = 0  # never reached: stop holding, so a failing test fails quickly

    def leave(self) -> None:
        with self._changed:
            self.in_flight -= 1

    def queue(self, *answers: Answer) -> None:
        with self._lock:
            self.script.extend(answers)

    def answer(
        self, request: dict[str, Any], authorization: str
    ) -> tuple[int, dict[str, Any] | list[Any] | str, float, str]:
        with self._lock:
            self.requests.append(request)
            self.authorizations.append(authorization)
            scripted = self.script.popleft() if self.script else None
        offered = bool(request.get("tools"))
        if offered and not self.tools:
            error = {"error": {"message": "tools are not supported", "type": "invalid_request_error"}}
            return 400, error, 0.0, "application/json"
        answer = scripted if scripted is not None else self.brain(request)
        if answer.status != 200:
            error = {"error": {"message": f"scripted status {answer.status}", "type": "server_error"}}
            return answer.status, error, answer.delay, "application/json"
        if answer.body is not None:
            return 200, answer.body, answer.delay, answer.content_type
        message: dict[str, Any] = {"role": "assistant", "content": answer.text}
        arguments = answer.arguments
        if isinstance(arguments, dict):
            arguments = json.dumps(arguments)
        if arguments is not None and offered:
            message["tool_calls"] = [
                {
                    "id": f"call_{len(self.requests)}",
                    "type": "function",
                    "function": {"name": "choose_action", "arguments": arguments},
                }
            ]
        elif arguments is not None:
            message["content"] = f"{answer.text or 'My answer:'} {arguments}"
        prompt_chars = sum(len(str(m.get("content") or "")) for m in request["messages"])
        reply_chars = len(str(message.get("content") or "")) + len(arguments or "")
        body = {
            "id": f"chatcmpl-{len(self.requests)}",
            "object": "chat.completion",
            "created": 0,
            "model": request.get("model", "fake"),
            "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if offered else "stop"}],
            "usage": {
                "prompt_tokens": prompt_chars // 4,
                "completion_tokens": max(1, reply_chars // 4),
                "total_tokens": prompt_chars // 4 + max(1, reply_chars // 4),
            },
        }
        return 200, body, answer.delay, answer.content_type

    def __enter__(self) -> FakeOpenAIServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._http.shutdown()
        self._http.server_close()
        self._thread.join(timeout=5)
