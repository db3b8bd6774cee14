"""The context rules with numba switched off (``NUMBA_DISABLE_JIT=1``): every kernel runs as plain Python.

The kernels are the one implementation of the context rules, so this is the
way to step through a rule in a debugger or to measure its line coverage
(``NUMBA_DISABLE_JIT=1 python -m pytest ... --cov``). Two checks, each in a
fresh process with the variable set (numba reads it at import):

* :data:`SUBSET` passes there: the labelled cases (hand classes, budgets,
  board overrides, scenarios, the paper's trace, the viable options of the
  option table), the prompt tests, the doctests of every context kernel and
  of the modules that decode them, and the viable kernel's geometric-sizing
  case. The random-hand differential tests (thousands of hands each) are
  left out: in plain Python they would take several minutes, and those that
  check the raw kernel outputs' Python types (the compiled kernels return
  ``int`` and ``float``, plain Python NumPy scalars) would fail by design;
  they run compiled in the ordinary job.
* On seeded random views of every street the plain-Python engine gives the
  same ``Context`` reprs, prompts and feature vectors as the compiled one in
  this process: the kernels' plain-Python results (NumPy scalars) are
  decoded into the same Python values.

Both take about a minute together on a loaded 2-core machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from context_helpers import random_views

from pokergym.context import analyze
from pokergym.context.compiled import skill_features
from pokergym.context.prompt import prompt

ROOT = Path(__file__).resolve().parents[2]
KERNELS = ("_line_kernel", "_budget_kernel", "_viable_kernel", "_texture_kernel", "_hand_kernel", "_slow_play_kernel")
DECODERS = ("line", "board", "budget", "viable", "hand", "slow_play", "__init__")
# compiled.py's doctests are left out: one steps HUNL-v0's compiled table, whose kernels use an intrinsic
# that has no plain-Python form; skill_features itself runs in the second test.
SUBSET = (
    "tests/context/test_context_hands.py",
    "tests/context/test_context_scenarios.py",
    "tests/context/test_context_trace.py",
    "tests/context/test_context_options.py",
    "tests/context/test_prompt.py",
    "tests/context/test_viable_kernel.py::test_geometric_sizing_needs_a_positive_pot",
    *(f"pokergym/context/{name}.py" for name in (*KERNELS, "_context_kernel", *DECODERS)),
)
"""The tests and doctests the plain-Python job runs (the ids pytest takes)."""

SCRIPT = """
import sys
sys.path.insert(0, "tests/context")
from numba import config
assert config.DISABLE_JIT
from context_helpers import random_views
from pokergym.context import analyze
from pokergym.context.compiled import skill_features
from pokergym.context.prompt import prompt
for view in random_views(HANDS, SEED):
    ctx = analyze(view)
    print(repr(ctx), repr(prompt(view, ctx)), skill_features(view).tobytes().hex(), sep="\\x1f", end="\\x1e")
"""
HANDS, SEED = 12, 5


def _plain_python(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False
    )


def test_the_context_subset_passes_with_the_jit_disabled() -> None:
    done = _plain_python("-m", "pytest", "-p", "no:xdist", "-q", "-x", *SUBSET)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and " failed" not in done.stdout


def test_plain_python_gives_the_compiled_contexts_prompts_and_vectors() -> None:
    done = _plain_python("-c", SCRIPT.replace("HANDS", str(HANDS)).replace("SEED", str(SEED)))
    assert done.returncode == 0, done.stderr[-4000:]
    rows = done.stdout.split("\x1e")[:-1]
    views = random_views(HANDS, SEED)
    assert len(rows) == len(views) > 100
    postflop = 0
    for row, view in zip(rows, views, strict=True):
        ctx = analyze(view)
        assert row.split("\x1f") == [repr(ctx), repr(prompt(view, ctx)), skill_features(view).tobytes().hex()], view
        postflop += ctx.budget is not None
    assert postflop > 20
