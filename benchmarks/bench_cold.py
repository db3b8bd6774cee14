"""Cold start of ``HUNL-v0``: make + reset + first step on an empty numba cache, and Python's speed meanwhile.

Each run is a fresh process with a fresh, empty ``NUMBA_CACHE_DIR`` (the same
as deleting every ``*.nbi``/``*.nbc``), timed from before ``import gymnasium,
pokergym`` to the end of the first step, and as a whole process (wall and CPU
of the child, exit included). The anchor is ``backend="kernel"``, which
compiles the kernels before the first reset returns, as ``"auto"`` did before
it learned to compile in the background; ours is ``backend="auto"`` (the
default of ``gym.make("HUNL-v0")``).

``--gil`` also measures what the background compilation costs the user's
code: Python-backend steps per second while the thread compiles (stepping
without pause until it is done, which also times the compilation under that
load), against the same steps for 2 s once it is done, in the same process.

    PYTHONPATH=. python benchmarks/bench_cold.py --runs 3 --gil
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FIRST_STEP = """
import json, sys, time
started = time.time()
import gymnasium as gym, pokergym
env = gym.make("HUNL-v0", backend=sys.argv[1])
env.reset(seed=0)
env.step(1)
print(json.dumps({"first_step": time.time() - started, "backend": env.unwrapped.backend}))
"""

GIL = """
import json, time
import numpy as np
from pokergym.envs import HUNLEnv, background

def rate(env, until):
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=1)
    steps, started = 0, time.perf_counter()
    while not until(time.perf_counter() - started):
        obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        if done:
            obs, _ = env.reset()
    elapsed = time.perf_counter() - started
    return steps / elapsed, elapsed

HUNLEnv()  # cold: starts the background compilation
during, compiled = rate(HUNLEnv(backend="python"), lambda seconds: background.finished())
after, _ = rate(HUNLEnv(backend="python"), lambda seconds: seconds > 2.0)
print(json.dumps({"during": during, "after": after, "compiled": compiled}))
"""


def child(code: str, *args: str) -> tuple[dict[str, float], float, float]:
    """Run ``code`` in a fresh process on an empty cache: its JSON line, its wall time and its CPU time."""
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
        env.update(NUMBA_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.time()
        done = subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, check=True)
        wall = time.time() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return json.loads(done.stdout.strip().splitlines()[-1]), wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold processes per backend (alternating)")
    parser.add_argument("--gil", action="store_true", help="also measure Python steps/s during the compilation")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print("backend   first step s   process wall s   process CPU s   plays the first hand on")
    for _ in range(args.runs):
        for backend, label in (("kernel", "anchor: kernel"), ("auto", "ours: auto")):
            out, wall, cpu = child(FIRST_STEP, backend)
            print(f"{label:16} {out['first_step']:6.2f} {wall:16.2f} {cpu:15.2f}   {out['backend']}", flush=True)
    if args.gil:
        for _ in range(args.runs):
            out, _, _ = child(GIL)
            print(
                f"Python backend steps/s: {out['during']:,.0f} while compiling ({out['compiled']:.1f} s), "
                f"{out['after']:,.0f} after ({out['during'] / out['after']:.0%})",
                flush=True,
            )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
