"""Events that tell agents what happened in a hand, in order."""

from __future__ import annotations

from dataclasses import dataclass

from pokergym.engine.actions import ActionRecord, Street
from pokergym.engine.state import _BOARD_COUNT, HandState

__all__ = ["ActionTaken", "Event", "EventFeed", "HandEnd", "HandStart", "StreetStart"]


@dataclass(frozen=True, slots=True)
class HandStart:
    """A hand began; ``hole`` is the receiving seat's own cards."""

    seat: int
    button: int
    hole: tuple[int, int]
    stacks: tuple[int, int]


@dataclass(frozen=True, slots=True)
class ActionTaken:
    """A seat acted."""

    record: ActionRecord


@dataclass(frozen=True, slots=True)
class StreetStart:
    """A new street was dealt; ``board`` is the whole visible board."""

    street: Street
    board: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandEnd:
    """The hand is over.

    Attributes:
        payoffs: chips won by seat 0 and seat 1 (sum zero).
        board: the board as far as it was dealt.
        shown: hole cards revealed at showdown per seat (``None`` when mucked or
            the hand ended by a fold).
        showdown: whether the hand reached a showdown.
    """

    payoffs: tuple[int, int]
    board: tuple[int, ...]
    shown: tuple[tuple[int, int] | None, tuple[int, int] | None]
    showdown: bool


Event = HandStart | ActionTaken | StreetStart | HandEnd
"""Any event an agent's ``observe`` receives."""


class EventFeed:
    """Turns the changes of a :class:`HandState` into events, each once.

    Call :meth:`start` for each seat's private start event, then
    :meth:`pending` after actions to get the public events since the last call.

    Example:
        >>> state = HandState.new(deck=tuple(range(9)))
        >>> feed = EventFeed(state)
        >>> state.call(); state.check()
        >>> [type(e).__name__ for e in feed.pending()]
        ['ActionTaken', 'ActionTaken', 'StreetStart']
    """

    __slots__ = ("_actions", "_ended", "_state", "_street")

    def __init__(self, state: HandState) -> None:
        """Follow ``state`` from the start of its hand: a feed made mid-hand first gives what came before."""
        self._state = state
        self._actions = 0
        self._street = Street.PREFLOP
        self._ended = False

    def start(self, seat: int) -> HandStart:
        """The private start event of ``seat``."""
        state = self._state
        return HandStart(seat, state.button, state.hole(seat), tuple(state.config.stacks))  # type: ignore[arg-type]

    def pending(self) -> list[Event]:
        """Public events since the previous call (empty when nothing changed)."""
        state = self._state
        events: list[Event] = []
        history = state.history
        for record in history[self._actions :]:
            self._reach(record.street, events)
            events.append(ActionTaken(record))
        self._actions = len(history)
        self._reach(state.street, events)
        if state.payoffs is not None and not self._ended:
            self._ended = True
            shown = state.hole_cards if state.showdown else (None, None)
            events.append(HandEnd(state.payoffs, state.board, shown, state.showdown))
        return events

    def _reach(self, street: Street, events: list[Event]) -> None:
        deck = self._state.deck
        while self._street < street:
            self._street = Street(self._street + 1)
            events.append(StreetStart(self._street, deck[4 : 4 + _BOARD_COUNT[self._street]]))
