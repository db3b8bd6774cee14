"""The code stays typed and linted: ``mypy --strict`` and ruff, as configured in pyproject.toml."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is installed by the dev extra")
def test_ruff_is_clean() -> None:
    result = run("ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is installed by the dev extra")
def test_ruff_format_leaves_every_file_as_it_is() -> None:
    result = run("ruff", "format", "--check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean_on_the_packages_benchmarks_and_examples() -> None:
    pytest.importorskip("mypy")
    folders = ("pokergym", "baselines", "tools", "benchmarks", "examples")
    result = run(sys.executable, "-m", "mypy", "--no-incremental", *folders)
    assert result.returncode == 0, result.stdout + result.stderr
