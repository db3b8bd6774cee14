"""``pokergym report``: one self-contained HTML file for a run folder.

The page needs no network: its CSS and JavaScript (``pokergym/web/data/``,
written for this page, no framework) are inlined, and so is the data. The
results go in as JSON; each match's hand histories go in as its JSON-lines
file compressed with gzip and base64-encoded, in a script block the browser
does not run, beside a small search index (final pot, result, showdown, id
per hand). The page decompresses (``DecompressionStream``) a match's hands
only when that match is picked in the replayer, searches the index, and
parses a hand's JSON only when it is shown, so opening the page costs
little whatever the number of hands; a default arena run
(24,000 hands) makes a file of a few megabytes (figures in
``benchmarks/RESULTS.md``, "Browser report").
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
from collections.abc import Mapping
from importlib.resources import files
from pathlib import Path
from typing import Any

from pokergym.web.rundata import RunData, load_run, reading

__all__ = ["asset", "build_report", "embed_json", "html_page", "index_entry", "render_run", "write_report"]

_MARKER = re.compile(r"/\*([A-Z]+)\*/|<!--([A-Z]+)-->")


def asset(name: str) -> str:
    """The text of a file shipped in ``pokergym/web/data/``.

    Example:
        >>> "function replaySteps" in asset("replayer.js")
        True
    """
    return (files("pokergym.web") / "data" / name).read_text(encoding="utf-8")


def html_page(title: str, body: str, script: str) -> str:
    """A page of the browser front end: the shell every page shares (``data/page.html``) around ``body``.

    The shell holds the head, the inlined ``style.css`` and the replayer
    (``replayer.js``), which runs before the page's own ``script``.

    Args:
        title: the window title, HTML-escaped.
        body: the page's HTML, its own markers already filled.
        script: the page's JavaScript.

    Example:
        >>> page = html_page("pokergym", "<main></main>", "start();")
        >>> page.startswith("<!DOCTYPE html>"), "<title>pokergym</title>" in page, page.count("<script>")
        (True, True, 2)
    """
    parts = {
        "TITLE": title,
        "STYLE": asset("style.css"),
        "BODY": body,
        "REPLAYER": asset("replayer.js"),
        "SCRIPT": script,
    }
    return _fill(asset("page.html"), parts)


def _fill(template: str, parts: Mapping[str, str]) -> str:
    """``template`` with each marker ``/*NAME*/`` or ``<!--NAME-->`` of ``parts`` replaced by its text."""
    # One pass, so that nothing inserted (a name, a script) is searched for markers again.
    return _MARKER.sub(lambda found: parts.get(found.group(1) or found.group(2), found.group(0)), template)


def embed_json(value: Any) -> str:
    r"""JSON text safe inside an HTML ``<script>`` block.

    Every ``<`` is escaped, so no ``</script>`` closes the block early and no ``<!--<script>`` keeps its end
    from closing it.

    Example:
        >>> print(embed_json({"name": "</script><!--<script>"}))
        {"name": "\u003c/script>\u003c!--\u003cscript>"}
    """
    return json.dumps(value, allow_nan=False).replace("<", "\\u003c")


def index_entry(hand: Mapping[str, Any]) -> list[Any]:
    """The replayer's search entry of one hand (a ``HandHistory.to_dict``): pot, seat 0's result, showdown, id.

    The pot is every chip put in (blinds and actions) less the uncalled chips returned, as the engine's
    ``HandState.pot`` has it at the end of the hand.

    Example:
        >>> from pokergym.engine import HandState
        >>> from pokergym.engine.history import HandHistory
        >>> state = HandState.new(deck=tuple(range(9)))
        >>> state.raise_to(300); state.call(); state.raise_to(1000); state.fold()
        >>> index_entry(HandHistory.from_state(state, hand_id=4).to_dict()), state.pot
        ([600, -300, 0, 4], 600)
    """
    config = hand["config"]
    button, stacks = hand["button"], config["stacks"]
    pot = min(config["small_blind"], stacks[button]) + min(config["big_blind"], stacks[1 - button])
    pot += sum(record["added"] for record in hand["actions"])
    payoffs = hand["payoffs"]
    if payoffs is not None:
        pot -= sum(hand["returned"])
    return [pot, payoffs[0] if payoffs is not None else 0, int(bool(hand["showdown"])), hand.get("hand_id")]


def _packed_histories(path: Path | None) -> tuple[str, list[list[Any]]]:
    """The base64 of the gzipped file, and the search index of its hands (``("", [])`` without a file)."""
    if path is None:
        return "", []
    raw = path.read_bytes()
    index = []
    for number, line in enumerate(raw.splitlines(), start=1):
        if line.strip():
            with reading(path, number):
                index.append(index_entry(json.loads(line)))
    return base64.b64encode(gzip.compress(raw, compresslevel=6, mtime=0)).decode("ascii"), index


def render_run(run: RunData) -> str:
    """The report page of a loaded run (see :func:`build_report`)."""
    blocks = []
    counts = []
    for number, path in enumerate(run.histories):
        packed, index = _packed_histories(path)
        counts.append(len(index))
        blocks.append(f'<script type="application/octet-stream" id="hands-{number}">{packed}</script>')
        blocks.append(f'<script type="application/json" id="index-{number}">{embed_json(index)}</script>')
    summary = run.summary | {"title": run.title, "kind": run.kind, "hand_counts": counts}
    title = html.escape(run.title)
    body = _fill(asset("report.html"), {"TITLE": title, "DATA": embed_json(summary), "HANDS": "\n".join(blocks)})
    return html_page(f"pokergym report: {title}", body, asset("report.js"))


def build_report(run_dir: str | Path) -> str:
    """The HTML text of the report of ``run_dir`` (an arena, ladder or match folder).

    Raises:
        ReportError: the folder is not a run folder (see :func:`~pokergym.web.rundata.load_run`).

    Example:
        >>> import tempfile
        >>> from pokergym.agents import CallAgent, RandomAgent
        >>> from pokergym.arena.artifacts import save_match
        >>> from pokergym.arena.match import match
        >>> folder = Path(tempfile.mkdtemp())
        >>> result = match(RandomAgent(), CallAgent(), pairs=2, seed=0, histories=folder / "histories.jsonl")
        >>> save_match(result, folder, plots=False)
        >>> page = build_report(folder)
        >>> page.startswith("<!DOCTYPE html>"), 'id="hands-0"' in page, "http" in page.replace("http-equiv", "")
        (True, True, False)
    """
    return render_run(load_run(run_dir))


def write_report(run_dir: str | Path, out: str | Path | None = None) -> Path:
    """Write the report of ``run_dir`` to ``out`` (default ``RUN_DIR/report.html``) and return its path."""
    target = Path(out) if out is not None else Path(run_dir) / "report.html"
    page = build_report(run_dir)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(page, encoding="utf-8")
    return target
