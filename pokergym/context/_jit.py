"""The numba decorator of the compiled context engine, with an on-disk cache that knows what a kernel depends on.

Numba's own cache keys a compiled function on its bytecode and the time
stamp of its own source file. Two things escape that key here: a kernel
that calls kernels of other modules carries their compiled code in its cache
entry (so editing a callee's module would leave the caller stale), and the
composed feature kernel bakes in, as constants, the JSON tables and the
feature layout and label orders that other modules define (so editing those
would too). :func:`kernel` therefore adds one digest to every cache key: the
contents of every module of this package (``skills`` included), of the
evaluator's kernels, and of the JSON tables in ``data``. Change any of them
and each kernel compiles afresh on its next call; nothing stale is loaded.

Example:
    >>> len(DEPENDENCY_DIGEST)
    64
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import numba
from numba.core.caching import FunctionCache

__all__ = ["DEPENDENCY_DIGEST", "kernel"]

_F = TypeVar("_F", bound=Callable[..., Any])


def _digest() -> str:
    here = Path(__file__).resolve().parent
    files = [
        *sorted(here.glob("*.py")),
        *sorted((here / "skills").glob("*.py")),
        here.parent / "evaluator" / "_kernels.py",
        *sorted((here / "data").glob("*.json")),
    ]
    hasher = hashlib.sha256()
    for path in files:
        hasher.update(path.name.encode())
        hasher.update(path.read_bytes())
    return hasher.hexdigest()


DEPENDENCY_DIGEST = _digest()
"""SHA-256 over the modules and JSON tables whose contents a compiled context kernel may have baked in."""


class _DependencyCache(FunctionCache):
    """Numba's function cache with :data:`DEPENDENCY_DIGEST` added to every index key."""

    def _index_key(self, sig: Any, codegen: Any) -> tuple[Any, ...]:
        key: tuple[Any, ...] = super()._index_key(sig, codegen)  # type: ignore[no-untyped-call]
        return (*key, DEPENDENCY_DIGEST)


def kernel(fn: _F) -> _F:
    """Compile ``fn`` in nopython mode (no GIL), cached on disk under :data:`DEPENDENCY_DIGEST`.

    ``fn`` must live in a source file (numba cannot cache code typed at a prompt).
    """
    dispatcher: Any = numba.njit(nogil=True)(fn)
    # the cache numba's enable_caching() would set, with the digest in its keys
    dispatcher._cache = _DependencyCache(dispatcher.py_func)  # type: ignore[no-untyped-call]
    return cast(_F, dispatcher)
