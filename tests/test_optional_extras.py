"""The main job (`pokergym arena`, then `pokergym report`) needs none of the extras (llm, ray, rl, web, dev)."""

from __future__ import annotations

import subprocess
import sys

# Blocking a module in sys.modules makes any import of it fail, as on a machine without it.
BLOCKED = (
    "openai", "ray", "torch", "stable_baselines3", "sb3_contrib", "pokerkit", "rlcard", "hypothesis",
    "starlette", "uvicorn", "playwright",
)  # fmt: skip

SCRIPT = f"""
import sys
for name in {BLOCKED!r}:
    sys.modules[name] = None
from pokergym.cli import main
status = main(["arena", "--pairs", "2", "--backend", "local", "--no-plots", "--out", sys.argv[1]])
sys.exit(status or main(["report", sys.argv[1]]))
"""


def test_arena_runs_without_optional_extras(tmp_path: object) -> None:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path)], capture_output=True, text=True, check=False, timeout=600
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "1. " in result.stdout  # the ranking was printed
    assert "report.html" in result.stdout  # and the report written
