"""How matches and tournaments run their blocks: :class:`RunnerOptions`, shared by both.

:func:`~pokergym.arena.match.match` and
:func:`~pokergym.arena.tournament.tournament` take the same runner keywords
(``backend``, ``workers``, ``address``, ``concurrency``, ``block_size``,
``progress``: :class:`RunnerKeywords`); each gathers them into one
:class:`RunnerOptions`, or takes one whole as ``runner_options``.

Example:
    >>> options = RunnerOptions(backend="process", workers=2, block_size=50)
    >>> with ExitStack() as stack:
    ...     type(options.open(stack)).__name__
    'ProcessRunner'
    >>> RunnerOptions(backend="threads")
    Traceback (most recent call last):
    ...
    pokergym.errors.ConfigError: unknown backend 'threads'; choose 'local', 'process', 'ray' or 'async'
"""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass
from typing import TypedDict

from pokergym.arena.runners import AsyncRunner, Backend, Runner, make_runner
from pokergym.errors import ConfigError

__all__ = ["DEFAULT_BLOCK_SIZE", "RunnerKeywords", "RunnerOptions"]

DEFAULT_BLOCK_SIZE = 100
"""Pairs per block: agent memory lasts a block, and a block is one unit of parallel work."""

_BACKENDS = ("local", "process", "ray", "async")


@dataclass(frozen=True)
class RunnerOptions:
    """Where and how the blocks of a match (or of every match of a tournament) are played.

    Args:
        backend: ``"local"``, ``"process"``, ``"ray"``, ``"async"``, or a runner to reuse (left open).
        workers: processes or Ray CPUs; default all cores.
        address: Ray cluster address, e.g. ``"auto"`` (``"ray"`` only).
        concurrency: blocks in flight at once (``"async"`` only).
        block_size: pairs per block; agent memory starts afresh at each block.
        progress: draw a progress bar on standard error.

    Raises:
        ConfigError: ``backend`` names no runner, or ``block_size`` is below 1.
    """

    backend: Backend | Runner | AsyncRunner = "local"
    workers: int | None = None
    address: str | None = None
    concurrency: int = 8
    block_size: int = DEFAULT_BLOCK_SIZE
    progress: bool = False

    def __post_init__(self) -> None:
        """Check the backend's name and the block size."""
        if isinstance(self.backend, str) and self.backend not in _BACKENDS:
            raise ConfigError(f"unknown backend {self.backend!r}; choose 'local', 'process', 'ray' or 'async'")
        if self.block_size < 1:
            raise ConfigError(f"block_size must be positive, got {self.block_size!r}")

    @classmethod
    def resolve(cls, given: RunnerOptions | None, keywords: RunnerOptions | RunnerKeywords) -> RunnerOptions:
        """``given`` if there is one (then ``keywords`` must be the defaults), else ``keywords``.

        Args:
            given: the ``runner_options`` argument.
            keywords: the runner keywords of the same call, gathered or as passed.

        Raises:
            ConfigError: both were given.

        Example:
            >>> RunnerOptions.resolve(None, RunnerOptions(workers=2)).workers
            2
            >>> RunnerOptions.resolve(RunnerOptions(workers=2), RunnerOptions(workers=3))
            Traceback (most recent call last):
            ...
            pokergym.errors.ConfigError: give the runner settings either as keywords or as runner_options, not both
        """
        gathered = keywords if isinstance(keywords, RunnerOptions) else cls(**keywords)
        if given is None:
            return gathered
        if gathered != cls():
            raise ConfigError("give the runner settings either as keywords or as runner_options, not both")
        return given

    def open(self, stack: ExitStack) -> Runner | AsyncRunner:
        """The runner to play on: a new one named by ``backend`` (closed with ``stack``) or the one given.

        Args:
            stack: the exit stack that closes a runner built here.
        """
        backend = self.backend
        if isinstance(backend, str):
            runner: Runner | AsyncRunner = stack.enter_context(
                make_runner(backend, self.workers, self.address, self.concurrency)
            )
            return runner
        return backend


class RunnerKeywords(TypedDict, total=False):
    """The runner keywords of :func:`~pokergym.arena.match.match` and :func:`~pokergym.arena.tournament.tournament`.

    They are the fields of :class:`RunnerOptions`, described and defaulted there.
    """

    backend: Backend | Runner | AsyncRunner
    workers: int | None
    address: str | None
    concurrency: int
    block_size: int
    progress: bool
