"""The Python-engine backend: a :class:`~pokergym.envs.table.HandTable` and its dealer play the hands.

It serves every action mode and opponent (see :mod:`pokergym.envs.backends`).

Example:
    >>> from pokergym.agents import CallAgent
    >>> from pokergym.envs.opponent import OpponentSeat
    >>> from pokergym.envs.table import HandTable
    >>> backend = EngineBackend(HandTable(button=0), OpponentSeat(CallAgent()))
    >>> backend.deal(3)
    (0, 0)
    >>> backend.act(0, 0), backend.status()  # seat 0 folds its small blind
    (True, (0, -1, (-50, 50)))
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np

from pokergym.engine.dealer import Dealer, seed_key
from pokergym.engine.state import HandState
from pokergym.envs.backends import Outcome, seat_info
from pokergym.envs.opponent import OPPONENT, OpponentSeat
from pokergym.envs.table import HandTable
from pokergym.errors import HandOverError, PokerGymError

__all__ = ["EngineBackend"]

_LEARNER = 1 - OPPONENT
_MAX_SKIPPED = 1000
_NO_BOUNDS = (0, 0, 0)


class EngineBackend:
    """Plays the hands on the Python engine (the ``"python"`` backend).

    Args:
        table: the table (settings, codec, encoders, the current hand).
        opponent: the agent playing seat 1, or ``None`` when every decision comes through :meth:`act`.

    Attributes:
        table: the table.
        opponent: seat 1's agent, if the backend plays it.
        dealer: the dealer (its key comes from the operating system's entropy until a seed gives one).
    """

    __slots__ = ("dealer", "opponent", "table")

    name: Literal["python"] = "python"
    compiled: None = None

    def __init__(self, table: HandTable, opponent: OpponentSeat | None) -> None:
        """Hold the table and the opponent; make the dealer."""
        self.table = table
        self.opponent = opponent
        self.dealer = Dealer()

    @property
    def aborted(self) -> bool:
        """Whether an illegal action ended the current hand."""
        return self.table.aborted

    def hand(self) -> HandState:
        """The current hand (see :meth:`TableBackend.hand <pokergym.envs.backends.TableBackend.hand>`)."""
        hand = self.table.hand
        if hand is None:
            raise HandOverError("no hand has been dealt: call reset() first")
        return hand

    def position(self) -> tuple[int, int, int | None]:
        """The dealer's key, the hands it has dealt, and the next button under ``"alternate"`` (for a switch)."""
        return self.dealer.key, self.dealer.count, self.table.next_button

    def deal(self, seed: int | None) -> tuple[int, int]:
        """Deal the next hand and play the opponent until seat 0 acts (see ``TableBackend.deal``).

        Raises:
            AgentError: the opponent raised an exception or chose an illegal action.
            PokerGymError: the opponent ended 1000 hands in a row before seat 0 could act.
        """
        table, dealer, opponent = self.table, self.dealer, self.opponent
        if seed is not None:
            dealer.reseed(seed_key(seed))
            table.reseed()
            if opponent is not None:
                opponent.seed(dealer.key)
        if opponent is None:
            table.deal(dealer)
            return 0, 0
        if not opponent.seeded:
            opponent.seed(dealer.key)
        skipped = 0
        skipped_chips = 0
        while True:
            hand = table.deal(dealer)
            opponent.start(hand)
            opponent.play(hand)
            payoffs = hand.payoffs
            if payoffs is None:
                return skipped, skipped_chips
            skipped += 1
            skipped_chips += payoffs[_LEARNER]
            if skipped >= _MAX_SKIPPED:
                raise PokerGymError(f"the opponent ended {skipped} hands in a row before the learner could act")

    def act(self, seat: int, action: Any) -> bool:
        """Take ``seat``'s action, then let the opponent (if any) act until seat 0's turn or the end."""
        table = self.table
        opponent = self.opponent
        if not table.act(seat, action):
            return False
        if opponent is not None:
            hand = table.hand
            if hand is not None and (hand.actor == OPPONENT or opponent.listens):
                opponent.play(hand)
        return True

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        """``seat``'s observation dict."""
        return self.table.observe(seat)

    def mask(self, seat: int) -> np.ndarray:
        """``seat``'s action mask."""
        return self.table.mask(seat)

    def payoffs(self) -> tuple[int, int] | None:
        """The chips each seat won (``None`` until settled)."""
        hand = self.table.hand
        if hand is None:
            raise HandOverError("no hand has been dealt: call reset() first")
        return hand.payoffs

    def status(self) -> tuple[int, int, tuple[int, int] | None]:
        """The button, the seat to act and the payoffs (``None`` until settled)."""
        hand = self.table.hand
        if hand is None:
            raise HandOverError("no hand has been dealt: call reset() first")
        return hand.button, hand.actor, hand.payoffs

    def info(self, seat: int) -> dict[str, Any]:
        """``seat``'s ``HUNL-v0`` info dict."""
        table = self.table
        hand = table.hand
        if hand is None:
            raise HandOverError("no hand has been dealt: call reset() first")
        aborted = table.aborted
        history = tuple(hand.history)
        if hand.actor == seat and not aborted:  # mid-hand (no payoffs yet): the common case
            bounds = hand.to_call, hand.min_raise_to, hand.max_raise_to
            return seat_info(seat, hand.button, bounds, history, False, None)
        payoffs = hand.payoffs
        showdown = hand.showdown
        outcome = None if payoffs is None else (payoffs, showdown, hand.hole(1 - seat) if showdown else None)
        return seat_info(seat, hand.button, _NO_BOUNDS, history, aborted, outcome)

    def outcome(self) -> Outcome:
        """How the hand ended."""
        hand = self.hand()
        return hand.payoffs or (0, 0), hand.button, hand.showdown, tuple(hand.history)
