"""The observation vector of one seat, shared by the Gymnasium and PettingZoo environments.

Chip amounts are in hundreds of big blinds (``1.0`` = 100 BB), so the
default 200 BB stacks read ``2.0``; each is bounded by the chips on the
table. The layout (hole cards, board cards, street, position, pot, stacks,
street bets, amount to call, raise bounds, pot odds, then ``history_slots``
action slots per street and per-street raise counters) is tabulated index by
index in :class:`pokergym.envs.hunl.HUNLEnv`;
:attr:`ObservationLayout.feature_names` names every index.

:class:`SeatEncoder` keeps one preallocated vector per seat and only writes
what changed since the previous call (new actions, new board cards, the
scalars), then returns a copy.

Example:
    >>> from pokergym.engine import HandState
    >>> layout = ObservationLayout(GameConfig())
    >>> layout.size, layout.feature_names[108], layout.feature_names[118]
    (318, 'is_button', 'preflop_0_self')
    >>> hand = HandState.new(deck=tuple(range(9)), button=0)
    >>> hand.raise_to(300)
    >>> vector = SeatEncoder(layout, seat=1).reset(hand).encode(hand)
    >>> [round(float(vector[layout.index(name)]), 4) for name in ("pot", "to_call", "preflop_0_opp", "preflop_0_raise")]
    [0.04, 0.02, 1.0, 1.0]
"""

from __future__ import annotations

import struct

import numpy as np
from gymnasium import spaces

from pokergym.cards import CARD_STRINGS
from pokergym.engine.actions import ActionRecord, Street
from pokergym.engine.config import GameConfig
from pokergym.engine.state import HandState
from pokergym.errors import ConfigError

__all__ = ["MAX_RAISE_COUNT", "ObservationLayout", "SeatEncoder"]

MAX_RAISE_COUNT = 10
"""Cap of the per-street raise counters."""

_SLOT_FIELDS = ("self", "opp", "fold", "check", "call", "raise", "all_in", "size")
_SCALARS = (
    "pot",
    "stack_self",
    "stack_opp",
    "bet_self",
    "bet_opp",
    "to_call",
    "min_raise_to",
    "max_raise_to",
)
_HOLE = 0
_BOARD = 52
_STREET = 104
_BUTTON = 108
_SCALAR = 109
_POT_ODDS = 117
_HISTORY = 118
_STREET_NAMES = tuple(s.name.lower() for s in Street)
# Writes the 9 values of indices 109..117 straight into the float32 buffer's memory, much
# faster than assigning a Python tuple to a numpy slice.
_PACK_SCALARS = struct.Struct("=9f").pack_into
_SCALAR_OFFSET = _SCALAR * np.dtype(np.float32).itemsize
# Slot column (offsets 2..5) of each action kind, indexed by ActionKind; BET and RAISE share one.
_KIND_COLUMN = (2, 3, 4, 5, 5)
_EMPTY_SLOT = memoryview(bytes(4 * len(_SLOT_FIELDS))).cast("f")


def _float_view(buffer: np.ndarray) -> memoryview[float]:
    """A float view of ``buffer``'s memory: writing single values through it beats ndarray item assignment."""
    return memoryview(buffer).cast("B").cast("f")  # type: ignore[arg-type]  # ndarray stubs lack the buffer protocol


class ObservationLayout:
    """The observation vector's size, names, bounds and Gymnasium space for one game.

    Attributes:
        history_slots: action slots per street (``K``).
        raise_counts_start: the index of ``preflop_raises_self``, the first raise counter.
        size: the vector length.
        feature_names: a name per index.
        chip_scale: the factor from chips to vector units (``1 / (100 * big_blind)``).
        space: the ``Box`` of the vector (float32, finite bounds).
    """

    __slots__ = ("_index", "chip_scale", "feature_names", "history_slots", "raise_counts_start", "size", "space")

    def __init__(self, config: GameConfig, history_slots: int = 6) -> None:
        """Lay out the vector for ``config`` with ``history_slots`` slots per street.

        Raises:
            ConfigError: if ``history_slots`` is not a positive integer.
        """
        if isinstance(history_slots, bool) or not isinstance(history_slots, int) or history_slots < 1:
            raise ConfigError(f"history_slots must be a positive integer, got {history_slots!r}")
        self.history_slots = history_slots
        self.raise_counts_start = _HISTORY + 4 * len(_SLOT_FIELDS) * history_slots
        names = [f"hole_{c}" for c in CARD_STRINGS]
        names += [f"board_{c}" for c in CARD_STRINGS]
        names += [f"street_{s}" for s in _STREET_NAMES]
        names.append("is_button")
        names += _SCALARS
        names.append("pot_odds")
        for street in _STREET_NAMES:
            for slot in range(history_slots):
                names += [f"{street}_{slot}_{field}" for field in _SLOT_FIELDS]
        for street in _STREET_NAMES:
            names += [f"{street}_raises_self", f"{street}_raises_opp"]
        self.feature_names: tuple[str, ...] = tuple(names)
        self.size = len(names)
        self._index = {name: i for i, name in enumerate(names)}
        self.chip_scale = 1.0 / (100 * config.big_blind)
        high = np.ones(self.size, np.float32)
        high[_SCALAR : _SCALAR + len(_SCALARS)] = sum(config.stacks) * self.chip_scale
        high[self.raise_counts_start :] = MAX_RAISE_COUNT
        self.space = spaces.Box(np.zeros(self.size, np.float32), high, dtype=np.float32)

    def index(self, name: str) -> int:
        """The index of feature ``name``.

        Raises:
            KeyError: for an unknown name.
        """
        return self._index[name]

    def slot_start(self, street: int, slot: int) -> int:
        """Index of the first value (``_self``) of history slot ``slot`` of ``street``."""
        return _HISTORY + len(_SLOT_FIELDS) * (street * self.history_slots + slot)


class SeatEncoder:
    """Writes one seat's observation vector for a hand, incrementally.

    :meth:`encode` starts over by itself when it is handed a new hand (or call
    :meth:`reset`); otherwise it reads only the actions and board cards added
    since the previous call, then rewrites the scalars.

    Attributes:
        layout: the :class:`ObservationLayout`.
        seat: the seat this encoder observes for.
    """

    __slots__ = (
        "_bets",
        "_board",
        "_buffer",
        "_counts",
        "_hand",
        "_last_slot",
        "_pot",
        "_raise_counts",
        "_raises",
        "_record_street",
        "_records",
        "_scale",
        "_slot_starts",
        "_street",
        "_view",
        "layout",
        "seat",
    )

    def __init__(self, layout: ObservationLayout, seat: int) -> None:
        """Create the encoder of ``seat`` with a zeroed buffer."""
        self.layout = layout
        self.seat = seat
        self._buffer = np.zeros(layout.size, np.float32)
        self._view = _float_view(self._buffer)
        self._scale = layout.chip_scale
        self._last_slot = layout.history_slots - 1
        self._raise_counts = layout.raise_counts_start
        self._slot_starts = [[layout.slot_start(s, i) for i in range(layout.history_slots)] for s in range(4)]
        self._hand: HandState | None = None
        self._records = 0
        self._board = 0
        self._street = 0
        self._record_street = 0
        self._pot = 0
        self._bets = [0, 0]
        self._counts = [0, 0, 0, 0]
        self._raises = [0] * 8

    def __getstate__(self) -> dict[str, object]:
        """The encoder's state for pickling and copying, without the (unpicklable) memoryview."""
        return {name: getattr(self, name) for name in self.__slots__ if name != "_view"}

    def __setstate__(self, state: dict[str, object]) -> None:
        """Restore a pickled encoder; the memoryview is made anew over the restored buffer."""
        for name, value in state.items():
            setattr(self, name, value)
        self._view = _float_view(self._buffer)

    def reset(self, hand: HandState) -> SeatEncoder:
        """Start on ``hand``: clear the buffer and write the cards, street and position."""
        self._buffer.fill(0.0)
        view = self._view
        seat = self.seat
        button = hand.button
        deck = hand.deck
        if button == seat:
            view[_HOLE + deck[0]] = view[_HOLE + deck[1]] = view[_BUTTON] = 1.0
        else:
            view[_HOLE + deck[2]] = view[_HOLE + deck[3]] = 1.0
        view[_STREET] = 1.0
        self._hand = hand
        self._records = 0
        self._board = 0
        self._street = 0
        self._record_street = 0
        config = hand.config
        stacks = config.stacks
        blinds = [0, 0]
        blinds[button] = min(config.small_blind, stacks[button])
        blinds[1 - button] = min(config.big_blind, stacks[1 - button])
        self._bets = blinds
        self._pot = blinds[0] + blinds[1]
        self._counts = [0, 0, 0, 0]
        self._raises = [0] * 8
        return self

    def encode(self, hand: HandState) -> np.ndarray:
        """Bring the vector up to date with ``hand`` and return a copy of it."""
        if hand is not self._hand:
            self.reset(hand)
        history = hand.history
        if len(history) > self._records:
            self._add_actions(history)
        street = hand.street
        if street != self._street:
            view = self._view
            for card in hand.board[self._board :]:
                view[_BOARD + card] = 1.0
            self._board = len(hand.board)
            view[_STREET + self._street] = 0.0
            view[_STREET + street] = 1.0
            self._street = street
        me = self.seat
        other = 1 - me
        stacks = hand.stacks
        bets = hand.bets
        contributions = hand.contributions
        pot = contributions[0] + contributions[1]
        to_call = bets[other] - bets[me]
        if to_call > stacks[me]:
            to_call = stacks[me]
        elif to_call < 0:
            to_call = 0
        k = self._scale
        if hand.actor == me:
            low, high = hand.min_raise_to * k, hand.max_raise_to * k
        else:
            low = high = 0.0
        _PACK_SCALARS(
            self._view,  # into the memoryview: much cheaper to get a buffer from than the ndarray
            _SCALAR_OFFSET,
            pot * k,
            stacks[me] * k,
            stacks[other] * k,
            bets[me] * k,
            bets[other] * k,
            to_call * k,
            low,
            high,
            to_call / (pot + to_call),
        )
        return self._buffer.copy()

    def _add_actions(self, history: list[ActionRecord]) -> None:
        view = self._view
        counts = self._counts
        raises = self._raises
        bets = self._bets
        pot = self._pot
        me = self.seat
        last_slot = self._last_slot
        raise_counts = self._raise_counts
        street = self._record_street
        starts = self._slot_starts[street]
        for record_street, seat, kind, to, added, all_in in history[self._records :]:
            if record_street != street:
                street = record_street
                starts = self._slot_starts[street]
                bets = [0, 0]
            slot = counts[street]
            counts[street] = slot + 1
            if slot < last_slot:
                start = starts[slot]
            else:
                start = starts[last_slot]
                if slot > last_slot:  # the street overflowed: replace the last slot's action
                    view[start : start + 8] = _EMPTY_SLOT
            view[start if seat == me else start + 1] = 1.0
            column = _KIND_COLUMN[kind]
            view[start + column] = 1.0
            if column == 5:
                facing = bets[1 - seat]
                size = (to - facing) / (pot + facing - bets[seat])
                view[start + 7] = size / (1.0 + size)
                counter = 2 * street if seat == me else 2 * street + 1
                count = raises[counter] + 1
                raises[counter] = count
                view[raise_counts + counter] = count if count < MAX_RAISE_COUNT else MAX_RAISE_COUNT
            elif column == 4:
                size = added / pot
                view[start + 7] = size / (1.0 + size)
            if all_in:
                view[start + 6] = 1.0
            bets[seat] = to
            pot += added
        self._records = len(history)
        self._bets = bets
        self._pot = pot
        self._record_street = street
