"""Which backend plays an environment's hands: :func:`choose_backend`.

Example:
    >>> from pokergym.envs.table import HandTable
    >>> backend, standby = choose_backend(HandTable(action_mode="chips"), "auto", None, background=False)
    >>> backend.name, standby
    ('python', None)
"""

from __future__ import annotations

from pokergym.envs.backends import TableBackend
from pokergym.envs.engine_backend import EngineBackend
from pokergym.envs.kernel_backend import KernelBackend
from pokergym.envs.opponent import OpponentSeat
from pokergym.envs.options import Backend
from pokergym.envs.table import HandTable
from pokergym.errors import ConfigError

__all__ = ["choose_backend", "kernel_obstacle"]


def kernel_obstacle(table: HandTable, opponent: OpponentSeat | None) -> str | None:
    """Why the kernel backend cannot play ``table`` against ``opponent``, or ``None`` if it can.

    Example:
        >>> from pokergym.agents import RandomAgent
        >>> kernel_obstacle(HandTable(), OpponentSeat(RandomAgent()))
        "the kernel plays the calling station only, got opponent RandomAgent(name='random')"
    """
    if opponent is not None and not opponent.calls:
        return f"the kernel plays the calling station only, got opponent {opponent.agent!r}"
    return table.kernel_obstacle()


def choose_backend(
    table: HandTable, requested: Backend, opponent: OpponentSeat | None, *, background: bool
) -> tuple[TableBackend, KernelBackend | None]:
    """The backend that plays ``table``'s first hand, and the kernel backend waiting for its kernels, if any.

    Args:
        table: the environment's table.
        requested: ``"auto"`` (the kernel when it applies), ``"kernel"`` or ``"python"``.
        opponent: the agent the backend plays in seat 1, or ``None``.
        background: with ``"auto"``, whether kernels missing from numba's cache are
            compiled in the background thread while the Python engine plays
            (:mod:`pokergym.envs.background`); otherwise they compile at the first call.

    Returns:
        The backend to play with, and (``"auto"`` on a cold cache with ``background``)
        the kernel backend to switch to once :func:`pokergym.envs.background.promote` allows.

    Raises:
        ConfigError: ``requested`` is ``"kernel"`` and the kernel does not apply.
    """
    obstacle = kernel_obstacle(table, opponent)
    if requested == "kernel" and obstacle is not None:
        raise ConfigError(f"the kernel backend does not apply: {obstacle}")
    if requested == "python" or obstacle is not None:
        return EngineBackend(table, opponent), None
    compiled = table.compiled(reply=opponent is not None)  # imports numba: only when the kernel runs
    kernel = KernelBackend(table, compiled, opponent)
    if not background or requested == "kernel":
        return kernel, None
    from pokergym.envs import background as compilation

    if compilation.kernels_ready(compiled):
        return kernel, None
    compilation.start(compiled)  # a cold cache: play on the engine until the thread has compiled the kernels
    return EngineBackend(table, opponent), kernel
