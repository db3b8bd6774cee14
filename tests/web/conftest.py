"""Fixtures of the browser tests: Debian's chromium driven by Playwright, a small run, a live ``serve`` app.

The browser is ``/usr/bin/chromium`` (``apt-get install chromium``; ``.ci/run``
installs it; ``POKERGYM_CHROMIUM`` names another binary); Playwright never downloads one. Without it the tests skip,
except when ``CI`` is set, where they fail. A failing test leaves a
screenshot of its page in ``$POKERGYM_ARTIFACTS`` (default
``<tmp>/pokergym-artifacts``).
"""

from __future__ import annotations

import os
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokergym.web.headless import CHROMIUM_FLAGS, chromium_path

CHROMIUM = chromium_path()
ARTIFACTS = Path(os.environ.get("POKERGYM_ARTIFACTS", Path(tempfile.gettempdir()) / "pokergym-artifacts"))


def _require_chromium() -> None:
    if CHROMIUM.exists():
        return
    message = f"{CHROMIUM} is missing: apt-get install chromium (.ci/run does)"
    if os.environ.get("CI"):
        pytest.fail(f"CI is set and {message}", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium per test module.

    Playwright's sync API keeps an event loop running in the thread while it is
    open, and ``asyncio.run`` refuses to start inside one: a session-wide browser
    would break the asyncio doctests that a pytest-xdist worker runs after it.
    """
    _require_chromium()
    if os.environ.get("CI"):
        import playwright.sync_api as sync_api
    else:
        sync_api = pytest.importorskip("playwright.sync_api")
    profile = tempfile.mkdtemp(prefix="pokergym-chromium-")
    with sync_api.sync_playwright() as driver:
        context = driver.chromium.launch_persistent_context(
            profile,
            executable_path=str(CHROMIUM),
            headless=True,
            args=list(CHROMIUM_FLAGS),
            viewport={"width": 1300, "height": 900},
        )
        yield context
        context.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[Any]:
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh tab; page errors fail the test, and a failed test leaves a screenshot."""
    tab = browser.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shot = ARTIFACTS / f"{request.node.name}.png"
        tab.screenshot(path=str(shot), full_page=True)
        print(f"screenshot of the failed page: {shot}")
    tab.close()
    assert not errors, f"the page raised: {errors}"


@pytest.fixture(scope="session")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tournament of three fast agents with every hand saved: 3 matches of 12 pairs."""
    from pokergym.arena.specs import resolve_agents
    from pokergym.arena.tournament import tournament

    folder = tmp_path_factory.mktemp("run")
    tournament(resolve_agents(["call", "random", "honest"]), pairs=12, seed=5, out_dir=folder, plots=False)
    return folder


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def server(small_run: Path, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``pokergym serve --agent call`` on a free port, listing ``small_run``'s parent: (its URL, the history folder)."""
    uvicorn = pytest.importorskip("uvicorn")
    from pokergym.arena.specs import resolve_agent
    from pokergym.web.app import Settings, create_app

    out = tmp_path / "served"
    settings = Settings(
        make_agent=resolve_agent, agent="call", choices=["call", "random"], runs=small_run.parent, out=out
    )
    port = _free_port()
    app_server = uvicorn.Server(uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=app_server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not app_server.started:
        assert time.monotonic() < deadline, "the server did not start in 20 s"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", out
    app_server.should_exit = True
    thread.join(timeout=10)
