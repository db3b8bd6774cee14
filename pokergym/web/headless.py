"""Where Debian's Chromium is and the flags it runs headless with, for the browser tests, benchmark and screenshots.

pokergym downloads no browser: the tests, ``benchmarks/bench_report.py`` and
``docs/screenshots.py`` drive the system's Chromium (``apt-get install
chromium``) through Playwright. The flags keep it offline and quiet: no
sandbox (containers run as root), no GPU, and none of the background network
traffic (updates, sync, QUIC probes) a fresh profile would start.

Example:
    >>> str(chromium_path({"POKERGYM_CHROMIUM": "/opt/chromium"}))
    '/opt/chromium'
    >>> "--disable-background-networking" in CHROMIUM_FLAGS
    True
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Final

__all__ = ["CHROMIUM_FLAGS", "DEFAULT_CHROMIUM", "chromium_path"]

DEFAULT_CHROMIUM: Final = Path("/usr/bin/chromium")
"""Debian's Chromium."""

CHROMIUM_FLAGS: Final = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""Command-line flags for a headless, offline run."""


def chromium_path(environ: Mapping[str, str] = os.environ) -> Path:
    """The Chromium binary: ``$POKERGYM_CHROMIUM`` if set, else :data:`DEFAULT_CHROMIUM`."""
    return Path(environ.get("POKERGYM_CHROMIUM", str(DEFAULT_CHROMIUM)))
