"""The one numba decorator of the package: an on-disk cache that knows what a kernel depends on.

Every compiled function of pokergym is decorated with :func:`kernel`
(nopython mode, no GIL, cached on disk). It differs from
``numba.njit(cache=True)`` in three ways.

**The cache key covers every source a kernel depends on.** Numba keys a
cached function on its own bytecode and the time stamp of its own file. A
kernel that calls kernels of other modules carries their compiled code in
its cache entry, and module-level constants (tables loaded from JSON, column
indices) are baked in as constants, so editing a callee's module or a table
would leave the caller's cached machine code stale. :func:`kernel` adds to
every key the digest of :func:`dependency_files`: the kernel's module, every
module of the same package that it imports, directly or through other
imports (found by reading their ``import`` statements, so the same files are
hashed in every process), the files under a ``data`` folder beside any of
them, and the versions of numba and numpy. Change any of them and the
kernels that depend on it compile afresh on their next call; a module that no
kernel imports (the command line, the arena) can change freely.

**Constants passed to a kernel do not multiply its compilations.** Numba
types a constant argument of a call between kernels as a literal
(``Literal[int](2)``) and compiles the callee once per distinct literal:
``HUNL-v0``'s first step compiled 30 specializations of pokergym kernels
where 21 do. Like numba's own
``@overload`` (``prefer_literal=False``), a call between kernels here first
compiles the callee for the plain types, and uses the literal types only
where the plain ones do not type (a heterogeneous tuple indexed by an
argument, say).

**Kernels carry only the wrappers they need.** Numba gives every
function it compiles a CPython wrapper (to be called from Python) and a C
wrapper (to be passed around as a first-class function value). No kernel of
the package is used as a value, so none gets the C wrapper; a kernel that
only other kernels call is declared with :func:`inner_kernel` and gets no
CPython wrapper either (a cold ``HUNL-v0`` first step compiles 18 of them;
dropping the wrappers cut its compilation by about a fifth). Calling an inner
kernel from Python raises :class:`InnerKernelCallError` instead of jumping
to the missing wrapper.

**Kernels can be made ready without compiling, or compiled in a thread
that can be stopped.** :func:`load_cached` loads a kernel's code from the
disk cache and never compiles (a miss costs a look at the cache index);
:func:`stop_compiling` makes the compilations of a thread end at the next
kernel they reach. :mod:`pokergym.envs.background` uses both to compile
``HUNL-v0``'s kernels while the Python engine plays.

**The first compilation says so.** When a kernel misses the cache, one line
on standard error (once a process) tells that the kernels are compiling and
that ``pokergym warmup`` compiles them ahead; nothing is printed when the
cache is warm.

Beside the decorator, :data:`unowned` gives a kernel views of its arrays
that numba does not count references to (the table kernels of
:mod:`pokergym.envs.kernel` and the solver's tree walk pass them to their
helpers).

Numba has no public hook for any of this, so :class:`_DependencyCache` and
:class:`_KernelDispatcher` override private methods of numba's
``FunctionCache`` (``_index_key``, ``load_overload``) and ``Dispatcher``
(``get_call_template``). They have kept their signatures for many releases,
but a private method may change in any release, so the project pins numba
below the next untested minor release in ``pyproject.toml`` (tested: 0.68),
and ``tests/test_jit.py`` checks in fresh processes that the hooks still take
effect. (Pointing ``NUMBA_CACHE_DIR`` at a per-digest folder would need no
internals, but it is process-wide: a library must not set it for its users.)

Example:
    >>> len(kernel_digest("pokergym.evaluator._kernels"))
    64
    >>> "pokergym/evaluator/tables.py" in dependency_files("pokergym.evaluator._kernels")
    True
"""

from __future__ import annotations

import ast
import functools
import hashlib
import re
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numba.core import cgutils, config, errors, types
from numba.core.caching import FunctionCache
from numba.core.compiler_lock import global_compiler_lock
from numba.core.registry import CPUDispatcher
from numba.extending import intrinsic

__all__ = [
    "COMPILING_MESSAGE",
    "CompilationStopped",
    "InnerKernelCallError",
    "announce_compiling",
    "dependency_files",
    "inner_kernel",
    "is_compiled",
    "kernel",
    "kernel_digest",
    "load_cached",
    "resume_compiling",
    "stop_compiling",
    "unowned",
]

_F = TypeVar("_F", bound=Callable[..., Any])
_T = TypeVar("_T")

COMPILING_MESSAGE = (
    "pokergym: compiling numba kernels, once per install (about 10 s of one core for an environment, 50 s with "
    "the PokerSkill features); later runs load them from the cache ('pokergym warmup' compiles them all ahead)"
)
"""The line printed to standard error when the first kernel of a process misses the cache."""

_announced = False

# No kernel is passed around as a function value, so none needs numba's C wrapper.
_OPTIONS: dict[str, bool] = {"nopython": True, "nogil": True, "no_cfunc_wrapper": True}
_INNER_OPTIONS: dict[str, bool] = {**_OPTIONS, "no_cpython_wrapper": True}


class InnerKernelCallError(TypeError):
    """An :func:`inner_kernel` was called from Python (it has no CPython wrapper: only kernels may call it).

    A programming error, so a plain ``TypeError`` (``pokergym.errors`` is on this module's layer, not below it).
    """


class CompilationStopped(BaseException):  # like KeyboardInterrupt: no "except Exception" may catch it
    """Raised inside a compilation of a thread passed to :func:`stop_compiling`, at its next kernel."""


_stopping: set[int] = set()  # threading.get_ident() of the threads whose compilations must stop


def kernel(fn: _F) -> _F:
    """Compile ``fn`` in nopython mode (no GIL), cached on disk under :func:`kernel_digest` of its module.

    ``fn`` must live in a source file of a package (numba cannot cache code
    typed at a prompt). With ``NUMBA_DISABLE_JIT=1``, ``fn`` is returned as
    it is, as numba's own decorators do.

    Args:
        fn: the function to compile on its first call.

    Returns:
        A numba dispatcher with ``fn``'s static type.
    """
    return _compiled(fn, _KernelDispatcher, _OPTIONS)


def inner_kernel(fn: _F) -> _F:
    """:func:`kernel` for a function that only other kernels call: compiled without a CPython wrapper.

    Calling it from Python raises :class:`InnerKernelCallError` (with
    ``NUMBA_DISABLE_JIT=1`` it is the plain function, callable from anywhere).

    Args:
        fn: the function to compile when a kernel that calls it compiles.

    Returns:
        A numba dispatcher with ``fn``'s static type.
    """
    return _compiled(fn, _InnerKernelDispatcher, _INNER_OPTIONS)


def _without_owner(context: Any, builder: Any, typ: Any, value: Any) -> Any:
    """``value`` of numba type ``typ`` with every array in it (tuples searched, nested ones too) owner-less."""
    if isinstance(typ, types.Array):
        view = context.make_array(typ)(context, builder, value=value)
        view.meminfo = cgutils.get_null_value(view.meminfo.type)  # type: ignore[no-untyped-call]
        return view._getvalue()
    if isinstance(typ, types.BaseTuple):
        for i, member in enumerate(cast(Any, typ).types):  # Tuple and UniTuple alike
            item = _without_owner(context, builder, member, builder.extract_value(value, i))
            value = builder.insert_value(value, item, i)
    return value


def _unowned_intrinsic(typingctx: Any, value: Any) -> Any:
    """The numba intrinsic behind :func:`unowned`: the same value, its arrays' ``meminfo`` set to null."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return _without_owner(context, builder, signature.args[0], args[0])

    return value(value), codegen


def _same(value: _T) -> _T:
    """:func:`unowned` with ``NUMBA_DISABLE_JIT=1``: the argument itself."""
    return value


_DISABLED: bool = config.DISABLE_JIT  # type: ignore[attr-defined]
unowned: Callable[[_T], _T] = _same if _DISABLED else cast(Callable[[_T], _T], intrinsic(_unowned_intrinsic))
"""In a kernel: an array, or a tuple of arrays and other values (nested tuples too), as views without an owner.

Numba counts references to an array's owner (its ``meminfo``) with atomic
operations every time the array enters or leaves a compiled function, and a
kernel that calls small helpers at every node of a tree or every step of a
table spends much of its time there. A view with a null ``meminfo`` is
skipped by the counting. The views must never outlive the memory they look
at: take them of a kernel's own arguments (the caller holds those until the
kernel returns) and never return or store them. With ``NUMBA_DISABLE_JIT=1``
it returns its argument.
"""


def _compiled(fn: _F, dispatcher_type: type[_KernelDispatcher], options: dict[str, bool]) -> _F:
    """``fn`` behind a disk-cached dispatcher of ``dispatcher_type`` (``fn`` itself with ``NUMBA_DISABLE_JIT=1``)."""
    if config.DISABLE_JIT:  # type: ignore[attr-defined]
        return fn
    dispatcher = dispatcher_type(py_func=fn, locals={}, targetoptions=options)
    dispatcher.enable_caching()
    return cast(_F, dispatcher)


def dependency_files(module: str) -> tuple[str, ...]:
    """The files whose contents :func:`kernel_digest` hashes for the kernels of ``module``.

    They are ``module``'s source, the source of every module of the same
    top-level package that it imports (``import`` statements anywhere in the
    file, followed transitively; ``from p import x`` counts both ``p`` and,
    when it is a module, ``p.x``), and every file under a ``data`` folder
    beside one of those sources.

    Args:
        module: a dotted module name inside an imported package, such as ``"pokergym.envs.kernel"``.

    Returns:
        Paths relative to the folder that holds the package, ``/``-separated, sorted.
    """
    return tuple(sorted(path.relative_to(_package_root(module).parent).as_posix() for path in _dependencies(module)))


@functools.cache
def kernel_digest(module: str) -> str:
    """SHA-256 over :func:`dependency_files` of ``module`` (names and contents) and numba's and numpy's versions.

    Computed once a process and module, on the first cache look-up of one of
    its kernels.

    Args:
        module: a dotted module name inside an imported package.

    Returns:
        64 hexadecimal digits.
    """
    hasher = hashlib.sha256(f"numba {numba.__version__} numpy {np.__version__}".encode())
    root = _package_root(module).parent
    for path in sorted(_dependencies(module)):
        hasher.update(path.relative_to(root).as_posix().encode() + b"\0")
        hasher.update(path.read_bytes())
    return hasher.hexdigest()


def _package_root(module: str) -> Path:
    """The folder of ``module``'s top-level package (which must be imported)."""
    top = sys.modules[module.partition(".")[0]]
    if top.__file__ is None or Path(top.__file__).name != "__init__.py":
        raise ValueError(f"kernels must live in a package with an __init__.py, not in {module!r}")
    return Path(top.__file__).resolve().parent


def _source_of(module: str, root: Path) -> Path | None:
    """The source file of ``module`` under the package folder ``root``, or None when there is none."""
    folder = root.parent.joinpath(*module.split("."))
    for candidate in (folder.with_suffix(".py"), folder / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


_IMPORT_START = re.compile(r"[ \t]*(?:from[ \t]+[\w.]+[ \t]+import|import)[ \t(\\]")


def _import_statements(text: str) -> Iterator[str]:
    """The text of every import statement of a source, wherever it stands (nested blocks included).

    Reading only the lines that start an import (and their continuation lines)
    is many times faster than parsing the whole file. A line of a docstring
    that looks like an import may be included too, which only adds a file to
    the digest. Two statements on one line (``x = 1; import y``) would be
    missed; ruff's E702 keeps them out of the package.
    """
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if not _IMPORT_START.match(line):
            continue
        statement = line.partition("#")[0].strip()
        following = number + 1
        while (statement.count("(") > statement.count(")") or statement.endswith("\\")) and following < len(lines):
            statement = statement.removesuffix("\\") + " " + lines[following].partition("#")[0].strip()
            following += 1
        yield statement


@functools.cache
def _imported_names(source: Path, module: str) -> frozenset[str]:
    """Absolute names of the modules (and candidate submodules) that ``source`` imports anywhere in it."""
    package = module if source.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for statement in _import_statements(source.read_text(encoding="utf-8")):
        try:
            nodes = ast.parse(statement).body
        except SyntaxError:  # prose in a docstring
            continue
        for node in nodes:
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
                origin = ".".join([*base, *([node.module] if node.module else [])])
                names.add(origin)
                names.update(f"{origin}.{alias.name}" for alias in node.names)
    return frozenset(names)


def _dependencies(module: str) -> set[Path]:
    """Source files of ``module`` and of the package modules it imports transitively, plus their ``data`` files."""
    root = _package_root(module)
    top = root.name
    sources: set[Path] = set()
    pending = [module]
    seen = {module}
    while pending:
        name = pending.pop()
        source = _source_of(name, root)
        if source is None:
            continue
        sources.add(source)
        for imported in _imported_names(source, name) - seen:
            if imported == top or imported.startswith(top + "."):
                seen.add(imported)
                pending.append(imported)
    data = {path for folder in {s.parent / "data" for s in sources} for path in folder.rglob("*") if path.is_file()}
    return sources | data


def is_compiled(dispatcher: Any, argtypes: Sequence[Any]) -> bool:
    """Whether ``dispatcher`` holds compiled code for ``argtypes`` in this process (a plain function always does).

    Args:
        dispatcher: a :func:`kernel`, or a plain function with ``NUMBA_DISABLE_JIT=1``.
        argtypes: numba types of the arguments, as ``numba.typeof`` gives them for a call from Python.

    Returns:
        ``True`` once the kernel was compiled or loaded for these types (it never waits for a compilation).
    """
    return not isinstance(dispatcher, _KernelDispatcher) or tuple(argtypes) in dispatcher.overloads


def load_cached(dispatcher: Any, argtypes: Sequence[Any]) -> bool:
    """Make ``dispatcher`` ready for ``argtypes`` from numba's disk cache if it can be, never compiling.

    Args:
        dispatcher: a :func:`kernel` (with ``NUMBA_DISABLE_JIT=1``, a plain function: always ready).
        argtypes: numba types of the arguments, as ``numba.typeof`` gives them for a call from Python.

    Returns:
        Whether ``dispatcher`` now holds compiled code for ``argtypes``
        (compiled earlier in the process, or loaded from the cache now).
    """
    if not isinstance(dispatcher, _KernelDispatcher):
        return True
    args = tuple(argtypes)
    with global_compiler_lock:
        if args in dispatcher.overloads:
            return True
        # What Dispatcher.compile does on a cache hit, without its compilation on a miss (nor the note).
        compiled = FunctionCache.load_overload(dispatcher._cache, args, dispatcher.targetctx)  # type: ignore[no-untyped-call]
        if compiled is None:
            return False
        context = dispatcher.targetctx
        context.insert_user_function(compiled.entry_point, compiled.fndesc, [compiled.library])  # type: ignore[no-untyped-call]
        dispatcher.add_overload(compiled)
        return True


def resume_compiling(thread: threading.Thread) -> None:
    """Undo :func:`stop_compiling` of ``thread`` (once it has ended: another thread may reuse its ident)."""
    _stopping.discard(cast(int, thread.ident))


def stop_compiling(thread: threading.Thread) -> None:
    """Make the kernel compilations of ``thread`` raise :class:`CompilationStopped` at their next kernel.

    The check runs whenever a kernel starts compiling or types a call to
    another kernel, so a compilation stops within one kernel's own lowering
    (about a second at most); numba releases its locks on the way out, and
    every kernel compiled before is kept (and cached).

    Args:
        thread: a started thread.
    """
    if thread.ident is not None:
        _stopping.add(thread.ident)


def _stop_point() -> None:
    """Raise :class:`CompilationStopped` in a thread passed to :func:`stop_compiling`."""
    if _stopping and threading.get_ident() in _stopping:
        raise CompilationStopped


def announce_compiling(message: str = COMPILING_MESSAGE) -> None:
    """Print ``message`` to standard error if no line about compiling was printed in this process yet.

    Args:
        message: the line (a caller that compiles in its own way may say so).
    """
    global _announced
    if not _announced:
        _announced = True
        print(message, file=sys.stderr, flush=True)


class _DependencyCache(FunctionCache):
    """Numba's function cache with :func:`kernel_digest` in every index key, announcing the first miss."""

    def _index_key(self, sig: Any, codegen: Any) -> tuple[Any, ...]:
        key: tuple[Any, ...] = super()._index_key(sig, codegen)  # type: ignore[no-untyped-call]
        return (*key, kernel_digest(self._py_func.__module__))

    def load_overload(self, sig: Any, target_context: Any) -> Any:
        _stop_point()
        loaded = super().load_overload(sig, target_context)  # type: ignore[no-untyped-call]
        if loaded is None:
            announce_compiling()
        return loaded


class _KernelDispatcher(CPUDispatcher):
    """A CPU dispatcher cached with :class:`_DependencyCache` that compiles callees for plain argument types first."""

    def enable_caching(self) -> None:
        self._cache = _DependencyCache(self.py_func)  # type: ignore[no-untyped-call]

    def get_call_template(self, args: Any, kws: Any) -> Any:
        _stop_point()
        plain = tuple(types.unliteral(arg) for arg in args)  # type: ignore[no-untyped-call]
        plain_kws = {name: types.unliteral(arg) for name, arg in kws.items()}  # type: ignore[no-untyped-call]
        if plain != tuple(args) or plain_kws != kws:
            try:
                return super().get_call_template(plain, plain_kws)
            except errors.TypingError:
                pass  # the callee needs a literal (a constant tuple index, say): compile for the literal types
        return super().get_call_template(args, kws)


class _InnerKernelDispatcher(_KernelDispatcher):
    """A :class:`_KernelDispatcher` compiled without a CPython wrapper, which Python therefore must never call.

    Numba's C dispatcher calls the entry point of a compiled signature found in
    its type table; without a wrapper that entry point is a null pointer. No
    signature is ever put in the table (:meth:`_insert` does nothing), so a
    call from Python always reaches :meth:`_compile_for_args`, which raises.
    Kernels find the compiled code through ``overloads``, as always.
    """

    def _insert(self, *args: Any) -> None:
        pass

    def _compile_for_args(self, *args: Any, **kws: Any) -> Any:
        raise InnerKernelCallError(
            f"{self.py_func.__module__}.{self.py_func.__qualname__} is an inner kernel: "
            "only other kernels may call it, not Python (decorate it with pokergym._jit.kernel to call it)"
        )
