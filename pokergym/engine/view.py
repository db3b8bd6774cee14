"""What one seat may know: the information set handed to agents."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from pokergym.engine.actions import ActionRecord, LegalActions, Street
from pokergym.engine.config import GameConfig

if TYPE_CHECKING:
    from pokergym.engine.state import HandState

__all__ = ["PlayerView", "make_view"]


class PlayerView(NamedTuple):
    """One seat's information set: its own cards and everything public.

    An immutable named tuple (cheap to build: drivers make one per decision);
    use ``view._replace(field=value)`` to derive a modified view.

    A view never holds the opponent's hole cards; agents that model the
    opponent learn them from the hand-end event when they are shown.

    Attributes:
        seat: the seat this view belongs to.
        button: the button seat (small blind, in position after the flop).
        street: the current street.
        hole: this seat's two hole cards.
        board: the visible board cards.
        stacks: chips behind for seats 0 and 1.
        bets: chips each seat has put in on this street.
        contributions: chips each seat has put in during the hand.
        history: every action so far (blinds are not actions).
        legal: the legal actions when it is this seat's turn, else ``None``.
        config: blinds and starting stacks.
    """

    seat: int
    button: int
    street: Street
    hole: tuple[int, int]
    board: tuple[int, ...]
    stacks: tuple[int, int]
    bets: tuple[int, int]
    contributions: tuple[int, int]
    history: tuple[ActionRecord, ...]
    legal: LegalActions | None
    config: GameConfig

    @property
    def opponent(self) -> int:
        """The other seat."""
        return 1 - self.seat

    @property
    def is_button(self) -> bool:
        """Whether this seat has the button (acts last after the flop)."""
        return self.seat == self.button

    @property
    def pot(self) -> int:
        """All chips put in so far, current street included."""
        return self.contributions[0] + self.contributions[1]

    @property
    def pot_at_street_start(self) -> int:
        """The pot before this street's bets."""
        return self.pot - self.bets[0] - self.bets[1]

    @property
    def to_call(self) -> int:
        """Chips this seat must add to call (0 when it is not its turn)."""
        return self.legal.call_amount if self.legal is not None else 0

    @property
    def street_history(self) -> tuple[ActionRecord, ...]:
        """The actions taken on the current street."""
        street = self.street
        return tuple(r for r in self.history if r.street == street)


def make_view(state: HandState, seat: int) -> PlayerView:
    """Build the :class:`PlayerView` of ``seat`` for ``state``.

    Example:
        >>> from pokergym.engine.state import HandState
        >>> state = HandState.new(deck=tuple(range(9)), button=1)
        >>> view = make_view(state, 1)
        >>> view.hole, view.to_call, view.legal is not None
        ((0, 1), 50, True)
        >>> make_view(state, 0).legal is None
        True
    """
    if seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, got {seat!r}")
    stacks = state.stacks
    bets = state.bets
    contributions = state.contributions
    return PlayerView(
        seat,
        state.button,
        state.street,
        state.hole(seat),
        state.board,
        (stacks[0], stacks[1]),
        (bets[0], bets[1]),
        (contributions[0], contributions[1]),
        tuple(state.history),
        state.legal_actions() if state.actor == seat and not state.terminal else None,
        state.config,
    )
