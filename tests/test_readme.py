"""The README's Python examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_readme_has_python_examples() -> None:
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_example_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(BLOCKS[index], f"README.md example {index + 1}", "exec"), {"__name__": "__readme__"})
    printed = capsys.readouterr().out
    for line in _shown_output(BLOCKS[index]):
        assert line in printed


def _shown_output(block: str) -> list[str]:
    """The ``# <output>`` lines right after a ``print(...)`` line (other comments are prose)."""
    shown, after_print = [], False
    for line in block.splitlines():
        if line.startswith("# ") and after_print:
            shown.append(line[2:])
            continue
        after_print = line.lstrip().startswith("print(")
    return shown


def test_every_example_with_a_print_shows_its_output() -> None:
    assert sum(bool(_shown_output(block)) for block in BLOCKS) >= 3
