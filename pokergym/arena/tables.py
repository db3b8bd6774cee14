"""Text tables of arena results, laid out by rich.

Tables are rendered to plain text (no colour codes) at the width of the
terminal when standard output is one, and at :data:`FILE_WIDTH` columns
otherwise (a log file, a pipe), so saved output stays readable in an editor
or a code review. Rich wraps cells rather than overflow the width.
"""

from __future__ import annotations

import io
import shutil
import sys
from collections.abc import Sequence

from rich import box
from rich.console import Console
from rich.table import Table

__all__ = ["FILE_WIDTH", "output_width", "render"]

FILE_WIDTH = 100
"""Columns of the tables written where standard output is not a terminal."""


def output_width() -> int:
    """Columns to lay tables out in: the terminal's width, or :data:`FILE_WIDTH` off a terminal.

    Example:
        >>> output_width()  # doctests do not print to a terminal
        100
    """
    if sys.stdout.isatty():
        return shutil.get_terminal_size((FILE_WIDTH, 24)).columns
    return FILE_WIDTH


def render(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    legend: Sequence[str] = (),
    width: int | None = None,
    left: int = 1,
    row_gaps: bool = False,
) -> str:
    """Lay out a table as text: a header row, one line per row, then the legend lines (wrapped).

    Args:
        headers: the column titles.
        rows: the cells, as text, one sequence per row.
        legend: lines explaining the columns, printed under the table.
        width: columns available (default :func:`output_width`).
        left: how many leading columns to align left (the others are right-aligned).
        row_gaps: leave a blank line between rows (for cells of several lines).

    Example:
        >>> print(render(["agent", "hands"], [["a", "4"], ["bb", "12"]], legend=["hands: hands played"]))
         agent   hands
        ───────────────
         a           4
         bb         12
        hands: hands played
    """
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1), show_lines=row_gaps)
    for index, header in enumerate(headers):
        is_left = index < left
        table.add_column(header, justify="left" if is_left else "right", no_wrap=not is_left, overflow="fold")
    for row in rows:
        table.add_row(*row)
    out = io.StringIO()
    console = Console(
        file=out, width=width or output_width(), color_system=None, markup=False, highlight=False, emoji=False
    )
    console.print(table)
    for line in legend:
        console.print(line, overflow="fold")
    return "\n".join(line.rstrip() for line in out.getvalue().rstrip("\n").splitlines())
