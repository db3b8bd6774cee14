"""What a call between compiled functions costs when it passes a tuple of many arrays.

A compiled function that numba does not inline takes each array of its arguments as a counted reference
(an atomic increment on entry, a decrement on exit), so a call given a tuple of 20 arrays costs more than one
given the 4 arrays it reads. This is why :func:`pokergym.solver._cfr_kernel.walk` passes its per-node helpers
only what they use (``benchmarks/RESULTS.md``, "the context package smaller, `walk` shorter").

Usage (from the repository root):
    python benchmarks/numba_call_cost.py [--calls 1000000]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numba
import numpy as np


@numba.njit(cache=False)
def _body(a: Any, b: Any, i: int) -> float:
    """Enough work (transcendental functions over two small arrays) that LLVM does not inline it."""
    s = 0.0
    for r in range(3):
        for j in range(8):
            s += np.sin(a[(i + j) % 8]) * np.cos(b[(i * j + r) % 8]) + np.sqrt(abs(a[j] - b[r])) + np.exp(-a[j] * b[j])
    return s


@numba.njit(cache=False)
def _given_tuple(arrays: Any, i: int) -> float:
    return _body(arrays[0], arrays[5], i) + _body(arrays[1], arrays[6], i)


@numba.njit(cache=False)
def _given_four(a: Any, b: Any, c: Any, d: Any, i: int) -> float:
    return _body(a, b, i) + _body(c, d, i)


@numba.njit(cache=False)
def _loop_tuple(arrays: Any, calls: int) -> float:
    s = 0.0
    for k in range(calls):
        s += _given_tuple(arrays, k % 8)
    return s


@numba.njit(cache=False)
def _loop_four(arrays: Any, calls: int) -> float:
    s = 0.0
    a, b, c, d = arrays[0], arrays[5], arrays[1], arrays[6]
    for k in range(calls):
        s += _given_four(a, b, c, d, k % 8)
    return s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=1_000_000)
    args = parser.parse_args()
    arrays = tuple(np.ones(8) for _ in range(20))
    for _ in range(2):
        for name, loop in (("a tuple of 20 arrays", _loop_tuple), ("the 4 arrays it reads", _loop_four)):
            loop(arrays, 10)
            start = time.perf_counter()
            loop(arrays, args.calls)
            print(f"call given {name}: {(time.perf_counter() - start) / args.calls * 1e9:.0f} ns")


if __name__ == "__main__":
    main()
