"""The rules of one heads-up no-limit hold'em hand.

:class:`HandState` is the single rules engine behind every front end of
pokergym. It is a small mutable object with integer chips, kept lean because
environments, arenas and search agents step it millions of times.

Rules implemented (see ``tests/engine`` for a test of each):

* The button posts the small blind and acts first preflop; the other seat
  posts the big blind and acts first on the flop, turn and river. A seat
  whose stack is smaller than its blind posts what it has and is all-in.
* The minimum bet is one big blind; the minimum raise is the size of the last
  full bet or raise on the street (at least one big blind). A seat may always
  go all-in for less. A short all-in does not change the minimum raise. In
  heads-up play a short all-in can never reopen the betting, because the only
  other seat is then all-in: no seat may bet or raise when its opponent has
  no chips behind.
* The maximum raise-to is the seat's whole stack (the rulebook and ACPC
  answer). Chips the opponent does not match (it folds, or is all-in for
  less) go back to the bettor's stack when the street or hand ends and are
  counted in ``returned``; ``contributions`` then hold only matched chips.
* Folding is only legal when facing a bet; checking only when there is
  nothing to call.
* After an all-in that is called, the rest of the board is dealt and the hand
  goes to showdown. The pot is split on equal ranks; an odd chip (impossible
  heads-up once uncalled chips are returned, kept for safety) goes to the
  big blind. Payoffs always sum to zero.

Cards are dealt from a fixed 9-card deck order: the button's hole cards, the
big blind's hole cards, then the five board cards. :func:`deal_deck` draws
that order from a ``numpy.random.Generator``, the environments' dealer from a
key and a hand count (:mod:`pokergym.engine.dealer`); tests can inject any deck.

Example:
    >>> from pokergym.cards import parse_cards
    >>> state = HandState.new(deck=parse_cards("AsAhKsKh2c7d9hJsQd"), button=0)
    >>> state.actor, state.to_call, state.min_raise_to, state.max_raise_to
    (0, 50, 200, 20000)
    >>> state.raise_to(300); state.call()
    >>> state.street, state.actor
    (<Street.FLOP: 1>, 1)
    >>> state.check(); state.check(); state.check(); state.check(); state.check(); state.check()
    >>> state.terminal, state.payoffs
    (True, (300, -300))
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokergym.cards import format_cards, validate_cards
from pokergym.engine.actions import Action, ActionKind, ActionRecord, LegalActions, Street
from pokergym.engine.config import DEFAULT_CONFIG, GameConfig
from pokergym.engine.view import PlayerView, make_view
from pokergym.errors import CardError, ConfigError, HandOverError, IllegalActionError, OutOfTurnError, brief
from pokergym.evaluator import rank7

__all__ = ["DECK_SIZE", "HandState", "LegalActions", "deal_deck"]

DECK_SIZE = 9
"""Cards a hand uses: 2 + 2 hole cards and 5 board cards."""

_BOARD_COUNT = (0, 3, 4, 5)
_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_ALL_IN = ActionKind.ALL_IN
_PREFLOP = Street.PREFLOP
_RIVER = Street.RIVER
_STREETS = tuple(Street)


def deal_deck(rng: np.random.Generator) -> tuple[int, ...]:
    """Draw the 9 cards of a hand (button hole, big-blind hole, board) from ``rng``.

    Example:
        >>> deck = deal_deck(np.random.default_rng(0))
        >>> len(deck), len(set(deck))
        (9, 9)
    """
    return tuple(rng.permutation(52)[:DECK_SIZE].tolist())


class HandState:
    """One hand of heads-up no-limit hold'em, from the blinds to the payoffs.

    Create hands with :meth:`new`. Seats act through :meth:`apply` (or the
    shortcuts :meth:`fold`, :meth:`check`, :meth:`call`, :meth:`raise_to`,
    :meth:`all_in`); :meth:`can_apply` and :meth:`verify` test an action
    without taking it. :meth:`copy` is a cheap independent clone for search.

    Public attributes (read them, never assign them):
        config: the :class:`GameConfig`.
        button: the seat that posts the small blind.
        deck: the 9 cards of the hand (button hole, big-blind hole, board).
        street: the current :class:`Street` (the last one reached when over).
        stacks: chips behind for seats 0 and 1.
        bets: chips each seat has put in on the current street.
        contributions: chips each seat has put in during the whole hand.
        actor: the seat to act, or -1 when nobody acts (hand over).
        to_call: chips the actor must add to call (0 if it may check).
        can_raise: whether the actor may bet or raise.
        min_raise_to / max_raise_to: the actor's bet/raise-to bounds.
        history: the :class:`ActionRecord` list, oldest first.
        terminal: whether the hand is over.
        payoffs: chips won by each seat when over (sum zero), else ``None``.
        showdown: whether the hand ended at a showdown.
        returned: uncalled chips given back to each seat.
    """

    __slots__ = (
        "_acted",
        "_last_raise",
        "actor",
        "bets",
        "button",
        "can_raise",
        "config",
        "contributions",
        "deck",
        "history",
        "max_raise_to",
        "min_raise_to",
        "payoffs",
        "returned",
        "showdown",
        "stacks",
        "street",
        "terminal",
        "to_call",
    )

    config: GameConfig
    button: int
    deck: tuple[int, ...]
    street: Street
    stacks: list[int]
    bets: list[int]
    contributions: list[int]
    actor: int
    to_call: int
    can_raise: bool
    min_raise_to: int
    max_raise_to: int
    history: list[ActionRecord]
    terminal: bool
    payoffs: tuple[int, int] | None
    showdown: bool
    returned: list[int]
    _acted: list[bool]
    _last_raise: int

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(
        cls,
        config: GameConfig = DEFAULT_CONFIG,
        *,
        button: int = 0,
        deck: Sequence[int] | None = None,
        rng: np.random.Generator | None = None,
    ) -> HandState:
        """Start a hand: post the blinds and hand the turn to the first actor.

        Args:
            config: blinds and starting stacks.
            button: seat of the button (small blind), 0 or 1.
            deck: the 9 card codes to use (button hole, big-blind hole, board);
                validated. Give either ``deck`` or ``rng``.
            rng: generator used to shuffle when ``deck`` is not given.

        Raises:
            CardError: if the deck is malformed (not card codes in 0..51) or has repeated cards.
            ConfigError: if ``config`` is not a :class:`GameConfig`, ``button`` is not 0 or 1, or neither
                ``deck`` nor a numpy ``Generator`` as ``rng`` is given.
        """
        if not isinstance(config, GameConfig):
            raise ConfigError(f"config must be a GameConfig, got {config!r}")
        if type(button) is not int or button not in (0, 1):
            raise ConfigError(f"button must be seat 0 or 1, got {button!r}")
        if deck is None:
            if not isinstance(rng, np.random.Generator):
                raise ConfigError(f"give a deck or a numpy Generator to shuffle with, got rng={rng!r}")
            cards = deal_deck(rng)
        else:
            if isinstance(deck, str) or not all(
                isinstance(c, int | np.integer) and not isinstance(c, bool) for c in deck
            ):
                raise CardError(f"a deck is card codes (integers 0..51; parse_cards reads text), got {deck!r}")
            cards = tuple(int(c) for c in deck)
            if len(cards) != DECK_SIZE:
                raise CardError(f"a hand needs {DECK_SIZE} cards (2 + 2 hole, 5 board), got {len(cards)}")
            validate_cards(cards)
        return cls.start(config, button, cards)

    @classmethod
    def start(cls, config: GameConfig, button: int, deck: tuple[int, ...]) -> HandState:
        """Start a hand on a deck already known to be valid, skipping :meth:`new`'s checks.

        For dealers that only produce valid decks (9 distinct codes in 0..51,
        e.g. :class:`~pokergym.engine.dealer.Dealer`) and ``button`` 0 or 1;
        anything else gives a corrupt hand.

        Example:
            >>> HandState.start(DEFAULT_CONFIG, 1, tuple(range(9))).actor
            1
        """
        state = cls.__new__(cls)
        state.config = config
        state.button = button
        state.deck = deck
        state.street = _PREFLOP
        stacks = list(config.stacks)
        bets = [0, 0]
        big = 1 - button
        posted_small = min(config.small_blind, stacks[button])
        posted_big = min(config.big_blind, stacks[big])
        stacks[button] -= posted_small
        stacks[big] -= posted_big
        bets[button] = posted_small
        bets[big] = posted_big
        state.stacks = stacks
        state.bets = bets
        state.contributions = bets[:]
        state.history = []
        state.terminal = False
        state.payoffs = None
        state.showdown = False
        state.returned = [0, 0]
        state._acted = [False, False]
        state._last_raise = config.big_blind
        state.actor = -1
        state.to_call = 0
        state.can_raise = False
        state.min_raise_to = 0
        state.max_raise_to = 0
        if state._needs_to_act(button):
            state._begin_turn(button)
        elif state._needs_to_act(big):
            state._begin_turn(big)
        else:
            state._end_street()
        return state

    def copy(self) -> HandState:
        """Return an independent copy (for search); the history list is copied too.

        Example:
            >>> s = HandState.new(deck=tuple(range(9)))
            >>> t = s.copy(); t.fold()
            >>> s.terminal, t.terminal
            (False, True)
        """
        other = HandState.__new__(HandState)
        other.config = self.config
        other.button = self.button
        other.deck = self.deck
        other.street = self.street
        other.stacks = self.stacks[:]
        other.bets = self.bets[:]
        other.contributions = self.contributions[:]
        other.actor = self.actor
        other.to_call = self.to_call
        other.can_raise = self.can_raise
        other.min_raise_to = self.min_raise_to
        other.max_raise_to = self.max_raise_to
        other.history = self.history[:]
        other.terminal = self.terminal
        other.payoffs = self.payoffs
        other.showdown = self.showdown
        other.returned = self.returned[:]
        other._acted = self._acted[:]
        other._last_raise = self._last_raise
        return other

    __copy__ = copy

    # ------------------------------------------------------------- read-only
    @property
    def hole_cards(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """Hole cards of seat 0 and seat 1 (the deck holds them by position)."""
        d = self.deck
        button_cards = (d[0], d[1])
        big_cards = (d[2], d[3])
        return (button_cards, big_cards) if self.button == 0 else (big_cards, button_cards)

    def hole(self, seat: int) -> tuple[int, int]:
        """Hole cards of one seat."""
        d = self.deck
        return (d[0], d[1]) if seat == self.button else (d[2], d[3])

    @property
    def board(self) -> tuple[int, ...]:
        """Board cards visible on the current street (all five after a run-out)."""
        return self.deck[4 : 4 + _BOARD_COUNT[self.street]]

    @property
    def pot(self) -> int:
        """All chips put in so far, current street included."""
        c = self.contributions
        return c[0] + c[1]

    @property
    def big_blind_seat(self) -> int:
        """The seat that posted the big blind."""
        return 1 - self.button

    def view(self, seat: int) -> PlayerView:
        """The information set of ``seat`` (see :class:`~pokergym.engine.view.PlayerView`)."""
        return make_view(self, seat)

    def legal_actions(self) -> LegalActions:
        """The actor's legal actions and bet bounds.

        Raises:
            HandOverError: if the hand is over.
        """
        if self.terminal:
            raise HandOverError("the hand is over: nobody can act")
        facing = self.to_call > 0
        return LegalActions(
            self.actor, facing, not facing, facing, self.to_call, self.can_raise, self.min_raise_to, self.max_raise_to
        )

    # ------------------------------------------------------------ validation
    def can_apply(self, action: Action, seat: int | None = None) -> bool:
        """Whether ``action`` (by ``seat``, default the actor) is legal now."""
        try:
            self.verify(action, seat)
        except IllegalActionError:
            return False
        return True

    def verify(self, action: Action, seat: int | None = None) -> None:
        """Raise a typed error if ``action`` (by ``seat``, default the actor) is illegal.

        Raises:
            HandOverError: the hand is over.
            OutOfTurnError: ``seat`` is not the seat to act.
            IllegalActionError: ``action`` is not an :class:`Action`, or the
                action or its amount is not legal; the message lists what is.
        """
        if not isinstance(action, Action):
            raise IllegalActionError(
                f"expected an Action such as Action.call() or Action.raise_to(300), got {brief(action)}"
            )
        if self.terminal:
            raise HandOverError(f"the hand is over; cannot {action}")
        if seat is not None and not (isinstance(seat, int | np.integer) and seat == self.actor):
            raise OutOfTurnError(f"seat {brief(seat)} cannot act: it is seat {self.actor}'s turn")
        kind = action.kind
        if kind == _FOLD:
            if self.to_call == 0:
                self._illegal(action, "folding is only legal when facing a bet")
        elif kind == _CHECK:
            if self.to_call:
                self._illegal(action, f"there are {self.to_call} chips to call")
        elif kind == _CALL:
            if not self.to_call:
                self._illegal(action, "there is nothing to call")
        elif kind in (_BET, _RAISE):
            if not self.can_raise:
                self._illegal(action, "no bet or raise is possible")
            amount = action.amount
            if not isinstance(amount, int | np.integer) or isinstance(amount, bool):
                self._illegal(action, f"the amount must be a whole number of chips, got {brief(amount)}")
            if not self.min_raise_to <= amount <= self.max_raise_to:
                self._illegal(action, f"raise-to amount {amount} is outside {self.min_raise_to}..{self.max_raise_to}")
        elif kind == _ALL_IN:
            if not self.can_raise and not self.to_call:
                self._illegal(action, "no bet or raise is possible")
        else:
            self._illegal(action, f"unknown action kind {kind!r}")

    def _illegal(self, action: Action, why: str) -> None:
        raise IllegalActionError(
            f"illegal action '{action}' by seat {self.actor} on the {self.street.name.lower()}: {why}; "
            f"legal: {self.legal_actions().describe()}"
        )

    # ---------------------------------------------------------------- acting
    def apply(self, action: Action, seat: int | None = None) -> None:
        """Take ``action`` for the seat to act (checked first; see :meth:`verify`)."""
        self.verify(action, seat)
        kind = action.kind
        if kind == _FOLD:
            self._fold()
        elif kind == _CHECK:
            self._check()
        elif kind == _CALL:
            self._call()
        elif kind == _ALL_IN:
            self._all_in()
        else:
            self._raise(int(action.amount))

    def fold(self) -> None:
        """Fold (checked)."""
        if self.terminal or not self.to_call:
            self.verify(Action.fold())
        self._fold()

    def check(self) -> None:
        """Check (checked)."""
        if self.terminal or self.to_call:
            self.verify(Action.check())
        self._check()

    def call(self) -> None:
        """Call (checked)."""
        if self.terminal or not self.to_call:
            self.verify(Action.call())
        self._call()

    def check_or_call(self) -> None:
        """Check when free, else call."""
        if self.terminal:
            self.verify(Action.call())
        if self.to_call:
            self._call()
        else:
            self._check()

    def raise_to(self, amount: int) -> None:
        """Bet or raise to ``amount`` on this street (checked)."""
        if (
            self.terminal
            or not self.can_raise
            or type(amount) is not int
            or not self.min_raise_to <= amount <= self.max_raise_to
        ):
            self.verify(Action(_RAISE, amount))
        self._raise(int(amount))

    def all_in(self) -> None:
        """Put in the whole stack: a call for less, or a bet/raise (checked)."""
        if self.terminal or not (self.can_raise or self.to_call):
            self.verify(Action.all_in())
        self._all_in()

    # -------------------------------------------------------------- internals
    def _fold(self) -> None:
        seat = self.actor
        self.history.append(ActionRecord(self.street, seat, _FOLD, self.bets[seat], 0, False))
        winner = 1 - seat
        loss = self.contributions[seat]
        uncalled = self.contributions[winner] - loss  # the winner's bet nobody matched
        self.stacks[winner] += uncalled
        self.bets[winner] -= uncalled
        self.contributions[winner] -= uncalled
        self.returned[winner] += uncalled
        self._finish((loss, -loss) if winner == 0 else (-loss, loss), showdown=False)

    def _check(self) -> None:
        seat = self.actor
        self._acted[seat] = True
        self.history.append(ActionRecord(self.street, seat, _CHECK, self.bets[seat], 0, False))
        self._after_action(seat)

    def _call(self) -> None:
        seat = self.actor
        amount = self.to_call
        stacks = self.stacks
        stacks[seat] -= amount
        self.bets[seat] += amount
        self.contributions[seat] += amount
        self._acted[seat] = True
        self.history.append(ActionRecord(self.street, seat, _CALL, self.bets[seat], amount, stacks[seat] == 0))
        self._after_action(seat)

    def _all_in(self) -> None:
        if self.can_raise:
            self._raise(self.max_raise_to)
        else:
            self._call()

    def _raise(self, to: int) -> None:
        seat = self.actor
        other = 1 - seat
        bets = self.bets
        added = to - bets[seat]
        increment = to - bets[other]
        if increment >= self._last_raise:
            self._last_raise = increment
        kind = _BET if bets[other] == 0 else _RAISE
        self.stacks[seat] -= added
        bets[seat] = to
        self.contributions[seat] += added
        self._acted[seat] = True
        self._acted[other] = False
        self.history.append(ActionRecord(self.street, seat, kind, to, added, self.stacks[seat] == 0))
        self._after_action(seat)

    def _needs_to_act(self, seat: int) -> bool:
        other = 1 - seat
        if self.stacks[seat] == 0:
            return False
        if self.bets[seat] < self.bets[other]:
            return True
        return not self._acted[seat] and self.stacks[other] > 0

    def _begin_turn(self, seat: int) -> None:
        self.actor = seat
        other = 1 - seat
        bets = self.bets
        stack = self.stacks[seat]
        to_call = bets[other] - bets[seat]
        if to_call > stack:
            to_call = stack
        elif to_call < 0:
            to_call = 0
        self.to_call = to_call
        if stack > to_call and self.stacks[other] > 0:
            self.can_raise = True
            top = bets[seat] + stack
            low = bets[other] + self._last_raise
            self.max_raise_to = top
            self.min_raise_to = low if low < top else top
        else:
            self.can_raise = False
            self.min_raise_to = 0
            self.max_raise_to = 0

    def _after_action(self, seat: int) -> None:
        # Inlined _needs_to_act(other): this runs after every action.
        other = 1 - seat
        stacks = self.stacks
        if stacks[other] and (self.bets[other] < self.bets[seat] or (not self._acted[other] and stacks[seat])):
            self._begin_turn(other)
        else:
            self._end_street()

    def _end_street(self) -> None:
        bets = self.bets
        if bets[0] != bets[1]:  # the short side is all-in: give back what it cannot match
            high = 0 if bets[0] > bets[1] else 1
            excess = bets[high] - bets[1 - high]
            bets[high] -= excess
            self.stacks[high] += excess
            self.contributions[high] -= excess
            self.returned[high] += excess
        if self.street == _RIVER or self.stacks[0] == 0 or self.stacks[1] == 0:
            self.street = _RIVER
            self._showdown()
            return
        self.street = _STREETS[self.street + 1]
        bets[0] = bets[1] = 0
        self._acted[0] = self._acted[1] = False
        self._last_raise = self.config.big_blind
        self._begin_turn(1 - self.button)

    def _showdown(self) -> None:
        d = self.deck
        button_rank = rank7(d[0], d[1], d[4], d[5], d[6], d[7], d[8])
        big_rank = rank7(d[2], d[3], d[4], d[5], d[6], d[7], d[8])
        c = self.contributions
        button = self.button
        big = 1 - button
        won = [0, 0]
        pot = c[0] + c[1]
        if button_rank < big_rank:
            won[button] = pot
        elif big_rank < button_rank:
            won[big] = pot
        else:
            half = pot // 2
            won[button] = half
            won[big] = pot - half  # an odd chip goes to the big blind
        self._finish((won[0] - c[0], won[1] - c[1]), showdown=True)

    def _finish(self, payoffs: tuple[int, int], showdown: bool) -> None:
        self.terminal = True
        self.showdown = showdown
        self.payoffs = payoffs
        self.actor = -1
        self.to_call = 0
        self.can_raise = False
        self.min_raise_to = 0
        self.max_raise_to = 0

    def __repr__(self) -> str:
        """Compact description of the state."""
        status = f"payoffs={self.payoffs}" if self.terminal else f"actor={self.actor}"
        return (
            f"HandState(street={self.street.name}, button={self.button}, board={format_cards(self.board)!r}, "
            f"stacks={self.stacks}, bets={self.bets}, pot={self.pot}, {status})"
        )
