"""``pokergym serve``: the local web app (Starlette, served by uvicorn; see :mod:`pokergym.web` for the choice).

Routes:

=========================  ====================================================
``GET /``                  the page: play, watch, reports
``GET /api/agents``        the agents offered and the default opponent
``POST /api/table``        ``{"agent": SPEC}``: a new table and its first hand
``POST /api/table/ID/act`` ``{"kind": ..., "amount": ...}``: the person acts
``POST /api/table/ID/next``  the next hand at that table
``POST /api/watch``        ``{"a": SPEC, "b": SPEC, "hand": N}``: two agents play a hand
``GET /api/runs``          the run folders under ``--runs`` that have results
``GET /reports/NAME``      the report of one of them (:mod:`pokergym.web.report`)
=========================  ====================================================

Bad input of any kind (an unknown agent, an illegal action, a folder that is
not a run) answers ``400`` with ``{"error": message}``, the message of the
typed :class:`~pokergym.errors.PokerGymError` that the engine or the loader
raised; the page shows it. Agents are built from specs by the ``make_agent``
function the command line passes in (the composition root).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from pokergym.agents.base import Agent
from pokergym.engine.config import DEFAULT_CONFIG, GameConfig
from pokergym.errors import AgentError, PokerGymError, ReportError, WebRequestError
from pokergym.web.report import asset, build_report, html_page
from pokergym.web.table import HumanTable, append_history, watch_hand

__all__ = ["Settings", "create_app", "serve"]

MAX_TABLES = 32
"""Tables kept at once; the oldest is dropped beyond this."""


@dataclass(frozen=True)
class Settings:
    """What ``pokergym serve`` was started with.

    Attributes:
        make_agent: builds an agent from a spec, raising a ``PokerGymError`` on a bad one.
        agent: the opponent offered first.
        choices: the agent specs the page lists (any other spec can be typed).
        runs: the folder whose runs are listed.
        out: folder receiving ``histories.jsonl`` (hands played) and ``watched.jsonl``.
        seed: root seed of every table and watched hand.
        config: blinds and stacks.
    """

    make_agent: Callable[[str], Agent]
    agent: str = "rule"
    choices: Sequence[str] = ()
    runs: Path = Path("runs")
    out: Path | None = None
    seed: int | None = 0
    config: GameConfig = DEFAULT_CONFIG


Handler = Callable[[Request], Awaitable[Response]]


def _guarded(handler: Callable[[Request], Awaitable[Any]]) -> Handler:
    """Answer a handler's typed errors (and malformed JSON) with ``400 {"error": message}``."""

    async def wrapped(request: Request) -> Response:
        try:
            result = await handler(request)
        except (PokerGymError, ValueError) as error:
            return JSONResponse({"error": str(error)}, status_code=400)
        return result if isinstance(result, Response) else JSONResponse(result)

    return wrapped


async def _body(request: Request) -> dict[str, Any]:
    data = await request.json() if await request.body() else {}
    if not isinstance(data, dict):
        raise WebRequestError(f"expected a JSON object in the request, got {type(data).__name__}")
    return data


def _page() -> str:
    return html_page("pokergym", asset("serve.html"), asset("serve.js"))


def _run_folders(runs: Path) -> list[str]:
    if not runs.is_dir():
        return []
    found = [p for p in runs.iterdir() if (p / "results.json").is_file() or (p / "result.json").is_file()]
    return [p.name for p in sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)]


class _Handlers:
    """The routes' handlers over one app's tables; one lock keeps the agents to one request at a time."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.tables: dict[int, HumanTable] = {}
        self.ids = itertools.count(1)
        self.lock = asyncio.Lock()
        out = settings.out
        self.played = out / "histories.jsonl" if out is not None else None
        self.watched = out / "watched.jsonl" if out is not None else None

    async def page(self, request: Request) -> Response:
        return HTMLResponse(_page())

    async def agents(self, request: Request) -> dict[str, Any]:
        settings = self.settings
        choices = list(dict.fromkeys([settings.agent, *settings.choices]))
        return {"default": settings.agent, "choices": choices, "seed": settings.seed}

    def table_of(self, request: Request) -> HumanTable:
        key = request.path_params["table"]
        if key not in self.tables:
            raise WebRequestError(f"no table {key}: start a new game")
        return self.tables[key]

    async def new_table(self, request: Request) -> dict[str, Any]:
        settings = self.settings
        spec = str((await _body(request)).get("agent") or settings.agent)
        async with self.lock:
            opponent = await run_in_threadpool(settings.make_agent, spec)
            table = HumanTable(opponent, seed=settings.seed, config=settings.config, save=self.played)
            await run_in_threadpool(table.new_hand)
            key = next(self.ids)
            self.tables[key] = table
            while len(self.tables) > MAX_TABLES:
                del self.tables[min(self.tables)]
        return {"table": key, **table.snapshot()}

    async def act(self, request: Request) -> dict[str, Any]:
        body = await _body(request)
        async with self.lock:
            table = self.table_of(request)
            await run_in_threadpool(table.act, body.get("kind"), body.get("amount"))
            return table.snapshot()

    async def next_hand(self, request: Request) -> dict[str, Any]:
        async with self.lock:
            table = self.table_of(request)
            await run_in_threadpool(table.new_hand)
            return table.snapshot()

    async def watch(self, request: Request) -> dict[str, Any]:
        settings, body = self.settings, await _body(request)
        hand = body.get("hand", 0)
        if type(hand) is not int or hand < 0:  # bool, float and text refused, not rounded or read
            raise WebRequestError(f"'hand' is the number of a hand to deal, an integer >= 0, got {hand!r}")
        specs = (str(body.get("a") or settings.agent), str(body.get("b") or settings.agent))
        async with self.lock:
            pair = await run_in_threadpool(lambda: (settings.make_agent(specs[0]), settings.make_agent(specs[1])))
            history, failure = await run_in_threadpool(
                lambda: watch_hand(pair, number=hand, seed=settings.seed, config=settings.config)
            )
        if failure is not None:
            raise AgentError(f"hand void: {pair[failure.seat].name} failed: {failure.detail.strip().splitlines()[-1]}")
        append_history(self.watched, history)
        return {"history": history.to_dict()}

    async def runs(self, request: Request) -> dict[str, Any]:
        return {"folder": str(self.settings.runs), "runs": _run_folders(self.settings.runs)}

    async def report(self, request: Request) -> Response:
        name, runs = request.path_params["name"], self.settings.runs
        if name not in _run_folders(runs):
            raise ReportError(f"no run folder {name!r} with results under {runs}")
        return HTMLResponse(await run_in_threadpool(build_report, runs / name))


def create_app(settings: Settings) -> Starlette:
    """The Starlette application of ``pokergym serve``.

    Example:
        >>> from pokergym.agents import CallAgent
        >>> app = create_app(Settings(make_agent=lambda spec: CallAgent(), agent="call"))
        >>> sorted(route.path for route in app.routes)[:3]
        ['/', '/api/agents', '/api/runs']
    """
    handlers = _Handlers(settings)
    routes = [
        Route("/", handlers.page),
        Route("/api/agents", _guarded(handlers.agents)),
        Route("/api/runs", _guarded(handlers.runs)),
        Route("/api/table", _guarded(handlers.new_table), methods=["POST"]),
        Route("/api/table/{table:int}/act", _guarded(handlers.act), methods=["POST"]),
        Route("/api/table/{table:int}/next", _guarded(handlers.next_hand), methods=["POST"]),
        Route("/api/watch", _guarded(handlers.watch), methods=["POST"]),
        Route("/reports/{name}", _guarded(handlers.report)),
    ]
    return Starlette(routes=routes)


def serve(settings: Settings, *, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the app with uvicorn until interrupted (Ctrl-C)."""
    import uvicorn

    print(f"pokergym serve: http://{host}:{port}/ (Ctrl-C stops; hands saved under {settings.out})")
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning")
