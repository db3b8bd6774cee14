"""``pokergym report``: one self-contained HTML file for a run folder.

The page needs no network: its CSS and JavaScript (``pokergym/web/data/``,
written for this page, no framework) are inlined, and so is the data. The
results go in as JSON; each match's hand histories go in as its JSON-lines
file compressed with gzip and base64-encoded, in a script block the browser
does not run. The page decompresses (``DecompressionStream``) and parses a
match's hands only when that match is picked in the replayer, so opening
the page costs the same whatever the number of hands; a default arena run
(24,000 hands) makes a file of a few megabytes (figures in
``benchmarks/RESULTS.md``, "Browser report").
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
from importlib.resources import files
from pathlib import Path
from typing import Any

from pokergym.web.rundata import RunData, load_run

__all__ = ["asset", "build_report", "embed_json", "render_run", "write_report"]

_MARKER = re.compile(r"/\*([A-Z]+)\*/|<!--([A-Z]+)-->")


def asset(name: str) -> str:
    """The text of a file shipped in ``pokergym/web/data/``.

    Example:
        >>> "function replaySteps" in asset("replayer.js")
        True
    """
    return (files("pokergym.web") / "data" / name).read_text(encoding="utf-8")


def embed_json(value: Any) -> str:
    r"""JSON text safe inside an HTML ``<script>`` block (no ``</`` can close it early).

    Example:
        >>> print(embed_json({"name": "</script>"}))
        {"name": "<\/script>"}
    """
    return json.dumps(value, allow_nan=False).replace("</", "<\\/")


def _packed_histories(path: Path | None) -> tuple[str, int]:
    """The base64 of the gzipped file and its number of hands (``("", 0)`` without a file)."""
    if path is None:
        return "", 0
    raw = path.read_bytes()
    count = sum(1 for line in raw.splitlines() if line.strip())
    return base64.b64encode(gzip.compress(raw, compresslevel=6, mtime=0)).decode("ascii"), count


def render_run(run: RunData) -> str:
    """The report page of a loaded run (see :func:`build_report`)."""
    blocks = []
    counts = []
    for index, path in enumerate(run.histories):
        packed, count = _packed_histories(path)
        counts.append(count)
        blocks.append(f'<script type="application/octet-stream" id="hands-{index}">{packed}</script>')
    summary = run.summary | {"title": run.title, "kind": run.kind, "hand_counts": counts}
    parts = {
        "STYLE": asset("style.css"),
        "REPLAYER": asset("replayer.js"),
        "REPORT": asset("report.js"),
        "DATA": embed_json(summary),
        "HANDS": "\n".join(blocks),
        "TITLE": html.escape(run.title),
    }
    # One pass, so that nothing inserted (a name, a script) is searched for markers again.
    page = _MARKER.sub(lambda found: parts.get(found.group(1) or found.group(2), found.group(0)), asset("report.html"))
    return page


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
