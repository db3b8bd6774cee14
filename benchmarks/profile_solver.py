"""Where an iteration of the solver's flop spot goes, by compiled function: ``perf`` samples attributed to kernels.

Builds the flop-to-river spot of ``bench_solver.py``, runs a few iterations
to touch its arrays, then samples this process with Linux ``perf record``
while it runs ``--iterations`` more, and attributes each sampled instruction
address to the compiled function it falls in. The functions' entry addresses
are read from numba's code libraries, which list what each one holds only
when compiled in this process: the kernels are compiled into a fresh,
temporary cache folder (``NUMBA_CACHE_DIR``), which costs about a minute.
LLVM may inline a small helper into its caller; its time then counts there.
``NRT_incref`` and ``NRT_decref`` are numba's reference counts (an atomic add
each), taken whenever a function is given an array or makes a view of one.

``perf`` must be installed and allowed to sample this process
(``kernel.perf_event_paranoid`` at most 2); without it the script stops with
an error instead of printing nothing.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/profile_solver.py [--iterations 4] [--top 20]
"""

from __future__ import annotations

import argparse
import bisect
import collections
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

_PART = re.compile(r"(\d+)")
_OWN_CACHE = "POKERGYM_PROFILE_CACHE"
"""Set, with the temporary cache folder, in the process this script starts again with that cache."""


def _short_name(mangled: str) -> str:
    """The last name of a numba symbol (``_ZN8pokergym6solver11_cfr_kernel4walkB3v...``: ``walk``)."""
    if not mangled.startswith("_ZN"):
        return mangled[:40]
    at, name = 3, mangled
    while (match := _PART.match(mangled, at)) is not None:
        start, length = match.end(), int(match.group(1))
        name, at = mangled[start : start + length], start + length
    return name


def _entries(dispatchers: list[object]) -> list[tuple[int, str]]:
    """(address, short name) of every function compiled into the code libraries of ``dispatchers``."""
    found: dict[int, str] = {}
    for dispatcher in dispatchers:
        for compiled in getattr(dispatcher, "overloads", {}).values():
            library = compiled.library
            for function in library._final_module.functions:  # private: numba has no public listing
                if function.is_declaration:
                    continue
                address = library.get_pointer_to_function(function.name)
                if address:
                    found[address] = _short_name(function.name)
    return sorted(found.items())


def _attribute(addresses: list[int], entries: list[tuple[int, str]]) -> collections.Counter[str]:
    """Samples per function: each address goes to the function with the nearest entry at or below it."""
    starts = [start for start, _ in entries]
    counts: collections.Counter[str] = collections.Counter()
    for address in addresses:
        k = bisect.bisect_right(starts, address) - 1
        counts[entries[k][1] if k >= 0 and address - starts[k] < 1 << 20 else "(elsewhere)"] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=4, help="iterations sampled (after 2 that touch the arrays)")
    parser.add_argument("--top", type=int, default=20, help="functions listed")
    args = parser.parse_args()
    if shutil.which("perf") is None:
        sys.exit("profile_solver: Linux 'perf' is not installed; nothing can be sampled")
    if _OWN_CACHE not in os.environ:  # a fresh cache, so that numba compiles here and lists its functions
        os.environ["NUMBA_CACHE_DIR"] = os.environ[_OWN_CACHE] = tempfile.mkdtemp(prefix="pokergym-profile-")
        os.execv(sys.executable, [sys.executable, *sys.argv])
    try:
        _profile(args.iterations, args.top)
    finally:
        shutil.rmtree(os.environ[_OWN_CACHE], ignore_errors=True)


def _profile(iterations: int, top: int) -> None:
    """Sample ``iterations`` of the flop spot and print the ``top`` functions' shares of the samples."""
    from bench_solver import FLOP, SPOTS  # a sibling script, as the others import theirs

    from pokergym.solver import _cfr_kernel as kernels
    from pokergym.solver.solve import NO_GADGET, _iterate, prepare

    prepared = prepare(SPOTS[FLOP])
    _iterate(prepared, 1, 2, "dcfr", NO_GADGET)
    entries = _entries([getattr(kernels, name) for name in dir(kernels)])
    with tempfile.TemporaryDirectory() as folder:
        data = os.path.join(folder, "perf.data")
        record = ["perf", "record", "-F", "1999", "-p", str(os.getpid()), "-o", data]
        recorder = subprocess.Popen(record, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)
        started = time.process_time()
        _iterate(prepared, 3, iterations, "dcfr", NO_GADGET)
        per_iteration = (time.process_time() - started) / iterations
        recorder.send_signal(signal.SIGINT)
        recorder.wait()
        script = subprocess.run(["perf", "script", "-i", data, "-F", "ip"], capture_output=True, text=True, check=True)
    addresses = [int(line, 16) for line in script.stdout.split() if line]
    if not addresses:
        sys.exit("profile_solver: perf recorded no samples (is kernel.perf_event_paranoid above 2?)")
    counts = _attribute(addresses, entries)
    print(f"{iterations} iterations at {per_iteration:.3f} s CPU each (perf running), {len(addresses)} samples")
    print("| function | share of samples |\n|---|---:|")
    for name, count in counts.most_common(top):
        print(f"| {name} | {100.0 * count / len(addresses):.1f}% |")


if __name__ == "__main__":
    main()
