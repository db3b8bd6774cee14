"""The anchors of a benchmark (the libraries pokergym is compared with) must be installed.

A missing anchor stops the run with a message naming it and what installs it
(the ``dev`` extra declares them all), unless the script was given
``--allow-missing``: then the run goes on without it and says so on stderr.
Nothing is skipped silently.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Mapping

INSTALL = "pip install -e '.[dev]'"


def add_allow_missing(parser: argparse.ArgumentParser) -> None:
    """Give a benchmark's parser the ``--allow-missing`` flag."""
    parser.add_argument(
        "--allow-missing", action="store_true", help="skip anchors that are not installed (default: stop with an error)"
    )


def import_error(module: str) -> str | None:
    """Why ``module`` cannot be imported, or ``None`` when it can."""
    try:
        importlib.import_module(module)
    except ImportError as exc:
        return str(exc) or type(exc).__name__
    return None


def require_anchors(missing: Mapping[str, str], allow_missing: bool) -> None:
    """Stop with an error naming the ``missing`` anchors (title -> import error), or warn if they may be skipped.

    Raises:
        SystemExit: some anchor is missing and ``allow_missing`` is false (exit status 1, the message on stderr).
    """
    if not missing:
        return
    lines = "\n".join(f"  {title}: {error}" for title, error in missing.items())
    if not allow_missing:
        raise SystemExit(
            f"error: {len(missing)} anchor(s) not installed:\n{lines}\n"
            f"install them with {INSTALL}, or pass --allow-missing to run without them"
        )
    print(f"warning: running without {len(missing)} anchor(s) (--allow-missing):\n{lines}", file=sys.stderr)
