"""How fast the browser report opens in headless chromium, against eager parsing of every history.

Ours: the page as ``pokergym report`` writes it (each match's histories gzipped and base64-encoded,
decompressed and parsed only when the match is picked; the first match is opened at load). Anchor, in
the same browser and page: parsing every match's histories at once, which is what a page without lazy
loading pays before it can show anything.

    PYTHONPATH=. python benchmarks/bench_report.py --run runs/arena-YYYYMMDD-HHMMSS
    PYTHONPATH=. python benchmarks/bench_report.py --big-match 20000   # one match of 40,000 hands (call vs random)

Needs ``/usr/bin/chromium`` and the ``playwright`` package (the ``dev`` extra); no browser is downloaded.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from pokergym.web.headless import CHROMIUM_FLAGS, chromium_path
from pokergym.web.report import write_report

CHROMIUM = chromium_path()
FLAGS = list(CHROMIUM_FLAGS)


def big_match(pairs: int, folder: Path) -> Path:
    from pokergym.agents import CallAgent, RandomAgent
    from pokergym.arena.artifacts import save_match
    from pokergym.arena.match import match

    result = match(RandomAgent(), CallAgent(), pairs=pairs, seed=0, histories=folder / "histories.jsonl")
    save_match(result, folder, plots=False)
    return folder


EAGER = """async () => {
  loaded.clear();
  const t = performance.now();
  const matches = await Promise.all(RUN.matches.map((m, i) => loadHands(i)));
  matches.forEach((match) => match.lines.forEach((line, i) => handAt(match, i)));
  return (performance.now() - t) / 1000;
}"""
OPEN_MATCH = """async (i) => {
  loaded.clear();
  const t = performance.now();
  await openMatch(i);
  return (performance.now() - t) / 1000;
}"""


def _milliseconds(page: Any, attribute: str) -> int:
    """The in-page clock the report wrote into ``attribute`` of its body (an error if it wrote none)."""
    value = page.get_attribute("body", attribute)
    if value is None:
        raise RuntimeError(f"the report set no {attribute} on its body")
    return int(value)


def measure(report: Path, repeats: int) -> None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sys.exit("the anchor and the measurement need the playwright package: pip install -e '.[dev]'")
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: apt-get install chromium")
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        ready, first, wall, eager = [], [], [], []
        for _ in range(repeats):
            page = browser.new_page()
            started = time.perf_counter()
            page.goto(report.as_uri())
            page.wait_for_selector("body[data-match-loaded='0']", state="attached")
            wall.append(time.perf_counter() - started)
            # in-page clocks, from the start of the navigation
            ready.append(_milliseconds(page, "data-ready-ms") / 1000)
            first.append(_milliseconds(page, "data-match-loaded-ms") / 1000)
            eager.append(page.evaluate(EAGER))
            counts = page.evaluate("RUN.hand_counts")
            largest = max(range(len(counts)), key=counts.__getitem__)
            biggest = page.evaluate(OPEN_MATCH, largest)
            page.close()
        browser.close()
    hands = sum(counts)
    print(f"report {report} ({report.stat().st_size / 1e6:.1f} MB, {len(counts)} matches, {hands} hands)")
    print(
        f"ours:   tables and charts drawn {statistics.median(ready):.2f} s, first match's hands listed "
        f"{statistics.median(first):.2f} s after the navigation started (median of {repeats}; max {max(first):.2f} s;"
        f" goto to listed, measured outside: {statistics.median(wall):.2f} s)"
    )
    print(
        f"anchor: decompressing and parsing every history at open takes {statistics.median(eager):.2f} s more "
        f"(an eager page would list its hands after about {statistics.median(ready) + statistics.median(eager):.2f} s)"
    )
    print(f"largest match ({counts[largest]} hands): decompressed, indexed and listed in {biggest:.2f} s when picked")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", type=Path, help="an arena, ladder or match folder")
    parser.add_argument("--big-match", type=int, default=0, help="instead, play one call-vs-random match of N pairs")
    parser.add_argument("--repeats", type=int, default=3, help="page opens measured (default 3)")
    args = parser.parse_args()
    if args.run is None and not args.big_match:
        parser.error("give --run DIR or --big-match PAIRS")
    folder = args.run or big_match(args.big_match, Path(tempfile.mkdtemp()))
    started = time.perf_counter()
    report = write_report(folder, Path(tempfile.mkdtemp()) / "report.html")
    print(f"pokergym report wrote the page in {time.perf_counter() - started:.1f} s")
    measure(report, args.repeats)


if __name__ == "__main__":
    main()
