"""Progress bars for long matches, drawn by tqdm (a widget in Jupyter notebooks).

A bar shows pairs played, the rate and the time left. It stays silent where
nobody watches it: when its stream is not a terminal (a log file, a pipe)
and the code does not run in a notebook, nothing is written, so log files
get no carriage-return lines.
"""

from __future__ import annotations

import sys
from typing import TextIO

from tqdm import autonotebook, std
from tqdm.auto import tqdm

__all__ = ["ProgressBar", "in_notebook"]


def in_notebook() -> bool:
    """Whether :mod:`tqdm.auto` draws notebook widgets (code running in a Jupyter kernel with ipywidgets).

    Example:
        >>> in_notebook()
        False
    """
    return autonotebook.tqdm is not std.tqdm


class ProgressBar:
    """Counts pairs, e.g. ``honest vs random:  50%|#####     | 120/240 [00:04<00:04, 27.1 pairs/s]``.

    Args:
        total: pairs to play.
        label: text in front of the bar.
        stream: where to draw (default standard error); a stream that is not a
            terminal gets nothing, outside notebooks.

    Attributes:
        done: pairs counted so far.
        enabled: whether the bar is drawn.

    Example:
        >>> import io
        >>> bar = ProgressBar(4, "demo", stream=io.StringIO())  # not a terminal: silent
        >>> bar.advance(2); bar.finish()
        >>> bar.enabled, bar.done, bar.stream.getvalue()
        (False, 4, '')
    """

    def __init__(self, total: int, label: str = "", stream: TextIO | None = None) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self.enabled = in_notebook() or _is_terminal(self.stream)
        self._closed = False
        self._bar = tqdm(
            total=total, desc=label, unit="pairs", file=self.stream, disable=not self.enabled, dynamic_ncols=True
        )

    def advance(self, pairs: int) -> None:
        """Count ``pairs`` more pairs as played."""
        self.done += pairs
        self._bar.update(pairs)

    def finish(self) -> None:
        """Fill the bar and close it (idempotent)."""
        if self._closed:
            return
        self._bar.update(self.total - self.done)
        self.done = self.total
        self._bar.close()
        self._closed = True


def _is_terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty()) if callable(isatty) else False
