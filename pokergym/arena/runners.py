"""Where blocks of pairs run: in this process, in a process pool, or on Ray.

Every runner has the same two-call interface, :meth:`Runner.map`, which
applies a picklable top-level function to items and yields the results in
item order, and :meth:`Runner.close`. Runners are context managers, and one
runner can serve many matches (a tournament keeps one pool or one Ray
connection for all its matches).

Because a block's result depends only on its task, the runner and its
number of workers never change a match's result.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from types import TracebackType
from typing import Any, Literal, Protocol, TypeVar

__all__ = ["Backend", "LocalRunner", "ProcessRunner", "RayRunner", "Runner", "make_runner"]

T = TypeVar("T")
R = TypeVar("R")

Backend = Literal["local", "process", "ray"]
"""Names of the built-in runners."""


class Runner(Protocol):
    """Runs a function over items somewhere, results in item order."""

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """Yield ``fn(item)`` for each item, in order (work may run ahead in parallel)."""
        ...

    def close(self) -> None:
        """Release workers and connections this runner opened."""

    def __enter__(self) -> Runner: ...

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None: ...


class _Closing:
    """Context-manager plumbing shared by the runners."""

    def close(self) -> None:
        """Nothing to release by default."""

    def __enter__(self) -> Any:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


class LocalRunner(_Closing):
    """Runs everything in the calling process, one item after another.

    Example:
        >>> with LocalRunner() as runner:
        ...     list(runner.map(abs, [-1, 2, -3]))
        [1, 2, 3]
    """

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """Apply ``fn`` lazily, in order."""
        return map(fn, items)


class ProcessRunner(_Closing):
    """A :class:`concurrent.futures.ProcessPoolExecutor`; items and results are pickled.

    Args:
        workers: processes in the pool; default all cores (``os.cpu_count()``).
    """

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or os.cpu_count() or 1
        self._pool = ProcessPoolExecutor(max_workers=self.workers)

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """Submit every item at once and yield the results in order."""
        return self._pool.map(fn, items)

    def close(self) -> None:
        """Shut the pool down."""
        self._pool.shutdown(cancel_futures=True)


class RayRunner(_Closing):
    """Ray tasks, one per item. Ray is an optional extra (``pip install "pokergym[ray]"``).

    Reuses a Ray session already open in this process (for instance one
    started with a ``runtime_env``); otherwise connects to the cluster at
    ``address`` (e.g. ``"auto"`` or ``"ray://host:10001"``) when given, or
    starts a local cluster with ``workers`` CPUs (default all cores). Only a
    session this runner opened is shut down by :meth:`close`. The workers must
    be able to import ``pokergym`` and the agents' modules (install the
    package on the cluster, or open the session yourself with a runtime
    environment that provides them).

    Args:
        address: the cluster to join, or ``None`` for a local one.
        workers: CPUs of a local cluster this runner starts.
    """

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        try:
            import ray
        except ImportError as exc:  # pragma: no cover - depends on the installation
            raise ImportError('the "ray" backend needs Ray: pip install "ray[default]"') from exc
        self._ray = ray
        self._started = not ray.is_initialized()
        if self._started and address is not None:
            ray.init(address=address, log_to_driver=False)
        elif self._started:
            ray.init(num_cpus=workers or os.cpu_count() or 1, include_dashboard=False, log_to_driver=False)

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """Launch one task per item now, then yield the results in order."""
        remote = self._ray.remote(fn)
        refs = [remote.remote(item) for item in items]
        return (self._ray.get(ref) for ref in refs)

    def close(self) -> None:
        """Shut Ray down if this runner started it."""
        if self._started:
            self._ray.shutdown()
            self._started = False


def make_runner(backend: Backend, workers: int | None = None, address: str | None = None) -> Runner:
    """Build the runner named ``backend``.

    Args:
        backend: ``"local"``, ``"process"`` or ``"ray"``.
        workers: pool size, or CPUs of a local Ray cluster; default all cores.
        address: Ray cluster address (``"ray"`` only).

    Example:
        >>> type(make_runner("local")).__name__
        'LocalRunner'
    """
    if backend == "local":
        return LocalRunner()
    if backend == "process":
        return ProcessRunner(workers)
    if backend == "ray":
        return RayRunner(address, workers)
    raise ValueError(f"unknown backend {backend!r}; choose 'local', 'process' or 'ray'")
