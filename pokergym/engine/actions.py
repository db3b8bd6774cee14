"""Streets, actions and the record of an action taken.

Bet and raise amounts are **to** amounts: the acting seat's total on the
current street after the action, as in pokerkit and the PokerSkill paper.

Example:
    >>> Action.raise_to(300)
    Action(kind=<ActionKind.RAISE: 4>, amount=300)
    >>> str(Action.call())
    'call'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple

import numpy as np

from pokergym.errors import IllegalActionError, brief

__all__ = ["Action", "ActionKind", "ActionRecord", "LegalActions", "Street"]


class Street(IntEnum):
    """Betting rounds, in order."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3


class ActionKind(IntEnum):
    """What a seat does.

    ``BET`` and ``RAISE`` are interchangeable on input (the engine records the
    right one). ``ALL_IN`` is an input shortcut: the engine records it as the
    call, bet or raise it amounts to, with ``all_in=True``.
    """

    FOLD = 0
    CHECK = 1
    CALL = 2
    BET = 3
    RAISE = 4
    ALL_IN = 5


@dataclass(frozen=True, slots=True)
class Action:
    """An action a seat wants to take.

    Attributes:
        kind: the action's kind.
        amount: the raise-to total for ``BET``/``RAISE`` (chips on this street
            after the action); ignored (0) for the other kinds.
    """

    kind: ActionKind
    amount: int = 0

    def __post_init__(self) -> None:
        """Check the kind; a plain integer kind (``2``) becomes its :class:`ActionKind`.

        Raises:
            IllegalActionError: if ``kind`` is not one of the six action kinds.
        """
        kind = self.kind
        if type(kind) is ActionKind:
            return
        if isinstance(kind, int | np.integer) and not isinstance(kind, bool) and 0 <= kind < len(ActionKind):
            object.__setattr__(self, "kind", ActionKind(int(kind)))
            return
        raise IllegalActionError(f"an action kind is one of {_KIND_CHOICES}, got {brief(kind)}")

    @staticmethod
    def fold() -> Action:
        """Give up the hand."""
        return _FOLD

    @staticmethod
    def check() -> Action:
        """Pass when there is nothing to call."""
        return _CHECK

    @staticmethod
    def call() -> Action:
        """Match the outstanding bet (or put in the whole stack if it is smaller)."""
        return _CALL

    @staticmethod
    def all_in() -> Action:
        """Put in every chip: a call, bet or raise depending on the state."""
        return _ALL_IN

    @staticmethod
    def raise_to(amount: int) -> Action:
        """Bet or raise so that this seat's street total becomes ``amount`` chips.

        Integral floats and numpy integers are converted; anything else raises.

        Raises:
            IllegalActionError: if ``amount`` is not a whole number of chips.
        """
        return Action(ActionKind.RAISE, _as_chips(amount))

    @staticmethod
    def bet(amount: int) -> Action:
        """Alias of :meth:`raise_to` that reads better when nobody has bet."""
        return Action(ActionKind.BET, _as_chips(amount))

    def __str__(self) -> str:
        """Short human-readable form, e.g. ``raise to 300``."""
        if self.kind in (ActionKind.BET, ActionKind.RAISE):
            amount = self.amount
            return f"{self.kind.name.lower()} to {amount if type(amount) is int else brief(amount)}"
        return self.kind.name.lower().replace("_", "-")


_KIND_CHOICES = ", ".join(f"ActionKind.{kind.name}" for kind in ActionKind) + f" (0..{len(ActionKind) - 1})"


def _as_chips(amount: object) -> int:
    if isinstance(amount, bool):
        raise IllegalActionError(f"a bet amount must be a whole number of chips, got {brief(amount)}")
    if isinstance(amount, int):
        return amount
    if isinstance(amount, float | np.floating) and float(amount).is_integer():
        return int(amount)
    if isinstance(amount, np.integer):
        return int(amount)
    raise IllegalActionError(f"a bet amount must be a whole number of chips, got {brief(amount)}")


_FOLD = Action(ActionKind.FOLD)
_CHECK = Action(ActionKind.CHECK)
_CALL = Action(ActionKind.CALL)
_ALL_IN = Action(ActionKind.ALL_IN)


class ActionRecord(NamedTuple):
    """An action as it happened, in the public history of a hand.

    A named tuple (cheap to create: the engine makes one per action).

    Attributes:
        street: the betting round.
        seat: who acted (0 or 1).
        kind: ``FOLD``, ``CHECK``, ``CALL``, ``BET`` or ``RAISE`` (never ``ALL_IN``).
        to: the seat's street total after the action.
        added: chips the action moved from the stack to the pot.
        all_in: whether the action left the seat with no chips.
    """

    street: Street
    seat: int
    kind: ActionKind
    to: int
    added: int
    all_in: bool

    @property
    def action(self) -> Action:
        """The action that replays this record (bets and raises to their street total).

        Example:
            >>> from pokergym.engine import HandState
            >>> state = HandState.new(deck=tuple(range(9)))
            >>> state.raise_to(250)
            >>> str(state.history[-1].action)
            'raise to 250'
        """
        return Action(self.kind, self.to) if self.kind in (ActionKind.BET, ActionKind.RAISE) else Action(self.kind)

    def __str__(self) -> str:
        """E.g. ``seat 0 raises to 300 (all-in)``."""
        verb = {
            ActionKind.FOLD: "folds",
            ActionKind.CHECK: "checks",
            ActionKind.CALL: f"calls {self.added}",
            ActionKind.BET: f"bets {self.to}",
            ActionKind.RAISE: f"raises to {self.to}",
        }[self.kind]
        return f"seat {self.seat} {verb}" + (" (all-in)" if self.all_in else "")


class LegalActions(NamedTuple):
    """What the seat to act may do (an immutable named tuple, cheap to build).

    Attributes:
        seat: the seat to act.
        can_fold: folding is legal (only when facing a bet).
        can_check: checking is legal (nothing to call).
        can_call: calling is legal (something to call).
        call_amount: chips a call adds (0 when checking is legal).
        can_raise: a bet or raise is legal.
        min_raise_to: the smallest legal bet/raise-to amount (0 if none).
        max_raise_to: the largest legal bet/raise-to amount, all-in (0 if none).
    """

    seat: int
    can_fold: bool
    can_check: bool
    can_call: bool
    call_amount: int
    can_raise: bool
    min_raise_to: int
    max_raise_to: int

    def passive_words(self, fold: str, check: str, call: str) -> list[str]:
        """The words given for folding, checking and calling, those that are legal, in that order.

        Example:
            >>> LegalActions(0, True, False, True, 50, True, 200, 20000).passive_words("f", "k", "c 50")
            ['f', 'c 50']
        """
        return [word for ok, word in ((self.can_fold, fold), (self.can_check, check), (self.can_call, call)) if ok]

    def describe(self) -> str:
        """List the legal actions in words, as used in error messages.

        Example:
            >>> LegalActions(0, True, False, True, 50, True, 200, 20000).describe()
            'fold, call 50, raise to 200..20000'
        """
        parts = self.passive_words("fold", "check", f"call {self.call_amount}")
        if self.can_raise:
            verb = "raise" if self.min_raise_to != self.max_raise_to else "all-in"
            span = (
                f"{self.min_raise_to}..{self.max_raise_to}"
                if self.min_raise_to != self.max_raise_to
                else f"{self.max_raise_to}"
            )
            parts.append(f"{verb} to {span}")
        return ", ".join(parts)
