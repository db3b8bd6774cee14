"""What an environment asks of the table that plays its hands: :class:`TableBackend`.

Two backends implement it: :class:`~pokergym.envs.engine_backend.EngineBackend`
plays on the Python engine (:class:`~pokergym.engine.HandState`, every action
mode and opponent) and :class:`~pokergym.envs.kernel_backend.KernelBackend`
on the compiled kernels (:class:`~pokergym.envs.compiled.CompiledTable`, the
discrete mode against the calling station or with both seats played from
outside). ``HUNL-v0`` and the PettingZoo environment hold one backend and call
it without asking which one it is; with ``backend="auto"`` on a cold cache,
:func:`pokergym.envs.background.promote` hands over the kernel backend once
its kernels are compiled. Both give the same hands, observations, rewards and
infos (``tests/envs/test_backend_parity.py``).

Example:
    >>> from pokergym.envs.engine_backend import EngineBackend
    >>> from pokergym.envs.table import HandTable
    >>> backend: TableBackend = EngineBackend(HandTable(button=0), None)
    >>> backend.deal(5)  # hands skipped before seat 0 could act, and their chips
    (0, 0)
    >>> backend.act(0, 1), backend.status()  # the button calls: button, actor, payoffs
    (True, (0, 1, None))
    >>> sorted(backend.info(1))
    ['button', 'chips', 'history', 'illegal_action', 'max_raise_to', 'min_raise_to', 'seat', 'to_call']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Protocol

import numpy as np

from pokergym.engine.actions import ActionRecord

if TYPE_CHECKING:
    from pokergym.engine.state import HandState
    from pokergym.envs.compiled import CompiledTable

__all__ = ["Outcome", "TableBackend", "seat_info"]

Outcome = tuple[tuple[int, int], int, bool, tuple[ActionRecord, ...]]
"""A hand's end: payoffs per seat (``(0, 0)`` if it never settled), button, showdown, and its actions."""


class TableBackend(Protocol):
    """The operations an environment needs from the table that plays its hands.

    A backend built with an opponent (``HUNL-v0``) plays seat 1 itself: after
    :meth:`deal` and :meth:`act` it is seat 0's turn or the hand is over.
    Without one (the PettingZoo environment) every decision comes through :meth:`act`.
    """

    @property
    def name(self) -> Literal["kernel", "python"]:
        """Which backend this is."""
        ...

    @property
    def compiled(self) -> CompiledTable | None:
        """The compiled table that plays the hands (``None`` on the Python engine)."""
        ...

    @property
    def aborted(self) -> bool:
        """Whether an illegal action ended the current hand."""
        ...

    def hand(self) -> HandState:
        """The current hand's engine state (rebuilt on the kernel backend; treat it as read-only).

        Raises:
            HandOverError: no hand has been dealt.
        """
        ...

    def deal(self, seed: int | None) -> tuple[int, int]:
        """Deal the next hand (with ``seed``, an int >= 0: hand 0 of ``seed_key(seed)``), opponent played.

        Returns:
            The hands the opponent ended before seat 0 could act, and seat 0's chips in them.
        """
        ...

    def act(self, seat: int, action: Any) -> bool:
        """Take ``seat``'s encoded ``action``; ``False`` if it was illegal under ``illegal_action="penalty"``.

        Raises:
            HandOverError: the hand is over or was never dealt.
            IllegalActionError: the action is illegal and ``illegal_action="raise"``.
        """
        ...

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        """``seat``'s observation dict (fresh arrays; the mask all zeros off turn)."""
        ...

    def mask(self, seat: int) -> np.ndarray:
        """``seat``'s action mask (int8, a fresh array; all zeros off turn)."""
        ...

    def payoffs(self) -> tuple[int, int] | None:
        """The chips each seat won, once the hand has settled (``None`` before, and after an illegal action)."""
        ...

    def status(self) -> tuple[int, int, tuple[int, int] | None]:
        """The button, the seat to act, and the payoffs once the hand has settled (else ``None``)."""
        ...

    def info(self, seat: int) -> dict[str, Any]:
        """``seat``'s ``HUNL-v0`` info dict (see :func:`seat_info`)."""
        ...

    def outcome(self) -> Outcome:
        """How the hand ended (see :data:`Outcome`)."""
        ...


def seat_info(
    seat: int,
    button: int,
    bounds: tuple[int, int, int],
    history: tuple[ActionRecord, ...],
    illegal: bool,
    outcome: tuple[tuple[int, int], bool, tuple[int, int] | None] | None,
) -> dict[str, Any]:
    """A seat's ``HUNL-v0`` info dict (see :class:`~pokergym.envs.HUNLEnv`).

    Args:
        seat: the seat.
        button: the button's seat.
        bounds: the seat's ``to_call``, ``min_raise_to`` and ``max_raise_to`` (zeros off turn).
        history: the hand's actions.
        illegal: whether an illegal action ended the hand.
        outcome: once settled, the payoffs, whether there was a showdown and the other seat's shown cards.

    Example:
        >>> info = seat_info(0, 1, (0, 0, 0), (), False, ((150, -150), False, None))
        >>> info["chips"], info["payoffs"], info["opponent_hole"]
        (150, (150, -150), None)
    """
    info: dict[str, Any] = {
        "seat": seat,
        "button": button,
        "to_call": bounds[0],
        "min_raise_to": bounds[1],
        "max_raise_to": bounds[2],
        "chips": 0 if outcome is None else outcome[0][seat],
        "history": history,
        "illegal_action": illegal,
    }
    if outcome is not None:
        info["payoffs"], info["showdown"], info["opponent_hole"] = outcome
    return info
