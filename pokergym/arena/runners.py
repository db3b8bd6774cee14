"""Where blocks of pairs run: in this process, in a process pool, on Ray, or concurrently in an event loop.

Every runner has the same two-call interface, :meth:`Runner.map`, which
applies a picklable top-level function to items and yields the results in
item order, and :meth:`Runner.close`. Runners are context managers, and one
runner can serve many matches (a tournament keeps one pool or one Ray
connection for all its matches).

:class:`AsyncRunner` is the one exception: its ``map`` takes a coroutine
function and keeps up to ``concurrency`` calls in flight at once in one
event loop. It suits agents that spend their time waiting on a remote model
(:class:`~pokergym.agents.base.AsyncAgent`): one process, many requests
outstanding.

Because a block's result depends only on its task, the runner, its number of
workers and its concurrency never change a match's result.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Awaitable, Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from types import TracebackType
from typing import Any, Literal, Protocol, TypeVar

from pokergym.errors import ConfigError

__all__ = ["AsyncRunner", "Backend", "LocalRunner", "ProcessRunner", "RayRunner", "Runner", "make_runner"]

T = TypeVar("T")
R = TypeVar("R")

Backend = Literal["local", "process", "ray", "async"]
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
        if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
            raise ConfigError(f"workers must be a positive integer or None (all cores), got {workers!r}")
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


class AsyncRunner(_Closing):
    """Coroutines on one event loop in a background thread, at most ``concurrency`` at a time.

    :meth:`map` starts the calls in item order, each as soon as one of the
    ``concurrency`` slots is free, and yields the results in item order. The
    loop runs in its own thread, so the runner also works when the caller is
    inside an event loop of its own (a notebook). Functions registered with
    :meth:`on_close` run in the loop before :meth:`close` shuts it down: that
    is where connections bound to the loop are closed. Code that blocks (an
    agent without ``act_async``) holds up every call in flight, so the
    concurrency pays off only while calls await.

    Args:
        concurrency: calls in flight at once.

    Example:
        >>> async def double(x):
        ...     await asyncio.sleep(0.001 * (3 - x))  # later items finish first
        ...     return 2 * x
        >>> with AsyncRunner(concurrency=3) as runner:
        ...     list(runner.map(double, [0, 1, 2]))
        [0, 2, 4]
    """

    def __init__(self, concurrency: int = 8) -> None:
        if concurrency < 1:
            raise ConfigError(f"concurrency must be at least 1, got {concurrency}")
        self.concurrency = concurrency
        self._closers: list[Callable[[], Awaitable[None]]] = []
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="pokergym-async-runner", daemon=True)
        self._thread.start()

    def map(self, fn: Callable[[T], Awaitable[R]], items: Iterable[T]) -> Iterator[R]:
        """Schedule ``fn(item)`` for every item now; yield the results in order."""
        gate = asyncio.Semaphore(self.concurrency)

        async def one(item: T) -> R:
            async with gate:
                return await fn(item)

        futures = [asyncio.run_coroutine_threadsafe(one(item), self._loop) for item in items]
        return (future.result() for future in futures)

    def on_close(self, closer: Callable[[], Awaitable[None]]) -> None:
        """Await ``closer()`` in the loop when the runner closes (once, however often it is registered)."""
        if closer not in self._closers:
            self._closers.append(closer)

    def close(self) -> None:
        """Cancel unfinished calls, await the closers, then stop the loop and its thread."""
        if self._loop.is_closed():
            return
        try:
            asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result()
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join()
            self._loop.close()

    async def _shutdown(self) -> None:
        unfinished = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in unfinished:
            task.cancel()
        await asyncio.gather(*unfinished, return_exceptions=True)
        closers, self._closers = self._closers, []
        for closer in closers:
            await closer()
        await self._loop.shutdown_asyncgens()


def make_runner(
    backend: Backend, workers: int | None = None, address: str | None = None, concurrency: int = 8
) -> Runner | AsyncRunner:
    """Build the runner named ``backend``.

    Args:
        backend: ``"local"``, ``"process"``, ``"ray"`` or ``"async"``.
        workers: pool size, or CPUs of a local Ray cluster; default all cores.
        address: Ray cluster address (``"ray"`` only).
        concurrency: calls in flight at once (``"async"`` only).

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
    if backend == "async":
        return AsyncRunner(concurrency)
    raise ValueError(f"unknown backend {backend!r}; choose 'local', 'process', 'ray' or 'async'")
