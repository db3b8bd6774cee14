"""``HUNL-v0``'s kernels compiled in a background thread while the Python engine plays.

On a fresh install the kernels of :class:`~pokergym.envs.HUNLEnv`'s kernel
backend take seconds of compilation (numba, once per install). With
``backend="auto"`` an environment does not wait for them: if they are not in
numba's disk cache, :func:`kernels_ready` says so, the environment plays on
the exact Python engine, :func:`start` compiles the kernels in one daemon
thread (one per process, shared by every environment), and at its first
reset after :func:`finished` the environment swaps its Python-engine backend
for the kernel backend (:func:`promote`). The two
backends deal the same hands and give the same observations, rewards and
infos, so the switch changes nothing but the speed.

Numba compiles while holding the GIL (except inside LLVM), so Python code
runs slower while the thread compiles (at a third to two thirds of its speed
on this project's loaded 2-core machine, see ``benchmarks/RESULTS.md``). The
thread never keeps a process alive or holds up a fork for long: at exit and
before ``os.fork`` it is stopped at its next kernel
(:func:`pokergym._jit.stop_compiling`: within one kernel's own lowering,
about a second of CPU at most; everything compiled so far is kept and
cached), and after a fork the parent starts it again (the child starts its
own when one of its environments needs it).
A compilation that fails leaves the environments on the Python engine and
says why on standard error, once.

Example:
    >>> from pokergym.engine.config import GameConfig
    >>> from pokergym.envs.compiled import CompiledTable
    >>> table = CompiledTable(GameConfig(), (0.5, 1.0), "alternate", 6)
    >>> ready = kernels_ready(table)  # never compiles: loads the kernels from the disk cache when it can
    >>> isinstance(ready, bool)
    True
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pokergym._jit import (
    CompilationStopped,
    announce_compiling,
    is_compiled,
    load_cached,
    resume_compiling,
    stop_compiling,
)

if TYPE_CHECKING:
    from pokergym.envs.compiled import CompiledTable
    from pokergym.envs.engine_backend import EngineBackend
    from pokergym.envs.kernel_backend import KernelBackend

__all__ = ["MESSAGE", "finished", "kernels_ready", "promote", "start", "wait"]

MESSAGE = (
    "pokergym: compiling the HUNL-v0 kernels in the background, once per install (about 10 s of one core); "
    "environments play on the Python engine until they are ready ('pokergym warmup' compiles them ahead)"
)
"""The line printed to standard error when the thread starts compiling."""

Entry = tuple[Any, tuple[Any, ...]]
"""A kernel called from Python and the numba types of its arguments."""


class _Compilation:
    """The process's compilation thread and what became of it."""

    def __init__(self) -> None:
        self.entries: tuple[Entry, ...] = ()
        self.thread: threading.Thread | None = None
        self.done = threading.Event()
        self.error: BaseException | None = None
        self.lock = threading.Lock()

    def start(self, entries: Sequence[Entry]) -> None:
        """Compile ``entries`` in the thread unless it runs or has finished."""
        with self.lock:
            if self.done.is_set() or self.error is not None or (self.thread is not None and self.thread.is_alive()):
                return
            self.entries = tuple(entries)
            announce_compiling(MESSAGE)
            self.thread = threading.Thread(target=self._run, name="pokergym-compile", daemon=True)
            self.thread.start()

    def _run(self) -> None:
        try:
            for dispatcher, argtypes in self.entries:
                dispatcher.compile(argtypes)
        except CompilationStopped:
            return  # at exit or before a fork: resumed after the fork, if ever
        except Exception as error:  # reported once; the environments stay on the Python engine
            self.error = error
            print(f"pokergym: compiling the HUNL-v0 kernels failed ({error!r}); staying on Python", file=sys.stderr)
            return
        self.done.set()

    def stop(self) -> bool:
        """Stop the thread at its next kernel and wait for it; whether one was running."""
        thread = self.thread
        if thread is None or not thread.is_alive():
            return False
        stop_compiling(thread)
        thread.join()
        resume_compiling(thread)
        return True

    def restart(self) -> None:
        """Start the thread again (the parent's side of a fork) if :meth:`stop` stopped one."""
        self.thread = None
        if not self.done.is_set() and self.error is None and self.entries:
            self.start(self.entries)


_compilation = _Compilation()
_stopped_for_fork = False


def kernels_ready(table: CompiledTable) -> bool:
    """Whether ``table``'s kernels are compiled in this process, loading them from the disk cache if they are there.

    Never compiles (a miss costs a look at the cache index).

    Args:
        table: the compiled table whose kernels :class:`~pokergym.envs.HUNLEnv` would call.

    Returns:
        ``True`` when every kernel ``table`` calls is ready for its argument types.
    """
    if _compilation.done.is_set():
        return True
    entries = table.entry_kernels()
    if all(is_compiled(dispatcher, argtypes) for dispatcher, argtypes in entries):
        return True  # compiled in this process by another caller
    if _compilation.error is not None or (_compilation.thread is not None and _compilation.thread.is_alive()):
        return False  # (and do not wait for the compiler lock the thread holds)
    return all(load_cached(dispatcher, argtypes) for dispatcher, argtypes in entries)


def start(table: CompiledTable) -> None:
    """Compile ``table``'s kernels in the background thread (nothing happens if it runs or has finished)."""
    _compilation.start(table.entry_kernels())


def promote(engine: EngineBackend, standby: KernelBackend) -> KernelBackend | None:
    """The backend to swap in at a reset: ``standby`` once its kernels are ready, resumed where ``engine`` left off.

    Args:
        engine: the Python-engine backend playing while the kernels compile.
        standby: the kernel backend waiting for them.

    Returns:
        ``standby``, continuing ``engine``'s dealer and button schedule, or ``None``
        while the kernels are not ready (the thread is then started if it is not
        running: a copy of an environment, unpickled say, may be the first of its process).
    """
    compiled = standby.compiled
    if not kernels_ready(compiled):
        start(compiled)
        return None
    standby.resume(engine)
    return standby


def finished() -> bool:
    """Whether the background thread has compiled the kernels (``False`` while it runs, if it failed or never ran)."""
    return _compilation.done.is_set()


def wait(timeout: float | None = None) -> bool:
    """Wait for the background thread to end (if one runs), at most ``timeout`` seconds.

    Args:
        timeout: seconds; ``None`` waits as long as it takes.

    Returns:
        :func:`finished`, after waiting.
    """
    thread = _compilation.thread
    if thread is not None:
        thread.join(timeout)
    return finished()


def _before_fork() -> None:
    global _stopped_for_fork
    _stopped_for_fork = _compilation.stop()


def _after_fork_in_parent() -> None:
    global _stopped_for_fork
    if _stopped_for_fork:
        _stopped_for_fork = False
        _compilation.restart()


def _after_fork_in_child() -> None:
    global _compilation, _stopped_for_fork
    _compilation = _Compilation()  # what the parent compiled is compiled here too; the rest starts afresh
    _stopped_for_fork = False


os.register_at_fork(before=_before_fork, after_in_parent=_after_fork_in_parent, after_in_child=_after_fork_in_child)
atexit.register(lambda: _compilation.stop())
