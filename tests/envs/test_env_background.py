"""``backend="auto"`` on a cold cache: the Python engine plays until the kernels compile (in the background)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pokergym
from pokergym.envs import HUNLEnv, background

COLD_PROCESS = """
import json, sys
from numba.core import event
compiled = []
class Listener(event.Listener):
    def on_start(self, ev):
        function = ev.data["dispatcher"].py_func
        if function.__module__.startswith("pokergym."):
            compiled.append(function.__qualname__)
    def on_end(self, ev):
        pass
event.register("numba:compile", Listener())
import gymnasium as gym, pokergym
from pokergym.envs import background
env = gym.make("HUNL-v0").unwrapped
backends = [env.backend]
env.reset(seed=0)
backends.append(env.backend)
first = env.step(1)[0]["observation"].tolist()
ready = background.wait(600)
env.reset(seed=0)
backends.append(env.backend)
again = env.step(1)[0]["observation"].tolist()
print(json.dumps({"backends": backends, "ready": ready, "compiled": sorted(compiled), "same": first == again}))
"""

# What the first reset and step of HUNL-v0 need: the two entry kernels and their callees, once each.
FIRST_STEP_KERNELS = sorted(
    [
        *["reset_table", "step_table", "rank_of", "_act", "_begin_turn", "_board_count", "_deal", "_end_street"],
        *["_finish", "_log", "_mix", "_new_hand", "_play_opponent", "_raise_size", "_record", "_showdown", "_take"],
        *["_start_hand", "_write_scalars", "_write_view", "_owed", "_raise_bounds", "sized_raise"],
    ]
)


def _run(code: str, cache: Path) -> tuple[dict[str, Any], str]:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    env["NUMBA_CACHE_DIR"] = str(cache)
    env["PYTHONPATH"] = str(Path(pokergym.__file__).parents[1])
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1]), done.stderr


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT") == "1", reason="nothing compiles without the jit")
def test_a_cold_process_plays_python_then_the_kernel_and_compiles_only_what_it_needs(tmp_path: Path) -> None:
    out, err = _run(COLD_PROCESS, tmp_path)
    assert out["backends"] == ["python", "python", "kernel"]
    assert out["ready"] and out["same"]
    assert out["compiled"] == FIRST_STEP_KERNELS  # no literal or dtype duplicates, nothing the first step skips
    assert background.MESSAGE in err
    out, err = _run(COLD_PROCESS, tmp_path)  # warm: the kernel from the start, nothing compiled, nothing said
    assert out["backends"] == ["kernel"] * 3 and out["compiled"] == [] and err == ""


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT") == "1", reason="nothing compiles without the jit")
def test_a_process_that_ends_while_the_kernels_compile_exits_cleanly(tmp_path: Path) -> None:
    code = "import gymnasium as gym, pokergym, json\nenv = gym.make('HUNL-v0')\nenv.reset(seed=1)\n"
    code += "print(json.dumps(env.unwrapped.backend))"
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    env["NUMBA_CACHE_DIR"] = str(tmp_path)
    env["PYTHONPATH"] = str(Path(pokergym.__file__).parents[1])
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert (done.returncode, done.stdout.strip()) == (0, '"python"')  # stopped at exit, no crash in LLVM


class _Switch:
    """Stands in for the background thread: the kernels are ready once ``ready`` is set."""

    def __init__(self) -> None:
        self.ready = False
        self.starts = 0

    def kernels_ready(self, table: object) -> bool:
        return self.ready

    def start(self, table: object) -> None:
        self.starts += 1


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> None:
    (obs_a, *rest_a), (obs_b, *rest_b) = a, b
    for key in obs_a:
        np.testing.assert_array_equal(obs_a[key], obs_b[key])
        assert obs_a[key].dtype == obs_b[key].dtype
    assert rest_a == rest_b  # reward, flags and the whole info dict


@pytest.mark.parametrize("button", ["alternate", "random", 1])
@pytest.mark.parametrize("switch_at", [0, 1, 4])
def test_switching_backends_at_a_reset_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, button: Any, switch_at: int
) -> None:
    switch = _Switch()
    monkeypatch.setattr(background, "kernels_ready", switch.kernels_ready)
    monkeypatch.setattr(background, "start", switch.start)
    auto = HUNLEnv(button=button)
    assert (auto.backend, auto.compiled, switch.starts) == ("python", None, 1)
    reference = HUNLEnv(button=button, backend="python")
    rng = np.random.default_rng(switch_at)
    backends = []
    for hand in range(8):
        switch.ready = hand >= switch_at
        seed = 7 if hand in (0, 6) else None  # unseeded hands continue the dealer across the switch
        start = auto.reset(seed=seed), reference.reset(seed=seed)
        backends.append(auto.backend)
        _same(*start)
        obs = start[0][0]
        terminated = False
        while not terminated:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            out = auto.step(action)
            _same(out, reference.step(action))
            assert auto.backend == backends[-1]  # never changes mid-hand
            obs, terminated = out[0], out[2]
        assert auto.hand.history == reference.hand.history and auto.hand.deck == reference.hand.deck
    assert backends == ["python"] * switch_at + ["kernel"] * (8 - switch_at)
    assert (auto.compiled is not None) == (switch_at < 8)
