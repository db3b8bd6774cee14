"""A dependency-free text progress bar for long matches."""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["ProgressBar"]


class ProgressBar:
    """Redraws one line such as ``honest vs random [#####-----] 120/240 pairs  1830 hands/s``.

    Args:
        total: pairs to play.
        label: text in front of the bar.
        stream: where to draw (default standard error).
        width: characters of the bar itself.

    Example:
        >>> import io
        >>> out = io.StringIO()
        >>> bar = ProgressBar(4, "demo", stream=out, width=4)
        >>> bar.advance(2); bar.finish()
        >>> out.getvalue().splitlines()[-1].startswith("demo [####] 4/4 pairs")
        True
    """

    def __init__(self, total: int, label: str = "", stream: TextIO | None = None, width: int = 30) -> None:
        self.total = total
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.done = 0
        self._start = time.perf_counter()
        self._draw()

    def advance(self, pairs: int) -> None:
        """Count ``pairs`` more pairs as played and redraw."""
        self.done += pairs
        self._draw()

    def finish(self) -> None:
        """Draw the bar full and end the line."""
        self.done = self.total
        self._draw()
        self.stream.write("\n")
        self.stream.flush()

    def _draw(self) -> None:
        filled = self.width * self.done // self.total if self.total else self.width
        elapsed = time.perf_counter() - self._start
        rate = f"  {2 * self.done / elapsed:.0f} hands/s" if self.done and elapsed > 0 else ""
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total} pairs{rate}")
        self.stream.flush()
