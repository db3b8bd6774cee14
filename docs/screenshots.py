"""Take the README's screenshots of ``pokergym report`` and ``pokergym serve`` in headless chromium.

    PYTHONPATH=. python docs/screenshots.py runs/arena-YYYYMMDD-HHMMSS

Writes ``docs/report.png`` (the top of the run's report), ``docs/report-replayer.png`` (a hand open in its
replayer) and ``docs/serve.png``
(the local app against ``rule``, on the flop). Needs ``/usr/bin/chromium`` and the ``dev`` extra.
"""

from __future__ import annotations

import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import Page, sync_playwright

from pokergym.arena.specs import resolve_agent
from pokergym.web.app import Settings, create_app
from pokergym.web.headless import CHROMIUM_FLAGS, chromium_path
from pokergym.web.report import write_report

DOCS = Path(__file__).resolve().parent


def shoot_report(page: Page, run: Path) -> None:
    """``docs/report.png`` and ``docs/report-replayer.png``: a showdown hand of the sixth match, at its fifth step."""
    report = write_report(run, Path(tempfile.mkdtemp()) / "report.html")
    page.goto(report.as_uri())
    page.wait_for_selector("body[data-match-loaded='0']", state="attached")
    page.select_option("#match-select", index=5)
    page.wait_for_selector("body[data-match-loaded='5']", state="attached")
    page.check("#filter-showdown")
    page.fill("#filter-pot", "2000")
    page.dispatch_event("#filter-pot", "input")
    page.select_option("#hand-select", index=0)
    for _ in range(4):
        page.click("#step-next")
    page.locator("#replayer-section").screenshot(path=str(DOCS / "report-replayer.png"))
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(DOCS / "report.png"))


def shoot_serve(page: Page, run: Path) -> None:
    """``docs/serve.png``: a hand against ``rule`` played to the flop, then an illegal bet and its message."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings = Settings(make_agent=resolve_agent, agent="rule", choices=["rule", "honest", "call"], runs=run.parent)
    server = uvicorn.Server(uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    page.goto(f"http://127.0.0.1:{port}/")
    page.wait_for_selector("body[data-seq='1']", state="attached")
    seq = 1
    while page.inner_text("#play-street") == "preflop" and page.is_disabled("#btn-next"):
        page.click("#btn-call" if page.is_enabled("#btn-call") else "#btn-check")
        seq += 1
        page.wait_for_selector(f"body[data-seq='{seq}']", state="attached")
    page.fill("#raise-amount", "10")  # an illegal bet, to show the engine's message
    page.click("#btn-raise")
    page.wait_for_selector(f"body[data-seq='{seq + 1}']", state="attached")
    page.screenshot(path=str(DOCS / "serve.png"))
    server.should_exit = True


def main() -> None:
    """Take the three screenshots of the run named on the command line."""
    run = Path(sys.argv[1])
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(chromium_path()), args=list(CHROMIUM_FLAGS))
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        shoot_report(page, run)
        shoot_serve(page, run)
        browser.close()
    print(f"wrote {DOCS / 'report.png'}, {DOCS / 'report-replayer.png'} and {DOCS / 'serve.png'}")


if __name__ == "__main__":
    main()
