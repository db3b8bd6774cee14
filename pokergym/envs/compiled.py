"""``HUNL-v0``'s table on the numba kernels: the engine's rules compiled, its records kept.

:class:`CompiledTable` plays one table of ``HUNL-v0`` in the discrete action
mode against the calling station with the kernels of
:mod:`pokergym.envs.kernel` (the same ones the vector environment runs),
so a step is one compiled call instead of a dozen Python methods. What a
single environment hands out beyond arrays stays available: the kernel
logs every action, :attr:`CompiledTable.records` turns the log into the
engine's :class:`~pokergym.engine.ActionRecord` tuples as the hand goes, and
:meth:`CompiledTable.hand` rebuilds the :class:`~pokergym.engine.HandState`
on demand by replaying those records through the Python engine (so every
rule the kernel applied is checked again whenever a hand is looked at).

Importing this module imports numba; :class:`~pokergym.envs.HUNLEnv` does so
only when its ``"kernel"`` backend runs.

Example:
    >>> from pokergym.engine.dealer import deal, seed_key
    >>> table = CompiledTable(GameConfig(), (0.5, 1.0), "alternate", 6)
    >>> table.reset(3)
    >>> table.hand().deck == deal(seed_key(3), 0)[0]
    True
    >>> table.act(DiscreteActions(), 1, raise_on_illegal=True)  # check or call: the calling station answers
    True
    >>> [str(record) for record in table.records][:2] == [str(r) for r in table.hand().history][:2]
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import typeof

from pokergym.engine.actions import ActionKind, ActionRecord, Street
from pokergym.engine.config import GameConfig
from pokergym.engine.dealer import seed_key
from pokergym.engine.row_layout import ACTOR, BUTTON, COUNT, DECK, LOG_FIELDS, LOGGED, NEXT_BUTTON, TERMINAL
from pokergym.engine.state import HandState
from pokergym.envs.discrete import DiscreteActions
from pokergym.envs.kernel import KEY_GIVEN, NO_SEED, KernelTables, reset_table, seat_view, step_table
from pokergym.errors import HandOverError, IllegalActionError, PokerGymError

__all__ = ["CompiledTable"]

_ONE_WORD = 1 << 63  # seeds below this fit the kernel's int64 argument
_STREETS = tuple(Street)
_KINDS = tuple(ActionKind)
_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL


class CompiledTable:
    """One table stepped by the kernels: ``HUNL-v0`` (the calling station in seat 1) or both seats from outside.

    Args:
        config: blinds and stacks (both stacks must exceed the big blind).
        raise_fractions: the discrete mode's pot fractions.
        button: ``"alternate"``, ``"random"`` or a fixed seat, as in :class:`~pokergym.envs.HUNLEnv`.
        history_slots: action slots per street in the observation.
        reply: whether the calling station plays seat 1 (``HUNL-v0``); ``False``
            leaves every decision to :meth:`step` (the AEC environment).

    Attributes:
        tables: the kernel's arrays for one table (state, key, observation and mask rows).
        log: ``int64 (1, config.max_actions, LOG_FIELDS)``, the current hand's actions.
        records: the current hand's actions as :class:`~pokergym.engine.ActionRecord`, oldest first.
        state: the state row as a list of ints, read after every reset and step (empty before the first reset).
        aborted: whether an illegal action ended the current hand (``illegal_action="penalty"``).

    Raises:
        ConfigError: a setting is invalid.
    """

    __slots__ = ("_entries", "_replay", "aborted", "config", "log", "records", "reply", "state", "tables")

    def __init__(
        self,
        config: GameConfig,
        raise_fractions: Sequence[float],
        button: str | int,
        history_slots: int,
        *,
        reply: bool = True,
    ) -> None:
        """Allocate the arrays (the dealing key comes from the operating system's entropy until a reset gives one)."""
        self.config = config
        self.reply = reply
        self.tables = KernelTables(1, config, raise_fractions, button, None, history_slots)
        self.log = np.zeros((1, config.max_actions, LOG_FIELDS), np.int64)
        self.records: list[ActionRecord] = []
        self.state: list[int] = []
        self.aborted = False
        self._replay: HandState | None = None
        self._entries: tuple[tuple[Any, tuple[Any, ...]], ...] = ()

    def reset(self, seed: int | None) -> None:
        """Deal the next hand; with ``seed`` (an int >= 0), first go to hand 0 of its dealing key (``seed_key``).

        A :meth:`hand` handed out before is first brought to the end of its hand, so that whoever holds it (an
        :class:`~pokergym.pettingzoo.AgentPolicy` following the hand's events) sees the last actions and the
        result, as it would holding the Python engine's hand.
        """
        if self._replay is not None:
            self.hand()
        tables = self.tables
        if seed is None:
            code = NO_SEED
        elif seed < _ONE_WORD:
            code = seed  # the kernel computes the key: no Python big-int arithmetic on the way
        else:
            tables.keys[0] = seed_key(seed)
            code = KEY_GIVEN
        reset_table(
            code, self.reply, tables.state, tables.keys, tables.observations, tables.masks, self.log,
            tables.settings, tables.fractions, tables.scale,
        )  # fmt: skip
        self.records = []
        self.aborted = False
        self._replay = None
        self._read()

    def resume(self, key: int, count: int, next_button: int | None) -> None:
        """Continue a :class:`~pokergym.engine.dealer.Dealer`'s hands: the next reset without a seed deals its next one.

        Args:
            key: the dealer's key.
            count: the number of hands it has dealt.
            next_button: the next hand's button under ``"alternate"`` (``None``: the dealer's button bit).
        """
        self.tables.keys[0] = key
        state = self.tables.state
        state[0, COUNT] = count
        state[0, NEXT_BUTTON] = -1 if next_button is None else next_button

    def act(self, codec: DiscreteActions, action: object, raise_on_illegal: bool) -> bool:
        """Take ``action`` for the seat to act if it is legal (as ``HandTable.act`` does on the engine).

        Returns:
            ``True`` if the action was taken; ``False`` if it was illegal and
            ``raise_on_illegal`` is false: the hand is then over (:attr:`aborted`, all-zero mask).

        Raises:
            HandOverError: there is no hand, or it is over.
            IllegalActionError: the action is illegal and ``raise_on_illegal`` is true
                (the codec's own error, naming the legal ids).
        """
        state = self.state
        if not state:
            raise HandOverError("no hand has been dealt: call reset() first")
        if self.aborted or state[TERMINAL] == 1:
            raise HandOverError("the hand is over: call reset() to deal the next one")
        tables = self.tables
        try:
            index = codec.index(action)
            if not tables.masks[0, index]:
                codec.apply(self.hand().copy(), action)  # raises the codec's error
                raise PokerGymError(f"the kernel's mask and the action codec disagree on {action!r}")
        except IllegalActionError:
            if raise_on_illegal:
                raise
            self.aborted = True
            tables.masks[0] = 0
            return False
        step_table(
            index, self.reply, tables.state, tables.observations, tables.masks, self.log,
            tables.settings, tables.fractions, tables.scale, tables.tabs,
        )  # fmt: skip
        self._read()
        return True

    def entry_kernels(self) -> tuple[tuple[Any, tuple[Any, ...]], ...]:
        """The kernels :meth:`reset` and :meth:`act` call, each with the numba types of the arguments they pass.

        These are the kernels to compile ahead (:mod:`pokergym.envs.background`):
        their callees compile with them. Typed once per table (about a millisecond).
        """
        if self._entries:
            return self._entries
        tables = self.tables
        reset = (0, self.reply, tables.state, tables.keys, tables.observations, tables.masks, self.log)
        step = (0, self.reply, tables.state, tables.observations, tables.masks, self.log)
        shared = (tables.settings, tables.fractions, tables.scale)
        self._entries = (
            (reset_table, tuple(typeof(value) for value in (*reset, *shared))),  # type: ignore[no-untyped-call]
            (step_table, tuple(typeof(value) for value in (*step, *shared, tables.tabs))),  # type: ignore[no-untyped-call]
        )
        return self._entries

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        """The observation dict of ``seat`` (fresh arrays; the mask is all zeros off turn)."""
        tables = self.tables
        if seat == 0:
            mask = tables.masks[0].copy()
            if self.state[ACTOR] != 0:
                mask[:] = 0
            return {"observation": tables.observations[0].copy(), "action_mask": mask}
        vectors = np.empty_like(tables.observations)  # one row: the arrays handed out are these rows
        masks = np.empty_like(tables.masks)
        seat_view(tables.state, tables.observations, tables.masks, tables.settings, seat, tables.scale, vectors, masks)
        return {"observation": vectors[0], "action_mask": masks[0]}

    def _read(self) -> None:
        """Read the state row and turn the log's new rows into records."""
        state = self.state = self.tables.state[0].tolist()
        records = self.records
        done = len(records)
        logged = state[LOGGED]
        if logged > done:
            log = self.log
            if logged > log.shape[1]:
                raise PokerGymError(f"the hand took {logged} actions, more than the log's {log.shape[1]} rows")
            streets, kinds, record = _STREETS, _KINDS, ActionRecord
            records += [
                record(streets[street], seat, kinds[kind], to, added, all_in == 1)
                for street, seat, kind, to, added, all_in in log[0, done:logged].tolist()
            ]

    def hand(self) -> HandState:
        """The current hand as a :class:`HandState`, rebuilt from the cards and the records.

        The rebuilt hand is kept and brought up to date on the next call (only
        the new records are replayed) unless it was changed in between, in
        which case it is rebuilt from the start. Treat it as read-only.
        """
        replay = self._replay
        records = self.records
        if replay is None or len(replay.history) > len(records) or replay.history != records[: len(replay.history)]:
            state = self.state
            replay = HandState.start(self.config, state[BUTTON], tuple(state[DECK : DECK + 9]))
            self._replay = replay
        for record in records[len(replay.history) :]:
            kind = record.kind
            if kind is _FOLD:
                replay.fold()
            elif kind is _CHECK:
                replay.check()
            elif kind is _CALL:
                replay.call()
            else:
                replay.raise_to(record.to)
        return replay
