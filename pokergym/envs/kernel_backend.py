"""The compiled backend: a :class:`~pokergym.envs.compiled.CompiledTable` plays the hands on the kernels.

It serves the discrete action mode, against the calling station (``HUNL-v0``)
or with both seats played from outside (the PettingZoo environment); see
:mod:`pokergym.envs.backends`. This module does not import numba: the
compiled table it is given does.

Example:
    >>> from pokergym.envs.table import HandTable
    >>> table = HandTable(button=0)
    >>> backend = KernelBackend(table, table.compiled(reply=False), None)
    >>> backend.deal(3)
    (0, 0)
    >>> backend.act(0, 0), backend.status()  # seat 0 folds its small blind
    (True, (0, -1, (-50, 50)))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, cast

import numpy as np

from pokergym.engine.row_layout import (
    ACTOR,
    BUTTON,
    DECK,
    MAX_RAISE_TO,
    MIN_RAISE_TO,
    PAYOFF,
    SHOWDOWN,
    TERMINAL,
    TO_CALL,
)
from pokergym.engine.state import HandState
from pokergym.envs.backends import Outcome, seat_info
from pokergym.envs.discrete import DiscreteActions
from pokergym.envs.opponent import OpponentSeat
from pokergym.envs.table import HandTable
from pokergym.errors import HandOverError

if TYPE_CHECKING:
    from pokergym.envs.compiled import CompiledTable
    from pokergym.envs.engine_backend import EngineBackend

__all__ = ["KernelBackend"]

_NO_BOUNDS = (0, 0, 0)


class KernelBackend:
    """Plays the hands on the compiled kernels (the ``"kernel"`` backend).

    Args:
        table: the table whose settings the compiled table was built from (it deals nothing here).
        compiled: the compiled table (``reply=True`` when the calling station plays seat 1).
        opponent: seat 1's agent (the calling station, told of each hand's start), or ``None``.

    Attributes:
        table: the settings' table.
        compiled: the compiled table.
        opponent: seat 1's agent, if any.
    """

    __slots__ = ("_codec", "_raise", "compiled", "opponent", "table")

    name: Literal["kernel"] = "kernel"

    def __init__(self, table: HandTable, compiled: CompiledTable, opponent: OpponentSeat | None) -> None:
        """Hold the table, the compiled table and the opponent."""
        self.table = table
        self.compiled = compiled
        self.opponent = opponent
        self._codec = cast(DiscreteActions, table.codec)
        self._raise = table.raise_on_illegal

    @property
    def aborted(self) -> bool:
        """Whether an illegal action ended the current hand."""
        return self.compiled.aborted

    def hand(self) -> HandState:
        """The current hand, rebuilt from the kernel's action log (treat it as read-only)."""
        compiled = self.compiled
        if not compiled.state:
            raise HandOverError("no hand has been dealt: call reset() first")
        return compiled.hand()

    def resume(self, engine: EngineBackend) -> None:
        """Continue the hands of ``engine``'s dealer and its button schedule from the next reset on."""
        self.compiled.resume(*engine.position())

    def deal(self, seed: int | None) -> tuple[int, int]:
        """Deal the next hand (the calling station, if it plays seat 1, answers inside the kernel)."""
        opponent = self.opponent
        if opponent is not None:  # the call station draws nothing: nothing to seed
            opponent.reset()
        self.compiled.reset(seed)
        return 0, 0

    def act(self, seat: int, action: Any) -> bool:
        """Take the action of the seat to act (``seat``; the kernel knows whose turn it is)."""
        return self.compiled.act(self._codec, action, self._raise)

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        """``seat``'s observation dict.

        Raises:
            HandOverError: no hand has been dealt.
        """
        compiled = self.compiled
        if not compiled.state:
            raise HandOverError("no hand has been dealt: call reset() first")
        return compiled.observe(seat)

    def mask(self, seat: int) -> np.ndarray:
        """``seat``'s action mask.

        Raises:
            HandOverError: no hand has been dealt.
        """
        compiled = self.compiled
        if not compiled.state:
            raise HandOverError("no hand has been dealt: call reset() first")
        if seat == 0:
            mask: np.ndarray = compiled.tables.masks[0].copy()
            if compiled.state[ACTOR] != 0:
                mask[:] = 0
            return mask
        return compiled.observe(seat)["action_mask"]

    def payoffs(self) -> tuple[int, int] | None:
        """The chips each seat won (``None`` until settled)."""
        state = self.compiled.state
        return (state[PAYOFF], state[PAYOFF + 1]) if state[TERMINAL] else None

    def status(self) -> tuple[int, int, tuple[int, int] | None]:
        """The button, the seat to act and the payoffs (``None`` until settled)."""
        state = self.compiled.state
        return state[BUTTON], state[ACTOR], (state[PAYOFF], state[PAYOFF + 1]) if state[TERMINAL] else None

    def info(self, seat: int) -> dict[str, Any]:
        """``seat``'s ``HUNL-v0`` info dict, from the state row and the records."""
        compiled = self.compiled
        state = compiled.state
        history = tuple(compiled.records)
        if state[TERMINAL]:
            showdown = state[SHOWDOWN] == 1
            hole = DECK + (0 if state[BUTTON] == 1 - seat else 2)  # the button's cards come first
            shown = (state[hole], state[hole + 1]) if showdown else None
            outcome = ((state[PAYOFF], state[PAYOFF + 1]), showdown, shown)
            return seat_info(seat, state[BUTTON], _NO_BOUNDS, history, False, outcome)
        if compiled.aborted:
            return seat_info(seat, state[BUTTON], _NO_BOUNDS, history, True, None)
        bounds = state[TO_CALL], state[MIN_RAISE_TO], state[MAX_RAISE_TO]
        return seat_info(seat, state[BUTTON], bounds, history, False, None)

    def outcome(self) -> Outcome:
        """How the hand ended."""
        compiled = self.compiled
        state = compiled.state
        payoffs = (state[PAYOFF], state[PAYOFF + 1]) if state[TERMINAL] else (0, 0)
        return payoffs, state[BUTTON], state[SHOWDOWN] == 1, tuple(compiled.records)
