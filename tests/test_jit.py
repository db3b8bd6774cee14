"""The package's numba decorator: caches keyed on every dependency, plain-typed callees, a note when compiling."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numba
import numpy as np
import pytest

import pokergym
from pokergym._jit import COMPILING_MESSAGE, InnerKernelCallError, dependency_files, kernel_digest, unowned

# A two-module package: the caller's kernel calls the callee's kernels (numba links their code into its own).
CALLEE = """
{decorator}

@inner_kernel
def value():
    return 1

@kernel
def scaled(x, factor):
    return x * factor

@kernel
def pick(pair, index):
    return pair[index]  # a heterogeneous tuple: only a literal index types
"""

CALLER = """
{decorator}
from kpkg.callee import pick, scaled, value

@kernel
def total():
    return value() + scaled(10, 2) + scaled(10, 3) + pick((100, 0.5), 0)
"""

RUN = "from kpkg import callee, caller; print(caller.total(), len(callee.scaled.signatures))"

DECORATORS = {
    "kernel": "from pokergym._jit import inner_kernel, kernel",
    "plain": "import numba\nkernel = inner_kernel = numba.njit(cache=True)",
}


def write_package(root: Path, decorator: str) -> Path:
    package = root / "kpkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "callee.py").write_text(CALLEE.format(decorator=DECORATORS[decorator]))
    (package / "caller.py").write_text(CALLER.format(decorator=DECORATORS[decorator]))
    return package


def run(root: Path) -> tuple[str, str]:
    """Import the package in a fresh process (its own numba cache state) and call the caller's kernel."""
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_DISABLE_JIT", "NUMBA_CACHE_DIR")}
    env["PYTHONPATH"] = os.pathsep.join([str(root), str(Path(pokergym.__file__).parents[1])])
    done = subprocess.run([sys.executable, "-c", RUN], cwd=root, env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip(), done.stderr


def edit_callee(package: Path) -> None:
    callee = package / "callee.py"
    callee.write_text(callee.read_text().replace("return 1", "return 2"))


def test_an_edited_callee_recompiles_its_caller(tmp_path: Path) -> None:
    package = write_package(tmp_path, "kernel")
    out, err = run(tmp_path)
    assert out == "151 1"  # one plain (int64, int64) compilation of scaled for both constants
    assert COMPILING_MESSAGE in err
    assert run(tmp_path) == ("151 0", "")  # loaded from the cache, quietly: no callee compiled
    assert list(package.glob("__pycache__/caller.total-*.nbi"))
    edit_callee(package)
    out, err = run(tmp_path)
    assert out == "152 1"  # the caller's cached code held the old callee: it was not loaded
    assert COMPILING_MESSAGE in err


def test_an_inner_kernel_is_called_by_kernels_only(tmp_path: Path) -> None:
    write_package(tmp_path, "kernel")
    assert run(tmp_path)[0] == "151 1"  # the caller compiles and calls the inner kernel value()
    code = (
        "from kpkg import callee\ntry:\n    callee.value()\nexcept TypeError as error:\n    print(type(error).__name__)"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_DISABLE_JIT", "NUMBA_CACHE_DIR")}
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), str(Path(pokergym.__file__).parents[1])])
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert (done.returncode, done.stdout.strip()) == (0, InnerKernelCallError.__name__)  # not a crash


def test_plain_numba_cache_serves_a_stale_caller(tmp_path: Path) -> None:
    # Why the package has its own decorator: numba keys the caller's entry on the caller's file only.
    package = write_package(tmp_path, "plain")
    assert run(tmp_path)[0].startswith("151 ")
    edit_callee(package)
    assert run(tmp_path)[0].startswith("151 ")


def test_a_kernel_depends_on_what_it_imports_and_their_data() -> None:
    env_kernel = dependency_files("pokergym.envs.kernel")
    assert {"pokergym/_jit.py", "pokergym/envs/kernel.py", "pokergym/evaluator/_kernels.py"} <= set(env_kernel)
    assert "pokergym/evaluator/data/rank_tables.npz" in env_kernel
    assert "pokergym/cli.py" not in env_kernel and "pokergym/envs/hunl.py" not in env_kernel
    context_kernel = dependency_files("pokergym.context._context_kernel")
    assert "pokergym/context/data/budgets.json" in context_kernel
    assert "pokergym/evaluator/_kernels.py" in context_kernel  # through the hand kernel's imports
    assert kernel_digest("pokergym.envs.kernel") != kernel_digest("pokergym.evaluator._kernels")


def test_dependencies_follow_every_form_of_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "deppkg"
    (package / "sub" / "data").mkdir(parents=True)
    for name in ("__init__", "a", "b", "c", "d", "unused", "sub/__init__", "sub/e"):
        (package / f"{name}.py").write_text("")
    (package / "sub" / "data" / "table.json").write_text("{}")
    (package / "k.py").write_text(
        '"""Importing this module imports numba (prose, not an import)."""\n'
        "from . import a\n"
        "from .sub import (  # a comment (with parentheses)\n    e,\n)\n"
        "import deppkg.b, \\\n    deppkg.c\n"
        "def f():\n    if True:\n        from deppkg import d\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.import_module("deppkg")
    files = set(dependency_files("deppkg.k"))
    expected = {f"deppkg/{name}.py" for name in ("__init__", "a", "b", "c", "d", "k", "sub/__init__", "sub/e")}
    assert files == expected | {"deppkg/sub/data/table.json"}


def test_warmup_command_readies_every_kernel_family(capsys: pytest.CaptureFixture[str]) -> None:
    from pokergym.cli import main

    assert main(["warmup"]) == 0
    lines = capsys.readouterr().out.splitlines()
    families = [line.split(":")[0] for line in lines[:-1]]
    expected = ["environment (HUNL-v0 and its AEC twin)", "vector environment", "PokerSkill features", "evaluator"]
    assert families == expected
    assert lines[-1].startswith("every kernel ready in ")


@numba.njit
def _through_unowned(owned: Any) -> float:
    """Write through owner-less views of a nested tuple's arrays, then read every value back through them."""
    (a, (b, scale)), label = unowned(owned)
    a[0] = 1.5
    b[1, 1] = 2
    return float(a.sum() + b.sum() * scale + label)


def test_unowned_views_look_at_the_arrays_themselves() -> None:
    a, b = np.zeros(3), np.zeros((2, 2), dtype=np.int64)
    assert _through_unowned(((a, (b, 10.0)), 7)) == 1.5 + 20.0 + 7
    assert a.tolist() == [1.5, 0.0, 0.0] and b.tolist() == [[0, 0], [0, 2]]  # the writes reached the originals


def test_unowned_is_the_identity_without_the_jit() -> None:
    code = "from pokergym._jit import unowned; import numpy as np; a = np.ones(2); print(unowned((a, 1))[0] is a)"
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert result.stdout.strip() == "True"
